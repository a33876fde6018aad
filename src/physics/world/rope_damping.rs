//! A rope's internal damping: what lets a rope come to rest.
//!
//! A rope's links are rigid, energy-conserving joints (pendulums and rods
//! need that), so without help a rope swings and ripples for ever. Each
//! step, before the solver, the velocities of a rope's awake masses are
//! damped at the rope's rate γ (1/s, `RopeDef::damping`):
//!
//! - every mass's velocity decays as e^(−γ·dt): air drag, which is what
//!   stops the slow swing of the rope as a whole (it has almost no relative
//!   velocity between neighbours, so internal damping alone takes minutes);
//! - the relative velocity of every two neighbouring masses still joined by
//!   a link decays RELATIVE times faster, along and across the link (the
//!   ripples, and the whip of a free end): an implicit pair impulse, equal
//!   and opposite, so it keeps the rope's momentum and is stable at any γ
//!   and dt.
//!
//! Measured (`scenes/rope_rest.lua`, 24 segments, 0.5 kg, 60 Hz): at the
//! default γ = 0.8 a rope between two posts sleeps after 7.5 s and one
//! released from horizontal at one end after 12.6 s, still swinging
//! visibly for about 5 s; γ = 0.5 takes 11.2 s and 19.3 s.
//!
//! Cost: one pass over the rope's masses per step (no solver rows). γ = 0
//! skips the rope (the old energy-conserving behaviour).

use crate::physics::math::{Real, Vec2};
use crate::physics::world::body::{Body, BodyType};
use crate::physics::world::id::{Arena, BodyId};
use crate::physics::world::World;
use serde::{Deserialize, Serialize};

/// How much faster than the drag neighbours' relative velocity decays.
pub const RELATIVE: Real = 10.0;

/// A rope as the world keeps it: its masses in order (drawing, damping) and
/// its internal damping rate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "RopeRecordRepr")]
pub struct RopeRecord {
    pub bodies: Vec<BodyId>,
    /// γ, 1/s (see the module comment); 0: none.
    pub damping: Real,
    /// Where its long-range attachments hang from (`joints/long_range.rs`);
    /// `None`: a Hooke rope (it stretches by design), or a rope saved
    /// before they existed.
    pub reach: Option<RopeReach>,
}

/// An inextensible rope's ends for its long-range attachments: the bodies
/// it was pinned to with their anchors (body frame), and its link length.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RopeReach {
    pub a: Option<BodyId>,
    pub local_a: Vec2,
    pub b: Option<BodyId>,
    pub local_b: Vec2,
    pub rest: Real,
}

/// Snapshots written before ropes had damping keep a bare list of masses
/// (read back with no damping: the rope they saved had none).
#[derive(Deserialize)]
#[serde(untagged)]
enum RopeRecordRepr {
    Full {
        bodies: Vec<BodyId>,
        damping: Real,
        #[serde(default)]
        reach: Option<RopeReach>,
    },
    Bodies(Vec<BodyId>),
}

impl From<RopeRecordRepr> for RopeRecord {
    fn from(r: RopeRecordRepr) -> Self {
        match r {
            RopeRecordRepr::Full {
                bodies,
                damping,
                reach,
            } => RopeRecord {
                bodies,
                damping,
                reach,
            },
            RopeRecordRepr::Bodies(bodies) => RopeRecord {
                bodies,
                damping: 0.0,
                reach: None,
            },
        }
    }
}

impl World {
    /// Damp every rope's awake masses for a step of `dt` (see the module
    /// comment). Runs before the solver copies the bodies.
    pub(crate) fn damp_ropes(&mut self, dt: Real) {
        let World { joints, bodies, .. } = self;
        for rope in &joints.ropes {
            if rope.damping <= 0.0 {
                continue;
            }
            // Half the rate forwards, half backwards: no bias towards
            // either end.
            let relative = 1.0 - (-0.5 * RELATIVE * rope.damping * dt).exp();
            let pairs = rope.bodies.windows(2);
            for w in pairs.clone().chain(pairs.rev()) {
                let (a, b) = (w[0], w[1]);
                if !(moving(bodies, a) && moving(bodies, b) && joined(joints, a, b)) {
                    continue;
                }
                let (ia, ib) = (bodies.at(a.index).inv_mass, bodies.at(b.index).inv_mass);
                if ia + ib <= 0.0 {
                    continue;
                }
                let dv = bodies.at(b.index).linear_velocity - bodies.at(a.index).linear_velocity;
                let impulse: Vec2 = dv * (relative / (ia + ib));
                bodies.at_mut(a.index).linear_velocity += impulse * ia;
                bodies.at_mut(b.index).linear_velocity -= impulse * ib;
            }
            let drag = (-rope.damping * dt).exp();
            for &id in &rope.bodies {
                if moving(bodies, id) {
                    bodies.at_mut(id.index).linear_velocity *= drag;
                }
            }
        }
    }
}

/// Is this rope mass there, awake and dynamic?
fn moving(bodies: &Arena<Body>, id: BodyId) -> bool {
    bodies
        .get(id.index, id.generation)
        .is_some_and(|b| b.awake && b.body_type == BodyType::Dynamic)
}

/// Is a joint between `a` and `b` still there (a cut rope's halves are no
/// longer damped towards each other)?
pub(crate) fn joined(joints: &crate::physics::joints::JointStore, a: BodyId, b: BodyId) -> bool {
    joints.of_body(a.index).iter().any(|&j| {
        let jt = joints.arena.at(j);
        let other = if jt.body_a == a {
            jt.body_b
        } else {
            Some(jt.body_a)
        };
        other == Some(b)
    })
}

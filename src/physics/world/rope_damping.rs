//! A rope's internal damping: what lets a rope come to rest.
//!
//! A rope's links are rigid, energy-conserving joints (pendulums and rods
//! need that), so without help a rope swings and ripples for ever. Each
//! step, before the solver, the velocities of a rope's awake masses are
//! damped at the rope's rate γ (1/s, `RopeDef::damping`):
//!
//! - every mass's velocity relative to the rope's *frame* decays as
//!   e^(−γ·dt): what stops the slow swing of the rope as a whole (it has
//!   almost no relative velocity between neighbours, so the damping between
//!   them alone takes minutes). The frame is the velocity of the bodies the
//!   rope is pinned to, the static or kinematic ones first (a rope hanging
//!   from posts swings to rest under them; one tied to a cart, behind the
//!   cart), and for a rope, or a piece
//!   of a cut one, that hangs from nothing, its own mean velocity: that
//!   keeps its momentum, so a free rope falls and flies as any body does
//!   (drag towards zero velocity held a falling rope to 12 m/s);
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

use crate::physics::math::{cross_sv, Real, Vec2};
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
            // Piece by piece (a cut rope's pieces have frames of their own).
            let drag = (-rope.damping * dt).exp();
            let n = rope.bodies.len();
            let mut start = 0;
            while start < n {
                let mut end = start + 1;
                while end < n && joined(joints, rope.bodies[end - 1], rope.bodies[end]) {
                    end += 1;
                }
                let piece = &rope.bodies[start..end];
                let pins = rope.reach.as_ref().map(|r| {
                    let first = (start == 0).then_some((r.a, r.local_a));
                    let last = (end == n).then_some((r.b, r.local_b));
                    [first, last]
                });
                let frame = frame_velocity(bodies, piece, pins.unwrap_or_default());
                for &id in piece {
                    if moving(bodies, id) {
                        let v = &mut bodies.at_mut(id.index).linear_velocity;
                        *v = frame + (*v - frame) * drag;
                    }
                }
                start = end;
            }
        }
    }
}

/// The velocity a rope piece's drag pulls it towards: the mean of its pins'
/// anchor velocities (`pins`: the rope's end pins that this piece still
/// holds, with their anchors in the body's frame) — of the pins that do not
/// move with the rope (static or kinematic) when it has any, since a
/// weight swinging on the rope is part of the swing to be stopped (a
/// 20 kg load's links stretched 0.89 % instead of 0.62 % when the drag
/// followed the load too) — or without any pin, the piece's own mean
/// velocity.
fn frame_velocity(
    bodies: &Arena<Body>,
    piece: &[BodyId],
    pins: [Option<(Option<BodyId>, Vec2)>; 2],
) -> Vec2 {
    let mut pinned = [(Vec2::ZERO, 0.0); 2];
    for &(body, local) in pins.iter().flatten() {
        let Some(b) = body.and_then(|id| bodies.get(id.index, id.generation)) else {
            continue;
        };
        let r = b.xf.apply(local) - b.center;
        let v = b.linear_velocity + cross_sv(b.angular_velocity, r);
        let k = usize::from(b.body_type == BodyType::Dynamic);
        pinned[k].0 += v;
        pinned[k].1 += 1.0;
    }
    if let Some(&(sum, count)) = pinned.iter().find(|p| p.1 > 0.0) {
        return sum / count;
    }
    let (mut momentum, mut mass) = (Vec2::ZERO, 0.0);
    for &id in piece {
        if moving(bodies, id) {
            let b = bodies.at(id.index);
            momentum += b.linear_velocity * b.mass;
            mass += b.mass;
        }
    }
    if mass > 0.0 {
        momentum / mass
    } else {
        Vec2::ZERO
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

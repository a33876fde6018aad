//! Room `joints`: the joint kinds (one file each, opening with its C / Ċ / J
//! / K derivation), the joint store, and the joints' part of the soft step
//! (`solver.rs`, on the per-step `JointConstraint` of `constraint.rs`, in
//! the order of `visit_order.rs`).
//!
//! Joints are constraints between two bodies (or a body and the world),
//! solved with the contacts. The `World` methods that create, read and
//! destroy them are in `world/joints.rs` (ropes: `world/ropes.rs`).
//! A joint stores its anchors in the bodies' frames (given as world points at
//! creation), its parameters, and its accumulated impulses (warm start and
//! reaction force). Ids are generational like bodies'; a stale id is an
//! error value. Joints join their bodies into one island (they sleep and wake
//! together) and, unless `collide_connected`, stop the two bodies colliding.

pub(crate) mod constraint;
mod distance;
mod hinge;
pub(crate) mod long_range;
mod mouse;
mod slider;
pub(crate) mod solver;
mod spring;
pub(crate) mod visit_order;
mod weld;
mod wheel;

use super::math::{Real, Vec2};
use crate::physics::world::id::{Arena, BodyId, JointId};
use crate::physics::world::rope_damping::RopeRecord;
use serde::{Deserialize, Serialize};

pub use distance::DistanceParams;
pub use hinge::HingeParams;
pub use mouse::MouseParams;
pub use slider::SliderParams;
pub use spring::SpringParams;
pub use weld::WeldParams;
pub use wheel::WheelParams;

/// What kind of joint, with its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JointKind {
    Hinge(HingeParams),
    Distance(DistanceParams),
    Weld(WeldParams),
    Slider(SliderParams),
    Mouse(MouseParams),
    Spring(SpringParams),
    Wheel(WheelParams),
}

/// The kind's name, for messages, drawing and the Lua layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JointType {
    Hinge,
    Distance,
    Weld,
    Slider,
    Mouse,
    Spring,
    Wheel,
}

impl JointType {
    pub fn name(self) -> &'static str {
        match self {
            JointType::Hinge => "hinge",
            JointType::Distance => "distance",
            JointType::Weld => "weld",
            JointType::Slider => "slider",
            JointType::Mouse => "mouse",
            JointType::Spring => "spring",
            JointType::Wheel => "wheel",
        }
    }
}

impl JointKind {
    pub fn joint_type(&self) -> JointType {
        match self {
            JointKind::Hinge(_) => JointType::Hinge,
            JointKind::Distance(_) => JointType::Distance,
            JointKind::Weld(_) => JointType::Weld,
            JointKind::Slider(_) => JointType::Slider,
            JointKind::Mouse(_) => JointType::Mouse,
            JointKind::Spring(_) => JointType::Spring,
            JointKind::Wheel(_) => JointType::Wheel,
        }
    }
}

/// Everything needed to create a joint. Anchors are world points at creation.
#[derive(Clone, Debug, PartialEq)]
pub struct JointDef {
    pub kind: JointKind,
    pub body_a: BodyId,
    /// `None`: anchored to the world at `anchor_b`.
    pub body_b: Option<BodyId>,
    pub anchor_a: Vec2,
    pub anchor_b: Vec2,
    /// May the two bodies still collide with each other?
    pub collide_connected: bool,
    /// Force (N) above which the joint breaks; `None` = unbreakable.
    pub breaking_force: Option<Real>,
    pub user_data: u64,
}

impl JointDef {
    pub fn new(kind: JointKind, body_a: BodyId, body_b: Option<BodyId>, anchor: Vec2) -> JointDef {
        JointDef {
            kind,
            body_a,
            body_b,
            anchor_a: anchor,
            anchor_b: anchor,
            collide_connected: false,
            breaking_force: None,
            user_data: 0,
        }
    }
}

/// A joint. In declaration order (`repr(C)`): its bodies first, the one
/// line a step's first sweep over the joints reads of each
/// (`joints/solver.rs`, `prepare_joints`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[repr(C)]
pub struct Joint {
    pub body_a: BodyId,
    pub body_b: Option<BodyId>,
    pub breaking_force: Option<Real>,
    /// Anchor in A's frame (relative to its origin).
    pub local_a: Vec2,
    /// Anchor in B's frame, or the world point when there is no B.
    pub local_b: Vec2,
    pub collide_connected: bool,
    pub kind: JointKind,
    /// Accumulated impulses of the last substep (meaning per kind), for the
    /// warm start and the reaction force.
    pub impulses: [Real; constraint::STORED_IMPULSES],
    /// Force (N) and torque (N·m) the joint applied on B in the last step.
    pub reaction_force: Vec2,
    pub reaction_torque: Real,
    pub user_data: u64,
    /// A limited hinge's angle from its creation pose at the end of the
    /// last step, counting whole turns (0 for the other kinds): the pose
    /// only gives the angle modulo 2π, and limits past ±π (a winch's
    /// `{-1, 5}`) need to know which turn it is on. Older snapshots
    /// lack it: 0, the first turn.
    #[serde(default)]
    pub angle: Real,
}

impl Joint {
    pub fn joint_type(&self) -> JointType {
        self.kind.joint_type()
    }
}

/// Joints and, per body slot, the joints touching it (for collision
/// filtering, destruction and waking).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct JointStore {
    pub(crate) arena: Arena<Joint>,
    pub(crate) edges: Vec<Vec<u32>>,
    /// Each rope's masses (drawn as one line) and internal damping.
    pub(crate) ropes: Vec<RopeRecord>,
    /// Each slot's two body slots (`JointEnds`), all a step's first sweep
    /// over the joints reads of them (`prepare_joints`). Derived, so not
    /// saved: made again from the arena when out of step with it
    /// (`refresh_ends`).
    #[serde(skip)]
    ends: Vec<JointEnds>,
}

/// A joint slot's body slots: `b` is `JointEnds::NONE` for a joint to the
/// world, and `a` is it too for a free slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct JointEnds {
    pub a: u32,
    pub b: u32,
}

impl JointEnds {
    pub const NONE: u32 = u32::MAX;
    pub const FREE: JointEnds = JointEnds {
        a: Self::NONE,
        b: Self::NONE,
    };

    pub fn of(j: &Joint) -> JointEnds {
        JointEnds {
            a: j.body_a.index,
            b: j.body_b.map_or(Self::NONE, |b| b.index),
        }
    }

    pub fn is_free(self) -> bool {
        self.a == Self::NONE
    }

    /// B's body slot, if the joint has a B (not the world).
    pub fn body_b(self) -> Option<u32> {
        (self.b != Self::NONE).then_some(self.b)
    }
}

impl JointStore {
    /// Store a joint (its ends noted too); returns (index, generation).
    pub(crate) fn insert(&mut self, joint: Joint) -> (u32, u32) {
        let ends = JointEnds::of(&joint);
        let (index, generation) = self.arena.insert(joint);
        let i = index as usize;
        if i == self.ends.len() && i + 1 == self.arena.capacity() {
            // A new slot at the end (not a pass over the table per joint:
            // a grid of 19,800 would take 200 million).
            self.ends.push(ends);
        } else {
            self.refresh_ends();
            self.ends[i] = ends;
        }
        (index, generation)
    }

    /// Remove the joint at a live (index, generation).
    pub(crate) fn remove(&mut self, index: u32, generation: u32) -> Option<Joint> {
        let joint = self.arena.remove(index, generation)?;
        self.refresh_ends();
        self.ends[index as usize] = JointEnds::FREE;
        Some(joint)
    }

    /// Every slot's ends, in slot order. Only after `refresh_ends` (every
    /// step makes sure of it before it reads them).
    pub(crate) fn ends(&self) -> &[JointEnds] {
        debug_assert_eq!(self.ends.len(), self.arena.capacity(), "ends out of step");
        &self.ends
    }

    /// Make the ends again from the arena if they are not one per slot (a
    /// store read from a snapshot has none). Joints never change bodies,
    /// and `insert` and `remove` keep them, so a table of the right length
    /// is the arena's.
    pub(crate) fn refresh_ends(&mut self) {
        if self.ends.len() != self.arena.capacity() {
            self.ends.clear();
            self.ends.extend(
                self.arena
                    .slots
                    .iter()
                    .map(|s| s.value.as_ref().map_or(JointEnds::FREE, JointEnds::of)),
            );
        }
    }

    pub(crate) fn link(&mut self, body: u32, joint: u32) {
        let i = body as usize;
        if self.edges.len() <= i {
            self.edges.resize(i + 1, Vec::new());
        }
        self.edges[i].push(joint);
    }

    pub(crate) fn unlink(&mut self, body: u32, joint: u32) {
        if let Some(list) = self.edges.get_mut(body as usize) {
            list.retain(|&j| j != joint);
        }
    }

    /// Joint slot indices attached to a body slot.
    pub(crate) fn of_body(&self, body: u32) -> &[u32] {
        self.edges.get(body as usize).map_or(&[], |v| v.as_slice())
    }

    /// False when a joint between the two bodies forbids their collision.
    pub(crate) fn allows_collision(&self, a: u32, b: u32) -> bool {
        let (small, other) = if self.of_body(a).len() <= self.of_body(b).len() {
            (a, b)
        } else {
            (b, a)
        };
        self.of_body(small).iter().all(|&j| {
            let jt = self.arena.at(j);
            let partner = if jt.body_a.index == small {
                jt.body_b.map(|b| b.index)
            } else {
                Some(jt.body_a.index)
            };
            jt.collide_connected || partner != Some(other)
        })
    }
}

/// A joint broke (its reaction force exceeded `breaking_force`); the joint
/// is already destroyed when this is read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointBreak {
    pub joint: JointId,
    pub kind: JointType,
    pub body_a: BodyId,
    pub body_b: Option<BodyId>,
    pub force: Vec2,
    pub user_data: u64,
}

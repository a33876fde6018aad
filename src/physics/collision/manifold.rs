//! Contact manifolds: what the narrow phase produces for one shape pair and
//! the solver consumes. Feature ids let a point keep its accumulated impulses
//! from one step to the next (warm starting).

use crate::physics::math::{Real, Vec2};
use serde::{Deserialize, Serialize};

/// Feature key of a contact point: which vertex/edge of A and of B made it.
#[inline]
pub fn make_feature_id(a: usize, b: usize) -> u16 {
    (((a & 0xff) << 8) | (b & 0xff)) as u16
}

/// In declaration order (`repr(C)`): what preparing a constraint reads
/// comes first (anchors, separation, warm-start impulses and load: 60
/// bytes), so a contact's solver data spans as few cache lines as it can
/// (see `Contact::prepare_bytes`). The load once came last, after the
/// world point: a two-point contact's preparation then read a fifth line
/// for it, one its prefetch did not ask for (12 % of tumbler's contact
/// preparation samples waited there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[repr(C)]
pub struct ManifoldPoint {
    /// Contact point relative to body A's origin (the transform position given
    /// to the collide function), in world orientation. `Contact::update`
    /// moves it onto A's own surface (half the separation back along the
    /// normal) and rebases it onto A's centre of mass.
    pub anchor_a: Vec2,
    /// Same for body B.
    pub anchor_b: Vec2,
    /// Signed distance along the normal; negative when overlapping.
    pub separation: Real,
    /// Accumulated impulses of the last step (warm start), filled by the solver.
    pub normal_impulse: Real,
    pub tangent_impulse: Real,
    /// The impulse the point carries at rest, which decides how much of
    /// `normal_impulse` the next step is warm-started with
    /// (`solver/warm_load.rs`). Single precision: it fills the padding
    /// beside the feature key, and only shades the warm start.
    #[serde(default)]
    pub load: f32,
    /// Feature key, stable while the same features touch.
    pub id: u16,
    /// True when this point matched a point of the previous step.
    pub persisted: bool,
    /// Sum of all normal impulses applied during the step (events, restitution).
    pub total_normal_impulse: Real,
    /// Relative normal velocity before the step (negative = approaching).
    pub normal_velocity: Real,
    /// World contact point (midway between the two surfaces).
    pub point: Vec2,
}

/// Up to two contact points sharing one normal (pointing from A to B).
/// The count and normal first (`repr(C)`): a contact without points is
/// read no further.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[repr(C)]
pub struct Manifold {
    pub count: usize,
    pub normal: Vec2,
    pub points: [ManifoldPoint; 2],
}

impl Manifold {
    #[inline]
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.count]
    }
}

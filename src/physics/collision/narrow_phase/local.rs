//! The frame every narrow-phase routine works in: body A's local frame,
//! optionally shifted to a nearby origin. Working there (rather than in world
//! space) keeps the arithmetic small when bodies sit at huge coordinates, and
//! lets one conversion (`to_world`) own the anchor conventions of `Manifold`.

use crate::physics::collision::manifold::Manifold;
use crate::physics::math::{Real, Transform, Vec2};

/// One contact point in A's local frame.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LocalPoint {
    /// Midpoint between the two surfaces, relative to A's origin (A's axes).
    pub point: Vec2,
    pub separation: Real,
    pub id: u16,
}

/// A manifold in A's local frame; `normal` points from A to B.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct LocalManifold {
    pub normal: Vec2,
    pub points: [LocalPoint; 2],
    pub count: usize,
    /// With no points: a lower bound on the distance between the shapes'
    /// surfaces when a separating axis proved one (0 when not known).
    pub apart: Real,
}

impl LocalManifold {
    pub fn with_normal(normal: Vec2) -> LocalManifold {
        LocalManifold {
            normal,
            ..Default::default()
        }
    }

    /// Keep a point only if it lies within the speculative distance: farther
    /// points cannot matter this step and would only cost solver time. The
    /// comparison is written so that a NaN separation is dropped too.
    pub fn push(&mut self, point: Vec2, separation: Real, id: u16, speculative: Real) {
        if self.count < 2 && separation < speculative {
            self.points[self.count] = LocalPoint {
                point,
                separation,
                id,
            };
            self.count += 1;
        }
    }
}

/// Express a local manifold in the world conventions of `Manifold`.
/// `anchor_a` is only rotated (never offset by the huge `xf_a.p` and back), so
/// it keeps full precision far from the world origin.
/// Returns the local manifold's `apart` (see `narrow_phase::collide_into`).
pub(super) fn to_world_into(
    local: &LocalManifold,
    xf_a: Transform,
    xf_b: Transform,
    m: &mut Manifold,
) -> Real {
    m.normal = xf_a.q.rotate(local.normal);
    let count = local.count.min(2);
    m.count = count;
    let delta = xf_a.p - xf_b.p;
    // Field by field: a struct literal per point is built on the stack and
    // copied over.
    for (k, mp) in m.points.iter_mut().enumerate() {
        let lp = &local.points[k];
        let anchor_a = xf_a.q.rotate(lp.point);
        let live = k < count;
        mp.point = if live { xf_a.p + anchor_a } else { Vec2::ZERO };
        mp.anchor_a = if live { anchor_a } else { Vec2::ZERO };
        mp.anchor_b = if live { anchor_a + delta } else { Vec2::ZERO };
        mp.separation = if live { lp.separation } else { 0.0 };
        mp.id = if live { lp.id } else { 0 };
        mp.normal_impulse = 0.0;
        mp.tangent_impulse = 0.0;
        mp.total_normal_impulse = 0.0;
        mp.normal_velocity = 0.0;
        mp.persisted = false;
        mp.load = 0.0;
    }
    local.apart
}

/// Run a pair function that writes its manifold into place and return it.
#[cfg(test)]
pub(super) fn by_value(f: impl FnOnce(&mut Manifold)) -> Manifold {
    let mut m = Manifold::default();
    f(&mut m);
    m
}

/// Turn a manifold computed with the roles of A and B exchanged back into one
/// for the original order: the normal reverses, the anchors trade places and
/// each id's two feature bytes swap so ids always read (A feature, B feature).
pub(super) fn flip_in_place(m: &mut Manifold) {
    m.normal = -m.normal;
    let count = m.count.min(2);
    for p in &mut m.points[..count] {
        std::mem::swap(&mut p.anchor_a, &mut p.anchor_b);
        p.id = p.id.rotate_left(8);
    }
}

/// Unit vector of `v` with its length, or a fixed fallback direction when the
/// length is too small (coincident centres) or not finite. The fallback keeps
/// the solver working with a valid normal and is deterministic.
pub(super) fn normalize_or(v: Vec2, fallback: Vec2) -> (Vec2, Real) {
    let len = v.length();
    if len > Real::EPSILON * 16.0 && len.is_finite() {
        (v / len, len)
    } else {
        (fallback, if len.is_finite() { len } else { 0.0 })
    }
}

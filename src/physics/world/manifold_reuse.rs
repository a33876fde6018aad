//! Persistent manifolds: a contact whose two bodies have hardly moved
//! relative to each other since its manifold was computed keeps that
//! manifold — same points, ids and warm-start impulses — with each point
//! carried along by the bodies and its separation measured again, instead
//! of running the narrow phase. In a resting pile nearly every contact is
//! such a contact, and the polygon narrow phase (hulls, separating axes,
//! clipping) was a third of a box pile's step. Only pairs of polygons
//! and segments: a pair with a circle collides in about the time the test
//! takes, and a ball pit's rolling balls would seldom be kept.
//!
//! What it can miss is bounded: every point of one shape has moved, in the
//! other's frame, by less than `MANIFOLD_REUSE_DISTANCE` since the manifold
//! was computed (`ManifoldBasis::holds`). That is less than the
//! speculative distance, and the narrow phase keeps every feature within
//! that distance as a point, so no feature can come into contact unseen;
//! what can be off is a point whose feature has slid away (past a
//! ledge's end), by less than the bound. A pair without points is kept
//! only while it provably has none (`ManifoldBasis::gap`): no
//! approximation. Past the bound the narrow phase runs again and the basis
//! is taken anew (motion is measured from the basis, never from the last
//! reuse, so it cannot creep). Bounces, impacts and anything fast pass the
//! bound within a step (5 mm a step is 30 cm/s at 60 Hz) and get the full
//! narrow phase.
//!
//! The basis lives beside its contact (`World::bases`, same index; only
//! polygon pairs read it, so the loops over every contact do not stream
//! it) and in snapshots: a restored world reuses exactly what the original
//! would have, and stepping stays deterministic. It is stored relative to
//! the bodies' origins, not their centres of mass, so a body whose mass
//! properties change (a shape added) still gets the right anchors.

use crate::physics::collision::manifold::Manifold;
use crate::physics::geometry::shape::ShapeGeom;
use crate::physics::math::{Real, Transform, Vec2};
use crate::physics::settings::LINEAR_SLOP;
use crate::physics::world::body::Body;
use serde::{Deserialize, Serialize};

/// How far (m) any point of one body may have moved relative to the other
/// before the manifold is computed again: the slop, the depth the solver
/// lets any contact sink anyway, and a quarter of the speculative
/// distance (see the module docs). A tenth of the slop recomputed 12 % of
/// large_pyramid's contacts over the benchmark's run (the slop: 0.7 %)
/// and tumbler's 63 % (35 %); Box2D v3.2 keeps its manifolds to ten slops
/// and about 11° (`B2_CONTACT_RECYCLE_DISTANCE`).
pub const MANIFOLD_REUSE_DISTANCE: Real = LINEAR_SLOP;

/// Where a manifold was computed: B's frame in A's, and each point's
/// midpoint and separation, in A's frame; for a manifold without points,
/// how far apart the shapes were at least. `valid` is false for a contact
/// whose manifold has never been computed, or has no points and no known
/// distance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ManifoldBasis {
    pub valid: bool,
    /// B's body frame (origin and rotation) expressed in A's.
    pub relative: Transform,
    /// Without points: a lower bound on the distance between the shapes'
    /// surfaces (a separating axis's, from the narrow phase). While the
    /// bodies have moved less than this minus the speculative distance,
    /// the narrow phase would find no points either: every point it
    /// reports is at least as far apart as the shapes are.
    pub gap: Real,
    /// The largest distance of any point of shape A from A's origin, and
    /// of shape B from B's (how far a turn can carry a point).
    pub reach: [Real; 2],
    /// The normal, in A's frame.
    pub normal: Vec2,
    /// Each point's midpoint between the surfaces, in A's frame (from A's
    /// origin) and in B's (from B's origin): where each body carries it.
    pub on_a: [Vec2; 2],
    pub on_b: [Vec2; 2],
    pub separations: [Real; 2],
}

impl ManifoldBasis {
    /// The basis of a freshly computed manifold whose anchors are already
    /// on the bodies' surfaces, relative to their centres of mass (as
    /// `Contact::update` leaves them).
    /// `apart` is what the narrow phase knew of the distance when it
    /// found no points (`collide_into`); `reach` is `reach_of` the shapes.
    pub fn capture(
        m: &Manifold,
        apart: Real,
        reach: [Real; 2],
        ba: &Body,
        bb: &Body,
    ) -> ManifoldBasis {
        if m.count == 0 {
            // The margin covers round-off in the bound and in `moved`.
            let gap = apart - 1e-6;
            if gap.is_nan() || gap <= 0.0 {
                // Nothing to keep, but the reach stays known.
                return ManifoldBasis {
                    reach,
                    ..Default::default()
                };
            }
            return ManifoldBasis {
                valid: true,
                relative: ba.xf.inv_mul(bb.xf),
                gap,
                reach,
                ..Default::default()
            };
        }
        let q = ba.xf.q;
        let da = ba.center - ba.xf.p;
        let db = bb.center - bb.xf.p;
        let mut basis = ManifoldBasis {
            valid: true,
            relative: ba.xf.inv_mul(bb.xf),
            reach,
            normal: q.inv_rotate(m.normal),
            ..Default::default()
        };
        for (k, p) in m.points[..m.count.min(2)].iter().enumerate() {
            // Each surface point back to the midpoint, from its body's
            // origin, in its body's frame.
            let half_gap = 0.5 * p.separation * m.normal;
            basis.on_a[k] = q.inv_rotate(p.anchor_a + da + half_gap);
            basis.on_b[k] = bb.xf.q.inv_rotate(p.anchor_b + db - half_gap);
            basis.separations[k] = p.separation;
        }
        basis
    }

    /// The largest distance of any point of each shape from its body's
    /// origin (`reach`).
    pub fn reach_of(ga: &ShapeGeom, gb: &ShapeGeom) -> [Real; 2] {
        [ga.extent_from_origin(), gb.extent_from_origin()]
    }

    /// The reach this contact's shapes have, as the last capture found it
    /// (shapes never change their geometry), or `reach_of` them when no
    /// capture has yet. Measuring a box's four corners again at every
    /// capture was four fifths of it: about a twelfth of a tumbler's
    /// narrow phase.
    pub fn reach_for(&self, ga: &ShapeGeom, gb: &ShapeGeom) -> [Real; 2] {
        if self.reach[0] > 0.0 && self.reach[1] > 0.0 {
            self.reach
        } else {
            Self::reach_of(ga, gb)
        }
    }

    /// Can the manifold stay as it is — its points carried along by
    /// `apply` (with points), or still without points — now that the
    /// speculative distance is `speculative`? It can while the shapes have
    /// moved, relative to each other since the basis was taken, less than
    /// the reuse distance (with points) or the proven gap less the
    /// speculative distance (without). How far they have moved is bounded
    /// by the less of: how far any point of shape B has moved in A's frame
    /// (B's translation plus the chord its turn sweeps at the shape's
    /// reach from B's origin), and how far any point of shape A has moved
    /// in B's frame (so a box on a long floor is measured by the box,
    /// whichever of the two is A); every distance between a point of one
    /// and a point of the other has changed by less than that. Written so
    /// that NaN anywhere reads as "no".
    pub fn holds(&self, count: usize, speculative: Real, ba: &Body, bb: &Body) -> bool {
        if !self.valid {
            return false;
        }
        let limit = if count > 0 {
            MANIFOLD_REUSE_DISTANCE
        } else {
            self.gap - speculative
        };
        if limit.is_nan() || limit <= 0.0 {
            return false;
        }
        let now = ba.xf.inv_mul(bb.xf);
        let then = self.relative;
        let turn = then.q.inv_mul(now.q);
        let chord = ((turn.c - 1.0) * (turn.c - 1.0) + turn.s * turn.s).sqrt();
        if (now.p - then.p).length() + chord * self.reach[1] < limit {
            return true;
        }
        // A's origin in B's frame is -q⁻¹·p.
        let a_in_b = (then.q.inv_rotate(then.p) - now.q.inv_rotate(now.p)).length();
        a_in_b + chord * self.reach[0] < limit
    }

    /// Rewrite `m`'s points from the basis for the bodies' current poses:
    /// each point's A copy stays fixed in A and its B copy in B; the
    /// separation is the basis's plus how far the copies have come apart
    /// along the normal. Ids, count and warm-start impulses stay; the
    /// step's totals restart.
    pub fn apply(&self, m: &mut Manifold, ba: &Body, bb: &Body) {
        let (qa, qb) = (ba.xf.q, bb.xf.q);
        let normal = qa.rotate(self.normal);
        let da = ba.center - ba.xf.p;
        let db = bb.center - bb.xf.p;
        let delta = bb.xf.p - ba.xf.p;
        m.normal = normal;
        for (k, p) in m.points[..m.count.min(2)].iter_mut().enumerate() {
            // The two copies, from A's origin and from B's, world axes.
            let on_a = qa.rotate(self.on_a[k]);
            let on_b = qb.rotate(self.on_b[k]);
            let drift = on_b + delta - on_a;
            let separation = self.separations[k] + drift.dot(normal);
            let half_gap = 0.5 * separation * normal;
            p.anchor_a = on_a - da - half_gap;
            p.anchor_b = on_b - db + half_gap;
            p.point = ba.xf.p + on_a + 0.5 * drift;
            p.separation = separation;
            p.total_normal_impulse = 0.0;
            p.normal_velocity = 0.0;
            p.persisted = true;
        }
    }

    /// Every number finite (a restored snapshot's basis is checked).
    pub fn is_finite(&self) -> bool {
        let r = self.relative;
        [
            r.p.x,
            r.p.y,
            r.q.c,
            r.q.s,
            self.gap,
            self.normal.x,
            self.normal.y,
        ]
        .into_iter()
        .chain(self.reach)
        .chain(self.on_a.iter().chain(&self.on_b).flat_map(|p| [p.x, p.y]))
        .chain(self.separations)
        .all(Real::is_finite)
    }
}

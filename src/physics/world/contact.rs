//! Contacts: one record per pair of shapes whose fat bounding boxes overlap.
//! Each step the narrow phase refreshes the manifold; points that keep their
//! feature id keep last step's impulses (warm starting).

use crate::physics::collision::manifold::{Manifold, ManifoldPoint};
use crate::physics::collision::narrow_phase::{collide, collide_into};
use crate::physics::geometry::shape::ShapeGeom::Circle;
use crate::physics::math::{Real, Transform, Vec2};
use crate::physics::settings::{LINEAR_SLOP, MAX_SPECULATIVE_DISTANCE, SPECULATIVE_DISTANCE};
use crate::physics::world::body::{Body, BodyType, Shape};
use crate::physics::world::id::ShapeId;
use crate::physics::world::manifold_reuse::ManifoldBasis;
use serde::{Deserialize, Serialize};

/// In declaration order (`repr(C)`): what the narrow phase reads of every
/// contact each step comes first, in the first cache line and a half (a
/// pair out of reach touches nothing else); the material and the rounding
/// radii there too, so that with the manifold after them a contact's
/// solver data is three lines for one point and four for two
/// (`prepare_bytes`). Aligned to a cache line (its size is five), so that
/// those lines are the contact's own: an array of contacts from the
/// allocator starts 16 bytes into a line, which put every contact's front
/// across two lines. The manifold's basis for reuse is not here but beside
/// it (`World::bases`): only polygon pairs read it, and the loops over
/// every contact (narrow phase, prepare, store) would stream its 160 bytes
/// for nothing.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[repr(C, align(64))]
pub struct Contact {
    pub shape_a: ShapeId,
    pub shape_b: ShapeId,
    /// Body slot indices (bodies outlive their shapes' contacts).
    pub body_a: u32,
    pub body_b: u32,
    /// A sensor pair: overlap is tracked, nothing is solved.
    pub sensor: bool,
    /// Touching as far as events are concerned (begin/end, sensor inside).
    pub touching: bool,
    /// One of the shapes is a circle: the pair never keeps its manifold
    /// (see `update_in_reach`), so its basis (`World::bases`) is never read
    /// or asked for. Shapes never change kind; a restored snapshot's
    /// contacts get it from their shapes (`check_restored`).
    #[serde(skip)]
    pub(crate) round: bool,
    /// Mixed material: friction sqrt(fa·fb), restitution max(ea, eb).
    pub friction: Real,
    pub static_friction: Real,
    pub restitution: Real,
    /// The shapes' rounding radii (a circle's radius, a rounded polygon's
    /// corner radius): the part of a contact anchor that stays on the line
    /// of the normal instead of turning with its body (see
    /// `contact_solver::current_separation`).
    #[serde(default)]
    pub radius_a: Real,
    #[serde(default)]
    pub radius_b: Real,
    pub manifold: Manifold,
}

// The line counts above rely on the size staying five whole lines.
const _: () = assert!(std::mem::size_of::<Contact>() == 320);
// And what preparation reads of a second point (anchors to load) ends in
// the fourth line: the manifold starts at byte 72 and its points at 96.
const _: () = assert!(
    std::mem::offset_of!(Contact, manifold)
        + std::mem::offset_of!(Manifold, points)
        + std::mem::size_of::<ManifoldPoint>()
        + std::mem::offset_of!(ManifoldPoint, load)
        + 4
        <= 256
);

/// What `Contact::update` did (counted in `StepProfile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refresh {
    /// The narrow phase ran (or the sensor overlap test).
    Collided,
    /// The bodies had hardly moved: the manifold was kept, its points
    /// carried along (or it stayed empty, the shapes still apart).
    Kept,
    /// Two dynamic bodies out of each other's reach: no points, no narrow
    /// phase.
    OutOfReach,
}

/// Friction and restitution mixing rules (Box2D's, as LUA_API.md states).
#[inline]
pub fn mix_friction(a: Real, b: Real) -> Real {
    (a * b).sqrt()
}

#[inline]
pub fn mix_restitution(a: Real, b: Real) -> Real {
    a.max(b)
}

/// Can these two shapes ever produce a contact? (Sensors included.)
pub fn should_collide(sa: &Shape, sb: &Shape, ba: &Body, bb: &Body) -> bool {
    if sa.body == sb.body {
        return false;
    }
    if sa.group != 0 && sa.group == sb.group {
        return false;
    }
    if ba.ignores.contains(&Some(sb.body)) || bb.ignores.contains(&Some(sa.body)) {
        return false;
    }
    if sa.sensor && sb.sensor {
        return false;
    }
    let dynamic_involved = ba.body_type == BodyType::Dynamic || bb.body_type == BodyType::Dynamic;
    if sa.sensor || sb.sensor {
        // A sensor notices anything that moves.
        return ba.body_type != BodyType::Static || bb.body_type != BodyType::Static;
    }
    dynamic_involved
}

impl Contact {
    /// The bytes of a contact with `points` manifold points that preparing
    /// its constraint reads: up to the last point's warm-start impulses and
    /// load (three cache lines for one point, four for two). The rest of
    /// the points are not the solver's.
    pub fn prepare_bytes(points: u32) -> usize {
        Self::point_offset(points) + std::mem::offset_of!(ManifoldPoint, load) + 4
    }

    /// The bytes of a contact with `points` manifold points that storing
    /// the impulses back reads and writes: its manifold, up to the last
    /// point's approach speed (the line before, with the material, it
    /// never reads).
    pub fn store_span(points: u32) -> (usize, usize) {
        let end = Self::point_offset(points) + std::mem::offset_of!(ManifoldPoint, normal_velocity);
        (std::mem::offset_of!(Contact, manifold), end + 8)
    }

    /// Where the last of `points` manifold points starts.
    fn point_offset(points: u32) -> usize {
        use std::mem::{offset_of, size_of};
        let last = points.clamp(1, 2) as usize - 1;
        offset_of!(Contact, manifold)
            + offset_of!(Manifold, points)
            + last * size_of::<ManifoldPoint>()
    }

    pub fn new(
        shape_a: ShapeId,
        shape_b: ShapeId,
        sa: &Shape,
        sb: &Shape,
        body_a: u32,
        body_b: u32,
    ) -> Contact {
        Contact {
            shape_a,
            shape_b,
            body_a,
            body_b,
            manifold: Manifold::default(),
            friction: mix_friction(sa.friction, sb.friction),
            static_friction: mix_friction(sa.static_friction, sb.static_friction),
            restitution: mix_restitution(sa.restitution, sb.restitution),
            sensor: sa.sensor || sb.sensor,
            touching: false,
            round: Self::is_round(sa, sb),
            radius_a: sa.geom.rounding(),
            radius_b: sb.geom.rounding(),
        }
    }

    /// Is either shape a circle? (`round`)
    fn is_round(sa: &Shape, sb: &Shape) -> bool {
        matches!(sa.geom, Circle(_)) || matches!(sb.geom, Circle(_))
    }

    /// What the contact derives from its shapes and keeps out of
    /// snapshots (`round`), for a contact read back from one.
    pub(crate) fn derive_from_shapes(&mut self, sa: &Shape, sb: &Shape) {
        self.round = Self::is_round(sa, sb);
    }

    /// Recompute the manifold from the bodies' current transforms, carrying
    /// impulses over by feature id, or keep it while the bodies have hardly
    /// moved (`manifold_reuse.rs`) and `keep` allows it. `dt` sizes the
    /// speculative margin. `basis` is the contact's own (`World::bases`):
    /// only pairs without a circle read it.
    ///
    /// The test for a pair out of reach (most pairs of a moving pile) is
    /// inlined into the narrow phase's loop; the rest is a call of its own
    /// (`update_in_reach`), whose large frame only pairs within reach set up.
    #[inline(always)]
    pub fn update(
        &mut self,
        basis: &mut ManifoldBasis,
        shapes: (&Shape, &Shape),
        (ba, bb): (&Body, &Body),
        dt: Real,
        keep: bool,
    ) -> Refresh {
        let spec = if self.sensor {
            0.0
        } else {
            speculative_margin(ba, bb, dt)
        };
        if !self.sensor && out_of_reach(ba, bb, spec) {
            // Nothing within the speculative distance: what every pair
            // routine would find, without building the shapes' hulls.
            // Most such pairs were out of reach last step too, and writing
            // the defaults over themselves was a tenth of a tumbler's narrow
            // phase (an empty manifold's points are zero, only its normal
            // may be set).
            if self.manifold.count != 0 || self.manifold.normal != Vec2::ZERO {
                self.manifold = Manifold::default();
            }
            // The basis may stay: the manifold is now empty, and a basis
            // taken with points has no gap to keep it empty by.
            return Refresh::OutOfReach;
        }
        self.update_in_reach(basis, shapes, (ba, bb), spec, keep)
    }

    /// `update` for a sensor or a pair within reach (`spec`: the
    /// speculative distance).
    #[inline(never)]
    fn update_in_reach(
        &mut self,
        basis: &mut ManifoldBasis,
        (sa, sb): (&Shape, &Shape),
        (ba, bb): (&Body, &Body),
        spec: Real,
        keep: bool,
    ) -> Refresh {
        if self.sensor {
            // Sensors only care whether the shapes overlap.
            let m = collide(&sa.geom, ba.xf, &sb.geom, bb.xf, spec);
            let overlapping = m.points().iter().any(|p| p.separation < 0.0);
            self.manifold = Manifold::default();
            self.touching = overlapping;
            return Refresh::Collided;
        }
        // The material, mixed again every step a pair can have points (a
        // script may change a shape's friction); a pair out of reach has
        // none for it to act on, and is mixed once it comes within reach.
        self.friction = mix_friction(sa.friction, sb.friction);
        self.static_friction = mix_friction(sa.static_friction, sb.static_friction);
        self.restitution = mix_restitution(sa.restitution, sb.restitution);
        // A pair with a circle collides in about the time the reuse test
        // takes (and a ball pit's rolling balls would seldom be kept):
        // kept manifolds are for polygons and segments.
        let keep = keep && !self.round;
        if keep && basis.holds(self.manifold.count, spec, ba, bb) {
            if self.manifold.count > 0 {
                basis.apply(&mut self.manifold, ba, bb);
            }
            return Refresh::Kept;
        }
        // What warm starting needs of the old points; then the new manifold
        // is written in place (no copy of the whole manifold).
        let old: [(u16, Real, Real, f32); 2] = std::array::from_fn(|k| {
            let p = &self.manifold.points[k];
            (p.id, p.normal_impulse, p.tangent_impulse, p.load)
        });
        let old = &old[..self.manifold.count.min(2)];
        let apart = collide_into(&sa.geom, ba.xf, &sb.geom, bb.xf, spec, &mut self.manifold);
        let m = &mut self.manifold;
        rebase_anchors(m, ba.xf, ba, bb.xf, bb);
        for p in m.points[..m.count].iter_mut() {
            p.normal_impulse = 0.0;
            p.tangent_impulse = 0.0;
            p.persisted = false;
            if let Some(&(_, normal, tangent, load)) = old.iter().find(|q| q.0 == p.id) {
                p.normal_impulse = normal;
                p.tangent_impulse = tangent;
                p.load = load;
                p.persisted = true;
            }
        }
        if keep {
            let reach = basis.reach_for(&sa.geom, &sb.geom);
            *basis = ManifoldBasis::capture(m, apart, reach, ba, bb);
        } else if !self.round && basis.valid {
            // Reuse switched off. (A pair with a circle never has a basis,
            // and does not read its line: a ball pit's contacts.)
            *basis = ManifoldBasis::default();
        }
        Refresh::Collided
    }

    /// Does the manifold count as touching for events? Real contact (within
    /// the slop) or an impulse applied this step (a speculative hit).
    pub fn is_touching_now(&self) -> bool {
        self.manifold
            .points()
            .iter()
            .any(|p| p.separation < LINEAR_SLOP || p.total_normal_impulse > 0.0)
    }
}

/// Would `Contact::update` find a solid (not sensor) pair of these bodies
/// out of reach? Its first test, for the narrow phase's pass over contacts
/// it knows are blank (`contact_head.rs`).
#[inline(always)]
pub(crate) fn found_out_of_reach(ba: &Body, bb: &Body, dt: Real) -> bool {
    out_of_reach(ba, bb, speculative_margin(ba, bb, dt))
}

/// Are two dynamic bodies farther apart than their shapes can reach
/// (`max_extent` from each centre of mass) plus the speculative distance?
/// In a pile most pairs the broad phase reports are (its boxes are fat), and
/// this one test spares them the narrow phase. Other bodies (a floor's
/// extent is its whole length) go to the narrow phase as before.
fn out_of_reach(ba: &Body, bb: &Body, spec: Real) -> bool {
    if ba.body_type != BodyType::Dynamic || bb.body_type != BodyType::Dynamic {
        return false;
    }
    let reach = ba.max_extent + bb.max_extent + spec;
    (bb.center - ba.center).length_squared() > reach * reach
}

/// The speculative distance for a pair: a little for resting bodies, plus
/// what the pair can close in one step, so a falling body is caught exactly
/// at the surface (exact bounces) instead of sinking and being pushed out.
pub fn speculative_margin(ba: &Body, bb: &Body, dt: Real) -> Real {
    let rel = (bb.linear_velocity - ba.linear_velocity).length()
        + ba.angular_velocity.abs() * ba.max_extent
        + bb.angular_velocity.abs() * bb.max_extent;
    SPECULATIVE_DISTANCE + (rel * dt).min(MAX_SPECULATIVE_DISTANCE)
}

/// The collide functions give both anchors at the midpoint between the two
/// surfaces, relative to the body origins; the solver wants each body's own
/// surface point, relative to its centre of mass.
///
/// Why the surface point: the normal row does not care (moving an anchor
/// along the normal leaves r × n unchanged), but friction's lever arm does.
/// A speculative contact engages while a gap is still open; at the midpoint
/// of that gap a disc of radius R was twisted with the arm R + gap/2 (seed
/// 000's experiment at u = 4 m/s, 60 Hz, R = 1.5 m: spins 2.2 % off). On its
/// own surface the arm is R whatever the gap, as it is once the bodies
/// touch, and for a circle the anchor is exactly R·n, so the relative slip
/// speed the friction row sees is the one at the rims.
fn rebase_anchors(m: &mut Manifold, xf_a: Transform, ba: &Body, xf_b: Transform, bb: &Body) {
    let da = ba.center - xf_a.p;
    let db = bb.center - xf_b.p;
    let n = m.normal;
    for p in m.points[..m.count].iter_mut() {
        let half_gap = 0.5 * p.separation * n;
        p.anchor_a -= da + half_gap;
        p.anchor_b -= db - half_gap;
    }
}

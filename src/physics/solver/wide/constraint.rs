//! Bundles of eight contact constraints of one colour in single-precision
//! lanes (`WideConstraint`): filled from prepared scalar constraints, or
//! prepared straight into a lane, before the substeps; read back into scalar
//! form (bouncing contacts) or into the manifolds after them.
//!
//! The passes walk the bundles in order, so the hardware streams every line
//! of every bundle in, used or not: a bundle's size is the substeps'
//! traffic on a big pile. What only bouncing lanes use (impact energies,
//! the relative acceleration) is kept beside the bundles (`WideBounce`),
//! read only by bundles that have such a lane.

use crate::physics::collision::manifold::Manifold;
use crate::physics::math::{Real, Vec2};
use crate::physics::prefetch::prefetch_ref;
use crate::physics::solver::contact_constraint::{self as cs, ContactConstraint};
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_body::SolverBodyInfo;
use crate::physics::solver::warm_load::{next_load, warm_impulse};
use crate::physics::solver::wide::lanes::{Lane, Mask, LANES, V2, W};
use crate::physics::solver::wide::prepare::WideStart;

/// One point of eight constraints. In declaration order (`repr(C)`), two
/// lane fields to a cache line, paired by the passes that read them; six
/// lines.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct WidePoint {
    // Every pass: warm start, solve, relax.
    pub ra: V2,
    pub rb: V2,
    pub normal_impulse: W,
    pub total_normal_impulse: W,
    // Solve and relax.
    pub base_separation: W,
    pub normal_mass: W,
    // Warm start (the impulse) and relax.
    pub tangent_impulse: W,
    pub tangent_mass: W,
    // Relax (friction); in iterating bundles also the warm start and the
    // relax phase's first pass (the warm-start impulse; see
    // `contact_solver::warm_start` for why friction's needs no copy).
    // One-pass bundles keep the warm-start half in a register across their
    // solve pass instead (`wide::contact_solver::solve_impl`) and never
    // write `warm_normal`.
    pub friction: W,
    pub warm_normal: W,
}

impl WidePoint {
    /// Lane `i` from a prepared scalar point (all but the accumulators the
    /// solver books: total impulse and the warm-start half).
    #[inline(always)]
    fn set(&mut self, i: usize, cp: &cs::ConstraintPoint) {
        self.ra.x.0[i] = cp.anchor_a.x as Lane;
        self.ra.y.0[i] = cp.anchor_a.y as Lane;
        self.rb.x.0[i] = cp.anchor_b.x as Lane;
        self.rb.y.0[i] = cp.anchor_b.y as Lane;
        self.base_separation.0[i] = cp.base_separation as Lane;
        self.normal_impulse.0[i] = cp.normal_impulse as Lane;
        self.tangent_impulse.0[i] = cp.tangent_impulse as Lane;
        self.normal_mass.0[i] = cp.normal_mass as Lane;
        self.tangent_mass.0[i] = cp.tangent_mass as Lane;
        self.friction.0[i] = cp.friction as Lane;
    }
}

/// Up to eight constraints of one colour; unused lanes point at the static
/// dummy body with zero masses and never write anything. Laid out like
/// `WidePoint`: in declaration order, a cache line per pair of fields,
/// the pairs by the passes that read them; 22 lines.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub struct WideConstraint {
    // Every pass.
    pub a: [u32; LANES],
    pub b: [u32; LANES],
    pub n: V2,
    pub ma: W,
    pub ia: W,
    pub mb: W,
    pub ib: W,
    // Solve and relax.
    pub mass_scale: W,
    pub bias_rate: W,
    pub impulse_scale: W,
    /// The shapes' rounding radii (see `contact_solver::current_separation`).
    pub rim_a: W,
    pub rim_b: W,
    /// Lanes solved with the 2×2 block solver.
    pub block: Mask,
    /// Lanes with a second point.
    pub two: Mask,
    /// Lanes with restitution: only they record impact energy (into the
    /// bundle's `WideBounce`; the restitution pass reads it).
    pub bouncy: Mask,
    // Bundles with block-solved lanes.
    pub k11: W,
    pub k12: W,
    pub k22: W,
    // Iterating islands only.
    /// Share of last substep's load a contact carries rigidly (scalar
    /// `ContactConstraint::load_share`): 0.5 in iterating islands, else 0.
    pub load_share: W,
    pub points: [WidePoint; 2],
}

// Whole cache lines, as counted above.
const _: () = {
    assert!(std::mem::size_of::<WidePoint>() == 6 * 64);
    assert!(std::mem::size_of::<WideConstraint>() == 22 * 64);
};

/// What a bundle's bouncing lanes need besides (`WideConstraint::bouncy`),
/// one per bundle beside the bundles; the other lanes' values are never
/// read.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
pub struct WideBounce {
    /// Relative normal acceleration from gravity and forces (scalar
    /// `ContactConstraint::rel_accel`).
    pub rel_accel: W,
    /// Kinetic energy each point absorbed when it first stopped the
    /// approach (scalar `ConstraintPoint::impact_energy`).
    pub impact_energy: [W; 2],
}

impl WideBounce {
    /// Lane `i` from a prepared scalar constraint.
    pub fn set_lane(&mut self, i: usize, c: &ContactConstraint) {
        self.rel_accel.0[i] = c.rel_accel as Lane;
        for (e, cp) in self.impact_energy.iter_mut().zip(&c.points) {
            e.0[i] = cp.impact_energy as Lane;
        }
    }

    /// Lane `i`'s impact energies back into its scalar constraint.
    pub fn get_lane(&self, i: usize, c: &mut ContactConstraint) {
        let count = c.count;
        for (cp, e) in c.points[..count].iter_mut().zip(&self.impact_energy) {
            cp.impact_energy = e.0[i] as Real;
        }
    }
}

impl WideConstraint {
    /// Start a bundle with `lanes` lanes in use; the rest are padding (the
    /// static dummy, zero masses: they compute nothing and write nothing).
    pub fn reset(&mut self, lanes: usize) {
        for i in lanes..LANES {
            self.set_lane(i, &ContactConstraint::default());
        }
    }

    /// Copy a prepared scalar constraint into lane `i`.
    pub fn set_lane(&mut self, i: usize, c: &ContactConstraint) {
        let m = cs::PairMasses {
            ma: c.inv_mass_a,
            ia: c.inv_i_a,
            mb: c.inv_mass_b,
            ib: c.inv_i_b,
            rel_accel: c.rel_accel,
        };
        self.set_header(i, (c.a, c.b), c.normal, &m, c.softness, c.restitution);
        self.set_rims(i, (c.radius_a, c.radius_b));
        self.load_share.0[i] = c.load_share as Lane;
        let two = c.count == 2;
        self.set_block(i, two, (c.k11, c.k12, c.k22, c.block));
        // Both points: a one-point constraint's second is all zeros.
        for (wp, cp) in self.points.iter_mut().zip(&c.points) {
            wp.set(i, cp);
            wp.total_normal_impulse.0[i] = cp.total_normal_impulse as Lane;
            wp.warm_normal.0[i] = cp.warm_normal as Lane;
        }
    }

    /// Lane `i`'s bodies, normal, masses, softness and whether it bounces.
    #[inline(always)]
    fn set_header(
        &mut self,
        i: usize,
        (a, b): (u32, u32),
        normal: Vec2,
        m: &cs::PairMasses,
        softness: Softness,
        restitution: Real,
    ) {
        self.a[i] = a;
        self.b[i] = b;
        self.n.x.0[i] = normal.x as Lane;
        self.n.y.0[i] = normal.y as Lane;
        self.ma.0[i] = m.ma as Lane;
        self.ia.0[i] = m.ia as Lane;
        self.mb.0[i] = m.mb as Lane;
        self.ib.0[i] = m.ib as Lane;
        self.mass_scale.0[i] = softness.mass_scale as Lane;
        self.bias_rate.0[i] = softness.bias_rate as Lane;
        self.impulse_scale.0[i] = softness.impulse_scale as Lane;
        self.bouncy.set(i, restitution != 0.0);
    }

    /// Lane `i`'s rounding radii.
    #[inline(always)]
    fn set_rims(&mut self, i: usize, (rim_a, rim_b): (Real, Real)) {
        self.rim_a.0[i] = rim_a as Lane;
        self.rim_b.0[i] = rim_b as Lane;
    }

    /// Lane `i`'s point count and 2×2 block matrix `(k11, k12, k22,
    /// usable)`.
    #[inline(always)]
    fn set_block(&mut self, i: usize, two: bool, (k11, k12, k22, block): (Real, Real, Real, bool)) {
        self.two.set(i, two);
        self.k11.0[i] = k11 as Lane;
        self.k12.0[i] = k12 as Lane;
        self.k22.0[i] = k22 as Lane;
        self.block.set(i, two && block);
    }

    /// Prepare a contact straight into lane `i`, the part copied from the
    /// contact (what `set_lane` of a `contact_solver::prepare`d constraint
    /// gives, without the scalar constraint in between); the rest is
    /// computed eight lanes at a time once the bundle's lanes are all in
    /// (`prepare::finish_bundle`, which reads `start`'s static friction).
    ///
    /// `one_point_bundle`: every lane of this bundle is a one-point
    /// contact (`SolverScratch::one_point_bundles`). No pass then reads the
    /// second point or the block matrix (`contact_solver::points_used`, and
    /// `block` is clear), so they are left as they are: in a pile of balls
    /// that is 7 of the bundle's 22 cache lines each lane no longer writes
    /// (rain's bundles, 4.5 MB, are written in contact order, a line
    /// missed per field).
    #[inline(always)]
    pub fn prepare_lane(
        &mut self,
        start: &mut WideStart,
        i: usize,
        input: &cs::PrepareInput,
        one_point_bundle: bool,
        info: &[SolverBodyInfo],
    ) {
        let (a, b) = (input.a, input.b);
        let manifold = input.manifold;
        let normal = manifold.normal;
        let m = cs::pair_masses(info, a, b, normal);
        self.set_header(i, (a, b), normal, &m, input.softness, input.restitution);
        self.set_rims(i, input.radius);
        self.load_share.0[i] = cs::load_share(input.preserve_load) as Lane;
        start.static_friction.0[i] = input.static_friction as Lane;
        let two = manifold.count == 2;
        debug_assert!(
            !(two && one_point_bundle),
            "two points in a one-point bundle"
        );
        let ws = if input.warm_start { 1.0 } else { 0.0 };
        let used = if one_point_bundle { 1 } else { 2 };
        for (k, wp) in self.points[..used].iter_mut().enumerate() {
            match manifold.points().get(k) {
                Some(mp) => {
                    wp.ra.x.0[i] = mp.anchor_a.x as Lane;
                    wp.ra.y.0[i] = mp.anchor_a.y as Lane;
                    wp.rb.x.0[i] = mp.anchor_b.x as Lane;
                    wp.rb.y.0[i] = mp.anchor_b.y as Lane;
                    wp.base_separation.0[i] = mp.separation as Lane;
                    wp.normal_impulse.0[i] = (ws
                        * warm_impulse(mp.normal_impulse, mp.load, input.preserve_load))
                        as Lane;
                    wp.tangent_impulse.0[i] = (ws * mp.tangent_impulse) as Lane;
                    // Kinetic until the finish finds the point sticking.
                    wp.friction.0[i] = input.friction as Lane;
                }
                // A one-point constraint's second point is all zeros (the
                // finish leaves it so).
                None => wp.set(i, &cs::ConstraintPoint::ZERO),
            }
            // Nothing accumulated yet (warm_normal is set by the warm start
            // before anything reads it).
            wp.total_normal_impulse.0[i] = 0.0;
        }
        if one_point_bundle {
            self.two.set(i, false);
            self.block.set(i, false);
            return;
        }
        // The block matrix comes with the finish.
        self.set_block(i, two, (0.0, 0.0, 0.0, false));
    }

    /// Lane `i`'s accumulated impulses back into its scalar constraint.
    pub fn get_lane(&self, i: usize, c: &mut ContactConstraint) {
        let count = c.count;
        for (cp, wp) in c.points[..count].iter_mut().zip(&self.points) {
            cp.normal_impulse = wp.normal_impulse.0[i] as Real;
            cp.tangent_impulse = wp.tangent_impulse.0[i] as Real;
            cp.total_normal_impulse = wp.total_normal_impulse.0[i] as Real;
            cp.warm_normal = wp.warm_normal.0[i] as Real;
        }
    }

    /// Ask for the lines `store_lane` reads (the impulses), ahead of it.
    #[inline(always)]
    pub fn prefetch_impulses(&self) {
        for p in &self.points {
            prefetch_ref(&p.normal_impulse);
            prefetch_ref(&p.tangent_impulse);
        }
    }

    /// Lane `i`'s impulses into the contact's manifold (as
    /// `contact_solver::store_impulses` for a contact without restitution).
    pub fn store_lane(&self, i: usize, start: &WideStart, m: &mut Manifold, calm: bool) {
        let count = m.count;
        for (k, (mp, wp)) in m.points[..count].iter_mut().zip(&self.points).enumerate() {
            mp.normal_impulse = wp.normal_impulse.0[i] as Real;
            mp.tangent_impulse = wp.tangent_impulse.0[i] as Real;
            mp.total_normal_impulse = wp.total_normal_impulse.0[i] as Real;
            mp.normal_velocity = start.approach[k].0[i] as Real;
            mp.load = next_load(mp.load, mp.normal_impulse, calm);
        }
    }
}

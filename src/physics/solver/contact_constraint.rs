//! A contact constraint: what the solver keeps of one contact for a step —
//! anchors, effective masses, softness, accumulated impulses — and how it is
//! built from the contact's manifold and the bodies. The scalar solver
//! (`contact_solver.rs`) works on it directly; the wide one copies it into
//! its lanes (`wide/constraint.rs`).

use crate::physics::collision::manifold::Manifold;
use crate::physics::math::{cross, cross_sv, right_perp, Real, Vec2};
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};
use crate::physics::solver::warm_load::warm_impulse;

#[derive(Clone, Copy, Debug, Default)]
pub struct ConstraintPoint {
    pub anchor_a: Vec2,
    pub anchor_b: Vec2,
    /// Separation at the step start (`current_separation` adds the motion).
    pub base_separation: Real,
    pub start_separation: Real,
    pub normal_impulse: Real,
    pub tangent_impulse: Real,
    pub total_normal_impulse: Real,
    pub normal_mass: Real,
    pub tangent_mass: Real,
    /// Relative normal velocity at the step start (negative = approaching).
    pub relative_velocity: Real,
    /// Friction coefficient for this step: static when sticking, else dynamic.
    pub friction: Real,
    /// Impulses added by the restitution pass (its own friction budget).
    pub rest_normal: Real,
    pub rest_tangent: Real,
    /// Last substep's normal impulse, re-applied half before the solve
    /// phase and half before the relax phase (matching the split gravity
    /// kicks). Friction needs no copy (see `contact_solver::warm_start`).
    pub warm_normal: Real,
    /// Kinetic energy the contact absorbed when it first stopped the
    /// approach this step (½·m_eff·v_impact²); negative until then.
    pub impact_energy: Real,
    /// It engaged this step closing faster than `contact_solver::
    /// HIT_SPEED`: its impulse is an impact's, not a load to carry.
    pub hit: bool,
}

impl ConstraintPoint {
    pub const ZERO: ConstraintPoint = ConstraintPoint {
        anchor_a: Vec2::ZERO,
        anchor_b: Vec2::ZERO,
        base_separation: 0.0,
        start_separation: 0.0,
        normal_impulse: 0.0,
        tangent_impulse: 0.0,
        total_normal_impulse: 0.0,
        normal_mass: 0.0,
        tangent_mass: 0.0,
        relative_velocity: 0.0,
        friction: 0.0,
        rest_normal: 0.0,
        rest_tangent: 0.0,
        warm_normal: 0.0,
        impact_energy: 0.0,
        hit: false,
    };
}

#[derive(Clone, Copy, Debug, Default)]
pub struct ContactConstraint {
    pub a: u32,
    pub b: u32,
    pub normal: Vec2,
    pub restitution: Real,
    pub inv_mass_a: Real,
    pub inv_i_a: Real,
    pub inv_mass_b: Real,
    pub inv_i_b: Real,
    pub softness: Softness,
    pub count: usize,
    pub points: [ConstraintPoint; 2],
    /// Index of the contact this constraint came from.
    pub contact: u32,
    /// Relative normal acceleration from gravity and forces, n·(aB − aA).
    pub rel_accel: Real,
    /// Share of last substep's load the soft spring leaves alone in each
    /// phase: ½ in small islands that iterate to convergence, 0 (plain soft
    /// contact, Box2D's rule) in big ones — see `contact_solver::solve`.
    pub load_share: Real,
    /// The 2×2 normal mass matrix of a two-point manifold (anchors are fixed
    /// for the step, so it is built once); `block` is false when it is too
    /// ill-conditioned to invert and the points are solved one by one.
    pub k11: Real,
    pub k12: Real,
    pub k22: Real,
    pub block: bool,
    /// The shapes' rounding radii (see `contact_solver::current_separation`).
    pub radius_a: Real,
    pub radius_b: Real,
}

/// What a step's constraint takes from its contact, whichever solver (the
/// scalar one here, or a lane of the wide one) it goes to.
pub struct PrepareInput<'a> {
    pub manifold: &'a Manifold,
    /// The shapes' rounding radii (`Contact::radius_a`, `radius_b`).
    pub radius: (Real, Real),
    pub contact: u32,
    pub a: u32,
    pub b: u32,
    pub friction: Real,
    pub static_friction: Real,
    pub restitution: Real,
    pub softness: Softness,
    pub warm_start: bool,
    pub stick_speed: Real,
    pub preserve_load: bool,
}

/// The bodies' part of a constraint: inverse masses and the relative
/// normal acceleration n·(aB − aA).
#[derive(Clone, Copy)]
pub struct PairMasses {
    pub ma: Real,
    pub ia: Real,
    pub mb: Real,
    pub ib: Real,
    pub rel_accel: Real,
}

#[inline(always)]
pub fn pair_masses(info: &[SolverBodyInfo], a: u32, b: u32, normal: Vec2) -> PairMasses {
    let (info_a, info_b) = (&info[a as usize], &info[b as usize]);
    PairMasses {
        ma: info_a.inv_mass,
        ia: info_a.inv_i,
        mb: info_b.inv_mass,
        ib: info_b.inv_i,
        rel_accel: normal.dot(info_b.accel - info_a.accel),
    }
}

/// One manifold point made ready for the solver (accumulators at their
/// warm-start values, nothing else accumulated yet).
#[inline(always)]
fn prepare_point(
    mp: &crate::physics::collision::manifold::ManifoldPoint,
    input: &PrepareInput,
    m: &PairMasses,
    ba: &SolverBody,
    bb: &SolverBody,
) -> ConstraintPoint {
    let normal = input.manifold.normal;
    let tangent = right_perp(normal);
    let ra = mp.anchor_a;
    let rb = mp.anchor_b;
    let rna = cross(ra, normal);
    let rnb = cross(rb, normal);
    let kn = m.ma + m.mb + m.ia * rna * rna + m.ib * rnb * rnb;
    let rta = cross(ra, tangent);
    let rtb = cross(rb, tangent);
    let kt = m.ma + m.mb + m.ia * rta * rta + m.ib * rtb * rtb;
    let dv = bb.v + cross_sv(bb.w, rb) - ba.v - cross_sv(ba.w, ra);
    let ws = if input.warm_start { 1.0 } else { 0.0 };
    ConstraintPoint {
        anchor_a: ra,
        anchor_b: rb,
        base_separation: mp.separation,
        start_separation: mp.separation,
        impact_energy: -1.0,
        hit: false,
        normal_impulse: ws * warm_impulse(mp.normal_impulse, mp.load, input.preserve_load),
        tangent_impulse: ws * mp.tangent_impulse,
        normal_mass: if kn > 0.0 { 1.0 / kn } else { 0.0 },
        tangent_mass: if kt > 0.0 { 1.0 / kt } else { 0.0 },
        relative_velocity: normal.dot(dv),
        friction: if tangent.dot(dv).abs() < input.stick_speed {
            input.static_friction
        } else {
            input.friction
        },
        ..ConstraintPoint::ZERO
    }
}

/// The 2×2 normal mass matrix of a two-point manifold (anchors are fixed
/// for the step, so it is built once) and whether it is well enough
/// conditioned to solve as a block.
#[inline(always)]
fn block_matrix(
    p0: (Vec2, Vec2),
    p1: (Vec2, Vec2),
    n: Vec2,
    m: &PairMasses,
) -> (Real, Real, Real, bool) {
    let rn1a = cross(p0.0, n);
    let rn1b = cross(p0.1, n);
    let rn2a = cross(p1.0, n);
    let rn2b = cross(p1.1, n);
    let k11 = m.ma + m.mb + m.ia * rn1a * rn1a + m.ib * rn1b * rn1b;
    let k22 = m.ma + m.mb + m.ia * rn2a * rn2a + m.ib * rn2b * rn2b;
    let k12 = m.ma + m.mb + m.ia * rn1a * rn2a + m.ib * rn1b * rn2b;
    let det = k11 * k22 - k12 * k12;
    // Condition-number guard (as Box2D v2): nearly parallel rows are
    // solved one by one. Written so a NaN also takes that path.
    (k11, k12, k22, k11 * k11 < 1000.0 * det)
}

/// Build a constraint (in place) from a contact's manifold and the bodies'
/// state.
pub fn prepare(
    out: &mut ContactConstraint,
    input: &PrepareInput,
    bodies: &[SolverBody],
    info: &[SolverBodyInfo],
) {
    let (a, b) = (input.a, input.b);
    let manifold = input.manifold;
    let normal = manifold.normal;
    let m = pair_masses(info, a, b, normal);
    let (ba, bb) = (&bodies[a as usize], &bodies[b as usize]);
    // Field by field (a whole-struct literal compiles to a memset of the
    // points and a copy, measurable at tens of thousands of contacts).
    let c = out;
    c.a = a;
    c.b = b;
    c.normal = normal;
    c.restitution = input.restitution;
    c.inv_mass_a = m.ma;
    c.inv_i_a = m.ia;
    c.inv_mass_b = m.mb;
    c.inv_i_b = m.ib;
    c.softness = input.softness;
    c.count = manifold.count;
    c.contact = input.contact;
    c.rel_accel = m.rel_accel;
    c.load_share = load_share(input.preserve_load);
    c.k11 = 0.0;
    c.k12 = 0.0;
    c.k22 = 0.0;
    c.block = false;
    (c.radius_a, c.radius_b) = input.radius;
    if manifold.count < 2 {
        c.points[1] = ConstraintPoint::ZERO;
    }
    for (cp, mp) in c.points.iter_mut().zip(manifold.points()) {
        *cp = prepare_point(mp, input, &m, ba, bb);
    }
    if c.count == 2 {
        let (p0, p1) = (&c.points[0], &c.points[1]);
        (c.k11, c.k12, c.k22, c.block) = block_matrix(
            (p0.anchor_a, p0.anchor_b),
            (p1.anchor_a, p1.anchor_b),
            normal,
            &m,
        );
    }
}

/// The share of its last load a contact carries rigidly (see
/// `ContactConstraint::load_share`): half, in islands that iterate.
#[inline(always)]
pub fn load_share(preserve_load: bool) -> Real {
    if preserve_load {
        0.5
    } else {
        0.0
    }
}

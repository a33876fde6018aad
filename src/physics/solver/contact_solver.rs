//! Soft-step contact constraints (Box2D v3 style): per substep warm start,
//! solve with a soft bias, integrate positions, relax without bias; after the
//! substeps an exact restitution pass (with its own Coulomb friction).
//!
//! Non-penetration: C = s (separation) ≥ 0, Ċ = vn = (vB + ωB×rB − vA − ωA×rA)·n,
//! J = [−n, −rA×n, n, rB×n], K = mA + mB + iA (rA×n)² + iB (rB×n)².
//! Friction: Ċ = vt along t = right_perp(n), |λt| ≤ μ λn.

use crate::physics::collision::manifold::Manifold;
use crate::physics::math::{cross, cross_sv, right_perp, Real, Vec2};
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};

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
    /// Last substep's totals, re-applied half before the solve phase and
    /// half before the relax phase (matching the split gravity kicks).
    pub warm_normal: Real,
    pub warm_tangent: Real,
    /// Kinetic energy the contact absorbed when it first stopped the
    /// approach this step (½·m_eff·v_impact²); negative until then.
    pub impact_energy: Real,
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
        warm_tangent: 0.0,
        impact_energy: 0.0,
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
    /// contact, Box2D's rule) in big ones — see `solve`.
    pub load_share: Real,
    /// The 2×2 normal mass matrix of a two-point manifold (anchors are fixed
    /// for the step, so it is built once); `block` is false when it is too
    /// ill-conditioned to invert and the points are solved one by one.
    pub k11: Real,
    pub k12: Real,
    pub k22: Real,
    pub block: bool,
    /// The shapes' rounding radii (see `current_separation`).
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
pub fn prepare_point(
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
        normal_impulse: ws * mp.normal_impulse,
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
pub fn block_matrix(
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
    c.load_share = if input.preserve_load { 0.5 } else { 0.0 };
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

/// Apply half of last substep's impulses again (the solution rarely changes
/// much). Each substep gives gravity in two half kicks — before the solve
/// phase and before the relax phase — so the warm start is split the same
/// way and a resting stack stays in exact equilibrium. This is the first
/// half, which also starts the substep's accumulators; the second half is
/// the same velocity change, added per body by the second kick, and
/// `count_second_half` books it in the accumulators.
#[inline]
pub fn warm_start(c: &mut ContactConstraint, bodies: &mut [SolverBody]) {
    let (mut va, mut wa) = (bodies[c.a as usize].v, bodies[c.a as usize].w);
    let (mut vb, mut wb) = (bodies[c.b as usize].v, bodies[c.b as usize].w);
    let tangent = right_perp(c.normal);
    for cp in c.points[..c.count].iter_mut() {
        cp.warm_normal = cp.normal_impulse;
        cp.warm_tangent = cp.tangent_impulse;
        // Both halves of friction too: its first half holds a resting body
        // against the first gravity kick during the drift.
        let n_half = 0.5 * cp.warm_normal;
        let t_half = 0.5 * cp.warm_tangent;
        cp.normal_impulse = n_half;
        cp.tangent_impulse = t_half;
        let p = n_half * c.normal + t_half * tangent;
        cp.total_normal_impulse += n_half;
        wa -= c.inv_i_a * cross(cp.anchor_a, p);
        va -= c.inv_mass_a * p;
        wb += c.inv_i_b * cross(cp.anchor_b, p);
        vb += c.inv_mass_b * p;
    }
    store(bodies, c.a, va, wa);
    store(bodies, c.b, vb, wb);
}

/// The second half of the warm start in the accumulators (the bodies got it
/// from the second kick), before the relax phase solves the constraint.
#[inline]
pub fn count_second_half(c: &mut ContactConstraint) {
    for cp in c.points[..c.count].iter_mut() {
        let n_half = 0.5 * cp.warm_normal;
        cp.normal_impulse += n_half;
        cp.tangent_impulse += 0.5 * cp.warm_tangent;
        cp.total_normal_impulse += n_half;
    }
}

/// Velocity of B's anchor relative to A's anchor.
#[inline(always)]
fn relative_velocity(va: Vec2, wa: Real, vb: Vec2, wb: Real, ra: Vec2, rb: Vec2) -> Vec2 {
    vb + cross_sv(wb, rb) - va - cross_sv(wa, ra)
}

/// Apply impulse `p` at anchors `ra`, `rb`: −p to body A, +p to body B.
#[inline(always)]
fn apply_impulse(
    (ma, ia, mb, ib): (Real, Real, Real, Real),
    ra: Vec2,
    rb: Vec2,
    p: Vec2,
    (va, wa, vb, wb): (&mut Vec2, &mut Real, &mut Vec2, &mut Real),
) {
    *va -= ma * p;
    *wa -= ia * cross(ra, p);
    *vb += mb * p;
    *wb += ib * cross(rb, p);
}

#[inline(always)]
fn store(bodies: &mut [SolverBody], i: u32, v: Vec2, w: Real) {
    if i != 0 {
        let b = &mut bodies[i as usize];
        b.v = v;
        b.w = w;
    }
}

/// Current separation of a point from the bodies' motion during the step.
/// An anchor turns with its body, `(R(Δθ) − I)·r` — but for the rounded
/// part of a shape (a circle, a rounded corner) the contact point slides
/// round the rim instead of turning with it: only the core point (the
/// circle's centre, the corner's vertex) turns. Turning the whole anchor
/// gave a rolling ball a false gap of R(1 − cos Δθ) each substep: it sank
/// into the floor (2.7 mm with a steady −0.09 m/s of vertical speed for a
/// 0.3 m ball at 4.6 m/s, growing with the spin squared). Along the normal
/// the turn is (cos Δθ − 1)(r·n) + sin Δθ (r × n); the rim's share of r·n
/// (+radius for A, whose surface faces along n, −radius for B) is taken
/// out of the first term.
#[inline(always)]
fn current_separation(
    cp: &ConstraintPoint,
    n: Vec2,
    (rim_a, rim_b): (Real, Real),
    a: &SolverBody,
    b: &SolverBody,
) -> Real {
    let turn = |q: crate::physics::math::Rot, r: Vec2, rim: Real| {
        (q.c - 1.0) * (r.dot(n) - rim) + q.s * cross(r, n)
    };
    let turn_b = turn(b.dq, cp.anchor_b, -rim_b);
    let turn_a = turn(a.dq, cp.anchor_a, rim_a);
    cp.base_separation + (b.dp - a.dp).dot(n) + (turn_b - turn_a)
}

/// One Gauss–Seidel pass over the constraint. With `use_bias` the soft
/// push-out acts (solve phase); without it only velocities are fixed (relax
/// phase, which also solves friction). Returns the largest impulse change,
/// so small islands can iterate until converged.
#[inline]
pub fn solve(
    c: &mut ContactConstraint,
    bodies: &mut [SolverBody],
    inv_h: Real,
    push_speed: Real,
    use_bias: bool,
) -> Real {
    // Velocity offset back to the substep boundary: the solve phase runs after
    // the first half kick, the relax phase after the second (at the boundary).
    let kick_offset = if use_bias {
        0.5 * c.rel_accel / inv_h
    } else {
        0.0
    };
    let sa = bodies[c.a as usize];
    let sb = bodies[c.b as usize];
    let (mut va, mut wa, mut vb, mut wb) = (sa.v, sa.w, sb.v, sb.w);
    let masses = (c.inv_mass_a, c.inv_i_a, c.inv_mass_b, c.inv_i_b);
    let n = c.normal;
    let rims = (c.radius_a, c.radius_b);
    let soft = c.softness;
    let mut max_delta: Real = 0.0;
    let solved_as_block = c.block
        && solve_block(
            c,
            &sa,
            &sb,
            &mut va,
            &mut wa,
            &mut vb,
            &mut wb,
            inv_h,
            push_speed,
            use_bias,
            kick_offset,
            &mut max_delta,
        );
    for cp in c.points[..c.count].iter_mut() {
        if solved_as_block {
            break;
        }
        let s = current_separation(cp, n, rims, &sa, &sb);
        let (bias, mass_scale, impulse_scale) = if s > 0.0 {
            // Speculative: allow closing exactly the gap this substep.
            (s * inv_h, 1.0, 0.0)
        } else if use_bias {
            (
                (soft.mass_scale * soft.bias_rate * s).max(-push_speed),
                soft.mass_scale,
                soft.impulse_scale,
            )
        } else {
            (0.0, 1.0, 0.0)
        };
        let ra = cp.anchor_a;
        let rb = cp.anchor_b;
        let dv = relative_velocity(va, wa, vb, wb, ra, rb);
        let vn = dv.dot(n);
        // The soft spring acts on the change from the load the contact
        // carried last substep (half of it is applied before this phase), not
        // on the whole impulse: a plain soft contact is a spring of stiffness
        // m_eff·ω² and sags by (load/m_eff)/ω² under a pile — 3 cm at the
        // bottom of a 50-plate column, 28 cm for 5000 kg on 5 kg. This way a
        // resting pile carries any load with no steady penetration, while
        // changes are still absorbed softly (the stability of the soft step).
        // Only where the island iterates to convergence: with one pass per
        // phase the solution is far from converged in a tall pile, and a
        // spring that is rigid for the load overshoots — a 100-row pyramid
        // creeps apart (bodies at 30 m/s after 10 s) where the plain soft
        // contact sags a few centimetres and stands.
        let carried = c.load_share * cp.warm_normal;
        let impulse = -cp.normal_mass * (mass_scale * vn + bias)
            - impulse_scale * (cp.normal_impulse - carried);
        let new_impulse = (cp.normal_impulse + impulse).max(0.0);
        if cp.impact_energy < 0.0 && new_impulse > 0.0 && vn < 0.0 {
            record_impact(cp, vn - kick_offset, s, c.rel_accel);
        }
        let applied = new_impulse - cp.normal_impulse;
        cp.normal_impulse = new_impulse;
        cp.total_normal_impulse += applied;
        max_delta = max_delta.max(applied.abs());
        apply_impulse(
            masses,
            ra,
            rb,
            applied * n,
            (&mut va, &mut wa, &mut vb, &mut wb),
        );
    }
    if !use_bias {
        let t = right_perp(n);
        for cp in c.points[..c.count].iter_mut() {
            let ra = cp.anchor_a;
            let rb = cp.anchor_b;
            let dv = relative_velocity(va, wa, vb, wb, ra, rb);
            let vt = dv.dot(t);
            let impulse = -cp.tangent_mass * vt;
            let max_f = cp.friction * cp.normal_impulse;
            let new_impulse = (cp.tangent_impulse + impulse).clamp(-max_f, max_f);
            let applied = new_impulse - cp.tangent_impulse;
            cp.tangent_impulse = new_impulse;
            max_delta = max_delta.max(applied.abs());
            apply_impulse(
                masses,
                ra,
                rb,
                applied * t,
                (&mut va, &mut wa, &mut vb, &mut wb),
            );
        }
    }
    store(bodies, c.a, va, wa);
    store(bodies, c.b, vb, wb);
    max_delta
}

/// Per-point bias terms of the normal constraint: (bias, mass scale, impulse
/// scale). Speculative when apart, soft push-out when overlapping (solve
/// phase), plain velocity constraint otherwise (relax phase).
#[inline(always)]
fn normal_terms(
    s: Real,
    soft: Softness,
    inv_h: Real,
    push_speed: Real,
    use_bias: bool,
) -> (Real, Real, Real) {
    if s > 0.0 {
        (s * inv_h, 1.0, 0.0)
    } else if use_bias {
        (
            (soft.mass_scale * soft.bias_rate * s).max(-push_speed),
            soft.mass_scale,
            soft.impulse_scale,
        )
    } else {
        (0.0, 1.0, 0.0)
    }
}

/// Solve both normal impulses of a two-point manifold together (a 2×2
/// linear complementarity problem, enumerating the four active sets). Two
/// points far apart — a wide plate on another — are strongly coupled through
/// rotation; solving them one after the other rocks the pile. Returns false
/// (and changes nothing) when no active set fits (numerical corner cases).
#[allow(clippy::too_many_arguments)]
#[inline]
fn solve_block(
    c: &mut ContactConstraint,
    sa: &SolverBody,
    sb: &SolverBody,
    va: &mut Vec2,
    wa: &mut Real,
    vb: &mut Vec2,
    wb: &mut Real,
    inv_h: Real,
    push_speed: Real,
    use_bias: bool,
    kick_offset: Real,
    max_delta: &mut Real,
) -> bool {
    let n = c.normal;
    let rims = (c.radius_a, c.radius_b);
    let (ma, ia, mb, ib) = (c.inv_mass_a, c.inv_i_a, c.inv_mass_b, c.inv_i_b);
    let (p0, p1) = (c.points[0], c.points[1]);
    let (k11, k12, k22) = (c.k11, c.k12, c.k22);
    let det = k11 * k22 - k12 * k12;
    let s1 = current_separation(&p0, n, rims, sa, sb);
    let s2 = current_separation(&p1, n, rims, sa, sb);
    let (b1, ms1, is1) = normal_terms(s1, c.softness, inv_h, push_speed, use_bias);
    let (b2, ms2, is2) = normal_terms(s2, c.softness, inv_h, push_speed, use_bias);
    let vn = |p: &ConstraintPoint, va: Vec2, wa: Real, vb: Vec2, wb: Real| {
        (vb + cross_sv(wb, p.anchor_b) - va - cross_sv(wa, p.anchor_a)).dot(n)
    };
    let vn1 = vn(&p0, *va, *wa, *vb, *wb);
    let vn2 = vn(&p1, *va, *wa, *vb, *wb);
    let (l1, l2) = (p0.normal_impulse, p1.normal_impulse);
    let (c1, c2) = (c.load_share * p0.warm_normal, c.load_share * p1.warm_normal);
    // Wanted: K·λ' = r, with r from the soft update rule of each row.
    let kl1 = k11 * l1 + k12 * l2;
    let kl2 = k12 * l1 + k22 * l2;
    let kd1 = k11 * (l1 - c1) + k12 * (l2 - c2);
    let kd2 = k12 * (l1 - c1) + k22 * (l2 - c2);
    let r1 = kl1 - ms1 * vn1 - b1 - is1 * kd1;
    let r2 = kl2 - ms2 * vn2 - b2 - is2 * kd2;
    let inv_det = 1.0 / det;
    let both = (
        (k22 * r1 - k12 * r2) * inv_det,
        (k11 * r2 - k12 * r1) * inv_det,
    );
    let (x1, x2) = if both.0 >= 0.0 && both.1 >= 0.0 {
        both
    } else if r1 / k11 >= 0.0 && k12 * (r1 / k11) - r2 >= 0.0 {
        (r1 / k11, 0.0)
    } else if r2 / k22 >= 0.0 && k12 * (r2 / k22) - r1 >= 0.0 {
        (0.0, r2 / k22)
    } else if r1 <= 0.0 && r2 <= 0.0 {
        (0.0, 0.0)
    } else {
        return false;
    };
    let (d1, d2) = (x1 - l1, x2 - l2);
    for (cp, (new, d, v, s)) in c
        .points
        .iter_mut()
        .zip([(x1, d1, vn1, s1), (x2, d2, vn2, s2)])
    {
        if cp.impact_energy < 0.0 && new > 0.0 && v < 0.0 {
            record_impact(cp, v - kick_offset, s, c.rel_accel);
        }
        cp.normal_impulse = new;
        cp.total_normal_impulse += d;
        *max_delta = max_delta.max(d.abs());
    }
    let p1v = d1 * n;
    let p2v = d2 * n;
    *va -= ma * (p1v + p2v);
    *wa -= ia * (cross(p0.anchor_a, p1v) + cross(p1.anchor_a, p2v));
    *vb += mb * (p1v + p2v);
    *wb += ib * (cross(p0.anchor_b, p1v) + cross(p1.anchor_b, p2v));
    true
}

/// Remember how hard the contact hit when it first engaged this step.
///
/// Free flight is exact for constant acceleration (kick–drift–kick), so at the
/// start of this substep the point was at separation `s` closing at
/// `v_start` under relative acceleration `a` (gravity): it reached s = 0 at
/// speed √(v_start² − 2·a·s). That is the impact speed, measured within one
/// substep of the hit rather than at the start of the step (a spinning
/// corner's approach speed changes a lot over a step).
#[inline]
fn record_impact(cp: &mut ConstraintPoint, v_start: Real, s: Real, a: Real) {
    let vi_sq = v_start * v_start - 2.0 * a * s.max(0.0);
    cp.impact_energy = 0.5 * cp.normal_mass * vi_sq.max(0.0);
}

/// The bounce for one point: the relative normal velocity that gives back e²
/// of the energy the impact absorbed.
///
/// A frictionless impulse J along n changes kinetic energy by
/// ΔK = (m_eff/2)(vn'² − vn²), so restoring ΔK = e²·K_absorbed, corrected
/// for where the point ended the step (a hair inside, or — when the
/// speculative contact caught it just before the surface — a little above:
/// m_eff·a·s_end) means vn' = √(vn² + 2ΔK/m_eff). For a ball this is vn' = e·v_impact and
/// apexes follow e² exactly; a perfect bounce neither gains nor loses energy
/// however the impact falls within the step.
#[inline]
pub fn restitution_target(
    e: Real,
    impact_energy: Real,
    vn: Real,
    s_end: Real,
    a: Real,
    normal_mass: Real,
) -> Real {
    if normal_mass <= 0.0 {
        return vn;
    }
    let gain = e * e * impact_energy + normal_mass * a * s_end;
    (vn * vn + 2.0 * gain / normal_mass).max(0.0).sqrt()
}

/// Restitution pass after the substeps. Returns true if anything changed.
pub fn apply_restitution(c: &mut ContactConstraint, bodies: &mut [SolverBody], threshold: Real) {
    if c.restitution == 0.0 {
        return;
    }
    let sa = bodies[c.a as usize];
    let sb = bodies[c.b as usize];
    let (mut va, mut wa, mut vb, mut wb) = (sa.v, sa.w, sb.v, sb.w);
    let masses = (c.inv_mass_a, c.inv_i_a, c.inv_mass_b, c.inv_i_b);
    let n = c.normal;
    let rims = (c.radius_a, c.radius_b);
    let t = right_perp(n);
    let e = c.restitution;
    // No impulse means no collision (a speculative point that never hit);
    // slow impacts (resting contact) do not bounce; nor does a pair that
    // was not approaching when the step began: it was only pushed together
    // by this step's other contacts (a ball struck inside a row). Its own
    // bounce comes next step, from its own approach; bouncing it now as
    // well gives a chain's energy back several times over.
    let bounces = |cp: &ConstraintPoint| {
        let impact_speed_sq =
            2.0 * cp.impact_energy * (1.0 / cp.normal_mass.max(Real::MIN_POSITIVE));
        !(cp.total_normal_impulse == 0.0
            || cp.impact_energy < 0.0
            || impact_speed_sq <= threshold * threshold
            || cp.relative_velocity >= 0.0)
    };
    let target = |cp: &ConstraintPoint| {
        let s_end = current_separation(cp, n, rims, &sa, &sb);
        restitution_target(e, cp.impact_energy, 0.0, s_end, c.rel_accel, cp.normal_mass)
    };
    let normal_speed = |cp: &ConstraintPoint, (va, wa, vb, wb): (Vec2, Real, Vec2, Real)| {
        relative_velocity(va, wa, vb, wb, cp.anchor_a, cp.anchor_b).dot(n)
    };
    // Both points of a manifold bouncing at once (a box landing nearly
    // flat): their targets are met together, through the 2×2 block. One
    // after the other, the second point's impulse turns the body and
    // undoes part of the first's, and the box came off faster than it
    // landed (up to +35 % of its energy in one bounce, measured).
    let bouncing = [bounces(&c.points[0]), c.count == 2 && bounces(&c.points[1])];
    let mut normal_done = false;
    if c.count == 2 && c.block && bouncing[0] && bouncing[1] {
        let (p0, p1) = (c.points[0], c.points[1]);
        let vel = (va, wa, vb, wb);
        // Each point's impact speed from where it started the step: free
        // flight keeps vn² − 2a·s, so v_impact² = vn0² − 2a·s0 — the same
        // moment for both points, whichever the solver met first (the
        // speeds it records on the way depend on that order).
        let a = c.rel_accel;
        let block_target = |cp: &ConstraintPoint| {
            let s_end = current_separation(cp, n, rims, &sa, &sb);
            let v_impact_sq = (cp.relative_velocity * cp.relative_velocity
                - 2.0 * a * cp.start_separation)
                .max(0.0);
            (e * e * v_impact_sq + 2.0 * a * s_end).max(0.0).sqrt()
        };
        let r0 = block_target(&p0) - normal_speed(&p0, vel);
        let r1 = block_target(&p1) - normal_speed(&p1, vel);
        let det = c.k11 * c.k22 - c.k12 * c.k12;
        let d0 = (c.k22 * r0 - c.k12 * r1) / det;
        let d1 = (c.k11 * r1 - c.k12 * r0) / det;
        if p0.normal_impulse + d0 >= 0.0 && p1.normal_impulse + d1 >= 0.0 {
            for (cp, d) in c.points.iter_mut().zip([d0, d1]) {
                cp.normal_impulse += d;
                cp.total_normal_impulse += d;
                cp.rest_normal += d;
                apply_impulse(
                    masses,
                    cp.anchor_a,
                    cp.anchor_b,
                    d * n,
                    (&mut va, &mut wa, &mut vb, &mut wb),
                );
            }
            normal_done = true;
        }
    }
    for (k, &bounce) in bouncing.iter().enumerate().take(c.count) {
        if !bounce {
            continue;
        }
        let mut cp = c.points[k];
        let (ra, rb) = (cp.anchor_a, cp.anchor_b);
        if !normal_done {
            let vn = normal_speed(&cp, (va, wa, vb, wb));
            let impulse = -cp.normal_mass * (vn - target(&cp));
            let new_impulse = (cp.normal_impulse + impulse).max(0.0);
            let applied = new_impulse - cp.normal_impulse;
            cp.normal_impulse = new_impulse;
            cp.total_normal_impulse += applied;
            cp.rest_normal += applied;
            apply_impulse(
                masses,
                ra,
                rb,
                applied * n,
                (&mut va, &mut wa, &mut vb, &mut wb),
            );
        }

        // Coulomb friction for the bounce impulse itself: during an impact the
        // tangential impulse may grow by μ times the extra normal impulse.
        let dv = relative_velocity(va, wa, vb, wb, ra, rb);
        let vt = dv.dot(t);
        let max_f = cp.friction * cp.rest_normal.max(0.0);
        let new_t = (cp.rest_tangent - cp.tangent_mass * vt).clamp(-max_f, max_f);
        let applied_t = new_t - cp.rest_tangent;
        cp.rest_tangent = new_t;
        cp.tangent_impulse += applied_t;
        apply_impulse(
            masses,
            ra,
            rb,
            applied_t * t,
            (&mut va, &mut wa, &mut vb, &mut wb),
        );
        c.points[k] = cp;
    }
    store(bodies, c.a, va, wa);
    store(bodies, c.b, vb, wb);
}

/// Copy impulses back into the manifold for next step's warm start and events.
pub fn store_impulses(c: &ContactConstraint, m: &mut Manifold) {
    for (mp, cp) in m.points[..m.count].iter_mut().zip(c.points.iter()) {
        mp.normal_impulse = cp.normal_impulse - cp.rest_normal;
        mp.tangent_impulse = cp.tangent_impulse - cp.rest_tangent;
        mp.total_normal_impulse = cp.total_normal_impulse;
        mp.normal_velocity = cp.relative_velocity;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restitution_gives_back_e_squared_of_the_energy() {
        // m_eff = 2 kg hit at 3 m/s: absorbed 9 J.
        let absorbed = 0.5 * 2.0 * 9.0;
        assert!((restitution_target(1.0, absorbed, 0.0, 0.0, -9.81, 2.0) - 3.0).abs() < 1e-12);
        assert!((restitution_target(0.5, absorbed, 0.0, 0.0, -9.81, 2.0) - 1.5).abs() < 1e-12);
        // Ending 1 mm inside: it needs the potential back too.
        let v = restitution_target(1.0, absorbed, 0.0, -0.001, -9.81, 2.0);
        assert!((0.5 * v * v - (4.5 + 9.81 * 0.001)).abs() < 1e-12);
    }
}

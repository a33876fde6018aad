//! Soft-step contact constraints (Box2D v3 style): per substep warm start,
//! solve with a soft bias, integrate positions, relax without bias; after the
//! substeps an exact restitution pass (with its own Coulomb friction).
//!
//! Non-penetration: C = s (separation) ≥ 0, Ċ = vn = (vB + ωB×rB − vA − ωA×rA)·n,
//! J = [−n, −rA×n, n, rB×n], K = mA + mB + iA (rA×n)² + iB (rB×n)².
//! Friction: Ċ = vt along t = right_perp(n), |λt| ≤ μ λn.
use crate::physics::collision::manifold::Manifold;
use crate::physics::math::{cross, cross_sv, right_perp, Real, Vec2};
use crate::physics::solver::contact_constraint::{ConstraintPoint, ContactConstraint};
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::warm_load::next_load;
use crate::physics::solver::Phase;

/// Apply half of last substep's impulses again (the solution rarely changes
/// much). Each substep gives gravity in two half kicks — before the solve
/// phase and before the relax phase — so the warm start is split the same
/// way and a resting stack stays in exact equilibrium. This is the first
/// half, which also starts the substep's accumulators; the second half is
/// the same velocity change, added per body by the second kick, and
/// `count_second_half` books it in the accumulators.
///
/// Friction's accumulator keeps its whole impulse: only the relax phase
/// solves friction, and by then both halves are applied, so booking them
/// one by one (as the normal impulse must be, the solve phase reading it
/// in between) would give the same number.
#[inline]
pub fn warm_start(c: &mut ContactConstraint, bodies: &mut [SolverBody]) {
    let (mut va, mut wa) = (bodies[c.a as usize].v, bodies[c.a as usize].w);
    let (mut vb, mut wb) = (bodies[c.b as usize].v, bodies[c.b as usize].w);
    let tangent = right_perp(c.normal);
    for cp in c.points[..c.count].iter_mut() {
        cp.warm_normal = cp.normal_impulse;
        // Both halves of friction too: its first half holds a resting body
        // against the first gravity kick during the drift.
        let n_half = 0.5 * cp.warm_normal;
        let t_half = 0.5 * cp.tangent_impulse;
        cp.normal_impulse = n_half;
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
        cp.total_normal_impulse += n_half;
    }
}

/// Velocity of B's anchor relative to A's anchor.
#[inline(always)]
pub(crate) fn relative_velocity(
    va: Vec2,
    wa: Real,
    vb: Vec2,
    wb: Real,
    ra: Vec2,
    rb: Vec2,
) -> Vec2 {
    vb + cross_sv(wb, rb) - va - cross_sv(wa, ra)
}

/// Apply impulse `p` at anchors `ra`, `rb`: −p to body A, +p to body B.
#[inline(always)]
pub(crate) fn apply_impulse(
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
pub(crate) fn store(bodies: &mut [SolverBody], i: u32, v: Vec2, w: Real) {
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
pub(crate) fn current_separation(
    cp: &ConstraintPoint,
    n: Vec2,
    (rim_a, rim_b): (Real, Real),
    a: &SolverBody,
    b: &SolverBody,
) -> Real {
    let turn = |q: crate::physics::math::Rot, r: Vec2, rim: Real| {
        (q.c - 1.0) * (r.dot(n) - rim) + q.s * cross(r, n)
    };
    // The anchors sit on the bodies' surfaces (`Contact::update`), half the
    // gap away from the midpoint whose turn this tracks.
    let half_gap = 0.5 * cp.base_separation;
    let turn_b = turn(b.dq, cp.anchor_b, half_gap - rim_b);
    let turn_a = turn(a.dq, cp.anchor_a, rim_a - half_gap);
    cp.base_separation + (b.dp - a.dp).dot(n) + (turn_b - turn_a)
}

/// One Gauss–Seidel pass over the constraint. In the solve phase the soft
/// push-out acts; in the relax phase only velocities are fixed (and
/// friction is solved). Returns the largest impulse change,
/// so small islands can iterate until converged.
#[inline]
pub fn solve(
    c: &mut ContactConstraint,
    bodies: &mut [SolverBody],
    inv_h: Real,
    push_speed: Real,
    phase: Phase,
) -> Real {
    // Velocity offset back to the substep boundary: the solve phase runs after
    // the first half kick, the relax phase after the second (at the boundary).
    let kick_offset = if phase == Phase::Solve {
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
            phase,
            kick_offset,
            &mut max_delta,
        );
    for cp in c.points[..c.count].iter_mut() {
        if solved_as_block {
            break;
        }
        let s = current_separation(cp, n, rims, &sa, &sb);
        let (bias, mass_scale, impulse_scale) = normal_terms(s, soft, inv_h, push_speed, phase);
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
        let carried = if cp.hit {
            0.0
        } else {
            c.load_share * cp.warm_normal
        };
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
    if phase == Phase::Relax {
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

/// A point closing faster than this (m/s) at the step start that engages
/// in the step carries no load for the rest of the step (`hit`): the
/// impulse that stopped the impact is warm-started into the next substep
/// like any other, and taken back by the solve, but the spring-on-change
/// (`carried`) would count it as a load to keep, pushing the bodies apart
/// at a share of the impact speed: a ball stopped by a wall at 1000 m/s
/// was left moving off at 14 m/s and came to rest 6 cm from it (60 cm at
/// 10 km/s, 6 mm at 100 m/s). Bodies settling onto a load close far
/// slower than this.
pub const HIT_SPEED: Real = 2.0;

/// Per-point bias terms of the normal constraint: (bias, mass scale, impulse
/// scale). Speculative when apart (it may close exactly the gap this
/// substep), soft push-out when overlapping (solve phase), plain velocity
/// constraint otherwise (relax phase).
#[inline(always)]
fn normal_terms(
    s: Real,
    soft: Softness,
    inv_h: Real,
    push_speed: Real,
    phase: Phase,
) -> (Real, Real, Real) {
    if s > 0.0 {
        (s * inv_h, 1.0, 0.0)
    } else if phase == Phase::Solve {
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
    phase: Phase,
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
    let (b1, ms1, is1) = normal_terms(s1, c.softness, inv_h, push_speed, phase);
    let (b2, ms2, is2) = normal_terms(s2, c.softness, inv_h, push_speed, phase);
    let vn = |p: &ConstraintPoint, va: Vec2, wa: Real, vb: Vec2, wb: Real| {
        relative_velocity(va, wa, vb, wb, p.anchor_a, p.anchor_b).dot(n)
    };
    let vn1 = vn(&p0, *va, *wa, *vb, *wb);
    let vn2 = vn(&p1, *va, *wa, *vb, *wb);
    let (l1, l2) = (p0.normal_impulse, p1.normal_impulse);
    let carried = |p: &ConstraintPoint| {
        if p.hit {
            0.0
        } else {
            c.load_share * p.warm_normal
        }
    };
    let (c1, c2) = (carried(&p0), carried(&p1));
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
    // Each point's approach without this substep's impulses of its own and
    // with the other point's at their new value: the speed it hits with.
    // The velocities read above still hold the warm start, which the block
    // solve may take straight back out (a corner that bounced last step and
    // is leaving now): counted in, it made a box's second corner hit 0.36
    // m/s harder than it did, and the bounce gave back 3.3 % too much.
    let free1 = vn1 - k11 * l1 + k12 * d2;
    let free2 = vn2 - k22 * l2 + k12 * d1;
    for (cp, (new, d, v, s)) in c
        .points
        .iter_mut()
        .zip([(x1, d1, free1, s1), (x2, d2, free2, s2)])
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

/// Remember how hard the contact hit when it first engaged this step, and
/// (`hit`) whether it was closing faster than `HIT_SPEED` when the step
/// began.
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
    // (By the approach at the step start, not `v_start`: in an island that
    // iterates, a pass's velocities on the way to convergence are not
    // motion.)
    cp.hit = cp.relative_velocity < -HIT_SPEED;
}

/// Copy impulses back into the manifold for next step's warm start and events.
pub fn store_impulses(c: &ContactConstraint, m: &mut Manifold, calm: bool) {
    for (mp, cp) in m.points[..m.count].iter_mut().zip(c.points.iter()) {
        mp.normal_impulse = cp.normal_impulse - cp.rest_normal;
        mp.load = next_load(mp.load, mp.normal_impulse, calm);
        mp.tangent_impulse = cp.tangent_impulse - cp.rest_tangent;
        mp.total_normal_impulse = cp.total_normal_impulse;
        mp.normal_velocity = cp.relative_velocity;
    }
}

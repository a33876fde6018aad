//! The contact solver eight constraints at a time in single precision
//! (Box2D v3's wide solver) — the fast path for big islands.
//!
//! Constraints of one graph colour share no moving body, so eight of them
//! can be solved at once in SIMD lanes with the result of solving them one
//! after another. Every formula here is the one in `contact_solver.rs`,
//! lane by lane, in the same order of operations; only the precision
//! differs (f32 lanes, f64 body state), and a test checks that the two paths
//! agree to round-off. The scalar file is the readable reference.
//!
//! Lanes are filled from prepared scalar constraints before the substeps;
//! after them their impulses go straight to the manifolds (or, for bouncing
//! contacts, back to scalar form for the restitution pass).
use crate::physics::math::Real;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::wide::constraint::{WideBounce, WideConstraint, WidePoint};
use crate::physics::solver::wide::gather::{
    gather, gather_velocity, indices_in_bounds, scatter, Rows, WideBody,
};
use crate::physics::solver::wide::lanes::{Lane, Mask, LANES, V2, W};
use crate::physics::solver::Phase;

/// Warm start (first half) of all bundles (see `contact_solver::warm_start`):
/// the first `iterating` of them (big iterating islands' colour groups)
/// book the half in their accumulators here; the one-pass bundles after
/// them only read theirs, and their solve pass books it (see
/// `solve_impl`), so the warm start writes none of their lines.
pub fn warm_start_all(bundles: &mut [WideConstraint], iterating: usize, bodies: &mut [SolverBody]) {
    let (booked, deferred) = bundles.split_at_mut(iterating);
    #[cfg(target_arch = "x86_64")]
    {
        assert_avx();
        // SAFETY: the CPU supports AVX (checked just above).
        unsafe {
            warm_start_avx::<true>(booked, bodies);
            warm_start_avx::<false>(deferred, bodies);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: unchecked bundles clamp their indices (no precondition).
    unsafe {
        warm_start_impl::<false, true>(booked, bodies);
        warm_start_impl::<false, false>(deferred, bodies);
    }
}

/// Solve (with bias) or relax (without) all bundles once (see
/// `contact_solver::solve`): the one-pass islands, plain soft contacts.
pub fn solve_all(
    bundles: &mut [WideConstraint],
    bounce: &mut [WideBounce],
    bodies: &mut [SolverBody],
    inv_h: Real,
    push_speed: Real,
    phase: Phase,
) {
    dispatch::<false>(
        bundles,
        bounce,
        bodies,
        Pass::new(inv_h, push_speed, phase, true),
    );
}

/// One pass of an iterating island's bundles: contacts carry their load
/// (`load_share`) and the pass reports how much it changed, as
/// `(largest impulse change, largest normal impulse)` over all lanes, for
/// the convergence test. `first`: the phase's first pass (the relax phase
/// books the second half of the warm start once).
pub fn solve_iterating(
    bundles: &mut [WideConstraint],
    bounce: &mut [WideBounce],
    bodies: &mut [SolverBody],
    inv_h: Real,
    push_speed: Real,
    phase: Phase,
    first: bool,
) -> (Real, Real) {
    let pass = Pass::new(inv_h, push_speed, phase, first);
    let (delta, scale) = dispatch::<true>(bundles, bounce, bodies, pass);
    let largest = |w: W| w.0.iter().fold(0.0 as Lane, |m, &x| m.max(x)) as Real;
    (largest(delta), largest(scale))
}

/// What one pass over bundles needs to know.
#[derive(Clone, Copy)]
struct Pass {
    inv_h: Lane,
    push_speed: Lane,
    phase: Phase,
    /// Book the second half of the warm start (relax phase, first pass).
    first: bool,
}

impl Pass {
    fn new(inv_h: Real, push_speed: Real, phase: Phase, first: bool) -> Pass {
        Pass {
            inv_h: inv_h as Lane,
            push_speed: push_speed as Lane,
            phase,
            first,
        }
    }
}

/// The solve on the fastest path the CPU has. `ITERATING`: with carried
/// load and the convergence measure.
#[inline(always)]
fn dispatch<const ITERATING: bool>(
    bundles: &mut [WideConstraint],
    bounce: &mut [WideBounce],
    bodies: &mut [SolverBody],
    pass: Pass,
) -> (W, W) {
    assert_eq!(bundles.len(), bounce.len(), "one bounce record per bundle");
    #[cfg(target_arch = "x86_64")]
    {
        assert_avx();
        // SAFETY: the CPU supports AVX (checked just above).
        unsafe { solve_avx::<ITERATING>(bundles, bounce, bodies, pass) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    // SAFETY: unchecked bundles clamp their indices (no precondition).
    unsafe {
        solve_impl::<ITERATING, false>(bundles, bounce, bodies, pass)
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn warm_start_avx<const BOOK: bool>(
    bundles: &mut [WideConstraint],
    bodies: &mut [SolverBody],
) {
    if checked_first(bundles, bodies) {
        // SAFETY: every index was checked just above.
        unsafe { warm_start_impl::<true, BOOK>(bundles, bodies) }
    } else {
        // SAFETY: unchecked bundles clamp their indices (no precondition).
        unsafe { warm_start_impl::<false, BOOK>(bundles, bodies) }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn solve_avx<const ITERATING: bool>(
    bundles: &mut [WideConstraint],
    bounce: &mut [WideBounce],
    bodies: &mut [SolverBody],
    pass: Pass,
) -> (W, W) {
    if checked_first(bundles, bodies) {
        // SAFETY: every index was checked just above.
        unsafe { solve_impl::<ITERATING, true>(bundles, bounce, bodies, pass) }
    } else {
        // SAFETY: unchecked bundles clamp their indices (no precondition).
        unsafe { solve_impl::<ITERATING, false>(bundles, bounce, bodies, pass) }
    }
}

/// Bundles up to this many are checked in one pass before the loop (a few
/// vector compares each, on lines in cache), so the loop takes their
/// indices as they are; bigger runs clamp each bundle's indices as the loop
/// reaches it (`gather::Rows`), since a pass over all of them first missed
/// the cache on every bundle (8 % of a big pile's solve), while for a few
/// hundred bundles the clamps cost more (2 % of a box pile's instructions).
const CHECK_FIRST_UP_TO: usize = 1024;

/// Whether the loop may take the bundles' indices as they are: few enough
/// bundles to check first, all of them in bounds. (Called where it
/// compiles to AVX.)
#[inline(always)]
fn checked_first(bundles: &[WideConstraint], bodies: &[SolverBody]) -> bool {
    bundles.len() <= CHECK_FIRST_UP_TO
        && indices_in_bounds(bodies, bundles.iter().map(|c| (&c.a, &c.b)))
}

/// A bundle side's rows: as they are when the bundles were checked first
/// (`CHECKED`), else clamped.
///
/// # Safety
/// When `CHECKED`, every index in `idx` is below `bodies.len()`.
#[inline(always)]
unsafe fn rows<const CHECKED: bool>(bodies: &[SolverBody], idx: &[u32; LANES]) -> Rows {
    if CHECKED {
        // SAFETY: passed on from the caller.
        unsafe { Rows::checked(bodies, idx) }
    } else {
        Rows::of(bodies, idx)
    }
}

/// The AVX entry points may only run where the CPU has AVX.
#[cfg(target_arch = "x86_64")]
fn assert_avx() {
    assert!(
        crate::physics::solver::wide::lanes::available(),
        "the wide solver needs AVX"
    );
}

/// Lanes where point `k` exists.
#[inline(always)]
fn has_point(c: &WideConstraint, k: usize) -> Mask {
    if k == 0 {
        Mask::ALL
    } else {
        c.two
    }
}

/// How many of the bundle's points any lane has. A bundle of one-point
/// constraints (a ball pit's, the graph colouring puts them after the
/// two-point ones) skips its all-zero second point: it would apply zero
/// impulses, at the cost of the first point's arithmetic again.
#[inline(always)]
fn points_used(c: &WideConstraint) -> usize {
    if c.two.any() {
        2
    } else {
        1
    }
}

/// # Safety
/// When `CHECKED`, every lane's body index is below `bodies.len()`.
/// `BOOK`: book the half in the accumulators (iterating bundles); else
/// the bundle is only read, and its solve pass books it.
#[inline(always)]
unsafe fn warm_start_impl<const CHECKED: bool, const BOOK: bool>(
    bundles: &mut [WideConstraint],
    bodies: &mut [SolverBody],
) {
    for c in bundles.iter_mut() {
        // SAFETY: passed on from the caller.
        let (rows_a, rows_b) =
            unsafe { (rows::<CHECKED>(bodies, &c.a), rows::<CHECKED>(bodies, &c.b)) };
        let (mut va, mut wa) = gather_velocity(bodies, &rows_a);
        let (mut vb, mut wb) = gather_velocity(bodies, &rows_b);
        let n = c.n;
        let t = V2 { x: n.y, y: -n.x };
        // A lane without a second point has all its fields zero there, so
        // its impulse is zero: no masking needed.
        for k in 0..points_used(c) {
            let cp = &mut c.points[k];
            // (Friction's accumulator keeps its whole impulse, as the
            // scalar `warm_start`'s does.)
            let n_half = first_half(cp.normal_impulse);
            let t_half = W::splat(0.5) * cp.tangent_impulse;
            if BOOK {
                book_first_half(cp);
            }
            let p = V2 {
                x: n_half * n.x + t_half * t.x,
                y: n_half * n.y + t_half * t.y,
            };
            wa -= c.ia * cp.ra.cross(p);
            va = va - p.scale(c.ma);
            wb += c.ib * cp.rb.cross(p);
            vb = vb + p.scale(c.mb);
        }
        scatter(bodies, &rows_a, va, wa);
        scatter(bodies, &rows_b, vb, wb);
    }
}

/// Half of last substep's normal impulse: what each half of the warm start
/// applies (the same number however it is booked).
#[inline(always)]
fn first_half(last: W) -> W {
    W::splat(0.5) * last
}

/// The first half of the warm start in a point's accumulators (scalar
/// `warm_start`): the impulse restarts from half of last substep's, which
/// `warm_normal` keeps for the second half.
#[inline(always)]
fn book_first_half(cp: &mut WidePoint) {
    cp.warm_normal = cp.normal_impulse;
    restart_from_half(cp);
}

/// The accumulators restart from half of last substep's impulse (counted
/// into the total); returns that half.
#[inline(always)]
fn restart_from_half(cp: &mut WidePoint) -> W {
    let n_half = first_half(cp.normal_impulse);
    cp.normal_impulse = n_half;
    cp.total_normal_impulse += n_half;
    n_half
}

/// The warm start's second half into the accumulators.
#[inline(always)]
fn add_second_half(cp: &mut WidePoint, n_half: W) {
    cp.normal_impulse += n_half;
    cp.total_normal_impulse += n_half;
}

#[inline(always)]
fn select_v(m: Mask, a: V2, b: V2) -> V2 {
    V2 {
        x: W::select(m, a.x, b.x),
        y: W::select(m, a.y, b.y),
    }
}

/// Separation of point `cp` from the bodies' motion (scalar
/// `current_separation`).
#[inline(always)]
fn separation(cp: &WidePoint, c: &WideConstraint, a: &WideBody, b: &WideBody) -> W {
    // Written out, not as a closure: a closure is not compiled for the
    // caller's AVX target feature, and each vector operation in it became
    // a call (the substeps took three times as long).
    let n = c.n;
    let one = W::splat(1.0);
    let (ra, rb) = (cp.ra, cp.rb);
    let half_gap = W::splat(0.5) * cp.base_separation;
    let turn_b = (b.qc - one) * (rb.dot(n) + c.rim_b - half_gap) + b.qs * (rb.x * n.y - rb.y * n.x);
    let turn_a = (a.qc - one) * (ra.dot(n) - c.rim_a + half_gap) + a.qs * (ra.x * n.y - ra.y * n.x);
    cp.base_separation + (b.dp - a.dp).dot(n) + (turn_b - turn_a)
}

/// Velocity of B's anchor relative to A's anchor.
#[inline(always)]
fn relative_velocity(va: V2, wa: W, vb: V2, wb: W, ra: V2, rb: V2) -> V2 {
    vb + V2::cross_sv(wb, rb) - va - V2::cross_sv(wa, ra)
}

/// (bias, mass scale, impulse scale) per lane (scalar `normal_terms`).
#[inline(always)]
fn normal_terms(
    c: &WideConstraint,
    s: W,
    inv_h: Lane,
    push_speed: Lane,
    phase: Phase,
) -> (W, W, W) {
    let apart = s.gt(W::ZERO);
    let spec_bias = s * W::splat(inv_h);
    if phase == Phase::Solve {
        let soft_bias = (c.mass_scale * c.bias_rate * s).max(W::splat(-push_speed));
        (
            W::select(apart, spec_bias, soft_bias),
            W::select(apart, W::ONE, c.mass_scale),
            W::select(apart, W::ZERO, c.impulse_scale),
        )
    } else {
        (W::keep(apart, spec_bias), W::ONE, W::ZERO)
    }
}

/// Record the impact energy where a point first engages (scalar
/// `record_impact`), in the lanes of `hit`.
#[inline(always)]
fn record_impact(recorded: &mut W, normal_mass: W, hit: Mask, v_start: W, s: W, a: W) {
    let vi_sq = v_start * v_start - W::splat(2.0) * a * s.max_zero();
    let energy = W::splat(0.5) * normal_mass * vi_sq.max_zero();
    *recorded = W::select(hit, energy, *recorded);
}

/// # Safety
/// When `CHECKED`, every lane's body index is below `bodies.len()`.
#[inline(always)]
unsafe fn solve_impl<const ITERATING: bool, const CHECKED: bool>(
    bundles: &mut [WideConstraint],
    bounce: &mut [WideBounce],
    bodies: &mut [SolverBody],
    pass: Pass,
) -> (W, W) {
    let Pass {
        inv_h,
        push_speed,
        phase,
        first,
    } = pass;
    // Only impact recording (bouncing lanes) needs it.
    let kick_offset_of = |c: &WideConstraint, side: &WideBounce| {
        if phase == Phase::Solve && c.bouncy.any() {
            W::splat(0.5) * side.rel_accel / W::splat(inv_h)
        } else {
            W::ZERO
        }
    };
    let mut change = Change::default();
    for (c, side) in bundles.iter_mut().zip(bounce.iter_mut()) {
        // Iterating bundles booked the warm start's first half when it was
        // applied, and book its second half before the relax phase's
        // first pass. A one-pass bundle books both around its solve pass,
        // on lines that pass has in cache anyway, so the warm start only
        // reads it and `warm_normal` is never written: the same numbers,
        // as nothing reads the accumulators in between, and the two
        // halves are the same number.
        let deferred = !ITERATING && phase == Phase::Solve;
        let mut halves = [W::ZERO; 2];
        let used = points_used(c);
        if deferred {
            for (cp, half) in c.points[..used].iter_mut().zip(&mut halves) {
                *half = restart_from_half(cp);
            }
        }
        if ITERATING && phase == Phase::Relax && first {
            count_second_half(c);
        }
        // SAFETY: passed on from the caller.
        let (rows_a, rows_b) =
            unsafe { (rows::<CHECKED>(bodies, &c.a), rows::<CHECKED>(bodies, &c.b)) };
        let a = gather(bodies, &rows_a);
        let b = gather(bodies, &rows_b);
        let mut vel = (a.v, a.w, b.v, b.w);
        let kick_offset = kick_offset_of(c, side);
        let terms = Terms {
            inv_h,
            push_speed,
            phase,
            kick_offset,
        };
        let solved = solve_block::<ITERATING>(c, side, &a, &b, &mut vel, terms, &mut change);
        let sequential = solved.not();
        if sequential.any() {
            let lanes = (&a, &b, sequential);
            solve_points::<ITERATING>(c, side, lanes, &mut vel, terms, &mut change);
        }
        if phase == Phase::Relax {
            friction::<ITERATING>(c, &mut vel, &mut change);
        }
        if deferred {
            for (cp, &half) in c.points[..used].iter_mut().zip(&halves) {
                add_second_half(cp, half);
            }
        }
        scatter(bodies, &rows_a, vel.0, vel.1);
        scatter(bodies, &rows_b, vel.2, vel.3);
    }
    (change.delta, change.scale)
}

/// Per-lane convergence measure of an iterating pass: the largest impulse
/// change and the largest normal impulse (scalar `solve`'s `max_delta` and
/// `scale`). Both start at zero and only grow, never NaN, so `grow_to`
/// gives what `max` would.
#[derive(Clone, Copy, Default)]
struct Change {
    delta: W,
    scale: W,
}

impl Change {
    #[inline(always)]
    fn note(&mut self, applied: W) {
        self.delta = self.delta.grow_to(applied.abs());
    }
}

/// The per-bundle constants of a pass.
#[derive(Clone, Copy)]
struct Terms {
    inv_h: Lane,
    push_speed: Lane,
    phase: Phase,
    kick_offset: W,
}

type Vel = (V2, W, V2, W);

/// Scalar `count_second_half`, lane by lane.
#[inline(always)]
fn count_second_half(c: &mut WideConstraint) {
    let half = W::splat(0.5);
    let used = points_used(c);
    for cp in c.points[..used].iter_mut() {
        add_second_half(cp, half * cp.warm_normal);
    }
}

/// Apply impulse `p` at the anchors in the lanes of `on`.
#[inline(always)]
fn apply(c: &WideConstraint, on: Mask, ra: V2, rb: V2, p: V2, vel: &mut Vel) {
    let (va, wa, vb, wb) = *vel;
    let va2 = va - p.scale(c.ma);
    let wa2 = wa - c.ia * ra.cross(p);
    let vb2 = vb + p.scale(c.mb);
    let wb2 = wb + c.ib * rb.cross(p);
    *vel = (
        select_v(on, va2, va),
        W::select(on, wa2, wa),
        select_v(on, vb2, vb),
        W::select(on, wb2, wb),
    );
}

/// Apply impulse `p` at the anchors in every lane (lanes that must not
/// move have a zero impulse).
#[inline(always)]
fn apply_all(c: &WideConstraint, ra: V2, rb: V2, p: V2, vel: &mut Vel) {
    let (va, wa, vb, wb) = *vel;
    *vel = (
        va - p.scale(c.ma),
        wa - c.ia * ra.cross(p),
        vb + p.scale(c.mb),
        wb + c.ib * rb.cross(p),
    );
}

/// The point-by-point normal solve, of the bodies `a`, `b` in the lanes
/// of `lanes`.
#[inline(always)]
fn solve_points<const ITERATING: bool>(
    c: &mut WideConstraint,
    side: &mut WideBounce,
    (a, b, lanes): (&WideBody, &WideBody, Mask),
    vel: &mut Vel,
    terms: Terms,
    change: &mut Change,
) {
    let Terms {
        inv_h,
        push_speed,
        phase,
        kick_offset,
    } = terms;
    let n = c.n;
    // Masks only where block-solved lanes must be left alone: a missing
    // second point has zero mass and impulse, so it changes nothing.
    let every_lane = lanes.all();
    for k in 0..points_used(c) {
        let on = lanes.and(has_point(c, k));
        let bouncy = c.bouncy;
        let s = separation(&c.points[k], c, a, b);
        let (bias, mass_scale, impulse_scale) = normal_terms(c, s, inv_h, push_speed, phase);
        let cp = &mut c.points[k];
        let (ra, rb) = (cp.ra, cp.rb);
        let dv = relative_velocity(vel.0, vel.1, vel.2, vel.3, ra, rb);
        let vn = dv.dot(n);
        // One-pass islands: plain soft contact (scalar `load_share` = 0).
        let soft_part = if ITERATING {
            cp.normal_impulse - c.load_share * cp.warm_normal
        } else {
            cp.normal_impulse
        };
        let impulse = -cp.normal_mass * (mass_scale * vn + bias) - impulse_scale * soft_part;
        let new_impulse = (cp.normal_impulse + impulse).max_zero();
        if bouncy.any() {
            let recorded = &mut side.impact_energy[k];
            let hit = on
                .and(bouncy)
                .and(recorded.lt(W::ZERO))
                .and(new_impulse.gt(W::ZERO))
                .and(vn.lt(W::ZERO));
            let v_start = vn - kick_offset;
            record_impact(recorded, cp.normal_mass, hit, v_start, s, side.rel_accel);
        }
        let applied = new_impulse - cp.normal_impulse;
        if ITERATING {
            change.note(W::keep(on, applied));
            change.scale = change.scale.grow_to(new_impulse);
        }
        let p = n.scale(applied);
        if every_lane {
            cp.normal_impulse = new_impulse;
            cp.total_normal_impulse += applied;
            apply_all(c, ra, rb, p, vel);
        } else {
            cp.normal_impulse = W::select(on, new_impulse, cp.normal_impulse);
            cp.total_normal_impulse = W::select(
                on,
                cp.total_normal_impulse + applied,
                cp.total_normal_impulse,
            );
            apply(c, on, ra, rb, p, vel);
        }
    }
}

/// Friction (relax phase) for both points.
#[inline(always)]
fn friction<const ITERATING: bool>(c: &mut WideConstraint, vel: &mut Vel, change: &mut Change) {
    let t = V2 {
        x: c.n.y,
        y: -c.n.x,
    };
    // No masks: a missing second point has zero mass, friction and impulse.
    for k in 0..points_used(c) {
        let cp = &mut c.points[k];
        let (ra, rb) = (cp.ra, cp.rb);
        let dv = relative_velocity(vel.0, vel.1, vel.2, vel.3, ra, rb);
        let vt = dv.dot(t);
        let impulse = -cp.tangent_mass * vt;
        let max_f = cp.friction * cp.normal_impulse;
        // f64::clamp(-max_f, max_f), lane by lane.
        let mut new_impulse = cp.tangent_impulse + impulse;
        let lo = -max_f;
        new_impulse = new_impulse.at_least(lo).at_most(max_f);
        let applied = new_impulse - cp.tangent_impulse;
        cp.tangent_impulse = new_impulse;
        if ITERATING {
            change.note(applied);
        }
        let p = t.scale(applied);
        apply_all(c, ra, rb, p, vel);
    }
}

/// The 2×2 block solve of two-point lanes (scalar `solve_block`). Returns
/// the lanes it solved; the others are left unchanged for the point-by-point
/// solve.
#[inline(always)]
fn solve_block<const ITERATING: bool>(
    c: &mut WideConstraint,
    side: &mut WideBounce,
    a: &WideBody,
    b: &WideBody,
    vel: &mut Vel,
    terms: Terms,
    change: &mut Change,
) -> Mask {
    let Terms {
        inv_h,
        push_speed,
        phase,
        kick_offset,
    } = terms;
    if !c.block.any() {
        return c.block;
    }
    let n = c.n;
    let (k11, k12, k22) = (c.k11, c.k12, c.k22);
    let det = k11 * k22 - k12 * k12;
    let s1 = separation(&c.points[0], c, a, b);
    let s2 = separation(&c.points[1], c, a, b);
    let (b1, ms1, is1) = normal_terms(c, s1, inv_h, push_speed, phase);
    let (b2, ms2, is2) = normal_terms(c, s2, inv_h, push_speed, phase);
    let (p0, p1) = (c.points[0], c.points[1]);
    let vn1 = relative_velocity(vel.0, vel.1, vel.2, vel.3, p0.ra, p0.rb).dot(n);
    let vn2 = relative_velocity(vel.0, vel.1, vel.2, vel.3, p1.ra, p1.rb).dot(n);
    let (l1, l2) = (p0.normal_impulse, p1.normal_impulse);
    let kl1 = k11 * l1 + k12 * l2;
    let kl2 = k12 * l1 + k22 * l2;
    // The soft part acts on the change from the carried load (none in
    // one-pass islands: scalar `load_share` = 0).
    let (kd1, kd2) = if ITERATING {
        let (d1, d2) = (
            l1 - c.load_share * p0.warm_normal,
            l2 - c.load_share * p1.warm_normal,
        );
        (k11 * d1 + k12 * d2, k12 * d1 + k22 * d2)
    } else {
        (kl1, kl2)
    };
    let r1 = kl1 - ms1 * vn1 - b1 - is1 * kd1;
    let r2 = kl2 - ms2 * vn2 - b2 - is2 * kd2;
    let inv_det = W::ONE / det;
    let both = (
        (k22 * r1 - k12 * r2) * inv_det,
        (k11 * r2 - k12 * r1) * inv_det,
    );
    let zero = W::ZERO;
    let only1 = r1 / k11;
    let only2 = r2 / k22;
    let case_both = both.0.ge(zero).and(both.1.ge(zero));
    let case_1 = only1.ge(zero).and((k12 * only1 - r2).ge(zero));
    let case_2 = only2.ge(zero).and((k12 * only2 - r1).ge(zero));
    let case_none = r1.le(zero).and(r2.le(zero));
    // The first case that fits, in the scalar order.
    let x1 = W::select(case_both, both.0, W::keep(case_1, only1));
    let x2 = W::select(case_both, both.1, W::keep(case_2.and_not(case_1), only2));
    let solved = c.block.and(case_both.or(case_1).or(case_2).or(case_none));
    let bouncy = c.bouncy;
    let (d1, d2) = (x1 - l1, x2 - l2);
    // Each point's approach without this substep's own impulses and with
    // the other point's at their new value (scalar `solve_block`).
    let free1 = vn1 - k11 * l1 + k12 * d2;
    let free2 = vn2 - k22 * l2 + k12 * d1;
    for (k, (new, d, v, s)) in [(x1, d1, free1, s1), (x2, d2, free2, s2)]
        .into_iter()
        .enumerate()
    {
        let cp = &mut c.points[k];
        if bouncy.any() {
            let recorded = &mut side.impact_energy[k];
            let hit = solved
                .and(bouncy)
                .and(recorded.lt(zero))
                .and(new.gt(zero))
                .and(v.lt(zero));
            record_impact(
                recorded,
                cp.normal_mass,
                hit,
                v - kick_offset,
                s,
                side.rel_accel,
            );
        }
        cp.normal_impulse = W::select(solved, new, cp.normal_impulse);
        cp.total_normal_impulse =
            W::select(solved, cp.total_normal_impulse + d, cp.total_normal_impulse);
        if ITERATING {
            change.note(W::keep(solved, d));
            change.scale = change.scale.grow_to(W::keep(solved, new));
        }
    }
    let p1v = n.scale(d1);
    let p2v = n.scale(d2);
    let (va, wa, vb, wb) = *vel;
    let sum = p1v + p2v;
    let va2 = va - sum.scale(c.ma);
    let wa2 = wa - c.ia * (p0.ra.cross(p1v) + p1.ra.cross(p2v));
    let vb2 = vb + sum.scale(c.mb);
    let wb2 = wb + c.ib * (p0.rb.cross(p1v) + p1.rb.cross(p2v));
    *vel = (
        select_v(solved, va2, va),
        W::select(solved, wa2, wa),
        select_v(solved, vb2, vb),
        W::select(solved, wb2, wb),
    );
    solved
}

//! Restitution, after the substeps: each bouncing contact gets back e² of
//! the energy its impact absorbed (with its own Coulomb friction for the
//! bounce impulse), point by point or — two points landing at once — as a
//! 2×2 block.

use crate::physics::math::{right_perp, Real, Vec2};
use crate::physics::solver::bounce_cap::CapInput;
use crate::physics::solver::contact_constraint::{ConstraintPoint, ContactConstraint};
use crate::physics::solver::contact_solver::{
    apply_impulse, current_separation, relative_velocity, store,
};
use crate::physics::solver::elastic;
use crate::physics::solver::islands::colored_range;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::wide::lanes::LANES;

/// Restitution passes (Gauss–Seidel over bouncing contacts); more than one
/// makes two-point and chained bounces exact.
const RESTITUTION_ITERATIONS: usize = 8;

/// The restitution stage: bouncing contacts solved in a SIMD lane continue
/// in scalar form, then the passes over all bouncing contacts, in solve
/// order.
pub(crate) fn restitution(sc: &mut SolverScratch, threshold: Real) {
    let colored = colored_range(sc);
    for &slot in &sc.bouncy {
        let slot = slot as usize;
        if colored.contains(&slot) {
            let at = sc.lane_of_slot[slot - colored.start] as usize;
            let c = &mut sc.constraints[slot];
            sc.bundles[at / LANES].get_lane(at % LANES, c);
            sc.bounce_lanes[at / LANES].get_lane(at % LANES, c);
        }
    }
    // Perfectly elastic, frictionless contacts that are all their bodies
    // feel this step bounce once, keeping the pair's energy exactly
    // (`elastic.rs`); the rest iterate together.
    let mut degree = std::mem::take(&mut sc.degree);
    let mut exact = std::mem::take(&mut sc.bounce_exact);
    exact.clear();
    if !sc.bouncy.is_empty() {
        elastic::count_degrees(sc, &mut degree);
    }
    for (k, &slot) in sc.bouncy.iter().enumerate() {
        let c = &sc.constraints[slot as usize];
        let is_exact = c.restitution == 1.0
            && c.points[..c.count].iter().all(|p| p.friction == 0.0)
            && elastic::isolated(sc, &degree, c.a, c.b);
        exact.push(is_exact);
        if is_exact {
            let target = elastic::kinetic_target(sc, c.a, c.b, &sc.bounce_start[k].1);
            let c = &mut sc.constraints[slot as usize];
            apply_restitution(c, &mut sc.solver_bodies, threshold, Some(target));
        }
    }
    let mut cap = std::mem::take(&mut sc.bounce_cap);
    cap.begin(&CapInput {
        bodies: &sc.solver_bodies,
        info: &sc.solver_info,
        constraints: &sc.constraints,
        bouncy: &sc.bouncy,
        bounce_start: &sc.bounce_start,
        exact: &exact,
        degree: &degree,
    });
    for _ in 0..RESTITUTION_ITERATIONS {
        for (&slot, &done) in sc.bouncy.iter().zip(&exact) {
            if !done {
                let c = &mut sc.constraints[slot as usize];
                apply_restitution(c, &mut sc.solver_bodies, threshold, None);
            }
        }
    }
    cap.finish(&mut sc.solver_bodies, &sc.solver_info, &mut sc.constraints);
    sc.bounce_cap = cap;
    sc.degree = degree;
    sc.bounce_exact = exact;
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

/// The bounce of one constraint (one restitution pass over it). With
/// `energy`, the kinetic energy the pair must end with (`elastic.rs`), the
/// normal impulses are scaled to meet it before the bounce's friction.
pub fn apply_restitution(
    c: &mut ContactConstraint,
    bodies: &mut [SolverBody],
    threshold: Real,
    energy: Option<Real>,
) {
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
    let mut applied_normal: [Real; 2] = [0.0; 2];
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
            applied_normal = [d0, d1];
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
            applied_normal[k] = applied;
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
        if energy.is_none() {
            bounce_friction(&mut cp, masses, t, (&mut va, &mut wa, &mut vb, &mut wb));
        }
        c.points[k] = cp;
    }
    if let Some(target) = energy {
        let start = (sa.v, sa.w, sb.v, sb.w);
        let change = (va - sa.v, wa - sa.w, vb - sb.v, wb - sb.w);
        let scale = elastic::energy_scale(masses, start, change, target).filter(|&s| {
            (0..c.count).all(|k| c.points[k].normal_impulse + (s - 1.0) * applied_normal[k] >= 0.0)
        });
        if let Some(s) = scale {
            (va, wa, vb, wb) = (
                start.0 + s * change.0,
                start.1 + s * change.1,
                start.2 + s * change.2,
                start.3 + s * change.3,
            );
            for (cp, applied) in c.points.iter_mut().zip(applied_normal) {
                let extra = (s - 1.0) * applied;
                cp.normal_impulse += extra;
                cp.total_normal_impulse += extra;
                cp.rest_normal += extra;
            }
        }
        for (cp, &bounce) in c.points.iter_mut().zip(&bouncing).take(c.count) {
            if bounce {
                bounce_friction(cp, masses, t, (&mut va, &mut wa, &mut vb, &mut wb));
            }
        }
    }
    store(bodies, c.a, va, wa);
    store(bodies, c.b, vb, wb);
}

/// Coulomb friction for the bounce impulse itself: during an impact the
/// tangential impulse may grow by μ times the extra normal impulse.
fn bounce_friction(
    cp: &mut ConstraintPoint,
    masses: (Real, Real, Real, Real),
    t: Vec2,
    (va, wa, vb, wb): (&mut Vec2, &mut Real, &mut Vec2, &mut Real),
) {
    let (ra, rb) = (cp.anchor_a, cp.anchor_b);
    let dv = relative_velocity(*va, *wa, *vb, *wb, ra, rb);
    let vt = dv.dot(t);
    let max_f = cp.friction * cp.rest_normal.max(0.0);
    let new_t = (cp.rest_tangent - cp.tangent_mass * vt).clamp(-max_f, max_f);
    let applied_t = new_t - cp.rest_tangent;
    cp.rest_tangent = new_t;
    cp.tangent_impulse += applied_t;
    apply_impulse(masses, ra, rb, applied_t * t, (va, wa, vb, wb));
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

//! The constraint passes of a substep: the warm start, and one phase
//! (solve or relax) over joints and contacts.

use crate::physics::joints::solver as joint_solver;
use crate::physics::math::Real;
use crate::physics::solver::contact_solver as cs;
use crate::physics::solver::wide::contact_solver as wide;
use crate::physics::world::step::StepScratch;

/// Warm start every constraint: the bundled ones wide, the rest one by one.
pub(crate) fn warm_start(sc: &mut StepScratch) {
    let bundles = &mut sc.bundles[..sc.bundles_used];
    wide::warm_start_all(bundles, &mut sc.solver_bodies);
    for range in sc.solver_order.ranges.iter() {
        for c in sc.constraints[range.start as usize..range.end as usize].iter_mut() {
            cs::warm_start(c, &mut sc.solver_bodies);
        }
    }
}

/// One phase (solve or relax) over all constraints: iterating islands and
/// the colouring's overflow by the scalar solver, colour groups wide.
pub(crate) fn solve_islands(sc: &mut StepScratch, inv_h: Real, push: Real, use_bias: bool) {
    let StepScratch {
        solver_bodies,
        constraints,
        solver_order,
        bundles,
        bundles_used,
        joints,
        ..
    } = sc;
    joint_solver::solve_joints(joints, solver_bodies, use_bias);
    let bundles = &mut bundles[..*bundles_used];
    wide::solve_all(bundles, solver_bodies, inv_h, push, use_bias);
    for range in solver_order.ranges.iter() {
        let island = &mut constraints[range.start as usize..range.end as usize];
        let iterations = range.iterations;
        if !use_bias {
            for c in island.iter_mut() {
                cs::count_second_half(c);
            }
        }
        for it in 0..iterations {
            let mut max_delta: Real = 0.0;
            let mut scale: Real = 0.0;
            for c in island.iter_mut() {
                max_delta = max_delta.max(cs::solve(c, solver_bodies, inv_h, push, use_bias));
                if iterations > 1 {
                    for p in &c.points[..c.count] {
                        scale = scale.max(p.normal_impulse);
                    }
                }
            }
            // Converged: further passes would change nothing measurable.
            if it + 1 < iterations && max_delta <= 1e-9 * scale + 1e-14 {
                break;
            }
        }
    }
}

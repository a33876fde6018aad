//! How much of a contact point's last impulse the next step starts from
//! (warm starting), and the load that decides it.
//!
//! Warm starting re-applies last substep's impulse, on the bet that the
//! impulse a contact needs changes little from one substep to the next:
//! true of a resting stack, false at an impact. A column of ten balls
//! landing at 28 m/s is stopped over two steps by impulses a hundred times
//! its weight. Re-applied once it has stopped, they throw it back up, and
//! one pass per phase cannot take them back: the top ball rose 21 m again
//! (Box2D 9.6 m), and the piles of rain's landing columns kept moving for
//! seconds after Box2D's had come to rest.
//!
//! So each manifold point keeps a **load** (`ManifoldPoint::load`): the
//! impulse it carries at rest.
//! - In a calm island (no body's velocity changed by more than
//!   `IMPACT_SPEED` in the step) the load is the impulse the step ended
//!   with: a stack built all at once, a pile at rest, a box set down
//!   gently are warm-started exactly as before.
//! - In an island where something hit something, the load follows a
//!   rising impulse only by `LOAD_RISE` of the gap a step, and a falling
//!   one at once.
//!
//! A step of a one-pass island starts from the impulse up to the load and
//! `EXCESS_KEPT` of the rest. The column above now rebounds 2 m; rain's
//! piles rest about as soon as Box2D's. Islands that iterate to
//! convergence (`island_needs`) start from the whole impulse: their
//! passes take back whatever is too much, and a slow start would let a
//! column of 50 plates sag while its passes catch up.
use crate::physics::math::Real;
use crate::physics::solver::scratch::SolverScratch;

/// Share of the gap between a point's impulse and its load that the load
/// closes each step while the impulse is above it, in an island that is
/// not calm. A spike over two steps leaves a fifth of itself in the load,
/// over three a quarter; a load that grows for good while things keep
/// hitting is taken up within a second (at once when they stop).
pub const LOAD_RISE: Real = 0.1;

/// Share of the impulse above the load a step starts from. At 0.2 the
/// landing column rebounds 2 m; at 0.5, 5 m; at 1 (no cut), 21 m.
pub const EXCESS_KEPT: Real = 0.2;

/// A body whose velocity changes by more than this (m/s) in one step
/// makes its island not calm. Gravity alone gives 0.17 m/s a step at 60
/// Hz; a ball dropped 2 cm onto a pile lands at 0.6 m/s.
pub const IMPACT_SPEED: Real = 0.5;

/// The impulse a step's warm start begins from, for a point whose last
/// impulse was `impulse` and whose load is `load`; `iterates`: its island
/// iterates to convergence (starts from the whole impulse).
#[inline(always)]
pub fn warm_impulse(impulse: Real, load: f32, iterates: bool) -> Real {
    let load = load as Real;
    if iterates || impulse <= load {
        impulse
    } else {
        load + EXCESS_KEPT * (impulse - load)
    }
}

/// The point's load after a step that ended with `impulse`; `calm`: its
/// island is calm (`note_impacts`). Single precision, as the field.
#[inline(always)]
pub fn next_load(load: f32, impulse: Real, calm: bool) -> f32 {
    let load = load as Real;
    let next = if calm || impulse < load {
        impulse
    } else {
        load + LOAD_RISE * (impulse - load)
    };
    next as f32
}

/// Which islands are not calm this step (`SolverScratch::island_impact`,
/// by island root): those with a body whose velocity changed by more than
/// `IMPACT_SPEED` since the step start.
pub(crate) fn note_impacts(sc: &mut SolverScratch) {
    let n = sc.solver_bodies.len();
    assert_eq!(
        sc.start_velocity.len(),
        n,
        "a start velocity per solver body"
    );
    sc.island_impact.clear();
    sc.island_impact.resize(n, false);
    let limit = IMPACT_SPEED * IMPACT_SPEED;
    sc.any_impact = false;
    for i in 1..n {
        let dv = sc.solver_bodies[i].v - sc.start_velocity[i];
        if dv.length_squared() > limit {
            let root = sc.solver_order.uf.find(i as u32) as usize;
            sc.island_impact[root] = true;
            sc.any_impact = true;
        }
    }
}

/// Whether link `li`'s island is calm (`note_impacts` ran this step).
#[inline(always)]
pub(crate) fn link_calm(sc: &SolverScratch, li: usize) -> bool {
    if !sc.any_impact {
        // A resting pile's step: no lookup per link.
        return true;
    }
    let root = sc.solver_order.link_root(li) as usize;
    !sc.island_impact.get(root).copied().unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resting_impulse_is_warm_started_whole_and_a_spike_is_cut() {
        // At its load, or below it: the whole impulse.
        assert_eq!(warm_impulse(3.0, 3.0, false), 3.0);
        assert_eq!(warm_impulse(2.0, 3.0, false), 2.0);
        // Above: the load and a share of the rest.
        let cut = warm_impulse(13.0, 3.0, false);
        assert!((cut - (3.0 + EXCESS_KEPT * 10.0)).abs() < 1e-12, "{cut}");
        // An island that iterates starts from the whole impulse.
        assert_eq!(warm_impulse(13.0, 3.0, true), 13.0);
    }

    #[test]
    fn the_load_follows_at_once_when_calm_or_falling_and_slowly_when_rising() {
        assert_eq!(next_load(0.0, 5.0, true), 5.0);
        assert_eq!(next_load(5.0, 2.0, false), 2.0);
        let risen = next_load(1.0, 11.0, false) as Real;
        assert!((risen - (1.0 + LOAD_RISE * 10.0)).abs() < 1e-6, "{risen}");
        // A spike of two steps leaves a fifth of itself, then goes.
        let mut load = 0.0;
        for impulse in [100.0, 100.0] {
            load = next_load(load, impulse, false);
        }
        assert!((load as Real) < 0.2 * 100.0, "{load}");
        assert_eq!(next_load(load, 1.0, false), 1.0);
    }
}

//! Room `solver`: the soft step (Box2D v3) on working copies of the awake
//! bodies — contact constraints (scalar in f64, eight at a time in f32 SIMD
//! lanes), islands and colouring, substep integration, restitution, RK4.
//!
//! It works on its own `SolverScratch` and never sees the `World`: the
//! world's step (`world/step/`) hands it the bodies, contacts and joints it
//! reads and takes its results back. Its stages, in step order:
//! - build islands (`islands.rs`): links, islands, which of them iterate to
//!   convergence (`island_needs.rs`) and solve order (`solver_order.rs`,
//!   `union_find.rs`, `graph_color.rs`), lanes;
//! - prepare contacts (`contact_setup.rs`; one constraint:
//!   `contact_constraint.rs`);
//! - the substeps (`substep.rs`): integrate velocities and positions
//!   (`integrate.rs`), warm start, solve and relax — contacts by
//!   `contact_solver.rs` (the readable reference) or `wide/` (the fast
//!   path), joints by `joints/solver.rs`;
//! - restitution (`restitution.rs`; bounces never add energy:
//!   `bounce_cap.rs`), store contact impulses
//!   (`contact_setup.rs`) and the loads that decide how much of them the
//!   next step is warm-started with (`warm_load.rs`: an impact's surplus
//!   is not re-applied), RK4 for free bodies (`rk4.rs`).
//!
//! Shared by them: `solver_body.rs` (a body's working copy), `softness.rs`
//! (soft constraint coefficients), `scratch.rs` (everything per step).

mod bounce_cap;
mod contact_constraint;
mod contact_setup;
mod contact_solver;
mod elastic;
mod graph_color;
mod integrate;
pub(crate) mod island_needs;
mod islands;
mod restitution;
pub(crate) mod rk4;
pub(crate) mod scratch;
pub(crate) mod softness;
pub(crate) mod solver_body;
mod solver_order;
mod substep;
mod union_find;
mod warm_load;
mod wide;

pub(crate) use contact_setup::{prepare_contacts, store_contact_impulses};
pub(crate) use islands::{build_islands, Candidate};
#[cfg(test)]
pub(crate) use islands::{LINKS_REUSED_FOR_TESTS, REUSE_LINKS_FOR_TESTS};
pub(crate) use restitution::restitution;
pub(crate) use scratch::SolverScratch;
pub(crate) use substep::{integrate_positions, integrate_velocities, relax, solve, warm_start};
pub(crate) use warm_load::note_impacts;

/// The two passes over the constraints in every substep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// With the soft position bias: overlap is pushed apart (at most at
    /// `contact_push_speed`), speculative gaps close exactly.
    Solve,
    /// Without it: velocities only, so the push-out leaves no energy
    /// behind; friction is solved here.
    Relax,
}

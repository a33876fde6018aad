mod contact_constraint;
mod contact_setup;
mod contact_solver;
mod graph_color;
mod integrate;
mod islands;
mod restitution;
pub(crate) mod rk4;
pub(crate) mod scratch;
pub(crate) mod softness;
pub(crate) mod solver_body;
mod solver_order;
mod substep;
mod union_find;
mod wide;

pub(crate) use contact_setup::{prepare_contacts, store_contact_impulses};
pub(crate) use islands::build_islands;
pub(crate) use restitution::restitution;
pub(crate) use scratch::SolverScratch;
pub(crate) use substep::{integrate_positions, integrate_velocities, relax, solve, warm_start};

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

pub(crate) mod contact_setup;
pub mod contact_solver;
pub(crate) mod graph_color;
pub(crate) mod rk4;
pub mod softness;
pub mod solver_body;
pub(crate) mod solver_order;
pub(crate) mod wide;

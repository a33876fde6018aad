//! physbox: a scriptable 2D physics sandbox.

pub mod app;
pub mod physics;
pub mod script;
pub mod testbed;

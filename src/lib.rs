//! physbox: a scriptable 2D physics sandbox.

pub mod physics;
pub mod testbed;

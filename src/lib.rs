//! physbox: a scriptable 2D physics sandbox.

pub mod app;
pub mod physics;
pub mod platform;
pub mod render;
pub mod script;
pub mod testbed;

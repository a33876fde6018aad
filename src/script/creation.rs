//! The creation record: which bodies the scene file built, in order, with
//! the arguments it built them from. Keep-state reload matches bodies across
//! two versions of a file by these records (name, else creation order and
//! constructor kind) and compares the arguments to decide whether a body
//! keeps its live pose (the file did not move it) or takes the new one.
//!
//! Only bodies built while the scene file runs are recorded: bodies that
//! callbacks create later (`update`, `on_key`, ...) or that the mouse tools
//! place are live state, not part of the file's construction.

use crate::physics::BodyId;

/// One body the scene file built.
#[derive(Clone, Debug, PartialEq)]
pub struct Creation {
    pub body: BodyId,
    pub name: Option<String>,
    /// The constructor: "circle", "box", "polygon" or "segment"; "rope"
    /// for each mass of a rope (its args: where the rope put it).
    pub kind: &'static str,
    /// The pose arguments as given (defaults filled in).
    pub args: PoseArgs,
    /// Where the file made it.
    pub origin: Option<crate::script::Origin>,
}

/// `x, y, angle, vx, vy, omega` of a constructor call.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PoseArgs {
    pub x: f64,
    pub y: f64,
    pub angle: f64,
    pub vx: f64,
    pub vy: f64,
    pub omega: f64,
}

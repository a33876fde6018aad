//! Room `solver/wide`: the contact solver eight constraints at a time in
//! single-precision SIMD lanes (Box2D v3's wide solver), for the colour
//! groups of big islands; the formulas of `solver/contact_solver.rs`.
//!
//! - `lanes.rs`: eight-lane `f32` vectors and masks (AVX on x86-64);
//! - `gather.rs`: the bodies of eight constraints into lanes and back;
//! - `constraint.rs`: bundles of constraints, filled and read lane by lane;
//! - `prepare.rs`: what preparing them computes, eight lanes at a time;
//! - `contact_solver.rs`: warm start and one phase over all bundles.

pub(crate) mod constraint;
pub(crate) mod contact_solver;
pub(crate) mod gather;
pub(crate) mod lanes;
pub(crate) mod prepare;

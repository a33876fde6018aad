//! The one error type of the engine. Every fallible call returns it; nothing
//! in `physics` panics on user input.

use crate::physics::math::{is_finite_vec, Real, Vec2};
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
pub enum PhysicsError {
    /// A shape that cannot be simulated: too few distinct points, zero area,
    /// self-intersection, non-positive size.
    InvalidShape(String),
    /// A number that is NaN or infinite where a finite one is required.
    NonFinite(String),
    /// Any other argument out of its range (negative mass, unknown body type…).
    InvalidArgument(String),
    /// An id whose object was destroyed (or never existed).
    StaleId(String),
}

impl fmt::Display for PhysicsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhysicsError::InvalidShape(m)
            | PhysicsError::NonFinite(m)
            | PhysicsError::InvalidArgument(m)
            | PhysicsError::StaleId(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for PhysicsError {}

pub type PhysicsResult<T> = Result<T, PhysicsError>;

/// Check that a number is finite, naming it in the error.
pub fn require_finite(what: &str, v: f64) -> PhysicsResult<f64> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(PhysicsError::NonFinite(format!(
            "{what} must be a finite number, got {v}"
        )))
    }
}

/// Check that a number is finite and strictly positive, naming it in the error.
pub fn require_positive(what: &str, v: f64) -> PhysicsResult<f64> {
    require_finite(what, v)?;
    if v > 0.0 {
        Ok(v)
    } else {
        Err(PhysicsError::InvalidShape(format!(
            "{what} must be a positive number, got {v}"
        )))
    }
}

/// Check that a vector is finite, naming it in the error.
pub(crate) fn check_vec(what: &str, v: Vec2) -> PhysicsResult<Vec2> {
    if is_finite_vec(v) {
        Ok(v)
    } else {
        Err(PhysicsError::NonFinite(format!(
            "{what} must be finite, got ({}, {})",
            v.x, v.y
        )))
    }
}

/// Check that a number is finite and not negative, naming it in the error.
pub(crate) fn check_non_negative(what: &str, v: Real) -> PhysicsResult<Real> {
    require_finite(what, v)?;
    if v < 0.0 {
        return Err(PhysicsError::InvalidArgument(format!(
            "{what} must not be negative, got {v}"
        )));
    }
    Ok(v)
}

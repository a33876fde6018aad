//! The documented range of every numeric body option and field
//! (docs/lua-api.md, "Ranges"). Finite is not enough: `box { h = 1e160 }`
//! made an infinite inertia, a gravity scale of 1e308 an infinite force, a
//! segment end at 1.8e308 an infinite box for the broad phase — each a NaN
//! in the world a step later. These bounds are far beyond any scene (a
//! million metres, a million m/s) and far inside what f64 arithmetic on
//! them (areas, inertias, impulses) can hold.

/// Coordinates (m) of positions, points and anchors.
pub const COORDINATE: f64 = 1e9;
/// Sizes (m): widths, heights, radii.
pub const SIZE: f64 = 1e6;
/// The smallest width, height or radius (m): a denormal size made a
/// body whose mass and inertia underflowed to NaN.
pub const MIN_SIZE: f64 = 1e-4;
/// Largest force, torque, stiffness and the like the API takes.
pub const FORCE: f64 = crate::physics::settings::MAX_FORCE;

/// The closed range of a numeric option or field, if it has one beyond
/// being finite (kinds with their own checks, like `density > 0`, are
/// bounded here from above).
pub fn range_of(key: &str) -> Option<(f64, f64)> {
    Some(match key {
        "x" | "y" | "x1" | "y1" | "x2" | "y2" => (-COORDINATE, COORDINATE),
        "w" | "h" | "r" => (MIN_SIZE, SIZE),
        "radius" => (0.0, SIZE),
        "angle" => (-1e6, 1e6),
        "vx" | "vy" | "omega" => (-1e6, 1e6),
        "density" => (1e-6, 1e9),
        "mass" => (1e-6, 1e12),
        // Joints and ropes.
        "k" | "damping" | "max_force" | "breaking_force" => (0.0, FORCE),
        "damping_ratio" => (0.0, 1e3),
        "hertz" => (1e-3, 1e6),
        "length" | "min" | "max" => (0.0, 2.0 * COORDINATE),
        "friction" => (0.0, 100.0),
        "restitution" => (0.0, 10.0),
        "gravity_scale" => (-1e3, 1e3),
        "linear_damping" | "angular_damping" => (0.0, 1e6),
        _ => return None,
    })
}

/// `None` when `n` is inside `key`'s range, else the message, which calls
/// the value `label` (`'h'` for an option, `body.x` for a field).
pub fn out_of_range(label: &str, key: &str, n: f64) -> Option<String> {
    let (lo, hi) = range_of(key)?;
    (!(lo..=hi).contains(&n)).then(|| format!("{label} must be from {lo:e} to {hi:e}, got {n:e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_values_pass_and_absurd_ones_name_the_key() {
        assert!(out_of_range("'x'", "x", -12.5).is_none());
        assert!(out_of_range("r", "restitution", 1.0).is_none());
        assert!(out_of_range("u", "unknown", 1e300).is_none());
        let m = out_of_range("'h'", "h", 1e160).unwrap();
        assert!(m.contains("'h'") && m.contains("1e160"), "{m}");
        assert!(out_of_range("g", "gravity_scale", 1e308).is_some());
        assert!(out_of_range("r", "restitution", 1e300).is_some());
    }
}

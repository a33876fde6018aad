//! A node's box in single precision.
//!
//! The tree's queries and insertions are walks over nodes scattered in a
//! pool far bigger than the cache (10,000 proxies: 20,000 nodes), so what a
//! node costs is mostly the memory it occupies. Its box in `f32` is half the
//! size of the `f64` box the world computes, and a node fits in 48 bytes
//! instead of 64.
//!
//! Every box is rounded *outward* on the way in (`around`): the `f32` box
//! always holds the `f64` one it was made from. A proxy's box therefore
//! still holds its shape, a parent still holds its children (rounding
//! outward is monotonic), and a query box rounded outward finds every
//! overlap the exact boxes have, plus at most those within a rounding step
//! (a few micrometres at a kilometre from the origin): a broad phase may
//! report a pair the narrow phase then rejects, never miss one. (Far out
//! the steps grow: 0.06 m at 1,000 km, where a resting body's box can look
//! outgrown to `World::refresh_proxies` and be trimmed every few steps —
//! a cost, never a wrong answer.)
//!
//! Measured side by side with the `f64` boxes (alternating runs on one
//! core): rain's step −8.6 % (its pair search −17 %), tumbler −3.6 %,
//! joint_grid's pair search −7 %; ball_pit_2000 +1 %, large_pyramid within
//! the noise.

use crate::physics::math::{Aabb, Real, Vec2};

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct NodeBox {
    min: [f32; 2],
    max: [f32; 2],
}

/// The largest `f32` not above `x` (an infinite or NaN `x` as `as` gives it).
#[inline]
fn down(x: Real) -> f32 {
    let f = x as f32;
    if (f as Real) > x {
        -step_up(-f)
    } else {
        f
    }
}

/// The smallest `f32` not below `x`.
#[inline]
fn up(x: Real) -> f32 {
    let f = x as f32;
    if (f as Real) < x {
        step_up(f)
    } else {
        f
    }
}

/// The next `f32` above a finite `f` (`f32::next_up`, which needs a newer
/// Rust than the project's minimum). Only called for a rounded-down `f`
/// below a finite `x`, so never at the largest `f32`.
#[inline]
fn step_up(f: f32) -> f32 {
    if f == 0.0 {
        return f32::from_bits(1);
    }
    let bits = f.to_bits();
    f32::from_bits(if f > 0.0 { bits + 1 } else { bits - 1 })
}

impl NodeBox {
    pub const ZERO: NodeBox = NodeBox {
        min: [0.0; 2],
        max: [0.0; 2],
    };

    /// The smallest single-precision box holding `b`.
    #[inline]
    pub fn around(b: &Aabb) -> NodeBox {
        NodeBox {
            min: [down(b.min.x), down(b.min.y)],
            max: [up(b.max.x), up(b.max.y)],
        }
    }

    /// The same box in the world's precision (exact: every `f32` is an
    /// `f64`).
    #[inline]
    pub fn to_aabb(self) -> Aabb {
        Aabb {
            min: Vec2::new(self.min[0] as Real, self.min[1] as Real),
            max: Vec2::new(self.max[0] as Real, self.max[1] as Real),
        }
    }

    #[inline(always)]
    pub fn overlaps(&self, o: &NodeBox) -> bool {
        self.min[0] <= o.max[0]
            && o.min[0] <= self.max[0]
            && self.min[1] <= o.max[1]
            && o.min[1] <= self.max[1]
    }

    #[inline(always)]
    pub fn contains(&self, o: &NodeBox) -> bool {
        self.min[0] <= o.min[0]
            && self.min[1] <= o.min[1]
            && o.max[0] <= self.max[0]
            && o.max[1] <= self.max[1]
    }

    #[inline(always)]
    pub fn union(&self, o: &NodeBox) -> NodeBox {
        NodeBox {
            min: [self.min[0].min(o.min[0]), self.min[1].min(o.min[1])],
            max: [self.max[0].max(o.max[0]), self.max[1].max(o.max[1])],
        }
    }

    /// The surface-area heuristic's measure (in 2D the perimeter).
    #[inline(always)]
    pub fn perimeter(&self) -> Real {
        let w = self.max[0] as Real - self.min[0] as Real;
        let h = self.max[1] as Real - self.min[1] as Real;
        2.0 * (w + h)
    }

    #[inline]
    pub fn center(&self) -> Vec2 {
        self.to_aabb().center()
    }

    #[inline]
    pub fn extents(&self) -> Vec2 {
        self.to_aabb().extents()
    }

    pub fn is_finite(&self) -> bool {
        self.min.iter().chain(&self.max).all(|v| v.is_finite())
    }
}

/// Snapshots keep writing the tree's boxes as `Aabb`s (the same JSON as
/// before), and read them back rounded outward, so a tree written by an
/// older version (in `f64`) still holds its children when read.
impl serde::Serialize for NodeBox {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_aabb().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for NodeBox {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<NodeBox, D::Error> {
        Aabb::deserialize(d).map(|b| NodeBox::around(&b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_outward_holds_the_exact_box() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2.0e4
        };
        for _ in 0..10_000 {
            let (x, y) = (next(), next());
            let b = Aabb::new(Vec2::new(x, y), Vec2::new(x + 0.3, y + 1e-7));
            let r = NodeBox::around(&b).to_aabb();
            assert!(r.contains(&b), "{b:?} -> {r:?}");
            // At most one rounding step out on each side.
            assert!(r.min.x > b.min.x - 2e-3 && r.max.y < b.max.y + 2e-3);
        }
        for x in [1e-50, -1e-50, 0.1, -0.1, 3.0e38, -3.0e38] {
            let b = NodeBox::around(&Aabb::new(Vec2::splat(x), Vec2::splat(x)));
            let r = b.to_aabb();
            assert!(
                r.min.x <= x && x <= r.max.x && r.min.x < r.max.x,
                "{x}: {r:?}"
            );
        }
        let exact = Aabb::new(Vec2::new(-1.5, 0.25), Vec2::new(2.0, 3.0));
        assert_eq!(NodeBox::around(&exact).to_aabb(), exact);
    }
}

//! Four-lane vectors of the engine's scalar, for the wide contact solver.
//!
//! Plain `[Real; 4]` with element-wise operators: LLVM turns them into SSE2
//! pairs on any x86-64 and into single AVX instructions inside functions
//! compiled with AVX enabled. Every lane does exactly the arithmetic the
//! scalar code does, in the same order, with no fused multiply-add, so the
//! wide and scalar solvers give bit-identical results on every machine.

use super::math::Real;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

pub const LANES: usize = 4;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct W(pub [Real; LANES]);

/// Per-lane condition: all bits set (true) or clear (false), the form SIMD
/// comparisons produce, so selects are plain bitwise blends.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct Mask(pub [u64; LANES]);

#[inline(always)]
fn bits(b: bool) -> u64 {
    (b as u64).wrapping_neg()
}

macro_rules! lanes {
    (|$i:ident| $e:expr) => {{
        [
            {
                let $i = 0;
                $e
            },
            {
                let $i = 1;
                $e
            },
            {
                let $i = 2;
                $e
            },
            {
                let $i = 3;
                $e
            },
        ]
    }};
}

impl W {
    pub const ZERO: W = W([0.0; LANES]);
    pub const ONE: W = W([1.0; LANES]);

    #[inline(always)]
    pub fn splat(x: Real) -> W {
        W([x; LANES])
    }

    #[inline(always)]
    pub fn max(self, o: W) -> W {
        W(lanes!(|i| self.0[i].max(o.0[i])))
    }

    #[inline(always)]
    pub fn min(self, o: W) -> W {
        W(lanes!(|i| self.0[i].min(o.0[i])))
    }

    #[inline(always)]
    pub fn abs(self) -> W {
        W(lanes!(|i| self.0[i].abs()))
    }

    #[inline(always)]
    pub fn gt(self, o: W) -> Mask {
        Mask(lanes!(|i| bits(self.0[i] > o.0[i])))
    }

    #[inline(always)]
    pub fn ge(self, o: W) -> Mask {
        Mask(lanes!(|i| bits(self.0[i] >= o.0[i])))
    }

    #[inline(always)]
    pub fn lt(self, o: W) -> Mask {
        Mask(lanes!(|i| bits(self.0[i] < o.0[i])))
    }

    #[inline(always)]
    pub fn le(self, o: W) -> Mask {
        Mask(lanes!(|i| bits(self.0[i] <= o.0[i])))
    }

    /// `mask ? a : b` per lane.
    #[inline(always)]
    pub fn select(mask: Mask, a: W, b: W) -> W {
        W(lanes!(|i| Real::from_bits(
            (a.0[i].to_bits() & mask.0[i]) | (b.0[i].to_bits() & !mask.0[i])
        )))
    }

    /// Largest lane.
    #[inline(always)]
    pub fn reduce_max(self) -> Real {
        self.0[0].max(self.0[1]).max(self.0[2].max(self.0[3]))
    }
}

impl Mask {
    pub const ALL: Mask = Mask([u64::MAX; LANES]);

    #[inline(always)]
    pub fn from_bools(b: [bool; LANES]) -> Mask {
        Mask(lanes!(|i| bits(b[i])))
    }

    #[inline(always)]
    pub fn and(self, o: Mask) -> Mask {
        Mask(lanes!(|i| self.0[i] & o.0[i]))
    }

    #[inline(always)]
    pub fn or(self, o: Mask) -> Mask {
        Mask(lanes!(|i| self.0[i] | o.0[i]))
    }

    #[inline(always)]
    pub fn not(self) -> Mask {
        Mask(lanes!(|i| !self.0[i]))
    }

    #[inline(always)]
    pub fn any(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) != 0
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for W {
            type Output = W;
            #[inline(always)]
            fn $f(self, o: W) -> W {
                W(lanes!(|i| self.0[i] $op o.0[i]))
            }
        }
    };
}
binop!(Add, add, +);
binop!(Sub, sub, -);
binop!(Mul, mul, *);

impl std::ops::Div for W {
    type Output = W;
    #[inline(always)]
    fn div(self, o: W) -> W {
        W(lanes!(|i| self.0[i] / o.0[i]))
    }
}

impl Neg for W {
    type Output = W;
    #[inline(always)]
    fn neg(self) -> W {
        W(lanes!(|i| -self.0[i]))
    }
}

impl AddAssign for W {
    #[inline(always)]
    fn add_assign(&mut self, o: W) {
        *self = *self + o;
    }
}

impl SubAssign for W {
    #[inline(always)]
    fn sub_assign(&mut self, o: W) {
        *self = *self - o;
    }
}

impl Mul<W> for Real {
    type Output = W;
    #[inline(always)]
    fn mul(self, o: W) -> W {
        W::splat(self) * o
    }
}

/// A 2D vector of lanes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V2 {
    pub x: W,
    pub y: W,
}

impl V2 {
    #[inline(always)]
    pub fn dot(self, o: V2) -> W {
        self.x * o.x + self.y * o.y
    }

    /// Scalar (z) angular velocity × this radius.
    #[inline(always)]
    pub fn cross_sv(s: W, v: V2) -> V2 {
        V2 {
            x: -s * v.y,
            y: s * v.x,
        }
    }

    /// 2D cross product r × p.
    #[inline(always)]
    pub fn cross(self, o: V2) -> W {
        self.x * o.y - self.y * o.x
    }

    #[inline(always)]
    pub fn scale(self, s: W) -> V2 {
        V2 {
            x: s * self.x,
            y: s * self.y,
        }
    }
}

impl Add for V2 {
    type Output = V2;
    #[inline(always)]
    fn add(self, o: V2) -> V2 {
        V2 {
            x: self.x + o.x,
            y: self.y + o.y,
        }
    }
}

impl Sub for V2 {
    type Output = V2;
    #[inline(always)]
    fn sub(self, o: V2) -> V2 {
        V2 {
            x: self.x - o.x,
            y: self.y - o.y,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_match_scalar_arithmetic() {
        let a = W([1.0, -2.0, 3.5, 0.0]);
        let b = W([0.5, 4.0, -1.0, 2.0]);
        assert_eq!((a + b).0, [1.5, 2.0, 2.5, 2.0]);
        assert_eq!((a * b).0, [0.5, -8.0, -3.5, 0.0]);
        assert_eq!(a.max(b).0, [1.0, 4.0, 3.5, 2.0]);
        let m = a.gt(b);
        assert_eq!(m.0, [u64::MAX, 0, u64::MAX, 0]);
        assert_eq!(W::select(m, a, b).0, [1.0, 4.0, 3.5, 2.0]);
        assert_eq!(a.reduce_max(), 3.5);
    }
}

//! Eight-lane single-precision vectors for the wide contact solver.
//!
//! The wide solver handles big islands (piles of hundreds or thousands of
//! bodies, solved one pass per phase) the way Box2D v3 does: eight
//! constraints at a time in `f32`. Half the bytes of double precision means
//! the constraint data of a 5,000-box pile stays in the CPU caches, and twice
//! the lanes per instruction. Small islands — where the seeds' precision
//! experiments live — keep the double-precision scalar solver, and body
//! state stays `f64` throughout (each lane reads and writes it converted).
//!
//! Stored as `[f32; 8]`. On x86-64 the arithmetic, comparisons and blends
//! are AVX intrinsics (the wide solver runs only where the CPU has AVX —
//! `available()` — inside functions compiled with it); elsewhere they are
//! plain element-wise loops. No fused multiply-add, so results are the same
//! on every machine that runs the wide path.

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

pub const LANES: usize = 8;

/// The lane scalar.
pub type Lane = f32;

/// Can the wide solver run on this CPU?
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        true
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct W(pub [Lane; LANES]);

/// Per-lane condition: all bits set (true) or clear (false), the form SIMD
/// comparisons produce, so selects are blends.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C, align(32))]
pub struct Mask(pub [u32; LANES]);

#[inline(always)]
fn bits(b: bool) -> u32 {
    (b as u32).wrapping_neg()
}

/// AVX forms of the lane operations. Only reached from code that runs after
/// `available()` said yes (the wide solver's entry points check it).
#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{Mask, W};
    use std::arch::x86_64::*;

    #[inline(always)]
    pub fn v(a: W) -> __m256 {
        // SAFETY: both are 32 bytes of eight f32 lanes.
        unsafe { std::mem::transmute::<W, __m256>(a) }
    }

    #[inline(always)]
    pub fn w(a: __m256) -> W {
        // SAFETY: as above.
        unsafe { std::mem::transmute::<__m256, W>(a) }
    }

    #[inline(always)]
    pub fn m(a: Mask) -> __m256 {
        // SAFETY: 32 bytes either way; a mask lane is all ones or all zeros.
        unsafe { std::mem::transmute::<Mask, __m256>(a) }
    }

    #[inline(always)]
    pub fn mask(a: __m256) -> Mask {
        // SAFETY: as above.
        unsafe { std::mem::transmute::<__m256, Mask>(a) }
    }

    macro_rules! avx_op {
        ($name:ident, $intr:ident) => {
            #[inline(always)]
            pub fn $name(a: W, b: W) -> W {
                // SAFETY: the CPU has AVX (see the module comment).
                w(unsafe { $intr(v(a), v(b)) })
            }
        };
    }
    avx_op!(add, _mm256_add_ps);
    avx_op!(sub, _mm256_sub_ps);
    avx_op!(mul, _mm256_mul_ps);
    avx_op!(div, _mm256_div_ps);

    macro_rules! avx_cmp {
        ($name:ident, $pred:ident) => {
            #[inline(always)]
            pub fn $name(a: W, b: W) -> Mask {
                // SAFETY: the CPU has AVX. Ordered, quiet predicates: NaN
                // compares false, as Rust's operators do.
                mask(unsafe { _mm256_cmp_ps::<$pred>(v(a), v(b)) })
            }
        };
    }
    avx_cmp!(gt, _CMP_GT_OQ);
    avx_cmp!(ge, _CMP_GE_OQ);
    avx_cmp!(lt, _CMP_LT_OQ);
    avx_cmp!(le, _CMP_LE_OQ);

    #[inline(always)]
    pub fn select(k: Mask, a: W, b: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_blendv_ps(v(b), v(a), m(k)) })
    }

    #[inline(always)]
    pub fn and(a: Mask, b: Mask) -> Mask {
        // SAFETY: the CPU has AVX.
        mask(unsafe { _mm256_and_ps(m(a), m(b)) })
    }

    #[inline(always)]
    pub fn or(a: Mask, b: Mask) -> Mask {
        // SAFETY: the CPU has AVX.
        mask(unsafe { _mm256_or_ps(m(a), m(b)) })
    }

    #[inline(always)]
    pub fn not(a: Mask) -> Mask {
        // SAFETY: the CPU has AVX.
        mask(unsafe { _mm256_andnot_ps(m(a), m(Mask::ALL)) })
    }

    #[inline(always)]
    pub fn any(a: Mask) -> bool {
        // SAFETY: the CPU has AVX.
        unsafe { _mm256_movemask_ps(m(a)) != 0 }
    }

    #[inline(always)]
    pub fn all(a: Mask) -> bool {
        // SAFETY: the CPU has AVX.
        unsafe { _mm256_movemask_ps(m(a)) == 0xff }
    }

    /// Rust's `f32::max` lane by lane: the larger; the other operand when one
    /// is NaN (`maxps(b, a)` returns `a` when either is NaN, so NaN lanes of
    /// `a` are patched to `b`).
    #[inline(always)]
    pub fn max(a: W, b: W) -> W {
        // SAFETY: the CPU has AVX.
        unsafe {
            let mx = _mm256_max_ps(v(b), v(a));
            let a_nan = _mm256_cmp_ps::<_CMP_UNORD_Q>(v(a), v(a));
            w(_mm256_blendv_ps(mx, v(b), a_nan))
        }
    }

    /// `_mm256_blendv_ps` is two or three micro-ops on recent Intel cores
    /// (its mask must be read as well); these forms of the solver's common
    /// selects are one (or two), with the same bits.
    #[inline(always)]
    pub fn keep(k: Mask, a: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_and_ps(m(k), v(a)) })
    }

    /// `maxps(lo, x)` is `lo > x ? lo : x`, NaN in either giving `x`:
    /// exactly `select(x < lo, lo, x)`.
    #[inline(always)]
    pub fn at_least(x: W, lo: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_max_ps(v(lo), v(x)) })
    }

    /// `minps(hi, x)` is `hi < x ? hi : x`, NaN in either giving `x`:
    /// exactly `select(x > hi, hi, x)`.
    #[inline(always)]
    pub fn at_most(x: W, hi: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_min_ps(v(hi), v(x)) })
    }

    /// `max(a, 0)` as `max` gives it: `maxps(0, a)` with NaN lanes of `a`
    /// cleared to +0 by a mask instead of a blend.
    #[inline(always)]
    pub fn max_zero(a: W) -> W {
        // SAFETY: the CPU has AVX.
        unsafe {
            let mx = _mm256_max_ps(_mm256_setzero_ps(), v(a));
            let ordered = _mm256_cmp_ps::<_CMP_ORD_Q>(v(a), v(a));
            w(_mm256_and_ps(ordered, mx))
        }
    }

    /// `maxps(x, acc)` is `x > acc ? x : acc`, NaN in either giving `acc`.
    #[inline(always)]
    pub fn grow_to(acc: W, x: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_max_ps(v(x), v(acc)) })
    }

    /// The sign bits cleared, exactly what scalar `abs` does.
    #[inline(always)]
    pub fn abs(a: W) -> W {
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_andnot_ps(_mm256_set1_ps(-0.0), v(a)) })
    }

    #[inline(always)]
    pub fn and_not(a: Mask, b: Mask) -> Mask {
        // SAFETY: the CPU has AVX.
        mask(unsafe { _mm256_andnot_ps(m(b), m(a)) })
    }

    #[inline(always)]
    pub fn neg(a: W) -> W {
        // Flip the sign bits, exactly what scalar negation does.
        // SAFETY: the CPU has AVX.
        w(unsafe { _mm256_xor_ps(v(a), _mm256_set1_ps(-0.0)) })
    }
}

/// `$avx` on x86-64, `$portable` elsewhere.
macro_rules! simd {
    ($avx:expr, $portable:expr) => {{
        #[cfg(target_arch = "x86_64")]
        {
            $avx
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $portable
        }
    }};
}

impl W {
    pub const ZERO: W = W([0.0; LANES]);
    pub const ONE: W = W([1.0; LANES]);

    #[inline(always)]
    pub fn splat(x: Lane) -> W {
        W([x; LANES])
    }

    #[inline(always)]
    pub fn max(self, o: W) -> W {
        simd!(
            avx::max(self, o),
            W(std::array::from_fn(|i| self.0[i].max(o.0[i])))
        )
    }

    #[inline(always)]
    pub fn gt(self, o: W) -> Mask {
        simd!(
            avx::gt(self, o),
            Mask(std::array::from_fn(|i| bits(self.0[i] > o.0[i])))
        )
    }

    #[inline(always)]
    pub fn ge(self, o: W) -> Mask {
        simd!(
            avx::ge(self, o),
            Mask(std::array::from_fn(|i| bits(self.0[i] >= o.0[i])))
        )
    }

    #[inline(always)]
    pub fn lt(self, o: W) -> Mask {
        simd!(
            avx::lt(self, o),
            Mask(std::array::from_fn(|i| bits(self.0[i] < o.0[i])))
        )
    }

    #[inline(always)]
    pub fn le(self, o: W) -> Mask {
        simd!(
            avx::le(self, o),
            Mask(std::array::from_fn(|i| bits(self.0[i] <= o.0[i])))
        )
    }

    /// `self.max(W::ZERO)` without the blend `max` needs for NaN lanes.
    #[inline(always)]
    pub fn max_zero(self) -> W {
        simd!(
            avx::max_zero(self),
            W(std::array::from_fn(|i| self.0[i].max(0.0)))
        )
    }

    /// `self.max(x)` for a running maximum `self` that is never NaN (a NaN
    /// `x` leaves it as it is, as `max` does), in one micro-op.
    #[inline(always)]
    pub fn grow_to(self, x: W) -> W {
        simd!(
            avx::grow_to(self, x),
            W(std::array::from_fn(|i| if x.0[i] > self.0[i] {
                x.0[i]
            } else {
                self.0[i]
            }))
        )
    }

    #[inline(always)]
    pub fn abs(self) -> W {
        simd!(avx::abs(self), W(std::array::from_fn(|i| self.0[i].abs())))
    }

    /// `select(self.lt(lo), lo, self)`: raised to `lo` where below it.
    #[inline(always)]
    pub fn at_least(self, lo: W) -> W {
        simd!(avx::at_least(self, lo), W::select(self.lt(lo), lo, self))
    }

    /// `select(self.gt(hi), hi, self)`: lowered to `hi` where above it.
    #[inline(always)]
    pub fn at_most(self, hi: W) -> W {
        simd!(avx::at_most(self, hi), W::select(self.gt(hi), hi, self))
    }

    /// `select(mask, a, W::ZERO)`: `a` in the lanes of `mask`, +0 in the
    /// others.
    #[inline(always)]
    pub fn keep(mask: Mask, a: W) -> W {
        simd!(
            avx::keep(mask, a),
            W(std::array::from_fn(|i| Lane::from_bits(
                a.0[i].to_bits() & mask.0[i]
            )))
        )
    }

    /// `mask ? a : b` per lane.
    #[inline(always)]
    pub fn select(mask: Mask, a: W, b: W) -> W {
        simd!(
            avx::select(mask, a, b),
            W(std::array::from_fn(|i| {
                Lane::from_bits((a.0[i].to_bits() & mask.0[i]) | (b.0[i].to_bits() & !mask.0[i]))
            }))
        )
    }
}

impl Mask {
    pub const ALL: Mask = Mask([u32::MAX; LANES]);

    #[inline(always)]
    pub fn and(self, o: Mask) -> Mask {
        simd!(
            avx::and(self, o),
            Mask(std::array::from_fn(|i| self.0[i] & o.0[i]))
        )
    }

    #[inline(always)]
    pub fn or(self, o: Mask) -> Mask {
        simd!(
            avx::or(self, o),
            Mask(std::array::from_fn(|i| self.0[i] | o.0[i]))
        )
    }

    /// `self.and(o.not())`, in one instruction.
    #[inline(always)]
    pub fn and_not(self, o: Mask) -> Mask {
        simd!(
            avx::and_not(self, o),
            Mask(std::array::from_fn(|i| self.0[i] & !o.0[i]))
        )
    }

    #[inline(always)]
    pub fn not(self) -> Mask {
        simd!(avx::not(self), Mask(std::array::from_fn(|i| !self.0[i])))
    }

    #[inline(always)]
    pub fn any(self) -> bool {
        simd!(avx::any(self), self.0.iter().any(|&x| x != 0))
    }

    #[inline(always)]
    pub fn all(self) -> bool {
        simd!(avx::all(self), self.0.iter().all(|&x| x != 0))
    }

    /// Lane `i` set to `on`.
    #[inline(always)]
    pub fn set(&mut self, i: usize, on: bool) {
        self.0[i] = bits(on);
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $op:tt) => {
        impl $tr for W {
            type Output = W;
            #[inline(always)]
            fn $f(self, o: W) -> W {
                simd!(
                    avx::$f(self, o),
                    W(std::array::from_fn(|i| self.0[i] $op o.0[i]))
                )
            }
        }
    };
}
binop!(Add, add, +);
binop!(Sub, sub, -);
binop!(Mul, mul, *);
binop!(Div, div, /);

impl Neg for W {
    type Output = W;
    #[inline(always)]
    fn neg(self) -> W {
        simd!(avx::neg(self), W(std::array::from_fn(|i| -self.0[i])))
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

    fn w(x: [Lane; 4]) -> W {
        W([x[0], x[1], x[2], x[3], x[0], x[1], x[2], x[3]])
    }

    #[test]
    fn lanes_match_scalar_arithmetic() {
        if !available() {
            return;
        }
        let a = w([1.0, -2.0, 3.5, 0.0]);
        let b = w([0.5, 4.0, -1.0, 2.0]);
        assert_eq!((a + b).0[..4], [1.5, 2.0, 2.5, 2.0]);
        assert_eq!((a * b).0[..4], [0.5, -8.0, -3.5, 0.0]);
        assert_eq!(a.max(b).0[..4], [1.0, 4.0, 3.5, 2.0]);
        let m = a.gt(b);
        assert_eq!(m.0[..4], [u32::MAX, 0, u32::MAX, 0]);
        assert_eq!(W::select(m, a, b).0[..4], [1.0, 4.0, 3.5, 2.0]);
        assert!(m.any() && !Mask::default().any());
    }

    #[test]
    fn max_matches_scalar_for_zeros_and_nan() {
        if !available() {
            return;
        }
        let nan = Lane::NAN;
        let a = W([-0.0, 0.0, -0.0, 0.0, nan, 1.0, nan, -1.0]);
        let b = W([0.0, -0.0, -0.0, 0.0, 1.0, nan, nan, -2.0]);
        let m = a.max(b);
        for i in 0..LANES {
            let want = std::hint::black_box(a.0[i]).max(std::hint::black_box(b.0[i]));
            assert!(
                m.0[i].to_bits() == want.to_bits() || (m.0[i].is_nan() && want.is_nan()),
                "lane {i}: max({}, {}) = {} but scalar gives {want}",
                a.0[i],
                b.0[i],
                m.0[i]
            );
        }
    }

    /// The one-instruction forms give the very bits of the blends they
    /// replace, signed zeros and NaN included.
    #[test]
    fn short_selects_match_the_blends_bit_for_bit() {
        if !available() {
            return;
        }
        let nan = Lane::NAN;
        let same = |x: W, y: W, what: &str| {
            for i in 0..LANES {
                assert!(
                    x.0[i].to_bits() == y.0[i].to_bits(),
                    "{what}, lane {i}: {} against {}",
                    x.0[i],
                    y.0[i]
                );
            }
        };
        let xs = [
            W([-0.0, 0.0, -0.0, 0.0, nan, 1.0, nan, -1.0]),
            W([2.0, -3.0, 0.5, -0.0, -nan, 7.0, 1e-40, -1e30]),
        ];
        let bounds = [
            W([0.0, -0.0, -0.0, 0.0, 1.0, nan, nan, -2.0]),
            W([1.0, -1.0, 0.5, 0.0, 0.0, -0.0, 1e-40, 3.0]),
        ];
        let mut acc = W::ZERO;
        for x in xs {
            same(x.max_zero(), x.max(W::ZERO), "max_zero");
            same(acc.grow_to(x.abs()), acc.max(x.max(-x)), "grow_to(abs)");
            same(acc.grow_to(x), acc.max(x), "grow_to");
            acc = acc.max(x);
            for b in bounds {
                same(x.at_least(b), W::select(x.lt(b), b, x), "at_least");
                same(x.at_most(b), W::select(x.gt(b), b, x), "at_most");
                let (m, n) = (x.gt(b), x.le(b));
                same(W::keep(m, x), W::select(m, x, W::ZERO), "keep");
                same(
                    W::keep(m.and_not(n), b),
                    W::select(n, W::ZERO, W::select(m, b, W::ZERO)),
                    "and_not",
                );
            }
        }
    }
}

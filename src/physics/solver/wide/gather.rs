//! Moving the bodies of eight constraints into SIMD lanes and back.
//!
//! A `SolverBody` is one 64-byte line of `f64`s laid out as
//! `[v.x, v.y, w, pad | dp.x, dp.y, dq.c, dq.s]`. With AVX, gathering eight
//! of them is eight pairs of 256-bit loads converted to `f32`, then an 8×8
//! transpose in registers (Box2D v3 gathers its `f32` body states the same
//! way); scattering the velocities back is a 4×8 transpose and one 256-bit
//! store per body, which also writes the padding word. Element by element,
//! each lane would be written to memory as a scalar and read back as a
//! vector — a store-forwarding stall per column.
//!
//! Index 0 is the dummy for static bodies. A lane that reaches it computes
//! nothing (zero inverse mass), but its store would still land; the dummy's
//! velocity is reset after each scatter so nothing ever leaks into it.
//!
//! The portable path (no AVX) does the same element by element. Both give
//! the same values: the `f64 → f32` conversion rounds to nearest either way.

#[cfg(not(target_arch = "x86_64"))]
use crate::physics::math::Real;
use crate::physics::solver::solver_body::SolverBody;
#[cfg(any(test, not(target_arch = "x86_64")))]
use crate::physics::solver::wide::lanes::Lane;
use crate::physics::solver::wide::lanes::{LANES, V2, W};

// The layout the AVX loads and stores rely on.
const _: () = {
    use std::mem::{align_of, offset_of, size_of};
    assert!(size_of::<SolverBody>() == 64 && align_of::<SolverBody>() == 64);
    assert!(offset_of!(SolverBody, v) == 0 && offset_of!(SolverBody, w) == 16);
    assert!(offset_of!(SolverBody, pad) == 24 && offset_of!(SolverBody, dp) == 32);
    assert!(offset_of!(SolverBody, dq) == 48);
};

/// The lanes' body state the solver reads.
pub struct WideBody {
    pub v: V2,
    pub w: W,
    pub dp: V2,
    pub qc: W,
    pub qs: W,
}

/// A bundle's lane body indices, each clamped to the last body of the
/// slice they were taken against. Every index a bundle holds is a body
/// (the lanes are prepared from bodies the solver indexed, checked), so
/// the clamp changes nothing; it is what lets `gather` and `scatter` index
/// without a check per lane — those checks were a twentieth of the step's
/// instructions — and without a pass over all bundles first, whose cache
/// misses cost a twentieth of the substeps of a big pile. Taken once per
/// bundle side and used by both its gather and its scatter.
#[derive(Clone, Copy)]
pub struct Rows {
    idx: [u32; LANES],
    /// The length of the slice the indices were clamped to: any slice at
    /// least this long holds them all.
    bound: usize,
}

impl Rows {
    #[inline(always)]
    pub fn of(bodies: &[SolverBody], idx: &[u32; LANES]) -> Rows {
        // Never empty: index 0 is the dummy (the solver's setup puts it there).
        let last = bodies.len().checked_sub(1).expect("no dummy body") as u32;
        debug_assert!(idx.iter().all(|&i| i <= last), "lane body out of range");
        let mut clamped = *idx;
        for i in clamped.iter_mut() {
            *i = (*i).min(last);
        }
        Rows {
            idx: clamped,
            bound: bodies.len(),
        }
    }

    /// The indices as they are, for a bundle already checked.
    ///
    /// # Safety
    /// Every index in `idx` is below `bodies.len()`.
    #[inline(always)]
    pub unsafe fn checked(bodies: &[SolverBody], idx: &[u32; LANES]) -> Rows {
        Rows {
            idx: *idx,
            bound: bodies.len(),
        }
    }

    /// Every index is inside `bodies`: it is at least as long as the slice
    /// the rows were taken against (one compare, not one per lane).
    #[inline(always)]
    fn assert_fits(&self, bodies: &[SolverBody]) {
        assert!(
            self.bound <= bodies.len(),
            "rows taken against another slice"
        );
    }

    /// The rows themselves, from a slice at least as long as the one the
    /// indices were clamped to (one compare, not one per lane).
    #[inline(always)]
    fn of_slice<'a>(&self, bodies: &'a [SolverBody]) -> [&'a SolverBody; LANES] {
        self.assert_fits(bodies);
        // SAFETY: every index is below `bound`, which fits (just above).
        std::array::from_fn(|i| unsafe { bodies.get_unchecked(self.idx[i] as usize) })
    }
}

/// Are all the lanes' body indices of `bundles` inside `bodies`? (One
/// maximum over each bundle's sixteen, which vectorises, and one compare.)
#[inline(always)]
pub fn indices_in_bounds<'a>(
    bodies: &[SolverBody],
    mut lanes: impl Iterator<Item = (&'a [u32; LANES], &'a [u32; LANES])>,
) -> bool {
    let n = bodies.len();
    lanes.all(|(a, b)| {
        let max = a.iter().zip(b).fold(0, |m: u32, (&x, &y)| m.max(x).max(y));
        (max as usize) < n
    })
}

/// Velocities and position changes of the bodies `rows`.
#[inline(always)]
pub fn gather(bodies: &[SolverBody], rows: &Rows) -> WideBody {
    let rows = rows.of_slice(bodies);
    #[cfg(target_arch = "x86_64")]
    {
        avx::gather(&rows)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let col = |f: &dyn Fn(&SolverBody) -> Real| W(std::array::from_fn(|i| f(rows[i]) as Lane));
        WideBody {
            v: V2 {
                x: col(&|b| b.v.x),
                y: col(&|b| b.v.y),
            },
            w: col(&|b| b.w),
            dp: V2 {
                x: col(&|b| b.dp.x),
                y: col(&|b| b.dp.y),
            },
            qc: col(&|b| b.dq.c),
            qs: col(&|b| b.dq.s),
        }
    }
}

/// Only the velocities of the bodies `rows` (the warm start needs no more).
#[inline(always)]
pub fn gather_velocity(bodies: &[SolverBody], rows: &Rows) -> (V2, W) {
    let rows = rows.of_slice(bodies);
    #[cfg(target_arch = "x86_64")]
    {
        avx::gather_velocity(&rows)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let col = |f: &dyn Fn(&SolverBody) -> Real| W(std::array::from_fn(|i| f(rows[i]) as Lane));
        (
            V2 {
                x: col(&|b| b.v.x),
                y: col(&|b| b.v.y),
            },
            col(&|b| b.w),
        )
    }
}

/// Write the lanes' velocities back to the bodies `rows`.
#[inline(always)]
pub fn scatter(bodies: &mut [SolverBody], rows: &Rows, v: V2, w: W) {
    rows.assert_fits(bodies);
    let idx = rows.idx;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: every index is below `rows.bound`, which fits (just above).
    unsafe {
        avx::scatter(bodies, &idx, v, w)
    };
    #[cfg(not(target_arch = "x86_64"))]
    for (i, &k) in idx.iter().enumerate() {
        let b = &mut bodies[k as usize];
        b.v.x = v.x.0[i] as Real;
        b.v.y = v.y.0[i] as Real;
        b.w = w.0[i] as Real;
    }
    let dummy = &mut bodies[0];
    dummy.v = crate::physics::math::Vec2::ZERO;
    dummy.w = 0.0;
}

/// Only reached inside the wide solver's AVX functions (`wide::available()`
/// checked at their entry), where these intrinsics inline.
#[cfg(target_arch = "x86_64")]
mod avx {
    use super::{WideBody, LANES, V2, W};
    use crate::physics::solver::solver_body::SolverBody;
    use std::arch::x86_64::*;

    #[inline(always)]
    fn w(a: __m256) -> W {
        // SAFETY: both are 32 bytes of eight f32 lanes.
        unsafe { std::mem::transmute::<__m256, W>(a) }
    }

    #[inline(always)]
    fn m(a: W) -> __m256 {
        // SAFETY: as above.
        unsafe { std::mem::transmute::<W, __m256>(a) }
    }

    #[inline(always)]
    pub fn gather(rows: &[&SolverBody; LANES]) -> WideBody {
        // SAFETY: the CPU has AVX (module comment); each row is a live,
        // 64-byte aligned SolverBody of eight f64s (repr(C)).
        unsafe {
            let r: [__m256; LANES] = std::array::from_fn(|i| {
                let p = rows[i] as *const SolverBody as *const f64;
                let lo = _mm256_cvtpd_ps(_mm256_load_pd(p));
                let hi = _mm256_cvtpd_ps(_mm256_load_pd(p.add(4)));
                _mm256_set_m128(hi, lo)
            });
            let c = transpose8(r);
            WideBody {
                v: V2 {
                    x: w(c[0]),
                    y: w(c[1]),
                },
                w: w(c[2]),
                dp: V2 {
                    x: w(c[4]),
                    y: w(c[5]),
                },
                qc: w(c[6]),
                qs: w(c[7]),
            }
        }
    }

    #[inline(always)]
    pub fn gather_velocity(rows: &[&SolverBody; LANES]) -> (V2, W) {
        // SAFETY: as `gather`, reading the first 32 bytes of each row.
        unsafe {
            let half = |i: usize| {
                let p = rows[i] as *const SolverBody as *const f64;
                _mm256_cvtpd_ps(_mm256_load_pd(p))
            };
            // u[k] = [vx, vy, w, pad] of lane k, then of lane k + 4.
            let u: [__m256; 4] = std::array::from_fn(|k| _mm256_set_m128(half(k + 4), half(k)));
            let t0 = _mm256_unpacklo_ps(u[0], u[1]);
            let t1 = _mm256_unpackhi_ps(u[0], u[1]);
            let t2 = _mm256_unpacklo_ps(u[2], u[3]);
            let t3 = _mm256_unpackhi_ps(u[2], u[3]);
            (
                V2 {
                    x: w(_mm256_shuffle_ps::<0x44>(t0, t2)),
                    y: w(_mm256_shuffle_ps::<0xEE>(t0, t2)),
                },
                w(_mm256_shuffle_ps::<0x44>(t1, t3)),
            )
        }
    }

    /// # Safety
    /// Every index is below `bodies.len()`.
    #[inline(always)]
    pub unsafe fn scatter(bodies: &mut [SolverBody], idx: &[u32; LANES], v: V2, wv: W) {
        // SAFETY: the CPU has AVX; every index is in bounds (the caller's
        // promise), and each store writes the first 32 bytes (v, w,
        // padding) of a 64-byte aligned SolverBody.
        unsafe {
            let zero = _mm256_setzero_ps();
            let t0 = _mm256_unpacklo_ps(m(v.x), m(v.y));
            let t1 = _mm256_unpackhi_ps(m(v.x), m(v.y));
            let t2 = _mm256_unpacklo_ps(m(wv), zero);
            let t3 = _mm256_unpackhi_ps(m(wv), zero);
            // Each holds [vx, vy, w, 0] of lane k (low half) and k + 4.
            let u = [
                _mm256_shuffle_ps::<0x44>(t0, t2),
                _mm256_shuffle_ps::<0xEE>(t0, t2),
                _mm256_shuffle_ps::<0x44>(t1, t3),
                _mm256_shuffle_ps::<0xEE>(t1, t3),
            ];
            let base = bodies.as_mut_ptr();
            for k in 0..4 {
                let low = _mm256_castps256_ps128(u[k]);
                let high = _mm256_extractf128_ps::<1>(u[k]);
                let p = base.add(idx[k] as usize) as *mut f64;
                _mm256_store_pd(p, _mm256_cvtps_pd(low));
                let p = base.add(idx[k + 4] as usize) as *mut f64;
                _mm256_store_pd(p, _mm256_cvtps_pd(high));
            }
        }
    }

    /// Rows → columns: `out[j]` lane `i` = `r[i]` lane `j`.
    #[inline(always)]
    fn transpose8(r: [__m256; 8]) -> [__m256; 8] {
        // SAFETY: register shuffles only; the CPU has AVX.
        unsafe {
            let t0 = _mm256_unpacklo_ps(r[0], r[1]);
            let t1 = _mm256_unpackhi_ps(r[0], r[1]);
            let t2 = _mm256_unpacklo_ps(r[2], r[3]);
            let t3 = _mm256_unpackhi_ps(r[2], r[3]);
            let t4 = _mm256_unpacklo_ps(r[4], r[5]);
            let t5 = _mm256_unpackhi_ps(r[4], r[5]);
            let t6 = _mm256_unpacklo_ps(r[6], r[7]);
            let t7 = _mm256_unpackhi_ps(r[6], r[7]);
            let s0 = _mm256_shuffle_ps::<0x44>(t0, t2);
            let s1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
            let s2 = _mm256_shuffle_ps::<0x44>(t1, t3);
            let s3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
            let s4 = _mm256_shuffle_ps::<0x44>(t4, t6);
            let s5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
            let s6 = _mm256_shuffle_ps::<0x44>(t5, t7);
            let s7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
            [
                _mm256_permute2f128_ps::<0x20>(s0, s4),
                _mm256_permute2f128_ps::<0x20>(s1, s5),
                _mm256_permute2f128_ps::<0x20>(s2, s6),
                _mm256_permute2f128_ps::<0x20>(s3, s7),
                _mm256_permute2f128_ps::<0x31>(s0, s4),
                _mm256_permute2f128_ps::<0x31>(s1, s5),
                _mm256_permute2f128_ps::<0x31>(s2, s6),
                _mm256_permute2f128_ps::<0x31>(s3, s7),
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::math::{Rot, Vec2};

    fn body(k: f64) -> SolverBody {
        SolverBody {
            v: Vec2::new(k + 0.1, k + 0.2),
            w: k + 0.3,
            pad: 0.0,
            dp: Vec2::new(k + 0.4, k + 0.5),
            dq: Rot {
                c: k + 0.6,
                s: k + 0.7,
            },
        }
    }

    fn lanes<F: Fn(f64) -> f64>(idx: &[u32; LANES], f: F) -> W {
        W(std::array::from_fn(|i| f(idx[i] as f64) as Lane))
    }

    #[test]
    fn gather_transposes_and_scatter_writes_only_velocities() {
        if !crate::physics::solver::wide::lanes::available() {
            return;
        }
        let mut bodies: Vec<SolverBody> = (0..12).map(|k| body(k as f64)).collect();
        bodies[0] = SolverBody::STATIC;
        let idx = [3, 0, 7, 11, 1, 0, 5, 9];
        let rows = Rows::of(&bodies, &idx);
        let g = gather(&bodies, &rows);
        let expect = |f: fn(f64) -> f64, dummy: f64| {
            W(std::array::from_fn(|i| {
                if idx[i] == 0 {
                    dummy as Lane
                } else {
                    f(idx[i] as f64) as Lane
                }
            }))
        };
        assert_eq!(g.v.x, expect(|k| k + 0.1, 0.0));
        assert_eq!(g.v.y, expect(|k| k + 0.2, 0.0));
        assert_eq!(g.w, expect(|k| k + 0.3, 0.0));
        assert_eq!(g.dp.x, expect(|k| k + 0.4, 0.0));
        assert_eq!(g.dp.y, expect(|k| k + 0.5, 0.0));
        assert_eq!(g.qc, expect(|k| k + 0.6, 1.0));
        assert_eq!(g.qs, expect(|k| k + 0.7, 0.0));
        let (gv, gw) = gather_velocity(&bodies, &rows);
        assert_eq!((gv.x, gv.y, gw), (g.v.x, g.v.y, g.w));
        let v = V2 {
            x: lanes(&idx, |k| -k),
            y: lanes(&idx, |k| 2.0 * k),
        };
        let w = lanes(&idx, |k| 3.0 * k + 1.0);
        scatter(&mut bodies, &rows, v, w);
        for (k, b) in bodies.iter().enumerate() {
            let kf = k as f64;
            if k == 0 {
                assert_eq!((b.v, b.w), (Vec2::ZERO, 0.0), "the dummy stays still");
            } else if idx.contains(&(k as u32)) {
                assert_eq!(b.v, Vec2::new(-kf, 2.0 * kf));
                assert_eq!(b.w, 3.0 * kf + 1.0);
            } else {
                assert_eq!(b.v, Vec2::new(kf + 0.1, kf + 0.2));
                assert_eq!(b.w, kf + 0.3);
            }
            if k != 0 {
                assert_eq!(b.dp, Vec2::new(kf + 0.4, kf + 0.5), "position untouched");
                assert_eq!((b.dq.c, b.dq.s), (kf + 0.6, kf + 0.7));
            }
        }
    }
}

//! Preparing a bundle's lanes in two parts: what a lane copies from its
//! contact, lane by lane, as the links are walked in contact order
//! (`WideConstraint::prepare_lane`); then, once all of a bundle's lanes
//! are in, what is computed from them, eight lanes at a time
//! (`finish_bundle`): the points' effective masses, their relative velocity
//! at the step start, which friction coefficient applies, and the block
//! matrix of two-point lanes.
//!
//! These are the formulas of the scalar `contact_constraint::prepare`, in
//! the same order of operations, in single precision from the lanes'
//! single-precision inputs (the solver reads them in single precision
//! anyway). Computed lane by lane in double precision and converted, they
//! were half of a big pile's contact preparation: four divisions and some
//! sixty multiplications and additions per contact, and a store per lane
//! and field.
//!
//! A bundle is finished as soon as its last lane is written, while its
//! lines are still in cache (a colour's bundles fill one after another as
//! the contacts are walked; a pass over all of them afterwards would
//! stream many_pyramids' 10 MB of bundles in again).

use crate::physics::math::Real;
use crate::physics::prefetch::prefetch_ref;
use crate::physics::solver::contact_constraint::ContactConstraint;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::solver::wide::constraint::WideConstraint;
use crate::physics::solver::wide::gather::{gather_velocity, Rows};
use crate::physics::solver::wide::lanes::{Lane, Mask, V2, W};

/// What finishing a bundle reads besides the bundle, and what it gives
/// back, one per bundle (beside the bundles, so the substeps never stream
/// it).
/// Two cache lines: the store reads only the first.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub struct WideStart {
    /// Each point's relative normal velocity at the step start
    /// (negative: approaching), for the manifold and its events.
    pub approach: [W; 2],
    /// The static friction coefficient of each lane (the kinetic one waits
    /// in the bundle's `friction` until the finish picks one).
    pub static_friction: W,
}

impl WideStart {
    /// Lane `i`'s approach speeds from a prepared scalar constraint (a
    /// bouncing contact's lane, which the finish leaves alone).
    pub fn set_approach(&mut self, i: usize, c: &ContactConstraint) {
        for (w, cp) in self.approach.iter_mut().zip(&c.points) {
            w.0[i] = cp.relative_velocity as Lane;
        }
    }

    /// Ask for the line the store reads (the approach speeds).
    #[inline(always)]
    pub fn prefetch_approach(&self) {
        prefetch_ref(&self.approach);
    }
}

/// Which lanes of a bundle to finish, and how.
#[derive(Clone, Copy, Debug)]
pub struct Finish {
    /// Bits by lane: the lanes `prepare_lane` filled from their contacts.
    /// Lanes copied from a prepared scalar constraint (bouncing contacts)
    /// and padding lanes are left as they are.
    pub fresh: u8,
    /// The bundle's `SolverScratch::one_point_bundles` flag.
    pub one_point: bool,
    /// Below this sliding speed a point's static friction applies.
    pub stick_speed: Real,
}

/// Finish the fresh lanes of a bundle whose lanes are all written.
pub fn finish_bundle(
    c: &mut WideConstraint,
    start: &mut WideStart,
    bodies: &[SolverBody],
    how: Finish,
) {
    #[cfg(target_arch = "x86_64")]
    {
        // Bundles exist only where the CPU has AVX (the wide solver runs
        // only then: `islands::build_islands`); checked all the same, as
        // every entry point of the wide solver is (a cached flag).
        assert!(
            crate::physics::solver::wide::lanes::available(),
            "the wide solver needs AVX"
        );
        // SAFETY: the CPU supports AVX (just checked).
        unsafe { finish_avx(c, start, bodies, how) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    finish_impl(c, start, bodies, how);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
unsafe fn finish_avx(
    c: &mut WideConstraint,
    start: &mut WideStart,
    bodies: &[SolverBody],
    how: Finish,
) {
    finish_impl(c, start, bodies, how);
}

/// A lane mask from bits by lane.
#[inline(always)]
fn mask_of(bits: u8) -> Mask {
    Mask(std::array::from_fn(|i| {
        if bits & (1 << i) != 0 {
            u32::MAX
        } else {
            0
        }
    }))
}

/// Written out in one function, no closures: a closure is not compiled for
/// the caller's AVX target feature (see `contact_solver::separation`).
#[inline(always)]
fn finish_impl(c: &mut WideConstraint, start: &mut WideStart, bodies: &[SolverBody], how: Finish) {
    let Finish {
        fresh,
        one_point,
        stick_speed,
    } = how;
    let fresh = mask_of(fresh);
    let (va, wa) = gather_velocity(bodies, &Rows::of(bodies, &c.a));
    let (vb, wb) = gather_velocity(bodies, &Rows::of(bodies, &c.b));
    let n = c.n;
    let t = V2 { x: n.y, y: -n.x };
    let zero = W::splat(0.0);
    let one = W::splat(1.0);
    let stick = W::splat(stick_speed as Lane);
    let base = c.ma + c.mb;
    // Normal rows' arms, for the block matrix.
    let mut arms = [(zero, zero); 2];
    let used = if one_point { 1 } else { 2 };
    for (k, arm) in arms.iter_mut().enumerate().take(used) {
        // A lane's second point is all zeros unless it has one.
        let has = if k == 0 { fresh } else { fresh.and(c.two) };
        let cp = &mut c.points[k];
        let rna = cp.ra.cross(n);
        let rnb = cp.rb.cross(n);
        let kn = base + c.ia * rna * rna + c.ib * rnb * rnb;
        let rta = cp.ra.cross(t);
        let rtb = cp.rb.cross(t);
        let kt = base + c.ia * rta * rta + c.ib * rtb * rtb;
        let dv = vb + V2::cross_sv(wb, cp.rb) - va - V2::cross_sv(wa, cp.ra);
        let normal_mass = W::select(kn.gt(zero), one / kn, zero);
        let tangent_mass = W::select(kt.gt(zero), one / kt, zero);
        let sticks = t.dot(dv).abs().lt(stick);
        let friction = W::select(sticks, start.static_friction, cp.friction);
        cp.normal_mass = W::select(has, normal_mass, cp.normal_mass);
        cp.tangent_mass = W::select(has, tangent_mass, cp.tangent_mass);
        cp.friction = W::select(has, friction, cp.friction);
        start.approach[k] = W::select(has, n.dot(dv), start.approach[k]);
        *arm = (rna, rnb);
    }
    if one_point {
        return;
    }
    // The 2×2 normal mass matrix (scalar `block_matrix`): `prepare_lane`
    // left it zero and unusable in every fresh lane.
    let two = fresh.and(c.two);
    let ((rn1a, rn1b), (rn2a, rn2b)) = (arms[0], arms[1]);
    let k11 = base + c.ia * rn1a * rn1a + c.ib * rn1b * rn1b;
    let k22 = base + c.ia * rn2a * rn2a + c.ib * rn2b * rn2b;
    let k12 = base + c.ia * rn1a * rn2a + c.ib * rn1b * rn2b;
    let det = k11 * k22 - k12 * k12;
    let usable = (k11 * k11).lt(W::splat(1000.0) * det);
    c.k11 = W::select(two, k11, c.k11);
    c.k12 = W::select(two, k12, c.k12);
    c.k22 = W::select(two, k22, c.k22);
    c.block = c.block.or(two.and(usable));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::collision::manifold::{Manifold, ManifoldPoint};
    use crate::physics::math::{Rot, Vec2};
    use crate::physics::solver::contact_constraint as cs;
    use crate::physics::solver::softness::Softness;
    use crate::physics::solver::solver_body::SolverBodyInfo;
    use crate::physics::solver::wide::lanes::{available, LANES};

    /// Numbers in [-1, 1), the same every run.
    struct Noise(u64);
    impl Noise {
        fn next(&mut self) -> Real {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 11) as Real / (1u64 << 53) as Real) * 2.0 - 1.0
        }
    }

    fn bodies(noise: &mut Noise) -> (Vec<SolverBody>, Vec<SolverBodyInfo>) {
        let mut bodies = vec![SolverBody::STATIC];
        let mut info = vec![SolverBodyInfo::STATIC];
        for k in 1..10 {
            bodies.push(SolverBody {
                v: Vec2::new(3.0 * noise.next(), 3.0 * noise.next()),
                w: 2.0 * noise.next(),
                pad: 0.0,
                dp: Vec2::ZERO,
                dq: Rot::IDENTITY,
            });
            info.push(SolverBodyInfo {
                inv_mass: 1.0 / (1.0 + k as Real),
                inv_i: 3.0 / (1.0 + noise.next().abs()),
                body: k,
                ..SolverBodyInfo::STATIC
            });
        }
        (bodies, info)
    }

    /// A contact between bodies `a` and `b` with `count` points.
    fn manifold(noise: &mut Noise, count: usize) -> Manifold {
        let angle = 3.0 * noise.next();
        let mut m = Manifold {
            count,
            normal: Vec2::new(angle.cos(), angle.sin()),
            ..Manifold::default()
        };
        for p in m.points.iter_mut().take(count) {
            *p = ManifoldPoint {
                anchor_a: Vec2::new(noise.next(), noise.next()),
                anchor_b: Vec2::new(noise.next(), noise.next()),
                separation: 0.01 * noise.next(),
                normal_impulse: noise.next().abs(),
                tangent_impulse: 0.3 * noise.next(),
                ..ManifoldPoint::default()
            };
        }
        m
    }

    fn close(x: Lane, y: Lane) -> bool {
        (x - y).abs() <= 1e-5 * x.abs().max(y.abs()).max(1.0)
    }

    fn same_lanes(got: &W, want: &W, lanes: usize, what: &str) {
        for i in 0..lanes {
            assert!(
                close(got.0[i], want.0[i]),
                "{what}, lane {i}: {} against {}",
                got.0[i],
                want.0[i]
            );
        }
    }

    /// A bundle prepared lane by lane and finished must hold what the
    /// scalar preparation gives, copied into its lanes: two-point and
    /// one-point lanes, one against a static body, one sticking (static
    /// friction), one bouncing (copied from scalar form, which the finish
    /// must leave alone) and a padding lane.
    #[test]
    fn a_finished_bundle_holds_what_the_scalar_preparation_gives() {
        if !available() {
            return;
        }
        let mut noise = Noise(7);
        let (mut bodies, info) = bodies(&mut noise);
        // Lane 5's bodies barely slide past each other: it sticks.
        bodies[6].v = bodies[5].v;
        bodies[6].w = 0.0;
        bodies[5].w = 0.0;
        let pairs = [(1, 2), (3, 4), (0, 5), (2, 7), (8, 9), (5, 6), (4, 1)];
        let counts = [2, 2, 2, 1, 2, 1, 2];
        let bouncy_lane = 6;
        for one_point in [false, true] {
            let mut manifolds: Vec<Manifold> = counts
                .iter()
                .map(|&n| manifold(&mut noise, if one_point { 1 } else { n }))
                .collect();
            // Lane 4's two points nearly coincide: its rows are nearly
            // parallel, too ill-conditioned to solve as a block.
            let first = manifolds[4].points[0];
            let second = &mut manifolds[4].points[1];
            second.anchor_a = first.anchor_a + Vec2::new(1e-4, 0.0);
            second.anchor_b = first.anchor_b + Vec2::new(1e-4, 0.0);
            let used = pairs.len();
            let soft = Softness::new(30.0, 10.0, 1.0 / 240.0);
            let inputs: Vec<cs::PrepareInput> = (0..used)
                .map(|i| cs::PrepareInput {
                    manifold: &manifolds[i],
                    radius: (0.01 * i as Real, 0.02),
                    contact: i as u32,
                    a: pairs[i].0,
                    b: pairs[i].1,
                    friction: 0.6,
                    static_friction: 0.9,
                    restitution: if i == bouncy_lane { 0.5 } else { 0.0 },
                    softness: soft,
                    warm_start: true,
                    stick_speed: 0.01,
                    preserve_load: i % 2 == 0,
                })
                .collect();
            let mut want = WideConstraint::default();
            want.reset(used);
            let mut got = want;
            let mut start = WideStart::default();
            let mut fresh = 0u8;
            let mut scalar = Vec::new();
            for (i, input) in inputs.iter().enumerate() {
                let mut c = ContactConstraint::default();
                cs::prepare(&mut c, input, &bodies, &info);
                want.set_lane(i, &c);
                if i == bouncy_lane {
                    got.set_lane(i, &c);
                    start.set_approach(i, &c);
                } else {
                    got.prepare_lane(&mut start, i, input, one_point, &info);
                    fresh |= 1 << i;
                }
                scalar.push(c);
            }
            let how = Finish {
                fresh,
                one_point,
                stick_speed: 0.01,
            };
            finish_bundle(&mut got, &mut start, &bodies, how);
            assert_eq!((got.a, got.b), (want.a, want.b));
            assert_eq!(got.two, want.two, "two points");
            assert_eq!(got.block, want.block, "block solved");
            assert_eq!(got.bouncy, want.bouncy, "bouncing");
            let all = LANES;
            for (field, g, w) in [
                ("normal x", &got.n.x, &want.n.x),
                ("normal y", &got.n.y, &want.n.y),
                ("ma", &got.ma, &want.ma),
                ("ia", &got.ia, &want.ia),
                ("mb", &got.mb, &want.mb),
                ("ib", &got.ib, &want.ib),
                ("mass scale", &got.mass_scale, &want.mass_scale),
                ("bias rate", &got.bias_rate, &want.bias_rate),
                ("impulse scale", &got.impulse_scale, &want.impulse_scale),
                ("rim a", &got.rim_a, &want.rim_a),
                ("rim b", &got.rim_b, &want.rim_b),
                ("load share", &got.load_share, &want.load_share),
            ] {
                same_lanes(g, w, all, field);
            }
            if !one_point {
                same_lanes(&got.k11, &want.k11, all, "k11");
                same_lanes(&got.k12, &want.k12, all, "k12");
                same_lanes(&got.k22, &want.k22, all, "k22");
            }
            let points = if one_point { 1 } else { 2 };
            for k in 0..points {
                let (g, w) = (&got.points[k], &want.points[k]);
                for (field, gl, wl) in [
                    ("ra x", &g.ra.x, &w.ra.x),
                    ("ra y", &g.ra.y, &w.ra.y),
                    ("rb x", &g.rb.x, &w.rb.x),
                    ("rb y", &g.rb.y, &w.rb.y),
                    ("separation", &g.base_separation, &w.base_separation),
                    ("normal impulse", &g.normal_impulse, &w.normal_impulse),
                    ("tangent impulse", &g.tangent_impulse, &w.tangent_impulse),
                    (
                        "total impulse",
                        &g.total_normal_impulse,
                        &w.total_normal_impulse,
                    ),
                    ("normal mass", &g.normal_mass, &w.normal_mass),
                    ("tangent mass", &g.tangent_mass, &w.tangent_mass),
                    ("friction", &g.friction, &w.friction),
                ] {
                    same_lanes(gl, wl, all, &format!("point {k}: {field}"));
                }
                for (i, c) in scalar.iter().enumerate() {
                    let approach = start.approach[k].0[i];
                    let reference = c.points[k].relative_velocity as Lane;
                    assert!(
                        close(approach, reference),
                        "point {k}, lane {i}: approach {approach} against {reference}"
                    );
                }
            }
            if !one_point {
                assert!(
                    got.block.0[0] != 0 && got.block.0[4] == 0,
                    "lane 4 unusable"
                );
            }
            // The sticking lane took static friction, the others kinetic.
            assert_eq!(got.points[0].friction.0[5], 0.9);
            assert_eq!(got.points[0].friction.0[0], 0.6);
        }
    }
}

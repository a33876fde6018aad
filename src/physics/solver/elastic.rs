//! Perfectly elastic bounces that keep the energy exactly.
//!
//! The bounce pass (`restitution.rs`) gives each point back the energy its
//! impact absorbed, measured at the point. For a ball that is the whole
//! story; for a spinning box it is not: the solver's anchors are fixed for
//! the step while the box turns up to 0.4 rad in it, gravity's kicks and the
//! drift see the impulse at different moments, and a corner that bounced
//! last step is warm-started again. Each leaves a small error per bounce
//! (0.1–0.5 % of the energy, measured), and an elastic box drifted 3.4 %
//! over 20 bounces where DESIGN.md §5 asks 1 %.
//!
//! Where the error can be measured it can be removed: when a contact with
//! restitution 1 and no friction is the only constraint on both of its
//! bodies this step (no other contact, no joint, no damping), nothing else
//! did work on the pair but gravity and the user's constant forces, so its
//! bounce must end
//! the step with the pair's total energy — kinetic plus the potential of
//! those forces — exactly what it started with. The bounce impulse keeps
//! the direction the point-by-point rule gives it and is scaled to meet
//! that energy. Contacts in a pile or a chain, with friction (which does
//! take energy during the impact, by an amount the step does not book), or
//! with e < 1 keep the point rule alone.

use crate::physics::math::{Real, Vec2};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};

/// One body's velocities at the step start (what the bounce must give back).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StartVelocity {
    pub v: Vec2,
    pub w: Real,
}

/// A bouncing contact's bodies at the step start, kept beside `bouncy`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BounceStart {
    pub a: StartVelocity,
    pub b: StartVelocity,
}

impl BounceStart {
    pub(crate) fn of(bodies: &[SolverBody], a: u32, b: u32) -> BounceStart {
        let at = |i: u32| StartVelocity {
            v: bodies[i as usize].v,
            w: bodies[i as usize].w,
        };
        BounceStart { a: at(a), b: at(b) }
    }
}

/// Kinetic energy of a body moving at `v, w` (0 for the static dummy).
pub(crate) fn kinetic(i: &SolverBodyInfo, v: Vec2, w: Real) -> Real {
    let linear = if i.inv_mass > 0.0 {
        0.5 * v.length_squared() / i.inv_mass
    } else {
        0.0
    };
    let angular = if i.inv_i > 0.0 {
        0.5 * w * w / i.inv_i
    } else {
        0.0
    };
    linear + angular
}

/// Potential energy gained since the step start against the body's constant
/// acceleration (gravity and user force) and angular acceleration (torque).
pub(crate) fn potential_gain(i: &SolverBodyInfo, b: &SolverBody) -> Real {
    let linear = if i.inv_mass > 0.0 {
        -i.accel.dot(b.dp) / i.inv_mass
    } else {
        0.0
    };
    let angular = if i.inv_i > 0.0 {
        -i.alpha * b.dq.angle() / i.inv_i
    } else {
        0.0
    };
    linear + angular
}

/// The kinetic energy the pair `a, b` must end the step with to keep its
/// total energy: its kinetic energy at the start less the potential energy
/// it gained since.
pub(crate) fn kinetic_target(sc: &SolverScratch, a: u32, b: u32, start: &BounceStart) -> Real {
    let (ia, ib) = (&sc.solver_info[a as usize], &sc.solver_info[b as usize]);
    let (ba, bb) = (&sc.solver_bodies[a as usize], &sc.solver_bodies[b as usize]);
    kinetic(ia, start.a.v, start.a.w) + kinetic(ib, start.b.v, start.b.w)
        - potential_gain(ia, ba)
        - potential_gain(ib, bb)
}

/// Whether the contact between `a` and `b` is the only thing acting on its
/// bodies this step: each moving one (the static dummy 0 excepted) has one
/// constraint in `degree`, is not kinematic, and has no damping.
pub(crate) fn isolated(sc: &SolverScratch, degree: &[u32], a: u32, b: u32) -> bool {
    [a, b].iter().all(|&i| {
        if i == 0 {
            return true;
        }
        let info = &sc.solver_info[i as usize];
        degree[i as usize] == 1
            && info.inv_mass > 0.0
            && info.linear_damping == 1.0
            && info.angular_damping == 1.0
    })
}

/// Constraints per solver body this step: contacts and joints.
pub(crate) fn count_degrees(sc: &SolverScratch, degree: &mut Vec<u32>) {
    degree.clear();
    degree.resize(sc.solver_bodies.len(), 0);
    let pairs = sc.links.iter().map(|l| (l.a, l.b));
    for (a, b) in pairs.chain(sc.joints.iter().map(|j| (j.a, j.b))) {
        degree[a as usize] += 1;
        degree[b as usize] += 1;
    }
}

/// The factor t ≥ 0 that scales a bounce's velocity change `du` (from the
/// velocities `u` it was added to) so that the kinetic energy becomes
/// `target`: ½(u + t·du)ᵀM(u + t·du) = target. `None` when no such t exists
/// (the target is below what the pair keeps moving sideways) or the bounce
/// changed nothing.
pub(crate) fn energy_scale(
    masses: (Real, Real, Real, Real),
    u: (Vec2, Real, Vec2, Real),
    du: (Vec2, Real, Vec2, Real),
    target: Real,
) -> Option<Real> {
    let (ma, ia, mb, ib) = masses;
    let weight = |inv: Real| if inv > 0.0 { 1.0 / inv } else { 0.0 };
    let (wa, wia, wb, wib) = (weight(ma), weight(ia), weight(mb), weight(ib));
    let quad = 0.5
        * (wa * du.0.length_squared()
            + wia * du.1 * du.1
            + wb * du.2.length_squared()
            + wib * du.3 * du.3);
    let lin = wa * u.0.dot(du.0) + wia * u.1 * du.1 + wb * u.2.dot(du.2) + wib * u.3 * du.3;
    let now = 0.5
        * (wa * u.0.length_squared()
            + wia * u.1 * u.1
            + wb * u.2.length_squared()
            + wib * u.3 * u.3);
    if quad <= 0.0 {
        return None;
    }
    let disc = lin * lin - 4.0 * quad * (now - target);
    if disc < 0.0 {
        return None;
    }
    let t = (-lin + disc.sqrt()) / (2.0 * quad);
    (t >= 0.0 && t.is_finite()).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_meets_the_energy_exactly() {
        // 2 kg falling at 3 m/s onto the ground (9 J); a bounce that only
        // stops it (du = +3) is scaled ×2 to give the 9 J back.
        let m = (0.5, 0.0, 0.0, 0.0);
        let u = (Vec2::new(0.0, -3.0), 0.0, Vec2::ZERO, 0.0);
        let du = (Vec2::new(0.0, 3.0), 0.0, Vec2::ZERO, 0.0);
        let t = energy_scale(m, u, du, 9.0).unwrap();
        assert!((t - 2.0).abs() < 1e-12, "{t}");
        // A spinning body: energy counts the spin too (I = 0.5 kg m²).
        let m = (0.5, 2.0, 0.0, 0.0);
        let u = (Vec2::new(1.0, -3.0), 4.0, Vec2::ZERO, 0.0);
        let du = (Vec2::new(0.0, 5.0), -1.0, Vec2::ZERO, 0.0);
        let target = 15.0;
        let t = energy_scale(m, u, du, target).unwrap();
        let v = u.0 + t * du.0;
        let w = u.1 + t * du.1;
        let k = 0.5 * 2.0 * v.length_squared() + 0.5 * 0.5 * w * w;
        assert!((k - target).abs() < 1e-12, "{k}");
        // Below the sideways motion it keeps, no scale reaches the target.
        let u = (Vec2::new(3.0, -3.0), 0.0, Vec2::ZERO, 0.0);
        let m = (0.5, 0.0, 0.0, 0.0);
        let du = (Vec2::new(0.0, 3.0), 0.0, Vec2::ZERO, 0.0);
        assert!(energy_scale(m, u, du, 1.0).is_none());
    }
}

//! The bodies into the solver and back: prepare bodies (stage 6) gives every
//! awake body a working copy (velocity, and the pose change so far), with
//! its inverse masses, accelerations and damping for the substep; write
//! back (stage 15) puts the solved velocities and poses into the bodies.

use crate::physics::math::{Real, Rot, Vec2};
use crate::physics::prefetch::{worth_asking, AHEAD};
use crate::physics::settings::MAX_ANGULAR_SPEED;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo, WarmChange};
use crate::physics::world::bodies::{clamp_magnitude, clamp_position, clamp_speed};
use crate::physics::world::body::{Body, BodyType};
use crate::physics::world::step::continuous::needs_sweep;
use crate::physics::world::step::sleep::advance_rest_timer;
use crate::physics::world::World;

/// The front of a body write back touches: up to its extents after the
/// sleep timer.
const WRITE_BACK_BYTES: usize = std::mem::offset_of!(Body, shapes);

impl World {
    /// Prepare bodies: the working copies for substep `h`; remembers each
    /// body's pose at the step start (for continuous collision).
    pub(crate) fn prepare_bodies(&mut self, sc: &mut SolverScratch, h: Real) {
        let gravity = self.settings.gravity;
        sc.solver_bodies.clear();
        sc.solver_bodies.push(SolverBody::STATIC);
        sc.solver_info.clear();
        sc.solver_info.push(SolverBodyInfo::STATIC);
        sc.start_velocity.clear();
        sc.start_velocity.push(Vec2::ZERO);
        sc.body_to_solver.clear();
        sc.body_to_solver.resize(self.bodies.capacity(), 0);
        for (index, b) in self.bodies.iter_mut() {
            if b.body_type == BodyType::Static || !b.awake {
                continue;
            }
            b.center0 = b.center;
            b.q0 = b.xf.q;
            let dynamic = b.body_type == BodyType::Dynamic;
            sc.body_to_solver[index as usize] = sc.solver_bodies.len() as u32;
            sc.start_velocity.push(b.linear_velocity);
            sc.solver_bodies.push(SolverBody {
                v: b.linear_velocity,
                w: b.angular_velocity,
                pad: 0.0,
                dp: Vec2::ZERO,
                dq: Rot::IDENTITY,
            });
            sc.solver_info.push(SolverBodyInfo {
                inv_mass: b.inv_mass,
                inv_i: b.inv_inertia,
                accel: if dynamic {
                    gravity * b.gravity_scale + b.force * b.inv_mass
                } else {
                    Vec2::ZERO
                },
                linear_damping: 1.0 / (1.0 + h * b.linear_damping),
                angular_damping: 1.0 / (1.0 + h * b.angular_damping),
                alpha: if dynamic {
                    b.torque * b.inv_inertia
                } else {
                    0.0
                },
                body: index,
            });
        }
        sc.warm_change.clear();
        sc.warm_change
            .resize(sc.solver_bodies.len(), WarmChange::default());
    }

    /// Write back: velocities, centre and rotation from the working copies;
    /// the origin follows the centre; this step's user forces are used up.
    /// With continuous collision on, the bodies to sweep (`needs_sweep`)
    /// go to `fast`, in solver order; each body's rest timer advances
    /// (`advance_rest_timer`), what it lends its island going to `rest`
    /// by solver index. (Decided here, while each body is at hand: passes
    /// of their own re-read every awake body.)
    pub(crate) fn write_back(
        &mut self,
        sc: &SolverScratch,
        fast: &mut Vec<u32>,
        rest: &mut Vec<Real>,
        dt: Real,
    ) {
        fast.clear();
        rest.clear();
        rest.push(0.0); // the static dummy
        let sweeps = self.settings.enable_continuous;
        let sleep_on = self.settings.enable_sleep;
        let infos = &sc.solver_info[1..];
        let ask_ahead = worth_asking::<Body>(infos.len());
        for (k, (sb, info)) in sc.solver_bodies[1..].iter().zip(infos).enumerate() {
            // The body a few ahead, as far as this loop reads and writes it
            // (pose and velocity to sleep timer; `Option`'s tag lies there
            // too): reached by slot, it is what the loop waited for.
            if let Some(ahead) = infos.get(k + AHEAD).filter(|_| ask_ahead) {
                self.bodies.prefetch_front(ahead.body, WRITE_BACK_BYTES);
            }
            let b = self.bodies.at_mut(info.body);
            // The documented limits hold for what the step produces too.
            b.linear_velocity = clamp_speed(sb.v);
            b.angular_velocity = clamp_magnitude(sb.w, MAX_ANGULAR_SPEED);
            b.center += sb.dp;
            let q = sb.dq.mul(b.q0).normalize();
            let q = if q.c.is_finite() && q.s.is_finite() {
                q
            } else {
                b.q0
            };
            b.xf.q = q;
            b.center = clamp_position(b.center);
            b.xf.p = b.center - q.rotate(b.local_center);
            b.force = Vec2::ZERO;
            b.torque = 0.0;
            if sweeps && needs_sweep(b, sb, dt, &self.joints, info.body) {
                fast.push(info.body);
            }
            rest.push(advance_rest_timer(b, dt, sleep_on));
        }
    }
}

//! One fixed step of the world:
//!   1. new pairs from the broad phase → contacts
//!   2. narrow phase: refresh manifolds of contacts touching awake bodies
//!   3. islands (union-find) and contact constraints
//!   4. substeps: integrate velocities → warm start → solve (soft bias) →
//!      integrate positions → relax; then restitution and impulse storage
//!   5. write back, continuous collision for fast bodies, broad-phase update
//!   6. events (begin/end/sensor) and sleep
//!
//! No user code runs inside; events are read afterwards.

mod continuous;
mod narrow_phase;
mod pairs;
mod scratch;
mod seams;
mod sensors;
mod sleep;

pub(crate) use scratch::StepScratch;

use crate::physics::joints::solver::{self as joint_solver};
use crate::physics::math::{Real, Rot, Vec2};
use crate::physics::settings::{ANGULAR_SLEEP_TOLERANCE, LINEAR_SLEEP_TOLERANCE};
use crate::physics::solver::integrate::{
    drift, drift_and_kick, kick, remember_warm_start, second_kick,
};
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};
use crate::physics::solver::substep::{solve_islands, warm_start};
use crate::physics::world::bodies::clamp_position;
use crate::physics::world::body::BodyType;
use crate::physics::world::profile::{StepProfile, Stopwatch};
use crate::physics::world::World;

impl World {
    /// Advance the world by `dt` seconds (one fixed step, `settings.substeps`
    /// solver substeps). A non-positive or non-finite `dt` does nothing.
    pub fn step(&mut self, dt: Real) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        let mut clock = Stopwatch::start();
        self.events.clear();
        if std::mem::take(&mut self.flush_dirty) {
            self.mark_flush_edges();
        }
        self.remember_sensor_state();
        self.wake_joined_sleepers();
        self.find_new_contacts();
        self.profile.pairs = clock.lap();
        self.update_contacts(dt);
        self.profile.collide = clock.lap();
        self.solve(dt, &mut clock);
        self.update_sensors();
        self.sweep_sensors();
        self.profile.events = clock.lap();
        self.time += dt;
        self.steps += 1;
        self.profile.step = clock.total();
    }

    /// Where the last step's time went.
    pub fn profile(&self) -> &StepProfile {
        &self.profile
    }

    /// The events of the last step.
    pub fn events(&self) -> &crate::physics::world::events::StepEvents {
        &self.events
    }

    fn solve(&mut self, dt: Real, clock: &mut Stopwatch) {
        let substeps = self.settings.substeps.max(1);
        let h = dt / substeps as Real;
        let inv_h = 1.0 / h;
        let gravity = self.settings.gravity;
        let mut sc = std::mem::take(&mut self.scratch);

        // --- solver bodies
        sc.solver_bodies.clear();
        sc.solver_bodies.push(SolverBody::STATIC);
        sc.solver_info.clear();
        sc.solver_info.push(SolverBodyInfo::STATIC);
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
                warm_v: Vec2::ZERO,
                warm_w: 0.0,
                body: index,
            });
        }

        // --- joints (before the islands: they join bodies into them)
        self.prepare_joints(&mut sc, h);

        // --- contact constraints, islands and solve order
        self.build_contact_constraints(&mut sc, h);
        let push = self.settings.contact_push_speed;
        self.profile.solver_setup = clock.lap();

        // --- substeps
        // Kick–drift–kick: half the external acceleration before the solve
        // phase, half before the relax phase. Free flight under constant
        // forces is then exact (no O(h) energy wobble), and the relax phase
        // still ends each substep with contacts satisfied.
        for _ in 0..substeps {
            kick(&mut sc.solver_bodies, &mut sc.solver_info, 0.5 * h);
            warm_start(&mut sc);
            remember_warm_start(&sc.solver_bodies, &mut sc.solver_info);
            joint_solver::warm_start_joints(&mut sc.joints, &mut sc.solver_bodies);
            solve_islands(&mut sc, inv_h, push, true);
            // Integrate positions, then the second kick. The second half of
            // the warm start is the same impulses again: added per body,
            // not per constraint. Joints project their position errors out
            // between the two, so with joints they are separate passes.
            if sc.joints.is_empty() {
                drift_and_kick(&mut sc.solver_bodies, &mut sc.solver_info, h, 0.5 * h);
            } else {
                drift(&mut sc.solver_bodies, h);
                joint_solver::project_joints(&sc.joints, &mut sc.solver_bodies);
                second_kick(&mut sc.solver_bodies, &mut sc.solver_info, 0.5 * h);
            }
            solve_islands(&mut sc, inv_h, push, false);
        }
        self.profile.substeps = clock.lap();
        self.finish_contact_constraints(&mut sc);
        self.finish_joints(&sc);
        if self.settings.integrator == crate::physics::settings::Integrator::Rk4 {
            self.rk4_free_bodies(&mut sc, dt, h);
        }
        self.profile.finish = clock.lap();

        // --- write back
        sc.fast.clear();
        let continuous = self.settings.enable_continuous;
        for (sb, info) in sc.solver_bodies[1..].iter().zip(&sc.solver_info[1..]) {
            let b = self.bodies.at_mut(info.body);
            b.linear_velocity = sb.v;
            b.angular_velocity = sb.w;
            b.center += sb.dp;
            let q = sb.dq.mul(b.q0).normalize();
            b.xf.q = q;
            b.center = clamp_position(b.center);
            b.xf.p = b.center - q.rotate(b.local_center);
            b.force = Vec2::ZERO;
            b.torque = 0.0;
            // Sleep bookkeeping: slow bodies accumulate rest time.
            let slow = b.linear_velocity.length_squared()
                < LINEAR_SLEEP_TOLERANCE * LINEAR_SLEEP_TOLERANCE
                && b.angular_velocity.abs() < ANGULAR_SLEEP_TOLERANCE;
            if slow && b.allow_sleep && self.settings.enable_sleep {
                b.sleep_time += dt;
            } else {
                b.sleep_time = 0.0;
            }
            if continuous && b.body_type == BodyType::Dynamic {
                let motion = sb.dp.length() + (sb.w * dt).abs() * b.max_extent;
                if (b.bullet && motion > 0.0)
                    || motion > 0.5 * b.min_extent
                        && joint_solver::may_sweep(&self.joints, info.body)
                {
                    sc.fast.push(info.body);
                }
            }
        }
        for k in 0..sc.fast.len() {
            let body = sc.fast[k];
            continuous::solve_continuous(self, body);
        }
        for info in sc.solver_info[1..].iter() {
            self.refresh_proxies(info.body, dt);
        }
        self.profile.write_back = clock.lap();
        self.sleep_islands(&mut sc);
        self.profile.sleep = clock.lap();
        self.scratch = sc;
    }
}

#[cfg(test)]
mod tests {
    use super::{Vec2, World};
    use crate::physics::geometry::shape::{Circle, Polygon, ShapeGeom};
    use crate::physics::settings::WorldSettings;
    use crate::physics::world::body::{BodyDef, BodyType, ShapeDef};

    #[test]
    fn shapes_keep_their_proxies_fat_box() {
        let mut w = World::new(WorldSettings::default());
        let ground = w
            .create_body(&BodyDef {
                body_type: BodyType::Static,
                ..BodyDef::default()
            })
            .unwrap();
        let floor = ShapeGeom::Polygon(Polygon::make_box(20.0, 0.5));
        w.add_shape(
            ground,
            &ShapeDef {
                geom: floor,
                ..ShapeDef::default()
            },
        )
        .unwrap();
        for i in 0..40 {
            let body = w
                .create_body(&BodyDef {
                    body_type: BodyType::Dynamic,
                    position: Vec2::new(-3.0 + 0.15 * i as f64, 2.0 + 0.5 * i as f64),
                    ..BodyDef::default()
                })
                .unwrap();
            let geom = if i % 2 == 0 {
                ShapeGeom::Circle(Circle {
                    center: Vec2::ZERO,
                    radius: 0.2,
                })
            } else {
                ShapeGeom::Polygon(Polygon::make_box(0.2, 0.2))
            };
            w.add_shape(
                body,
                &ShapeDef {
                    geom,
                    ..ShapeDef::default()
                },
            )
            .unwrap();
        }
        for _ in 0..200 {
            w.step(1.0 / 60.0);
            for (_, shape) in w.shapes.iter() {
                assert_eq!(shape.fat_aabb, w.broad_phase.fat_aabb(shape.proxy));
            }
        }
    }
}

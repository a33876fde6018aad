//! Room `world/step`: `World::step`, one fixed step of the world, as the
//! numbered list of the stages it runs; each is a function of that name (in
//! this folder, or in `solver/`), called by `step` in this order:
//!
//! ```text
//!  0. keep contacts in body order — now and then the contact list sorted
//!                            by body again (`world/contact_order.rs`)
//!  1. find seams           — flush edges between static polygons and
//!                            smooth joints between static segments,
//!                            marked again after static geometry changed
//!  2. remember sensors     — which sensor pairs overlap before anything
//!                            moves (for the sensor sweep)
//!  3. wake joined sleepers — a joint never pulls on a sleeping body
//!  4. update pairs         — new broad-phase pairs become contacts
//!  5. narrow phase         — manifolds of the contacts with a moving body;
//!                            contacts whose shapes are gone or apart end
//!  6. prepare bodies       — ropes' internal damping (`rope_damping.rs`),
//!                            then the solver's working copies of the awake
//!                            bodies
//!  7. prepare joints       — joint rows; errors they start with projected out
//!  8. build islands        — links, islands, solve order, colours and lanes
//!  9. prepare contacts     — contact constraints, laid out in solve order
//! 10. substeps, `settings.substeps` times:
//!       a. integrate velocities — first half kick: gravity, forces, damping
//!       b. warm start           — half of last substep's impulses
//!       c. solve                — joints and contacts with the soft bias
//!       d. integrate positions  — drift, joint projection, second half kick
//!       e. relax                — joints and contacts without the bias
//! 11. restitution          — bounces: e² of the energy each impact absorbed
//! 12. store impulses       — into the manifolds and joints (next warm start,
//!                            reaction forces); each contact point's load,
//!                            what the next step's warm start may trust,
//!                            follows (`solver/warm_load.rs`)
//! 13. break joints         — joints pulled harder than their breaking force
//! 14. integrate free bodies — RK4 for bodies with no contact or joint, when
//!                            `settings.integrator` is `Rk4`
//! 15. write back           — velocities and poses into the bodies; which
//!                            moved far for their size is noted, and rest
//!                            timers advance
//! 16. continuous collision — those fast bodies swept so that they cannot
//!                            tunnel
//! 17. update proxies       — broad-phase boxes at the new poses; a box
//!                            that outgrew a resting body is trimmed
//! 18. sleep                — islands at rest fall asleep
//! 19. contact events       — begin/end from the impulses just stored
//! 20. sensor events        — enter/exit from the overlap at the final poses,
//!                            and the sensor sweep
//! ```
//!
//! Stages 10 and 11 work on the solver's working set alone (`solver/`); the
//! others move data between the world and it, or work on the world. No user
//! code runs inside: the events are collected for the caller to read after
//! the step (`World::events`). `StepProfile` times the stages in groups:
//! pairs 0–4, collide 5, solver_setup 6–9 (bodies 6–7, islands 8,
//! contacts 9), substeps 10, finish 11–14,
//! write_back 15–17, sleep 18, events 19–20.

mod bodies;
mod continuous;
mod narrow_phase;
mod pairs;
mod scratch;
mod seams;
mod sensors;
mod sleep;

pub(crate) use scratch::StepScratch;

use crate::physics::joints::long_range;
use crate::physics::joints::solver as joint_solver;
use crate::physics::math::Real;
use crate::physics::prefetch::{worth_asking, AHEAD};
use crate::physics::settings::Integrator;
use crate::physics::solver::{self, rk4, SolverScratch};
use crate::physics::world::body::{Body, Shape};
use crate::physics::world::events::StepEvents;
use crate::physics::world::profile::{StepProfile, Stopwatch};
use crate::physics::world::World;

/// A body's fat boxes are looked at for trimming (`refresh_proxies`) one
/// step in this many, bodies taking turns by slot: a box that outgrew its
/// body's motion costs pairs every step it stays, but asking every step
/// added 1 % to a settled pyramid's instructions (callgrind) for nothing.
const TRIM_EVERY: u64 = 4;

/// The front of a body that refreshing its proxies reads: up to its shape
/// list.
const PROXY_BODY_BYTES: usize = std::mem::offset_of!(Body, shapes)
    + std::mem::size_of::<Vec<crate::physics::world::id::ShapeId>>();

impl World {
    /// Advance the world by `dt` seconds (one fixed step, `settings.substeps`
    /// solver substeps). A non-positive or non-finite `dt` does nothing.
    pub fn step(&mut self, dt: Real) {
        if !(dt.is_finite() && dt > 0.0) {
            return;
        }
        let mut clock = Stopwatch::start();
        let substeps = self.settings.substeps.max(1);
        let h = dt / substeps as Real;
        let inv_h = 1.0 / h;
        let push = self.settings.contact_push_speed;
        let mut sc = std::mem::take(&mut self.scratch);
        sc.dt = dt;
        self.events.clear();
        self.refusal = None;
        // (The joints' table of ends is derived: a restored world's is
        // made here.)
        self.joints.refresh_ends();
        self.keep_contacts_in_body_order(); // 0

        self.find_seams(); // 1
        self.remember_sensors(&mut sc); // 2
        self.wake_joined_sleepers(); // 3
        self.update_pairs(&mut sc); // 4
        self.profile.pairs = clock.lap();
        if self.refusal.is_some() {
            // Over a limit: nothing moves (the caller reports it).
            self.scratch = sc;
            return;
        }
        self.narrow_phase(&mut sc, dt); // 5
        self.gone_shapes.forget(); // (their contacts have ended: 5)
        self.profile.collide = clock.lap();
        self.damp_ropes(dt); // 6
        self.prepare_bodies(&mut sc.solver, h); // 6
        self.prepare_joints(&mut sc.solver, h); // 7
        self.profile.setup_bodies = clock.lap();
        self.build_islands(&mut sc); // 8
        self.profile.setup_islands = clock.lap();
        self.prepare_contacts(&mut sc.solver, h); // 9
        self.profile.setup_contacts = clock.lap();
        self.profile.solver_setup =
            self.profile.setup_bodies + self.profile.setup_islands + self.profile.setup_contacts;
        // 10: the substeps.
        for substep in 0..substeps {
            solver::integrate_velocities(&mut sc.solver, h); // 10a
            solver::warm_start(&mut sc.solver, substep == 0); // 10b
            solver::solve(&mut sc.solver, inv_h, push); // 10c
            solver::integrate_positions(&mut sc.solver, h); // 10d
            solver::relax(&mut sc.solver, inv_h, push); // 10e
        }
        self.profile.substeps = clock.lap();
        solver::restitution(&mut sc.solver, self.settings.restitution_threshold); // 11
        self.store_impulses(&mut sc.solver); // 12
        self.break_joints(&sc.solver); // 13
        self.integrate_free_bodies(&mut sc.solver, dt, h); // 14
        self.profile.finish = clock.lap();
        self.write_back(&sc.solver, &mut sc.fast, &mut sc.rest, dt); // 15
        self.continuous_collision(&sc); // 16
        self.update_proxies(&sc.solver, dt); // 17
        self.profile.write_back = clock.lap();
        self.sleep(&mut sc.solver, &mut sc.rest); // 18
        self.profile.sleep = clock.lap();
        self.contact_events(&sc.solver); // 19
        self.sensor_events(&mut sc); // 20
        self.profile.events = clock.lap();

        self.scratch = sc;
        self.steps += 1;
        self.time = self.clock.advance(self.time, self.steps, dt);
        self.profile.step = clock.total();
    }

    /// Where the last step's time went.
    pub fn profile(&self) -> &StepProfile {
        &self.profile
    }

    /// The events of the last step.
    pub fn events(&self) -> &StepEvents {
        &self.events
    }

    // The stages that hand the world's joints and contacts to the solver
    // and take its results back; the larger stages have files of their own.

    /// Prepare joints (stage 7).
    fn prepare_joints(&self, sc: &mut SolverScratch, h: Real) {
        let warm_starting = self.settings.enable_warm_starting;
        joint_solver::prepare_joints(&self.joints, &self.bodies, warm_starting, sc, h);
        long_range::prepare(&self.joints, &self.bodies, sc);
    }

    /// Build islands (stage 8), from the contacts the narrow phase left
    /// with points.
    fn build_islands(&mut self, sc: &mut StepScratch) {
        let StepScratch {
            solver,
            candidates,
            candidates_complete,
            ..
        } = sc;
        let links_may_differ = self.stale.take_links();
        let contacts = (&self.contacts[..], &self.heads[..]);
        solver::build_islands(
            solver,
            (candidates, *candidates_complete, links_may_differ),
            contacts,
            &self.settings,
        );
    }

    /// Prepare contacts (stage 9).
    fn prepare_contacts(&self, sc: &mut SolverScratch, h: Real) {
        solver::prepare_contacts(sc, &self.contacts, &self.settings, h);
    }

    /// Store impulses (stage 12): contacts' into their manifolds, joints'
    /// into the joints with their reaction forces.
    fn store_impulses(&mut self, sc: &mut SolverScratch) {
        // Which islands something hit decides how the loads that warm
        // start the next step follow the impulses (`solver/warm_load.rs`).
        solver::note_impacts(sc);
        solver::store_contact_impulses(sc, &mut self.contacts);
        joint_solver::store_joint_impulses(sc, &mut self.joints);
    }

    /// Integrate free bodies (stage 14): only with `Integrator::Rk4`.
    fn integrate_free_bodies(&self, sc: &mut SolverScratch, dt: Real, h: Real) {
        if self.settings.integrator == Integrator::Rk4 {
            rk4::integrate_free_bodies(sc, &self.bodies, dt, h);
        }
    }

    /// Update proxies (stage 17): every simulated body's shapes get their
    /// boxes at the new pose, stretched along the velocity (next step's
    /// speculative pairs). Bodies a contact holds have their turn, one
    /// step in `TRIM_EVERY`, to have a box stretched for motion they no
    /// longer have trimmed (`refresh_proxies`); a body nothing touches
    /// (a joint grid's) overlaps nothing with it, and re-inserting it as it
    /// swings would cost more than it saves.
    fn update_proxies(&mut self, sc: &SolverScratch, dt: Real) {
        let turn = self.steps % TRIM_EVERY;
        let ask_ahead = worth_asking::<Body>(sc.solver_info.len());
        for (i, info) in sc.solver_info.iter().enumerate().skip(1) {
            if ask_ahead {
                self.ask_for_proxy_refresh(sc, i);
            }
            // (By index: a short `linked` must never skip a body's refresh.)
            let linked = sc.linked.get(i).copied().unwrap_or(false);
            let trim = linked && u64::from(info.body) % TRIM_EVERY == turn;
            self.refresh_proxies(info.body, dt, trim);
        }
    }

    /// Ask for what `refresh_proxies` will read of the bodies a few and
    /// twice as many slots after `i`: the body's front (pose, velocity,
    /// shape list) two strides ahead, then, with that in cache, its first
    /// shape's front (boxes and vertices) one stride ahead. Reached by
    /// slot, body then shape, these were what the loop waited for:
    /// many_pyramids' proxies 1.1 → 0.6 ms a step (22,000 boxes).
    #[inline(always)]
    fn ask_for_proxy_refresh(&self, sc: &SolverScratch, i: usize) {
        if let Some(far) = sc.solver_info.get(i + 2 * AHEAD) {
            self.bodies.prefetch_front(far.body, PROXY_BODY_BYTES);
        }
        if let Some(near) = sc.solver_info.get(i + AHEAD) {
            if let Some(shape) = self.bodies.at(near.body).shapes.first() {
                self.shapes
                    .prefetch_front(shape.index, Shape::NARROW_PHASE_BYTES);
            }
        }
    }

    /// Contact events (stage 19): a solid contact begins or ends touching
    /// as the impulses just stored say (`Contact::is_touching_now`; the links
    /// whose state changed were noted when they were stored).
    fn contact_events(&mut self, sc: &SolverScratch) {
        for &li in &sc.touching_changed {
            let i = sc.links[li as usize].contact as usize;
            let ids = self.event_bodies().of(&self.contacts[i]);
            let contact = &mut self.contacts[i];
            contact.touching = !contact.touching;
            if contact.touching {
                let now = (
                    self.bodies.at(contact.body_a),
                    self.bodies.at(contact.body_b),
                );
                self.events.push_begin(contact, ids, Some(now));
            } else {
                self.events.push_end(contact, ids);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::World;
    use crate::physics::geometry::shape::{Circle, Polygon, ShapeGeom};
    use crate::physics::math::Vec2;
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

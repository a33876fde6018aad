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
mod sensor_sweep;

use crate::physics::joints::solver::{self as joint_solver, JointConstraint};
use crate::physics::math::{Real, Rot, Vec2};
use crate::physics::prefetch::{prefetch, AHEAD};
use crate::physics::settings::{
    ANGULAR_SLEEP_TOLERANCE, LINEAR_SLEEP_TOLERANCE, MAX_ANGULAR_SPEED, MAX_LINEAR_SPEED,
    TIME_TO_SLEEP,
};
use crate::physics::solver::contact_solver::{self as cs, ContactConstraint};
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};
use crate::physics::solver::solver_order::{Link, SolverOrder};
use crate::physics::solver::wide::contact_solver::{self as wide, WideConstraint};
use crate::physics::world::body::BodyType;
use crate::physics::world::contact::{should_collide, Contact};
use crate::physics::world::hash::pair_key;
use crate::physics::world::profile::{StepProfile, Stopwatch};
use crate::physics::world::{clamp_position, World};

/// Reusable per-step buffers (never part of snapshots; rebuilt every step).
#[derive(Clone, Debug, Default)]
pub struct StepScratch {
    pub(crate) solver_bodies: Vec<SolverBody>,
    pub(crate) solver_info: Vec<SolverBodyInfo>,
    /// Body slot index → solver index (0 = not simulated this step).
    pub(crate) body_to_solver: Vec<u32>,
    /// Scalar constraints by slot (solve order): iterating islands, the
    /// colouring's overflow, bouncing contacts, and everything when the
    /// wide solver is off.
    pub(crate) constraints: Vec<ContactConstraint>,
    /// Contacts to solve this step, then their islands and visiting order.
    pub(crate) links: Vec<Link>,
    pub(crate) solver_order: SolverOrder,
    /// Link index → its constraint's place in solve order.
    pub(crate) slot_of_link: Vec<u32>,
    /// Constraints with restitution (the only ones the bounce pass visits).
    pub(crate) bouncy: Vec<u32>,
    /// Colour groups eight at a time, and each slot's bundle·8 + lane
    /// (slots of the coloured range only).
    pub(crate) bundles: Vec<WideConstraint>,
    pub(crate) bundles_used: usize,
    pub(crate) lane_of_slot: Vec<u32>,
    /// Relative normal velocity at the step start per link (for events).
    pub(crate) approach: Vec<[Real; 2]>,
    /// Joints of this step and the body pairs they join into islands.
    pub(crate) joints: Vec<JointConstraint>,
    pub(crate) joint_pairs: Vec<(u32, u32)>,
    pairs: Vec<(u32, u32)>,
    wake: Vec<u32>,
    /// Body slot → dynamic or kinematic and awake (contact update).
    moving: Vec<bool>,
    /// Contacts the update left with points, in contact order: [contact,
    /// body slot A, body slot B, points]. The step's links are exactly
    /// these unless the update woke a body (`candidates_complete` false),
    /// whose resting contacts were not updated and so not listed.
    pub(crate) candidates: Vec<[u32; 4]>,
    pub(crate) candidates_complete: bool,
    /// Sensor contacts (their events come from the step's final positions).
    sensors: Vec<u32>,
    fast: Vec<u32>,
    /// Sensor state from the step's start, for catching fast bodies.
    pub(crate) sensor_sweep: crate::physics::world::step::sensor_sweep::SensorSweepScratch,
}

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

    fn find_new_contacts(&mut self) {
        let mut pairs = std::mem::take(&mut self.scratch.pairs);
        pairs.clear();
        self.broad_phase
            .update_pairs(|a, b| pairs.push((a as u32, b as u32)));
        for &(a, b) in &pairs {
            let key = pair_key(a, b);
            if self.pair_map.contains_key(&key) {
                continue;
            }
            let sa = self.shapes.at(a);
            let sb = self.shapes.at(b);
            let ba = self.bodies.at(sa.body.index);
            let bb = self.bodies.at(sb.body.index);
            if !should_collide(sa, sb, ba, bb)
                || !self.joints.allows_collision(sa.body.index, sb.body.index)
            {
                continue;
            }
            // Sensors go first so events know which side is the sensor.
            let (a, b) = if sb.sensor && !sa.sensor {
                (b, a)
            } else {
                (a, b)
            };
            let sa = self.shapes.at(a);
            let sb = self.shapes.at(b);
            let id_a = crate::physics::world::id::ShapeId {
                index: a,
                generation: self.shapes.generation_of(a),
            };
            let id_b = crate::physics::world::id::ShapeId {
                index: b,
                generation: self.shapes.generation_of(b),
            };
            let contact = Contact::new(id_a, id_b, sa, sb, sa.body.index, sb.body.index);
            self.pair_map.insert(key, self.contacts.len() as u32);
            self.contacts.push(contact);
        }
        self.scratch.pairs = pairs;
    }

    fn update_contacts(&mut self, dt: Real) {
        let mut wake = std::mem::take(&mut self.scratch.wake);
        wake.clear();
        // Which bodies move, by slot: a contact between two bodies that
        // don't (asleep or static) cannot change, so it is passed over
        // without touching its shapes and bodies — most of a settled pile.
        // Edits that could change such a contact set `contacts_dirty`.
        let mut moving = std::mem::take(&mut self.scratch.moving);
        moving.clear();
        moving.resize(self.bodies.capacity(), false);
        for (index, b) in self.bodies.iter() {
            moving[index as usize] = b.moves();
        }
        let check_all = std::mem::take(&mut self.contacts_dirty);
        let mut candidates = std::mem::take(&mut self.scratch.candidates);
        candidates.clear();
        let mut sensors = std::mem::take(&mut self.scratch.sensors);
        sensors.clear();
        let mut i = 0;
        while i < self.contacts.len() {
            // The shapes and bodies of a contact a few ahead: reached by
            // index, they are what this loop waits for.
            if let Some(ahead) = self
                .contacts
                .get(i + AHEAD)
                .filter(|a| check_all || moving[a.body_a as usize] || moving[a.body_b as usize])
            {
                prefetch(&self.shapes.slots, ahead.shape_a.index as usize);
                prefetch(&self.shapes.slots, ahead.shape_b.index as usize);
                prefetch(&self.bodies.slots, ahead.body_a as usize);
                prefetch(&self.bodies.slots, ahead.body_b as usize);
            }
            let c = &self.contacts[i];
            if !check_all && !moving[c.body_a as usize] && !moving[c.body_b as usize] {
                if c.sensor {
                    sensors.push(i as u32);
                }
                i += 1;
                continue;
            }
            let alive_a = self.shapes.get(c.shape_a.index, c.shape_a.generation);
            let alive_b = self.shapes.get(c.shape_b.index, c.shape_b.generation);
            let (sa, sb) = match (alive_a, alive_b) {
                (Some(sa), Some(sb)) => (sa, sb),
                _ => {
                    // A shape was destroyed: whatever rested on it must wake.
                    for idx in [c.body_a, c.body_b] {
                        if self
                            .bodies
                            .get(idx, self.bodies.generation_of(idx))
                            .is_some()
                        {
                            wake.push(idx);
                        }
                    }
                    self.remove_contact(i, true);
                    continue;
                }
            };
            if !sa.fat_aabb.overlaps(&sb.fat_aabb) {
                // A touching contact torn apart at once (a teleport): what
                // it held up must wake.
                if c.touching {
                    wake.extend([c.body_a, c.body_b]);
                }
                self.remove_contact(i, true);
                continue;
            }
            let ba = self.bodies.at(c.body_a);
            let bb = self.bodies.at(c.body_b);
            if c.sensor || (!ba.moves() && !bb.moves()) {
                if c.sensor {
                    sensors.push(i as u32);
                }
                i += 1;
                continue;
            }
            let c = &mut self.contacts[i];
            c.update(sa, sb, ba, bb, dt);
            if c.manifold.count == 0 && c.touching {
                // No points, so no constraint: it ends here (contacts with
                // points settle their touching state after the solve).
                c.touching = false;
                self.events.push_end(c, &self.bodies);
            }
            if c.manifold.count > 0 {
                candidates.push([i as u32, c.body_a, c.body_b, c.manifold.count as u32]);
                // An awake, moving body touching a sleeper wakes its island.
                let pushes = |b: &crate::physics::world::body::Body| {
                    b.awake
                        && (b.body_type == BodyType::Dynamic
                            || (b.body_type == BodyType::Kinematic
                                && (b.linear_velocity != Vec2::ZERO || b.angular_velocity != 0.0)))
                };
                if bb.sleeps() && pushes(ba) {
                    wake.push(c.body_b);
                }
                if ba.sleeps() && pushes(bb) {
                    wake.push(c.body_a);
                }
            }
            i += 1;
        }
        self.scratch.candidates_complete = wake.is_empty();
        for &b in &wake {
            self.wake_body_index(b);
        }
        self.scratch.wake = wake;
        self.scratch.moving = moving;
        self.scratch.candidates = candidates;
        self.scratch.sensors = sensors;
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

    /// Sensor events from the final positions of the step (solid contacts
    /// settle theirs in the contact update and after the solve).
    fn update_sensors(&mut self) {
        let sensors = std::mem::take(&mut self.scratch.sensors);
        for &i in &sensors {
            let c = &self.contacts[i as usize];
            let sa = self.shapes.at(c.shape_a.index);
            let sb = self.shapes.at(c.shape_b.index);
            let ba = self.bodies.at(c.body_a);
            let bb = self.bodies.at(c.body_b);
            let now = if ba.awake || bb.awake || c.touching {
                let m = crate::physics::collision::narrow_phase::collide(
                    &sa.geom, ba.xf, &sb.geom, bb.xf, 0.0,
                );
                m.points().iter().any(|p| p.separation < 0.0)
            } else {
                c.touching
            };
            if now != c.touching {
                let c = &mut self.contacts[i as usize];
                c.touching = now;
                if now {
                    self.events.push_begin(c, &self.bodies);
                } else {
                    self.events.push_end(c, &self.bodies);
                }
            }
        }
        self.scratch.sensors = sensors;
    }

    /// Put islands to sleep whose every body has rested long enough.
    fn sleep_islands(&mut self, sc: &mut StepScratch) {
        if !self.settings.enable_sleep {
            return;
        }
        let n = sc.solver_bodies.len();
        // Minimum rest time per island root.
        let mut min_time = vec![Real::MAX; n];
        for i in 1..n {
            let root = sc.solver_order.uf.find(i as u32) as usize;
            let b = self.bodies.at(sc.solver_info[i].body);
            let t = if b.allow_sleep { b.sleep_time } else { 0.0 };
            min_time[root] = min_time[root].min(t);
        }
        let mut members: Vec<Vec<u32>> = Vec::new();
        let mut slot = vec![u32::MAX; n];
        for i in 1..n {
            let root = sc.solver_order.uf.find(i as u32) as usize;
            if min_time[root] < TIME_TO_SLEEP {
                continue;
            }
            if slot[root] == u32::MAX {
                slot[root] = members.len() as u32;
                members.push(Vec::new());
            }
            members[slot[root] as usize].push(sc.solver_info[i].body);
        }
        for list in members {
            let island = self.sleeping.add(list.clone());
            for b in list {
                let body = self.bodies.at_mut(b);
                body.awake = false;
                body.sleep_island = island;
                body.linear_velocity = Vec2::ZERO;
                body.angular_velocity = 0.0;
            }
        }
    }
}

/// The first half kick of a substep, every body (see `kick_body`).
fn kick(bodies: &mut [SolverBody], info: &mut [SolverBodyInfo], h: Real) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        kick_body(b, i, h, true);
    }
}

/// Half a velocity update (`h` is half the substep). The first kick of a
/// substep applies damping and remembers the velocity before the warm start;
/// the second adds the warm start's velocity change again (its second half).
#[inline(always)]
fn kick_body(b: &mut SolverBody, i: &mut SolverBodyInfo, h: Real, first: bool) {
    let with_damping = first;
    if i.inv_mass == 0.0 && i.inv_i == 0.0 && i.accel == Vec2::ZERO {
        // Kinematic: keeps its velocity (and no impulse changes it).
        i.warm_v = if first { b.v } else { Vec2::ZERO };
        i.warm_w = if first { b.w } else { 0.0 };
        return;
    }
    let mut v = b.v + h * i.accel;
    let mut w = b.w + h * i.alpha;
    if with_damping {
        v *= i.linear_damping;
        w *= i.angular_damping;
    }
    let speed2 = v.length_squared();
    if speed2 > MAX_LINEAR_SPEED * MAX_LINEAR_SPEED {
        v *= MAX_LINEAR_SPEED / speed2.sqrt();
    }
    w = w.clamp(-MAX_ANGULAR_SPEED, MAX_ANGULAR_SPEED);
    if first {
        i.warm_v = v;
        i.warm_w = w;
    } else {
        v += i.warm_v;
        w += i.warm_w;
    }
    b.v = v;
    b.w = w;
}

/// After the warm start: keep each body's velocity change from it, to be
/// applied again before the relax phase.
fn remember_warm_start(bodies: &[SolverBody], info: &mut [SolverBodyInfo]) {
    for (b, i) in bodies[1..].iter().zip(info[1..].iter_mut()) {
        i.warm_v = b.v - i.warm_v;
        i.warm_w = b.w - i.warm_w;
    }
}

/// Drift by the substep `h` with the solved velocities.
fn drift(bodies: &mut [SolverBody], h: Real) {
    for b in bodies[1..].iter_mut() {
        drift_body(b, h);
    }
}

#[inline(always)]
fn drift_body(b: &mut SolverBody, h: Real) {
    b.dp += h * b.v;
    if b.w != 0.0 {
        b.dq = b.dq.integrate(h * b.w);
    }
}

/// The second half kick of a substep, every body (see `kick_body`).
fn second_kick(bodies: &mut [SolverBody], info: &mut [SolverBodyInfo], h: Real) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        kick_body(b, i, h, false);
    }
}

/// `drift`, then `second_kick` (`kick_half`): one pass over the bodies for
/// both.
fn drift_and_kick(
    bodies: &mut [SolverBody],
    info: &mut [SolverBodyInfo],
    h: Real,
    kick_half: Real,
) {
    for (b, i) in bodies[1..].iter_mut().zip(info[1..].iter_mut()) {
        drift_body(b, h);
        kick_body(b, i, kick_half, false);
    }
}

/// Warm start every constraint: the bundled ones wide, the rest one by one.
fn warm_start(sc: &mut StepScratch) {
    let bundles = &mut sc.bundles[..sc.bundles_used];
    wide::warm_start_all(bundles, &mut sc.solver_bodies);
    for range in sc.solver_order.ranges.iter() {
        for c in sc.constraints[range.start as usize..range.end as usize].iter_mut() {
            cs::warm_start(c, &mut sc.solver_bodies);
        }
    }
}

/// One phase (solve or relax) over all constraints: iterating islands and
/// the colouring's overflow by the scalar solver, colour groups wide.
fn solve_islands(sc: &mut StepScratch, inv_h: Real, push: Real, use_bias: bool) {
    let StepScratch {
        solver_bodies,
        constraints,
        solver_order,
        bundles,
        bundles_used,
        joints,
        ..
    } = sc;
    joint_solver::solve_joints(joints, solver_bodies, use_bias);
    let bundles = &mut bundles[..*bundles_used];
    wide::solve_all(bundles, solver_bodies, inv_h, push, use_bias);
    for range in solver_order.ranges.iter() {
        let island = &mut constraints[range.start as usize..range.end as usize];
        let iterations = range.iterations;
        if !use_bias {
            for c in island.iter_mut() {
                cs::count_second_half(c);
            }
        }
        for it in 0..iterations {
            let mut max_delta: Real = 0.0;
            let mut scale: Real = 0.0;
            for c in island.iter_mut() {
                max_delta = max_delta.max(cs::solve(c, solver_bodies, inv_h, push, use_bias));
                if iterations > 1 {
                    for p in &c.points[..c.count] {
                        scale = scale.max(p.normal_impulse);
                    }
                }
            }
            // Converged: further passes would change nothing measurable.
            if it + 1 < iterations && max_delta <= 1e-9 * scale + 1e-14 {
                break;
            }
        }
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

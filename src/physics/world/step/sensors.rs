//! Sensors: the sensor events (stage 20 of the step), and the state it
//! remembers for them before anything moves (stage 2).
//!
//! A sensor contact begins or ends with the overlap at the end of the step,
//! but a body fast enough to cross a thin sensor between two steps would
//! never be seen inside it. So the sweep takes every body that moved this
//! step from its start pose to its end pose against the sensors:
//! a pair that was not touching before the step, is not overlapping after it,
//! but met on the way, gets an enter and then an exit event in the same step.
//! Pairs that end the step overlapping are left to the overlap events (they
//! see the overlap), so no pair is ever reported twice.
//!
//! Cost: nothing when the world has no sensors; otherwise one box test per
//! moving shape and sensor, and a time-of-impact query only for the pairs
//! whose swept boxes meet.

use crate::physics::collision::distance::make_proxy;
use crate::physics::collision::time_of_impact::{time_of_impact, ToiState};
use crate::physics::math::{Real, Transform};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::world::contact::should_collide;
use crate::physics::world::events::{body_id, SensorEvent};
use crate::physics::world::hash::pair_key;
use crate::physics::world::id::ShapeId;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

/// What the sweep needs from the start of the step.
#[derive(Clone, Debug, Default)]
pub(crate) struct SensorSweepScratch {
    /// Slots of every sensor shape (empty: the pass is skipped).
    sensors: Vec<u32>,
    /// Pair keys of sensor contacts touching when the step began, sorted.
    touching_before: Vec<u64>,
    /// Pass-through pairs found this step: (sensor shape, visitor shape).
    crossed: Vec<(u32, u32)>,
}

impl World {
    /// Remember sensors: before the step moves anything, which sensors
    /// exist and which sensor pairs are already inside each other.
    pub(crate) fn remember_sensors(&mut self, sc: &mut StepScratch) {
        let s = &mut sc.sensor_sweep;
        s.touching_before.clear();
        if self.stale.take_sensors() {
            s.sensors.clear();
            for (index, shape) in self.shapes.iter() {
                if shape.sensor {
                    s.sensors.push(index);
                }
            }
        }
        if s.sensors.is_empty() {
            return;
        }
        for c in &self.contacts {
            if c.sensor && c.touching {
                s.touching_before
                    .push(pair_key(c.shape_a.index, c.shape_b.index));
            }
        }
        s.touching_before.sort_unstable();
    }

    /// Sensor events: enter and exit from the overlap at the final poses,
    /// then both for visitors that crossed a sensor within the step.
    pub(crate) fn sensor_events(&mut self, sc: &mut StepScratch) {
        self.sensor_overlap_events(&sc.sensors);
        self.sweep_sensors(&mut sc.sensor_sweep, &sc.solver, sc.dt);
    }

    /// Enter and exit events from the overlap at the step's final poses
    /// (`sensors`: the sensor contacts the narrow phase listed).
    fn sensor_overlap_events(&mut self, sensors: &[u32]) {
        for &i in sensors {
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
                let ids = self.event_bodies().of(c);
                let c = &mut self.contacts[i as usize];
                c.touching = now;
                if now {
                    self.events.push_begin(c, ids, None);
                } else {
                    self.events.push_end(c, ids);
                }
            }
        }
    }

    /// After the step: enter + exit events for bodies that crossed a sensor
    /// entirely within it.
    fn sweep_sensors(&mut self, s: &mut SensorSweepScratch, solver: &SolverScratch, dt: Real) {
        s.crossed.clear();
        if !s.sensors.is_empty() {
            // Bodies simulated this step, in solver order (deterministic).
            for k in 1..solver.solver_info.len() {
                let body = solver.solver_info[k].body;
                self.sweep_body_against_sensors(body, s, &solver.body_to_solver, dt);
            }
        }
        for &(sensor, visitor) in &s.crossed {
            let sensor_body = self.shapes.at(sensor).body.index;
            let visitor_body = self.shapes.at(visitor).body.index;
            for entered in [true, false] {
                self.events.sensor.push(SensorEvent {
                    sensor_shape: ShapeId {
                        index: sensor,
                        generation: self.shapes.generation_of(sensor),
                    },
                    visitor_shape: ShapeId {
                        index: visitor,
                        generation: self.shapes.generation_of(visitor),
                    },
                    sensor_body: body_id(&self.bodies, sensor_body),
                    visitor_body: body_id(&self.bodies, visitor_body),
                    entered,
                });
            }
        }
    }

    fn sweep_body_against_sensors(
        &self,
        body: u32,
        s: &mut SensorSweepScratch,
        body_to_solver: &[u32],
        dt: Real,
    ) {
        let b = self.bodies.at(body);
        let sweep = self.step_sweep(body, body_to_solver, dt);
        let start = sweep.transform_at(0.0);
        for sid in &b.shapes {
            let visitor = self.shapes.at(sid.index);
            if visitor.sensor {
                continue;
            }
            let visitor_box = visitor.geom.aabb(start).union(&visitor.geom.aabb(b.xf));
            for &sensor_index in &s.sensors {
                let sensor = self.shapes.at(sensor_index);
                let sb = self.bodies.at(sensor.body.index);
                if !should_collide(sensor, visitor, sb, b)
                    || !self.joints.allows_collision(sensor.body.index, body)
                {
                    continue;
                }
                // Each pair is visited once, from the visitor's side, with
                // both motions: a moving sensor passing over an awake body
                // that stands still is found too (a sleeping one is not).
                let sensor_sweep = self.step_sweep(sensor.body.index, body_to_solver, dt);
                let sensor_start = sensor_sweep.transform_at(0.0);
                let sensor_box = sensor
                    .geom
                    .aabb(sensor_start)
                    .union(&sensor.geom.aabb(sb.xf));
                if !visitor_box.overlaps(&sensor_box) {
                    continue;
                }
                let key = pair_key(sensor_index, sid.index);
                if s.touching_before.binary_search(&key).is_ok() {
                    continue; // it was inside: the ordinary exit covers it
                }
                if overlapping(sensor, sb.xf, visitor, b.xf) {
                    continue; // ends inside: the ordinary enter covers it
                }
                let out = time_of_impact(
                    &make_proxy(&sensor.geom),
                    &sensor_sweep,
                    &make_proxy(&visitor.geom),
                    &sweep,
                    1.0,
                    0.0,
                    0.0,
                );
                if matches!(out.state, ToiState::Hit | ToiState::Overlapped) && out.fraction < 1.0 {
                    s.crossed.push((sensor_index, sid.index));
                }
            }
        }
    }
}

/// The same overlap test the ordinary sensor events use.
fn overlapping(
    a: &crate::physics::world::body::Shape,
    xa: Transform,
    b: &crate::physics::world::body::Shape,
    xb: Transform,
) -> bool {
    let m = crate::physics::collision::narrow_phase::collide(&a.geom, xa, &b.geom, xb, 0.0);
    m.points().iter().any(|p| p.separation < 0.0)
}

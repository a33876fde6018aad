//! Sleep (stage 18): slow bodies accumulate rest time, and islands whose
//! every body has rested long enough fall asleep together.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::{ANGULAR_SLEEP_TOLERANCE, LINEAR_SLEEP_TOLERANCE, TIME_TO_SLEEP};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::world::World;

impl World {
    /// Sleep: every simulated body's rest timer, then the islands at rest
    /// put to sleep. Slow bodies accumulate rest time; any other (or one
    /// that may not sleep) starts again from zero, as every body does when
    /// sleep is off.
    pub(crate) fn sleep(&mut self, sc: &mut SolverScratch, dt: Real) {
        if !self.settings.enable_sleep {
            for info in &sc.solver_info[1..] {
                self.bodies.at_mut(info.body).sleep_time = 0.0;
            }
            return;
        }
        let n = sc.solver_bodies.len();
        // Rest timers, and the shortest rest time per island root (one
        // pass over the bodies).
        let mut min_time = vec![Real::MAX; n];
        for i in 1..n {
            let b = self.bodies.at_mut(sc.solver_info[i].body);
            let slow = b.linear_velocity.length_squared()
                < LINEAR_SLEEP_TOLERANCE * LINEAR_SLEEP_TOLERANCE
                && b.angular_velocity.abs() < ANGULAR_SLEEP_TOLERANCE;
            if slow && b.allow_sleep {
                b.sleep_time += dt;
            } else {
                b.sleep_time = 0.0;
            }
            let t = if b.allow_sleep { b.sleep_time } else { 0.0 };
            let root = sc.solver_order.uf.find(i as u32) as usize;
            min_time[root] = min_time[root].min(t);
        }
        self.sleep_islands(sc, &min_time);
    }

    /// Put to sleep the islands whose every body has rested long enough.
    fn sleep_islands(&mut self, sc: &mut SolverScratch, min_time: &[Real]) {
        let n = sc.solver_bodies.len();
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

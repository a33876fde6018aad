//! Sleep (stage 18): slow bodies accumulate rest time, and islands whose
//! every body has rested long enough fall asleep together.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::{ANGULAR_SLEEP_TOLERANCE, LINEAR_SLEEP_TOLERANCE, TIME_TO_SLEEP};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::world::World;

impl World {
    /// Sleep: rest timers, then islands at rest put to sleep.
    pub(crate) fn sleep(&mut self, sc: &mut SolverScratch, dt: Real) {
        self.update_rest_timers(sc, dt);
        self.sleep_islands(sc);
    }

    /// Slow bodies accumulate rest time; any other (or any that may not
    /// sleep, or every body when sleep is off) starts again from zero.
    fn update_rest_timers(&mut self, sc: &SolverScratch, dt: Real) {
        for info in &sc.solver_info[1..] {
            let b = self.bodies.at_mut(info.body);
            let slow = b.linear_velocity.length_squared()
                < LINEAR_SLEEP_TOLERANCE * LINEAR_SLEEP_TOLERANCE
                && b.angular_velocity.abs() < ANGULAR_SLEEP_TOLERANCE;
            if slow && b.allow_sleep && self.settings.enable_sleep {
                b.sleep_time += dt;
            } else {
                b.sleep_time = 0.0;
            }
        }
    }

    /// Put islands to sleep whose every body has rested long enough.
    fn sleep_islands(&mut self, sc: &mut SolverScratch) {
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

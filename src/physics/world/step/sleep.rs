//! Sleep: islands whose every body has rested long enough fall asleep
//! together.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::TIME_TO_SLEEP;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

impl World {
    /// Put islands to sleep whose every body has rested long enough.
    pub(crate) fn sleep_islands(&mut self, sc: &mut StepScratch) {
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

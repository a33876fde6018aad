//! Sleep (stage 18): slow bodies accumulate rest time, and islands whose
//! every body has rested long enough fall asleep together.

use crate::physics::math::{Real, Vec2};
use crate::physics::settings::{LINEAR_SLEEP_TOLERANCE, MAX_RESTING_SPIN, TIME_TO_SLEEP};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::world::body::{Body, BodyType};
use crate::physics::world::World;

/// How much faster (m/s) than when its rest began a body may become and
/// still be resting: a tenth of the sleep tolerance. A body gaining more
/// within `TIME_TO_SLEEP` accelerates by at least 0.01 m/s² and stays
/// awake; a settling pile's bodies slow down.
const SPEEDING_UP: Real = 0.1 * LINEAR_SLEEP_TOLERANCE;

/// A body's rest timer after this step (called by write back, with the
/// body at hand; sleep, stage 18, reads what it returns). A slow body
/// accumulates rest time; any other (or one that may not sleep) starts
/// again from zero, as every body does when sleep is off (`sleep_on`).
/// Returns the rest time the body lends its island: its own, or 0 when it
/// may not sleep.
pub(crate) fn advance_rest_timer(b: &mut Body, dt: Real, sleep_on: bool) -> Real {
    if !sleep_on {
        b.sleep_time = 0.0;
        return 0.0;
    }
    let speed2 = b.linear_velocity.length_squared();
    // Turning counts by the speed it gives the body's farthest point (as
    // Box2D's sleep velocity does), so a ball still rocking by a few
    // degrees a second in a settled pile is slow, and a long plank still
    // tipping is not; a small body spinning visibly is never slow.
    let w = b.angular_velocity.abs();
    // A kinematic body moves as the scene set it, however slowly: asleep
    // it stopped for good (sleep clears velocities), a 3 cm/s conveyor
    // after 1.5 cm.
    let driven = b.body_type == BodyType::Kinematic && (speed2 > 0.0 || w > 0.0);
    let slow = !driven
        && speed2 < LINEAR_SLEEP_TOLERANCE * LINEAR_SLEEP_TOLERANCE
        && w * b.max_extent < LINEAR_SLEEP_TOLERANCE
        && w < MAX_RESTING_SPIN;
    if slow && b.allow_sleep {
        // Slow is not resting when the body keeps speeding up: a box
        // sliding from rest down an incline whose friction nearly holds it
        // (a = 0.06 m/s²) stays below the tolerance for most of a second,
        // and slept there for good after 8 mm. Its rest starts again from
        // its speed now whenever that has grown by `SPEEDING_UP` since it
        // began. (Squared speeds: the root only when a rest starts.)
        let limit = b.rest_speed + SPEEDING_UP;
        if b.sleep_time == 0.0 || speed2 > limit * limit {
            b.rest_speed = speed2.sqrt();
            b.sleep_time = 0.0;
        }
        b.sleep_time += dt;
    } else {
        b.sleep_time = 0.0;
    }
    if b.allow_sleep {
        b.sleep_time
    } else {
        0.0
    }
}

impl World {
    /// Sleep: the islands at rest put to sleep. `rest`: per solver body,
    /// the rest time write back gave it (`advance_rest_timer`).
    /// Bodies of joints whose pull has not settled (`sc.unsettled`) rest
    /// from nought again.
    pub(crate) fn sleep(&mut self, sc: &mut SolverScratch, rest: &mut [Real]) {
        if !self.settings.enable_sleep {
            return;
        }
        for &k in &sc.unsettled {
            rest[k as usize] = 0.0;
            self.bodies
                .at_mut(sc.solver_info[k as usize].body)
                .sleep_time = 0.0;
        }
        let n = sc.solver_bodies.len();
        // The shortest rest time per island root.
        let mut min_time = vec![Real::MAX; n];
        for (i, &t) in rest[..n].iter().enumerate().skip(1) {
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

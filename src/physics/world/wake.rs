//! Waking a body (with the island it sleeps in) and sending one to sleep
//! by hand; before each step, waking the sleepers joined to a moving body.
//! The step puts whole islands to sleep (see `step/sleep.rs`).

use crate::physics::math::Vec2;
use crate::physics::world::body::BodyType;
use crate::physics::world::sleeping_islands::NO_ISLAND;
use crate::physics::world::World;

impl World {
    /// Wake a body and the island it sleeps with.
    pub(crate) fn wake_body_index(&mut self, index: u32) {
        let b = self.bodies.at_mut(index);
        b.sleep_time = 0.0;
        if b.awake {
            return;
        }
        let island = b.sleep_island;
        b.awake = true;
        b.sleep_island = NO_ISLAND;
        if island != NO_ISLAND {
            for other in self.sleeping.take(island) {
                if let Some(ob) = self
                    .bodies
                    .slots
                    .get_mut(other as usize)
                    .and_then(|s| s.value.as_mut())
                {
                    ob.awake = true;
                    ob.sleep_time = 0.0;
                    ob.sleep_island = NO_ISLAND;
                }
            }
        }
    }

    pub(crate) fn sleep_body_index(&mut self, index: u32) {
        let b = self.bodies.at_mut(index);
        if b.body_type == BodyType::Static || !b.awake {
            return;
        }
        b.awake = false;
        b.linear_velocity = Vec2::ZERO;
        b.angular_velocity = 0.0;
        b.sleep_island = self.sleeping.add(vec![index]);
    }

    /// Wake both sides of every joint that has one awake moving side, so a
    /// joint never pulls on a sleeping body (called at the start of a step).
    pub(crate) fn wake_joined_sleepers(&mut self) {
        // Nothing asleep (sleep off, or all moving): no joint can hold a
        // sleeper. A pass over the bodies in order, stopping at the first
        // sleeper, costs a fraction of one over the joints, which reads
        // both bodies of each at random (a joint grid's 19,800 hinges:
        // 0.3 ms, 4 % of its step).
        if self.joints.arena.is_empty() || !self.bodies.iter().any(|(_, b)| b.sleeps()) {
            return;
        }
        let mut wake = Vec::new();
        for ends in self.joints.ends() {
            let Some(b) = ends.body_b().filter(|_| !ends.is_free()) else {
                continue;
            };
            let ba = self.bodies.at(ends.a);
            let bb = self.bodies.at(b);
            if ba.moves() && bb.sleeps() {
                wake.push(b);
            } else if bb.moves() && ba.sleeps() {
                wake.push(ends.a);
            }
        }
        for b in wake {
            self.wake_body_index(b);
        }
    }
}

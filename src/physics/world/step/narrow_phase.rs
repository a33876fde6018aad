//! The narrow phase (stage 5): fresh manifolds for the contacts that can have
//! changed (those with a moving body), contacts whose shapes are gone or
//! apart removed, and sleepers touched by a moving body woken.

use crate::physics::math::{Real, Vec2};
use crate::physics::prefetch::{prefetch, prefetch_prefix, worth_asking, AHEAD};
use crate::physics::solver::Candidate;
use crate::physics::world::body::{Body, BodyType, Shape};
use crate::physics::world::contact::Contact;
use crate::physics::world::contact::Refresh;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

impl World {
    /// Narrow phase: update the contacts of moving bodies (`dt` sizes the
    /// speculative margin); list those left with points (`candidates`) and
    /// the sensor contacts (`sensors`), and wake what must wake.
    pub(crate) fn narrow_phase(&mut self, sc: &mut StepScratch, dt: Real) {
        let StepScratch {
            wake,
            moving,
            candidates,
            candidates_complete,
            sensors,
            ..
        } = sc;
        wake.clear();
        // Which bodies move, by slot: a contact between two bodies that
        // don't (asleep or static) cannot change, so it is passed over
        // without touching its shapes and bodies — most of a settled pile.
        // Edits that could change such a contact mark the contacts stale
        // (`world/stale.rs`): then every contact is checked.
        moving.clear();
        moving.resize(self.bodies.capacity(), false);
        for (index, b) in self.bodies.iter() {
            moving[index as usize] = b.moves();
        }
        let check_all = self.stale.take_contacts();
        candidates.clear();
        sensors.clear();
        let (mut computed, mut kept) = (0, 0);
        let keep = self.settings.keep_manifolds;
        let ask_ahead = worth_asking::<Contact>(self.contacts.len());
        let mut i = 0;
        while i < self.contacts.len() {
            // The front of the contact twice as far ahead, whose ids the
            // next look-ahead reads (waiting for that line was a seventh
            // of a big pile's narrow phase).
            if ask_ahead {
                prefetch_prefix(&self.contacts, i + 2 * AHEAD, 64);
            }
            // The shapes and bodies of a contact a few ahead: reached by
            // index, they are what this loop waits for.
            if let Some(ahead) = self
                .contacts
                .get(i + AHEAD)
                .filter(|_| ask_ahead)
                .filter(|a| check_all || moving[a.body_a as usize] || moving[a.body_b as usize])
            {
                // Only the front a contact's update reads of each (the rest
                // of a polygon comes on demand).
                for shape in [ahead.shape_a.index, ahead.shape_b.index] {
                    self.shapes.prefetch_front(shape, Shape::NARROW_PHASE_BYTES);
                }
                for body in [ahead.body_a, ahead.body_b] {
                    self.bodies.prefetch_front(body, Body::NARROW_PHASE_BYTES);
                }
                // A polygon pair's basis (`manifold_reuse.rs`).
                if !ahead.round {
                    prefetch(&self.bases, i + AHEAD);
                }
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
            match c.update(&mut self.bases[i], (sa, sb), (ba, bb), dt, keep) {
                Refresh::Collided => computed += 1,
                Refresh::Kept => kept += 1,
                Refresh::OutOfReach => {}
            }
            if c.manifold.count == 0 && c.touching {
                // No points, so no constraint: it ends here (contacts with
                // points settle their touching state after the solve).
                c.touching = false;
                self.events.push_end(c, &self.bodies);
            }
            if c.manifold.count > 0 {
                candidates.push(Candidate::of(i as u32, c));
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
        self.profile.manifolds_computed = computed;
        self.profile.manifolds_kept = kept;
        *candidates_complete = wake.is_empty();
        for &b in wake.iter() {
            self.wake_body_index(b);
        }
    }
}

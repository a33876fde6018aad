//! The narrow phase (stage 5): fresh manifolds for the contacts that can have
//! changed (those with a moving body), contacts whose shapes are gone or
//! apart removed, and sleepers touched by a moving body woken.

use crate::physics::math::{Real, Vec2};
use crate::physics::prefetch::{prefetch, worth_asking, AHEAD};
use crate::physics::solver::Candidate;
use crate::physics::world::body::{Body, BodyType, Shape};
use crate::physics::world::contact::Contact;
use crate::physics::world::contact::{found_out_of_reach, Refresh};
use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::events::EventBodies;
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
        let mut carried: Vec<u32> = Vec::new();
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
        // Whether some contact gained or lost points (the solver's links
        // then differ from the last step's: `stale.rs`).
        let mut links_changed = check_all;
        let keep = self.settings.keep_manifolds;
        if self.heads.len() != self.contacts.len() {
            // Only a world put together without `check_restored` could get
            // here; the heads are derived, so rebuild rather than misread.
            debug_assert!(false, "narrow_phase: heads out of step with contacts");
            self.rebuild_heads();
        }
        let ask_ahead = worth_asking::<Contact>(self.contacts.len());
        let mut i = 0;
        while i < self.contacts.len() {
            // The shapes and bodies of a contact a few ahead: reached by
            // index, they are what this loop waits for. (The heads
            // themselves are read in order, which the hardware foresees.)
            if let Some(ahead) = self
                .heads
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
                // A contact that had something last step will most likely
                // be updated again: its record, and a polygon pair's basis
                // (`manifold_reuse.rs`).
                if !ahead.blank {
                    prefetch(&self.contacts, i + AHEAD);
                    if !ahead.round {
                        prefetch(&self.bases, i + AHEAD);
                    }
                }
            }
            let h = self.heads[i];
            if !check_all && !moving[h.body_a as usize] && !moving[h.body_b as usize] {
                if h.sensor {
                    sensors.push(i as u32);
                }
                i += 1;
                continue;
            }
            let alive_a = self.shapes.get(h.shape_a.index, h.shape_a.generation);
            let alive_b = self.shapes.get(h.shape_b.index, h.shape_b.generation);
            let (sa, sb) = match (alive_a, alive_b) {
                (Some(sa), Some(sb)) => (sa, sb),
                _ => {
                    // A shape was destroyed: whatever rested on it must wake.
                    self.drop_dead_contact(i, wake);
                    continue;
                }
            };
            if !sa.fat_aabb.overlaps(&sb.fat_aabb) {
                // A touching contact torn apart at once (a teleport): what
                // it held up must wake. (A blank one is not touching: its
                // record is not read, here or by `remove_contact`.)
                if !h.blank && self.contacts[i].touching {
                    wake.extend([h.body_a, h.body_b]);
                }
                self.remove_contact(i, true);
                continue;
            }
            let ba = self.bodies.at(h.body_a);
            let bb = self.bodies.at(h.body_b);
            if h.sensor || (!ba.moves() && !bb.moves()) {
                if h.sensor {
                    sensors.push(i as u32);
                }
                i += 1;
                continue;
            }
            if h.blank && found_out_of_reach(ba, bb, dt) {
                // What `update` would find, and it would write nothing.
                i += 1;
                continue;
            }
            let c = &mut self.contacts[i];
            let count_before = c.manifold.count;
            match c.update(&mut self.bases[i], (sa, sb), (ba, bb), dt, keep) {
                Refresh::Collided => computed += 1,
                Refresh::Kept => kept += 1,
                Refresh::OutOfReach => {}
            }
            links_changed |= c.manifold.count != count_before;
            if c.manifold.count == 0 && c.touching {
                // No points, so no constraint: it ends here (contacts with
                // points settle their touching state after the solve).
                c.touching = false;
                // (By fields, not `World::event_bodies`: `c` holds the
                // contacts mutably here.)
                let ids = EventBodies {
                    bodies: &self.bodies,
                    shapes: &self.shapes,
                    gone: &self.gone_shapes,
                }
                .of(c);
                self.events.push_end(c, ids);
            }
            // Written only when it changes: the heads' lines stay clean (not
            // written back to memory) while most pairs keep their state.
            let blank = ContactHead::is_blank(c);
            if blank != h.blank {
                self.heads[i].blank = blank;
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
                // A body riding a moving kinematic one is not at rest,
                // however slowly they go: it fell asleep every half second
                // (its velocity cleared) and woke at the next step, a crate
                // losing 1.7 mm per 10 s on a 3 cm/s conveyor.
                let carries = |k: &crate::physics::world::body::Body| {
                    k.body_type == BodyType::Kinematic && pushes(k)
                };
                if bb.body_type == BodyType::Dynamic && carries(ba) {
                    carried.push(c.body_b);
                }
                if ba.body_type == BodyType::Dynamic && carries(bb) {
                    carried.push(c.body_a);
                }
            }
            i += 1;
        }
        self.profile.manifolds_computed = computed;
        self.profile.manifolds_kept = kept;
        *candidates_complete = wake.is_empty();
        if links_changed {
            self.stale.links_changed();
        }
        for &b in wake.iter() {
            self.wake_body_index(b);
        }
        // (Its rest starts again: write back adds this step's dt.)
        for b in carried {
            self.bodies.at_mut(b).sleep_time = 0.0;
        }
    }
}

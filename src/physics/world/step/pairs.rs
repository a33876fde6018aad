//! Update pairs (stage 4): shape pairs the broad phase reports as newly
//! overlapping become contacts (unless filtered: same body, groups, sensors,
//! joints).

use crate::physics::world::contact::{should_collide, Contact};
use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::hash::pair_key;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

impl World {
    /// Update pairs: a contact for every new pair that may collide. Past
    /// `limits.max_contacts` the search stops and the step is refused
    /// (`World::refusal`): a pile of bodies made at one point would
    /// otherwise take minutes and gigabytes for a single step.
    pub(crate) fn update_pairs(&mut self, sc: &mut StepScratch) {
        let pairs = &mut sc.pairs;
        pairs.clear();
        let max = self.limits.max_contacts;
        // New candidates and live contacts together: no more than the
        // limit twice over is ever held.
        let room = (2 * max).saturating_sub(self.contacts.len());
        let complete = self.broad_phase.update_pairs(|a, b| {
            pairs.push((a as u32, b as u32));
            pairs.len() < room
        });
        if !complete {
            self.refuse_contacts(&sc.pairs);
            return;
        }
        let dead_possible = self.stale.contacts();
        for &(a, b) in pairs.iter() {
            if self.contacts.len() >= max {
                self.refuse_contacts(&sc.pairs);
                return;
            }
            let key = pair_key(a, b);
            if let Some(&i) = self.pair_map.get(&key) {
                // (Asked only when a contact can be dead: reading the
                // contact of every pair reported again was a quarter of a
                // tumbler's pair stage.)
                if !dead_possible || self.contact_is_live(i as usize) {
                    continue;
                }
                // The contact of a shape destroyed since the last step,
                // whose slot the new shape took (a body destroyed and made
                // again in one go): it goes now, as the narrow phase would
                // drop it, so that the new pair gets a contact of its own.
                // Kept, it would have stood for the new pair until the
                // narrow phase dropped it, and the broad phase reports a
                // pair only once: the new body sank into what it lay on.
                let mut wake = Vec::new();
                self.drop_dead_contact(i as usize, &mut wake);
                for b in wake {
                    self.wake_body_index(b);
                }
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
            self.heads.push(ContactHead::of(&contact));
            self.contacts.push(contact);
            self.bases.push(Default::default());
        }
    }

    fn refuse_contacts(&mut self, pairs: &[(u32, u32)]) {
        let bodies = pairs
            .iter()
            .take(100_000)
            .flat_map(|&(a, b)| [a, b])
            .map(|s| self.shapes.at(s).body.index)
            .collect();
        // The search is repeated next step (and refused again, quickly)
        // rather than continuing with part of the pairs.
        let keys: Vec<_> = self
            .shapes
            .iter()
            .filter(|(_, s)| s.aabb.is_valid())
            .map(|(_, s)| s.proxy)
            .collect();
        for key in keys {
            self.broad_phase.buffer_move(key);
        }
        self.refusal = Some(crate::physics::world::StepRefusal {
            // A few bodies made at one point, or a crowd too dense for the
            // limit (50,000 close-packed falling balls, their boxes
            // stretched ahead of them, pair with ten neighbours each).
            message: format!(
                "too many contacts: more than {} at once among {} bodies ({} a body: bodies made on top of each other, or too many this close together)",
                self.limits.max_contacts,
                self.bodies.len(),
                self.limits.max_contacts / self.bodies.len().max(1)
            ),
            bodies,
        });
    }
}

//! The world's contact list: removing contacts (the pair map follows) and
//! reading them.

use crate::physics::world::contact::Contact;
use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::hash::pair_key;
use crate::physics::world::World;

impl World {
    /// Remove every contact of a body now (used when its type changes).
    pub(crate) fn drop_contacts_of_body(&mut self, index: u32) {
        let mut i = 0;
        while i < self.contacts.len() {
            let c = &self.contacts[i];
            if c.body_a == index || c.body_b == index {
                self.remove_contact(i, true);
            } else {
                i += 1;
            }
        }
    }

    /// Remove contact `i` (swap-remove), fixing the pair map; emits an end
    /// event when it was touching and `events` is set.
    pub(crate) fn remove_contact(&mut self, i: usize, events: bool) {
        // What is needed of the contact is read in place, before it goes:
        // the 320-byte record itself is never copied out (that copy was a
        // twentieth of a tumbler's narrow phase, where pairs come and go).
        // The shapes come from the head, and a blank contact (most of those
        // a moving pile drops) is not touching, so its record is not read.
        let head = self.heads[i];
        let key = pair_key(head.shape_a.index, head.shape_b.index);
        if events && !head.blank && self.contacts[i].touching {
            let c = &self.contacts[i];
            let ids = self.event_bodies().of(c);
            self.events.push_end(c, ids);
        }
        self.stale.links_changed();
        self.contacts.swap_remove(i);
        self.bases.swap_remove(i);
        self.heads.swap_remove(i);
        self.pair_map.remove(&key);
        if let Some(moved) = self.heads.get(i) {
            let moved_key = pair_key(moved.shape_a.index, moved.shape_b.index);
            self.pair_map.insert(moved_key, i as u32);
        }
    }

    /// Every contact's head made again from its record, none known blank
    /// (`contact_head.rs`): after a restore, or if ever out of step.
    pub(crate) fn rebuild_heads(&mut self) {
        self.heads = self.contacts.iter().map(ContactHead::of).collect();
    }

    /// Are both of contact `i`'s shapes still there? A destroyed body's
    /// contacts stay until the next step drops them (`drop_dead_contact`),
    /// so that their end events come with that step's.
    pub(crate) fn contact_is_live(&self, i: usize) -> bool {
        let c = &self.contacts[i];
        self.shapes.is_live(c.shape_a.index, c.shape_a.generation)
            && self.shapes.is_live(c.shape_b.index, c.shape_b.generation)
    }

    /// Drop contact `i`, a shape of which is gone; the bodies still there
    /// (what rested on it) are added to `wake`.
    pub(crate) fn drop_dead_contact(&mut self, i: usize, wake: &mut Vec<u32>) {
        let c = &self.contacts[i];
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
    }

    pub fn contact_count(&self) -> usize {
        self.contacts
            .iter()
            .filter(|c| c.touching && !c.sensor)
            .count()
    }

    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    pub(crate) fn drop_contacts_between(&mut self, a: u32, b: u32) {
        let mut i = 0;
        while i < self.contacts.len() {
            let c = &self.contacts[i];
            if (c.body_a == a && c.body_b == b) || (c.body_a == b && c.body_b == a) {
                self.remove_contact(i, true);
            } else {
                i += 1;
            }
        }
    }
}

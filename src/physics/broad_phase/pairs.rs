//! The move buffer and the search for new pairs.

use super::{BroadPhase, ProxyKey, NOT_BUFFERED};

impl BroadPhase {
    /// Put a proxy in the move buffer so the next `update_pairs` searches
    /// around it, even though it did not leave its fat AABB (for example after
    /// its collision filter changed). Buffering twice is harmless.
    pub fn buffer_move(&mut self, key: ProxyKey) {
        if !self.contains(key) {
            debug_assert!(false, "BroadPhase::buffer_move: no proxy {key:?}");
            return;
        }
        let slot = &mut self.move_slot[key.kind().index()][key.id() as usize];
        if *slot == NOT_BUFFERED {
            // The buffer never outgrows the number of live proxies plus the
            // destroyed ones since the last update, far below u32::MAX.
            *slot = self.move_buffer.len() as u32;
            self.move_buffer.push(Some(key));
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
    /// pairs of one body, and filtered pairs. `f` returns false to stop
    /// (the buffer is emptied all the same); the result is false if it did.
    pub fn update_pairs(&mut self, mut f: impl FnMut(u64, u64) -> bool) -> bool {
        let trees = &self.trees;
        let slots = &self.move_slot;
        let mut going = true;
        'buffer: for key in self.move_buffer.iter().flatten().copied() {
            let kind = key.kind();
            let tree = &trees[kind.index()];
            let fat = tree.fat_aabb(key.id());
            let user = tree.user_data(key.id());
            for &other_kind in kind.partner_kinds() {
                let other_slots = &slots[other_kind.index()];
                trees[other_kind.index()].query(fat, |id, other_user| {
                    let other = ProxyKey::new(other_kind, id);
                    if other == key {
                        return true;
                    }
                    let other_moved = other_slots[id as usize] != NOT_BUFFERED;
                    if other_moved && other < key {
                        // Already reported (or to be reported) from `other`.
                        return true;
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
        going
    }
}

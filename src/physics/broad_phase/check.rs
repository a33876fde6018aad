//! Checking a broad phase read from a snapshot file before anything walks
//! it: an edited `parent` or `child2` made queries loop or index out of
//! bounds, a move-buffer key naming no proxy panicked in `update_pairs`.

use super::{BroadPhase, ProxyKey, ProxyKind, NOT_BUFFERED};
use crate::physics::math::Aabb;

impl BroadPhase {
    /// Every tree sound (see `DynamicTree::check_restored`), the move
    /// buffer and its slots agreeing. `path` names the broad phase in the
    /// error (`world.broad_phase`).
    pub fn check_restored(&self, path: &str) -> Result<(), String> {
        if !(0.0..=10.0).contains(&self.margin) {
            return Err(format!(
                "{path}.margin: {} is out of range (0 to 10)",
                self.margin
            ));
        }
        for kind in ProxyKind::ALL {
            let k = kind.index();
            let tree = &self.trees[k];
            tree.check_restored()
                .map_err(|e| format!("{path}.trees[{k}]: {e}"))?;
            let slots = &self.move_slot[k];
            if let Some(id) = tree.proxy_ids().find(|&id| id as usize >= slots.len()) {
                return Err(format!(
                    "{path}.move_slot[{k}]: has no entry for proxy {id}"
                ));
            }
            if let Some(id) = tree.proxy_ids().find(|&id| id >= 1 << 30) {
                return Err(format!("{path}.trees[{k}]: proxy {id} out of range"));
            }
            for (id, &slot) in slots.iter().enumerate() {
                if slot == NOT_BUFFERED {
                    continue;
                }
                let key = ProxyKey::new(kind, id as u32);
                if self.move_buffer.get(slot as usize).copied().flatten() != Some(key)
                    || !self.contains(key)
                {
                    return Err(format!(
                        "{path}.move_slot[{k}][{id}]: {slot} does not point at this proxy in the move buffer"
                    ));
                }
            }
        }
        for (pos, key) in self.move_buffer.iter().enumerate() {
            let Some(key) = key else { continue };
            let k = key.kind().index();
            let ok = self.is_proxy_key(*key)
                && self.move_slot[k].get(key.id() as usize) == Some(&(pos as u32));
            if !ok {
                return Err(format!(
                    "{path}.move_buffer[{pos}]: {} names no buffered proxy",
                    key.raw()
                ));
            }
        }
        Ok(())
    }

    /// Is `key` a well-formed key of a live proxy?
    pub fn is_proxy_key(&self, key: ProxyKey) -> bool {
        key.raw() & 3 != 3 && self.contains(key)
    }

    /// The payload of a live proxy, if `key` names one.
    pub fn proxy_user(&self, key: ProxyKey) -> Option<u64> {
        self.is_proxy_key(key)
            .then(|| self.trees[key.kind().index()].user_data(key.id()))
    }

    /// The box the trees store for `b`: rounded outward to single
    /// precision (`dynamic_tree/node_box.rs`). A shape's copy of its fat
    /// box read from a snapshot written when they kept `f64` boxes is this
    /// of the tree's (`World::check_restored`).
    pub fn stored_box(&self, b: &Aabb) -> Aabb {
        super::dynamic_tree::stored(b)
    }

    /// Live proxies across the three trees.
    pub fn live_proxies(&self) -> usize {
        self.trees.iter().map(|t| t.proxy_ids().count()).sum()
    }
}

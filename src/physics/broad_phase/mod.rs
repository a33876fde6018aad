//! Room `broad_phase`: which shapes may touch — one proxy (a fat bounding
//! box) per shape in three dynamic AABB trees, and the pairs of proxies that
//! began to overlap, so the narrow phase only runs exact tests on those.
//!
//! Every shape has a proxy holding a *fat* AABB: its tight box grown by a
//! margin. While the shape moves within its fat box nothing happens; only when
//! the tight box pokes out is the proxy re-inserted with a new fat box and put
//! in the *move buffer* (or when the world trims a box grown for motion the
//! body no longer has: `refit_proxy`). `update_pairs` then searches the trees
//! around just the buffered proxies, so a frame in which few shapes cross
//! their margins costs little, however many shapes there are.
//!
//! Proxies are kept in three trees, one per body kind (see `ProxyKind`), so a
//! static proxy never walks the static tree and a level full of static
//! geometry costs nothing to the pair search of other static shapes.
//!
//! - `key.rs`: `ProxyKind`, `ProxyKey`, `KindMask`;
//! - `pairs.rs`: the move buffer and pair reporting;
//! - `dynamic_tree/`: the tree itself;
//! - `check.rs`: checking a broad phase read from a snapshot file;
//! - this file: proxy lifetime and the read-only queries.

mod check;
mod dynamic_tree;
mod key;
mod pairs;

#[cfg(test)]
mod tests;

pub use key::{KindMask, ProxyKey, ProxyKind};

use crate::physics::broad_phase::dynamic_tree::DynamicTree;
use crate::physics::math::{is_finite_vec, Aabb, Real, Vec2};

/// How far (in metres) a fat AABB extends past the tight one on every side
/// (shapes under 0.8 m get less: `MARGIN_PER_SIZE`). Larger margins mean fewer re-insertions for jittering or slow bodies but
/// more candidate pairs that the narrow phase then rejects.
pub const AABB_MARGIN: Real = 0.1;

/// Small shapes get a margin of this fraction of their size instead (the
/// longer side of the box they must hold), when that is less than the
/// margin. How many neighbours' fat boxes a shape's overlaps in a crowd —
/// contacts the narrow phase visits every step to find them apart — goes
/// with the margin against the shapes' spacing, and a crowd's spacing goes
/// with its shapes' size: Box2D's 0.1 m is a tenth of a 1 m box but nearly
/// half of a tumbler's 0.25 m ones, whose fat boxes then met 21 others'
/// each (24,000 contacts for 2,025 boxes; Box2D 8,600). At an eighth a
/// tumbler keeps 18,800 and steps 4–10 % faster (best and median of
/// alternating runs), a pile of 0.5 m boxes 3–5 %; shapes of 0.8 m and
/// more (a joint grid's circles, which only swing, and pay a smaller
/// margin in re-insertions: +5 % at a tenth) keep the full margin. rain's 0.5 m circles: 30,700 contacts instead of
/// 36,300, the narrow phase's gain spent again re-inserting (even).
pub const MARGIN_PER_SIZE: Real = 0.125;

/// No margin is smaller: resting shapes closer than the speculative
/// distance (`settings::SPECULATIVE_DISTANCE`) keep their pair.
pub const MIN_MARGIN: Real = crate::physics::settings::SPECULATIVE_DISTANCE;

/// Marks a proxy that is not in the move buffer.
const NOT_BUFFERED: u32 = u32::MAX;

/// The three proxy trees plus the move buffer.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct BroadPhase {
    trees: [DynamicTree; 3],
    margin: Real,
    /// Proxies that moved (or were created) since the last `update_pairs`, in
    /// the order they did so. Entries of destroyed proxies become `None`
    /// rather than being removed, so positions stay stable.
    move_buffer: Vec<Option<ProxyKey>>,
    /// Per kind, per tree id: the proxy's position in `move_buffer`, or
    /// `NOT_BUFFERED`. This doubles as the "has moved" set (no hashing needed)
    /// and gives O(1) removal when a buffered proxy is destroyed.
    move_slot: [Vec<u32>; 3],
    /// Beside `move_buffer`: the fat box each buffered proxy had when it
    /// was first buffered since the last `update_pairs` — the box its
    /// pairs were found and kept with — or `None` when every overlap must
    /// be reported (a new proxy, a filter changed: `buffer_move`). Not in
    /// snapshots: a restored buffer reports every overlap (`update_pairs`).
    #[serde(skip)]
    move_from: Vec<Option<Aabb>>,
}

impl Default for BroadPhase {
    fn default() -> Self {
        BroadPhase::new()
    }
}

impl BroadPhase {
    pub fn new() -> BroadPhase {
        BroadPhase::with_margin(AABB_MARGIN)
    }

    /// A broad phase using another fat-AABB margin (clamped to be finite and
    /// non-negative).
    pub fn with_margin(margin: Real) -> BroadPhase {
        let margin = if margin.is_finite() {
            margin.max(0.0)
        } else {
            AABB_MARGIN
        };
        BroadPhase {
            trees: Default::default(),
            margin,
            move_buffer: Vec::new(),
            move_slot: Default::default(),
            move_from: Vec::new(),
        }
    }

    /// Add a proxy for a shape whose current tight AABB is `tight`. The new
    /// proxy is buffered so that the next `update_pairs` finds its overlaps —
    /// static ones included, since a static shape created next to a resting
    /// dynamic one must still produce that pair.
    pub fn create_proxy(&mut self, tight: Aabb, kind: ProxyKind, user: u64) -> ProxyKey {
        let finite = is_finite_vec(tight.min) && is_finite_vec(tight.max);
        let id =
            self.trees[kind.index()].create_proxy(tight.expanded(self.margin_for(&tight)), user);
        let slots = &mut self.move_slot[kind.index()];
        if slots.len() <= id as usize {
            slots.resize(id as usize + 1, NOT_BUFFERED);
        }
        let key = ProxyKey::new(kind, id);
        // A proxy without a real box is not in its tree; pairing it would
        // only produce nonsense.
        if finite {
            self.buffer_move(key);
        }
        key
    }

    /// Remove a proxy (and forget that it moved). Unknown keys are ignored.
    pub fn destroy_proxy(&mut self, key: ProxyKey) {
        if !self.contains(key) {
            debug_assert!(false, "BroadPhase::destroy_proxy: no proxy {key:?}");
            return;
        }
        self.unbuffer_move(key);
        self.trees[key.kind().index()].destroy_proxy(key.id());
    }

    /// Report the shape's new tight AABB. Nothing happens while it stays inside
    /// the fat AABB; otherwise the proxy is re-inserted with a new fat box and
    /// buffered for pairing. Returns whether it was re-inserted.
    #[cfg(test)]
    pub fn move_proxy(&mut self, key: ProxyKey, tight: Aabb) -> bool {
        self.move_proxy_ahead(key, tight, tight)
    }

    /// Like `move_proxy`, but when the proxy must move its new fat box
    /// covers `ahead` (⊇ `tight`: where the shape is heading) — a fast body
    /// then stays inside its box for several steps instead of being
    /// reinserted into the tree every step (Box2D v2's displacement
    /// multiplier).
    pub fn move_proxy_ahead(&mut self, key: ProxyKey, tight: Aabb, ahead: Aabb) -> bool {
        if !self.may_move(key, &tight, &ahead) || self.fat_aabb(key).contains(&tight) {
            return false;
        }
        self.reinsert(key, tight, ahead);
        true
    }

    /// Give a proxy the fat box `ahead ∪ tight` (plus the margin) even
    /// though its old one still holds `tight`: a box stretched for a fast
    /// body that has since slowed down (`World::refresh_proxies`).
    pub fn refit_proxy(&mut self, key: ProxyKey, tight: Aabb, ahead: Aabb) {
        if self.may_move(key, &tight, &ahead) {
            self.reinsert(key, tight, ahead);
        }
    }

    /// A live proxy and finite boxes (anything else is a caller's bug).
    fn may_move(&self, key: ProxyKey, tight: &Aabb, ahead: &Aabb) -> bool {
        if !self.contains(key) {
            debug_assert!(false, "BroadPhase: moving a missing proxy {key:?}");
            return false;
        }
        let finite = |b: &Aabb| is_finite_vec(b.min) && is_finite_vec(b.max);
        if !(finite(tight) && finite(ahead)) {
            debug_assert!(false, "BroadPhase: non-finite AABB {tight:?} {ahead:?}");
            return false;
        }
        true
    }

    /// Re-insert the proxy with the fat box `ahead ∪ tight` plus the
    /// margin, and buffer it for pairing.
    fn reinsert(&mut self, key: ProxyKey, tight: Aabb, ahead: Aabb) {
        let margin = self.margin_for(&tight);
        let tree = &mut self.trees[key.kind().index()];
        let from = tree.fat_aabb(key.id());
        tree.move_proxy(key.id(), ahead.union(&tight).expanded(margin));
        self.buffer(key, Some(from));
    }

    /// The margin of a shape whose tight box (with its sweep) is `tight`:
    /// `margin`, or `MARGIN_PER_SIZE` of the box's longer side when that
    /// is less, but never below `MIN_MARGIN`.
    pub fn margin_for(&self, tight: &Aabb) -> Real {
        let size = tight.max - tight.min;
        let scaled = MARGIN_PER_SIZE * size.x.max(size.y);
        if scaled.is_finite() {
            self.margin.min(scaled.max(MIN_MARGIN))
        } else {
            self.margin
        }
    }

    pub fn contains(&self, key: ProxyKey) -> bool {
        self.trees[key.kind().index()].contains_proxy(key.id())
    }

    /// The proxy's fat AABB.
    pub fn fat_aabb(&self, key: ProxyKey) -> Aabb {
        self.trees[key.kind().index()].fat_aabb(key.id())
    }

    /// The payload given at creation.
    #[cfg(test)]
    pub fn user_data(&self, key: ProxyKey) -> u64 {
        self.trees[key.kind().index()].user_data(key.id())
    }

    /// Whether two proxies' fat AABBs overlap: the contact system keeps a pair
    /// alive while this holds and drops it once it fails.
    #[cfg(test)]
    pub fn test_overlap(&self, a: ProxyKey, b: ProxyKey) -> bool {
        self.fat_aabb(a).overlaps(&self.fat_aabb(b))
    }

    /// Call `f(key, user)` for every proxy of a kind in `kinds` whose fat AABB
    /// overlaps `aabb`, trees in static, kinematic, dynamic order. `f` returns
    /// `false` to stop; the return value is `false` if it did.
    pub fn query(
        &self,
        aabb: Aabb,
        kinds: KindMask,
        mut f: impl FnMut(ProxyKey, u64) -> bool,
    ) -> bool {
        for kind in ProxyKind::ALL {
            if !kinds.contains(kind) {
                continue;
            }
            let done =
                self.trees[kind.index()].query(aabb, |id, user| f(ProxyKey::new(kind, id), user));
            if !done {
                return false;
            }
        }
        true
    }

    /// Ray cast over the trees of `kinds` (see `DynamicTree::ray_cast` for the
    /// callback's contract). Clipping carries over from tree to tree, so a
    /// closest-hit search prunes across all of them. Returns the final max
    /// fraction, or `0` if the callback stopped the cast.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        translation: Vec2,
        max_fraction: Real,
        kinds: KindMask,
        mut f: impl FnMut(ProxyKey, u64, Real) -> Real,
    ) -> Real {
        let mut t = max_fraction;
        for kind in ProxyKind::ALL {
            if !kinds.contains(kind) {
                continue;
            }
            t = self.trees[kind.index()].ray_cast(origin, translation, t, |id, user, t| {
                f(ProxyKey::new(kind, id), user, t)
            });
            if t == 0.0 {
                break;
            }
        }
        t
    }

    /// Total live proxies across the three trees.
    #[cfg(test)]
    pub fn proxy_count(&self) -> usize {
        self.trees.iter().map(DynamicTree::proxy_count).sum()
    }

    /// The tree holding proxies of `kind` (for statistics and debugging).
    #[cfg(test)]
    pub fn tree(&self, kind: ProxyKind) -> &DynamicTree {
        &self.trees[kind.index()]
    }

    /// Check the trees and the move-buffer bookkeeping agree.
    #[cfg(test)]
    pub fn validate(&self) -> Result<(), String> {
        for tree in &self.trees {
            tree.validate()?;
        }
        for (pos, entry) in self.move_buffer.iter().enumerate() {
            if let Some(key) = entry {
                if !self.contains(*key) {
                    return Err(format!("move buffer holds dead proxy {key:?}"));
                }
                if self.move_slot[key.kind().index()][key.id() as usize] != pos as u32 {
                    return Err(format!("move slot of {key:?} disagrees with buffer"));
                }
            }
        }
        for kind in ProxyKind::ALL {
            for (id, &slot) in self.move_slot[kind.index()].iter().enumerate() {
                if slot != NOT_BUFFERED
                    && self.move_buffer.get(slot as usize).copied().flatten()
                        != Some(ProxyKey::new(kind, id as u32))
                {
                    return Err(format!("{kind:?} proxy {id} has a stale move slot"));
                }
            }
        }
        Ok(())
    }
}

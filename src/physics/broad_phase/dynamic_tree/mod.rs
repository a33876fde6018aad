//! A dynamic AABB tree: the spatial index behind the broad phase.
//!
//! Every proxy (a shape's fat AABB) is a leaf; every internal node holds the
//! union of its two children, so a query can skip whole subtrees whose box
//! misses. Nodes live in one `Vec` and refer to each other by `u32` index:
//! no pointers, no per-node allocation, cheap to clone, and the layout depends
//! only on the sequence of operations, which keeps the engine deterministic.
//!
//! The pieces are split by concept:
//! - this file: the node pool (allocation, free list) and the public API;
//! - `insert.rs`: where a new leaf goes (surface-area heuristic), removal,
//!   and the rotations that keep the tree balanced;
//! - `traverse.rs`: box queries and ray casts with an explicit stack;
//! - `validate.rs`: structural checks (tests, trees read from files).

mod insert;
mod node_box;
mod stack;
mod traverse;
mod validate;

#[cfg(test)]
pub(crate) mod tests;

use crate::physics::math::{is_finite_vec, Aabb};
use node_box::NodeBox;

/// "No node": the index used for absent parents, children and list ends.
pub(crate) const NULL_NODE: u32 = u32::MAX;

/// The node slot is in use (otherwise it sits on the free list).
const FLAG_ALLOCATED: u8 = 1;
/// The node is a proxy (a leaf) rather than an internal union node.
const FLAG_LEAF: u8 = 2;
/// The proxy exists but is not linked into the tree, because the only AABB it
/// was ever given was non-finite. Keeping it out of the tree means a NaN can
/// never poison the internal unions that every query relies on.
const FLAG_DETACHED: u8 = 4;

/// One slot of the node pool.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Node {
    /// Leaf: the proxy's fat AABB. Internal: a box containing both children.
    /// (In single precision, rounded outward: `node_box.rs`.)
    aabb: NodeBox,
    /// The caller's payload; meaningful on leaves only.
    user: u64,
    /// Parent index while allocated; the next free slot while on the free list
    /// (one field serves both because a node is never in both states).
    parent: u32,
    child1: u32,
    child2: u32,
    /// Leaves are 0; an internal node is 1 + the taller child. Drives balancing.
    height: u32,
    flags: u8,
}

// Queries and insertions are walks over nodes all over the pool: what a
// node costs is mostly its bytes (`node_box.rs`).
const _: () = assert!(std::mem::size_of::<Node>() == 48);

impl Node {
    const EMPTY: Node = Node {
        aabb: NodeBox::ZERO,
        user: 0,
        parent: NULL_NODE,
        child1: NULL_NODE,
        child2: NULL_NODE,
        height: 0,
        flags: 0,
    };

    #[inline(always)]
    fn is_leaf(&self) -> bool {
        self.flags & FLAG_LEAF != 0
    }

    #[inline(always)]
    fn is_allocated(&self) -> bool {
        self.flags & FLAG_ALLOCATED != 0
    }
}

/// True when both corners are finite numbers. Finite but inverted boxes are
/// tolerated (they can only cause missed overlaps, never a crash); NaN or
/// infinity would break the union invariant and are refused.
#[inline]
fn is_finite_aabb(aabb: &Aabb) -> bool {
    is_finite_vec(aabb.min) && is_finite_vec(aabb.max)
}

/// The box a tree stores for `b` (rounded outward to single precision):
/// what `fat_aabb` reads back.
pub(crate) fn stored(b: &Aabb) -> Aabb {
    NodeBox::around(b).to_aabb()
}

/// A bounding-volume hierarchy of AABB proxies, rebalanced on every change.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct DynamicTree {
    nodes: Vec<Node>,
    root: u32,
    /// Head of the singly linked list of free slots, threaded through `parent`.
    /// LIFO reuse makes proxy ids a pure function of the operation history.
    free_list: u32,
    proxy_count: u32,
}

impl Default for DynamicTree {
    fn default() -> Self {
        DynamicTree::new()
    }
}

impl DynamicTree {
    pub fn new() -> DynamicTree {
        DynamicTree {
            nodes: Vec::new(),
            root: NULL_NODE,
            free_list: NULL_NODE,
            proxy_count: 0,
        }
    }

    /// Take a slot from the free list, or grow the pool.
    fn allocate_node(&mut self) -> u32 {
        if self.free_list != NULL_NODE {
            let id = self.free_list;
            let slot = &mut self.nodes[id as usize];
            self.free_list = slot.parent;
            *slot = Node::EMPTY;
            slot.flags = FLAG_ALLOCATED;
            id
        } else {
            // More than 4 billion nodes would exhaust memory long before this
            // cast could wrap, so the index always fits.
            let id = self.nodes.len() as u32;
            let mut node = Node::EMPTY;
            node.flags = FLAG_ALLOCATED;
            self.nodes.push(node);
            id
        }
    }

    fn free_node(&mut self, id: u32) {
        let slot = &mut self.nodes[id as usize];
        *slot = Node::EMPTY;
        slot.parent = self.free_list;
        self.free_list = id;
    }

    /// The node behind a proxy id, if that id names a live proxy. Every public
    /// entry point goes through this so a stale id cannot corrupt the tree.
    #[inline]
    fn proxy_node(&self, id: u32) -> Option<&Node> {
        self.nodes
            .get(id as usize)
            .filter(|n| n.is_allocated() && n.is_leaf())
    }

    /// Add a proxy with the given (already fattened) AABB. Returns its id,
    /// which stays valid until `destroy_proxy`.
    pub fn create_proxy(&mut self, aabb: Aabb, user: u64) -> u32 {
        let id = self.allocate_node();
        self.proxy_count += 1;
        let finite = is_finite_aabb(&aabb);
        debug_assert!(
            finite,
            "DynamicTree::create_proxy: non-finite AABB {aabb:?}"
        );
        let node = &mut self.nodes[id as usize];
        node.user = user;
        node.flags |= FLAG_LEAF;
        if finite {
            node.aabb = NodeBox::around(&aabb);
            self.insert_leaf(id);
        } else {
            node.flags |= FLAG_DETACHED;
        }
        id
    }

    /// Remove a proxy. Unknown ids are ignored (and flagged in debug builds).
    pub fn destroy_proxy(&mut self, id: u32) {
        let Some(node) = self.proxy_node(id) else {
            debug_assert!(false, "DynamicTree::destroy_proxy: no proxy {id}");
            return;
        };
        if node.flags & FLAG_DETACHED == 0 {
            self.remove_leaf(id);
        }
        self.free_node(id);
        self.proxy_count -= 1;
    }

    /// Give a proxy a new AABB by taking its leaf out and inserting it afresh,
    /// so it lands where the surface-area heuristic wants it now.
    pub fn move_proxy(&mut self, id: u32, aabb: Aabb) {
        let Some(node) = self.proxy_node(id) else {
            debug_assert!(false, "DynamicTree::move_proxy: no proxy {id}");
            return;
        };
        if !is_finite_aabb(&aabb) {
            debug_assert!(false, "DynamicTree::move_proxy: non-finite AABB {aabb:?}");
            return;
        }
        if node.flags & FLAG_DETACHED == 0 {
            self.remove_leaf(id);
        }
        let node = &mut self.nodes[id as usize];
        node.flags &= !FLAG_DETACHED;
        node.aabb = NodeBox::around(&aabb);
        self.insert_leaf(id);
    }

    /// Grow a proxy's AABB in place without restructuring: cheaper than a
    /// move, but the tree's quality decays, so it suits small growth only.
    /// Ancestors are widened only until one already contains the new box.
    #[cfg(test)]
    pub fn enlarge_proxy(&mut self, id: u32, aabb: Aabb) {
        let Some(node) = self.proxy_node(id) else {
            debug_assert!(false, "DynamicTree::enlarge_proxy: no proxy {id}");
            return;
        };
        if !is_finite_aabb(&aabb) {
            debug_assert!(
                false,
                "DynamicTree::enlarge_proxy: non-finite AABB {aabb:?}"
            );
            return;
        }
        if node.flags & FLAG_DETACHED != 0 {
            // Nothing to enlarge yet: this is its first real box.
            self.move_proxy(id, aabb);
            return;
        }
        let merged = node.aabb.union(&NodeBox::around(&aabb));
        self.nodes[id as usize].aabb = merged;
        let mut index = self.nodes[id as usize].parent;
        while index != NULL_NODE {
            let n = &mut self.nodes[index as usize];
            if n.aabb.contains(&merged) {
                break;
            }
            n.aabb = n.aabb.union(&merged);
            index = n.parent;
        }
    }

    /// The proxy's stored AABB (a zero box for an unknown id): the box it
    /// was given, rounded outward to single precision.
    pub fn fat_aabb(&self, id: u32) -> Aabb {
        debug_assert!(
            self.proxy_node(id).is_some(),
            "DynamicTree::fat_aabb: no proxy {id}"
        );
        self.proxy_node(id)
            .map_or(Node::EMPTY.aabb, |n| n.aabb)
            .to_aabb()
    }

    /// The payload given at creation (0 for an unknown id).
    pub fn user_data(&self, id: u32) -> u64 {
        debug_assert!(
            self.proxy_node(id).is_some(),
            "DynamicTree::user_data: no proxy {id}"
        );
        self.proxy_node(id).map_or(0, |n| n.user)
    }

    /// Whether `id` currently names a proxy.
    pub fn contains_proxy(&self, id: u32) -> bool {
        self.proxy_node(id).is_some()
    }

    /// Height of the root (0 for an empty tree or a single leaf).
    #[cfg(test)]
    pub fn height(&self) -> u32 {
        if self.root == NULL_NODE {
            0
        } else {
            self.nodes[self.root as usize].height
        }
    }

    #[cfg(test)]
    pub fn proxy_count(&self) -> usize {
        self.proxy_count as usize
    }

    /// The box around everything in the tree, if anything is in it.
    #[cfg(test)]
    pub fn root_bounds(&self) -> Option<Aabb> {
        (self.root != NULL_NODE).then(|| self.nodes[self.root as usize].aabb.to_aabb())
    }
}

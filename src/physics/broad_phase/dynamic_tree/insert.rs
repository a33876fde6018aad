//! Structural edits: choosing a sibling for a new leaf, linking and unlinking
//! leaves, and rotations that keep the tree balanced.
//!
//! Quality of a tree is measured by the surface-area heuristic (in 2D the
//! "area" is the perimeter): the chance that a random query visits a node is
//! roughly proportional to its box's perimeter, so the tree should keep the sum
//! of internal perimeters small. Balance is a second, independent concern:
//! queries and ray casts walk root-to-leaf paths, and a degenerate (list-like)
//! tree would make them linear. We get both by placing leaves with the
//! heuristic and then repairing height imbalance with AVL-style rotations.

use super::{DynamicTree, NodeBox, NULL_NODE};
use crate::physics::math::Real;

impl DynamicTree {
    /// Find the node that, paired with a new leaf of box `d` under a fresh
    /// parent, adds the least total perimeter to the tree.
    ///
    /// The cost of choosing node X is the perimeter of the new parent,
    /// `P(X ∪ d)`, plus the growth `P(A ∪ d) - P(A)` of every ancestor A of X
    /// (they all must now enclose `d`). Walking down one path, that ancestor
    /// growth accumulates as `inherited`. Below an internal child C nothing can
    /// cost less than `inherited + P(C ∪ d) - P(C) + P(d)` (C grows, and any
    /// new parent is at least as big as `d`), which lets the walk stop as soon
    /// as no child can beat the best candidate found. The walk is greedy (one
    /// path, no backtracking), which is what makes it cheap.
    ///
    /// Only nodes of height 0 or 1 are candidates. Pairing the leaf with a
    /// taller subtree would create a parent whose children differ in height by
    /// two or more, which one rotation per level cannot repair; keeping every
    /// edit to a height change of at most one is what lets `balance` hold the
    /// strict AVL bound (height < 1.44·log2 n) that the traversal stack relies
    /// on. The price is a slightly worse placement for boxes much larger than
    /// their neighbours, which we accept.
    pub(super) fn find_best_sibling(&self, d: &NodeBox) -> u32 {
        let nodes = &self.nodes;
        let d_perimeter = d.perimeter();
        let d_center = d.center();

        let mut index = self.root;
        let root = &nodes[index as usize];
        let mut node_perimeter = root.aabb.perimeter();
        let mut direct = root.aabb.union(d).perimeter();
        let mut inherited: Real = 0.0;
        let (mut best, mut best_cost) = if root.height <= 1 {
            (index, direct)
        } else {
            (NULL_NODE, Real::INFINITY)
        };

        loop {
            let node = &nodes[index as usize];
            if node.is_leaf() {
                break;
            }
            let cost = direct + inherited;
            if node.height <= 1 && cost < best_cost {
                best = index;
                best_cost = cost;
            }
            // Children see this node grow if they are chosen.
            inherited += direct - node_perimeter;

            // Evaluate each child: a short one is a concrete candidate, an
            // internal one yields a lower bound for the subtree below it.
            let mut bound = [Real::INFINITY; 2];
            let mut child_direct = [0.0; 2];
            let mut child_perimeter = [0.0; 2];
            let children = [node.child1, node.child2];
            let mut internal = [false; 2];
            for k in 0..2 {
                let child = &nodes[children[k] as usize];
                child_direct[k] = child.aabb.union(d).perimeter();
                let own = child_direct[k] + inherited;
                if child.height <= 1 && own < best_cost {
                    best = children[k];
                    best_cost = own;
                }
                if !child.is_leaf() {
                    internal[k] = true;
                    child_perimeter[k] = child.aabb.perimeter();
                    bound[k] = own - child_perimeter[k] + d_perimeter;
                }
            }

            if !internal[0] && !internal[1] {
                break;
            }
            if best != NULL_NODE && best_cost <= bound[0] && best_cost <= bound[1] {
                break;
            }

            // Pick the internal child with the lower bound. Equal bounds
            // usually mean both children contain `d`; then the nearer centre
            // is the better guess.
            let pick = if internal[0] && internal[1] {
                if bound[0] == bound[1] {
                    let c0 = nodes[children[0] as usize].aabb.center();
                    let c1 = nodes[children[1] as usize].aabb.center();
                    if (c0 - d_center).length_squared() <= (c1 - d_center).length_squared() {
                        0
                    } else {
                        1
                    }
                } else if bound[0] < bound[1] {
                    0
                } else {
                    1
                }
            } else if internal[0] {
                0
            } else {
                1
            };
            index = children[pick];
            node_perimeter = child_perimeter[pick];
            direct = child_direct[pick];
        }

        if best == NULL_NODE {
            // Only reachable when costs overflowed to infinity or NaN (boxes
            // near f64::MAX): any short node is then as good as another.
            best = index;
            while nodes[best as usize].height > 1 {
                best = nodes[best as usize].child1;
            }
        }
        best
    }

    /// Link an allocated, unlinked leaf into the tree.
    pub(super) fn insert_leaf(&mut self, leaf: u32) {
        if self.root == NULL_NODE {
            self.root = leaf;
            self.nodes[leaf as usize].parent = NULL_NODE;
            return;
        }
        let leaf_box = self.nodes[leaf as usize].aabb;
        let sibling = self.find_best_sibling(&leaf_box);

        // A new internal node takes the sibling's place and adopts both.
        let old_parent = self.nodes[sibling as usize].parent;
        let new_parent = self.allocate_node();
        {
            let sib = self.nodes[sibling as usize];
            let p = &mut self.nodes[new_parent as usize];
            p.aabb = sib.aabb.union(&leaf_box);
            p.parent = old_parent;
            p.child1 = sibling;
            p.child2 = leaf;
            p.height = sib.height + 1;
        }
        self.nodes[sibling as usize].parent = new_parent;
        self.nodes[leaf as usize].parent = new_parent;
        self.replace_child(old_parent, sibling, new_parent);

        // The new parent is already exact and balanced (its sibling child is
        // at most one level tall); the edit starts to matter one level up.
        self.refit_upwards(old_parent);
    }

    /// Unlink a leaf; its parent node disappears and the sibling moves up.
    pub(super) fn remove_leaf(&mut self, leaf: u32) {
        if leaf == self.root {
            self.root = NULL_NODE;
            return;
        }
        let parent = self.nodes[leaf as usize].parent;
        let p = self.nodes[parent as usize];
        let grandparent = p.parent;
        let sibling = if p.child1 == leaf { p.child2 } else { p.child1 };

        self.replace_child(grandparent, parent, sibling);
        self.nodes[sibling as usize].parent = grandparent;
        self.nodes[leaf as usize].parent = NULL_NODE;
        self.free_node(parent);

        if grandparent != NULL_NODE {
            self.refit_upwards(grandparent);
        }
    }

    /// Point `parent`'s link from `old` to `new`; a null parent means `old`
    /// was the root.
    fn replace_child(&mut self, parent: u32, old: u32, new: u32) {
        if parent == NULL_NODE {
            self.root = new;
            return;
        }
        let p = &mut self.nodes[parent as usize];
        if p.child1 == old {
            p.child1 = new;
        } else {
            debug_assert_eq!(p.child2, old);
            p.child2 = new;
        }
    }

    /// Recompute box and height of one internal node from its children.
    #[inline]
    fn refit(&mut self, index: u32) {
        let n = self.nodes[index as usize];
        let a = &self.nodes[n.child1 as usize];
        let b = &self.nodes[n.child2 as usize];
        let aabb = a.aabb.union(&b.aabb);
        let height = 1 + a.height.max(b.height);
        let n = &mut self.nodes[index as usize];
        n.aabb = aabb;
        n.height = height;
    }

    /// After an edit among the children of `index`, rebalance and refit its
    /// ancestors. One insertion or removal changes heights by at most one, so
    /// a single rotation per level suffices.
    ///
    /// The walk stops at the first node whose box and height come out exactly
    /// as they were without a rotation: every node above depends only on those
    /// two values of this one, so nothing higher can change. Most moves touch
    /// a few levels rather than the whole path to the root.
    fn refit_upwards(&mut self, mut index: u32) {
        while index != NULL_NODE {
            let top = self.balance(index);
            if top == index {
                let before = self.nodes[index as usize];
                self.refit(index);
                let after = &self.nodes[index as usize];
                if after.aabb == before.aabb && after.height == before.height {
                    break;
                }
            }
            index = self.nodes[top as usize].parent;
        }
    }

    /// If the children of `a` differ in height by more than one, lift the
    /// taller child into `a`'s place. Returns the node now at that position.
    fn balance(&mut self, a: u32) -> u32 {
        let na = self.nodes[a as usize];
        if na.is_leaf() || na.height < 2 {
            return a;
        }
        let h1 = self.nodes[na.child1 as usize].height;
        let h2 = self.nodes[na.child2 as usize].height;
        if h2 > h1 + 1 {
            self.rotate_up(a, na.child2)
        } else if h1 > h2 + 1 {
            self.rotate_up(a, na.child1)
        } else {
            a
        }
    }

    /// Rotate `tall` (a child of `a`) into `a`'s place.
    ///
    /// `tall`'s two children are split: one stays with `tall`, the other moves
    /// down to replace `tall` under `a`. Child order carries no meaning in an
    /// AABB tree, so unlike a sorted AVL tree we may always keep the taller
    /// grandchild up — that alone restores balance, without double rotations.
    /// When the grandchildren are equally tall, the one that gives `a` the
    /// smaller box moves down (a free surface-area improvement).
    fn rotate_up(&mut self, a: u32, tall: u32) -> u32 {
        let na = self.nodes[a as usize];
        let nt = self.nodes[tall as usize];
        let keep = if na.child1 == tall {
            na.child2
        } else {
            na.child1
        };
        let (f, g) = (nt.child1, nt.child2);
        let (hf, hg) = (self.nodes[f as usize].height, self.nodes[g as usize].height);

        let down_is_f = if hf != hg {
            hf < hg
        } else {
            let keep_box = self.nodes[keep as usize].aabb;
            let with_f = keep_box.union(&self.nodes[f as usize].aabb).perimeter();
            let with_g = keep_box.union(&self.nodes[g as usize].aabb).perimeter();
            with_f <= with_g
        };
        let (down, up) = if down_is_f { (f, g) } else { (g, f) };

        // `tall` takes `a`'s place in the tree.
        self.replace_child(na.parent, a, tall);
        {
            let t = &mut self.nodes[tall as usize];
            t.parent = na.parent;
            t.child1 = a;
            t.child2 = up;
        }
        // `a` keeps its short child and adopts the lower grandchild in the
        // slot `tall` used to occupy.
        {
            let n = &mut self.nodes[a as usize];
            n.parent = tall;
            if n.child1 == tall {
                n.child1 = down;
            } else {
                n.child2 = down;
            }
        }
        self.nodes[down as usize].parent = a;
        self.nodes[up as usize].parent = tall;

        self.refit(a);
        self.refit(tall);
        tall
    }
}

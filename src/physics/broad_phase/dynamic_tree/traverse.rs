//! Read-only walks over the tree: box queries and ray casts.
//!
//! Both are iterative depth-first searches with an explicit stack (recursion
//! would cost a call frame per level and cannot be aborted cleanly from the
//! callback). Children are pushed second-then-first so that they are visited
//! first-then-second: the visiting order is a fixed function of the tree's
//! structure, which keeps callers deterministic.

use super::stack::NodeStack;
use super::{is_finite_aabb, DynamicTree, NodeBox, NULL_NODE};
use crate::physics::math::{is_finite_vec, left_perp, Aabb, Real, Vec2};

impl DynamicTree {
    /// Call `f(proxy_id, user)` for every proxy whose AABB overlaps `aabb`.
    /// `f` returns `true` to continue, `false` to stop. Returns `false` if the
    /// walk was stopped early.
    pub fn query(&self, aabb: Aabb, mut f: impl FnMut(u32, u64) -> bool) -> bool {
        self.query_boxes(aabb, |id, user, _| f(id, user))
    }

    /// `query`, giving `f` each proxy's fat AABB too (the node's box, at
    /// hand: no second read).
    #[inline]
    pub fn query_boxes(&self, aabb: Aabb, mut f: impl FnMut(u32, u64, Aabb) -> bool) -> bool {
        if self.root == NULL_NODE {
            return true;
        }
        if !is_finite_aabb(&aabb) {
            // NaN compares false, which would make `overlaps` say yes to all.
            debug_assert!(false, "DynamicTree::query: non-finite AABB {aabb:?}");
            return true;
        }
        // Rounded outward like the nodes' boxes: every overlap of the exact
        // boxes is found.
        let aabb = NodeBox::around(&aabb);
        let mut stack = NodeStack::new();
        stack.push(self.root);
        while let Some(id) = stack.pop() {
            let node = &self.nodes[id as usize];
            if !node.aabb.overlaps(&aabb) {
                continue;
            }
            if node.is_leaf() {
                if !f(id, node.user, node.aabb.to_aabb()) {
                    return false;
                }
            } else {
                stack.push(node.child2);
                stack.push(node.child1);
            }
        }
        true
    }

    /// Cast the segment `origin → origin + max_fraction · translation` against
    /// the proxies' AABBs.
    ///
    /// For each proxy whose AABB the (current) segment touches,
    /// `f(proxy_id, user, current_max_fraction)` is called. It tests the real
    /// shape and returns:
    /// - `0` to stop the cast at once;
    /// - a negative value to ignore this proxy;
    /// - a fraction in `(0, current_max_fraction)` to clip the segment there
    ///   (the usual "closest hit" pattern), pruning every box beyond it;
    /// - anything else leaves the segment as is.
    ///
    /// Returns the final max fraction, or `0` if the callback stopped the cast.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        translation: Vec2,
        max_fraction: Real,
        mut f: impl FnMut(u32, u64, Real) -> Real,
    ) -> Real {
        if !is_finite_vec(origin) || !is_finite_vec(translation) || !max_fraction.is_finite() {
            debug_assert!(false, "DynamicTree::ray_cast: non-finite input");
            return max_fraction;
        }
        if self.root == NULL_NODE || max_fraction < 0.0 {
            return max_fraction;
        }

        // Separating-axis test against the segment's normal: a box is missed
        // when its projection on the normal does not reach the line. The
        // normal is unit length so that box extents project correctly; a zero
        // translation leaves it zero and the test degenerates to "never
        // separated", with the box test below doing the work alone.
        let normal = left_perp(translation).normalize_or_zero();
        let abs_normal = normal.abs();

        let mut max_fraction = max_fraction;
        let mut segment_box = NodeBox::around(&segment_aabb(origin, translation, max_fraction));

        let mut stack = NodeStack::new();
        stack.push(self.root);
        while let Some(id) = stack.pop() {
            let node = &self.nodes[id as usize];
            if !node.aabb.overlaps(&segment_box) {
                continue;
            }
            let separation =
                normal.dot(origin - node.aabb.center()).abs() - abs_normal.dot(node.aabb.extents());
            if separation > 0.0 {
                continue;
            }
            if node.is_leaf() {
                let value = f(id, node.user, max_fraction);
                if value == 0.0 {
                    return 0.0;
                }
                if value > 0.0 && value < max_fraction {
                    max_fraction = value;
                    segment_box = NodeBox::around(&segment_aabb(origin, translation, max_fraction));
                }
            } else {
                stack.push(node.child2);
                stack.push(node.child1);
            }
        }
        max_fraction
    }
}

/// The box around the segment from `origin` to `origin + t · translation`.
#[inline]
fn segment_aabb(origin: Vec2, translation: Vec2, t: Real) -> Aabb {
    let end = origin + t * translation;
    Aabb {
        min: origin.min(end),
        max: origin.max(end),
    }
}

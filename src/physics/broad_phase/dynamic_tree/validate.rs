//! Whole-tree consistency checks. Linear time: for tests, and for trees
//! read from a snapshot file (never for the simulation loop).

use super::{DynamicTree, Node, FLAG_DETACHED, NULL_NODE};

impl DynamicTree {
    /// Check every structural invariant: parent/child links agree, internal
    /// boxes contain their children, heights are exact, siblings differ in
    /// height by at most one, and every slot is exactly one of: in the tree,
    /// a detached proxy, or on the free list.
    #[cfg(test)]
    pub fn validate(&self) -> Result<(), String> {
        self.check_structure(true)
    }

    /// The checks a tree read from a file must pass before any query walks
    /// it: every link in range, no cycle, exact heights, every box finite.
    /// Balance is not required (an unbalanced tree is only slower).
    pub fn check_restored(&self) -> Result<(), String> {
        for (id, node) in self.nodes.iter().enumerate() {
            if node.is_allocated() && !node.aabb.is_finite() {
                return Err(format!("nodes[{id}].aabb: not finite"));
            }
            if node.flags & !(super::FLAG_ALLOCATED | super::FLAG_LEAF | FLAG_DETACHED) != 0 {
                return Err(format!("nodes[{id}].flags: unknown bits {}", node.flags));
            }
        }
        self.check_structure(false)
    }

    /// The ids of the live proxies.
    pub fn proxy_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.is_allocated() && n.is_leaf())
            .map(|(i, _)| i as u32)
    }

    fn check_structure(&self, balanced: bool) -> Result<(), String> {
        let n = self.nodes.len();
        let mut seen = vec![false; n];
        let mut leaves = 0usize;

        if self.root != NULL_NODE {
            let root = self.get(self.root)?;
            if root.parent != NULL_NODE {
                return Err(format!("root {} has parent {}", self.root, root.parent));
            }
            // Explicit stack: a broken tree might be deep or cyclic.
            let mut stack = vec![self.root];
            while let Some(id) = stack.pop() {
                let node = self.get(id)?;
                if seen[id as usize] {
                    return Err(format!("node {id} reached twice"));
                }
                seen[id as usize] = true;
                if !node.is_allocated() {
                    return Err(format!("node {id} in tree but free"));
                }
                if node.is_leaf() {
                    if node.height != 0 {
                        return Err(format!("leaf {id} has height {}", node.height));
                    }
                    if node.flags & FLAG_DETACHED != 0 {
                        return Err(format!("leaf {id} in tree but marked detached"));
                    }
                    leaves += 1;
                    continue;
                }
                let (c1, c2) = (self.get(node.child1)?, self.get(node.child2)?);
                for (c, child) in [(node.child1, c1), (node.child2, c2)] {
                    if child.parent != id {
                        return Err(format!("child {c} of {id} names parent {}", child.parent));
                    }
                    if !node.aabb.contains(&child.aabb) {
                        return Err(format!("node {id} does not contain child {c}"));
                    }
                }
                // (Checked: a snapshot may name any height, u32::MAX too.)
                if Some(node.height) != c1.height.max(c2.height).checked_add(1) {
                    return Err(format!("node {id} has wrong height {}", node.height));
                }
                if balanced && c1.height.abs_diff(c2.height) > 1 {
                    return Err(format!(
                        "node {id} unbalanced: {} vs {}",
                        c1.height, c2.height
                    ));
                }
                stack.push(node.child1);
                stack.push(node.child2);
            }
        }

        let mut detached = 0usize;
        for (id, node) in self.nodes.iter().enumerate() {
            if node.is_allocated() && !seen[id] {
                if node.is_leaf() && node.flags & FLAG_DETACHED != 0 {
                    detached += 1;
                } else {
                    return Err(format!("node {id} allocated but unreachable"));
                }
            }
        }
        if leaves + detached != self.proxy_count as usize {
            return Err(format!(
                "{leaves} leaves + {detached} detached != proxy count {}",
                self.proxy_count
            ));
        }

        let mut free = 0usize;
        let mut index = self.free_list;
        while index != NULL_NODE {
            let node = self.get(index)?;
            if node.is_allocated() {
                return Err(format!("free list holds allocated node {index}"));
            }
            free += 1;
            if free > n {
                return Err("free list has a cycle".to_string());
            }
            index = node.parent;
        }
        let allocated = self.nodes.iter().filter(|n| n.is_allocated()).count();
        if allocated + free != n {
            return Err(format!("{allocated} allocated + {free} free != {n} slots"));
        }
        Ok(())
    }

    fn get(&self, id: u32) -> Result<&Node, String> {
        self.nodes
            .get(id as usize)
            .ok_or_else(|| format!("index {id} out of range"))
    }
}

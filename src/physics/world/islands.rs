//! Islands: groups of moving bodies linked by touching contacts (and joints).
//! They are rebuilt each step with union-find over the solver's bodies; the
//! solver uses them to give small islands more iterations, and sleep uses
//! them so a pile falls asleep (and wakes) as one.

use serde::{Deserialize, Serialize};

/// Union-find over solver body indices with path halving.
#[derive(Clone, Debug, Default)]
pub struct UnionFind {
    parent: Vec<u32>,
}

impl UnionFind {
    pub fn reset(&mut self, n: usize) {
        self.parent.clear();
        self.parent.extend(0..n as u32);
    }

    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let grand = self.parent[self.parent[x as usize] as usize];
            self.parent[x as usize] = grand;
            x = grand;
        }
        x
    }

    /// Join two sets; the smaller index becomes the root (deterministic).
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) {
        let ra = self.find(a);
        let rb = self.find(b);
        if ra != rb {
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi as usize] = lo;
        }
    }
}

/// Islands that went to sleep together, so waking one body wakes them all.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SleepingIslands {
    /// Body slot indices per island; an empty list is a free slot.
    pub islands: Vec<Vec<u32>>,
    free: Vec<u32>,
}

/// Marker for bodies that are not in a sleeping island.
pub const NO_ISLAND: u32 = u32::MAX;

impl SleepingIslands {
    pub fn add(&mut self, bodies: Vec<u32>) -> u32 {
        if let Some(i) = self.free.pop() {
            self.islands[i as usize] = bodies;
            i
        } else {
            self.islands.push(bodies);
            (self.islands.len() - 1) as u32
        }
    }

    /// Take the island's bodies out (to wake them).
    pub fn take(&mut self, island: u32) -> Vec<u32> {
        match self.islands.get_mut(island as usize) {
            Some(list) if !list.is_empty() => {
                self.free.push(island);
                std::mem::take(list)
            }
            _ => Vec::new(),
        }
    }

    pub fn count(&self) -> usize {
        self.islands.iter().filter(|l| !l.is_empty()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_find_groups() {
        let mut uf = UnionFind::default();
        uf.reset(6);
        uf.union(4, 2);
        uf.union(2, 5);
        uf.union(0, 1);
        assert_eq!(uf.find(5), 2);
        assert_eq!(uf.find(4), 2);
        assert_eq!(uf.find(1), 0);
        assert_eq!(uf.find(3), 3);
    }

    #[test]
    fn sleeping_islands_reuse_slots() {
        let mut s = SleepingIslands::default();
        let a = s.add(vec![1, 2]);
        let b = s.add(vec![3]);
        assert_eq!(s.take(a), vec![1, 2]);
        assert!(s.take(a).is_empty());
        let c = s.add(vec![7]);
        assert_eq!(c, a);
        assert_eq!(s.count(), 2);
        assert_eq!(s.take(b), vec![3]);
    }
}

//! Union-find over the solver's bodies: the islands of one step (bodies
//! linked by touching contacts and joints). The solver gives small islands
//! more iterations; sleep puts a whole island to sleep at once.

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
}

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

    /// Point every element straight at its root, so that each later
    /// `find` is one lookup. One forward pass: a parent never has a larger
    /// index than its child (the smaller root wins a union, and path
    /// halving only moves a pointer up the tree), so by the time `x` is
    /// reached its parent already points at the root. (Finding the roots
    /// of a step's links one by one, each walk ending unpredictably, was
    /// a fifth of rebuilding rain's islands.)
    pub fn flatten(&mut self) {
        for x in 0..self.parent.len() {
            let p = self.parent[x] as usize;
            self.parent[x] = self.parent[p];
        }
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

    #[test]
    fn flattening_keeps_every_root_and_points_straight_at_it() {
        let mut uf = UnionFind::default();
        uf.reset(64);
        let mut seed = 12345_u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) % 64
        };
        for _ in 0..40 {
            let (a, b) = (next(), next());
            uf.union(a, b);
        }
        let mut walked = uf.clone();
        let roots: Vec<u32> = (0..64).map(|x| walked.find(x)).collect();
        uf.flatten();
        for (x, &root) in roots.iter().enumerate() {
            assert_eq!(uf.parent[x], root, "element {x}");
            assert_eq!(uf.find(x as u32), root);
        }
    }
}

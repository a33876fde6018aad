//! Graph colouring of contact constraints (as Box2D v3's constraint graph).
//!
//! Constraints of one colour share no moving body, so solving them one after
//! the other carries no data dependency from one to the next: the CPU
//! overlaps their arithmetic instead of waiting for each body's velocity to
//! be written back, and a wide (SIMD) solver can take them several at a time.
//! Gauss–Seidel still converges the same way — only the visiting order
//! changes. Constraints that find no free colour go last, in an overflow
//! group solved the plain serial way.
//!
//! Index 0 of the solver bodies is the shared dummy for static bodies; it is
//! never written, so it never blocks a colour.

/// Number of colours tried before a constraint goes to the overflow group.
pub const COLOR_COUNT: usize = 24;

/// Reusable per-step state: the colours each solver body already has.
#[derive(Clone, Debug, Default)]
pub struct GraphColoring {
    /// Per solver body, bit `c` set when a constraint of colour `c` moves
    /// it (one word per body: the first free colour of a pair is then one
    /// `trailing_zeros`, not a scan over colour rows).
    taken: Vec<u32>,
    /// Constraint indices per colour (the last bucket is the overflow):
    /// two-point constraints, then the one-point ones.
    buckets: Vec<Vec<u32>>,
    singles: Vec<Vec<u32>>,
}

impl GraphColoring {
    /// Append `constraints` (indices with their two solver bodies and
    /// whether they have two points) to `out`, grouped by colour; each
    /// colour's `(start, end)` in `out` goes to `groups`. Returns where the
    /// overflow group (no colour) starts; it runs to the end of `out`.
    ///
    /// Within a colour, two-point constraints come first: the wide solver
    /// then meets bundles of one kind (block solve or point by point) and
    /// runs only that path. The order inside a colour changes no result.
    pub fn order(
        &mut self,
        body_count: usize,
        constraints: impl Iterator<Item = (u32, u32, u32, bool)>,
        out: &mut Vec<u32>,
        groups: &mut Vec<(u32, u32)>,
    ) -> u32 {
        self.taken.clear();
        self.taken.resize(body_count.max(1), 0);
        self.buckets.resize_with(COLOR_COUNT + 1, Vec::new);
        for bucket in self.buckets.iter_mut() {
            bucket.clear();
        }
        self.singles.clear();
        self.singles.resize_with(COLOR_COUNT, Vec::new);
        for list in self.singles.iter_mut() {
            list.clear();
        }
        for (index, a, b, two) in constraints {
            let color = self.assign(a, b);
            if two || color == COLOR_COUNT {
                self.buckets[color].push(index);
            } else {
                self.singles[color].push(index);
            }
        }
        for (bucket, singles) in self.buckets[..COLOR_COUNT].iter().zip(&self.singles) {
            if !bucket.is_empty() || !singles.is_empty() {
                let start = out.len() as u32;
                out.extend_from_slice(bucket);
                out.extend_from_slice(singles);
                groups.push((start, out.len() as u32));
            }
        }
        let overflow = out.len() as u32;
        out.extend_from_slice(&self.buckets[COLOR_COUNT]);
        overflow
    }

    /// First colour where neither moving body is taken; marks it taken.
    /// Constraints against static geometry skip colour 0 (Box2D's
    /// heuristic: colour 0 stays free for the denser body–body graph).
    fn assign(&mut self, a: u32, b: u32) -> usize {
        const ALL: u32 = (1 << COLOR_COUNT) - 1;
        // The dummy (index 0) never blocks a colour.
        let mask_of = |t: &[u32], i: u32| if i == 0 { 0 } else { t[i as usize] };
        let allowed = if a == 0 || b == 0 { ALL & !1 } else { ALL };
        let free = !(mask_of(&self.taken, a) | mask_of(&self.taken, b)) & allowed;
        if free == 0 {
            return COLOR_COUNT;
        }
        let color = free.trailing_zeros() as usize;
        for body in [a, b] {
            if body != 0 {
                self.taken[body as usize] |= 1 << color;
            }
        }
        color
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_colour_holds_two_constraints_on_one_moving_body() {
        // A chain 1-2-3-4 plus each body on the ground (0).
        let pairs = [(1, 2), (2, 3), (3, 4), (0, 1), (0, 2), (0, 3), (0, 4)];
        let mut g = GraphColoring::default();
        let mut out = Vec::new();
        let mut groups = Vec::new();
        let overflow = g.order(
            5,
            pairs
                .iter()
                .enumerate()
                .map(|(i, &(a, b))| (i as u32, a, b, i % 2 == 0)),
            &mut out,
            &mut groups,
        );
        assert_eq!(
            overflow as usize,
            out.len(),
            "seven constraints fit in 24 colours"
        );
        assert_eq!(groups.last().unwrap().1, overflow);
        assert_eq!(out.len(), pairs.len());
        let mut sorted = out.clone();
        sorted.sort();
        assert_eq!(sorted, (0..pairs.len() as u32).collect::<Vec<_>>());
        // Re-derive colours and check independence within each.
        let mut g2 = GraphColoring {
            taken: vec![0; 5],
            ..Default::default()
        };
        let colors: Vec<usize> = pairs.iter().map(|&(a, b)| g2.assign(a, b)).collect();
        for i in 0..pairs.len() {
            for j in i + 1..pairs.len() {
                if colors[i] == colors[j] && colors[i] < COLOR_COUNT {
                    let (a, b) = pairs[i];
                    let (c, d) = pairs[j];
                    for x in [a, b] {
                        assert!(
                            x == 0 || (x != c && x != d),
                            "{:?} {:?}",
                            pairs[i],
                            pairs[j]
                        );
                    }
                }
            }
        }
        // Static contacts never take colour 0.
        for (k, &(a, b)) in pairs.iter().enumerate() {
            if a == 0 || b == 0 {
                assert!(colors[k] >= 1);
            }
        }
    }
}

//! The order in which the solver visits contact constraints, decided before
//! they are built so they can be laid out in that order (sequential memory).
//!
//! 1. Islands: union-find over the moving bodies of touching contacts and
//!    joints.
//! 2. Islands that need exact convergence (`island_needs`: mass ratios,
//!    deep piles, stiff springs, tiny islands) share the step's work budget
//!    and iterate until their impulses converge; every other island gets
//!    one pass per phase (like Box2D), as do all of them when the budget
//!    would leave fewer than `LOAD_PRESERVING_ITERATIONS` passes each.
//! 3. The one-pass islands are merged and put in graph-colour order
//!    (`graph_color`): constraints of one colour share no moving body, so
//!    the wide solver takes them eight at a time; the few that find no
//!    colour (overflow) are solved by the scalar solver.
//! 4. With the wide solver, big iterating islands (a deep pile, a heavy
//!    load on many bodies: at least `WIDE_ISLAND_POINTS` points) are
//!    coloured too, all of them together, and the wide solver iterates
//!    their colour groups: the same passes as the scalar solver gives them,
//!    eight constraints at a time. Small iterating islands stay scalar, one
//!    range each (they converge in a few passes and stop early).
//!
//! Slots in `order`: scalar iterating islands, the iterating colour groups,
//! the one-pass colour groups (`single_pass_start`), the one-pass overflow,
//! then the iterating islands' overflow (`iterating_overflow`). The colour
//! groups are one contiguous run, so a slot's lane is one subtraction.

use crate::physics::math::Real;
use crate::physics::settings::{MAX_ISLAND_ITERATIONS, SMALL_ISLAND_BUDGET};
use crate::physics::solver::graph_color::GraphColoring;
use crate::physics::solver::island_needs::{
    IslandInput, IslandNeeds, LOAD_PRESERVING_ITERATIONS, SMALL_ISLAND_PASSES,
};
use crate::physics::solver::union_find::UnionFind;

/// Iterating islands with at least this many contact points are solved by
/// the wide solver when it is on; smaller ones (a heavy box on a light one,
/// a short heavy stack) stay scalar, in double precision. A column of boxes
/// more than 12 deep needs some 65 passes per phase, each a chain of
/// dependent block solves at ~90 ns a contact in scalar form, so this was
/// 64: a 20-box column cost 0.45 ms a step and a 31-box one 0.69, wide
/// 0.16 and 0.14, its top moving as little (0.17 and 0.7 mm in 10 s). At
/// 8 a box sliding over flush moving crates bumped; 12 and up pass every
/// test, so 16 leaves a margin.
pub const WIDE_ISLAND_POINTS: u32 = 16;

/// A contact the solver will turn into a constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    pub contact: u32,
    /// Solver body indices (0 = the static dummy).
    pub a: u32,
    pub b: u32,
    /// Whether each side is dynamic (kinematic bodies do not join islands:
    /// a conveyor must not glue everything on it into one island).
    pub a_dynamic: bool,
    pub b_dynamic: bool,
    pub points: u32,
    /// One point between two round shapes (circles): its normal row turns
    /// neither body (see `island_needs`, stiffened piles).
    pub round: bool,
}

/// A run of constraints solved together with its iteration cap.
#[derive(Clone, Copy, Debug)]
pub struct IslandRange {
    pub start: u32,
    pub end: u32,
    pub iterations: u32,
}

#[derive(Clone, Debug, Default)]
pub struct SolverOrder {
    /// Link indices in solve order.
    pub order: Vec<u32>,
    /// Runs solved by the scalar solver: iterating islands, then the
    /// overflow of the colouring (one pass).
    pub ranges: Vec<IslandRange>,
    /// Colour groups solved by the wide solver: the first
    /// `iterating_colors` of them belong to big iterating islands (passes:
    /// `wide_passes`), the rest to one-pass islands.
    pub colors: Vec<(u32, u32)>,
    pub iterating_colors: usize,
    /// Passes per phase over the iterating colour groups (0: none).
    pub wide_passes: u32,
    /// Some island has a reason to iterate its joints (a mass ratio, a
    /// stiff spring, a deep pile): without one, no joint need be looked at
    /// (`islands::choose_iterating_joints`).
    pub joints_may_iterate: bool,
    /// The iterating colour groups' overflow (solved once per wide pass),
    /// at the end of `order`.
    pub iterating_overflow: Option<IslandRange>,
    /// Where the one-pass constraints start in `order` (all before are in
    /// islands that iterate).
    pub single_pass_start: u32,
    /// Union-find over solver bodies (also used to put islands to sleep).
    pub uf: UnionFind,
    /// Which islands iterate, and why (by island root).
    pub needs: IslandNeeds,
    /// Iterations per phase of each island root (1: one pass).
    pub iterations: Vec<u32>,
    /// Island root of each link.
    roots: Vec<u32>,
    /// Per root: start offsets (counting sort), then the iteration cap.
    counts: Vec<u32>,
    grouped: Vec<u32>,
    coloring: GraphColoring,
    /// What the last `build` was given (see `BuildInput`).
    last: BuildInput,
}

/// Everything `SolverOrder::build` reads, kept from the last build: when a
/// step brings exactly the same (a resting pile, a standing pyramid: the
/// same contacts between the same bodies, with the same point counts), the
/// islands, their needs and the colour order it would compute are the ones
/// already there, so the build is skipped. Comparing costs a few percent
/// of building (islands, depth search, colouring), and the result is
/// bit-for-bit what a rebuild gives.
#[derive(Clone, Debug, Default)]
struct BuildInput {
    valid: bool,
    links: Vec<Link>,
    joined: Vec<(u32, u32)>,
    anchored: Vec<u32>,
    stiff: Vec<u32>,
    inv_mass_bits: Vec<u64>,
    wide: bool,
}

impl BuildInput {
    fn matches(&self, links: &[Link], joints: &JointLinks, inv_mass: &[Real], wide: bool) -> bool {
        same_links(&self.links, links) && self.matches_but_links(joints, inv_mass, wide)
    }

    /// Everything but the links matches.
    fn matches_but_links(&self, joints: &JointLinks, inv_mass: &[Real], wide: bool) -> bool {
        self.valid
            && self.wide == wide
            && self.joined == joints.joined
            && self.anchored == joints.anchored
            && self.stiff == joints.stiff
            && self.inv_mass_bits.len() == inv_mass.len()
            && self
                .inv_mass_bits
                .iter()
                .zip(inv_mass)
                .all(|(&bits, m)| bits == m.to_bits())
    }

    fn record(&mut self, links: &[Link], joints: &JointLinks, inv_mass: &[Real], wide: bool) {
        self.links.clear();
        self.links.extend_from_slice(links);
        self.record_but_links(joints, inv_mass, wide);
    }

    fn record_but_links(&mut self, joints: &JointLinks, inv_mass: &[Real], wide: bool) {
        self.valid = true;
        self.wide = wide;
        self.joined.clear();
        self.joined.extend_from_slice(joints.joined);
        self.anchored.clear();
        self.anchored.extend_from_slice(joints.anchored);
        self.stiff.clear();
        self.stiff.extend_from_slice(joints.stiff);
        self.inv_mass_bits.clear();
        self.inv_mass_bits
            .extend(inv_mass.iter().map(|m| m.to_bits()));
    }
}

/// `a == b` without stopping at the first difference: a resting pile's
/// 40,000 links nearly always all match, and the field-by-field compare
/// with a branch per field took a third of a millisecond.
fn same_links(a: &[Link], b: &[Link]) -> bool {
    let differ = |x: &Link, y: &Link| {
        (x.contact ^ y.contact)
            | (x.a ^ y.a)
            | (x.b ^ y.b)
            | (x.points ^ y.points)
            | (x.a_dynamic ^ y.a_dynamic) as u32
            | (x.b_dynamic ^ y.b_dynamic) as u32
            | (x.round ^ y.round) as u32
    };
    a.len() == b.len() && a.iter().zip(b).fold(0, |acc, (x, y)| acc | differ(x, y)) == 0
}

/// What the joints contribute to the islands (over solver body indices).
pub struct JointLinks<'a> {
    /// Dynamic body pairs held together by joints (same island, not solved
    /// here).
    pub joined: &'a [(u32, u32)],
    /// Bodies jointed to the world or a static body.
    pub anchored: &'a [u32],
    /// Bodies of springs stiff for their masses.
    pub stiff: &'a [u32],
}

impl SolverOrder {
    /// Islands, which of them iterate, and the solve order. `inv_mass`: per
    /// solver body.
    /// `wide`: the wide solver is on (big iterating islands are coloured).
    /// Returns false when the input equals the last build's and nothing
    /// was rebuilt (everything computed then still holds).
    pub fn build(
        &mut self,
        links: &[Link],
        joints: &JointLinks,
        inv_mass: &[Real],
        wide: bool,
    ) -> bool {
        if self.last.matches(links, joints, inv_mass, wide) {
            return false;
        }
        self.last.record(links, joints, inv_mass, wide);
        self.rebuild(links, joints, inv_mass, wide);
        true
    }

    /// `build` for the links the last build was given (known unchanged:
    /// `islands::links_kept`), without comparing them again.
    pub fn build_with_last_links(
        &mut self,
        joints: &JointLinks,
        inv_mass: &[Real],
        wide: bool,
    ) -> bool {
        if self.last.matches_but_links(joints, inv_mass, wide) {
            return false;
        }
        self.last.record_but_links(joints, inv_mass, wide);
        let links = std::mem::take(&mut self.last.links);
        self.rebuild(&links, joints, inv_mass, wide);
        self.last.links = links;
        true
    }

    fn rebuild(&mut self, links: &[Link], joints: &JointLinks, inv_mass: &[Real], wide: bool) {
        let body_count = inv_mass.len();
        self.uf.reset(body_count);
        for &(a, b) in joints.joined {
            self.uf.union(a, b);
        }
        for l in links {
            if l.a != 0 && l.b != 0 && l.a_dynamic && l.b_dynamic {
                self.uf.union(l.a, l.b);
            }
        }
        self.uf.flatten();
        self.roots.clear();
        for l in links {
            let anchor = if l.a != 0 && l.a_dynamic { l.a } else { l.b };
            self.roots.push(self.uf.find(anchor));
        }
        let input = IslandInput {
            links,
            link_roots: &self.roots,
            joined: joints.joined,
            anchored: joints.anchored,
            stiff: joints.stiff,
            inv_mass,
        };
        self.needs.classify(body_count, &mut self.uf, &input);
        let iterating = self.assign_iterations(body_count);
        self.joints_may_iterate = self.needs.reasons.iter().any(|why| why.needs_convergence());
        self.iterating_colors = 0;
        self.wide_passes = 0;
        self.iterating_overflow = None;
        if !iterating {
            self.order_in_colours(body_count, links);
            return;
        }
        self.group_by_island(body_count, links);
        self.order_islands(body_count, links, wide);
    }

    /// Whether the constraint in `slot` belongs to an island that iterates
    /// (its contacts carry their load, `ContactConstraint::load_share`).
    pub fn slot_iterates(&self, slot: u32) -> bool {
        slot < self.single_pass_start || self.iterating_overflow.is_some_and(|r| slot >= r.start)
    }

    /// Whether link `li` (an index into the links given to `build`) is in
    /// a deep pile of round bodies, solved in one pass with stiffened
    /// contacts (`island_needs`).
    pub fn link_stiffened(&self, li: usize) -> bool {
        let root = self.roots[li] as usize;
        self.needs.reasons[root].deep && self.iterations[root] <= 1
    }

    /// The island root of link `li`.
    pub fn link_root(&self, li: usize) -> u32 {
        self.roots[li]
    }

    /// Whether island `root` goes to the wide solver's iterating groups.
    fn iterates_wide(&self, root: usize, wide: bool) -> bool {
        let why = self.needs.reasons[root];
        wide && self.iterations[root] > 1
            && why.needs_convergence()
            && self.needs.points[root] >= WIDE_ISLAND_POINTS
    }

    /// Iterations per island root from the work budget shared by the
    /// islands that need convergence; false when every island gets one pass.
    fn assign_iterations(&mut self, n: usize) -> bool {
        let reasons = &self.needs.reasons;
        let points: usize = (0..n)
            .filter(|&r| reasons[r].any())
            .map(|r| self.needs.points[r] as usize)
            .sum();
        let mut cap = (SMALL_ISLAND_BUDGET / points.max(1)).clamp(1, MAX_ISLAND_ITERATIONS) as u32;
        if cap < LOAD_PRESERVING_ITERATIONS {
            cap = 1;
        }
        self.iterations.clear();
        self.iterations.extend((0..n).map(|r| {
            let why = reasons[r];
            if why.needs_convergence() {
                cap
            } else if why.small {
                cap.min(SMALL_ISLAND_PASSES)
            } else {
                1
            }
        }));
        cap > 1 && points > 0
    }

    /// Every island gets one pass: no grouping by island, all links
    /// straight into colour order.
    fn order_in_colours(&mut self, body_count: usize, links: &[Link]) {
        self.order.clear();
        self.ranges.clear();
        self.colors.clear();
        self.single_pass_start = 0;
        let singles = links
            .iter()
            .enumerate()
            .map(|(i, l)| (i as u32, l.a, l.b, l.points == 2));
        let overflow = self
            .coloring
            .order(body_count, singles, &mut self.order, &mut self.colors);
        self.push_overflow(overflow);
    }

    /// The colouring's overflow (from `overflow` to the end) as a one-pass
    /// scalar range.
    fn push_overflow(&mut self, overflow: u32) {
        if (overflow as usize) < self.order.len() {
            self.ranges.push(IslandRange {
                start: overflow,
                end: self.order.len() as u32,
                iterations: 1,
            });
        }
    }

    /// Counting sort of links by island root into `grouped`, and the
    /// islands' iteration cap from the work budget.
    fn group_by_island(&mut self, n: usize, links: &[Link]) {
        self.counts.clear();
        self.counts.resize(n + 1, 0);
        for &r in &self.roots {
            self.counts[r as usize + 1] += 1;
        }
        for i in 1..=n {
            self.counts[i] += self.counts[i - 1];
        }
        self.grouped.clear();
        self.grouped.resize(links.len(), 0);
        for (i, &r) in self.roots.iter().enumerate() {
            let slot = &mut self.counts[r as usize];
            self.grouped[*slot as usize] = i as u32;
            *slot += 1;
        }
        // `counts[r]` is now the end of island r (and the start of r + 1).
    }

    /// Final order: each small iterating island as its own range, the big
    /// ones together in colour order (wide), then all one-pass islands
    /// together in colour order.
    fn order_islands(&mut self, n: usize, links: &[Link], wide: bool) {
        self.order.clear();
        self.ranges.clear();
        self.colors.clear();
        let mut start = 0;
        let mut single_pass = 0;
        let mut wide_iterating = 0;
        for r in 0..n {
            let end = self.counts[r] as usize;
            if end > start {
                let iterations = self.iterations[r];
                if self.iterates_wide(r, wide) {
                    wide_iterating += end - start;
                    self.wide_passes = self.wide_passes.max(iterations);
                } else if iterations > 1 {
                    let from = self.order.len() as u32;
                    self.order.extend_from_slice(&self.grouped[start..end]);
                    self.ranges.push(IslandRange {
                        start: from,
                        end: self.order.len() as u32,
                        iterations,
                    });
                } else {
                    single_pass += end - start;
                }
            }
            start = end;
        }
        let mut iterating_overflow = Vec::new();
        if wide_iterating > 0 {
            let overflow = self.colour_islands(n, links, |o, r| o.iterates_wide(r, wide));
            iterating_overflow = self.order.split_off(overflow as usize);
            self.iterating_colors = self.colors.len();
        }
        self.single_pass_start = self.order.len() as u32;
        if single_pass > 0 {
            let overflow = self.colour_islands(n, links, |o, r| o.iterations[r] == 1);
            self.push_overflow(overflow);
        }
        if !iterating_overflow.is_empty() {
            let from = self.order.len() as u32;
            self.order.extend_from_slice(&iterating_overflow);
            self.iterating_overflow = Some(IslandRange {
                start: from,
                end: self.order.len() as u32,
                iterations: self.wide_passes,
            });
        }
    }

    /// Append the links of the islands `take` selects (by root) to `order`
    /// in colour order; returns where their overflow starts.
    fn colour_islands(
        &mut self,
        n: usize,
        links: &[Link],
        take: impl Fn(&Self, usize) -> bool,
    ) -> u32 {
        let mut coloring = std::mem::take(&mut self.coloring);
        let mut order = std::mem::take(&mut self.order);
        let mut colors = std::mem::take(&mut self.colors);
        let singles = self
            .grouped
            .iter()
            .filter(|&&i| take(self, self.roots[i as usize] as usize))
            .map(|&i| {
                let l = &links[i as usize];
                (i, l.a, l.b, l.points == 2)
            });
        let overflow = coloring.order(n, singles, &mut order, &mut colors);
        self.coloring = coloring;
        self.order = order;
        self.colors = colors;
        overflow
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(contact: u32, a: u32, b: u32, points: u32) -> Link {
        Link {
            round: false,
            contact,
            a,
            b,
            a_dynamic: a != 0,
            b_dynamic: b != 0,
            points,
        }
    }

    const NO_JOINTS: JointLinks<'static> = JointLinks {
        joined: &[],
        anchored: &[],
        stiff: &[],
    };

    /// What a build decided, for comparing two builds.
    fn outcome(o: &SolverOrder) -> String {
        format!(
            "{:?} {:?} {:?} {} {} {:?} {} {:?} {:?}",
            o.order,
            o.ranges,
            o.colors,
            o.iterating_colors,
            o.wide_passes,
            o.iterating_overflow,
            o.single_pass_start,
            o.iterations,
            o.needs.reasons
        )
    }

    #[test]
    fn an_unchanged_input_keeps_the_last_build_and_a_changed_one_rebuilds() {
        let none = NO_JOINTS;
        // A light body under a heavy one (iterates), and a separate pile.
        let x: Vec<Link> = vec![link(0, 0, 1, 2), link(1, 1, 2, 2), link(2, 0, 3, 1)];
        let mut y = x.clone();
        y[2].points = 2;
        let inv_mass = [0.0, 1.0, 1e-3, 1.0];
        for wide in [false, true] {
            let mut fresh = SolverOrder::default();
            assert!(fresh.build(&x, &none, &inv_mass, wide));
            let mut reused = SolverOrder::default();
            assert!(reused.build(&x, &none, &inv_mass, wide));
            assert!(!reused.build(&x, &none, &inv_mass, wide), "same input");
            assert_eq!(outcome(&reused), outcome(&fresh));
            assert!(reused.build(&y, &none, &inv_mass, wide), "a point more");
            assert!(reused.build(&x, &none, &inv_mass, wide), "back again");
            assert_eq!(outcome(&reused), outcome(&fresh));
            let heavier = [0.0, 1.0, 1e-4, 1.0];
            assert!(reused.build(&x, &none, &heavier, wide), "a mass changed");
        }
    }

    #[test]
    fn a_change_in_any_field_of_any_link_rebuilds() {
        let none = NO_JOINTS;
        let x: Vec<Link> = vec![link(0, 0, 1, 2), link(1, 1, 2, 2), link(2, 2, 3, 1)];
        let inv_mass = [0.0, 1.0, 1.0, 1.0];
        let changes: [fn(&mut Link); 7] = [
            |l| l.contact += 7,
            |l| l.a = 3,
            |l| l.b = 0,
            |l| l.points ^= 3,
            |l| l.a_dynamic = !l.a_dynamic,
            |l| l.b_dynamic = !l.b_dynamic,
            |l| l.round = !l.round,
        ];
        for (k, change) in changes.iter().enumerate() {
            for at in 0..x.len() {
                let mut order = SolverOrder::default();
                assert!(order.build(&x, &none, &inv_mass, true));
                let mut y = x.clone();
                change(&mut y[at]);
                assert!(
                    order.build(&y, &none, &inv_mass, true),
                    "field {k}, link {at}"
                );
            }
        }
        let mut order = SolverOrder::default();
        assert!(order.build(&x, &none, &inv_mass, true));
        assert!(order.build(&x[..2], &none, &inv_mass, true), "a link fewer");
    }
}

//! Which islands need their constraints solved to convergence this step,
//! and which are served by one pass per phase (as Box2D solves everything).
//!
//! One Gauss–Seidel pass moves a load one body further down a pile per
//! pass, and a soft contact carries its load like a spring of stiffness
//! m·ω², so with one pass a tall stack sags: 2.4 cm at the top of a 20-row
//! pyramid, 34 cm for a column of 50 thin plates, 24 cm for 5000 kg resting
//! on 5 kg. Iterating to convergence (and letting the contact carry its
//! load rigidly, `ContactConstraint::load_share`) removes the sag, but it
//! costs: iterating every island cost a 200-ball pile 16× Box2D's time. So
//! an island iterates only where the exactness shows:
//!
//! - **mass ratio**: two dynamic bodies touching or joined with masses more
//!   than `MASS_RATIO` apart (a heavy box on a light one, a heavy weight on
//!   a light rope);
//! - **stack depth**: a chain of more than `DEPTH` bodies resting on one
//!   another from the ground (or from a body jointed to the world): the
//!   sag grows with the square of the depth, and below this depth a pile
//!   sags less than 1 cm with one pass. A deep pile of *round* bodies
//!   (every contact between its moving bodies a single point between two
//!   circles: a ball pit) does not iterate: it is *stiffened* instead
//!   (`Reasons::deep`), its ball-to-ball contacts solved in one pass at
//!   twice the frequency (`contact_setup.rs`), but no closer than
//!   `STIFFENED_HEADROOM` to the substep's limit: at 4 substeps 52.5 Hz
//!   against the plain 30, which cuts the sag to a third. Such a
//!   contact's normal row turns neither ball, so the stiffer springs stay
//!   stable with one pass: an 800-ball pit 22 balls deep overlaps its
//!   balls by at most 7.3 mm and comes to rest, where iterating it five
//!   passes held them within 0.6 mm but left it creeping (mean speed
//!   14 mm/s after 20 s) and cost 2.3× the step; plain soft contacts in
//!   one pass would overlap them 26 mm (a 2,000-ball pit: 15 mm against
//!   50). A box pyramid
//!   stiffened the same way slid apart (26 cm in 30 s: its two-point
//!   contacts turn the boxes), so piles of anything else iterate as
//!   before. Joints do not add depth: a chain
//!   or ragdoll holds its shape by the joints' position projection, and a
//!   40-link chain swinging on one pass per phase opens its widest hinge
//!   1.6 mm (Box2D v3: 7.4 mm);
//! - **stiff springs**: a spring so stiff for its masses that one pass
//!   leaves it ringing (k·h²/m > `STIFF_SPRING`);
//! - **small islands**: a few contact points (a box bouncing on the floor,
//!   a Newton's cradle), where iterating costs next to nothing and keeps
//!   impacts and restitution exact — unless joints hold two of its moving
//!   bodies together (a ragdoll, a car): those joints get one pass, so
//!   iterating the contacts alone would buy nothing.
//!
//! Everything else — ball pits, box piles, ragdolls, chains swinging freely
//! — gets one pass per phase, in graph-colour order on the wide (SIMD)
//! solver. The iterating islands with at least `WIDE_ISLAND_POINTS` points
//! (a 20-row pyramid, a 50-plate column) are
//! coloured too and iterated on the wide solver (`solver_order.rs`); the
//! small ones stay on the scalar solver, which stops as soon as they
//! converge. The shared work budget still bounds the iterating islands: when
//! they hold too many points to iterate at least
//! `LOAD_PRESERVING_ITERATIONS` times, they get one pass too.

use crate::physics::math::Real;
use crate::physics::solver::solver_order::Link;
use crate::physics::solver::union_find::UnionFind;

/// Masses further apart than this across a contact or joint need exact
/// convergence.
pub const MASS_RATIO: Real = 10.0;
/// Piles deeper than this (bodies from the ground up) need it.
pub const DEPTH: u32 = 12;
/// Islands with at most this many contact points always iterate.
pub const SMALL_ISLAND_POINTS: u32 = 8;
/// Most passes per phase for an island that iterates only for being small.
/// Soft contacts with friction creep towards the 1e-9 convergence test for
/// hundreds of passes: two boxes resting side by side ran to the cap of
/// 1024, and a 200-box pile's three such pairs cost more than the pile.
/// Eight keep the elastic box sweep where it was (four let its worst
/// energy drift double, measured).
pub const SMALL_ISLAND_PASSES: u32 = 8;
/// How close to the substep's limit on a soft contact's frequency (a
/// quarter of the substep rate) the stiffened contacts of deep round piles
/// may come. At the limit itself (twice 30 Hz at 4 substeps is exactly
/// it) a deep pile solved in one pass never settled: after 20 s a
/// 2,000-ball pit still moved at 24 mm/s on average and up to 66 mm/s,
/// too fast to fall asleep, and an 800-ball pit at 0.4 mm/s; an eighth
/// below (52.5 Hz) they rest (0.2 and 0.00 mm/s), their balls overlapping
/// 15 and 7 mm instead of 11 and 8. Plain soft contacts at the same
/// limit boil the same way: at 2 substeps (30 Hz is the limit there) the
/// headroom puts the stiffened contacts below the plain ones, and the
/// 2,000-ball pit moves at 18 mm/s on average instead of 168, overlapping
/// 55 mm instead of 60.
pub const STIFFENED_HEADROOM: Real = 0.875;

/// A spring with k·h²/m_eff above this counts as stiff.
pub const STIFF_SPRING: Real = 0.25;
/// Contacts carry their load without soft sag only in islands that get at
/// least this many passes per phase: with fewer, a pile of a few hundred
/// boxes (3–4 passes) never settles and keeps jiggling at ~0.3 m/s. So an
/// island the budget cannot give this many gets one pass.
pub const LOAD_PRESERVING_ITERATIONS: u32 = 5;

/// Why an island iterates (for the profile and the docs' claims).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reasons {
    pub mass_ratio: bool,
    /// Deeper than `DEPTH`, and not a pile of round bodies.
    pub depth: bool,
    /// A pile of round bodies deeper than `DEPTH`: no reason to iterate,
    /// but its contacts are stiffened (see the module docs).
    pub deep: bool,
    pub stiff: bool,
    pub small: bool,
}

impl Reasons {
    pub fn any(self) -> bool {
        self.mass_ratio || self.depth || self.stiff || self.small
    }

    /// A reason to converge whatever the island's size (a mass ratio, a
    /// deep pile, a stiff spring): such an island gets the full budget of
    /// passes, and its joints iterate too. Being small is not one.
    pub fn needs_convergence(self) -> bool {
        self.mass_ratio || self.stiff || self.depth
    }
}

/// Per-island facts of one step, indexed by island root.
#[derive(Clone, Debug, Default)]
pub struct IslandNeeds {
    /// Contact points per root.
    pub points: Vec<u32>,
    /// Why each root iterates (all false: one pass).
    pub reasons: Vec<Reasons>,
    /// Per root: some contact between two of its moving bodies is not
    /// round (`Link::round`).
    angular: Vec<bool>,
    adjacency_start: Vec<u32>,
    adjacency: Vec<u32>,
    /// Where each body's next neighbour goes while the lists are filled.
    fill: Vec<u32>,
    depth: Vec<u32>,
    queue: Vec<u32>,
}

/// What the classification reads: the step's links and joints, over solver
/// body indices (0 = the static dummy).
pub struct IslandInput<'a> {
    pub links: &'a [Link],
    /// Island root of each link.
    pub link_roots: &'a [u32],
    /// Dynamic body pairs held by joints.
    pub joined: &'a [(u32, u32)],
    /// Bodies held by a joint to the world or a static body.
    pub anchored: &'a [u32],
    /// Bodies of springs that are stiff for their masses.
    pub stiff: &'a [u32],
    /// Inverse mass per solver body.
    pub inv_mass: &'a [Real],
}

/// A grounded body starts the depth search at depth 1 (once).
fn ground(depth: &mut [u32], queue: &mut Vec<u32>, body: u32) {
    if depth[body as usize] == 0 {
        depth[body as usize] = 1;
        queue.push(body);
    }
}

fn ratio(inv_mass: &[Real], a: u32, b: u32) -> Real {
    let (x, y) = (inv_mass[a as usize], inv_mass[b as usize]);
    if x <= 0.0 || y <= 0.0 {
        return 1.0;
    }
    x.max(y) / x.min(y)
}

impl IslandNeeds {
    /// Classify every island of `uf` (over `n` solver bodies).
    pub fn classify(&mut self, n: usize, uf: &mut UnionFind, input: &IslandInput) {
        self.points.clear();
        self.points.resize(n, 0);
        self.reasons.clear();
        self.reasons.resize(n, Reasons::default());
        self.angular.clear();
        self.angular.resize(n, false);
        for (l, &root) in input.links.iter().zip(input.link_roots) {
            self.points[root as usize] += l.points;
            if l.a_dynamic && l.b_dynamic {
                if ratio(input.inv_mass, l.a, l.b) > MASS_RATIO {
                    self.reasons[root as usize].mass_ratio = true;
                }
                if !l.round {
                    self.angular[root as usize] = true;
                }
            }
        }
        for &(a, b) in input.joined {
            if ratio(input.inv_mass, a, b) > MASS_RATIO {
                let root = uf.find(a) as usize;
                self.reasons[root].mass_ratio = true;
            }
        }
        for &body in input.stiff {
            let root = uf.find(body) as usize;
            self.reasons[root].stiff = true;
        }
        for (root, &p) in self.points.iter().enumerate() {
            if p > 0 && p <= SMALL_ISLAND_POINTS {
                self.reasons[root].small = true;
            }
        }
        // Being small is no reason for an island whose bodies are joined to
        // each other (a ragdoll, a car): its joints get one pass per phase,
        // so iterating its few contacts against them converges nothing (a
        // ragdoll pile spent 10 % of its step there, its widest hinge gap
        // no narrower). Joints to the world (a Newton's cradle) keep it.
        for &(a, _) in input.joined {
            let root = uf.find(a) as usize;
            self.reasons[root].small = false;
        }
        self.measure_depth(n, uf, input);
    }

    /// Breadth-first from the grounded bodies (touching something that does
    /// not move with the island, or jointed to the world) over the contacts
    /// between dynamic bodies: an island deeper than `DEPTH`
    /// needs convergence. Floating bodies (a pile in free fall) have no
    /// depth.
    fn measure_depth(&mut self, n: usize, uf: &mut UnionFind, input: &IslandInput) {
        // One pass over the links: each body's count of links to moving
        // bodies (adjacency lists by counting sort into one array) and the
        // grounded bodies, at depth 1.
        self.adjacency_start.clear();
        self.adjacency_start.resize(n + 1, 0);
        self.depth.clear();
        self.depth.resize(n, 0);
        self.queue.clear();
        // An island that converges already (a mass ratio, a stiff spring)
        // and is not a pile of round bodies learns nothing from its depth:
        // `depth` would only say again that it converges. Its links are
        // left out of the search (tumbler: its heavy frame gives the 2,025
        // boxes a mass ratio, and the search was a fifth of rebuilding its
        // islands, 0.30 -> 0.24 ms a step, the motion bit for bit the
        // same). Round piles are searched whatever their reasons: their
        // depth decides the stiffening.
        // (Whether any island is such is asked once, over the roots, so
        // that a step without one, rain's, pays no lookup per link.)
        let settled = |why: Reasons, angular: bool| angular && (why.mass_ratio || why.stiff);
        let any_settled = (self.reasons.iter().zip(&self.angular)).any(|(&w, &a)| settled(w, a));
        let known = |root: u32| {
            any_settled && settled(self.reasons[root as usize], self.angular[root as usize])
        };
        for (l, &root) in input.links.iter().zip(input.link_roots) {
            if known(root) {
                continue;
            }
            match (l.a_dynamic && l.a != 0, l.b_dynamic && l.b != 0) {
                (true, true) => {
                    self.adjacency_start[l.a as usize + 1] += 1;
                    self.adjacency_start[l.b as usize + 1] += 1;
                }
                (true, false) => ground(&mut self.depth, &mut self.queue, l.a),
                (false, true) => ground(&mut self.depth, &mut self.queue, l.b),
                _ => {}
            }
        }
        for &body in input.anchored {
            if known(uf.find(body)) {
                continue;
            }
            ground(&mut self.depth, &mut self.queue, body);
        }
        for i in 1..=n {
            self.adjacency_start[i] += self.adjacency_start[i - 1];
        }
        self.adjacency.clear();
        self.adjacency.resize(self.adjacency_start[n] as usize, 0);
        self.fill.clear();
        self.fill.extend_from_slice(&self.adjacency_start[..n]);
        for (l, &root) in input.links.iter().zip(input.link_roots) {
            if known(root) {
                continue;
            }
            if l.a_dynamic && l.b_dynamic && l.a != 0 && l.b != 0 {
                let (a, b) = (l.a as usize, l.b as usize);
                self.adjacency[self.fill[a] as usize] = l.b;
                self.fill[a] += 1;
                self.adjacency[self.fill[b] as usize] = l.a;
                self.fill[b] += 1;
            }
        }
        // Breadth first, so depths come off the queue in order. The search
        // stops at the first body deeper than `DEPTH`: by then every body
        // at `DEPTH + 1` is queued, and any deeper body's shortest path from
        // the ground runs through one of them in its own island, so those
        // name every deep island. (A 2,000-ball pit 50 balls deep was
        // searched to the top every step.)
        let mut head = 0;
        while head < self.queue.len() {
            let body = self.queue[head] as usize;
            if self.depth[body] > DEPTH {
                break;
            }
            head += 1;
            let next = self.depth[body] + 1;
            let (s, e) = (self.adjacency_start[body], self.adjacency_start[body + 1]);
            for k in s..e {
                let other = self.adjacency[k as usize] as usize;
                if self.depth[other] == 0 {
                    self.depth[other] = next;
                    self.queue.push(other as u32);
                }
            }
        }
        for &body in &self.queue[head..] {
            let root = uf.find(body) as usize;
            if self.angular[root] {
                self.reasons[root].depth = true;
            } else {
                self.reasons[root].deep = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(a: u32, b: u32, points: u32) -> Link {
        Link {
            round: false,
            contact: 0,
            a,
            b,
            a_dynamic: a != 0,
            b_dynamic: b != 0,
            points,
        }
    }

    fn classify(n: usize, links: &[Link], inv_mass: &[Real]) -> (Vec<Reasons>, UnionFind) {
        let mut uf = UnionFind::default();
        uf.reset(n);
        for l in links {
            if l.a != 0 && l.b != 0 {
                uf.union(l.a, l.b);
            }
        }
        let roots: Vec<u32> = links
            .iter()
            .map(|l| uf.find(if l.a != 0 { l.a } else { l.b }))
            .collect();
        let mut needs = IslandNeeds::default();
        needs.classify(
            n,
            &mut uf,
            &IslandInput {
                links,
                link_roots: &roots,
                joined: &[],
                anchored: &[],
                stiff: &[],
                inv_mass,
            },
        );
        (needs.reasons, uf)
    }

    #[test]
    fn a_tall_column_needs_convergence_and_a_short_one_does_not() {
        for (height, deep) in [(DEPTH as usize, false), (DEPTH as usize + 1, true)] {
            // Body 1 on the ground, each next one on the last; 2 points each.
            let mut links = vec![link(0, 1, 2)];
            links.extend((1..height as u32).map(|i| link(i, i + 1, 2)));
            let inv_mass = vec![1.0; height + 1];
            let (reasons, mut uf) = classify(height + 1, &links, &inv_mass);
            let root = uf.find(1) as usize;
            assert_eq!(reasons[root].depth, deep, "height {height}");
            assert!(!reasons[root].mass_ratio && !reasons[root].small);
        }
    }

    /// Body 1 on the ground, each next one on the last, `height` bodies,
    /// one point per contact: balls (`round`) or boxes standing on their
    /// corners.
    fn one_point_column(height: usize, round: bool) -> Vec<Link> {
        let mut links = vec![link(0, 1, 1)];
        links.extend((1..height as u32).map(|i| Link {
            round,
            ..link(i, i + 1, 1)
        }));
        links
    }

    #[test]
    fn a_deep_pile_of_round_bodies_is_stiffened_not_iterated() {
        // The same column as above, one point per contact: of balls, and of
        // boxes standing on their corners.
        let height = DEPTH as usize + 1;
        for round in [true, false] {
            let links = one_point_column(height, round);
            let inv_mass = vec![1.0; height + 1];
            let (reasons, mut uf) = classify(height + 1, &links, &inv_mass);
            let why = reasons[uf.find(1) as usize];
            assert_eq!((why.deep, why.depth), (round, !round), "round {round}");
            assert!(!why.any() || !round);
        }
    }

    #[test]
    fn a_deep_pile_that_converges_anyway_is_searched_only_if_round() {
        // The tall column again, its top body heavy: it converges for the
        // mass ratio. Of boxes, its depth is not searched (it would add
        // nothing); of balls, it is (it decides the stiffening).
        let height = DEPTH as usize + 1;
        for round in [true, false] {
            let links = one_point_column(height, round);
            let mut inv_mass = vec![1.0; height + 1];
            inv_mass[height] = 1e-3;
            let (reasons, mut uf) = classify(height + 1, &links, &inv_mass);
            let why = reasons[uf.find(1) as usize];
            assert!(why.mass_ratio && why.needs_convergence());
            assert_eq!((why.deep, why.depth), (round, false), "round {round}");
        }
    }

    #[test]
    fn a_heavy_body_on_a_light_one_needs_convergence() {
        let links = [link(0, 1, 2), link(1, 2, 2), link(0, 3, 2), link(3, 4, 2)];
        let inv_mass = [0.0, 1.0 / 5.0, 1.0 / 5000.0, 1.0, 1.0 / 2.0];
        let (reasons, mut uf) = classify(5, &links, &inv_mass);
        assert!(reasons[uf.find(1) as usize].mass_ratio);
        assert!(!reasons[uf.find(3) as usize].mass_ratio);
        // Both are small islands (4 points).
        assert!(reasons[uf.find(3) as usize].small);
    }

    #[test]
    fn a_small_island_joined_by_a_joint_takes_one_pass_and_one_hung_from_the_world_iterates() {
        // Bodies 1 and 2 each on the ground (2 points each): a small island
        // when only a joint to the world holds them (a cradle's balls), not
        // when a joint holds them together (a ragdoll's limbs).
        let links = [link(0, 1, 2), link(0, 2, 2)];
        let inv_mass = [0.0, 1.0, 1.0];
        for (joined, small) in [(&[][..], true), (&[(1u32, 2u32)][..], false)] {
            let mut uf = UnionFind::default();
            uf.reset(3);
            uf.union(1, 2);
            let roots = [uf.find(1), uf.find(2)];
            let mut needs = IslandNeeds::default();
            needs.classify(
                3,
                &mut uf,
                &IslandInput {
                    links: &links,
                    link_roots: &roots,
                    joined,
                    anchored: &[1, 2],
                    stiff: &[],
                    inv_mass: &inv_mass,
                },
            );
            assert_eq!(
                needs.reasons[uf.find(1) as usize].small,
                small,
                "{joined:?}"
            );
        }
    }
}

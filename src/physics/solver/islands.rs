//! Build islands (stage 8 of the step): which contacts the solver takes
//! this step (links: touching, solid, at least one awake body), their
//! islands and solve order (`solver_order`), and where each constraint will
//! sit — in a SIMD lane of a colour group (the wide solver) or in the scalar
//! array.

use crate::physics::joints::solver::iterating_passes;
use crate::physics::settings::WorldSettings;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_order::{IslandRange, JointLinks, Link};
use crate::physics::solver::wide::constraint::{WideBounce, WideConstraint};
use crate::physics::solver::wide::lanes::{self, LANES};
use crate::physics::solver::wide::prepare::WideStart;
use crate::physics::world::contact::Contact;
use crate::physics::world::contact_head::ContactHead;

/// A contact the narrow phase left with points (`build_islands` makes its
/// link), with what the link needs of it noted while it was at hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate {
    pub contact: u32,
    /// Body slots.
    pub body_a: u32,
    pub body_b: u32,
    pub points: u32,
    /// One point between two shapes with a rounding radius (`Link::round`).
    pub round: bool,
}

impl Candidate {
    pub fn of(index: u32, c: &Contact) -> Candidate {
        let points = c.manifold.count as u32;
        Candidate {
            contact: index,
            body_a: c.body_a,
            body_b: c.body_b,
            points,
            // Round: both shapes have a rounding radius, which scenes give
            // only to circles (a rounded polygon, possible from Rust alone,
            // would count too and be stiffened in a deep pile).
            round: points == 1 && c.radius_a > 0.0 && c.radius_b > 0.0,
        }
    }
}

/// Links, islands and solve order, then the constraints' places.
/// `candidates` are the narrow phase's contacts with points, all of this
/// step's links unless it woke bodies (`complete` false): then every
/// contact is looked at.
pub(crate) fn build_islands(
    sc: &mut SolverScratch,
    (candidates, complete, links_may_differ): (&[Candidate], bool, bool),
    (contacts, heads): (&[Contact], &[ContactHead]),
    settings: &WorldSettings,
) {
    // Inverse masses in an array of their own first: collecting the links
    // reads two per link at random, from 8 bytes a body rather than a
    // 64-byte record (many_pyramids' bodies' records are 1.4 MB).
    sc.inv_mass.clear();
    sc.inv_mass
        .extend(sc.solver_info.iter().map(|i| i.inv_mass));
    let same_links = !links_may_differ && complete && links_kept(sc);
    #[cfg(test)]
    LINKS_REUSED_FOR_TESTS.with(|n| n.set(n.get() + u64::from(same_links)));
    if !same_links {
        collect_links(sc, candidates, complete, (contacts, heads));
        sc.links_bodies.clear();
        sc.links_bodies
            .extend(sc.solver_info.iter().map(|i| i.body));
    }
    // Islands and visiting order first, so the constraints are laid out
    // in the order they are solved.
    let joints = JointLinks {
        joined: &sc.joint_pairs,
        anchored: &sc.joint_anchored,
        stiff: &sc.joint_stiff,
    };
    let wide = settings.wide_solver && lanes::available();
    let rebuilt = if same_links {
        sc.solver_order
            .build_with_last_links(&joints, &sc.inv_mass, wide)
    } else {
        sc.solver_order
            .build(&sc.links, &joints, &sc.inv_mass, wide)
    };
    choose_iterating_joints(sc);
    // Each link's slot, the bundles and each slot's lane follow from the
    // order alone: an order kept from the last step keeps them all (a
    // resting pile's 40,000 contacts are not mapped again, nor its 5,000
    // bundles' padding lanes reset: no pass writes anything but zeros
    // there).
    if !rebuilt {
        return;
    }
    let count = sc.solver_order.order.len();
    sc.slot_of_link.clear();
    sc.slot_of_link.resize(count, 0);
    for (slot, &li) in sc.solver_order.order.iter().enumerate() {
        sc.slot_of_link[li as usize] = slot as u32;
    }
    // The wide solver where the CPU can run it (the scalar path gives the
    // same motion to single-precision round-off).
    if wide {
        layout_bundles(sc);
    } else {
        solve_colors_scalar(sc);
    }
    map_lanes_to_links(sc);
}

/// A link that is in no bundle (`SolverScratch::lane_of_link`).
pub(crate) const NO_LANE: u32 = u32::MAX;

/// Each link's lane, walking the coloured slots in order. Preparing and
/// storing the contacts go by link (in contact order): each looked its
/// lane up by slot, a jump per link into `lane_of_slot`, and preparing
/// many_pyramids' 58,000 contacts waited there a fifth of its time.
fn map_lanes_to_links(sc: &mut SolverScratch) {
    sc.lane_of_link.clear();
    sc.lane_of_link.resize(sc.slot_of_link.len(), NO_LANE);
    let colored = colored_range(sc);
    let order = &sc.solver_order.order[colored.clone()];
    for (&li, &lane) in order.iter().zip(&sc.lane_of_slot) {
        sc.lane_of_link[li as usize] = lane;
    }
}

/// Whether last step's links are this step's: no contact gained or lost
/// points or went (`links_may_differ`, from the narrow phase), the same
/// bodies are in the step in the same solver slots (the links name bodies
/// by those), and the links were collected for those bodies. Then
/// collecting them again and comparing them with the last build's is
/// skipped: a standing pyramid's contacts keep their points step after
/// step (many_pyramids: 58,000 links, 0.26 ms to collect and 0.08 ms to
/// compare a step). Whether the body's masses or the joints changed the
/// build still checks.
fn links_kept(sc: &SolverScratch) -> bool {
    reuse_allowed()
        && sc.links_bodies.len() == sc.solver_info.len()
        && sc
            .links_bodies
            .iter()
            .zip(&sc.solver_info)
            .all(|(&body, info)| body == info.body)
}

#[cfg(test)]
thread_local! {
    /// Off: every step collects its links (what a test compares the
    /// motion with).
    pub(crate) static REUSE_LINKS_FOR_TESTS: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
    /// Steps that kept their links (counted for the tests).
    pub(crate) static LINKS_REUSED_FOR_TESTS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[allow(clippy::let_and_return)]
fn reuse_allowed() -> bool {
    #[cfg(test)]
    let allowed = REUSE_LINKS_FOR_TESTS.with(|r| r.get());
    #[cfg(not(test))]
    let allowed = true;
    allowed
}

/// The joints of islands that iterate get several passes per phase, the
/// rest one.
fn choose_iterating_joints(sc: &mut SolverScratch) {
    sc.iterating_joints.clear();
    // No island has a reason (a joint grid, a chain): no joint iterates,
    // and a find per joint was a hundredth of a joint grid's step.
    let joints = if sc.solver_order.joints_may_iterate {
        &sc.joints[..]
    } else {
        &[]
    };
    for (i, c) in joints.iter().enumerate() {
        let body = if c.a != 0 { c.a } else { c.b };
        let root = sc.solver_order.uf.find(body) as usize;
        let why = sc.solver_order.needs.reasons[root];
        if why.needs_convergence() {
            sc.iterating_joints.push(i as u32);
        }
    }
    sc.joint_passes = iterating_passes(sc.iterating_joints.len());
}

fn collect_links(
    sc: &mut SolverScratch,
    candidates: &[Candidate],
    complete: bool,
    (contacts, heads): (&[Contact], &[ContactHead]),
) {
    sc.links.clear();
    sc.linked.clear();
    sc.linked.resize(sc.inv_mass.len(), false);
    let mut push = |c: &Candidate| {
        let a = sc.body_to_solver[c.body_a as usize];
        let b = sc.body_to_solver[c.body_b as usize];
        if a == 0 && b == 0 {
            return;
        }
        sc.linked[a as usize] = true;
        sc.linked[b as usize] = true;
        sc.links.push(Link {
            contact: c.contact,
            a,
            b,
            a_dynamic: sc.inv_mass[a as usize] > 0.0,
            b_dynamic: sc.inv_mass[b as usize] > 0.0,
            points: c.points,
            round: c.round,
        });
    };
    if complete {
        for c in candidates {
            push(c);
        }
        return;
    }
    // Every contact, told apart by its head first: a blank one has no
    // points, a sensor makes no link, and one between bodies not in the
    // step (asleep or static: most of a pile that woke a part of itself)
    // makes none either, so their records are not read. (Reading all
    // 36,000 of rain's made a step that woke something cost 1.2 ms here
    // instead of 0.7.)
    let in_step = |body: u32| sc.body_to_solver[body as usize] != 0;
    for (ci, h) in heads.iter().enumerate() {
        if h.sensor || h.blank || !(in_step(h.body_a) || in_step(h.body_b)) {
            continue;
        }
        let c = &contacts[ci];
        if c.manifold.count > 0 {
            push(&Candidate::of(ci as u32, c));
        }
    }
}

/// Slots solved by the wide solver this step (empty when it is off).
pub(crate) fn colored_range(sc: &SolverScratch) -> std::ops::Range<usize> {
    if sc.bundles_used == 0 {
        return 0..0;
    }
    let colors = &sc.solver_order.colors;
    colors[0].0 as usize..colors[colors.len() - 1].1 as usize
}

/// Bundles of eight lanes for every colour group, and each slot's lane.
fn layout_bundles(sc: &mut SolverScratch) {
    let colors = &sc.solver_order.colors;
    sc.lane_of_slot.clear();
    sc.one_point_bundles.clear();
    sc.bundle_lanes.clear();
    let mut bundles = 0;
    sc.iterating_bundles = 0;
    for (k, &(start, end)) in colors.iter().enumerate() {
        if k == sc.solver_order.iterating_colors {
            sc.iterating_bundles = bundles;
        }
        for k in 0..(end - start) as usize {
            sc.lane_of_slot.push((bundles * LANES + k) as u32);
        }
        let used = (end - start) as usize;
        let count = used.div_ceil(LANES);
        if sc.bundles.len() < bundles + count {
            sc.bundles
                .resize(bundles + count, WideConstraint::default());
        }
        if sc.bounce_lanes.len() < bundles + count {
            sc.bounce_lanes
                .resize(bundles + count, WideBounce::default());
        }
        if sc.bundle_starts.len() < bundles + count {
            sc.bundle_starts
                .resize(bundles + count, WideStart::default());
        }
        for (j, bundle) in sc.bundles[bundles..bundles + count].iter_mut().enumerate() {
            let lanes = (used - j * LANES).min(LANES);
            bundle.reset(lanes);
            sc.bundle_lanes.push(lanes as u8);
        }
        // The group's two-point links come first: bundles that start at or
        // after its first one-point link hold one-point contacts alone.
        let group = &sc.solver_order.order[start as usize..end as usize];
        let two_points = group.partition_point(|&li| sc.links[li as usize].points == 2);
        sc.one_point_bundles
            .extend((0..count).map(|j| j * LANES >= two_points));
        bundles += count;
    }
    if sc.solver_order.iterating_colors == colors.len() {
        sc.iterating_bundles = bundles;
    }
    sc.bundles_used = bundles;
}

/// Reference path (wide solver off): the colour groups become scalar
/// ranges, before the overflow (the last range when there is one).
fn solve_colors_scalar(sc: &mut SolverScratch) {
    sc.bundles_used = 0;
    sc.iterating_bundles = 0;
    let order = &mut sc.solver_order;
    let overflow_start = order.colors.last().map_or(0, |c| c.1);
    let at = order
        .ranges
        .iter()
        .position(|r| r.start == overflow_start && r.iterations == 1)
        .unwrap_or(order.ranges.len());
    for (k, &(start, end)) in order.colors.iter().enumerate() {
        let group = IslandRange {
            start,
            end,
            iterations: 1,
        };
        order.ranges.insert(at + k, group);
    }
}

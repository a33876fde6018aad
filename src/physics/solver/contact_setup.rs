//! Contacts into constraints and back.
//!
//! Prepare contacts (stage 9, before the substeps): each link's constraint
//! is built from its contact in contact order (the contacts are read
//! sequentially) and written to its slot in solve order — colour groups
//! straight into the wide solver's lanes (what the contact gives, lane by
//! lane; what is computed from it, a bundle at a time once its last lane
//! is in: `wide/prepare.rs`), everything else into the scalar array.
//! Store impulses (stage 12, after restitution): the impulses go
//! back into the manifolds, for the next step's warm start and for events.
//! Both note the links' touching state (before, and which changed) for the
//! contact events, so that stage need not read every contact a third time.

use crate::physics::math::Real;
use crate::physics::prefetch::{prefetch, prefetch_prefix, prefetch_span, worth_asking};

/// How many links ahead preparing the contacts and storing their impulses
/// ask for their lines: farther than the other loops (`prefetch::AHEAD`), each link
/// asking for its contact's lines and, a bundle at a time, up to 22 lines
/// of lanes, which a loaded machine takes longer to bring. Six ahead, then
/// ten, run in turn four times: many_pyramids' solver setup 2.44-2.57 ->
/// 2.17-2.45 ms a step and its finish 0.99-1.03 -> 0.82-0.94; rain's setup
/// unchanged, its finish 0.17-0.22 -> 0.16-0.19.
const LINK_AHEAD: usize = 10;
use crate::physics::settings::{WorldSettings, STICK_SPEED};
use crate::physics::solver::contact_constraint::{self as cs, ContactConstraint};
use crate::physics::solver::contact_solver::store_impulses;
use crate::physics::solver::elastic::BounceStart;
use crate::physics::solver::islands::NO_LANE;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_order::Link;
use crate::physics::solver::warm_load::link_calm;
use crate::physics::solver::wide::lanes::LANES;
use crate::physics::solver::wide::prepare::{finish_bundle, Finish};
use crate::physics::world::contact::Contact;

use crate::physics::solver::island_needs::{LOAD_PRESERVING_ITERATIONS, STIFFENED_HEADROOM};

/// The constraints of this step's links (substep `h`), in solve order.
pub(crate) fn prepare_contacts(
    sc: &mut SolverScratch,
    contacts: &[Contact],
    settings: &WorldSettings,
    h: Real,
) {
    let hertz = settings.contact_hertz.min(0.25 / h);
    let zeta = settings.contact_damping_ratio;
    let soft = Softness::new(hertz, zeta, h);
    let static_soft = Softness::new(2.0 * hertz, zeta, h);
    // Contacts of deep piles of round bodies, solved in one pass: twice the
    // frequency, kept a little below the substep's limit (see
    // `island_needs::STIFFENED_HEADROOM`).
    let stiffened = Softness::new((2.0 * hertz).min(STIFFENED_HEADROOM * 0.25 / h), zeta, h);
    sc.constraints
        .resize(sc.slot_of_link.len(), ContactConstraint::default());
    sc.lanes_left.clear();
    sc.lanes_left
        .extend_from_slice(&sc.bundle_lanes[..sc.bundles_used]);
    sc.lanes_fresh.clear();
    sc.lanes_fresh.resize(sc.bundles_used, 0);
    sc.bouncy.clear();
    sc.bounce_start.clear();
    sc.touching_before.clear();
    sc.bouncy_link.clear();
    let ask_ahead = worth_asking::<Contact>(contacts.len());
    for (li, link) in sc.links.iter().enumerate() {
        if let Some(ahead) = sc.links.get(li + LINK_AHEAD).filter(|_| ask_ahead) {
            if !in_contact_run(&sc.links, li + LINK_AHEAD) {
                let bytes = Contact::prepare_bytes(ahead.points);
                prefetch_prefix(contacts, ahead.contact as usize, bytes);
            }
            for body in [ahead.a as usize, ahead.b as usize] {
                prefetch(&sc.solver_bodies, body);
                prefetch(&sc.solver_info, body);
            }
            if let Some(bundle) = bundle_opened_by(sc, li + LINK_AHEAD) {
                prefetch(&sc.bundles, bundle);
                prefetch(&sc.bundle_starts, bundle);
            }
        }
        let c = &contacts[link.contact as usize];
        sc.touching_before.push(c.touching);
        let softness = if !(link.a_dynamic && link.b_dynamic) {
            static_soft
        } else if sc.solver_order.link_stiffened(li) {
            stiffened
        } else {
            soft
        };
        let slot = sc.slot_of_link[li] as usize;
        let bouncy = c.restitution != 0.0;
        sc.bouncy_link.push(bouncy);
        let input = cs::PrepareInput {
            manifold: &c.manifold,
            radius: (c.radius_a, c.radius_b),
            contact: link.contact,
            a: link.a,
            b: link.b,
            friction: c.friction,
            static_friction: c.static_friction,
            restitution: c.restitution,
            softness,
            warm_start: settings.enable_warm_starting,
            stick_speed: STICK_SPEED,
            preserve_load: sc.solver_order.slot_iterates(slot as u32),
        };
        let lane = sc.lane_of_link[li];
        let in_bundle = lane != NO_LANE;
        let (at, i) = (lane as usize / LANES, lane as usize % LANES);
        if in_bundle && !bouncy {
            // Straight into its lane: it never needs the scalar form.
            sc.bundles[at].prepare_lane(
                &mut sc.bundle_starts[at],
                i,
                &input,
                sc.one_point_bundles[at],
                &sc.solver_info,
            );
            sc.lanes_fresh[at] |= 1 << i;
        } else {
            let target = &mut sc.constraints[slot];
            cs::prepare(target, &input, &sc.solver_bodies, &sc.solver_info);
            if in_bundle {
                // Bouncing: kept in scalar form too, for the
                // restitution pass.
                sc.bundles[at].set_lane(i, target);
                sc.bounce_lanes[at].set_lane(i, target);
                sc.bundle_starts[at].set_approach(i, target);
            }
        }
        if in_bundle {
            sc.lanes_left[at] -= 1;
            if sc.lanes_left[at] == 0 {
                let how = Finish {
                    fresh: sc.lanes_fresh[at],
                    one_point: sc.one_point_bundles[at],
                    stick_speed: STICK_SPEED,
                };
                finish_bundle(
                    &mut sc.bundles[at],
                    &mut sc.bundle_starts[at],
                    &sc.solver_bodies,
                    how,
                );
            }
        }
        if bouncy {
            sc.bouncy.push(slot as u32);
            let start = BounceStart::of(&sc.solver_bodies, link.a, link.b);
            sc.bounce_start.push((slot as u32, start));
        }
    }
    debug_assert!(
        sc.lanes_left.iter().all(|&n| n == 0),
        "a bundle with a lane no link wrote (never finished)"
    );
    // Islands with only a few passes per phase use plain soft contacts
    // (see `ContactConstraint::load_share`).
    for r in &sc.solver_order.ranges {
        if r.iterations < LOAD_PRESERVING_ITERATIONS {
            for c in &mut sc.constraints[r.start as usize..r.end as usize] {
                c.load_share = 0.0;
            }
        }
    }
    // The restitution pass visits bouncing contacts in solve order.
    sc.bouncy.sort_unstable();
    sc.bounce_start.sort_unstable_by_key(|&(slot, _)| slot);
}

/// A link is in a run when the links this many before it name the
/// contacts just before its own (`in_contact_run`).
const RUN: usize = 8;

/// Whether link `li` and the `RUN` links before it name consecutive
/// contacts. Links follow the contacts' order, so in such a run preparing
/// walks the contact records one after another, which the hardware's own
/// prefetcher follows: asking for them as well only costs the loop its
/// instructions and the memory its queue. A standing pyramid's links name
/// nearly every contact: skipping the request in runs cut many_pyramids'
/// and large_pyramid's contact preparation by 5–10 % (4.87 → 4.62 and
/// 4.97 → 4.48 ms a step, 1.27 → 1.20 and 0.95 → 0.88 ms). Where the
/// links skip contacts (a tumbler's: a quarter of its contacts have
/// points; rain's), the runs are short and the request still pays:
/// without it, rain's preparation took a third longer and tumbler's 60–70 %.
/// (Storing the impulses keeps its requests even in runs: it writes the
/// lines, and without them its stage took 7–20 % longer.)
fn in_contact_run(links: &[Link], li: usize) -> bool {
    li >= RUN && links[li - RUN].contact as usize + RUN == links[li].contact as usize
}

/// The bundle whose first lane link `li` fills, if it does. Within a
/// colour, lanes follow the link order, so the link order walks each colour
/// group's bundles in turn: a bundle's 22 lines are first reached by its
/// lane 0, all at once, and were waited for there (contact preparation
/// stalled on its stores). Asked for a few links ahead, they are there:
/// many_pyramids' preparation 2.9 → 2.4 ms, rain's 0.80 → 0.65 ms; the
/// store reads four lines a bundle and gains less (1.26 → 1.19 ms).
fn bundle_opened_by(sc: &SolverScratch, li: usize) -> Option<usize> {
    let at = *sc.lane_of_link.get(li)?;
    (at != NO_LANE && at as usize % LANES == 0).then_some(at as usize / LANES)
}

/// The impulses of every link back into its contact's manifold: from its
/// lane for a bundled contact without restitution, else from its scalar
/// constraint. Notes the links whose contact now begins or ends touching
/// (`Contact::is_touching_now`), while its manifold is at hand.
pub(crate) fn store_contact_impulses(sc: &mut SolverScratch, contacts: &mut [Contact]) {
    sc.touching_changed.clear();
    let ask_ahead = worth_asking::<Contact>(contacts.len());
    for (li, (link, &slot)) in sc.links.iter().zip(&sc.slot_of_link).enumerate() {
        if let Some(ahead) = sc.links.get(li + LINK_AHEAD).filter(|_| ask_ahead) {
            let span = Contact::store_span(ahead.points);
            prefetch_span(contacts, ahead.contact as usize, span);
            if let Some(bundle) = bundle_opened_by(sc, li + LINK_AHEAD) {
                sc.bundles[bundle].prefetch_impulses();
                sc.bundle_starts[bundle].prefetch_approach();
            }
        }
        let slot = slot as usize;
        let calm = link_calm(sc, li);
        let contact = &mut contacts[link.contact as usize];
        let lane = sc.lane_of_link[li];
        // (Whether it bounces was noted when it was prepared: the record's
        // first line, with the material, is not read again here.)
        if lane != NO_LANE && !sc.bouncy_link[li] {
            let at = lane as usize;
            let bundle = &sc.bundles[at / LANES];
            let start = &sc.bundle_starts[at / LANES];
            bundle.store_lane(at % LANES, start, &mut contact.manifold, calm);
        } else {
            store_impulses(&sc.constraints[slot], &mut contact.manifold, calm);
        }
        if contact.is_touching_now() != sc.touching_before[li] {
            sc.touching_changed.push(li as u32);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn links(contacts: &[u32]) -> Vec<Link> {
        contacts
            .iter()
            .map(|&contact| Link {
                contact,
                a: 1,
                b: 2,
                a_dynamic: true,
                b_dynamic: true,
                points: 2,
                round: false,
            })
            .collect()
    }

    #[test]
    fn a_run_is_eight_links_before_on_consecutive_contacts() {
        // Contacts 0..=11 one after another, then every other one.
        let mut contacts: Vec<u32> = (0..12).collect();
        contacts.extend((14..40).step_by(2));
        let l = links(&contacts);
        let runs: Vec<bool> = (0..l.len()).map(|i| in_contact_run(&l, i)).collect();
        // Too early to tell for the first eight, then a run to contact 11;
        // skipped contacts end it.
        assert!(runs[..RUN].iter().all(|&r| !r));
        assert!(runs[RUN..12].iter().all(|&r| r));
        assert!(runs[12..].iter().all(|&r| !r));
    }
}

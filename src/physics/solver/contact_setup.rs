//! Turning the step's touching contacts into solver constraints, and their
//! results back into the contacts.
//!
//! Before the substeps: links (contact + solver bodies) → islands and solve
//! order (`solver_order`) → constraints, prepared in contact order (the
//! contacts are read sequentially) and written to their slot in solve
//! order: colour groups straight into the wide solver's lanes, everything
//! else into the scalar array. After the substeps: the restitution pass
//! (scalar, bouncing contacts only) and the impulses stored in the
//! manifolds for the next step's warm start and for events.

use crate::physics::math::Real;
use crate::physics::prefetch::{prefetch, AHEAD};
use crate::physics::settings::STICK_SPEED;
use crate::physics::solver::contact_constraint::{self as cs, ContactConstraint};
use crate::physics::solver::contact_solver::store_impulses;
use crate::physics::solver::restitution::apply_restitution;
use crate::physics::solver::softness::Softness;
use crate::physics::solver::solver_order::{IslandRange, Link};
use crate::physics::solver::wide::constraint::WideConstraint;
use crate::physics::solver::wide::lanes::LANES;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

/// Restitution passes (Gauss–Seidel over bouncing contacts); more than one
/// makes two-point and chained bounces exact.
const RESTITUTION_ITERATIONS: usize = 8;

/// Contacts carry their load without soft sag only in islands that get at
/// least this many passes per phase: with fewer, a pile of a few hundred
/// boxes (3–4 passes) never settles and keeps jiggling at ~0.3 m/s.
const LOAD_PRESERVING_ITERATIONS: u32 = 5;

impl World {
    /// Links, solve order and constraints for this step (substep `h`).
    pub(crate) fn build_contact_constraints(&self, sc: &mut StepScratch, h: Real) {
        let hertz = self.settings.contact_hertz.min(0.25 / h);
        let zeta = self.settings.contact_damping_ratio;
        let soft = Softness::new(hertz, zeta, h);
        let static_soft = Softness::new(2.0 * hertz, zeta, h);
        self.collect_links(sc);
        // Islands and visiting order first, so the constraints are laid out
        // in the order they are solved.
        sc.solver_order.build(
            sc.solver_bodies.len(),
            &sc.links,
            &sc.joint_pairs,
            self.settings.enable_sleep,
        );
        let count = sc.solver_order.order.len();
        sc.slot_of_link.clear();
        sc.slot_of_link.resize(count, 0);
        for (slot, &li) in sc.solver_order.order.iter().enumerate() {
            sc.slot_of_link[li as usize] = slot as u32;
        }
        // The wide solver where the CPU can run it (the scalar path gives the
        // same motion to single-precision round-off).
        let wide = self.settings.wide_solver && crate::physics::solver::wide::lanes::available();
        let colored = if wide {
            layout_bundles(sc)
        } else {
            solve_colors_scalar(sc);
            0..0
        };
        sc.constraints.resize(count, ContactConstraint::default());
        sc.approach.clear();
        sc.bouncy.clear();
        let single_pass_start = sc.solver_order.single_pass_start as usize;
        for (li, link) in sc.links.iter().enumerate() {
            if let Some(ahead) = sc.links.get(li + AHEAD) {
                prefetch(&self.contacts, ahead.contact as usize);
                for body in [ahead.a as usize, ahead.b as usize] {
                    prefetch(&sc.solver_bodies, body);
                    prefetch(&sc.solver_info, body);
                }
            }
            let c = &self.contacts[link.contact as usize];
            let softness = if link.a_dynamic && link.b_dynamic {
                soft
            } else {
                static_soft
            };
            let slot = sc.slot_of_link[li] as usize;
            let bouncy = c.restitution != 0.0;
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
                warm_start: self.settings.enable_warm_starting,
                stick_speed: STICK_SPEED,
                preserve_load: slot < single_pass_start,
            };
            let in_bundle = colored.contains(&slot);
            if in_bundle && !bouncy {
                // Straight into its lane: it never needs the scalar form.
                let at = sc.lane_of_slot[slot - colored.start] as usize;
                let bundle = &mut sc.bundles[at / LANES];
                sc.approach.push(bundle.prepare_lane(
                    at % LANES,
                    &input,
                    &sc.solver_bodies,
                    &sc.solver_info,
                ));
            } else {
                let target = &mut sc.constraints[slot];
                cs::prepare(target, &input, &sc.solver_bodies, &sc.solver_info);
                sc.approach.push([
                    target.points[0].relative_velocity,
                    target.points[1].relative_velocity,
                ]);
                if in_bundle {
                    // Bouncing: kept in scalar form too, for the
                    // restitution pass.
                    let at = sc.lane_of_slot[slot - colored.start] as usize;
                    sc.bundles[at / LANES].set_lane(at % LANES, target);
                }
            }
            if bouncy {
                sc.bouncy.push(slot as u32);
            }
        }
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
    }

    /// Every touching, solid contact with at least one moving body: the
    /// contact update's candidates, or (when it woke bodies) all contacts.
    fn collect_links(&self, sc: &mut StepScratch) {
        sc.links.clear();
        let mut push = |contact: u32, body_a: u32, body_b: u32, points: u32| {
            let a = sc.body_to_solver[body_a as usize];
            let b = sc.body_to_solver[body_b as usize];
            if a == 0 && b == 0 {
                return;
            }
            sc.links.push(Link {
                contact,
                a,
                b,
                a_dynamic: sc.solver_info[a as usize].inv_mass > 0.0,
                b_dynamic: sc.solver_info[b as usize].inv_mass > 0.0,
                points,
            });
        };
        if sc.candidates_complete {
            for &[contact, body_a, body_b, points] in &sc.candidates {
                push(contact, body_a, body_b, points);
            }
        } else {
            for (ci, c) in self.contacts.iter().enumerate() {
                if !c.sensor && c.manifold.count > 0 {
                    push(ci as u32, c.body_a, c.body_b, c.manifold.count as u32);
                }
            }
        }
    }

    /// Restitution, then impulses back into the manifolds.
    pub(crate) fn finish_contact_constraints(&mut self, sc: &mut StepScratch) {
        let colored = colored_range(sc);
        // Bouncing lanes continue in scalar form for the restitution pass.
        for &slot in &sc.bouncy {
            let slot = slot as usize;
            if colored.contains(&slot) {
                let at = sc.lane_of_slot[slot - colored.start] as usize;
                sc.bundles[at / LANES].get_lane(at % LANES, &mut sc.constraints[slot]);
            }
        }
        let threshold = self.settings.restitution_threshold;
        for _ in 0..RESTITUTION_ITERATIONS {
            for &slot in &sc.bouncy {
                let c = &mut sc.constraints[slot as usize];
                apply_restitution(c, &mut sc.solver_bodies, threshold);
            }
        }
        for (li, (link, &slot)) in sc.links.iter().zip(&sc.slot_of_link).enumerate() {
            if let Some(ahead) = sc.links.get(li + AHEAD) {
                prefetch(&self.contacts, ahead.contact as usize);
            }
            let slot = slot as usize;
            let contact = &mut self.contacts[link.contact as usize];
            if colored.contains(&slot) && contact.restitution == 0.0 {
                let at = sc.lane_of_slot[slot - colored.start] as usize;
                let bundle = &sc.bundles[at / LANES];
                bundle.store_lane(at % LANES, sc.approach[li], &mut contact.manifold);
            } else {
                store_impulses(&sc.constraints[slot], &mut contact.manifold);
            }
            // Touching (for events) from the impulses just stored.
            let now = contact.is_touching_now();
            if now != contact.touching {
                contact.touching = now;
                if now {
                    self.events.push_begin(contact, &self.bodies);
                } else {
                    self.events.push_end(contact, &self.bodies);
                }
            }
        }
    }
}

/// Slots solved by the wide solver this step (empty when it is off).
fn colored_range(sc: &StepScratch) -> std::ops::Range<usize> {
    if sc.bundles_used == 0 {
        return 0..0;
    }
    let colors = &sc.solver_order.colors;
    colors[0].0 as usize..colors[colors.len() - 1].1 as usize
}

/// Bundles of four for every colour group; each slot's lane. Returns the
/// coloured slot range.
fn layout_bundles(sc: &mut StepScratch) -> std::ops::Range<usize> {
    let colors = &sc.solver_order.colors;
    sc.lane_of_slot.clear();
    let mut bundles = 0;
    for &(start, end) in colors {
        for k in 0..(end - start) as usize {
            sc.lane_of_slot.push((bundles * LANES + k) as u32);
        }
        let used = (end - start) as usize;
        let count = used.div_ceil(LANES);
        if sc.bundles.len() < bundles + count {
            sc.bundles
                .resize(bundles + count, WideConstraint::default());
        }
        for (j, bundle) in sc.bundles[bundles..bundles + count].iter_mut().enumerate() {
            let lanes = (used - j * LANES).min(LANES);
            bundle.reset(lanes);
        }
        bundles += count;
    }
    sc.bundles_used = bundles;
    colored_range(sc)
}

/// Reference path (wide solver off): the colour groups become scalar
/// ranges, before the overflow (the last range when there is one).
fn solve_colors_scalar(sc: &mut StepScratch) {
    sc.bundles_used = 0;
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

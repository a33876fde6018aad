//! Bounces never add energy: a group of bodies whose only constraints this
//! step are bouncing contacts among themselves (and with static bodies)
//! may not end the restitution stage with more energy than it started the
//! step with.
//!
//! The bounce pass (`restitution.rs`) aims each point, pass after pass, at
//! the normal speed that gives back e² of the energy its impact absorbed,
//! measured along the normal alone. With friction the contact's normal and
//! tangential motion are coupled through the body's turn: the friction
//! impulse slows the normal speed, the next pass aims at the bounce speed
//! again, and together they give back more than the impact took — Kane's
//! paradox of Newton's restitution with friction. A tumbling elastic
//! polygon with friction gained up to 5 % of its energy in one bounce
//! (the scene fuzzer's closed scenes).
//!
//! Nothing else did work on such a group this step but gravity and the
//! user's constant forces, so its energy at the step start (kinetic plus
//! the potential of those forces, `elastic::kinetic_target`) bounds what it
//! may keep. When the bounce overshoots, the velocity change of the whole
//! restitution stage on the group, and its bounce impulses, are scaled
//! down until the group meets that bound; within it nothing is touched
//! (so balls, cradles and the perfect bounce are exactly as before). The
//! exact elastic pairs (`elastic.rs`) are handled there, not here.

use crate::physics::math::{Real, Vec2};
use crate::physics::solver::contact_constraint::ContactConstraint;
use crate::physics::solver::elastic::{kinetic, potential_gain, BounceStart};
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};
use crate::physics::solver::union_find::UnionFind;

/// Per-step working state of the cap (kept in `SolverScratch`).
#[derive(Clone, Debug, Default)]
pub(crate) struct BounceCap {
    /// Groups over solver bodies, linked by the capped constraints.
    groups: UnionFind,
    /// Per solver body: capped constraints touching it.
    bouncing: Vec<u32>,
    /// Per solver body: velocities at the step start and when the
    /// restitution stage began.
    start: Vec<(Vec2, Real)>,
    before: Vec<(Vec2, Real)>,
    /// Slots of the constraints in capped groups, and their bodies.
    slots: Vec<u32>,
    bodies: Vec<u32>,
    /// Per group root: whether every body in it is closed (all its
    /// constraints are the group's bounces), its energies, its scale.
    closed: Vec<bool>,
    energy: Vec<GroupEnergy>,
    scale: Vec<Real>,
}

/// What the cap reads of the solver's scratch.
pub(crate) struct CapInput<'a> {
    pub bodies: &'a [SolverBody],
    pub info: &'a [SolverBodyInfo],
    pub constraints: &'a [ContactConstraint],
    /// Bouncing constraints' slots and, beside them, their bodies' start
    /// velocities and whether the exact elastic rule took them.
    pub bouncy: &'a [u32],
    pub bounce_start: &'a [(u32, BounceStart)],
    pub exact: &'a [bool],
    /// Constraints (contacts and joints) per solver body.
    pub degree: &'a [u32],
}

impl BounceCap {
    /// Before the bounce passes: the groups, whether each is closed, and the
    /// velocities the restitution stage starts from.
    pub(crate) fn begin(&mut self, input: &CapInput) {
        let n = input.bodies.len();
        self.slots.clear();
        self.bodies.clear();
        if input.exact.iter().all(|&exact| exact) {
            // Nothing to cap (most steps: no bouncing contact at all). The
            // per-body arrays below cost a 10,000-body scene a megabyte of
            // writes per step.
            return;
        }
        self.bouncing.clear();
        self.bouncing.resize(n, 0);
        self.groups.reset(n);
        self.start.clear();
        self.start.resize(n, (Vec2::ZERO, 0.0));
        self.before.clear();
        self.before.resize(n, (Vec2::ZERO, 0.0));
        for (k, &slot) in input.bouncy.iter().enumerate() {
            if input.exact[k] {
                continue;
            }
            let c = &input.constraints[slot as usize];
            let start = &input.bounce_start[k].1;
            self.slots.push(slot);
            for (i, s) in [(c.a, start.a), (c.b, start.b)] {
                if i == 0 {
                    continue;
                }
                if self.bouncing[i as usize] == 0 {
                    self.bodies.push(i);
                    self.start[i as usize] = (s.v, s.w);
                    let b = &input.bodies[i as usize];
                    self.before[i as usize] = (b.v, b.w);
                }
                self.bouncing[i as usize] += 1;
            }
            if c.a != 0 && c.b != 0 {
                self.groups.union(c.a, c.b);
            }
        }
        self.closed.clear();
        self.closed.resize(n, true);
        for &i in &self.bodies {
            let info = &input.info[i as usize];
            let closed = input.degree[i as usize] == self.bouncing[i as usize]
                && info.inv_mass > 0.0
                && info.linear_damping == 1.0
                && info.angular_damping == 1.0;
            if !closed {
                let root = self.groups.find(i) as usize;
                self.closed[root] = false;
            }
        }
    }

    /// After the bounce passes: every closed group that ended above its
    /// start energy is scaled back to it.
    pub(crate) fn finish(
        &mut self,
        bodies: &mut [SolverBody],
        info: &[SolverBodyInfo],
        constraints: &mut [ContactConstraint],
    ) {
        if self.bodies.is_empty() {
            return;
        }
        // Per group root: its energies, then the scale it needs (1: none).
        self.energy.clear();
        self.energy.resize(bodies.len(), GroupEnergy::default());
        for &i in &self.bodies {
            let root = self.groups.find(i) as usize;
            if !self.closed[root] {
                continue;
            }
            let (inf, b) = (&info[i as usize], &bodies[i as usize]);
            let (v0, w0) = self.before[i as usize];
            let (vs, ws) = self.start[i as usize];
            let (dv, dw) = (b.v - v0, b.w - w0);
            let (m, j) = (weight(inf.inv_mass), weight(inf.inv_i));
            self.energy[root].add(&GroupEnergy {
                before: kinetic(inf, v0, w0),
                after: kinetic(inf, b.v, b.w),
                bound: kinetic(inf, vs, ws) - potential_gain(inf, b),
                lin: m * v0.dot(dv) + j * w0 * dw,
                quad: 0.5 * (m * dv.length_squared() + j * dw * dw),
            });
        }
        self.scale.clear();
        self.scale.resize(bodies.len(), 1.0);
        let mut any = false;
        for &i in &self.bodies {
            let root = self.groups.find(i) as usize;
            if self.closed[root] {
                if let Some(t) = self.energy[root].scale() {
                    self.scale[root] = t;
                    any = true;
                }
            }
        }
        if !any {
            return;
        }
        for &i in &self.bodies {
            let t = self.scale[self.groups.find(i) as usize];
            if t < 1.0 {
                let (v0, w0) = self.before[i as usize];
                let b = &mut bodies[i as usize];
                b.v = v0 + t * (b.v - v0);
                b.w = w0 + t * (b.w - w0);
            }
        }
        for &slot in &self.slots {
            let c = &mut constraints[slot as usize];
            let body = if c.a != 0 { c.a } else { c.b };
            let t = self.scale[self.groups.find(body) as usize];
            if t < 1.0 {
                for cp in &mut c.points[..c.count] {
                    let (dn, dt) = ((t - 1.0) * cp.rest_normal, (t - 1.0) * cp.rest_tangent);
                    cp.normal_impulse += dn;
                    cp.total_normal_impulse += dn;
                    cp.rest_normal += dn;
                    cp.tangent_impulse += dt;
                    cp.rest_tangent += dt;
                }
            }
        }
    }
}

fn weight(inverse: Real) -> Real {
    if inverse > 0.0 {
        1.0 / inverse
    } else {
        0.0
    }
}

/// A group's energies over the restitution stage.
#[derive(Clone, Copy, Debug, Default)]
struct GroupEnergy {
    before: Real,
    after: Real,
    bound: Real,
    /// K(t) = before + lin·t + quad·t² along the scaled change.
    lin: Real,
    quad: Real,
}

impl GroupEnergy {
    fn add(&mut self, o: &GroupEnergy) {
        self.before += o.before;
        self.after += o.after;
        self.bound += o.bound;
        self.lin += o.lin;
        self.quad += o.quad;
    }

    /// The factor t in (0, 1) that brings the group down to its bound, or
    /// `None` when it needs none: within the bound (to round-off), or
    /// already above it before the bounce (then the gain is not the
    /// bounce's).
    fn scale(&self) -> Option<Real> {
        let tolerance = 1e-9 * self.bound.abs() + 1e-12;
        if self.after <= self.bound + tolerance || self.before >= self.bound || self.quad <= 0.0 {
            return None;
        }
        let disc = self.lin * self.lin - 4.0 * self.quad * (self.before - self.bound);
        let t = (-self.lin + disc.max(0.0).sqrt()) / (2.0 * self.quad);
        (t.is_finite() && (0.0..1.0).contains(&t)).then_some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overshooting_group_is_scaled_to_its_bound_and_others_are_not() {
        // K(t) = 1 + 2t + 3t²: after the bounce (t = 1) 6 J.
        let e = GroupEnergy {
            before: 1.0,
            after: 6.0,
            bound: 4.0,
            lin: 2.0,
            quad: 3.0,
        };
        let t = e.scale().unwrap();
        assert!((1.0 + 2.0 * t + 3.0 * t * t - 4.0).abs() < 1e-12, "{t}");
        assert!(GroupEnergy { bound: 6.0, ..e }.scale().is_none());
        assert!(GroupEnergy { before: 4.5, ..e }.scale().is_none());
    }
}

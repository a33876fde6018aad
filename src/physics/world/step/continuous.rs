//! Continuous collision (stage 16): a body that moved far for its size this
//! step is swept from its start pose to its end pose against static geometry
//! (and against other moving bodies, swept along their own motion). If the
//! sweep hits, the body is put back to the time of impact, just touching
//! (and the other one too, if it could have passed through); next step's
//! speculative contact then stops it. So nothing passes through a thin wall
//! at any speed.
//!
//! A shape already touching when the step began (time of impact 0) is the
//! contact solver's business, not a tunnelling risk: putting the body back
//! to its start pose every step froze it in place — a box spinning off the
//! floor after a bounce hung there with its velocity unchanged, losing 30 %
//! of its energy to gravity it never fell under. For it only the shape's
//! core (a small circle at its centroid) is swept, which hits only if the
//! body would really pass through.

use crate::physics::broad_phase::KindMask;
use crate::physics::collision::distance::make_proxy;
use crate::physics::collision::time_of_impact::{time_of_impact, Sweep, ToiState};
use crate::physics::geometry::shape::{Circle, ShapeGeom};
use crate::physics::joints::solver as joint_solver;
use crate::physics::joints::JointStore;
use crate::physics::math::{Aabb, Real, Transform};
use crate::physics::settings::{LINEAR_SLOP, MAX_SPECULATIVE_DISTANCE};
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::world::body::{Body, BodyType};
use crate::physics::world::contact::should_collide;
use crate::physics::world::hash::pair_key;
use crate::physics::world::step::StepScratch;
use crate::physics::world::World;

impl World {
    /// Continuous collision: the bodies write back noted as fast
    /// (`needs_sweep`) are swept from their start pose to their end pose,
    /// in solver order.
    pub(crate) fn continuous_collision(&mut self, sc: &StepScratch) {
        // Every fast body's swept box, taken before any is put back: the
        // broad phase's boxes are last step's, stretched along last step's
        // velocity and by at most a few metres, so a body made (or set
        // moving) since, or moving more than that in a step, is not where
        // its box is; two of them flying head-on were each other's
        // candidates only by chance (a bullet and a box made at 100 m/s
        // 2.6 m apart passed through each other in their first step).
        let fast: Vec<(u32, Aabb)> = sc
            .fast
            .iter()
            .filter_map(|&b| Some((b, self.swept_box(b, sc.dt)?)))
            .collect();
        // (A body with no shapes has no box and nothing to sweep.)
        for &(body, swept) in &fast {
            self.sweep_fast_body((body, swept), &sc.solver.body_to_solver, &fast, sc.dt);
        }
    }

    /// The box of all the body's shapes from its start pose to its end pose
    /// (None: no shapes). In between, a turning body's far points bulge out
    /// of the two poses' boxes by the arc's sagitta, r·(1 − cos(θ/2)) for a
    /// turn θ (`dt`: the step): a 6 m plank turning 3.3 rad in a step swept
    /// a box 1.1 m high and never met a post 2 m above its centre.
    fn swept_box(&self, body_index: u32, dt: Real) -> Option<Aabb> {
        let b = self.bodies.at(body_index);
        let xf0 = Transform {
            p: b.center0 - b.q0.rotate(b.local_center),
            q: b.q0,
        };
        let turn = (b.angular_velocity * dt).abs();
        let bulge = if turn >= std::f64::consts::PI as Real {
            b.max_extent
        } else {
            b.max_extent * (1.0 - (0.5 * turn).cos())
        };
        b.shapes
            .iter()
            .map(|sid| {
                let g = &self.shapes.at(sid.index).geom;
                g.aabb(xf0).union(&g.aabb(b.xf))
            })
            .reduce(|a, b| a.union(&b))
            .map(|swept| {
                if bulge > 0.0 {
                    swept.expanded(bulge)
                } else {
                    swept
                }
            })
    }

    /// The body's motion over the step: start pose for bodies the solver
    /// moved (`body_to_solver`), otherwise standing still where it is
    /// (a sleeping body's start pose is from its last step awake). The
    /// sweeps of continuous collision and of sensors.
    pub(super) fn step_sweep(&self, body: u32, body_to_solver: &[u32], dt: Real) -> Sweep {
        let b = self.bodies.at(body);
        let moved = body_to_solver.get(body as usize).is_some_and(|&s| s != 0);
        if moved {
            Sweep::turning(
                b.local_center,
                (b.center0, b.q0),
                (b.center, b.xf.q),
                b.angular_velocity * dt,
            )
        } else {
            Sweep::fixed(b.xf, b.local_center)
        }
    }

    /// Put the body back to its first time of impact along its sweep
    /// against static shapes (bullets: also non-bullet moving bodies at
    /// their end poses), if it has one.
    ///
    /// A moving body is swept along its own motion this step too (from its
    /// start pose, `in_solver`: simulated this step), so the time of
    /// impact is where the two really meet: taken at its end pose, a ball
    /// flying 2 m behind another at 300 m/s lay on the leader's path, and
    /// the leader was put back behind it. When the other one moved far
    /// enough to pass through this body too (a head-on pair), it is put
    /// back to the same time, so neither ends up beyond the other.
    /// `swept` is its box from the list of fast bodies (taken before any
    /// was put back: a body another one's sweep put back keeps its longer
    /// box, which can only add candidates that its sweep then misses).
    fn sweep_fast_body(
        &mut self,
        (body_index, swept): (u32, Aabb),
        in_solver: &[u32],
        fast: &[(u32, Aabb)],
        dt: Real,
    ) {
        let sweep = self.step_sweep(body_index, in_solver, dt);
        let b = self.bodies.at(body_index);
        let bullet = b.bullet;
        let travel = (b.center - b.center0).length();

        let mut candidates: Vec<u32> = Vec::new();
        // Moving bodies only for bullets and for bodies faster than the
        // speculative contacts reach (a pair closer than that in a step is
        // caught by the solver): querying every moving neighbour of every
        // falling body tripled this stage in Box2D's rain benchmark.
        let kinds = if bullet || travel > MAX_SPECULATIVE_DISTANCE {
            KindMask::ALL
        } else {
            KindMask::STATIC
        };
        self.broad_phase.query(swept, kinds, |_, user| {
            candidates.push(user as u32);
            true
        });
        if kinds == KindMask::ALL {
            // The other fast bodies by their own sweeps (above).
            for &(other, other_swept) in fast {
                if other != body_index && other_swept.overlaps(&swept) {
                    let shapes = &self.bodies.at(other).shapes;
                    candidates.extend(shapes.iter().map(|s| s.index));
                }
            }
            candidates.sort_unstable();
            candidates.dedup();
        }

        let mut t_min: Real = 1.0;
        // The moving body met first, if it could pass through this one.
        let mut met: Option<u32> = None;
        let thin = b.min_extent;
        for other in candidates {
            let so = self.shapes.at(other);
            if so.sensor || so.body.index == body_index {
                continue;
            }
            let ob = self.bodies.at(so.body.index);
            // Bullets do not sweep against other bullets (both would move).
            // Other bodies sweep against a moving body only where they could
            // pass through it: travelling more than half its thickness this
            // step (a 200 m/s ball went through a hinged 5 cm plank).
            if ob.body_type == BodyType::Dynamic
                && (ob.bullet || !bullet && travel <= THIN_FRACTION * 2.0 * ob.min_extent)
            {
                continue;
            }
            if ob.body_type == BodyType::Kinematic && !bullet {
                continue;
            }
            // Along its own motion this step (if it moved).
            let other_sweep = self.step_sweep(so.body.index, in_solver, dt);
            // Could it pass through this body by itself? Then it is put
            // back too if it is the one met first. (A dynamic body in the
            // solver this step moved.)
            let moved = in_solver
                .get(so.body.index as usize)
                .is_some_and(|&k| k != 0);
            let passes = moved
                && ob.body_type == BodyType::Dynamic
                && (ob.center - ob.center0).length() > THIN_FRACTION * 2.0 * thin
                && joint_solver::may_sweep(&self.joints, so.body.index);
            let proxy_b = make_proxy(&so.geom);
            for sid in &b.shapes {
                let sa = self.shapes.at(sid.index);
                if sa.sensor || !should_collide(sa, so, b, ob) {
                    continue;
                }
                let toi = |proxy_a| {
                    time_of_impact(
                        &proxy_a,
                        &sweep,
                        &proxy_b,
                        &other_sweep,
                        t_min,
                        LINEAR_SLOP,
                        0.25 * LINEAR_SLOP,
                    )
                };
                // A pair the solver had a contact point for this step (a
                // speculative one reaches as far as the step's travel) had
                // its approach stopped there: only the core is swept, as for
                // a shape touching at the start. Sweeping the whole shape
                // along the straight line from start to end pose cut the
                // corner of a box that bounced while turning fast and put it
                // back, moving it without its velocity: +0.2 % of an elastic
                // box's energy per bounce, measured.
                let solved = self
                    .pair_map
                    .get(&pair_key(sid.index, other))
                    .is_some_and(|&i| self.contacts[i as usize].manifold.count > 0);
                // A moving body the solver met this step is left to it: its
                // end pose may have swung back across the path (a plank hit
                // at 2000 m/s turns 10 rad in the step) and the pull-back
                // struck it a second time.
                if solved && !bullet && ob.body_type == BodyType::Dynamic {
                    continue;
                }
                let whole = (!solved).then(|| toi(make_proxy(&sa.geom)));
                let out = match whole {
                    Some(out) if !(out.state == ToiState::Hit && out.fraction <= 0.0) => out,
                    _ => match core_circle(&sa.geom) {
                        Some(core) => toi(make_proxy(&core)),
                        None => continue,
                    },
                };
                if out.state == ToiState::Hit && out.fraction > 0.0 && out.fraction < t_min {
                    t_min = out.fraction;
                    met = passes.then_some(so.body.index);
                }
            }
        }
        if t_min < 1.0 {
            put_back(self.bodies.at_mut(body_index), &sweep, t_min);
            if let Some(other) = met {
                let other_sweep = self.step_sweep(other, in_solver, dt);
                put_back(self.bodies.at_mut(other), &other_sweep, t_min);
            }
        }
    }
}

/// Put a body back to the pose at `t` along its sweep (its velocity
/// stays: next step's speculative contact stops it).
fn put_back(b: &mut Body, sweep: &Sweep, t: Real) {
    let xf = sweep.transform_at(t);
    b.xf = xf;
    b.center = xf.apply(b.local_center);
}

/// Whether a body that has just been written back (its step's motion in
/// its solver copy `sb`) must be swept: a dynamic body that moved far for
/// its size this step (more than half its thinnest extent) and hangs on no
/// joint (`joint_solver::may_sweep`), or any bullet that moved. Decided in
/// write back, while the body is at hand: a pass of its own re-read every
/// awake body (half a millisecond a step for 22,000 boxes).
pub(crate) fn needs_sweep(
    b: &Body,
    sb: &SolverBody,
    dt: Real,
    joints: &JointStore,
    index: u32,
) -> bool {
    if b.body_type != BodyType::Dynamic {
        return false;
    }
    let motion = sb.dp.length() + (sb.w * dt).abs() * b.max_extent;
    (b.bullet && motion > 0.0)
        || motion > 0.5 * b.min_extent && joint_solver::may_sweep(joints, index)
}

/// A non-bullet body is swept against a moving (dynamic) body when it
/// travels more than this fraction of that body's thickness in a step.
const THIN_FRACTION: Real = 0.5;

/// A circle at the shape's centroid a quarter as wide as the shape is thin:
/// what must never pass through anything (`None` for a segment, which has
/// no inside).
fn core_circle(g: &ShapeGeom) -> Option<ShapeGeom> {
    let (center, thinnest) = match g {
        ShapeGeom::Circle(c) => (c.center, c.radius),
        ShapeGeom::Polygon(p) => {
            let c = p.centroid;
            let inside = (0..p.count)
                .map(|i| p.normals[i].dot(p.vertices[i] - c))
                .fold(Real::INFINITY, Real::min);
            (c, inside + p.radius)
        }
        ShapeGeom::Segment(_) => return None,
    };
    (thinnest > 0.0).then_some(ShapeGeom::Circle(Circle {
        center,
        radius: 0.25 * thinnest,
    }))
}

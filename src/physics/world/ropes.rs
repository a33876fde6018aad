//! Ropes: a chain of small point masses (circles) joined by links, built
//! from the other joints.
//!
//! Inextensible rope (k = None): each link is a distance joint with only an
//! upper bound (a rope link may go slack, never stretch), plus an
//! end-to-end tether between the first and last mass with the rope's rest
//! length as its upper bound. Gauss–Seidel over a long chain converges
//! slowly, so a heavy load would stretch the links a little each; the
//! tether carries the load in one row and the chain never exceeds its
//! length, and the rope's long-range attachments (`RopeReach`, solved in
//! `joints/long_range.rs`: every mass within its distance along the rope
//! from each end's anchor) keep single links from opening up under the
//! load (a 2000:1 load swinging: 3.1–3.4 % before, 0.55–0.62 % now; cost 2n
//! rows per n-link rope, no joints of their own). Cutting a link (or
//! destroying a mass) takes the tether with it (`tether_of_cut_rope`), or
//! it would go on holding the load alone.
//! Hooke rope (k = Some): each link is a `spring` with that k and damping
//! (stable at any k; see `spring.rs`), no tether, no attachments (it is
//! meant to stretch).
//! A rope longer than the distance between its ends (`RopeDef::length`)
//! starts sagging below the line, every link at its rest length (`layout`).
//! Ends pinned to bodies with hinge (point) joints. No mass collides with
//! the bodies the rope is pinned to (`Body::ignores`), nor with its
//! neighbours (the links between them forbid it, as any joint does).

use super::super::error::{PhysicsError, PhysicsResult};
use super::super::math::{is_finite_vec, Real, Vec2};
use super::super::world::World;
use crate::physics::geometry::shape::{Circle, ShapeGeom};
use crate::physics::joints::{DistanceParams, HingeParams, JointDef, JointKind, SpringParams};
use crate::physics::world::body::{BodyDef, BodyType, ShapeDef};
use crate::physics::world::id::{BodyId, JointId};
use crate::physics::world::rope_damping::{RopeReach, RopeRecord};

/// The internal damping rate γ of an inextensible rope unless told (1/s,
/// `rope_damping.rs`): the ropes of issue 18 §3 sleep within 8 and 13 s,
/// a rope released from horizontal still swings visibly for about 5 s.
pub const DEFAULT_INTERNAL_DAMPING: Real = 0.8;

#[derive(Clone, Debug, PartialEq)]
pub struct RopeDef {
    pub from: Vec2,
    pub to: Vec2,
    pub segments: u32,
    /// Rest length along the rope (m); `None`: the distance from `from` to
    /// `to` (a taut rope). Longer: a slack rope, laid out sagging
    /// (`layout`) with every link at its rest length.
    pub length: Option<Real>,
    /// Total mass (kg), split evenly over the segments + 1 masses.
    pub mass: Real,
    pub radius: Real,
    /// `None`: inextensible; `Some(k)`: Hooke links of k N/m.
    pub k: Option<Real>,
    pub damping: Real,
    /// Do the masses collide with the world?
    pub collide: bool,
    pub friction: Real,
    /// Bodies the first / last mass is pinned to (at `from` / `to`).
    pub a: Option<BodyId>,
    pub b: Option<BodyId>,
    pub linear_damping: Real,
    /// Internal damping rate γ (1/s) of the masses' motion, relative and
    /// absolute (`rope_damping.rs`); 0: energy-conserving.
    pub internal_damping: Real,
}

impl Default for RopeDef {
    fn default() -> Self {
        RopeDef {
            from: Vec2::ZERO,
            to: Vec2::X,
            segments: 20,
            length: None,
            mass: 1.0,
            radius: 0.05,
            k: None,
            damping: 0.0,
            collide: true,
            friction: 0.6,
            a: None,
            b: None,
            linear_damping: 0.0,
            internal_damping: DEFAULT_INTERNAL_DAMPING,
        }
    }
}

/// What `create_rope` made.
#[derive(Clone, Debug, PartialEq)]
pub struct Rope {
    /// The masses, from `from` to `to`.
    pub bodies: Vec<BodyId>,
    /// The links, in order.
    pub links: Vec<JointId>,
    /// Pins to `a` / `b` and the end-to-end tether, when present.
    pub pin_a: Option<JointId>,
    pub pin_b: Option<JointId>,
    pub tether: Option<JointId>,
}

impl Rope {
    /// Every joint of the rope.
    pub fn joints(&self) -> Vec<JointId> {
        let mut all = self.links.clone();
        all.extend(self.pin_a);
        all.extend(self.pin_b);
        all.extend(self.tether);
        all
    }
}

fn invalid(m: String) -> PhysicsError {
    PhysicsError::InvalidArgument(format!("rope: {m}"))
}

impl World {
    pub fn create_rope(&mut self, def: &RopeDef) -> PhysicsResult<Rope> {
        if !is_finite_vec(def.from) || !is_finite_vec(def.to) {
            return Err(PhysicsError::NonFinite(
                "rope: from and to must be finite points".into(),
            ));
        }
        if def.segments == 0 {
            return Err(invalid("segments must be at least 1, got 0".into()));
        }
        if def.segments > 10_000 {
            return Err(invalid(format!(
                "segments must be at most 10000, got {}",
                def.segments
            )));
        }
        if !(def.mass.is_finite() && def.mass > 0.0) {
            return Err(invalid(format!(
                "mass must be a positive number, got {}",
                def.mass
            )));
        }
        if !(def.radius.is_finite() && def.radius > 0.0) {
            return Err(invalid(format!(
                "radius must be a positive number, got {}",
                def.radius
            )));
        }
        let span = def.to - def.from;
        if span.length() <= 0.0 {
            return Err(invalid(
                "from and to are the same point (zero length)".into(),
            ));
        }
        let total = rope_length(def.length, span.length())?;
        if let Some(k) = def.k {
            if !(k.is_finite() && k >= 0.0) {
                return Err(invalid(format!("k must be a non-negative number, got {k}")));
            }
        }
        if !(def.damping.is_finite() && def.damping >= 0.0) {
            return Err(invalid(format!(
                "damping must be a non-negative number, got {}",
                def.damping
            )));
        }
        if !(def.internal_damping.is_finite() && def.internal_damping >= 0.0) {
            return Err(invalid(format!(
                "internal damping must be a non-negative number, got {}",
                def.internal_damping
            )));
        }
        for id in [def.a, def.b].into_iter().flatten() {
            self.body(id)?;
        }
        let n = def.segments as usize;
        let each = def.mass / (n + 1) as Real;
        let mut bodies = Vec::with_capacity(n + 1);
        let points = layout(def.from, def.to, n, total);
        for &p in &points {
            let id = self.create_body(&BodyDef {
                body_type: BodyType::Dynamic,
                position: p,
                linear_damping: def.linear_damping,
                ..BodyDef::default()
            })?;
            if def.collide {
                self.add_shape(
                    id,
                    &ShapeDef {
                        geom: ShapeGeom::Circle(Circle {
                            center: Vec2::ZERO,
                            radius: def.radius,
                        }),
                        friction: def.friction,
                        ..ShapeDef::default()
                    },
                )?;
            }
            self.set_mass(id, each)?;
            // The bodies the rope is pinned to usually enclose its end
            // masses (a weight centred on the rope's end): a collision
            // there would fight the pin and tear the links apart.
            self.bodies.at_mut(id.index).ignores = [def.a, def.b];
            bodies.push(id);
        }
        let rest = total / n as Real;
        let mut links = Vec::with_capacity(n);
        for i in 0..n {
            let kind = match def.k {
                None => JointKind::Distance(DistanceParams {
                    length: Some(rest),
                    min: Some(0.0),
                    max: Some(rest),
                }),
                Some(k) => JointKind::Spring(SpringParams {
                    length: Some(rest),
                    k,
                    damping: def.damping,
                }),
            };
            let pa = self.body(bodies[i])?.xf.p;
            let pb = self.body(bodies[i + 1])?.xf.p;
            let mut jd = JointDef::new(kind, bodies[i], Some(bodies[i + 1]), pa);
            jd.anchor_b = pb;
            links.push(self.create_joint(&jd)?);
        }
        let pin = |w: &mut World, body: Option<BodyId>, mass: BodyId, at: Vec2| {
            body.map(|b| {
                let jd = JointDef::new(JointKind::Hinge(HingeParams::default()), b, Some(mass), at);
                w.create_joint(&jd)
            })
            .transpose()
        };
        let pin_a = pin(self, def.a, bodies[0], def.from)?;
        let pin_b = pin(self, def.b, bodies[n], def.to)?;
        let tether = if def.k.is_none() && n > 1 {
            let mut jd = JointDef::new(
                JointKind::Distance(DistanceParams {
                    length: Some(span.length()),
                    min: Some(0.0),
                    max: Some(total),
                }),
                bodies[0],
                Some(bodies[n]),
                def.from,
            );
            jd.anchor_b = def.to;
            jd.collide_connected = true;
            Some(self.create_joint(&jd)?)
        } else {
            None
        };
        // Forget ropes whose masses are all gone (drawing skips them anyway).
        let World {
            joints,
            bodies: arena,
            ..
        } = self;
        joints.ropes.retain(|r| {
            r.bodies
                .iter()
                .any(|b| arena.get(b.index, b.generation).is_some())
        });
        let reach = match def.k {
            Some(_) => None,
            None => {
                let local = |w: &World, body: Option<BodyId>, at: Vec2| {
                    body.map_or(Ok(at), |b| w.body(b).map(|b| b.xf.inv_apply(at)))
                };
                Some(RopeReach {
                    a: def.a,
                    local_a: local(self, def.a, def.from)?,
                    b: def.b,
                    local_b: local(self, def.b, def.to)?,
                    rest,
                })
            }
        };
        self.joints.ropes.push(RopeRecord {
            bodies: bodies.clone(),
            damping: def.internal_damping,
            reach,
        });
        Ok(Rope {
            bodies,
            links,
            pin_a,
            pin_b,
            tether,
        })
    }

    /// The end-to-end tether of the rope whose link between masses `a` and
    /// `b` was just destroyed (cut by the user, broken, or gone with a
    /// mass), if it still stands. A cut rope must fall apart: its tether
    /// (first mass to last) would otherwise keep holding the load by
    /// itself. Ropes whose tether is already gone are passed over at the
    /// cost of one look at their first mass's joints.
    pub(crate) fn tether_of_cut_rope(&self, a: BodyId, b: BodyId) -> Option<JointId> {
        for rope in &self.joints.ropes {
            let (Some(&first), Some(&last)) = (rope.bodies.first(), rope.bodies.last()) else {
                continue;
            };
            let Some(tether) = self.tether_between(first, last) else {
                continue;
            };
            let consecutive = rope
                .bodies
                .windows(2)
                .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a));
            if consecutive {
                return Some(tether);
            }
        }
        None
    }

    /// The distance joint between a rope's first and last masses.
    fn tether_between(&self, first: BodyId, last: BodyId) -> Option<JointId> {
        if first == last {
            return None;
        }
        self.joints.of_body(first.index).iter().find_map(|&j| {
            let generation = self.joints.arena.generation_of(j);
            let joint = self.joints.arena.get(j, generation)?;
            let ends = (joint.body_a, joint.body_b);
            let joins = ends == (first, Some(last)) || ends == (last, Some(first));
            (joins && matches!(joint.kind, JointKind::Distance(_))).then_some(JointId {
                index: j,
                generation,
            })
        })
    }

    /// Current length along a chain of bodies (sum of centre distances).
    pub fn chain_length(&self, bodies: &[BodyId]) -> PhysicsResult<Real> {
        let mut total = 0.0;
        for w in bodies.windows(2) {
            total += (self.body(w[1])?.center - self.body(w[0])?.center).length();
        }
        Ok(total)
    }
}

/// The rope's rest length: `length` when given (at least the distance
/// between its ends, at most `MAX_LENGTH`), else that distance.
fn rope_length(length: Option<Real>, distance: Real) -> PhysicsResult<Real> {
    let Some(l) = length else {
        return Ok(distance);
    };
    if !l.is_finite() || l < distance * (1.0 - 1e-12) || l > MAX_LENGTH {
        return Err(invalid(format!(
            "length must be from the distance between from and to ({distance}) to {MAX_LENGTH} m, got {l}"
        )));
    }
    Ok(l.max(distance))
}

/// Longest rope (m): the bound of every `length` (docs/lua-api.md,
/// "Ranges": twice the largest coordinate).
pub const MAX_LENGTH: Real = 2e9;

/// Where the masses of a rope of rest length `total` start, `from` to `to`:
/// on the straight line when taut; when slack, a sagging trapezoid (a V
/// for an even number of segments) below the line — two straight arms of
/// ⌊n/2⌋ links and, for odd n, one bottom link parallel to the line — so
/// every link starts exactly at its rest length and nothing jumps at the
/// first step. "Below" is the side of −y (the side of +x for a vertical
/// line); gravity then pulls it into its catenary.
pub(crate) fn layout(from: Vec2, to: Vec2, n: usize, total: Real) -> Vec<Vec2> {
    let span = to - from;
    let d = span.length();
    let rest = total / n as Real;
    let straight = |i: usize| from + span * (i as Real / n as Real);
    let arm_links = n / 2;
    if total <= d * (1.0 + 1e-12) || arm_links == 0 {
        return (0..=n).map(straight).collect();
    }
    let along = span / d;
    let mut down = Vec2::new(-along.y, along.x);
    if down.y > 0.0 || (down.y == 0.0 && down.x < 0.0) {
        down = -down;
    }
    let bottom = if n % 2 == 1 { rest } else { 0.0 };
    let arm = arm_links as Real * rest;
    // Each arm covers (d − bottom)/2 along the line and drops the rest.
    let c = ((d - bottom) / (2.0 * arm)).clamp(-1.0, 1.0);
    let s = (1.0 - c * c).max(0.0).sqrt();
    let left = along * c + down * s;
    let right = along * c - down * s;
    let mut points = Vec::with_capacity(n + 1);
    for i in 0..=arm_links {
        points.push(from + left * (rest * i as Real));
    }
    if n % 2 == 1 {
        let p = points[arm_links] + along * bottom;
        points.push(p);
    }
    let start = *points.last().expect("at least one point");
    for i in 1..=arm_links {
        points.push(start + right * (rest * i as Real));
    }
    // The last point is `to` up to rounding; make it exact.
    if let Some(last) = points.last_mut() {
        *last = to;
    }
    points
}

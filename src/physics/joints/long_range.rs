//! Long-range attachments of inextensible ropes (Kim, Chentanez & Müller,
//! "Long Range Attachments", 2012): every rope mass i is kept within i·rest
//! of the rope's start anchor and within (n − i)·rest of its end anchor.
//!
//! Why: Gauss–Seidel over a chain of light masses under a heavy load carries
//! the load down the chain one link per pass, so with 8 passes over 60 links
//! the links near the load stay stretched (3–7 % at 2000:1,
//! `scenes/rope_heavy_load.lua`). Each attachment is one row between a mass
//! and an anchor that GS satisfies in a single visit; when the rope is taut
//! end to end the two families pin every mass onto the line at its place,
//! so no link can open up there.
//!
//! They never over-constrain: the links already imply them (the path
//! along the rope bounds the straight distance), so a slack rope, or one
//! draped over a peg, never feels them. Only unilateral (max) rows.
//!
//! The anchors: the pinned body's anchor point when the end is pinned (still
//! joined to the end mass), else the end mass itself. Each family walks the
//! chain from its end only while masses and links are there, so a cut or
//! destroyed rope holds its pieces by what is still joined; nothing is
//! stored but the rope's record (`RopeRecord::reach`): the rows are rebuilt
//! every step from the world, so snapshots and determinism need nothing new.
//!
//! Not joints: no warm start, no reaction forces, no `Rope::joints()` entry.
//! They run after the joints' passes as one rope-only pass: on positions
//! after the joints' projection (moving the bodies and their velocities by
//! the same motion, as the projection does) and on velocities after the
//! joints' solve and relax passes. Each row is a two-body row with the
//! anchor body's mass and inertia, so a heavy load hardly moves and a free
//! end mass takes its share. Cost: 2n rows per n-link rope, each visited
//! once per phase and once per projection (the heavy-load scene's step:
//! about 0.36 → 0.42 ms), and `TIGHTEN_ROUNDS` more projections of the
//! ropes' own joints and attachments (0.41 → 0.465 ms).
//!
//! Measured (`scenes/rope_heavy_load.lua`, worst link over 10 s, centred /
//! off-centre load): 3.1 / 3.4 % before, 0.81 / 0.81 % with both families
//! and the velocity rows, 0.62 / 0.55 % with the two tightening rounds; 1.3 / 1.0 % without the velocity rows, 2.1 / 2.8 %
//! with the start family alone and 3.7 / 5.4 % with the end family alone.
//!
//! A rope pinned at both ends to bodies that cannot move gets none (see
//! `prepare`).

use crate::physics::joints::solver::project_joint;
use crate::physics::joints::JointStore;
use crate::physics::math::{cross, cross_sv, Real, Vec2};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::solver_body::SolverBody;
use crate::physics::world::body::{Body, BodyType};
use crate::physics::world::id::{Arena, BodyId};
use crate::physics::world::rope_damping::joined;

/// Largest correction of one row per substep (m), as a joint's.
const MAX_CORRECTION: Real = 0.2;

/// One attachment for this step: rope mass `m` at most `max` from the
/// anchor on `a` (solver indices; 0 = the world or a body not simulated).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    a: u32,
    m: u32,
    ma: Real,
    ia: Real,
    mm: Real,
    /// Anchor relative to A's centre (world frame, step start); the world
    /// point itself when A is not simulated.
    ra0: Vec2,
    /// Mass centre minus A's centre at the step start (the mass centre
    /// when A is not simulated).
    dc0: Vec2,
    max: Real,
}

/// The attachments of every inextensible rope, for this step (stage 7,
/// after the bodies' solver copies exist).
pub(crate) fn prepare(store: &JointStore, bodies: &Arena<Body>, sc: &mut SolverScratch) {
    sc.reaches.clear();
    for rope in &store.ropes {
        let Some(reach) = &rope.reach else { continue };
        if rope.bodies.len() < 3 {
            continue;
        }
        let ends = [
            end_anchor(store, bodies, &rope.bodies, reach.a, reach.local_a, false),
            end_anchor(store, bodies, &rope.bodies, reach.b, reach.local_b, true),
        ];
        // Both ends held by bodies that cannot move: the rope carries only
        // its own weight (no load for the chain to pass along), and when
        // it spans its full length the two families would leave each mass
        // one point on the straight line, which cannot carry that weight
        // (both rows horizontal): measured, a taut 24-link rope between
        // posts jittered awake for 20 s at one substep and froze at once
        // without damping. Such a rope keeps its links alone.
        if ends
            .iter()
            .all(|e| e.as_ref().is_some_and(|e| e.pinned && !e.moves))
        {
            continue;
        }
        for (end, from_end) in ends.into_iter().zip([false, true]) {
            if let Some(end) = end {
                push_rows(store, bodies, sc, &rope.bodies, &end, from_end, reach.rest);
            }
        }
    }
    collect_rope_joints(sc);
}

/// The joints of this step that hold a mass with attachments (its links
/// and end pins), for `tighten`.
fn collect_rope_joints(sc: &mut SolverScratch) {
    sc.rope_joints.clear();
    if sc.reaches.is_empty() {
        return;
    }
    let mut is_mass = std::mem::take(&mut sc.rope_mass);
    is_mass.clear();
    is_mass.resize(sc.solver_bodies.len(), false);
    for r in &sc.reaches {
        is_mass[r.m as usize] = true;
    }
    for (i, c) in sc.joints.iter().enumerate() {
        if is_mass[c.a as usize] || is_mass[c.b as usize] {
            sc.rope_joints.push(i as u32);
        }
    }
    sc.rope_mass = is_mass;
}

/// Rounds of the ropes' links, pins and attachments projected once more,
/// after the first (`integrate_positions`). One round leaves a link open by
/// up to 1.05 % when a swinging 2000:1 rope that went a little slack snaps
/// taut again (30–100 segments, 10–60 kg loads); two bring every one of
/// those below 0.96 %, four below 0.78 % (for 20 % more step time than
/// two). Only the ropes' own rows: other joints keep their one projection.
pub(crate) const TIGHTEN_ROUNDS: usize = 2;

/// `TIGHTEN_ROUNDS` more rounds over the ropes' joints and attachments.
pub(crate) fn tighten(s: &mut SolverScratch, rate: Real) {
    if s.reaches.is_empty() {
        return;
    }
    let (joints, starts, substep) = (&s.joints, &s.joint_starts, s.joint_substep);
    for _ in 0..TIGHTEN_ROUNDS {
        for &i in &s.rope_joints {
            let i = i as usize;
            let at = substep.at(&starts[i]);
            s.joint_projection[i] += project_joint(&joints[i], &at, &mut s.solver_bodies);
        }
        project(&s.reaches, &mut s.solver_bodies, rate);
    }
}

/// Where one family hangs from: the pinned body while it still holds the
/// end mass (rows from the end mass on), else the end mass itself (rows
/// from the second mass on: the first is the end's own link).
struct EndAnchor<'a> {
    id: BodyId,
    body: &'a Body,
    local: Vec2,
    first_row: usize,
    pinned: bool,
    moves: bool,
}

fn end_anchor<'a>(
    store: &JointStore,
    bodies: &'a Arena<Body>,
    masses: &[BodyId],
    pin: Option<BodyId>,
    local: Vec2,
    from_end: bool,
) -> Option<EndAnchor<'a>> {
    let end = if from_end { *masses.last()? } else { masses[0] };
    let mass = bodies.get(end.index, end.generation)?;
    let pinned = pin
        .and_then(|p| bodies.get(p.index, p.generation).map(|body| (p, body)))
        .filter(|&(p, _)| joined(store, p, end));
    Some(match pinned {
        Some((id, body)) => EndAnchor {
            id,
            body,
            local,
            first_row: 0,
            pinned: true,
            moves: body.body_type == BodyType::Dynamic,
        },
        None => EndAnchor {
            id: end,
            body: mass,
            local: mass.local_center,
            first_row: 2,
            pinned: false,
            moves: true,
        },
    })
}

/// One family's rows: mass k (counted from this end) at most k·rest from
/// the anchor, for as long as the chain from the end is still joined.
fn push_rows(
    store: &JointStore,
    bodies: &Arena<Body>,
    sc: &mut SolverScratch,
    masses: &[BodyId],
    end: &EndAnchor,
    from_end: bool,
    rest: Real,
) {
    let solver_index = |id: BodyId| {
        sc.body_to_solver
            .get(id.index as usize)
            .copied()
            .unwrap_or(0)
    };
    let at = |k: usize| {
        if from_end {
            masses[masses.len() - 1 - k]
        } else {
            masses[k]
        }
    };
    let a = solver_index(end.id);
    let info = &sc.solver_info[a as usize];
    let (ma, ia) = (info.inv_mass, info.inv_i);
    let anchor = end.body;
    let (ra0, ca0) = if a != 0 {
        (
            anchor.xf.q.rotate(end.local - anchor.local_center),
            anchor.center,
        )
    } else {
        (anchor.xf.apply(end.local), Vec2::ZERO)
    };
    for k in 0..masses.len() {
        let id = at(k);
        let Some(mass) = bodies.get(id.index, id.generation) else {
            break;
        };
        if k > 0 && !joined(store, at(k - 1), id) {
            break;
        }
        let m = solver_index(id);
        if k < end.first_row || m == 0 {
            continue;
        }
        sc.reaches.push(Reach {
            a,
            m,
            ma,
            ia,
            mm: sc.solver_info[m as usize].inv_mass,
            ra0,
            dc0: mass.center - ca0,
            max: k as Real * rest,
        });
    }
}

impl Reach {
    /// Anchor offset now and the vector from the anchor to the mass.
    #[inline]
    fn separation(&self, bodies: &[SolverBody]) -> (Vec2, Vec2) {
        let (a, m) = (&bodies[self.a as usize], &bodies[self.m as usize]);
        let ra = a.dq.rotate(self.ra0);
        (ra, self.dc0 + m.dp - a.dp - ra)
    }

    /// Move the mass by −mm·p and the anchor body by +ma·p (and its turn),
    /// velocities by the same motion times `rate`.
    #[inline]
    fn push(&self, bodies: &mut [SolverBody], ra: Vec2, p: Vec2, rate: Real) {
        let m = &mut bodies[self.m as usize];
        m.dp -= self.mm * p;
        m.v -= self.mm * p * rate;
        if self.a != 0 {
            let a = &mut bodies[self.a as usize];
            a.dp += self.ma * p;
            a.v += self.ma * p * rate;
            let turn = self.ia * cross(ra, p);
            if turn != 0.0 {
                a.w += turn * rate;
                a.dq = a.dq.integrate(turn);
            }
        }
    }

    /// An impulse −p on the mass and +p on the anchor (velocities only).
    #[inline]
    fn impulse(&self, bodies: &mut [SolverBody], ra: Vec2, p: Vec2) {
        bodies[self.m as usize].v -= self.mm * p;
        if self.a != 0 {
            let a = &mut bodies[self.a as usize];
            a.v += self.ma * p;
            a.w += self.ia * cross(ra, p);
        }
    }

    #[inline]
    fn k(&self, ra: Vec2, u: Vec2) -> Real {
        let r = cross(ra, u);
        self.mm + self.ma + self.ia * r * r
    }
}

/// After the drift and the joints' projection: every mass further than its
/// reach is moved back onto it, with the velocity change of that motion
/// over the substep (`rate` = 1/h, as `JointConstraint::shift`).
pub(crate) fn project(reaches: &[Reach], bodies: &mut [SolverBody], rate: Real) {
    for r in reaches {
        let (ra, d) = r.separation(bodies);
        let len = d.length();
        if len <= r.max {
            continue;
        }
        // Along the direction now, not at the substep start as the joints'
        // projection does: measured, that left 1.5 % / 1.8 % stretch
        // (`scenes/rope_heavy_load.lua`) against 0.8 % / 0.8 %.
        let u = d / len;
        let k = r.k(ra, u);
        if k <= 0.0 {
            continue;
        }
        let err = (len - r.max).min(MAX_CORRECTION);
        r.push(bodies, ra, u * (err / k), rate);
    }
}

/// After the joints' velocity passes: a mass may not move away from its
/// anchor faster than closes the gap to its reach this substep.
pub(crate) fn solve(reaches: &[Reach], bodies: &mut [SolverBody], inv_h: Real) {
    for r in reaches {
        let (ra, d) = r.separation(bodies);
        let len = d.length();
        // Far inside its reach: nothing this substep can bring it there.
        if len <= 0.0 || len < r.max * 0.5 {
            continue;
        }
        let u = d / len;
        let (a, m) = (&bodies[r.a as usize], &bodies[r.m as usize]);
        let away = u.dot(m.v - a.v - cross_sv(a.w, ra));
        let allowed = (r.max - len).max(0.0) * inv_h;
        if away <= allowed {
            continue;
        }
        let k = r.k(ra, u);
        if k <= 0.0 {
            continue;
        }
        r.impulse(bodies, ra, u * ((away - allowed) / k));
    }
}

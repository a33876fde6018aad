//! Keep-state reload: carry the live world's state into the world the new
//! version of the scene file just built.
//!
//! Bodies are matched across versions by `name`, else by creation order
//! among bodies of the same constructor kind (so adding a circle does not
//! shift the boxes). A matched body whose pose arguments (x, y, angle, vx,
//! vy, omega) are unchanged in the file keeps its live pose and velocities
//! ("kept"); one whose arguments changed takes the new values ("moved"), so
//! moving a body in the file moves it on screen. Shapes, materials, joints,
//! forces and callbacks always come from the new file. A matched body that
//! the running simulation had destroyed comes back from the file (counted
//! as new): the new Lua state holds a handle to it, and a scene whose
//! `update` uses that handle must not fail because of a reload.
//!
//! Bodies the file did not build — placed with the mouse tools or created
//! by callbacks while running — are carried over as they are (shapes,
//! materials, pose, velocities, colour); their per-body Lua force and their
//! joints belonged to the old Lua state and do not come along.
//!
//! The clock carries over too: simulated time and step count continue, so
//! `world.time`, plots and timers in `update` read on from where they were.

use crate::physics::{BodyDef, BodyId, ShapeDef, World};
use crate::script::creation::Creation;
use crate::script::{Scene, Sim};
use std::collections::{BTreeMap, BTreeSet};

/// What happens to one body of the new version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// Matched old body `i`, same arguments: keeps its live state.
    Kept(usize),
    /// Matched old body `i`, changed arguments: takes the file's values.
    Moved(usize),
    /// No old body matched.
    New,
}

/// The match between two versions' creation records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// One per new record, in order.
    pub fates: Vec<Fate>,
    /// Old records nothing matched (their bodies go).
    pub removed: Vec<usize>,
}

/// Pair old and new records: by name first (the k-th body called "a" with
/// the k-th called "a"), then what is left by creation order within each
/// constructor kind. Pure: records in, plan out.
pub fn plan(old: &[Creation], new: &[Creation]) -> Plan {
    let mut old_of_new: Vec<Option<usize>> = vec![None; new.len()];
    let mut old_taken = vec![false; old.len()];

    // 1. By name.
    let mut by_name: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, c) in old.iter().enumerate() {
        if let Some(n) = &c.name {
            by_name.entry(n).or_default().push(i);
        }
    }
    let mut used_of_name: BTreeMap<&str, usize> = BTreeMap::new();
    for (j, c) in new.iter().enumerate() {
        let Some(n) = &c.name else { continue };
        let k = used_of_name.entry(n).or_default();
        if let Some(&i) = by_name.get(n.as_str()).and_then(|v| v.get(*k)) {
            // A renamed kind (circle → box) is a different body.
            if old[i].kind == c.kind {
                old_of_new[j] = Some(i);
                old_taken[i] = true;
            }
        }
        *k += 1;
    }

    // 2. The rest by creation order within each kind.
    let mut queues: BTreeMap<&str, std::collections::VecDeque<usize>> = BTreeMap::new();
    for (i, c) in old.iter().enumerate() {
        if !old_taken[i] {
            queues.entry(c.kind).or_default().push_back(i);
        }
    }
    for (j, c) in new.iter().enumerate() {
        if old_of_new[j].is_some() {
            continue;
        }
        if let Some(i) = queues.get_mut(c.kind).and_then(|q| q.pop_front()) {
            old_of_new[j] = Some(i);
            old_taken[i] = true;
        }
    }

    let fates = old_of_new
        .iter()
        .zip(new)
        .map(|(m, c)| match m {
            Some(i) if old[*i].args == c.args => Fate::Kept(*i),
            Some(i) => Fate::Moved(*i),
            None => Fate::New,
        })
        .collect();
    let removed = (0..old.len()).filter(|i| !old_taken[*i]).collect();
    Plan { fates, removed }
}

/// What a keep-state reload did, for the toast and the `--watch` line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub kept: usize,
    pub moved: usize,
    pub new: usize,
    pub removed: usize,
    /// Bodies not built by the file (mouse tools, callbacks) carried over.
    pub carried: usize,
}

impl Tally {
    pub fn counts(&self, plan: &Plan) -> Tally {
        let mut t = *self;
        for f in &plan.fates {
            match f {
                Fate::Kept(_) => t.kept += 1,
                Fate::Moved(_) => t.moved += 1,
                Fate::New => t.new += 1,
            }
        }
        t.removed += plan.removed.len();
        t
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "kept {}, moved {}, new {}, removed {}",
            self.kept, self.moved, self.new, self.removed
        )?;
        if self.carried > 0 {
            write!(f, ", carried over {}", self.carried)?;
        }
        Ok(())
    }
}

/// Which body of the new world each surviving body of the old one became
/// (matched and carried-over bodies), so whatever holds body ids across a
/// reload — the selection, a puzzle's placed parts — can follow them.
pub type Remap = BTreeMap<BodyId, BodyId>;

/// Carry `old`'s live state into `new` (just built, not stepped yet).
pub fn keep_state(old: &Scene, new: &mut Scene) -> (Tally, Remap) {
    let old_sim = old.sim();
    let mut new_sim = new.sim_mut();
    let mut plan = plan(old_sim.creations(), new_sim.creations());
    let old_world = old_sim.world();

    let mut remap = Remap::new();
    let new_bodies: Vec<BodyId> = new_sim.creations().iter().map(|c| c.body).collect();
    for (fate, &new_body) in plan.fates.iter_mut().zip(&new_bodies) {
        let (Fate::Kept(i) | Fate::Moved(i)) = *fate else {
            continue;
        };
        let was = old_sim.creations()[i].body;
        match old_world.body(was) {
            Ok(live) => {
                remap.insert(was, new_body);
                if matches!(fate, Fate::Kept(_)) {
                    copy_motion(new_sim.world_mut(), new_body, live);
                }
            }
            // The running world had destroyed it: back from the file.
            Err(_) => *fate = Fate::New,
        }
    }
    let tally = Tally::default().counts(&plan);

    // Bodies the old file did not build: carried over as they are.
    let built: BTreeSet<BodyId> = old_sim.creations().iter().map(|c| c.body).collect();
    let mut carried = 0;
    for id in old_sim.bodies_in_order() {
        if built.contains(&id) {
            continue;
        }
        let Ok(body) = old_world.body(id) else {
            continue;
        };
        let color = old_sim.color(id).map(str::to_string);
        if let Some(copy) = copy_body(&mut new_sim, old_world, id, body, color) {
            new_sim.set_origin(copy, old_sim.origin(id).cloned());
            remap.insert(id, copy);
            carried += 1;
        }
    }

    new_sim
        .world_mut()
        .set_clock(old_world.time(), old_world.step_count());
    new_sim.continue_plots(old_sim.plots());
    (Tally { carried, ..tally }, remap)
}

/// Pose and velocities of a live body onto its match (if the new file
/// did not destroy it while building). Bodies come out awake: a body that
/// was asleep is at rest and settles back to sleep.
fn copy_motion(world: &mut World, id: BodyId, live: &crate::physics::Body) {
    if !world.is_alive(id) {
        return;
    }
    let _ = world.set_transform(id, live.xf.p, live.xf.q.angle());
    let _ = world.set_linear_velocity(id, live.linear_velocity);
    let _ = world.set_angular_velocity(id, live.angular_velocity);
}

/// A copy of `old`'s body `id` (shapes, materials, motion, colour) in the
/// new scene.
fn copy_body(
    sim: &mut Sim,
    old: &World,
    id: BodyId,
    b: &crate::physics::Body,
    color: Option<String>,
) -> Option<BodyId> {
    let def = BodyDef {
        body_type: b.body_type,
        position: b.xf.p,
        angle: b.xf.q.angle(),
        linear_velocity: b.linear_velocity,
        angular_velocity: b.angular_velocity,
        linear_damping: b.linear_damping,
        angular_damping: b.angular_damping,
        gravity_scale: b.gravity_scale,
        fixed_rotation: b.fixed_rotation,
        bullet: b.bullet,
        allow_sleep: b.allow_sleep,
        awake: true,
        name: b.name.clone(),
        user_data: 0,
    };
    let shapes: Vec<ShapeDef> = old
        .shapes_of(id)
        .ok()?
        .map(|(_, s)| ShapeDef {
            geom: s.geom,
            density: s.density,
            friction: s.friction,
            static_friction: Some(s.static_friction),
            restitution: s.restitution,
            sensor: s.sensor,
            group: s.group,
            user_data: 0,
        })
        .collect();
    let copy = sim.add_body(&def, &shapes, color).ok()?;
    if let Some(m) = b.mass_override {
        let _ = sim.world_mut().set_mass(copy, m);
    }
    Some(copy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::creation::PoseArgs;

    fn rec(i: u32, name: Option<&str>, kind: &'static str, x: f64) -> Creation {
        Creation {
            body: BodyId {
                index: i,
                generation: 1,
            },
            name: name.map(str::to_string),
            kind,
            args: PoseArgs {
                x,
                ..PoseArgs::default()
            },
            origin: None,
        }
    }

    #[test]
    fn same_file_keeps_every_body() {
        let v = vec![
            rec(0, None, "box", 0.0),
            rec(1, Some("ball"), "circle", 1.0),
            rec(2, None, "box", 2.0),
        ];
        let p = plan(&v, &v);
        assert_eq!(p.fates, vec![Fate::Kept(0), Fate::Kept(1), Fate::Kept(2)]);
        assert!(p.removed.is_empty());
    }

    #[test]
    fn changed_arguments_move_the_body() {
        let old = vec![rec(0, None, "box", 0.0), rec(1, None, "box", 1.0)];
        let new = vec![rec(0, None, "box", 0.0), rec(1, None, "box", 5.0)];
        let p = plan(&old, &new);
        assert_eq!(p.fates, vec![Fate::Kept(0), Fate::Moved(1)]);
    }

    #[test]
    fn names_match_across_reordering() {
        let old = vec![rec(0, Some("a"), "box", 0.0), rec(1, Some("b"), "box", 1.0)];
        let new = vec![rec(0, Some("b"), "box", 1.0), rec(1, Some("a"), "box", 0.0)];
        let p = plan(&old, &new);
        assert_eq!(p.fates, vec![Fate::Kept(1), Fate::Kept(0)]);
    }

    #[test]
    fn order_counts_within_a_kind_only() {
        // A circle inserted first does not shift the boxes' matches.
        let old = vec![rec(0, None, "box", 0.0), rec(1, None, "box", 1.0)];
        let new = vec![
            rec(0, None, "circle", 9.0),
            rec(1, None, "box", 0.0),
            rec(2, None, "box", 1.0),
        ];
        let p = plan(&old, &new);
        assert_eq!(p.fates, vec![Fate::New, Fate::Kept(0), Fate::Kept(1)]);
        assert!(p.removed.is_empty());
    }

    #[test]
    fn removed_and_changed_kind() {
        let old = vec![
            rec(0, Some("thing"), "circle", 0.0),
            rec(1, None, "box", 1.0),
            rec(2, None, "box", 2.0),
        ];
        // "thing" became a box; one box left.
        let new = vec![rec(0, Some("thing"), "box", 0.0), rec(1, None, "box", 1.0)];
        let p = plan(&old, &new);
        // "thing" (now a box) pairs with the first free box by order; the
        // old circle and the second box go.
        assert_eq!(p.fates, vec![Fate::Moved(1), Fate::Moved(2)]);
        assert_eq!(p.removed, vec![0]);
        let t = Tally::default().counts(&p);
        assert_eq!((t.kept, t.moved, t.new, t.removed), (0, 2, 0, 1));
    }

    #[test]
    fn duplicate_names_pair_in_order() {
        let old = vec![rec(0, Some("w"), "box", 0.0), rec(1, Some("w"), "box", 1.0)];
        let new = vec![
            rec(0, Some("w"), "box", 0.0),
            rec(1, Some("w"), "box", 1.0),
            rec(2, Some("w"), "box", 2.0),
        ];
        let p = plan(&old, &new);
        assert_eq!(p.fates, vec![Fate::Kept(0), Fate::Kept(1), Fate::New]);
    }

    #[test]
    fn toast_text() {
        let t = Tally {
            kept: 42,
            moved: 2,
            new: 3,
            removed: 1,
            carried: 0,
        };
        assert_eq!(t.to_string(), "kept 42, moved 2, new 3, removed 1");
        let t = Tally { carried: 2, ..t };
        assert!(t.to_string().ends_with(", carried over 2"));
    }
}

//! Saving and restoring what a running scene holds besides its Lua state,
//! for the F5 snapshot file (`app/commands/snapshot.rs` writes it): the
//! world, the step size, and each body's stable id, colour and origin.
//! Restoring re-uses the Lua-side data (a `b.force` callback) and origin of
//! every body the re-run scene file made in the very same slot; the others
//! (made by callbacks while the scene ran) take their saved origin, so a
//! reopened snapshot names the same `source` lines as the uninterrupted run.

use super::force_verlet::LuaForce;
use super::origin::Origin;
use super::random::Random;
use super::sim::{SceneBody, Sim};
use crate::physics::World;
use serde::{Deserialize, Serialize};
use std::rc::Rc;

/// The scene-side record of one body in a snapshot file (the world keeps no
/// colours or stable ids). Its serialised form is part of the file format.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedBody {
    pub index: u32,
    pub generation: u32,
    pub id: u64,
    pub color: Option<String>,
    /// Where the scene made it (files from before origins were saved have
    /// none; neither has a body the window made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<SavedOrigin>,
}

/// A body's `Origin` in a snapshot. The scene file is not named (it is the
/// snapshot's `scene`, reached by whatever path reopens it); a module is,
/// by its chunk name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedOrigin {
    /// The constructor: "box", "circle", "polygon", "segment", "rope".
    pub kind: String,
    /// The module the call is in; absent: the scene file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module: Option<String>,
    pub line: u32,
    /// For a call inside a function: the scene file's line that led there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_from: Option<u32>,
}

/// The constructors that make bodies (an origin's `kind`).
const BODY_KINDS: [&str; 5] = ["box", "circle", "polygon", "segment", "rope"];

impl SavedOrigin {
    fn of(o: &Origin, scene_file: &Rc<str>) -> SavedOrigin {
        SavedOrigin {
            kind: o.kind.to_string(),
            module: (*o.file != **scene_file).then(|| o.file.to_string()),
            line: o.line,
            called_from: o.call_site.as_ref().map(|(_, l)| *l),
        }
    }

    /// Back to an origin in the scene now running from `scene_file`
    /// (`None` for a kind `check` would have refused).
    fn origin(&self, scene_file: &Rc<str>) -> Option<Origin> {
        let kind = BODY_KINDS.into_iter().find(|k| *k == self.kind)?;
        Some(Origin {
            kind,
            file: self.module.as_deref().map_or(scene_file.clone(), Rc::from),
            line: self.line,
            call_site: self.called_from.map(|l| (scene_file.clone(), l)),
        })
    }

    fn check(&self) -> Result<(), String> {
        if !BODY_KINDS.contains(&self.kind.as_str()) {
            return Err(format!(
                "kind: '{}' is not a body constructor ({})",
                self.kind,
                BODY_KINDS.join(", ")
            ));
        }
        if self.line == 0 || self.called_from == Some(0) {
            let field = if self.line == 0 {
                "line"
            } else {
                "called_from"
            };
            return Err(format!("{field}: 0 is not a line (lines start at 1)"));
        }
        if let Some(m) = &self.module {
            if m.is_empty() || m.len() > 4096 || m.chars().any(char::is_control) {
                return Err("module: not a file name".into());
            }
        }
        Ok(())
    }
}

/// A scene's state as a snapshot keeps it.
pub struct SavedState {
    pub dt: f64,
    /// The stable id the next new body gets.
    pub next_id: u64,
    pub bodies: Vec<SavedBody>,
    pub world: World,
    /// `math.random`'s generator (absent in files from before it was saved:
    /// the re-run scene's own then stays).
    pub random: Option<Random>,
    /// The last step's Lua forces, per source and body (the Verlet
    /// correction of the next step reads them; empty in files from before
    /// they were saved, per body in files from before sources were told
    /// apart).
    pub lua_forces: Vec<LuaForce>,
}

impl SavedState {
    /// Check a state read from a file before it replaces a scene's (see
    /// `World::check_restored`); errors name the field
    /// (`bodies[0].index: …`). A body index of 4294967295 used to abort on
    /// a 274 GB allocation. Every live body has exactly one record, with a
    /// stable id of its own below `next_id`: a file without records dumped
    /// every body as `"id": 0` with no source, and a lowered `next_id` gave
    /// new bodies the ids of live ones.
    pub fn check(&mut self) -> Result<(), String> {
        if !(self.dt > 0.0 && self.dt <= 1.0) {
            return Err(format!(
                "dt: {:e} is out of range (above 0, at most 1 second)",
                self.dt
            ));
        }
        self.world.check_restored()?;
        let capacity = self.world.body_slots();
        let mut seen = vec![false; capacity];
        for (k, b) in self.bodies.iter().enumerate() {
            let i = b.index as usize;
            if i >= capacity {
                return Err(format!(
                    "bodies[{k}].index: {} out of range (the world has {capacity} body slots)",
                    b.index
                ));
            }
            let id = crate::physics::BodyId {
                index: b.index,
                generation: b.generation,
            };
            if self.world.body(id).is_err() {
                return Err(format!(
                    "bodies[{k}].generation: body {}#{} does not exist in the world",
                    b.index, b.generation
                ));
            }
            if std::mem::replace(&mut seen[i], true) {
                return Err(format!(
                    "bodies[{k}].index: body {} is listed twice",
                    b.index
                ));
            }
            if let Some(o) = &b.source {
                o.check().map_err(|m| format!("bodies[{k}].source.{m}"))?;
            }
        }
        self.check_ids()?;
        if let Some(missing) = self
            .world
            .body_ids()
            .into_iter()
            .find(|id| !seen[id.index as usize])
        {
            return Err(format!(
                "bodies: body {}#{} of the world has no record (every live body needs one, with its id)",
                missing.index, missing.generation
            ));
        }
        for (k, f) in self.lua_forces.iter().enumerate() {
            f.check(capacity)
                .map_err(|m| format!("lua_forces[{k}]: {m}"))?;
        }
        Ok(())
    }

    /// Stable ids: non-zero, each body's own, all below `next_id` (which
    /// stays where ids remain exact integers in Lua and JSON).
    fn check_ids(&self) -> Result<(), String> {
        let mut owner: std::collections::HashMap<u64, usize> = Default::default();
        for (k, b) in self.bodies.iter().enumerate() {
            if b.id == 0 {
                return Err(format!(
                    "bodies[{k}].id: 0 is not a body id (ids start at 1)"
                ));
            }
            if let Some(first) = owner.insert(b.id, k) {
                return Err(format!(
                    "bodies[{k}].id: {} is already the id of bodies[{first}]",
                    b.id
                ));
            }
        }
        if self.next_id > MAX_NEXT_ID {
            return Err(format!(
                "next_id: {} is out of range (at most 2^53 = {MAX_NEXT_ID})",
                self.next_id
            ));
        }
        let largest = self.bodies.iter().map(|b| b.id).max().unwrap_or(0);
        if self.next_id <= largest {
            return Err(format!(
                "next_id: {} is not above the largest body id {largest}",
                self.next_id
            ));
        }
        Ok(())
    }
}

/// The largest `next_id` a file may give: ids are integers that Lua and
/// JSON readers (doubles) hold exactly up to 2^53.
const MAX_NEXT_ID: u64 = 1 << 53;

impl Sim {
    /// The state to write into a snapshot.
    pub fn saved_state(&self) -> SavedState {
        let bodies = self
            .world
            .body_ids()
            .into_iter()
            .filter_map(|id| {
                let e = self.scene_body(id)?;
                Some(SavedBody {
                    index: id.index,
                    generation: id.generation,
                    id: e.id,
                    color: e.color.clone(),
                    source: e
                        .origin
                        .as_ref()
                        .map(|o| SavedOrigin::of(o, &self.scene_file)),
                })
            })
            .collect();
        SavedState {
            dt: self.dt,
            next_id: self.next_id,
            bodies,
            world: self.world.clone(),
            random: Some(self.random),
            lua_forces: self.lua_forces.clone(),
        }
    }

    /// Replace the world and the per-body records with a saved state. The
    /// scene file ran just before (so its callbacks exist): a body it made in
    /// the same slot and generation keeps its Lua-side data.
    pub fn restore(&mut self, saved: SavedState) {
        let mut scene_bodies: Vec<Option<SceneBody>> = Vec::new();
        for b in saved.bodies {
            let i = b.index as usize;
            if scene_bodies.len() <= i {
                scene_bodies.resize_with(i + 1, || None);
            }
            let kept = self
                .scene_bodies
                .get_mut(i)
                .and_then(|e| e.take())
                .filter(|e| e.generation == b.generation);
            let (force, origin) = kept.map_or((None, None), |e| (e.force, e.origin));
            // The re-run's origin is the file as it is now; a body it did
            // not make (a callback's) has the one it was saved with.
            let origin =
                origin.or_else(|| b.source.as_ref().and_then(|o| o.origin(&self.scene_file)));
            scene_bodies[i] = Some(SceneBody {
                generation: b.generation,
                id: b.id,
                color: b.color,
                force,
                origin,
            });
        }
        self.forced_bodies = scene_bodies
            .iter()
            .flatten()
            .filter(|e| e.force.is_some())
            .count();
        self.scene_bodies = scene_bodies;
        self.next_id = saved.next_id;
        self.dt = saved.dt;
        // The limits are this program's, not the file's.
        let limits = self.world.limits();
        self.world = saved.world;
        self.world.set_limits(limits);
        self.lua_forces = saved.lua_forces;
        if let Some(random) = saved.random.filter(Random::is_valid) {
            self.random = random;
        }
        self.version += 1;
    }
}

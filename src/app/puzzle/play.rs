//! A puzzle in play, apart from any window: the parts bin a scene's
//! `tools{}` allows, the parts the player placed, build mode (world frozen
//! at the authored layout) versus running, and the key presses made while
//! running (with their step numbers, for solution files). The window's
//! build mode (`build_mode.rs`) and `physbox verify` (`verify.rs`) both
//! drive this, so they place parts and count steps the same way.
//!
//! Also where a level leads: `next_level`, the file `next_scene(...)` names.

use super::parts::{place_part, remove_bodies, Part, PartKind};
use super::solution::Solution;
use crate::app::history::input_log::{Action, Entry};
use crate::physics::BodyId;
use crate::script::Scene;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A part in the world and the bodies it is made of.
#[derive(Clone, Debug)]
pub struct Placed {
    pub part: Part,
    pub bodies: Vec<BodyId>,
}

#[derive(Clone, Debug)]
pub struct Puzzle {
    /// How many of each part the scene allows (kinds it does not list: 0).
    allowed: BTreeMap<PartKind, u32>,
    parts: Vec<Placed>,
    /// True until Start: the world is not stepped.
    building: bool,
    /// The part the next click in the world places.
    selected: Option<PartKind>,
    /// Angle for the next part placed (Q / E turn it).
    angle: f64,
    /// Keys the scene got while running, steps counted from Start.
    keys: Vec<Entry>,
    /// The world's step count at Start.
    start_step: u64,
}

impl Puzzle {
    /// The puzzle a scene declares, or `None` for a scene without `tools{}`
    /// (a free sandbox).
    pub fn for_scene(scene: &Scene) -> Option<Puzzle> {
        let tools = scene.settings().tools;
        if tools.is_empty() {
            return None;
        }
        let allowed: BTreeMap<PartKind, u32> = tools
            .iter()
            .filter_map(|(name, &n)| PartKind::from_name(name).map(|k| (k, n)))
            .collect();
        let selected = PartKind::ALL
            .into_iter()
            .find(|k| allowed.get(k).copied().unwrap_or(0) > 0);
        Some(Puzzle {
            allowed,
            parts: Vec::new(),
            building: true,
            selected,
            angle: 0.0,
            keys: Vec::new(),
            start_step: scene.world().step_count(),
        })
    }

    /// A puzzle that allows no parts, for replaying a part-free solution of
    /// a scene without `tools{}`.
    pub fn allowing_nothing() -> Puzzle {
        Puzzle {
            allowed: BTreeMap::new(),
            parts: Vec::new(),
            building: true,
            selected: None,
            angle: 0.0,
            keys: Vec::new(),
            start_step: 0,
        }
    }

    /// True until Start (the world is held still).
    pub fn is_building(&self) -> bool {
        self.building
    }

    /// The placed parts, in the order they were placed.
    pub fn parts(&self) -> &[Placed] {
        &self.parts
    }

    /// Keys the scene got while running, steps counted from Start.
    pub fn keys(&self) -> &[Entry] {
        &self.keys
    }

    /// The part the next click places.
    pub fn selected(&self) -> Option<PartKind> {
        self.selected
    }

    pub fn select(&mut self, kind: PartKind) {
        self.selected = Some(kind);
    }

    /// The angle the next part is placed at (Q / E over empty space; only
    /// that part: placing it sets it back to 0).
    pub fn angle(&self) -> f64 {
        self.angle
    }

    /// Turn the next part to place (Q / E with nothing under the cursor).
    pub fn turn_next(&mut self, by: f64) {
        self.angle += by;
    }

    /// The next part was placed: the parts after it are not turned.
    pub fn clear_turn(&mut self) {
        self.angle = 0.0;
    }

    /// The bin's selection and the next part's angle, as `other` had them.
    pub fn keep_choices_of(&mut self, other: &Puzzle) {
        self.selected = other.selected;
        self.angle = other.angle;
    }

    /// The kinds the bin lists: those the scene allows at least one of.
    pub fn kinds(&self) -> Vec<PartKind> {
        PartKind::ALL
            .into_iter()
            .filter(|k| self.allowed.get(k).copied().unwrap_or(0) > 0)
            .collect()
    }

    pub fn used(&self, kind: PartKind) -> u32 {
        self.parts.iter().filter(|p| p.part.kind == kind).count() as u32
    }

    /// How many more of `kind` may be placed.
    pub fn remaining(&self, kind: PartKind) -> u32 {
        self.allowed
            .get(&kind)
            .copied()
            .unwrap_or(0)
            .saturating_sub(self.used(kind))
    }

    /// "plank 1, box 3" — what the scene allows, for error messages.
    pub fn allowed_text(&self) -> String {
        let list: Vec<String> = PartKind::ALL
            .into_iter()
            .filter_map(|k| {
                self.allowed
                    .get(&k)
                    .filter(|n| **n > 0)
                    .map(|n| format!("{} {n}", k.name()))
            })
            .collect();
        if list.is_empty() {
            "nothing".into()
        } else {
            list.join(", ")
        }
    }

    /// Place a part (build mode only), checking the bin allows it.
    pub fn place(&mut self, scene: &mut Scene, part: Part) -> Result<usize, String> {
        if !self.building {
            return Err("parts can only be placed in build mode (Backspace resets)".into());
        }
        let kind = part.kind;
        let allowed = self.allowed.get(&kind).copied().unwrap_or(0);
        if allowed == 0 {
            return Err(format!(
                "this level does not allow a {} (tools{{}} allows: {})",
                kind.name(),
                self.allowed_text()
            ));
        }
        if self.remaining(kind) == 0 {
            return Err(format!(
                "no {} left: this level allows {allowed}",
                kind.name()
            ));
        }
        let bodies = place_part(&mut scene.sim_mut(), &part)?;
        self.parts.push(Placed { part, bodies });
        Ok(self.parts.len() - 1)
    }

    /// Take a placed part out again (it goes back to the bin).
    pub fn remove(&mut self, scene: &mut Scene, index: usize) {
        if index < self.parts.len() {
            let p = self.parts.remove(index);
            remove_bodies(&mut scene.sim_mut(), &p.bodies);
        }
    }

    /// Move (and turn) a placed part; where it would overlap something it
    /// stays where it was.
    pub fn move_part(&mut self, scene: &mut Scene, index: usize, to: Part) -> Result<(), String> {
        let Some(old) = self.parts.get(index).cloned() else {
            return Err("no such part".into());
        };
        let mut sim = scene.sim_mut();
        remove_bodies(&mut sim, &old.bodies);
        match place_part(&mut sim, &to) {
            Ok(bodies) => {
                self.parts[index] = Placed { part: to, bodies };
                Ok(())
            }
            Err(e) => {
                // Put it back exactly where it was (that spot was free).
                let bodies = place_part(&mut sim, &old.part).unwrap_or_default();
                self.parts[index] = Placed {
                    part: old.part,
                    bodies,
                };
                Err(e)
            }
        }
    }

    /// Which placed part a body belongs to.
    pub fn part_of(&self, body: BodyId) -> Option<usize> {
        self.parts.iter().position(|p| p.bodies.contains(&body))
    }

    /// Start: leave build mode; steps are counted from here.
    pub fn start(&mut self, scene: &Scene) {
        if self.building {
            self.building = false;
            self.start_step = scene.world().step_count();
            self.keys.clear();
        }
    }

    /// Steps since Start.
    pub fn steps(&self, scene: &Scene) -> u64 {
        scene.world().step_count().saturating_sub(self.start_step)
    }

    /// A key or click the scene is about to get, remembered while running
    /// (steps counted from Start). Other actions (drags, spawns) are not
    /// part of a puzzle: its tools are the parts.
    pub fn record(&mut self, scene: &Scene, action: &Action) {
        let given = matches!(action, Action::Key { .. } | Action::Click { .. });
        if !self.building && given {
            self.keys.push(Entry {
                step: self.steps(scene),
                action: action.clone(),
            });
        }
    }

    /// The parts and key presses so far as a solution of `scene`'s level.
    pub fn solution(&self, scene: &Scene, max_steps: u64) -> Result<Solution, String> {
        Solution::for_level(
            scene.path(),
            self.parts.iter().map(|p| p.part).collect(),
            self.keys.clone(),
            max_steps,
        )
    }
}

/// The file `next_scene(...)` names, relative to the scene's folder (whether
/// it exists or not), if the scene set one.
pub fn next_scene_path(scene: &Scene) -> Option<PathBuf> {
    let name = scene.settings().next_scene?;
    let dir = scene.path().parent().unwrap_or(Path::new("."));
    Some(dir.join(name))
}

/// The file `next_scene(...)` names (relative to the scene's folder), if it
/// set one: an error naming the call's file and line when it is missing.
pub fn next_level(scene: &Scene) -> Option<Result<PathBuf, String>> {
    let path = next_scene_path(scene)?;
    let at = scene
        .settings()
        .next_scene_at
        .unwrap_or_else(|| crate::script::scene::shown_path(scene.path()));
    if path.is_file() {
        // The name was checked (no '..', not absolute); a symlink on the
        // way must not lead out of the scene's folder either.
        let dir = scene.path().parent().unwrap_or(Path::new("."));
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        let inside = match (dir.canonicalize(), path.canonicalize()) {
            (Ok(root), Ok(real)) => real.starts_with(root),
            _ => false,
        };
        return Some(if inside {
            Ok(path)
        } else {
            Err(format!(
                "next_scene: {} leads outside the scene's folder (set in {at})",
                crate::script::scene::shown_path(&path)
            ))
        });
    }
    Some(Err(format!(
        "next_scene: {} not found (set in {at})",
        crate::script::scene::shown_path(&path)
    )))
}

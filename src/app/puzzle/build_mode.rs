//! Build mode: a puzzle as the window plays it, apart from the window. It
//! holds the `Puzzle` and what the player's mouse is doing with its parts,
//! and makes the transitions between build mode and a run.
//!
//! A scene with `tools{}` opens in build mode: the world is frozen at the
//! authored layout; the parts bin (bottom left, `bin_panel.rs`) lists each
//! part with how many are left. Click a part in the bin, then click in the
//! world to place it (Shift+click places a circle, Ctrl+click a box, as in
//! the sandbox). Placed parts can be dragged to move them, turned with Q / E
//! (or Q / E before placing turns the next one), and removed with Delete or
//! a right click — they go back to the bin. Authored bodies cannot be moved
//! or deleted. Enter (or the Start button) runs the simulation; Backspace
//! (or Reset) runs the scene file again into a fresh world and puts the
//! player's parts back where they were, in build mode (`placed_again_in`).
//! R restarts from scratch and clears the parts. After a win, N (or Enter)
//! opens `next_scene`. F11 saves the parts and the keys pressed since Start
//! as a solution; a win saves one by itself, once a run.
//!
//! The window's input (`window/puzzle_input.rs`) turns keys and clicks into
//! these calls; the window's `Sandbox` swaps the scenes.

use super::parts::{Part, PartKind};
use super::play::Puzzle;
use super::solution::{Solution, DEFAULT_MAX_STEPS};
use crate::physics::{BodyId, Vec2};
use crate::script::Scene;

#[derive(Clone, Debug)]
pub struct BuildMode {
    puzzle: Puzzle,
    /// A part being dragged: its index and the grab offset (part origin −
    /// cursor).
    moving: Option<(usize, Vec2)>,
    /// A solution was saved for this run's win already.
    saved_win: bool,
}

impl BuildMode {
    /// Build mode for a scene that declares `tools{}`; `None` for a free
    /// sandbox.
    pub fn for_scene(scene: &Scene) -> Option<BuildMode> {
        Some(BuildMode {
            puzzle: Puzzle::for_scene(scene)?,
            moving: None,
            saved_win: false,
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// Is the world held still (build mode, before Start)?
    pub fn is_building(&self) -> bool {
        self.puzzle.is_building()
    }

    /// Reset, and a keep-state reload: the same puzzle in `fresh` (the
    /// scene file just run again), back in build mode, with the player's
    /// parts placed again in the order they were placed, through the one
    /// placing path (springboards with their joints) — the world `physbox
    /// verify` builds. The bin's selection and the next part's angle stay.
    /// `None` when the scene no longer declares `tools{}`; the reasons of
    /// parts that no longer fit come with it.
    pub fn placed_again_in(&self, fresh: &mut Scene) -> (Option<BuildMode>, Vec<String>) {
        let Some(mut again) = BuildMode::for_scene(fresh) else {
            return (None, Vec::new());
        };
        again.puzzle.keep_choices_of(&self.puzzle);
        let refused = self
            .puzzle
            .parts()
            .iter()
            .filter_map(|placed| again.puzzle.place(fresh, placed.part).err())
            .collect();
        (Some(again), refused)
    }

    /// Start: leave build mode; steps are counted from here.
    pub fn start(&mut self, scene: &Scene) {
        self.puzzle.start(scene);
        self.moving = None;
        self.saved_win = false;
    }

    /// The bin's selection: the part the next click places.
    pub fn select(&mut self, kind: PartKind) {
        self.puzzle.select(kind);
    }

    /// Place a part of `kind` at `at`, turned as the next part is (the
    /// turn is used up: the part after it starts at 0°).
    pub fn place_at(&mut self, scene: &mut Scene, kind: PartKind, at: Vec2) -> Result<(), String> {
        let part = Part {
            kind,
            x: at.x,
            y: at.y,
            angle: self.puzzle.angle(),
        };
        self.place(scene, part)?;
        self.puzzle.clear_turn();
        Ok(())
    }

    /// Place a part (build mode only), checking the bin allows it.
    pub fn place(&mut self, scene: &mut Scene, part: Part) -> Result<usize, String> {
        self.puzzle.place(scene, part)
    }

    /// Which placed part a body belongs to.
    pub fn part_of(&self, body: BodyId) -> Option<usize> {
        self.puzzle.part_of(body)
    }

    /// Take a placed part out again (it goes back to the bin).
    pub fn remove(&mut self, scene: &mut Scene, index: usize) {
        self.puzzle.remove(scene, index);
    }

    /// Turn a placed part by `by` radians (it stays put where it would
    /// overlap something).
    pub fn turn(&mut self, scene: &mut Scene, index: usize, by: f64) -> Result<(), String> {
        let Some(placed) = self.puzzle.parts().get(index) else {
            return Err("no such part".into());
        };
        let mut to = placed.part;
        to.angle += by;
        self.puzzle.move_part(scene, index, to)
    }

    /// Turn the next part to place.
    pub fn turn_next(&mut self, by: f64) {
        self.puzzle.turn_next(by);
    }

    /// The left button went down on placed part `index` at `at`.
    pub fn grab(&mut self, index: usize, at: Vec2) {
        if let Some(placed) = self.puzzle.parts().get(index) {
            let part = placed.part;
            self.moving = Some((index, Vec2::new(part.x, part.y) - at));
        }
    }

    /// A held part follows the cursor (staying put where it would overlap).
    /// True when its bodies were made again (ids of the old ones are stale).
    pub fn drag_to(&mut self, scene: &mut Scene, at: Vec2) -> bool {
        let Some((i, offset)) = self.moving else {
            return false;
        };
        let Some(placed) = self.puzzle.parts().get(i) else {
            self.moving = None;
            return false;
        };
        let target = at + offset;
        let mut to = placed.part;
        if (Vec2::new(to.x, to.y) - target).length() < 1e-9 {
            return false;
        }
        to.x = target.x;
        to.y = target.y;
        let _ = self.puzzle.move_part(scene, i, to);
        true
    }

    /// The left button is up: nothing is held.
    pub fn let_go(&mut self) {
        self.moving = None;
    }

    /// A key or click the scene is about to get, remembered for solutions
    /// while the puzzle runs.
    pub fn record(&mut self, scene: &Scene, action: &crate::app::history::input_log::Action) {
        self.puzzle.record(scene, action);
    }

    /// After the frame's steps: true once per run, when it was won (its
    /// solution is saved by itself).
    pub fn win_to_save(&mut self, won: bool) -> bool {
        let due = won && !self.is_building() && !self.saved_win;
        if due {
            self.saved_win = true;
        }
        due
    }

    /// The parts and keys so far as a solution: after a win replayed a
    /// little past the winning step, otherwise for the default limit.
    pub fn solution(&self, scene: &Scene, won: bool) -> Result<Solution, String> {
        let max_steps = if won && !self.is_building() {
            self.puzzle.steps(scene) + 60
        } else {
            DEFAULT_MAX_STEPS
        };
        self.puzzle.solution(scene, max_steps)
    }
}

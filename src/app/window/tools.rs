//! Mouse tools of the free sandbox: the selection and hover for the
//! inspector, the right button, and the count of bodies placed by hand.
//! What the tools do to the world (drag with a mouse joint, spawn, delete,
//! toggle static ↔ dynamic) goes through the input log and its driver
//! (`app/history/driver.rs`), so the timeline can replay it; `mouse.rs`
//! decides from the buttons which of them a frame does.

use super::pointer::{RightButton, RightDrag};
use crate::app::history::driver::Drag;
use crate::app::reload::reconcile::Remap;
use crate::physics::BodyId;
use crate::platform::Input;
use crate::render::{OverlayCmd, Rgba};
use crate::script::Scene;

/// What Shift+click and Ctrl+click make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spawn {
    Circle,
    Box,
}

impl Spawn {
    /// The name `tools{}` uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Spawn::Circle => "circle",
            Spawn::Box => "box",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Spawn::Circle => "circles",
            Spawn::Box => "boxes",
        }
    }
}

#[derive(Default)]
pub struct Tools {
    selected: Option<BodyId>,
    hovered: Option<BodyId>,
    right: RightDrag,
    /// Circles and boxes placed by hand so far (puzzles limit them).
    placed: [u32; 2],
}

impl Tools {
    /// The body the inspector shows.
    pub fn selected(&self) -> Option<BodyId> {
        self.selected
    }

    pub fn select(&mut self, id: Option<BodyId>) {
        self.selected = id;
    }

    /// The body under the cursor.
    pub fn hovered(&self) -> Option<BodyId> {
        self.hovered
    }

    pub fn hover(&mut self, id: Option<BodyId>) {
        self.hovered = id;
    }

    /// How many `kind` were placed by hand so far.
    pub fn placed(&self, kind: Spawn) -> u32 {
        self.placed[kind as usize]
    }

    /// The tools after a keep-state reload: the selection follows its body,
    /// hand-placed counts stay with the carried bodies.
    pub fn carried_over(&self, remap: &Remap) -> Tools {
        Tools {
            selected: self.selected.and_then(|b| remap.get(&b).copied()),
            placed: self.placed,
            ..Tools::default()
        }
    }

    /// The right button this frame (a drag pans, a still click clicks).
    pub fn right_button(&mut self, input: &Input, last: &Input, at: (f32, f32)) -> RightButton {
        self.right.frame(input, last, at)
    }

    /// The cursor left the window: the right button released there ends
    /// its pan.
    pub fn mouse_away(&mut self, input: &Input) {
        self.hovered = None;
        self.right.released(input);
    }

    /// The drag line from the held point to the cursor, as overlay commands.
    pub fn overlay(drag: Option<&Drag>, scene: &Scene) -> Vec<OverlayCmd> {
        let mut out = Vec::new();
        if let Some(d) = drag {
            if let Ok(b) = scene.world().body(d.body) {
                let a = b.xf.apply(d.local);
                let color = Rgba::rgb(0xff, 0xff, 0xff);
                out.push(OverlayCmd::Line {
                    a,
                    b: d.target,
                    color,
                });
            }
        }
        out
    }

    /// How many more `kind` the scene's `tools { }` lets the user place by
    /// hand (`None`: no limits, a free sandbox).
    pub fn left_of(
        &self,
        kind: Spawn,
        limits: &std::collections::BTreeMap<String, u32>,
    ) -> Option<u32> {
        if limits.is_empty() {
            return None;
        }
        let allowed = limits.get(kind.name()).copied().unwrap_or(0);
        Some(allowed.saturating_sub(self.placed(kind)))
    }

    /// A body was placed by hand.
    pub fn count_placed(&mut self, kind: Spawn) {
        self.placed[kind as usize] += 1;
    }

    /// A body went: the tools forget it.
    pub fn forget(&mut self, id: BodyId) {
        if self.selected == Some(id) {
            self.selected = None;
        }
        self.hovered = None;
    }
}

/// "no boxes left to place in this scene".
pub fn none_left_text(kind: Spawn) -> String {
    format!("no {} left to place in this scene", kind.plural())
}

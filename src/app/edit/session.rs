//! The window's edit mode as state: whether the world ran before (to run it
//! again on leaving), the undo and redo stacks of file edits, and the edit
//! written but not reloaded yet. Every edit, undo and redo is a file write;
//! the hot reload then shows it. While a write has not come back through
//! the reload, the next edit waits: the world on screen (and so the lines
//! bodies know) would be one version behind the file.

use super::body_edit::{Applied, EditError};
use super::file_io::{read, write_atomic};
use super::join::{End, JointTool};
use super::rewrite::number;
use crate::physics::{BodyId, Vec2};
use crate::render::{OverlayCmd, Rgba};
use crate::script::Scene;

/// What a left drag in edit mode draws (the modifiers choose).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawTool {
    /// Corner to corner.
    Box,
    /// Centre to edge (Shift).
    Circle,
    /// End to end (Ctrl).
    Segment,
    /// Click the corners, Enter closes.
    Polygon,
}

/// What the palette has picked: a shape to draw or a joint to drag out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    Shape(DrawTool),
    Joint(JointTool),
}

impl Tool {
    pub fn name(self) -> &'static str {
        match self {
            Tool::Shape(DrawTool::Box) => "box",
            Tool::Shape(DrawTool::Circle) => "circle",
            Tool::Shape(DrawTool::Segment) => "segment",
            Tool::Shape(DrawTool::Polygon) => "polygon",
            Tool::Joint(j) => j.name(),
        }
    }
}

/// The left button's gesture in edit mode.
#[derive(Clone, Debug)]
pub enum Gesture {
    /// Moving a body: where the cursor holds it, relative to its origin,
    /// and where its origin was (to put it back when the edit is refused).
    Move {
        body: BodyId,
        offset: Vec2,
        start: Vec2,
    },
    /// Drawing a new shape from `from` to `to`.
    Draw {
        tool: DrawTool,
        from: Vec2,
        to: Vec2,
    },
    /// Dragging a joint out from a body.
    Join {
        tool: JointTool,
        from: End,
        to: Vec2,
    },
    /// The corners of a polygon clicked so far.
    Polygon { points: Vec<Vec2> },
}

/// Shapes smaller than this (metres) are clicks, not drawings.
const MIN_SIZE: f64 = 0.05;

impl Gesture {
    /// The constructor line a finished drawing appends (`None`: too small).
    pub fn drawn_line(&self) -> Option<String> {
        if let Gesture::Polygon { points } = self {
            return polygon_line(points);
        }
        let Gesture::Draw { tool, from, to } = *self else {
            return None;
        };
        let n = |v: f64| number(v, 2);
        let d = to - from;
        match tool {
            DrawTool::Box => {
                let c = (from + to) * 0.5;
                let (w, h) = (d.x.abs(), d.y.abs());
                (w >= MIN_SIZE && h >= MIN_SIZE).then(|| {
                    format!(
                        "box {{ x = {}, y = {}, w = {}, h = {} }}",
                        n(c.x),
                        n(c.y),
                        n(w),
                        n(h)
                    )
                })
            }
            DrawTool::Circle => (d.length() >= MIN_SIZE).then(|| {
                format!(
                    "circle {{ x = {}, y = {}, r = {} }}",
                    n(from.x),
                    n(from.y),
                    n(d.length())
                )
            }),
            DrawTool::Segment => (d.length() >= MIN_SIZE).then(|| {
                format!(
                    "segment {{ x1 = {}, y1 = {}, x2 = {}, y2 = {} }}",
                    n(from.x),
                    n(from.y),
                    n(to.x),
                    n(to.y)
                )
            }),
            DrawTool::Polygon => None,
        }
    }

    /// The outline of a drawing in progress.
    pub fn preview(&self) -> Vec<OverlayCmd> {
        let color = Rgba::rgb(0xff, 0xd0, 0x40);
        let (tool, from, to) = match self {
            Gesture::Draw { tool, from, to } => (*tool, *from, *to),
            Gesture::Join { from, to, .. } => {
                return vec![
                    OverlayCmd::Line {
                        a: from.at,
                        b: *to,
                        color,
                    },
                    OverlayCmd::Circle {
                        center: from.at,
                        r: 0.05,
                        color,
                    },
                ]
            }
            Gesture::Polygon { points } => {
                let mut out: Vec<OverlayCmd> = points
                    .windows(2)
                    .map(|w| OverlayCmd::Line {
                        a: w[0],
                        b: w[1],
                        color,
                    })
                    .collect();
                if let (Some(a), Some(b)) = (points.last(), points.first()) {
                    out.push(OverlayCmd::Line {
                        a: *a,
                        b: *b,
                        color: Rgba::rgb(0x80, 0x68, 0x20),
                    });
                }
                return out;
            }
            Gesture::Move { .. } => return Vec::new(),
        };
        let d = to - from;
        vec![match tool {
            DrawTool::Box => OverlayCmd::Rect {
                center: (from + to) * 0.5,
                w: d.x.abs(),
                h: d.y.abs(),
                color,
            },
            DrawTool::Circle => OverlayCmd::Circle {
                center: from,
                r: d.length(),
                color,
            },
            DrawTool::Segment | DrawTool::Polygon => OverlayCmd::Line {
                a: from,
                b: to,
                color,
            },
        }]
    }
}

/// A file write not yet loaded by the reload.
struct Pending {
    file: String,
    text: String,
}

/// `polygon { x = …, y = …, points = {{…}, …} }` for clicked corners (at
/// least three), the corners relative to their mean.
pub fn polygon_line(points: &[Vec2]) -> Option<String> {
    if points.len() < 3 {
        return None;
    }
    let c = points.iter().copied().sum::<Vec2>() / points.len() as f64;
    let n = |v: f64| number(v, 2);
    let corners: Vec<String> = points
        .iter()
        .map(|p| format!("{{{}, {}}}", n(p.x - c.x), n(p.y - c.y)))
        .collect();
    Some(format!(
        "polygon {{ x = {}, y = {}, points = {{{}}} }}",
        n(c.x),
        n(c.y),
        corners.join(", ")
    ))
}

pub struct EditSession {
    was_paused: bool,
    undo: Vec<Applied>,
    redo: Vec<Applied>,
    pending: Option<Pending>,
    /// What the left button is doing.
    pub gesture: Option<Gesture>,
    /// The palette's pick.
    pub tool: Tool,
}

/// The toast for an edit asked for while the last one is reloading.
pub const STILL_RELOADING: &str = "the last edit is still reloading — try again in a moment";

impl EditSession {
    pub fn new(was_paused: bool) -> EditSession {
        EditSession {
            was_paused,
            undo: Vec::new(),
            redo: Vec::new(),
            pending: None,
            gesture: None,
            tool: Tool::Shape(DrawTool::Box),
        }
    }

    /// Was the world paused when edit mode began?
    pub fn was_paused(&self) -> bool {
        self.was_paused
    }

    /// Is the last write in the scene now? (Checked each frame; clears the
    /// wait when the reload has loaded it.)
    pub fn ready(&mut self, scene: &Scene) -> bool {
        if let Some(p) = &self.pending {
            if scene.loaded_text(&p.file).as_deref() == Some(p.text.as_str()) {
                self.pending = None;
            }
        }
        self.pending.is_none()
    }

    /// A reload failed: the write it waited for will never be loaded, so
    /// stop waiting. (Before, Ctrl+Z said "still reloading" for good and the
    /// broken edit could not be taken back; undo still checks the file on
    /// disk is the one it wrote.)
    pub fn reload_failed(&mut self) {
        self.pending = None;
    }

    /// How many edits Ctrl+Z can take back.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// A written edit: it can be undone, and the next waits for its reload.
    pub fn record(&mut self, applied: Applied) {
        self.pending = Some(Pending {
            file: applied.file.clone(),
            text: applied.after.clone(),
        });
        self.undo.push(applied);
        self.redo.clear();
    }

    /// Ctrl+Z: write back the text before the last edit.
    pub fn undo(&mut self, scene: &Scene) -> Result<String, EditError> {
        self.step(scene, true)
    }

    /// Ctrl+Shift+Z: write the undone edit again.
    pub fn redo(&mut self, scene: &Scene) -> Result<String, EditError> {
        self.step(scene, false)
    }

    fn step(&mut self, scene: &Scene, back: bool) -> Result<String, EditError> {
        if !self.ready(scene) {
            return Err(STILL_RELOADING.to_string().into());
        }
        let (from, to) = if back {
            (&mut self.undo, &mut self.redo)
        } else {
            (&mut self.redo, &mut self.undo)
        };
        let what = if back { "undo" } else { "redo" };
        let Some(edit) = from.last() else {
            return Err(format!("nothing to {what}").into());
        };
        let (expect, write) = if back {
            (&edit.after, &edit.before)
        } else {
            (&edit.before, &edit.after)
        };
        let write = write.clone();
        let disk = read(&edit.path)?;
        if disk != *expect {
            return Err(format!(
                "{} changed on disk since the edit — not writing it ({what} refused)",
                edit.file
            )
            .into());
        }
        write_atomic(&edit.path, &write)?;
        let edit = from.pop().expect("checked above");
        let text = format!("{what}: {}", edit.summary());
        self.pending = Some(Pending {
            file: edit.file.clone(),
            text: write,
        });
        to.push(edit);
        Ok(text)
    }
}

//! The window side of puzzles: build mode, the parts bin, Start / Reset,
//! going to the next level, and saving solutions.
//!
//! A scene with `tools{}` opens in build mode: the world is frozen at the
//! authored layout; the parts bin (bottom left) lists each part with how
//! many are left. Click a part in the bin, then click in the world to place
//! it (Shift+click places a circle, Ctrl+click a box, as in the sandbox).
//! Placed parts can be dragged to move them, turned with Q / E (or Q / E
//! before placing turns the next one), and removed with Delete or a right
//! click — they go back to the bin. Authored bodies cannot be moved or
//! deleted. Enter (or the Start button) runs the simulation; Backspace (or
//! Reset) runs the scene file again into a fresh world and puts the
//! player's parts back where they were, in build mode. R restarts from
//! scratch and clears the parts. After a win, N (or Enter) opens
//! `next_scene`. F11 saves the parts and the keys pressed since Start as a
//! solution; a win saves one by itself.

use super::parts::{Part, PartKind};
use super::play::{next_level, Puzzle};
use super::solution::DEFAULT_MAX_STEPS;
use crate::app::window::sandbox::Sandbox;
use crate::physics::Vec2;
use crate::platform::Input;
use crate::render::widgets::{rect, DIM_TEXT, HUD_PX, PANEL_BG, TEXT};
use crate::render::{Pixmap, Rgba, Target};
use crate::script::{Outcome, SceneError};

/// Q / E turn a part by this much (5°).
const TURN: f64 = std::f64::consts::PI / 36.0;
const PAD: f32 = 6.0;
const BIN_WIDTH: f32 = 280.0;
const BUTTON_WIDTH: f32 = 128.0;
const HIGHLIGHT: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
const BUTTON_BG: Rgba = Rgba::rgb(0x2e, 0x33, 0x45);

/// Mouse state of build mode (kept with the puzzle).
#[derive(Clone, Debug, Default)]
pub struct BuildUi {
    /// A part being dragged: its index and the grab offset (part origin −
    /// cursor).
    moving: Option<(usize, Vec2)>,
    /// Right button: where it went down and how far it moved.
    right_from: Option<(f32, f32)>,
    right_moved: f32,
    /// A solution was saved for this run's win already.
    saved_win: bool,
}

/// Is the world held still (build mode)?
pub fn frozen(sb: &Sandbox) -> bool {
    sb.puzzle.as_ref().is_some_and(|p| p.building)
}

/// Keys of puzzles and level flow; true when the key was used here.
/// Called before the key table, so in build mode the scene gets no keys
/// (its world is frozen, and a key there would be in no solution).
pub fn key(sb: &mut Sandbox, key: &str) -> bool {
    let won = matches!(sb.scene.outcome(), Some(Outcome::Won(_)));
    if won && (key == "n" || key == "enter") {
        match next_level(&sb.scene) {
            Some(Ok(path)) => {
                sb.switch_to(&path);
                return true;
            }
            Some(Err(e)) => {
                sb.fail(SceneError::new(e));
                return true;
            }
            None => {}
        }
    }
    let Some(p) = &sb.puzzle else {
        return false;
    };
    let building = p.building;
    match key {
        "enter" if building => start(sb),
        "backspace" => reset(sb),
        "f11" => save_solution(sb),
        "delete" if building => {
            if let Some(i) = hovered_part(sb) {
                let p = sb.puzzle.as_mut().expect("puzzle");
                p.remove(&mut sb.scene, i);
                sb.tools.hovered = None;
            }
        }
        "delete" => sb.say("parts can be removed in build mode only (Backspace resets)".into()),
        "q" | "e" if building => turn(sb, if key == "q" { TURN } else { -TURN }),
        // The table's keys (help, pause, layers, ...) still work; single
        // steps and everything meant for the scene wait for Start.
        _ if building => {
            use crate::app::window::keys::{action_of, Action};
            return matches!(action_of(key), None | Some(Action::Puzzle)) || key == "period";
        }
        _ => return false,
    }
    true
}

/// A key for the scene (`on_key`, `key_down`), remembered for solutions
/// while a puzzle runs.
pub fn scene_key(sb: &mut Sandbox, key: &str, pressed: bool) {
    if let Some(p) = &mut sb.puzzle {
        p.record_key(&sb.scene, key, pressed);
    }
    if let Err(e) = sb.scene.key(key, pressed) {
        sb.fail(e);
    }
}

fn hovered_part(sb: &Sandbox) -> Option<usize> {
    let p = sb.puzzle.as_ref()?;
    p.part_of(sb.tools.hovered?)
}

/// Turn the part under the cursor, or the next part to place.
fn turn(sb: &mut Sandbox, by: f64) {
    match hovered_part(sb) {
        Some(i) => {
            let p = sb.puzzle.as_mut().expect("puzzle");
            let mut to = p.parts[i].part;
            to.angle += by;
            if let Err(e) = p.move_part(&mut sb.scene, i, to) {
                sb.say(format!("can't turn it: {e}"));
            }
            sb.tools.hovered = None;
        }
        None => {
            let p = sb.puzzle.as_mut().expect("puzzle");
            p.angle += by;
        }
    }
}

/// Start: run the simulation from the layout plus the placed parts. The
/// world is rebuilt first — the scene file again, then the parts in order —
/// exactly as `physbox verify` builds it: moving parts around in build mode
/// leaves the world's insides (body slots, broad-phase tree) in another
/// order, and the run must be bit for bit the one `verify` replays.
pub fn start(sb: &mut Sandbox) {
    if !sb.puzzle.as_ref().is_some_and(|p| p.building) || !rebuild(sb) {
        return;
    }
    if let Some(p) = &mut sb.puzzle {
        p.start(&sb.scene);
        p.ui = BuildUi::default();
        sb.paused = false;
        sb.clock.reset();
    }
}

/// Reset: the scene file again, in a fresh world, plus the player's parts
/// where they were; back in build mode.
pub fn reset(sb: &mut Sandbox) {
    if sb.puzzle.is_some() {
        rebuild(sb);
        sb.paused = false;
    }
}

/// The scene file into a fresh world, then the parts in the order they
/// were placed; the view and the bin's selection stay. False when the scene
/// no longer loads (its error is on screen).
fn rebuild(sb: &mut Sandbox) -> bool {
    let Some(old) = sb.puzzle.take() else {
        return false;
    };
    let camera = sb.camera;
    let path = sb.opened.clone();
    sb.switch_to(&path);
    if sb.error.is_some() {
        sb.puzzle = Some(old);
        return false;
    }
    sb.camera = camera;
    let Some(mut p) = sb.puzzle.take() else {
        return false;
    };
    p.selected = old.selected;
    p.angle = old.angle;
    let mut refused = Vec::new();
    for placed in &old.parts {
        if let Err(e) = p.place(&mut sb.scene, placed.part) {
            refused.push(e);
        }
    }
    sb.puzzle = Some(p);
    if let Some(e) = refused.first() {
        sb.say(format!("a part could not go back: {e}"));
    }
    true
}

/// F11 (and a win, by itself): the parts and keys as a solution file in
/// the output folder.
pub fn save_solution(sb: &mut Sandbox) {
    let Some(p) = &sb.puzzle else {
        return;
    };
    let won = matches!(sb.scene.outcome(), Some(Outcome::Won(_)));
    // After a win, a little past the winning step; otherwise the default.
    let max_steps = if won && !p.building {
        p.steps(&sb.scene) + 60
    } else {
        DEFAULT_MAX_STEPS
    };
    let stem = sb
        .scene
        .path()
        .file_stem()
        .map_or("level".into(), |s| s.to_string_lossy().into_owned());
    let path = sb.out_dir.join(format!("{stem}-solution.json"));
    let result = p.solution(&sb.scene, max_steps).and_then(|s| s.save(&path));
    match result {
        Ok(()) => sb.say(format!(
            "solution saved: {} (check it: physbox verify {} {})",
            path.display(),
            crate::script::scene::shown_path(sb.scene.path()),
            path.display()
        )),
        Err(e) => sb.say(e),
    }
}

/// After the frame's steps: a win saves its solution once.
pub fn after_steps(sb: &mut Sandbox) {
    let won = matches!(sb.scene.outcome(), Some(Outcome::Won(_)));
    let due = sb
        .puzzle
        .as_ref()
        .is_some_and(|p| won && !p.building && !p.ui.saved_win);
    if due {
        save_solution(sb);
        if let Some(p) = &mut sb.puzzle {
            p.ui.saved_win = true;
        }
    }
}

/// What a click in the parts bin hits.
#[derive(Clone, Copy, Debug, PartialEq)]
enum BinItem {
    Part(PartKind),
    Start,
    Reset,
}

/// The bin's rows and buttons in window pixels: (x, y, w, h, item).
struct Layout {
    x: f32,
    y: f32,
    h: f32,
    line: f32,
    items: Vec<(f32, f32, f32, f32, BinItem)>,
}

fn layout(sb: &Sandbox, p: &Puzzle) -> Layout {
    let line = sb.renderer.text.line_height(HUD_PX);
    let kinds: Vec<PartKind> = PartKind::ALL
        .into_iter()
        .filter(|k| p.allowed.get(k).copied().unwrap_or(0) > 0)
        .collect();
    let button_h = line + 4.0;
    let h = 2.0 * PAD + line * (1 + kinds.len()) as f32 + PAD + button_h;
    let x = 6.0;
    let y = (sb.camera.height as f32 - h - 6.0).max(0.0);
    let mut items = Vec::new();
    for (i, k) in kinds.iter().enumerate() {
        let row_y = y + PAD + line * (i + 1) as f32;
        items.push((x, row_y, BIN_WIDTH, line, BinItem::Part(*k)));
    }
    let by = y + PAD + line * (1 + kinds.len()) as f32 + PAD;
    items.push((x + PAD, by, BUTTON_WIDTH, button_h, BinItem::Start));
    items.push((
        x + 2.0 * PAD + BUTTON_WIDTH,
        by,
        BUTTON_WIDTH,
        button_h,
        BinItem::Reset,
    ));
    Layout {
        x,
        y,
        h,
        line,
        items,
    }
}

/// The bin's clickable places, for tests and tools: ("plank", (x, y, w,
/// h)), ..., ("start", ...), ("reset", ...) in window pixels.
pub fn bin_targets(sb: &Sandbox) -> Vec<(String, (f32, f32, f32, f32))> {
    let Some(p) = &sb.puzzle else {
        return Vec::new();
    };
    layout(sb, p)
        .items
        .iter()
        .map(|(x, y, w, h, item)| {
            let name = match item {
                BinItem::Part(k) => k.name(),
                BinItem::Start => "start",
                BinItem::Reset => "reset",
            };
            (name.to_string(), (*x, *y, *w, *h))
        })
        .collect()
}

fn hit(l: &Layout, mx: f32, my: f32) -> Option<BinItem> {
    l.items
        .iter()
        .find(|(x, y, w, h, _)| mx >= *x && mx < x + w && my >= *y && my < y + h)
        .map(|i| i.4)
}

fn pressed(now: bool, before: bool) -> bool {
    now && !before
}

/// The mouse in a puzzle (instead of the sandbox tools): the bin and its
/// buttons, placing, moving and removing parts in build mode; while
/// running only clicks for the scene, panning and zooming.
pub fn mouse(sb: &mut Sandbox, input: &Input) {
    let last = std::mem::take(&mut sb.last_input);
    let Some((mx, my)) = input.mouse else {
        sb.tools.hovered = None;
        if let Some(p) = &mut sb.puzzle {
            if !input.left {
                p.ui.moving = None;
            }
            if !input.right {
                p.ui.right_from = None;
            }
        }
        sb.last_input = input.clone();
        return;
    };
    let at = crate::app::window::tools::point_and_zoom(sb, input, (mx, my));
    let Some(p) = &sb.puzzle else {
        sb.last_input = input.clone();
        return;
    };
    let building = p.building;
    let bin = hit(&layout(sb, p), mx, my);
    if pressed(input.left, last.left) {
        match bin {
            Some(BinItem::Part(k)) => sb.puzzle.as_mut().expect("puzzle").selected = Some(k),
            Some(BinItem::Start) => start(sb),
            Some(BinItem::Reset) => reset(sb),
            None if building => left_click_building(sb, input, at),
            None => {
                if let Err(e) = sb.scene.click(at.x, at.y, "left") {
                    sb.fail(e);
                }
            }
        }
    }
    if input.left {
        drag_part(sb, at);
    } else if let Some(p) = &mut sb.puzzle {
        p.ui.moving = None;
    }
    right_button(sb, input, &last, (mx, my), at);
    sb.last_input = input.clone();
}

fn left_click_building(sb: &mut Sandbox, input: &Input, at: Vec2) {
    if let Some(i) = hovered_part(sb) {
        let p = sb.puzzle.as_mut().expect("puzzle");
        let part = p.parts[i].part;
        p.ui.moving = Some((i, Vec2::new(part.x, part.y) - at));
        return;
    }
    let p = sb.puzzle.as_ref().expect("puzzle");
    let kind = if input.is_down("shift") {
        Some(PartKind::Circle)
    } else if input.is_down("ctrl") {
        Some(PartKind::Box)
    } else {
        p.selected
    };
    let Some(kind) = kind else {
        sb.say("pick a part in the bin first".into());
        return;
    };
    let part = Part {
        kind,
        x: at.x,
        y: at.y,
        angle: p.angle,
    };
    let p = sb.puzzle.as_mut().expect("puzzle");
    if let Err(e) = p.place(&mut sb.scene, part) {
        sb.say(e);
    }
}

/// A held part follows the cursor (staying put where it would overlap).
fn drag_part(sb: &mut Sandbox, at: Vec2) {
    let Some(p) = &mut sb.puzzle else {
        return;
    };
    let Some((i, offset)) = p.ui.moving else {
        return;
    };
    let Some(placed) = p.parts.get(i) else {
        p.ui.moving = None;
        return;
    };
    let target = at + offset;
    let mut to = placed.part;
    if (Vec2::new(to.x, to.y) - target).length() < 1e-9 {
        return;
    }
    to.x = target.x;
    to.y = target.y;
    let _ = p.move_part(&mut sb.scene, i, to);
    sb.tools.hovered = None;
}

/// Right: drag pans; a click that did not move removes the part under it
/// (build mode) or goes to the scene's `on_click` (running).
fn right_button(sb: &mut Sandbox, input: &Input, last: &Input, (mx, my): (f32, f32), at: Vec2) {
    let Some(p) = &mut sb.puzzle else {
        return;
    };
    if pressed(input.right, last.right) {
        p.ui.right_from = Some((mx, my));
        p.ui.right_moved = 0.0;
    } else if input.right {
        if let Some((x0, y0)) = p.ui.right_from {
            p.ui.right_moved += (mx - x0).abs() + (my - y0).abs();
            p.ui.right_from = Some((mx, my));
            sb.camera.pan_pixels(mx - x0, my - y0);
        }
    } else if last.right && p.ui.right_from.take().is_some() && p.ui.right_moved < 4.0 {
        if p.building {
            if let Some(i) = hovered_part(sb) {
                let p = sb.puzzle.as_mut().expect("puzzle");
                p.remove(&mut sb.scene, i);
                sb.tools.hovered = None;
            }
        } else if let Err(e) = sb.scene.click(at.x, at.y, "right") {
            sb.fail(e);
        }
    }
}

/// The parts bin and the mode line.
pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    let Some(p) = &sb.puzzle else {
        return;
    };
    let l = layout(sb, p);
    let lost = matches!(sb.scene.outcome(), Some(Outcome::Lost(_)));
    let mode = if p.building {
        ("BUILD — place parts, Enter to start".to_string(), HIGHLIGHT)
    } else if lost {
        (
            "Backspace: try again with your parts".to_string(),
            HIGHLIGHT,
        )
    } else {
        (
            format!(
                "RUNNING  {:.1} s — Backspace: reset",
                p.steps(&sb.scene) as f64 * sb.scene.dt()
            ),
            TEXT,
        )
    };
    let mut rows = vec![mode];
    let kinds: Vec<BinItem> = l.items.iter().map(|i| i.4).collect();
    for item in &kinds {
        if let BinItem::Part(k) = item {
            let mark = if p.selected == Some(*k) { ">" } else { " " };
            let left = p.remaining(*k);
            let color = if left == 0 {
                DIM_TEXT
            } else if p.selected == Some(*k) {
                HIGHLIGHT
            } else {
                TEXT
            };
            rows.push((format!("{mark} {:<14} x {left}", k.describe()), color));
        }
    }
    let buttons: Vec<(f32, f32, f32, f32, &str)> = l
        .items
        .iter()
        .filter_map(|(x, y, w, h, item)| match item {
            BinItem::Start => Some((*x, *y, *w, *h, "Start (Enter)")),
            BinItem::Reset => Some((*x, *y, *w, *h, "Reset (Bksp)")),
            BinItem::Part(_) => None,
        })
        .collect();
    let mut t = Target::new(pm);
    rect(&mut t, l.x, l.y, BIN_WIDTH, l.h, PANEL_BG);
    for (i, (s, c)) in rows.iter().enumerate() {
        sb.renderer.text.draw(
            &mut t,
            l.x + PAD,
            l.y + PAD + i as f32 * l.line,
            s,
            HUD_PX,
            *c,
        );
    }
    for (x, y, w, h, label) in buttons {
        rect(&mut t, x, y, w, h, BUTTON_BG);
        sb.renderer
            .text
            .draw(&mut t, x + PAD, y + 2.0, label, HUD_PX, TEXT);
    }
}

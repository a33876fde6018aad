//! The window's keys: one table that both dispatches and writes the help
//! overlay, so the help can never disagree with what the keys do. Keys not
//! in the table go to the scene (`on_key`, `key_down`).

use super::sandbox::Sandbox;
use crate::platform::Input;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Help,
    Pause,
    Step,
    Restart,
    Slower,
    Faster,
    RealTime,
    Screenshot,
    Snapshot,
    Picker,
    Hud,
    Delete,
    SubstepsDown,
    SubstepsUp,
    SofterContacts,
    StifferContacts,
    LayerAabbs,
    LayerContacts,
    LayerVelocities,
    LayerCenters,
    LayerIslands,
    LayerJointAnchors,
    ReloadMode,
    Escape,
    /// Puzzle keys (build_mode.rs); listed here for the help. Where they
    /// do not apply (no puzzle, not won) the key is the scene's.
    Puzzle,
}

/// (key, what the help shows for it, action).
pub const BINDINGS: &[(&str, &str, Action)] = &[
    ("f1", "F1      help (this)", Action::Help),
    ("space", "Space   pause / run", Action::Pause),
    ("period", ".       single step (pauses)", Action::Step),
    ("r", "R       restart the scene", Action::Restart),
    (
        "leftbracket",
        "[ ]     slow motion / fast forward",
        Action::Slower,
    ),
    ("rightbracket", "", Action::Faster),
    ("backslash", "\\       real time again", Action::RealTime),
    (
        "tab",
        "Tab     scene picker (Up/Down, Enter opens)",
        Action::Picker,
    ),
    (
        "f12",
        "F12     screenshot (PNG in screenshots/)",
        Action::Screenshot,
    ),
    (
        "f5",
        "F5      save a snapshot (JSON in screenshots/)",
        Action::Snapshot,
    ),
    ("f8", "F8      HUD on / off", Action::Hud),
    (
        "delete",
        "Delete  delete the body under the cursor",
        Action::Delete,
    ),
    (
        "minus",
        "- =     solver substeps down / up",
        Action::SubstepsDown,
    ),
    ("equal", "", Action::SubstepsUp),
    (
        "pagedown",
        "PgDn PgUp  contact stiffness down / up",
        Action::SofterContacts,
    ),
    ("pageup", "", Action::StifferContacts),
    ("f2", "F2      layer: bounding boxes", Action::LayerAabbs),
    (
        "f3",
        "F3      layer: contact points and normals",
        Action::LayerContacts,
    ),
    (
        "f4",
        "F4      layer: velocity arrows",
        Action::LayerVelocities,
    ),
    ("f6", "F6      layer: centres of mass", Action::LayerCenters),
    (
        "f7",
        "F7      layer: islands and sleep",
        Action::LayerIslands,
    ),
    (
        "f9",
        "F9      layer: joint anchors",
        Action::LayerJointAnchors,
    ),
    (
        "f10",
        "F10     hot reload: keep state / restart",
        Action::ReloadMode,
    ),
    (
        "escape",
        "Esc     close help / picker, deselect",
        Action::Escape,
    ),
    (
        "enter",
        "Enter   puzzle: start (build mode); after a win: next level",
        Action::Puzzle,
    ),
    (
        "backspace",
        "Bksp    puzzle: reset to the layout plus your parts",
        Action::Puzzle,
    ),
    (
        "n",
        "N       after a win: next level (next_scene)",
        Action::Puzzle,
    ),
    (
        "q",
        "Q E     build mode: turn the part under the cursor",
        Action::Puzzle,
    ),
    ("e", "", Action::Puzzle),
    (
        "f11",
        "F11     puzzle: save a solution (JSON in screenshots/)",
        Action::Puzzle,
    ),
];

/// The mouse, for the help overlay.
pub const MOUSE_HELP: &[&str] = &[
    "Left drag      pull a body (paused: move it)",
    "Left click     select (inspector); empty space: scene's on_click",
    "Shift+click    new circle     Ctrl+click  new box",
    "Middle click   static <-> dynamic",
    "Right drag     pan            Wheel       zoom at the cursor",
    "Arrows         pan (unless the scene has on_key)",
];

pub fn action_of(key: &str) -> Option<Action> {
    BINDINGS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, _, a)| *a)
}

/// Speed limits for slow motion / fast forward.
const MIN_SPEED: f64 = 1.0 / 16.0;
const MAX_SPEED: f64 = 8.0;

/// Keys for one frame (after the picker took what it wanted).
pub fn keys(sb: &mut Sandbox, input: &Input, pm: &crate::render::Pixmap) {
    for key in &input.pressed {
        if let Some(picker) = &mut sb.picker {
            if let Some(open) = picker.key(key) {
                sb.picker = None;
                sb.switch_to(&open);
            } else if *key == "escape" || *key == "tab" {
                sb.picker = None;
            }
            continue;
        }
        if crate::app::puzzle::build_mode::key(sb, key) {
            continue;
        }
        match action_of(key) {
            Some(a) if a != Action::Puzzle => act(sb, a, input, pm),
            // Everything else is the scene's. (Without an `on_key` this
            // only records the key for `key_down`, and arrows pan.)
            _ => crate::app::puzzle::build_mode::scene_key(sb, key, true),
        }
    }
    for key in &input.released {
        let scenes = matches!(action_of(key), None | Some(Action::Puzzle));
        if scenes && sb.picker.is_none() && !crate::app::puzzle::build_mode::frozen(sb) {
            crate::app::puzzle::build_mode::scene_key(sb, key, false);
        }
    }
    // Arrows pan while held, when the scene does not take them.
    if sb.picker.is_none() && !sb.scene.has_callback("on_key") {
        let px = 8.0;
        for (k, dx, dy) in [
            ("left", px, 0.0),
            ("right", -px, 0.0),
            ("up", 0.0, px),
            ("down", 0.0, -px),
        ] {
            if input.is_down(k) {
                sb.camera.pan_pixels(dx, dy);
            }
        }
    }
}

/// After a win, the scene's `next_scene(...)` (relative to the scene's
/// folder): N or Enter opens it (build_mode.rs).
pub fn next_scene(sb: &Sandbox) -> Option<std::path::PathBuf> {
    if !matches!(sb.scene.outcome(), Some(crate::script::Outcome::Won(_))) {
        return None;
    }
    let name = sb.scene.settings().next_scene?;
    let dir = sb
        .scene
        .path()
        .parent()
        .unwrap_or(std::path::Path::new("."));
    Some(dir.join(name))
}

fn act(sb: &mut Sandbox, a: Action, input: &Input, pm: &crate::render::Pixmap) {
    match a {
        Action::Help => sb.show_help = !sb.show_help,
        Action::Pause => {
            sb.paused = !sb.paused;
            if !sb.paused {
                sb.error = None;
            }
        }
        Action::Step => {
            sb.paused = true;
            sb.step(1);
        }
        Action::Restart => sb.restart(),
        Action::Slower => sb.speed = (sb.speed * 0.5).max(MIN_SPEED),
        Action::Faster => sb.speed = (sb.speed * 2.0).min(MAX_SPEED),
        Action::RealTime => sb.speed = 1.0,
        Action::Screenshot => sb.screenshot(pm),
        Action::Snapshot => sb.save_snapshot(),
        Action::Picker => sb.picker = Some(super::picker::Picker::new(&sb.opened)),
        Action::Hud => sb.show_hud = !sb.show_hud,
        Action::Delete => {
            let at = sb.mouse_world(input).and_then(|p| sb.body_at(p));
            if let Some(id) = at.or(sb.tools.selected) {
                super::tools::delete(sb, id);
            }
        }
        Action::SubstepsDown | Action::SubstepsUp => {
            let mut sim = sb.scene.sim_mut();
            let s = &mut sim.world_mut().settings.substeps;
            *s = if a == Action::SubstepsUp {
                (*s + 1).min(64)
            } else {
                s.saturating_sub(1).max(1)
            };
        }
        Action::SofterContacts | Action::StifferContacts => {
            let mut sim = sb.scene.sim_mut();
            let h = &mut sim.world_mut().settings.contact_hertz;
            *h = if a == Action::StifferContacts {
                (*h * 1.25).min(240.0)
            } else {
                (*h / 1.25).max(1.0)
            };
        }
        Action::LayerAabbs => sb.layers.aabbs = !sb.layers.aabbs,
        Action::LayerContacts => sb.layers.contacts = !sb.layers.contacts,
        Action::LayerVelocities => sb.layers.velocities = !sb.layers.velocities,
        Action::LayerCenters => sb.layers.centers_of_mass = !sb.layers.centers_of_mass,
        Action::LayerIslands => sb.layers.islands = !sb.layers.islands,
        Action::LayerJointAnchors => sb.layers.joint_anchors = !sb.layers.joint_anchors,
        Action::ReloadMode => {
            sb.reload.mode = sb.reload.mode.toggled();
            let text = format!("hot reload: {}", sb.reload.mode.label());
            sb.say(text);
        }
        Action::Escape => {
            sb.show_help = false;
            sb.tools.selected = None;
        }
        Action::Puzzle => {}
    }
}

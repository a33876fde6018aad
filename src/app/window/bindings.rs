//! The window's key table: one list that both dispatches (`keys.rs`) and
//! writes the help overlay (`hud.rs`), so the help can never disagree with
//! what the keys do. Keys not in the table go to the scene.

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
    /// Puzzle keys (`puzzle_input.rs`); listed here for the help. Where they
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

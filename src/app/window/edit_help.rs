//! Edit mode's lines for the help overlay and the HUD (`hud.rs`); the keys
//! and mouse they describe are `edit_input.rs`.

/// For the help overlay: (keys, what they do).
pub const EDIT_HELP: &[(&str, &str)] = &[
    (
        "Ctrl+E",
        "edit mode: changes are written into the scene file",
    ),
    ("drag", "move a body (Q E: turn it, Ctrl+wheel: resize it)"),
    (
        "wheel",
        "on the inspector's blue rows: mass, friction, restitution, colour",
    ),
    ("empty drag", "draw a box (Shift: circle, Ctrl: segment)"),
    (
        "palette",
        "(bottom) box circle segment polygon: click corners, Enter closes",
    ),
    (
        "",
        "spring distance hinge rope: drag from a body to another (or to empty space)",
    ),
    ("Ctrl+Z", "undo the last edit (as a file edit)"),
    ("Ctrl+Shift+Z", "redo"),
    (
        "O",
        "open the selected (or hovered) body's line, or the error's, in $EDITOR",
    ),
];

/// The status lines while edit mode is on.
pub const EDIT_STATUS: &[&str] = &[
    "EDIT MODE (paused) — edits are written to the scene file; Ctrl+E leaves",
    "drag: move   Q/E: turn   Ctrl+wheel: size   drag on empty: box (Shift circle, Ctrl segment)",
    "Ctrl+Z undo   Ctrl+Shift+Z redo   O open in editor",
];

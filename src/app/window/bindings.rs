//! The window's key table: the ONE place a key of the sandbox is declared,
//! with what it does, when, its line in the F1 help, and where it moves
//! when the scene takes the key. `keys.rs` dispatches through it, `hud.rs`
//! writes the help and the HUD's "moved" hint from it, so neither can
//! disagree with what the keys do. Adding a key is one line in `BINDINGS`
//! (plus its `Action` and what the action does in `keys.rs`).
//!
//! **The rule for keys a scene wants.** A scene takes a key when it
//! declares it (`scene { keys = {"space"} }`), when it polls it with
//! `key_down(name)` (from the first call on), and the arrows when it
//! defines `on_key`. A key the scene takes goes to the scene; the
//! sandbox's binding moves to the binding's alternative (`alt`: Space → P,
//! the others → Ctrl + the key), shown in F1 and the HUD. Keys with no
//! alternative (F1, Esc) stay the sandbox's. Keys of no binding always go
//! to the scene; in a puzzle's build mode the scene gets no keys.
//!
//! Keys are named as `platform::keys` names them ("space", "period",
//! "f1"); a chord is "ctrl+e", "ctrl+shift+z" (modifiers in the order
//! ctrl, shift, alt).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Help,
    Pause,
    Step,
    Restart,
    Slower,
    Faster,
    RealTime,
    Follow,
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
    /// The timeline (`sandbox/time_travel.rs`).
    StepBack,
    TimelineStart,
    TimelineEnd,
    Ghost,
    Escape,
    /// Arrows: pan while held (`keys.rs` reads them every frame).
    Pan,
    /// Puzzles (`puzzle_input.rs`).
    Start,
    Reset,
    NextLevel,
    TurnLeft,
    TurnRight,
    SaveSolution,
}

/// When a binding acts; elsewhere its key is the scene's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    /// Not in a puzzle's build mode (the world steps).
    Running,
    /// A puzzle's build mode (the scene gets no keys then, so these never
    /// need an alternative).
    Building,
    /// A puzzle, building or running.
    Puzzle,
    /// A won level that names a `next_scene`.
    WonWithNext,
    /// The camera follows a body and the user's pan or zoom paused it.
    FollowPaused,
}

/// What the window is showing, for `When`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    pub puzzle: bool,
    pub building: bool,
    pub won_with_next: bool,
    pub follow_paused: bool,
}

impl When {
    pub fn applies(self, c: Context) -> bool {
        match self {
            When::Always => true,
            When::Running => !c.building,
            When::Building => c.building,
            When::Puzzle => c.puzzle,
            When::WonWithNext => c.won_with_next,
            When::FollowPaused => c.follow_paused,
        }
    }
}

pub struct Binding {
    pub key: &'static str,
    pub action: Action,
    /// The F1 line; empty: shares the line of the binding before it.
    pub help: &'static str,
    /// Where the action goes while the scene takes `key`.
    pub alt: Option<&'static str>,
    pub when: When,
}

const fn bind(
    key: &'static str,
    action: Action,
    help: &'static str,
    alt: Option<&'static str>,
    when: When,
) -> Binding {
    Binding {
        key,
        action,
        help,
        alt,
        when,
    }
}

use Action as A;

use When as W;

/// What the window shows now, for the key table.
pub fn context(sb: &super::sandbox::Sandbox) -> Context {
    let won = matches!(sb.scene().outcome(), Some(crate::script::Outcome::Won(_)));
    Context {
        puzzle: sb.build_mode().is_some(),
        building: sb.world_frozen(),
        won_with_next: won && crate::app::puzzle::play::next_level(sb.scene()).is_some(),
        follow_paused: sb.follow_paused(),
    }
}

/// Keys of the timeline (`,` `.` Home End G F10) and the source editor
/// (Ctrl+E, O, Ctrl+Z, Ctrl+Shift+Z). No binding or alternative here may
/// use them for anything else.
pub const RESERVED: &[&str] = &[
    "comma",
    "period",
    "home",
    "end",
    "g",
    "f10",
    "ctrl+e",
    "o",
    "ctrl+z",
    "ctrl+shift+z",
];

#[rustfmt::skip]
pub const BINDINGS: &[Binding] = &[
    bind("f1", A::Help, "help (this)", None, W::Always),
    bind("space", A::Pause, "pause / run", Some("p"), W::Always),
    bind("period", A::Step, "one step forward / back (pauses; in the past: along the timeline)", Some("ctrl+period"), W::Running),
    bind("comma", A::StepBack, "", Some("ctrl+comma"), W::Running),
    bind("home", A::TimelineStart, "timeline: go to its start / its end (drag on the strip to scrub)", Some("ctrl+home"), W::Running),
    bind("end", A::TimelineEnd, "", Some("ctrl+end"), W::Running),
    bind("g", A::Ghost, "after a replay reload: show / hide the previous version", Some("ctrl+g"), W::Running),
    bind("r", A::Restart, "restart the scene", Some("ctrl+r"), W::Always),
    bind("leftbracket", A::Slower, "slow motion / fast forward", Some("ctrl+leftbracket"), W::Always),
    bind("rightbracket", A::Faster, "", Some("ctrl+rightbracket"), W::Always),
    bind("backslash", A::RealTime, "real time again", Some("ctrl+backslash"), W::Always),
    bind("left", A::Pan, "pan the view (held)", Some("ctrl+left"), W::Always),
    bind("right", A::Pan, "", Some("ctrl+right"), W::Always),
    bind("up", A::Pan, "", Some("ctrl+up"), W::Always),
    bind("down", A::Pan, "", Some("ctrl+down"), W::Always),
    bind("f", A::Follow, "follow the body again (after you panned or zoomed)", Some("ctrl+f"), W::FollowPaused),
    bind("tab", A::Picker, "scene picker (Up/Down, Enter opens)", Some("ctrl+tab"), W::Always),
    bind("f12", A::Screenshot, "screenshot (PNG in screenshots/)", Some("ctrl+f12"), W::Always),
    bind("f5", A::Snapshot, "save a snapshot (JSON in screenshots/)", Some("ctrl+f5"), W::Always),
    bind("f8", A::Hud, "HUD: compact / full / off", Some("ctrl+f8"), W::Always),
    bind("delete", A::Delete, "delete the body (or part) under the cursor", Some("ctrl+delete"), W::Always),
    bind("minus", A::SubstepsDown, "solver substeps down / up", Some("ctrl+minus"), W::Always),
    bind("equal", A::SubstepsUp, "", Some("ctrl+equal"), W::Always),
    bind("pagedown", A::SofterContacts, "contact stiffness down / up", Some("ctrl+pagedown"), W::Always),
    bind("pageup", A::StifferContacts, "", Some("ctrl+pageup"), W::Always),
    bind("f2", A::LayerAabbs, "layer: bounding boxes", Some("ctrl+f2"), W::Always),
    bind("f3", A::LayerContacts, "layer: contact points and normals", Some("ctrl+f3"), W::Always),
    bind("f4", A::LayerVelocities, "layer: velocity arrows", Some("ctrl+f4"), W::Always),
    bind("f6", A::LayerCenters, "layer: centres of mass", Some("ctrl+f6"), W::Always),
    bind("f7", A::LayerIslands, "layer: islands and sleep", Some("ctrl+f7"), W::Always),
    bind("f9", A::LayerJointAnchors, "layer: joint anchors", Some("ctrl+f9"), W::Always),
    bind("f10", A::ReloadMode, "hot reload: keep state / restart / replay", Some("ctrl+f10"), W::Always),
    bind("escape", A::Escape, "close help / picker, deselect", None, W::Always),
    bind("enter", A::Start, "puzzle: start (build mode)", Some("ctrl+enter"), W::Building),
    bind("backspace", A::Reset, "puzzle: reset to the layout plus your parts", Some("ctrl+backspace"), W::Puzzle),
    bind("q", A::TurnLeft, "build mode: turn the part under the cursor", None, W::Building),
    bind("e", A::TurnRight, "", None, W::Building),
    bind("n", A::NextLevel, "after a win: next level (next_scene)", Some("ctrl+n"), W::WonWithNext),
    bind("enter", A::NextLevel, "", Some("ctrl+enter"), W::WonWithNext),
    bind("f11", A::SaveSolution, "puzzle: save a solution (JSON in screenshots/)", Some("ctrl+f11"), W::Puzzle),
];

/// The mouse, for the help overlay: (what, does).
pub const MOUSE_HELP: &[(&str, &str)] = &[
    ("Left drag", "pull a body (paused: move it)"),
    (
        "Left click",
        "select (inspector); empty space: the scene's on_click",
    ),
    ("Shift+click", "new circle (Ctrl+click: new box)"),
    ("Middle click", "static <-> dynamic"),
    ("Right drag", "pan (Wheel: zoom at the cursor)"),
];

/// The name of a key pressed with the modifiers held now: "ctrl+r",
/// "ctrl+shift+z", or the key alone.
pub fn chord(key: &str, held: &[&str]) -> String {
    let mut out = String::new();
    for m in ["ctrl", "shift", "alt"] {
        if key != m && held.contains(&m) {
            out.push_str(m);
            out.push('+');
        }
    }
    out.push_str(key);
    out
}

/// The binding a key press reaches, or `None` when the key is the scene's.
/// `chord` is the key with its modifiers ("ctrl+r"), `key` the key alone;
/// `taken` says which keys the scene takes (in build mode: none).
pub fn resolve(
    chord: &str,
    key: &str,
    taken: &dyn Fn(&str) -> bool,
    c: Context,
) -> Option<&'static Binding> {
    // In build mode the scene gets no keys, so it takes none.
    let active = |b: &&Binding, name: &str| {
        b.when.applies(c)
            && if taken(b.key) && !c.building {
                b.alt == Some(name)
            } else {
                b.key == name
            }
    };
    let mut names = vec![chord];
    if chord != key {
        names.push(key);
    }
    names
        .into_iter()
        .find_map(|name| BINDINGS.iter().find(|b| active(b, name)))
}

/// The key that does `b` now: its own, or its alternative while the scene
/// takes it (`None`: the scene took a key that has no alternative).
pub fn key_for(b: &Binding, taken: &dyn Fn(&str) -> bool) -> Option<&'static str> {
    if taken(b.key) {
        b.alt
    } else {
        Some(b.key)
    }
}

/// How the help and the HUD write a key: "Space", ".", "Ctrl+R", "F1".
pub fn label(key: &str) -> String {
    key.split('+')
        .map(label_of_one)
        .collect::<Vec<_>>()
        .join("+")
}

fn label_of_one(k: &str) -> String {
    let named = match k {
        "period" => ".",
        "comma" => ",",
        "leftbracket" => "[",
        "rightbracket" => "]",
        "backslash" => "\\",
        "minus" => "-",
        "equal" => "=",
        "pagedown" => "PgDn",
        "pageup" => "PgUp",
        "escape" => "Esc",
        "backspace" => "Bksp",
        _ => "",
    };
    if !named.is_empty() {
        return named.to_string();
    }
    let mut c = k.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The F1 rows: (keys, what they do), with the keys the scene took
/// replaced by their alternatives and marked; the four arrows written as
/// "arrows" ("Ctrl+arrows").
pub fn help_lines(taken: &dyn Fn(&str) -> bool) -> Vec<(String, String)> {
    let mut lines: Vec<(Vec<String>, &str, bool)> = Vec::new();
    for b in BINDINGS {
        let shown = key_for(b, taken).map_or("-".to_string(), label);
        let moved = taken(b.key) && b.alt.is_some();
        match lines.last_mut() {
            Some((keys, _, m)) if b.help.is_empty() => {
                if !keys.contains(&shown) {
                    keys.push(shown);
                }
                *m |= moved;
            }
            _ => lines.push((vec![shown], b.help, moved)),
        }
    }
    lines
        .into_iter()
        .map(|(keys, help, moved)| {
            let keys = keys.join(" ");
            let keys = keys
                .replace("Ctrl+Left Ctrl+Right Ctrl+Up Ctrl+Down", "Ctrl+arrows")
                .replace("Left Right Up Down", "arrows");
            let note = if moved {
                "  (the scene took the key)"
            } else {
                ""
            };
            (keys, format!("{help}{note}"))
        })
        .collect()
}

/// What moved because the scene took keys: ("Space", "P", "pause / run").
pub fn moved(taken: &dyn Fn(&str) -> bool, c: Context) -> Vec<(String, String, &'static str)> {
    let mut out: Vec<(String, String, &'static str)> = Vec::new();
    for (i, b) in BINDINGS.iter().enumerate() {
        let (Some(alt), true) = (b.alt, taken(b.key) && b.when.applies(c)) else {
            continue;
        };
        // A line that continues another is described by the first one.
        let help = BINDINGS[..=i]
            .iter()
            .rev()
            .find(|x| !x.help.is_empty())
            .map_or("", |x| x.help);
        if !out.iter().any(|(k, _, _)| *k == label(b.key)) {
            out.push((label(b.key), label(alt), help));
        }
    }
    out
}

/// Keys the scene asked for that stay the sandbox's (no alternative):
/// ("F1", "help (this)").
pub fn kept(taken: &dyn Fn(&str) -> bool) -> Vec<(String, &'static str)> {
    BINDINGS
        .iter()
        .filter(|b| b.alt.is_none() && b.when != When::Building && taken(b.key))
        .map(|b| (label(b.key), b.help))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> bool {
        false
    }

    #[test]
    fn every_key_is_declared_once_per_context_and_no_alternative_is_another_key() {
        let contexts = [
            Context::default(),
            Context {
                puzzle: true,
                building: true,
                ..Context::default()
            },
            Context {
                puzzle: true,
                won_with_next: true,
                follow_paused: true,
                ..Context::default()
            },
        ];
        for c in contexts {
            for (i, a) in BINDINGS.iter().enumerate() {
                for b in &BINDINGS[i + 1..] {
                    let both = a.when.applies(c) && b.when.applies(c);
                    assert!(!(both && a.key == b.key), "{} twice in {c:?}", a.key);
                    if let (Some(x), Some(y), true) = (a.alt, b.alt, both) {
                        assert!(x != y || a.action == b.action, "{x} twice");
                    }
                }
            }
        }
        for a in BINDINGS {
            if let Some(alt) = a.alt {
                assert!(
                    BINDINGS.iter().all(|b| b.key != alt),
                    "{alt}, the alternative of {}, is another binding's key",
                    a.key
                );
            }
        }
    }

    #[test]
    fn reserved_keys_keep_their_meaning() {
        // The timeline and the editor build on these; the timeline's own
        // actions (`.` step, `,` step back, Home, End, G ghost, F10 reload
        // mode) hold them, nothing else may take them.
        for b in BINDINGS {
            for k in [Some(b.key), b.alt].into_iter().flatten() {
                let allowed = matches!(
                    (k, b.action),
                    ("period", Action::Step)
                        | ("f10", Action::ReloadMode)
                        | ("comma", Action::StepBack)
                        | ("home", Action::TimelineStart)
                        | ("end", Action::TimelineEnd)
                        | ("g", Action::Ghost)
                );
                assert!(
                    !RESERVED.contains(&k) || allowed,
                    "{k} is reserved (timeline / editor)"
                );
            }
        }
    }

    #[test]
    fn a_taken_key_goes_to_the_scene_and_its_action_to_the_alternative() {
        let c = Context::default();
        let space_taken = |k: &str| k == "space";
        assert_eq!(
            resolve("space", "space", &none, c).map(|b| b.action),
            Some(Action::Pause)
        );
        assert!(resolve("space", "space", &space_taken, c).is_none());
        assert_eq!(
            resolve("p", "p", &space_taken, c).map(|b| b.action),
            Some(Action::Pause)
        );
        // P is the scene's while Space is the sandbox's.
        assert!(resolve("p", "p", &none, c).is_none());
        // Ctrl + a key with no chord binding is the key itself.
        assert_eq!(
            resolve("ctrl+r", "r", &none, c).map(|b| b.action),
            Some(Action::Restart)
        );
        let r_taken = |k: &str| k == "r";
        assert_eq!(
            resolve("ctrl+r", "r", &r_taken, c).map(|b| b.action),
            Some(Action::Restart)
        );
        assert!(resolve("r", "r", &r_taken, c).is_none());
        assert_eq!(
            moved(&space_taken, c),
            vec![("Space".into(), "P".into(), "pause / run")]
        );
    }

    #[test]
    fn puzzle_keys_act_only_in_their_context() {
        let running = Context {
            puzzle: true,
            ..Context::default()
        };
        let building = Context {
            building: true,
            ..running
        };
        assert_eq!(
            resolve("enter", "enter", &none, building).map(|b| b.action),
            Some(Action::Start)
        );
        assert!(resolve("enter", "enter", &none, running).is_none());
        assert!(resolve("q", "q", &none, running).is_none());
        assert!(resolve("period", "period", &none, building).is_none());
        let won = Context {
            won_with_next: true,
            ..running
        };
        assert_eq!(
            resolve("n", "n", &none, won).map(|b| b.action),
            Some(Action::NextLevel)
        );
    }

    #[test]
    fn chords_and_labels() {
        assert_eq!(chord("z", &["shift", "ctrl", "z"]), "ctrl+shift+z");
        assert_eq!(chord("ctrl", &["ctrl"]), "ctrl");
        assert_eq!(label("ctrl+period"), "Ctrl+.");
        assert_eq!(label("space"), "Space");
        assert_eq!(label("f1"), "F1");
        let help = help_lines(&|k| k == "space");
        assert!(help
            .iter()
            .any(|(k, l)| k == "P" && l.contains("pause") && l.contains("took")));
        assert!(help.iter().any(|(k, _)| k == "[ ]"), "{help:?}");
        assert!(help.iter().any(|(k, _)| k == "arrows"), "{help:?}");
        let moved = help_lines(&|k| ["left", "right", "up", "down"].contains(&k));
        assert!(moved.iter().any(|(k, _)| k == "Ctrl+arrows"), "{moved:?}");
    }
}

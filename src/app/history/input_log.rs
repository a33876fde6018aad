//! The input log: every user action that changes the world, by step. One
//! format for the window's history, `run --inputs`, replay on save and
//! puzzle solutions (whose `keys` are an input log of key presses and
//! clicks; solution files written before the log existed are key presses
//! in exactly this form, so they still load).
//!
//! One entry per line of JSON, told apart by its fields:
//!
//! ```text
//! {"step": 120, "key": "space", "pressed": true}       a key for on_key / key_down
//! {"step": 130, "click": [1.5, 2.0], "button": "left"} a click for on_click
//! {"step": 131, "mouse": [1.5, 2.0]}                   where mouse() points
//! {"step": 140, "grab": {"name": "ball"}, "at": [0.2, 3.1]}  take hold of a body
//! {"step": 141, "drag_to": [1.0, 3.5]}                 the held body's target
//! {"step": 150, "place_held": [1.0, 3.5]}              paused: the held point moves there
//! {"step": 160, "let_go": true}                        the drag ends
//! {"step": 170, "spawn": "circle", "at": [0, 5], "size": 0.5}
//! {"step": 180, "delete": {"kind": "box", "nth": 2}}
//! {"step": 190, "toggle": {"id": 41}}                  static <-> dynamic
//! ```
//!
//! `step` is the world's step count when the action happened: it applies
//! before that step is taken.

use serde::{Deserialize, Serialize};

/// One action, applied before step `step`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub step: u64,
    #[serde(flatten)]
    pub action: Action,
}

/// A body named across versions of a scene file by the keep-state rules:
/// the k-th body the file built with this `name`, else the `nth` body the
/// file built with this constructor `kind`; bodies the file did not build
/// (spawned, made by callbacks) by their stable `id`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyRef {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub nth: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What happened (see the module comment for the JSON of each).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Action {
    Key {
        key: String,
        pressed: bool,
    },
    Click {
        click: [f64; 2],
        button: String,
    },
    Mouse {
        mouse: [f64; 2],
    },
    Grab {
        grab: BodyRef,
        at: [f64; 2],
    },
    DragTo {
        drag_to: [f64; 2],
    },
    PlaceHeld {
        place_held: [f64; 2],
    },
    LetGo {
        let_go: bool,
    },
    Spawn {
        spawn: String,
        at: [f64; 2],
        size: f64,
    },
    Delete {
        delete: BodyRef,
    },
    Toggle {
        toggle: BodyRef,
    },
}

impl Action {
    /// A few words for the HUD and error messages.
    pub fn describe(&self) -> String {
        match self {
            Action::Key { key, pressed } => {
                format!("key '{key}' {}", if *pressed { "down" } else { "up" })
            }
            Action::Click { button, .. } => format!("{button} click"),
            Action::Mouse { .. } => "mouse move".into(),
            Action::Grab { .. } => "grab".into(),
            Action::DragTo { .. } | Action::PlaceHeld { .. } => "drag".into(),
            Action::LetGo { .. } => "let go".into(),
            Action::Spawn { spawn, .. } => format!("spawn {spawn}"),
            Action::Delete { .. } => "delete".into(),
            Action::Toggle { .. } => "static/dynamic toggle".into(),
        }
    }

    /// Is every number finite (a hand-edited log may say otherwise)?
    fn is_finite(&self) -> bool {
        let pts: &[f64] = match self {
            Action::Click { click: p, .. }
            | Action::Mouse { mouse: p }
            | Action::Grab { at: p, .. }
            | Action::DragTo { drag_to: p }
            | Action::PlaceHeld { place_held: p } => p,
            Action::Spawn { at, size, .. } => {
                return at.iter().all(|v| v.is_finite()) && size.is_finite() && *size > 0.0
            }
            _ => &[],
        };
        pts.iter().all(|v| v.is_finite())
    }
}

/// Names the window gives keys ("a", "space", "f5", "period"), as
/// `on_key` receives them: the scene API's list, so a log cannot press a
/// key no scene could ever see ("nosuchkey" was taken and did nothing).
pub fn is_key_name(k: &str) -> bool {
    crate::script::is_key_name(k)
}

/// Check a log read from a file: names, numbers and step order. `what`
/// names the file in the message.
pub fn check(entries: &[Entry], what: &str) -> Result<(), String> {
    for (i, e) in entries.iter().enumerate() {
        if let Action::Key { key, .. } = &e.action {
            if !is_key_name(key) {
                return Err(format!(
                    "{what}: key {} ('{key}' at step {}) is not a key name; the keys are {}",
                    i + 1,
                    e.step,
                    crate::script::key_names_text()
                ));
            }
        }
        if !e.action.is_finite() {
            return Err(format!(
                "{what}: entry {} ({} at step {}) has a number that is not finite (or a size that is not positive)",
                i + 1,
                e.action.describe(),
                e.step
            ));
        }
        if i > 0 && e.step < entries[i - 1].step {
            return Err(format!(
                "{what}: entry {} ({} at step {}) comes before the entry listed ahead of it (step {}): entries must be in step order",
                i + 1,
                e.action.describe(),
                e.step,
                entries[i - 1].step
            ));
        }
    }
    Ok(())
}

/// Read an input log file: a JSON array of entries, or an object with an
/// `inputs` (or a solution's `keys`) array.
pub fn load(path: &std::path::Path) -> Result<Vec<Entry>, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{shown}: cannot read the inputs: {e}"))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| format!("{shown}:{}:{}: not JSON: {e}", e.line(), e.column()))?;
    let array = value.is_array();
    let list = match &value {
        serde_json::Value::Object(o) => o
            .get("inputs")
            .or_else(|| o.get("keys"))
            .cloned()
            .ok_or_else(|| {
                format!("{shown}: expected an array of inputs, or an object with 'inputs'")
            })?,
        _ => value,
    };
    let entries: Vec<Entry> = match serde_json::from_value(list.clone()) {
        Ok(entries) => entries,
        Err(e) => {
            // In words (serde only says no action matched), and where.
            let what = super::entry_errors::first_bad_entry(&list, reads_entry)
                .unwrap_or_else(|| e.to_string());
            let at = position(text, array).map_or(String::new(), |(l, c)| format!(":{l}:{c}"));
            return Err(format!("{shown}{at}: not an input log: {what}"));
        }
    };
    check(&entries, &shown.to_string())?;
    Ok(entries)
}

/// Does `v` read as an entry (serde's message if not)?
pub fn reads_entry(v: &serde_json::Value) -> Result<(), String> {
    serde_json::from_value::<Entry>(v.clone())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Where reading `text`'s entries fails, as (line, column): serde's place
/// for an entry that matches no action is just past the entry.
fn position(text: &str, array: bool) -> Option<(usize, usize)> {
    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Wrapped {
        #[serde(default)]
        inputs: Option<Vec<Entry>>,
        #[serde(default)]
        keys: Option<Vec<Entry>>,
    }
    let e = if array {
        serde_json::from_str::<Vec<Entry>>(text).err()?
    } else {
        serde_json::from_str::<Wrapped>(text).err()?
    };
    (e.line() > 0).then(|| (e.line(), e.column()))
}

/// Write a log as `{"inputs": [...]}`, one entry per line.
pub fn save(entries: &[Entry], path: &std::path::Path) -> Result<(), String> {
    let mut text = String::from("{\"inputs\": [\n");
    for (i, e) in entries.iter().enumerate() {
        let line = serde_json::to_string(e).map_err(|e| e.to_string())?;
        text.push_str("  ");
        text.push_str(&line);
        text.push_str(if i + 1 < entries.len() { ",\n" } else { "\n" });
    }
    text.push_str("]}\n");
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Entry {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn old_key_presses_are_entries() {
        let e = parse(r#"{"step": 12, "key": "space", "pressed": true}"#);
        assert_eq!(
            e,
            Entry {
                step: 12,
                action: Action::Key {
                    key: "space".into(),
                    pressed: true
                }
            }
        );
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"step":12,"key":"space","pressed":true}"#
        );
    }

    #[test]
    fn every_action_round_trips() {
        let lines = [
            r#"{"step":1,"click":[1.5,2.0],"button":"left"}"#,
            r#"{"step":2,"mouse":[1.5,2.0]}"#,
            r#"{"step":3,"grab":{"name":"ball"},"at":[0.2,3.1]}"#,
            r#"{"step":4,"drag_to":[1.0,3.5]}"#,
            r#"{"step":5,"place_held":[1.0,3.5]}"#,
            r#"{"step":6,"let_go":true}"#,
            r#"{"step":7,"spawn":"circle","at":[0.0,5.0],"size":0.5}"#,
            r#"{"step":8,"delete":{"kind":"box","nth":2}}"#,
            r#"{"step":9,"toggle":{"id":41}}"#,
        ];
        for l in lines {
            let e = parse(l);
            assert_eq!(serde_json::to_string(&e).unwrap(), l, "{l}");
        }
        // A misspelt entry is no action at all (not silently a "let go").
        assert!(serde_json::from_str::<Entry>(r#"{"step":6,"kee":"a"}"#).is_err());
    }

    #[test]
    fn bad_logs_name_the_entry() {
        let out_of_order = vec![
            parse(r#"{"step": 5, "key": "a", "pressed": true}"#),
            parse(r#"{"step": 4, "key": "a", "pressed": false}"#),
        ];
        let e = check(&out_of_order, "x.json").unwrap_err();
        assert!(e.contains("entry 2") && e.contains("step order"), "{e}");
        let bad_key = vec![parse(r#"{"step": 5, "key": "Space!", "pressed": true}"#)];
        assert!(check(&bad_key, "x.json")
            .unwrap_err()
            .contains("not a key name"));
        // Well formed, but no key is called that.
        let no_such = vec![parse(r#"{"step": 5, "key": "nosuchkey", "pressed": true}"#)];
        let e = check(&no_such, "x.json").unwrap_err();
        assert!(
            e.contains("key 1 ('nosuchkey' at step 5) is not a key name; the keys are \"a\"..\"z\", \"0\"..\"9\", \"f1\"..\"f12\", left, right"),
            "{e}"
        );
        for k in ["a", "7", "f12", "space", "period", "backquote", "pagedown"] {
            assert!(is_key_name(k), "{k}");
        }
        let huge: Entry = parse(r#"{"step": 5, "spawn": "box", "at": [0, 0], "size": -1}"#);
        assert!(check(&[huge], "x.json").unwrap_err().contains("not finite"));
    }
}

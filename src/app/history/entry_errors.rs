//! What is wrong with an input log entry that does not read, in words.
//! An entry's action is told apart by its fields (serde's untagged enum),
//! so a broken one only got "data did not match any variant of untagged
//! enum Action": here the entry is looked at as JSON and the message names
//! the entry, its action and the field missing or of the wrong kind
//! (`entry 1 (step 10): a "key" entry needs "pressed": true or false`).

use serde_json::Value;

/// The kind of value a field takes.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Bool,
    Point,
    Body,
    Number,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Text => "a string",
            Kind::Bool => "true or false",
            Kind::Point => "a point [x, y]",
            Kind::Body => "a body: {\"name\": ...}, {\"kind\": ..., \"nth\": ...} or {\"id\": ...}",
            Kind::Number => "a number",
        }
    }

    fn fits(self, v: &Value) -> bool {
        match self {
            Kind::Text => v.is_string(),
            Kind::Bool => v.is_boolean(),
            Kind::Point => v
                .as_array()
                .is_some_and(|a| a.len() == 2 && a.iter().all(Value::is_number)),
            Kind::Body => v.as_object().is_some_and(|o| {
                !o.is_empty()
                    && o.iter().all(|(k, x)| match k.as_str() {
                        "name" | "kind" => x.is_string(),
                        "nth" | "id" => x.is_u64(),
                        _ => false,
                    })
            }),
            Kind::Number => v.is_number(),
        }
    }
}

/// Each action: the field that names it first, then the others it needs.
const ACTIONS: [&[(&str, Kind)]; 10] = [
    &[("key", Kind::Text), ("pressed", Kind::Bool)],
    &[("click", Kind::Point), ("button", Kind::Text)],
    &[("mouse", Kind::Point)],
    &[("grab", Kind::Body), ("at", Kind::Point)],
    &[("drag_to", Kind::Point)],
    &[("place_held", Kind::Point)],
    &[("let_go", Kind::Bool)],
    &[
        ("spawn", Kind::Text),
        ("at", Kind::Point),
        ("size", Kind::Number),
    ],
    &[("delete", Kind::Body)],
    &[("toggle", Kind::Body)],
];

/// The first entry of `list` that does not read (`reads`: the entry's
/// parser, serde's message on failure), explained (`entry 2 (step 10):
/// ...`); `None` when they all read.
pub fn first_bad_entry(
    list: &Value,
    reads: impl Fn(&Value) -> Result<(), String>,
) -> Option<String> {
    let Some(items) = list.as_array() else {
        return Some(format!(
            "expected an array of entries, got {}",
            kind_of(list)
        ));
    };
    items.iter().enumerate().find_map(|(i, v)| {
        reads(v)
            .err()
            .map(|e| format!("entry {}{}", i + 1, explain(v, &e)))
    })
}

/// `" (step 10): ..."`: what is wrong with one entry (`fallback`: serde's
/// own words, for what the checks here do not catch).
fn explain(v: &Value, fallback: &str) -> String {
    let Some(o) = v.as_object() else {
        return format!(
            ": expected an object such as {{\"step\": 10, \"key\": \"right\", \"pressed\": true}}, got {}",
            kind_of(v)
        );
    };
    let step = match o.get("step") {
        None => return ": has no \"step\" (the step it applies before)".into(),
        Some(s) => match s.as_u64() {
            Some(n) => n,
            None => return format!(": \"step\" must be a whole number, 0 or more, got {s}"),
        },
    };
    let Some(fields) = ACTIONS.iter().find(|a| o.contains_key(a[0].0)) else {
        let names: Vec<String> = ACTIONS.iter().map(|a| format!("\"{}\"", a[0].0)).collect();
        return format!(
            " (step {step}): no action: an entry needs one of {}",
            names.join(", ")
        );
    };
    let action = fields[0].0;
    for (name, kind) in fields.iter() {
        match o.get(*name) {
            None => {
                return format!(
                    " (step {step}): a \"{action}\" entry needs \"{name}\": {}",
                    kind.describe()
                )
            }
            Some(x) if !kind.fits(x) => {
                return format!(
                    " (step {step}): \"{name}\" must be {}, got {x}",
                    kind.describe()
                )
            }
            Some(_) => {}
        }
    }
    format!(" (step {step}): not an input entry: {fallback}")
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (A stand-in for the input log's parser, which this file may not
    /// import: the log imports it. Entries with `let_go` read.)
    fn first(s: &str) -> Option<String> {
        let reads = |v: &Value| match v.get("let_go") {
            Some(_) => Ok(()),
            None => Err("no variant matched".to_string()),
        };
        first_bad_entry(&serde_json::from_str(s).unwrap(), reads)
    }

    #[test]
    fn the_entry_its_action_and_the_field_are_named() {
        assert_eq!(first(r#"[{"step": 1, "let_go": true}]"#), None);
        let cases = [
            (
                r#"[{"step":10,"key":"right"}]"#,
                r#"entry 1 (step 10): a "key" entry needs "pressed": true or false"#,
            ),
            (
                r#"[{"step":1,"let_go":true},{"step":3,"click":[1,2],"button":5}]"#,
                r#"entry 2 (step 3): "button" must be a string, got 5"#,
            ),
            (
                r#"[{"key":"a","pressed":true}]"#,
                r#"entry 1: has no "step""#,
            ),
            (
                r#"[{"step":4,"kee":"a"}]"#,
                r#"entry 1 (step 4): no action: an entry needs one of "key", "click""#,
            ),
            (
                r#"[{"step":4,"grab":{"nme":"ball"},"at":[0,1]}]"#,
                r#"entry 1 (step 4): "grab" must be a body"#,
            ),
            (
                r#"[{"step":4,"spawn":"box","at":[0]}]"#,
                r#"entry 1 (step 4): "at" must be a point [x, y], got [0]"#,
            ),
            (r#"[5]"#, "entry 1: expected an object such as"),
            (r#"{"a":1}"#, "expected an array of entries, got an object"),
        ];
        for (text, want) in cases {
            let got = first(text).unwrap_or_default();
            assert!(got.starts_with(want), "{text}: {got}");
        }
    }
}

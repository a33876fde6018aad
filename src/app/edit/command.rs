//! `physbox edit SCENE --body NAME --set KEY=VALUE ...`: the window's
//! write-back edit, headless. Loads the scene to learn where the named body
//! was made, rewrites the literals of that constructor call, checks that the
//! edited scene still loads, then writes the file and prints each change
//! (`scenes/x.lua:6: x = -3.25 → 1.5`). Exit 0 when written; 1 with
//! `FILE:LINE: ...` (body not found, ambiguous, argument computed, the edit
//! would break the scene, the file cannot be written) and the file
//! untouched; 2 for a malformed `--set`.

use super::body_edit::{editable_origin, plan_body_edit, write, EditError};
use super::rewrite::string;
use crate::script::{Scene, SceneOptions};
use std::path::Path;
use std::process::ExitCode;

/// Options whose values are numbers, booleans or strings.
const BOOLEANS: &[&str] = &["static", "bullet", "sensor", "fixed_rotation"];
const STRINGS: &[&str] = &["name", "color", "type"];

/// `KEY=VALUE` → (key, Lua literal text). Numbers (any Lua numeral:
/// `1.5`, `-2e3`, `0x10`) stay as written, a bare word for a string
/// option is quoted (`color=red` → `"red"`).
pub fn parse_set(s: &str) -> Result<(String, String), String> {
    let (key, raw) = s
        .split_once('=')
        .ok_or_else(|| format!("--set wants KEY=VALUE, got '{s}'"))?;
    let (key, raw) = (key.trim(), raw.trim());
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("--set: '{key}' is not an option name"));
    }
    if key == "points" {
        return Err("--set: points is a table — edit the file".into());
    }
    let value = if BOOLEANS.contains(&key) {
        match raw {
            "true" | "false" => raw.to_string(),
            _ => return Err(format!("--set {key}: expected true or false, got '{raw}'")),
        }
    } else if STRINGS.contains(&key) {
        let quoted = raw.len() >= 2
            && ((raw.starts_with('"') && raw.ends_with('"'))
                || (raw.starts_with('\'') && raw.ends_with('\'')));
        if quoted {
            string(&raw[1..raw.len() - 1])
        } else {
            string(raw)
        }
    } else {
        // A Lua numeral (hex too: `0x10`), written into the file as given.
        let unsigned = raw.strip_prefix('-').unwrap_or(raw);
        let value = crate::script::calls::lua_number(unsigned).or_else(|| {
            // (`inf`, `nan`: numbers, but not finite ones.)
            raw.parse::<f64>().ok().filter(|v| !v.is_finite())
        });
        match value.ok_or(()) {
            Ok(v) if v.is_finite() => raw.to_string(),
            Ok(_) => return Err(format!("--set {key}: {raw} is not a finite number")),
            Err(_) if !any_body_option(key) => {
                // (`colour=red`: the misspelt key is the trouble, not the
                // value.)
                let all = all_body_options();
                return Err(format!(
                    "--set: no body constructor has an option '{key}'{}",
                    crate::script::unknown_option_hint(key, &all)
                ));
            }
            Err(_) => return Err(format!("--set {key}: expected a number, got '{raw}'")),
        }
    };
    Ok((key.to_string(), value))
}

/// Every option of the body constructors (box, circle, polygon, segment).
fn all_body_options() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = Vec::new();
    for kind in ["box", "circle", "polygon", "segment"] {
        for o in crate::script::constructors::body_options(kind).unwrap_or_default() {
            if !all.contains(&o) {
                all.push(o);
            }
        }
    }
    all
}

fn any_body_option(key: &str) -> bool {
    all_body_options().contains(&key)
}

/// Run the command; see the module comment for the exit codes.
pub fn run(scene_path: &Path, body: &str, sets: &[String], options: &SceneOptions) -> ExitCode {
    let sets: Vec<(String, String)> = match sets.iter().map(|s| parse_set(s)).collect() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("physbox: {e}");
            return ExitCode::from(2);
        }
    };
    match apply(scene_path, body, &sets, options) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", e.message);
            ExitCode::from(1)
        }
    }
}

/// Apply the edit; the change lines on success.
fn apply(
    scene_path: &Path,
    name: &str,
    sets: &[(String, String)],
    options: &SceneOptions,
) -> Result<Vec<String>, EditError> {
    let shown = crate::script::scene::shown_path(scene_path);
    let scene = Scene::load(scene_path, options).map_err(|e| e.to_string())?;
    let named: Vec<_> = {
        let sim = scene.sim();
        sim.bodies_in_order()
            .into_iter()
            .filter(|id| {
                sim.world()
                    .body(*id)
                    .is_ok_and(|b| b.name.as_deref() == Some(name))
            })
            .collect()
    };
    let id = match named.as_slice() {
        [] => return Err(format!("{shown}: no body is named '{name}'").into()),
        [one] => *one,
        many => {
            let sim = scene.sim();
            let at: Vec<String> = many
                .iter()
                .filter_map(|id| sim.origin(*id).map(|o| o.at()))
                .collect();
            let first = at.first().cloned().unwrap_or_else(|| shown.clone());
            return Err(format!(
                "{first}: {} bodies are named '{name}' ({}) — give them different names",
                many.len(),
                at.join(", ")
            )
            .into());
        }
    };
    editable_origin(&scene, id)?;
    let planned = plan_body_edit(&scene, id, sets)?;
    // (`write` checks that the edited scene still loads.)
    write(&scene, &planned)?;
    let applied = planned;
    Ok(applied
        .changes
        .iter()
        .map(|c| c.describe(&applied.file))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_values_become_lua_literals() {
        assert_eq!(parse_set("x=1.5").unwrap(), ("x".into(), "1.5".into()));
        assert_eq!(
            parse_set("color=red").unwrap(),
            ("color".into(), "\"red\"".into())
        );
        assert_eq!(
            parse_set("name='a b'").unwrap(),
            ("name".into(), "\"a b\"".into())
        );
        assert_eq!(
            parse_set("static=true").unwrap(),
            ("static".into(), "true".into())
        );
        assert_eq!(parse_set("x=0x10").unwrap(), ("x".into(), "0x10".into()));
        assert_eq!(
            parse_set("y=-0x1.8p1").unwrap(),
            ("y".into(), "-0x1.8p1".into())
        );
        assert!(parse_set("x=inf").is_err());
        assert!(parse_set("x=+1").is_err());
        assert!(parse_set("x=abc").is_err());
        assert!(parse_set("x").is_err());
        assert!(parse_set("static=1").is_err());
    }
}

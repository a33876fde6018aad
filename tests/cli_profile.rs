//! `physbox run --headless --profile`: where a step's time went, each
//! physics stage's mean and what Lua took beyond them; the run itself is
//! the one an unprofiled run gives.

mod common;
use common::{temp_dir, BUSY_LUA_PIT as SCENE};

use std::path::Path;
use std::process::Command;

fn physbox(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_physbox"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// The number after `label ` in `text`.
fn number_after(text: &str, label: &str) -> f64 {
    let at = text
        .find(&format!("{label} "))
        .unwrap_or_else(|| panic!("no '{label}' in {text}"));
    let rest = &text[at + label.len() + 1..];
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    rest[..end]
        .parse()
        .unwrap_or_else(|_| panic!("'{label}' in {text}"))
}

fn state_hash(text: &str) -> &str {
    let at = text.find("state_hash=").expect("a state hash");
    text[at..].split_whitespace().next().unwrap()
}

#[test]
fn the_profile_splits_the_step_and_leaves_the_run_as_it_was() {
    let dir = temp_dir("profile");
    std::fs::write(dir.join("pit.lua"), SCENE).unwrap();
    let args = ["run", "pit.lua", "--headless", "--steps", "120"];
    let plain = physbox(&dir, &args);
    assert!(plain.status.success(), "{plain:?}");
    let plain = String::from_utf8_lossy(&plain.stderr).to_string();
    assert!(!plain.contains("time a step"), "{plain}");
    let profiled = physbox(&dir, &[&args[..], &["--profile"]].concat());
    assert!(profiled.status.success(), "{profiled:?}");
    let text = String::from_utf8_lossy(&profiled.stderr).to_string();
    assert_eq!(state_hash(&text), state_hash(&plain), "{text}");
    assert!(text.contains("time a step (mean of 120 steps)"), "{text}");
    let total = number_after(&text, "steps):");
    let physics = number_after(&text, "ms, physics");
    let lua = number_after(&text, "the rest");
    // 20,000 sines a step in Lua cost far more than 60 balls' physics.
    assert!(lua > physics, "{text}");
    assert!((physics + lua - total).abs() < 0.002, "{text}");
    let parts: f64 = [
        "pairs",
        "narrow phase",
        "solver setup",
        "substeps",
        "finish",
        "write-back",
        "sleep",
        "events",
    ]
    .iter()
    .map(|l| number_after(&text, l))
    .sum();
    // The stages cover the step but for the clock reads between them
    // (and each number's rounding to a microsecond).
    assert!(parts <= physics + 0.006, "{parts} {text}");
    assert!(parts >= 0.9 * physics - 0.006, "{parts} {text}");
    let setup = number_after(&text, "solver setup");
    let setup_parts: f64 = ["bodies and joints", "islands", "contacts)"]
        .iter()
        .map(|l| number_after(&text, l.trim_end_matches(')')))
        .sum();
    assert!((setup_parts - setup).abs() <= 0.003, "{text}");
    assert!(number_after(&text, "contacts") > 0.0, "{text}");
}

#[test]
fn the_profile_needs_headless() {
    let dir = temp_dir("profile_usage");
    std::fs::write(dir.join("pit.lua"), SCENE).unwrap();
    let out = physbox(&dir, &["run", "pit.lua", "--profile"]);
    assert!(!out.status.success());
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("--headless"), "{text}");
}

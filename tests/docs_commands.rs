//! Every command the README and `physbox --help` show runs as shown, so the
//! docs cannot drift from the program (issue 17).
//!
//! Commands are read from the README's code blocks and from the EXAMPLES of
//! `--help`: lines that start with `physbox`, `target/release/physbox` or
//! `cargo run --release`. Each runs in a scratch copy of `scenes/` and
//! `scripts/` (commands write pictures and files where they stand), with no
//! display, so a command that opens a window takes the documented fallback
//! (says so, runs headless, writes a picture). Each must exit 0. Files a
//! command needs that the docs assume exist (a snapshot saved with F5, the
//! reader's own level) are made first, the way a user would make them.
//! Commands that run until killed (`--watch` without `--exit-after-reloads`)
//! are started, must print their first line, and are then stopped.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_physbox")
}

/// Split a command line like a shell would for the simple lines the docs
/// use: words, single or double quotes, and a trailing `# comment`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '#') if !in_word => break,
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// The physbox arguments of a documented command line, or `None` when the
/// line is not a physbox command (cargo test / build / bench, prose, ...).
fn physbox_args(line: &str) -> Option<Vec<String>> {
    let line = line.trim().trim_start_matches("$ ");
    let w = words(line);
    let rest = match w.first().map(String::as_str) {
        Some("physbox") | Some("target/release/physbox") => &w[1..],
        Some("cargo") if w.get(1).map(String::as_str) == Some("run") => {
            // cargo run --release [-- ARGS]
            match w.iter().position(|a| a == "--") {
                Some(i) => &w[i + 1..],
                None => &w[w.len()..],
            }
        }
        _ => return None,
    };
    Some(rest.to_vec())
}

/// Command lines in the README's fenced code blocks.
fn readme_commands() -> Vec<String> {
    let text = std::fs::read_to_string("README.md").unwrap();
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block && physbox_args(line).is_some() {
            out.push(line.trim().to_string());
        }
    }
    out
}

/// Command lines in the EXAMPLES of `physbox --help`.
fn help_commands() -> Vec<String> {
    let out = Command::new(bin()).arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let examples = text
        .split_once("EXAMPLES:")
        .map(|(_, e)| e.to_string())
        .unwrap_or_default();
    // `    physbox ARGS      what it does`: the description follows two or
    // more spaces.
    examples
        .lines()
        .filter(|l| l.trim_start().starts_with("physbox"))
        .map(|l| {
            let l = l.trim();
            l.split_once("  ").map_or(l, |(cmd, _)| cmd).to_string()
        })
        .collect()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// A scratch folder with the project's scenes and scripts.
fn workspace() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("physbox-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(Path::new("scenes"), &dir.join("scenes"));
    copy_dir(Path::new("scripts"), &dir.join("scripts"));
    dir
}

/// Make a file a documented command assumes the reader already has.
fn make_fixture(dir: &Path, path: &str) -> Result<(), String> {
    let full = dir.join(path);
    if let Some(parent) = full.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    if path.ends_with(".lua") {
        // The reader's own level (with the crate the `edit` example moves).
        std::fs::write(
            &full,
            "box { x = 0, y = -0.5, w = 20, h = 1, static = true }\n\
             circle { x = 0, y = 3, r = 0.5 }\n\
             box { x = -3.25, y = 0.5, w = 1, h = 1, name = \"crate\" }\n",
        )
        .unwrap();
        return Ok(());
    }
    if path.ends_with(".json") && path.starts_with("inputs/") {
        // An input log the reader recorded (README, "Time travel").
        std::fs::write(
            &full,
            r#"{"inputs": [{"step": 10, "key": "space", "pressed": true},
                {"step": 20, "spawn": "box", "at": [1, 4], "size": 0.5}]}"#,
        )
        .unwrap();
        return Ok(());
    }
    if path.ends_with(".json") && path.starts_with("screenshots/") {
        // A snapshot saved with F5: `screenshots/<scene>-<time>s.json`.
        let stem = Path::new(path).file_stem().unwrap().to_string_lossy();
        let Some((scene, time)) = stem.rsplit_once('-') else {
            return Err(format!("cannot tell the scene of {path}"));
        };
        let seconds: f64 = time
            .trim_end_matches('s')
            .parse()
            .map_err(|_| path.to_string())?;
        let steps = (seconds * 60.0).round() as u64;
        let out = Command::new(bin())
            .current_dir(dir)
            .args(["run", &format!("scenes/{scene}.lua"), "--headless"])
            .args(["--steps", &steps.to_string(), "--snapshot", path])
            .output()
            .unwrap();
        if !out.status.success() {
            return Err(format!(
                "making the snapshot {path}: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        return Ok(());
    }
    Err(format!("the docs name {path}, which does not exist"))
}

/// Run one documented command; `Err` says what went wrong.
fn run(dir: &Path, line: &str) -> Result<(), String> {
    let mut args = physbox_args(line).unwrap();
    // Benchmarks measure many repetitions; fewer steps run the same code.
    if args.first().map(String::as_str) == Some("bench") && !args.iter().any(|a| a == "--steps") {
        args.extend(["--steps".to_string(), "5".to_string()]);
    }
    for a in &args {
        let looks_like_input = (a.ends_with(".lua") || a.ends_with(".json"))
            && !args.iter().any(|f| f == "--dump" || f == "--snapshot")
            || (a.ends_with(".lua") && !a.starts_with('-'));
        if looks_like_input && a.contains('/') && !dir.join(a).exists() {
            make_fixture(dir, a)?;
        }
    }
    // `physbox new DIR` refuses a folder it wrote before (README and --help
    // both show it): each reader starts without one.
    if let (Some("new"), Some(target)) = (args.first().map(String::as_str), args.get(1)) {
        let _ = std::fs::remove_dir_all(dir.join(target));
    }
    let mut cmd = Command::new(bin());
    cmd.current_dir(dir)
        .args(&args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let watching = args.iter().any(|a| a == "--watch");
    let reloads: Option<usize> = args
        .iter()
        .position(|a| a == "--exit-after-reloads")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok());
    let runs_forever = watching && reloads.is_none();
    let started = Instant::now();
    let mut child = cmd.spawn().map_err(|e| e.to_string())?;
    if watching {
        // The first line says it is watching; then each save is a reload.
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        if first.is_empty() || first.starts_with("error") {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("first line: {first:?}"));
        }
        if runs_forever {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(());
        }
        let scene = args.iter().find(|a| a.ends_with(".lua")).unwrap();
        let path = dir.join(scene);
        let text = std::fs::read_to_string(&path).unwrap();
        for i in 0..reloads.unwrap() {
            std::thread::sleep(Duration::from_millis(300));
            std::fs::write(&path, format!("{text}\n-- save {i}\n")).unwrap();
            let _ = lines.next();
        }
    }
    let limit = Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            let out = child.wait_with_output().map_err(|e| e.to_string())?;
            if status.success() {
                return Ok(());
            }
            return Err(format!(
                "exit {:?}: {}{}",
                status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            return Err(format!("still running after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn every_command_in_the_readme_and_help_runs() {
    let mut commands = readme_commands();
    commands.extend(help_commands());
    assert!(
        commands.len() >= 10,
        "found only {} documented commands: {commands:?}",
        commands.len()
    );
    let dir = workspace();
    let mut failures = Vec::new();
    for line in &commands {
        let t = Instant::now();
        match run(&dir, line) {
            Ok(()) => eprintln!("ok   {:>6.2} s  {line}", t.elapsed().as_secs_f64()),
            Err(e) => {
                eprintln!("FAIL {line}\n     {e}");
                failures.push(format!("{line}\n    {e}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} documented commands fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_shell_word_splitter_reads_the_docs_like_a_shell() {
    assert_eq!(
        words("physbox run 'a b.lua' --steps 3   # comment"),
        vec!["physbox", "run", "a b.lua", "--steps", "3"]
    );
    assert_eq!(
        physbox_args("cargo run --release -- scenes/x.lua"),
        Some(vec!["scenes/x.lua".to_string()])
    );
    assert_eq!(physbox_args("cargo run --release"), Some(vec![]));
    assert_eq!(physbox_args("cargo test --release"), None);
}

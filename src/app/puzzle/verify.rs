//! `physbox verify LEVEL.lua SOLUTION.json`: replay a solution headless and
//! say whether it wins. It loads the level, places the solution's parts
//! through the same `Puzzle::place` the window's build mode uses, presses
//! Start, then steps exactly as the window does — keys go to the scene
//! (`on_key` / `key_down`) before the step whose number they carry — until
//! the scene calls `win` or `lose` or the step limit. The physics is
//! deterministic, so the verdict is the window's.

use super::play::{next_level, Puzzle};
use super::solution::Solution;
use crate::app::commands::outputs::{self, Input, Output};
use crate::app::view;
use crate::render::{image, Renderer};
use crate::script::{Outcome, Scene, SceneOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    Won {
        step: u64,
        seconds: f64,
        text: String,
    },
    Lost {
        step: u64,
        seconds: f64,
        text: String,
    },
    NoResult {
        steps: u64,
    },
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Verdict::Won {
                step,
                seconds,
                text,
            } => write!(f, "WIN at step {step} ({seconds:.2} s): {text}"),
            Verdict::Lost {
                step,
                seconds,
                text,
            } => write!(f, "LOSE at step {step} ({seconds:.2} s): {text}"),
            Verdict::NoResult { steps } => write!(f, "NO RESULT after {steps} steps"),
        }
    }
}

/// What `verify` found: the verdict and notes worth printing (a level
/// renamed or edited since the solution was saved).
pub struct Report {
    pub verdict: Verdict,
    pub notes: Vec<String>,
}

/// Replay `solution` on `level` for at most `max_steps` (default: the
/// solution's own limit). Err: the level does not load, the solution is
/// for another level or places parts the level does not allow, a callback
/// fails, or the level is won but its `next_scene` file is missing.
pub fn verify(
    level: &Path,
    solution: &Solution,
    max_steps: Option<u64>,
    options: &SceneOptions,
) -> Result<Report, String> {
    verify_watched(level, solution, max_steps, options, &mut |_, _, _| Ok(()))
}

/// `verify`, calling `watch(scene, steps since Start, ended)` once the
/// parts are placed (0), after every step, and once more when the replay
/// ended (`--screenshot` / `--frames` draw the replay through it).
pub fn verify_watched(
    level: &Path,
    solution: &Solution,
    max_steps: Option<u64>,
    options: &SceneOptions,
    watch: &mut dyn FnMut(&mut Scene, u64, bool) -> Result<(), String>,
) -> Result<Report, String> {
    let mut notes = Vec::new();
    if let Some(note) = solution.check_level(level)? {
        notes.push(note);
    }
    let mut scene = Scene::load(level, options).map_err(|e| e.to_string())?;
    let mut puzzle = match Puzzle::for_scene(&scene) {
        Some(p) => p,
        None if solution.parts.is_empty() => Puzzle::allowing_nothing(),
        None => {
            return Err(format!(
                "{} has no tools{{}}: it allows no parts, but the solution places {}",
                crate::script::scene::shown_path(level),
                solution.parts.len()
            ))
        }
    };
    for (i, part) in solution.parts.iter().enumerate() {
        puzzle
            .place(&mut scene, *part)
            .map_err(|e| format!("solution part {} ({}): {e}", i + 1, part.kind.name()))?;
    }
    puzzle.start(&scene);
    watch(&mut scene, 0, false)?;
    let limit = max_steps.unwrap_or(solution.max_steps);
    let dt = scene.dt();
    // The player's keys and clicks, through the same driver the window
    // and replay use.
    let mut driver = crate::app::history::driver::Driver::default();
    let mut keys = solution.keys.iter().peekable();
    let verdict = |outcome: Outcome, step: u64| {
        let seconds = step as f64 * dt;
        match outcome {
            Outcome::Won(text) => Verdict::Won {
                step,
                seconds,
                text,
            },
            Outcome::Lost(text) => Verdict::Lost {
                step,
                seconds,
                text,
            },
        }
    };
    let mut result = Verdict::NoResult { steps: limit };
    for step in 0..limit {
        while let Some(k) = keys.next_if(|k| k.step <= step) {
            driver
                .apply(&mut scene, &k.action)
                .map_err(|e| e.to_string())?;
        }
        if let Some(o) = scene.outcome() {
            result = verdict(o, step);
            break;
        }
        scene.step(1).map_err(|e| e.to_string())?;
        watch(&mut scene, step + 1, false)?;
        if let Some(o) = scene.outcome() {
            result = verdict(o, step + 1);
            break;
        }
    }
    let steps = match &result {
        Verdict::Won { step, .. } | Verdict::Lost { step, .. } => *step,
        Verdict::NoResult { steps } => *steps,
    };
    watch(&mut scene, steps, true)?;
    if matches!(result, Verdict::Won { .. }) {
        if let Some(Err(e)) = next_level(&scene) {
            return Err(e);
        }
    }
    Ok(Report {
        verdict: result,
        notes,
    })
}

/// Pictures of a replay: a PNG of the last step, and / or a sequence.
#[derive(Clone, Debug, Default)]
pub struct Pictures {
    pub screenshot: Option<PathBuf>,
    /// (folder, a picture every K steps)
    pub frames: Option<(PathBuf, u64)>,
    pub size: (u32, u32),
}

/// `physbox verify`: the verdict on stdout, notes and errors on stderr;
/// with `pictures`, the replay drawn as `run --headless` draws a scene.
pub fn command(
    level: &Path,
    solution: &Path,
    max_steps: Option<u64>,
    options: &SceneOptions,
    pictures: &Pictures,
) -> ExitCode {
    let shot = pictures.screenshot.as_deref().map(|path| Output {
        flag: "--screenshot",
        path,
    });
    let frames = pictures.frames.as_ref().map(|(d, _)| d.as_path());
    // As `run` checks its outputs: before the replay, and none may be a
    // file the replay reads (`--screenshot lvl.lua` replaced the level).
    let inputs = [
        Input {
            what: "the level",
            path: level,
        },
        Input {
            what: "the solution",
            path: solution,
        },
    ];
    if let Err(e) = outputs::prepare(shot.as_slice(), frames, &inputs) {
        eprintln!("error: {e}");
        return ExitCode::from(1);
    }
    let mut renderer = Renderer::new();
    let (w, h) = pictures.size;
    let mut frame_no = 0u64;
    let mut watch = |scene: &mut Scene, step: u64, ended: bool| -> Result<(), String> {
        if step == 0 && !ended {
            // The modules the level required are known once it loaded.
            let sources = scene.sources();
            outputs::refuse_modules(shot.as_slice(), frames, &sources, "a file the level runs")?;
        }
        if let (Some(path), true) = (&pictures.screenshot, ended) {
            image::save_png(&view::still(&mut renderer, scene, w, h)?, path)?;
        }
        if let Some((dir, every)) = &pictures.frames {
            if !ended && step % every.max(&1) == 0 {
                let pm = view::still(&mut renderer, scene, w, h)?;
                image::save_png(&pm, &dir.join(format!("frame_{frame_no:06}.png")))?;
                frame_no += 1;
            }
        }
        Ok(())
    };
    let report = Solution::load(solution)
        .and_then(|s| verify_watched(level, &s, max_steps, options, &mut watch));
    match report {
        Ok(report) => {
            for note in &report.notes {
                eprintln!("{note}");
            }
            println!("{}", report.verdict);
            ExitCode::from(match report.verdict {
                Verdict::Won { .. } => 0,
                Verdict::Lost { .. } => 3,
                Verdict::NoResult { .. } => 4,
            })
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

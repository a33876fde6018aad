//! `physbox run SCENE --headless --watch`: the window's reload loop without
//! a window, for scripting and tests. SCENE may be a snapshot: it runs on
//! from the saved state and its scene file is watched, as in the window. The scene runs in real time (its
//! fixed steps paced by the wall clock, as in the window); every settled
//! save reloads it between steps and prints one line to stdout, flushed:
//!
//! ```text
//! watching scenes/x.lua (+2 required files)
//! reloaded in 9 ms — kept 42, moved 2, new 3, removed 1; save→frame 66 ms (debounce 51 ms, load 8 ms, reconcile 1 ms, first frame 6 ms)
//! replayed to step=612 state_hash=3f0c2a9e11d04b7c in 41 ms (0 inputs dropped)
//! reload failed: scenes/x.lua:12: unexpected symbol near 'end'
//! scenes/x.lua was deleted — still running the last version
//! scenes/x.lua is back
//! runtime error: scenes/x.lua:7: boom — stopped until the next good save
//! ```
//!
//! "first frame" is one render of the new scene at the picture size (what
//! the window would draw), so the line measures the whole save → picture
//! path. It runs until killed, or until `exit_after` reloads were tried.
//!
//! With `--replay` a reload runs the new version from step 0 with the
//! inputs (`--inputs`) up to the step the old one had reached, and goes on
//! from there; its line gives that step and the state hash, which equals
//! `physbox run NEW --headless --steps N --inputs ...`'s.

use super::carry::{carry_over, reloaded_text};
use super::mode::ReloadMode;
use super::reloader::{back_text, deleted_text, failed_text, ReloadAttempt, Reloader};
use super::timing::{latency_line, Timing};
use crate::app::clock::FixedStep;
use crate::app::commands::snapshot;
use crate::app::history::driver::step_once;
use crate::app::history::driver::Driver;
use crate::app::history::input_log::Entry;
use crate::app::history::replay::{hash_text, Replay};
use crate::app::view;
use crate::render::Renderer;
use crate::script::scene::shown_path;
use crate::script::{Scene, SceneError, SceneOptions};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct WatchRequest {
    pub scene: PathBuf,
    pub options: SceneOptions,
    pub mode: ReloadMode,
    /// Stop after this many reloads (successful or failed).
    pub exit_after: Option<u64>,
    /// Size of the first frame rendered after each reload.
    pub size: (u32, u32),
    /// User actions by step (`--inputs`).
    pub inputs: Vec<Entry>,
}

/// Longest wait for a file change between steps.
const TICK: Duration = Duration::from_millis(8);
/// Wall time one tick may spend stepping before the clock gives up on
/// catching up (the scene then runs slower than real time).
const STEP_BUDGET: Duration = Duration::from_millis(40);

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub fn run(req: &WatchRequest) -> Result<(), SceneError> {
    // A snapshot runs on from its saved state and its scene file is what is
    // watched, as in the window. A snapshot that cannot be read or checked
    // is an error: there is no scene file to watch.
    let (scene_file, saved) = if snapshot::is_snapshot(&req.scene) {
        let (file, saved) = snapshot::checked(&req.scene)?;
        (file, Some(saved))
    } else {
        (req.scene.clone(), None)
    };
    let mut scene = match Scene::load(&scene_file, &req.options) {
        Ok(mut s) => {
            if let Some(saved) = saved {
                s.sim_mut().restore(saved);
            }
            s
        }
        Err(e) => {
            // Like the window: start empty and wait for a good save.
            say(&format!("load failed: {e}"));
            Scene::from_source(&scene_file, "", &req.options)?
        }
    };
    let mut reloader = Reloader::new(&scene);
    if let Some(why) = reloader.problem() {
        return Err(SceneError::new(format!("cannot watch: {why}")));
    }
    if scene_file == req.scene {
        say(&reloader.describe());
    } else {
        say(&format!(
            "{}, the scene of the snapshot {}",
            reloader.describe(),
            shown_path(&req.scene)
        ));
    }
    let mut renderer = Renderer::new();
    let mut clock = FixedStep::default();
    let mut last = Instant::now();
    let mut running = true;
    let mut reloads = 0u64;
    let mut driver = Driver::default();
    let mut next_input = 0;
    loop {
        let real = last.elapsed().as_secs_f64();
        last = Instant::now();
        if running {
            let n = clock.advance(real, 1.0, scene.dt());
            let t = Instant::now();
            for _ in 0..n {
                if let Err(e) = step_once(&mut scene, &mut driver, &req.inputs, &mut next_input) {
                    say(&format!(
                        "runtime error: {e} — stopped until the next good save"
                    ));
                    running = false;
                    break;
                }
                if t.elapsed() > STEP_BUDGET {
                    clock.reset();
                    break;
                }
            }
        }
        reloader.follow(&scene);
        let Some(change) = reloader.wait(TICK) else {
            continue;
        };
        let (back, attempt) = reloader.handle(&change, &scene, &req.options);
        if back {
            say(&back_text(scene.path()));
        }
        let Some(attempt) = attempt else { continue };
        match attempt {
            ReloadAttempt::Loaded { scene: new, .. } if req.mode == ReloadMode::Replay => {
                let target = scene.world().step_count();
                match Replay::run(*new, req.inputs.clone(), target) {
                    Ok(r) => {
                        let reached = r.scene.world().step_count();
                        // A new version that steps while it builds
                        // (`world:step(300)` at load) may start past the
                        // old one's step: said, not left as a silent jump.
                        let past = if reached > target {
                            format!("; the new version builds to step {reached} itself, past step {target} where the old one was")
                        } else {
                            String::new()
                        };
                        say(&format!(
                            "replayed to step={} state_hash={} in {} ms ({} inputs dropped, {} lines printed{past})",
                            reached,
                            hash_text(&r.scene),
                            r.elapsed.as_millis(),
                            r.dropped,
                            r.printed
                        ));
                        scene = r.scene;
                        driver = r.driver;
                        next_input = r.next;
                        running = true;
                    }
                    Err(e) => say(&format!("replay failed: {e} — the old version runs on")),
                }
                clock.reset();
                reloads += 1;
            }
            ReloadAttempt::Loaded {
                scene: mut new,
                timing,
            } => {
                let t = Instant::now();
                let carried = carry_over(&scene, &mut new, req.mode, None);
                let timing = Timing {
                    reconcile: t.elapsed(),
                    ..timing
                };
                let text = reloaded_text(&carried, &timing);
                scene = *new;
                // The held body (if any) belonged to the old world.
                driver.forget();
                let t = Instant::now();
                let (w, h) = req.size;
                let frame = view::still(&mut renderer, &mut scene, w, h);
                let first_frame = t.elapsed();
                match frame {
                    Ok(_) => say(&format!("{text}; {}", latency_line(&timing, first_frame))),
                    Err(e) => say(&format!("{text}; draw failed: {e}")),
                }
                running = true;
                clock.reset();
                reloads += 1;
            }
            ReloadAttempt::Failed(e) => {
                say(&failed_text(&e));
                reloads += 1;
            }
            ReloadAttempt::Deleted => say(&deleted_text(scene.path())),
        }
        if req.exit_after.is_some_and(|n| reloads >= n) {
            return Ok(());
        }
    }
}

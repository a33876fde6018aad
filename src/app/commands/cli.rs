//! The command line (clap). Exit codes: 0 ok, 1 the scene failed, 2 usage;
//! `verify`: 0 WIN, 1 error, 2 usage, 3 LOSE, 4 NO RESULT.

use super::headless::{self, RunRequest};
use crate::script::{limits, SceneOptions};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:
    physbox                                         open the default scene (scenes/gallery.lua) in a window
    physbox scenes/rain.lua                         open a scene in a window
    physbox screenshots/rain-12.50s.json            reopen a snapshot saved with F5 in the window
    physbox run scenes/rain.lua --headless --steps 600 --screenshot rain.png
    physbox run scenes/rain.lua --headless --steps 600 --frames frames/ --every 10
    physbox bench --render                          time drawing 5,000 bodies at 1280x720
    physbox bench --reload                          time hot reload: save -> first frame, 1,000 bodies
    physbox run scenes/pyramid.lua --headless --steps 600
    physbox run scenes/ball_pit.lua --headless --steps 600 --profile   where each step's time went
    physbox run scenes/rain.lua --headless --watch   run in real time, reload on every save, one line per reload
    physbox run scenes/rain.lua --headless --watch --replay   reload by replaying the new version up to now
    physbox run scenes/restitution.lua --headless --steps 900 --csv bounces.csv --dump final.json
    physbox new my_scenes                           a folder for your own scenes: starter scene, editor support
    physbox check scenes/my_level.lua               load only: report errors, exit 1 if any
    physbox verify scenes/puzzles/01_bridge.lua scenes/puzzles/solutions/01_bridge.json
                                                    replay a puzzle solution: WIN / LOSE / NO RESULT
    physbox verify scenes/puzzles/04_timing.lua scenes/puzzles/solutions/04_timing.json --screenshot end.png
                                                    ... and see how the replay ends (--frames DIR: every 10th step)
    physbox bench --bodies 10000                    cost of a Lua force field per step
    physbox edit scenes/x.lua --body crate --set x=1.5 --set color=red
                                                    rewrite the literals of body 'crate''s constructor call in place

In the window, F1 lists the keys and mouse tools; Ctrl+E edits the scene file from the window.
Scenes are Lua 5.4; the API is in docs/lua-api.md.";

#[derive(Parser, Debug)]
#[command(name = "physbox", version, about = "A scriptable 2D physics sandbox: Lua scenes in a window, or headless", after_help = EXAMPLES, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A scene (.lua) or a snapshot (.json) to open in the window
    pub open: Option<PathBuf>,
    #[command(flatten)]
    pub limits: Limits,
}

#[derive(clap::Args, Debug, Clone)]
pub struct Limits {
    /// Lua memory limit in MiB
    #[arg(long, value_name = "MIB", default_value_t = (limits::DEFAULT_MEMORY_LIMIT >> 20) as u64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub memory_limit: u64,
    /// Seconds scene code may run without returning (endless-loop guard)
    #[arg(long, value_name = "SECONDS", default_value_t = limits::DEFAULT_TIME_LIMIT.as_secs_f64())]
    pub time_limit: f64,
    /// Memory the window's timeline may keep for scrubbing back, in MiB
    /// (the oldest fine keyframes go first when it is full)
    #[arg(long, value_name = "MIB", default_value_t = crate::app::history::timeline::DEFAULT_BUDGET_MIB as u64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub history_mib: u64,
    /// Most bodies a world may hold (creating one more is an error at its line)
    #[arg(long, value_name = "N", default_value_t = crate::physics::settings::DEFAULT_MAX_BODIES as u64, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_bodies: u64,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a scene: in a window, or with --headless for N steps
    Run {
        /// The scene file (.lua), or a snapshot (.json) to run on from
        scene: PathBuf,
        /// Run without a window (the other options need it)
        #[arg(long)]
        headless: bool,
        /// Fixed steps to run
        #[arg(long, value_name = "N", default_value_t = 600)]
        steps: u64,
        /// Write the final world as JSON
        #[arg(long, value_name = "FILE")]
        dump: Option<PathBuf>,
        /// Write every plot() series as CSV (series,time,step,value)
        #[arg(long, value_name = "FILE")]
        csv: Option<PathBuf>,
        /// Save a PNG of the last frame
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
        /// Save a snapshot of the last step (as F5 does in the window; open
        /// it with `physbox FILE.json`)
        #[arg(long, value_name = "FILE")]
        snapshot: Option<PathBuf>,
        /// Save a PNG sequence (frame_000000.png, ...) into this folder
        #[arg(long, value_name = "DIR")]
        frames: Option<PathBuf>,
        /// With --frames: a picture every K steps
        #[arg(long, value_name = "K", default_value_t = 1, requires = "frames")]
        every: u64,
        /// Picture size for --screenshot and --frames
        #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
        size: (u32, u32),
        /// Hot reload without a window: run in real time until killed, reload
        /// on every save of the scene or a file it requires, print one line
        /// per reload (--steps and the output options are not used; a
        /// snapshot runs on from its state and its scene file is watched)
        #[arg(long, requires = "headless")]
        watch: bool,
        /// With --watch: exit after N reloads (successful or failed)
        #[arg(long, value_name = "N", requires = "watch")]
        exit_after_reloads: Option<u64>,
        /// With --watch: every reload restarts the scene (default: keep the
        /// live state of bodies the file did not move)
        #[arg(long, requires = "watch", conflicts_with = "replay")]
        restart: bool,
        /// With --watch: every reload replays the new version from step 0
        /// with the inputs up to the current step (one line per reload with
        /// step=N and state_hash=...)
        #[arg(long, requires = "watch")]
        replay: bool,
        /// User actions to apply by step: an input log (JSON; keys, clicks,
        /// drags, spawns, ...; a puzzle solution's keys work too)
        #[arg(long, value_name = "FILE", requires = "headless")]
        inputs: Option<PathBuf>,
        /// Print where a step's time went: each physics stage's mean (the
        /// solver setup in its parts) and what Lua and the outputs took
        #[arg(long, requires = "headless")]
        profile: bool,
        #[command(flatten)]
        limits: Limits,
    },
    /// Start a folder of your own scenes: a starter scene, editor support
    /// (.luarc.json and the API annotations) and a short README
    New {
        /// The folder (made if missing; existing files are never overwritten)
        dir: PathBuf,
    },
    /// Load a scene, or open a snapshot (.json) as `run` would, and report
    /// errors (exit 1 if it fails)
    Check {
        /// The scene (.lua) or snapshot (.json)
        scene: PathBuf,
        #[command(flatten)]
        limits: Limits,
    },
    /// Replay a puzzle solution headless: prints WIN / LOSE / NO RESULT
    /// with the step (exit 0 WIN, 1 error, 3 LOSE, 4 NO RESULT)
    Verify {
        /// The level (.lua)
        level: PathBuf,
        /// The solution (.json), as saved with F11 or on a win
        solution: PathBuf,
        /// Steps to run at most (default: the solution's max_steps)
        #[arg(long, value_name = "N")]
        max_steps: Option<u64>,
        /// Show what the scene prints (print, message, win, lose) while it runs
        #[arg(long)]
        print: bool,
        /// Save a PNG of the replay's last step (to see why it fails)
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
        /// Save the replay as a PNG sequence into this folder
        #[arg(long, value_name = "DIR")]
        frames: Option<PathBuf>,
        /// With --frames: a picture every K steps
        #[arg(long, value_name = "K", default_value_t = 10, requires = "frames")]
        every: u64,
        /// Picture size for --screenshot and --frames
        #[arg(long, value_name = "WxH", default_value = "1280x720", value_parser = parse_size)]
        size: (u32, u32),
        #[command(flatten)]
        limits: Limits,
    },
    /// Rewrite a body's constructor call in the scene file: the literal
    /// arguments in place, formatting and comments kept (exit 0 written,
    /// 1 refused with FILE:LINE and the file untouched, 2 usage)
    Edit {
        /// The scene file (.lua)
        scene: PathBuf,
        /// The body, by its `name`
        #[arg(long, value_name = "NAME")]
        body: String,
        /// An option to set: x, y, angle, vx, vy, omega, w, h, r, mass,
        /// density, friction, restitution, color, ... (inserted when absent)
        #[arg(long = "set", value_name = "KEY=VALUE", required = true)]
        sets: Vec<String>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Measure the cost of Lua force fields, or (--render) of drawing
    Bench {
        /// Time the renderer instead: 5,000 bodies at 1280x720
        #[arg(long)]
        render: bool,
        /// Time hot reload instead: save -> first frame for 1,000 bodies
        #[arg(long, conflicts_with = "render")]
        reload: bool,
        /// Time time travel instead: replay on save and scrubbing a
        /// 10-minute session of 200 balls with a Lua force field
        #[arg(long, conflicts_with_all = ["render", "reload"])]
        replay: bool,
        /// Bodies in the field
        #[arg(long, default_value_t = 10_000)]
        bodies: usize,
        /// Steps per measurement
        #[arg(long, default_value_t = 100)]
        steps: u64,
    },
}

fn options(l: &Limits, echo: bool) -> Result<SceneOptions, String> {
    if !(l.time_limit > 0.0 && l.time_limit <= 3600.0) {
        return Err(format!(
            "--time-limit must be between 0 and 3600 seconds, got {}",
            l.time_limit
        ));
    }
    Ok(SceneOptions {
        memory_limit: (l.memory_limit as usize) << 20,
        time_limit: Duration::from_secs_f64(l.time_limit),
        world_limits: crate::physics::settings::WorldLimits {
            max_bodies: l.max_bodies as usize,
            ..Default::default()
        },
        echo,
        ..SceneOptions::default()
    })
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WIDTHxHEIGHT, got '{s}'"))?;
    let dim = |v: &str| -> Result<u32, String> {
        match v.trim().parse::<u32>() {
            Ok(n) if (1..=8192).contains(&n) => Ok(n),
            _ => Err(format!("size must be 1..8192 pixels, got '{v}'")),
        }
    };
    Ok((dim(w)?, dim(h)?))
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("physbox: {msg}");
    ExitCode::from(2)
}

/// The default scene, found from the current directory or the source tree.
pub fn default_scene() -> PathBuf {
    let here = PathBuf::from("scenes/gallery.lua");
    if here.is_file() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/gallery.lua")
}

fn has_display() -> bool {
    std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
}

impl Cli {
    /// Whether this command line opens a window (the others only print).
    pub fn opens_window(&self) -> bool {
        match &self.command {
            None => true,
            Some(Command::Run {
                headless, watch, ..
            }) => !headless && !watch,
            Some(_) => false,
        }
    }
}

pub fn main_with(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            let options = match options(&cli.limits, true) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            let path = cli.open.unwrap_or_else(default_scene);
            let known = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("lua") || e.eq_ignore_ascii_case("json"));
            if !known {
                return usage(&format!(
                    "'{}' is neither a command nor a scene (.lua) or snapshot (.json); see physbox --help",
                    path.display()
                ));
            }
            open_window(path, options, cli.limits.history_mib)
        }
        Some(Command::Run {
            scene,
            headless,
            steps,
            dump,
            csv,
            screenshot,
            snapshot,
            frames,
            every,
            size,
            watch,
            exit_after_reloads,
            restart,
            replay,
            inputs,
            profile,
            limits,
        }) => {
            let options = match options(&limits, true) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            let input_log = inputs;
            let inputs = match input_log
                .as_deref()
                .map(crate::app::history::input_log::load)
            {
                None => Vec::new(),
                Some(Ok(log)) => log,
                Some(Err(e)) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(1);
                }
            };
            if watch {
                use crate::app::reload::mode::ReloadMode;
                let mode = match (restart, replay) {
                    (true, _) => ReloadMode::Restart,
                    (_, true) => ReloadMode::Replay,
                    _ => ReloadMode::KeepState,
                };
                return watch_headless(scene, options, size, exit_after_reloads, mode, inputs);
            }
            if !headless {
                let outputs = [dump.is_some(), csv.is_some(), screenshot.is_some()];
                if outputs.contains(&true) || frames.is_some() || snapshot.is_some() {
                    return usage(
                        "--dump, --csv, --screenshot, --snapshot and --frames need --headless",
                    );
                }
                return open_window(scene, options, limits.history_mib);
            }
            if every == 0 {
                return usage("--every must be at least 1");
            }
            let req = RunRequest {
                scene,
                steps,
                seconds: None,
                dump,
                csv,
                screenshot,
                snapshot,
                frames: frames.map(|d| (d, every)),
                size,
                inputs,
                input_log,
                options,
                profile,
            };
            match headless::run(&req) {
                Ok(report) => {
                    eprintln!("{}", headless::summary(&report));
                    if let Some(lines) = headless::profile_lines(&report) {
                        eprintln!("{lines}");
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::New { dir }) => match super::new_folder::create(&dir) {
            Ok(files) => {
                for f in &files {
                    println!("wrote {}", f.display());
                }
                println!("next: physbox {}", dir.join("scene.lua").display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(1)
            }
        },
        Some(Command::Check { scene, limits }) => {
            let options = match options(&limits, false) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            // A snapshot is checked as `run` opens it: the file's every
            // field, then its scene run and the state restored.
            match super::snapshot::load_any(&scene, &options) {
                Ok(s) => {
                    let w = s.world();
                    let shown = crate::script::scene::shown_path;
                    let bodies = match w.body_count() {
                        1 => "1 body".to_string(),
                        n => format!("{n} bodies"),
                    };
                    if super::snapshot::is_snapshot(&scene) {
                        println!(
                            "{}: ok (a snapshot of {} at step {}, {bodies})",
                            shown(&scene),
                            shown(s.path()),
                            w.step_count(),
                        );
                    } else {
                        println!("{}: ok ({bodies})", shown(&scene));
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Verify {
            level,
            solution,
            max_steps,
            print,
            screenshot,
            frames,
            every,
            size,
            limits,
        }) => {
            let options = match options(&limits, print) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            if every == 0 {
                return usage("--every must be at least 1");
            }
            let pictures = crate::app::puzzle::verify::Pictures {
                screenshot,
                frames: frames.map(|d| (d, every)),
                size,
            };
            crate::app::puzzle::verify::command(&level, &solution, max_steps, &options, &pictures)
        }
        Some(Command::Edit {
            scene,
            body,
            sets,
            limits,
        }) => {
            let options = match options(&limits, false) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            crate::app::edit::command::run(&scene, &body, &sets, &options)
        }
        Some(Command::Bench {
            render,
            reload,
            replay,
            bodies,
            steps,
        }) => {
            if bodies == 0 || steps == 0 {
                return usage("--bodies and --steps must be positive");
            }
            let result = if replay {
                crate::app::history::bench::run()
            } else if reload {
                crate::app::reload::bench::run()
            } else if render {
                super::render_bench::run()
            } else {
                super::force_bench::run(bodies, steps).map_err(|e| e.to_string())
            };
            match result {
                Ok(text) => {
                    println!("{text}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
    }
}

fn watch_headless(
    scene: PathBuf,
    options: SceneOptions,
    size: (u32, u32),
    exit_after: Option<u64>,
    mode: crate::app::reload::mode::ReloadMode,
    inputs: Vec<crate::app::history::input_log::Entry>,
) -> ExitCode {
    let req = crate::app::reload::watch_run::WatchRequest {
        scene,
        options,
        mode,
        exit_after,
        size,
        inputs,
    };
    match crate::app::reload::watch_run::run(&req) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

/// Open `path` (a scene, or a snapshot `.json`) in a window. Without a
/// display, say so in one line and run it headless for ten simulated
/// seconds instead, with a summary and a screenshot.
fn open_window(path: PathBuf, options: SceneOptions, history_mib: u64) -> ExitCode {
    let why = if has_display() {
        match crate::app::window::frame_loop::run(&path, &options, history_mib as usize) {
            Ok(()) => return ExitCode::SUCCESS,
            Err(crate::app::window::frame_loop::WindowError::Scene(e)) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
            Err(crate::app::window::frame_loop::WindowError::NoWindow(why)) => why,
        }
    } else {
        "no display (DISPLAY / WAYLAND_DISPLAY unset)".to_string()
    };
    let shot = crate::app::window::frame_loop::headless_shot_path(&path);
    println!(
        "physbox: {why} — running {} headless for 10 simulated seconds instead",
        crate::script::scene::shown_path(&path)
    );
    match headless::run_ten_seconds(&path, &options, &shot) {
        Ok(report) => {
            println!("{}", headless::summary(&report));
            println!("physbox: screenshot of the last frame: {}", shot.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

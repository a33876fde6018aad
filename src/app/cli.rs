//! The command line (clap). Exit codes: 0 ok, 1 the scene failed, 2 usage.

use super::headless::{self, RunRequest};
use crate::script::{limits, Scene, SceneOptions};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "EXAMPLES:
    physbox                                         open the default scene (scenes/showcase.lua)
    physbox run scenes/pyramid.lua --headless --steps 600
    physbox run scenes/restitution.lua --headless --steps 900 --csv bounces.csv --dump final.json
    physbox check scenes/my_level.lua               load only: report errors, exit 1 if any
    physbox bench --bodies 10000                    cost of a Lua force field per step

Scenes are Lua 5.4; the API is in docs/lua-api.md.";

#[derive(Parser, Debug)]
#[command(name = "physbox", version, about = "A scriptable 2D physics sandbox: Lua scenes, headless runs", after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(clap::Args, Debug, Clone)]
pub struct Limits {
    /// Lua memory limit in MiB
    #[arg(long, value_name = "MIB", default_value_t = (limits::DEFAULT_MEMORY_LIMIT >> 20) as u64, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub memory_limit: u64,
    /// Seconds scene code may run without returning (endless-loop guard)
    #[arg(long, value_name = "SECONDS", default_value_t = limits::DEFAULT_TIME_LIMIT.as_secs_f64())]
    pub time_limit: f64,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a scene (headless for now: the window comes later)
    Run {
        /// The scene file (.lua)
        scene: PathBuf,
        /// Run without a window
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
        /// Save a PNG of the last frame (needs the renderer, not built yet)
        #[arg(long, value_name = "FILE")]
        screenshot: Option<PathBuf>,
        #[command(flatten)]
        limits: Limits,
    },
    /// Load a scene and report errors (exit 1 if it fails)
    Check {
        scene: PathBuf,
        #[command(flatten)]
        limits: Limits,
    },
    /// Measure the cost of Lua force fields
    Bench {
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
        echo,
        scripts_dir: None,
    })
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("physbox: {msg}");
    ExitCode::from(2)
}

/// The default scene, found from the current directory or the source tree.
pub fn default_scene() -> PathBuf {
    let here = PathBuf::from("scenes/showcase.lua");
    if here.is_file() {
        return here;
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/showcase.lua")
}

fn has_display() -> bool {
    std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
}

pub fn main_with(cli: Cli) -> ExitCode {
    match cli.command {
        None => open_default(),
        Some(Command::Run {
            scene,
            headless,
            steps,
            dump,
            csv,
            screenshot,
            limits,
        }) => {
            if screenshot.is_some() {
                return usage("--screenshot needs the renderer, which is not built yet");
            }
            if !headless {
                eprintln!("physbox: the window is not built yet — running headless (--headless)");
            }
            let options = match options(&limits, true) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            let req = RunRequest {
                scene,
                steps,
                dump,
                csv,
                options,
            };
            match headless::run(&req) {
                Ok(report) => {
                    eprintln!("{}", headless::summary(&report));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Check { scene, limits }) => {
            let options = match options(&limits, false) {
                Ok(o) => o,
                Err(m) => return usage(&m),
            };
            match Scene::load(&scene, &options) {
                Ok(s) => {
                    let w = s.world();
                    println!(
                        "{}: ok ({} bodies)",
                        crate::script::scene::shown_path(&scene),
                        w.body_count()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(1)
                }
            }
        }
        Some(Command::Bench { bodies, steps }) => {
            if bodies == 0 || steps == 0 {
                return usage("--bodies and --steps must be positive");
            }
            match super::bench::run(bodies, steps) {
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

/// `physbox` with no arguments: the default scene. There is no window yet,
/// so it says so and runs the scene headless for ten simulated seconds.
fn open_default() -> ExitCode {
    if has_display() {
        println!("physbox: the window is not built yet — running the default scene headless");
    } else {
        println!("physbox: no display found (DISPLAY / WAYLAND_DISPLAY unset) — running the default scene headless");
    }
    let req = RunRequest {
        scene: default_scene(),
        steps: 600,
        options: SceneOptions {
            echo: true,
            ..SceneOptions::default()
        },
        ..RunRequest::default()
    };
    match headless::run(&req) {
        Ok(report) => {
            println!("{}", headless::summary(&report));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

//! Side-by-side speed comparison: physbox vs Box2D v3 (`boxdd`) vs rapier2d,
//! on scenes that follow Box2D v3's own benchmark definitions.
//!
//! ```text
//! cargo bench --bench compare -- [SCENE...] [--steps N] [--warmup W]
//!                                [--repeats R] [--chunk C] [--sleep on|off]
//!                                [--engines box2d,rapier2d,physbox] [--stages]
//!                                [--chunks] [--interleave B]
//! ```
//! Scenes: Box2D v3's benchmarks (`big`): large_pyramid, many_pyramids,
//! rain, tumbler, joint_grid; and sandbox-sized scenes (`sandbox`):
//! ball_pit (200 balls; `ball_pit_N` for N balls: 50, 800 and 2000 are in
//! the set), box_pile, ragdolls, chain, cradles, mixed. Default: all.
//! `--steps N`: total steps per run, default Box2D's count for its scenes
//! (500 / 200 / 1000 / 750 / 500) and 600 for the sandbox ones. The first W (default 1, as Box2D's driver does) are
//! warm-up and untimed; the other N - W are timed one by one (for rain the
//! body spawning before a step is timed with it, as in Box2D's driver).
//! `--repeats R` builds and runs each scene R times per engine (engines
//! interleaved) and keeps each engine's run with the lowest mean (Box2D's
//! driver does 4; default here 1).
//! `--chunk C`: chunk length for the best/worst chunk columns (default 50).
//! `--chunks`: after each run, print every chunk's mean (ms/step), the
//! bodies awake at its end and those moving faster than 0.05 m/s over its
//! last step, to see when in the run an engine spends its time (rain: as
//! its piles settle, and once they fall asleep) and whether its bodies
//! still move when it sleeps later.
//! `--stages`: after each run, print the engine's own per-stage profile
//! (mean ms/step; physbox's `World::profile` and Box2D's `b2Profile`);
//! with `--chunks` too, each chunk's stages (which stage gets cheaper as a
//! pile settles).
//! `--sleep on|off`: override the scenes' sleep setting for every engine
//! (default: Box2D's choice, off for the pyramids, on for rain).
//! `--engines physbox-ns` adds physbox without seam handling
//! (`WorldSettings::smooth_seams` off): the tiles of rain's shelves then
//! catch a rolling ball at their corners as Box2D's do, where physbox's
//! own floor lets it roll on (why rain's piles settle later in physbox).
//! `--interleave B`: build the scene in every engine first, then step them
//! in turn, B steps each, so that the machine's drift over a run (another
//! process, the host) reaches every engine alike; each step is still timed
//! alone. Without it each engine runs its whole scene before the next
//! starts.
//!
//! Everything is single-threaded: Box2D with one worker, rapier2d without its
//! `parallel` feature. See `compare/scenes.rs` for the scene parameters.

#[path = "compare/boxdd_scenes.rs"]
mod boxdd_scenes;
#[path = "compare/physbox_scenes.rs"]
mod physbox_scenes;
#[path = "compare/rapier_scenes.rs"]
mod rapier_scenes;
#[path = "compare/run.rs"]
mod run;
#[path = "compare/scenes.rs"]
mod scenes;

use run::{run_interleaved, run_once, RunResult};

pub use scenes::Scene;

/// One engine running one scene.
pub trait Engine {
    fn name(&self) -> &str;
    /// Advance one step (1/60 s, 4 substeps); for rain, spawn first.
    fn step(&mut self);
    /// Dynamic bodies created so far.
    fn body_count(&self) -> usize;
    /// Position (body origin) and angle of every body of the scene's list
    /// (`SceneDesc::bodies`, then the spawned ones), in creation order: the
    /// mean height shows the scene really ran and the pyramids stayed up;
    /// joint_grid's hinge gaps are measured from them. `&mut` because
    /// boxdd's body access needs it.
    fn poses(&mut self) -> Vec<[f64; 3]>;
    /// Per-stage times summed over every step so far, in ms (the engine's
    /// own step profile; empty if it has none). Printed with `--stages`.
    fn stages(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// Anything else the engine's profile tells (printed with `--stages`
    /// when not empty): how many contacts it holds, physbox's share of
    /// manifolds kept.
    fn notes(&self) -> String {
        String::new()
    }
    /// Bodies awake now, if the engine tells (printed per chunk with
    /// `--chunks`: when a scene's cost falls, is it because it sleeps?).
    fn awake(&self) -> Option<usize> {
        None
    }
}

const DEFAULT_ENGINES: &[&str] = &["physbox", "box2d", "rapier2d"];

fn make_engine(name: &str, scene: Scene) -> Option<Box<dyn Engine>> {
    match name {
        "box2d" | "boxdd" => Some(Box::new(boxdd_scenes::Box2dEngine::new(scene))),
        "rapier2d" | "rapier" => Some(Box::new(rapier_scenes::RapierEngine::new(scene))),
        "physbox" => Some(Box::new(physbox_scenes::PhysboxEngine::new(scene))),
        "physbox-ns" => Some(Box::new(physbox_scenes::PhysboxEngine::with_seams(
            scene, false,
        ))),
        _ => None,
    }
}

struct Options {
    scenes: Vec<Scene>,
    engines: Vec<String>,
    steps: Option<usize>,
    warmup: usize,
    repeats: usize,
    chunk: usize,
    stages: bool,
    chunks: bool,
    /// `--interleave B`: every engine's run at once, B steps of each in
    /// turn (`run::run_interleaved`).
    interleave: Option<usize>,
}

fn parse_args() -> Options {
    let mut o = Options {
        scenes: Vec::new(),
        engines: DEFAULT_ENGINES.iter().map(|s| s.to_string()).collect(),
        steps: None,
        warmup: 1,
        repeats: 1,
        chunk: 50,
        stages: false,
        chunks: false,
        interleave: None,
    };
    let mut args = std::env::args().skip(1);
    let num = |v: Option<String>, flag: &str| -> usize {
        v.and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("{flag} needs a number"))
    };
    while let Some(a) = args.next() {
        // `--flag=value` or `--flag value`.
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let mut value = || inline.clone().or_else(|| args.next());
        match flag.as_str() {
            "--bench" => {} // passed by `cargo bench`
            "--stages" => o.stages = true,
            "--chunks" => o.chunks = true,
            "--steps" => o.steps = Some(num(value(), "--steps")),
            "--warmup" => o.warmup = num(value(), "--warmup"),
            "--repeats" => o.repeats = num(value(), "--repeats").max(1),
            "--chunk" => o.chunk = num(value(), "--chunk").max(1),
            "--interleave" => o.interleave = Some(num(value(), "--interleave").max(1)),
            "--sleep" => {
                let v = match value().as_deref() {
                    Some("off") => 1,
                    Some("on") => 2,
                    _ => panic!("--sleep needs on or off"),
                };
                scenes::SLEEP_OVERRIDE.store(v, std::sync::atomic::Ordering::Relaxed);
            }
            "--engines" => {
                o.engines = value()
                    .expect("--engines needs a list")
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "-h" | "--help" => {
                println!(
                    "cargo bench --bench compare -- [big|sandbox|SCENE ...] \
                     [--steps N] [--warmup W] [--repeats R] [--chunk C] [--chunks] [--sleep on|off] \
                     [--engines box2d,rapier2d,physbox,physbox-ns] [--stages] [--interleave B]"
                );
                std::process::exit(0);
            }
            s if s.starts_with('-') => eprintln!("ignoring unknown option {s}"),
            s => match Scene::parse(s) {
                Some(sc) => o.scenes.extend(sc),
                None => eprintln!("ignoring unknown scene {s}"),
            },
        }
    }
    if o.scenes.is_empty() {
        o.scenes = Scene::all();
    }
    o
}

fn main() {
    let o = parse_args();
    println!(
        "physbox speed comparison: dt 1/60, 4 substeps, single thread; warm-up {} step(s), \
         best of {} run(s), chunk {}",
        o.warmup, o.repeats, o.chunk
    );
    if cfg!(debug_assertions) {
        println!("WARNING: debug build; use `cargo bench` (release profile)");
    }
    let mut summary = Vec::new();
    for &scene in &o.scenes {
        let steps = o.steps.unwrap_or(scene.default_steps());
        println!();
        println!("== {} ({} steps) ==", scene.name(), steps);
        println!(
            "{:<14} {:<9} {:>7} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}  avg y start -> end",
            "scene",
            "engine",
            "bodies",
            "ms/step",
            "best chk",
            "worst chk",
            "mean/b2d",
            "best/b2d",
            "setup ms"
        );
        // Repeats interleave the engines, so a burst of load from elsewhere
        // on the machine hits them alike; each engine keeps its best run.
        let mut best: Vec<Option<RunResult>> = o.engines.iter().map(|_| None).collect();
        for _ in 0..o.repeats {
            let runs: Vec<RunResult> = match o.interleave {
                Some(block) => run_interleaved(&o.engines, scene, steps, block, &o),
                None => o
                    .engines
                    .iter()
                    .map(|name| run_once(name, scene, steps, &o))
                    .collect(),
            };
            for (slot, r) in best.iter_mut().zip(runs) {
                if slot.as_ref().is_none_or(|b| r.mean_ms < b.mean_ms) {
                    *slot = Some(r);
                }
            }
        }
        let results: Vec<RunResult> = best.into_iter().flatten().collect();
        let reference = results.iter().find(|r| r.engine == "box2d");
        let (ref_mean, ref_chunk) = reference
            .map(|r| (r.mean_ms, r.best_chunk_ms))
            .unwrap_or((f64::NAN, f64::NAN));
        for r in &results {
            println!(
                "{:<14} {:<9} {:>7} {:>9.3} {:>9.3} {:>9.3} {:>8.2}x {:>8.2}x {:>9.1}  {:.3} -> {:.3}",
                scene.name(),
                r.engine,
                r.bodies,
                r.mean_ms,
                r.best_chunk_ms,
                r.worst_chunk_ms,
                r.mean_ms / ref_mean,
                r.best_chunk_ms / ref_chunk,
                r.setup_ms,
                r.avg_y_start,
                r.avg_y_end
            );
            if let Some(gap) = r.hinge_gap {
                let widest = r.widest_gap.map_or(String::new(), |(w, step)| {
                    format!("; widest at any chunk's end: {w:.4} m (step {step})")
                });
                println!(
                    "{:<14} {:<9} widest-open hinge at the end: {gap:.4} m{widest}",
                    "", r.engine
                );
            }
        }
        summary.push((scene, ref_mean, results));
    }
    println!();
    println!("summary (mean ms/step over the timed steps; ratio = engine / box2d):");
    for (scene, ref_mean, results) in &summary {
        let line: Vec<String> = results
            .iter()
            .map(|r| {
                format!(
                    "{} {:.3} ({:.2}x)",
                    r.engine,
                    r.mean_ms,
                    r.mean_ms / ref_mean
                )
            })
            .collect();
        println!("  {:<14} {}", scene.name(), line.join("  "));
    }
}

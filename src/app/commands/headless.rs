//! Running a scene without a window: load, step N times, write the outputs.

use super::export::{dump_json, plots_csv};
use super::outputs::{self, Input, Output};
use super::progress::Progress;
use crate::app::history::driver::{apply_due, step_once, Driver};
use crate::app::history::input_log::Entry;
use crate::app::history::replay::hash_text;
use crate::app::view;
use crate::physics::StepProfile;
use crate::render::{image, Renderer};
use crate::script::{Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What `physbox run --headless` was asked to do.
#[derive(Clone, Debug)]
pub struct RunRequest {
    pub scene: PathBuf,
    pub steps: u64,
    /// Run this many simulated seconds instead of `steps` (rounded to steps).
    pub seconds: Option<f64>,
    pub dump: Option<PathBuf>,
    pub csv: Option<PathBuf>,
    /// A PNG of the last frame.
    pub screenshot: Option<PathBuf>,
    /// A snapshot of the last step (as F5 saves it).
    pub snapshot: Option<PathBuf>,
    /// A PNG sequence: every `k` steps into the folder (and the first frame).
    pub frames: Option<(PathBuf, u64)>,
    /// Picture size in pixels.
    pub size: (u32, u32),
    /// User actions to apply by step (`--inputs`, the input log format).
    pub inputs: Vec<Entry>,
    /// The file `inputs` was read from (no output may overwrite it).
    pub input_log: Option<PathBuf>,
    pub options: SceneOptions,
    /// Time every step's stages (`--profile`): the report then carries
    /// their means (`RunReport::profile`).
    pub profile: bool,
}

/// The size pictures are saved at unless asked otherwise.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 720);

impl Default for RunRequest {
    fn default() -> Self {
        RunRequest {
            scene: PathBuf::new(),
            steps: 0,
            seconds: None,
            dump: None,
            csv: None,
            screenshot: None,
            snapshot: None,
            frames: None,
            size: DEFAULT_SIZE,
            inputs: Vec::new(),
            input_log: None,
            options: SceneOptions::default(),
            profile: false,
        }
    }
}

/// Summary of a finished run.
pub struct RunReport {
    pub scene: Scene,
    pub wall_seconds: f64,
    /// Steps this run took (a snapshot's earlier steps not counted).
    pub steps_run: u64,
    /// With `--profile`: the mean of every step's stage times
    /// (`World::profile`, milliseconds).
    pub profile: Option<StepProfile>,
}

/// Steps between progress updates (and budget checks by the caller).
const CHUNK: u64 = 60;

pub fn run(req: &RunRequest) -> Result<RunReport, SceneError> {
    if matches!(req.frames, Some((_, 0))) {
        return Err(SceneError::new("--every must be at least 1"));
    }
    // Every output path is made ready first: a long run must not fail at
    // its end over a missing folder.
    let files: Vec<Output> = [
        ("--dump", &req.dump),
        ("--csv", &req.csv),
        ("--snapshot", &req.snapshot),
        ("--screenshot", &req.screenshot),
    ]
    .into_iter()
    .filter_map(|(flag, p)| {
        Some(Output {
            flag,
            path: p.as_deref()?,
        })
    })
    .collect();
    let frames = req.frames.as_ref().map(|(d, _)| d.as_path());
    // The files the run reads that are known before it loads: an output
    // naming one would replace it (the scene overwritten by a PNG, exit 0).
    let snapshot_scene = super::snapshot::is_snapshot(&req.scene)
        .then(|| super::snapshot::scene_of(&req.scene).ok())
        .flatten();
    let mut inputs = vec![Input {
        what: if snapshot_scene.is_some() {
            "the snapshot"
        } else {
            "the scene"
        },
        path: &req.scene,
    }];
    inputs.extend(snapshot_scene.as_deref().map(|path| Input {
        what: "the snapshot's scene",
        path,
    }));
    inputs.extend(req.input_log.as_deref().map(|path| Input {
        what: "the input log (--inputs)",
        path,
    }));
    outputs::prepare(&files, frames, &inputs).map_err(SceneError::new)?;
    // A scene, or a snapshot of one (restored, then run on).
    let mut scene = super::snapshot::load_any(&req.scene, &req.options)?;
    // The modules it required are known now, before its first step.
    outputs::refuse_modules(&files, frames, &scene.sources(), "a file the scene runs")
        .map_err(SceneError::new)?;
    let steps = match req.seconds {
        Some(s) => (s / scene.dt()).round().max(1.0) as u64,
        None => req.steps,
    };
    let start = Instant::now();
    let mut progress = Progress::new(steps);
    let mut done = 0;
    let mut renderer = Renderer::new();
    let (w, h) = req.size;
    let mut frame_no = 0u64;
    let mut save_frame = |scene: &mut Scene, done: u64| -> Result<(), SceneError> {
        if let Some((dir, every)) = &req.frames {
            if done % every == 0 {
                let pm = view::still(&mut renderer, scene, w, h).map_err(SceneError::new)?;
                let path = dir.join(format!("frame_{frame_no:06}.png"));
                image::save_png(&pm, &path).map_err(SceneError::new)?;
                frame_no += 1;
            }
        }
        Ok(())
    };
    save_frame(&mut scene, 0)?;
    let mut driver = Driver::default();
    let mut next_input = 0;
    // The world keeps the last step's stage times only: profiled, the run
    // goes a step at a time (as the window does) and adds them up.
    let mut profile_sum = StepProfile::default();
    let result = loop {
        if done >= steps {
            break apply_due(&mut scene, &mut driver, &req.inputs, &mut next_input).map(|_| ());
        }
        let mut n = CHUNK.min(steps - done);
        if let Some((_, every)) = &req.frames {
            n = n.min(every - done % every);
        }
        if req.profile {
            n = 1;
        }
        let stepped = if next_input < req.inputs.len() || driver.drag().is_some() {
            // Inputs go in between steps, as the window gives them.
            n = 1;
            step_once(&mut scene, &mut driver, &req.inputs, &mut next_input).map(|_| ())
        } else {
            scene.step(n)
        };
        if let Err(e) = stepped {
            break Err(e);
        }
        if req.profile {
            profile_sum.accumulate(scene.world().profile());
        }
        done += n;
        if let Err(e) = save_frame(&mut scene, done) {
            break Err(e);
        }
        progress.update(done);
    };
    progress.finish();
    result?;
    let wall_seconds = start.elapsed().as_secs_f64();
    if let Some(path) = &req.dump {
        let text = serde_json::to_string_pretty(&dump_json(&scene)).expect("JSON of plain numbers");
        write(path, &text)?;
    }
    if let Some(path) = &req.csv {
        write(path, &plots_csv(&scene))?;
    }
    if let Some(path) = &req.snapshot {
        super::snapshot::save(&scene, path).map_err(SceneError::new)?;
    }
    if let Some(path) = &req.screenshot {
        let pm = view::still(&mut renderer, &mut scene, w, h).map_err(SceneError::new)?;
        image::save_png(&pm, path).map_err(SceneError::new)?;
    }
    Ok(RunReport {
        scene,
        wall_seconds,
        steps_run: done,
        profile: req
            .profile
            .then(|| profile_sum.scaled(1.0 / done.max(1) as f64)),
    })
}

fn write(path: &Path, text: &str) -> Result<(), SceneError> {
    outputs::write(path, text).map_err(SceneError::new)
}

/// One line about a finished run.
pub fn summary(report: &RunReport) -> String {
    let world = report.scene.world();
    let bodies = world.body_count();
    format!(
        "{}: {} steps ({:.2} s simulated) in {:.1} ms ({:.3} ms/step), {} bodies ({} awake), energy {:.3} J, state_hash={}",
        crate::script::scene::shown_path(report.scene.path()),
        world.step_count(),
        world.time(),
        report.wall_seconds * 1000.0,
        report.wall_seconds * 1000.0 / report.steps_run.max(1) as f64,
        bodies,
        world.awake_body_count(),
        world.energy(),
        hash_text(&report.scene)
    )
}

/// With `--profile`: where a step's time went, as lines to print after
/// the summary (mean milliseconds a step, the physics stages of
/// `World::profile` and what the step cost beyond them: Lua callbacks,
/// the pictures asked for).
pub fn profile_lines(report: &RunReport) -> Option<String> {
    let p = report.profile?;
    let wall = report.wall_seconds * 1000.0 / report.steps_run.max(1) as f64;
    Some(format!(
        "time a step (mean of {} steps): {wall:.3} ms, physics {:.3} ms, Lua callbacks and the rest {:.3} ms\n  physics: pairs {:.3}  narrow phase {:.3}  solver setup {:.3} (bodies and joints {:.3}, islands {:.3}, contacts {:.3})  substeps {:.3}  finish {:.3}  write-back {:.3}  sleep {:.3}  events {:.3}",
        report.steps_run,
        p.step,
        (wall - p.step).max(0.0),
        p.pairs,
        p.collide,
        p.solver_setup,
        p.setup_bodies,
        p.setup_islands,
        p.setup_contacts,
        p.substeps,
        p.finish,
        p.write_back,
        p.sleep,
        p.events,
    ))
}

/// What `physbox` does without a display: ten simulated seconds of the
/// scene (or of a snapshot, from its saved state), then a screenshot.
pub fn run_ten_seconds(
    path: &Path,
    options: &SceneOptions,
    shot: &Path,
) -> Result<RunReport, SceneError> {
    run(&RunRequest {
        scene: path.to_path_buf(),
        seconds: Some(10.0),
        screenshot: Some(shot.to_path_buf()),
        options: options.clone(),
        ..RunRequest::default()
    })
}

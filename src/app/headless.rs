//! Running a scene without a window: load, step N times, write the outputs.

use super::export::{dump_json, plots_csv};
use super::progress::Progress;
use crate::script::{Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What `physbox run --headless` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct RunRequest {
    pub scene: PathBuf,
    pub steps: u64,
    pub dump: Option<PathBuf>,
    pub csv: Option<PathBuf>,
    pub options: SceneOptions,
}

/// Summary of a finished run.
pub struct RunReport {
    pub scene: Scene,
    pub wall_seconds: f64,
}

/// Steps between progress updates (and budget checks by the caller).
const CHUNK: u64 = 60;

pub fn run(req: &RunRequest) -> Result<RunReport, SceneError> {
    let mut scene = Scene::load(&req.scene, &req.options)?;
    let start = Instant::now();
    let mut progress = Progress::new(req.steps);
    let mut done = 0;
    let result = loop {
        if done >= req.steps {
            break Ok(());
        }
        let n = CHUNK.min(req.steps - done);
        if let Err(e) = scene.step(n) {
            break Err(e);
        }
        done += n;
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
    Ok(RunReport {
        scene,
        wall_seconds,
    })
}

fn write(path: &Path, text: &str) -> Result<(), SceneError> {
    std::fs::write(path, text)
        .map_err(|e| SceneError::new(format!("cannot write {}: {e}", path.display())))
}

/// One line about a finished run.
pub fn summary(report: &RunReport) -> String {
    let world = report.scene.world();
    let bodies = world.body_count();
    format!(
        "{}: {} steps ({:.2} s simulated) in {:.1} ms, {} bodies ({} awake), energy {:.3} J",
        crate::script::scene::shown_path(report.scene.path()),
        world.step_count(),
        world.time(),
        report.wall_seconds * 1000.0,
        bodies,
        world.awake_body_count(),
        world.energy()
    )
}

//! One engine running one scene, a step at a time (`Run::step`), with
//! everything the benchmark notes along the way: each timed step, and with
//! `--chunks` the awake and moving bodies and the stages at each chunk's
//! end. `run_once` runs it straight through; `run_interleaved`
//! (`--interleave`) steps every engine's run a block at a time, in turn.

use std::time::Instant;

use super::scenes::{self, Scene, SceneDesc};
use super::{make_engine, Engine, Options};

pub struct RunResult {
    pub engine: String,
    pub bodies: usize,
    pub mean_ms: f64,
    pub best_chunk_ms: f64,
    pub worst_chunk_ms: f64,
    pub setup_ms: f64,
    pub avg_y_start: f64,
    pub avg_y_end: f64,
    /// Widest-open hinge at the end (m), for scenes with hinges between bodies.
    pub hinge_gap: Option<f64>,
    /// The widest-open hinge at any chunk's end, and the step (a swinging
    /// grid's gap at the last step is one moment of its swing).
    pub widest_gap: Option<(f64, usize)>,
}

/// A run in progress.
pub struct Run {
    name: String,
    e: Box<dyn Engine>,
    steps: usize,
    warmup: usize,
    /// Steps taken so far (warm-up included).
    taken: usize,
    setup_ms: f64,
    avg_y_start: f64,
    times: Vec<f64>,
    awake: Vec<usize>,
    /// With `--chunks`: the bodies moving faster than 0.05 m/s (Box2D's
    /// sleep threshold) at each chunk's end, from the poses one step
    /// apart: when one engine sleeps later, is its pile still moving?
    moving: Vec<usize>,
    poses_before_end: Vec<[f64; 3]>,
    /// The scene's description, built once: the hinges' gaps are measured
    /// from it at each chunk's end and at the end.
    desc: SceneDesc,
    hinged: bool,
    widest_gap: Option<(f64, usize)>,
    /// With `--chunks --stages`: the engine's stage totals at each chunk's
    /// start, to print each chunk's stages (which stage gets cheaper when
    /// a pile settles).
    stage_marks: Vec<Vec<(&'static str, f64)>>,
}

fn avg_y(poses: &[[f64; 3]]) -> f64 {
    if poses.is_empty() {
        0.0
    } else {
        poses.iter().map(|p| p[1]).sum::<f64>() / poses.len() as f64
    }
}

impl Run {
    /// Build the scene in engine `name` (timed: the setup column).
    pub fn new(name: &str, scene: Scene, steps: usize, o: &Options) -> Run {
        let t0 = Instant::now();
        let mut e = make_engine(name, scene).unwrap_or_else(|| panic!("unknown engine {name}"));
        let setup_ms = t0.elapsed().as_secs_f64() * 1e3;
        let avg_y_start = avg_y(&e.poses());
        let desc = scene.desc();
        let hinged = !desc.hinges.is_empty();
        let mut run = Run {
            name: name.to_string(),
            e,
            steps,
            warmup: o.warmup.min(steps.saturating_sub(1)),
            taken: 0,
            setup_ms,
            avg_y_start,
            times: Vec::with_capacity(steps),
            awake: Vec::new(),
            moving: Vec::new(),
            poses_before_end: Vec::new(),
            desc,
            hinged,
            widest_gap: None,
            stage_marks: Vec::new(),
        };
        if o.chunks && o.stages {
            run.stage_marks.push(run.e.stages());
        }
        run
    }

    pub fn done(&self) -> bool {
        self.taken >= self.steps
    }

    /// One step: untimed while warming up, then timed, with the chunk's
    /// notes (outside the timing) when it ends one.
    pub fn step(&mut self, o: &Options) {
        if self.done() {
            return;
        }
        self.taken += 1;
        if self.taken <= self.warmup {
            self.e.step();
            return;
        }
        let chunk = o.chunk;
        let t = Instant::now();
        self.e.step();
        self.times.push(t.elapsed().as_secs_f64() * 1e3);
        if o.chunks && (self.times.len() + 1) % chunk == 0 {
            self.poses_before_end = self.e.poses();
        }
        if self.times.len() % chunk != 0 {
            return;
        }
        if o.chunks {
            self.awake.extend(self.e.awake());
            let now = self.e.poses();
            self.moving.push(count_moving(&self.poses_before_end, &now));
        }
        if o.chunks && o.stages {
            self.stage_marks.push(self.e.stages());
        }
        if self.hinged {
            if let Some(gap) = scenes::worst_hinge_gap(&self.desc, &self.e.poses()) {
                if self.widest_gap.is_none_or(|(w, _)| gap > w) {
                    self.widest_gap = Some((gap, self.taken));
                }
            }
        }
    }

    /// The run's numbers (and, as asked, its chunks and stages printed).
    pub fn finish(mut self, o: &Options) -> RunResult {
        let (name, chunk) = (self.name.clone(), o.chunk);
        let times = &self.times;
        let mean_ms = times.iter().sum::<f64>() / times.len().max(1) as f64;
        // Means of consecutive non-overlapping chunks of `chunk` steps.
        let chunks: Vec<f64> = times
            .chunks_exact(chunk)
            .map(|w| w.iter().sum::<f64>() / chunk as f64)
            .collect();
        let (best_chunk_ms, worst_chunk_ms) = if chunks.is_empty() {
            (mean_ms, mean_ms)
        } else {
            (
                chunks.iter().copied().fold(f64::INFINITY, f64::min),
                chunks.iter().copied().fold(0.0, f64::max),
            )
        };
        if o.chunks {
            self.print_chunks(&chunks, chunk);
        }
        let poses = self.e.poses();
        let avg_y_end = avg_y(&poses);
        let hinge_gap = scenes::worst_hinge_gap(&self.desc, &poses);
        if o.stages && !self.e.stages().is_empty() {
            let line: Vec<String> = self
                .e
                .stages()
                .iter()
                .filter(|(_, ms)| *ms > 0.0)
                .map(|(stage, ms)| format!("{stage} {:.3}", ms / self.steps as f64))
                .collect();
            println!("  {name} stages (ms/step): {}", line.join(", "));
            let notes = self.e.notes();
            if !notes.is_empty() {
                println!("  {name} {notes}");
            }
        }
        RunResult {
            engine: self.e.name().to_string(),
            bodies: self.e.body_count(),
            mean_ms,
            best_chunk_ms,
            worst_chunk_ms,
            setup_ms: self.setup_ms,
            avg_y_start: self.avg_y_start,
            avg_y_end,
            hinge_gap,
            widest_gap: self.widest_gap,
        }
    }

    fn print_chunks(&self, chunks: &[f64], chunk: usize) {
        let name = &self.name;
        let line: Vec<String> = chunks.iter().map(|ms| format!("{ms:.2}")).collect();
        println!(
            "  {name} chunks of {chunk} steps (ms/step): {}",
            line.join(" ")
        );
        if !self.awake.is_empty() {
            let line: Vec<String> = self.awake.iter().map(|n| n.to_string()).collect();
            println!("  {name} awake at each chunk's end: {}", line.join(" "));
        }
        let line: Vec<String> = self.moving.iter().map(|n| n.to_string()).collect();
        println!(
            "  {name} moving over 0.05 m/s at each chunk's end: {}",
            line.join(" ")
        );
        let has_stages = self.stage_marks.iter().any(|m| !m.is_empty());
        for (k, pair) in self
            .stage_marks
            .windows(2)
            .enumerate()
            .filter(|_| has_stages)
        {
            let line: Vec<String> = pair[1]
                .iter()
                .zip(&pair[0])
                .map(|((stage, end), (_, start))| (stage, (end - start) / chunk as f64))
                .filter(|(_, ms)| *ms >= 0.005)
                .map(|(stage, ms)| format!("{stage} {ms:.2}"))
                .collect();
            let first = self.warmup + k * chunk + 1;
            println!(
                "  {name} steps {first}-{}: {}",
                first + chunk - 1,
                line.join(", ")
            );
        }
    }
}

/// One engine's run straight through.
pub fn run_once(name: &str, scene: Scene, steps: usize, o: &Options) -> RunResult {
    let mut run = Run::new(name, scene, steps, o);
    while !run.done() {
        run.step(o);
    }
    run.finish(o)
}

/// Every engine's run at once, `block` steps of each in turn, so that the
/// machine's drift (another process, the clock) hits all of them alike
/// instead of whichever ran during a burst.
pub fn run_interleaved(
    names: &[String],
    scene: Scene,
    steps: usize,
    block: usize,
    o: &Options,
) -> Vec<RunResult> {
    let mut runs: Vec<Run> = names.iter().map(|n| Run::new(n, scene, steps, o)).collect();
    while runs.iter().any(|r| !r.done()) {
        for run in runs.iter_mut() {
            for _ in 0..block {
                run.step(o);
            }
        }
    }
    runs.into_iter().map(|r| r.finish(o)).collect()
}

/// Bodies that moved more than 0.05 m/s (Box2D's sleep threshold) over the
/// one step between two lists of poses (bodies spawned in that step are
/// not counted).
fn count_moving(before: &[[f64; 3]], after: &[[f64; 3]]) -> usize {
    let limit = 0.05 / 60.0;
    before
        .iter()
        .zip(after)
        .filter(|(a, b)| (b[0] - a[0]).hypot(b[1] - a[1]) > limit)
        .count()
}

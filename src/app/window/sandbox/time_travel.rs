//! The sandbox's time travel: every user action goes through the input log
//! (`act`), the timeline shows any recorded step again (`seek`, step back
//! and forward, start, end), running on from a past step branches (the
//! recorded future goes), replay on save runs the new version from step 0
//! with the log (spread over frames behind a progress bar when long), and
//! the previous version can run on beside the new one as a ghost.

use super::Sandbox;
use crate::app::history::driver::{Applied, Driver};
use crate::app::history::input_log::{Action, Entry};
use crate::app::history::replay::Replay;
use crate::app::history::timeline::Timeline;
use crate::physics::{BodyId, BodyType, ShapeGeom, Vec2};
use crate::render::{OverlayCmd, Rgba};
use crate::script::Scene;
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

/// Wall time a frame may spend on a replay (the window stays responsive).
const REPLAY_SLICE: Duration = Duration::from_millis(30);
/// The ghost is not stepped beyond this many bodies (its cost is bounded).
pub const GHOST_MAX_BODIES: usize = 2000;
/// Trail length, in steps (3 s at 60 Hz).
const TRAIL_STEPS: usize = 180;

/// The previous version, run in lockstep after a replay reload.
struct Ghost {
    scene: Scene,
    driver: Driver,
    visible: bool,
    /// Why it stopped being stepped, if it did.
    stopped: Option<String>,
    /// Recent positions of each dynamic body (by body index), old version
    /// and new.
    old_trails: HashMap<u32, VecDeque<Vec2>>,
    new_trails: HashMap<u32, VecDeque<Vec2>>,
}

/// A replay on save under way.
struct Job {
    replay: Replay,
    /// The toast when it takes over.
    started_at_step: u64,
}

#[derive(Default)]
pub struct Travel {
    job: Option<Job>,
    ghost: Option<Ghost>,
    /// The left button went down on the timeline strip and is held.
    scrubbing: bool,
}

/// What the window shows while a replay runs.
pub struct ReplayProgress {
    pub fraction: f64,
    pub target: u64,
}

impl Travel {
    pub fn replaying(&self) -> bool {
        self.job.is_some()
    }

    /// After a step of the new version: the ghost takes the same step.
    pub fn ghost_step(&mut self) {
        let Some(g) = &mut self.ghost else {
            return;
        };
        if !g.visible || g.stopped.is_some() {
            return;
        }
        if g.scene.world().body_count() > GHOST_MAX_BODIES {
            g.stopped = Some(format!("more than {GHOST_MAX_BODIES} bodies"));
            return;
        }
        g.driver.before_step(&mut g.scene);
        if let Err(e) = g.scene.step(1) {
            g.stopped = Some(format!("the previous version failed: {e}"));
            return;
        }
        trail(&mut g.old_trails, &g.scene);
    }

    /// Faded outlines of the previous version and both versions' trails.
    pub fn ghost_overlay(&mut self, scene: &Scene) -> Vec<OverlayCmd> {
        let Some(g) = &mut self.ghost else {
            return Vec::new();
        };
        if !g.visible {
            return Vec::new();
        }
        if g.stopped.is_none() {
            trail(&mut g.new_trails, scene);
        }
        let old = Rgba {
            r: 0xff,
            g: 0x9f,
            b: 0x43,
            a: 0x90,
        };
        let new = Rgba {
            r: 0x7f,
            g: 0xdb,
            b: 0xff,
            a: 0x90,
        };
        let mut out = outlines(&g.scene, old);
        for (trails, color) in [(&g.old_trails, old), (&g.new_trails, new)] {
            for t in trails.values() {
                for (a, b) in t.iter().zip(t.iter().skip(1)) {
                    out.push(OverlayCmd::Line {
                        a: *a,
                        b: *b,
                        color,
                    });
                }
            }
        }
        out
    }
}

fn trail(trails: &mut HashMap<u32, VecDeque<Vec2>>, scene: &Scene) {
    let world = scene.world();
    let mut live = Vec::new();
    for (id, b) in world.bodies() {
        if b.body_type != BodyType::Dynamic {
            continue;
        }
        live.push(id.index);
        let t = trails.entry(id.index).or_default();
        if t.len() >= TRAIL_STEPS {
            t.pop_front();
        }
        t.push_back(b.xf.p);
    }
    trails.retain(|k, _| live.contains(k));
}

/// Every shape of `scene` as outline commands.
fn outlines(scene: &Scene, color: Rgba) -> Vec<OverlayCmd> {
    let world = scene.world();
    let mut out = Vec::new();
    for (id, b) in world.bodies() {
        let Ok(shapes) = world.shapes_of(id) else {
            continue;
        };
        for (_, s) in shapes {
            match &s.geom {
                ShapeGeom::Circle(c) => out.push(OverlayCmd::Circle {
                    center: b.xf.apply(c.center),
                    r: c.radius,
                    color,
                }),
                ShapeGeom::Polygon(p) => {
                    let n = p.count;
                    for i in 0..n {
                        out.push(OverlayCmd::Line {
                            a: b.xf.apply(p.vertices[i]),
                            b: b.xf.apply(p.vertices[(i + 1) % n]),
                            color,
                        });
                    }
                }
                ShapeGeom::Segment(sg) => out.push(OverlayCmd::Line {
                    a: b.xf.apply(sg.a),
                    b: b.xf.apply(sg.b),
                    color,
                }),
            }
        }
    }
    out
}

impl Sandbox {
    pub(super) fn with_fresh_timeline(mut self) -> Sandbox {
        self.timeline.restart_at(&self.scene, &self.driver);
        self
    }

    /// The memory the timeline may keep (`--history-mib`).
    pub fn set_history_mib(&mut self, mib: usize) {
        self.timeline = Timeline::new(mib);
        self.timeline.restart_at(&self.scene, &self.driver);
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// A user action: logged at the current step and applied (a past step
    /// branches first). Returns the body it spawned, if any.
    pub(super) fn act(&mut self, action: Action) -> Option<BodyId> {
        self.branch_if_in_the_past();
        let step = self.scene.world().step_count();
        let applied = self.driver.apply(&mut self.scene, &action);
        if let Some(g) = &mut self.ghost_mut() {
            let _ = g.driver.apply(&mut g.scene, &action);
        }
        self.timeline.push(Entry { step, action });
        match applied {
            Ok(Applied::Spawned(id)) => Some(id),
            Ok(_) => None,
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    fn ghost_mut(&mut self) -> Option<&mut Ghost> {
        self.travel.ghost.as_mut()
    }

    /// Is the world showing a step before the latest recorded one?
    pub fn in_the_past(&self) -> bool {
        self.scene.world().step_count() < self.timeline.span().1
    }

    /// Running on (or acting) from a past step: the recorded future goes.
    pub(super) fn branch_if_in_the_past(&mut self) {
        if !self.in_the_past() {
            return;
        }
        let at = self.scene.world().step_count();
        let dropped = self.timeline.branch(at);
        // The pointer moved while the past showed (not logged then): the
        // branch starts from where it is now.
        let (x, y) = self.scene.mouse();
        self.timeline.push(Entry {
            step: at,
            action: Action::Mouse { mouse: [x, y] },
        });
        let secs = dropped as f64 * self.scene.dt();
        self.travel.ghost = None;
        self.say(format!(
            "branched at t = {:.2} s: the {secs:.2} s recorded after it are gone",
            at as f64 * self.scene.dt()
        ));
    }

    /// Show recorded step `step` (paused).
    pub fn seek(&mut self, step: u64) {
        self.paused = true;
        self.clock.reset();
        self.poses.clear();
        match self.timeline.seek(&mut self.scene, &mut self.driver, step) {
            Ok(_) => {}
            Err(e) => self.fail(e),
        }
        if let Some(why) = self.timeline.diverged.clone() {
            self.error.script_error(format!("timeline: {why}"));
        }
    }

    /// The left button on the timeline strip (window point `at`): going
    /// down on it starts scrubbing, holding it scrubs. True when the strip
    /// took the button this frame (the tools then do not see it).
    pub fn scrub_frame(&mut self, left: bool, went_down: bool, at: (f32, f32)) -> bool {
        let (w, h) = (self.camera.width as f32, self.camera.height as f32);
        let r = crate::app::window::timeline_strip::place(w, h);
        let span = self.timeline.span();
        let on_strip = at.0 >= r.x - 4.0
            && at.0 <= r.right() + 4.0
            && at.1 >= r.y - 4.0
            && at.1 <= r.bottom() + 2.0;
        if went_down && on_strip && span.1 > span.0 && !self.travel.replaying() {
            self.travel.scrubbing = true;
        }
        if !left {
            self.travel.scrubbing = false;
        }
        if !self.travel.scrubbing {
            return false;
        }
        let step = crate::app::window::timeline_strip::step_at(&r, at.0, span);
        if step != self.scene.world().step_count() {
            self.seek(step);
        }
        true
    }

    /// `,`: one step back.
    pub fn step_back(&mut self) {
        let now = self.scene.world().step_count();
        self.seek(now.saturating_sub(1));
    }

    /// `.`: one step forward — along the recorded run while in the past,
    /// else a new step.
    pub fn step_forward(&mut self) {
        if self.in_the_past() {
            let now = self.scene.world().step_count();
            self.seek(now + 1);
        } else {
            self.single_step();
        }
    }

    /// Home / End.
    pub fn to_start(&mut self) {
        self.seek(self.timeline.span().0);
    }

    pub fn to_end(&mut self) {
        self.seek(self.timeline.span().1);
    }

    /// G: show or hide the previous version.
    pub fn toggle_ghost(&mut self) {
        match &mut self.travel.ghost {
            Some(g) => {
                g.visible = !g.visible;
                let text = if g.visible {
                    "ghost of the previous version shown (it runs in lockstep)"
                } else {
                    "ghost hidden (no longer stepped)"
                };
                self.say(text.into());
            }
            None => self.say(
                "no ghost: it appears after a replay reload (F10 until the HUD says replay, then save)"
                    .into(),
            ),
        }
    }

    /// A new version loaded in replay mode: run it from step 0 with the
    /// log up to the step shown now. Short replays finish at once; long
    /// ones go on over the next frames behind a progress bar.
    pub fn start_replay(&mut self, fresh: Scene) {
        let target = self.scene.world().step_count();
        let log: Vec<Entry> = self
            .timeline
            .log()
            .iter()
            .filter(|e| e.step <= target)
            .cloned()
            .collect();
        let replay = Replay::new(fresh, log, target).recording(self.timeline_budget_mib());
        self.travel.job = Some(Job {
            replay,
            started_at_step: target,
        });
        self.run_replay();
    }

    fn timeline_budget_mib(&self) -> usize {
        crate::app::history::timeline::DEFAULT_BUDGET_MIB
    }

    /// The replay under way, if any.
    pub fn replay_progress(&self) -> Option<ReplayProgress> {
        self.travel.job.as_ref().map(|j| ReplayProgress {
            fraction: j.replay.progress(),
            target: j.replay.target(),
        })
    }

    /// A frame's slice of the replay; when it is done the new version
    /// takes over and the old one becomes the ghost.
    pub(super) fn run_replay(&mut self) {
        let Some(job) = &mut self.travel.job else {
            return;
        };
        match job.replay.run_for(Some(REPLAY_SLICE)) {
            Ok(false) => {}
            Ok(true) => {
                let job = self.travel.job.take().expect("a job");
                self.replay_done(job);
            }
            Err(e) => {
                self.travel.job = None;
                let text = format!("replay failed: {e} — the previous version runs on");
                eprintln!("physbox: {text}");
                self.show_reload_error(text);
            }
        }
    }

    fn replay_done(&mut self, job: Job) {
        let r = job.replay.finish();
        let mut scene = r.scene;
        let old_view = self.scene.sim().camera().clone();
        scene.sim_mut().camera_mut().keep_view_of(&old_view);
        let old = std::mem::replace(&mut self.scene, scene);
        let old_driver = std::mem::replace(&mut self.driver, r.driver);
        if let Some(t) = r.timeline {
            self.timeline.replace_keyframes(t);
        }
        self.timeline.mark_reload(job.started_at_step);
        self.poses.clear();
        self.draw_failed = false;
        self.overlay.clear();
        if self.error.cleared_by_reload() {
            self.paused = false;
        }
        self.travel.ghost = Some(Ghost {
            scene: old,
            driver: old_driver,
            visible: true,
            stopped: None,
            old_trails: HashMap::new(),
            new_trails: HashMap::new(),
        });
        let mut text = format!(
            "replayed {} steps ({:.2} s) in {} ms",
            job.started_at_step,
            job.started_at_step as f64 * self.scene.dt(),
            r.elapsed.as_millis()
        );
        if r.dropped > 0 {
            text.push_str(&format!(
                "; {} input(s) dropped (their body is not in this version)",
                r.dropped
            ));
        }
        if r.printed > 0 {
            text.push_str(&format!(
                "; the scene printed {} line(s) on the way",
                r.printed
            ));
        }
        text.push_str("; G: ghost of the previous version");
        self.say(text);
    }
}

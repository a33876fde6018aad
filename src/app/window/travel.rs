//! The window's time travel, beside the running scene: every user action
//! goes through the input log and its driver (`act`), the timeline shows
//! any recorded step again (`seek`), running on from a past step branches
//! (the recorded future goes), replay on save runs the new version from
//! step 0 with the log (spread over frames behind a progress bar when
//! long), and the previous version can run on beside the new one as a
//! ghost. The sandbox owns one `Travel` and its scene; this file never
//! sees the sandbox.

use super::timeline_strip::{self, ReplayProgress};
use crate::app::history::driver::{body_ref, step_once, Applied, Drag, Driver};
use crate::app::history::input_log::{Action, Entry};
use crate::app::history::replay::{Replay, Replayed};
use crate::app::history::timeline::{Timeline, DEFAULT_BUDGET_MIB};
use crate::physics::{BodyId, BodyType, ShapeGeom, Vec2};
use crate::render::{OverlayCmd, Rgba};
use crate::script::{Scene, SceneError};
use std::collections::{HashMap, VecDeque};
use std::time::Duration;

/// Wall time a frame may spend on a replay (the window stays responsive).
const REPLAY_SLICE: Duration = Duration::from_millis(30);
/// The ghost is not stepped beyond this many bodies (its cost is bounded).
pub const GHOST_MAX_BODIES: usize = 2000;
/// Trail length, in steps (3 s at 60 Hz).
const TRAIL_STEPS: usize = 180;

/// Steps a ghost shown again catches up by (it is not stepped while
/// hidden); further behind, it stops.
const GHOST_CATCH_UP: u64 = 3600;

/// The previous version, run in lockstep after a replay reload.
struct Ghost {
    scene: Scene,
    driver: Driver,
    /// Its own history (the keyframes it had when the new version took
    /// over, then those of its lockstep run) and the same input log, so a
    /// seek shows it at the step shown.
    timeline: Timeline,
    visible: bool,
    /// Why it stopped being stepped, if it did.
    stopped: Option<String>,
    /// Recent positions of each dynamic body (by body index), old version
    /// and new.
    old_trails: HashMap<u32, VecDeque<Vec2>>,
    new_trails: HashMap<u32, VecDeque<Vec2>>,
}

pub struct Travel {
    timeline: Timeline,
    driver: Driver,
    /// A replay on save under way.
    job: Option<Replay>,
    ghost: Option<Ghost>,
    /// The left button went down on the timeline strip and is held.
    scrubbing: bool,
}

/// What a frame's slice of a replay came to.
pub enum ReplayStatus {
    Idle,
    Running,
    /// The new version, at the step the old one was at.
    Done(Box<Replayed>, u64),
    Failed(SceneError),
}

impl Travel {
    /// A fresh history of `scene` (the default memory budget).
    pub fn new(scene: &Scene) -> Travel {
        let mut t = Travel {
            timeline: Timeline::new(DEFAULT_BUDGET_MIB),
            driver: Driver::default(),
            job: None,
            ghost: None,
            scrubbing: false,
        };
        t.timeline.restart_at(scene, &t.driver);
        t
    }

    /// Start over with `scene` from where it is now (a new scene, a
    /// reload that keeps state: the old history belonged to another Lua
    /// state), keeping the budget; `reload` marks the step.
    pub fn restart(&mut self, scene: &Scene, reload: bool) {
        self.driver = Driver::default();
        self.job = None;
        self.ghost = None;
        self.timeline.restart_at(scene, &self.driver);
        if reload {
            self.timeline.mark_reload(scene.world().step_count());
        }
    }

    /// The memory the timeline may keep (`--history-mib`).
    pub fn set_budget(&mut self, mib: usize) {
        self.timeline.set_budget_mib(mib);
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The body held by the mouse.
    pub fn drag(&self) -> Option<&Drag> {
        self.driver.drag()
    }

    /// Is `scene` showing a step before the latest recorded one?
    pub fn in_the_past(&self, scene: &Scene) -> bool {
        scene.world().step_count() < self.timeline.span().1
    }

    /// Running on (or acting) from a past step: the recorded future goes.
    /// Returns the notice to show, if it branched.
    pub fn branch_if_in_the_past(&mut self, scene: &Scene) -> Option<String> {
        if !self.in_the_past(scene) {
            return None;
        }
        let at = scene.world().step_count();
        let dropped = self.timeline.branch(at);
        // The pointer moved while the past showed (not logged then): the
        // branch starts from where it is now.
        let (x, y) = scene.mouse();
        self.timeline.push(Entry {
            step: at,
            action: Action::Mouse { mouse: [x, y] },
        });
        self.ghost = None;
        let dt = scene.dt();
        Some(format!(
            "branched at t = {:.2} s: the {:.2} s recorded after it are gone",
            at as f64 * dt,
            dropped as f64 * dt
        ))
    }

    /// A user action at the scene's current step: logged and applied (also
    /// to the ghost). A past step branches first (the notice comes back).
    pub fn act(
        &mut self,
        scene: &mut Scene,
        action: Action,
    ) -> (Result<Option<BodyId>, SceneError>, Option<String>) {
        let note = self.branch_if_in_the_past(scene);
        let step = scene.world().step_count();
        let applied = self.driver.apply(scene, &action);
        if let Some(g) = &mut self.ghost {
            let _ = g.driver.apply(&mut g.scene, &action);
            g.timeline.push(Entry {
                step,
                action: action.clone(),
            });
        }
        self.timeline.push(Entry { step, action });
        let out = applied.map(|a| match a {
            Applied::Spawned(id) => Some(id),
            _ => None,
        });
        (out, note)
    }

    /// Grab body `id` at `p`, if it is dynamic (the action to act on).
    pub fn grab_action(scene: &Scene, id: BodyId, p: Vec2) -> Option<Action> {
        let dynamic = scene
            .world()
            .body(id)
            .is_ok_and(|b| b.body_type == BodyType::Dynamic);
        dynamic.then(|| Action::Grab {
            grab: body_ref(scene, id),
            at: [p.x, p.y],
        })
    }

    /// The held body's target moves to `p` (paused: the body itself).
    pub fn drag_action(&self, p: Vec2, paused: bool) -> Option<Action> {
        let d = self.driver.drag()?;
        if d.target == p {
            return None;
        }
        Some(if paused {
            Action::PlaceHeld {
                place_held: [p.x, p.y],
            }
        } else {
            Action::DragTo {
                drag_to: [p.x, p.y],
            }
        })
    }

    /// Before each live step: the drag pulls.
    pub fn before_step(&mut self, scene: &mut Scene) {
        self.driver.before_step(scene);
    }

    /// After each live step: a keyframe on schedule, the ghost's step.
    pub fn after_step(&mut self, scene: &Scene) {
        self.timeline.stepped(scene, &self.driver);
        self.ghost_step(scene);
    }

    /// Let go of the held body without logging it (edit mode takes over).
    pub fn let_go_quietly(&mut self, scene: &mut Scene) {
        self.driver.let_go(scene);
    }

    /// Show recorded step `step`. Err for a script error on the way; the
    /// second value is the divergence report, if a re-run disagreed.
    pub fn seek(&mut self, scene: &mut Scene, step: u64) -> Result<Option<String>, SceneError> {
        self.timeline.seek(scene, &mut self.driver, step)?;
        self.ghost_follow(scene);
        Ok(self
            .timeline
            .diverged
            .as_ref()
            .map(|d| match scene.clock_read() {
                Some(read) => format!("{d}; the scene reads the clock: {read}"),
                None => d.clone(),
            }))
    }

    /// The left button on the timeline strip of a `w` × `h` window (at
    /// window point `at`): going down on it starts scrubbing, holding it
    /// scrubs. `Some(step)` while the strip has the button (the tools then
    /// do not see it): the step to show.
    pub fn scrub(
        &mut self,
        (w, h): (f32, f32),
        left: bool,
        went_down: bool,
        at: (f32, f32),
    ) -> Option<u64> {
        let r = timeline_strip::place(w, h);
        let span = self.timeline.span();
        let on_strip = at.0 >= r.x - 4.0
            && at.0 <= r.right() + 4.0
            && at.1 >= r.y - 4.0
            && at.1 <= r.bottom() + 2.0;
        if went_down && on_strip && span.1 > span.0 && self.job.is_none() {
            self.scrubbing = true;
        }
        if !left {
            self.scrubbing = false;
        }
        self.scrubbing
            .then(|| timeline_strip::step_at(&r, at.0, span))
    }

    // ----- Replay on save -----

    pub fn replaying(&self) -> bool {
        self.job.is_some()
    }

    /// A new version loaded in replay mode: run it from step 0 with the
    /// log up to the step `current` shows.
    pub fn start_replay(&mut self, current: &Scene, fresh: Scene) {
        let target = current.world().step_count();
        let log: Vec<Entry> = self
            .timeline
            .log()
            .iter()
            .filter(|e| e.step <= target)
            .cloned()
            .collect();
        let replay = Replay::new(fresh, log, target).recording(self.timeline.budget_mib());
        self.job = Some(replay);
    }

    /// The replay under way, if any.
    pub fn replay_progress(&self) -> Option<ReplayProgress> {
        self.job.as_ref().map(|r| ReplayProgress {
            fraction: r.progress(),
            target: r.target(),
        })
    }

    /// A frame's slice of the replay.
    pub fn run_replay(&mut self) -> ReplayStatus {
        let Some(job) = &mut self.job else {
            return ReplayStatus::Idle;
        };
        match job.run_for(Some(REPLAY_SLICE)) {
            Ok(false) => ReplayStatus::Running,
            Ok(true) => {
                let replay = self.job.take().expect("a job");
                let target = replay.target();
                ReplayStatus::Done(Box::new(replay.finish()), target)
            }
            Err(e) => {
                self.job = None;
                ReplayStatus::Failed(e)
            }
        }
    }

    /// The replayed version takes over `scene`'s place (keeping the view):
    /// its keyframes and driver are the timeline's now, and the old version
    /// (with its driver) runs on as the ghost. Returns the toast.
    pub fn take_over(&mut self, scene: &mut Scene, r: Replayed, at: u64) -> String {
        let text = replayed_text(&r, at);
        let Replayed {
            scene: mut new,
            driver,
            timeline,
            ..
        } = r;
        let view = scene.sim().camera().clone();
        new.sim_mut().camera_mut().keep_view_of(&view);
        let old = std::mem::replace(scene, new);
        let old_driver = std::mem::replace(&mut self.driver, driver);
        let mut history = match timeline {
            Some(t) => self.timeline.replace_keyframes(t),
            None => {
                let mut t = Timeline::new(self.timeline.budget_mib());
                t.restart_at(&old, &old_driver);
                t
            }
        };
        // The ghost's history takes half the budget again.
        history.set_budget_mib(self.timeline.budget_mib() / 2);
        self.timeline.mark_reload(at);
        self.ghost = Some(Ghost {
            scene: old,
            driver: old_driver,
            timeline: history,
            visible: true,
            stopped: None,
            old_trails: HashMap::new(),
            new_trails: HashMap::new(),
        });
        text
    }

    // ----- The ghost -----

    /// G: show or hide the previous version; the notice to show.
    /// (`now`: the step shown, where a ghost shown again catches up to.)
    pub fn toggle_ghost(&mut self, now: u64) -> &'static str {
        match &mut self.ghost {
            Some(g) => {
                g.visible = !g.visible;
                if g.visible {
                    g.go_to(now);
                    "ghost of the previous version shown (it runs in lockstep)"
                } else {
                    "ghost hidden (no longer stepped)"
                }
            }
            None => "no ghost: it appears after a replay reload (F10 until the HUD says replay, then save)",
        }
    }

    /// After a live step of the new version (at `scene`): the ghost's
    /// step, and both trails grow.
    fn ghost_step(&mut self, scene: &Scene) {
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
        g.timeline.stepped(&g.scene, &g.driver);
        trail(&mut g.old_trails, &g.scene);
        trail(&mut g.new_trails, scene);
    }

    /// The new version was sought to another step: the ghost goes there
    /// too (from its own keyframes), and the trails start again there.
    fn ghost_follow(&mut self, scene: &Scene) {
        if let Some(g) = &mut self.ghost {
            g.go_to(scene.world().step_count());
        }
    }

    /// Faded outlines of the previous version and both versions' trails
    /// (nothing while the ghost is not at the step shown: hidden, stopped).
    pub fn ghost_overlay(&mut self, scene: &Scene) -> Vec<OverlayCmd> {
        let Some(g) = &mut self.ghost else {
            return Vec::new();
        };
        let now = scene.world().step_count();
        if !g.visible || g.scene.world().step_count() != now {
            return Vec::new();
        }
        let old = Rgba::rgb(0xff, 0x9f, 0x43).with_alpha(0xa0);
        let new = Rgba::rgb(0x7f, 0xdb, 0xff).with_alpha(0x70);
        let mut out = outlines(&g.scene, old);
        let old = old.with_alpha(0x70);
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

    /// The ghost's step and state hash, if there is one.
    pub fn ghost_state(&self) -> Option<(u64, u64)> {
        let g = self.ghost.as_ref()?;
        let w = g.scene.world();
        Some((w.step_count(), w.state_hash()))
    }
}

impl Ghost {
    /// Show step `step`: from its keyframes within its history, by
    /// stepping on beyond it (it was hidden while the new version ran on;
    /// at most `GHOST_CATCH_UP` steps, else it stops). The trails start
    /// again from there.
    fn go_to(&mut self, step: u64) {
        self.old_trails.clear();
        self.new_trails.clear();
        if self.stopped.is_some() || self.scene.world().step_count() == step {
            return;
        }
        let (first, last) = self.timeline.span();
        if step < first {
            // Before its history: it cannot show that step (not drawn).
            return;
        }
        if step > last + GHOST_CATCH_UP {
            self.stopped = Some("it fell too far behind while hidden".into());
            return;
        }
        let result = self
            .timeline
            .seek(&mut self.scene, &mut self.driver, step.min(last))
            .and_then(|_| {
                let log = self.timeline.log().to_vec();
                let now = self.scene.world().step_count();
                let mut next = log.partition_point(|e| e.step <= now);
                while self.scene.world().step_count() < step {
                    step_once(&mut self.scene, &mut self.driver, &log, &mut next)?;
                    self.timeline.record_replay(&self.scene, &self.driver, next);
                }
                Ok(())
            });
        if let Err(e) = result {
            self.stopped = Some(format!("the previous version failed: {e}"));
        }
    }
}

/// The toast after a replay on save.
pub fn replayed_text(r: &Replayed, at: u64) -> String {
    let mut text = format!(
        "replayed {at} steps ({:.2} s) in {} ms",
        at as f64 * r.scene.dt(),
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
    text + "; G: ghost of the previous version"
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

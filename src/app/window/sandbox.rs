//! The sandbox's state, independent of the window: the running scene, its
//! camera, the fixed-step clock, pause and speed, tools, panels and the
//! error box, and the puzzle's build mode. The window feeds it `Input` and
//! real time and shows what it draws; tests drive it the same way without a
//! window.
//!
//! The fields are private: keys (`keys.rs`), the mouse (`mouse.rs`,
//! `puzzle_input.rs`), drawing (`picture.rs`, `hud.rs`) and hot reload
//! (`reload/apply.rs`) go through the methods below, which keep the parts
//! in step — a new scene resets the clock, poses and tools; a script error
//! pauses; a drag ends when its body goes.

use super::error_banner::ErrorBanner;
use super::panels::Panels;
use super::pointer::RightButton;
use super::stats::Stats;
use super::tools::{self, Spawn, Tools};
use super::travel::{ReplayStatus, Travel};
use crate::app::clock::FixedStep;
use crate::app::commands::snapshot;
use crate::app::edit::session::EditSession;
use crate::app::history::input_log::Action;
use crate::app::history::timeline::Timeline;
use crate::app::puzzle::build_mode::BuildMode;
use crate::app::puzzle::parts::{Part, PartKind};
use crate::app::reload::carry::Carried;
use crate::app::reload::mode::ReloadMode;
use crate::app::reload::timing::Timing;
use crate::app::view;
use crate::physics::{BodyId, Vec2};
use crate::platform::Input;
use crate::render::text::TextPainter;
use crate::render::{Camera, Layer, Layers, OverlayCmd, Pixmap, Poses, Renderer};
use crate::script::{Outcome, Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Wall time one frame may spend stepping (the rest of a 60 Hz frame is
/// for drawing and input).
const STEP_BUDGET: Duration = Duration::from_millis(40);

/// Speed limits for slow motion / fast forward.
const MIN_SPEED: f64 = 1.0 / 16.0;
const MAX_SPEED: f64 = 8.0;

pub struct Sandbox {
    scene: Scene,
    /// What was opened: a scene file or a snapshot.
    opened: PathBuf,
    options: SceneOptions,
    camera: Camera,
    poses: Poses,
    clock: FixedStep,
    paused: bool,
    /// Time scale: 1 real time, < 1 slow motion, > 1 fast forward.
    speed: f64,
    layers: Layers,
    panels: Panels,
    error: ErrorBanner,
    /// Hot reload: keep state or restart (F10).
    reload_mode: ReloadMode,
    /// A reload was applied and its first frame not shown yet.
    reload_frame: Option<Timing>,
    tools: Tools,
    stats: Stats,
    renderer: Renderer,
    /// Where the screenshot, snapshot and solution keys write.
    out_dir: PathBuf,
    /// The scene's `draw(g)` failed: not called again until a restart.
    draw_failed: bool,
    /// What the scene's `draw(g)` drew last.
    overlay: Vec<OverlayCmd>,
    /// Last input, for button edges.
    last_input: Input,
    /// The scene's puzzle (it declared `tools{}`): parts, build mode.
    build: Option<BuildMode>,
    /// Edit mode (Ctrl+E): window edits written into the scene file.
    edit: Option<EditSession>,
    /// Time travel (`travel.rs`): the input log and its driver (which
    /// holds the drag), the timeline, a replay on save, the ghost.
    travel: Travel,
}

impl Sandbox {
    /// Open a scene or snapshot with a `width` × `height` view.
    pub fn open(
        path: &Path,
        options: &SceneOptions,
        width: u32,
        height: u32,
    ) -> Result<Sandbox, SceneError> {
        let scene = snapshot::load_any(path, options)?;
        Ok(Sandbox::with_scene(scene, path, options, width, height))
    }

    fn with_scene(
        mut scene: Scene,
        path: &Path,
        options: &SceneOptions,
        width: u32,
        height: u32,
    ) -> Sandbox {
        let camera = view::initial_camera(&mut scene, width, height);
        let build = BuildMode::for_scene(&scene);
        Sandbox {
            opened: path.to_path_buf(),
            options: options.clone(),
            camera,
            poses: Poses::default(),
            clock: FixedStep::default(),
            paused: false,
            speed: 1.0,
            layers: Layers::default(),
            panels: Panels::default(),
            error: ErrorBanner::default(),
            reload_mode: ReloadMode::default(),
            reload_frame: None,
            tools: Tools::default(),
            stats: Stats::default(),
            renderer: Renderer::new(),
            out_dir: PathBuf::from("screenshots"),
            draw_failed: false,
            overlay: Vec::new(),
            last_input: Input::default(),
            build,
            edit: None,
            travel: Travel::new(&scene),
            scene,
        }
    }

    /// A sandbox for a scene that failed to load: an empty world under the
    /// scene's name with the error showing; R tries the file again.
    pub fn broken(
        path: &Path,
        options: &SceneOptions,
        error: SceneError,
        width: u32,
        height: u32,
    ) -> Result<Sandbox, SceneError> {
        let scene_path = snapshot::scene_of(path).unwrap_or_else(|_| path.to_path_buf());
        let scene = Scene::from_source(&scene_path, "", options)?;
        let mut sb = Sandbox::with_scene(scene, path, options, width, height);
        sb.fail(error);
        Ok(sb)
    }

    // ----- What is open, and opening something else -----

    pub fn scene(&self) -> &Scene {
        &self.scene
    }

    /// The scene, for input it takes (keys, clicks, the mouse position) and
    /// edits of its world between steps.
    pub fn scene_mut(&mut self) -> &mut Scene {
        &mut self.scene
    }

    /// The file opened: a scene or a snapshot.
    pub fn opened(&self) -> &Path {
        &self.opened
    }

    pub fn options(&self) -> &SceneOptions {
        &self.options
    }

    /// Replace the running scene with `path` (restart, picker, next level,
    /// snapshot). On failure the old scene keeps running and the error is
    /// shown.
    pub fn switch_to(&mut self, path: &Path) {
        match snapshot::load_any(path, &self.options) {
            Ok(scene) => self.show(scene, path),
            Err(e) => self.fail(e),
        }
    }

    /// `scene`, just loaded from `path`, from its start with a fresh view.
    fn show(&mut self, scene: Scene, path: &Path) {
        self.scene = scene;
        self.opened = path.to_path_buf();
        let (w, h) = (self.camera.width, self.camera.height);
        self.camera = view::initial_camera(&mut self.scene, w, h);
        self.poses.clear();
        self.clock.reset();
        self.tools = Tools::default();
        self.build = BuildMode::for_scene(&self.scene);
        self.error.clear();
        self.draw_failed = false;
        self.travel.restart(&self.scene, false);
    }

    /// `R`: run the scene file again from scratch.
    pub fn restart(&mut self) {
        let path = self.opened.clone();
        self.switch_to(&path);
    }

    /// A new version of the scene file, loaded by a hot reload, takes over:
    /// the view stays where the user put it (unless there was nothing to
    /// look at: the scene had failed to open), and what it `carried` over
    /// from the running scene decides the rest.
    pub fn take_reloaded(
        &mut self,
        mut scene: Scene,
        carried: Carried,
        timing: Timing,
        text: String,
    ) {
        let was_empty = self.scene.world().body_count() == 0;
        if !was_empty {
            let old = self.scene.sim().camera().clone();
            scene.sim_mut().camera_mut().keep_view_of(&old);
        }
        self.scene = scene;
        let (w, h) = (self.camera.width, self.camera.height);
        self.camera = view::initial_camera(&mut self.scene, w, h);
        // A drag holds a joint of the old world: it ends.
        self.tools = match &carried {
            Carried::State { remap, .. } => self.tools.carried_over(remap),
            Carried::Restarted | Carried::Parts { .. } => Tools::default(),
        };
        self.build = match carried {
            // A puzzle level: Reset's world, built from this one load of
            // the file, not the live state (see reload/carry.rs).
            // (Why a part could not go back is in the reload's `text`.)
            Carried::Parts { build, .. } => {
                self.paused = false;
                self.clock.reset();
                Some(build)
            }
            Carried::Restarted => {
                self.clock.reset();
                BuildMode::for_scene(&self.scene)
            }
            Carried::State { .. } => BuildMode::for_scene(&self.scene),
        };
        self.poses.clear();
        self.draw_failed = false;
        self.overlay.clear();
        // The drag held a joint of the old world; the old history belongs
        // to the old Lua state.
        self.travel.restart(&self.scene, true);
        if self.error.cleared_by_reload() {
            // A script error had paused the old scene: the new one runs.
            self.paused = false;
        }
        self.reload_frame = Some(timing);
        self.say(text);
    }

    // ----- Messages and errors -----

    /// A script error: pause and show it; the window stays.
    pub fn fail(&mut self, e: SceneError) {
        let text = e.to_string();
        eprintln!("physbox: {text}");
        self.error.script_error(text);
        self.paused = true;
    }

    /// A reload failed (or the file went): its error over the old scene,
    /// which keeps running.
    pub fn show_reload_error(&mut self, text: String) {
        self.error.reload_failed(text, self.paused);
    }

    /// The error on screen.
    pub fn error(&self) -> Option<&str> {
        self.error.text()
    }

    /// Is the error on screen a failed reload's (the old scene still runs)?
    pub fn error_is_from_reload(&self) -> bool {
        self.error.is_reload_failure()
    }

    /// A short-lived line at the bottom, also printed.
    pub fn say(&mut self, text: String) {
        println!("physbox: {text}");
        self.panels.notify(text);
    }

    /// The last notice (it may have run out already).
    pub fn notice(&self) -> Option<&str> {
        self.panels.notice()
    }

    // ----- Time -----

    /// Take `n` fixed steps now (the drag tool pushes before each).
    pub fn step(&mut self, n: u64) {
        self.step_within(n, None);
    }

    /// Up to `n` steps, stopping early once `budget` of wall time is used;
    /// returns how many were taken.
    fn step_within(&mut self, n: u64, budget: Option<Duration>) -> u64 {
        let t = Instant::now();
        let mut done = 0;
        let mut physics = crate::physics::StepProfile::default();
        while done < n {
            self.poses.capture(&self.scene.world());
            self.travel.before_step(&mut self.scene);
            done += 1;
            if let Err(e) = self.scene.step(1) {
                self.fail(e);
                break;
            }
            physics.accumulate(self.scene.world().profile());
            self.travel.after_step(&self.scene);
            if budget.is_some_and(|b| t.elapsed() > b) {
                break;
            }
        }
        if done > 0 {
            self.stats.steps(
                done,
                t.elapsed().as_secs_f64() * 1e3 / done as f64,
                &physics,
            );
        }
        done
    }

    /// Real time passed: step as the clock says (unless paused or in build
    /// mode). A win saves its solution once.
    pub fn advance(&mut self, seconds: f64) {
        self.stats.tick(Instant::now());
        if self.paused || self.world_frozen() {
            self.clock.reset();
            return;
        }
        if self.travel.replaying() {
            self.clock.reset();
            self.run_replay();
            return;
        }
        let dt = self.scene.dt();
        let n = self.clock.advance(seconds, self.speed, dt);
        if n > 0 {
            if let Some(note) = self.travel.branch_if_in_the_past(&self.scene) {
                self.say(note);
            }
        }
        // A scene slower than real time (or fast forward beyond what the
        // machine can do) must not freeze the window: past the budget the
        // leftover time is dropped and the simulation runs slower.
        if self.step_within(n, Some(STEP_BUDGET)) < n {
            self.clock.reset();
        }
        self.refresh_camera();
        let won = self.is_won();
        if self.build.as_mut().is_some_and(|b| b.win_to_save(won)) {
            self.save_solution();
        }
    }

    /// Where between the last two steps to draw.
    pub fn alpha(&self) -> f64 {
        if self.paused {
            1.0
        } else {
            self.clock.alpha(self.scene.dt())
        }
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    pub fn set_paused(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Space: pause, or run again (past a script error, which goes away).
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        if !self.paused {
            self.error.clear();
        }
    }

    /// `.`: one step, paused.
    pub fn single_step(&mut self) {
        self.paused = true;
        self.step(1);
    }

    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Time scale, within 1/16 (slow motion) and 8 (fast forward).
    pub fn set_speed(&mut self, speed: f64) {
        self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// The last frame took `ms` to draw and show.
    pub fn record_frame_time(&mut self, ms: f64) {
        self.stats.frame(ms);
    }

    // ----- The view -----

    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    pub fn poses(&self) -> &Poses {
        &self.poses
    }

    /// Move the view by window pixels (following pauses).
    pub fn pan(&mut self, dx: f32, dy: f32) {
        self.camera.pan_pixels(dx, dy);
        view::user_moved_to(&mut self.scene, &self.camera);
    }

    /// The camera as the scene's view says now (it moves when the scene
    /// sets it or follows a body).
    fn refresh_camera(&mut self) {
        let (w, h) = (self.camera.width, self.camera.height);
        self.camera = view::camera_of(&self.scene, w, h, self.alpha());
    }

    /// The camera follows a body, held back by the user's pan or zoom.
    pub fn follow_paused(&self) -> bool {
        self.scene.sim().camera().follow_paused()
    }

    /// F: follow the body again.
    pub fn follow_again(&mut self) {
        self.scene.sim_mut().camera_mut().follow_again();
        self.refresh_camera();
    }

    /// Does the scene take `key` from the sandbox's bindings? (Declared in
    /// `scene { keys }`, polled with `key_down`, or an arrow of a scene
    /// with `on_key`: see `bindings.rs`.)
    pub fn scene_takes(&self, key: &str) -> bool {
        let arrow = matches!(key, "left" | "right" | "up" | "down");
        (arrow && self.scene.has_callback("on_key"))
            || self.scene.keys_taken().iter().any(|k| k == key)
    }

    pub fn layers(&self) -> Layers {
        self.layers
    }

    pub fn toggle_layer(&mut self, layer: Layer) {
        self.layers.toggle(layer);
    }

    pub fn panels(&self) -> &Panels {
        &self.panels
    }

    pub fn toggle_help(&mut self) {
        self.panels.toggle_help();
    }

    /// F8: the HUD compact, full, off.
    pub fn cycle_hud(&mut self) {
        self.panels.cycle_hud();
    }

    /// Tab: the scenes beside the open one.
    pub fn open_picker(&mut self) {
        self.panels.open_picker(&self.opened);
    }

    /// A key while the picker is open; Enter opens the chosen scene.
    pub fn picker_key(&mut self, key: &str) {
        if let Some(path) = self.panels.picker_key(key) {
            self.switch_to(&path);
        }
    }

    // ----- Edit mode -----

    pub fn in_edit_mode(&self) -> bool {
        self.edit.is_some()
    }

    /// Ctrl+E: edit mode on (the world pauses) or off (it runs again if it
    /// ran before). Not in a puzzle, whose build mode has its own tools.
    pub fn toggle_edit_mode(&mut self) {
        if let Some(s) = self.edit.take() {
            self.paused = s.was_paused();
            self.say("edit mode off".into());
        } else if self.build.is_some() {
            self.say("edit mode is for sandbox scenes, not puzzles".into());
        } else {
            self.travel.let_go_quietly(&mut self.scene);
            self.edit = Some(EditSession::new(self.paused));
            self.paused = true;
            self.say("edit mode: changes are written into the scene file (Ctrl+E leaves)".into());
        }
    }

    /// The edit session and the scene it edits (in edit mode).
    pub fn edit_parts(&mut self) -> Option<(&mut EditSession, &Scene)> {
        Some((self.edit.as_mut()?, &self.scene))
    }

    /// Bodies were moved by hand: interpolated poses are stale.
    pub fn world_edited(&mut self) {
        self.poses.clear();
    }

    /// Esc: close the help, deselect.
    pub fn escape(&mut self) {
        self.panels.close_help();
        self.tools.select(None);
    }

    /// The notice to draw now (one that ran out is dropped).
    pub fn notice_to_draw(&mut self) -> Option<String> {
        self.panels.notice_to_draw()
    }

    pub fn reload_mode(&self) -> ReloadMode {
        self.reload_mode
    }

    pub fn set_reload_mode(&mut self, mode: ReloadMode) {
        self.reload_mode = mode;
    }

    /// F10: keep state ↔ restart.
    pub fn toggle_reload_mode(&mut self) {
        self.reload_mode = self.reload_mode.toggled();
        self.say(format!("hot reload: {}", self.reload_mode.label()));
    }

    /// The timing of a reload whose first frame was just shown.
    pub fn take_reload_frame(&mut self) -> Option<Timing> {
        self.reload_frame.take()
    }

    /// The glyph cache, to measure text.
    pub fn text(&self) -> &TextPainter {
        &self.renderer.text
    }

    /// The glyph cache, to draw text.
    pub fn text_mut(&mut self) -> &mut TextPainter {
        &mut self.renderer.text
    }

    /// Draw the world, the scene's `draw(g)` overlay and the drag line.
    pub fn draw_world(&mut self, pm: &mut Pixmap) {
        self.camera.resize(pm.width(), pm.height());
        if !self.draw_failed && self.scene.has_callback("draw") {
            match self.scene.draw() {
                Ok(cmds) => self.overlay = view::overlay(&cmds),
                Err(e) => {
                    self.draw_failed = true;
                    self.overlay.clear();
                    self.fail(e);
                }
            }
        }
        self.refresh_camera();
        let mut overlay = self.overlay.clone();
        overlay.extend(Tools::overlay(self.travel.drag(), &self.scene));
        overlay.extend(self.ghost_overlay());
        if let Some(g) = self.edit.as_ref().and_then(|s| s.gesture.as_ref()) {
            overlay.extend(g.preview());
        }
        let alpha = self.alpha();
        view::draw_scene(
            &mut self.renderer,
            pm,
            &self.scene,
            &self.camera,
            &self.poses,
            alpha,
            self.layers,
            &overlay,
        );
    }

    /// The ghost of the previous version and the trails, as drawn over
    /// the world (nothing when there is none at the step shown).
    pub fn ghost_overlay(&mut self) -> Vec<OverlayCmd> {
        self.travel.ghost_overlay(&self.scene)
    }

    // ----- Files -----

    pub fn out_dir(&self) -> &Path {
        &self.out_dir
    }

    /// Where the screenshot, snapshot and solution keys write.
    pub fn set_out_dir(&mut self, dir: PathBuf) {
        self.out_dir = dir;
    }

    // ----- The mouse tools -----

    pub fn tools(&self) -> &Tools {
        &self.tools
    }

    pub fn select(&mut self, id: Option<BodyId>) {
        self.tools.select(id);
    }

    /// A frame's mouse, first of all: with the cursor over the window, the
    /// previous frame's input (for button edges) and the cursor in window
    /// pixels and in the world (`point_and_zoom`). Off the window, buttons
    /// released there end what they held, and there is nothing to do.
    pub fn pointer_frame(&mut self, input: &Input) -> Option<(Input, (f32, f32), Vec2)> {
        let last = std::mem::replace(&mut self.last_input, input.clone());
        let Some(at) = input.mouse else {
            self.mouse_away(input);
            return None;
        };
        let p = self.point_and_zoom(input, at);
        Some((last, at, p))
    }

    pub fn mouse_world(&self, input: &Input) -> Option<Vec2> {
        input.mouse.map(|(x, y)| self.camera.to_world(x, y))
    }

    /// The body under the screen point, topmost (last created) first.
    pub fn body_at(&self, p: Vec2) -> Option<BodyId> {
        let radius = super::pick::SEGMENT_PICK_PX / self.camera.scale;
        super::pick::body_at(&self.scene.world(), p, radius)
    }

    /// The cursor at window point (mx, my): the scene's `mouse()` and the
    /// hovered body follow it, and the wheel zooms about it. Returns the
    /// point in the world.
    fn point_and_zoom(&mut self, input: &Input, (mx, my): (f32, f32)) -> Vec2 {
        let p = self.camera.to_world(mx, my);
        // Where `mouse()` points is an input (logged), except while a past
        // step shows: looking around the past must not branch it.
        if self.scene.mouse() != (p.x, p.y) {
            if self.travel.in_the_past(&self.scene) {
                self.scene.set_mouse(p.x, p.y);
            } else {
                self.act(Action::Mouse { mouse: [p.x, p.y] });
            }
        }
        self.tools.hover(self.body_at(p));
        if input.wheel != 0.0 {
            let notches = input.wheel.signum() as f64 * (input.wheel.abs() as f64).clamp(0.5, 5.0);
            self.camera.zoom_at(mx, my, 1.15f64.powf(notches));
            view::user_moved_to(&mut self.scene, &self.camera);
        }
        p
    }

    /// The cursor is not over the window: released buttons end what they
    /// held.
    fn mouse_away(&mut self, input: &Input) {
        self.tools.mouse_away(input);
        if !input.left {
            self.end_drag();
            if let Some(b) = &mut self.build {
                b.let_go();
            }
        }
    }

    /// The right button this frame: a drag pans the view; true for a click
    /// that did not move.
    pub fn right_button(&mut self, input: &Input, last: &Input, at: (f32, f32)) -> bool {
        match self.tools.right_button(input, last, at) {
            RightButton::Pan(dx, dy) => {
                self.pan(dx, dy);
                false
            }
            RightButton::Click => true,
            RightButton::Nothing => false,
        }
    }

    /// A click at world point `p` for the scene's `on_click`.
    pub fn click(&mut self, p: Vec2, button: &str) {
        self.act(Action::Click {
            click: [p.x, p.y],
            button: button.to_string(),
        });
    }

    /// A key for the scene (`on_key`, `key_down`), remembered for solutions
    /// while a puzzle runs.
    pub fn scene_key(&mut self, key: &str, pressed: bool) {
        self.act(Action::Key {
            key: key.to_string(),
            pressed,
        });
    }

    /// Left button down on body `id` at `p`: select it and hold it.
    pub fn grab(&mut self, id: BodyId, p: Vec2) {
        self.tools.select(Some(id));
        if let Some(a) = Travel::grab_action(&self.scene, id, p) {
            self.act(a);
        }
    }

    /// The left button is held at `p`: the held body follows (exactly,
    /// while paused).
    pub fn drag_to(&mut self, p: Vec2) {
        if let Some(a) = self.travel.drag_action(p, self.paused) {
            self.act(a);
            if self.paused {
                self.poses.clear();
            }
        }
    }

    pub fn end_drag(&mut self) {
        if self.travel.drag().is_some() {
            self.act(Action::LetGo { let_go: true });
        }
    }

    /// How many more circles or boxes the player may place: `None` when
    /// the scene sets no limits (`tools { }` absent: a free sandbox).
    pub fn spawns_left(&self, kind: Spawn) -> Option<u32> {
        if let (Some(b), Some(k)) = (&self.build, PartKind::from_name(kind.name())) {
            return Some(b.puzzle().remaining(k));
        }
        self.tools.left_of(kind, &self.scene.settings().tools)
    }

    /// A circle (r = 0.5 m) or a box (1 m) at `p`: scale-aware so it is
    /// never invisibly small — at least 12 pixels across.
    pub fn spawn(&mut self, p: Vec2, kind: Spawn) -> Option<BodyId> {
        if self.spawns_left(kind) == Some(0) {
            self.say(tools::none_left_text(kind));
            return None;
        }
        let size = (12.0 / self.camera.scale).max(0.5);
        let spawned = self.act(Action::Spawn {
            spawn: kind.name().to_string(),
            at: [p.x, p.y],
            size,
        });
        if spawned.is_some() {
            self.tools.count_placed(kind);
        }
        spawned
    }

    /// Delete a body (the Delete key, on the body under the cursor).
    pub fn delete_body(&mut self, id: BodyId) {
        let delete = crate::app::history::driver::body_ref(&self.scene, id);
        self.act(Action::Delete { delete });
        self.tools.forget(id);
    }

    /// Middle click: static ↔ dynamic.
    pub fn toggle_static(&mut self, id: BodyId) {
        let toggle = crate::app::history::driver::body_ref(&self.scene, id);
        self.act(Action::Toggle { toggle });
    }

    // ----- Puzzles -----

    pub fn build_mode(&self) -> Option<&BuildMode> {
        self.build.as_ref()
    }

    /// Is the world held still (build mode)?
    pub fn world_frozen(&self) -> bool {
        self.build.as_ref().is_some_and(BuildMode::is_building)
    }

    fn is_won(&self) -> bool {
        matches!(self.scene.outcome(), Some(Outcome::Won(_)))
    }

    /// Start: run the simulation from the layout plus the placed parts. The
    /// world is rebuilt first — the scene file again, then the parts in
    /// order — exactly as `physbox verify` builds it: moving parts around in
    /// build mode leaves the world's insides (body slots, broad-phase tree)
    /// in another order, and the run must be bit for bit the one `verify`
    /// replays.
    pub fn start_puzzle(&mut self) {
        if !self.world_frozen() || !self.rebuild_puzzle() {
            return;
        }
        if let Some(b) = &mut self.build {
            b.start(&self.scene);
            self.paused = false;
            self.clock.reset();
        }
    }

    /// Reset: the scene file again, in a fresh world, plus the player's
    /// parts where they were; back in build mode.
    pub fn reset_puzzle(&mut self) {
        if self.build.is_some() {
            self.rebuild_puzzle();
            self.paused = false;
        }
    }

    /// The opened file into a fresh world with the player's parts placed
    /// again; the view stays. False when the file no longer loads (its
    /// error is on screen) or is no puzzle any more.
    fn rebuild_puzzle(&mut self) -> bool {
        let Some(old) = self.build.take() else {
            return false;
        };
        let mut fresh = match snapshot::load_any(&self.opened, &self.options) {
            Ok(scene) => scene,
            Err(e) => {
                self.fail(e);
                self.build = Some(old);
                return false;
            }
        };
        let (build, refused) = old.placed_again_in(&mut fresh);
        let view = self.scene.sim().camera().clone();
        fresh.sim_mut().camera_mut().keep_view_of(&view);
        let path = self.opened.clone();
        self.show(fresh, &path);
        self.build = build;
        if let Some(e) = refused.first() {
            self.say(format!("a part could not go back: {e}"));
        }
        self.build.is_some()
    }

    /// The puzzle and the scene its parts are in, to place, move, turn and
    /// remove parts (`puzzle_input.rs`).
    pub fn puzzle_and_scene(&mut self) -> Option<(&mut BuildMode, &mut Scene)> {
        Some((self.build.as_mut()?, &mut self.scene))
    }

    /// The placed part under the cursor, if any.
    pub fn hovered_part(&self) -> Option<usize> {
        self.build.as_ref()?.part_of(self.tools.hovered()?)
    }

    /// Parts were made again or taken away: the hovered body id is stale.
    pub fn forget_hover(&mut self) {
        self.tools.hover(None);
    }

    /// Place a part as a solution file or a test would (build mode only).
    pub fn place_part(&mut self, part: Part) -> Result<usize, String> {
        match &mut self.build {
            Some(b) => b.place(&mut self.scene, part),
            None => Err("this scene is no puzzle (it has no tools{})".into()),
        }
    }

    /// F11 (and a win, by itself): the parts and keys as a solution file in
    /// the output folder.
    pub fn save_solution(&mut self) {
        let Some(b) = &self.build else {
            return;
        };
        let stem = self
            .scene
            .path()
            .file_stem()
            .map_or("level".into(), |s| s.to_string_lossy().into_owned());
        let path = self.out_dir.join(format!("{stem}-solution.json"));
        let result = b
            .solution(&self.scene, self.is_won())
            .and_then(|s| s.save(&path));
        match result {
            Ok(()) => self.say(format!(
                "solution saved: {} (check it: physbox verify {} {})",
                path.display(),
                crate::script::scene::shown_path(self.scene.path()),
                path.display()
            )),
            Err(e) => self.say(e),
        }
    }

    // ----- Time travel (travel.rs) -----

    /// A user action: logged at the current step and applied (a past step
    /// branches first). Returns the body it spawned, if any.
    fn act(&mut self, action: Action) -> Option<BodyId> {
        if let Some(b) = &mut self.build {
            b.record(&self.scene, &action);
        }
        let (out, note) = self.travel.act(&mut self.scene, action);
        if let Some(n) = note {
            self.say(n);
        }
        out.unwrap_or_else(|e| {
            self.fail(e);
            None
        })
    }

    pub fn timeline(&self) -> &Timeline {
        self.travel.timeline()
    }

    /// Show recorded step `step` (paused).
    pub fn seek(&mut self, step: u64) {
        self.paused = true;
        self.clock.reset();
        self.poses.clear();
        match self.travel.seek(&mut self.scene, step) {
            Ok(None) => {}
            Ok(Some(why)) => self.error.script_error(format!("timeline: {why}")),
            Err(e) => self.fail(e),
        }
    }

    /// The time travel state, for the timeline's keys, strip and ghost
    /// (`time_keys.rs`).
    pub fn travel_mut(&mut self) -> &mut Travel {
        &mut self.travel
    }

    /// The timeline strip's parts: time travel and the text painter.
    pub fn travel_and_text(&mut self) -> (&Travel, &mut TextPainter) {
        (&self.travel, &mut self.renderer.text)
    }

    /// A new version loaded in replay mode: it runs from step 0 with the
    /// inputs up to now (over the next frames if long), then takes over.
    pub fn start_replay(&mut self, fresh: Scene) {
        self.travel.start_replay(&self.scene, fresh);
        self.run_replay();
    }

    fn run_replay(&mut self) {
        match self.travel.run_replay() {
            ReplayStatus::Idle | ReplayStatus::Running => {}
            ReplayStatus::Failed(e) => {
                let text = format!("replay failed: {e} — the previous version runs on");
                eprintln!("physbox: {text}");
                self.show_reload_error(text);
            }
            ReplayStatus::Done(r, at) => {
                let text = self.travel.take_over(&mut self.scene, *r, at);
                self.poses.clear();
                self.draw_failed = false;
                self.overlay.clear();
                if self.error.cleared_by_reload() {
                    self.paused = false;
                }
                self.say(text);
            }
        }
    }
}

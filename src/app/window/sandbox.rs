//! The sandbox's state, independent of the window: the running scene, its
//! camera, the fixed-step clock, pause and speed, tools and overlays. The
//! window feeds it `Input` and real time and shows what it draws; tests
//! drive it the same way without a window.

use super::picker::Picker;
use super::tools::Tools;
use crate::app::clock::FixedStep;
use crate::app::view;
use crate::physics::{BodyId, Vec2};
use crate::platform::Input;
use crate::render::{Camera, Layers, OverlayCmd, Pixmap, Poses, Renderer};
use crate::script::{Scene, SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Wall time one frame may spend stepping (the rest of a 60 Hz frame is
/// for drawing and input).
const STEP_BUDGET: Duration = Duration::from_millis(40);

/// Rolling timing numbers for the HUD.
#[derive(Default)]
pub struct Stats {
    /// Milliseconds per physics step (with its Lua callbacks), smoothed.
    pub step_ms: f64,
    /// Milliseconds to draw and show the last frame, smoothed.
    pub frame_ms: f64,
    /// Steps taken in the last whole second.
    pub steps_per_sec: u64,
    steps_this_second: u64,
    second_start: Option<Instant>,
}

fn smooth(old: f64, new: f64) -> f64 {
    if old == 0.0 {
        new
    } else {
        old * 0.9 + new * 0.1
    }
}

impl Stats {
    pub fn frame(&mut self, ms: f64) {
        self.frame_ms = smooth(self.frame_ms, ms);
    }

    fn steps(&mut self, n: u64, ms_each: f64) {
        self.step_ms = smooth(self.step_ms, ms_each);
        self.steps_this_second += n;
    }

    fn tick(&mut self, now: Instant) {
        let start = *self.second_start.get_or_insert(now);
        if now.duration_since(start).as_secs_f64() >= 1.0 {
            self.steps_per_sec = self.steps_this_second;
            self.steps_this_second = 0;
            self.second_start = Some(now);
        }
    }
}

pub struct Sandbox {
    pub scene: Scene,
    /// What was opened: a scene file or a snapshot.
    pub opened: PathBuf,
    pub options: SceneOptions,
    pub camera: Camera,
    pub poses: Poses,
    pub clock: FixedStep,
    pub paused: bool,
    /// Time scale: 1 real time, < 1 slow motion, > 1 fast forward.
    pub speed: f64,
    pub layers: Layers,
    pub show_help: bool,
    pub show_hud: bool,
    pub picker: Option<Picker>,
    /// A script error on screen (the simulation is paused while it shows).
    pub error: Option<String>,
    /// Hot reload: mode (F10), whether the error on screen is a reload's.
    pub reload: crate::app::reload::reloader::ReloadStatus,
    pub tools: Tools,
    pub stats: Stats,
    pub renderer: Renderer,
    /// A short-lived line at the bottom ("saved …").
    pub notice: Option<(String, Instant)>,
    /// Where the screenshot and snapshot keys write.
    pub out_dir: PathBuf,
    /// The scene's `draw(g)` failed: not called again until a restart.
    pub draw_failed: bool,
    pub overlay: Vec<OverlayCmd>,
    /// Last input, for button edges.
    pub last_input: Input,
    /// The scene's puzzle (it declared `tools{}`): parts, build mode.
    pub puzzle: Option<crate::app::puzzle::play::Puzzle>,
}

impl Sandbox {
    /// Open a scene or snapshot with a `width` × `height` view.
    pub fn open(
        path: &Path,
        options: &SceneOptions,
        width: u32,
        height: u32,
    ) -> Result<Sandbox, SceneError> {
        let scene = crate::app::commands::snapshot::load_any(path, options)?;
        Ok(Sandbox::with_scene(scene, path, options, width, height))
    }

    fn with_scene(
        scene: Scene,
        path: &Path,
        options: &SceneOptions,
        width: u32,
        height: u32,
    ) -> Sandbox {
        let camera = view::initial_camera(&scene, width, height);
        let puzzle = crate::app::puzzle::play::Puzzle::for_scene(&scene);
        Sandbox {
            scene,
            opened: path.to_path_buf(),
            options: options.clone(),
            camera,
            poses: Poses::default(),
            clock: FixedStep::default(),
            paused: false,
            speed: 1.0,
            layers: Layers::default(),
            show_help: false,
            show_hud: true,
            picker: None,
            error: None,
            reload: Default::default(),
            tools: Tools::default(),
            stats: Stats::default(),
            renderer: Renderer::new(),
            notice: None,
            out_dir: PathBuf::from("screenshots"),
            draw_failed: false,
            overlay: Vec::new(),
            last_input: Input::default(),
            puzzle,
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
        let scene_path =
            crate::app::commands::snapshot::scene_of(path).unwrap_or_else(|_| path.to_path_buf());
        let scene = Scene::from_source(&scene_path, "", options)?;
        let mut sb = Sandbox::with_scene(scene, path, options, width, height);
        sb.fail(error);
        Ok(sb)
    }

    /// Replace the running scene with `path` (restart, picker, snapshot).
    /// On failure the old scene keeps running and the error is shown.
    pub fn switch_to(&mut self, path: &Path) {
        match crate::app::commands::snapshot::load_any(path, &self.options) {
            Ok(scene) => {
                self.scene = scene;
                self.opened = path.to_path_buf();
                let (w, h) = (self.camera.width, self.camera.height);
                self.camera = view::initial_camera(&self.scene, w, h);
                self.poses.clear();
                self.clock.reset();
                self.tools = Tools::default();
                self.puzzle = crate::app::puzzle::play::Puzzle::for_scene(&self.scene);
                self.error = None;
                self.reload.failed = false;
                self.draw_failed = false;
            }
            Err(e) => self.fail(e),
        }
    }

    /// `R`: run the scene file again from scratch.
    pub fn restart(&mut self) {
        let path = self.opened.clone();
        self.switch_to(&path);
    }

    /// A script error: pause and show it; the window stays.
    pub fn fail(&mut self, e: SceneError) {
        let text = e.to_string();
        eprintln!("physbox: {text}");
        self.error = Some(text);
        self.reload.failed = false;
        self.paused = true;
    }

    pub fn say(&mut self, text: String) {
        println!("physbox: {text}");
        self.notice = Some((text, Instant::now()));
    }

    /// Take `n` fixed steps now (the drag tool pushes before each).
    pub fn step(&mut self, n: u64) {
        self.step_within(n, None);
    }

    /// Up to `n` steps, stopping early once `budget` of wall time is used;
    /// returns how many were taken.
    fn step_within(&mut self, n: u64, budget: Option<Duration>) -> u64 {
        let t = Instant::now();
        let mut done = 0;
        while done < n {
            self.poses.capture(&self.scene.world());
            self.tools.before_step(&mut self.scene);
            done += 1;
            if let Err(e) = self.scene.step(1) {
                self.fail(e);
                break;
            }
            if budget.is_some_and(|b| t.elapsed() > b) {
                break;
            }
        }
        if done > 0 {
            self.stats
                .steps(done, t.elapsed().as_secs_f64() * 1e3 / done as f64);
        }
        done
    }

    /// Real time passed: step as the clock says (unless paused).
    pub fn advance(&mut self, seconds: f64) {
        let now = Instant::now();
        self.stats.tick(now);
        if self.paused || crate::app::puzzle::build_mode::frozen(self) {
            self.clock.reset();
            return;
        }
        let dt = self.scene.dt();
        let n = self.clock.advance(seconds, self.speed, dt);
        // A scene slower than real time (or fast forward beyond what the
        // machine can do) must not freeze the window: past the budget the
        // leftover time is dropped and the simulation runs slower.
        if self.step_within(n, Some(STEP_BUDGET)) < n {
            self.clock.reset();
        }
        crate::app::puzzle::build_mode::after_steps(self);
    }

    /// Where between the last two steps to draw.
    pub fn alpha(&self) -> f64 {
        if self.paused {
            1.0
        } else {
            self.clock.alpha(self.scene.dt())
        }
    }

    pub fn mouse_world(&self, input: &Input) -> Option<Vec2> {
        input.mouse.map(|(x, y)| self.camera.to_world(x, y))
    }

    /// The body under the screen point, topmost (last created) first.
    pub fn body_at(&self, p: Vec2) -> Option<BodyId> {
        let world = self.scene.world();
        world.query_point(p).into_iter().max_by_key(|id| id.index)
    }

    /// Draw the whole window picture into `pm`.
    pub fn render(&mut self, pm: &mut Pixmap) {
        if pm.width() != self.camera.width || pm.height() != self.camera.height {
            self.camera.resize(pm.width(), pm.height());
        }
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
        // The scene's drawing plus the tools' (the drag line).
        let mut overlay = self.overlay.clone();
        overlay.extend(self.tools.overlay(&self.scene));
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
        crate::app::puzzle::build_mode::draw(self, pm);
        super::hud::draw(self, pm);
    }

    /// F12: save the picture on screen.
    pub fn screenshot(&mut self, pm: &Pixmap) {
        let path = self.out_dir.join(self.file_stem("png"));
        match crate::render::image::save_png(pm, &path) {
            Ok(()) => self.say(format!("screenshot saved: {}", path.display())),
            Err(e) => self.say(e),
        }
    }

    /// F5: save the running world.
    pub fn save_snapshot(&mut self) {
        let path = self.out_dir.join(self.file_stem("json"));
        match crate::app::commands::snapshot::save(&self.scene, &path) {
            Ok(()) => self.say(format!(
                "snapshot saved: {} (open it with: physbox {})",
                path.display(),
                path.display()
            )),
            Err(e) => self.say(e),
        }
    }

    /// "rain-12.50s.png": the scene's name and the simulated time.
    fn file_stem(&self, ext: &str) -> String {
        let stem = self
            .scene
            .path()
            .file_stem()
            .map_or("scene".into(), |s| s.to_string_lossy().into_owned());
        let mut name = format!("{stem}-{:.2}s.{ext}", self.scene.world().time());
        let mut n = 2;
        while self.out_dir.join(&name).exists() {
            name = format!("{stem}-{:.2}s-{n}.{ext}", self.scene.world().time());
            n += 1;
        }
        name
    }
}

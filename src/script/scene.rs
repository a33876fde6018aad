//! A loaded scene: a fresh Lua state and a fresh world built by running the
//! scene file, plus everything needed to step it and read its output.

use super::draw::{DrawCmd, DrawList};
use super::error::SceneError;
use super::limits::{Watchdog, DEFAULT_MEMORY_LIMIT, DEFAULT_SAMPLE_INTERVAL, DEFAULT_TIME_LIMIT};
use super::require::display_path;
use super::sim::{Outcome, Sample, SceneContext, SceneSettings, SearchPaths, Sim};
use super::world_api::WorldHandle;
use super::{constructors, forces, output, require, stepper, vm};
use crate::physics::{World, WorldSettings};
use mlua::Lua;
use std::cell::{Cell, Ref, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

/// Default for `SceneOptions::build_step_limit`: the measuring scenes step
/// 30 simulated seconds while they build in well under a second.
pub const DEFAULT_BUILD_STEP_LIMIT: Duration = Duration::from_secs(20);

/// Default for `SceneOptions::step_time_limit`.
pub const DEFAULT_STEP_TIME_LIMIT: Duration = Duration::from_secs(2);

/// How to load a scene.
#[derive(Clone, Debug)]
pub struct SceneOptions {
    /// Lua heap limit in bytes.
    pub memory_limit: usize,
    /// How long scene code may run without returning.
    pub time_limit: Duration,
    /// How often the watchdog samples the running line while scene code
    /// runs (names the line of an out-of-memory error). Stress tests make it
    /// tiny to interrupt the interpreter thousands of times a second.
    pub sample_interval: Duration,
    /// How long `world:step` from the scene file may run in all while the
    /// scene builds (physics is not scene code: the time limit pauses for
    /// it, so without this `world:step(10000000)` in a loop never ends).
    pub build_step_limit: Duration,
    /// How big the world may grow (bodies, contacts): past them the scene
    /// stops with an error naming where the bodies were made.
    pub world_limits: crate::physics::settings::WorldLimits,
    /// The longest one physics step may take (wall time): a step over it
    /// stops the scene with an error (the window pauses on it).
    pub step_time_limit: Duration,
    /// Echo `print`/`message` to stdout as they happen.
    pub echo: bool,
    /// The project's `scripts/` folder (`None`: the nearest `scripts/` beside
    /// the scene's folder or one of its parents, else `./scripts`).
    pub scripts_dir: Option<PathBuf>,
    /// A required file's text to use instead of what is on disk (its
    /// canonical path, and the text): an edit of that file is checked to
    /// load before it is written (`Scene::loads_with`).
    pub module_text: Option<(PathBuf, String)>,
}

impl Default for SceneOptions {
    fn default() -> Self {
        SceneOptions {
            memory_limit: DEFAULT_MEMORY_LIMIT,
            time_limit: DEFAULT_TIME_LIMIT,
            sample_interval: DEFAULT_SAMPLE_INTERVAL,
            build_step_limit: DEFAULT_BUILD_STEP_LIMIT,
            world_limits: Default::default(),
            step_time_limit: DEFAULT_STEP_TIME_LIMIT,
            echo: false,
            scripts_dir: None,
            module_text: None,
        }
    }
}

pub struct Scene {
    // `lua` is closed (in `Drop`) before the watchdog stops. Scene code
    // cannot install finalizers (`vm.rs`), so closing runs none of it.
    pub(super) lua: Option<Lua>,
    watchdog: Watchdog,
    pub(super) sim: Rc<RefCell<Sim>>,
    path: PathBuf,
    /// The options it was loaded with: a check of an edited text loads
    /// under the same limits.
    opts: SceneOptions,
}

/// The project's `scripts/` folder: the nearest `scripts/` beside the scene's
/// folder or one of its parents (so `scenes/puzzles/x.lua` finds the
/// project's), else `./scripts`.
fn default_scripts_dir(scene_dir: &Path) -> Option<PathBuf> {
    if let Ok(abs) = scene_dir.canonicalize() {
        for dir in abs.ancestors().skip(1) {
            let candidate = dir.join("scripts");
            if candidate.is_dir() {
                return Some(candidate);
            }
        }
    }
    let here = PathBuf::from("scripts");
    here.is_dir().then_some(here)
}

impl Scene {
    /// Run `path` into a fresh Lua state and world.
    pub fn load(path: &Path, opts: &SceneOptions) -> Result<Scene, SceneError> {
        Scene::load_tracked(path, opts, &mut Vec::new())
    }

    /// `load`, also telling which files the attempt read (the scene file and
    /// what it `require`d before any error): a reload that fails keeps
    /// watching them, so fixing a broken required file reloads.
    pub fn load_tracked(
        path: &Path,
        opts: &SceneOptions,
        tried: &mut Vec<PathBuf>,
    ) -> Result<Scene, SceneError> {
        *tried = vec![path.to_path_buf()];
        // Bytes, as `lua` reads a file (see `source.rs`).
        let src = std::fs::read(path).map_err(|e| {
            SceneError::new(format!(
                "{}: cannot read the scene: {e}",
                display_path(path)
            ))
        })?;
        Scene::build(path, &src, opts, tried)
    }

    /// Run `src` as if it were the file `path` (errors and `require` use
    /// `path`; the file itself is not read).
    pub fn from_source(path: &Path, src: &str, opts: &SceneOptions) -> Result<Scene, SceneError> {
        Scene::build(path, src.as_bytes(), opts, &mut Vec::new())
    }

    /// `bytes` run as Lua; `src`, the same text with any bytes that are not
    /// UTF-8 replaced, serves what reads it by lines (call sites, messages).
    fn build(
        path: &Path,
        bytes: &[u8],
        opts: &SceneOptions,
        tried: &mut Vec<PathBuf>,
    ) -> Result<Scene, SceneError> {
        let src = &*String::from_utf8_lossy(bytes);
        let shown = display_path(path);
        let setup = |e: mlua::Error| SceneError::new(format!("{shown}: cannot start Lua: {e}"));
        let lua = vm::new_lua(opts.memory_limit).map_err(setup)?;
        let watchdog = Watchdog::new(&lua, opts.time_limit, shown.clone(), opts.sample_interval)
            .map_err(setup)?;
        let scene_file: Rc<str> = Rc::from(shown.as_str());
        let mut sim = Sim::new(World::new(WorldSettings::default()), scene_file.clone());
        sim.world.set_limits(opts.world_limits);
        sim.step_time_limit = opts.step_time_limit;
        sim.console.echo = opts.echo;
        let sim = Rc::new(RefCell::new(sim));
        let scene_dir = path
            .parent()
            .map(|p| {
                if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                }
            })
            .unwrap_or(Path::new("."))
            .to_path_buf();
        let scripts_dir = opts
            .scripts_dir
            .clone()
            .or_else(|| default_scripts_dir(&scene_dir));
        lua.set_app_data(SceneContext {
            sim: sim.clone(),
            clock: watchdog.clock(),
            paths: SearchPaths {
                scene_dir,
                scripts_dir,
            },
            sources: RefCell::new(vec![path.to_path_buf()]),
            in_callback: Cell::new(false),
            build_stepping: Cell::new(Duration::ZERO),
            build_step_limit: opts.build_step_limit,
            keys_down: RefCell::new(Vec::new()),
            keys_polled: RefCell::new(Vec::new()),
            mouse: Cell::new((0.0, 0.0)),
            forces: RefCell::new(None),
            scene_file,
            texts: RefCell::new(std::collections::HashMap::new()),
            clock_read: RefCell::new(None),
            module_text: opts.module_text.clone(),
        });
        if let Some(ctx) = lua.app_data_ref::<SceneContext>() {
            super::origin::remember_text(&ctx, shown.clone(), src);
        }
        let install = || -> mlua::Result<()> {
            vm::install_base(&lua)?;
            super::random::install(&lua)?;
            require::install(&lua)?;
            constructors::install(&lua)?;
            forces::install(&lua)?;
            super::joints::install(&lua)?;
            super::handles::install(&lua, &sim)?;
            output::install(&lua)?;
            super::step_hooks::install(&lua)?;
            super::camera::install(&lua)?;
            super::clock_reads::install(&lua)?;
            lua.globals()
                .raw_set("world", lua.create_userdata(WorldHandle)?)?;
            Ok(())
        };
        install().map_err(setup)?;
        let scene = Scene {
            lua: Some(lua),
            watchdog,
            sim,
            path: path.to_path_buf(),
            opts: opts.clone(),
        };
        let lua = scene.lua();
        let text = super::source::as_lua_reads(bytes);
        let chunk = lua
            .load(&*text)
            .set_name(format!("@{shown}"))
            .set_mode(mlua::chunk::ChunkMode::Text);
        let ran = scene.guarded(|| chunk.exec()).and_then(|()| {
            stepper::check_callbacks(lua).map_err(|(name, e)| {
                let place = match assignment_line(src, name) {
                    Some(line) => format!("{shown}:{line}"),
                    None => shown.clone(),
                };
                SceneError::new(format!("{place}: {}", SceneError::from_lua(&e, None)))
            })
        });
        *tried = scene.sources();
        ran?;
        Ok(scene)
    }

    pub(super) fn lua(&self) -> &Lua {
        self.lua.as_ref().expect("lua lives as long as the scene")
    }

    /// Run scene code with a time allowance, mapping its error.
    pub(super) fn guarded<R>(&self, f: impl FnOnce() -> mlua::Result<R>) -> Result<R, SceneError> {
        let clock = self.watchdog.clock();
        clock.clear_position();
        let r = {
            let _budget = clock.enter();
            f()
        };
        // A memory bomb faster than the watchdog's position sampling has
        // no line: name at least the scene file.
        let shown = display_path(&self.path);
        let place = || {
            clock
                .last_position()
                .or_else(|| Some(display_path(&self.path)))
        };
        r.map_err(|e| {
            // Every error names at least the file (`update = 5` is found
            // only after the assignment ran).
            let e = SceneError::from_lua(&e, place());
            if super::error::has_position(&e.message) || e.message.starts_with(&shown) {
                e
            } else {
                SceneError::new(format!("{shown}: {}", e.message))
            }
        })
    }

    /// Advance `n` fixed steps (forces, physics, events, `update`).
    pub fn step(&mut self, n: u64) -> Result<(), SceneError> {
        let lua = self.lua();
        self.guarded(|| stepper::advance(lua, n))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Would the scene load if `file` (the scene file or one it requires)
    /// said `src`? (Run into a fresh Lua state and world under the same
    /// limits, printing nothing; the scene itself is untouched.)
    pub fn loads_with(&self, file: &Path, src: &str) -> Result<(), SceneError> {
        let quiet = SceneOptions {
            echo: false,
            ..self.opts.clone()
        };
        let real = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
        if real(file) == real(&self.path) {
            return Scene::from_source(&self.path, src, &quiet).map(drop);
        }
        let with_module = SceneOptions {
            module_text: Some((real(file), src.to_string())),
            ..quiet
        };
        Scene::load(&self.path, &with_module).map(drop)
    }

    pub fn world(&self) -> Ref<'_, World> {
        Ref::map(self.sim.borrow(), |s| &s.world)
    }

    pub fn sim(&self) -> Ref<'_, Sim> {
        self.sim.borrow()
    }

    /// The world and scene data, to change between steps (the window's
    /// mouse tools, snapshot restore). Never held while Lua runs.
    pub fn sim_mut(&mut self) -> std::cell::RefMut<'_, Sim> {
        self.sim.borrow_mut()
    }

    /// The fixed step `world.dt`.
    pub fn dt(&self) -> f64 {
        self.sim.borrow().dt
    }

    /// Lines printed so far (`print`, `message`, `win`, `lose`).
    pub fn console(&self) -> Vec<String> {
        self.sim.borrow().console.lines.clone()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.sim.borrow().outcome.clone()
    }

    pub fn settings(&self) -> SceneSettings {
        self.sim.borrow().settings.clone()
    }

    pub fn plots(&self) -> Vec<(String, Vec<Sample>)> {
        self.sim.borrow().plots.clone()
    }

    /// The scene file and every file it `require`d (what a reload watches).
    pub fn sources(&self) -> Vec<PathBuf> {
        self.lua()
            .app_data_ref::<SceneContext>()
            .expect("scene context")
            .sources
            .borrow()
            .clone()
    }

    /// The text of `file` (a chunk name: the scene as shown, or a module
    /// it required) as this scene loaded it: an edit is refused when the
    /// file on disk is no longer this.
    pub fn loaded_text(&self, file: &str) -> Option<Rc<str>> {
        let ctx = self.lua().app_data_ref::<SceneContext>()?;
        let texts = ctx.texts.borrow();
        texts.get(file).map(|t| t.text.clone())
    }

    /// Is the global callback `name` defined?
    pub fn has_callback(&self, name: &str) -> bool {
        matches!(stepper::callback(self.lua(), name), Ok(Some(_)))
    }

    /// A key went down or up (window only; headless never calls this).
    pub fn key(&mut self, key: &str, pressed: bool) -> Result<(), SceneError> {
        {
            let ctx = self
                .lua()
                .app_data_ref::<SceneContext>()
                .expect("scene context");
            let mut keys = ctx.keys_down.borrow_mut();
            keys.retain(|k| k != key);
            if pressed {
                keys.push(key.to_string());
            }
        }
        let lua = self.lua();
        let key = key.to_string();
        self.guarded(|| stepper::call_callback(lua, "on_key", || Ok((key, pressed))))
    }

    /// Is `key` held as far as the scene knows (it saw it go down)?
    pub fn key_held(&self, key: &str) -> bool {
        self.lua()
            .app_data_ref::<SceneContext>()
            .expect("scene context")
            .keys_down
            .borrow()
            .iter()
            .any(|k| k == key)
    }

    /// Keys the scene takes from the window's own bindings: declared in
    /// `scene { keys = {...} }`, or polled with `key_down` so far.
    pub fn keys_taken(&self) -> Vec<String> {
        let ctx = self
            .lua()
            .app_data_ref::<SceneContext>()
            .expect("scene context");
        let mut keys = self.sim.borrow().settings.keys.clone();
        for k in ctx.keys_polled.borrow().iter() {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
        keys
    }

    /// The mouse moved to world point (x, y).
    pub fn set_mouse(&mut self, x: f64, y: f64) {
        self.lua()
            .app_data_ref::<SceneContext>()
            .expect("scene context")
            .mouse
            .set((x, y));
    }

    /// The first clock read a callback made (`os.clock() at x.lua:7`), if
    /// any: a run that reads the clock cannot be repeated exactly.
    pub fn clock_read(&self) -> Option<String> {
        let ctx = self.lua().app_data_ref::<SceneContext>()?;
        let read = ctx.clock_read.borrow().clone();
        read
    }

    /// Where `mouse()` points.
    pub fn mouse(&self) -> (f64, f64) {
        self.lua()
            .app_data_ref::<SceneContext>()
            .expect("scene context")
            .mouse
            .get()
    }

    /// A click at world point (x, y) with "left" or "right".
    pub fn click(&mut self, x: f64, y: f64, button: &str) -> Result<(), SceneError> {
        let lua = self.lua();
        let button = button.to_string();
        self.guarded(|| stepper::call_callback(lua, "on_click", || Ok((x, y, button))))
    }

    /// Run `draw(g)` and return what it drew.
    pub fn draw(&mut self) -> Result<Vec<DrawCmd>, SceneError> {
        let lua = self.lua();
        self.guarded(|| {
            let g = lua.create_userdata(DrawList::default())?;
            stepper::call_callback(lua, "draw", || Ok(g.clone()))?;
            let cmds = std::mem::take(&mut g.borrow_mut::<DrawList>()?.0);
            Ok(cmds)
        })
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        // Drop our references into Lua, then close it. No clock runs while
        // it closes: the watchdog's interrupt must never reach a state that
        // is being freed.
        if let Ok(mut sim) = self.sim.try_borrow_mut() {
            sim.scene_bodies.clear();
            sim.fields.clear();
        }
        if let Some(lua) = self.lua.take() {
            if let Some(ctx) = lua.app_data_ref::<SceneContext>() {
                ctx.forces.borrow_mut().take();
            }
            drop(lua);
        }
    }
}

/// A path as messages show it (relative to the current directory).
/// The line of the last `name = ...` at the start of a line of `src`: where
/// a callback name was most likely bound to something not a function (the
/// value is only checked after the whole scene ran).
fn assignment_line(src: &str, name: &str) -> Option<usize> {
    src.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let rest = l.trim_start().strip_prefix(name)?.trim_start();
            (rest.starts_with('=') && !rest.starts_with("==")).then_some(i + 1)
        })
        .last()
}

pub fn shown_path(p: &Path) -> String {
    display_path(p)
}

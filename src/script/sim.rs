//! What a running scene owns besides its Lua state: the world and the
//! scene-level data the API reads and writes (colours, force callbacks,
//! plots, messages, settings). Lua reaches it through `SceneContext` (app data).

use super::camera::CameraState;
use super::force_inputs::ForceInputs;
use super::joint_look::JointLook;
use super::origin::Origin;
use crate::physics::{BodyDef, BodyId, BodyType, JointId, PhysicsResult, ShapeDef, World};
use mlua::Function;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::rc::Rc;

/// A body as the scene knows it beyond the physics: its stable id, colour
/// and own force callback (the world keeps none of these).
#[derive(Clone)]
pub(super) struct SceneBody {
    pub generation: u32,
    /// Stable scene-wide id (1, 2, … in creation order).
    pub id: u64,
    pub color: Option<String>,
    pub force: Option<Function>,
    /// Where the scene made it (`None`: made by the window or a reload).
    pub origin: Option<Origin>,
}

/// What is left of a destroyed body, for the error a stale handle gives
/// (`body 'crate' (scenes/x.lua:12) was destroyed`). One per slot, so a
/// scene that destroys bodies forever keeps no more than it has slots.
#[derive(Clone)]
pub(super) struct Grave {
    pub generation: u32,
    pub name: Option<String>,
    pub origin: Option<Origin>,
}

/// A force field: a callback and the bodies it acts on (`None` = every
/// dynamic body).
#[derive(Clone)]
pub(super) struct ForceField {
    pub func: Function,
    pub bodies: Option<Vec<BodyId>>,
    pub origin: Option<Origin>,
}

/// How a puzzle ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Won(String),
    Lost(String),
}

/// `scene { ... }` and the other scene-level declarations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SceneSettings {
    pub title: Option<String>,
    /// One line about the scene (the picker shows it).
    pub about: Option<String>,
    /// Keys the scene takes from the sandbox (`scene { keys = {...} }`).
    pub keys: Vec<String>,
    /// Pixels at the window's edges (top, right, bottom, left) kept for
    /// the panels: the camera frames the area inside them.
    pub margin: [f64; 4],
    pub background: Option<String>,
    pub tools: BTreeMap<String, u32>,
    pub next_scene: Option<String>,
    /// `file:line` of the `next_scene(...)` call (for "not found" errors).
    pub next_scene_at: Option<String>,
}

/// Everything the scene printed, in order (also echoed to stdout when the
/// runner asks for it).
#[derive(Default)]
pub(super) struct Console {
    pub echo: bool,
    pub lines: Vec<String>,
}

/// Keeps the last lines only, so a chatty `update` cannot grow memory forever.
const MAX_CONSOLE_LINES: usize = 10_000;

impl Console {
    pub fn write(&mut self, line: String) {
        if self.echo {
            // A closed stdout (a reader gone, a terminal closed) must not
            // stop the scene: the line is still kept for the window's
            // console and the exports.
            use std::io::Write;
            let _ = writeln!(std::io::stdout(), "{line}");
        }
        if self.lines.len() >= MAX_CONSOLE_LINES {
            self.lines.drain(..MAX_CONSOLE_LINES / 2);
        }
        self.lines.push(line);
    }
}

/// One `plot(name, value)` sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    pub time: f64,
    pub step: u64,
    pub value: f64,
}

/// A running scene's world and everything the scene keeps beside it. The
/// fields belong to `script/`; the rest of the program goes through the
/// methods below, which keep the per-body records, the stable ids and the
/// version counter in step with the world.
pub struct Sim {
    pub(super) world: World,
    pub(super) dt: f64,
    /// Bodies whose origin leaves this box are destroyed after the step.
    pub(super) bounds: Option<[f64; 4]>,
    /// By body index (the slot's generation is checked on every lookup).
    pub(super) scene_bodies: Vec<Option<SceneBody>>,
    pub(super) next_id: u64,
    pub(super) fields: Vec<Option<ForceField>>,
    pub(super) console: Console,
    /// Series in first-use order.
    pub(super) plots: Vec<(String, Vec<Sample>)>,
    pub(super) outcome: Option<Outcome>,
    pub(super) settings: SceneSettings,
    /// Bumped whenever bodies are created, destroyed or change type, so
    /// cached body lists (force fields) know to rebuild.
    pub(super) version: u64,
    /// Wall time spent evaluating force callbacks and applying their
    /// forces, all steps so far (what `physbox bench` reports).
    pub(super) force_time: std::time::Duration,
    /// How many live bodies have a `b.force` (per-body force lists are
    /// rebuilt only when there are any).
    pub(super) forced_bodies: usize,
    /// Every body's state as the step starts, while force callbacks run.
    pub(super) force_inputs: ForceInputs,
    /// Bodies the scene file built, in order (keep-state reload).
    pub(super) creations: Vec<crate::script::creation::Creation>,
    /// Where the view looks (`camera`, `scene { camera }`).
    pub(super) camera: CameraState,
    /// Bodies `world.bounds` removed (their handles say so).
    pub(super) left_bounds: Vec<BodyId>,
    /// `math.random`'s generator (`random.rs`): seeded from `world.seed`,
    /// saved in snapshots.
    pub(super) random: crate::script::random::Random,
    /// The Lua forces of the last step, per source and body
    /// (`force_verlet.rs`: the next step's Verlet correction needs them;
    /// saved in snapshots).
    pub(super) lua_forces: Vec<crate::script::force_verlet::LuaForce>,
    /// Destroyed bodies by slot (see `Grave`).
    pub(super) graves: Vec<Option<Grave>>,
    /// Where each joint was made (rope links included).
    pub(super) joint_origins: HashMap<JointId, Origin>,
    /// How the scene wants joints drawn (only those not in the built-in
    /// look), and ropes by their first mass (`joint_look.rs`).
    pub(super) joint_looks: HashMap<JointId, JointLook>,
    pub(super) rope_looks: HashMap<BodyId, JointLook>,
    /// The longest one physics step may take (`SceneOptions`).
    pub(super) step_time_limit: std::time::Duration,
    /// The scene file as its chunk is named (`scenes/x.lua`); origins in
    /// it share this string (`SceneContext::scene_file` is the same).
    pub(super) scene_file: Rc<str>,
}

impl Sim {
    pub(super) fn new(world: World, scene_file: Rc<str>) -> Sim {
        Sim {
            world,
            dt: 1.0 / 60.0,
            bounds: None,
            scene_bodies: Vec::new(),
            next_id: 1,
            fields: Vec::new(),
            console: Console::default(),
            plots: Vec::new(),
            outcome: None,
            settings: SceneSettings::default(),
            version: 0,
            force_time: std::time::Duration::ZERO,
            forced_bodies: 0,
            force_inputs: ForceInputs::default(),
            creations: Vec::new(),
            camera: CameraState::default(),
            left_bounds: Vec::new(),
            random: Default::default(),
            lua_forces: Vec::new(),
            graves: Vec::new(),
            joint_origins: HashMap::new(),
            joint_looks: HashMap::new(),
            rope_looks: HashMap::new(),
            step_time_limit: crate::script::scene::DEFAULT_STEP_TIME_LIMIT,
            scene_file,
        }
    }

    /// Where the view looks.
    pub fn camera(&self) -> &CameraState {
        &self.camera
    }

    /// The view, for the app: the first frame's fit, the user's pan and
    /// zoom, following again.
    pub fn camera_mut(&mut self) -> &mut CameraState {
        &mut self.camera
    }

    /// The world, to read.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The world, for edits that keep the set of bodies and their types:
    /// poses, velocities, joints, settings. Bodies come and go through
    /// `add_body` and `destroy` and change type through `set_body_type`, so
    /// the scene's per-body records and cached body lists follow.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The fixed step `world.dt`.
    pub fn dt(&self) -> f64 {
        self.dt
    }

    pub(super) fn scene_body(&self, id: BodyId) -> Option<&SceneBody> {
        self.scene_bodies
            .get(id.index as usize)?
            .as_ref()
            .filter(|e| e.generation == id.generation)
    }

    pub(super) fn scene_body_mut(&mut self, id: BodyId) -> Option<&mut SceneBody> {
        self.scene_bodies
            .get_mut(id.index as usize)?
            .as_mut()
            .filter(|e| e.generation == id.generation)
    }

    /// The colour the scene gave a body (`#rrggbb`), if any.
    pub fn color(&self, id: BodyId) -> Option<&str> {
        self.scene_body(id)?.color.as_deref()
    }

    /// A body made outside Lua (mouse tools, puzzle parts, bodies carried
    /// over by a reload): created with its shapes and recorded like a
    /// Lua-made one, so handles and `world:bodies()` see it. Nothing is left
    /// behind when a shape is refused.
    pub fn add_body(
        &mut self,
        def: &BodyDef,
        shapes: &[ShapeDef],
        color: Option<String>,
    ) -> PhysicsResult<BodyId> {
        let id = self.world.create_body(def)?;
        for shape in shapes {
            if let Err(e) = self.world.add_shape(id, shape) {
                let _ = self.world.destroy_body(id);
                return Err(e);
            }
        }
        self.register(id, color, None);
        Ok(id)
    }

    /// Where a body made outside Lua came from: a body a reload carries
    /// over keeps the line of the callback that made it (`source`).
    pub fn set_origin(&mut self, id: BodyId, origin: Option<Origin>) {
        if let Some(Some(b)) = self.scene_bodies.get_mut(id.index as usize) {
            if b.generation == id.generation {
                b.origin = origin;
            }
        }
    }

    /// Make a body static, dynamic or kinematic (force fields act on the
    /// dynamic ones, so their cached lists are rebuilt).
    pub fn set_body_type(&mut self, id: BodyId, to: BodyType) -> PhysicsResult<()> {
        self.world.set_body_type(id, to)?;
        self.version += 1;
        Ok(())
    }

    /// Bodies the scene file built, in order (keep-state reload matches them).
    pub fn creations(&self) -> &[crate::script::creation::Creation] {
        &self.creations
    }

    /// Lines printed so far (`print`, `message`, `win`, `lose`).
    pub fn console_lines(&self) -> &[String] {
        &self.console.lines
    }

    /// `plot()` series in first-use order.
    pub fn plots(&self) -> &[(String, Vec<Sample>)] {
        &self.plots
    }

    /// Keep-state reload: the old version's series read on — its samples
    /// come first, then any the new version made while it loaded.
    pub fn continue_plots(&mut self, old: &[(String, Vec<Sample>)]) {
        let mut merged: Vec<(String, Vec<Sample>)> = old.to_vec();
        for (name, samples) in self.plots.drain(..) {
            match merged.iter_mut().find(|(n, _)| *n == name) {
                Some((_, s)) => s.extend(samples),
                None => merged.push((name, samples)),
            }
        }
        self.plots = merged;
    }

    /// Wall time spent in force callbacks so far.
    pub fn force_time(&self) -> std::time::Duration {
        self.force_time
    }

    /// How many live bodies have their own `b.force`.
    pub fn forced_body_count(&self) -> usize {
        self.forced_bodies
    }

    /// Record a body just created in the world.
    pub(super) fn register(&mut self, id: BodyId, color: Option<String>, origin: Option<Origin>) {
        let i = id.index as usize;
        if self.scene_bodies.len() <= i {
            self.scene_bodies.resize_with(i + 1, || None);
        }
        self.scene_bodies[i] = Some(SceneBody {
            generation: id.generation,
            id: self.next_id,
            color,
            force: None,
            origin,
        });
        self.next_id += 1;
        self.version += 1;
    }

    /// Destroy a body and forget its scene-side record.
    pub fn destroy(&mut self, id: BodyId) -> PhysicsResult<()> {
        let name = self.world.body(id)?.name.clone();
        self.world.destroy_body(id)?;
        let mut origin = None;
        if let Some(slot) = self.scene_bodies.get_mut(id.index as usize) {
            if slot.as_ref().is_some_and(|e| e.force.is_some()) {
                self.forced_bodies -= 1;
            }
            origin = slot.take().and_then(|e| e.origin);
        }
        let i = id.index as usize;
        if self.graves.len() <= i {
            self.graves.resize_with(i + 1, || None);
        }
        self.graves[i] = Some(Grave {
            generation: id.generation,
            name,
            origin,
        });
        self.version += 1;
        Ok(())
    }

    /// Where the scene made a live body (`None` for bodies the window, a
    /// puzzle part or a reload made).
    pub fn origin(&self, id: BodyId) -> Option<&Origin> {
        self.scene_body(id)?.origin.as_ref()
    }

    /// Where the scene made a joint.
    pub fn joint_origin(&self, id: JointId) -> Option<&Origin> {
        self.joint_origins.get(&id)
    }

    /// How the scene wants a joint drawn (None: the built-in look).
    pub fn joint_look(&self, id: JointId) -> Option<&JointLook> {
        self.joint_looks.get(&id)
    }

    pub(super) fn set_joint_look(&mut self, id: JointId, look: JointLook) {
        if look == JointLook::default() {
            self.joint_looks.remove(&id);
        } else {
            self.joint_looks.insert(id, look);
        }
    }

    /// How the scene wants the rope whose first mass is `first` drawn.
    pub fn rope_look(&self, first: BodyId) -> Option<&JointLook> {
        self.rope_looks.get(&first)
    }

    /// The name and origin of a destroyed body (while its slot is not
    /// reused by a body that was destroyed too).
    pub(super) fn grave(&self, id: BodyId) -> Option<&Grave> {
        self.graves
            .get(id.index as usize)?
            .as_ref()
            .filter(|g| g.generation == id.generation)
    }

    /// Stable id of a live body (0 for a dead one).
    pub fn stable_id(&self, id: BodyId) -> u64 {
        self.scene_body(id).map_or(0, |e| e.id)
    }

    /// Live bodies in creation order.
    pub fn bodies_in_order(&self) -> Vec<BodyId> {
        let mut v: Vec<(u64, BodyId)> = self
            .world
            .body_ids()
            .into_iter()
            .map(|b| (self.stable_id(b), b))
            .collect();
        v.sort_by_key(|(k, _)| *k);
        v.into_iter().map(|(_, b)| b).collect()
    }

    /// Set or clear a body's own force callback.
    pub(super) fn set_body_force(&mut self, id: BodyId, f: Option<Function>) {
        let Some(extra) = self.scene_body_mut(id) else {
            return;
        };
        let before = extra.force.is_some();
        let after = f.is_some();
        extra.force = f;
        self.forced_bodies = self.forced_bodies + usize::from(after) - usize::from(before);
        self.version += 1;
    }

    pub(super) fn plot(&mut self, name: &str, value: f64) {
        let sample = Sample {
            time: self.world.time(),
            step: self.world.step_count(),
            value,
        };
        match self.plots.iter_mut().find(|(n, _)| n == name) {
            Some((_, s)) => s.push(sample),
            None => self.plots.push((name.to_string(), vec![sample])),
        }
    }
}

/// Where `require` may look.
#[derive(Clone, Debug)]
pub(super) struct SearchPaths {
    pub scene_dir: PathBuf,
    pub scripts_dir: Option<PathBuf>,
}

/// What every API function can reach (stored as Lua app data).
pub(super) struct SceneContext {
    /// `SceneOptions::module_text`: `require` of that file gets this text.
    pub module_text: Option<(PathBuf, String)>,
    pub sim: Rc<RefCell<Sim>>,
    pub clock: crate::script::limits::Clock,
    pub paths: SearchPaths,
    /// Files loaded so far (the scene and what it `require`d): a reload
    /// watches these.
    pub sources: RefCell<Vec<PathBuf>>,
    /// True while callbacks run; `world:step` is for building only.
    pub in_callback: Cell<bool>,
    /// Wall time `world:step` has taken so far while the scene builds, and
    /// how much it may (`SceneOptions::build_step_limit`).
    pub build_stepping: Cell<std::time::Duration>,
    pub build_step_limit: std::time::Duration,
    /// Window-side input state for `key_down` / `mouse` (headless: none).
    pub keys_down: RefCell<Vec<String>>,
    /// Keys the scene polled with `key_down` (the window gives them to it).
    pub keys_polled: RefCell<Vec<String>>,
    pub mouse: Cell<(f64, f64)>,
    /// The force-field driver and its cached body tables (taken out while
    /// the fields run).
    pub forces: RefCell<Option<crate::script::forces::ForceCache>>,
    /// The scene file as its chunk is named (`scenes/x.lua`): origins
    /// share this string.
    pub scene_file: Rc<str>,
    /// The text of every file loaded (the scene and what it `require`d),
    /// by chunk name: what origins and edits are relative to.
    pub texts: RefCell<HashMap<String, super::origin::LoadedText>>,
    /// The first `os.clock()` / `os.time()` / `os.date()` a callback made
    /// (`clock_reads.rs`): why a re-run may differ.
    pub clock_read: RefCell<Option<String>>,
}

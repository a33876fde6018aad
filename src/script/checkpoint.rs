//! A whole running scene at one step, in memory: the world, what the scene
//! keeps beside it (stable ids, per-body forces, the random generator, the
//! Lua forces of the last step, the outcome, the camera, plots) and its Lua
//! variables (`lua_checkpoint.rs`). The timeline keeps these as keyframes;
//! restoring one and stepping on gives exactly the steps that followed it
//! (the same inputs applied).

use super::camera::CameraState;
use super::error::SceneError;
use super::lua_checkpoint::LuaCheckpoint;
use super::sim::{ForceField, Grave, Outcome, SceneBody, SceneContext};
use super::Scene;
use crate::physics::World;
use mlua::Value;

pub struct Checkpoint {
    world: World,
    dt: f64,
    bounds: Option<[f64; 4]>,
    scene_bodies: Vec<Option<SceneBody>>,
    next_id: u64,
    fields: Vec<Option<ForceField>>,
    plot_lengths: Vec<usize>,
    console_lines: usize,
    outcome: Option<Outcome>,
    camera: CameraState,
    left_bounds: Vec<crate::physics::BodyId>,
    random: super::random::Random,
    lua_forces: Vec<super::force_verlet::LuaForce>,
    graves: Vec<Option<Grave>>,
    keys_down: Vec<String>,
    mouse: (f64, f64),
    lua: LuaCheckpoint,
    /// `World::state_hash` at this step.
    pub hash: u64,
    pub step: u64,
    /// Roughly what this checkpoint holds in memory.
    pub bytes: usize,
}

impl Checkpoint {
    /// The scene keeps coroutines (their stacks are not part of this).
    pub fn has_threads(&self) -> bool {
        self.lua.has_threads
    }
}

impl Scene {
    /// Everything needed to come back to this step.
    pub fn checkpoint(&self) -> Result<Checkpoint, SceneError> {
        let lua = self.lua();
        let sim = self.sim.borrow();
        let err =
            |e: mlua::Error| SceneError::new(format!("timeline: cannot keep the Lua state: {e}"));
        let mut roots = vec![Value::Table(lua.globals())];
        for name in [super::step_hooks::HOOKS, super::joints::REGISTRY] {
            roots.push(lua.named_registry_value::<Value>(name).map_err(err)?);
        }
        for b in sim.scene_bodies.iter().flatten() {
            if let Some(f) = &b.force {
                roots.push(Value::Function(f.clone()));
            }
        }
        for f in sim.fields.iter().flatten() {
            roots.push(Value::Function(f.func.clone()));
        }
        let lua_state = LuaCheckpoint::capture(lua, roots).map_err(err)?;
        let (keys_down, mouse) = {
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            let keys = ctx.keys_down.borrow().clone();
            (keys, ctx.mouse.get())
        };
        let world = sim.world.clone_state();
        let bytes = world.state_bytes()
            + sim.scene_bodies.len() * 64
            + sim.lua_forces.len() * std::mem::size_of::<super::force_verlet::LuaForce>()
            + lua_state.entries() * 48;
        Ok(Checkpoint {
            hash: world.state_hash(),
            step: world.step_count(),
            world,
            dt: sim.dt,
            bounds: sim.bounds,
            scene_bodies: sim.scene_bodies.clone(),
            next_id: sim.next_id,
            fields: sim.fields.clone(),
            plot_lengths: sim.plots.iter().map(|(_, s)| s.len()).collect(),
            console_lines: sim.console.lines.len(),
            outcome: sim.outcome.clone(),
            camera: sim.camera.clone(),
            left_bounds: sim.left_bounds.clone(),
            random: sim.random,
            lua_forces: sim.lua_forces.clone(),
            graves: sim.graves.clone(),
            keys_down,
            mouse,
            lua: lua_state,
            bytes,
        })
    }

    /// Back to the step of `cp` (taken from this scene).
    pub fn restore_checkpoint(&mut self, cp: &Checkpoint) -> Result<(), SceneError> {
        let lua = self.lua();
        cp.lua
            .restore(lua)
            .map_err(|e| SceneError::new(format!("timeline: cannot restore the Lua state: {e}")))?;
        {
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            *ctx.keys_down.borrow_mut() = cp.keys_down.clone();
            ctx.mouse.set(cp.mouse);
        }
        let mut sim = self.sim.borrow_mut();
        sim.world = cp.world.clone_state();
        sim.dt = cp.dt;
        sim.bounds = cp.bounds;
        sim.scene_bodies = cp.scene_bodies.clone();
        sim.forced_bodies = sim
            .scene_bodies
            .iter()
            .flatten()
            .filter(|b| b.force.is_some())
            .count();
        sim.next_id = cp.next_id;
        sim.fields = cp.fields.clone();
        sim.plots.truncate(cp.plot_lengths.len());
        for ((_, s), &n) in sim.plots.iter_mut().zip(&cp.plot_lengths) {
            s.truncate(n);
        }
        let lines = cp.console_lines.min(sim.console.lines.len());
        sim.console.lines.truncate(lines);
        sim.outcome = cp.outcome.clone();
        sim.camera = cp.camera.clone();
        sim.left_bounds = cp.left_bounds.clone();
        sim.random = cp.random;
        sim.lua_forces = cp.lua_forces.clone();
        sim.graves = cp.graves.clone();
        // Cached body lists (force fields) are made again.
        sim.version += 1;
        Ok(())
    }

    /// Whether `print` also goes to stdout.
    pub fn echo(&self) -> bool {
        self.sim.borrow().console.echo
    }

    pub fn set_echo(&self, on: bool) {
        self.sim.borrow_mut().console.echo = on;
    }
}

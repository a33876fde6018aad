//! The one place user actions touch a scene: the window's mouse tools and
//! keys, `run --inputs`, replay on save and the timeline's re-simulation
//! all apply input-log actions through a `Driver`, so a replayed run is the
//! recorded one bit for bit. It holds the one piece of input state that
//! lasts across steps: the body held by the mouse (a mouse joint pulls it
//! toward its target before every step).

use super::input_log::{Action, BodyRef, Entry};
use crate::physics::{
    BodyDef, BodyId, BodyType, Circle, JointId, Polygon, ShapeDef, ShapeGeom, Vec2,
};
use crate::script::{Scene, SceneError};

/// The mouse joint pulls with at most this acceleration (m/s²) times the
/// body's mass: every body follows the cursor alike on its own (the joint
/// is 5 Hz, damping ratio 0.7), and a heavy one pushes harder against
/// others — heavy things feel heavy.
const DRAG_MAX_ACCEL: f64 = 500.0;

/// A body held by the mouse.
#[derive(Clone, Debug)]
pub struct Drag {
    pub body: BodyId,
    /// The grabbed point in the body's frame.
    pub local: Vec2,
    /// Where the mouse is (world).
    pub target: Vec2,
    /// The mouse joint pulling it (made at the first step of the drag).
    joint: Option<JointId>,
}

/// What applying one action did.
#[derive(Clone, Debug, PartialEq)]
pub enum Applied {
    Done,
    /// Spawned this body.
    Spawned(BodyId),
    /// The body it names is not in this world (a replay of a version that
    /// no longer builds it): nothing happened.
    NoBody,
}

#[derive(Clone, Debug, Default)]
pub struct Driver {
    drag: Option<Drag>,
}

/// How `scene` names `id` across versions (see `BodyRef`).
pub fn body_ref(scene: &Scene, id: BodyId) -> BodyRef {
    let sim = scene.sim();
    let made = sim.creations();
    if let Some(i) = made.iter().position(|c| c.body == id) {
        let c = &made[i];
        return match &c.name {
            Some(n) => BodyRef {
                nth: made[..i]
                    .iter()
                    .filter(|o| o.name.as_deref() == Some(n))
                    .count(),
                name: Some(n.clone()),
                ..BodyRef::default()
            },
            None => BodyRef {
                kind: Some(c.kind.to_string()),
                nth: made[..i].iter().filter(|o| o.kind == c.kind).count(),
                ..BodyRef::default()
            },
        };
    }
    BodyRef {
        id: Some(sim.stable_id(id)),
        ..BodyRef::default()
    }
}

/// The live body `r` names in `scene`, if any.
pub fn resolve(scene: &Scene, r: &BodyRef) -> Option<BodyId> {
    let sim = scene.sim();
    let found = if let Some(id) = r.id {
        sim.world()
            .body_ids()
            .into_iter()
            .find(|&b| sim.stable_id(b) == id)
    } else {
        let made = sim.creations();
        let mut same = made.iter().filter(|c| match (&r.name, &r.kind) {
            (Some(n), _) => c.name.as_deref() == Some(n.as_str()),
            (None, Some(k)) => c.kind == k.as_str(),
            (None, None) => false,
        });
        same.nth(r.nth).map(|c| c.body)
    };
    found.filter(|&b| sim.world().body(b).is_ok())
}

impl Driver {
    /// The body held by the mouse, if any.
    pub fn drag(&self) -> Option<&Drag> {
        self.drag.as_ref()
    }

    /// Apply one action now (between steps).
    pub fn apply(&mut self, scene: &mut Scene, action: &Action) -> Result<Applied, SceneError> {
        match action {
            Action::Key { key, pressed } => scene.key(key, *pressed)?,
            Action::Click { click, button } => scene.click(click[0], click[1], button)?,
            Action::Mouse { mouse } => scene.set_mouse(mouse[0], mouse[1]),
            Action::Grab { grab, at } => {
                self.let_go(scene);
                let Some(id) = resolve(scene, grab) else {
                    return Ok(Applied::NoBody);
                };
                let p = Vec2::new(at[0], at[1]);
                let xf = scene.world().body(id).ok().map(|b| (b.body_type, b.xf));
                if let Some((BodyType::Dynamic, xf)) = xf {
                    self.drag = Some(Drag {
                        body: id,
                        local: xf.q.inv_rotate(p - xf.p),
                        target: p,
                        joint: None,
                    });
                }
            }
            Action::DragTo { drag_to } => {
                if let Some(d) = &mut self.drag {
                    d.target = Vec2::new(drag_to[0], drag_to[1]);
                }
            }
            Action::PlaceHeld { place_held } => {
                if let Some(d) = &mut self.drag {
                    d.target = Vec2::new(place_held[0], place_held[1]);
                }
                self.move_held(scene);
            }
            Action::LetGo { .. } => self.let_go(scene),
            Action::Spawn { spawn, at, size } => {
                let geom = match spawn.as_str() {
                    "box" => ShapeGeom::Polygon(Polygon::make_box(*size, *size)),
                    _ => ShapeGeom::Circle(Circle {
                        center: Vec2::ZERO,
                        radius: *size,
                    }),
                };
                let def = BodyDef {
                    position: Vec2::new(at[0], at[1]),
                    ..BodyDef::default()
                };
                let shape = ShapeDef {
                    geom,
                    ..ShapeDef::default()
                };
                let id = scene
                    .sim_mut()
                    .add_body(&def, &[shape], None)
                    .map_err(|e| SceneError::new(format!("spawn {spawn}: {e}")))?;
                return Ok(Applied::Spawned(id));
            }
            Action::Delete { delete } => {
                let Some(id) = resolve(scene, delete) else {
                    return Ok(Applied::NoBody);
                };
                if self.drag.as_ref().is_some_and(|d| d.body == id) {
                    self.let_go(scene);
                }
                let _ = scene.sim_mut().destroy(id);
            }
            Action::Toggle { toggle } => {
                let Some(id) = resolve(scene, toggle) else {
                    return Ok(Applied::NoBody);
                };
                let mut sim = scene.sim_mut();
                let to = match sim.world().body(id).map(|b| b.body_type) {
                    Ok(BodyType::Static) => BodyType::Dynamic,
                    _ => BodyType::Static,
                };
                let _ = sim.set_body_type(id, to);
            }
        }
        Ok(Applied::Done)
    }

    /// Pull the held body toward its target with a mouse joint (before
    /// every fixed step).
    pub fn before_step(&mut self, scene: &mut Scene) {
        let Some(d) = &mut self.drag else {
            return;
        };
        let mut sim = scene.sim_mut();
        let world = sim.world_mut();
        let Ok(b) = world.body(d.body) else {
            self.drag = None;
            return;
        };
        if b.body_type != BodyType::Dynamic {
            return;
        }
        let (grabbed, mass) = (b.xf.apply(d.local), b.mass);
        let moved = match d.joint {
            Some(j) => world.set_mouse_target(j, d.target).is_ok(),
            None => false,
        };
        if !moved {
            // First step of the drag, or the joint went with a reload.
            let max_force = DRAG_MAX_ACCEL * mass;
            d.joint = world.create_mouse_joint(d.body, grabbed, max_force).ok();
            if let Some(j) = d.joint {
                let _ = world.set_mouse_target(j, d.target);
            }
        }
    }

    /// While paused the held body follows the cursor exactly (moved, at
    /// rest), so scenes can be arranged before they run.
    fn move_held(&self, scene: &mut Scene) {
        let Some(d) = &self.drag else {
            return;
        };
        let mut sim = scene.sim_mut();
        let world = sim.world_mut();
        let Ok(b) = world.body(d.body) else {
            return;
        };
        let q = b.xf.q;
        let origin = d.target - q.rotate(d.local);
        let _ = world.set_transform(d.body, origin, q.angle());
        let _ = world.set_linear_velocity(d.body, Vec2::ZERO);
        let _ = world.set_angular_velocity(d.body, 0.0);
    }

    /// Let go of the held body (its mouse joint goes too).
    pub fn let_go(&mut self, scene: &mut Scene) {
        if let Some(Drag { joint: Some(j), .. }) = self.drag.take() {
            let _ = scene.sim_mut().world_mut().destroy_joint(j);
        }
    }

    /// After a keep-state reload the held body has a new id and its joint
    /// went with the old world: the drag ends.
    pub fn forget(&mut self) {
        self.drag = None;
    }
}

/// Apply every entry due at the scene's current step (those at or before
/// it, from `next` on). Returns how many named a body that is not there.
pub fn apply_due(
    scene: &mut Scene,
    driver: &mut Driver,
    log: &[Entry],
    next: &mut usize,
) -> Result<usize, SceneError> {
    let now = scene.world().step_count();
    let mut dropped = 0;
    while let Some(e) = log.get(*next).filter(|e| e.step <= now) {
        *next += 1;
        if driver.apply(scene, &e.action)? == Applied::NoBody {
            dropped += 1;
        }
    }
    Ok(dropped)
}

/// One step as the window takes it: due inputs, the drag's pull, the step.
pub fn step_once(
    scene: &mut Scene,
    driver: &mut Driver,
    log: &[Entry],
    next: &mut usize,
) -> Result<usize, SceneError> {
    let dropped = apply_due(scene, driver, log, next)?;
    driver.before_step(scene);
    scene.step(1)?;
    Ok(dropped)
}

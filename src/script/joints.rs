//! `spring`, `rope`, `hinge`, `distance`, `weld`, `slider`, `wheel`,
//! `mouse_joint` and the `Joint` handle (LUA_API.md "Springs, ropes and joints").
//!
//! A `Joint` is a full userdata holding the generational `JointId` (body
//! handles own the light-userdata metatable). Handles are kept in a registry
//! table by joint slot so `on_break(joint)` passes the very handle the scene
//! got from the constructor (`==` and table keys work).
//!
//! The handle also remembers what never changes about its joint (kind and
//! bodies), so `joint.kind`, `joint.a`, `joint.b` and `joint.alive` stay
//! readable after the joint broke or was destroyed — `on_break` is exactly
//! where a scene wants to know which joint it was.

use super::error::scene_err;
use super::handles::handle_for;
use super::options::Opts;
use super::sim::SceneContext;
use super::world_api::body_arg;
use crate::physics::{
    BodyId, DistanceParams, HingeParams, JointBreak, JointDef, JointId, JointKind, JointType,
    MouseParams, RopeDef, SliderParams, SpringParams, Vec2, WheelParams, World, ROPE_MAX_LENGTH,
};
use mlua::{AnyUserData, Lua, MetaMethod, Table, UserData, UserDataFields, UserDataMethods, Value};

pub(super) const REGISTRY: &str = "physbox.joints";

/// A joint handle: its id and the facts that outlive the joint.
#[derive(Clone, Copy, Debug)]
pub struct JointHandle(pub JointId, JointFacts);

/// What a joint was made as; fixed for its whole life.
#[derive(Clone, Copy, Debug)]
pub struct JointFacts {
    pub kind: JointType,
    pub a: BodyId,
    pub b: Option<BodyId>,
}

impl JointFacts {
    /// The facts of a broken joint, from its break event.
    pub fn of_break(e: &JointBreak) -> JointFacts {
        JointFacts {
            kind: e.kind,
            a: e.body_a,
            b: e.body_b,
        }
    }
}

fn with_world<R>(lua: &Lua, f: impl FnOnce(&mut World) -> R) -> R {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    f(&mut sim.world)
}

fn stale(lua: &Lua, what: &str) -> mlua::Error {
    scene_err(
        lua,
        format!("Joint.{what}: this joint was destroyed (or broke)"),
    )
}

impl UserData for JointHandle {
    fn add_fields<F: UserDataFields<Self>>(f: &mut F) {
        f.add_field_method_get("breaking_force", |lua, this| {
            with_world(lua, |w| w.joint(this.0).map(|j| j.breaking_force))
                .map_err(|_| stale(lua, "breaking_force"))
        });
        f.add_field_method_set("breaking_force", |lua, this, v: Value| {
            let force = match v {
                Value::Nil => None,
                Value::Integer(i) => Some(i as f64),
                Value::Number(n) => Some(n),
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "Joint.breaking_force must be a positive number or nil, got {}",
                            super::options::type_name(&other)
                        ),
                    ))
                }
            };
            // Zero and below: the world's own message ("positive").
            if let Some(m) = force.filter(|n| *n > 0.0).and_then(|n| {
                super::ranges::out_of_range("Joint.breaking_force", "breaking_force", n)
            }) {
                return Err(scene_err(lua, m));
            }
            with_world(lua, |w| w.set_breaking_force(this.0, force)).map_err(|e| match e {
                crate::physics::PhysicsError::StaleId(_) => stale(lua, "breaking_force"),
                e => scene_err(lua, format!("Joint.{e}")),
            })
        });
        // Fixed facts: readable after the joint broke or was destroyed.
        f.add_field_method_get("kind", |_, this| Ok(this.1.kind.name()));
        f.add_field_method_get("source", |lua, this| {
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            let sim = ctx.sim.borrow();
            Ok(sim.joint_origin(this.0).map(|o| o.at()))
        });
        f.add_field_method_get("alive", |lua, this| {
            Ok(with_world(lua, |w| w.joint_is_alive(this.0)))
        });
        f.add_field_method_get("a", |lua, this| handle_for(lua, this.1.a));
        f.add_field_method_get("b", |lua, this| match this.1.b {
            Some(id) => handle_for(lua, id),
            None => Ok(Value::Nil),
        });
        super::joint_look::add_fields(f);
        f.add_field_method_get("motor_speed", |lua, this| {
            with_world(lua, |w| w.joint_motor(this.0))
                .map(|m| m.map(|(s, _)| s))
                .map_err(|_| stale(lua, "motor_speed"))
        });
        f.add_field_method_set("motor_speed", |lua, this, speed: f64| {
            if let Some(m) = super::ranges::out_of_range("Joint.motor_speed", "vx", speed) {
                return Err(scene_err(lua, m));
            }
            with_world(lua, |w| w.set_joint_motor_speed(this.0, speed))
                .map_err(|e| scene_err(lua, format!("Joint.motor_speed: {e}")))
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method("destroy", |lua, this, ()| {
            with_world(lua, |w| w.destroy_joint(this.0)).map_err(|_| stale(lua, "destroy"))
        });
        m.add_method("reaction_force", |lua, this, ()| {
            let f = with_world(lua, |w| w.joint_reaction_force(this.0))
                .map_err(|_| stale(lua, "reaction_force"))?;
            Ok((f.x, f.y))
        });
        m.add_method("reaction_torque", |lua, this, ()| {
            with_world(lua, |w| w.joint_reaction_torque(this.0))
                .map_err(|_| stale(lua, "reaction_torque"))
        });
        m.add_method("anchors", |lua, this, ()| {
            let (a, b) =
                with_world(lua, |w| w.joint_anchors(this.0)).map_err(|_| stale(lua, "anchors"))?;
            Ok((a.x, a.y, b.x, b.y))
        });
        m.add_method("set_target", |lua, this, (x, y): (f64, f64)| {
            with_world(lua, |w| w.set_mouse_target(this.0, Vec2::new(x, y)))
                .map_err(|e| scene_err(lua, format!("Joint:set_target: {e}")))
        });
        m.add_meta_method(MetaMethod::Eq, |_, this, other: AnyUserData| {
            Ok(other.borrow::<JointHandle>().is_ok_and(|o| o.0 == this.0))
        });
        m.add_meta_method(MetaMethod::ToString, |lua, this, ()| {
            Ok(with_world(lua, |w| match w.joint(this.0) {
                Ok(j) => format!("Joint({} {})", j.joint_type().name(), this.0.index),
                Err(_) => "Joint(destroyed)".to_string(),
            }))
        });
    }
}

/// The handle of a live joint: the one handed out before, else a new one.
pub fn joint_handle(lua: &Lua, id: JointId) -> mlua::Result<Value> {
    let facts = with_world(lua, |w| {
        w.joint(id).map(|j| JointFacts {
            kind: j.joint_type(),
            a: j.body_a,
            b: j.body_b,
        })
    })
    .map_err(|_| stale(lua, "handle"))?;
    handle_with(lua, id, facts)
}

/// The handle of a joint that just broke (already destroyed).
pub fn broken_joint_handle(lua: &Lua, e: &JointBreak) -> mlua::Result<Value> {
    handle_with(lua, e.joint, JointFacts::of_break(e))
}

fn handle_with(lua: &Lua, id: JointId, facts: JointFacts) -> mlua::Result<Value> {
    let reg: Table = match lua.named_registry_value::<Value>(REGISTRY)? {
        Value::Table(t) => t,
        _ => {
            let t = lua.create_table()?;
            lua.set_named_registry_value(REGISTRY, t.clone())?;
            t
        }
    };
    if let Value::UserData(ud) = reg.raw_get::<Value>(id.index)? {
        if ud.borrow::<JointHandle>().is_ok_and(|h| h.0 == id) {
            return Ok(Value::UserData(ud));
        }
    }
    let ud = lua.create_userdata(JointHandle(id, facts))?;
    reg.raw_set(id.index, ud.clone())?;
    Ok(Value::UserData(ud))
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    for kind in [
        "spring",
        "hinge",
        "distance",
        "weld",
        "slider",
        "wheel",
        "mouse_joint",
    ] {
        g.raw_set(
            kind,
            lua.create_function(move |lua, opts: Value| joint(lua, kind, opts))?,
        )?;
    }
    g.raw_set("rope", lua.create_function(rope)?)?;
    Ok(())
}

fn options(kind: &str) -> &'static [&'static str] {
    match kind {
        "spring" => &[
            "a",
            "b",
            "anchor_a",
            "anchor_b",
            "length",
            "k",
            "damping",
            "breaking_force",
            "collide",
            "color",
            "hidden",
            "style",
        ],
        "distance" => &[
            "a",
            "b",
            "anchor_a",
            "anchor_b",
            "length",
            "min",
            "max",
            "breaking_force",
            "collide",
            "color",
            "hidden",
            "style",
        ],
        "hinge" => &[
            "a",
            "b",
            "at",
            "limits",
            "motor",
            "collide",
            "breaking_force",
            "color",
            "hidden",
            "style",
        ],
        "weld" => &[
            "a",
            "b",
            "at",
            "collide",
            "breaking_force",
            "color",
            "hidden",
            "style",
        ],
        "slider" => &[
            "a",
            "b",
            "at",
            "axis",
            "limits",
            "motor",
            "collide",
            "breaking_force",
            "color",
            "hidden",
            "style",
        ],
        "wheel" => &[
            "a",
            "b",
            "at",
            "axis",
            "k",
            "damping",
            "limits",
            "motor",
            "collide",
            "breaking_force",
            "color",
            "hidden",
            "style",
        ],
        _ => &[
            "a",
            "at",
            "target",
            "max_force",
            "hertz",
            "damping_ratio",
            "color",
            "hidden",
            "style",
        ],
    }
}

impl Opts<'_> {
    /// An optional point `{x, y}`.
    pub fn point(&self, key: &str) -> mlua::Result<Option<Vec2>> {
        if !self.has(key)? {
            return Ok(None);
        }
        let v = Value::Table(self.table(key)?.expect("present"));
        super::options::point_from(&v)
            .map(Some)
            .map_err(|m| self.err(format!("'{key}' {m}")))
    }

    /// An optional pair `{lo, hi}` of finite numbers within the
    /// coordinates' range; a bad one is named with what was wrong (it
    /// said "two finite numbers" of `motor = {1, 1e15}`).
    pub fn pair(&self, key: &str, names: &str) -> mlua::Result<Option<(f64, f64)>> {
        if !self.has(key)? {
            return Ok(None);
        }
        let v = Value::Table(self.table(key)?.expect("present"));
        super::options::pair_from(&v, &format!("{{{names}}}"))
            .map(|p| Some((p.x, p.y)))
            .map_err(|m| self.err(format!("'{key}' {m}")))
    }

    fn body(&self, key: &str, required: bool) -> mlua::Result<Option<BodyId>> {
        if !self.has(key)? {
            if required {
                return Err(self.err(format!("'{key}' is required (a body)")));
            }
            return Ok(None);
        }
        let v: Value = self.raw(key)?;
        body_arg(self.lua(), &format!("{}: '{key}'", self.what()), &v).map(Some)
    }
}

/// The body's centre of mass now, or an error naming the option.
fn centre(o: &Opts, w: &World, id: BodyId, key: &str) -> mlua::Result<Vec2> {
    w.body(id)
        .map(|b| b.center)
        .map_err(|_| o.err(format!("'{key}' was destroyed")))
}

fn joint(lua: &Lua, kind: &'static str, opts: Value) -> mlua::Result<Value> {
    let o = Opts::new(lua, kind, opts, options(kind))?;
    let origin = super::origin::here(lua, kind);
    let look = o.joint_look()?;
    let a = o.body("a", true)?.expect("required");
    let b = if kind == "mouse_joint" {
        None
    } else {
        o.body("b", false)?
    };
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    let w = &mut sim.world;
    let ca = centre(&o, w, a, "a")?;
    let cb = match b {
        Some(b) => Some(centre(&o, w, b, "b")?),
        None => None,
    };
    let (anchor_a, anchor_b) = match kind {
        "spring" | "distance" => {
            let pa = o.point("anchor_a")?.unwrap_or(ca);
            let pb = match (o.point("anchor_b")?, cb) {
                (Some(p), _) => p,
                (None, Some(c)) => c,
                (None, None) => return Err(o.err(
                    "'anchor_b' is required when 'b' is omitted (the world point it hangs from)",
                )),
            };
            (pa, pb)
        }
        "mouse_joint" => {
            let at = o.point("at")?.unwrap_or(ca);
            (at, o.point("target")?.unwrap_or(at))
        }
        // A slider's or wheel's anchor is on b by default (where b
        // moves): a slider holds b's rotation, so any anchor gives the same
        // motion, but one far off b's line of motion couples its rows by a
        // long lever (a cart anchored 16 m away ran its 3 m/s motor at up
        // to 19 m/s and through its limits); a wheel's anchor is the
        // wheel's centre, which b turns about.
        "slider" | "wheel" => {
            let at = o.point("at")?.or(cb).unwrap_or(ca);
            (at, at)
        }
        _ => {
            let at = o.point("at")?.unwrap_or(ca);
            (at, at)
        }
    };
    let kind_def = match kind {
        "spring" => JointKind::Spring(SpringParams {
            length: match o.num("length")? {
                Some(l) if l < 0.0 => {
                    return Err(o.err(format!("'length' must not be negative, got {l}")))
                }
                l => l,
            },
            k: o.non_negative_or("k", 100.0)?,
            damping: o.non_negative_or("damping", 0.0)?,
        }),
        "distance" => JointKind::Distance(DistanceParams {
            length: o.num("length")?,
            min: o.num("min")?,
            max: o.num("max")?,
        }),
        "hinge" => JointKind::Hinge(HingeParams {
            reference_angle: 0.0,
            limits: o.pair("limits", "lo, hi")?,
            motor: o.pair("motor", "speed, max_torque")?,
        }),
        "weld" => JointKind::Weld(Default::default()),
        "slider" => JointKind::Slider(SliderParams {
            axis: o.point("axis")?.unwrap_or(Vec2::X),
            reference_angle: 0.0,
            limits: o.pair("limits", "lo, hi")?,
            motor: o.pair("motor", "speed, max_force")?,
        }),
        "wheel" => JointKind::Wheel(WheelParams {
            axis: o.point("axis")?.unwrap_or(Vec2::Y),
            k: o.non_negative_or("k", WheelParams::default().k)?,
            damping: o.non_negative_or("damping", 0.0)?,
            limits: o.pair("limits", "lo, hi")?,
            motor: o.pair("motor", "speed, max_torque")?,
        }),
        _ => {
            let mass = w.body(a).map(|b| b.mass).unwrap_or(1.0);
            JointKind::Mouse(MouseParams {
                max_force: o.non_negative_or("max_force", 1000.0 * mass)?,
                hertz: o.positive_opt("hertz")?.unwrap_or(5.0),
                damping_ratio: o.non_negative_or("damping_ratio", 0.7)?,
            })
        }
    };
    let def = JointDef {
        kind: kind_def,
        body_a: a,
        body_b: b,
        anchor_a,
        anchor_b,
        collide_connected: o.boolean_or("collide", false)?,
        breaking_force: o.positive_opt("breaking_force")?,
        user_data: 0,
    };
    let id = w.create_joint(&def).map_err(|e| engine_err(&o, kind, e))?;
    if let Some(origin) = origin {
        sim.joint_origins.insert(id, origin);
    }
    sim.set_joint_look(id, look);
    drop(sim);
    drop(ctx);
    joint_handle(lua, id)
}

/// An engine error as a scene error (without repeating the joint's name).
fn engine_err(o: &Opts, kind: &str, e: crate::physics::PhysicsError) -> mlua::Error {
    let msg = e.to_string();
    let name = if kind == "mouse_joint" {
        "mouse joint"
    } else {
        kind
    };
    let msg = msg
        .strip_prefix(&format!("{name}: "))
        .unwrap_or(&msg)
        .to_string();
    o.err(msg)
}

const ROPE_OPTIONS: &[&str] = &[
    "from",
    "to",
    "segments",
    "length",
    "slack",
    "mass",
    "radius",
    "k",
    "damping",
    "collide",
    "a",
    "b",
    "friction",
    "linear_damping",
    "color",
    "hidden",
];

fn rope(lua: &Lua, opts: Value) -> mlua::Result<Table> {
    let o = Opts::new(lua, "rope", opts, ROPE_OPTIONS)?;
    let origin = super::origin::here(lua, "rope");
    let from = o
        .point("from")?
        .ok_or_else(|| o.err("'from' is required: {x, y}"))?;
    let to = o
        .point("to")?
        .ok_or_else(|| o.err("'to' is required: {x, y}"))?;
    let segments = o.integer_or("segments", 20)?;
    if !(1..=10_000).contains(&segments) {
        return Err(o.err(format!(
            "'segments' must be an integer from 1 to 10000, got {segments}"
        )));
    }
    let mass = match o.num("mass")? {
        None => 1.0,
        Some(m) if m > 0.0 => m,
        Some(m) => {
            return Err(o.err(format!(
                "'mass' must be a positive number (the total, kg), got {m}"
            )))
        }
    };
    let k = match o.num("k")? {
        Some(k) if k < 0.0 => return Err(o.err(format!("'k' must not be negative, got {k}"))),
        k => k,
    };
    let distance = (to - from).length();
    let length = match (o.num("length")?, o.num("slack")?) {
        (Some(_), Some(_)) => {
            return Err(o.err("give 'length' or 'slack', not both"));
        }
        (Some(l), None) => {
            if !(l >= distance && l <= ROPE_MAX_LENGTH) {
                return Err(o.err(format!(
                    "'length' must be from the distance between 'from' and 'to' ({distance}) to {ROPE_MAX_LENGTH} m, got {l}"
                )));
            }
            Some(l)
        }
        (None, Some(s)) => {
            let l = distance * (1.0 + s);
            if !(s >= 0.0 && l <= ROPE_MAX_LENGTH) {
                return Err(o.err(format!(
                    "'slack' must be 0 or more (0.2: 20 % longer than from–to) with the length at most {ROPE_MAX_LENGTH} m, got {s}"
                )));
            }
            Some(l)
        }
        (None, None) => None,
    };
    let def = RopeDef {
        from,
        to,
        segments: segments as u32,
        length,
        mass,
        radius: o.positive_opt("radius")?.unwrap_or(0.05),
        k,
        // `damping`: the Hooke links' N·s/m, or an inextensible rope's
        // internal damping rate (1/s, physics `rope_damping.rs`).
        damping: if k.is_some() {
            o.non_negative_or("damping", 0.0)?
        } else {
            0.0
        },
        internal_damping: if k.is_some() {
            0.0
        } else {
            o.non_negative_or("damping", RopeDef::default().internal_damping)?
        },
        collide: o.boolean_or("collide", true)?,
        friction: o.non_negative_or("friction", 0.6)?,
        a: o.body("a", false)?,
        b: o.body("b", false)?,
        linear_damping: o.non_negative_or("linear_damping", 0.0)?,
    };
    let color = o.string("color")?;
    if let Some(c) = &color {
        super::color::parse_color(c).map_err(|m| o.err(format!("'color': {m}")))?;
    }
    // The rope's curve and its pins take its colour; `style` is for
    // joints drawn anchor to anchor, a rope is always a curve.
    let look = super::joint_look::JointLook {
        color: color
            .as_deref()
            .and_then(|c| super::color::parse_color(c).ok()),
        hidden: o.boolean_or("hidden", false)?,
        style: None,
    };
    let made = {
        let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
        let mut sim = ctx.sim.borrow_mut();
        let made = sim
            .world
            .create_rope(&def)
            .map_err(|e| engine_err(&o, "rope", e))?;
        for &b in &made.bodies {
            sim.register(b, color.clone(), origin.clone());
        }
        if !ctx.in_callback.get() {
            // The file built these masses: a keep-state reload matches them
            // with the new version's rope masses (creation order among
            // ropes' masses) instead of carrying them over beside the new
            // rope.
            for &b in &made.bodies {
                let at = sim.world.body(b).map(|body| body.xf.p).unwrap_or_default();
                sim.creations.push(crate::script::creation::Creation {
                    body: b,
                    name: None,
                    kind: "rope",
                    args: crate::script::creation::PoseArgs {
                        x: at.x,
                        y: at.y,
                        ..Default::default()
                    },
                    origin: origin.clone(),
                });
            }
        }
        if let Some(origin) = &origin {
            for j in made.joints() {
                sim.joint_origins.insert(j, origin.clone());
            }
        }
        for j in made.joints() {
            sim.set_joint_look(j, look.clone());
        }
        if look != Default::default() {
            sim.rope_looks.insert(made.bodies[0], look);
        }
        made
    };
    let t = lua.create_table()?;
    let bodies = lua.create_table()?;
    for (i, &b) in made.bodies.iter().enumerate() {
        bodies.raw_set(i + 1, handle_for(lua, b)?)?;
    }
    let joints = lua.create_table()?;
    for (i, j) in made.joints().into_iter().enumerate() {
        joints.raw_set(i + 1, joint_handle(lua, j)?)?;
    }
    t.raw_set("first", handle_for(lua, made.bodies[0])?)?;
    t.raw_set(
        "last",
        handle_for(lua, *made.bodies.last().expect("at least two"))?,
    )?;
    t.raw_set("bodies", bodies)?;
    t.raw_set("joints", joints)?;
    t.raw_set("links", {
        let links = lua.create_table()?;
        for (i, &j) in made.links.iter().enumerate() {
            links.raw_set(i + 1, joint_handle(lua, j)?)?;
        }
        links
    })?;
    let ids = made.bodies.clone();
    t.raw_set(
        "length",
        lua.create_function(move |lua, _self: Value| {
            with_world(lua, |w| w.chain_length(&ids))
                .map_err(|_| scene_err(lua, "rope:length: a mass of this rope was destroyed"))
        })?,
    )?;
    let all = made.joints();
    let first_link = made.pin_a.unwrap_or(made.links[0]);
    t.raw_set(
        "reaction_force",
        lua.create_function(move |lua, _self: Value| {
            let f = with_world(lua, |w| w.joint_reaction_force(first_link)).map_err(|_| {
                scene_err(lua, "rope:reaction_force: the rope's first joint is gone")
            })?;
            Ok((f.x, f.y))
        })?,
    )?;
    let bodies_for_destroy = made.bodies.clone();
    t.raw_set(
        "destroy",
        lua.create_function(move |lua, _self: Value| {
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            let mut sim = ctx.sim.borrow_mut();
            for &j in &all {
                let _ = sim.world.destroy_joint(j);
            }
            for &b in &bodies_for_destroy {
                let _ = sim.destroy(b);
            }
            Ok(())
        })?,
    )?;
    Ok(t)
}

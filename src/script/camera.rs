//! The `camera` global: where the view looks — centre `x`, `y` and `zoom`,
//! the metres visible from the bottom of the view to the top (as in
//! `scene { camera = {x, y, zoom} }`) — and a body it follows.
//!
//! The state is plain data in the `Sim`, shared by the scene and the app:
//! the window and headless pictures both draw through it, and the user's
//! pan and zoom in the window write into it (which pauses following until
//! the user asks to follow again). Following moves the view once per step,
//! after `update`, so where it looks depends on the steps taken, never on
//! the frame rate: the window and `--screenshot` / `--frames` agree.

use super::error::scene_err;
use super::options::{type_name, Opts};
use super::sim::SceneContext;
use super::world_api::body_arg;
use crate::physics::{BodyId, Vec2, World};
use mlua::{Lua, UserData, UserDataFields, UserDataMethods, Value};

/// A body the view follows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Follow {
    pub body: BodyId,
    /// Share of the distance to the body the view still lags after 1/60 s:
    /// 0 is locked on the body, 0.9 glides.
    pub smooth: f64,
    /// Metres added to the body's position.
    pub offset: Vec2,
}

/// Where the view looks. `x`, `y`, `zoom` are unset until the scene sets
/// them or the app fits the view to the bodies on the first frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CameraState {
    pub x: Option<f64>,
    pub y: Option<f64>,
    pub zoom: Option<f64>,
    /// The centre at the start of the last step (the window draws between
    /// steps).
    prev: Option<(f64, f64)>,
    follow: Option<Follow>,
    /// The user panned or zoomed: following waits for `follow_again`.
    user_moved: bool,
}

impl CameraState {
    /// Centre and zoom, once all three are known.
    pub fn view(&self) -> Option<(f64, f64, f64)> {
        Some((self.x?, self.y?, self.zoom?))
    }

    /// The centre `alpha` of the way from the last step's start to now.
    pub fn center_at(&self, alpha: f64) -> Option<(f64, f64)> {
        let (x, y) = (self.x?, self.y?);
        Some(match self.prev {
            Some((px, py)) if alpha < 1.0 => (px + (x - px) * alpha, py + (y - py) * alpha),
            _ => (x, y),
        })
    }

    /// Fill what the scene left unset (the app's fit on the first frame).
    pub fn settle(&mut self, x: f64, y: f64, zoom: f64) {
        self.x = self.x.or(Some(x));
        self.y = self.y.or(Some(y));
        self.zoom = self.zoom.or(Some(zoom));
    }

    /// The scene set the view.
    pub fn set(&mut self, x: Option<f64>, y: Option<f64>, zoom: Option<f64>) {
        self.x = x.or(self.x);
        self.y = y.or(self.y);
        self.zoom = zoom.or(self.zoom);
    }

    /// The user panned or zoomed to this view: following pauses.
    pub fn user_view(&mut self, x: f64, y: f64, zoom: f64) {
        (self.x, self.y, self.zoom) = (Some(x), Some(y), Some(zoom));
        self.prev = None;
        self.user_moved = true;
    }

    pub fn following(&self) -> Option<Follow> {
        self.follow
    }

    /// Following a body, paused by the user's pan or zoom?
    pub fn follow_paused(&self) -> bool {
        self.follow.is_some() && self.user_moved
    }

    /// The user asks to follow again.
    pub fn follow_again(&mut self) {
        self.user_moved = false;
    }

    /// A new version of the scene (hot reload, a puzzle's Start / Reset)
    /// keeps the view the user was looking at; following is the new
    /// version's.
    pub fn keep_view_of(&mut self, old: &CameraState) {
        if old.view().is_some() {
            (self.x, self.y, self.zoom) = (old.x, old.y, old.zoom);
            self.prev = None;
            self.user_moved = old.user_moved;
        }
    }

    /// A step starts: remember the centre.
    pub(super) fn begin_step(&mut self) {
        self.prev = self.x.zip(self.y);
    }

    /// A step ended: a followed body pulls the view (a destroyed one ends
    /// the following).
    pub(super) fn after_step(&mut self, world: &World, dt: f64) {
        let Some(f) = self.follow else {
            return;
        };
        let Ok(b) = world.body(f.body) else {
            self.follow = None;
            return;
        };
        if self.user_moved {
            return;
        }
        let target = b.xf.p + f.offset;
        let lag = f.smooth.powf(dt * 60.0);
        let glide = |now: Option<f64>, to: f64| match now {
            Some(v) => to + (v - to) * lag,
            None => to,
        };
        self.x = Some(glide(self.x, target.x));
        self.y = Some(glide(self.y, target.y));
    }
}

/// The `camera` global's userdata.
struct CameraHandle;

fn with_camera<R>(lua: &Lua, f: impl FnOnce(&mut CameraState, &World) -> R) -> R {
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut sim = ctx.sim.borrow_mut();
    let sim = &mut *sim;
    f(&mut sim.camera, &sim.world)
}

fn finite(lua: &Lua, what: &str, v: Value) -> mlua::Result<f64> {
    let n = match v {
        Value::Integer(i) => i as f64,
        Value::Number(n) => n,
        other => {
            return Err(scene_err(
                lua,
                format!("camera.{what} must be a number, got {}", type_name(&other)),
            ))
        }
    };
    if !n.is_finite() {
        return Err(scene_err(
            lua,
            format!("camera.{what} must be a finite number, got {n}"),
        ));
    }
    Ok(n)
}

impl UserData for CameraHandle {
    fn add_fields<F: UserDataFields<Self>>(f: &mut F) {
        f.add_field_method_get("x", |lua, _| Ok(with_camera(lua, |c, _| c.x)));
        f.add_field_method_get("y", |lua, _| Ok(with_camera(lua, |c, _| c.y)));
        f.add_field_method_get("zoom", |lua, _| Ok(with_camera(lua, |c, _| c.zoom)));
        f.add_field_method_set("x", |lua, _, v: Value| {
            let x = finite(lua, "x", v)?;
            with_camera(lua, |c, _| c.set(Some(x), None, None));
            Ok(())
        });
        f.add_field_method_set("y", |lua, _, v: Value| {
            let y = finite(lua, "y", v)?;
            with_camera(lua, |c, _| c.set(None, Some(y), None));
            Ok(())
        });
        f.add_field_method_set("zoom", |lua, _, v: Value| {
            let z = finite(lua, "zoom", v)?;
            if z <= 0.0 {
                return Err(scene_err(
                    lua,
                    format!("camera.zoom must be positive (metres from the bottom of the view to the top), got {z}"),
                ));
            }
            with_camera(lua, |c, _| c.set(None, None, Some(z)));
            Ok(())
        });
        f.add_field_method_get("following", |lua, _| {
            match with_camera(lua, |c, _| c.follow.map(|f| f.body)) {
                Some(id) => super::handles::handle_for(lua, id),
                None => Ok(Value::Nil),
            }
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(m: &mut M) {
        m.add_method("follow", |lua, _, (body, opts): (Value, Value)| {
            let id = body_arg(lua, "camera:follow: body", &body)?;
            let (smooth, offset) = if opts.is_nil() {
                (0.0, Vec2::ZERO)
            } else {
                let o = Opts::new(lua, "camera:follow", opts, &["smooth", "offset"])?;
                let smooth = o.num_or("smooth", 0.0)?;
                if !(0.0..1.0).contains(&smooth) {
                    return Err(o.err(format!(
                        "'smooth' must be from 0 (locked on the body) up to, not including, 1, got {smooth}"
                    )));
                }
                (smooth, o.point("offset")?.unwrap_or(Vec2::ZERO))
            };
            with_camera(lua, |c, w| {
                c.follow = Some(Follow {
                    body: id,
                    smooth,
                    offset,
                });
                // Asked for again: the user's pan no longer holds it back.
                c.user_moved = false;
                if c.view().is_none() {
                    c.after_step(w, 1.0 / 60.0);
                }
            });
            Ok(())
        });
        m.add_method("unfollow", |lua, _, ()| {
            with_camera(lua, |c, _| c.follow = None);
            Ok(())
        });
        m.add_meta_method(mlua::MetaMethod::ToString, |lua, _, ()| {
            Ok(with_camera(lua, |c, _| match c.view() {
                Some((x, y, z)) => format!("camera({x}, {y}, zoom {z})"),
                None => "camera(fits the bodies)".to_string(),
            }))
        });
    }
}

pub fn install(lua: &Lua) -> mlua::Result<()> {
    lua.globals()
        .raw_set("camera", lua.create_userdata(CameraHandle)?)
}

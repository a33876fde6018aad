//! The Verlet correction of the Lua forces, kept per force source.
//!
//! Lua forces are evaluated once, at the start of each step, and act
//! constantly through it. Alone that is first order in the velocity: a
//! body orbiting in a central field from Lua spirals out (radius +88 % in
//! 10 orbits, measured). Velocity Verlet needs v += ½·dt·(F_n + F_{n+1})/m;
//! the step gives dt·F_n/m, so at the start of the next step the difference
//! ½·dt·(F_{n+1} − F_n)/m is added as an impulse. Positions are untouched:
//! while a force acts the scheme is velocity Verlet exactly (symplectic:
//! the orbit's radius stays within 0.04 %).
//!
//! The corrections of one source (a field, or a body's own `force`) sum to
//! ½·dt·(F_last − F_first); when the source stops acting on a body, that
//! sum is taken back, so the body has received exactly Σ dt·F_n from it —
//! a force's total impulse is what it always was, whatever else acts on
//! the body. (Kept per body, a field destroyed while another went on
//! acting left its body ½·F·dt short for as long as the other acted.)

use crate::physics::{BodyId, BodyType, Vec2, World};

/// Which callback gave a force: a field (its index in `Sim::fields`,
/// which only grows while a scene runs, and a re-run scene rebuilds in
/// the same order) or the body's own `force`.
pub type Source = u32;

/// The source key of a body's own `force` function.
pub const OWN_FORCE: Source = u32::MAX;

/// The key of an entry from an old file that nothing adopted (a body's
/// total), apart from every source's.
const TOTAL: Source = OWN_FORCE - 1;

/// One source's force on one body in one step. The last step's are part of
/// the scene's state (`Sim::lua_forces`, saved in snapshots): the next
/// step's correction is computed from them.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LuaForce {
    pub(super) body: Option<BodyId>,
    pub(super) force: Vec2,
    pub(super) torque: f64,
    /// Sum of this source's corrections so far: ½·dt·(F_last − F_first).
    pub(super) carried: Vec2,
    pub(super) carried_torque: f64,
    /// The source; absent in files from before sources were told apart,
    /// whose entries are each body's total (see `adopt_totals`).
    #[serde(default)]
    pub(super) source: Option<Source>,
}

impl LuaForce {
    /// `source`'s force and torque on `body` this step.
    pub fn new(body: BodyId, source: Source, force: Vec2, torque: f64) -> LuaForce {
        LuaForce {
            body: Some(body),
            source: Some(source),
            force,
            torque,
            ..LuaForce::default()
        }
    }

    /// Is this entry, read from a file, usable with a world of `capacity`
    /// body slots?
    pub fn check(&self, capacity: usize) -> Result<(), String> {
        if let Some(b) = self.body.filter(|b| b.index as usize >= capacity) {
            return Err(format!(
                "body {} out of range (the world has {capacity} body slots)",
                b.index
            ));
        }
        let numbers = [self.force.x, self.force.y, self.torque];
        let carried = [self.carried.x, self.carried.y, self.carried_torque];
        if !numbers.iter().chain(&carried).all(|x| x.is_finite()) {
            return Err("a force or its correction is not finite".to_string());
        }
        Ok(())
    }

    fn key(&self) -> (u32, u32, u32) {
        let body = self.body.unwrap_or(BodyId {
            index: u32::MAX,
            generation: u32::MAX,
        });
        (body.index, body.generation, self.source.unwrap_or(TOTAL))
    }
}

/// Sort this step's forces by body and source, adding up a source's
/// entries for one body (a field that lists a body twice), each sum kept
/// within `max`.
fn gather(now: &mut Vec<LuaForce>, max: f64) {
    now.sort_by_key(LuaForce::key);
    now.dedup_by(|later, kept| {
        if later.key() != kept.key() {
            return false;
        }
        kept.force = (kept.force + later.force).clamp(Vec2::splat(-max), Vec2::splat(max));
        kept.torque = (kept.torque + later.torque).clamp(-max, max);
        true
    });
}

/// Entries of a file from before sources were told apart hold each body's
/// total: one is taken as the body's only source now, when it has one
/// (exact for a body under one force); otherwise it has stopped.
fn adopt_totals(now: &[LuaForce], last: &mut [LuaForce]) {
    for l in last.iter_mut().filter(|l| l.source.is_none()) {
        let mut on_body = now.iter().filter(|n| n.body == l.body);
        if let (Some(only), None) = (on_body.next(), on_body.next()) {
            l.source = only.source;
        }
    }
}

/// This step's forces `now` (one entry per source and body, in any order)
/// against the last step's `last`: each body gets the sum of its sources'
/// corrections as an impulse. Returns the entries to keep for the next
/// step (sorted, with their carried sums).
pub fn correct(
    world: &mut World,
    dt: f64,
    mut now: Vec<LuaForce>,
    mut last: Vec<LuaForce>,
    max: f64,
) -> Vec<LuaForce> {
    gather(&mut now, max);
    // (Old files kept an entry per body slot, empty ones too.)
    last.retain(|l| l.body.is_some());
    if last.iter().any(|l| l.source.is_none()) {
        adopt_totals(&now, &mut last);
    }
    last.sort_by_key(LuaForce::key);
    // Per body: the impulse and angular impulse to give.
    let mut owed: Vec<(BodyId, Vec2, f64)> = Vec::new();
    let mut owe = |body: BodyId, impulse: Vec2, angular: f64| {
        if impulse == Vec2::ZERO && angular == 0.0 {
            return;
        }
        match owed.last_mut() {
            Some(o) if o.0 == body => {
                o.1 += impulse;
                o.2 += angular;
            }
            _ => owed.push((body, impulse, angular)),
        }
    };
    // Both lists sorted by (body, source): one merge walk.
    let (mut i, mut j) = (0, 0);
    while i < now.len() || j < last.len() {
        let order = match (now.get(i), last.get(j)) {
            (Some(n), Some(l)) => n.key().cmp(&l.key()),
            (Some(_), None) => std::cmp::Ordering::Less,
            _ => std::cmp::Ordering::Greater,
        };
        match order {
            // Starting: Verlet takes the force as present from the start.
            std::cmp::Ordering::Less => i += 1,
            // Stopped: give back what its corrections added.
            std::cmp::Ordering::Greater => {
                let l = &last[j];
                if let Some(body) = l.body {
                    owe(body, -l.carried, -l.carried_torque);
                }
                j += 1;
            }
            // Still acting: the Verlet half-difference.
            std::cmp::Ordering::Equal => {
                let (n, l) = (&mut now[i], &last[j]);
                let c = 0.5 * dt * (n.force - l.force);
                let ct = 0.5 * dt * (n.torque - l.torque);
                n.carried = l.carried + c;
                n.carried_torque = l.carried_torque + ct;
                if let Some(body) = n.body {
                    owe(body, c, ct);
                }
                i += 1;
                j += 1;
            }
        }
    }
    for (id, impulse, angular) in owed {
        let Ok(b) = world.body(id) else { continue };
        if b.body_type != BodyType::Dynamic {
            continue;
        }
        let w = b.angular_velocity + angular * b.inv_inertia;
        let _ = world.apply_impulse(id, impulse, None);
        if angular != 0.0 {
            let _ = world.set_angular_velocity(id, w);
        }
    }
    now
}

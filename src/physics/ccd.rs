//! Continuous collision: a body that moved far for its size this step is
//! swept from its start pose to its end pose against static geometry (and,
//! for bullets, against other moving bodies at their end poses). If the sweep
//! hits, the body is put back to the time of impact, just touching; next
//! step's speculative contact then stops it. So nothing passes through a thin
//! wall at any speed.

use super::body::BodyType;
use super::broad_phase::KindMask;
use super::contact::should_collide;
use super::distance::make_proxy;
use super::math::{Aabb, Real, Transform};
use super::settings::LINEAR_SLOP;
use super::toi::{time_of_impact, Sweep, ToiState};
use super::world::World;

pub(crate) fn solve_continuous(world: &mut World, body_index: u32) {
    let b = world.bodies.at(body_index);
    let sweep = Sweep {
        local_center: b.local_center,
        c1: b.center0,
        c2: b.center,
        q1: b.q0,
        q2: b.xf.q,
    };
    let xf0 = Transform {
        p: b.center0 - b.q0.rotate(b.local_center),
        q: b.q0,
    };
    let bullet = b.bullet;
    // Swept box of all the body's shapes.
    let mut swept: Option<Aabb> = None;
    for sid in &b.shapes {
        let g = &world.shapes.at(sid.index).geom;
        let bb = g.aabb(xf0).union(&g.aabb(b.xf));
        swept = Some(swept.map_or(bb, |s| s.union(&bb)));
    }
    let Some(swept) = swept else { return };

    let mut candidates: Vec<u32> = Vec::new();
    let kinds = if bullet {
        KindMask::ALL
    } else {
        KindMask::STATIC
    };
    world.broad_phase.query(swept, kinds, |_, user| {
        candidates.push(user as u32);
        true
    });

    let mut t_min: Real = 1.0;
    for other in candidates {
        let so = world.shapes.at(other);
        if so.sensor || so.body.index == body_index {
            continue;
        }
        let ob = world.bodies.at(so.body.index);
        // Bullets do not sweep against other bullets (both would move).
        if ob.body_type == BodyType::Dynamic && (ob.bullet || !bullet) {
            continue;
        }
        let other_sweep = Sweep {
            local_center: ob.local_center,
            c1: ob.center,
            c2: ob.center,
            q1: ob.xf.q,
            q2: ob.xf.q,
        };
        let proxy_b = make_proxy(&so.geom);
        for sid in &b.shapes {
            let sa = world.shapes.at(sid.index);
            if sa.sensor || !should_collide(sa, so, b, ob) {
                continue;
            }
            let proxy_a = make_proxy(&sa.geom);
            let out = time_of_impact(
                &proxy_a,
                &sweep,
                &proxy_b,
                &other_sweep,
                t_min,
                LINEAR_SLOP,
                0.25 * LINEAR_SLOP,
            );
            if out.state == ToiState::Hit && out.fraction < t_min {
                t_min = out.fraction;
            }
        }
    }
    if t_min < 1.0 {
        let xf = sweep.transform_at(t_min);
        let b = world.bodies.at_mut(body_index);
        b.xf = xf;
        b.center = xf.apply(b.local_center);
    }
}

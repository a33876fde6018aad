//! Persistent manifolds (`manifold_reuse.rs`): a kept manifold is what the
//! narrow phase would give to within the reuse distance, a pair kept
//! without points is one the narrow phase would find none for (exactly, over
//! thousands of random poses), and a resting stack keeps nearly all its
//! manifolds and stands as it does without.

use crate::physics::geometry::shape::{Polygon, Segment, ShapeGeom};
use crate::physics::math::{Real, Vec2};
use crate::physics::settings::WorldSettings;
use crate::physics::world::body::BodyType;
use crate::physics::world::contact::{Contact, Refresh};
use crate::physics::world::id::{BodyId, ShapeId};
use crate::physics::world::manifold_reuse::{ManifoldBasis, MANIFOLD_REUSE_DISTANCE};
use crate::physics::world::test_bodies::body;
use crate::physics::world::World;

const DT: Real = 1.0 / 60.0;

/// A small deterministic generator (xorshift), uniform in [lo, hi).
struct Rng(u64);

impl Rng {
    fn range(&mut self, lo: Real, hi: Real) -> Real {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        lo + (hi - lo) * ((self.0 >> 11) as Real / (1u64 << 53) as Real)
    }
}

/// A contact with its basis (the world keeps the bases beside the
/// contacts).
#[derive(Clone)]
struct Probe {
    contact: Contact,
    basis: ManifoldBasis,
}

impl std::ops::Deref for Probe {
    type Target = Contact;
    fn deref(&self) -> &Contact {
        &self.contact
    }
}

/// `c` updated for the bodies' current poses (`keep`: may it be kept?).
fn update(w: &World, c: &mut Probe, keep: bool) -> Refresh {
    let sa = w.shape(c.shape_a).unwrap();
    let sb = w.shape(c.shape_b).unwrap();
    let ba = w.body(sa.body).unwrap();
    let bb = w.body(sb.body).unwrap();
    c.contact.update(&mut c.basis, (sa, sb), (ba, bb), DT, keep)
}

fn new_contact(w: &World, (a, sa): (BodyId, ShapeId), (b, sb): (BodyId, ShapeId)) -> Probe {
    let shape_a = w.shape(sa).unwrap();
    let shape_b = w.shape(sb).unwrap();
    Probe {
        contact: Contact::new(sa, sb, shape_a, shape_b, a.index, b.index),
        basis: ManifoldBasis::default(),
    }
}

#[test]
fn a_kept_manifold_is_the_fresh_one_to_within_the_reuse_distance() {
    let mut w = World::new(WorldSettings::default());
    let floor = body(
        &mut w,
        BodyType::Static,
        ShapeGeom::Polygon(Polygon::make_box(2.0, 0.5)),
        Vec2::ZERO,
    );
    // A box resting a millimetre deep on the floor, its centre of mass off
    // its origin (an offset box) so anchors must be rebased.
    let geom = ShapeGeom::Polygon(Polygon::make_offset_box(
        0.5,
        0.25,
        Vec2::new(0.1, 0.0),
        0.0,
    ));
    let base = Vec2::new(0.3, 0.749);
    let crate_ = body(&mut w, BodyType::Dynamic, geom, base);
    let mut kept = new_contact(&w, floor, crate_);
    assert_eq!(update(&w, &mut kept, true), Refresh::Collided);
    assert_eq!(kept.manifold.count, 2);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut kept_count = 0;
    for _ in 0..500 {
        // Anywhere within twice the reuse distance of where it was computed.
        let d = 2.0 * MANIFOLD_REUSE_DISTANCE;
        let p = base + Vec2::new(rng.range(-d, d), rng.range(-d, d));
        let angle = rng.range(-0.2 * d, 0.2 * d);
        w.set_transform(crate_.0, p, angle).unwrap();
        let mut probe = kept.clone();
        let mut fresh = new_contact(&w, floor, crate_);
        update(&w, &mut fresh, false);
        if update(&w, &mut probe, true) != Refresh::Kept {
            continue;
        }
        kept_count += 1;
        let (m, f) = (&probe.manifold, &fresh.manifold);
        assert_eq!(m.count, f.count);
        assert!((m.normal - f.normal).length() < 1e-9, "{m:?} vs {f:?}");
        for (p, q) in m.points().iter().zip(f.points()) {
            assert_eq!(p.id, q.id);
            // The corners are the points: only how deep they are can
            // differ, by round-off and the half gap turned with the box.
            assert!((p.separation - q.separation).abs() < 1e-7, "{p:?} vs {q:?}");
            assert!((p.anchor_a - q.anchor_a).length() < MANIFOLD_REUSE_DISTANCE);
            assert!((p.anchor_b - q.anchor_b).length() < MANIFOLD_REUSE_DISTANCE);
            assert!(p.persisted);
        }
    }
    // Both sides of the bound were tried.
    assert!((50..480).contains(&kept_count), "{kept_count} kept");
}

#[test]
fn a_pair_is_kept_without_points_only_while_the_narrow_phase_finds_none() {
    let shapes = [
        ShapeGeom::Polygon(Polygon::make_box(0.5, 0.5)),
        ShapeGeom::Polygon(Polygon::make_box(1.5, 0.05)),
        ShapeGeom::Polygon(Polygon::from_ccw(
            &[
                Vec2::new(-0.4, -0.3),
                Vec2::new(0.5, -0.2),
                Vec2::new(0.0, 0.6),
            ],
            0.0,
        )),
        ShapeGeom::Polygon(Polygon::from_ccw(
            &[
                Vec2::new(-0.3, -0.3),
                Vec2::new(0.3, -0.3),
                Vec2::new(0.3, 0.3),
                Vec2::new(-0.3, 0.3),
            ],
            0.1,
        )),
        // Off its body's origin: the bound must reach it.
        ShapeGeom::Polygon(Polygon::make_offset_box(0.3, 0.2, Vec2::new(0.8, 0.1), 0.4)),
        ShapeGeom::Segment(Segment::new(Vec2::new(-0.7, 0.1), Vec2::new(0.6, -0.2))),
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut kept, mut recomputed, mut kept_segment) = (0, 0, 0);
    for trial in 0..8000 {
        let ga = shapes[trial % shapes.len()];
        let gb = shapes[(trial / shapes.len()) % shapes.len()];
        let mut w = World::new(WorldSettings::default());
        let a = body(&mut w, BodyType::Dynamic, ga, Vec2::ZERO);
        let b = body(&mut w, BodyType::Dynamic, gb, Vec2::ZERO);
        w.set_transform(a.0, Vec2::ZERO, rng.range(-3.2, 3.2))
            .unwrap();
        let dir = Vec2::from_angle(rng.range(-3.2, 3.2));
        let start = dir * rng.range(0.5, 2.0);
        let start_angle = rng.range(-3.2, 3.2);
        w.set_transform(b.0, start, start_angle).unwrap();
        let mut c = new_contact(&w, a, b);
        update(&w, &mut c, true);
        if c.manifold.count > 0 || !c.basis.valid {
            continue;
        }
        // Move B (and give it a speed, which widens the speculative
        // distance) and ask both ways.
        let scale = rng.range(0.0, 0.15);
        let step = Vec2::new(rng.range(-scale, scale), rng.range(-scale, scale));
        w.set_transform(b.0, start + step, start_angle + rng.range(-scale, scale))
            .unwrap();
        w.set_linear_velocity(b.0, Vec2::new(rng.range(-3.0, 3.0), 0.0))
            .unwrap();
        let mut fresh = c.clone();
        update(&w, &mut fresh, false);
        if update(&w, &mut c, true) == Refresh::Kept {
            kept += 1;
            kept_segment += matches!(ga, ShapeGeom::Segment(_)) as u32
                + matches!(gb, ShapeGeom::Segment(_)) as u32;
            assert_eq!(
                fresh.manifold.count, 0,
                "trial {trial}: kept empty, but the narrow phase finds {:?}",
                fresh.manifold
            );
        } else {
            recomputed += 1;
        }
    }
    assert!(
        kept > 300 && recomputed > 100,
        "{kept} kept, {recomputed} not"
    );
    assert!(kept_segment > 50, "{kept_segment} kept with a segment");
}

/// A ten-box stack on the ground, sleep off, for `steps` steps: the boxes'
/// final positions and the last step's profile.
fn stack(keep_manifolds: bool, steps: usize) -> (Vec<Vec2>, u64, u64) {
    let (w, boxes) = stack_world(keep_manifolds, steps);
    let p = w.profile();
    let at = boxes.iter().map(|&b| w.body(b).unwrap().xf.p).collect();
    (at, p.manifolds_kept, p.manifolds_computed)
}

/// The world of `stack`, and its boxes.
fn stack_world(keep_manifolds: bool, steps: usize) -> (World, Vec<BodyId>) {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        keep_manifolds,
        ..Default::default()
    });
    body(
        &mut w,
        BodyType::Static,
        ShapeGeom::Polygon(Polygon::make_box(5.0, 0.5)),
        Vec2::new(0.0, -0.5),
    );
    let boxes: Vec<BodyId> = (0..10)
        .map(|i| {
            let at = Vec2::new(0.0, 0.25 + 0.5 * i as Real);
            body(
                &mut w,
                BodyType::Dynamic,
                ShapeGeom::Polygon(Polygon::make_box(0.25, 0.25)),
                at,
            )
            .0
        })
        .collect();
    for _ in 0..steps {
        w.step(DT);
    }
    (w, boxes)
}

#[test]
fn a_snapshot_keeps_the_bases_and_an_older_one_without_them_restores() {
    let (mut w, _) = stack_world(true, 100);
    let json = w.to_snapshot();
    // Read back: the same bases, so the same manifolds kept, bit for bit.
    let mut restored = World::from_snapshot(&json).unwrap();
    assert_eq!(restored.bases, w.bases);
    assert!(w.bases.iter().filter(|b| b.valid).count() >= 10);
    for _ in 0..50 {
        w.step(DT);
        restored.step(DT);
        assert_eq!(restored.state_hash(), w.state_hash());
        assert_eq!(
            restored.profile().manifolds_kept,
            w.profile().manifolds_kept
        );
    }
    // An older snapshot kept each basis inside its contact: it restores,
    // without bases, and its first step computes the manifolds.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let bases = v.as_object_mut().unwrap().remove("bases").unwrap();
    let contacts = v["contacts"].as_array_mut().unwrap();
    for (c, b) in contacts.iter_mut().zip(bases.as_array().unwrap()) {
        c["basis"] = b.clone();
    }
    let mut older = World::from_snapshot(&v.to_string()).unwrap();
    assert_eq!(older.bases.len(), older.contacts.len());
    assert!(older.bases.iter().all(|b| !b.valid));
    older.step(DT);
    assert_eq!(older.profile().manifolds_computed, 10);
    older.step(DT);
    assert_eq!(older.profile().manifolds_kept, 10);
    // One basis short: refused, naming the field.
    let mut short: serde_json::Value = serde_json::from_str(&json).unwrap();
    short["bases"].as_array_mut().unwrap().pop();
    let err = World::from_snapshot(&short.to_string())
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("world.bases: "), "{err}");
}

#[test]
fn a_basis_keeps_its_shapes_reach_and_a_restore_makes_it_again() {
    let (w, _) = stack_world(true, 100);
    // Every basis the stack's steps captured knows its shapes' reach, kept
    // ones and those left without points alike.
    let mut known = 0;
    for (c, basis) in w.contacts.iter().zip(&w.bases) {
        let sa = w.shape(c.shape_a).unwrap();
        let sb = w.shape(c.shape_b).unwrap();
        if basis.reach != [0.0, 0.0] {
            assert_eq!(basis.reach, ManifoldBasis::reach_of(&sa.geom, &sb.geom));
            known += 1;
        }
    }
    assert!(known >= 10, "{known}");
    // A snapshot edited to make the reach lie (a turn would then seem to
    // move no point, and a manifold be kept however the box turned) gets
    // the shapes' reach back.
    let mut v: serde_json::Value = serde_json::from_str(&w.to_snapshot()).unwrap();
    for b in v["bases"].as_array_mut().unwrap() {
        b["reach"] = serde_json::json!([1e-9, 1e-9]);
    }
    let restored = World::from_snapshot(&v.to_string()).unwrap();
    assert_eq!(restored.bases, w.bases);
}

#[test]
fn a_resting_stack_keeps_its_manifolds_and_stands_as_it_does_without() {
    let (kept_at, kept, computed) = stack(true, 300);
    let (fresh_at, none_kept, all_computed) = stack(false, 300);
    // At rest every contact's manifold is kept...
    assert_eq!(
        (kept, computed),
        (10, 0),
        "kept {kept}, computed {computed}"
    );
    assert_eq!((none_kept, all_computed), (0, 10));
    // ...and the stack is where the narrow phase every step puts it.
    for (i, (p, q)) in kept_at.iter().zip(&fresh_at).enumerate() {
        assert!((*p - *q).length() < 1e-4, "box {i}: {p} vs {q}");
        // Each contact rests within the slop.
        let sunk = 0.25 + 0.5 * i as Real - p.y;
        assert!(
            p.x.abs() < 1e-3 && sunk > 0.0 && sunk < 0.005 * (i + 1) as Real,
            "box {i} at {p}"
        );
    }
}

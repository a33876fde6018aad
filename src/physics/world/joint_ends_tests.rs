//! The joints' table of ends (`JointStore::ends`) stays the arena's through
//! joints made, destroyed and made again in a freed slot, and is made
//! again for a world read back from a snapshot, which then steps as the
//! original does.

use crate::physics::geometry::shape::{Circle, ShapeGeom};
use crate::physics::joints::{DistanceParams, JointDef, JointEnds, JointKind};
use crate::physics::math::{Real, Vec2};
use crate::physics::settings::WorldSettings;
use crate::physics::world::body::BodyType;
use crate::physics::world::test_bodies::body;
use crate::physics::world::World;

const DT: Real = 1.0 / 60.0;

/// The ends the arena's joints have, slot by slot.
fn ends_from_arena(w: &World) -> Vec<JointEnds> {
    w.joints
        .arena
        .slots
        .iter()
        .map(|s| s.value.as_ref().map_or(JointEnds::FREE, JointEnds::of))
        .collect()
}

#[test]
fn the_table_of_ends_follows_the_joints_and_a_restored_world_makes_it_again() {
    let mut w = World::new(WorldSettings::default());
    let ball = || {
        ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.2,
        })
    };
    let bodies: Vec<_> = (0..4)
        .map(|k| body(&mut w, BodyType::Dynamic, ball(), Vec2::new(k as Real, 5.0)).0)
        .collect();
    let join = |w: &mut World, a: usize, b: Option<usize>| {
        let mut def = JointDef::new(
            JointKind::Distance(DistanceParams::default()),
            bodies[a],
            b.map(|b| bodies[b]),
            Vec2::new(a as Real, 5.0),
        );
        def.anchor_b = Vec2::new(b.map_or(a as Real + 0.5, |b| b as Real), 5.0);
        w.create_joint(&def).unwrap()
    };
    let first = join(&mut w, 0, Some(1));
    join(&mut w, 1, Some(2));
    join(&mut w, 3, None);
    assert_eq!(w.joints.ends(), ends_from_arena(&w));
    w.destroy_joint(first).unwrap();
    assert!(w.joints.ends()[first.index as usize].is_free());
    assert_eq!(w.joints.ends(), ends_from_arena(&w));
    // Made again in the freed slot, between other bodies.
    let again = join(&mut w, 2, Some(3));
    assert_eq!(again.index, first.index);
    assert_eq!(w.joints.ends(), ends_from_arena(&w));
    for _ in 0..30 {
        w.step(DT);
    }
    let mut restored = World::from_snapshot(&w.to_snapshot()).unwrap();
    for _ in 0..60 {
        w.step(DT);
        restored.step(DT);
    }
    assert_eq!(restored.joints.ends(), ends_from_arena(&restored));
    assert_eq!(restored.state_hash(), w.state_hash());
}

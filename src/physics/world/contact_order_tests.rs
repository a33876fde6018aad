//! The contact list is put back in body order on the steps it is due
//! (`contact_order.rs`): the pair map follows the contacts to their new
//! places, the solver collects its links again rather than keep ones that
//! name the old places, and a world read back from a snapshot sorts on the
//! same steps as the original.

use crate::physics::geometry::shape::{Circle, Polygon, ShapeGeom};
use crate::physics::math::{Real, Vec2};
use crate::physics::settings::WorldSettings;
use crate::physics::solver::{LINKS_REUSED_FOR_TESTS, REUSE_LINKS_FOR_TESTS};
use crate::physics::world::body::BodyType;
use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::contact_order::{self, DISORDER, MIN_CONTACTS, SORT_EVERY};
use crate::physics::world::hash::pair_key;
use crate::physics::world::test_bodies::body;
use crate::physics::world::World;

const DT: Real = 1.0 / 60.0;

/// 64 columns of 40 balls, each touching the ones beside and below it,
/// standing on the ground (sleep off): over 4,096 contacts from the first
/// step on, which hardly change while the columns stand.
fn columns() -> World {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        ..Default::default()
    });
    let ground = ShapeGeom::Polygon(Polygon::make_box(40.0, 0.5));
    body(&mut w, BodyType::Static, ground, Vec2::new(0.0, -0.5));
    let ball = || {
        ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.5,
        })
    };
    for row in 0..40 {
        for col in 0..64 {
            let at = Vec2::new(col as Real - 31.5, 0.5 + row as Real);
            body(&mut w, BodyType::Dynamic, ball(), at);
        }
    }
    w
}

/// The contacts' order turned round (what churn could leave).
fn scramble(w: &mut World) {
    let n = w.contacts.len() as u32;
    let from: Vec<u32> = (0..n).rev().collect();
    w.reorder_contacts(&from);
}

fn disorder(w: &World) -> usize {
    contact_order::disorder(&w.heads)
}

/// In body order but for a few contacts the step made or moved.
fn in_body_order(w: &World) -> bool {
    disorder(w) * DISORDER < w.heads.len()
}

/// Every contact's head is its own and the pair map points at it.
fn consistent(w: &World) -> bool {
    w.contacts
        .iter()
        .zip(&w.heads)
        .enumerate()
        .all(|(i, (c, h))| {
            let head = ContactHead::of(c);
            let same = (head.shape_a, head.shape_b, head.body_a, head.body_b)
                == (h.shape_a, h.shape_b, h.body_a, h.body_b);
            let key = pair_key(c.shape_a.index, c.shape_b.index);
            same && w.pair_map.get(&key) == Some(&(i as u32))
        })
}

/// Step until the next step is the one that looks at the order.
fn step_until_due(w: &mut World) {
    while w.steps % SORT_EVERY != 1 {
        w.step(DT);
    }
}

#[test]
fn a_scrambled_list_is_sorted_by_body_on_the_step_it_is_due() {
    let mut w = columns();
    w.step(DT);
    assert!(w.contacts.len() >= MIN_CONTACTS, "{}", w.contacts.len());
    w.step(DT);
    step_until_due(&mut w);
    scramble(&mut w);
    assert!(disorder(&w) * 2 > w.heads.len());
    assert!(consistent(&w), "the pair map follows a reorder");
    w.step(DT);
    assert!(in_body_order(&w), "sorted on the step it was due");
    assert!(consistent(&w), "the pair map follows the sort");
    // Not due again for a while: scrambled now, it stays so.
    scramble(&mut w);
    w.step(DT);
    assert!(disorder(&w) * 2 > w.heads.len());
}

/// The state hash after each of 20 steps from the one that sorts a list
/// scrambled 30 steps before (the links collected after the scramble
/// then kept, the columns standing still), with the solver keeping its
/// links when it may or collecting them every step; and how many steps
/// kept them.
fn around_a_sort(reuse: bool) -> (Vec<u64>, u64) {
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(reuse));
    LINKS_REUSED_FOR_TESTS.with(|n| n.set(0));
    let mut w = columns();
    for _ in 0..SORT_EVERY + 5 {
        w.step(DT);
    }
    scramble(&mut w);
    step_until_due(&mut w);
    assert!(disorder(&w) * 2 > w.heads.len());
    let hashes = (0..20)
        .map(|k| {
            w.step(DT);
            assert!(k > 0 || in_body_order(&w), "sorted on the step it was due");
            w.state_hash()
        })
        .collect();
    REUSE_LINKS_FOR_TESTS.with(|r| r.set(true));
    (hashes, LINKS_REUSED_FOR_TESTS.with(|n| n.get()))
}

#[test]
fn after_a_sort_the_solver_takes_the_links_of_the_new_places() {
    let (kept, reused) = around_a_sort(true);
    let (collected, _) = around_a_sort(false);
    assert!(reused > 40, "links kept in only {reused} steps");
    assert_eq!(kept, collected);
}

#[test]
fn a_world_read_back_from_a_snapshot_sorts_on_the_same_steps() {
    let mut w = columns();
    for _ in 0..SORT_EVERY - 5 {
        w.step(DT);
    }
    scramble(&mut w);
    let mut restored = World::from_snapshot(&w.to_snapshot()).unwrap();
    for _ in 0..10 {
        w.step(DT);
        restored.step(DT);
        assert_eq!(w.state_hash(), restored.state_hash());
    }
    assert!(in_body_order(&restored));
}

/// Edits around the steps that sort: bodies destroyed just before one
/// (their contacts end in the sorting step's narrow phase), a body moved
/// and one made, a sensor added. Every step leaves the pair map pointing
/// at the right contacts, and a world read back from a snapshot taken
/// before the edits steps as the original through them.
#[test]
fn edits_around_a_sort_keep_the_pair_map_and_the_motion_of_a_restored_world() {
    let mut w = columns();
    for _ in 0..SORT_EVERY - 10 {
        w.step(DT);
    }
    let ids: Vec<_> = w.body_ids();
    let mut restored = World::from_snapshot(&w.to_snapshot()).unwrap();
    let sensor = || crate::physics::world::body::ShapeDef {
        geom: ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 3.0,
        }),
        sensor: true,
        ..Default::default()
    };
    for step in 0..2 * SORT_EVERY {
        for world in [&mut w, &mut restored] {
            match step {
                5 => scramble(world),
                9 => {
                    for id in ids.iter().skip(100).step_by(7).take(40) {
                        world.destroy_body(*id).unwrap();
                    }
                }
                20 => world
                    .set_transform(ids[500], Vec2::new(0.0, 60.0), 0.0)
                    .unwrap(),
                30 => {
                    let ball = ShapeGeom::Circle(Circle {
                        center: Vec2::ZERO,
                        radius: 0.5,
                    });
                    body(world, BodyType::Dynamic, ball, Vec2::new(3.0, 45.0));
                }
                40 => {
                    let post = ShapeGeom::Circle(Circle {
                        center: Vec2::ZERO,
                        radius: 0.1,
                    });
                    let (id, _) = body(world, BodyType::Static, post, Vec2::new(-10.0, 20.0));
                    world.add_shape(id, &sensor()).unwrap();
                }
                _ => {}
            }
            world.step(DT);
            assert!(consistent(world), "step {step}");
        }
        assert_eq!(w.state_hash(), restored.state_hash(), "step {step}");
    }
}

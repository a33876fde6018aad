//! Broad-phase boxes follow the motion: a body that falls fast gets a fat
//! box stretched four steps ahead (so it is not re-inserted into the tree
//! every step), and once it rests that box is trimmed back to its size at
//! rest, so it does not keep a pair with every body it overlaps and can
//! never reach (rain's pile held 46,800 contacts, Box2D's 28,600; 36,400
//! with trimming).

use physbox::physics::{Aabb, BodyId, Vec2, World, WorldSettings};
use physbox::testbed::{dynamic_circle, ground_box, Material};

const DT: f64 = 1.0 / 60.0;

fn fat_box(w: &World, body: BodyId) -> Aabb {
    w.shapes_of(body).unwrap().next().unwrap().1.fat_aabb
}

/// A ball dropped from 40 m (27 m/s when it lands on a shelf): the box it
/// last got while falling reaches 1.8 m ahead and holds where it comes to
/// rest, so without trimming it would stay that tall for good.
#[test]
fn a_fat_box_stretched_by_a_fall_is_trimmed_once_the_body_rests() {
    let mut w = World::new(WorldSettings {
        enable_sleep: false,
        ..WorldSettings::default()
    });
    ground_box(&mut w, Vec2::new(0.0, 1.2), 2.0, 0.2, Material::default());
    let ball = dynamic_circle(&mut w, Vec2::new(0.0, 40.0), 0.25, Material::default());
    let mut last_while_falling = fat_box(&w, ball);
    let mut rest_steps = 0;
    for _ in 0..240 {
        let before = fat_box(&w, ball);
        w.step(DT);
        if w.body(ball).unwrap().linear_velocity.length() < 0.1 {
            if rest_steps == 0 {
                last_while_falling = before;
            }
            rest_steps += 1;
        }
    }
    assert!(rest_steps > 60, "the ball rests on the shelf");
    let b = w.body(ball).unwrap().xf.p;
    assert!((b.y - 1.55).abs() < 0.01, "on the shelf, y = {}", b.y);
    let at_rest = w.shapes_of(ball).unwrap().next().unwrap().1.aabb;
    let tall = last_while_falling.max.y - last_while_falling.min.y;
    assert!(
        last_while_falling.contains(&at_rest) && tall > 2.0,
        "the falling ball's box ({tall:.2} m) held its resting place"
    );
    let now = fat_box(&w, ball);
    let height = now.max.y - now.min.y;
    assert!(
        now.contains(&at_rest) && height < 0.5 + 2.0 * 0.1 + 0.05,
        "trimmed to the ball and the margin: {height:.3} m tall"
    );
}

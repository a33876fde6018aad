//! Floors built from several static boxes: a ball rolls across the seams
//! between flush tiles without a bump (the tile ahead has a corner there,
//! and its normal used to tilt back at the ball: 7 % of the speed lost per
//! seam), while a real step or a wall still stops it.

use physbox::physics::{BodyId, ShapeGeom, Vec2, World};
use physbox::testbed::{dynamic_box, dynamic_circle, ground_box, Material};

const FRICTIONLESS: Material = Material {
    density: 1.0,
    friction: 0.0,
    restitution: 0.0,
};

/// A static tile 2·half_width wide and 1 m thick with its top at `top`.
fn tile(w: &mut World, x: f64, top: f64, half_width: f64) -> BodyId {
    let m = Material::default();
    ground_box(w, Vec2::new(x, top - 0.5), 2.0 * half_width, 1.0, m)
}

/// A 0.3 m ball on the floor rolling right at `speed`.
fn ball(w: &mut World, x: f64, speed: f64) -> BodyId {
    let r = 0.3;
    let id = dynamic_circle(w, Vec2::new(x, r), r, Material::default());
    w.set_linear_velocity(id, Vec2::new(speed, 0.0)).unwrap();
    w.set_angular_velocity(id, -speed / r).unwrap();
    id
}

fn run(w: &mut World, steps: usize) {
    for _ in 0..steps {
        w.step(1.0 / 60.0);
    }
}

#[test]
fn a_ball_rolls_across_five_flush_tiles_without_losing_speed() {
    let mut w = World::default();
    for k in 0..6 {
        tile(&mut w, 2.0 * k as f64, 0.0, 1.0);
    }
    let b = ball(&mut w, -0.5, 4.6);
    run(&mut w, 120); // 9 m: over five seams
    let body = w.body(b).unwrap();
    println!(
        "after five seams: x {:.3}, vx {:.6}, y {:.6}",
        body.xf.p.x, body.linear_velocity.x, body.xf.p.y
    );
    assert!(body.xf.p.x > 8.0);
    assert!(
        (body.linear_velocity.x - 4.6).abs() < 1e-6,
        "vx {}",
        body.linear_velocity.x
    );
    assert!((body.xf.p.y - 0.3).abs() < 1e-6);
}

#[test]
fn a_step_up_or_a_removed_tile_is_still_felt() {
    // A tile 3 cm higher is a real step: the ball is knocked.
    let mut w = World::default();
    tile(&mut w, 0.0, 0.0, 1.0);
    tile(&mut w, 2.0, 0.03, 1.0);
    let b = ball(&mut w, -0.5, 4.6);
    run(&mut w, 60);
    let vx = w.body(b).unwrap().linear_velocity.x;
    println!("over a 3 cm step: vx {vx:.3}");
    assert!(vx < 4.5, "the step was not felt: vx {vx}");

    // Flush tiles, then the middle one goes: its neighbours' edges at the
    // gap are real corners again (the seams are found anew).
    let mut w = World::default();
    let left = tile(&mut w, 0.0, 0.0, 1.0);
    let middle = tile(&mut w, 2.0, 0.0, 1.0);
    run(&mut w, 1);
    let flush = |w: &World, id: BodyId| {
        let sid = w.body(id).unwrap().shapes[0];
        match w.shape(sid).unwrap().geom {
            ShapeGeom::Polygon(p) => p.flush,
            _ => unreachable!(),
        }
    };
    assert_ne!(flush(&w, left), 0, "the seam was not found");
    w.destroy_body(middle).unwrap();
    run(&mut w, 1);
    assert_eq!(flush(&w, left), 0, "the seam outlived its neighbour");
}

/// A frictionless 0.5 m box on the floor sliding right at `speed`.
fn crate_box(w: &mut World, x: f64, speed: f64) -> BodyId {
    let id = dynamic_box(w, Vec2::new(x, 0.25), 0.0, 0.5, 0.5, FRICTIONLESS);
    w.set_linear_velocity(id, Vec2::new(speed, 0.0)).unwrap();
    id
}

#[test]
fn a_box_slides_across_flush_tiles_and_still_stops_at_a_wall() {
    // Frictionless: nothing may slow it but the wall. At each seam the
    // tile ahead's side face used to catch the box's corner: it stopped
    // dead (4 -> 1.5 m/s) and tipped over.
    let mut w = World::default();
    for k in 0..6 {
        tile(&mut w, 2.0 * k as f64, 0.0, 1.0);
    }
    ground_box(&mut w, Vec2::new(10.0, 1.0), 0.5, 2.0, Material::default());
    let b = crate_box(&mut w, -0.5, 4.0);
    run(&mut w, 60); // 4 m: over two seams
    let body = w.body(b).unwrap();
    println!(
        "after two seams: x {:.3}, vx {:.6}, angle {:.2e}",
        body.xf.p.x,
        body.linear_velocity.x,
        body.xf.q.angle()
    );
    assert!(
        (body.linear_velocity.x - 4.0).abs() < 1e-4,
        "vx {}",
        body.linear_velocity.x
    );
    assert!(
        body.xf.q.angle().abs() < 1e-4,
        "tipped by {}",
        body.xf.q.angle()
    );
    run(&mut w, 120);
    let body = w.body(b).unwrap();
    println!(
        "at the wall: x {:.3}, vx {:.3}",
        body.xf.p.x, body.linear_velocity.x
    );
    assert!((9.4..9.76).contains(&body.xf.p.x), "x {}", body.xf.p.x);
}

#[test]
fn a_floor_with_walls_standing_on_it_still_holds_what_falls_in() {
    // A container: a floor with a wall standing on each end. Each wall's
    // bottom lies flush on the floor's top face, so both ends of that face
    // touch another static shape, but its middle is open. Treating the face
    // as internal let every box fall through the floor.
    let mut w = World::default();
    let m = Material::default();
    ground_box(&mut w, Vec2::new(0.0, -0.5), 32.0, 1.0, m);
    ground_box(&mut w, Vec2::new(-15.5, 5.0), 1.0, 10.0, m);
    ground_box(&mut w, Vec2::new(15.5, 5.0), 1.0, 10.0, m);
    let boxes: Vec<BodyId> = (0..10)
        .map(|i| {
            dynamic_box(
                &mut w,
                Vec2::new(-9.0 + 2.0 * i as f64, 2.0),
                0.0,
                0.5,
                0.5,
                m,
            )
        })
        .collect();
    let ball = dynamic_circle(&mut w, Vec2::new(0.3, 4.0), 0.4, m);
    run(&mut w, 180);
    for id in boxes.iter().chain([&ball]) {
        let y = w.body(*id).unwrap().xf.p.y;
        assert!(y > 0.2, "a body fell into the floor: y = {y}");
    }
}

//! Floors built from several static boxes: a ball rolls across the seams
//! between flush tiles without a bump (the tile ahead has a corner there,
//! and its normal used to tilt back at the ball: 7 % of the speed lost per
//! seam), while a real step or a wall still stops it. The same for floors
//! drawn as chains of static segments.

use physbox::physics::{BodyId, BodyType, Circle, Segment, ShapeGeom, Vec2, World, WorldSettings};
use physbox::testbed::{
    body_with, body_with_shapes, dynamic_box, dynamic_circle, ground_box, Material,
};

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

// Floors drawn as chains of static segments (issue 18 §4): each joint
// between two segments running on nearly straight is smooth; a wall, a
// ramp, the underside and moving segments are not changed.

/// Static segments from `points[0]` through every point in turn, each on
/// its own static body placed at its middle (so the marks cross frames).
fn chain(w: &mut World, points: &[Vec2]) -> Vec<BodyId> {
    points
        .windows(2)
        .map(|p| {
            let mid = 0.5 * (p[0] + p[1]);
            let seg = ShapeGeom::Segment(Segment::new(p[0] - mid, p[1] - mid));
            body_with(w, BodyType::Static, mid, 0.0, seg, Material::default())
        })
        .collect()
}

/// A floor at y = 0 of `pieces` segments from x = -2 to 10, then a wall
/// segment rising 2 m at x = 10.
fn chain_floor_with_wall(w: &mut World, pieces: usize) {
    let step = 12.0 / pieces as f64;
    let mut points: Vec<Vec2> = (0..=pieces)
        .map(|k| Vec2::new(-2.0 + step * k as f64, 0.0))
        .collect();
    points.push(Vec2::new(10.0, 2.0));
    chain(w, &points);
}

fn ghosts(w: &World, id: BodyId) -> (Option<Vec2>, Option<Vec2>) {
    let sid = w.body(id).unwrap().shapes[0];
    match w.shape(sid).unwrap().geom {
        ShapeGeom::Segment(s) => (s.ghost_a, s.ghost_b),
        _ => unreachable!(),
    }
}

#[test]
fn a_ball_and_a_box_cross_a_chain_of_segments_level_and_stop_at_its_wall() {
    let mut w = World::default();
    chain_floor_with_wall(&mut w, 24);
    let b = ball(&mut w, -1.5, 4.6);
    // The box slides on a second chain 3 m up (no wall).
    let c = dynamic_box(&mut w, Vec2::new(-1.5, 3.25), 0.0, 0.5, 0.5, FRICTIONLESS);
    w.set_linear_velocity(c, Vec2::new(4.0, 0.0)).unwrap();
    let upper: Vec<Vec2> = (0..=24)
        .map(|k| Vec2::new(-2.0 + 0.5 * k as f64, 3.0))
        .collect();
    chain(&mut w, &upper);
    let (mut max_vy_ball, mut max_vy_box) = (0.0_f64, 0.0_f64);
    for _ in 0..90 {
        w.step(1.0 / 60.0);
        max_vy_ball = max_vy_ball.max(w.body(b).unwrap().linear_velocity.y.abs());
        max_vy_box = max_vy_box.max(w.body(c).unwrap().linear_velocity.y.abs());
    }
    println!("over 12 joints: ball vy {max_vy_ball:.2e}, box vy {max_vy_box:.2e}");
    assert!(max_vy_ball < 1e-3, "the ball bumped: {max_vy_ball}");
    assert!(max_vy_box < 1e-3, "the box bumped: {max_vy_box}");
    let vx = w.body(c).unwrap().linear_velocity.x;
    assert!((vx - 4.0).abs() < 1e-3, "the box slowed to {vx}");
    // The wall at x = 10 is a real corner with the floor: the ball stops.
    run(&mut w, 180);
    let x = w.body(b).unwrap().xf.p.x;
    assert!((9.0..9.71).contains(&x), "the ball is at x = {x}");
}

#[test]
fn a_box_slides_into_a_segment_wall_at_the_end_of_a_chain() {
    let mut w = World::default();
    chain_floor_with_wall(&mut w, 24);
    let c = crate_box(&mut w, -1.5, 4.0);
    run(&mut w, 240);
    let body = w.body(c).unwrap();
    println!(
        "box at the wall: x {:.3}, vx {:.3}",
        body.xf.p.x, body.linear_velocity.x
    );
    assert!((9.5..9.76).contains(&body.xf.p.x), "x {}", body.xf.p.x);
}

#[test]
fn a_chain_that_bends_up_into_a_ramp_is_climbed_not_passed() {
    // Level, then 3° up (a smooth joint, hollow from above), then 20° up
    // (a real corner). The ball must ride up both, never sink through.
    let mut w = World::default();
    let r3 = 3.0_f64.to_radians();
    let r20 = 20.0_f64.to_radians();
    let p1 = Vec2::new(2.0, 0.0);
    let p2 = p1 + 2.0 * Vec2::new(r3.cos(), r3.sin());
    let p3 = p2 + 4.0 * Vec2::new(r20.cos(), r20.sin());
    let ids = chain(&mut w, &[Vec2::new(-2.0, 0.0), Vec2::ZERO, p1, p2, p3]);
    let b = ball(&mut w, -1.5, 5.0);
    run(&mut w, 1);
    assert!(ghosts(&w, ids[1]).1.is_some(), "level into 3°: smooth");
    assert!(ghosts(&w, ids[2]).1.is_none(), "3° into 20°: a corner");
    let mut highest = 0.0_f64;
    for _ in 0..120 {
        w.step(1.0 / 60.0);
        let p = w.body(b).unwrap().xf.p;
        highest = highest.max(p.y);
        // Never below the chain's surface (0.3 m radius, 1 cm slack).
        let floor = if p.x < p1.x {
            0.0
        } else if p.x < p2.x {
            (p.x - p1.x) * r3.tan()
        } else {
            p2.y + (p.x - p2.x) * r20.tan()
        };
        assert!(
            p.y > floor + 0.29 - 0.01 - 0.3 * (1.0 - r20.cos()) - 1e-9,
            "sank at {p}"
        );
    }
    println!("highest: {highest:.2}");
    assert!(
        highest > p2.y + 0.5,
        "the ball did not climb the ramp: {highest}"
    );
}

#[test]
fn a_ball_thrown_up_at_a_chain_ceiling_bounces_off_its_underside() {
    for x in [0.0, 0.25] {
        let mut w = World::default();
        let ceiling: Vec<Vec2> = (0..=8)
            .map(|k| Vec2::new(-2.0 + 0.5 * k as f64, 2.0))
            .collect();
        chain(&mut w, &ceiling);
        let b = dynamic_circle(&mut w, Vec2::new(x, 1.0), 0.3, Material::default());
        w.set_linear_velocity(b, Vec2::new(0.0, 6.0)).unwrap();
        run(&mut w, 30);
        let body = w.body(b).unwrap();
        assert!(
            body.xf.p.y < 1.7 + 1e-3,
            "through the ceiling at x = {x}: {}",
            body.xf.p
        );
        assert!(body.linear_velocity.y < 0.0, "not stopped at x = {x}");
        assert!(
            body.linear_velocity.x.abs() < 1e-9,
            "pushed sideways at x = {x}"
        );
    }
}

#[test]
fn segments_on_moving_bodies_get_no_marks_and_a_chain_survives_a_snapshot() {
    let mut w = World::default();
    let seg = |a: Vec2, b: Vec2| Material::default().shape(ShapeGeom::Segment(Segment::new(a, b)));
    let moving = body_with_shapes(
        &mut w,
        BodyType::Dynamic,
        Vec2::new(0.0, 5.0),
        0.0,
        [
            seg(Vec2::new(-1.0, 0.0), Vec2::ZERO),
            seg(Vec2::ZERO, Vec2::new(1.0, 0.0)),
            Material::default().shape(ShapeGeom::Circle(Circle {
                center: Vec2::ZERO,
                radius: 0.1,
            })),
        ],
    );
    let floor = chain(
        &mut w,
        &[Vec2::new(-2.0, 0.0), Vec2::ZERO, Vec2::new(2.0, 0.0)],
    );
    run(&mut w, 1);
    for sid in w.body(moving).unwrap().shapes.clone() {
        if let ShapeGeom::Segment(s) = w.shape(sid).unwrap().geom {
            assert_eq!((s.ghost_a, s.ghost_b), (None, None));
        }
    }
    assert!(ghosts(&w, floor[0]).1.is_some());
    // The ghost is the neighbour's far end in this body's frame (the
    // segment's body sits at its middle, x = -1).
    assert_eq!(ghosts(&w, floor[0]).1, Some(Vec2::new(3.0, 0.0)));

    // A snapshot carries the marks, a restored world finds them again and
    // runs on exactly like the original.
    let json = w.to_snapshot();
    assert!(
        json.contains("ghost_b"),
        "the marks are not in the snapshot"
    );
    let mut restored = World::from_snapshot(&json).unwrap();
    run(&mut w, 60);
    run(&mut restored, 60);
    assert_eq!(w.state_hash(), restored.state_hash());
    // A snapshot written before this field existed still opens.
    let old = json
        .replace("\"ghost_a\":", "\"_ghost_a\":")
        .replace("\"ghost_b\":", "\"_ghost_b\":")
        .replace("\"owns\":", "\"_owns\":");
    assert!(World::from_snapshot(&old).is_ok());
}

#[test]
fn a_wide_box_on_the_crest_of_a_chain_rests_on_the_crest() {
    // Level, then 4° down: a hump. A 2 m box laid on it centred on the
    // crest must rest on the crest itself (and tip onto one corner), not
    // sag around it: held only where each segment's own length lies under
    // it, the crest cut 4 cm into the box.
    for (x, side) in [(0.0, 1.0), (0.3, 1.0), (-0.3, 1.0), (0.0, -1.0)] {
        let mut w = World::default();
        let bend = -side * 4.0_f64.to_radians();
        let down = Vec2::new(bend.cos(), bend.sin());
        chain(
            &mut w,
            &[
                Vec2::new(-4.0, 0.0),
                Vec2::new(-2.0, 0.0),
                Vec2::ZERO,
                2.0 * down,
                4.0 * down,
            ],
        );
        // Side -1: the chain bends up instead and the box falls upwards
        // (gravity scale -1), so the crest is a hump seen from below.
        let b = dynamic_box(
            &mut w,
            Vec2::new(x, side * 0.5),
            0.0,
            2.0,
            1.0,
            Material::default(),
        );
        w.set_gravity_scale(b, side).unwrap();
        let mut deepest = 0.0_f64;
        for _ in 0..120 {
            w.step(1.0 / 60.0);
            let xf = w.body(b).unwrap().xf;
            let crest = xf.inv_apply(Vec2::ZERO);
            let depth = (1.0 - crest.x.abs()).min(0.5 - crest.y.abs());
            deepest = deepest.max(depth);
        }
        println!("box at x {x} side {side}: the crest {deepest:.4} m into the box");
        assert!(
            deepest < 0.006,
            "x {x}, side {side}: the crest is {deepest} m into the box"
        );
    }
}

#[test]
fn a_pyramid_on_a_chain_floor_stands_and_sleeps_like_one_on_a_single_segment() {
    // Ten unit boxes on the base, every box over a joint or beside one
    // (joints every 0.7 m): each base box is held partly by two segments.
    for pieces in [1, 20] {
        let mut w = World::default();
        let step = 14.0 / pieces as f64;
        let points: Vec<Vec2> = (0..=pieces)
            .map(|k| Vec2::new(-7.0 + step * k as f64, 0.0))
            .collect();
        chain(&mut w, &points);
        let mut boxes = Vec::new();
        for row in 0..10 {
            for k in 0..10 - row {
                let x = k as f64 - 0.5 * (9 - row) as f64;
                let p = Vec2::new(x, 0.5 + row as f64);
                boxes.push((
                    p,
                    dynamic_box(&mut w, p, 0.0, 1.0, 1.0, Material::default()),
                ));
            }
        }
        run(&mut w, 300);
        let drift = boxes
            .iter()
            .map(|(p, id)| (w.body(*id).unwrap().xf.p - *p).length())
            .fold(0.0, f64::max);
        println!(
            "{pieces} pieces: drift {drift:.4} m, awake {}",
            w.awake_body_count()
        );
        assert!(drift < 0.02, "{pieces} pieces: the pyramid moved {drift} m");
        assert_eq!(w.awake_body_count(), 0, "{pieces} pieces: still awake");
    }
}

/// Puts `id` back on the floor (y = 0.3) at `x`, rolling right at `speed`.
fn roll_again(w: &mut World, id: BodyId, x: f64, speed: f64) {
    w.set_transform(id, Vec2::new(x, 0.3), 0.0).unwrap();
    w.set_linear_velocity(id, Vec2::new(speed, 0.0)).unwrap();
    w.set_angular_velocity(id, -speed / 0.3).unwrap();
}

#[test]
fn with_smooth_seams_off_tile_corners_catch_a_ball_and_turned_on_again_they_do_not() {
    // Off, as in engines without seam handling: each tile's corner stands
    // on its own, and a ball rolling over twelve tiles is knocked at the
    // seams and loses speed.
    let mut w = World::new(WorldSettings {
        smooth_seams: false,
        ..WorldSettings::default()
    });
    for k in 0..12 {
        tile(&mut w, 2.0 * k as f64, 0.0, 1.0);
    }
    let b = ball(&mut w, -0.5, 4.6);
    let mut highest: f64 = 0.0;
    for _ in 0..120 {
        run(&mut w, 1);
        highest = highest.max(w.body(b).unwrap().xf.p.y);
    }
    let vx_off = w.body(b).unwrap().linear_velocity.x;
    println!("seams not smoothed: vx {vx_off:.3}, rose to {highest:.4} m");
    assert!(vx_off < 4.4, "no seam was felt: vx {vx_off}");
    assert!(highest > 0.301, "never knocked up: {highest}");

    // Turned on in the running world: the next step marks the seams, and
    // the ball rolls on as over one surface.
    w.settings.smooth_seams = true;
    roll_again(&mut w, b, -0.5, 4.6);
    run(&mut w, 120);
    let body = w.body(b).unwrap();
    println!(
        "smoothed again: vx {:.6}, y {:.6}",
        body.linear_velocity.x, body.xf.p.y
    );
    assert!((body.linear_velocity.x - 4.6).abs() < 1e-6);
    assert!((body.xf.p.y - 0.3).abs() < 1e-6);

    // And off again: the marks are cleared at once.
    w.settings.smooth_seams = false;
    roll_again(&mut w, b, -0.5, 4.6);
    run(&mut w, 120);
    let vx = w.body(b).unwrap().linear_velocity.x;
    assert!(vx < 4.4, "the seams stayed smooth: vx {vx}");
}

#[test]
fn with_smooth_seams_off_a_chain_of_segments_has_no_ghost_ends() {
    let mut w = World::default();
    chain_floor_with_wall(&mut w, 4);
    run(&mut w, 1);
    let first = w.bodies().next().unwrap().0;
    assert!(
        ghosts(&w, first).1.is_some(),
        "the chain's joint is smoothed"
    );
    w.settings.smooth_seams = false;
    run(&mut w, 1);
    let statics: Vec<BodyId> = w.bodies().map(|(id, _)| id).collect();
    for id in statics {
        assert_eq!(ghosts(&w, id), (None, None), "{id:?} kept a ghost end");
    }
}

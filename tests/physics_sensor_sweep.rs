//! Sensors sweep, they do not sample: a body that crosses a thin sensor
//! between two steps still gets an enter and an exit, in that order, once
//! each; a body resting inside enters once and never leaves.

use physbox::physics::{
    BodyDef, BodyId, BodyType, Circle, Polygon, ShapeDef, ShapeGeom, Vec2, World, WorldSettings,
};

const DT: f64 = 1.0 / 60.0;

fn world(gravity: Vec2) -> World {
    World::new(WorldSettings {
        gravity,
        ..WorldSettings::default()
    })
}

fn body(w: &mut World, t: BodyType, p: Vec2, v: Vec2, geom: ShapeGeom, sensor: bool) -> BodyId {
    let id = w
        .create_body(&BodyDef {
            body_type: t,
            position: p,
            linear_velocity: v,
            ..BodyDef::default()
        })
        .unwrap();
    w.add_shape(
        id,
        &ShapeDef {
            geom,
            sensor,
            ..ShapeDef::default()
        },
    )
    .unwrap();
    id
}

fn ball(r: f64) -> ShapeGeom {
    ShapeGeom::Circle(Circle {
        center: Vec2::ZERO,
        radius: r,
    })
}

/// A 0.1 m thick, 4 m tall static sensor wall at x = 0.
fn thin_sensor(w: &mut World) -> BodyId {
    let wall = ShapeGeom::Polygon(Polygon::make_box(0.05, 2.0));
    body(w, BodyType::Static, Vec2::ZERO, Vec2::ZERO, wall, true)
}

/// A 5 cm ball at `at` moving at `v`.
fn small_ball(w: &mut World, at: Vec2, v: Vec2) -> BodyId {
    body(w, BodyType::Dynamic, at, v, ball(0.05), false)
}

/// (step, entered) of every sensor event for `visitor`, over `steps` steps.
fn sensor_log(w: &mut World, visitor: BodyId, steps: u64) -> Vec<(u64, bool)> {
    let mut log = Vec::new();
    for _ in 0..steps {
        w.step(DT);
        for e in &w.events().sensor {
            if e.visitor_body == visitor {
                log.push((w.step_count(), e.entered));
            }
        }
    }
    log
}

/// A 0.1 m thick static sensor wall at x = 0 and a 5 cm ball shot at it.
fn shoot_through_thin_sensor(speed: f64) -> Vec<(u64, bool)> {
    let mut w = world(Vec2::ZERO);
    thin_sensor(&mut w);
    let b = small_ball(&mut w, Vec2::new(-0.7, 0.3), Vec2::new(speed, 0.0));
    let log = sensor_log(&mut w, b, 60);
    let x = w.body_position(b).unwrap().x;
    assert!(x > 1.0, "the ball went through (x = {x})");
    log
}

#[test]
fn a_ball_crossing_a_thin_sensor_within_one_step_enters_then_exits() {
    for speed in [100.0, 1_000.0, 10_000.0] {
        let log = shoot_through_thin_sensor(speed);
        assert_eq!(log.len(), 2, "{speed} m/s: {log:?}");
        assert!(log[0].1, "{speed} m/s: enter first: {log:?}");
        assert!(!log[1].1, "{speed} m/s: then exit: {log:?}");
        assert_eq!(log[0].0, log[1].0, "{speed} m/s: within one step: {log:?}");
    }
}

#[test]
fn a_slow_ball_enters_and_exits_in_different_steps_once_each() {
    let log = shoot_through_thin_sensor(3.0);
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(log[0].1 && !log[1].1, "{log:?}");
    assert!(log[0].0 < log[1].0, "{log:?}");
}

#[test]
fn a_ball_that_misses_the_sensor_gets_no_events() {
    let mut w = world(Vec2::ZERO);
    thin_sensor(&mut w);
    // Passes above the top of the wall (y = 2) at 1000 m/s.
    let b = small_ball(&mut w, Vec2::new(-0.7, 2.2), Vec2::new(1_000.0, 0.0));
    assert_eq!(sensor_log(&mut w, b, 20), vec![]);
}

#[test]
fn a_body_resting_inside_a_sensor_enters_once_and_never_exits() {
    let mut w = world(Vec2::new(0.0, -9.81));
    let floor = ShapeGeom::Polygon(Polygon::make_box(5.0, 0.5));
    body(
        &mut w,
        BodyType::Static,
        Vec2::new(0.0, -0.5),
        Vec2::ZERO,
        floor,
        false,
    );
    let zone = ShapeGeom::Polygon(Polygon::make_box(1.0, 1.0));
    body(
        &mut w,
        BodyType::Static,
        Vec2::new(0.0, 1.0),
        Vec2::ZERO,
        zone,
        true,
    );
    let b = body(
        &mut w,
        BodyType::Dynamic,
        Vec2::new(0.0, 4.0),
        Vec2::ZERO,
        ball(0.2),
        false,
    );
    // Long enough to fall in, settle and fall asleep.
    let log = sensor_log(&mut w, b, 600);
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].1, "{log:?}");
    assert!(
        !w.body(b).unwrap().awake,
        "the ball should have gone to sleep"
    );
}

#[test]
fn a_fast_moving_sensor_passing_over_a_still_body_is_noticed() {
    let mut w = world(Vec2::ZERO);
    let b = small_ball(&mut w, Vec2::new(0.0, 0.0), Vec2::ZERO);
    // A thin kinematic sensor blade sweeping across at 300 m/s (5 m a step).
    let blade = ShapeGeom::Polygon(Polygon::make_box(0.05, 1.0));
    body(
        &mut w,
        BodyType::Kinematic,
        Vec2::new(-2.0, 0.0),
        Vec2::new(300.0, 0.0),
        blade,
        true,
    );
    let log = sensor_log(&mut w, b, 3);
    assert_eq!(log.len(), 2, "{log:?}");
    assert!(log[0].1 && !log[1].1 && log[0].0 == log[1].0, "{log:?}");
}

#[test]
fn sweeping_does_not_change_the_simulation() {
    // Events only: the same scene with and without a sensor in the ball's
    // path ends in the same place.
    let run = |with_sensor: bool| {
        let mut w = world(Vec2::new(0.0, -9.81));
        if with_sensor {
            thin_sensor(&mut w);
        }
        let b = small_ball(&mut w, Vec2::new(-0.7, 0.3), Vec2::new(500.0, 0.0));
        for _ in 0..30 {
            w.step(DT);
        }
        w.body_position(b).unwrap()
    };
    assert_eq!(run(true), run(false));
}

#[test]
fn a_sensor_added_or_removed_while_running_is_swept_from_then_on() {
    // The sweep keeps its list of sensor shapes between steps: a sensor
    // created mid-run must join it, a destroyed one must leave it.
    let mut w = world(Vec2::ZERO);
    let b = small_ball(&mut w, Vec2::new(-0.7, 0.3), Vec2::ZERO);
    assert!(sensor_log(&mut w, b, 5).is_empty());
    let sensor = thin_sensor(&mut w);
    w.set_linear_velocity(b, Vec2::new(300.0, 0.0)).unwrap();
    assert_eq!(sensor_log(&mut w, b, 10), vec![(6, true), (6, false)]);
    w.destroy_body(sensor).unwrap();
    w.set_transform(b, Vec2::new(-0.7, 0.3), 0.0).unwrap();
    assert!(sensor_log(&mut w, b, 10).is_empty());
}

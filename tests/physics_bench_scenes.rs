//! DESIGN.md §5: the seeds' experiments and stress tests, run headless with
//! the numbers checked. Scene builders live in `physbox::testbed`.

use physbox::physics::{BodyId, Vec2, World};
use physbox::testbed::experiments as ex;

const DT: f64 = 1.0 / 60.0;

fn run(world: &mut World, steps: usize) {
    for _ in 0..steps {
        world.step(DT);
    }
}

fn vel(world: &World, id: BodyId) -> Vec2 {
    world.body(id).unwrap().linear_velocity
}

fn pos(world: &World, id: BodyId) -> Vec2 {
    world.body(id).unwrap().xf.p
}

/// Peak of a sampled parabola from the three samples around the maximum
/// (exact for samples of a parabola, which free flight produces).
fn parabola_peak(y0: f64, y1: f64, y2: f64) -> f64 {
    let denom = y0 - 2.0 * y1 + y2;
    if denom.abs() < 1e-15 {
        return y1;
    }
    let t = 0.5 * (y0 - y2) / denom;
    y1 - 0.25 * (y0 - y2) * t
}

/// Heights of successive flight apexes of a body's centre.
fn apexes(world: &mut World, id: BodyId, steps: usize) -> Vec<f64> {
    let mut ys = Vec::with_capacity(steps);
    for _ in 0..steps {
        world.step(DT);
        ys.push(world.body(id).unwrap().center.y);
    }
    let mut out = Vec::new();
    for i in 1..ys.len() - 1 {
        if ys[i] > ys[i - 1] && ys[i] >= ys[i + 1] {
            out.push(parabola_peak(ys[i - 1], ys[i], ys[i + 1]));
        }
    }
    out
}

#[test]
fn spinning_discs_collide_with_exact_velocities() {
    let mut world = World::new(ex::settings());
    let (a, b) = ex::spinning_discs(&mut world);
    run(&mut world, 120);
    let (va, vb) = (vel(&world, a), vel(&world, b));
    println!("v'A = {va:?}  v'B = {vb:?}");
    assert!((va - Vec2::new(-1.0, -0.5)).length() < 1e-6, "v'A = {va:?}");
    assert!((vb - Vec2::new(0.0, 0.5)).length() < 1e-6, "v'B = {vb:?}");
}

/// Drop the elastic box from `height` tilted by `tilt`: the bounces seen
/// (up to 20, within two minutes) and the worst relative energy error.
fn elastic_box_drift(height: f64, tilt: f64) -> (u32, f64) {
    let mut world = World::new(ex::settings());
    let b = ex::bouncing_box(&mut world, height, tilt);
    let e0 = world.energy();
    let mut worst: f64 = 0.0;
    let (mut bounces, mut last_vy) = (0, 0.0);
    while bounces < 20 && world.step_count() < 60 * 120 {
        world.step(DT);
        worst = worst.max(((world.energy() - e0) / e0).abs());
        let vy = vel(&world, b).y;
        if last_vy < 0.0 && vy > 0.0 {
            bounces += 1;
        }
        last_vy = vy;
    }
    (bounces, worst)
}

#[test]
fn elastic_box_keeps_its_energy_over_twenty_bounces() {
    let (bounces, worst) = elastic_box_drift(3.0, 0.3);
    println!(
        "bounces {bounces}, worst energy error {:.4}%",
        worst * 100.0
    );
    assert_eq!(bounces, 20);
    assert!(worst < 0.01, "energy drifted {:.3}%", worst * 100.0);
}

#[test]
fn elastic_box_keeps_its_energy_from_other_heights_and_tilts() {
    // The scene above with other drop heights and tilts (DESIGN.md: the
    // acceptance scenes use other parameters). Measured worst energy error
    // per case over 20 bounces: 11 of the 20 within 1 %, the worst 3.4 %
    // (a corner bounce sets the box spinning at 22 rad/s and the other
    // corner slams down the next step). Before the two-point bounce was
    // solved as a block from the step-start speeds, and before continuous
    // collision stopped freezing a box that starts a step touching, the
    // worst was 61 %.
    let mut worst_all: f64 = 0.0;
    let mut within_one_percent = 0;
    for h in [1.0, 2.0, 3.0, 5.0] {
        for tilt in [0.0, 0.1, 0.3, 0.5, 0.7] {
            let (_, worst) = elastic_box_drift(h, tilt);
            println!(
                "drop {h} m, tilt {tilt}: worst energy error {:.3}%",
                worst * 100.0
            );
            worst_all = worst_all.max(worst);
            within_one_percent += usize::from(worst < 0.01);
        }
    }
    println!(
        "worst {:.3}%, {within_one_percent} of 20 within 1 %",
        worst_all * 100.0
    );
    assert!(worst_all < 0.04, "energy drifted {:.2}%", worst_all * 100.0);
    assert!(
        within_one_percent >= 11,
        "only {within_one_percent} of 20 within 1 %"
    );
}

#[test]
fn incline_travel_follows_friction() {
    let angle: f64 = 20f64.to_radians();
    let frictions = [0.05, 0.15, 0.3, 0.6]; // tan 20° = 0.364
    let mut world = World::new(ex::settings());
    let boxes = ex::incline(&mut world, angle, &frictions);
    let start: Vec<Vec2> = boxes.iter().map(|&b| pos(&world, b)).collect();
    run(&mut world, 300);
    let travel: Vec<f64> = boxes
        .iter()
        .zip(&start)
        .map(|(&b, s)| (pos(&world, b) - *s).length())
        .collect();
    println!("travel in 5 s: {travel:?}");
    for w in travel.windows(2) {
        assert!(
            w[0] > w[1],
            "lower friction must travel further: {travel:?}"
        );
    }
    assert!(travel[3] < 1e-3, "box with μ > tan θ moved {} m", travel[3]);
    // The sliding ones follow a = g (sin θ − μ cos θ) closely.
    for (i, &mu) in frictions[..3].iter().enumerate() {
        let a = 9.81 * (angle.sin() - mu * angle.cos());
        let expected = 0.5 * a * 5.0 * 5.0;
        assert!(
            (travel[i] - expected).abs() / expected < 0.02,
            "μ = {mu}: travelled {} m, theory {expected} m",
            travel[i]
        );
    }
}

#[test]
fn restitution_series_bounces_to_e_squared() {
    let mut world = World::new(ex::settings());
    let h = 2.0;
    let balls = ex::restitution_balls(&mut world, 50, h);
    let mut ys: Vec<Vec<f64>> = vec![Vec::new(); balls.len()];
    for _ in 0..240 {
        world.step(DT);
        for (k, (id, _)) in balls.iter().enumerate() {
            ys[k].push(world.body(*id).unwrap().center.y - 0.25);
        }
    }
    let mut worst: f64 = 0.0;
    for (k, (_, e)) in balls.iter().enumerate() {
        let s = &ys[k];
        // First apex after the first bounce.
        let mut apex = None;
        for i in 1..s.len() - 1 {
            if s[i] > s[i - 1] && s[i] >= s[i + 1] {
                apex = Some(parabola_peak(s[i - 1], s[i], s[i + 1]));
                break;
            }
        }
        let expected = e * e * h;
        let got = apex.unwrap_or(0.0).max(0.0);
        // Below the restitution threshold (0.5 m/s) nothing bounces.
        if expected < 0.05 {
            continue;
        }
        let err = (got - expected).abs() / expected;
        worst = worst.max(err);
        assert!(err < 0.02, "e = {e}: apex {got}, expected {expected}");
    }
    println!("worst apex error {:.4}%", worst * 100.0);
}

#[test]
fn perfect_bounce_at_four_g_keeps_its_apex() {
    let mut world = World::new(ex::settings());
    let ball = ex::perfect_bounce(&mut world, 4.0, 1.0);
    let peaks = apexes(&mut world, ball, 60 * 40);
    assert!(peaks.len() >= 50, "only {} bounces", peaks.len());
    let first = 1.0 + 0.5;
    let worst = peaks[..50]
        .iter()
        .map(|p| ((p - first) / (first - 0.5)).abs())
        .fold(0.0, f64::max);
    println!(
        "50 apexes, worst deviation {:.5}% of the drop height",
        worst * 100.0
    );
    assert!(worst < 1e-3);
}

#[test]
fn heavy_box_on_light_box_does_not_sink() {
    let mut world = World::new(ex::settings());
    let (light, heavy) = ex::heavy_on_light(&mut world, 5.0, 5000.0);
    let h0 = pos(&world, heavy);
    let l0 = pos(&world, light);
    let mut worst: f64 = 0.0;
    for _ in 0..600 {
        world.step(DT);
        worst = worst.max((pos(&world, heavy) - h0).length());
    }
    println!(
        "heavy drift max {:.5} m, light drift {:.5} m",
        worst,
        (pos(&world, light) - l0).length()
    );
    assert!(worst < 0.01, "heavy box drifted {worst} m");
}

#[test]
fn column_of_fifty_thin_plates_stands_thirty_seconds() {
    let mut world = World::new(ex::settings());
    let plates = ex::plate_column(&mut world, 50, 5.0, 0.05);
    let top0 = pos(&world, *plates.last().unwrap());
    let t = std::time::Instant::now();
    run(&mut world, 60 * 30);
    let wall = t.elapsed().as_secs_f64();
    let top = pos(&world, *plates.last().unwrap());
    println!(
        "top plate moved {:?} in 30 s (simulated in {wall:.2} s)",
        top - top0
    );
    assert!((top - top0).length() < 0.01);
    for (i, &p) in plates.iter().enumerate() {
        assert!((pos(&world, p).x).abs() < 0.01, "plate {i} slid");
    }
}

#[test]
fn box_never_tunnels_through_a_thin_wall() {
    for speed in [10.0, 100.0, 250.0, 350.0, 1000.0, 3000.0, 10_000.0] {
        let mut world = World::new(ex::settings());
        let b = ex::thin_wall(&mut world, speed);
        for _ in 0..120 {
            world.step(DT);
            let x = pos(&world, b).x;
            assert!(x < 0.0, "at {speed} m/s the box reached x = {x}");
        }
    }
}

#[test]
fn twenty_row_pyramid_stands_and_sleeps() {
    let mut world = World::new(ex::settings());
    let boxes = ex::pyramid(&mut world, 20);
    let start: Vec<Vec2> = boxes.iter().map(|&b| pos(&world, b)).collect();
    run(&mut world, 60 * 30);
    let drift = boxes
        .iter()
        .zip(&start)
        .map(|(&b, s)| (pos(&world, b) - *s).length())
        .fold(0.0, f64::max);
    println!(
        "pyramid max drift {drift:.5} m, awake {}",
        world.awake_body_count()
    );
    assert!(drift < 0.01);
    assert_eq!(world.awake_body_count(), 0, "pyramid should be asleep");
}

#[test]
fn thirty_dominoes_all_fall_then_sleep() {
    let mut world = World::new(ex::settings());
    let ids = ex::dominoes(&mut world, 30);
    run(&mut world, 60 * 20);
    for (i, &d) in ids.iter().enumerate() {
        let angle = world.body(d).unwrap().xf.q.angle();
        assert!(
            angle.abs() > 0.3,
            "domino {i} still standing (angle {angle})"
        );
    }
    assert_eq!(world.awake_body_count(), 0, "dominoes should be asleep");
}

#[test]
fn hundred_row_pyramid_stands_without_sleep() {
    // The benchmark pile: 5050 boxes in one island, one solver pass per
    // phase. It sags a little on its soft contacts (Box2D v3 ≈ 35 cm in the
    // mean height) but must not creep apart.
    use physbox::testbed::bench::{large_pyramid, settings};
    let mut world = World::new(settings(false));
    let boxes = large_pyramid(&mut world);
    let mean_y = |w: &World| boxes.iter().map(|&b| pos(w, b).y).sum::<f64>() / boxes.len() as f64;
    let start = mean_y(&world);
    run(&mut world, 300);
    let max_speed = boxes
        .iter()
        .map(|&b| world.body(b).unwrap().linear_velocity.length())
        .fold(0.0, f64::max);
    let sag = start - mean_y(&world);
    println!("100-row pyramid: mean sag {sag:.4} m, max speed {max_speed:.4} m/s");
    assert!(max_speed < 0.5, "bodies move at {max_speed} m/s");
    assert!((0.0..0.35).contains(&sag), "mean sag {sag} m");
}

#[test]
fn joint_grid_hangs_together() {
    // Box2D's joint_grid: 10,000 circles on 19,794 hinges hanging from seven
    // static anchors, one Gauss–Seidel pass per phase. The sheet falls and
    // folds; one pass cannot hold every hinge shut while it does (measured
    // at 3 s: widest gap 0.23 m, mean 7.5 mm; Box2D v3 0.18 m and rapier2d
    // 0.72 m at the same moment, `cargo bench --bench compare -- joint_grid
    // --steps 180`). This bounds the gap and the speeds, so a regression
    // towards tearing or an explosion fails.
    use physbox::testbed::bench::{joint_grid, settings};
    let mut world = World::new(settings(false));
    let bodies = joint_grid(&mut world);
    run(&mut world, 180);
    let worst_gap = world
        .joints()
        .map(|(id, _)| {
            let (a, b) = world.joint_anchors(id).unwrap();
            (a - b).length()
        })
        .fold(0.0, f64::max);
    let max_speed = bodies
        .iter()
        .map(|&b| vel(&world, b).length())
        .fold(0.0, f64::max);
    println!(
        "joint grid after 3 s: worst hinge gap {worst_gap:.2e} m, max speed {max_speed:.3} m/s"
    );
    assert!(worst_gap < 0.35, "a hinge opened by {worst_gap} m");
    assert!(max_speed < 20.0, "bodies move at {max_speed} m/s");
}

#[test]
fn tumbler_keeps_every_box_inside() {
    // Box2D's tumbler: 2,025 small boxes in a frame a motor turns at
    // 25 deg/s. After 10 s every box is still inside the frame's walls.
    use physbox::testbed::bench::{settings, tumbler};
    let mut world = World::new(settings(true));
    let boxes = tumbler(&mut world);
    run(&mut world, 600);
    let frame = world
        .bodies()
        .find(|(_, b)| b.shapes.len() == 4)
        .map(|(_, b)| b.xf)
        .expect("the frame");
    let outside = boxes
        .iter()
        .map(|&b| frame.inv_apply(pos(&world, b)))
        .filter(|p| p.x.abs() > 9.5 || p.y.abs() > 9.5)
        .count();
    let turned = frame.q.angle().to_degrees();
    println!("tumbler after 10 s: frame turned {turned:.1} deg, {outside} boxes outside");
    assert_eq!(outside, 0);
}

//! Sanity of Box2D v3's benchmark scenes (`physbox::testbed::bench`): the
//! piles the benchmarks time must stand, hang together and stay inside, so
//! a speed-up that breaks them fails here. DESIGN.md §5's experiments are
//! scenes in `scenes/`, checked by `tests/lua_scenes.rs`.

use physbox::physics::{BodyId, Vec2, World};

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

/// The sandbox's ball pit of `n` balls (sleep off) after 20 s: the deepest
/// overlap between two shapes, and the balls' largest and mean speed.
fn settled_ball_pit(n: usize) -> (f64, f64, f64) {
    use physbox::testbed::bench::{scene, settings};
    use physbox::testbed::bench_scenes::ball_pit;
    let mut world = World::new(settings(false));
    let balls = scene(&mut world, &ball_pit(n));
    run(&mut world, 1200);
    let overlap = world
        .contacts()
        .iter()
        .flat_map(|c| c.manifold.points().iter().map(|p| -p.separation))
        .fold(0.0, f64::max);
    let speeds: Vec<f64> = balls.iter().map(|&b| vel(&world, b).length()).collect();
    let max_speed = speeds.iter().copied().fold(0.0, f64::max);
    let mean_speed = speeds.iter().sum::<f64>() / speeds.len() as f64;
    println!(
        "{n}-ball pit after 20 s: overlap {overlap:.4} m, speed max {max_speed:.4} mean {mean_speed:.5} m/s"
    );
    (overlap, max_speed, mean_speed)
}

#[test]
fn a_deep_ball_pit_rests_with_its_balls_barely_overlapping() {
    // The 800-ball sandbox pit piles 22 balls deep: too deep for plain soft
    // contacts with one pass (26 mm overlap at the bottom), so as a pile of
    // round bodies its contacts are stiffened (`solver/island_needs.rs`).
    // It must also come to rest: iterating it instead held the overlap
    // under a millimetre but left the pile creeping.
    let (overlap, _, mean_speed) = settled_ball_pit(800);
    assert!(overlap < 0.01, "overlap {overlap}");
    assert!(mean_speed < 0.01, "mean speed {mean_speed}");
}

#[test]
fn a_2000_ball_pit_comes_to_rest_slow_enough_to_fall_asleep() {
    // 50 balls deep. With its stiffened contacts at the substep's limit
    // (twice 30 Hz at 4 substeps) it never settled: after 20 s its balls
    // still moved at 24 mm/s on average and up to 66 mm/s, above the
    // 50 mm/s under which a body may sleep (`island_needs.rs`,
    // `STIFFENED_HEADROOM`).
    // The pile's collapse is chaotic: moving one ball by a nanometre at the
    // start gives a mean of 0.26 to 2.3 mm/s at 20 s (max 3.4–6.7 mm/s),
    // so the mean's bound leaves room for that, ten times under the
    // failure above.
    let (overlap, max_speed, mean_speed) = settled_ball_pit(2000);
    assert!(max_speed < 0.025, "max speed {max_speed}");
    assert!(mean_speed < 0.005, "mean speed {mean_speed}");
    // Plain soft contacts in one pass overlap 50 mm here.
    assert!(overlap < 0.025, "overlap {overlap}");
}

/// The benchmark's `--stages` splits physbox's solver setup in three parts:
/// each is timed (none left at zero while there are contacts to prepare),
/// and they add up to the stage.
#[test]
fn the_solver_setup_is_timed_in_its_three_parts() {
    use physbox::testbed::bench::{scene, settings};
    use physbox::testbed::bench_scenes::ball_pit;
    let mut world = World::new(settings(false));
    scene(&mut world, &ball_pit(50));
    run(&mut world, 120);
    assert!(world.contact_count() > 20, "the pit's balls touch");
    let p = *world.profile();
    for (name, part) in [
        ("bodies", p.setup_bodies),
        ("islands", p.setup_islands),
        ("contacts", p.setup_contacts),
    ] {
        assert!(part > 0.0, "{name} timed: {p:?}");
    }
    assert_eq!(
        p.solver_setup,
        p.setup_bodies + p.setup_islands + p.setup_contacts
    );
    assert!(p.solver_setup <= p.step, "{p:?}");
}

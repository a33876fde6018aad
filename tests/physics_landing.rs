//! Landings do not throw what landed back up. A column of balls stopped by
//! the floor is stopped by impulses far above its weight; warm-starting the
//! next step with them whole threw the column's top ball 21 m high again
//! (Box2D v3: 9.6 m). Each contact point now warm-starts from its load, the
//! impulse it carries at rest (`solver/warm_load.rs`).

use physbox::physics::{BodyId, Vec2, World, WorldSettings};
use physbox::testbed::{dynamic_circle, ground_box, Material};

const R: f64 = 0.25;

fn world() -> World {
    let mut w = World::new(WorldSettings {
        gravity: Vec2::new(0.0, -10.0),
        ..WorldSettings::default()
    });
    let m = Material::default();
    ground_box(&mut w, Vec2::new(0.0, -0.5), 40.0, 1.0, m);
    ground_box(&mut w, Vec2::new(-6.5, 5.0), 1.0, 10.0, m);
    ground_box(&mut w, Vec2::new(6.5, 5.0), 1.0, 10.0, m);
    w
}

/// A column of `n` touching balls whose bottom ball starts at `height`.
fn column(w: &mut World, x: f64, height: f64, n: usize) -> Vec<BodyId> {
    (0..n)
        .map(|i| {
            dynamic_circle(
                w,
                Vec2::new(x, height + R + 2.0 * R * i as f64),
                R,
                Material::default(),
            )
        })
        .collect()
}

fn y(w: &World, id: BodyId) -> f64 {
    w.body(id).unwrap().xf.p.y
}

#[test]
fn a_column_dropped_from_40_m_lands_without_throwing_its_top_ball() {
    let mut w = world();
    let balls = column(&mut w, 0.0, 40.0, 10);
    let top = balls[9];
    let (mut landed, mut highest) = (false, f64::MIN);
    for _ in 0..600 {
        w.step(1.0 / 60.0);
        landed |= y(&w, balls[0]) < 2.0 * R;
        if landed {
            highest = highest.max(y(&w, top));
        }
    }
    let rest = 19.0 * R;
    println!("top ball after landing: highest {highest:.2} m, at rest {rest:.2} m");
    assert!(landed);
    // 21 m above its rest with the whole impulses re-applied; 2 m now.
    assert!(highest - rest < 4.0, "thrown {:.2} m", highest - rest);
    // And the column stands again, ball on ball.
    for (i, &b) in balls.iter().enumerate() {
        let expected = R + 2.0 * R * i as f64;
        assert!(
            (y(&w, b) - expected).abs() < 0.02,
            "ball {i} at {}",
            y(&w, b)
        );
    }
}

#[test]
fn columns_landing_on_a_pile_are_not_thrown_back_up_and_it_falls_asleep() {
    // rain in small: a pile of 120 balls, then a column of ten every half
    // second from 40 m (28 m/s at the pile). With the whole impulses
    // re-applied the pile threw balls back up at 12 m/s (7 m high), and
    // fell asleep 65 steps later than now.
    let mut w = world();
    let mut balls: Vec<BodyId> = Vec::new();
    for row in 0..6 {
        for k in 0..20 {
            let x = -5.5 + 0.55 * k as f64 + 0.1 * (row % 2) as f64;
            balls.push(dynamic_circle(
                &mut w,
                Vec2::new(x, R + 0.6 * row as f64),
                R,
                Material::default(),
            ));
        }
    }
    let mut highest_after = f64::MIN;
    let mut fastest_up: f64 = 0.0;
    let mut asleep_at = None;
    for step in 0..1200 {
        if step % 30 == 0 && step < 300 {
            let x = -4.0 + 0.8 * (step / 30) as f64;
            balls.extend(column(&mut w, x, 40.0, 10));
        }
        w.step(1.0 / 60.0);
        for &b in &balls {
            fastest_up = fastest_up.max(w.body(b).unwrap().linear_velocity.y);
        }
        if step >= 480 {
            // After the last column has landed (about step 440): nothing
            // flies up again.
            let top = balls.iter().map(|&b| y(&w, b)).fold(f64::MIN, f64::max);
            highest_after = highest_after.max(top);
        }
        if asleep_at.is_none() && w.awake_body_count() == 0 {
            asleep_at = Some(step);
        }
    }
    let top = balls.iter().map(|&b| y(&w, b)).fold(f64::MIN, f64::max);
    println!("highest ball after the last landing: {highest_after:.2} m, the pile's top at the end {top:.2} m; all asleep at step {asleep_at:?}; fastest rebound {fastest_up:.2} m/s");
    assert!(fastest_up < 7.0, "a ball thrown up at {fastest_up:.2} m/s");
    assert!(
        highest_after - top < 1.0,
        "a ball flew to {highest_after:.2} m"
    );
    let asleep = asleep_at.expect("the pile never fell asleep");
    assert!(asleep < 900, "asleep only at step {asleep}");
}

//! Prints a pyramid's mean height and fastest body over time, a quick look
//! at solver stability: `pyramid_drift [ROWS]` (default: the 100-row
//! benchmark pyramid without sleep).
use physbox::physics::World;
use physbox::testbed::bench::{large_pyramid, settings};

fn main() {
    let rows: Option<usize> = std::env::args().nth(1).and_then(|s| s.parse().ok());
    let mut world = World::new(settings(false));
    let ids = match rows {
        Some(rows) => physbox::testbed::pyramid(&mut world, rows),
        None => large_pyramid(&mut world),
    };
    for step in 0..=1200 {
        if step % 200 == 0 {
            let (mut y, mut vmax) = (0.0, 0.0f64);
            for &id in &ids {
                let b = world.body(id).unwrap();
                y += b.center.y;
                vmax = vmax.max(b.linear_velocity.length());
            }
            println!(
                "step {step:4}: mean y {:.4}  max speed {vmax:.4}",
                y / ids.len() as f64
            );
        }
        world.step(1.0 / 60.0);
    }
}

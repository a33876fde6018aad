//! Runs the large_pyramid benchmark scene for profiling (perf/callgrind).
use physbox::physics::World;
use physbox::testbed::bench::{large_pyramid, settings};
fn main() {
    let mut world = World::new(settings(false));
    large_pyramid(&mut world);
    let steps: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    let t = std::time::Instant::now();
    for _ in 0..steps {
        world.step(1.0 / 60.0);
    }
    println!(
        "{:.3} ms/step",
        t.elapsed().as_secs_f64() * 1000.0 / steps as f64
    );
}

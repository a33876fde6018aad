//! Runs one benchmark scene for profiling (perf/callgrind) and prints the
//! mean ms/step and the mean of each stage of `World::profile`:
//! `profile_scene [large_pyramid|many_pyramids|rain|tumbler|joint_grid] [STEPS]`.
use physbox::physics::World;
use physbox::testbed::bench::{
    joint_grid, large_pyramid, many_pyramids, rain_setup, rain_step, settings, tumbler,
};

fn main() {
    let mut args = std::env::args().skip(1);
    let scene = args.next().unwrap_or_else(|| "large_pyramid".into());
    let steps: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut world = World::new(settings(scene == "rain" || scene == "tumbler"));
    match scene.as_str() {
        "large_pyramid" => drop(large_pyramid(&mut world)),
        "many_pyramids" => drop(many_pyramids(&mut world)),
        "rain" => rain_setup(&mut world),
        "tumbler" => drop(tumbler(&mut world)),
        "joint_grid" => drop(joint_grid(&mut world)),
        other => {
            eprintln!("unknown scene '{other}'");
            std::process::exit(2);
        }
    }
    let cpu0 = cpu_seconds();
    let t = std::time::Instant::now();
    let mut stages = physbox::physics::StepProfile::default();
    for i in 0..steps {
        if scene == "rain" {
            rain_step(&mut world, i);
        }
        world.step(1.0 / 60.0);
        stages.accumulate(world.profile());
        if std::env::var_os("PHYSBOX_AWAKE").is_some() && i % 100 == 99 {
            let fast = world
                .bodies()
                .filter(|(_, b)| b.awake && b.linear_velocity.length() > 0.05)
                .count();
            let spin = world
                .bodies()
                .filter(|(_, b)| b.awake && b.angular_velocity.abs() > 2f64.to_radians())
                .count();
            eprintln!(
                "step {}: {} bodies awake, {fast} above 0.05 m/s, {spin} above 2 deg/s",
                i + 1,
                world.awake_body_count()
            );
        }
    }
    println!(
        "{:.3} ms/step ({:.3} ms/step of CPU time)",
        t.elapsed().as_secs_f64() * 1000.0 / steps as f64,
        (cpu_seconds() - cpu0) * 1000.0 / steps as f64
    );
    let n = steps as f64;
    println!(
        "stages ms/step: pairs {:.3} collide {:.3} setup {:.3} substeps {:.3} finish {:.3} \
         write_back {:.3} sleep {:.3} events {:.3}",
        stages.pairs / n,
        stages.collide / n,
        stages.solver_setup / n,
        stages.substeps / n,
        stages.finish / n,
        stages.write_back / n,
        stages.sleep / n,
        stages.events / n
    );
}

/// User + system CPU time of this process (Linux `/proc/self/stat`, clock
/// ticks of 10 ms): unlike wall time, it leaves out the time other
/// processes had the core — useful on a busy machine (cache sharing still
/// shows).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    (ticks(11) + ticks(12)) / 100.0
}

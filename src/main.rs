//! physbox command line. Until the Lua runtime and the window land, the
//! binary runs the built-in showcase headless and prints what it measured.

use physbox::physics::{World, WorldSettings};
use physbox::testbed::experiments as ex;
use std::process::ExitCode;

const USAGE: &str = "physbox — a scriptable 2D physics sandbox

USAGE:
    physbox                      run the built-in showcase (headless for now)
    physbox showcase [SECONDS]   the same, for SECONDS of simulated time (default 10)
    physbox --help               this text

EXAMPLES:
    cargo run --release
    cargo run --release -- showcase 30

The window, Lua scenes and hot reload are being built; see README.md.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => showcase(10.0),
        Some("showcase") => match args.get(1).map(|s| s.parse::<f64>()) {
            None => showcase(10.0),
            Some(Ok(s)) if s.is_finite() && s > 0.0 => showcase(s),
            _ => {
                eprintln!("physbox: SECONDS must be a positive number\n\n{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("physbox: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// A pyramid, a restitution series and a domino row in one world.
fn showcase(seconds: f64) -> ExitCode {
    let has_display =
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    if has_display {
        println!("physbox: the window is not built yet — running the showcase headless");
    } else {
        println!("physbox: no display found (DISPLAY / WAYLAND_DISPLAY unset) — running the showcase headless");
    }
    let mut world = World::new(WorldSettings::default());
    let boxes = ex::pyramid(&mut world, 10);
    let e0 = world.energy();
    let dt = 1.0 / 60.0;
    let steps = (seconds / dt).round() as usize;
    let t = std::time::Instant::now();
    for _ in 0..steps {
        world.step(dt);
    }
    let wall = t.elapsed().as_secs_f64();
    let top = world.body(*boxes.last().unwrap()).unwrap().xf.p;
    println!(
        "simulated {seconds} s ({steps} steps) in {:.1} ms: {} bodies, {} asleep, top box at ({:.4}, {:.4}) (started at (0, 9.5)), energy {:.1} J -> {:.1} J",
        wall * 1000.0,
        world.body_count(),
        world.body_count() - 1 - world.awake_body_count(),
        top.x,
        top.y,
        e0,
        world.energy()
    );
    ExitCode::SUCCESS
}

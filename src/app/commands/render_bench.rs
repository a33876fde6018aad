//! `physbox bench --render`: what drawing costs (DESIGN.md §6: 5,000 bodies
//! at 1280×720 in ≤ 8 ms per frame). A benchmark, never a timed test.

use crate::app::view;
use crate::render::{image, Layers, Pixmap, Poses, Renderer};
use crate::script::{Scene, SceneOptions};
use std::path::Path;
use std::time::Instant;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;
const FRAMES: usize = 60;

/// 5,000 bodies, half circles and half rotated boxes, every one on screen,
/// a third of them asleep-looking (dimmed) is left to the physics: this is
/// the scene as it is built, no steps.
fn scene_source(n: usize) -> String {
    format!(
        "world.gravity = {{0, 0}}\n\
         scene {{ camera = {{0, 0, 72}} }}\n\
         local n, cols = {n}, 100\n\
         for i = 0, n - 1 do\n\
           local x, y = -63 + (i % cols) * 1.27, -34 + (i // cols) * 1.4\n\
           if i % 2 == 0 then circle {{ x = x, y = y, r = 0.5, omega = 1 }}\n\
           else box {{ x = x, y = y, w = 0.9, h = 0.7, angle = i * 0.37 }} end\n\
         end\n"
    )
}

/// CPU time of this thread, seconds: unlike wall time it does not count
/// time the thread waited for a core (this machine is shared).
fn thread_cpu() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we pass.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    if ok {
        ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
    } else {
        f64::NAN
    }
}

/// Per frame in milliseconds: (median wall, best wall, median CPU).
fn time(mut f: impl FnMut()) -> (f64, f64, f64) {
    f();
    let (mut wall, mut cpu): (Vec<f64>, Vec<f64>) = (0..FRAMES)
        .map(|_| {
            let (t, c) = (Instant::now(), thread_cpu());
            f();
            (t.elapsed().as_secs_f64() * 1e3, (thread_cpu() - c) * 1e3)
        })
        .unzip();
    wall.sort_by(|a, b| a.total_cmp(b));
    cpu.sort_by(|a, b| a.total_cmp(b));
    (wall[wall.len() / 2], wall[0], cpu[cpu.len() / 2])
}

pub fn run() -> Result<String, String> {
    let n = 5000;
    let mut scene = Scene::from_source(
        Path::new("render_bench.lua"),
        &scene_source(n),
        &SceneOptions::default(),
    )
    .map_err(|e| e.to_string())?;
    let mut renderer = Renderer::new();
    let mut pm = Pixmap::new(WIDTH, HEIGHT).expect("pixmap");
    let cam = view::initial_camera(&mut scene, WIDTH, HEIGHT);
    let poses = Poses::default();
    // The world as the window draws it (no layers, no overlay).
    let draw = |renderer: &mut Renderer, pm: &mut Pixmap| {
        view::draw_scene(
            renderer,
            pm,
            &scene,
            &cam,
            &poses,
            1.0,
            Layers::default(),
            &[],
        )
    };
    let mut drawn = 0;
    let (world_med, world_best, world_cpu) = time(|| {
        drawn = draw(&mut renderer, &mut pm);
    });
    let mut buf = Vec::new();
    let (full_med, full_best, full_cpu) = time(|| {
        draw(&mut renderer, &mut pm);
        let lines: Vec<(String, crate::render::Rgba)> = (0..6)
            .map(|i| {
                (
                    format!("HUD line {i}: t = 12.34 s  steps/s 60  step 1.23 ms"),
                    crate::render::widgets::TEXT,
                )
            })
            .collect();
        crate::render::widgets::panel(
            &mut crate::render::Target::new(&mut pm),
            &mut renderer.text,
            6.0,
            6.0,
            &lines,
            14.0,
        );
        image::to_0rgb(&pm, &mut buf);
    });
    let out = std::env::temp_dir().join("physbox-render-bench.png");
    image::save_png(&pm, &out)?;
    Ok(format!(
        "render bench: {n} bodies ({drawn} shapes drawn) at {WIDTH}x{HEIGHT}, {FRAMES} frames\n  \
         world (bodies, fast path): median {world_med:.2} ms, best {world_best:.2} ms, CPU {world_cpu:.2} ms per frame\n  \
         frame (world + HUD text + window buffer): median {full_med:.2} ms, best {full_best:.2} ms, CPU {full_cpu:.2} ms per frame\n  \
         target: <= 8 ms; last frame saved to {}",
        out.display()
    ))
}

//! The window's frame loop (DESIGN.md §2): input → keys and mouse tools →
//! fixed steps for the real time that passed (clamped) → draw with
//! interpolation → show → sleep until the next frame. A frame with nothing
//! new to show (paused, no input) is not redrawn, so an idle sandbox costs
//! almost nothing.

use super::keys::keys;
use super::mouse::mouse;
use super::picture;
use super::sandbox::Sandbox;
use crate::app::reload::apply::poll_window;
use crate::app::reload::reloader::Reloader;
use crate::app::reload::timing::latency_line;
use crate::platform::{Input, Window};
use crate::render::image;
use crate::script::{SceneError, SceneOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub enum WindowError {
    /// No window could be opened (no X server, missing libraries).
    NoWindow(String),
    /// The scene failed to load.
    Scene(SceneError),
}

const WIDTH: usize = 1280;
const HEIGHT: usize = 720;
/// Frame period: the display rate the loop aims at.
const FRAME: Duration = Duration::from_nanos(16_666_667);

/// Where the no-display fallback writes its picture.
pub fn headless_shot_path(scene: &Path) -> PathBuf {
    let stem = scene
        .file_stem()
        .map_or("scene".into(), |s| s.to_string_lossy().into_owned());
    PathBuf::from("screenshots").join(format!("{stem}-headless.png"))
}

fn title(sb: &Sandbox) -> String {
    format!("physbox — {}", crate::app::view::caption(sb.scene()))
}

/// Did anything happen that changes the picture?
fn input_changed(a: &Input, b: &Input) -> bool {
    !a.pressed.is_empty()
        || !a.released.is_empty()
        || a.wheel != 0.0
        || a.mouse != b.mouse
        || a.left != b.left
        || a.right != b.right
        || a.middle != b.middle
        || !a.down.is_empty()
}

pub fn run(path: &Path, options: &SceneOptions, history_mib: usize) -> Result<(), WindowError> {
    // The window first: without one the caller runs the scene headless,
    // and the scene is loaded only once.
    let mut window = Window::open("physbox", WIDTH, HEIGHT).map_err(WindowError::NoWindow)?;
    // A scene that fails to load opens anyway, empty, with its error on
    // screen: fix the file and press R.
    let mut sb = match Sandbox::open(path, options, WIDTH as u32, HEIGHT as u32) {
        Ok(sb) => sb,
        Err(e) => Sandbox::broken(path, options, e, WIDTH as u32, HEIGHT as u32)
            .map_err(WindowError::Scene)?,
    };
    sb.travel_mut().set_budget(history_mib);
    window.set_title(&title(&sb));
    // Hot reload: settled saves arrive here and are applied between frames.
    let mut reloader = Reloader::new(sb.scene());
    if let Some(why) = reloader.problem() {
        eprintln!("physbox: hot reload is off: {why}");
    }
    let mut pm = crate::render::pixmap(WIDTH as u32, HEIGHT as u32);
    let mut buffer: Vec<u32> = Vec::new();
    let mut last = Instant::now();
    let mut last_title = Instant::now();
    let mut prev_input = Input::default();
    let mut dirty = true;
    while window.is_open() {
        let frame_start = Instant::now();
        let (w, h) = window.size();
        let (w, h) = (w.max(1) as u32, h.max(1) as u32);
        if w != pm.width() || h != pm.height() {
            pm = crate::render::pixmap(w, h);
            dirty = true;
        }
        let input = window.input();
        if input_changed(&input, &prev_input) {
            dirty = true;
        }
        if poll_window(&mut sb, &mut reloader) {
            // The new version is drawn before it steps: the time the
            // reload took is not simulated in this frame.
            dirty = true;
            last = Instant::now();
        }
        keys(&mut sb, &input, &pm);
        mouse(&mut sb, &input);
        let real = last.elapsed().as_secs_f64();
        last = Instant::now();
        let was_paused = sb.is_paused();
        sb.advance(real);
        if !was_paused || !sb.is_paused() || sb.notice().is_some() {
            dirty = true;
        }
        if dirty {
            let t = Instant::now();
            picture::draw(&mut sb, &mut pm);
            image::to_0rgb(&pm, &mut buffer);
            if let Err(e) = window.present(&buffer, pm.width() as usize, pm.height() as usize) {
                eprintln!("physbox: window: {e}");
                break;
            }
            sb.record_frame_time(t.elapsed().as_secs_f64() * 1e3);
            if let Some(timing) = sb.take_reload_frame() {
                let line = latency_line(&timing, t.elapsed());
                println!("physbox: reload {line}");
            }
            dirty = false;
        } else {
            window.pump();
        }
        if last_title.elapsed() > Duration::from_millis(500) {
            window.set_title(&title(&sb));
            last_title = Instant::now();
        }
        prev_input = input;
        // Sleep, don't spin, until the next frame is due (or a save).
        if let Some(rest) = FRAME.checked_sub(frame_start.elapsed()) {
            reloader.sleep(rest);
        }
    }
    Ok(())
}

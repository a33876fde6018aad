//! F12 and F5: the picture on screen as a PNG and the running world as a
//! snapshot file, in the sandbox's output folder, named after the scene and
//! the simulated time ("rain-12.50s.png"; "-2", "-3", ... if taken).

use super::sandbox::Sandbox;
use crate::app::commands::snapshot;
use crate::render::Pixmap;

/// F12: save the picture on screen.
pub fn screenshot(sb: &mut Sandbox, pm: &Pixmap) {
    let path = sb.out_dir().join(file_name(sb, "png"));
    match crate::render::image::save_png(pm, &path) {
        Ok(()) => sb.say(format!("screenshot saved: {}", path.display())),
        Err(e) => sb.say(e),
    }
}

/// F5: save the running world.
pub fn snapshot(sb: &mut Sandbox) {
    let path = sb.out_dir().join(file_name(sb, "json"));
    match snapshot::save(sb.scene(), &path) {
        Ok(()) => sb.say(format!(
            "snapshot saved: {} (open it with: physbox {})",
            path.display(),
            path.display()
        )),
        Err(e) => sb.say(e),
    }
}

/// "rain-12.50s.png": the scene's name and the simulated time, numbered
/// when a file of that name is there already.
fn file_name(sb: &Sandbox, ext: &str) -> String {
    let scene = sb.scene();
    let stem = scene
        .path()
        .file_stem()
        .map_or("scene".into(), |s| s.to_string_lossy().into_owned());
    let time = scene.world().time();
    let mut name = format!("{stem}-{time:.2}s.{ext}");
    let mut n = 2;
    while sb.out_dir().join(&name).exists() {
        name = format!("{stem}-{time:.2}s-{n}.{ext}");
        n += 1;
    }
    name
}

//! The window's keys for one frame: the picker takes them while it is open,
//! then edit mode and O (`edit_input.rs`), then puzzles (`puzzle_input.rs`), then the key table (`bindings.rs`);
//! every other key goes to the scene (`on_key`, `key_down`), and arrows pan
//! while held unless the scene takes them.

use super::bindings::{action_of, Action};
use super::edit_input;
use super::puzzle_input;
use super::sandbox::Sandbox;
use super::saves;
use crate::physics::WorldSettings;
use crate::platform::Input;
use crate::render::{Layer, Pixmap};

/// Keys for one frame.
pub fn keys(sb: &mut Sandbox, input: &Input, pm: &Pixmap) {
    for key in &input.pressed {
        if sb.panels().picker().is_some() {
            sb.picker_key(key);
            continue;
        }
        if edit_input::key(sb, key, input) || puzzle_input::key(sb, key) {
            continue;
        }
        match action_of(key) {
            Some(a) if a != Action::Puzzle => act(sb, a, input, pm),
            // Everything else is the scene's. (Without an `on_key` this
            // only records the key for `key_down`, and arrows pan.)
            _ => sb.scene_key(key, true),
        }
    }
    for key in &input.released {
        let scenes = matches!(action_of(key), None | Some(Action::Puzzle));
        if scenes && sb.panels().picker().is_none() && !sb.world_frozen() {
            sb.scene_key(key, false);
        }
    }
    // Arrows pan while held, when the scene does not take them.
    if sb.panels().picker().is_none() && !sb.scene().has_callback("on_key") {
        let px = 8.0;
        for (k, dx, dy) in [
            ("left", px, 0.0),
            ("right", -px, 0.0),
            ("up", 0.0, px),
            ("down", 0.0, -px),
        ] {
            if input.is_down(k) {
                sb.pan(dx, dy);
            }
        }
    }
}

/// A change to the world's solver settings (substeps, contact stiffness).
fn tune(sb: &mut Sandbox, f: impl FnOnce(&mut WorldSettings)) {
    f(&mut sb.scene_mut().sim_mut().world_mut().settings);
}

fn act(sb: &mut Sandbox, a: Action, input: &Input, pm: &Pixmap) {
    match a {
        Action::Help => sb.toggle_help(),
        Action::Pause => sb.toggle_pause(),
        Action::Step => sb.single_step(),
        Action::Restart => sb.restart(),
        Action::Slower => sb.set_speed(sb.speed() * 0.5),
        Action::Faster => sb.set_speed(sb.speed() * 2.0),
        Action::RealTime => sb.set_speed(1.0),
        Action::Screenshot => saves::screenshot(sb, pm),
        Action::Snapshot => saves::snapshot(sb),
        Action::Picker => sb.open_picker(),
        Action::Hud => sb.toggle_hud(),
        Action::Delete => {
            let at = sb.mouse_world(input).and_then(|p| sb.body_at(p));
            if let Some(id) = at.or(sb.tools().selected()) {
                sb.delete_body(id);
            }
        }
        Action::SubstepsDown => tune(sb, |s| s.substeps = s.substeps.saturating_sub(1).max(1)),
        Action::SubstepsUp => tune(sb, |s| s.substeps = (s.substeps + 1).min(64)),
        Action::SofterContacts => tune(sb, |s| s.contact_hertz = (s.contact_hertz / 1.25).max(1.0)),
        Action::StifferContacts => tune(sb, |s| {
            s.contact_hertz = (s.contact_hertz * 1.25).min(240.0)
        }),
        Action::LayerAabbs => sb.toggle_layer(Layer::Aabbs),
        Action::LayerContacts => sb.toggle_layer(Layer::Contacts),
        Action::LayerVelocities => sb.toggle_layer(Layer::Velocities),
        Action::LayerCenters => sb.toggle_layer(Layer::CentersOfMass),
        Action::LayerIslands => sb.toggle_layer(Layer::Islands),
        Action::LayerJointAnchors => sb.toggle_layer(Layer::JointAnchors),
        Action::ReloadMode => sb.toggle_reload_mode(),
        Action::Escape => sb.escape(),
        Action::Puzzle => {}
    }
}

//! The window's keys for one frame: the picker takes them while it is open,
//! then edit mode and O (`edit_input.rs`); otherwise the key table
//! (`bindings.rs`) decides, given what the scene takes and what is showing
//! (a puzzle building or won). Every other key goes to the scene (`on_key`,
//! `key_down`) — except in a puzzle's build mode, where the world is frozen
//! and a key would be in no solution.

use super::bindings::{chord, resolve, Action};
use super::edit_input;
use super::puzzle_input;
use super::sandbox::Sandbox;
use super::saves;
use super::time_keys;
use crate::physics::WorldSettings;
use crate::platform::Input;
use crate::render::{Layer, Pixmap};

/// Pixels the view moves per frame while an arrow is held.
const PAN_PER_FRAME: f32 = 8.0;

/// Keys for one frame.
pub fn keys(sb: &mut Sandbox, input: &Input, pm: &Pixmap) {
    for key in &input.pressed {
        if sb.panels().picker().is_some() {
            sb.picker_key(key);
            continue;
        }
        if edit_input::key(sb, key, input) {
            continue;
        }
        let c = super::bindings::context(sb);
        let name = chord(key, &input.down);
        let taken = |k: &str| sb.scene_takes(k);
        match resolve(&name, key, &taken, c).map(|b| b.action) {
            Some(a) => act(sb, a, input, pm),
            None if c.building => {}
            // (Without an `on_key` this only records the key for `key_down`.)
            None => sb.scene_key(key, true),
        }
    }
    for key in &input.released {
        if sb.scene().key_held(key) {
            sb.scene_key(key, false);
        }
    }
    // Arrows pan while held, unless the scene takes them (then Ctrl + arrows).
    if sb.panels().picker().is_none() {
        let c = super::bindings::context(sb);
        for (k, dx, dy) in [
            ("left", PAN_PER_FRAME, 0.0),
            ("right", -PAN_PER_FRAME, 0.0),
            ("up", 0.0, PAN_PER_FRAME),
            ("down", 0.0, -PAN_PER_FRAME),
        ] {
            let taken = |k: &str| sb.scene_takes(k);
            let pans = input.is_down(k)
                && resolve(&chord(k, &input.down), k, &taken, c)
                    .is_some_and(|b| b.action == Action::Pan);
            if pans {
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
        Action::Step => time_keys::step_forward(sb),
        Action::StepBack => time_keys::step_back(sb),
        Action::TimelineStart => time_keys::to_start(sb),
        Action::TimelineEnd => time_keys::to_end(sb),
        Action::Ghost => time_keys::toggle_ghost(sb),
        Action::Restart => sb.restart(),
        Action::Slower => sb.set_speed(sb.speed() * 0.5),
        Action::Faster => sb.set_speed(sb.speed() * 2.0),
        Action::RealTime => sb.set_speed(1.0),
        Action::Follow => sb.follow_again(),
        Action::Screenshot => saves::screenshot(sb, pm),
        Action::Snapshot => saves::snapshot(sb),
        Action::Picker => sb.open_picker(),
        Action::Hud => sb.cycle_hud(),
        Action::Delete if sb.build_mode().is_some() => puzzle_input::delete(sb),
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
        // Held, not pressed: see the end of `keys`.
        Action::Pan => {}
        Action::Start => sb.start_puzzle(),
        Action::Reset => sb.reset_puzzle(),
        Action::NextLevel => puzzle_input::next_level(sb),
        Action::TurnLeft => puzzle_input::turn(sb, true),
        Action::TurnRight => puzzle_input::turn(sb, false),
        Action::SaveSolution => sb.save_solution(),
    }
}

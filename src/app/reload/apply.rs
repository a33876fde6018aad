//! Hot reload in the window: between frames, a settled change is loaded
//! (`Reloader::handle`), carries over what it keeps (`carry.rs`) and takes
//! over the sandbox; a failed reload shows its error over the old scene,
//! which keeps running.

use super::carry::{carry_over, reloaded_text};
use super::mode::ReloadMode;
use super::reloader::{back_text, deleted_text, failed_text, ReloadAttempt, Reloader};
use super::timing::Timing;
use crate::app::window::sandbox::Sandbox;
use std::time::Instant;

/// Apply settled changes to the sandbox; true when one arrived.
pub fn poll_window(sb: &mut Sandbox, r: &mut Reloader) -> bool {
    r.follow(sb.scene());
    let Some(change) = r.poll() else {
        return false;
    };
    let (back, attempt) = r.handle(&change, sb.scene(), sb.options());
    if back {
        println!("physbox: {}", back_text(sb.scene().path()));
    }
    if let Some(attempt) = attempt {
        apply(sb, attempt);
    }
    true
}

/// Put a reload attempt into the sandbox: the new version takes over, or the
/// error shows while the old scene runs on. The timing of a version that
/// took over, carrying over included.
pub fn apply(sb: &mut Sandbox, attempt: ReloadAttempt) -> Option<Timing> {
    match attempt {
        // Replay mode (not in a puzzle's build mode, whose world is frozen):
        // the new version from step 0 with the inputs so far.
        ReloadAttempt::Loaded { scene, timing }
            if sb.reload_mode() == ReloadMode::Replay && !sb.world_frozen() =>
        {
            sb.start_replay(*scene);
            Some(timing)
        }
        ReloadAttempt::Loaded { mut scene, timing } => {
            let t = Instant::now();
            let carried = carry_over(sb.scene(), &mut scene, sb.reload_mode(), sb.build_mode());
            let timing = Timing {
                reconcile: t.elapsed(),
                ..timing
            };
            let text = reloaded_text(&carried, &timing);
            sb.take_reloaded(*scene, carried, timing, text);
            Some(timing)
        }
        ReloadAttempt::Failed(e) => {
            eprintln!("physbox: {}", failed_text(&e));
            stop_waiting_for_the_edit(sb);
            sb.show_reload_error(e.to_string());
            None
        }
        ReloadAttempt::Deleted => {
            let text = deleted_text(sb.scene().path());
            eprintln!("physbox: {text}");
            stop_waiting_for_the_edit(sb);
            sb.show_reload_error(format!("{text}; it reloads when the file is back."));
            None
        }
    }
}

/// The reload an edit mode write waits for will not come: stop waiting, so
/// Ctrl+Z can take the edit back (it said "still reloading" for good).
fn stop_waiting_for_the_edit(sb: &mut Sandbox) {
    if let Some((edit, _)) = sb.edit_parts() {
        edit.reload_failed();
    }
}

//! What a freshly loaded version of the scene takes over from the running
//! one, by reload mode: keep state carries the live bodies (`reconcile.rs`);
//! restart carries nothing.

use super::mode::ReloadMode;
use super::reconcile::{self, Remap, Tally};
use super::timing::{ms, Timing};
use crate::script::Scene;

pub enum Carried {
    /// Matched bodies kept their live state; `remap` says which old body
    /// each surviving one became.
    State { tally: Tally, remap: Remap },
    /// The new version from its start.
    Restarted,
}

/// Carry into `new` (just loaded, not stepped) what it keeps of `old`.
pub fn carry_over(old: &Scene, new: &mut Scene, mode: ReloadMode) -> Carried {
    if mode == ReloadMode::Restart {
        return Carried::Restarted;
    }
    let (tally, remap) = reconcile::keep_state(old, new);
    Carried::State { tally, remap }
}

/// The `--watch` line / toast for a reload that took over.
pub fn reloaded_text(carried: &Carried, timing: &Timing) -> String {
    let what = match carried {
        Carried::State { tally, .. } => tally.to_string(),
        Carried::Restarted => "restarted".to_string(),
    };
    format!("reloaded in {} ms — {what}", ms(timing.build()))
}

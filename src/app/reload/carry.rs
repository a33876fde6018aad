//! What a freshly loaded version of the scene takes over from the running
//! one, by reload mode: keep state carries the live bodies (`reconcile.rs`);
//! restart carries nothing; and a puzzle level in keep-state mode carries
//! the player's parts, placed again into the new version in build mode (the
//! world Reset builds and `physbox verify` replays), not the live state.

use super::mode::ReloadMode;
use super::reconcile::{self, Remap, Tally};
use super::timing::{ms, Timing};
use crate::app::puzzle::build_mode::BuildMode;
use crate::script::Scene;

pub enum Carried {
    /// Matched bodies kept their live state; `remap` says which old body
    /// each surviving one became.
    State { tally: Tally, remap: Remap },
    /// The new version from its start.
    Restarted,
    /// A puzzle level: back in build mode with the player's parts placed
    /// again, and the reasons of those that no longer fit.
    Parts {
        build: BuildMode,
        refused: Vec<String>,
    },
}

/// Carry into `new` (just loaded, not stepped) what it keeps of `old`.
/// `puzzle`: the running level's build mode, if it is a puzzle.
pub fn carry_over(
    old: &Scene,
    new: &mut Scene,
    mode: ReloadMode,
    puzzle: Option<&BuildMode>,
) -> Carried {
    if mode == ReloadMode::Restart {
        return Carried::Restarted;
    }
    if let Some(running) = puzzle {
        if let (Some(build), refused) = running.placed_again_in(new) {
            return Carried::Parts { build, refused };
        }
    }
    let (tally, remap) = reconcile::keep_state(old, new);
    Carried::State { tally, remap }
}

/// The `--watch` line / toast for a reload that took over.
pub fn reloaded_text(carried: &Carried, timing: &Timing) -> String {
    let what = match carried {
        Carried::State { tally, .. } => tally.to_string(),
        Carried::Restarted => "restarted".to_string(),
        Carried::Parts { build, refused } => {
            let n = build.puzzle().parts().len();
            let s = if n == 1 { "" } else { "s" };
            let mut text = format!("build mode, {n} part{s} placed again");
            // Why the others are back in the bin (the first reason).
            if let Some(e) = refused.first() {
                let k = refused.len();
                let which = if k == 1 {
                    "a part".to_string()
                } else {
                    format!("{k} parts")
                };
                text.push_str(&format!("; {which} could not go back: {e}"));
            }
            text
        }
    };
    format!("reloaded in {} ms — {what}", ms(timing.build()))
}

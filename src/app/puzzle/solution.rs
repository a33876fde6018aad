//! Solution files: the parts a player placed and what they did after Start
//! — an input log (`app/history/input_log.rs`) whose steps count from
//! Start: keys and clicks given to the scene — as JSON, so `physbox verify`
//! can replay them. (The field is called `keys` because solutions held
//! only key presses before the input log existed; those files are input
//! logs as they are.) A solution names its level twice over — the file name and
//! a hash of the level's source — so one saved for another level is caught
//! while a level renamed, or edited since, can still be checked.

use super::parts::Part;
use crate::app::history::entry_errors::first_bad_entry;
use crate::app::history::input_log::{self, Entry};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// Steps `verify` runs when a solution does not say (60 s at 60 Hz).
pub const DEFAULT_MAX_STEPS: u64 = 3600;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Solution {
    /// The level's path as saved (only its file name is compared).
    pub level: String,
    /// `level_hash` of the level's source when the solution was saved;
    /// may be left out of a hand-written solution (empty: a note, not an
    /// error).
    #[serde(default)]
    pub level_hash: String,
    #[serde(default)]
    pub parts: Vec<Part>,
    /// What the player did after Start (steps counted from Start).
    #[serde(default)]
    pub keys: Vec<Entry>,
    #[serde(default = "default_max_steps")]
    pub max_steps: u64,
}

fn default_max_steps() -> u64 {
    DEFAULT_MAX_STEPS
}

/// FNV-1a (64-bit) of the level's source: stable across Rust versions and
/// machines, unlike `std`'s hasher.
pub fn level_hash(source: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in source {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}

fn read_level(level: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(level).map_err(|e| format!("{}: cannot read the level: {e}", level.display()))
}

fn file_name(p: &str) -> String {
    Path::new(p)
        .file_name()
        .map_or(p.to_string(), |n| n.to_string_lossy().into_owned())
}

impl Solution {
    /// A solution of the level at `level` (its source is read for the hash).
    pub fn for_level(
        level: &Path,
        parts: Vec<Part>,
        keys: Vec<Entry>,
        max_steps: u64,
    ) -> Result<Solution, String> {
        let source = read_level(level)?;
        Ok(Solution {
            level: crate::script::scene::shown_path(level).replace('\\', "/"),
            level_hash: level_hash(&source),
            parts,
            keys,
            max_steps,
        })
    }

    /// Read a solution file; malformed JSON is reported with its line and
    /// column.
    pub fn load(path: &Path) -> Result<Solution, String> {
        let shown = path.display();
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{shown}: cannot read the solution: {e}"))?;
        // Editors on Windows may save UTF-8 with a byte order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let sol: Solution = serde_json::from_str(text).map_err(|e| {
            let msg = e.to_string();
            // serde_json appends " at line L column C"; put it up front.
            let mut msg = msg
                .rsplit_once(" at line ")
                .map_or(msg.as_str(), |(m, _)| m)
                .to_string();
            // An entry of `keys` matching no action: say what it lacks.
            if msg.contains("untagged enum Action") {
                let keys = serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|v| first_bad_entry(&v["keys"], input_log::reads_entry));
                if let Some(why) = keys {
                    msg = format!("keys: {why}");
                }
            }
            format!(
                "{shown}:{}:{}: not a valid solution: {msg}",
                e.line(),
                e.column()
            )
        })?;
        for (i, p) in sol.parts.iter().enumerate() {
            p.check()
                .map_err(|m| format!("{shown}: parts[{i}] ({}): {m}", p.kind.name()))?;
        }
        input_log::check(&sol.keys, &shown.to_string())?;
        Ok(sol)
    }

    pub fn save(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }

    /// Is this a solution of `level`? Err for a solution of another level
    /// (different name and different source). A note (Ok(Some)) when only
    /// one of the two differs: the level was renamed, or edited since.
    pub fn check_level(&self, level: &Path) -> Result<Option<String>, String> {
        let hash = level_hash(&read_level(level)?);
        let name = level
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        let same_name = file_name(&self.level) == name;
        if self.level_hash.is_empty() {
            return if same_name {
                Ok(Some(format!(
                    "note: the solution has no level_hash (written by hand?); replaying it against {name} as it is now ({hash})"
                )))
            } else {
                Err(format!(
                    "this solution is for another level: it names {}, not {name} (and has no level_hash to compare)",
                    self.level
                ))
            };
        }
        let same_source = self.level_hash == hash;
        match (same_name, same_source) {
            (true, true) => Ok(None),
            (false, false) => Err(format!(
                "this solution is for another level: it was saved for {} ({}), not {} ({hash})",
                self.level,
                self.level_hash,
                crate::script::scene::shown_path(level)
            )),
            (true, false) => Ok(Some(format!(
                "note: {name} has changed since this solution was saved; replaying it anyway"
            ))),
            (false, true) => Ok(Some(format!(
                "note: the solution names {}, but {name} has the same source; replaying it",
                self.level
            ))),
        }
    }
}

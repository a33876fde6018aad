//! How a reload treats the running world: keep state (the default),
//! restart, or replay. F10 cycles through the three in the window;
//! `--restart` / `--replay` pick one for `run --headless --watch`.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReloadMode {
    /// Match bodies and keep their live state unless the file moved them.
    #[default]
    KeepState,
    /// The new scene from its start (what `R` always does).
    Restart,
    /// The new version from step 0 with the recorded inputs up to the
    /// current step: as if the file had always said this.
    Replay,
}

impl ReloadMode {
    pub fn label(self) -> &'static str {
        match self {
            ReloadMode::KeepState => "keep state",
            ReloadMode::Restart => "restart",
            ReloadMode::Replay => "replay",
        }
    }

    /// The next mode F10 goes to.
    pub fn toggled(self) -> ReloadMode {
        match self {
            ReloadMode::KeepState => ReloadMode::Restart,
            ReloadMode::Restart => ReloadMode::Replay,
            ReloadMode::Replay => ReloadMode::KeepState,
        }
    }
}

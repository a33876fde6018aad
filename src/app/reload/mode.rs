//! How a reload treats the running world: keep state (the default) or
//! restart. F10 switches it in the window; `--restart` picks it for
//! `run --headless --watch`.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReloadMode {
    /// Match bodies and keep their live state unless the file moved them.
    #[default]
    KeepState,
    /// The new scene from its start (what `R` always does).
    Restart,
}

impl ReloadMode {
    pub fn label(self) -> &'static str {
        match self {
            ReloadMode::KeepState => "keep state",
            ReloadMode::Restart => "restart",
        }
    }

    pub fn toggled(self) -> ReloadMode {
        match self {
            ReloadMode::KeepState => ReloadMode::Restart,
            ReloadMode::Restart => ReloadMode::KeepState,
        }
    }
}

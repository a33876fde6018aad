//! The error box over the scene, and where its error came from: a script
//! error pauses the simulation until Space or R; a failed hot reload leaves
//! the last good version running under it until a good save clears it.

/// The error on screen, if any.
#[derive(Clone, Debug, Default)]
pub struct ErrorBanner {
    text: Option<String>,
    /// The error came from a reload (the old scene still runs), not from the
    /// running scene's callbacks (which pause it).
    from_reload: bool,
    /// A script error had paused the scene before a reload failed: the
    /// next good reload runs it again. Cleared only by a good reload.
    script_error_paused: bool,
}

impl ErrorBanner {
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Is the error on screen a failed reload's?
    pub fn is_reload_failure(&self) -> bool {
        self.text.is_some() && self.from_reload
    }

    /// A script error (a callback or `draw` failed); the caller pauses.
    pub fn script_error(&mut self, text: String) {
        self.text = Some(text);
        self.from_reload = false;
    }

    /// A reload failed; `paused`: whether the sandbox is paused now.
    pub fn reload_failed(&mut self, text: String, paused: bool) {
        if self.text.is_some() && !self.from_reload && paused {
            self.script_error_paused = true;
        }
        self.text = Some(text);
        self.from_reload = true;
    }

    /// A good reload clears the box. True when the error it cleared had
    /// paused the scene (a script error, now or before a failed reload):
    /// the new version runs.
    pub fn cleared_by_reload(&mut self) -> bool {
        let run = self.text.is_some() && (!self.from_reload || self.script_error_paused);
        self.text = None;
        self.from_reload = false;
        self.script_error_paused = false;
        run
    }

    /// Another scene opened, or Space carries on: nothing on screen.
    pub fn clear(&mut self) {
        self.text = None;
        self.from_reload = false;
    }
}

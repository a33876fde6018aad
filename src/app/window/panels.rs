//! What can be shown over the scene besides the error box: the HUD (F8:
//! compact, full, off), the help (F1), the scene picker (Tab) and a
//! short-lived notice ("saved …").

use super::picker::Picker;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a notice stays on screen.
const NOTICE_FOR: Duration = Duration::from_secs(4);

/// How much of the HUD shows (F8 cycles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HudMode {
    /// One line: the scene, time, the step and frame times, what is paused
    /// or moved.
    #[default]
    Compact,
    /// Every line: counts, speed, solver settings, layers, reload mode.
    Full,
    Off,
}

pub struct Panels {
    hud: HudMode,
    help: bool,
    picker: Option<Picker>,
    notice: Option<(String, Instant)>,
}

impl Default for Panels {
    fn default() -> Self {
        Panels {
            hud: HudMode::Compact,
            help: false,
            picker: None,
            notice: None,
        }
    }
}

impl Panels {
    pub fn hud(&self) -> HudMode {
        self.hud
    }

    /// F8: compact → full → off → compact.
    pub fn cycle_hud(&mut self) {
        self.hud = match self.hud {
            HudMode::Compact => HudMode::Full,
            HudMode::Full => HudMode::Off,
            HudMode::Off => HudMode::Compact,
        };
    }

    pub fn help_shown(&self) -> bool {
        self.help
    }

    pub fn toggle_help(&mut self) {
        self.help = !self.help;
    }

    pub fn close_help(&mut self) {
        self.help = false;
    }

    pub fn picker(&self) -> Option<&Picker> {
        self.picker.as_ref()
    }

    /// Tab: list the scenes beside `current`.
    pub fn open_picker(&mut self, current: &Path) {
        self.picker = Some(Picker::new(current));
    }

    /// A key while the picker is open: the scene to open (Enter), if any.
    /// Enter, Esc and Tab close it.
    pub fn picker_key(&mut self, key: &str) -> Option<PathBuf> {
        let picker = self.picker.as_mut()?;
        let open = picker.key(key);
        if open.is_some() || key == "escape" || key == "tab" {
            self.picker = None;
        }
        open
    }

    /// Show `text` for a few seconds.
    pub fn notify(&mut self, text: String) {
        self.notice = Some((text, Instant::now()));
    }

    /// The notice kept to show (it may have run out; the next frame drawn
    /// drops it).
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_ref().map(|(t, _)| t.as_str())
    }

    /// The notice to draw now; one that ran out is dropped.
    pub fn notice_to_draw(&mut self) -> Option<String> {
        match &self.notice {
            Some((text, at)) if at.elapsed() < NOTICE_FOR => Some(text.clone()),
            _ => {
                self.notice = None;
                None
            }
        }
    }
}

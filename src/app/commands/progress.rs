//! A one-line progress bar on stderr for long headless runs, drawn only when
//! stderr is a terminal (never in logs or tests).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    total: u64,
    enabled: bool,
    last_draw: Instant,
}

/// Runs shorter than this never show a bar.
const MIN_STEPS: u64 = 1200;
const REDRAW: Duration = Duration::from_millis(100);

impl Progress {
    pub fn new(total: u64) -> Progress {
        Progress {
            total,
            enabled: total >= MIN_STEPS && std::io::stderr().is_terminal(),
            last_draw: Instant::now(),
        }
    }

    pub fn update(&mut self, done: u64) {
        if !self.enabled || self.last_draw.elapsed() < REDRAW {
            return;
        }
        self.last_draw = Instant::now();
        let width = 30;
        let filled = (done * width / self.total.max(1)) as usize;
        let bar: String = "#".repeat(filled) + &" ".repeat(width as usize - filled);
        eprint!("\r[{bar}] {done}/{} steps", self.total);
        let _ = std::io::stderr().flush();
    }

    pub fn finish(&mut self) {
        if self.enabled {
            eprint!("\r{}\r", " ".repeat(60));
            let _ = std::io::stderr().flush();
        }
    }
}

//! Where a reload's time went, from the save's first file event to the
//! first frame of the new version, and the one line that reports it.

use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The save burst's first file event.
    pub first_event: Instant,
    /// First event → burst declared over.
    pub debounce: Duration,
    /// Running the file into a fresh Lua state and world.
    pub load: Duration,
    /// Carrying over what the new version keeps of the running one (the
    /// live state, or a puzzle's parts).
    pub reconcile: Duration,
}

impl Timing {
    /// Load plus reconcile: "reloaded in N ms".
    pub fn build(&self) -> Duration {
        self.load + self.reconcile
    }
}

/// Milliseconds, rounded, as the reload lines show them.
pub fn ms(d: Duration) -> String {
    format!("{:.0}", d.as_secs_f64() * 1e3)
}

/// One line about a reload's latency, the first frame included.
pub fn latency_line(t: &Timing, first_frame: Duration) -> String {
    format!(
        "save→frame {} ms (debounce {} ms, load {} ms, reconcile {} ms, first frame {} ms)",
        ms(t.first_event.elapsed()),
        ms(t.debounce),
        ms(t.load),
        ms(t.reconcile),
        ms(first_frame)
    )
}

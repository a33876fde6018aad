//! Where the last step's time went, stage by stage (wall-clock
//! milliseconds, like Box2D's `b2Profile`), so the HUD can show it and the
//! benchmark can compare stages with a peer engine. Reading the clock a
//! dozen times per step costs well under a microsecond.

use std::time::Instant;

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepProfile {
    /// The whole step.
    pub step: f64,
    /// New pairs from the broad phase (with the stages before it: the
    /// contacts' order, seams, sensor memory, waking joined sleepers).
    pub pairs: f64,
    /// Narrow phase: manifolds of the awake contacts.
    pub collide: f64,
    /// Solver bodies, joints, islands, colouring and contact preparation
    /// (the sum of the three `setup_` parts below).
    pub solver_setup: f64,
    /// Of `solver_setup`: the bodies' and joints' solver records.
    pub setup_bodies: f64,
    /// Of `solver_setup`: the links, islands, their needs, the solve order
    /// and the constraints' places (`solver/islands.rs`); nearly nothing
    /// when the links are last step's (a resting pile).
    pub setup_islands: f64,
    /// Of `solver_setup`: the contacts' constraints
    /// (`solver/contact_setup.rs`), what Box2D's `prepareConstraints` does.
    pub setup_contacts: f64,
    /// The substeps: integrate, warm start, solve, relax.
    pub substeps: f64,
    /// Restitution, impulses back into the manifolds and joints, breaking
    /// joints, RK4 for free bodies.
    pub finish: f64,
    /// Velocities and positions back into the bodies (with their rest
    /// timers), continuous collision, broad-phase update.
    pub write_back: f64,
    /// Islands put to sleep.
    pub sleep: f64,
    /// Begin/end and sensor events.
    pub events: f64,
    /// Contacts whose manifold the narrow phase computed this step.
    pub manifolds_computed: u64,
    /// Contacts whose manifold was kept (the bodies had hardly moved:
    /// `world/manifold_reuse.rs`).
    pub manifolds_kept: u64,
}

impl StepProfile {
    /// Add another step's times (for averages over many steps).
    pub fn accumulate(&mut self, o: &StepProfile) {
        self.combine_times(o, |mine, theirs| mine + theirs);
        self.manifolds_computed += o.manifolds_computed;
        self.manifolds_kept += o.manifolds_kept;
    }

    /// Every time multiplied by `k` (a sum over steps times 1/steps is
    /// their mean); the counts stay as they are.
    pub fn scaled(&self, k: f64) -> StepProfile {
        let mut p = *self;
        p.combine_times(self, |_, t| t * k);
        p
    }

    /// Each stage time set to `f(its own, the same stage of o)`: sums,
    /// means and smoothing (the window's HUD) go through here, so a stage
    /// added to the struct is added once, in `times_mut`.
    pub fn combine_times(&mut self, o: &StepProfile, f: impl Fn(f64, f64) -> f64) {
        let mut theirs = *o;
        for (mine, t) in self.times_mut().into_iter().zip(theirs.times_mut()) {
            *mine = f(*mine, *t);
        }
    }

    fn times_mut(&mut self) -> [&mut f64; 12] {
        [
            &mut self.step,
            &mut self.pairs,
            &mut self.collide,
            &mut self.solver_setup,
            &mut self.setup_bodies,
            &mut self.setup_islands,
            &mut self.setup_contacts,
            &mut self.substeps,
            &mut self.finish,
            &mut self.write_back,
            &mut self.sleep,
            &mut self.events,
        ]
    }
}

/// Laps of a running clock.
pub(crate) struct Stopwatch {
    start: Instant,
    last: Instant,
}

impl Stopwatch {
    pub fn start() -> Stopwatch {
        let now = Instant::now();
        Stopwatch {
            start: now,
            last: now,
        }
    }

    /// Milliseconds since the previous lap.
    pub fn lap(&mut self) -> f64 {
        let now = Instant::now();
        let ms = (now - self.last).as_secs_f64() * 1e3;
        self.last = now;
        ms
    }

    /// Milliseconds since the start.
    pub fn total(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1e3
    }
}

//! Room `world`: the `World` that owns every body, shape, contact and joint,
//! the broad phase, the sleeping islands and the last step's events; its
//! methods grouped by concern in the files below; the step in `step/`.
//!
//! - records: `body.rs` (`Body`, `Shape` and their defs), `contact.rs`,
//!   `id.rs` (generational ids, `Arena`), `events.rs`,
//!   `contact_head.rs` (what the narrow phase reads of every contact),
//!   `sleeping_islands.rs`, `hash.rs`, `profile.rs`;
//! - `World`'s methods: `bodies.rs`, `shapes.rs` (and `body_mass.rs`),
//!   `joints.rs`, `ropes.rs` (and `rope_damping.rs`), `contacts.rs` (and
//!   `contact_order.rs`), `wake.rs`, `queries.rs`,
//!   `snapshot.rs`, `debug_draw.rs`; this file has the struct and the clock;
//! - `check_restored.rs`, `check_joints.rs`: a world read from a file checked
//!   (and its derived parts rebuilt) before use;
//! - `stale.rs`: the caches of the step an edit can make stale, behind one
//!   method per kind of edit;
//! - `step/`: `World::step`, stage by stage.

mod bodies;
pub(crate) mod body;
mod body_mass;
mod check_joints;
mod check_restored;
mod clock;
pub(crate) mod contact;
pub(crate) mod contact_head;
mod contact_order;
#[cfg(test)]
mod contact_order_tests;
mod contacts;
pub(crate) mod debug_draw;
pub(crate) mod events;
mod hash;
pub(crate) mod id;
#[cfg(test)]
mod joint_ends_tests;
mod joints;
#[cfg(test)]
mod links_reuse_tests;
pub(crate) mod manifold_reuse;
#[cfg(test)]
mod manifold_reuse_tests;
pub(crate) mod profile;
pub(crate) mod queries;
pub(crate) mod rope_damping;
pub(crate) mod ropes;
mod shapes;
mod sleeping_islands;
mod snapshot;
mod stale;
mod step;
#[cfg(test)]
mod test_bodies;
mod wake;

use crate::physics::broad_phase::BroadPhase;
use crate::physics::joints::JointStore;
use crate::physics::math::Real;
use crate::physics::settings::{WorldLimits, WorldSettings};
use crate::physics::world::body::{Body, Shape};
use crate::physics::world::clock::StepClock;
use crate::physics::world::contact::Contact;
use crate::physics::world::contact_head::ContactHead;
use crate::physics::world::events::{GoneShapes, StepEvents};
use crate::physics::world::hash::PairMap;
use crate::physics::world::id::Arena;
use crate::physics::world::manifold_reuse::ManifoldBasis;
use crate::physics::world::profile::StepProfile;
use crate::physics::world::sleeping_islands::SleepingIslands;
use crate::physics::world::stale::StaleCaches;
use crate::physics::world::step::StepScratch;
use serde::{Deserialize, Serialize};

#[derive(Clone, Serialize, Deserialize)]
pub struct World {
    pub settings: WorldSettings,
    pub(crate) bodies: Arena<Body>,
    pub(crate) shapes: Arena<Shape>,
    pub(crate) broad_phase: BroadPhase,
    pub(crate) contacts: Vec<Contact>,
    /// Where each contact's manifold was last computed, for keeping it
    /// while the bodies hardly move (`manifold_reuse.rs`): one per contact,
    /// same index, apart from the contacts because only polygon pairs read
    /// it. Snapshots older than this field kept each basis inside its
    /// contact; they restore without (their first step computes it).
    #[serde(default)]
    pub(crate) bases: Vec<ManifoldBasis>,
    /// What the narrow phase reads of every contact (`contact_head.rs`):
    /// one per contact, same index. Rebuilt from the contacts on restore.
    #[serde(skip)]
    pub(crate) heads: Vec<ContactHead>,
    /// Pair key → index in `contacts` (lookups only, never iterated).
    pub(crate) pair_map: PairMap<u32>,
    pub(crate) sleeping: SleepingIslands,
    #[serde(default)]
    pub(crate) joints: JointStore,
    pub(crate) time: Real,
    pub(crate) steps: u64,
    /// What `time` is counted from (`clock.rs`).
    #[serde(default)]
    pub(crate) clock: StepClock,
    #[serde(skip)]
    pub(crate) events: StepEvents,
    /// Destroyed bodies' shapes, until their contacts have ended (not in
    /// snapshots: only the end events between a destroy and the next step
    /// read it).
    #[serde(skip)]
    pub(crate) gone_shapes: GoneShapes,
    #[serde(skip)]
    pub(crate) scratch: StepScratch,
    #[serde(skip)]
    pub(crate) profile: StepProfile,
    /// Caches of the step that edits have made stale (see `stale.rs`).
    #[serde(skip)]
    pub(crate) stale: StaleCaches,
    /// How big the world may grow (not in snapshots: the program's choice).
    #[serde(skip)]
    pub(crate) limits: WorldLimits,
    /// Why the last step was refused (a limit it hit), if it was.
    #[serde(skip)]
    pub(crate) refusal: Option<StepRefusal>,
}

/// A step the world refused to take: which limit, and the body slots
/// involved (some of them), so the caller can say where they came from.
#[derive(Clone, Debug, Default)]
pub struct StepRefusal {
    pub message: String,
    pub bodies: Vec<u32>,
}

impl Default for World {
    fn default() -> Self {
        World::new(WorldSettings::default())
    }
}

impl World {
    pub fn new(settings: WorldSettings) -> World {
        World {
            settings,
            bodies: Arena::default(),
            shapes: Arena::default(),
            broad_phase: BroadPhase::default(),
            contacts: Vec::new(),
            bases: Vec::new(),
            heads: Vec::new(),
            pair_map: PairMap::default(),
            sleeping: SleepingIslands::default(),
            joints: JointStore::default(),
            time: 0.0,
            steps: 0,
            clock: StepClock::default(),
            events: StepEvents::default(),
            gone_shapes: GoneShapes::default(),
            scratch: StepScratch::default(),
            profile: Default::default(),
            stale: StaleCaches::default(),
            limits: WorldLimits::default(),
            refusal: None,
        }
    }

    pub fn limits(&self) -> WorldLimits {
        self.limits
    }

    pub fn set_limits(&mut self, limits: WorldLimits) {
        self.limits = limits;
    }

    /// Why the last `step` did not advance the world: a limit it hit (too
    /// many contacts). `None` after a normal step.
    pub fn step_refusal(&self) -> Option<&StepRefusal> {
        self.refusal.as_ref()
    }

    /// Simulated seconds so far.
    pub fn time(&self) -> Real {
        self.time
    }

    /// Steps taken so far.
    pub fn step_count(&self) -> u64 {
        self.steps
    }

    /// Carry simulated time and step count over from another world (a
    /// keep-state reload continues the clock of the world it replaces).
    pub fn set_clock(&mut self, time: Real, steps: u64) {
        self.time = time;
        self.steps = steps;
        self.clock = StepClock::default();
    }
}

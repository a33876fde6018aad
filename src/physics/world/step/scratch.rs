//! The step's working memory: buffers reused from step to step (never in
//! snapshots; whatever they hold is rebuilt by the next step).

use crate::physics::joints::constraint::JointConstraint;
use crate::physics::math::Real;
use crate::physics::solver::contact_constraint::ContactConstraint;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo};
use crate::physics::solver::solver_order::{Link, SolverOrder};
use crate::physics::solver::wide::constraint::WideConstraint;
use crate::physics::world::step::sensors::SensorSweepScratch;

/// Reusable per-step buffers (never part of snapshots; rebuilt every step).
#[derive(Clone, Debug, Default)]
pub struct StepScratch {
    pub(crate) solver_bodies: Vec<SolverBody>,
    pub(crate) solver_info: Vec<SolverBodyInfo>,
    /// Body slot index → solver index (0 = not simulated this step).
    pub(crate) body_to_solver: Vec<u32>,
    /// Scalar constraints by slot (solve order): iterating islands, the
    /// colouring's overflow, bouncing contacts, and everything when the
    /// wide solver is off.
    pub(crate) constraints: Vec<ContactConstraint>,
    /// Contacts to solve this step, then their islands and visiting order.
    pub(crate) links: Vec<Link>,
    pub(crate) solver_order: SolverOrder,
    /// Link index → its constraint's place in solve order.
    pub(crate) slot_of_link: Vec<u32>,
    /// Constraints with restitution (the only ones the bounce pass visits).
    pub(crate) bouncy: Vec<u32>,
    /// Colour groups eight at a time, and each slot's bundle·8 + lane
    /// (slots of the coloured range only).
    pub(crate) bundles: Vec<WideConstraint>,
    pub(crate) bundles_used: usize,
    pub(crate) lane_of_slot: Vec<u32>,
    /// Relative normal velocity at the step start per link (for events).
    pub(crate) approach: Vec<[Real; 2]>,
    /// Joints of this step and the body pairs they join into islands.
    pub(crate) joints: Vec<JointConstraint>,
    pub(crate) joint_pairs: Vec<(u32, u32)>,
    pub(crate) pairs: Vec<(u32, u32)>,
    pub(crate) wake: Vec<u32>,
    /// Body slot → dynamic or kinematic and awake (contact update).
    pub(crate) moving: Vec<bool>,
    /// Contacts the update left with points, in contact order: [contact,
    /// body slot A, body slot B, points]. The step's links are exactly
    /// these unless the update woke a body (`candidates_complete` false),
    /// whose resting contacts were not updated and so not listed.
    pub(crate) candidates: Vec<[u32; 4]>,
    pub(crate) candidates_complete: bool,
    /// Sensor contacts (their events come from the step's final positions).
    pub(crate) sensors: Vec<u32>,
    pub(crate) fast: Vec<u32>,
    /// Sensor state from the step's start, for catching fast bodies.
    pub(crate) sensor_sweep: SensorSweepScratch,
}

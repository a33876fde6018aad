//! The step's working memory: buffers reused from step to step (never in
//! snapshots; whatever they hold is rebuilt by the next step). The solver's
//! part is its own `SolverScratch`; the rest is what the world's stages pass
//! from one to the next.

use crate::physics::math::Real;
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::solver::Candidate;
use crate::physics::world::step::sensors::SensorSweepScratch;

#[derive(Clone, Debug, Default)]
pub(crate) struct StepScratch {
    /// Bodies, constraints, islands: what the solver stages work on.
    pub(crate) solver: SolverScratch,
    /// New pairs from the broad phase (update pairs).
    pub(crate) pairs: Vec<(u32, u32)>,
    /// Sleepers the narrow phase found touched by a moving body.
    pub(crate) wake: Vec<u32>,
    /// Body slot → dynamic or kinematic and awake (narrow phase).
    pub(crate) moving: Vec<bool>,
    /// Contacts the narrow phase left with points, in contact order. The
    /// step's links are exactly these unless the narrow phase woke a body
    /// (`candidates_complete` false), whose resting contacts were not
    /// updated and so not listed.
    pub(crate) candidates: Vec<Candidate>,
    pub(crate) candidates_complete: bool,
    /// Sensor contacts (their events come from the step's final positions).
    pub(crate) sensors: Vec<u32>,
    /// Bodies that moved far for their size (continuous collision).
    pub(crate) fast: Vec<u32>,
    /// This step's length (s), for the stages after the solver.
    pub(crate) dt: Real,
    /// Per solver body, the rest time it lends its island (write back
    /// notes it, sleep reads it).
    pub(crate) rest: Vec<Real>,
    /// Sensor state from the step's start, for catching fast bodies.
    pub(crate) sensor_sweep: SensorSweepScratch,
}

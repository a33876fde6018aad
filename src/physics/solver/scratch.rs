//! The solver's working set for one step: its copies of the awake bodies,
//! the joints and contacts it solves as constraints, their islands and
//! visiting order. Reused from step to step, rebuilt by each (never in
//! snapshots).

use crate::physics::joints::constraint::{
    JointConstraint, JointStart, ProjectionImpulse, Substep, IMPULSES,
};
use crate::physics::joints::long_range::Reach;
use crate::physics::joints::visit_order::{JointSlot, OrderScratch};
use crate::physics::math::{Real, Rot, Vec2};
use crate::physics::solver::bounce_cap::BounceCap;
use crate::physics::solver::contact_constraint::ContactConstraint;
use crate::physics::solver::elastic::BounceStart;
use crate::physics::solver::solver_body::{SolverBody, SolverBodyInfo, WarmChange};
use crate::physics::solver::solver_order::{Link, SolverOrder};
use crate::physics::solver::wide::constraint::{WideBounce, WideConstraint};
use crate::physics::solver::wide::prepare::WideStart;

#[derive(Clone, Debug, Default)]
pub(crate) struct SolverScratch {
    /// Working copies of the awake bodies (index 0: the static dummy).
    pub(crate) solver_bodies: Vec<SolverBody>,
    pub(crate) solver_info: Vec<SolverBodyInfo>,
    /// Per solver body: its warm start's velocity change this substep.
    pub(crate) warm_change: Vec<WarmChange>,
    /// Per solver body: its velocity at the step start (for
    /// `warm_load::note_impacts`; read in order, beside `solver_bodies`,
    /// rather than from the bodies' records, which cost a miss a body).
    pub(crate) start_velocity: Vec<Vec2>,
    /// Body slot index → solver index (0 = not simulated this step).
    pub(crate) body_to_solver: Vec<u32>,
    /// Scalar constraints by slot (solve order): iterating islands, the
    /// colouring's overflow, bouncing contacts, and everything when the
    /// wide solver is off.
    pub(crate) constraints: Vec<ContactConstraint>,
    /// Contacts to solve this step, then their islands and visiting order.
    pub(crate) links: Vec<Link>,
    /// The body slot of each solver body when `links` were collected (the
    /// links name bodies by solver slot: `islands::links_kept`).
    pub(crate) links_bodies: Vec<u32>,
    /// Per solver body, whether a link holds it (noted as the links are
    /// collected; the world trims only those bodies' fat boxes).
    pub(crate) linked: Vec<bool>,
    pub(crate) solver_order: SolverOrder,
    /// Per island root: some body's velocity changed by more than
    /// `warm_load::IMPACT_SPEED` this step (`warm_load::note_impacts`).
    pub(crate) island_impact: Vec<bool>,
    /// Some island is not calm this step.
    pub(crate) any_impact: bool,
    /// Link index → its constraint's place in solve order.
    pub(crate) slot_of_link: Vec<u32>,
    /// Constraints with restitution (the only ones the bounce pass visits).
    pub(crate) bouncy: Vec<u32>,
    /// Beside `bouncy`: its bodies' velocities at the step start, and
    /// whether it bounced exactly (`elastic.rs`); constraints per body.
    pub(crate) bounce_start: Vec<(u32, BounceStart)>,
    pub(crate) bounce_exact: Vec<bool>,
    pub(crate) degree: Vec<u32>,
    /// Groups of bounces held to their start energy (`bounce_cap.rs`).
    pub(crate) bounce_cap: BounceCap,
    /// Colour groups eight at a time, and each slot's bundle·8 + lane
    /// (slots of the coloured range only).
    pub(crate) bundles: Vec<WideConstraint>,
    /// Beside each bundle: what its bouncing lanes need (only bundles with
    /// such a lane touch it).
    pub(crate) bounce_lanes: Vec<WideBounce>,
    pub(crate) bundles_used: usize,
    /// The first bundles, of big iterating islands: solved
    /// `solver_order.wide_passes` times per phase.
    pub(crate) iterating_bundles: usize,
    pub(crate) lane_of_slot: Vec<u32>,
    /// The same per link (`NO_LANE`: not in a bundle), so the loops over
    /// the links in contact order find a link's lane without a lookup by
    /// slot, which jumps (`islands::map_lanes_to_links`).
    pub(crate) lane_of_link: Vec<u32>,
    /// Per bundle: every lane is a one-point contact (the colouring puts a
    /// colour's one-point contacts after its two-point ones), so nothing
    /// reads its second point or block matrix and preparing a lane skips
    /// writing them (`WideConstraint::prepare_lane`).
    pub(crate) one_point_bundles: Vec<bool>,
    /// Beside each bundle: what finishing its lanes reads and gives back
    /// (`wide/prepare.rs`), and how many lanes it uses.
    pub(crate) bundle_starts: Vec<WideStart>,
    pub(crate) bundle_lanes: Vec<u8>,
    /// While contacts are prepared, per bundle: lanes not yet written, and
    /// bits of those written from their contacts (the finish computes the
    /// rest of those when the count reaches nought).
    pub(crate) lanes_left: Vec<u8>,
    pub(crate) lanes_fresh: Vec<u8>,
    /// Per link, whether its contact counted as touching before the step
    /// (noted when it is prepared); then the links whose contact the stored
    /// impulses made begin or end touching, in link order (the contact
    /// events report those without reading every contact again).
    pub(crate) touching_before: Vec<bool>,
    /// Per link: its contact has restitution (noted while preparing it, so
    /// that storing need not read the contact's material again).
    pub(crate) bouncy_link: Vec<bool>,
    pub(crate) touching_changed: Vec<u32>,
    /// Joints of this step and the body pairs they join into islands.
    pub(crate) joints: Vec<JointConstraint>,
    /// Each joint's impulses at this substep's warm start (the relax phase
    /// applies the second half): beside the records, not in them, because
    /// the solve phase and the projection never read them and every byte of
    /// a record is streamed in each of their passes.
    pub(crate) joint_warm: Vec<[Real; IMPULSES]>,
    /// Each joint's impulse from this substep's position projection
    /// (same index; see `ProjectionImpulse`).
    pub(crate) joint_projection: Vec<ProjectionImpulse>,
    /// Each joint's anchors at the step start, beside its record (same
    /// index; see `JointStart`).
    pub(crate) joint_starts: Vec<JointStart>,
    /// The substep the joints were prepared for (passed to their rows,
    /// not kept in each record).
    pub(crate) joint_substep: Substep,
    /// Joints pulled past their breaking force this step (slot indices, in
    /// slot order), noted when their impulses are stored.
    pub(crate) broken_joints: Vec<u32>,
    /// Solver bodies of joints whose pull has not settled this step (they
    /// may not start to rest: `World::sleep`).
    pub(crate) unsettled: Vec<u32>,
    /// This step's joints in the order the passes visit them, which the
    /// records follow (`joints/visit_order.rs`).
    pub(crate) joint_order: Vec<JointSlot>,
    pub(crate) joint_order_scratch: OrderScratch,
    pub(crate) joint_pairs: Vec<(u32, u32)>,
    /// Bodies held by a joint to the world or a static body (islands hang
    /// from them), and bodies of springs stiff for their masses
    /// (`island_needs`).
    pub(crate) joint_anchored: Vec<u32>,
    pub(crate) joint_stiff: Vec<u32>,
    /// The joints in islands that iterate: they get `joint_passes` passes
    /// per phase, every other joint one (`joints/solver.rs`).
    pub(crate) iterating_joints: Vec<u32>,
    pub(crate) joint_passes: usize,
    /// Ropes' long-range attachments (`joints/long_range.rs`).
    pub(crate) reaches: Vec<Reach>,
    /// The joints holding rope masses with attachments (by index in
    /// `joints`), and which solver bodies are such masses.
    pub(crate) rope_joints: Vec<u32>,
    pub(crate) rope_mass: Vec<bool>,
    /// Body poses before a settling pass of the joints (`joints/solver.rs`).
    pub(crate) settle_before: Vec<(Vec2, Rot)>,
    /// Inverse mass per solver body (read by the island classification).
    pub(crate) inv_mass: Vec<Real>,
}

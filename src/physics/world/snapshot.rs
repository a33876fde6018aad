//! Snapshots and state hashes. A snapshot is the whole world as JSON (every
//! number round-trips exactly), so a restored world continues bit-identically.

use crate::physics::error::{PhysicsError, PhysicsResult};
use crate::physics::world::hash::Fnv64;
use crate::physics::world::World;

impl World {
    /// The whole world as JSON.
    pub fn to_snapshot(&self) -> String {
        serde_json::to_string(self).expect("world state is always serializable")
    }

    /// Rebuild a world from `to_snapshot` output, checked as untrusted
    /// input (see `check_restored.rs`).
    pub fn from_snapshot(json: &str) -> PhysicsResult<World> {
        let invalid =
            |e: String| PhysicsError::InvalidArgument(format!("snapshot is not valid: {e}"));
        let mut world: World = serde_json::from_str(json).map_err(|e| invalid(e.to_string()))?;
        world.check_restored().map_err(invalid)?;
        Ok(world)
    }

    /// A copy of the state a snapshot keeps, without the step's scratch
    /// buffers (the timeline keeps hundreds of these): it continues bit for
    /// bit like the original, as a snapshot read back does.
    pub fn clone_state(&self) -> World {
        World {
            settings: self.settings.clone(),
            bodies: self.bodies.clone(),
            shapes: self.shapes.clone(),
            broad_phase: self.broad_phase.clone(),
            contacts: self.contacts.clone(),
            bases: self.bases.clone(),
            heads: self.heads.clone(),
            pair_map: self.pair_map.clone(),
            sleeping: self.sleeping.clone(),
            joints: self.joints.clone(),
            time: self.time,
            steps: self.steps,
            clock: self.clock,
            events: Default::default(),
            gone_shapes: self.gone_shapes.clone(),
            scratch: Default::default(),
            profile: Default::default(),
            stale: Default::default(),
            limits: self.limits,
            refusal: self.refusal.clone(),
        }
    }

    /// Roughly how many bytes `clone_state` takes (for memory budgets).
    pub fn state_bytes(&self) -> usize {
        use std::mem::size_of;
        let bodies = self.bodies.capacity() * size_of::<crate::physics::world::body::Body>();
        let shapes =
            self.shapes.capacity() * (size_of::<crate::physics::world::body::Shape>() + 64);
        let contacts = self.contacts.len()
            * (size_of::<crate::physics::world::contact::Contact>() + 16)
            + self.bases.len() * size_of::<crate::physics::world::manifold_reuse::ManifoldBasis>()
            + self.heads.len() * size_of::<crate::physics::world::contact_head::ContactHead>();
        // Tree nodes and pair map, about two per shape.
        let tree = self.shapes.capacity() * 2 * 48;
        let joints = self.joints.arena.capacity() * 512;
        bodies + shapes + contacts + tree + joints + 1024
    }

    /// A hash of the simulation state (bodies' poses and velocities, contact
    /// and joint impulses and contact points' loads, time). Equal hashes mean bit-identical state.
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv64::default();
        h.real(self.time);
        h.word(self.steps);
        for (index, b) in self.bodies.iter() {
            h.word(index as u64);
            h.real(b.xf.p.x);
            h.real(b.xf.p.y);
            h.real(b.xf.q.c);
            h.real(b.xf.q.s);
            h.real(b.linear_velocity.x);
            h.real(b.linear_velocity.y);
            h.real(b.angular_velocity);
            h.word(b.awake as u64);
        }
        for c in &self.contacts {
            h.word(c.shape_a.index as u64);
            h.word(c.shape_b.index as u64);
            for p in c.manifold.points() {
                h.real(p.normal_impulse);
                h.real(p.tangent_impulse);
                // What the next step's warm start trusts of it.
                h.word(u64::from(p.load.to_bits()));
            }
        }
        for (index, j) in self.joints.arena.iter() {
            h.word(index as u64);
            for x in j.impulses {
                h.real(x);
            }
        }
        h.finish()
    }
}

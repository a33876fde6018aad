//! The joints: creating them (validated), reading them, motors, mouse
//! targets, breaking forces, and destroying them.

use crate::physics::error::{PhysicsError, PhysicsResult};
use crate::physics::joints::{
    constraint, Joint, JointBreak, JointDef, JointKind, MouseParams, WeldParams,
};
use crate::physics::math::{is_finite_vec, Real, Vec2};
use crate::physics::solver::scratch::SolverScratch;
use crate::physics::world::body::BodyType;
use crate::physics::world::id::{require, BodyId, JointId};
use crate::physics::world::World;

fn invalid(msg: String) -> PhysicsError {
    PhysicsError::InvalidArgument(msg)
}

impl World {
    /// Create a joint. Errors: stale bodies, a body joined to itself, both
    /// sides static, non-finite anchors, parameters out of range.
    pub fn create_joint(&mut self, def: &JointDef) -> PhysicsResult<JointId> {
        let what = def.kind.joint_type().name();
        for (name, p) in [("anchor_a", def.anchor_a), ("anchor_b", def.anchor_b)] {
            if !is_finite_vec(p) {
                return Err(PhysicsError::NonFinite(format!(
                    "{what}: {name} must be finite, got ({}, {})",
                    p.x, p.y
                )));
            }
        }
        if let Some(f) = def.breaking_force {
            if f.is_nan() || f <= 0.0 {
                return Err(invalid(format!(
                    "{what}: breaking_force must be a positive number, got {f}"
                )));
            }
        }
        let a = self.body(def.body_a)?;
        let a_static = a.body_type == BodyType::Static;
        let a_xf = a.xf;
        let (b_static, local_b) = match def.body_b {
            Some(id) => {
                if id == def.body_a {
                    return Err(invalid(format!(
                        "{what}: a joint needs two different bodies (a and b are the same body)"
                    )));
                }
                let b = self.body(id)?;
                (
                    b.body_type == BodyType::Static,
                    b.xf.inv_apply(def.anchor_b),
                )
            }
            None => (true, def.anchor_b),
        };
        if a_static && b_static {
            return Err(invalid(format!(
                "{what}: both sides are static (or the world); at least one body must move"
            )));
        }
        let local_a = a_xf.inv_apply(def.anchor_a);
        let kind = self.validated_kind(def)?;
        let joint = Joint {
            kind,
            body_a: def.body_a,
            body_b: def.body_b,
            local_a,
            local_b,
            collide_connected: def.collide_connected,
            breaking_force: def.breaking_force,
            impulses: [0.0; constraint::STORED_IMPULSES],
            reaction_force: Vec2::ZERO,
            reaction_torque: 0.0,
            user_data: def.user_data,
            angle: 0.0,
        };
        let (index, generation) = self.joints.insert(joint);
        self.joints.link(def.body_a.index, index);
        if let Some(b) = def.body_b {
            self.joints.link(b.index, index);
            if !def.collide_connected {
                self.drop_contacts_between(def.body_a.index, b.index);
            }
            self.wake_body_index(b.index);
        }
        self.wake_body_index(def.body_a.index);
        Ok(JointId { index, generation })
    }

    /// Check the parameters and fill the creation-time values (lengths,
    /// reference angles) a kind needs.
    fn validated_kind(&self, def: &JointDef) -> PhysicsResult<JointKind> {
        let a = self.body(def.body_a)?;
        let angle_b = match def.body_b {
            Some(id) => self.body(id)?.xf.q.angle(),
            None => 0.0,
        };
        let rel_angle = angle_b - a.xf.q.angle();
        let d = def.anchor_b - def.anchor_a;
        Ok(match &def.kind {
            JointKind::Hinge(p) => JointKind::Hinge(p.validated(rel_angle)?),
            JointKind::Distance(p) => JointKind::Distance(p.validated(d.length())?),
            JointKind::Weld(_) => JointKind::Weld(WeldParams {
                reference_angle: rel_angle,
            }),
            JointKind::Slider(p) => JointKind::Slider(p.validated(rel_angle, a.xf.q)?),
            JointKind::Mouse(p) => JointKind::Mouse(p.validated()?),
            JointKind::Spring(p) => JointKind::Spring(p.validated(d.length())?),
            JointKind::Wheel(p) => JointKind::Wheel(p.validated(a.xf.q)?),
        })
    }

    pub fn joint(&self, id: JointId) -> PhysicsResult<&Joint> {
        require(
            self.joints.arena.get(id.index, id.generation),
            JointId::WHAT,
            id.index,
            id.generation,
        )
    }

    fn joint_mut(&mut self, id: JointId) -> PhysicsResult<&mut Joint> {
        require(
            self.joints.arena.get_mut(id.index, id.generation),
            JointId::WHAT,
            id.index,
            id.generation,
        )
    }

    pub fn joint_is_alive(&self, id: JointId) -> bool {
        self.joints.arena.get(id.index, id.generation).is_some()
    }

    pub fn joint_count(&self) -> usize {
        self.joints.arena.len()
    }

    /// All live joints in slot order.
    pub fn joints(&self) -> impl Iterator<Item = (JointId, &Joint)> {
        self.joints.arena.iter().map(move |(index, j)| {
            (
                JointId {
                    index,
                    generation: self.joints.arena.generation_of(index),
                },
                j,
            )
        })
    }

    /// Destroy a joint; both bodies wake (what it held may now fall).
    pub fn destroy_joint(&mut self, id: JointId) -> PhysicsResult<()> {
        let j = self.joints.remove(id.index, id.generation).ok_or_else(|| {
            crate::physics::world::id::stale(JointId::WHAT, id.index, id.generation)
        })?;
        self.joints.unlink(j.body_a.index, id.index);
        if self.is_alive(j.body_a) {
            self.wake_body_index(j.body_a.index);
        }
        if let Some(b) = j.body_b {
            self.joints.unlink(b.index, id.index);
            if self.is_alive(b) {
                self.wake_body_index(b.index);
                if !j.collide_connected && self.is_alive(j.body_a) {
                    self.find_pairs_again(j.body_a.index);
                }
            }
            if let Some(tether) = self.tether_of_cut_rope(j.body_a, b) {
                self.destroy_joint(tether)?;
            }
        }
        Ok(())
    }

    /// The pairs of a body's shapes are looked for again at the next step.
    /// The broad phase reports a pair once, when the boxes begin to
    /// overlap; a joint that kept two bodies from colliding had its pair
    /// turned down then, and without this, once the joint is gone, they
    /// would pass through each other until one of them moved out of its
    /// fat box (a box hinged into another sank 9 cm into it first).
    fn find_pairs_again(&mut self, body: u32) {
        for sid in &self.bodies.at(body).shapes {
            let proxy = self.shapes.at(sid.index).proxy;
            self.broad_phase.buffer_move(proxy);
        }
    }

    /// Destroy every joint of a body slot (the body is being destroyed).
    pub(crate) fn destroy_joints_of_body(&mut self, body: u32) {
        let list: Vec<u32> = self.joints.of_body(body).to_vec();
        for j in list {
            let id = JointId {
                index: j,
                generation: self.joints.arena.generation_of(j),
            };
            let _ = self.destroy_joint(id);
        }
    }

    /// Force (N) above which the joint breaks; `None` = never.
    pub fn set_breaking_force(&mut self, id: JointId, force: Option<Real>) -> PhysicsResult<()> {
        if let Some(f) = force {
            if f.is_nan() || f <= 0.0 {
                return Err(invalid(format!(
                    "breaking_force must be a positive number, got {f}"
                )));
            }
        }
        self.joint_mut(id)?.breaking_force = force;
        Ok(())
    }

    /// The force (N) the joint applied on body B during the last step.
    pub fn joint_reaction_force(&self, id: JointId) -> PhysicsResult<Vec2> {
        Ok(self.joint(id)?.reaction_force)
    }

    pub fn joint_reaction_torque(&self, id: JointId) -> PhysicsResult<Real> {
        Ok(self.joint(id)?.reaction_torque)
    }

    /// A mouse joint dragging `body`'s point under `target` towards the
    /// target with at most `max_force` N (5 Hz, damping ratio 0.7).
    pub fn create_mouse_joint(
        &mut self,
        body: BodyId,
        target: Vec2,
        max_force: Real,
    ) -> PhysicsResult<JointId> {
        let mut def = JointDef::new(
            JointKind::Mouse(MouseParams {
                max_force,
                ..MouseParams::default()
            }),
            body,
            None,
            target,
        );
        def.anchor_b = target;
        self.create_joint(&def)
    }

    /// Move a mouse joint's target (wakes the body).
    pub fn set_mouse_target(&mut self, id: JointId, target: Vec2) -> PhysicsResult<()> {
        if !is_finite_vec(target) {
            return Err(PhysicsError::NonFinite(format!(
                "mouse target must be finite, got ({}, {})",
                target.x, target.y
            )));
        }
        let j = self.joint_mut(id)?;
        if !matches!(j.kind, JointKind::Mouse(_)) {
            return Err(invalid(format!(
                "set_mouse_target: joint is a {}, not a mouse joint",
                j.joint_type().name()
            )));
        }
        j.local_b = target;
        let body = j.body_a.index;
        self.wake_body_index(body);
        Ok(())
    }

    /// A hinge's, slider's or wheel's motor (speed, max torque/force), if it
    /// has one.
    pub fn joint_motor(&self, id: JointId) -> PhysicsResult<Option<(Real, Real)>> {
        Ok(match &self.joint(id)?.kind {
            JointKind::Hinge(p) => p.motor,
            JointKind::Slider(p) => p.motor,
            JointKind::Wheel(p) => p.motor,
            _ => None,
        })
    }

    /// Change the target speed of a hinge's, slider's or wheel's motor
    /// (wakes it).
    pub fn set_joint_motor_speed(&mut self, id: JointId, speed: Real) -> PhysicsResult<()> {
        crate::physics::error::require_finite("motor speed", speed)?;
        let j = self.joint_mut(id)?;
        let motor = match &mut j.kind {
            JointKind::Hinge(p) => &mut p.motor,
            JointKind::Slider(p) => &mut p.motor,
            JointKind::Wheel(p) => &mut p.motor,
            _ => {
                return Err(invalid(
                    "only hinges, sliders and wheels have motors".into(),
                ))
            }
        };
        match motor {
            Some((s, _)) => *s = speed,
            None => {
                return Err(invalid(
                    "this joint has no motor (give it motor = {speed, max})".into(),
                ))
            }
        }
        let (a, b) = (j.body_a.index, j.body_b.map(|b| b.index));
        self.wake_body_index(a);
        if let Some(b) = b {
            self.wake_body_index(b);
        }
        Ok(())
    }

    /// World positions of the joint's two anchors now.
    pub fn joint_anchors(&self, id: JointId) -> PhysicsResult<(Vec2, Vec2)> {
        let j = self.joint(id)?;
        Ok(self.anchors_of(j))
    }

    pub(crate) fn anchors_of(&self, j: &Joint) -> (Vec2, Vec2) {
        let pa = self.bodies.at(j.body_a.index).xf.apply(j.local_a);
        let pb = match j.body_b {
            Some(b) => self.bodies.at(b.index).xf.apply(j.local_b),
            None => j.local_b,
        };
        (pa, pb)
    }

    /// Break joints: every joint whose reaction force this step exceeded
    /// its breaking force is destroyed (its bodies wake) and reported, in
    /// slot order, after all of them have their forces.
    pub(crate) fn break_joints(&mut self, sc: &SolverScratch) {
        // (Found while the impulses were stored: `store_joint_impulses`.)
        for &index in &sc.broken_joints {
            let id = JointId {
                index,
                generation: self.joints.arena.generation_of(index),
            };
            let j = self.joints.arena.at(index);
            let event = JointBreak {
                joint: id,
                kind: j.joint_type(),
                body_a: j.body_a,
                body_b: j.body_b,
                force: j.reaction_force,
                user_data: j.user_data,
            };
            let _ = self.destroy_joint(id);
            self.events.joint_break.push(event);
        }
    }
}

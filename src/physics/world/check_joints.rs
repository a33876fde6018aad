//! The joints of a world read from a snapshot file (see
//! `check_restored.rs`): each joins live bodies, its parameters pass the
//! checks `create_joint` makes, the per-body joint lists name exactly
//! the joints touching each body, and each rope's damping and reach are in
//! range.

use crate::physics::joints::{Joint, JointKind};
use crate::physics::math::{Real, Rot};
use crate::physics::world::check_restored::{within, within_vec, LOCAL};
use crate::physics::world::ropes::MAX_LENGTH;
use crate::physics::world::World;

impl World {
    pub(crate) fn check_joints(&self) -> Result<(), String> {
        let mut links = 0usize;
        for (index, j) in self.joints.arena.iter() {
            self.check_joint(&format!("world.joints.arena.slots[{index}].value"), j)?;
            links += 1 + j.body_b.is_some() as usize;
        }
        let mut listed = 0usize;
        for (body, list) in self.joints.edges.iter().enumerate() {
            for (k, &joint) in list.iter().enumerate() {
                let touches = (joint as usize) < self.joints.arena.capacity()
                    && self.joints.arena.slots[joint as usize]
                        .value
                        .as_ref()
                        .is_some_and(|j| {
                            j.body_a.index as usize == body
                                || j.body_b.is_some_and(|b| b.index as usize == body)
                        });
                if !touches || list[..k].contains(&joint) {
                    return Err(format!(
                        "world.joints.edges[{body}][{k}]: joint {joint} is not a joint of body {body} (or is listed twice)"
                    ));
                }
                listed += 1;
            }
        }
        if listed != links {
            return Err(format!(
                "world.joints.edges: {listed} entries for {links} joint ends"
            ));
        }
        // A negative or non-finite rope damping would feed energy in; a
        // rope's reach (`joints/long_range.rs`) must be a length and points.
        for (i, rope) in self.joints.ropes.iter().enumerate() {
            within(
                &format!("world.joints.ropes[{i}].damping"),
                rope.damping,
                0.0,
                1e15,
            )?;
            if let Some(r) = &rope.reach {
                let at = format!("world.joints.ropes[{i}].reach");
                within(
                    &format!("{at}.rest"),
                    r.rest,
                    Real::MIN_POSITIVE,
                    MAX_LENGTH,
                )?;
                within_vec(&format!("{at}.local_a"), r.local_a, LOCAL)?;
                within_vec(&format!("{at}.local_b"), r.local_b, LOCAL)?;
            }
        }
        Ok(())
    }

    fn check_joint(&self, at: &str, j: &Joint) -> Result<(), String> {
        let live = |b: crate::physics::BodyId| self.bodies.is_live(b.index, b.generation);
        if !live(j.body_a) {
            return Err(format!(
                "{at}.body_a: body {} does not exist",
                j.body_a.index
            ));
        }
        if let Some(b) = j.body_b {
            if !live(b) || b == j.body_a {
                return Err(format!(
                    "{at}.body_b: body {} does not exist (or is body_a)",
                    b.index
                ));
            }
        }
        within_vec(&format!("{at}.local_a"), j.local_a, 1e10)?;
        within_vec(&format!("{at}.local_b"), j.local_b, 1e10)?;
        within(&format!("{at}.angle"), j.angle, -1e12, 1e12)?;
        if let Some(f) = j.breaking_force {
            within(&format!("{at}.breaking_force"), f, 1e-300, f64::MAX)?;
        }
        let checked = match &j.kind {
            JointKind::Hinge(p) => p.validated(p.reference_angle).map(|_| ()),
            JointKind::Distance(p) => p.validated(p.length.unwrap_or(0.0)).map(|_| ()),
            JointKind::Weld(_) => Ok(()),
            JointKind::Slider(p) => {
                if (p.axis.length() - 1.0).abs() > 1e-6 {
                    return Err(format!("{at}.kind.Slider.axis: not a unit vector"));
                }
                p.validated(p.reference_angle, Rot::default()).map(|_| ())
            }
            JointKind::Mouse(p) => p.validated().map(|_| ()),
            JointKind::Spring(p) => p.validated(p.length.unwrap_or(-1.0)).map(|_| ()),
            JointKind::Wheel(p) => {
                if (p.axis.length() - 1.0).abs() > 1e-6 {
                    return Err(format!("{at}.kind.Wheel.axis: not a unit vector"));
                }
                p.validated(Rot::default()).map(|_| ())
            }
        };
        checked.map_err(|e| format!("{at}.kind: {e}"))
    }
}

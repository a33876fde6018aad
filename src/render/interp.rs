//! Render interpolation: the window draws between the last two fixed steps
//! (`alpha` of the way from the previous pose to the current one), so motion
//! looks smooth at any frame rate without changing the simulation.

use crate::physics::{BodyId, Rot, Transform, World};

#[derive(Default)]
pub struct Poses {
    /// Previous transform by body index, with the generation it belongs to.
    prev: Vec<Option<(u32, Transform)>>,
}

impl Poses {
    /// Remember every body's pose (call just before a step).
    pub fn capture(&mut self, world: &World) {
        self.prev.iter_mut().for_each(|p| *p = None);
        for (id, b) in world.bodies() {
            let i = id.index as usize;
            if self.prev.len() <= i {
                self.prev.resize(i + 1, None);
            }
            self.prev[i] = Some((id.generation, b.xf));
        }
    }

    /// Forget everything (after a teleport, restart or snapshot restore the
    /// previous poses are meaningless).
    pub fn clear(&mut self) {
        self.prev.clear();
    }

    /// The pose to draw: `alpha` = 1 is the current one.
    pub fn pose(&self, id: BodyId, current: Transform, alpha: f64) -> Transform {
        if alpha >= 1.0 {
            return current;
        }
        match self.prev.get(id.index as usize) {
            Some(Some((generation, prev))) if *generation == id.generation => {
                let p = prev.p + (current.p - prev.p) * alpha;
                let q = Rot {
                    c: prev.q.c + (current.q.c - prev.q.c) * alpha,
                    s: prev.q.s + (current.q.s - prev.q.s) * alpha,
                }
                .normalize();
                Transform { p, q }
            }
            _ => current,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{BodyDef, Vec2, World, WorldSettings};

    #[test]
    fn halfway_between_two_steps() {
        let mut w = World::new(WorldSettings::default());
        let id = w
            .create_body(&BodyDef {
                linear_velocity: Vec2::new(6.0, 0.0),
                angular_velocity: 1.0,
                gravity_scale: 0.0,
                ..BodyDef::default()
            })
            .unwrap();
        w.add_shape(id, &crate::physics::ShapeDef::default())
            .unwrap();
        let mut poses = Poses::default();
        poses.capture(&w);
        w.step(0.1);
        let b = w.body(id).unwrap();
        let mid = poses.pose(id, b.xf, 0.5);
        assert!((mid.p.x - b.xf.p.x * 0.5).abs() < 1e-9, "{}", mid.p.x);
        assert!((mid.q.angle() - b.xf.q.angle() * 0.5).abs() < 1e-3);
        assert_eq!(poses.pose(id, b.xf, 1.0), b.xf);
        // A body born after the capture is drawn where it is.
        poses.clear();
        assert_eq!(poses.pose(id, b.xf, 0.3), b.xf);
    }
}

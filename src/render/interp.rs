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

//! rapier2d 0.36 (f32, no `parallel` feature, so single-threaded).
//!
//! Integration parameters are rapier's defaults apart from dt = 1/60 and
//! `num_solver_iterations = 4` (rapier's substep count, the analogue of Box2D's
//! 4 substeps; 4 is also rapier's default). Friction 0.6 on every collider
//! (rapier's default is 0.5; its Average combine rule then gives 0.6 like
//! Box2D's geometric mean). Density 1, restitution 0 (rapier defaults).

use super::scenes::{DynBody, Geom, Scene, DT, FRICTION, GRAVITY_Y, SUBSTEPS};
use super::Engine;
use rapier2d::prelude::*;

pub struct RapierEngine {
    world: PhysicsWorld,
    scene: Scene,
    can_sleep: bool,
    bodies: Vec<RigidBodyHandle>,
    step_index: usize,
}

fn collider(g: &Geom) -> ColliderBuilder {
    let b = match *g {
        Geom::Box { hx, hy, cx, cy } => ColliderBuilder::cuboid(hx as f32, hy as f32)
            .translation(Vector::new(cx as f32, cy as f32)),
        Geom::Segment { a, b } => ColliderBuilder::segment(
            Vector::new(a[0] as f32, a[1] as f32),
            Vector::new(b[0] as f32, b[1] as f32),
        ),
        Geom::Circle { r } => ColliderBuilder::ball(r as f32),
    };
    b.friction(FRICTION as f32).density(1.0).restitution(0.0)
}

impl RapierEngine {
    pub fn new(scene: Scene) -> RapierEngine {
        let desc = scene.desc();
        let mut world = PhysicsWorld::new();
        world.gravity = Vector::new(0.0, GRAVITY_Y as f32);
        world.integration_parameters.dt = DT as f32;
        world.integration_parameters.num_solver_iterations = SUBSTEPS as usize;
        let ground = world.insert_body(RigidBodyBuilder::fixed().translation(Vector::new(
            desc.static_origin[0] as f32,
            desc.static_origin[1] as f32,
        )));
        for g in &desc.statics {
            world.insert_collider(collider(g), Some(ground));
        }
        let mut e = RapierEngine {
            world,
            scene,
            can_sleep: desc.enable_sleep,
            bodies: Vec::new(),
            step_index: 0,
        };
        e.spawn(&desc.bodies);
        e
    }

    fn spawn(&mut self, bodies: &[DynBody]) {
        for d in bodies {
            let rb = RigidBodyBuilder::dynamic()
                .translation(Vector::new(d.x as f32, d.y as f32))
                .can_sleep(self.can_sleep);
            let (h, _) = self.world.insert(rb, collider(&d.geom));
            self.bodies.push(h);
        }
    }
}

impl Engine for RapierEngine {
    fn name(&self) -> &str {
        "rapier2d"
    }

    fn step(&mut self) {
        let spawn = self.scene.spawn(self.step_index);
        if !spawn.is_empty() {
            self.spawn(&spawn);
        }
        self.world.step();
        self.step_index += 1;
    }

    fn body_count(&self) -> usize {
        self.bodies.len()
    }

    fn checksum(&mut self) -> f64 {
        self.bodies
            .iter()
            .map(|h| self.world.bodies[*h].translation().y as f64)
            .sum()
    }
}

//! rapier2d 0.36 (f32, no `parallel` feature, so single-threaded).
//!
//! Integration parameters are rapier's defaults apart from dt = 1/60 and
//! `num_solver_iterations = 4` (rapier's substep count, the analogue of Box2D's
//! 4 substeps; 4 is also rapier's default). Friction 0.6 on every collider
//! (rapier's default is 0.5; its Average combine rule then gives 0.6 like
//! Box2D's geometric mean). Density 1, restitution 0 (rapier defaults).

use super::scenes::{BodyRef, DynBody, Geom, Scene, DT, FRICTION, GRAVITY_Y, SUBSTEPS};
use super::Engine;
use rapier2d::prelude::*;

pub struct RapierEngine {
    world: PhysicsWorld,
    scene: Scene,
    can_sleep: bool,
    /// Collision groups of `bodies`' colliders.
    groups: InteractionGroups,
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
    // Box2D mixes friction as sqrt(fa fb) and restitution as max(ea, eb);
    // Min and Max give the same for the materials these scenes use (equal
    // frictions, or one of them 0).
    b.friction(FRICTION as f32)
        .density(1.0)
        .restitution(0.0)
        .friction_combine_rule(CoefficientCombineRule::Min)
        .restitution_combine_rule(CoefficientCombineRule::Max)
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
        let compounds: Vec<RigidBodyHandle> = desc
            .compounds
            .iter()
            .map(|c| {
                let rb = RigidBodyBuilder::dynamic()
                    .translation(Vector::new(c.x as f32, c.y as f32))
                    .can_sleep(desc.enable_sleep);
                let h = world.insert_body(rb);
                for g in &c.shapes {
                    world.insert_collider(collider(g).density(c.density as f32), Some(h));
                }
                h
            })
            .collect();
        let groups = if desc.bodies_collide {
            InteractionGroups::all()
        } else {
            // CreateJointGrid: in group 2, colliding with everything but 2.
            InteractionGroups::new(Group::GROUP_2, !Group::GROUP_2, InteractionTestMode::And)
        };
        let mut e = RapierEngine {
            world,
            scene,
            can_sleep: desc.enable_sleep,
            groups,
            bodies: Vec::new(),
            step_index: 0,
        };
        e.spawn(&desc.bodies);
        for h in &desc.hinges {
            let handle = |r: BodyRef| match r {
                BodyRef::Ground => ground,
                BodyRef::Body(i) => e.bodies[i],
                BodyRef::Compound(i) => compounds[i],
            };
            let (a, b) = (handle(h.a), handle(h.b));
            // Local anchors: the shared world point in each body's frame
            // (every body starts unrotated).
            let at = Vector::new(h.anchor[0] as f32, h.anchor[1] as f32);
            let local = |body: RigidBodyHandle| at - e.world.bodies[body].translation();
            let mut joint = RevoluteJointBuilder::new()
                .local_anchor1(local(a))
                .local_anchor2(local(b))
                .contacts_enabled(false);
            if let Some((speed, torque)) = h.motor {
                joint = joint
                    .motor_velocity(speed as f32, 1.0)
                    .motor_max_force(torque as f32);
            }
            if let Some((lower, upper)) = h.limits {
                joint = joint.limits([lower as f32, upper as f32]);
            }
            e.world.insert_impulse_joint(a, b, joint);
        }
        e
    }

    fn spawn(&mut self, bodies: &[DynBody]) {
        for d in bodies {
            let rb = if d.fixed {
                RigidBodyBuilder::fixed()
            } else {
                RigidBodyBuilder::dynamic()
            }
            .translation(Vector::new(d.x as f32, d.y as f32))
            .rotation(d.angle as f32)
            .can_sleep(self.can_sleep);
            // rapier has no "same group never collides": each group gets a
            // membership bit that its own filter leaves out.
            let groups = if d.group == 0 {
                self.groups
            } else {
                let bit = Group::from_bits_truncate(1 << (d.group % 32));
                InteractionGroups::new(bit, !bit, InteractionTestMode::And)
            };
            let collider = collider(&d.geom)
                .friction(d.friction as f32)
                .restitution(d.restitution as f32)
                .collision_groups(groups);
            let (h, _) = self.world.insert(rb, collider);
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

    fn poses(&mut self) -> Vec<[f64; 3]> {
        self.bodies
            .iter()
            .map(|h| {
                let b = &self.world.bodies[*h];
                let p = b.translation();
                [p.x as f64, p.y as f64, b.rotation().angle() as f64]
            })
            .collect()
    }
}

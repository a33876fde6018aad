//! Box2D v3 (C, vendored by `boxdd` 0.6, single worker, float precision).

use super::scenes::{BodyRef, DynBody, Geom, Scene, DENSITY, DT, FRICTION, GRAVITY_Y, SUBSTEPS};
use super::Engine;
use boxdd::{
    shapes, BodyBuilder, BodyId, BodyType, Filter, Foundation, Position, ShapeDef, SurfaceMaterial,
    Transform, Vec2, WorkerCount, World, WorldBuilder,
};

pub struct Box2dEngine {
    world: World,
    foundation: &'static Foundation,
    shape_def: ShapeDef,
    scene: Scene,
    bodies: Vec<BodyId>,
    step_index: usize,
    /// b2Profile fields summed over the steps (ms).
    profile: Vec<(&'static str, f64)>,
}

impl Box2dEngine {
    pub fn new(scene: Scene) -> Box2dEngine {
        let desc = scene.desc();
        let foundation = Foundation::initialize_default().expect("box2d foundation");
        let world_def = WorldBuilder::from(foundation.world_def())
            .gravity(Vec2::new(0.0, GRAVITY_Y as f32))
            .enable_sleep(desc.enable_sleep)
            .worker_count(WorkerCount::new(1).expect("worker count"))
            .build()
            .expect("world def");
        let world = foundation.create_world(world_def).expect("world");
        // b2DefaultShapeDef: friction 0.6, restitution 0, density 1.
        let shape_def = ShapeDef::builder()
            .density(DENSITY as f32)
            .build()
            .expect("shape def");
        let mut e = Box2dEngine {
            world,
            foundation,
            shape_def,
            scene,
            bodies: Vec::new(),
            step_index: 0,
            profile: Vec::new(),
        };

        let ground = e.create_body(BodyType::Static, desc.static_origin);
        for g in &desc.statics {
            e.add_shape(ground, g);
        }
        let compounds: Vec<BodyId> = desc
            .compounds
            .iter()
            .map(|c| {
                let id = e.create_body(BodyType::Dynamic, [c.x, c.y]);
                let def = ShapeDef::builder()
                    .density(c.density as f32)
                    .build()
                    .expect("shape def");
                for g in &c.shapes {
                    e.add_shape_with(id, g, &def);
                }
                id
            })
            .collect();
        if !desc.bodies_collide {
            // CreateJointGrid: category 2, colliding with everything but 2.
            let filter = Filter {
                category_bits: 2,
                mask_bits: !2,
                group_index: 0,
            };
            e.shape_def = ShapeDef::builder()
                .density(DENSITY as f32)
                .filter(filter)
                .build()
                .expect("shape def");
        }
        e.spawn(&desc.bodies);
        for h in &desc.hinges {
            let id = |r: BodyRef| match r {
                BodyRef::Ground => ground,
                BodyRef::Body(i) => e.bodies[i],
                BodyRef::Compound(i) => compounds[i],
            };
            let (a, b) = (id(h.a), id(h.b));
            let mut joint = e
                .world
                .revolute(a, b)
                .anchor_world([h.anchor[0] as f32, h.anchor[1] as f32])
                .collide_connected(false);
            if let Some((speed, torque)) = h.motor {
                joint = joint.motor(torque as f32, speed as f32);
            }
            if let Some((lower, upper)) = h.limits {
                joint = joint.limit(lower as f32, upper as f32);
            }
            joint.build().expect("revolute joint");
        }
        e
    }

    fn create_body(&mut self, body_type: BodyType, at: [f64; 2]) -> BodyId {
        self.create_body_at(body_type, at, 0.0)
    }

    fn create_body_at(&mut self, body_type: BodyType, at: [f64; 2], angle: f64) -> BodyId {
        let mut def = BodyBuilder::from(self.foundation.body_def())
            .body_type(body_type)
            .position(Position::new(at[0] as f32, at[1] as f32));
        if angle != 0.0 {
            def = def.angle(angle as f32);
        }
        self.world
            .create_body(def.build().expect("body def"))
            .expect("body")
    }

    fn add_shape(&mut self, body: BodyId, g: &Geom) {
        let def = self.shape_def.clone();
        self.add_shape_with(body, g, &def);
    }

    fn add_shape_with(&mut self, body: BodyId, g: &Geom, def: &ShapeDef) {
        let mut b = self.world.body(body).expect("body");
        match *g {
            Geom::Box { hx, hy, cx, cy } => {
                let poly = if cx == 0.0 && cy == 0.0 {
                    shapes::box_polygon(hx as f32, hy as f32)
                } else {
                    let xf =
                        Transform::from_pos_angle([cx as f32, cy as f32], 0.0).expect("transform");
                    shapes::offset_box_polygon(hx as f32, hy as f32, xf)
                }
                .expect("box");
                b.create_polygon(def, &poly).expect("polygon");
            }
            Geom::Segment { a, b: bb } => {
                let seg = shapes::segment([a[0] as f32, a[1] as f32], [bb[0] as f32, bb[1] as f32])
                    .expect("segment");
                b.create_segment(def, &seg).expect("segment shape");
            }
            Geom::Circle { r } => {
                let c = shapes::circle([0.0f32, 0.0], r as f32).expect("circle");
                b.create_circle(def, &c).expect("circle shape");
            }
        }
    }

    fn spawn(&mut self, bodies: &[DynBody]) {
        for d in bodies {
            let kind = if d.fixed {
                BodyType::Static
            } else {
                BodyType::Dynamic
            };
            let id = self.create_body_at(kind, [d.x, d.y], d.angle);
            let default_material = d.friction == FRICTION && d.restitution == 0.0 && d.group == 0;
            if default_material {
                self.add_shape(id, &d.geom);
            } else {
                // Box2D's groups: a negative index never collides with itself.
                let filter = Filter {
                    group_index: -(d.group as i32),
                    ..Filter::default()
                };
                let material = SurfaceMaterial::default()
                    .with_friction(d.friction as f32)
                    .and_then(|m| m.with_restitution(d.restitution as f32))
                    .expect("material");
                let def = ShapeDef::builder()
                    .density(DENSITY as f32)
                    .material(material)
                    .filter(filter)
                    .build()
                    .expect("shape def");
                self.add_shape_with(id, &d.geom, &def);
            }
            self.bodies.push(id);
        }
    }
}

impl Engine for Box2dEngine {
    fn name(&self) -> &str {
        "box2d"
    }

    fn step(&mut self) {
        let spawn = self.scene.spawn(self.step_index);
        if !spawn.is_empty() {
            self.spawn(&spawn);
        }
        let completed = self
            .world
            .step(DT as f32, SUBSTEPS as i32)
            .expect("box2d step");
        drop(completed);
        self.step_index += 1;
        if let Ok(p) = self.world.profile() {
            let now = [
                ("step", p.step),
                ("pairs", p.pairs),
                ("collide", p.collide),
                ("solve", p.solve),
                ("prepare_constraints", p.prepare_constraints),
                ("integrate_velocities", p.integrate_velocities),
                ("warm_start", p.warm_start),
                ("solve_impulses", p.solve_impulses),
                ("integrate_positions", p.integrate_positions),
                ("relax_impulses", p.relax_impulses),
                ("apply_restitution", p.apply_restitution),
                ("store_impulses", p.store_impulses),
                ("split_islands", p.split_islands),
                ("transforms", p.transforms),
                ("refit", p.refit),
                ("sleep_islands", p.sleep_islands),
            ];
            if self.profile.is_empty() {
                self.profile = now.iter().map(|&(k, _)| (k, 0.0)).collect();
            }
            for (acc, (_, ms)) in self.profile.iter_mut().zip(now) {
                acc.1 += ms as f64;
            }
        }
    }

    fn stages(&self) -> Vec<(&'static str, f64)> {
        self.profile.clone()
    }

    fn awake(&self) -> Option<usize> {
        self.world.awake_body_count().ok().map(|n| n as usize)
    }

    fn notes(&self) -> String {
        // `b2Counters::contactCount`: every contact, touching or not.
        let awake = self
            .world
            .awake_body_count()
            .map_or_else(|_| String::new(), |n| format!("; awake bodies: {n}"));
        self.world.counters().map_or_else(
            |_| String::new(),
            |c| format!("contacts at the end: {}{awake}", c.contact_count),
        )
    }

    fn body_count(&self) -> usize {
        self.bodies.len()
    }

    fn poses(&mut self) -> Vec<[f64; 3]> {
        let ids = self.bodies.clone();
        ids.into_iter()
            .map(|id| {
                let b = self.world.body(id).expect("body");
                let p = b.position().expect("position");
                let angle = b.rotation().expect("rotation").angle();
                [p.x as f64, p.y as f64, angle as f64]
            })
            .collect()
    }
}

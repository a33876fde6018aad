//! Scene builders for the benchmarks (`bench`, `bench_scenes`) and for the
//! Rust-only tests: what a Lua scene cannot check (Rust errors, snapshots,
//! debug draw, the wide solver, springs too stiff to measure). DESIGN.md §5's
//! experiments are not built here: each is one scene in `scenes/`, measured
//! by `tests/lua_scenes.rs`.

pub mod bench;
pub mod bench_scenes;
pub mod joints;

use crate::physics::{BodyDef, BodyId, BodyType, Polygon, ShapeDef, ShapeGeom, Vec2, World};

/// Options for the little helpers below.
#[derive(Clone, Copy, Debug)]
pub struct Material {
    pub density: f64,
    pub friction: f64,
    pub restitution: f64,
}

impl Default for Material {
    fn default() -> Self {
        Material {
            density: 1.0,
            friction: 0.6,
            restitution: 0.0,
        }
    }
}

impl Material {
    /// A shape of `geom` made of this material.
    pub fn shape(self, geom: ShapeGeom) -> ShapeDef {
        ShapeDef {
            geom,
            density: self.density,
            friction: self.friction,
            restitution: self.restitution,
            ..ShapeDef::default()
        }
    }
}

/// A body with the given shapes: every builder here and in `bench` makes
/// its bodies through this one.
pub fn body_with_shapes(
    world: &mut World,
    body_type: BodyType,
    position: Vec2,
    angle: f64,
    shapes: impl IntoIterator<Item = ShapeDef>,
) -> BodyId {
    let id = world
        .create_body(&BodyDef {
            body_type,
            position,
            angle,
            ..BodyDef::default()
        })
        .expect("valid body");
    for shape in shapes {
        world.add_shape(id, &shape).expect("valid shape");
    }
    id
}

/// A body with one shape.
pub fn body_with(
    world: &mut World,
    body_type: BodyType,
    position: Vec2,
    angle: f64,
    geom: ShapeGeom,
    material: Material,
) -> BodyId {
    body_with_shapes(world, body_type, position, angle, [material.shape(geom)])
}

/// A static box of full size `w` × `h` centred at `center`.
pub fn ground_box(world: &mut World, center: Vec2, w: f64, h: f64, material: Material) -> BodyId {
    body_with(
        world,
        BodyType::Static,
        center,
        0.0,
        ShapeGeom::Polygon(Polygon::make_box(0.5 * w, 0.5 * h)),
        material,
    )
}

/// A dynamic box of full size `w` × `h`.
pub fn dynamic_box(
    world: &mut World,
    center: Vec2,
    angle: f64,
    w: f64,
    h: f64,
    material: Material,
) -> BodyId {
    body_with(
        world,
        BodyType::Dynamic,
        center,
        angle,
        ShapeGeom::Polygon(Polygon::make_box(0.5 * w, 0.5 * h)),
        material,
    )
}

/// A dynamic circle.
pub fn dynamic_circle(world: &mut World, center: Vec2, r: f64, material: Material) -> BodyId {
    body_with(
        world,
        BodyType::Dynamic,
        center,
        0.0,
        ShapeGeom::Circle(crate::physics::Circle {
            center: Vec2::ZERO,
            radius: r,
        }),
        material,
    )
}

/// A pyramid of unit boxes, `rows` on the base, on a static ground (the
/// robustness tests' pile; `rows = 1` is a ground with one box).
pub fn pyramid(world: &mut World, rows: usize) -> Vec<BodyId> {
    ground_box(
        world,
        Vec2::new(0.0, -0.5),
        2.0 * rows as f64 + 20.0,
        1.0,
        Material::default(),
    );
    let mut ids = Vec::new();
    for row in 0..rows {
        let count = rows - row;
        let y = 0.5 + row as f64;
        for k in 0..count {
            let x = (k as f64 - 0.5 * (count as f64 - 1.0)) * 1.0;
            ids.push(dynamic_box(
                world,
                Vec2::new(x, y),
                0.0,
                1.0,
                1.0,
                Material::default(),
            ));
        }
    }
    ids
}

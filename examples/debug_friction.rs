use physbox::physics::*;
use physbox::testbed::*;
fn main() {
    let mut world = World::new(WorldSettings::default());
    ground_box(&mut world, Vec2::new(0.0, -0.5), 20.0, 1.0, Material::default());
    let b = dynamic_box(&mut world, Vec2::new(0.0, 0.25), 0.0, 0.5, 0.5, Material::default());
    world.set_linear_velocity(b, Vec2::new(2.0, 0.0)).unwrap();
    for i in 0..40 {
        world.step(1.0 / 60.0);
        let body = world.body(b).unwrap();
        if i % 4 == 0 {
            let c = &world.contacts()[0];
            println!("{i} p={:?} v={:?} w={} pts={} imp={:?}", body.xf.p, body.linear_velocity, body.angular_velocity, c.manifold.count,
                c.manifold.points().iter().map(|p| (p.separation, p.normal_impulse, p.tangent_impulse)).collect::<Vec<_>>());
        }
    }
}

use physbox::physics::*;
use physbox::testbed::experiments as ex;
fn main() {
    let mut world = World::new(WorldSettings::default());
    let boxes = ex::incline(&mut world, 20f64.to_radians(), &[0.6]);
    for i in 0..60 {
        world.step(1.0 / 60.0);
        let body = world.body(boxes[0]).unwrap();
        if i % 6 == 0 {
            let cs: Vec<_> = world.contacts().iter().map(|c| (c.manifold.count, c.friction, c.manifold.normal, c.manifold.points().iter().map(|p| (p.separation, p.normal_impulse, p.tangent_impulse)).collect::<Vec<_>>())).collect();
            println!("{i} p={:?} v={:?} a={} {:?}", body.xf.p, body.linear_velocity, body.xf.q.angle(), cs);
        }
    }
}

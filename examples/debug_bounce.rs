use physbox::physics::*;
use physbox::testbed::experiments as ex;
fn main() {
    let mut world = World::new(WorldSettings::default());
    let b = ex::bouncing_box(&mut world, 3.0, 0.3);
    let e0 = world.energy();
    let mut last = e0;
    for i in 0..600 {
        let before = world.body(b).unwrap().clone();
        world.step(1.0 / 60.0);
        let e = world.energy();
        if (e - last).abs() > 1e-6 * e0 {
            let body = world.body(b).unwrap();
            let c = &world.contacts()[0];
            println!("{i} dE={:+.5}% E={:.5} y={:.4} v={:.3?} w={:.3} (before v={:.3?} w={:.3}) pts={:?}", (e-last)/e0*100.0, e, body.center.y, body.linear_velocity, body.angular_velocity, before.linear_velocity, before.angular_velocity,
              c.manifold.points().iter().map(|p| (p.separation, p.normal_velocity, p.total_normal_impulse)).collect::<Vec<_>>());
        }
        last = e;
    }
}

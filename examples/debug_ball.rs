use physbox::physics::*;
use physbox::testbed::experiments as ex;
fn main() {
    let mut world = World::new(WorldSettings::default());
    let b = ex::perfect_bounce(&mut world, 4.0, 1.0);
    let g = 4.0 * 9.81;
    for i in 0..200 {
        let before = world.body(b).unwrap().clone();
        world.step(1.0 / 60.0);
        let body = world.body(b).unwrap();
        let e = 0.5 * body.linear_velocity.y.powi(2) + g * (body.center.y - 0.5);
        if before.linear_velocity.y < 0.0 && body.linear_velocity.y > 0.0 {
            let c = &world.contacts()[0];
            println!("{i} bounce: y0={:.6} v0={:.6} -> y={:.6} v={:.6}  E/m={:.6} (drop 1.0 -> {:.6}) pts={:?}", before.center.y, before.linear_velocity.y, body.center.y, body.linear_velocity.y, e, g*1.0,
              c.manifold.points().iter().map(|p| (p.separation, p.total_normal_impulse, p.normal_impulse)).collect::<Vec<_>>());
        }
    }
}

//! The order the joint passes visit a step's joints in: the joints' slot
//! order, rearranged so that consecutive joints seldom share a body,
//! without changing a single result.
//!
//! Each pass over the joints (warm start, solve, projection, relax) is
//! Gauss–Seidel: a joint reads its two bodies, works, and writes them back
//! for the next joint. In slot order the joints of a chain or a grid come
//! one after another along the chain, each waiting for the last one's
//! writes: the projection of joint_grid (19,794 hinges) took three times
//! as long as its velocity solve over the same records, its instructions
//! a chain of dependent latencies. The processor can overlap two joints
//! only when neither touches the other's bodies.
//!
//! Two joints that share no body can swap places without changing what
//! either computes; joints that share one keep their order. So every body
//! sees the same joints in the same order, and each pass gives bit for bit
//! the slot order's result. Within blocks of `BLOCK` consecutive joints
//! (in slot order), each joint gets a *level* — one more than the highest
//! level of an earlier joint of its block on either of its bodies — and
//! the block is visited level by level: joints of one level share no body,
//! and a joint's earlier neighbours are at lower levels. Blocks keep the
//! bodies a pass touches at a time few (a block of a grid is a few rows of
//! it, in the first-level cache): over the whole set at once, each pass
//! spread over the whole grid and joint_grid's relax phase was 8 % slower
//! than with blocks of 1,024; blocks of 64 or 256 overlapped too little
//! (projection 2.5–2.9 ms a step against 2.3). The world body (solver
//! index 0) is never written, so it orders nothing.
//!
//! joint_grid, the same binary's two orders run one after the other on
//! one core: substeps 7.55–7.58 → 6.57–6.60 ms a step, the step 12.0–12.2
//! → 11.2–11.3 ms. Preparing the joints in this order costs 0.2 ms more
//! (1.58 → 1.80 ms for the whole solver setup): the joints and bodies are
//! read in a jumping order, asked for a few joints ahead. Splitting by
//! substep stage (clocks around each, a local build): projection 2.6–2.7
//! → 2.2–2.3 ms, velocity solve 0.95 → 0.81–0.85, relax 2.16–2.21 →
//! 2.01–2.06, warm start 1.00–1.05 → 1.16–1.21 (its bodies are less often
//! the last joint's).

/// Joints per block (about five rows of a grid 100 bodies wide).
pub(crate) const BLOCK: usize = 1024;

#[cfg(test)]
thread_local! {
    /// Blocks of one joint keep the slot order: what a test compares the
    /// visiting order's motion with.
    static BLOCK_FOR_TESTS: std::cell::Cell<usize> = const { std::cell::Cell::new(BLOCK) };
}

/// The block length `arrange` works with.
#[allow(clippy::let_and_return)]
fn block_len() -> usize {
    #[cfg(test)]
    let block = BLOCK_FOR_TESTS.with(|b| b.get());
    #[cfg(not(test))]
    let block = BLOCK;
    block
}

/// A joint of this step: its slot and its solver bodies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct JointSlot {
    pub index: u32,
    pub a: u32,
    pub b: u32,
}

/// Reused buffers of `arrange`.
#[derive(Clone, Debug, Default)]
pub(crate) struct OrderScratch {
    /// Per solver body: the block that last set its level, and the level.
    last: Vec<(u32, u32)>,
    level: Vec<u32>,
    count: Vec<u32>,
    sorted: Vec<JointSlot>,
}

/// Rearrange `joints` (in slot order, over `bodies` solver bodies) into
/// the visiting order described above.
pub(crate) fn arrange(joints: &mut [JointSlot], bodies: usize, s: &mut OrderScratch) {
    s.last.clear();
    s.last.resize(bodies, (u32::MAX, 0));
    for (k, block) in joints.chunks_mut(block_len()).enumerate() {
        let stamp = k as u32;
        s.level.clear();
        let mut top = 0;
        for j in block.iter() {
            let level_of = |x: u32| match s.last[x as usize] {
                (at, level) if at == stamp && x != 0 => level,
                _ => 0,
            };
            let level = 1 + level_of(j.a).max(level_of(j.b));
            for x in [j.a, j.b] {
                s.last[x as usize] = (stamp, level);
            }
            s.level.push(level);
            top = top.max(level);
        }
        // Counting sort by level, stable (same-level joints keep their
        // slot order).
        s.count.clear();
        s.count.resize(top as usize + 2, 0);
        for &l in &s.level {
            s.count[l as usize + 1] += 1;
        }
        for l in 1..s.count.len() {
            s.count[l] += s.count[l - 1];
        }
        s.sorted.clear();
        s.sorted.resize(block.len(), JointSlot::default());
        for (j, &l) in block.iter().zip(&s.level) {
            let at = &mut s.count[l as usize];
            s.sorted[*at as usize] = *j;
            *at += 1;
        }
        block.copy_from_slice(&s.sorted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(index: u32, a: u32, b: u32) -> JointSlot {
        JointSlot { index, a, b }
    }

    /// Every body meets its joints in slot order, and the result is a
    /// permutation of the input.
    fn check(before: &[JointSlot], after: &[JointSlot], bodies: usize) {
        let mut a: Vec<u32> = before.iter().map(|j| j.index).collect();
        let mut b: Vec<u32> = after.iter().map(|j| j.index).collect();
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b, "a permutation");
        for body in 1..bodies as u32 {
            let seen = |js: &[JointSlot]| -> Vec<u32> {
                js.iter()
                    .filter(|j| j.a == body || j.b == body)
                    .map(|j| j.index)
                    .collect()
            };
            assert_eq!(seen(before), seen(after), "body {body}");
        }
    }

    #[test]
    fn a_grid_keeps_each_bodys_joint_order_and_interleaves_its_rows() {
        // A 40 × 40 grid, joints made row by row: right, then down.
        let w = 40u32;
        let body = |r: u32, c: u32| 1 + r * w + c;
        let mut joints = Vec::new();
        for r in 0..w {
            for c in 0..w {
                if c + 1 < w {
                    joints.push(slot(joints.len() as u32, body(r, c), body(r, c + 1)));
                }
                if r + 1 < w {
                    joints.push(slot(joints.len() as u32, body(r, c), body(r + 1, c)));
                }
            }
        }
        let bodies = (w * w + 1) as usize;
        let mut arranged = joints.clone();
        arrange(&mut arranged, bodies, &mut OrderScratch::default());
        check(&joints, &arranged, bodies);
        let shared = |js: &[JointSlot]| {
            js.windows(2)
                .filter(|p| [p[0].a, p[0].b].iter().any(|&x| x == p[1].a || x == p[1].b))
                .count()
        };
        // In slot order every other joint shares a body with the one
        // before (a joint to the right, then one down from the same body:
        // 1,559 of 3,120); arranged, few do (43).
        assert!(shared(&joints) > joints.len() * 2 / 5);
        assert!(
            shared(&arranged) < joints.len() / 20,
            "{}",
            shared(&arranged)
        );
    }

    #[test]
    fn joints_to_the_world_do_not_order_each_other() {
        // Ten pendulums hung from the world (body 0), then a chain.
        let mut joints: Vec<JointSlot> = (0..10).map(|i| slot(i, 0, i + 1)).collect();
        joints.extend((10..20).map(|i| slot(i, i - 9, i - 8)));
        let mut arranged = joints.clone();
        arrange(&mut arranged, 12, &mut OrderScratch::default());
        check(&joints, &arranged, 12);
        // The pendulums all come first: level 1 (the world orders nothing).
        let first: Vec<u32> = arranged[..10].iter().map(|j| j.index).collect();
        assert_eq!(first, (0..10).collect::<Vec<_>>());
    }

    /// A hinged grid hung from the world by its top row, falling onto a
    /// floor: the state after a second, in slot order and in visiting order.
    fn grid_after_a_second(block: usize) -> u64 {
        use crate::physics::geometry::shape::{Circle, Polygon, ShapeGeom};
        use crate::physics::joints::{HingeParams, JointDef, JointKind};
        use crate::physics::math::Vec2;
        use crate::physics::settings::WorldSettings;
        use crate::physics::world::body::{BodyDef, BodyType, ShapeDef};
        use crate::physics::world::World;
        BLOCK_FOR_TESTS.with(|b| b.set(block));
        let mut w = World::new(WorldSettings::default());
        // A body of `body_type` at `position` with the one shape `geom`.
        let mut add = |body_type, position, geom| {
            let def = BodyDef {
                body_type,
                position,
                ..BodyDef::default()
            };
            let id = w.create_body(&def).unwrap();
            let shape = ShapeDef {
                geom,
                ..ShapeDef::default()
            };
            w.add_shape(id, &shape).unwrap();
            id
        };
        let floor = ShapeGeom::Polygon(Polygon::make_box(30.0, 0.5));
        add(BodyType::Static, Vec2::new(0.0, -14.0), floor);
        let ball = ShapeGeom::Circle(Circle {
            center: Vec2::ZERO,
            radius: 0.4,
        });
        let n = 12;
        let mut ids = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let at = Vec2::new(c as f64 + 0.3 * r as f64, -(r as f64));
                ids.push((add(BodyType::Dynamic, at, ball), at));
            }
        }
        let hinge = || JointKind::Hinge(HingeParams::default());
        for r in 0..n {
            for c in 0..n {
                let (body, at) = ids[r * n + c];
                if r == 0 && c % 3 == 0 {
                    w.create_joint(&JointDef::new(hinge(), body, None, at))
                        .unwrap();
                }
                if c + 1 < n {
                    let (right, _) = ids[r * n + c + 1];
                    w.create_joint(&JointDef::new(hinge(), body, Some(right), at))
                        .unwrap();
                }
                if r + 1 < n {
                    let (down, _) = ids[(r + 1) * n + c];
                    w.create_joint(&JointDef::new(hinge(), body, Some(down), at))
                        .unwrap();
                }
            }
        }
        for _ in 0..60 {
            w.step(1.0 / 60.0);
        }
        BLOCK_FOR_TESTS.with(|b| b.set(BLOCK));
        w.state_hash()
    }

    #[test]
    fn a_hinged_grid_moves_bit_for_bit_as_in_slot_order() {
        // Blocks of one joint are the slot order itself.
        assert_eq!(grid_after_a_second(1), grid_after_a_second(BLOCK));
    }

    #[test]
    fn random_joint_sets_keep_every_bodys_order() {
        let mut seed = 12345u64;
        let mut next = |n: u32| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % n as u64) as u32
        };
        for _ in 0..20 {
            let bodies = 2 + next(300) as usize;
            let count = next(3000);
            let joints: Vec<JointSlot> = (0..count)
                .map(|i| slot(i, next(bodies as u32), next(bodies as u32)))
                .collect();
            let mut arranged = joints.clone();
            arrange(&mut arranged, bodies, &mut OrderScratch::default());
            check(&joints, &arranged, bodies);
        }
    }
}

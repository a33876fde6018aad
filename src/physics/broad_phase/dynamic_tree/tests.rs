//! Tree tests: every query result is compared with brute force over the same
//! boxes, and `validate` runs after every batch of edits.

use super::*;
use crate::physics::math::{Aabb, Real, Vec2};

/// Small deterministic generator so the tests need no dependencies.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub(crate) fn next_u64(&mut self) -> u64 {
        // splitmix64
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(crate) fn uniform(&mut self, lo: Real, hi: Real) -> Real {
        let unit = (self.next_u64() >> 11) as Real / (1u64 << 53) as Real;
        lo + (hi - lo) * unit
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// A random box with single-precision corners, as the trees store
    /// boxes (`node_box.rs`): the brute-force checks compare the same boxes
    /// the tree holds.
    pub(crate) fn aabb(&mut self, extent: Real, max_size: Real) -> Aabb {
        let c = Vec2::new(self.uniform(-extent, extent), self.uniform(-extent, extent));
        let h = Vec2::new(self.uniform(0.0, max_size), self.uniform(0.0, max_size));
        let single = |v: Vec2| Vec2::new(v.x as f32 as Real, v.y as f32 as Real);
        Aabb::new(single(c - h), single(c + h))
    }
}

fn query_ids(tree: &DynamicTree, q: Aabb) -> Vec<u32> {
    let mut out = Vec::new();
    tree.query(q, |id, _| {
        out.push(id);
        true
    });
    out.sort_unstable();
    out
}

fn brute_ids(live: &[(u32, Aabb)], q: Aabb) -> Vec<u32> {
    let mut out: Vec<u32> = live
        .iter()
        .filter(|(_, b)| b.overlaps(&q))
        .map(|(id, _)| *id)
        .collect();
    out.sort_unstable();
    out
}

/// Height bound of an AVL tree with `n` leaves, plus slack of one.
fn avl_height_bound(n: usize) -> u32 {
    (1.45 * (n as Real + 2.0).log2()).ceil() as u32 + 1
}

#[test]
fn empty_tree_reports_nothing() {
    let tree = DynamicTree::new();
    assert!(tree.query(
        Aabb::new(Vec2::splat(-1e9), Vec2::splat(1e9)),
        |_, _| panic!()
    ));
    let t = tree.ray_cast(Vec2::ZERO, Vec2::X, 1.0, |_, _, _| panic!());
    assert_eq!(t, 1.0);
    assert_eq!(tree.height(), 0);
    assert_eq!(tree.proxy_count(), 0);
    assert!(tree.root_bounds().is_none());
    tree.validate().unwrap();
}

#[test]
fn two_thousand_random_boxes_match_brute_force() {
    let mut rng = Rng::new(1);
    let mut tree = DynamicTree::new();
    let mut live = Vec::new();
    for i in 0..2000u64 {
        let b = rng.aabb(100.0, 2.0);
        let id = tree.create_proxy(b, i * 7);
        live.push((id, b));
    }
    tree.validate().unwrap();
    assert_eq!(tree.proxy_count(), 2000);
    assert!(
        tree.height() <= avl_height_bound(2000),
        "height {}",
        tree.height()
    );
    for &(id, b) in &live {
        assert_eq!(tree.fat_aabb(id), b);
    }
    for _ in 0..500 {
        let q = rng.aabb(110.0, 15.0);
        assert_eq!(query_ids(&tree, q), brute_ids(&live, q));
    }
    // User data travels with the proxy.
    let (id0, b0) = live[0];
    let mut found = None;
    tree.query(b0, |id, user| {
        if id == id0 {
            found = Some(user);
        }
        true
    });
    assert_eq!(found, Some(0));
    assert_eq!(tree.user_data(live[5].0), 35);
}

#[test]
fn sorted_insertion_stays_balanced() {
    // A row of boxes inserted left to right is the classic way to build a
    // list-shaped tree; rotations must prevent it.
    let mut tree = DynamicTree::new();
    for i in 0..4096 {
        let x = i as Real;
        tree.create_proxy(Aabb::new(Vec2::new(x, 0.0), Vec2::new(x + 0.5, 0.5)), i);
    }
    tree.validate().unwrap();
    assert!(
        tree.height() <= avl_height_bound(4096),
        "height {}",
        tree.height()
    );
}

#[test]
fn moves_and_destroys_keep_queries_exact() {
    let mut rng = Rng::new(2);
    let mut tree = DynamicTree::new();
    let mut live: Vec<(u32, Aabb)> = Vec::new();
    for i in 0..1000 {
        let b = rng.aabb(50.0, 1.5);
        live.push((tree.create_proxy(b, i), b));
    }
    for round in 0..20 {
        for _ in 0..100 {
            match rng.below(3) {
                0 if !live.is_empty() => {
                    let k = rng.below(live.len());
                    let (id, _) = live.swap_remove(k);
                    tree.destroy_proxy(id);
                    assert!(!tree.contains_proxy(id));
                }
                1 if !live.is_empty() => {
                    let k = rng.below(live.len());
                    let b = rng.aabb(50.0, 1.5);
                    tree.move_proxy(live[k].0, b);
                    live[k].1 = b;
                }
                _ => {
                    let b = rng.aabb(50.0, 1.5);
                    live.push((tree.create_proxy(b, round), b));
                }
            }
        }
        tree.validate().unwrap();
        assert_eq!(tree.proxy_count(), live.len());
        for _ in 0..50 {
            let q = rng.aabb(55.0, 8.0);
            assert_eq!(query_ids(&tree, q), brute_ids(&live, q));
        }
    }
    // Tear everything down: the tree must end empty and consistent.
    for (id, _) in live.drain(..) {
        tree.destroy_proxy(id);
    }
    tree.validate().unwrap();
    assert_eq!(tree.proxy_count(), 0);
    assert_eq!(tree.height(), 0);
}

#[test]
fn enlarge_keeps_containment() {
    let mut rng = Rng::new(3);
    let mut tree = DynamicTree::new();
    let mut live: Vec<(u32, Aabb)> = Vec::new();
    for i in 0..500 {
        let b = rng.aabb(30.0, 1.0);
        live.push((tree.create_proxy(b, i), b));
    }
    for _ in 0..300 {
        let k = rng.below(live.len());
        let grown = live[k].1.union(&rng.aabb(30.0, 1.0));
        tree.enlarge_proxy(live[k].0, grown);
        live[k].1 = grown;
    }
    tree.validate().unwrap();
    for _ in 0..100 {
        let q = rng.aabb(30.0, 4.0);
        assert_eq!(query_ids(&tree, q), brute_ids(&live, q));
    }
}

#[test]
fn identical_operations_give_identical_trees() {
    let build = || {
        let mut rng = Rng::new(4);
        let mut tree = DynamicTree::new();
        let mut ids = Vec::new();
        for i in 0..800 {
            ids.push(tree.create_proxy(rng.aabb(40.0, 1.0), i));
        }
        for _ in 0..400 {
            let k = rng.below(ids.len());
            if rng.below(2) == 0 {
                tree.destroy_proxy(ids.swap_remove(k));
            } else {
                tree.move_proxy(ids[k], rng.aabb(40.0, 1.0));
            }
        }
        tree
    };
    let (a, b) = (build(), build());
    assert_eq!(a.root, b.root);
    assert_eq!(a.free_list, b.free_list);
    assert_eq!(a.nodes, b.nodes);
    let q = Aabb::new(Vec2::splat(-10.0), Vec2::splat(10.0));
    let (mut va, mut vb) = (Vec::new(), Vec::new());
    a.query(q, |id, _| {
        va.push(id);
        true
    });
    b.query(q, |id, _| {
        vb.push(id);
        true
    });
    assert_eq!(va, vb);
}

#[test]
fn query_stops_when_callback_says_so() {
    let mut tree = DynamicTree::new();
    for i in 0..100 {
        tree.create_proxy(Aabb::new(Vec2::ZERO, Vec2::ONE), i);
    }
    let mut calls = 0;
    let finished = tree.query(Aabb::new(Vec2::ZERO, Vec2::ONE), |_, _| {
        calls += 1;
        calls < 5
    });
    assert!(!finished);
    assert_eq!(calls, 5);
}

/// Slab test: entry fraction of segment `p + t d`, t in [0, tmax], into `b`.
fn segment_entry(b: &Aabb, p: Vec2, d: Vec2, tmax: Real) -> Option<Real> {
    let (mut lo, mut hi) = (0.0 as Real, tmax);
    for axis in 0..2 {
        let (p, d, min, max) = (p[axis], d[axis], b.min[axis], b.max[axis]);
        if d.abs() < 1e-300 {
            if p < min || p > max {
                return None;
            }
        } else {
            let (mut t1, mut t2) = ((min - p) / d, (max - p) / d);
            if t1 > t2 {
                std::mem::swap(&mut t1, &mut t2);
            }
            lo = lo.max(t1);
            hi = hi.min(t2);
            if lo > hi {
                return None;
            }
        }
    }
    Some(lo)
}

#[test]
fn ray_cast_matches_brute_force() {
    let mut rng = Rng::new(5);
    let mut tree = DynamicTree::new();
    let mut live: Vec<(u32, Aabb)> = Vec::new();
    for i in 0..2000 {
        let b = rng.aabb(100.0, 2.0);
        live.push((tree.create_proxy(b, i), b));
    }
    for _ in 0..300 {
        let p = Vec2::new(rng.uniform(-120.0, 120.0), rng.uniform(-120.0, 120.0));
        let d = Vec2::new(rng.uniform(-150.0, 150.0), rng.uniform(-150.0, 150.0));

        // All hits (callback ignores every proxy, so nothing is clipped).
        let mut hits = Vec::new();
        let t = tree.ray_cast(p, d, 1.0, |id, _, _| {
            hits.push(id);
            -1.0
        });
        assert_eq!(t, 1.0);
        hits.sort_unstable();
        let mut expected: Vec<u32> = live
            .iter()
            .filter(|(_, b)| segment_entry(b, p, d, 1.0).is_some())
            .map(|(id, _)| *id)
            .collect();
        expected.sort_unstable();
        assert_eq!(hits, expected);

        // Closest hit: clip to each entry fraction found.
        let closest = tree.ray_cast(p, d, 1.0, |id, _, tmax| {
            segment_entry(&tree.fat_aabb(id), p, d, tmax).map_or(-1.0, |t| t.max(1e-12))
        });
        let expected_closest = live
            .iter()
            .filter_map(|(_, b)| segment_entry(b, p, d, 1.0))
            .fold(1.0 as Real, |a, t| a.min(t.max(1e-12)));
        assert_eq!(closest, expected_closest);
    }
}

#[test]
fn ray_cast_stops_on_zero_and_handles_zero_translation() {
    let mut tree = DynamicTree::new();
    for i in 0..10 {
        let x = i as Real * 2.0;
        tree.create_proxy(Aabb::new(Vec2::new(x, -1.0), Vec2::new(x + 1.0, 1.0)), i);
    }
    let mut calls = 0;
    let t = tree.ray_cast(
        Vec2::new(-1.0, 0.0),
        Vec2::new(30.0, 0.0),
        1.0,
        |_, _, _| {
            calls += 1;
            0.0
        },
    );
    assert_eq!((t, calls), (0.0, 1));

    // A zero-length ray is a point probe.
    let mut hit = Vec::new();
    tree.ray_cast(Vec2::new(4.5, 0.0), Vec2::ZERO, 1.0, |_, u, _| {
        hit.push(u);
        -1.0
    });
    assert_eq!(hit, vec![2]);
}

#[test]
fn non_finite_boxes_never_enter_the_tree() {
    let bad = Aabb::new(Vec2::new(Real::NAN, 0.0), Vec2::ONE);
    let run = || {
        let mut tree = DynamicTree::new();
        let good = tree.create_proxy(Aabb::new(Vec2::ZERO, Vec2::ONE), 1);
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            tree.move_proxy(good, bad);
        }));
        let detached = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let mut t = tree.clone();
            let id = t.create_proxy(bad, 2);
            (t, id)
        }));
        (tree, good, detached.ok())
    };
    let (tree, good, detached) = run();
    tree.validate().unwrap();
    assert_eq!(tree.fat_aabb(good), Aabb::new(Vec2::ZERO, Vec2::ONE));
    if let Some((mut t, id)) = detached {
        // Release builds: the proxy exists, detached, until given a real box.
        t.validate().unwrap();
        assert_eq!(t.proxy_count(), 2);
        t.move_proxy(id, Aabb::new(Vec2::ZERO, Vec2::ONE));
        t.validate().unwrap();
        t.destroy_proxy(id);
        t.validate().unwrap();
    }
}

#[test]
fn huge_finite_boxes_do_not_panic() {
    let mut tree = DynamicTree::new();
    let big = Real::MAX / 2.0;
    for i in 0..50 {
        let s = if i % 2 == 0 { big } else { 1.0 };
        tree.create_proxy(Aabb::new(Vec2::splat(-s), Vec2::splat(s)), i);
    }
    tree.validate().unwrap();
    let mut n = 0;
    tree.query(Aabb::new(Vec2::ZERO, Vec2::ONE), |_, _| {
        n += 1;
        true
    });
    assert_eq!(n, 50);
    tree.ray_cast(Vec2::splat(-big), Vec2::splat(big), 1.0, |_, _, _| -1.0);
}

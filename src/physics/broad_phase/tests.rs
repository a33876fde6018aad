//! Broad-phase tests: reported pairs are compared with a brute-force search
//! over the same fat AABBs and the kind pairing rules.

use super::*;
use crate::physics::broad_phase::dynamic_tree::stored;
use crate::physics::broad_phase::dynamic_tree::tests::Rng;

fn can_pair(a: ProxyKind, b: ProxyKind) -> bool {
    a == ProxyKind::Dynamic || b == ProxyKind::Dynamic
}

fn ordered(a: u64, b: u64) -> (u64, u64) {
    (a.min(b), a.max(b))
}

/// Collect the pairs of one `update_pairs`, checking none repeats.
fn collect_pairs(bp: &mut BroadPhase) -> Vec<(u64, u64)> {
    let mut pairs = Vec::new();
    bp.update_pairs(|a, b| {
        pairs.push(ordered(a, b));
        true
    });
    let mut sorted = pairs.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), pairs.len(), "a pair was reported twice");
    assert_eq!(bp.move_count(), 0);
    sorted
}

/// Every overlapping pair of live proxies that may collide and of which at
/// least one is in `moved`.
fn brute_pairs(bp: &BroadPhase, live: &[ProxyKey], moved: &[ProxyKey]) -> Vec<(u64, u64)> {
    brute_new_pairs(bp, live, moved, &[])
}

/// `brute_pairs` less the pairs whose boxes overlapped before the moves:
/// `from` holds the box each moved proxy had before its first move (a
/// proxy in `moved` but not in `from` is new, or asked for every overlap).
fn brute_new_pairs(
    bp: &BroadPhase,
    live: &[ProxyKey],
    moved: &[ProxyKey],
    from: &[(ProxyKey, Aabb)],
) -> Vec<(u64, u64)> {
    let before = |k: ProxyKey| -> Option<Aabb> {
        if moved.contains(&k) {
            from.iter().find(|(f, _)| *f == k).map(|(_, b)| *b)
        } else {
            Some(bp.fat_aabb(k))
        }
    };
    let mut out = Vec::new();
    for (i, &a) in live.iter().enumerate() {
        for &b in &live[i + 1..] {
            let known = matches!((before(a), before(b)), (Some(x), Some(y)) if x.overlaps(&y));
            if can_pair(a.kind(), b.kind())
                && (moved.contains(&a) || moved.contains(&b))
                && bp.test_overlap(a, b)
                && !known
            {
                out.push(ordered(bp.user_data(a), bp.user_data(b)));
            }
        }
    }
    out.sort_unstable();
    out
}

fn random_kind(rng: &mut Rng) -> ProxyKind {
    match rng.below(4) {
        0 => ProxyKind::Static,
        1 => ProxyKind::Kinematic,
        _ => ProxyKind::Dynamic,
    }
}

fn populate(rng: &mut Rng, bp: &mut BroadPhase, n: u64) -> Vec<ProxyKey> {
    (0..n)
        .map(|i| {
            let kind = random_kind(rng);
            bp.create_proxy(rng.aabb(30.0, 0.8), kind, i)
        })
        .collect()
}

#[test]
fn first_update_reports_all_overlaps_once() {
    let mut rng = Rng::new(10);
    let mut bp = BroadPhase::new();
    let live = populate(&mut rng, &mut bp, 1500);
    assert_eq!(bp.move_count(), 1500);
    bp.validate().unwrap();
    let expected = brute_pairs(&bp, &live, &live);
    assert!(
        expected.len() > 100,
        "test needs overlaps: {}",
        expected.len()
    );
    assert_eq!(collect_pairs(&mut bp), expected);
    // Nothing moved since: nothing to report.
    assert!(collect_pairs(&mut bp).is_empty());
}

#[test]
fn moves_report_pairs_of_moved_proxies() {
    let mut rng = Rng::new(11);
    let mut bp = BroadPhase::new();
    let mut live = populate(&mut rng, &mut bp, 1000);
    collect_pairs(&mut bp);
    for round in 0..10 {
        let mut moved = Vec::new();
        let mut from = Vec::new();
        for k in 0..150 {
            // Half the moves are small: a proxy that keeps some of its
            // neighbours (those pairs are known, not reported again).
            let key = live[rng.below(live.len())];
            let was = bp.fat_aabb(key);
            let to = if k % 2 == 0 {
                rng.aabb(30.0, 0.8)
            } else {
                let shift = Vec2::new(rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6));
                Aabb::new(was.min + shift, was.max + shift)
            };
            if bp.move_proxy(key, to) && !moved.contains(&key) {
                moved.push(key);
                from.push((key, was));
            }
        }
        // Some churn: destroyed proxies, moved or not, must vanish from pairs.
        for _ in 0..20 {
            let key = live.swap_remove(rng.below(live.len()));
            bp.destroy_proxy(key);
            moved.retain(|&k| k != key);
        }
        for i in 0..20 {
            let key = bp.create_proxy(
                rng.aabb(30.0, 0.8),
                random_kind(&mut rng),
                10_000 + round * 100 + i,
            );
            live.push(key);
            moved.push(key);
        }
        bp.validate().unwrap();
        assert_eq!(bp.move_count(), moved.len());
        let expected = brute_new_pairs(&bp, &live, &moved, &from);
        assert!(brute_pairs(&bp, &live, &moved).len() > expected.len());
        assert_eq!(collect_pairs(&mut bp), expected);
    }
}

#[test]
fn staying_inside_the_fat_aabb_does_not_buffer() {
    let mut bp = BroadPhase::new();
    let tight = Aabb::new(Vec2::ZERO, Vec2::ONE);
    let key = bp.create_proxy(tight, ProxyKind::Dynamic, 7);
    assert_eq!(bp.fat_aabb(key), stored(&tight.expanded(AABB_MARGIN)));
    bp.update_pairs(|_, _| true);
    assert!(!bp.is_move_buffered(key));

    // Jitter within the margin: no re-insertion, no buffering.
    let nudged = Aabb::new(Vec2::splat(0.05), Vec2::splat(1.05));
    assert!(!bp.move_proxy(key, nudged));
    assert!(!bp.is_move_buffered(key));
    assert_eq!(bp.move_count(), 0);
    assert_eq!(bp.fat_aabb(key), stored(&tight.expanded(AABB_MARGIN)));

    // Poking out re-centres the fat box on the new tight box.
    let out = Aabb::new(Vec2::splat(0.2), Vec2::splat(1.2));
    assert!(bp.move_proxy(key, out));
    assert!(bp.is_move_buffered(key));
    assert_eq!(bp.fat_aabb(key), stored(&out.expanded(AABB_MARGIN)));
    bp.validate().unwrap();
}

#[test]
fn small_shapes_get_a_margin_scaled_to_their_size_but_not_below_the_floor() {
    let mut bp = BroadPhase::new();
    // 0.25 m (a tumbler's box): an eighth of it; 1 m: the full margin.
    for (side, margin) in [(0.25, 0.25 * MARGIN_PER_SIZE), (1.0, AABB_MARGIN)] {
        let tight = Aabb::new(Vec2::ZERO, Vec2::new(side, 0.5 * side));
        let key = bp.create_proxy(tight, ProxyKind::Dynamic, 1);
        assert_eq!(bp.fat_aabb(key), stored(&tight.expanded(margin)), "{side}");
    }
    // Two 5 cm boxes resting 1.5 cm apart (within the speculative distance):
    // the floor keeps their fat boxes overlapping, so they stay a pair.
    let mut bp = BroadPhase::new();
    let a = Aabb::new(Vec2::ZERO, Vec2::splat(0.05));
    let b = Aabb::new(Vec2::new(0.065, 0.0), Vec2::new(0.115, 0.05));
    const { assert!(0.05 * MARGIN_PER_SIZE < MIN_MARGIN) };
    let ka = bp.create_proxy(a, ProxyKind::Dynamic, 1);
    bp.create_proxy(b, ProxyKind::Dynamic, 2);
    assert_eq!(bp.fat_aabb(ka), stored(&a.expanded(MIN_MARGIN)));
    assert_eq!(collect_pairs(&mut bp).len(), 1);
}

#[test]
fn kinds_pair_only_with_dynamic() {
    let mut bp = BroadPhase::new();
    let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
    let s1 = bp.create_proxy(b, ProxyKind::Static, 1);
    let _s2 = bp.create_proxy(b, ProxyKind::Static, 2);
    let _k1 = bp.create_proxy(b, ProxyKind::Kinematic, 3);
    let _k2 = bp.create_proxy(b, ProxyKind::Kinematic, 4);
    assert!(collect_pairs(&mut bp).is_empty());
    let d = bp.create_proxy(b, ProxyKind::Dynamic, 5);
    assert_eq!(collect_pairs(&mut bp), vec![(1, 5), (2, 5), (3, 5), (4, 5)]);
    assert!(bp.test_overlap(s1, d));

    // A new static proxy next to the resting dynamic one still pairs.
    let _s3 = bp.create_proxy(b, ProxyKind::Static, 6);
    assert_eq!(collect_pairs(&mut bp), vec![(5, 6)]);

    // The buffered proxy's user comes first.
    let d2 = bp.create_proxy(b, ProxyKind::Dynamic, 9);
    let mut raw = Vec::new();
    bp.update_pairs(|a, b| {
        raw.push((a, b));
        true
    });
    assert!(raw.iter().all(|&(a, _)| a == 9), "{raw:?}");
    bp.destroy_proxy(d2);
    bp.validate().unwrap();
}

#[test]
fn destroyed_proxies_leave_the_buffer() {
    let mut bp = BroadPhase::new();
    let b = Aabb::new(Vec2::ZERO, Vec2::ONE);
    let a = bp.create_proxy(b, ProxyKind::Dynamic, 1);
    let c = bp.create_proxy(b, ProxyKind::Dynamic, 2);
    bp.destroy_proxy(a);
    assert!(!bp.contains(a));
    assert_eq!(bp.move_count(), 1);
    bp.validate().unwrap();
    assert!(collect_pairs(&mut bp).is_empty());
    // The slot is reused by the next proxy, which starts unburdened.
    let e = bp.create_proxy(b, ProxyKind::Dynamic, 3);
    assert_eq!(e, a);
    assert_eq!(collect_pairs(&mut bp), vec![(2, 3)]);
    assert!(bp.test_overlap(c, e));
    assert_eq!(bp.proxy_count(), 2);
}

#[test]
fn identical_builds_give_identical_pair_sequences() {
    let run = || {
        let mut rng = Rng::new(12);
        let mut bp = BroadPhase::new();
        let mut live = populate(&mut rng, &mut bp, 800);
        let mut seq = Vec::new();
        for _ in 0..5 {
            for _ in 0..100 {
                let key = live[rng.below(live.len())];
                bp.move_proxy(key, rng.aabb(30.0, 0.8));
            }
            let key = live.swap_remove(rng.below(live.len()));
            bp.destroy_proxy(key);
            bp.update_pairs(|a, b| {
                seq.push((a, b));
                true
            });
        }
        seq
    };
    let (a, b) = (run(), run());
    assert!(a.len() > 100);
    assert_eq!(a, b);
}

#[test]
fn query_and_ray_cast_respect_kind_masks() {
    let mut rng = Rng::new(13);
    let mut bp = BroadPhase::new();
    let live = populate(&mut rng, &mut bp, 600);
    for _ in 0..50 {
        let q = rng.aabb(30.0, 5.0);
        let mask = KindMask::STATIC | KindMask::DYNAMIC;
        let mut got = Vec::new();
        bp.query(q, mask, |key, user| {
            assert_eq!(bp.user_data(key), user);
            got.push(key);
            true
        });
        got.sort_unstable();
        let mut want: Vec<ProxyKey> = live
            .iter()
            .copied()
            .filter(|&k| mask.contains(k.kind()) && bp.fat_aabb(k).overlaps(&q))
            .collect();
        want.sort_unstable();
        assert_eq!(got, want);
    }
    // Closest hit over all trees: clipping must carry across trees.
    let origin = Vec2::new(-40.0, 0.3);
    let translation = Vec2::new(80.0, 0.0);
    let mut closest = None;
    let t = bp.ray_cast(origin, translation, 1.0, KindMask::ALL, |key, _, tmax| {
        let b = bp.fat_aabb(key);
        let t = ((b.min.x - origin.x) / translation.x).max(1e-12);
        if t < tmax {
            closest = Some(key);
            t
        } else {
            -1.0
        }
    });
    let want = live
        .iter()
        .filter(|&&k| {
            let b = bp.fat_aabb(k);
            b.min.y <= origin.y && origin.y <= b.max.y
        })
        .map(|&k| ((bp.fat_aabb(k).min.x - origin.x) / translation.x).max(1e-12))
        .fold(1.0, Real::min);
    assert_eq!(t, want);
    assert!(closest.is_some());
    // An empty mask sees nothing.
    assert!(bp.query(
        Aabb::new(Vec2::splat(-50.0), Vec2::splat(50.0)),
        KindMask::NONE,
        |_, _| panic!()
    ));
}

#[test]
fn keys_round_trip() {
    for kind in ProxyKind::ALL {
        for id in [0, 1, 12345, (1 << 30) - 1] {
            let key = ProxyKey::new(kind, id);
            assert_eq!((key.kind(), key.id()), (kind, id));
        }
        assert!(KindMask::from(kind).contains(kind));
        assert!(KindMask::ALL.contains(kind));
        assert!(!KindMask::NONE.contains(kind));
    }
}

/// Rough timing of the target load: 10,000 circles falling through each
/// other. Run with `cargo test --release --lib perf_ -- --ignored --nocapture`.
#[test]
#[ignore]
fn perf_ten_thousand_falling_circles() {
    let mut rng = Rng::new(14);
    let mut bp = BroadPhase::new();
    let r = 0.25;
    let mut bodies: Vec<(ProxyKey, Vec2, Vec2)> = (0..10_000u64)
        .map(|i| {
            let p = Vec2::new((i % 100) as Real * 0.6, (i / 100) as Real * 0.6);
            let v = Vec2::new(rng.uniform(-1.0, 1.0), rng.uniform(-8.0, -2.0));
            let key = bp.create_proxy(Aabb::new(p - r, p + r), ProxyKind::Dynamic, i);
            (key, p, v)
        })
        .collect();
    bp.create_proxy(
        Aabb::new(Vec2::new(-1.0, -61.0), Vec2::new(61.0, -60.0)),
        ProxyKind::Static,
        99_999,
    );
    let start = std::time::Instant::now();
    let mut pairs = 0usize;
    bp.update_pairs(|_, _| {
        pairs += 1;
        true
    });
    let first = start.elapsed();
    let start = std::time::Instant::now();
    let mut moved = 0;
    let mut pair_time = std::time::Duration::ZERO;
    for _ in 0..120 {
        for (key, p, v) in &mut bodies {
            *p += *v / 60.0;
            if bp.move_proxy(*key, Aabb::new(*p - r, *p + r)) {
                moved += 1;
            }
        }
        let t = std::time::Instant::now();
        bp.update_pairs(|_, _| {
            pairs += 1;
            true
        });
        pair_time += t.elapsed();
    }
    let steps = start.elapsed();
    println!("update_pairs share: {pair_time:?}");
    println!(
        "initial pairs {first:?}; 120 steps {steps:?} ({:?}/step), {moved} re-insertions, {pairs} pairs, height {}",
        steps / 120,
        bp.tree(ProxyKind::Dynamic).height()
    );
}

#[test]
fn a_pair_known_before_a_move_is_reported_again_only_when_asked_or_restored() {
    let boxed = |x: Real| Aabb::new(Vec2::new(x, 0.0), Vec2::new(x + 1.0, 1.0));
    let fresh = || {
        let mut bp = BroadPhase::new();
        let a = bp.create_proxy(boxed(0.0), ProxyKind::Dynamic, 1);
        let b = bp.create_proxy(boxed(0.5), ProxyKind::Dynamic, 2);
        assert_eq!(collect_pairs(&mut bp), vec![(1, 2)]);
        (bp, a, b)
    };
    // Moved a little, still overlapping: the pair is known.
    let (mut bp, a, b) = fresh();
    assert!(bp.move_proxy(a, boxed(-0.3)));
    assert!(collect_pairs(&mut bp).is_empty());
    // Both moved, overlapping before: known; apart before: new.
    assert!(bp.move_proxy(a, boxed(-0.6)) && bp.move_proxy(b, boxed(0.1)));
    assert!(collect_pairs(&mut bp).is_empty());
    assert!(bp.move_proxy(a, boxed(-5.0)));
    collect_pairs(&mut bp);
    assert!(bp.move_proxy(a, boxed(-0.2)) && bp.move_proxy(b, boxed(0.4)));
    assert_eq!(collect_pairs(&mut bp), vec![(1, 2)]);
    // Asked for every overlap (a filter changed), after a move or before
    // one in the same step: reported.
    assert!(bp.move_proxy(a, boxed(-0.5)));
    bp.buffer_move(a);
    assert_eq!(collect_pairs(&mut bp), vec![(1, 2)]);
    bp.buffer_move(b);
    assert!(bp.move_proxy(b, boxed(0.0)));
    assert_eq!(collect_pairs(&mut bp), vec![(1, 2)]);
    // A restored broad phase does not know the boxes the moves came from:
    // it reports every overlap of its buffered proxies.
    let (mut bp, a, _) = fresh();
    assert!(bp.move_proxy(a, boxed(-0.3)));
    let json = serde_json::to_string(&bp).unwrap();
    let mut restored: BroadPhase = serde_json::from_str(&json).unwrap();
    assert_eq!(collect_pairs(&mut restored), vec![(1, 2)]);
    assert!(collect_pairs(&mut bp).is_empty());
}

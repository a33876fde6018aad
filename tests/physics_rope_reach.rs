//! Ropes' long-range attachments (issue 18 §2, `joints/long_range.rs`)
//! through the Rust API, beyond what `scenes/rope_heavy_load.lua` measures:
//! a cut rope's pieces are no longer held by them, snapshots continue
//! bit-identically with them and keep them, and a snapshot written before
//! them still loads.

mod common;
use physbox::physics::{BodyDef, BodyId, BodyType, Rope, RopeDef, Vec2, World, WorldSettings};

/// A 20 kg weight (r = 0.4) on a 60-link, 0.6 kg rope from a static post at
/// (0, 8); the rope ends at `to`, the weight's centre at `weight_at`.
fn heavy_load(w: &mut World, to: Vec2, weight_at: Vec2) -> (BodyId, Rope) {
    let post = w
        .create_body(&BodyDef {
            body_type: BodyType::Static,
            position: Vec2::new(0.0, 8.0),
            ..BodyDef::default()
        })
        .unwrap();
    let weight = w
        .create_body(&BodyDef {
            body_type: BodyType::Dynamic,
            position: weight_at,
            ..BodyDef::default()
        })
        .unwrap();
    w.set_mass(weight, 20.0).unwrap();
    let rope = w
        .create_rope(&RopeDef {
            from: Vec2::new(0.0, 8.0),
            to,
            segments: 60,
            mass: 0.6,
            a: Some(post),
            b: Some(weight),
            ..RopeDef::default()
        })
        .unwrap();
    (weight, rope)
}

fn worst_stretch(w: &World, bodies: &[BodyId], rest: f64) -> f64 {
    bodies
        .windows(2)
        .map(|p| {
            let (a, b) = (w.body(p[0]).unwrap().center, w.body(p[1]).unwrap().center);
            (b - a).length() / rest - 1.0
        })
        .fold(0.0, f64::max)
}

#[test]
fn a_heavy_load_swinging_off_centre_stretches_no_link_by_1_percent() {
    // The scene's off-centre case through the API, with 8 substeps too.
    for substeps in [4, 8] {
        let mut w = World::new(WorldSettings {
            substeps,
            ..WorldSettings::default()
        });
        let (_, rope) = heavy_load(&mut w, Vec2::new(6.0, 8.0), Vec2::new(6.4, 8.0));
        let rope = rope.bodies;
        let mut worst: f64 = 0.0;
        for _ in 0..300 {
            w.step(1.0 / 60.0);
            worst = worst.max(worst_stretch(&w, &rope, 0.1));
        }
        assert!(worst < 0.01, "{substeps} substeps: {worst}");
    }
}

#[test]
fn a_cut_rope_lets_its_load_fall() {
    // Hanging straight down, cut in the middle: the cut takes the rope's
    // end-to-end tether with it (it used to stay and hold the load by
    // itself), and the attachments of the post's family end at the cut, so
    // the lower half and the weight fall freely (held, the weight would stay
    // within the rope's 6 m). Cut by destroying the link or a mass, alike.
    for how in ["link", "mass"] {
        let mut w = World::new(WorldSettings::default());
        let (weight, rope) = heavy_load(&mut w, Vec2::new(0.0, 2.0), Vec2::new(0.0, 2.0));
        let tether = rope.tether.unwrap();
        let bodies = rope.bodies;
        let middle = w
            .joints()
            .find(|(_, j)| j.body_a == bodies[30] && j.body_b == Some(bodies[31]))
            .map(|(id, _)| id)
            .unwrap();
        for _ in 0..60 {
            w.step(1.0 / 60.0);
        }
        if how == "link" {
            w.destroy_joint(middle).unwrap();
        } else {
            w.destroy_body(bodies[31]).unwrap();
        }
        assert!(
            w.joint(tether).is_err(),
            "{how}: the tether went with the cut"
        );
        let y0 = w.body(weight).unwrap().center.y;
        for _ in 0..30 {
            w.step(1.0 / 60.0);
        }
        // Free fall for 0.5 s: 1.23 m.
        let fell = y0 - w.body(weight).unwrap().center.y;
        assert!(fell > 1.1, "{how}: fell {fell} m");
        // The upper half still hangs from the post, its links unstretched.
        assert!(worst_stretch(&w, &bodies[..31], 0.1) < 0.01, "{how}");
    }
}

#[test]
fn a_snapshot_continues_bit_identically_mid_swing() {
    let mut w = World::new(WorldSettings::default());
    heavy_load(&mut w, Vec2::new(6.0, 8.0), Vec2::new(6.4, 8.0));
    for _ in 0..45 {
        w.step(1.0 / 60.0);
    }
    common::restored_steps_alike(&mut w, 120);
}

#[test]
fn snapshots_keep_the_reach_and_old_ones_load_without_it() {
    let mut w = World::new(WorldSettings::default());
    heavy_load(&mut w, Vec2::new(6.0, 8.0), Vec2::new(6.4, 8.0));
    let json = w.to_snapshot();
    assert!(json.contains("\"reach\":{"), "no reach saved");
    // Written before the attachments: the rope record has no reach. It
    // loads, and that rope swings without them (its links open up).
    let start = json.find(",\"reach\":{").unwrap();
    let rest = start + json[start..].find("\"rest\":").unwrap();
    let end = rest + json[rest..].find('}').unwrap() + 1;
    let old = format!("{}{}", &json[..start], &json[end..]);
    let mut back = World::from_snapshot(&old).unwrap();
    let mut now = World::from_snapshot(&json).unwrap();
    for _ in 0..60 {
        back.step(1.0 / 60.0);
        now.step(1.0 / 60.0);
    }
    assert_ne!(back.state_hash(), now.state_hash());
    // A reach with a negative rest is refused.
    let bad = json.replacen("\"rest\":0.1", "\"rest\":-0.1", 1);
    assert_ne!(bad, json, "the rest moved");
    let err = World::from_snapshot(&bad)
        .err()
        .expect("refused")
        .to_string();
    assert!(err.contains("reach.rest"), "{err}");
}

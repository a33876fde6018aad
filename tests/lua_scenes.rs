//! Every scene in `scenes/` runs headless without errors and with finite
//! state, and the experiment scenes print figures within DESIGN.md §5's
//! bounds (they print `name = value` lines; see scripts/measure.lua).
//!
//! These scenes are the acceptance suite for the seeds' experiments: each
//! §5 row is built once, as a scene users can run and read, and checked
//! here. Where physbox falls short of a §5 target today, the target is a
//! test of its own marked `#[ignore = "known gap (issue 18): ..."]` with the
//! measured numbers, and a separate `..._known_gap_does_not_widen` test
//! pins today's figures so they cannot get worse.

use physbox::script::{Scene, SceneOptions};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Every `.lua` in `scenes/` and its sub-folders (`scenes/puzzles/`).
fn scenes() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "lua") {
                out.push(p);
            }
        }
    }
    let mut v = Vec::new();
    walk(Path::new("scenes"), &mut v);
    v.sort();
    v
}

/// Load a scene, run `steps` more steps, return its `name = value` figures.
fn run(path: &Path, steps: u64) -> HashMap<String, f64> {
    let mut scene = Scene::load(path, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{} failed to load: {e}", path.display()));
    scene
        .step(steps)
        .unwrap_or_else(|e| panic!("{} failed while running: {e}", path.display()));
    for (id, b) in scene.world().bodies() {
        let finite =
            b.xf.p.is_finite() && b.linear_velocity.is_finite() && b.angular_velocity.is_finite();
        assert!(finite, "{}: body {id:?} is not finite", path.display());
    }
    let mut figures = HashMap::new();
    for line in scene.console() {
        if let Some((k, v)) = line.split_once(" = ") {
            if let Some(n) = v
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<f64>().ok())
            {
                figures.insert(k.trim().to_string(), n);
            }
        }
    }
    figures
}

#[test]
fn every_scene_runs_headless() {
    let all = scenes();
    assert!(all.len() >= 14, "scenes missing: {all:?}");
    for path in all {
        run(&path, 300);
    }
}

fn figures(name: &str) -> HashMap<String, f64> {
    let f = run(Path::new(&format!("scenes/{name}.lua")), 10);
    println!("{name}: {f:?}");
    f
}

#[test]
fn spinning_discs_match_the_exact_velocities_and_spins() {
    // §5: velocities and spins within 1e-6, also when the contact engages
    // speculatively: the seed's pair starting touching and 0.5 m apart.
    let f = figures("spinning_discs");
    assert!(f["velocity_error"] < 1e-6, "{f:?}");
    assert!(f["spin_error_touching"] < 1e-6, "{f:?}");
}

#[test]
fn spinning_discs_spins_are_exact_when_the_contact_engages_speculatively() {
    // Issue 18 §1: friction acts at each body's surface, not midway across
    // the gap still open when a speculative contact engages (that made the
    // spins 2.08e-3 rad/s off in the seed's case, 2.2 % in the issue's).
    // The scene runs 12 collisions: speeds 1-10 m/s, radii 0.3-3 m, equal
    // and unequal masses, dt 1/30, 1/60 and 1/120 s, a disc on a box face
    // and on a rounded polygon's face; every spin within 1e-6 relative.
    let f = figures("spinning_discs");
    assert!(f["spin_error_speculative"] < 1e-6, "{f:?}");
    assert!(f["spin_error_relative"] < 1e-6, "{f:?}");
    assert!(f["velocity_error"] < 1e-6, "{f:?}");
    for case in [
        "issue 18",
        "disc on box",
        "disc on rounded at 30 Hz",
        "small fast",
    ] {
        assert!(
            f.contains_key(&format!("{case} omega_B")),
            "case {case} missing: {f:?}"
        );
    }
}

#[test]
fn free_fall_is_exact() {
    // §5: the rk4 integrator's error after 10 s at dt 0.1 < 1e-9 (measured
    // 3.2e-12); the default integrator's drop is exact to rounding too.
    let f = figures("free_fall");
    assert!((f["time"] - 10.0).abs() < 1e-9, "{f:?}");
    assert!(f["abs_error"] < 1e-9, "{f:?}");
    assert!(f["abs_error_euler"] < 1e-9, "{f:?}");
}

#[test]
fn elastic_box_keeps_its_energy() {
    // The seed's drop (3 m, tilted 0.3 rad) meets §5's 1 % (measured
    // 0.54 %); the sweep below shows other drops do not yet.
    let f = figures("bouncing_box");
    assert_eq!(f["bounces"], 20.0);
    assert!(f["energy_drift"] < 0.01);
}

#[test]
fn elastic_box_sweep_keeps_its_energy_from_every_height_and_tilt() {
    // §5: total energy within 1 % over 20 bounces, for drops of 1, 2, 3, 5 m
    // x tilts 0, 0.1, 0.3, 0.5, 0.7 rad. An elastic contact that is all its
    // bodies feel keeps the pair's energy to rounding (measured worst 9e-15;
    // it was 3.4 %, 11 of 20 within 1 %, before issue 18).
    let f = figures("bouncing_box_sweep");
    assert_eq!(f["fewest_bounces"], 20.0, "{f:?}");
    assert_eq!(f["cases_within_1_percent"], 20.0, "{f:?}");
    assert!(f["worst_energy_drift"] < 1e-9, "{f:?}");
}

#[test]
fn incline_travel_follows_friction() {
    let f = figures("incline");
    let t: Vec<f64> = (1..=4).map(|i| f[&format!("travel_{i}")]).collect();
    assert!(t[0] > t[1] && t[1] > t[2] && t[2] > t[3], "{t:?}");
    assert!(t[3] < 1e-3);
    // The sliding ones travel g (sin θ − μ cos θ) t² / 2.
    assert!(f["worst_travel_error"] < 0.02, "{f:?}");
}

#[test]
fn restitution_series_follows_e_squared() {
    // §5: apex = e² h ± 2 % for every ball that bounces: the 46 of 50 whose
    // rebound is above the 0.5 m/s restitution threshold (e ≥ 4/49 from 2 m).
    let f = figures("restitution");
    assert!(f["balls_measured"] >= 46.0, "{f:?}");
    assert!(f["worst_apex_error"] < 0.02, "{f:?}");
}

#[test]
fn perfect_bounce_keeps_its_apex() {
    let f = figures("perfect_bounce");
    assert!(f["bounces"] >= 50.0);
    assert!(f["worst_apex_deviation"] < 1e-3);
}

#[test]
fn heavy_box_on_light_box_holds() {
    assert!(figures("heavy_on_light")["heavy_drift"] < 0.01);
}

#[test]
fn plate_column_stands() {
    let f = figures("plate_column");
    assert!(f["top_moved"] < 0.01 && f["max_slide"] < 0.01);
}

#[test]
fn thin_wall_is_never_tunnelled() {
    assert!(figures("thin_wall")["max_x"] < 0.0);
}

#[test]
fn fast_balls_that_are_not_bullets_hit_thin_hinged_planks() {
    // Issue 18 §4: a 1 kg ball at 20 ... 2000 m/s against a hinged 5 cm
    // plank (2 kg, 2 m), no `bullet` flag. Before, every ball from 200 m/s
    // up passed through untouched (plank spin 0, ball speed unchanged).
    let f = figures("thin_plank");
    for v in [20, 50, 200, 500, 2000] {
        let spin = f[&format!("spin_ratio v={v}")];
        let ball = f[&format!("ball_speed_ratio v={v}")];
        assert!(spin > 0.05, "v={v}: the plank was not hit: {f:?}");
        assert!(ball < 0.9, "v={v}: the ball kept its speed: {f:?}");
    }
    // Plastic hit: angular momentum about the hinge sets the plank's spin.
    // Exact at speeds the step resolves; from 500 m/s the plank turns more
    // than 2 rad per step and strikes the ball again within it.
    for v in [20, 50] {
        let spin = f[&format!("spin_ratio v={v}")];
        assert!((spin - 1.0).abs() < 0.01, "v={v}: {f:?}");
    }
    assert!((f["spin_ratio v=200"] - 1.0).abs() < 0.1, "{f:?}");
}

#[test]
fn balls_and_boxes_cross_segment_joints_without_a_bump() {
    // Issue 18 §4: on a floor of 20 segments end to end a rolling ball
    // jumped at the joints (0.78 m/s vertical, 3.3 cm hops) and a sliding
    // box hopped 11 cm and slowed from 4 to 0.5 m/s.
    let f = figures("segment_seams");
    for kind in ["ball", "box"] {
        assert!(f[&format!("max_vy {kind} on 20")] < 0.01, "{f:?}");
        assert!(f[&format!("hop {kind} on 20")] < 1e-3, "{f:?}");
        // Over a 2° hump nothing rises (down the slope is no bump).
        assert!(f[&format!("max_vy_up {kind} on hump")] < 0.01, "{f:?}");
        assert!(f[&format!("hop {kind} on hump")] < 1e-3, "{f:?}");
    }
    assert!(f["vx_end box on 20"] > 3.99, "{f:?}");
    // Frictionless down the slope after the hump: faster, never slower.
    assert!(f["vx_end box on hump"] > 4.0, "{f:?}");
}

#[test]
fn a_floor_of_20_segments_rolls_and_slides_like_a_floor_of_one() {
    let f = figures("segment_seams");
    for kind in ["ball", "box"] {
        // The one-piece floors: no vertical motion at all.
        assert!(f[&format!("max_vy {kind} on 1")] < 1e-9, "{f:?}");
        let (one, twenty) = (
            f[&format!("vx_end {kind} on 1")],
            f[&format!("vx_end {kind} on 20")],
        );
        assert!((one - twenty).abs() < 1e-3, "{kind}: {one} vs {twenty}");
    }
}

#[test]
fn a_box_slides_across_flush_moving_crates_without_a_bump() {
    // Issue 18 §4: two dynamic crates side by side; before, the second
    // crate's corner threw a 4 m/s box 11 cm up and slowed it to 1.5 m/s.
    let f = figures("dynamic_seams");
    for v in ["1", "4", "8"] {
        let name = format!("box {v} m/s");
        assert!(f[&format!("max_vy {name}")] < 0.01, "{f:?}");
        assert!(f[&format!("hop {name}")] < 1e-3, "{f:?}");
        assert!(f[&format!("speed_kept {name}")] > 0.99, "{f:?}");
    }
}

#[test]
fn a_ball_over_flush_moving_crates_known_gap_does_not_widen() {
    // Known gap (issue 18 §4): the rounded contact of a ball with the
    // second crate's corner is not smoothed for moving bodies; pinned.
    let f = figures("dynamic_seams");
    assert!(f["max_vy ball 3 m/s"] < 0.7, "{f:?}");
    assert!(f["hop ball 3 m/s"] < 0.025, "{f:?}");
}

#[test]
fn pyramid_stands_and_sleeps() {
    let f = figures("pyramid");
    assert!(f["max_drift"] < 0.01);
    assert_eq!(f["awake"], 0.0);
}

#[test]
fn dominoes_all_fall_and_sleep() {
    let f = figures("dominoes");
    assert_eq!(f["fallen"], 30.0);
    assert_eq!(f["awake"], 0.0);
}

#[test]
fn force_field_gives_the_spring_period() {
    let p = figures("force_field")["period"];
    let theory = 2.0 * std::f64::consts::PI * (1.0f64 / 4.0).sqrt();
    assert!(
        (p - theory).abs() / theory < 0.005,
        "period {p}, theory {theory}"
    );
}

#[test]
fn same_scene_twice_gives_the_same_state() {
    let hash = |_: ()| {
        let mut s =
            Scene::load(Path::new("scenes/showcase.lua"), &SceneOptions::default()).unwrap();
        s.step(200).unwrap();
        let h = s.world().state_hash();
        h
    };
    assert_eq!(hash(()), hash(()));
}

#[test]
fn springs_have_the_theoretical_period_and_decay() {
    // Worst over three undamped (m, k) and two damped (m, k, c) springs.
    let f = figures("springs");
    assert!(f["period_error"] < 0.005, "{f:?}");
    assert!(f["amplitude_kept"] > 0.98, "{f:?}");
    assert!(f["decay_error"] < 0.03, "{f:?}");
}

#[test]
fn hinge_pendulum_keeps_its_energy() {
    assert!(figures("hinge_pendulum")["energy_deviation"] < 0.005);
}

#[test]
fn heavy_pendulum_rod_does_not_stretch() {
    assert!(figures("heavy_pendulum")["rod_stretch"] < 1e-4);
}

#[test]
fn hung_boxes_hold_when_hit() {
    assert!(figures("hung_boxes")["anchor_separation"] < 0.01);
}

#[test]
fn hooke_rope_hangs_with_hookes_stretch() {
    let f = figures("rope_stretch");
    assert!(f["worst_link_error"] < 0.02, "{f:?}");
    assert!(f["max_speed"] < 0.01, "{f:?}");
}

#[test]
fn inextensible_rope_holds_a_heavy_weight() {
    assert!(figures("rope_weight")["max_stretch"] < 0.01);
}

#[test]
fn rope_masses_never_touch_the_bodies_the_rope_is_pinned_to() {
    // Issue 18 §2: a 20 kg weight centred on the end of a 0.6 kg rope (its
    // last masses start inside the weight) and one just outside it. The
    // masses used to collide with the weight: pushed out violently, links
    // tore to 35x their length within half a second. Now no mass touches
    // the post or the weight, and the overlapping case behaves like the
    // other (the stretch itself: the test below).
    let f = figures("rope_heavy_load");
    for tag in ["x6", "x6.4"] {
        assert_eq!(f[&format!("pinned_contacts_{tag}")], 0.0, "{f:?}");
        assert!(f[&format!("max_link_stretch_{tag}")] < 0.1, "{f:?}");
    }
}

#[test]
fn rope_links_stretch_less_than_one_percent_under_a_2000_to_1_load() {
    // Issue 18 §2: a 2000:1 load swinging on a 60-link rope at 60 Hz, 4
    // substeps. Before the long-range attachments (`joints/long_range.rs`)
    // single links opened up to 3.1 % (weight centred on the rope's end)
    // and 3.4 % (just outside it); measured now: 0.81 % and 0.81 %.
    let f = figures("rope_heavy_load");
    assert!(f["max_link_stretch_x6"] < 0.01, "{f:?}");
    assert!(f["max_link_stretch_x6.4"] < 0.01, "{f:?}");
}

#[test]
fn ropes_come_to_rest_and_sleep_within_20_s() {
    // Issue 18 §3: 24 segments, 0.5 kg, default damping, 60 Hz. Before:
    // after 40 s the two-post rope still moved at 0.15 m/s, awake.
    let f = figures("rope_rest");
    assert!(f["two_posts_settle_time"] < 20.0, "{f:?}");
    assert!(f["two_posts_asleep_time"] < 20.0, "{f:?}");
    assert_eq!(f["two_posts_speed_at_40s"], 0.0, "{f:?}");
    assert!(f["one_end_settle_time"] < 20.0, "{f:?}");
}

#[test]
fn a_slack_rope_keeps_its_length_hangs_in_a_catenary_and_sleeps() {
    // Issue 17: `length = 6` and `slack = 0.2` between posts 4 m apart.
    let f = figures("rope_slack");
    for (name, l) in [("taut", 4.0), ("length6", 6.0), ("slack02", 4.8)] {
        let initial = f[&format!("{name}_initial_length")];
        assert!((initial - l).abs() < 1e-9, "{name}: {f:?}");
        // Hanging, the links are taut: the rest length, within 1e-3.
        if name != "taut" {
            let hanging = f[&format!("{name}_final_length")];
            assert!((hanging - l).abs() < 1e-3, "{name}: {f:?}");
        }
        assert!(f[&format!("{name}_settle_time")] < 20.0, "{name}: {f:?}");
        assert!(f[&format!("{name}_asleep_time")] < 20.0, "{name}: {f:?}");
    }
    // The catenary y = a·cosh(x/a) through the posts, with its length:
    // a = 1.2329 m, sag 2.0105 m for 6 m; a = 1.8782 m, sag 1.1694 m for
    // 4.8 m (measured at the masses' centres, 24 and 23 links: 2.0100 and
    // 1.1725, within 1 %).
    let sag6 = -f["length6_lowest_y"];
    let sag48 = -f["slack02_lowest_y"];
    assert!((sag6 / 2.0105 - 1.0).abs() < 0.01, "{f:?}");
    assert!((sag48 / 1.1694 - 1.0).abs() < 0.01, "{f:?}");
    // Far lower than the taut rope (0.25 m: its links give 1 % under its
    // own weight).
    assert!(sag48 > 3.0 * -f["taut_lowest_y"], "{f:?}");
}

#[test]
fn a_rope_with_damping_0_keeps_its_energy() {
    // `damping = 0`: the energy-conserving rope of before (8.9 m/s at 10 s).
    let f = figures("rope_rest");
    assert!(f["undamped_speed_at_10s"] > 3.0, "{f:?}");
    assert!(f["undamped_speed_at_40s"] > 1.0, "{f:?}");
}

#[test]
fn lua_central_field_keeps_a_circular_orbit() {
    let f = figures("orbit");
    assert!(f["orbits"] >= 10.0);
    assert!(f["radius_deviation"] < 0.01, "{f:?}");
}

#[test]
fn breakable_chain_reports_each_break_once() {
    // The scene asserts inside on_break that no joint is reported twice.
    assert!(figures("breakable_chain")["breaks"] >= 1.0);
}

#[test]
fn car_drives_on_its_motor() {
    assert!(figures("car")["distance_driven"] > 5.0);
}

#[test]
fn newtons_cradle_passes_the_momentum_on() {
    let f = figures("newtons_cradle");
    assert!((f["transfer"] - 1.0).abs() < 0.02, "{f:?}");
}

/// The first scene a newcomer sees: each exhibit answers the key or click
/// its label names.
#[test]
fn the_gallery_exhibits_answer_their_keys_and_clicks() {
    let mut s = Scene::load(Path::new("scenes/gallery.lua"), &SceneOptions::default()).unwrap();
    s.step(60).unwrap();
    let at = |s: &Scene, name: &str| {
        let w = s.world();
        let (_, b) = w
            .bodies()
            .find(|(_, b)| b.name.as_deref() == Some(name))
            .unwrap_or_else(|| panic!("no {name}"));
        b.xf.p
    };
    let (doll, car, wind) = (at(&s, "ragdoll"), at(&s, "car"), at(&s, "wind0"));
    s.key("j", true).unwrap();
    s.key("right", true).unwrap();
    s.key("w", true).unwrap();
    s.step(20).unwrap();
    assert!(at(&s, "ragdoll").y > doll.y + 0.5, "J throws the ragdoll");
    assert!(at(&s, "wind0").y > wind.y + 0.5, "W blows the boxes up");
    s.step(100).unwrap();
    assert!(at(&s, "car").x > car.x + 1.0, "Right drives the car");
    let bodies = s.world().body_count();
    s.click(15.0, 9.0, "left").unwrap();
    assert_eq!(s.world().body_count(), bodies + 1, "a click drops a ball");
    s.step(240).unwrap();
    assert!(
        s.console().iter().any(|l| l == "caught 1"),
        "{:?}",
        s.console()
    );
}

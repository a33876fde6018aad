//! Puzzles in the window, driven without one (synthetic input, as
//! tests/window_sandbox.rs does): build mode, the parts bin, moving /
//! turning / removing parts, Start, Reset, R, keys recorded for solutions,
//! N to the next level, and a level played start to finish whose saved
//! solution `verify` confirms.

mod common;
use common::{frame, left_path, press, temp_dir};

use physbox::app::puzzle::parts::PartKind;
use physbox::app::puzzle::solution::Solution;
use physbox::app::puzzle::verify::{verify, Verdict};
use physbox::app::window::picture;
use physbox::app::window::puzzle_input;
use physbox::app::window::sandbox::Sandbox;
use physbox::app::window::tools::Spawn;
use physbox::physics::Vec2;
use physbox::platform::Input;
use physbox::render::pixmap;
use physbox::script::SceneOptions;
use std::path::{Path, PathBuf};

/// Wins at step 30 if "x" went down at step 6 exactly, else loses then.
const LEVEL: &str = r##"scene { camera = {0, 1, 40} }
tools { plank = 1, box = 2 }
next_scene("two.lua")
box { x = 0, y = -0.5, w = 20, h = 1, static = true, name = "ground" }
crate = box { x = -3, y = 0.5, w = 1, h = 1, name = "crate" }
local x_at = nil
function on_key(k, down)
  print("key " .. k .. " " .. tostring(down) .. " at " .. world.steps)
  if k == "x" and down then x_at = world.steps end
end
function update()
  if world.steps == 30 then
    if x_at == 6 then win("x at step 6") else lose("x at " .. tostring(x_at)) end
  end
end
"##;

/// The level opened, with the `two.lua` its `next_scene` names beside it.
fn open(name: &str, src: &str) -> (Sandbox, PathBuf) {
    let (sb, dir) = common::open(name, src);
    std::fs::write(dir.join("two.lua"), "box { x = 0, y = 0, w = 1, h = 1 }\n").unwrap();
    (sb, dir)
}

/// Win `LEVEL` in the window: Enter starts it, X at step 6 wins it.
fn win(sb: &mut Sandbox) {
    frame(sb, &press("enter"), 0.0);
    frame(sb, &Input::default(), 0.1);
    frame(sb, &press("x"), 0.0);
    for _ in 0..4 {
        frame(sb, &Input::default(), 0.1);
    }
    assert!(matches!(
        sb.scene().outcome(),
        Some(physbox::script::Outcome::Won(_))
    ));
}

/// The WIN / LOSE banner's lines as a 1280 × 720 window shows them.
fn banner(sb: &mut Sandbox) -> Vec<String> {
    let screen = physbox::app::window::hud::lay_out(sb, 1280.0, 720.0);
    let lines = screen.outcome.expect("a banner");
    lines.into_iter().map(|(t, _)| t).collect()
}

fn at(sb: &Sandbox, p: Vec2) -> (f32, f32) {
    sb.camera().to_screen(p)
}

fn hover(sb: &mut Sandbox, p: Vec2) {
    let m = Some(at(sb, p));
    frame(
        sb,
        &Input {
            mouse: m,
            ..Input::default()
        },
        0.0,
    );
}

/// Press and release the left button at a screen point.
fn click_screen(sb: &mut Sandbox, m: (f32, f32), held: Vec<&'static str>) {
    frame(
        sb,
        &Input {
            mouse: Some(m),
            left: true,
            down: held,
            ..Input::default()
        },
        0.0,
    );
    frame(
        sb,
        &Input {
            mouse: Some(m),
            ..Input::default()
        },
        0.0,
    );
}

/// Press and release the right button at screen point `m`.
fn right_click(sb: &mut Sandbox, m: (f32, f32)) {
    for right in [true, false] {
        frame(
            sb,
            &Input {
                mouse: Some(m),
                right,
                ..Input::default()
            },
            0.0,
        );
    }
}

fn click_world(sb: &mut Sandbox, p: Vec2) {
    let m = at(sb, p);
    click_screen(sb, m, vec![]);
}

fn click_bin(sb: &mut Sandbox, name: &str) {
    let (_, (x, y, w, h)) = puzzle_input::bin_targets(sb)
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no '{name}' in the bin"));
    click_screen(sb, (x + w * 0.5, y + h * 0.5), vec![]);
}

fn body_pos(sb: &Sandbox, name: &str) -> Vec2 {
    let w = sb.scene().world();
    let (_, b) = w
        .bodies()
        .find(|(_, b)| b.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no body '{name}'"));
    b.xf.p
}

fn puzzle(sb: &Sandbox) -> &physbox::app::puzzle::play::Puzzle {
    sb.build_mode().expect("a puzzle").puzzle()
}

#[test]
fn a_puzzle_opens_frozen_in_build_mode_and_enter_starts_it() {
    let (mut sb, _) = open("start", LEVEL);
    assert!(puzzle(&sb).is_building());
    for _ in 0..5 {
        frame(&mut sb, &Input::default(), 0.1);
    }
    assert_eq!(sb.scene().world().step_count(), 0, "build mode is frozen");
    frame(&mut sb, &press("period"), 0.0);
    assert_eq!(sb.scene().world().step_count(), 0, "no single steps either");
    frame(&mut sb, &press("enter"), 0.0);
    assert!(!puzzle(&sb).is_building());
    frame(&mut sb, &Input::default(), 0.1);
    assert_eq!(sb.scene().world().step_count(), 6);
}

#[test]
fn the_start_button_starts_too_and_a_free_scene_has_no_build_mode() {
    let (mut sb, _) = open("button", LEVEL);
    click_bin(&mut sb, "start");
    assert!(!puzzle(&sb).is_building());
    let (free, _) = open("free", "box { x = 0, y = 0, w = 1, h = 1 }\n");
    assert!(free.build_mode().is_none());
    assert!(puzzle_input::bin_targets(&free).is_empty());
}

#[test]
fn the_bin_places_parts_up_to_their_count_and_no_others() {
    let (mut sb, _) = open("bin", LEVEL);
    let n0 = sb.scene().world().body_count();
    click_bin(&mut sb, "box");
    assert_eq!(puzzle(&sb).selected(), Some(PartKind::Box));
    for x in [1.0, 2.5, 4.0] {
        click_world(&mut sb, Vec2::new(x, 2.0));
    }
    assert_eq!(
        sb.scene().world().body_count(),
        n0 + 2,
        "two boxes, no third"
    );
    assert_eq!(puzzle(&sb).remaining(PartKind::Box), 0);
    assert_eq!(sb.spawns_left(Spawn::Box), Some(0));
    assert!(sb.notice().unwrap().contains("no box left"));
    // Shift+click asks for a circle, which this level does not list.
    let m = at(&sb, Vec2::new(-1.0, 3.0));
    click_screen(&mut sb, m, vec!["shift"]);
    assert_eq!(sb.scene().world().body_count(), n0 + 2);
    assert!(
        sb.notice().unwrap().contains("does not allow a circle"),
        "{:?}",
        sb.notice()
    );
    // Not over something already there.
    click_bin(&mut sb, "plank");
    click_world(&mut sb, Vec2::new(-3.0, 0.5));
    assert!(
        sb.notice().unwrap().contains("would overlap 'crate'"),
        "{:?}",
        sb.notice()
    );
    assert_eq!(puzzle(&sb).remaining(PartKind::Plank), 1);
}

#[test]
fn authored_bodies_cannot_be_moved_or_deleted() {
    let (mut sb, _) = open("authored", LEVEL);
    let crate0 = body_pos(&sb, "crate");
    let n0 = sb.scene().world().body_count();
    let from = at(&sb, crate0);
    let to = at(&sb, crate0 + Vec2::new(2.0, 2.0));
    left_path(&mut sb, &[(from, true), (to, true), (to, false)]);
    assert_eq!(body_pos(&sb, "crate"), crate0, "not dragged");
    hover(&mut sb, crate0);
    frame(
        &mut sb,
        &Input {
            mouse: Some(from),
            ..press("delete")
        },
        0.0,
    );
    assert_eq!(sb.scene().world().body_count(), n0, "not deleted");
    // Nor while running.
    frame(&mut sb, &press("enter"), 0.0);
    frame(
        &mut sb,
        &Input {
            mouse: Some(from),
            ..press("delete")
        },
        0.0,
    );
    assert_eq!(sb.scene().world().body_count(), n0);
}

#[test]
fn placed_parts_move_turn_and_go_back_to_the_bin() {
    let (mut sb, _) = open("move", LEVEL);
    click_bin(&mut sb, "plank");
    click_world(&mut sb, Vec2::new(0.0, 2.0));
    assert_eq!(puzzle(&sb).parts().len(), 1);
    // Drag it by a point 0.5 m right of its centre.
    let grab = at(&sb, Vec2::new(0.5, 2.0));
    let drop = at(&sb, Vec2::new(1.5, 3.0));
    left_path(&mut sb, &[(grab, true), (drop, true), (drop, false)]);
    let p = puzzle(&sb).parts()[0].part;
    assert!(
        (p.x - 1.0).abs() < 0.05 && (p.y - 3.0).abs() < 0.05,
        "{p:?}"
    );
    // Q turns the part under the cursor by 5°.
    hover(&mut sb, Vec2::new(p.x, p.y));
    let m = at(&sb, Vec2::new(p.x, p.y));
    frame(
        &mut sb,
        &Input {
            mouse: Some(m),
            ..press("q")
        },
        0.0,
    );
    let turned = puzzle(&sb).parts()[0].part.angle;
    assert!((turned - 5f64.to_radians()).abs() < 1e-9, "{turned}");
    let body = puzzle(&sb).parts()[0].bodies[0];
    assert!((sb.scene().world().body(body).unwrap().xf.q.angle() - turned).abs() < 1e-9);
    // A right click gives it back to the bin.
    let m = at(&sb, Vec2::new(p.x, p.y));
    right_click(&mut sb, m);
    assert!(puzzle(&sb).parts().is_empty());
    assert_eq!(puzzle(&sb).remaining(PartKind::Plank), 1);
    // So does Delete.
    click_world(&mut sb, Vec2::new(0.0, 2.0));
    hover(&mut sb, Vec2::new(0.0, 2.0));
    let m = at(&sb, Vec2::new(0.0, 2.0));
    frame(
        &mut sb,
        &Input {
            mouse: Some(m),
            ..press("delete")
        },
        0.0,
    );
    assert!(puzzle(&sb).parts().is_empty());
}

#[test]
fn reset_rebuilds_the_layout_plus_the_parts_and_r_clears_them() {
    let (mut sb, _) = open("reset", LEVEL);
    click_bin(&mut sb, "box");
    click_world(&mut sb, Vec2::new(2.0, 2.0));
    let placed = puzzle(&sb).parts()[0].part;
    let crate0 = body_pos(&sb, "crate");
    frame(&mut sb, &press("enter"), 0.0);
    frame(&mut sb, &Input::default(), 0.2);
    frame(&mut sb, &Input::default(), 0.2);
    let fallen = sb
        .scene()
        .world()
        .body(puzzle(&sb).parts()[0].bodies[0])
        .unwrap()
        .xf
        .p;
    assert!(fallen.y < 1.5, "the box fell: {fallen:?}");
    frame(&mut sb, &press("backspace"), 0.0);
    assert!(puzzle(&sb).is_building());
    assert_eq!(sb.scene().world().step_count(), 0);
    assert_eq!(body_pos(&sb, "crate"), crate0);
    assert_eq!(puzzle(&sb).parts().len(), 1);
    let again = puzzle(&sb).parts()[0].part;
    assert_eq!(again, placed);
    let b = puzzle(&sb).parts()[0].bodies[0];
    assert_eq!(
        sb.scene().world().body(b).unwrap().xf.p,
        Vec2::new(placed.x, placed.y)
    );
    // The Reset button does the same; R starts from scratch.
    click_bin(&mut sb, "reset");
    assert_eq!(puzzle(&sb).parts().len(), 1);
    frame(&mut sb, &press("r"), 0.0);
    assert!(puzzle(&sb).parts().is_empty());
    assert!(puzzle(&sb).is_building());
}

#[test]
fn keys_go_to_the_scene_only_while_running_and_are_saved_with_their_steps() {
    let (mut sb, _) = open("keys", LEVEL);
    click_bin(&mut sb, "plank");
    click_world(&mut sb, Vec2::new(2.0, 0.15));
    frame(&mut sb, &press("x"), 0.0);
    assert!(
        !sb.scene().console().iter().any(|l| l.starts_with("key x")),
        "frozen: the scene gets no keys"
    );
    frame(&mut sb, &press("enter"), 0.0);
    frame(&mut sb, &Input::default(), 0.1); // 6 steps
    frame(&mut sb, &press("x"), 0.0);
    frame(&mut sb, &Input::default(), 0.0);
    assert!(sb
        .scene()
        .console()
        .contains(&"key x true at 6".to_string()));
    assert_eq!(puzzle(&sb).keys().len(), 1);
    assert_eq!(puzzle(&sb).keys()[0].step, 6);
    // F11 saves; verify replays the key at step 6 and wins at step 30.
    frame(&mut sb, &press("f11"), 0.0);
    let file = sb.out_dir().join("scene-solution.json");
    let sol = Solution::load(&file).unwrap();
    assert_eq!(sol.parts.len(), 1);
    assert!(matches!(&sol.keys[0].action,
        physbox::app::history::input_log::Action::Key { key, pressed: true } if key == "x"));
    let report = verify(sb.scene().path(), &sol, None, &SceneOptions::default()).unwrap();
    match report.verdict {
        Verdict::Won { step, .. } => assert_eq!(step, 30),
        other => panic!("{other}"),
    }
    // The same solution with the key one step late loses.
    let mut late = sol.clone();
    late.keys[0].step = 7;
    let report = verify(sb.scene().path(), &late, None, &SceneOptions::default()).unwrap();
    assert!(
        matches!(report.verdict, Verdict::Lost { step: 30, .. }),
        "{}",
        report.verdict
    );
}

#[test]
fn after_a_win_n_opens_next_scene_and_a_missing_one_is_a_clear_error() {
    let (mut sb, dir) = open("next", LEVEL);
    frame(&mut sb, &press("n"), 0.0);
    assert!(
        sb.opened().ends_with("scene.lua"),
        "not won: N does nothing"
    );
    win(&mut sb);
    // A win saves its solution by itself.
    assert!(sb.out_dir().join("scene-solution.json").is_file());
    std::fs::remove_file(dir.join("two.lua")).unwrap();
    frame(&mut sb, &press("n"), 0.0);
    let err = sb.error().map(str::to_string).expect("an error on screen");
    assert!(
        err.contains("next_scene: ")
            && err.contains("two.lua not found (set in ")
            && err.contains("scene.lua:3)"),
        "{err}"
    );
    std::fs::write(dir.join("two.lua"), "box { x = 0, y = 0, w = 1, h = 1 }\n").unwrap();
    frame(&mut sb, &press("n"), 0.0);
    assert!(
        sb.opened().ends_with("two.lua"),
        "{}",
        sb.opened().display()
    );
    assert!(sb.build_mode().is_none());
}

#[test]
fn the_parts_bin_and_mode_line_draw() {
    let (mut sb, _) = open("draw", LEVEL);
    let mut pm = pixmap(400, 300);
    picture::draw(&mut sb, &mut pm);
    let (_, (x, y, _, h)) = puzzle_input::bin_targets(&sb)
        .into_iter()
        .find(|(n, _)| n == "start")
        .unwrap();
    // The Start button is drawn where clicks find it (its own colour, not
    // the background's).
    let px = pm.pixel(x as u32 + 1, (y + h) as u32 - 2).unwrap();
    assert_eq!(
        (px.red(), px.green(), px.blue()),
        (0x2e, 0x33, 0x45),
        "{px:?}"
    );
    let (free, _) = open("draw-free", "box { x = 0, y = 0, w = 1, h = 1 }\n");
    let mut plain = pixmap(400, 300);
    let mut free = free;
    picture::draw(&mut free, &mut plain);
    let bg = plain.pixel(x as u32 + 1, (y + h) as u32 - 2).unwrap();
    assert_ne!((bg.red(), bg.green(), bg.blue()), (0x2e, 0x33, 0x45));
    frame(&mut sb, &press("enter"), 0.0);
    picture::draw(&mut sb, &mut pm);
}

/// Play level 1 in the window as a player would: pick the plank, lay it
/// over the gap, Start, wait. The win saves a solution; verify agrees.
#[test]
fn level_one_played_in_the_window_saves_a_solution_that_verifies() {
    let level = Path::new("scenes/puzzles/01_bridge.lua");
    let mut sb = Sandbox::open(level, &SceneOptions::default(), 1280, 720).unwrap();
    let out = temp_dir("level1");
    sb.set_out_dir(out.clone());
    click_bin(&mut sb, "plank");
    let m = sb.camera().to_screen(Vec2::new(0.3, 0.11));
    click_screen(&mut sb, m, vec![]);
    assert_eq!(puzzle(&sb).parts().len(), 1, "{:?}", sb.notice());
    frame(&mut sb, &press("enter"), 0.0);
    for _ in 0..120 {
        frame(&mut sb, &Input::default(), 0.25);
        if sb.scene().outcome().is_some() {
            break;
        }
    }
    assert!(
        matches!(sb.scene().outcome(), Some(physbox::script::Outcome::Won(_))),
        "{:?}",
        sb.scene().outcome()
    );
    let sol = Solution::load(&out.join("01_bridge-solution.json")).unwrap();
    let report = verify(level, &sol, None, &SceneOptions::default()).unwrap();
    assert!(
        matches!(report.verdict, Verdict::Won { .. }),
        "{}",
        report.verdict
    );
    assert!(report.notes.is_empty(), "{:?}", report.notes);
}

/// Moving parts around in build mode leaves the world's insides in another
/// order than placing them once; Start rebuilds, so the run is bit for bit
/// the one `verify` replays.
#[test]
fn start_after_editing_runs_exactly_the_world_verify_builds() {
    let src = "tools { box = 3 }
               box { x = 0, y = -0.5, w = 20, h = 1, static = true, name = 'ground' }
               for i = 0, 5 do box { x = -2 + 0.8 * i, y = 0.5 + 0.3 * i, w = 0.6, h = 0.6 } end\n";
    let (mut sb, _) = open("rebuild", src);
    click_bin(&mut sb, "box");
    for (x, y) in [(3.0, 4.0), (-3.0, 4.0), (0.0, 5.0)] {
        click_world(&mut sb, Vec2::new(x, y));
    }
    // Shuffle: move the first box twice, take the second out and put it back.
    for (from, to) in [((3.0, 4.0), (2.0, 3.0)), ((2.0, 3.0), (0.5, 3.5))] {
        let a = at(&sb, Vec2::new(from.0, from.1));
        let b = at(&sb, Vec2::new(to.0, to.1));
        left_path(&mut sb, &[(a, true), (b, true), (b, false)]);
    }
    let m = at(&sb, Vec2::new(-3.0, 4.0));
    right_click(&mut sb, m);
    click_world(&mut sb, Vec2::new(-3.0, 4.0));
    assert_eq!(puzzle(&sb).parts().len(), 3);
    let parts: Vec<_> = puzzle(&sb).parts().iter().map(|p| p.part).collect();
    frame(&mut sb, &press("enter"), 0.0);
    sb.step(240);
    let window = sb.scene().world().state_hash();

    let mut scene =
        physbox::script::Scene::load(sb.scene().path(), &SceneOptions::default()).unwrap();
    let mut p = physbox::app::puzzle::play::Puzzle::for_scene(&scene).unwrap();
    for part in parts {
        p.place(&mut scene, part).unwrap();
    }
    p.start(&scene);
    scene.step(240).unwrap();
    assert_eq!(window, scene.world().state_hash());
}

#[test]
fn every_part_kind_is_picked_turned_and_returned() {
    let level = "scene { camera = {0, 2, 20} }
tools { plank = 1, box = 1, circle = 1, spring = 1, polygon = 1, segment = 1 }
box { x = 0, y = -0.5, w = 30, h = 1, static = true, name = \"ground\" }
";
    let (mut sb, _) = open("every_kind", level);
    for (i, kind) in PartKind::ALL.into_iter().enumerate() {
        let spot = Vec2::new(-7.5 + 3.0 * i as f64, 5.0);
        click_bin(&mut sb, kind.name());
        click_world(&mut sb, spot);
        assert_eq!(puzzle(&sb).parts().len(), 1, "{kind:?} placed");
        let p = puzzle(&sb).parts()[0].part;
        let on = Vec2::new(p.x, p.y);
        hover(&mut sb, on);
        assert!(
            sb.hovered_part().is_some(),
            "{kind:?}: hovering shows nothing"
        );
        let m = at(&sb, on);
        frame(
            &mut sb,
            &Input {
                mouse: Some(m),
                ..press("e")
            },
            0.0,
        );
        let turned = puzzle(&sb).parts()[0].part.angle;
        assert!(
            (turned + 5f64.to_radians()).abs() < 1e-9,
            "{kind:?} turned {turned}"
        );
        right_click(&mut sb, m);
        assert!(
            puzzle(&sb).parts().is_empty(),
            "{kind:?} went back to the bin"
        );
        assert_eq!(puzzle(&sb).remaining(kind), 1, "{kind:?}");
    }
}

/// Level 4 opened in a 1280 × 720 sandbox.
fn level_four() -> Sandbox {
    let level = Path::new("scenes/puzzles/04_timing.lua");
    Sandbox::open(level, &SceneOptions::default(), 1280, 720).unwrap()
}

/// Level 4 started, paused (P: it takes Space) and taken back to the start
/// of its run (Home): the strip's line about a past step shows, and it
/// keeps clear of Start / Reset (it was drawn over them).
#[test]
fn the_timelines_line_keeps_clear_of_start_and_reset() {
    use physbox::app::window::timeline_strip::{self, LABEL_HEIGHT};
    let mut sb = level_four();
    frame(&mut sb, &press("enter"), 0.0);
    for _ in 0..60 {
        frame(&mut sb, &Input::default(), 1.0 / 60.0);
    }
    frame(&mut sb, &press("p"), 0.0);
    frame(&mut sb, &press("home"), 0.0);
    assert!(sb.timeline().span().1 > 0);
    let strip = timeline_strip::place(1280.0, 720.0);
    let label = physbox::app::window::layout::Rect {
        y: strip.y - LABEL_HEIGHT,
        h: LABEL_HEIGHT + strip.h,
        ..strip
    };
    for (name, (x, y, w, h)) in puzzle_input::bin_targets(&sb) {
        let r = physbox::app::window::layout::Rect { x, y, w, h };
        assert!(
            !r.overlaps(&label),
            "{name} {r:?} under the strip's line {label:?}"
        );
    }
    let mut pm = pixmap(1280, 720);
    picture::draw(&mut sb, &mut pm);
    let out = temp_dir("level4-past").join("past.png");
    physbox::render::image::save_png(&pm, &out).unwrap();
    eprintln!("picture: {}", out.display());
}

/// O in build mode opens the editor at the line of the level body under
/// the cursor (the inspector shows it; build mode selects nothing, and O
/// did nothing).
#[test]
fn o_in_build_mode_opens_the_editor_at_the_hovered_bodys_line() {
    let level = Path::new("scenes/puzzles/01_bridge.lua");
    let mut sb = Sandbox::open(level, &SceneOptions::default(), 1280, 720).unwrap();
    assert!(sb.world_frozen());
    let dir = temp_dir("o-build");
    let record = common::fake_editor(&dir);
    // A level body made by a line of the file.
    let (id, p) = {
        let scene = sb.scene();
        let sim = scene.sim();
        let w = scene.world();
        let (id, b) = w
            .bodies()
            .find(|(id, _)| sim.origin(*id).is_some())
            .expect("a body made by the file");
        (id, b.xf.p)
    };
    let line = sb.scene().sim().origin(id).unwrap().line;
    hover(&mut sb, p);
    let m = at(&sb, p);
    frame(
        &mut sb,
        &Input {
            mouse: Some(m),
            ..press("o")
        },
        0.0,
    );
    let got = common::editor_opened(&record);
    assert!(
        got.trim().ends_with(&format!("01_bridge.lua {line}")),
        "{got:?}"
    );
    assert!(
        sb.notice().unwrap().starts_with("opened "),
        "{:?}",
        sb.notice()
    );
}

/// Q / E over empty space turn the next part placed, and only it; the bin
/// shows the pending turn, and a refusal names it.
#[test]
fn a_pending_turn_shows_in_the_bin_and_goes_to_the_next_part_only() {
    use physbox::app::puzzle::bin_panel;
    let (mut sb, _) = open("pending_turn", LEVEL);
    let mode_line = |sb: &Sandbox| {
        let b = sb.build_mode().unwrap();
        bin_panel::rows(b, sb.scene())[0].0.clone()
    };
    let key_at = |sb: &mut Sandbox, p: Vec2, key: &'static str| {
        let m = at(sb, p);
        frame(
            sb,
            &Input {
                mouse: Some(m),
                ..press(key)
            },
            0.0,
        );
    };
    click_bin(&mut sb, "box");
    let (a, b) = (Vec2::new(2.0, 3.0), Vec2::new(4.0, 3.0));
    key_at(&mut sb, a, "q");
    key_at(&mut sb, a, "q");
    assert_eq!(mode_line(&sb), "BUILD — next part turned +10°");
    click_world(&mut sb, a);
    click_world(&mut sb, b);
    let angles: Vec<f64> = puzzle(&sb).parts().iter().map(|p| p.part.angle).collect();
    assert_eq!(angles.len(), 2, "{:?}", sb.notice());
    assert!((angles[0] - 10f64.to_radians()).abs() < 1e-9, "{angles:?}");
    assert_eq!(angles[1], 0.0, "the turn was the first part's only");
    assert!(!mode_line(&sb).contains("turned"), "{}", mode_line(&sb));
    // Turned and refused: the message gives the angle.
    let mb = at(&sb, b);
    right_click(&mut sb, mb);
    let crate_at = body_pos(&sb, "crate");
    key_at(&mut sb, crate_at, "e");
    key_at(&mut sb, crate_at, "e");
    click_world(&mut sb, crate_at);
    let n = sb.notice().unwrap();
    assert!(
        n.contains("a box turned -10° at (-3.00, 0.50) would overlap 'crate'"),
        "{n}"
    );
    assert_eq!(mode_line(&sb), "BUILD — next part turned -10°");
}

/// Level 4's title is its instruction ("… then Space at the right
/// moment"): in build mode the HUD shows it whole on a line of its own
/// (the compact line cut it at 32 characters), and "F1 help" stays on
/// the first line (it was pushed off its end).
#[test]
fn level_fours_instruction_shows_whole_in_build_mode() {
    use physbox::app::window::hud::lay_out;
    let mut sb = level_four();
    frame(&mut sb, &Input::default(), 0.1);
    let s = lay_out(&mut sb, 1280.0, 720.0);
    let text: Vec<&str> = s.hud.iter().map(|(t, _)| t.as_str()).collect();
    assert!(text[0].contains("F1 help"), "{text:?}");
    assert!(
        text.iter()
            .any(|t| t.contains("then Space at the right moment") && !t.ends_with('…')),
        "{text:?}"
    );
    let hud = s.placed.hud.unwrap();
    assert!(hud.right() <= 1280.0, "{hud:?}");
    let mut pm = pixmap(1280, 720);
    picture::draw(&mut sb, &mut pm);
    let out = temp_dir("level4-build").join("build.png");
    physbox::render::image::save_png(&pm, &out).unwrap();
    // Running, the title line goes: the HUD is one line again.
    frame(&mut sb, &press("enter"), 0.0);
    assert_eq!(lay_out(&mut sb, 1280.0, 720.0).hud.len(), 1);
}

/// A won level without a `next_scene` (the last of a run) says so and what
/// to do next: after level 5, N and Enter did nothing and nothing said why.
#[test]
fn the_last_level_won_says_there_is_no_next_one() {
    let last = LEVEL.replace("next_scene(\"two.lua\")\n", "");
    let (mut sb, _) = open("last", &last);
    win(&mut sb);
    let text = banner(&mut sb);
    assert_eq!(text[0], "WIN: x at step 6", "{text:?}");
    assert!(
        text.iter()
            .any(|t| t.contains("no next level") && t.contains("Tab")),
        "{text:?}"
    );
    // With a next level the banner names it instead.
    let (mut sb, _) = open("not-last", LEVEL);
    win(&mut sb);
    let text = banner(&mut sb);
    assert!(
        text.iter().any(|t| t == "N: next level (two.lua)"),
        "{text:?}"
    );
}

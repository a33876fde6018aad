//! Issue 17: how joints are drawn is the scene's choice. A spring net drawn
//! in coils, as thin lines, hidden, and in a colour of its own; each
//! picture is written to target/tmp/joint_looks/ (open them) and its pixels
//! are counted: lines leave far fewer spring-coloured pixels than coils,
//! hidden springs none, a custom colour shows instead of the default, and a
//! net left to the default (its springs short on screen) draws as lines.

use physbox::app::view;
use physbox::render::image::save_png;
use physbox::render::{Pixmap, Renderer};
use physbox::script::{Scene, SceneOptions};
use std::path::{Path, PathBuf};

/// A 10 x 7 net of masses joined by springs; `look` goes into every spring.
fn net(look: &str) -> String {
    format!(
        r##"
scene {{ title = "net", camera = {{0, 0, 8}}, background = "#000000" }}
world.gravity = {{0, 0}}
local n = {{}}
for r = 1, 7 do
  n[r] = {{}}
  for c = 1, 10 do
    n[r][c] = circle {{ x = -2.7 + (c - 1) * 0.6, y = 1.8 - (r - 1) * 0.6, r = 0.04,
                       color = "#2040ff" }}
    if c > 1 then spring {{ a = n[r][c - 1], b = n[r][c], {look} }} end
    if r > 1 then spring {{ a = n[r - 1][c], b = n[r][c], {look} }} end
  end
end
"##
    )
}

fn out_dir() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("joint_looks");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The picture of `src`, 480 x 360, saved as `name.png`.
fn picture(name: &str, src: &str) -> Pixmap {
    let mut scene = Scene::from_source(Path::new("net.lua"), src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let pm = view::still(&mut Renderer::new(), &mut scene, 480, 360).unwrap();
    save_png(&pm, &out_dir().join(format!("{name}.png"))).unwrap();
    pm
}

/// Pixels within 60 (per channel) of `rgb`, below the caption.
fn count(pm: &Pixmap, rgb: (u8, u8, u8)) -> usize {
    let near = |a: u8, b: u8| (a as i32 - b as i32).abs() <= 60;
    (30..pm.height())
        .flat_map(|y| (0..pm.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = pm.pixel(x, y).unwrap();
            near(p.red(), rgb.0) && near(p.green(), rgb.1) && near(p.blue(), rgb.2)
        })
        .count()
}

/// The built-in spring colour.
const SPRING: (u8, u8, u8) = (0xff, 0xc8, 0x50);

#[test]
fn a_spring_net_as_coils_lines_hidden_and_coloured() {
    let coil = count(&picture("coil", &net("style = 'coil'")), SPRING);
    let line = count(&picture("line", &net("style = 'line'")), SPRING);
    let auto = count(&picture("default", &net("k = 100")), SPRING);
    let hidden = count(&picture("hidden", &net("hidden = true")), SPRING);
    let magenta = picture("magenta", &net("style = 'line', color = '#ff00ff'"));
    println!("spring pixels: coil {coil}, line {line}, default {auto}, hidden {hidden}");
    assert!(line > 500, "the lines are drawn: {line}");
    assert!(coil > 2 * line, "coils {coil} vs lines {line}");
    assert_eq!(hidden, 0);
    // 0.6 m at 45 px/m is 27 px: too short for six coils, so a line.
    assert_eq!(auto, line, "the default for short springs is a line");
    assert_eq!(count(&magenta, SPRING), 0, "no default colour left");
    let m = count(&magenta, (0xff, 0x00, 0xff));
    assert!(
        m * 10 > line * 9,
        "the custom colour: {m} pixels, lines {line}"
    );
}

#[test]
fn a_long_spring_still_coils_by_default_and_joints_take_a_colour() {
    let src = r##"
scene { title = "long", camera = {0, 0, 8}, background = "#000000" }
world.gravity = {0, 0}
local a = circle { x = -3, y = 1, r = 0.1, color = "#2040ff" }
local b = circle { x = 3, y = 1, r = 0.1, color = "#2040ff" }
spring { a = a, b = b }
local c = circle { x = -3, y = -1, r = 0.1, color = "#2040ff" }
local d = circle { x = 3, y = -1, r = 0.1, color = "#2040ff" }
distance { a = c, b = d, color = "#00ff00" }
"##;
    let long = picture("long_spring", src);
    let line = picture(
        "long_spring_line",
        &src.replace(
            "spring { a = a, b = b }",
            "spring { a = a, b = b, style = 'line' }",
        ),
    );
    let (coil_px, line_px) = (count(&long, SPRING), count(&line, SPRING));
    println!("a 270 px spring: coil {coil_px} px, line {line_px} px");
    assert!(
        coil_px > line_px * 3 / 2,
        "coil {coil_px} vs line {line_px}"
    );
    assert!(
        count(&long, (0x00, 0xff, 0x00)) > 300,
        "the distance joint in green"
    );
}

#[test]
fn the_spring_net_scene_draws_its_net_as_lines() {
    let src = std::fs::read_to_string("scenes/spring_net.lua").unwrap();
    let lines = count(&picture("spring_net", &src), SPRING);
    let coils = count(
        &picture(
            "spring_net_coil",
            &src.replace("style = \"line\"", "style = \"coil\""),
        ),
        SPRING,
    );
    println!("scenes/spring_net.lua: lines {lines} px, coils {coils} px");
    assert!(
        lines > 0 && coils > lines * 2,
        "lines {lines}, coils {coils}"
    );
}

//! Every colour docs/lua-api.md documents for bodies (the names, and hex
//! colours down to the background's own) is visible on the default
//! background: each body's fill and outline differ from the background by
//! a minimum luma.

use physbox::app::view;
use physbox::render::{Renderer, Rgba};
use physbox::script::{Scene, SceneOptions};
use std::path::Path;

/// The colour names in the `color` row of docs/lua-api.md's option table.
fn documented_names() -> Vec<String> {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lua-api.md"))
            .unwrap();
    let row = docs
        .lines()
        .find(|l| l.starts_with("| `color` |") && l.contains("\"#rrggbb\""))
        .expect("docs/lua-api.md documents body colours in its option table");
    let names = row.split(" or ").nth(1).expect("`\"#rrggbb\"` or names");
    names
        .trim_end_matches(['|', ' '])
        .split(", ")
        .map(|s| s.trim().to_string())
        .collect()
}

fn luma(p: &physbox::render::Pixmap, x: u32, y: u32) -> f32 {
    let c = p.pixel(x, y).unwrap();
    Rgba::rgb(c.red(), c.green(), c.blue()).luma()
}

#[test]
fn every_documented_colour_stands_out_from_the_default_background() {
    let mut colours = documented_names();
    assert!(colours.len() >= 10, "names found: {colours:?}");
    assert!(colours.iter().any(|c| c == "black"), "{colours:?}");
    // Hex colours: the dark wheels of the issue, and the background itself.
    for hex in ["#333333", "#1b1d24", "#000000", "#ffffff", "#202020"] {
        colours.push(hex.to_string());
    }
    // 20 px per metre, x = 0 at column 400, y = 0 at row 100; one 0.8 m box
    // per metre from x = -9.
    let mut src = String::from("scene { camera = {0, 0, 10} }\n");
    for (i, c) in colours.iter().enumerate() {
        src += &format!(
            "box {{ x = {}, y = 0, w = 0.8, h = 0.8, static = true, color = \"{c}\" }}\n",
            i as f64 - 9.0
        );
    }
    let mut s = Scene::from_source(Path::new("contrast.lua"), &src, &SceneOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let pm = view::still(&mut Renderer::new(), &mut s, 800, 200).unwrap();
    // For a human look: target/render_contrast.png.
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/render_contrast.png");
    physbox::render::image::save_png(&pm, &out).unwrap();
    let bg = luma(&pm, 5, 190);
    assert!(
        (bg - physbox::render::color::DEFAULT_BACKGROUND.luma()).abs() < 0.01,
        "background {bg}"
    );
    let mut report = Vec::new();
    for (i, c) in colours.iter().enumerate() {
        let centre = (400.0 + 20.0 * (i as f64 - 9.0)) as u32;
        let fill = luma(&pm, centre, 100);
        // The box's left edge is at centre − 8 px; its outline is 1.5 px.
        let outline = luma(&pm, centre - 8, 100);
        report.push(format!("{c}: fill {fill:.3} outline {outline:.3}"));
        assert!(
            (fill - bg).abs() >= 0.14,
            "{c}: fill luma {fill:.3} vs background {bg:.3}\n{}",
            report.join("\n")
        );
        assert!(
            (outline - bg).abs() >= 0.2 && (outline - fill).abs() >= 0.1,
            "{c}: outline luma {outline:.3} vs background {bg:.3} and fill {fill:.3}\n{}",
            report.join("\n")
        );
    }
}

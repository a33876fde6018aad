//! Everything drawn over the world in screen space: the HUD (scene, time,
//! speed, timings, counts, solver settings), the inspector, live plots, the
//! scene's messages, help, the picker and the script-error overlay.

use super::keys::{BINDINGS, MOUSE_HELP};
use super::sandbox::Sandbox;
use crate::physics::{BodyId, BodyType, World};
use crate::render::highlight::highlight;
use crate::render::widgets::{
    panel, panel_size, plots, series_color, wrap, Series, DIM_TEXT, HUD_PX, TEXT,
};
use crate::render::{Pixmap, Rgba, Target};
use crate::script::Outcome;
use std::time::Duration;

const WARN: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
const ERROR_BG: Rgba = Rgba::rgb(0x5a, 0x10, 0x14).with_alpha(235);
const NOTICE_FOR: Duration = Duration::from_secs(4);

type Lines = Vec<(String, Rgba)>;

fn line(s: impl Into<String>) -> (String, Rgba) {
    (s.into(), TEXT)
}

pub fn status_lines(sb: &Sandbox) -> Lines {
    let settings = sb.scene.settings();
    let title = settings
        .title
        .clone()
        .unwrap_or_else(|| crate::script::scene::shown_path(sb.scene.path()));
    let w = sb.scene.world();
    let s = &w.settings;
    let mut lines = vec![
        line(format!(
            "{title}  [{}]",
            crate::script::scene::shown_path(&sb.opened)
        )),
        line(format!(
            "t {:8.2} s   {:3} steps/s   step {:5.2} ms   frame {:5.2} ms",
            w.time(),
            sb.stats.steps_per_sec,
            sb.stats.step_ms,
            sb.stats.frame_ms
        )),
        line(format!(
            "bodies {} ({} awake)   contacts {}",
            w.body_count(),
            w.awake_body_count(),
            w.contact_count()
        )),
        line(format!(
            "speed x{}   substeps {}   contacts {:.1} Hz, damping {:.1}",
            speed_text(sb.speed),
            s.substeps,
            s.contact_hertz,
            s.contact_damping_ratio
        )),
    ];
    // (A puzzle's parts bin shows what is left itself.)
    if let (None, Some(c), Some(b)) = (
        &sb.puzzle,
        super::tools::remaining(sb, "circle"),
        super::tools::remaining(sb, "box"),
    ) {
        lines.push(line(format!(
            "tools left: {c} circles (Shift+click), {b} boxes (Ctrl+click)"
        )));
    }
    if sb.paused {
        lines.push(("PAUSED  (Space runs, . steps)".into(), WARN));
    }
    let l = sb.layers;
    let on: Vec<&str> = [
        (l.aabbs, "boxes"),
        (l.contacts, "contacts"),
        (l.velocities, "velocities"),
        (l.centers_of_mass, "centres"),
        (l.islands, "islands"),
        (l.joint_anchors, "anchors"),
    ]
    .iter()
    .filter(|(b, _)| *b)
    .map(|(_, n)| *n)
    .collect();
    if !on.is_empty() {
        lines.push(line(format!("layers: {}", on.join(", "))));
    }
    lines.push(line(format!("reload: {}  (F10)", sb.reload.mode.label())));
    lines.push(("F1 help   Tab scenes   F12 screenshot".into(), DIM_TEXT));
    lines
}

fn speed_text(s: f64) -> String {
    if s >= 1.0 {
        format!("{s}")
    } else {
        format!("1/{}", (1.0 / s).round())
    }
}

/// The inspector: name, type, mass, position, velocity, ω, energy.
pub fn inspector_lines(world: &World, id: BodyId) -> Lines {
    let Ok(b) = world.body(id) else {
        return Vec::new();
    };
    let g = world.settings.gravity;
    let ke = b.kinetic_energy();
    let pe = if b.body_type == BodyType::Dynamic {
        -b.mass * b.gravity_scale * g.dot(b.center)
    } else {
        0.0
    };
    let name = b
        .name
        .clone()
        .unwrap_or_else(|| format!("body #{}", id.index));
    let state = if b.body_type == BodyType::Static {
        ""
    } else if b.awake {
        ", awake"
    } else {
        ", asleep"
    };
    vec![
        (name, WARN),
        line(format!("{}{state}", b.body_type.name())),
        line(format!("mass  {:.4} kg", b.mass)),
        line(format!("pos   ({:.3}, {:.3}) m", b.xf.p.x, b.xf.p.y)),
        line(format!("angle {:.3} rad", b.xf.q.angle())),
        line(format!(
            "vel   ({:.3}, {:.3}) m/s",
            b.linear_velocity.x, b.linear_velocity.y
        )),
        line(format!("omega {:.3} rad/s", b.angular_velocity)),
        line(format!("KE    {:.4} J", ke)),
        line(format!("PE    {:.4} J (y = 0)", pe)),
    ]
}

fn help_lines() -> Lines {
    let mut lines = vec![("physbox — keys".to_string(), WARN)];
    for (_, text, _) in BINDINGS.iter().filter(|(_, t, _)| !t.is_empty()) {
        lines.push(line(*text));
    }
    lines.push(("mouse".to_string(), WARN));
    lines.extend(MOUSE_HELP.iter().map(|s| line(*s)));
    lines.push((
        "Every other key goes to the scene (on_key, key_down).".into(),
        DIM_TEXT,
    ));
    lines
}

fn centered(
    t: &mut Target,
    sb: &mut Sandbox,
    lines: &Lines,
    px: f32,
    y: Option<f32>,
) -> (f32, f32) {
    let (w, h) = panel_size(&mut sb.renderer.text, lines, px);
    let x = ((t.width as f32 - w) * 0.5).max(0.0);
    let y = y.unwrap_or(((t.height as f32 - h) * 0.5).max(0.0));
    panel(t, &mut sb.renderer.text, x, y, lines, px);
    (x, y)
}

pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    let alpha = sb.alpha();
    // Hovered and selected bodies are outlined.
    for (id, color, width) in [
        (
            sb.tools.hovered,
            Rgba::rgb(255, 255, 255).with_alpha(140),
            1.5,
        ),
        (sb.tools.selected, Rgba::rgb(0xff, 0xd5, 0x4f), 2.5),
    ] {
        if let Some(id) = id {
            let world = sb.scene.world();
            highlight(pm, &sb.camera, &world, id, &sb.poses, alpha, color, width);
        }
    }
    let (width, height) = (pm.width() as f32, pm.height() as f32);
    if sb.show_hud {
        let lines = status_lines(sb);
        panel(
            &mut Target::new(pm),
            &mut sb.renderer.text,
            6.0,
            6.0,
            &lines,
            HUD_PX,
        );
        if let Some(id) = sb.tools.selected.or(sb.tools.hovered) {
            let lines = inspector_lines(&sb.scene.world(), id);
            if !lines.is_empty() {
                let (w, _) = panel_size(&mut sb.renderer.text, &lines, HUD_PX);
                panel(
                    &mut Target::new(pm),
                    &mut sb.renderer.text,
                    width - w - 6.0,
                    6.0,
                    &lines,
                    HUD_PX,
                );
            }
        }
        draw_plots(sb, pm);
        let tail: Lines = {
            let sim = sb.scene.sim();
            let lines = sim.console_lines();
            lines[lines.len().saturating_sub(4)..]
                .iter()
                .map(|s| (s.chars().take(90).collect(), DIM_TEXT))
                .collect()
        };
        if !tail.is_empty() {
            let (w, h) = panel_size(&mut sb.renderer.text, &tail, 13.0);
            panel(
                &mut Target::new(pm),
                &mut sb.renderer.text,
                width - w - 6.0,
                height - h - 6.0,
                &tail,
                13.0,
            );
        }
    }
    let mut t = Target::new(pm);
    if let Some(outcome) = sb.scene.outcome() {
        let (text, color) = match outcome {
            Outcome::Won(s) => (format!("WIN: {s}"), Rgba::rgb(0x69, 0xf0, 0xae)),
            Outcome::Lost(s) => (format!("LOSE: {s}"), Rgba::rgb(0xff, 0x52, 0x52)),
        };
        let mut lines = vec![(text, color)];
        if let Some(next) = super::keys::next_scene(sb) {
            let name = next
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            lines.push(line(format!("N: next level ({name})")));
        }
        centered(&mut t, sb, &lines, 22.0, Some(height * 0.15));
    }
    if let Some((text, at)) = &sb.notice {
        if at.elapsed() < NOTICE_FOR {
            let lines = vec![line(text.clone())];
            centered(&mut t, sb, &lines, HUD_PX, Some(height - 40.0));
        } else {
            sb.notice = None;
        }
    }
    if sb.show_help {
        centered(&mut t, sb, &help_lines(), HUD_PX, None);
    }
    if let Some(p) = &sb.picker {
        let mut lines = vec![(format!("open a scene from {}/", p.dir.display()), WARN)];
        if p.files.is_empty() {
            lines.push(line("(no .lua files)"));
        }
        for (i, f) in p.files.iter().enumerate() {
            let name = f
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            if i == p.index {
                lines.push((format!("> {name}"), WARN));
            } else {
                lines.push(line(format!("  {name}")));
            }
        }
        lines.push(("Up/Down choose, Enter opens, Esc closes".into(), DIM_TEXT));
        centered(&mut t, sb, &lines, HUD_PX, None);
    }
    if let Some(err) = &sb.error {
        let cols = ((width / 9.0) as usize).clamp(30, 110);
        let (head, foot) = if sb.reload.failed {
            (
                "Reload failed — the last good version keeps running",
                "Fix the file and save: it reloads by itself.",
            )
        } else {
            (
                "Script error — the simulation is paused",
                "Fix the scene and press R to restart, or Space to carry on.",
            )
        };
        let mut lines = vec![(head.to_string(), WARN)];
        lines.extend(wrap(err, cols).into_iter().map(line));
        lines.push((foot.into(), DIM_TEXT));
        let (w, h) = panel_size(&mut sb.renderer.text, &lines, HUD_PX);
        let (x, y) = (((width - w) * 0.5).max(0.0), ((height - h) * 0.5).max(0.0));
        crate::render::widgets::rect(&mut t, x - 4.0, y - 4.0, w + 8.0, h + 8.0, ERROR_BG);
        panel(&mut t, &mut sb.renderer.text, x, y, &lines, HUD_PX);
    }
}

/// Points per series handed to the plot (it draws one per pixel column).
const PLOT_POINTS: usize = 800;

fn draw_plots(sb: &mut Sandbox, pm: &mut Pixmap) {
    let sim = sb.scene.sim();
    if sim.plots().is_empty() {
        return;
    }
    // Thinned copies: long runs have hundreds of thousands of samples.
    let data: Vec<Vec<(f64, f64)>> = sim
        .plots()
        .iter()
        .take(6)
        .map(|(_, s)| {
            let step = (s.len() / PLOT_POINTS).max(1);
            s.iter()
                .step_by(step)
                .chain(s.last())
                .map(|p| (p.time, p.value))
                .collect()
        })
        .collect();
    let series: Vec<Series> = sim
        .plots()
        .iter()
        .zip(&data)
        .enumerate()
        .map(|(i, ((name, _), samples))| Series {
            name,
            color: series_color(i),
            samples,
        })
        .collect();
    let (w, h) = (380.0f32.min(pm.width() as f32 * 0.45), 150.0);
    let y = pm.height() as f32 - h - 6.0;
    plots(pm, &mut sb.renderer.text, 6.0, y, w, h, &series);
}

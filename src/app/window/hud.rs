//! Everything drawn over the world in screen space: the HUD (scene, time,
//! speed, timings, counts, solver settings), the inspector, live plots, the
//! scene's messages, help, the picker and the script-error overlay. Each
//! panel's lines are gathered from the sandbox first, then drawn.

use super::bindings::{BINDINGS, MOUSE_HELP};
use super::edit_input::{EDIT_HELP, EDIT_STATUS};
use super::inspector;
use super::sandbox::Sandbox;
use super::tools::Spawn;
use crate::app::puzzle::play::next_scene_path;
use crate::render::color::series_color;
use crate::render::highlight::highlight;
use crate::render::text::TextPainter;
use crate::render::widgets::{panel, panel_size, plots, wrap, Series, DIM_TEXT, HUD_PX, TEXT};
use crate::render::{Pixmap, Rgba, Target};
use crate::script::Outcome;

const WARN: Rgba = Rgba::rgb(0xff, 0xd5, 0x4f);
const ERROR_BG: Rgba = Rgba::rgb(0x5a, 0x10, 0x14).with_alpha(235);

type Lines = Vec<(String, Rgba)>;

fn line(s: impl Into<String>) -> (String, Rgba) {
    (s.into(), TEXT)
}

pub fn status_lines(sb: &Sandbox) -> Lines {
    let scene = sb.scene();
    let settings = scene.settings();
    let title = settings
        .title
        .clone()
        .unwrap_or_else(|| crate::script::scene::shown_path(scene.path()));
    let w = scene.world();
    let s = &w.settings;
    let mut lines = vec![
        line(format!(
            "{title}  [{}]",
            crate::script::scene::shown_path(sb.opened())
        )),
        line(format!(
            "t {:8.2} s   {:3} steps/s   step {:5.2} ms   frame {:5.2} ms",
            w.time(),
            sb.stats().steps_per_sec(),
            sb.stats().step_ms(),
            sb.stats().frame_ms()
        )),
        line(format!(
            "bodies {} ({} awake)   contacts {}",
            w.body_count(),
            w.awake_body_count(),
            w.contact_count()
        )),
        line(format!(
            "speed x{}   substeps {}   contacts {:.1} Hz, damping {:.1}",
            speed_text(sb.speed()),
            s.substeps,
            s.contact_hertz,
            s.contact_damping_ratio
        )),
    ];
    // (A puzzle's parts bin shows what is left itself.)
    if let (None, Some(c), Some(b)) = (
        sb.build_mode(),
        sb.spawns_left(Spawn::Circle),
        sb.spawns_left(Spawn::Box),
    ) {
        lines.push(line(format!(
            "tools left: {c} circles (Shift+click), {b} boxes (Ctrl+click)"
        )));
    }
    if sb.in_edit_mode() {
        lines.extend(EDIT_STATUS.iter().map(|s| (s.to_string(), WARN)));
    } else if sb.is_paused() {
        lines.push(("PAUSED  (Space runs, . steps)".into(), WARN));
    }
    let l = sb.layers();
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
    lines.push(line(format!("reload: {}  (F10)", sb.reload_mode().label())));
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

fn help_lines() -> Lines {
    let mut lines = vec![("physbox — keys".to_string(), WARN)];
    for (_, text, _) in BINDINGS.iter().filter(|(_, t, _)| !t.is_empty()) {
        lines.push(line(*text));
    }
    lines.push(("mouse".to_string(), WARN));
    lines.extend(MOUSE_HELP.iter().map(|s| line(*s)));
    lines.push(("edit mode".to_string(), WARN));
    lines.extend(EDIT_HELP.iter().map(|s| line(*s)));
    lines.push((
        "Every other key goes to the scene (on_key, key_down).".into(),
        DIM_TEXT,
    ));
    lines
}

/// A panel centred across the window, at height `y` (or centred).
fn centered(t: &mut Target, text: &mut TextPainter, lines: &Lines, px: f32, y: Option<f32>) {
    let (w, h) = panel_size(text, lines, px);
    let x = ((t.width as f32 - w) * 0.5).max(0.0);
    let y = y.unwrap_or(((t.height as f32 - h) * 0.5).max(0.0));
    panel(t, text, x, y, lines, px);
}

/// Everything over the world: outlines, the HUD panels, the centred panels
/// and the error box.
pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    outline_hovered_and_selected(sb, pm);
    if sb.panels().hud_shown() {
        draw_hud(sb, pm);
    }
    let height = pm.height() as f32;
    let mut centred: Vec<(Lines, f32, Option<f32>)> = Vec::new();
    if let Some(lines) = outcome_lines(sb) {
        centred.push((lines, 22.0, Some(height * 0.15)));
    }
    if let Some(text) = sb.notice_to_draw() {
        centred.push((vec![line(text)], HUD_PX, Some(height - 40.0)));
    }
    if sb.panels().help_shown() {
        centred.push((help_lines(), HUD_PX, None));
    }
    if let Some(lines) = picker_lines(sb) {
        centred.push((lines, HUD_PX, None));
    }
    let error = error_lines(sb, pm.width() as f32);
    let text = sb.text_mut();
    let mut t = Target::new(pm);
    for (lines, px, y) in &centred {
        centered(&mut t, text, lines, *px, *y);
    }
    if let Some(lines) = error {
        draw_error_box(&mut t, text, &lines);
    }
}

/// Hovered and selected bodies are outlined.
fn outline_hovered_and_selected(sb: &Sandbox, pm: &mut Pixmap) {
    let alpha = sb.alpha();
    let tools = sb.tools();
    for (id, color, width) in [
        (
            tools.hovered(),
            Rgba::rgb(255, 255, 255).with_alpha(140),
            1.5,
        ),
        (tools.selected(), Rgba::rgb(0xff, 0xd5, 0x4f), 2.5),
    ] {
        if let Some(id) = id {
            let world = sb.scene().world();
            highlight(pm, sb.camera(), &world, id, sb.poses(), alpha, color, width);
        }
    }
}

/// Status (top left), inspector (top right), plots (bottom left) and the
/// scene's last printed lines (bottom right).
fn draw_hud(sb: &mut Sandbox, pm: &mut Pixmap) {
    let (width, height) = (pm.width() as f32, pm.height() as f32);
    let status = status_lines(sb);
    let inspector = inspector::panel_lines(sb).0;
    let tail: Lines = {
        let sim = sb.scene().sim();
        let lines = sim.console_lines();
        lines[lines.len().saturating_sub(4)..]
            .iter()
            .map(|s| (s.chars().take(90).collect(), DIM_TEXT))
            .collect()
    };
    let (names, data) = plot_data(sb);
    let text = sb.text_mut();
    panel(&mut Target::new(pm), text, 6.0, 6.0, &status, HUD_PX);
    if !inspector.is_empty() {
        let (w, _) = panel_size(text, &inspector, HUD_PX);
        panel(
            &mut Target::new(pm),
            text,
            width - w - 6.0,
            6.0,
            &inspector,
            HUD_PX,
        );
    }
    draw_plots(pm, text, &names, &data);
    if !tail.is_empty() {
        let (w, h) = panel_size(text, &tail, 13.0);
        panel(
            &mut Target::new(pm),
            text,
            width - w - 6.0,
            height - h - 6.0,
            &tail,
            13.0,
        );
    }
    if sb.in_edit_mode() {
        super::palette::draw(sb, pm);
    }
}

/// WIN / LOSE, and where N leads after a win.
fn outcome_lines(sb: &Sandbox) -> Option<Lines> {
    let outcome = sb.scene().outcome()?;
    let won = matches!(outcome, Outcome::Won(_));
    let (text, color) = match outcome {
        Outcome::Won(s) => (format!("WIN: {s}"), Rgba::rgb(0x69, 0xf0, 0xae)),
        Outcome::Lost(s) => (format!("LOSE: {s}"), Rgba::rgb(0xff, 0x52, 0x52)),
    };
    let mut lines = vec![(text, color)];
    if let Some(next) = won.then(|| next_scene_path(sb.scene())).flatten() {
        let name = next
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        lines.push(line(format!("N: next level ({name})")));
    }
    Some(lines)
}

fn picker_lines(sb: &Sandbox) -> Option<Lines> {
    let p = sb.panels().picker()?;
    let mut lines = vec![(format!("open a scene from {}/", p.dir().display()), WARN)];
    if p.files().is_empty() {
        lines.push(line("(no .lua files)"));
    }
    for f in p.files() {
        let name = f
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned());
        if p.chosen() == Some(f.as_path()) {
            lines.push((format!("> {name}"), WARN));
        } else {
            lines.push(line(format!("  {name}")));
        }
    }
    lines.push(("Up/Down choose, Enter opens, Esc closes".into(), DIM_TEXT));
    Some(lines)
}

/// The error box's lines, wrapped to a window `width` pixels wide.
fn error_lines(sb: &Sandbox, width: f32) -> Option<Lines> {
    let err = sb.error()?;
    let cols = ((width / 9.0) as usize).clamp(30, 110);
    let (head, foot) = if sb.error_is_from_reload() {
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
    Some(lines)
}

fn draw_error_box(t: &mut Target, text: &mut TextPainter, lines: &Lines) {
    let (width, height) = (t.width as f32, t.height as f32);
    let (w, h) = panel_size(text, lines, HUD_PX);
    let (x, y) = (((width - w) * 0.5).max(0.0), ((height - h) * 0.5).max(0.0));
    crate::render::widgets::rect(t, x - 4.0, y - 4.0, w + 8.0, h + 8.0, ERROR_BG);
    panel(t, text, x, y, lines, HUD_PX);
}

/// Points per series handed to the plot (it draws one per pixel column).
const PLOT_POINTS: usize = 800;

/// The first six `plot()` series, thinned: long runs have hundreds of
/// thousands of samples.
fn plot_data(sb: &Sandbox) -> (Vec<String>, Vec<Vec<(f64, f64)>>) {
    let sim = sb.scene().sim();
    sim.plots()
        .iter()
        .take(6)
        .map(|(name, s)| {
            let step = (s.len() / PLOT_POINTS).max(1);
            let samples = s
                .iter()
                .step_by(step)
                .chain(s.last())
                .map(|p| (p.time, p.value))
                .collect();
            (name.clone(), samples)
        })
        .unzip()
}

fn draw_plots(pm: &mut Pixmap, text: &mut TextPainter, names: &[String], data: &[Vec<(f64, f64)>]) {
    if names.is_empty() {
        return;
    }
    let series: Vec<Series> = names
        .iter()
        .zip(data)
        .enumerate()
        .map(|(i, (name, samples))| Series {
            name,
            color: series_color(i),
            samples,
        })
        .collect();
    let (w, h) = (380.0f32.min(pm.width() as f32 * 0.45), 150.0);
    let y = pm.height() as f32 - h - 6.0;
    plots(pm, text, 6.0, y, w, h, &series);
}

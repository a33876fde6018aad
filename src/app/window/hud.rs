//! Everything drawn over the world in screen space: the HUD (one line by
//! default: scene, time, step and frame times, what is paused or moved;
//! F8 cycles to every line and to none), the inspector, live plots, the
//! scene's messages, help, the picker and the script-error overlay. Each
//! panel's lines are gathered from the sandbox first, placed so that none
//! covers another (`layout.rs`), then drawn.

use super::bindings;
use super::edit_help::EDIT_STATUS;
use super::help;
use super::inspector;
use super::layout::{self, Rect, Wanted};
use super::panels::HudMode;
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

/// The compact HUD's title is cut to this many characters.
const TITLE_CHARS: usize = 32;

/// The scene's title as the HUD shows it (at most `max` characters).
fn title(sb: &Sandbox, max: usize) -> String {
    let scene = sb.scene();
    let t = scene
        .settings()
        .title
        .unwrap_or_else(|| crate::script::scene::shown_path(scene.path()));
    if t.chars().count() > max {
        let cut: String = t.chars().take(max.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        t
    }
}

/// Keys the scene took and where their actions went, the four arrows
/// written as one: (keys, alternatives), e.g. ("Space arrows", "P pause /
/// run, Ctrl+arrows pan the view (held)").
fn moved_keys(sb: &Sandbox) -> Option<(String, String)> {
    let taken = |k: &str| sb.scene_takes(k);
    let mut moved = bindings::moved(&taken, bindings::context(sb));
    if moved.is_empty() {
        return None;
    }
    let arrows = ["Left", "Right", "Up", "Down"];
    if arrows.iter().all(|a| moved.iter().any(|(k, _, _)| k == a)) {
        let what = moved
            .iter()
            .find(|(k, _, _)| k == "Left")
            .map_or("", |m| m.2);
        moved.retain(|(k, _, _)| !arrows.contains(&k.as_str()));
        moved.push(("arrows".into(), "Ctrl+arrows".into(), what));
    }
    let keys: Vec<&str> = moved.iter().map(|(k, _, _)| k.as_str()).collect();
    let alts: Vec<String> = moved
        .iter()
        .map(|(_, alt, what)| format!("{alt} {what}"))
        .collect();
    Some((keys.join(" "), alts.join(", ")))
}

/// What needs saying beside the numbers: paused, the view held back from
/// following, keys the scene took. (Edit mode's lines are `edit_lines`.)
fn state_notes(sb: &Sandbox) -> Vec<(String, Rgba)> {
    let taken = |k: &str| sb.scene_takes(k);
    let key = |action| {
        bindings::BINDINGS
            .iter()
            .find(|b| b.action == action)
            .and_then(|b| bindings::key_for(b, &taken))
            .map_or("-".to_string(), bindings::label)
    };
    let mut notes = Vec::new();
    if sb.is_paused() && !sb.in_edit_mode() {
        notes.push((
            format!(
                "PAUSED ({} runs, {} steps)",
                key(bindings::Action::Pause),
                key(bindings::Action::Step)
            ),
            WARN,
        ));
    }
    if sb.follow_paused() {
        notes.push(("view held: F follows again".to_string(), WARN));
    }
    notes
}

/// Edit mode's lines (each on a line of its own: together they are wider
/// than a 1280-pixel window).
fn edit_lines(sb: &Sandbox) -> Lines {
    if !sb.in_edit_mode() {
        return Vec::new();
    }
    EDIT_STATUS
        .iter()
        .enumerate()
        .map(|(i, s)| (s.to_string(), if i == 0 { WARN } else { TEXT }))
        .collect()
}

/// The compact HUD: one line (plus edit mode's lines in edit mode).
pub fn compact_lines(sb: &Sandbox) -> Lines {
    // A level's whole title goes on the line below: not cut here too.
    let level = level_lines(sb);
    let head = if level.is_empty() {
        format!("{}   ", title(sb, TITLE_CHARS))
    } else {
        String::new()
    };
    let w = sb.scene().world();
    let mut parts = vec![(
        format!(
            "{head}t {:.2} s   step {:.2} ms   frame {:.1} ms",
            w.time(),
            sb.stats().step_ms(),
            sb.stats().frame_ms()
        ),
        TEXT,
    )];
    drop(w);
    // Before the notes: a long line loses its end, and F1 must show.
    parts.push(("F1 help  F8 more".to_string(), DIM_TEXT));
    parts.extend(state_notes(sb));
    if let Some((_, alts)) = moved_keys(sb) {
        parts.push((format!("keys moved: {alts}"), WARN));
    }
    // One line, coloured by its most urgent part.
    let color = parts.iter().find(|(_, c)| *c == WARN).map_or(TEXT, |p| p.1);
    let text: Vec<String> = parts.into_iter().map(|(t, _)| t).collect();
    let mut lines = vec![(text.join("   "), color)];
    lines.extend(level);
    lines.extend(edit_lines(sb));
    lines
}

/// A puzzle level's title in build mode, whole, wrapped on lines of its
/// own: it is the level's instruction (the first line cuts it).
fn level_lines(sb: &Sandbox) -> Lines {
    if !sb.world_frozen() {
        return Vec::new();
    }
    let full = title(sb, usize::MAX);
    if full == title(sb, TITLE_CHARS) {
        return Vec::new();
    }
    wrap(&full, 90).into_iter().map(line).collect()
}

pub fn status_lines(sb: &Sandbox) -> Lines {
    let scene = sb.scene();
    let w = scene.world();
    let s = &w.settings;
    let mut lines = vec![
        line(format!(
            "{}  [{}]",
            title(sb, 60),
            crate::script::scene::shown_path(sb.opened())
        )),
        line(format!(
            "t {:8.2} s   {:3} steps/s   step {:5.2} ms (physics {:.3})   frame {:5.2} ms",
            w.time(),
            sb.stats().steps_per_sec(),
            sb.stats().step_ms(),
            sb.stats().physics().step,
            sb.stats().frame_ms()
        )),
        physics_line(sb),
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
    drop(w);
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
    lines.extend(state_notes(sb));
    lines.extend(edit_lines(sb));
    if let Some((keys, alts)) = moved_keys(sb) {
        lines.push((format!("{keys}: the scene's; now {alts}"), WARN));
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
    lines.push((
        "F1 help   Tab scenes   F12 screenshot   F8 less".into(),
        DIM_TEXT,
    ));
    lines
}

/// Where a step's physics time goes, smoothed (`World::profile`): finding
/// contacts (broad and narrow phase), building islands, preparing the
/// constraints, solving them, moving the bodies (write-back, continuous
/// collision, broad-phase update, sleep, events). The line above gives the
/// whole step and its physics: the difference is the scene's Lua and the
/// timeline's recording. Short enough for a 960-pixel window.
fn physics_line(sb: &Sandbox) -> (String, Rgba) {
    let p = sb.stats().physics();
    line(format!(
        "physics: collide {:.3}  islands {:.3}  prepare {:.3}  solve {:.3}  move {:.3} ms",
        p.pairs + p.collide,
        p.setup_islands,
        p.setup_bodies + p.setup_contacts,
        p.substeps + p.finish,
        p.write_back + p.sleep + p.events,
    ))
}

fn speed_text(s: f64) -> String {
    if s >= 1.0 {
        format!("{s}")
    } else {
        format!("1/{}", (1.0 / s).round())
    }
}

/// A panel centred across the window, at height `y` (or centred).
fn centered(t: &mut Target, text: &mut TextPainter, lines: &Lines, px: f32, y: Option<f32>) {
    let (w, h) = panel_size(text, lines, px);
    let x = ((t.width as f32 - w) * 0.5).max(0.0);
    let y = y.unwrap_or(((t.height as f32 - h) * 0.5).max(0.0));
    panel(t, text, x, y, lines, px);
}

/// The screen-space panels of one frame: what each shows and where it
/// goes. One layout serves drawing and the inspector's hit test
/// (`inspector_rows::key_at`), so a row is hit where it is drawn.
pub struct Screen {
    pub hud: Lines,
    /// The inspector's lines and, for each, the option the wheel edits.
    pub inspector: Lines,
    pub inspector_keys: Vec<Option<&'static str>>,
    tail: Lines,
    notice: Option<Lines>,
    /// WIN / LOSE, and where N leads after a win (the banner).
    pub outcome: Option<Lines>,
    names: Vec<String>,
    data: Vec<Vec<(f64, f64)>>,
    /// Where each panel goes.
    pub placed: layout::Placed,
    /// F1's help, placed between the HUD and the timeline strip.
    pub help: Option<help::Placed>,
}

/// Gather the panels' lines and place them in a `width` × `height` window.
pub fn lay_out(sb: &mut Sandbox, width: f32, height: f32) -> Screen {
    let hud = match sb.panels().hud() {
        HudMode::Compact => compact_lines(sb),
        HudMode::Full => status_lines(sb),
        HudMode::Off => Vec::new(),
    };
    let shows_hud = !hud.is_empty();
    let (inspector, inspector_keys) = if shows_hud {
        inspector::panel_lines(sb)
    } else {
        (Vec::new(), Vec::new())
    };
    let tail: Lines = if shows_hud {
        let sim = sb.scene().sim();
        let lines = sim.console_lines();
        lines[lines.len().saturating_sub(4)..]
            .iter()
            .map(|s| (s.chars().take(90).collect(), DIM_TEXT))
            .collect()
    } else {
        Vec::new()
    };
    let (names, data) = plot_data(sb);
    let outcome = outcome_lines(sb);
    let notice = sb.notice_to_draw().map(|t| vec![line(t)]);
    let bin = sb.build_mode().map(|b| {
        let (x, y, w, h) = crate::app::puzzle::bin_panel::place(
            sb.text(),
            super::puzzle_input::bin_floor(sb),
            b.puzzle(),
        );
        Rect { x, y, w, h }
    });
    let margin =
        crate::app::view::margins(sb.scene(), width as u32, height as u32).map(|m| m as f32);
    // The panels keep above the timeline strip and its label.
    let above_strip = super::time_keys::strip_top(sb, height, shows_hud);
    let help_rows = sb
        .panels()
        .help_shown()
        .then(|| help::rows(&|k: &str| sb.scene_takes(k)));
    let text = sb.text_mut();
    // A HUD line wider than the window is cut (its end shown as "…").
    let hud = fit_width(text, hud, HUD_PX, width - 4.0 * layout::GAP);
    let size = |lines: &Lines, px, text: &mut TextPainter| {
        (!lines.is_empty()).then(|| panel_size(text, lines, px))
    };
    let want = Wanted {
        hud: size(&hud, HUD_PX, text),
        inspector: size(&inspector, HUD_PX, text),
        bin,
        plots: !names.is_empty(),
        console: size(&tail, 13.0, text),
        notice: notice.as_ref().and_then(|n| size(n, HUD_PX, text)),
        banner: outcome.as_ref().and_then(|o| size(o, 22.0, text)),
        margin,
    };
    let placed = layout::place(width, above_strip, &want);
    let help = help_rows.map(|rows| {
        let top = placed.hud.map_or(0.0, |r| r.bottom()) + layout::GAP;
        let area = Rect {
            x: layout::GAP,
            y: top,
            w: width - 2.0 * layout::GAP,
            h: above_strip - layout::GAP - top,
        };
        help::place(text, &rows, area)
    });
    Screen {
        hud,
        inspector,
        inspector_keys,
        tail,
        notice,
        outcome,
        names,
        data,
        placed,
        help,
    }
}

/// Everything over the world: outlines, the panels (placed so that none
/// covers another), the centred panels and the error box.
pub fn draw(sb: &mut Sandbox, pm: &mut Pixmap) {
    outline_hovered_and_selected(sb, pm);
    let (width, height) = (pm.width() as f32, pm.height() as f32);
    let s = lay_out(sb, width, height);
    let picker = picker_lines(sb, height);
    let error = error_lines(sb, width);
    let text = sb.text_mut();
    let placed = s.placed;
    let mut t = Target::new(pm);
    for (lines, px, at) in [
        (&s.hud, HUD_PX, placed.hud),
        (&s.inspector, HUD_PX, placed.inspector),
        (&s.tail, 13.0, placed.console),
    ] {
        if let Some(r) = at {
            panel(&mut t, text, r.x, r.y, lines, px);
        }
    }
    if let (Some(lines), Some(r)) = (&s.notice, placed.notice) {
        panel(&mut t, text, r.x, r.y, lines, HUD_PX);
    }
    if let (Some(lines), Some(r)) = (&s.outcome, placed.banner) {
        panel(&mut t, text, r.x, r.y, lines, 22.0);
    }
    if let Some(r) = placed.plots {
        draw_plots(pm, text, &s.names, &s.data, r);
    }
    let mut t = Target::new(pm);
    if let Some(h) = &s.help {
        help::draw(&mut t, text, h);
    }
    if let Some(lines) = picker {
        centered(&mut t, text, &lines, HUD_PX, None);
    }
    if let Some(lines) = error {
        draw_error_box(&mut t, text, &lines);
    }
    if sb.in_edit_mode() {
        super::palette::draw(sb, pm);
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

/// Lines no wider than `max` pixels: a longer one loses its end to "…".
fn fit_width(text: &mut TextPainter, lines: Lines, px: f32, max: f32) -> Lines {
    lines
        .into_iter()
        .map(|(s, c)| {
            if text.width(&s, px) <= max {
                return (s, c);
            }
            let mut chars: Vec<char> = s.chars().collect();
            while chars.len() > 1
                && text.width(&format!("{}…", chars.iter().collect::<String>()), px) > max
            {
                let cut = (chars.len() / 20).max(1);
                chars.truncate(chars.len() - cut);
            }
            (format!("{}…", chars.into_iter().collect::<String>()), c)
        })
        .collect()
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
    } else if won {
        // The end of a run of levels: N leads nowhere, so say what does.
        lines.push(line("no next level: Tab opens another scene"));
    }
    Some(lines)
}

/// The picker: a window of rows around the chosen scene, each with its
/// one line (cut to fit).
fn picker_lines(sb: &Sandbox, height: f32) -> Option<Lines> {
    let p = sb.panels().picker()?;
    let mut lines = vec![(format!("open a scene from {}/", p.dir().display()), WARN)];
    let entries = p.entries();
    if entries.is_empty() {
        lines.push(line("(no .lua files)"));
    }
    // Rows that fit (about 18 px each), the chosen one in view.
    let rows = (((height - 80.0) / 18.0) as usize).clamp(3, 40);
    let first = p
        .index()
        .saturating_sub(rows / 2)
        .min(entries.len().saturating_sub(rows));
    let width = entries
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0);
    for (i, e) in entries.iter().enumerate().skip(first).take(rows) {
        let about: String = e.about.chars().take(70).collect();
        let text = format!("{:<width$}  {about}", e.name);
        if i == p.index() {
            lines.push((format!("> {text}"), WARN));
        } else {
            lines.push(line(format!("  {text}")));
        }
    }
    lines.push((
        format!(
            "{} of {} — Up/Down choose, Enter opens, Esc closes",
            p.index() + 1,
            entries.len()
        ),
        DIM_TEXT,
    ));
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

fn draw_plots(
    pm: &mut Pixmap,
    text: &mut TextPainter,
    names: &[String],
    data: &[Vec<(f64, f64)>],
    r: Rect,
) {
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
    plots(pm, text, r.x, r.y, r.w, r.h, &series);
}

//! Scenes written as a careless or hostile user would (issue 18 §5, issue
//! 19 §6): random shapes and sizes across and beyond the documented ranges,
//! densities, masses, joints of every kind between random bodies, springs
//! from k = 1 to 1e9 (and past), ropes, force fields, callbacks that create
//! and destroy bodies and joints during events, extreme `world.dt`,
//! `substeps` and `gravity`. Every statement runs under `pcall`, so one
//! refused value does not hide the rest; every refusal must name
//! `scene.lua:LINE`. Asserted for every seed: no panic, no NaN or infinity
//! in any body after any step, no step past the limits, and a stopping
//! error (if any) is one line naming the scene file. Closed scenes (bodies
//! thrown above a floor, nothing that adds energy) never gain energy.
//!
//! A few hundred seeds by default; `PHYSBOX_FUZZ=1` runs thousands. A
//! failing seed's scene is written next to the test's temp folder; keep it
//! in `tests/scene_regressions/` (run by the last test here).

mod common;
use common::temp_dir;

use physbox::script::{Scene, SceneOptions};
use std::fmt::Write as _;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

/// xorshift64*: deterministic per seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn between(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    /// Mostly ordinary values, sometimes far outside any range.
    fn size(&mut self) -> f64 {
        match self.below(10) {
            0 => 10f64.powf(self.between(-330.0, 310.0)),
            1 => 10f64.powf(self.between(-6.0, 8.0)),
            _ => self.between(0.05, 3.0),
        }
    }
    fn coord(&mut self) -> f64 {
        match self.below(12) {
            0 => 10f64.powf(self.between(0.0, 309.0)) * self.sign(),
            1 => 10f64.powf(self.between(0.0, 10.0)) * self.sign(),
            _ => self.between(-20.0, 20.0),
        }
    }
    /// A positive quantity over many decades (k, mass, density, forces).
    fn decades(&mut self, lo: f64, hi: f64) -> f64 {
        10f64.powf(self.between(lo, hi))
    }
    fn sign(&mut self) -> f64 {
        if self.chance(0.5) {
            1.0
        } else {
            -1.0
        }
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Lua for a number, including the non-finite ones a typo makes.
fn lua_num(x: f64) -> String {
    if x.is_nan() {
        "(0/0)".into()
    } else if x.is_infinite() {
        if x > 0.0 { "math.huge" } else { "-math.huge" }.into()
    } else {
        format!("{x:e}")
    }
}

/// One random scene.
/// A regular `k`-gon of circumradius `scale` as a Lua points table.
fn regular_polygon(k: u64, scale: f64) -> String {
    let pts: Vec<String> = (0..k)
        .map(|i| {
            let a = i as f64 / k as f64 * std::f64::consts::TAU;
            format!(
                "{{{}, {}}}",
                lua_num(scale * a.cos()),
                lua_num(scale * a.sin())
            )
        })
        .collect();
    format!("{{{}}}", pts.join(", "))
}

fn scene(seed: u64) -> String {
    let mut r = Rng::new(seed);
    let mut s = String::new();
    s.push_str(
        "local B, J = {}, {}\n\
         local function try(f)\n  local ok, e = pcall(f)\n  \
         if not ok and not tostring(e):match('scene%.lua:%d+: ') then\n    \
         error('BADMSG ' .. tostring(e), 0)\n  end\nend\n\
         local function any() if #B == 0 then return nil end return B[math.random(#B)] end\n",
    );
    if r.chance(0.3) {
        let dt = [1.0 / 60.0, 1.0 / 240.0, 0.1, 1.0, 0.0, -1.0, 5.0, 1e-9][r.below(8) as usize];
        writeln!(s, "try(function() world.dt = {} end)", lua_num(dt)).unwrap();
    }
    if r.chance(0.3) {
        let n = [1.0, 2.0, 8.0, 64.0, 0.0, 65.0, 1e9, 4294967295.0][r.below(8) as usize];
        writeln!(s, "try(function() world.substeps = {} end)", lua_num(n)).unwrap();
    }
    if r.chance(0.3) {
        let (gx, gy) = (r.coord(), r.coord() * r.decades(0.0, 4.0));
        writeln!(
            s,
            "try(function() world.gravity = {{{}, {}}} end)",
            lua_num(gx),
            lua_num(gy)
        )
        .unwrap();
    }
    s.push_str(
        "try(function() B[#B+1] = box { x = 0, y = -0.5, w = 60, h = 1, static = true } end)\n",
    );
    let bodies = 2 + r.below(14);
    for _ in 0..bodies {
        let mut o = format!(
            "x = {}, y = {}",
            lua_num(r.coord()),
            lua_num(r.coord().abs())
        );
        let kind = r.pick(&["circle", "box", "polygon", "segment"]);
        match kind {
            "circle" => write!(o, ", r = {}", lua_num(r.size())).unwrap(),
            "box" => write!(o, ", w = {}, h = {}", lua_num(r.size()), lua_num(r.size())).unwrap(),
            "polygon" => {
                let k = 3 + r.below(6);
                let scale = r.size();
                write!(o, ", points = {}", regular_polygon(k, scale)).unwrap();
                if r.chance(0.2) {
                    write!(o, ", radius = {}", lua_num(r.size() * 0.1)).unwrap();
                }
            }
            _ => {
                o = format!(
                    "x1 = {}, y1 = {}, x2 = {}, y2 = {}",
                    lua_num(r.coord()),
                    lua_num(r.coord()),
                    lua_num(r.coord()),
                    lua_num(r.coord())
                );
                if r.chance(0.5) {
                    o.push_str(", type = \"dynamic\"");
                }
            }
        }
        if kind != "segment" && r.chance(0.15) {
            write!(
                o,
                ", type = \"{}\"",
                r.pick(&["static", "kinematic", "dynamic"])
            )
            .unwrap();
        }
        for (key, p) in [("density", 0.3), ("mass", 0.2)] {
            if r.chance(p) {
                write!(
                    o,
                    ", {key} = {}",
                    lua_num(r.decades(-310.0, 309.0).min(f64::MAX))
                )
                .unwrap();
            }
        }
        for key in [
            "vx",
            "vy",
            "omega",
            "gravity_scale",
            "restitution",
            "friction",
            "angle",
        ] {
            if r.chance(0.12) {
                let v = if r.chance(0.5) {
                    r.between(-5.0, 5.0)
                } else {
                    r.coord() * r.decades(0.0, 6.0)
                };
                write!(o, ", {key} = {}", lua_num(v)).unwrap();
            }
        }
        if r.chance(0.1) {
            o.push_str(", bullet = true");
        }
        writeln!(s, "try(function() B[#B+1] = {kind} {{ {o} }} end)").unwrap();
        if r.chance(0.1) {
            writeln!(
                s,
                "try(function() local b = B[#B]; b:add_box {{ w = {}, h = {}, density = {} }} end)",
                lua_num(r.size()),
                lua_num(r.size()),
                lua_num(r.decades(-8.0, 12.0))
            )
            .unwrap();
        }
    }
    let joints = r.below(8);
    for _ in 0..joints {
        let kind = r.pick(&[
            "spring",
            "distance",
            "hinge",
            "weld",
            "slider",
            "wheel",
            "mouse_joint",
            "rope",
        ]);
        let (ax, ay) = (r.between(-10.0, 10.0), r.between(0.0, 10.0));
        let mut o = String::from("a = any(), b = any()");
        match kind {
            "spring" => {
                let top = if r.chance(0.2) { 17.0 } else { 9.0 };
                write!(
                    o,
                    ", anchor_b = {{{}, {}}}, k = {}, damping = {}",
                    lua_num(ax),
                    lua_num(ay),
                    lua_num(r.decades(0.0, top)),
                    lua_num(r.decades(-3.0, 6.0))
                )
                .unwrap()
            }
            "distance" => {
                write!(o, ", anchor_b = {{{}, {}}}", lua_num(ax), lua_num(ay)).unwrap();
                if r.chance(0.5) {
                    write!(
                        o,
                        ", min = {}, max = {}",
                        lua_num(r.size()),
                        lua_num(r.size() * 3.0)
                    )
                    .unwrap();
                }
            }
            "hinge" | "weld" => {
                write!(o, ", at = {{{}, {}}}", lua_num(ax), lua_num(ay)).unwrap();
                if kind == "hinge" && r.chance(0.5) {
                    write!(
                        o,
                        ", motor = {{{}, {}}}",
                        lua_num(r.coord()),
                        lua_num(r.decades(-2.0, 12.0))
                    )
                    .unwrap();
                }
                if kind == "hinge" && r.chance(0.4) {
                    write!(
                        o,
                        ", limits = {{{}, {}}}",
                        lua_num(-r.size()),
                        lua_num(r.size())
                    )
                    .unwrap();
                }
            }
            "slider" => write!(
                o,
                ", at = {{{}, {}}}, axis = {{{}, {}}}, limits = {{-1, 1}}",
                lua_num(ax),
                lua_num(ay),
                lua_num(r.between(-1.0, 1.0)),
                lua_num(r.between(-1.0, 1.0))
            )
            .unwrap(),
            "wheel" => write!(
                o,
                ", at = {{{}, {}}}, axis = {{{}, {}}}, k = {}, damping = {}, motor = {{{}, {}}}",
                lua_num(ax),
                lua_num(ay),
                lua_num(r.between(-1.0, 1.0)),
                lua_num(r.between(-1.0, 1.0)),
                lua_num(r.decades(0.0, 12.0)),
                lua_num(r.decades(-3.0, 6.0)),
                lua_num(r.coord()),
                lua_num(r.decades(-2.0, 12.0))
            )
            .unwrap(),
            "mouse_joint" => {
                o = format!(
                    "a = any(), at = {{{}, {}}}, target = {{{}, {}}}, max_force = {}",
                    lua_num(ax),
                    lua_num(ay),
                    lua_num(r.coord()),
                    lua_num(r.coord()),
                    lua_num(r.decades(-1.0, 14.0))
                )
            }
            _ => {
                o = format!(
                    "from = {{{}, {}}}, to = {{{}, {}}}, segments = {}, mass = {}, a = any()",
                    lua_num(ax),
                    lua_num(ay),
                    lua_num(ax + r.between(-6.0, 6.0)),
                    lua_num(ay),
                    1 + r.below(30),
                    lua_num(r.decades(-3.0, 3.0))
                );
                if r.chance(0.3) {
                    write!(o, ", k = {}", lua_num(r.decades(0.0, 9.0))).unwrap();
                }
            }
        }
        if r.chance(0.2) {
            write!(o, ", breaking_force = {}", lua_num(r.decades(-2.0, 6.0))).unwrap();
        }
        writeln!(s, "try(function() J[#J+1] = {kind} {{ {o} }} end)").unwrap();
    }
    if r.chance(0.4) {
        let f = match r.below(3) {
            0 => format!(
                "return {}, {}",
                lua_num(r.coord() * r.decades(0.0, 5.0)),
                lua_num(r.coord())
            ),
            1 => format!(
                "return -body.x * {}, -body.y",
                lua_num(r.decades(-1.0, 6.0))
            ),
            _ => "return body.vy, -body.vx".to_string(),
        };
        let list = if r.chance(0.5) {
            ""
        } else {
            ", { any(), any(), any() }"
        };
        writeln!(
            s,
            "try(function() force(function(body, t) {f} end{list}) end)"
        )
        .unwrap();
    }
    if r.chance(0.2) {
        writeln!(
            s,
            "try(function() local b = any(); b.force = function(body) return {}, 0 end end)",
            lua_num(r.coord())
        )
        .unwrap();
    }
    if r.chance(0.35) {
        let body = match r.below(4) {
            0 => format!("circle {{ x = 0, y = 0, r = {} }}", lua_num(r.size())),
            1 => "local o = any(); if o then o:destroy() end".to_string(),
            2 => format!("a.vx = {}", lua_num(r.coord() * r.decades(0.0, 8.0))),
            _ => "if #J > 0 then J[#J]:destroy() end".to_string(),
        };
        writeln!(s, "function on_contact(a, b, c)\n  {body}\nend").unwrap();
    }
    if r.chance(0.25) {
        writeln!(
            s,
            "function update(dt)\n  if world.steps % {} == 0 then B[#B+1] = circle {{ x = {}, y = 5, r = 0.3 }} end\nend",
            1 + r.below(10),
            lua_num(r.between(-5.0, 5.0))
        )
        .unwrap();
    }
    s
}

/// What one scene did.
enum Ran {
    Refused,
    Stopped,
    Finished,
}

/// Build and step one scene; Err describes a broken rule.
fn check(path: &Path, steps: u64) -> Result<Ran, String> {
    let opts = SceneOptions {
        step_time_limit: Duration::from_secs(2),
        ..SceneOptions::default()
    };
    let started = Instant::now();
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<Ran, String> {
        let mut scene = match Scene::load(path, &opts) {
            Ok(s) => s,
            Err(e) => {
                let e = e.to_string();
                let named =
                    e.contains("scene.lua:") && e.lines().count() == 1 && !e.contains("BADMSG");
                return if named {
                    Ok(Ran::Refused)
                } else {
                    Err(format!("load error: {e}"))
                };
            }
        };
        for step in 0..steps {
            if let Err(e) = scene.step(1) {
                let e = e.to_string();
                let named =
                    e.contains("scene.lua") && e.lines().count() == 1 && !e.contains("BADMSG");
                return if named {
                    Ok(Ran::Stopped)
                } else {
                    Err(format!("step error: {e}"))
                };
            }
            for (id, b) in scene.world().bodies() {
                let v = [
                    b.xf.p.x,
                    b.xf.p.y,
                    b.xf.q.c,
                    b.xf.q.s,
                    b.linear_velocity.x,
                    b.linear_velocity.y,
                    b.angular_velocity,
                ];
                if !v.iter().all(|x| x.is_finite()) {
                    return Err(format!("step {step}: body {id:?} not finite: {v:?}"));
                }
            }
        }
        Ok(Ran::Finished)
    }));
    let took = started.elapsed();
    if took > Duration::from_secs(30) {
        return Err(format!("ran for {took:?}"));
    }
    match outcome {
        Ok(r) => r,
        Err(_) => Err("panicked".into()),
    }
}

#[test]
fn random_scenes_never_panic_go_non_finite_or_run_past_their_limits() {
    let thorough = std::env::var_os("PHYSBOX_FUZZ").is_some();
    let seeds = if thorough { 3000 } else { 300 };
    let dir = temp_dir("scenes");
    let path = dir.join("scene.lua");
    let (mut refused, mut stopped, mut finished) = (0, 0, 0);
    let mut failures = Vec::new();
    for seed in 0..seeds {
        let src = scene(seed);
        std::fs::write(&path, &src).unwrap();
        match check(&path, 90) {
            Ok(Ran::Refused) => refused += 1,
            Ok(Ran::Stopped) => stopped += 1,
            Ok(Ran::Finished) => finished += 1,
            Err(e) => {
                let keep = dir.join(format!("seed_{seed}.lua"));
                std::fs::write(&keep, &src).unwrap();
                failures.push(format!("seed {seed} ({}): {e}", keep.display()));
            }
        }
    }
    eprintln!("{seeds} scenes: {finished} ran, {stopped} stopped with an error, {refused} refused at load");
    assert!(
        failures.is_empty(),
        "{} failing seeds:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(finished > seeds / 3, "too few scenes ran: {finished}");
}

/// A closed scene: bodies of sizes in the usual range, restitution at most
/// `max_restitution`, thrown in random directions above a floor, apart from each other at
/// the start, with nothing that adds energy (no joints, springs, motors,
/// forces or callbacks).
fn closed_scene(seed: u64, max_restitution: f64) -> String {
    let mut r = Rng::new(seed ^ 0x5eed_c105_ed00);
    let mut s = String::from("box { x = 0, y = -0.5, w = 60, h = 1, static = true }\n");
    let bodies = 2 + r.below(11);
    for i in 0..bodies {
        let (row, col) = (i / 6, i % 6);
        let mut o = format!(
            "x = {}, y = {}, angle = {}, vx = {}, vy = {}, omega = {}",
            lua_num(-7.5 + 3.0 * col as f64 + r.between(-0.3, 0.3)),
            lua_num(2.0 + 3.0 * row as f64 + r.between(0.0, 2.0)),
            lua_num(r.between(-3.0, 3.0)),
            lua_num(r.between(-6.0, 6.0)),
            lua_num(r.between(-6.0, 6.0)),
            lua_num(r.between(-6.0, 6.0)),
        );
        let restitution = match r.below(3) {
            0 => 0.0,
            1 => 1.0,
            _ => r.unit(),
        } * max_restitution;
        write!(
            o,
            ", restitution = {}, friction = {}",
            lua_num(restitution),
            lua_num(r.unit())
        )
        .unwrap();
        let kind = r.pick(&["circle", "box", "polygon"]);
        match kind {
            "circle" => write!(o, ", r = {}", lua_num(r.between(0.1, 1.0))).unwrap(),
            "box" => write!(
                o,
                ", w = {}, h = {}",
                lua_num(r.between(0.1, 1.4)),
                lua_num(r.between(0.1, 1.4))
            )
            .unwrap(),
            _ => {
                let k = 3 + r.below(6);
                let scale = r.between(0.1, 0.7);
                write!(o, ", points = {}", regular_polygon(k, scale)).unwrap();
            }
        }
        writeln!(s, "{kind} {{ {o} }}").unwrap();
    }
    s
}

/// The largest energy gain over 300 steps of closed scenes (relative to
/// each scene's starting energy), and the seeds past `limit`.
fn energy_gains(max_restitution: f64, limit: f64) -> (f64, Vec<String>) {
    let thorough = std::env::var_os("PHYSBOX_FUZZ").is_some();
    let seeds = if thorough { 1000 } else { 100 };
    let dir = temp_dir(&format!("closed_{max_restitution}"));
    let path = dir.join("scene.lua");
    let mut failures = Vec::new();
    let mut worst: f64 = 0.0;
    for seed in 0..seeds {
        let src = closed_scene(seed, max_restitution);
        std::fs::write(&path, &src).unwrap();
        let mut scene = Scene::load(&path, &SceneOptions::default()).unwrap();
        let start = scene.world().energy();
        let mut gain: f64 = 0.0;
        for _ in 0..300 {
            scene.step(1).unwrap();
            gain = gain.max(scene.world().energy() - start);
        }
        let relative = gain / start.abs().max(1.0);
        worst = worst.max(relative);
        if relative > limit {
            let keep = dir.join(format!("closed_{seed}.lua"));
            std::fs::write(&keep, &src).unwrap();
            failures.push(format!(
                "seed {seed} ({}): energy grew by {:.3} %",
                keep.display(),
                100.0 * relative
            ));
        }
    }
    eprintln!(
        "{seeds} closed scenes (restitution <= {max_restitution}): largest energy gain {:.4} %",
        100.0 * worst
    );
    (worst, failures)
}

#[test]
fn closed_random_scenes_never_gain_energy() {
    // Energy may only be lost (friction, inelastic contacts) in a scene
    // with nothing that adds it; a gain is the solver inventing motion.
    // Measured: no gain at all (to 1e-9) with restitution up to 0.5.
    let (_, failures) = energy_gains(0.5, 1e-9);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn closed_random_scenes_with_elastic_bodies_never_gain_energy() {
    // With restitution up to 1 too. Tumbling elastic polygons with friction
    // gained up to 5.3 % over 300 steps (6 of 100 seeds above 1 %): the
    // bounce passes re-aimed at the bounce speed after friction had turned
    // the body (Kane's paradox). A group of bounces that is all its bodies
    // feel is now held to its start energy (`solver/bounce_cap.rs`).
    let (worst, failures) = energy_gains(1.0, 1e-9);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(worst <= 1e-9, "largest gain {:.3e}", worst);
}

#[test]
fn saved_regression_scenes_hold() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scene_regressions");
    let work = temp_dir("regressions");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_none_or(|e| e != "lua") {
            continue;
        }
        let path = work.join("scene.lua");
        std::fs::copy(&file, &path).unwrap();
        if let Err(e) = check(&path, 120) {
            panic!("{}: {e}", file.display());
        }
        n += 1;
    }
    assert!(n > 0, "no regression scenes in {}", dir.display());
}

//! physbox matches Lua string patterns in Rust (so a runaway pattern can be
//! stopped: src/script/patterns.rs). These tests hold it to Lua 5.4's own
//! `string.find`, `match`, `gmatch` and `gsub`: the same calls in a plain
//! Lua state and in a scene must give the same results, for hand-picked
//! cases and for thousands of random patterns and subjects.

use physbox::script::{Scene, SceneOptions};
use std::path::Path;
use std::time::{Duration, Instant};

/// Lua code that runs every call in `CALLS` on (s, p) and returns one line
/// describing all results (errors as "ERR:" + message without position).
const PROBE: &str = r#"
local function show(...)
  local t = table.pack(...)
  local parts = {}
  for i = 1, t.n do parts[#parts + 1] = type(t[i]) .. ":" .. tostring(t[i]) end
  return table.concat(parts, ",")
end
local function try(f, ...)
  local r = table.pack(pcall(f, ...))
  if not r[1] then
    local msg = tostring(r[2]):gsub("^[%w_./]+:%d+:%d*:? ", "")
    return "ERR:" .. msg
  end
  return show(table.unpack(r, 2, r.n))
end
local function all_gmatch(s, p, init)
  local out = {}
  for a, b, c in string.gmatch(s, p, init) do
    out[#out + 1] = show(a, b, c)
    if #out > 50 then break end
  end
  return table.concat(out, "|")
end
function probe(s, p)
  local r = {}
  r[#r + 1] = try(string.find, s, p)
  r[#r + 1] = try(string.find, s, p, 2)
  r[#r + 1] = try(string.find, s, p, -3)
  r[#r + 1] = try(string.find, s, p, 1, true)
  r[#r + 1] = try(string.match, s, p)
  r[#r + 1] = try(string.match, s, p, 3)
  r[#r + 1] = try(all_gmatch, s, p)
  r[#r + 1] = try(all_gmatch, s, p, 2)
  r[#r + 1] = try(string.gsub, s, p, "<%0>")
  r[#r + 1] = try(string.gsub, s, p, "%1-%%", 2)
  r[#r + 1] = try(string.gsub, s, p, function(a, b) return b and (a .. b) or (a == "" and "E" or nil) end)
  r[#r + 1] = try(string.gsub, s, p, { a = "A", b = false, ab = 7 })
  r[#r + 1] = try(string.gsub, s, p, 12.5)
  r[#r + 1] = try(function() return (s):find(p) end)
  return table.concat(r, " ; ")
end
"#;

/// Results of `probe` for every case, from a plain Lua state (Lua's C
/// matcher).
fn reference(cases: &[(String, String)]) -> Vec<String> {
    let lua = mlua::Lua::new();
    lua.load(PROBE).exec().unwrap();
    let probe: mlua::Function = lua.globals().get("probe").unwrap();
    cases
        .iter()
        .map(|(s, p)| probe.call::<String>((s.as_str(), p.as_str())).unwrap())
        .collect()
}

/// The same from inside a scene (physbox's matcher).
fn physbox(cases: &[(String, String)]) -> Vec<String> {
    let mut src = String::from(PROBE);
    src.push_str("\nlocal cases = {\n");
    for (s, p) in cases {
        src.push_str(&format!(
            "  {{ {:?}, {:?} }},\n",
            lua_quote(s),
            lua_quote(p)
        ));
    }
    src.push_str("}\nfor _, c in ipairs(cases) do print(probe(c[1], c[2])) end\n");
    let opts = SceneOptions {
        time_limit: Duration::from_secs(60),
        ..SceneOptions::default()
    };
    let scene = Scene::from_source(Path::new("patterns.lua"), &src, &opts)
        .unwrap_or_else(|e| panic!("{e}"));
    scene.console()
}

/// Rust's `{:?}` of a string is a valid Lua string literal for the ASCII
/// the cases use, but Lua has no `\u{..}` escapes; the cases stay ASCII.
fn lua_quote(s: &str) -> String {
    assert!(s.is_ascii());
    s.to_string()
}

fn compare(cases: &[(String, String)]) {
    // A scene's console keeps the last few thousand lines: 1,000 a scene.
    let want = reference(cases);
    let got: Vec<String> = cases.chunks(1000).flat_map(physbox).collect();
    assert_eq!(want.len(), got.len());
    let mut bad = 0;
    for ((case, w), g) in cases.iter().zip(&want).zip(&got) {
        if w != g {
            bad += 1;
            if bad <= 5 {
                eprintln!(
                    "subject {:?} pattern {:?}\n  lua:     {w}\n  physbox: {g}",
                    case.0, case.1
                );
            }
        }
    }
    assert_eq!(bad, 0, "{bad} of {} cases differ from Lua", cases.len());
}

#[test]
fn hand_picked_patterns_match_lua() {
    let pairs: &[(&str, &str)] = &[
        ("hello world from Lua", "(%w+) (%w+)"),
        ("hello world", "o"),
        ("hello world", ""),
        ("", ""),
        ("", "a*"),
        ("key = value", "^(%w+)%s*=%s*(%w+)$"),
        ("  trim me  ", "^%s*(.-)%s*$"),
        ("f(a(b)c)d and (x)", "%b()"),
        ("THE (quick) fox", "%f[%a]%a+"),
        ("THE (quick) fox", "%f[%A]"),
        ("abab cdcd", "(%a%a)%1"),
        ("2024-11-23", "(%d+)-(%d+)-(%d+)"),
        ("a,b,,c", "([^,]*)"),
        ("aaa", "a-"),
        ("aaa", "a-$"),
        ("x.y.z", "%."),
        ("x.y.z", "."),
        ("[]]", "[]]"),
        ("a-b", "[a-]"),
        ("a-b", "[%-b]+"),
        ("abc", "()b()"),
        ("abc", "(a)(b)(c)"),
        ("abc", "%"),
        ("abc", "[a"),
        ("abc", "(a"),
        ("abc", "a)"),
        ("abc", "%1"),
        ("abc", "%f"),
        ("abc", "%bx"),
        ("hello", "l+"),
        ("hello", "l*"),
        ("hello", "l?l"),
        ("tab\there", "%c"),
        ("UPPER lower 123 !?", "%u+"),
        ("UPPER lower 123 !?", "%p+"),
        ("UPPER lower 123 !?", "%x+"),
        ("UPPER lower 123 !?", "%S+"),
        ("^caret", "^^"),
        ("dollar$", "$$"),
        ("a$b", "a$b"),
    ];
    let cases: Vec<(String, String)> = pairs
        .iter()
        .map(|(s, p)| (s.to_string(), p.to_string()))
        .collect();
    compare(&cases);
}

/// A small deterministic generator (no crate needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

#[test]
fn thousands_of_random_patterns_match_lua() {
    let atoms = [
        "a", "b", ".", "%a", "%d", "%s", "%w", "%A", "[ab]", "[^a]", "[a-c]", "[%d_]", "%%",
        "%b()", "%f[%w]", "(", ")", "()", "%1", "%2", "^", "$", "-", "*", "+", "?", "[", "]", "%",
    ];
    let letters = [
        "a", "b", "c", "1", "2", " ", "_", "(", ")", "-", "%", "ab", "ba",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let n: usize = std::env::var("PHYSBOX_PATTERN_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000);
    let cases: Vec<(String, String)> = (0..n)
        .map(|_| {
            let plen = 1 + rng.next() % 6;
            let p: String = (0..plen).map(|_| rng.pick(&atoms)).collect();
            let slen = rng.next() % 9;
            let s: String = (0..slen).map(|_| rng.pick(&letters)).collect();
            (s, p)
        })
        .collect();
    compare(&cases);
}

#[test]
fn a_runaway_pattern_stops_with_a_time_limit_error_and_the_scene_lives_on() {
    let opts = SceneOptions {
        time_limit: Duration::from_millis(300),
        ..SceneOptions::default()
    };
    let src = "function update()\n  local r = string.find(string.rep(\"a\", 40), string.rep(\"a*\", 40) .. \"b\")\nend\n";
    let mut scene = Scene::from_source(Path::new("slow.lua"), src, &opts).unwrap();
    let t = Instant::now();
    let err = scene.step(1).unwrap_err().message;
    assert!(
        err.starts_with("slow.lua:2: ") && err.contains("without returning"),
        "{err}"
    );
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "took {:?}",
        t.elapsed()
    );
    // The state is still usable.
    let mut ok = Scene::from_source(
        Path::new("ok.lua"),
        "print(('x = 1'):match('(%w+) = (%d)'))",
        &opts,
    )
    .unwrap();
    ok.step(1).unwrap();
    assert_eq!(ok.console(), vec!["x\t1".to_string()]);
}

//! DESIGN.md §2, checked on the sources: which module may reach which (the
//! physics core never reaches for Lua, pixels, windows, file watching, the
//! file system or the rest of the program; scripts use physics only; render
//! draws physics and plain data), and the house rules of rooms: no file over
//! ~700 lines of code, no import circle between the files of `src/app/`,
//! and a `mod.rs` that opens with its doc comment in every folder of
//! `src/physics/` and `src/app/`.
//!
//! Imports are read, not grepped: every path the code names — in `use`
//! trees with their `{...}` groups expanded (`use crate::{app, physics}`),
//! or written inline (`crate::app::view::caption(..)`) — is resolved from
//! `crate::`, `super::` or `self::` to the module it names. Comments and
//! string literals are blanked out first, so prose may name anything.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines of code (not blank, not only a comment) a file may have.
const MAX_LINES_OF_CODE: usize = 700;

// ---------------------------------------------------------------------------
// Reading sources

struct Source {
    path: PathBuf,
    /// The module the file is: `src/app/window/keys.rs` is
    /// `["app", "window", "keys"]`, `src/app/window/mod.rs` is
    /// `["app", "window"]`.
    module: Vec<String>,
    text: String,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix("src").expect("a file under src/");
    let mut segs: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(
        segs.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segs.pop();
    }
    segs
}

fn sources(dir: &str) -> Vec<Source> {
    let mut files = Vec::new();
    rust_files(Path::new(dir), &mut files);
    files
        .into_iter()
        .map(|path| Source {
            module: module_of(&path),
            text: fs::read_to_string(&path).unwrap(),
            path,
        })
        .collect()
}

/// Every module of the crate (from its files).
fn crate_modules() -> BTreeSet<Vec<String>> {
    sources("src").into_iter().map(|s| s.module).collect()
}

/// The code with comments and the insides of string and character
/// literals replaced by spaces (line breaks kept, so lines still count).
fn blank_comments_and_strings(text: &str) -> String {
    let c: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |ch: char| if ch == '\n' { '\n' } else { ' ' };
    let at = |j: usize| c.get(j).copied().unwrap_or('\0');
    let mut i = 0;
    while i < c.len() {
        if c[i] == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c[i] == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
        } else if (c[i] == 'r' || (c[i] == 'b' && at(i + 1) == 'r'))
            && !c
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
            && {
                let mut k = if c[i] == 'b' { 2 } else { 1 };
                while at(i + k) == '#' {
                    k += 1;
                }
                at(i + k) == '"'
            }
        {
            // A raw string: r"...", r#"..."#, br"...".
            let start = if c[i] == 'b' { i + 2 } else { i + 1 };
            let mut k = start;
            while c[k] == '#' {
                k += 1;
            }
            let hashes = k - start;
            out.extend(c[i..=k].iter());
            i = k + 1;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '"' && (1..=hashes).all(|h| c.get(i + h) == Some(&'#')) {
                    out.extend(c[i..=i + hashes].iter());
                    i += hashes + 1;
                    break;
                }
                out.push(blank(c[i]));
                i += 1;
            }
        } else if c[i] == '"' {
            out.push('"');
            i += 1;
            while i < c.len() && c[i] != '"' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < c.len() {
                    out.push(blank(c[i]));
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal (a lifetime has no closing quote).
            out.push('\'');
            i += 1;
            while i < c.len() && c[i] != '\'' {
                if c[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            out.push('\'');
            i += 1;
        } else {
            out.push(c[i]);
            i += 1;
        }
    }
    out
}

/// Lines that are code: not blank and not only a comment.
fn lines_of_code(text: &str) -> usize {
    blank_comments_and_strings(text)
        .lines()
        .zip(text.lines())
        .filter(|(code, original)| !code.trim().is_empty() || is_only_string(original))
        .count()
}

/// A line inside a multi-line string literal is code too (it blanks out).
fn is_only_string(original: &str) -> bool {
    let t = original.trim();
    !t.is_empty() && !t.starts_with("//") && !t.starts_with("/*") && !t.starts_with('*')
}

// ---------------------------------------------------------------------------
// Paths the code names

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Open,
    Close,
    Comma,
    Semi,
    Star,
    Other,
}

fn tokens(code: &str) -> Vec<(Tok, usize)> {
    let c: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push((Tok::Ident(c[start..i].iter().collect()), line));
        } else if ch == ':' && c.get(i + 1) == Some(&':') {
            out.push((Tok::PathSep, line));
            i += 2;
        } else {
            let t = match ch {
                '{' => Tok::Open,
                '}' => Tok::Close,
                ',' => Tok::Comma,
                ';' => Tok::Semi,
                '*' => Tok::Star,
                _ => Tok::Other,
            };
            out.push((t, line));
            i += 1;
        }
    }
    out
}

/// The paths a `use` tree names, groups expanded: `crate::{app, physics::{
/// World, Body as B}}` names `crate::app`, `crate::physics::World` and
/// `crate::physics::Body`. `toks` starts after `use`; returns the paths
/// and where the tree ends.
fn use_tree(toks: &[(Tok, usize)], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut path = prefix.to_vec();
    let mut out = Vec::new();
    // Whether the tree names a path of its own (not only a group's).
    let mut names = false;
    while let Some((t, _)) = toks.get(i) {
        match t {
            Tok::Ident(s) if s == "as" => i += 2,
            // `{self, ...}`: the group's prefix itself.
            Tok::Ident(s) if s == "self" && !prefix.is_empty() && path.len() == prefix.len() => {
                names = true;
                i += 1;
            }
            Tok::Ident(s) => {
                path.push(s.clone());
                names = true;
                i += 1;
            }
            Tok::Star => {
                path.push("*".into());
                names = true;
                i += 1;
            }
            Tok::PathSep => i += 1,
            Tok::Open => {
                i += 1;
                while !matches!(toks.get(i).map(|t| &t.0), Some(Tok::Close) | None) {
                    let (inner, next) = use_tree(toks, i, &path);
                    out.extend(inner);
                    i = next;
                    if matches!(toks.get(i).map(|t| &t.0), Some(Tok::Comma)) {
                        i += 1;
                    }
                }
                return (out, i + 1);
            }
            _ => break,
        }
    }
    if names {
        out.push(path);
    }
    (out, i)
}

/// A path the code names, resolved: internal paths start with "crate".
#[derive(Debug)]
struct Named {
    path: Vec<String>,
    line: usize,
}

/// Resolve `segs`, written in module `at`, to an absolute path.
fn resolve(segs: &[String], at: &[String], modules: &BTreeSet<Vec<String>>) -> Vec<String> {
    let mut base: Vec<String> = at.to_vec();
    let mut rest = segs;
    match segs.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &segs[1..];
        }
        Some("self") => rest = &segs[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop();
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = at.to_vec();
            child.push(first.to_string());
            if !modules.contains(&child) {
                // Another crate (mlua, std, ...), or a type's associated item.
                return segs.to_vec();
            }
        }
        None => return Vec::new(),
    }
    let mut out = vec!["crate".to_string()];
    out.extend(base);
    out.extend(rest.iter().cloned());
    out
}

/// Every path a source names: `use` trees and inline paths, each resolved
/// in the (inline) module it stands in.
fn named_paths(src: &Source, modules: &BTreeSet<Vec<String>>) -> Vec<Named> {
    let code = blank_comments_and_strings(&src.text);
    let toks = tokens(&code);
    let mut out = Vec::new();
    // Inline modules (`mod tests { ... }`): (name, brace depth inside).
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < toks.len() {
        let here = || {
            let mut m = src.module.clone();
            m.extend(inline.iter().map(|(n, _)| n.clone()));
            m
        };
        match &toks[i].0 {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            Tok::Ident(kw) if kw == "mod" => {
                if let (Some((Tok::Ident(name), _)), Some((Tok::Open, _))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push((name.clone(), depth + 1));
                }
            }
            Tok::Ident(kw) if kw == "use" => {
                let line = toks[i].1;
                let (paths, next) = use_tree(&toks, i + 1, &[]);
                let at = here();
                for p in paths {
                    out.push(Named {
                        path: resolve(&p, &at, modules),
                        line,
                    });
                }
                i = next;
                continue;
            }
            Tok::Ident(first)
                if matches!(toks.get(i + 1), Some((Tok::PathSep, _)))
                    && !matches!(i.checked_sub(1).map(|k| &toks[k].0), Some(Tok::PathSep)) =>
            {
                let line = toks[i].1;
                let mut segs = vec![first.clone()];
                let mut k = i + 1;
                while let (Some((Tok::PathSep, _)), Some((Tok::Ident(s), _))) =
                    (toks.get(k), toks.get(k + 1))
                {
                    segs.push(s.clone());
                    k += 2;
                }
                out.push(Named {
                    path: resolve(&segs, &here(), modules),
                    line,
                });
                i = k;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// What a named path reaches that it must not: a module of the crate
/// (`forbidden_modules`, by top-level name) or another crate's path
/// (`forbidden_external`, a prefix like `["std", "fs"]`).
fn violation(
    path: &[String],
    own: &str,
    forbidden_modules: &[&str],
    forbidden_external: &[&[&str]],
) -> Option<String> {
    if path.first().map(String::as_str) == Some("crate") {
        let top = path.get(1)?;
        if top != own && forbidden_modules.contains(&top.as_str()) {
            return Some(format!("crate::{top}"));
        }
        return None;
    }
    forbidden_external
        .iter()
        .find(|prefix| path.len() >= prefix.len() && prefix.iter().zip(path).all(|(a, b)| a == b))
        .map(|prefix| prefix.join("::"))
}

/// Every place in the files of `dir` that names something `rule` forbids.
fn check_module(dir: &str, rule: &str, forbidden_modules: &[&str], forbidden_external: &[&[&str]]) {
    let modules = crate_modules();
    let files = sources(dir);
    assert!(!files.is_empty(), "{dir}: no sources found");
    let own = files[0].module.first().cloned().unwrap_or_default();
    let mut found = Vec::new();
    for src in &files {
        for n in named_paths(src, &modules) {
            if let Some(what) = violation(&n.path, &own, forbidden_modules, forbidden_external) {
                found.push(format!(
                    "{}:{}: names `{}` ({what}) — rule: {rule}",
                    src.path.display(),
                    n.line,
                    n.path.join("::")
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

// ---------------------------------------------------------------------------
// Who may use whom (DESIGN.md §2)

#[test]
fn physics_core_stays_pure() {
    check_module(
        "src/physics",
        "the physics core uses glam, serde and std only: no Lua, pixels, windows, file watching, files or other modules (DESIGN.md §2)",
        &["script", "render", "platform", "app", "testbed"],
        &[&["mlua"], &["tiny_skia"], &["minifb"], &["notify"], &["std", "fs"]],
    );
}

#[test]
fn scripting_stays_in_its_lane() {
    check_module(
        "src/script",
        "script/ uses physics only: no window, pixels, file watching or app (DESIGN.md §2)",
        &["render", "platform", "app", "testbed"],
        &[&["tiny_skia"], &["minifb"], &["notify"]],
    );
}

#[test]
fn only_script_knows_mlua() {
    let modules = crate_modules();
    let mut found = Vec::new();
    for src in sources("src") {
        if src.module.first().map(String::as_str) == Some("script") {
            continue;
        }
        for n in named_paths(&src, &modules) {
            if n.path.first().map(String::as_str) == Some("mlua") {
                found.push(format!(
                    "{}:{}: names `{}` — rule: script/ is the only module that knows mlua (DESIGN.md §2)",
                    src.path.display(),
                    n.line,
                    n.path.join("::")
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn render_knows_pixels_not_lua_or_windows() {
    check_module(
        "src/render",
        "render/ draws a world through a camera: physics and plain data only (DESIGN.md §2)",
        &["script", "platform", "app", "testbed"],
        &[&["mlua"], &["minifb"], &["notify"]],
    );
}

#[test]
fn platform_uses_no_crate_module() {
    check_module(
        "src/platform",
        "platform/ wraps the window library and the file watcher and nothing of physbox (DESIGN.md §2)",
        &["physics", "script", "render", "app", "testbed"],
        &[&["tiny_skia"], &["mlua"], &["physbox"]],
    );
}

#[test]
fn grouped_and_inline_paths_are_read() {
    let modules: BTreeSet<Vec<String>> = [vec!["physics".to_string()], vec!["app".into()]].into();
    let src = Source {
        path: PathBuf::from("src/physics/example.rs"),
        module: vec!["physics".into(), "example".into()],
        text: r#"
            // use crate::app; (a comment names anything)
            use crate::{app, physics::{World, Body as B, self}};
            use super::{super::script::Thing, *};
            fn f() { let s = "crate::render"; crate::platform::open(); }
            mod tests { use super::*; }
        "#
        .to_string(),
    };
    let named: Vec<String> = named_paths(&src, &modules)
        .into_iter()
        .map(|n| n.path.join("::"))
        .collect();
    assert_eq!(
        named,
        [
            "crate::app",
            "crate::physics::World",
            "crate::physics::Body",
            "crate::physics",
            "crate::script::Thing",
            "crate::physics::*",
            "crate::platform::open",
            "crate::physics::example::*",
        ],
    );
    let forbidden = ["app", "script", "platform"];
    let caught: Vec<String> = named
        .iter()
        .filter_map(|p| {
            let segs: Vec<String> = p.split("::").map(str::to_string).collect();
            violation(&segs, "physics", &forbidden, &[])
        })
        .collect();
    assert_eq!(caught, ["crate::app", "crate::script", "crate::platform"]);
}

// ---------------------------------------------------------------------------
// House rules of rooms

#[test]
fn no_file_over_700_lines_of_code() {
    let mut found = Vec::new();
    for src in sources("src") {
        let n = lines_of_code(&src.text);
        if n > MAX_LINES_OF_CODE {
            found.push(format!(
                "{}: {n} lines of code — rule: no file over {MAX_LINES_OF_CODE} lines of code (blank and comment-only lines not counted; DESIGN.md §2)",
                src.path.display()
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn lines_of_code_leave_out_blanks_and_comments() {
    let text = "//! doc\n\nfn f() {\n    // note\n    let s = \"a\n b\"; /* x */\n}\n";
    assert_eq!(lines_of_code(text), 4);
}

/// The files of `src/app/` and the files each one imports: `use` and inline
/// paths into `crate::app` (or via `super::`), resolved to the file that
/// holds the item (a `mod.rs` that re-exports a name leads to the file it
/// re-exports from), and `mod` declarations.
fn app_import_graph() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let modules = crate_modules();
    let files = sources("src/app");
    let file_of: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|s| (s.module.clone(), s.path.clone()))
        .collect();
    // Names a module re-exports (`pub use sandbox::Sandbox;` in a mod.rs).
    let mut reexports: BTreeMap<(Vec<String>, String), Vec<String>> = BTreeMap::new();
    for src in &files {
        let code = blank_comments_and_strings(&src.text);
        let toks = tokens(&code);
        for (k, t) in toks.iter().enumerate() {
            let is_pub_use = t.0 == Tok::Ident("use".into())
                && k > 0
                && toks[k - 1].0 == Tok::Ident("pub".into());
            if is_pub_use {
                for p in use_tree(&toks, k + 1, &[]).0 {
                    let target = resolve(&p, &src.module, &modules);
                    if let Some(name) = target.last() {
                        reexports.insert((src.module.clone(), name.clone()), target.clone());
                    }
                }
            }
        }
    }
    let file_for = |path: &[String]| -> Option<PathBuf> {
        // crate::app::window::sandbox::Sandbox → the deepest module named.
        let mut segs: Vec<String> = path[1..].to_vec();
        for _ in 0..4 {
            let (k, file) = (1..=segs.len())
                .rev()
                .find_map(|k| file_of.get(&segs[..k]).map(|f| (k, f.clone())))?;
            let module = segs[..k].to_vec();
            match segs
                .get(k)
                .and_then(|n| reexports.get(&(module, n.clone())))
            {
                Some(target) => segs = target[1..].to_vec(),
                None => return Some(file),
            }
        }
        None
    };
    let mut graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for src in &files {
        let edges = graph.entry(src.path.clone()).or_default();
        for n in named_paths(src, &modules) {
            if n.path.get(1).map(String::as_str) != Some("app") {
                continue;
            }
            if let Some(f) = file_for(&n.path) {
                if f != src.path {
                    edges.insert(f);
                }
            }
        }
        // `mod child;` (not inline `mod tests { ... }`).
        let code = blank_comments_and_strings(&src.text);
        let toks = tokens(&code);
        for w in toks.windows(3) {
            if let (Tok::Ident(kw), Tok::Ident(name), Tok::Semi) = (&w[0].0, &w[1].0, &w[2].0) {
                if kw == "mod" {
                    let mut child = src.module.clone();
                    child.push(name.clone());
                    if let Some(f) = file_of.get(&child) {
                        edges.insert(f.clone());
                    }
                }
            }
        }
    }
    graph
}

/// One circle through each group of files that import each other.
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    fn visit(
        u: &PathBuf,
        graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<PathBuf, u8>,
        stack: &mut Vec<PathBuf>,
        found: &mut Vec<Vec<PathBuf>>,
    ) {
        state.insert(u.clone(), 1);
        stack.push(u.clone());
        for v in graph.get(u).into_iter().flatten() {
            match state.get(v) {
                Some(1) => {
                    let from = stack.iter().position(|f| f == v).unwrap();
                    let mut circle = stack[from..].to_vec();
                    circle.push(v.clone());
                    found.push(circle);
                }
                Some(_) => {}
                None => visit(v, graph, state, stack, found),
            }
        }
        stack.pop();
        state.insert(u.clone(), 2);
    }
    let (mut state, mut found) = (BTreeMap::new(), Vec::new());
    for u in graph.keys() {
        if !state.contains_key(u) {
            visit(u, graph, &mut state, &mut Vec::new(), &mut found);
        }
    }
    found
}

#[test]
fn no_import_circle_between_app_files() {
    let graph = app_import_graph();
    assert!(graph.len() > 20, "app sources not found");
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|c| {
            let names: Vec<String> = c.iter().map(|p| p.display().to_string()).collect();
            format!(
                "{}: import circle {} — rule: no file of src/app/ imports, directly or through others, a file that imports it",
                names[0],
                names.join(" → ")
            )
        })
        .collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn circles_are_found() {
    let p = |s: &str| PathBuf::from(s);
    let graph: BTreeMap<PathBuf, BTreeSet<PathBuf>> = [
        (p("a.rs"), [p("b.rs")].into()),
        (p("b.rs"), [p("c.rs")].into()),
        (p("c.rs"), [p("a.rs")].into()),
        (p("d.rs"), [p("a.rs")].into()),
    ]
    .into();
    assert_eq!(
        circles(&graph),
        [vec![p("a.rs"), p("b.rs"), p("c.rs"), p("a.rs")]]
    );
}

#[test]
fn every_room_opens_with_its_doc() {
    let mut found = Vec::new();
    for root in ["src/physics", "src/app"] {
        let mut dirs = vec![PathBuf::from(root)];
        while let Some(dir) = dirs.pop() {
            let mut entries: Vec<PathBuf> = fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            entries.sort();
            dirs.extend(entries.into_iter().filter(|p| p.is_dir()));
            let mod_rs = dir.join("mod.rs");
            let problem = match fs::read_to_string(&mod_rs) {
                Err(_) => Some("missing"),
                Ok(t) => {
                    let first = t.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                    (!first.trim_start().starts_with("//!"))
                        .then_some("does not open with a `//!` doc comment")
                }
            };
            if let Some(problem) = problem {
                found.push(format!(
                    "{}: {problem} — rule: every room (folder) of src/physics and src/app has a mod.rs that opens by saying what it owns",
                    mod_rs.display()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

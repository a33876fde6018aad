//! `require(name)`: `name.lua` from the scene's folder, then from the
//! project's `scripts/` folder, then the modules built into physbox
//! (`puzzle`, `measure`: copies of `scripts/*.lua` embedded in the binary,
//! so a scene anywhere, run by an installed physbox, finds them; a file of
//! the same name beside the scene wins), and nothing else. Names are plain module
//! names (`helpers`, `lib.shapes` = `lib/shapes.lua`); anything that could
//! leave those folders (`..`, absolute paths, backslashes) is refused, and
//! the file opened must lie inside its folder (checked on the open file,
//! so neither a symlink nor one swapped while we look can lead out).

use super::error::scene_err;
use super::options::string_arg;
use super::sim::SceneContext;
use mlua::{Lua, Value};
use std::path::{Path, PathBuf};

pub fn install(lua: &Lua) -> mlua::Result<()> {
    let loaded = lua.create_table()?;
    let f = lua.create_function(move |lua, name: Value| {
        let name = string_arg(lua, "require: module name", name)?;
        if let Some(v) = loaded.raw_get::<Option<Value>>(name.as_str())? {
            return Ok(v);
        }
        let found = resolve(lua, &name).map_err(|m| scene_err(lua, m))?;
        let (src, chunk_name) = match found {
            Found::File(path, src) => {
                let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
                // An edit being checked before it is written stands in
                // for the file's text.
                let src = match &ctx.module_text {
                    Some((p, text)) if path.canonicalize().ok().as_ref() == Some(p) => {
                        text.as_bytes().to_vec()
                    }
                    _ => src,
                };
                ctx.sources.borrow_mut().push(path.clone());
                let text = String::from_utf8_lossy(&src);
                super::origin::remember_text(&ctx, display_path(&path), &text);
                (src, format!("@{}", display_path(&path)))
            }
            Found::BuiltIn(src) => (src.as_bytes().to_vec(), format!("@(built in) {name}.lua")),
        };
        if src.starts_with(b"---@meta") {
            return Err(scene_err(
                lua,
                format!("require: '{name}' is an editor annotation file (---@meta), not a module"),
            ));
        }
        let v: Value = lua
            .load(&*super::source::as_lua_reads(&src))
            .set_name(chunk_name)
            .set_mode(mlua::chunk::ChunkMode::Text)
            .call(name.as_str())?;
        let v = if v.is_nil() { Value::Boolean(true) } else { v };
        loaded.raw_set(name.as_str(), v.clone())?;
        Ok(v)
    })?;
    lua.globals().raw_set("require", f)
}

/// The modules built into physbox: `scripts/` as it was when physbox was
/// built.
const BUILT_IN: &[(&str, &str)] = &[
    ("puzzle", include_str!("../../scripts/puzzle.lua")),
    ("measure", include_str!("../../scripts/measure.lua")),
];

fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, src)| *src)
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.split(['.', '/']).all(|seg| {
            !seg.is_empty()
                && seg
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
}

/// Where a module was found (a file with the bytes read from it: any
/// bytes, as for the scene).
enum Found {
    File(PathBuf, Vec<u8>),
    BuiltIn(&'static str),
}

/// Read `candidate` if the file actually opened lies inside `root` (a
/// canonical path). The check is made on the open file itself — its path
/// as the kernel knows it, `/proc/self/fd/N` — not on the name before
/// opening: a directory symlink flipped between a check and the open let
/// a concurrent process slip a file from outside in (54–331 times in
/// 4,000 requires). `Ok(None)`: no such file.
fn read_confined(root: &Path, candidate: &Path) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let Ok(mut file) = std::fs::File::open(candidate) else {
        return Ok(None);
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Ok(None);
    }
    let real = opened_path(&file, candidate)
        .ok_or_else(|| format!("require: cannot tell where {} leads", candidate.display()))?;
    if !real.starts_with(root) {
        return Err(format!("leads outside {}", root.display()));
    }
    let mut text = Vec::new();
    file.read_to_end(&mut text)
        .map_err(|e| format!("require: cannot read {}: {e}", candidate.display()))?;
    Ok(Some(text))
}

/// The real path of an open file: from `/proc/self/fd` where there is one
/// (Linux), else the name resolved now (the best other systems offer).
fn opened_path(file: &std::fs::File, name: &Path) -> Option<PathBuf> {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let link = PathBuf::from(format!("/proc/self/fd/{}", file.as_raw_fd()));
        if let Ok(real) = std::fs::read_link(link) {
            return Some(real);
        }
    }
    let _ = file;
    name.canonicalize().ok()
}

fn resolve(lua: &Lua, name: &str) -> Result<Found, String> {
    if !valid_name(name) {
        return Err(format!(
            "require: '{name}' is not a module name (use names like 'helpers' or 'lib.shapes'; paths outside the scene's folder and scripts/ are not allowed)"
        ));
    }
    let rel = format!("{}.lua", name.replace('.', "/"));
    let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
    let mut dirs = vec![ctx.paths.scene_dir.clone()];
    dirs.extend(ctx.paths.scripts_dir.clone());
    for dir in &dirs {
        let candidate = dir.join(&rel);
        let Ok(root) = dir.canonicalize() else {
            continue;
        };
        match read_confined(&root, &candidate) {
            Ok(Some(text)) => return Ok(Found::File(candidate, text)),
            Ok(None) => continue,
            Err(_) if !candidate.exists() => continue,
            Err(e) if e.starts_with("leads outside") => {
                return Err(format!("require: '{name}' leads outside {}", dir.display()))
            }
            Err(e) => return Err(e),
        }
    }
    if let Some(src) = built_in(name) {
        return Ok(Found::BuiltIn(src));
    }
    // The files it could have been count as sources: a reload watches
    // them, so creating the missing module reloads the scene.
    ctx.sources
        .borrow_mut()
        .extend(dirs.iter().map(|d| d.join(&rel)));
    let looked: Vec<String> = dirs.iter().map(|d| display_path(&d.join(&rel))).collect();
    let built: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
    Err(format!(
        "require: module '{name}' not found (looked for {}, and among the modules built into physbox: {})",
        looked.join(", "),
        built.join(", ")
    ))
}

/// A path as the user should read it in messages: relative to the current
/// directory when it lies inside it (the current directory itself as
/// given: an empty name would name nothing).
pub fn display_path(p: &Path) -> String {
    let p = p.strip_prefix("./").unwrap_or(p);
    if let Ok(cwd) = std::env::current_dir() {
        if let Ok(rel) = p.strip_prefix(&cwd) {
            if !rel.as_os_str().is_empty() {
                return rel.display().to_string();
            }
        }
    }
    p.display().to_string()
}

//! The scene picker (Tab): every scene of the scenes folder — the `scenes/`
//! folder the opened file is in (at any depth), else the opened file's own
//! folder — with its subfolders (`puzzles/01_bridge.lua`), each with the
//! one line its `scene { title = ..., about = ... }` gives (else its first
//! comment line). Up/Down to choose, Enter to open.
//!
//! The line is read from the file's text, not by running it: a scene may
//! take seconds to build, and the picker opens at once.

use std::path::{Path, PathBuf};

pub struct Picker {
    dir: PathBuf,
    entries: Vec<Entry>,
    index: usize,
}

/// One scene in the list.
pub struct Entry {
    pub path: PathBuf,
    /// Relative to the listed folder: "rain.lua", "puzzles/01_bridge.lua".
    pub name: String,
    /// "Title: about", or the file's first comment line.
    pub about: String,
}

/// The folder to list: the nearest folder named `scenes` the opened file
/// is in, else its own folder.
fn scenes_dir(current: &Path) -> PathBuf {
    let own = current
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(PathBuf::from("."), Path::to_path_buf);
    own.ancestors()
        .find(|d| d.file_name().is_some_and(|n| n == "scenes"))
        .map_or(own.clone(), Path::to_path_buf)
}

/// The `.lua` scenes under `dir` (two levels deep), sorted, with the
/// folder's own files first. Editor annotation files (`---@meta`) are no
/// scenes.
fn scene_files(dir: &Path, depth: u32, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for e in rd.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            let hidden = p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if depth > 0 && !hidden {
                dirs.push(p);
            }
        } else if p.extension().is_some_and(|x| x == "lua") {
            files.push(p);
        }
    }
    files.sort();
    dirs.sort();
    out.extend(files);
    for d in dirs {
        scene_files(&d, depth - 1, out);
    }
}

/// A string literal's contents after `key =` in `text`, if any.
fn string_field(text: &str, key: &str) -> Option<String> {
    let mut rest = text;
    while let Some(i) = rest.find(key) {
        let before_ok = rest[..i]
            .chars()
            .last()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = rest[i + key.len()..].trim_start();
        rest = &rest[i + key.len()..];
        let Some(value) = after.strip_prefix('=').map(str::trim_start) else {
            continue;
        };
        let quote = value.chars().next()?;
        if before_ok && (quote == '"' || quote == '\'') {
            let end = value[1..].find(quote)?;
            return Some(value[1..1 + end].to_string());
        }
    }
    None
}

/// What the picker says about a scene file.
pub fn describe(text: &str) -> String {
    // The first `scene { ... }` call's title and about.
    let scene = text.find("scene").map(|i| {
        let s = &text[i..];
        let end = s.find('}').map_or(s.len(), |e| e + 1);
        &s[..end]
    });
    let title = scene.and_then(|s| string_field(s, "title"));
    let about = scene.and_then(|s| string_field(s, "about"));
    let comment = || {
        text.lines()
            .map(str::trim)
            .find(|l| l.starts_with("--") && l.trim_start_matches('-').trim().len() > 2)
            .map(|l| l.trim_start_matches('-').trim().to_string())
    };
    match (title, about) {
        (Some(t), Some(a)) => format!("{t}: {a}"),
        (Some(t), None) => t,
        (None, Some(a)) => a,
        (None, None) => comment().unwrap_or_default(),
    }
}

impl Picker {
    pub fn new(current: &Path) -> Picker {
        let dir = scenes_dir(current);
        let mut files = Vec::new();
        scene_files(&dir, 2, &mut files);
        let entries: Vec<Entry> = files
            .into_iter()
            .filter_map(|path| {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                if text.starts_with("---@meta") {
                    return None;
                }
                let name = path
                    .strip_prefix(&dir)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .into_owned();
                Some(Entry {
                    about: describe(&text),
                    name,
                    path,
                })
            })
            .collect();
        let same = |e: &Entry| {
            e.path.canonicalize().ok() == current.canonicalize().ok()
                || e.path.file_name() == current.file_name()
        };
        let index = entries.iter().position(same).unwrap_or(0);
        Picker {
            dir,
            entries,
            index,
        }
    }

    /// The folder listed.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its scenes, the folder's own first, each folder sorted.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Which entry Enter opens.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The file Enter opens.
    pub fn chosen(&self) -> Option<&Path> {
        self.entries.get(self.index).map(|e| e.path.as_path())
    }

    /// A key while the picker is open: the file to open on Enter.
    pub fn key(&mut self, key: &str) -> Option<PathBuf> {
        let n = self.entries.len();
        if n == 0 {
            return None;
        }
        match key {
            "up" => self.index = (self.index + n - 1) % n,
            "down" => self.index = (self.index + 1) % n,
            "pageup" => self.index = self.index.saturating_sub(10),
            "pagedown" => self.index = (self.index + 10).min(n - 1),
            "home" => self.index = 0,
            "end" => self.index = n - 1,
            "enter" => return Some(self.entries[self.index].path.clone()),
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_scene_with_its_line_and_opens_the_chosen_one() {
        let mut p = Picker::new(Path::new("scenes/puzzles/01_bridge.lua"));
        assert_eq!(p.dir(), Path::new("scenes"));
        assert!(p.entries.len() > 30, "{}", p.entries.len());
        assert!(p.chosen().unwrap().ends_with("puzzles/01_bridge.lua"));
        let car = p.entries.iter().find(|e| e.name == "car.lua").unwrap();
        assert!(car.about.starts_with("Car"), "{}", car.about);
        assert!(
            p.entries.iter().all(|e| !e.about.is_empty()),
            "every scene says what it is"
        );
        p.key("down");
        let chosen = p.entries[p.index].path.clone();
        assert_eq!(p.key("enter"), Some(chosen));
        assert_eq!(p.key("x"), None);
    }

    #[test]
    fn reads_title_and_about_from_the_text() {
        let text = "-- a comment\nscene { title = \"Rain\", about = 'ten thousand balls', camera = {0, 1, 2} }\n";
        assert_eq!(describe(text), "Rain: ten thousand balls");
        assert_eq!(
            describe("-- just a comment line\nbox{}"),
            "just a comment line"
        );
        assert_eq!(describe("scene { subtitle = \"x\" }"), "");
    }
}

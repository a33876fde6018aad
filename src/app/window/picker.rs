//! The scene picker (Tab): the `.lua` files of the scenes folder, Up/Down
//! to choose, Enter to open.

use std::path::{Path, PathBuf};

pub struct Picker {
    dir: PathBuf,
    files: Vec<PathBuf>,
    index: usize,
}

/// The folder to list: `scenes/` here, else the open scene's own folder.
fn scenes_dir(current: &Path) -> PathBuf {
    let here = PathBuf::from("scenes");
    if here.is_dir() {
        return here;
    }
    current
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(PathBuf::from("."), Path::to_path_buf)
}

impl Picker {
    pub fn new(current: &Path) -> Picker {
        let dir = scenes_dir(current);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|e| e == "lua"))
                    .collect()
            })
            .unwrap_or_default();
        files.sort();
        let index = files
            .iter()
            .position(|f| f.file_name() == current.file_name())
            .unwrap_or(0);
        Picker { dir, files, index }
    }

    /// The folder listed.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Its `.lua` files, sorted.
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The file Enter opens.
    pub fn chosen(&self) -> Option<&Path> {
        self.files.get(self.index).map(PathBuf::as_path)
    }

    /// A key while the picker is open: the file to open on Enter.
    pub fn key(&mut self, key: &str) -> Option<PathBuf> {
        let n = self.files.len();
        if n == 0 {
            return None;
        }
        match key {
            "up" => self.index = (self.index + n - 1) % n,
            "down" => self.index = (self.index + 1) % n,
            "home" => self.index = 0,
            "end" => self.index = n - 1,
            "enter" => return Some(self.files[self.index].clone()),
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_scenes_and_opens_the_chosen_one() {
        let mut p = Picker::new(Path::new("scenes/showcase.lua"));
        assert!(p.files.len() > 5, "{:?}", p.files);
        assert!(p.files[p.index].ends_with("showcase.lua"));
        p.key("down");
        let chosen = p.files[p.index].clone();
        assert_eq!(p.key("enter"), Some(chosen));
        assert_eq!(p.key("x"), None);
    }
}

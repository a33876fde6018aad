//! Reading and writing scene files for edits. A write is atomic: the new
//! text goes to a temporary file beside the scene, is flushed to disk, and
//! is renamed over the old file, so a crash leaves either the old file or
//! the new one, never half of one (and the watcher sees one finished
//! file). A read-only file is refused with a clear message, not written
//! around (renaming over it would succeed even so). A scene opened through
//! a symlink is written where the link points: renaming over the link
//! itself would replace it with a plain file and leave its target as it
//! was.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The file's text, or `FILE: cannot read it: ...`. A scene that is not
/// UTF-8 runs (Lua reads bytes) but is not edited: the edits parse and
/// splice text.
pub fn read(path: &Path) -> Result<String, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: cannot read it: {e}", shown(path)))?;
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        format!(
            "{}:{line}: cannot edit the file: it is not UTF-8 text (the scene still runs; save it as UTF-8 to edit it)",
            shown(path)
        )
    })
}

/// Replace `path`'s contents with `text`, atomically. The file keeps its
/// permissions; a symlink stays a link and its target gets the text.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let meta = fs::metadata(path).map_err(|e| format!("{}: {e}", shown(path)))?;
    // metadata() followed the links; so must the rename. (Messages keep
    // naming the path the user gave.)
    let real = fs::canonicalize(path).map_err(|e| format!("{}: {e}", shown(path)))?;
    if meta.permissions().readonly() {
        return Err(format!(
            "{}: the file is read-only — the edit was not written",
            shown(path)
        ));
    }
    let tmp = temp_path(&real);
    let result = (|| -> std::io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        fs::set_permissions(&tmp, meta.permissions())?;
        fs::rename(&tmp, &real)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(format!(
            "{}: cannot write the edit: {e} (the file is unchanged)",
            shown(path)
        ));
    }
    Ok(())
}

/// `dir/.name.physbox-edit` beside the file (same file system, so the
/// rename is atomic).
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or("scene".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.physbox-edit-{}", std::process::id()))
}

fn shown(path: &Path) -> String {
    crate::script::scene::shown_path(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_replace_the_file_and_leave_no_temp_file() {
        let dir = std::env::temp_dir().join(format!("physbox-edit-io-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let p = dir.join("a.lua");
        fs::write(&p, "old").unwrap();
        write_atomic(&p, "new text").unwrap();
        assert_eq!(read(&p).unwrap(), "new text");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        let mut perm = fs::metadata(&p).unwrap().permissions();
        perm.set_readonly(true);
        fs::set_permissions(&p, perm).unwrap();
        let e = write_atomic(&p, "x").unwrap_err();
        assert!(e.contains("read-only"), "{e}");
        assert_eq!(read(&p).unwrap(), "new text");
        let _ = fs::remove_dir_all(&dir);
    }
}

//! Watching scene files for hot reload: `notify` events → one debounced
//! `Change` per save burst, on a channel the app polls between frames.
//!
//! How editors save decides the design (DESIGN.md §8):
//! - the **directory** of each file is watched, never the file itself: a
//!   temp-file-then-rename save (vim, VS Code, JetBrains) replaces the
//!   file's inode, and a watch on the old inode dies with it; watching the
//!   folder also sees a deleted file come back;
//! - `Access` events are ignored: reading the file to reload it would
//!   otherwise trigger another reload;
//! - events are kept only for the exact watched paths (the folder also
//!   holds swap files, backups and other scenes);
//! - a save is a burst of events (truncate, chunked writes, rename): a
//!   change is reported once no event has come for `quiet` (50 ms), so a
//!   burst gives one reload, on the final content;
//! - except that when the burst's last event says the file is complete —
//!   the writer closed it after writing (`CLOSE_WRITE`) or a finished file
//!   was renamed onto it — half the quiet time is enough: a writer still
//!   holding the file open mid-save gets the full `quiet`, while the common
//!   editor saves reload 25 ms sooner. Saves in a burst closer together
//!   than that still merge into one reload.

use notify::event::{AccessKind, AccessMode, ModifyKind, RenameMode};
use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher as _};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Quiet time that ends a save burst. Measured: every common save pattern
/// gives exactly one change at 50 ms; shorter risks two reloads for a
/// writer that pauses between chunks.
pub const DEFAULT_QUIET: Duration = Duration::from_millis(50);

/// A burst that never goes quiet (a file rewritten in a loop) is still
/// reported after this long.
const MAX_BURST: Duration = Duration::from_secs(1);

/// One settled save burst.
#[derive(Clone, Debug)]
pub struct Change {
    /// The watched files the burst touched (as given to `watch`).
    pub paths: Vec<PathBuf>,
    /// When the burst's first event arrived (the start of reload latency).
    pub first_event: Instant,
    /// When the burst was declared over (first event + debounce).
    pub settled: Instant,
}

/// The watched files, by their canonical path (what inotify reports),
/// mapped back to the path the caller gave.
type Files = Arc<Mutex<BTreeMap<PathBuf, PathBuf>>>;

pub struct FileWatcher {
    watcher: RecommendedWatcher,
    files: Files,
    /// The folders watched, with which folder each was (`folder_id`).
    dirs: BTreeMap<PathBuf, Option<(u64, u64)>>,
    /// The files as last given to `watch`, for `heal`.
    armed: Vec<PathBuf>,
    /// How many of `armed` had a folder to watch then.
    placed: usize,
    changes: Receiver<Change>,
}

/// Which folder is at `dir` now (device and inode), if any: a folder
/// deleted and made again under the same name is another folder, and the
/// watch on the old one saw nothing of it.
fn folder_id(dir: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(dir).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        dir.is_dir().then_some((0, 0))
    }
}

/// The canonical form of a file that may not exist (deleted mid-save): its
/// folder canonicalised, then its name.
fn canonical(file: &Path) -> Option<PathBuf> {
    if let Ok(p) = file.canonicalize() {
        return Some(p);
    }
    let name = file.file_name()?;
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    Some(dir.canonicalize().ok()?.join(name))
}

impl FileWatcher {
    /// A watcher with nothing watched yet; `quiet` ends a save burst.
    pub fn new(quiet: Duration) -> Result<FileWatcher, String> {
        let files: Files = Arc::default();
        let (raw_tx, raw_rx) = mpsc::channel::<notify::Result<Event>>();
        let (tx, changes) = mpsc::channel();
        let watcher =
            notify::recommended_watcher(raw_tx).map_err(|e| format!("cannot watch files: {e}"))?;
        let f = files.clone();
        std::thread::Builder::new()
            .name("physbox-watch".into())
            .spawn(move || debounce(raw_rx, tx, f, quiet))
            .map_err(|e| format!("cannot start the file watcher: {e}"))?;
        Ok(FileWatcher {
            watcher,
            files,
            dirs: BTreeMap::new(),
            armed: Vec::new(),
            placed: 0,
            changes,
        })
    }

    /// Watch exactly these files from now on (re-arming: folders no longer
    /// needed are released, new ones watched). Files in folders that do not
    /// exist are skipped (a module that could live in a missing `scripts/`);
    /// a folder that cannot be watched is reported in the error, and the
    /// others are still watched.
    pub fn watch(&mut self, files: &[PathBuf]) -> Result<(), String> {
        let mut map = BTreeMap::new();
        let mut problems = Vec::new();
        for f in files {
            if let Some(c) = canonical(f) {
                map.insert(c, f.clone());
            }
        }
        let dirs: BTreeSet<PathBuf> = map
            .keys()
            .filter_map(|p| p.parent().map(Path::to_path_buf))
            .collect();
        for gone in self.dirs.keys().filter(|d| !dirs.contains(*d)) {
            let _ = self.watcher.unwatch(gone);
        }
        let mut watched = BTreeMap::new();
        for d in &dirs {
            if let Some(&id) = self.dirs.get(d) {
                watched.insert(d.clone(), id);
                continue;
            }
            match self.watcher.watch(d, RecursiveMode::NonRecursive) {
                Ok(()) => {
                    watched.insert(d.clone(), folder_id(d));
                }
                Err(e) => problems.push(format!("cannot watch {}: {e}", d.display())),
            }
        }
        self.dirs = watched;
        self.armed = files.to_vec();
        self.placed = map.len();
        *self.files.lock().expect("watch list") = map;
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// Watch again what the folders' own watches can no longer see: a
    /// watched folder deleted (and perhaps made again: its watch died with
    /// it), or a folder that was missing when armed now there. Returns
    /// the watched files that exist then, as a change: they may have come
    /// back while nothing watched them. Cheap (a `stat` per
    /// folder); the reloader asks a few times a second.
    pub fn heal(&mut self) -> Option<Change> {
        let stale: Vec<PathBuf> = self
            .dirs
            .iter()
            .filter(|(d, id)| folder_id(d) != **id)
            .map(|(d, _)| d.clone())
            .collect();
        let found = self.armed.iter().filter_map(|f| canonical(f)).count();
        if stale.is_empty() && found <= self.placed {
            return None;
        }
        for d in &stale {
            let _ = self.watcher.unwatch(d);
            self.dirs.remove(d);
        }
        let armed = self.armed.clone();
        if let Err(e) = self.watch(&armed) {
            eprintln!("physbox: hot reload: {e}");
        }
        // (Rare enough that every file there is offered: reloading one
        // that did not change costs a reload.)
        let fresh: Vec<PathBuf> = armed.into_iter().filter(|f| f.is_file()).collect();
        let now = Instant::now();
        (!fresh.is_empty()).then_some(Change {
            paths: fresh,
            first_event: now,
            settled: now,
        })
    }

    /// The next settled change, if one is waiting (never blocks).
    pub fn poll(&self) -> Option<Change> {
        self.changes.try_recv().ok()
    }

    /// Wait up to `timeout` for a settled change.
    pub fn wait(&self, timeout: Duration) -> Option<Change> {
        self.changes.recv_timeout(timeout).ok()
    }
}

/// Does this event leave the file complete (written and closed, or a
/// finished file renamed onto it)? `hit` is the watched path it touched.
fn completes(event: &Event, hit: &Path) -> bool {
    match event.kind {
        EventKind::Access(AccessKind::Close(AccessMode::Write)) => true,
        EventKind::Modify(ModifyKind::Name(RenameMode::To)) => true,
        // A rename seen from both ends: complete if it renamed *onto* it.
        EventKind::Modify(ModifyKind::Name(RenameMode::Both)) => {
            event.paths.last().is_some_and(|p| p == hit)
        }
        _ => false,
    }
}

/// A save burst in progress.
struct Burst {
    first: Instant,
    last: Instant,
    /// The last event left the file complete (half the quiet time).
    complete: bool,
    paths: BTreeSet<PathBuf>,
}

/// The debounce thread: collect events for watched files; once they stop
/// for the quiet time, send one `Change`. Ends when the watcher is dropped.
fn debounce(
    raw: Receiver<notify::Result<Event>>,
    out: Sender<Change>,
    files: Files,
    quiet: Duration,
) {
    let mut burst: Option<Burst> = None;
    loop {
        let timeout = match &burst {
            None => Duration::from_secs(3600),
            Some(b) => {
                let q = if b.complete { quiet / 2 } else { quiet };
                let by_quiet = (b.last + q).saturating_duration_since(Instant::now());
                let by_cap = (b.first + MAX_BURST).saturating_duration_since(Instant::now());
                by_quiet.min(by_cap)
            }
        };
        match raw.recv_timeout(timeout) {
            Ok(Ok(event)) => {
                // Opening and reading (a reload reads the file) change
                // nothing; closing after a write ends a save.
                let closed_write = matches!(
                    event.kind,
                    EventKind::Access(AccessKind::Close(AccessMode::Write))
                );
                if matches!(event.kind, EventKind::Access(_)) && !closed_write {
                    continue;
                }
                let map = files.lock().expect("watch list");
                let hits: Vec<(PathBuf, PathBuf)> = event
                    .paths
                    .iter()
                    .filter_map(|p| map.get(p).map(|given| (p.clone(), given.clone())))
                    .collect();
                drop(map);
                let Some((hit, _)) = hits.last() else {
                    continue;
                };
                let complete = completes(&event, hit);
                let now = Instant::now();
                let b = burst.get_or_insert_with(|| Burst {
                    first: now,
                    last: now,
                    complete: false,
                    paths: BTreeSet::new(),
                });
                b.last = now;
                b.complete = complete;
                b.paths.extend(hits.into_iter().map(|(_, given)| given));
            }
            // A watcher error (queue overflow): nothing to act on here.
            Ok(Err(_)) => {}
            Err(RecvTimeoutError::Timeout) => {
                if let Some(b) = burst.take() {
                    let change = Change {
                        paths: b.paths.into_iter().collect(),
                        first_event: b.first,
                        settled: Instant::now(),
                    };
                    if out.send(change).is_err() {
                        return;
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notify::event::{CreateKind, DataChange};

    fn event(kind: EventKind, paths: &[&str]) -> Event {
        let mut e = Event::new(kind);
        for p in paths {
            e = e.add_path(PathBuf::from(p));
        }
        e
    }

    #[test]
    fn only_a_closed_write_or_a_rename_onto_the_file_completes_a_save() {
        let f = Path::new("/d/scene.lua");
        let close = EventKind::Access(AccessKind::Close(AccessMode::Write));
        assert!(completes(&event(close, &["/d/scene.lua"]), f));
        let to = EventKind::Modify(ModifyKind::Name(RenameMode::To));
        assert!(completes(&event(to, &["/d/scene.lua"]), f));
        let both = EventKind::Modify(ModifyKind::Name(RenameMode::Both));
        assert!(completes(&event(both, &["/d/tmp", "/d/scene.lua"]), f));
        assert!(!completes(
            &event(both, &["/d/scene.lua", "/d/scene.lua~"]),
            f
        ));
        let write = EventKind::Modify(ModifyKind::Data(DataChange::Content));
        assert!(!completes(&event(write, &["/d/scene.lua"]), f));
        let create = EventKind::Create(CreateKind::File);
        assert!(!completes(&event(create, &["/d/scene.lua"]), f));
    }

    #[test]
    fn a_missing_file_is_named_by_its_canonical_folder() {
        let dir = std::env::temp_dir().canonicalize().unwrap();
        let missing = dir.join("physbox-no-such-file.lua");
        assert_eq!(canonical(&missing), Some(missing.clone()));
        assert_eq!(canonical(Path::new("/no/such/folder/x.lua")), None);
    }
}

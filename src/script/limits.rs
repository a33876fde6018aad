//! Time and memory limits for scene code.
//!
//! Memory: mlua's allocator limit (`Lua::set_memory_limit`) turns a memory
//! bomb into an ordinary Lua error; the process is never OOM-killed.
//!
//! Time: a count hook stops `while true do end`, but while one is installed
//! Lua 5.4 traps *every* instruction (measured 2.4× slower, whatever the
//! count), which would eat most of the force-field budget (DESIGN.md §6). So
//! the main Lua thread runs without a hook and a watchdog thread installs
//! one only when a deadline has passed — the way `lua.c` stops a script on
//! Ctrl-C (`lua_sethook` is the one Lua call made to be called
//! asynchronously). The hook then raises `file:line: ... time limit` in the
//! running code. The watchdog also samples the running position every
//! 50 ms the same way, so an out-of-memory error (which Lua reports without a
//! position) can still name the line it came from.
//!
//! Coroutines have their own `lua_State`, out of reach of the watchdog's
//! hook: they get an ordinary count hook instead (see `sandbox.rs`).

use mlua::ffi;
use std::ffi::{c_int, c_void, CStr};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Default Lua memory limit.
pub const DEFAULT_MEMORY_LIMIT: usize = 512 << 20;
/// Default time a scene may run Lua code without returning to physbox.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_millis(800);
pub const MEMORY_HELP: &str = "the scene used more than its Lua memory limit (--memory-limit)";

/// How often the watchdog looks at the clock.
const TICK: Duration = Duration::from_millis(10);
/// How long past its deadline scene code may stay stuck where no hook can
/// reach it before the process is stopped.
const STUCK_GRACE: Duration = Duration::from_secs(2);
/// How often it samples the running line (for out-of-memory messages).
const SAMPLE_EVERY: u32 = 5;

/// Address used as the registry key of the watchdog's shared state.
static REGISTRY_KEY: u8 = 0;

pub(crate) struct Shared {
    base: Instant,
    /// Nanoseconds since `base` at which running Lua code must stop; 0 while
    /// no scene code runs.
    deadline_ns: AtomicU64,
    limit: Duration,
    stop: AtomicBool,
    state: AtomicPtr<ffi::lua_State>,
    /// Last `file:line` seen running.
    last_position: Mutex<Option<String>>,
    /// The scene file, for messages when no line is known.
    scene: String,
}

impl Shared {
    fn now_ns(&self) -> u64 {
        self.base.elapsed().as_nanos() as u64 + 1
    }

    pub(crate) fn expired(&self) -> bool {
        let d = self.deadline_ns.load(Ordering::Relaxed);
        d != 0 && self.now_ns() > d
    }

    pub(crate) fn limit_message(&self) -> String {
        format!(
            "scene code ran for more than {:.1} s without returning (endless loop?)",
            self.limit.as_secs_f64()
        )
    }
}

/// Owns the watchdog thread of one Lua state.
pub struct Watchdog {
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

/// Restores the outer deadline when a nested run of scene code ends; time
/// spent inside does not count against the outer run.
pub struct Budget {
    shared: Arc<Shared>,
    saved: u64,
    start: u64,
}

/// The handle scene-facing code uses to start and pause the clock.
#[derive(Clone)]
pub struct Clock(Arc<Shared>);

impl Clock {
    /// Scene code is about to run: it gets a fresh time allowance.
    pub fn enter(&self) -> Budget {
        let saved = self.0.deadline_ns.load(Ordering::Relaxed);
        let start = self.0.now_ns();
        let deadline = start + self.0.limit.as_nanos() as u64;
        self.0.deadline_ns.store(deadline, Ordering::Relaxed);
        Budget {
            shared: self.0.clone(),
            saved,
            start,
        }
    }

    /// Rust work (physics) is about to run from inside scene code: the
    /// clock stops until the returned guard is dropped.
    pub fn pause(&self) -> Budget {
        let saved = self.0.deadline_ns.load(Ordering::Relaxed);
        let start = self.0.now_ns();
        self.0.deadline_ns.store(0, Ordering::Relaxed);
        Budget {
            shared: self.0.clone(),
            saved,
            start,
        }
    }

    pub fn expired(&self) -> bool {
        self.0.expired()
    }

    pub fn limit_message(&self) -> String {
        self.0.limit_message()
    }

    /// Where the scene code was last seen running (`file:line`).
    pub fn last_position(&self) -> Option<String> {
        self.0.last_position.lock().ok()?.clone()
    }

    pub fn clear_position(&self) {
        if let Ok(mut p) = self.0.last_position.lock() {
            *p = None;
        }
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        let restored = if self.saved == 0 {
            0
        } else {
            self.saved + (self.shared.now_ns() - self.start)
        };
        self.shared.deadline_ns.store(restored, Ordering::Relaxed);
    }
}

impl Watchdog {
    /// Start watching `lua`'s main thread.
    pub fn new(lua: &mlua::Lua, limit: Duration, scene: String) -> mlua::Result<Watchdog> {
        let shared = Arc::new(Shared {
            base: Instant::now(),
            deadline_ns: AtomicU64::new(0),
            limit,
            stop: AtomicBool::new(false),
            state: AtomicPtr::new(std::ptr::null_mut()),
            last_position: Mutex::new(None),
            scene,
        });
        let ptr = Arc::as_ptr(&shared) as *mut c_void;
        let mut main_state = std::ptr::null_mut();
        // SAFETY: runs on the main state with room on its stack; the shared
        // state outlives the Lua state (the scene drops Lua before this).
        unsafe {
            lua.exec_raw::<()>((), |state| {
                main_state = state;
                ffi::lua_pushlightuserdata(state, ptr);
                ffi::lua_rawsetp(
                    state,
                    ffi::LUA_REGISTRYINDEX,
                    &REGISTRY_KEY as *const u8 as *const c_void,
                );
            })?;
        }
        shared.state.store(main_state, Ordering::SeqCst);
        let watcher = shared.clone();
        let thread = std::thread::Builder::new()
            .name("physbox-lua-watchdog".into())
            .spawn(move || watch(&watcher))
            .map_err(|e| mlua::Error::runtime(format!("cannot start the Lua watchdog: {e}")))?;
        Ok(Watchdog {
            shared,
            thread: Some(thread),
        })
    }

    pub fn clock(&self) -> Clock {
        Clock(self.shared.clone())
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

fn watch(shared: &Shared) {
    let mut ticks = 0u32;
    let mut tripped_for = 0u64;
    while !shared.stop.load(Ordering::SeqCst) {
        std::thread::park_timeout(TICK);
        ticks = ticks.wrapping_add(1);
        let deadline = shared.deadline_ns.load(Ordering::Relaxed);
        if deadline == 0 {
            continue;
        }
        // Last resort: code stuck inside a C library function (a
        // pathological string pattern) never reaches the hook. Nothing can
        // unwind it, so the process reports it and stops.
        if shared.now_ns() > deadline + STUCK_GRACE.as_nanos() as u64 {
            let at = shared
                .last_position
                .lock()
                .ok()
                .and_then(|p| p.clone())
                .unwrap_or_else(|| shared.scene.clone());
            eprintln!(
                "error: {at}: scene code is stuck inside a library call (a pathological string pattern?) and cannot be interrupted; physbox stops"
            );
            std::process::exit(1);
        }
        let overdue = shared.now_ns() > deadline && tripped_for != deadline;
        if overdue {
            tripped_for = deadline;
        }
        if overdue || ticks % SAMPLE_EVERY == 0 {
            let state = shared.state.load(Ordering::SeqCst);
            // SAFETY: `lua_sethook` is documented as safe to call
            // asynchronously; the state lives until this thread is joined.
            unsafe { ffi::lua_sethook(state, Some(hook), ffi::LUA_MASKCOUNT, 1) };
        }
    }
}

/// Runs at the next Lua instruction after the watchdog armed it: records the
/// position, then either raises the time-limit error or removes itself.
unsafe extern "C-unwind" fn hook(l: *mut ffi::lua_State, _ar: *mut ffi::lua_Debug) {
    ffi::lua_sethook(l, None, 0, 0);
    ffi::lua_rawgetp(
        l,
        ffi::LUA_REGISTRYINDEX,
        &REGISTRY_KEY as *const u8 as *const c_void,
    );
    let shared = ffi::lua_touserdata(l, -1) as *const Shared;
    ffi::lua_pop(l, 1);
    if shared.is_null() {
        return;
    }
    let shared = &*shared;
    let position = running_position(l);
    if let (Some(p), Ok(mut last)) = (&position, shared.last_position.lock()) {
        *last = Some(p.clone());
    }
    if !shared.expired() {
        return;
    }
    {
        let msg = match position {
            Some(p) => format!("{p}: {}", shared.limit_message()),
            None => shared.limit_message(),
        };
        ffi::lua_pushlstring(l, msg.as_ptr() as *const _, msg.len());
    } // every Rust value is dropped before Lua unwinds past this frame
    ffi::lua_error(l);
}

unsafe fn running_position(l: *mut ffi::lua_State) -> Option<String> {
    let mut ar: ffi::lua_Debug = std::mem::zeroed();
    for level in 0..8 as c_int {
        if ffi::lua_getstack(l, level, &mut ar) == 0 {
            return None;
        }
        if ffi::lua_getinfo(l, c"Sl".as_ptr(), &mut ar) == 0 || ar.currentline < 0 {
            continue;
        }
        // Only scene files (chunks named `@path`), not physbox's helpers.
        if ar.source.is_null() || *ar.source != b'@' as std::ffi::c_char {
            continue;
        }
        let src = CStr::from_ptr(ar.short_src.as_ptr()).to_string_lossy();
        return Some(format!("{src}:{}", ar.currentline));
    }
    None
}

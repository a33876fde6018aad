//! Time and memory limits for scene code.
//!
//! Memory: mlua's allocator limit (`Lua::set_memory_limit`) turns a memory
//! bomb into an ordinary Lua error; the process is never OOM-killed.
//!
//! Time: a count hook stops `while true do end`, but while one is installed
//! Lua 5.4 traps *every* instruction (measured 2.4× slower, whatever the
//! count), which would eat most of the force-field budget (DESIGN.md §6). So
//! the Lua thread runs without a hook, and a watchdog thread asks for one
//! only when a deadline has passed — the way `lua.c` stops a script on
//! Ctrl-C. The watchdog never touches the Lua state itself: `lua_sethook`
//! walks and writes the state's list of call frames, which the Lua thread
//! allocates and frees as it runs, so calling it from another thread is a
//! data race (it corrupted memory: issue 19). Instead the watchdog sends a
//! signal to the Lua thread (`pthread_kill`), and the handler, running on
//! that thread between two of its instructions, sets the hook. Lua allows
//! exactly this (ldebug.c: `lua_sethook` "can be called during a signal").
//! The hook then raises `file:line: ... time limit` in the running code. The
//! watchdog also asks for a hook every 50 ms while scene code runs, to
//! sample the running position, so an out-of-memory error (which Lua
//! reports without a position) can still name the line it came from.
//!
//! Which state the handler hooks: a thread-local pointer to the limits of
//! the scene whose code is running on this thread (set by `Clock::enter`,
//! restored when its `Budget` ends). It is null whenever no scene code runs,
//! so a signal that arrives late (after the code returned, or while a state
//! is being closed) does nothing.
//!
//! Coroutines have their own `lua_State`, out of reach of the watchdog's
//! hook: they get an ordinary count hook instead (see `vm.rs`).

use mlua::ffi;
use std::cell::Cell;
use std::ffi::{c_int, c_void, CStr};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Default Lua memory limit.
pub const DEFAULT_MEMORY_LIMIT: usize = 512 << 20;
/// Default time a scene may run Lua code without returning to physbox.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_millis(800);
pub const MEMORY_HELP: &str = "the scene used more than its Lua memory limit (--memory-limit)";
/// How often the running line is sampled while scene code runs (for
/// out-of-memory messages).
pub const DEFAULT_SAMPLE_INTERVAL: Duration = Duration::from_millis(50);

/// How often the watchdog looks at the clock.
const TICK: Duration = Duration::from_millis(10);
/// How long past its deadline scene code may stay stuck where no hook can
/// reach it before the process is stopped.
const STUCK_GRACE: Duration = Duration::from_secs(2);

/// Address used as the registry key of the watchdog's shared state.
static REGISTRY_KEY: u8 = 0;

thread_local! {
    /// The limits of the scene whose code runs on this thread right now
    /// (null: none). Read by the signal handler, so it is a plain pointer in
    /// a `const`-initialised thread local (no lazy set-up, no destructor):
    /// reading it is one load, safe inside a handler.
    static RUNNING: Cell<*const Shared> = const { Cell::new(std::ptr::null()) };
}

pub(crate) struct Shared {
    base: Instant,
    /// Nanoseconds since `base` at which running Lua code must stop; 0 while
    /// no scene code runs.
    deadline_ns: AtomicU64,
    limit: Duration,
    stop: AtomicBool,
    /// The main `lua_State`; only ever used on `owner`.
    state: AtomicPtr<ffi::lua_State>,
    /// The thread that owns the Lua state (an mlua `Lua` cannot move between
    /// threads), the one the watchdog signals.
    owner: libc::pthread_t,
    /// Last `file:line` seen running.
    last_position: Mutex<Option<String>>,
    /// The scene file, for messages when no line is known.
    scene: String,
    sample_every: Duration,
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

/// Restores the outer deadline (and the outer running scene) when a nested
/// run of scene code ends; time spent inside does not count against the
/// outer run.
pub struct Budget {
    shared: Arc<Shared>,
    saved: u64,
    start: u64,
    saved_running: *const Shared,
}

/// The handle scene-facing code uses to start and pause the clock.
#[derive(Clone)]
pub struct Clock(Arc<Shared>);

impl Clock {
    /// Scene code is about to run: it gets a fresh time allowance.
    pub fn enter(&self) -> Budget {
        let start = self.0.now_ns();
        self.budget(start + self.0.limit.as_nanos() as u64)
    }

    /// Rust work (physics) is about to run from inside scene code: the
    /// clock stops until the returned guard is dropped.
    pub fn pause(&self) -> Budget {
        self.budget(0)
    }

    fn budget(&self, deadline: u64) -> Budget {
        let saved = self.0.deadline_ns.load(Ordering::Relaxed);
        let start = self.0.now_ns();
        let saved_running = RUNNING.with(|r| r.replace(Arc::as_ptr(&self.0)));
        self.0.deadline_ns.store(deadline, Ordering::Relaxed);
        Budget {
            shared: self.0.clone(),
            saved,
            start,
            saved_running,
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
        // Before `shared` (which keeps the pointee alive) is released.
        RUNNING.with(|r| r.set(self.saved_running));
    }
}

impl Watchdog {
    /// Start watching `lua`'s main thread (the calling thread owns it).
    pub fn new(
        lua: &mlua::Lua,
        limit: Duration,
        scene: String,
        sample_every: Duration,
    ) -> mlua::Result<Watchdog> {
        install_signal_handler()?;
        let shared = Arc::new(Shared {
            base: Instant::now(),
            deadline_ns: AtomicU64::new(0),
            limit,
            stop: AtomicBool::new(false),
            state: AtomicPtr::new(std::ptr::null_mut()),
            // SAFETY: no preconditions.
            owner: unsafe { libc::pthread_self() },
            last_position: Mutex::new(None),
            scene,
            sample_every: sample_every.max(Duration::from_micros(50)),
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
        // After the join no signal is sent any more; the owner thread is
        // this one (the Lua state cannot move), so it is alive until then.
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

/// The signal the watchdog sends: a real-time one, away from the low end
/// that libraries tend to claim.
fn interrupt_signal() -> c_int {
    libc::SIGRTMAX() - 2
}

/// Install the process-wide handler once.
fn install_signal_handler() -> mlua::Result<()> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        // SAFETY: a zeroed sigaction is valid; the handler only does what a
        // handler may (see `on_interrupt`).
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_interrupt as extern "C" fn(c_int) as usize;
            // Restart interrupted system calls: the signal must be invisible
            // to everything but the Lua interpreter.
            action.sa_flags = libc::SA_RESTART | libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            if libc::sigaction(interrupt_signal(), &action, std::ptr::null_mut()) != 0 {
                return Err(std::io::Error::last_os_error().to_string());
            }
        }
        Ok(())
    });
    installed.clone().map_err(|e| {
        mlua::Error::runtime(format!(
            "cannot install the Lua watchdog's signal handler: {e}"
        ))
    })
}

/// The signal handler, on the Lua thread: arm a one-instruction count hook
/// on the state whose scene code is running here, if any.
extern "C" fn on_interrupt(_sig: c_int) {
    let running = RUNNING.with(|r| r.get());
    if running.is_null() {
        return;
    }
    // SAFETY: `RUNNING` is non-null only while a `Budget` (holding an `Arc`
    // of it) is alive on this thread, and then its Lua state is open. The
    // handler interrupts this thread, so the state is not being changed
    // concurrently, only paused at an arbitrary instruction, which is what
    // `lua_sethook` is written for.
    unsafe {
        let state = (*running).state.load(Ordering::Relaxed);
        if !state.is_null() {
            ffi::lua_sethook(state, Some(hook), ffi::LUA_MASKCOUNT, 1);
        }
    }
}

fn watch(shared: &Shared) {
    let mut tripped_for = 0u64;
    let mut last_sample = Instant::now();
    let tick = TICK.min(shared.sample_every);
    while !shared.stop.load(Ordering::SeqCst) {
        std::thread::park_timeout(tick);
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
        let sample = last_sample.elapsed() >= shared.sample_every;
        if overdue || sample {
            last_sample = Instant::now();
            // SAFETY: the owner thread is alive until `Watchdog::drop` has
            // joined this thread.
            unsafe { libc::pthread_kill(shared.owner, interrupt_signal()) };
        }
    }
}

/// Runs at the next Lua instruction after the watchdog armed it: records the
/// position, then either raises the time-limit error or removes itself.
/// Past the deadline it stays armed, so code that catches the error with
/// `pcall` and carries on is stopped again at its next instruction, until
/// the error reaches physbox.
unsafe extern "C-unwind" fn hook(l: *mut ffi::lua_State, _ar: *mut ffi::lua_Debug) {
    ffi::lua_rawgetp(
        l,
        ffi::LUA_REGISTRYINDEX,
        &REGISTRY_KEY as *const u8 as *const c_void,
    );
    let shared = ffi::lua_touserdata(l, -1) as *const Shared;
    ffi::lua_pop(l, 1);
    if shared.is_null() {
        ffi::lua_sethook(l, None, 0, 0);
        return;
    }
    let shared = &*shared;
    let expired = shared.expired();
    if !expired {
        ffi::lua_sethook(l, None, 0, 0);
    }
    let position = running_position(l);
    if let (Some(p), Ok(mut last)) = (&position, shared.last_position.lock()) {
        *last = Some(p.clone());
    }
    if !expired {
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

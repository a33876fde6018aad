//! The scene's Lua state: only the safe standard libraries (LUA_API.md,
//! "The environment is a sandbox"), text-only `load`, our `print` and
//! `require`, and a memory limit.

use super::sim::SceneContext;
use mlua::{ffi, HookTriggers, Lua, LuaOptions, MultiValue, StdLib, Value, VmState};

/// A fresh Lua state with the sandboxed standard library.
pub fn new_lua(memory_limit: usize) -> mlua::Result<Lua> {
    // No io, no package (loadlib), no debug; `os` is trimmed below.
    let libs = StdLib::COROUTINE
        | StdLib::TABLE
        | StdLib::STRING
        | StdLib::UTF8
        | StdLib::MATH
        | StdLib::OS;
    let lua = Lua::new_with(libs, LuaOptions::default())?;
    lua.set_memory_limit(memory_limit)?;
    let g = lua.globals();
    for name in ["dofile", "loadfile", "require"] {
        g.raw_set(name, Value::Nil)?;
    }
    // os: only the clock and calendar functions.
    let os: mlua::Table = g.get("os")?;
    let safe_os = lua.create_table()?;
    for name in ["clock", "time", "date", "difftime"] {
        safe_os.raw_set(name, os.get::<Value>(name)?)?;
    }
    g.raw_set("os", safe_os)?;
    // string.dump makes binary chunks: gone.
    let string: mlua::Table = g.get("string")?;
    string.raw_set("dump", Value::Nil)?;
    Ok(lua)
}

/// Install `print`, text-only `load` and hooked coroutines. Needs `SceneContext`.
pub fn install_base(lua: &Lua) -> mlua::Result<()> {
    let g = lua.globals();
    // print: Lua's own formatting (tostring, so 3.0 prints as "3.0" and
    // __tostring is honoured), tab-separated, into the scene's console.
    let tostring: mlua::Function = g.get("tostring")?;
    g.raw_set(
        "print",
        lua.create_function(move |lua, args: MultiValue| {
            let mut line = String::new();
            for (i, v) in args.into_iter().enumerate() {
                if i > 0 {
                    line.push('\t');
                }
                let s: mlua::LuaString = tostring.call(v)?;
                line.push_str(&s.to_string_lossy());
            }
            let ctx = lua.app_data_ref::<SceneContext>().expect("scene context");
            ctx.sim.borrow_mut().console.write(line);
            Ok(())
        })?,
    )?;
    // `load` always in text mode: a binary chunk could break the VM.
    // Otherwise as in plain Lua: without a 4th argument the chunk gets the
    // scene's globals (an explicit `nil` env stays nil), and a failure is
    // `nil, message` — one line, without the traceback mlua's message
    // handler adds to errors raised inside the parser (C stack overflow).
    let raw_load: mlua::Function = g.get("load")?;
    g.raw_set(
        "load",
        lua.create_function(move |lua, args: MultiValue| {
            let mut args = args.into_iter();
            let chunk = args.next().unwrap_or(Value::Nil);
            let name = args.next().unwrap_or(Value::Nil);
            let _mode = args.next();
            let mut out = match args.next() {
                Some(env) => raw_load.call::<MultiValue>((chunk, name, "t", env))?,
                None => raw_load.call::<MultiValue>((chunk, name, "t"))?,
            };
            let message = match (out.front(), out.get(1)) {
                (Some(Value::Nil), Some(Value::String(m))) => Some(m.to_string_lossy()),
                _ => None,
            };
            if let Some(m) = message {
                out[1] = Value::String(lua.create_string(super::error::strip_traceback(&m))?);
            }
            Ok(out)
        })?,
    )?;
    // Lua runs finalizers with hooks disabled, so an endless loop in a
    // __gc could never be stopped: scenes may not install finalizers.
    let guarded_setmetatable: mlua::Function = lua
        .load(
            r#"
            local raw_setmetatable, rawget, type, error = ...
            return function(t, mt)
              if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
                error("setmetatable: __gc finalizers are not allowed in scenes (Lua cannot interrupt them)", 2)
              end
              return raw_setmetatable(t, mt)
            end"#,
        )
        .set_name("=setmetatable")
        .call((
            g.get::<mlua::Function>("setmetatable")?,
            g.get::<mlua::Function>("rawget")?,
            g.get::<mlua::Function>("type")?,
            g.get::<mlua::Function>("error")?,
        ))?;
    g.raw_set("setmetatable", guarded_setmetatable)?;
    readable_errors(lua)?;
    // Coroutines run on their own lua_State, out of the watchdog's reach:
    // each gets a count hook that checks the same deadline.
    let co: mlua::Table = g.get("coroutine")?;
    co.raw_set(
        "create",
        lua.create_function(|lua, f: mlua::Function| {
            let t = lua.create_thread(f)?;
            hook_thread(lua, &t)?;
            Ok(t)
        })?,
    )?;
    let wrap: mlua::Function = lua
        .load(
            r#"
            local create, resume, pack, unpack = ...
            return function(f)
              local co = create(f)
              return function(...)
                local r = pack(resume(co, ...))
                if not r[1] then error(r[2], 0) end
                return unpack(r, 2, r.n)
              end
            end"#,
        )
        .set_name("=coroutine.wrap")
        .call((
            co.get::<mlua::Function>("create")?,
            co.get::<mlua::Function>("resume")?,
            g.get::<mlua::Table>("table")?
                .get::<mlua::Function>("pack")?,
            g.get::<mlua::Table>("table")?
                .get::<mlua::Function>("unpack")?,
        ))?;
    co.raw_set("wrap", wrap)?;
    // String patterns that watch the clock (Lua's own cannot be stopped).
    let clock = lua
        .app_data_ref::<SceneContext>()
        .expect("scene context")
        .clock
        .clone();
    super::patterns::install(lua, clock)?;
    Ok(())
}

fn hook_thread(lua: &Lua, t: &mlua::Thread) -> mlua::Result<()> {
    let clock = lua
        .app_data_ref::<SceneContext>()
        .expect("scene context")
        .clock
        .clone();
    t.set_hook(
        HookTriggers::new().every_nth_instruction(1000),
        move |_, debug| {
            if !clock.expired() {
                return Ok(VmState::Continue);
            }
            let src = debug.source();
            let msg = match (src.short_src, debug.current_line()) {
                (Some(s), Some(l)) => format!("{s}:{l}: {}", clock.limit_message()),
                _ => clock.limit_message(),
            };
            Err(mlua::Error::RuntimeError(msg))
        },
    )
}

/// Errors raised by physbox's Rust functions reach `pcall` as mlua error
/// objects whose `tostring` would be "runtime error: ..." plus a traceback.
/// Give their (shared) metatable a `__tostring` that yields the one line a
/// scene author wants: `scenes/x.lua:3: box: 'w' must be ...`.
fn readable_errors(lua: &Lua) -> mlua::Result<()> {
    let failing =
        lua.create_function(|_, ()| -> mlua::Result<()> { Err(mlua::Error::runtime("probe")) })?;
    let tostring = lua.create_function(|_, v: Value| {
        Ok(match v {
            Value::Error(e) => super::error::SceneError::from_lua(&e, None).message,
            other => other.to_string()?,
        })
    })?;
    // SAFETY: calls `failing` in protected mode to get one error object,
    // sets `__tostring` on its metatable, and leaves the stack empty.
    unsafe {
        lua.exec_raw::<()>((failing, tostring), |l| {
            ffi::lua_pushvalue(l, 1);
            if ffi::lua_pcall(l, 0, 0, 0) != ffi::LUA_OK
                && ffi::lua_type(l, -1) == ffi::LUA_TUSERDATA
                && ffi::lua_getmetatable(l, -1) != 0
            {
                ffi::lua_pushvalue(l, 2);
                ffi::lua_setfield(l, -2, c"__tostring".as_ptr());
            }
            ffi::lua_settop(l, 0);
        })?;
    }
    Ok(())
}

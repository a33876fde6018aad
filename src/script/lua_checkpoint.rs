//! A checkpoint of a scene's Lua state inside its own Lua VM, so the
//! timeline can go back to a step and re-run from there with the very
//! variables the scene had then (`local score = 0` changed by `update`, a
//! table of spawned bodies, a puzzle's "won" flag).
//!
//! A Lua VM cannot be copied, but everything a scene keeps lives in tables
//! and in the upvalues of its functions. From the roots (the globals, the
//! scene's registry tables, the functions the scene gave us: body forces,
//! force fields) every reachable table's contents and metatable and every
//! Lua function's upvalues are recorded, holding the very objects; restoring
//! writes the recorded contents back into the same tables and upvalues, so
//! every closure that shares them sees the old values. Strings and numbers
//! are values; handles (userdata) are immutable ids. What cannot be
//! restored: a coroutine's stack (`has_threads` says whether the scene has
//! any) — the docs tell scene authors so.

use mlua::{ffi, Function, LightUserData, Lua, MultiValue, Table, Value};
use std::collections::HashSet;
use std::ffi::c_void;

/// A table, its metatable and its raw contents then.
type TableState = (Table, Option<Table>, Vec<(Value, Value)>);

pub struct LuaCheckpoint {
    tables: Vec<TableState>,
    upvalues: Vec<(Function, i32, Value)>,
    /// The scene holds coroutines, whose stacks are not restored.
    pub has_threads: bool,
}

/// `f`'s upvalues as (index, id, value); none for a Rust function (their
/// upvalues are ours, not the scene's).
fn upvalues_of(lua: &Lua, f: &Function) -> mlua::Result<Vec<(i32, usize, Value)>> {
    // SAFETY: reads upvalues of the function at index 1 and pushes each
    // value with its id; mlua's stack guard resets the stack afterwards.
    let out: MultiValue = unsafe {
        lua.exec_raw(f, |l| {
            if ffi::lua_iscfunction(l, 1) != 0 {
                ffi::lua_settop(l, 0);
                return;
            }
            ffi::lua_checkstack(l, 600);
            let mut i = 1;
            while i <= 255 {
                if ffi::lua_getupvalue(l, 1, i).is_null() {
                    break;
                }
                ffi::lua_pushinteger(l, i as ffi::lua_Integer);
                ffi::lua_pushlightuserdata(l, ffi::lua_upvalueid(l, 1, i));
                i += 1;
            }
            ffi::lua_remove(l, 1);
        })?
    };
    let v: Vec<Value> = out.into_iter().collect();
    Ok(v.chunks_exact(3)
        .filter_map(|c| match (&c[1], &c[2]) {
            (Value::Integer(i), Value::LightUserData(LightUserData(id))) => {
                Some((*i as i32, *id as usize, c[0].clone()))
            }
            _ => None,
        })
        .collect())
}

fn set_upvalue(lua: &Lua, f: &Function, i: i32, v: &Value) -> mlua::Result<()> {
    // SAFETY: stack [f, v]; lua_setupvalue pops v into upvalue i of f.
    unsafe {
        lua.exec_raw::<()>((f, v), move |l| {
            ffi::lua_setupvalue(l, 1, i);
            ffi::lua_settop(l, 0);
        })
    }
}

impl LuaCheckpoint {
    /// Record everything reachable from `roots`.
    pub fn capture(lua: &Lua, roots: Vec<Value>) -> mlua::Result<LuaCheckpoint> {
        let mut cp = LuaCheckpoint {
            tables: Vec::new(),
            upvalues: Vec::new(),
            has_threads: false,
        };
        let mut seen: HashSet<*const c_void> = HashSet::new();
        let mut seen_upvalues: HashSet<usize> = HashSet::new();
        let mut todo = roots;
        while let Some(v) = todo.pop() {
            match v {
                Value::Table(t) => {
                    if !seen.insert(t.to_pointer()) {
                        continue;
                    }
                    let mt = t.metatable();
                    let mut pairs = Vec::new();
                    for kv in t.clone().pairs::<Value, Value>() {
                        let (k, v) = kv?;
                        todo.push(k.clone());
                        todo.push(v.clone());
                        pairs.push((k, v));
                    }
                    if let Some(m) = &mt {
                        todo.push(Value::Table(m.clone()));
                    }
                    cp.tables.push((t, mt, pairs));
                }
                Value::Function(f) => {
                    if !seen.insert(f.to_pointer()) {
                        continue;
                    }
                    for (i, id, v) in upvalues_of(lua, &f)? {
                        if seen_upvalues.insert(id) {
                            todo.push(v.clone());
                            cp.upvalues.push((f.clone(), i, v));
                        }
                    }
                }
                Value::Thread(_) => cp.has_threads = true,
                _ => {}
            }
        }
        Ok(cp)
    }

    /// Put every recorded table and upvalue back as it was.
    pub fn restore(&self, lua: &Lua) -> mlua::Result<()> {
        for (t, mt, pairs) in &self.tables {
            let now: Vec<Value> = t
                .clone()
                .pairs::<Value, Value>()
                .map(|kv| kv.map(|(k, _)| k))
                .collect::<mlua::Result<_>>()?;
            for k in now {
                t.raw_set(k, Value::Nil)?;
            }
            for (k, v) in pairs {
                t.raw_set(k.clone(), v.clone())?;
            }
            t.set_metatable(mt.clone())?;
        }
        for (f, i, v) in &self.upvalues {
            set_upvalue(lua, f, *i, v)?;
        }
        Ok(())
    }

    /// Tables, entries and upvalues recorded (what a checkpoint costs).
    pub fn entries(&self) -> usize {
        self.tables
            .iter()
            .map(|(_, _, p)| p.len() + 1)
            .sum::<usize>()
            + self.upvalues.len()
    }
}

//! Lua 5.4's string patterns (`string.find`, `match`, `gmatch`, `gsub`),
//! matched here in Rust instead of by Lua's C library.
//!
//! Why: Lua's matcher backtracks, and a pattern like `("a*"):rep(40) .. "b"`
//! against 40 `a`s takes longer than the universe has left, inside one C
//! call where the watchdog's hook never fires. The only way out was to end
//! the process, and a scene's typo could kill the window or `--watch`
//! (issue 19, section 5). This matcher follows the same semantics (the
//! reference manual, §6.4.1) but counts its steps and checks the scene's
//! clock every few thousand of them, so a runaway pattern stops with the
//! ordinary `file:line: ... time limit` error and the process lives on.
//! Malformed patterns get Lua's own messages, prefixed with the scene's
//! line (Lua's C library gives them no position).

use super::error::scene_err;
use super::limits::Clock;
use super::pattern_matcher::{at, Captured, Matcher, PatternError, ESC, SPECIALS};
use mlua::{Function, IntoLuaMulti, Lua, LuaString, MultiValue, Table, Value};

/// Lua's `posrelatI`: a 1-based start position from a possibly negative one.
fn start_index(init: i64, len: usize) -> usize {
    if init > 0 {
        init as usize
    } else if init == 0 || init < -(len as i64) {
        1
    } else {
        (len as i64 + init + 1) as usize
    }
}

/// Install the four functions into the scene's `string` table.
pub fn install(lua: &Lua, clock: Clock) -> mlua::Result<()> {
    let string: Table = lua.globals().get("string")?;
    let c = clock.clone();
    string.raw_set(
        "find",
        lua.create_function(
            move |lua, args: (LuaString, LuaString, Option<i64>, Value)| find(lua, &c, args, true),
        )?,
    )?;
    let c = clock.clone();
    string.raw_set(
        "match",
        lua.create_function(
            move |lua, (s, p, init): (LuaString, LuaString, Option<i64>)| {
                find(lua, &c, (s, p, init, Value::Nil), false)
            },
        )?,
    )?;
    let c = clock.clone();
    string.raw_set(
        "gmatch",
        lua.create_function(move |lua, args: (LuaString, LuaString, Option<i64>)| {
            gmatch(lua, c.clone(), args)
        })?,
    )?;
    let c = clock;
    string.raw_set(
        "gsub",
        lua.create_function(
            move |lua, args: (LuaString, LuaString, Value, Option<i64>)| gsub(lua, &c, args),
        )?,
    )?;
    Ok(())
}

fn pattern_error(lua: &Lua, clock: &Clock, e: PatternError) -> mlua::Error {
    match e {
        PatternError::Bad(msg) => scene_err(lua, msg),
        PatternError::TimeLimit => scene_err(lua, clock.limit_message()),
    }
}

fn push_capture(
    lua: &Lua,
    src: &[u8],
    captured: Captured,
    out: &mut Vec<Value>,
) -> mlua::Result<()> {
    out.push(match captured {
        Captured::Text(a, b) => Value::String(lua.create_string(&src[a..b])?),
        Captured::Position(p) => Value::Integer(p as i64),
    });
    Ok(())
}

fn push_captures(
    lua: &Lua,
    m: &Matcher,
    s: usize,
    e: usize,
    whole_if_none: bool,
    out: &mut Vec<Value>,
) -> Result<(), mlua::Error> {
    for i in 0..m.capture_count(whole_if_none) {
        let c = m.capture(i, s, e).map_err(|e| match e {
            PatternError::Bad(msg) => scene_err(lua, msg),
            PatternError::TimeLimit => scene_err(lua, "time limit"),
        })?;
        push_capture(lua, m.src(), c, out)?;
    }
    Ok(())
}

/// `string.find` (`find`) and `string.match` (not `find`).
fn find(
    lua: &Lua,
    clock: &Clock,
    (s, p, init, plain): (LuaString, LuaString, Option<i64>, Value),
    find: bool,
) -> mlua::Result<MultiValue> {
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let (src, pat): (&[u8], &[u8]) = (&src, &pat);
    let init = start_index(init.unwrap_or(1), src.len()) - 1;
    if init > src.len() {
        return Value::Nil.into_lua_multi(lua);
    }
    let plain = !matches!(plain, Value::Nil | Value::Boolean(false));
    if find && (plain || !pat.iter().any(|c| SPECIALS.contains(c))) {
        let found = if pat.is_empty() {
            Some(init)
        } else {
            src[init..]
                .windows(pat.len())
                .position(|w| w == pat)
                .map(|i| i + init)
        };
        return match found {
            Some(i) => ((i + 1) as i64, (i + pat.len()) as i64).into_lua_multi(lua),
            None => Value::Nil.into_lua_multi(lua),
        };
    }
    let anchor = pat.first() == Some(&b'^');
    let start_p = usize::from(anchor);
    let mut out_of_time = || clock.expired();
    let mut m = Matcher::new(src, pat, &mut out_of_time);
    let mut s1 = init;
    loop {
        match m.try_at(s1, start_p) {
            Err(e) => return Err(pattern_error(lua, clock, e)),
            Ok(Some(e)) => {
                let mut out = Vec::new();
                if find {
                    out.push(Value::Integer(s1 as i64 + 1));
                    out.push(Value::Integer(e as i64));
                    push_captures(lua, &m, s1, e, false, &mut out)?;
                } else {
                    push_captures(lua, &m, s1, e, true, &mut out)?;
                }
                return Ok(MultiValue::from_vec(out));
            }
            Ok(None) => {}
        }
        s1 += 1;
        if anchor || s1 > src.len() {
            return Value::Nil.into_lua_multi(lua);
        }
    }
}

/// `string.gmatch`: an iterator over successive matches (Lua 5.4: a `^`
/// does not anchor; an empty match right after the previous one is
/// skipped).
fn gmatch(
    lua: &Lua,
    clock: Clock,
    (s, p, init): (LuaString, LuaString, Option<i64>),
) -> mlua::Result<Function> {
    let len = s.as_bytes().len();
    let mut pos = start_index(init.unwrap_or(1), len) - 1;
    if pos > len {
        pos = len + 1;
    }
    let mut last_match: Option<usize> = None;
    lua.create_function_mut(move |lua, ()| {
        let (src, pat) = (s.as_bytes(), p.as_bytes());
        let (src, pat): (&[u8], &[u8]) = (&src, &pat);
        let mut out_of_time = || clock.expired();
        let mut m = Matcher::new(src, pat, &mut out_of_time);
        while pos <= src.len() {
            let start = pos;
            match m.try_at(start, 0) {
                Err(e) => return Err(pattern_error(lua, &clock, e)),
                Ok(Some(e)) if Some(e) != last_match => {
                    pos = e;
                    last_match = Some(e);
                    let mut out = Vec::new();
                    push_captures(lua, &m, start, e, true, &mut out)?;
                    return Ok(MultiValue::from_vec(out));
                }
                Ok(_) => pos += 1,
            }
        }
        Ok(MultiValue::new())
    })
}

/// `string.gsub`.
fn gsub(
    lua: &Lua,
    clock: &Clock,
    (s, p, repl, max): (LuaString, LuaString, Value, Option<i64>),
) -> mlua::Result<(Value, i64)> {
    let (src, pat) = (s.as_bytes(), p.as_bytes());
    let (src, pat): (&[u8], &[u8]) = (&src, &pat);
    match repl {
        Value::String(_) | Value::Integer(_) | Value::Number(_) | Value::Table(_) => {}
        Value::Function(_) => {}
        ref other => {
            return Err(scene_err(
                lua,
                format!(
                    "bad argument #3 to 'gsub' (string/function/table expected, got {})",
                    other.type_name()
                ),
            ))
        }
    }
    let repl_text: Option<Vec<u8>> = match &repl {
        Value::String(r) => Some(r.as_bytes().to_vec()),
        Value::Integer(_) | Value::Number(_) => Some(repl.to_string()?.into_bytes()),
        _ => None,
    };
    let max = max.unwrap_or(src.len() as i64 + 1);
    let anchor = pat.first() == Some(&b'^');
    let start_p = usize::from(anchor);
    let mut out_of_time = || clock.expired();
    let mut m = Matcher::new(src, pat, &mut out_of_time);
    let mut out: Vec<u8> = Vec::with_capacity(src.len());
    let (mut pos, mut count, mut last_match) = (0usize, 0i64, None);
    while count < max {
        let e = m
            .try_at(pos, start_p)
            .map_err(|e| pattern_error(lua, clock, e))?;
        match e {
            Some(e) if Some(e) != last_match => {
                count += 1;
                add_value(lua, &m, pos, e, &repl, repl_text.as_deref(), &mut out)?;
                pos = e;
                last_match = Some(e);
            }
            _ if pos < src.len() => {
                out.push(src[pos]);
                pos += 1;
            }
            _ => break,
        }
        if anchor {
            break;
        }
    }
    if count == 0 {
        return Ok((Value::String(s.clone()), 0));
    }
    out.extend_from_slice(&src[pos..]);
    Ok((Value::String(lua.create_string(&out)?), count))
}

/// Append the replacement of the match from `s` to `e`.
fn add_value(
    lua: &Lua,
    m: &Matcher,
    s: usize,
    e: usize,
    repl: &Value,
    repl_text: Option<&[u8]>,
    out: &mut Vec<u8>,
) -> mlua::Result<()> {
    let src = m.src();
    let value = match (repl, repl_text) {
        (_, Some(text)) => return add_text(lua, m, s, e, text, out),
        (Value::Function(f), _) => {
            let mut args = Vec::new();
            push_captures(lua, m, s, e, true, &mut args)?;
            f.call::<Value>(MultiValue::from_vec(args))?
        }
        (Value::Table(t), _) => {
            let mut key = Vec::new();
            let first = m.capture(0, s, e).map_err(|e| match e {
                PatternError::Bad(msg) => scene_err(lua, msg),
                PatternError::TimeLimit => scene_err(lua, "time limit"),
            })?;
            push_capture(lua, src, first, &mut key)?;
            t.get::<Value>(key.pop().unwrap_or(Value::Nil))?
        }
        _ => Value::Nil,
    };
    match value {
        Value::Nil | Value::Boolean(false) => out.extend_from_slice(&src[s..e]),
        Value::String(v) => out.extend_from_slice(&v.as_bytes()),
        Value::Integer(_) | Value::Number(_) => {
            out.extend_from_slice(value.to_string()?.as_bytes())
        }
        other => {
            return Err(scene_err(
                lua,
                format!("invalid replacement value (a {})", other.type_name()),
            ))
        }
    }
    Ok(())
}

/// A replacement string: `%0`..`%9` are captures, `%%` is a `%`.
fn add_text(
    lua: &Lua,
    m: &Matcher,
    s: usize,
    e: usize,
    text: &[u8],
    out: &mut Vec<u8>,
) -> mlua::Result<()> {
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        i += 1;
        if c != ESC {
            out.push(c);
            continue;
        }
        let d = at(text, i);
        i += 1;
        if d == ESC {
            out.push(ESC);
        } else if d.is_ascii_digit() {
            let captured = if d == b'0' {
                Captured::Text(s, e)
            } else {
                m.capture((d - b'1') as usize, s, e).map_err(|e| match e {
                    PatternError::Bad(msg) => scene_err(lua, msg),
                    PatternError::TimeLimit => scene_err(lua, "time limit"),
                })?
            };
            match captured {
                Captured::Text(a, b) => out.extend_from_slice(&m.src()[a..b]),
                Captured::Position(p) => out.extend_from_slice(p.to_string().as_bytes()),
            }
        } else {
            return Err(scene_err(lua, "invalid use of '%' in replacement string"));
        }
    }
    Ok(())
}

//! Reading a constructor's option table strictly: unknown names are errors
//! with a suggestion (`box: unknown option 'widht' — did you mean 'w'?`),
//! every value is type-checked, and messages name the option and what it got.

use super::error::scene_err;
use crate::physics::Vec2;
use mlua::{Lua, Table, Value};

/// Words people reach for, mapped to our option names.
const ALIASES: &[(&str, &str)] = &[
    ("width", "w"),
    ("height", "h"),
    ("radius", "r"),
    ("rotation", "angle"),
    ("angular_velocity", "omega"),
    ("kind", "type"),
    ("elasticity", "restitution"),
    ("bounciness", "restitution"),
    ("colour", "color"),
    ("vertices", "points"),
    ("verts", "points"),
];

pub struct Opts<'a> {
    lua: &'a Lua,
    what: &'a str,
    table: Table,
}

/// Lua's name for a value's type, as messages show it.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Integer(_) | Value::Number(_) => "number",
        // Body handles are light userdata: "got lightuserdata" named
        // Lua's insides, not the body the scene passed by mistake.
        Value::LightUserData(_) => "a body",
        other => other.type_name(),
    }
}

/// The error a scene author sees where a string was wanted:
/// "plot: name must be a string, got number".
pub fn not_a_string(lua: &Lua, what: &str, got: &Value) -> mlua::Error {
    scene_err(
        lua,
        format!("{what} must be a string, got {}", type_name(got)),
    )
}

/// A string argument of an API function, or `not_a_string`'s error.
pub fn string_arg(lua: &Lua, what: &str, v: Value) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_str()?.to_string()),
        other => Err(not_a_string(lua, what, &other)),
    }
}

/// The inside of an example call for "expected a table of options like
/// ...": `x = 0, y = 0, ...` for the shapes, the first option for the rest
/// (`hinge(a)` was shown `hinge { x = 0, y = 0, ... }`, and a hinge has no x).
fn example(allowed: &[&str]) -> String {
    match allowed.first() {
        Some(first) if !allowed.contains(&"x") => format!("{first} = ..., ..."),
        _ => "x = 0, y = 0, ...".to_string(),
    }
}

impl<'a> Opts<'a> {
    /// Check that `value` is a table whose keys are all in `allowed`.
    pub fn new(
        lua: &'a Lua,
        what: &'a str,
        value: Value,
        allowed: &[&str],
    ) -> mlua::Result<Opts<'a>> {
        let table = match value {
            Value::Table(t) => t,
            other => {
                return Err(scene_err(
                    lua,
                    format!(
                        "{what}: expected a table of options like {what} {{ {} }}, got {}",
                        example(allowed),
                        type_name(&other)
                    ),
                ))
            }
        };
        for pair in table.pairs::<Value, Value>() {
            let (k, _) = pair?;
            let key = match &k {
                Value::String(s) => s.to_str()?.to_string(),
                other => {
                    return Err(scene_err(
                        lua,
                        format!(
                            "{what}: options must be named (key = value), got a {} key",
                            type_name(other)
                        ),
                    ))
                }
            };
            if !allowed.contains(&key.as_str()) {
                let hint = unknown_option_hint(&key, allowed);
                return Err(scene_err(
                    lua,
                    format!("{what}: unknown option '{key}'{hint}"),
                ));
            }
        }
        Ok(Opts { lua, what, table })
    }

    pub fn lua(&self) -> &'a Lua {
        self.lua
    }

    pub fn what(&self) -> &'a str {
        self.what
    }

    /// The raw value of an option (nil when absent).
    pub fn raw(&self, key: &str) -> mlua::Result<Value> {
        self.get(key)
    }

    pub fn err(&self, msg: impl std::fmt::Display) -> mlua::Error {
        scene_err(self.lua, format!("{}: {msg}", self.what))
    }

    fn get(&self, key: &str) -> mlua::Result<Value> {
        self.table.raw_get(key)
    }

    pub fn has(&self, key: &str) -> mlua::Result<bool> {
        Ok(!self.get(key)?.is_nil())
    }

    pub fn num(&self, key: &str) -> mlua::Result<Option<f64>> {
        let v = self.get(key)?;
        let n = match v {
            Value::Nil => return Ok(None),
            Value::Integer(i) => i as f64,
            Value::Number(n) => n,
            other => {
                return Err(self.err(format!(
                    "'{key}' must be a number, got {}",
                    type_name(&other)
                )))
            }
        };
        if !n.is_finite() {
            return Err(self.err(format!("'{key}' must be a finite number, got {n}")));
        }
        // Zero and below: the callers' own checks (positive, not negative) say
        // it in their words.
        if n > 0.0 || super::ranges::range_of(key).is_some_and(|(lo, _)| lo < 0.0) {
            if let Some(m) = super::ranges::out_of_range(&format!("'{key}'"), key, n) {
                return Err(self.err(m));
            }
        }
        Ok(Some(n))
    }

    pub fn num_or(&self, key: &str, default: f64) -> mlua::Result<f64> {
        Ok(self.num(key)?.unwrap_or(default))
    }

    /// A required size: finite and > 0.
    pub fn positive(&self, key: &str) -> mlua::Result<f64> {
        match self.num(key)? {
            None => Err(self.err(format!("'{key}' is required (a positive number)"))),
            Some(n) if n > 0.0 => Ok(n),
            Some(n) => Err(self.err(format!("'{key}' must be a positive number, got {n}"))),
        }
    }

    pub fn non_negative_or(&self, key: &str, default: f64) -> mlua::Result<f64> {
        match self.num(key)? {
            None => Ok(default),
            Some(n) if n >= 0.0 => Ok(n),
            Some(n) => Err(self.err(format!("'{key}' must not be negative, got {n}"))),
        }
    }

    pub fn positive_opt(&self, key: &str) -> mlua::Result<Option<f64>> {
        match self.num(key)? {
            None => Ok(None),
            Some(n) if n > 0.0 => Ok(Some(n)),
            Some(n) => Err(self.err(format!("'{key}' must be a positive number, got {n}"))),
        }
    }

    pub fn boolean_or(&self, key: &str, default: bool) -> mlua::Result<bool> {
        match self.get(key)? {
            Value::Nil => Ok(default),
            Value::Boolean(b) => Ok(b),
            other => Err(self.err(format!(
                "'{key}' must be true or false, got {}",
                type_name(&other)
            ))),
        }
    }

    pub fn integer_or(&self, key: &str, default: i64) -> mlua::Result<i64> {
        match self.get(key)? {
            Value::Nil => Ok(default),
            Value::Integer(i) => Ok(i),
            Value::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Ok(n as i64),
            other => Err(self.err(format!(
                "'{key}' must be a whole number, got {}",
                show(&other)
            ))),
        }
    }

    pub fn string(&self, key: &str) -> mlua::Result<Option<String>> {
        match self.get(key)? {
            Value::Nil => Ok(None),
            Value::String(s) => Ok(Some(s.to_str()?.to_string())),
            other => Err(not_a_string(
                self.lua,
                &format!("{}: '{key}'", self.what),
                &other,
            )),
        }
    }

    pub fn table(&self, key: &str) -> mlua::Result<Option<Table>> {
        match self.get(key)? {
            Value::Nil => Ok(None),
            Value::Table(t) => Ok(Some(t)),
            other => Err(self.err(format!(
                "'{key}' must be a table, got {}",
                type_name(&other)
            ))),
        }
    }

    /// An array of points `{{x, y}, ...}`.
    pub fn points(&self, key: &str) -> mlua::Result<Option<Vec<Vec2>>> {
        let Some(t) = self.table(key)? else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for (i, v) in t.sequence_values::<Value>().enumerate() {
            let v = v?;
            out.push(point_from(&v).map_err(|m| self.err(format!("'{key}'[{}] {m}", i + 1)))?);
        }
        Ok(Some(out))
    }
}

/// A value in a message: a number as itself (`NaN`, `inf`), else its type.
pub fn show(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => type_name(other).to_string(),
    }
}

/// `{x, y}` → a finite point, or what is wrong with it.
pub fn point_from(v: &Value) -> Result<Vec2, String> {
    pair_from(v, "a point {x, y}")
}

/// Two numbers `{a, b}` (`what`: how the message names them, "a point
/// {x, y}" or "{speed, max_torque}"), each finite and within the
/// coordinates' range.
pub fn pair_from(v: &Value, what: &str) -> Result<Vec2, String> {
    let Value::Table(t) = v else {
        return Err(format!("must be {what}, got {}", type_name(v)));
    };
    // A third number is a typo (or a 3D point), not something to drop.
    let len = t.raw_len();
    if len > 2 {
        return Err(format!("must be {what}, got {len} numbers"));
    }
    let mut xy = [0.0; 2];
    for (i, c) in xy.iter_mut().enumerate() {
        *c = match t.raw_get::<Value>(i + 1).map_err(|e| e.to_string())? {
            Value::Integer(n) => n as f64,
            Value::Number(n) if n.is_finite() => n,
            other => {
                return Err(format!(
                    "must be {what} of finite numbers, got {} at position {}",
                    show(&other),
                    i + 1
                ))
            }
        };
    }
    let bound = super::ranges::COORDINATE;
    if xy.iter().any(|c| c.abs() > bound) {
        return Err(format!(
            "must be {what} with {} from -{bound:e} to {bound:e}, got {{{:e}, {:e}}}",
            if what.starts_with("a point") {
                "coordinates"
            } else {
                "each number"
            },
            xy[0],
            xy[1]
        ));
    }
    Ok(Vec2::new(xy[0], xy[1]))
}

/// What follows "unknown option 'widht'": ` — did you mean 'w'?`, or the
/// options there are when none is close. The constructors and `physbox
/// edit` say the same.
pub fn unknown_option_hint(key: &str, allowed: &[&str]) -> String {
    suggest(key, allowed)
        .map(|s| format!(" — did you mean '{s}'?"))
        .unwrap_or_else(|| format!(" (options: {})", allowed.join(", ")))
}

/// `{owner} has no field '{name}'`, with the closest of `names` suggested
/// (`Body has no field 'apply_forc' — did you mean 'apply_force'?`).
pub fn no_field(lua: &Lua, owner: &str, name: &str, names: &[&str]) -> mlua::Error {
    let hint = suggest(name, names)
        .map(|s| format!(" — did you mean '{s}'?"))
        .unwrap_or_default();
    scene_err(lua, format!("{owner} has no field '{name}'{hint}"))
}

/// The closest known name to a misspelt one, if any is close enough.
pub fn suggest(key: &str, allowed: &[&str]) -> Option<String> {
    let lower = key.to_ascii_lowercase();
    let mut best: Option<(usize, String)> = None;
    let mut consider = |candidate: &str, target: &str| {
        let d = distance(&lower, candidate);
        let limit = (candidate.len().max(lower.len()) / 3).max(1);
        if d <= limit && best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            best = Some((d, target.to_string()));
        }
    };
    for a in allowed {
        consider(a, a);
    }
    for (alias, target) in ALIASES {
        if allowed.contains(target) {
            consider(alias, target);
        }
    }
    best.map(|(_, s)| s)
}

/// Edit distance counting an adjacent swap as one edit.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misspellings_find_their_option() {
        let allowed = ["x", "y", "w", "h", "angle", "friction", "restitution"];
        assert_eq!(suggest("widht", &allowed).as_deref(), Some("w"));
        assert_eq!(suggest("frction", &allowed).as_deref(), Some("friction"));
        assert_eq!(
            suggest("restitutoin", &allowed).as_deref(),
            Some("restitution")
        );
        assert_eq!(suggest("zzzzzz", &allowed), None);
    }
}

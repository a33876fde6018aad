//! Text edits on a scene's source: replace the literal of one named field
//! of one constructor call (or insert the field), and append constructor
//! lines in a block at the end. Only the bytes of the changed value change;
//! the result must parse as Lua 5.4 or nothing is returned. Pure text: the
//! files are read and written in `file_io.rs`.

use crate::script::calls::{calls, parse, CallSite, Literal, NamedField};
use std::ops::Range;

/// Why an edit was refused. `line` is where in the file.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// The field's value is an expression, a variable or a call.
    Computed { key: String, line: usize },
    /// Anything else (no call at the line, two on it, a parse error).
    Other {
        line: Option<usize>,
        message: String,
    },
}

impl Refusal {
    fn at(line: usize, message: impl Into<String>) -> Refusal {
        Refusal::Other {
            line: Some(line),
            message: message.into(),
        }
    }

    /// The message for the command line: `FILE:LINE: ...`.
    pub fn message(&self, file: &str) -> String {
        match self {
            Refusal::Computed { key, line } => {
                format!("{file}:{line}: {key} is computed — edit the file")
            }
            Refusal::Other {
                line: Some(l),
                message,
            } => format!("{file}:{l}: {message}"),
            Refusal::Other {
                line: None,
                message,
            } => format!("{file}: {message}"),
        }
    }

    /// The short form for a toast in the window.
    pub fn toast(&self, file: &str) -> String {
        match self {
            Refusal::Computed { key, line } => {
                format!("{key} is computed at {file}:{line} — edit the file")
            }
            other => other.message(file),
        }
    }
}

/// One changed field, for the report (`scenes/x.lua:6: x = -3.25 → 1.5`).
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub key: String,
    pub line: usize,
    /// The old value's text; `None` when the field was inserted.
    pub old: Option<String>,
    pub new: String,
}

impl Change {
    pub fn describe(&self, file: &str) -> String {
        match &self.old {
            Some(old) => format!("{file}:{}: {} = {old} → {}", self.line, self.key, self.new),
            None => format!(
                "{file}:{}: {} = {} (new field)",
                self.line, self.key, self.new
            ),
        }
    }
}

/// The one call of `name` that Lua's debug info places at `line` (the line
/// of the call's name or of its opening brace).
pub fn find_call(src: &str, name: &str, line: usize) -> Result<CallSite, Refusal> {
    let all = calls(src).map_err(|e| Refusal::Other {
        line: None,
        message: format!("does not parse: {e}"),
    })?;
    let mut here: Vec<CallSite> = all
        .into_iter()
        .filter(|c| c.name == name && c.start_line <= line && line <= c.open_line)
        .collect();
    match here.len() {
        0 => Err(Refusal::at(
            line,
            format!("no {name} {{...}} call found here"),
        )),
        1 => Ok(here.remove(0)),
        n => Err(Refusal::at(
            line,
            format!("{n} {name} calls on this line — cannot tell which; edit the file"),
        )),
    }
}

/// The literal value of `key` in the call of `name` at `line` (`None` when
/// the field is absent).
pub fn read_field(
    src: &str,
    name: &str,
    line: usize,
    key: &str,
) -> Result<Option<Literal>, Refusal> {
    let call = find_call(src, name, line)?;
    match only_field(&call, key)? {
        None => Ok(None),
        Some(f) => match &f.literal {
            Some(l) => Ok(Some(l.clone())),
            None => Err(Refusal::Computed {
                key: key.into(),
                line: f.line,
            }),
        },
    }
}

/// Set `key = value` (a Lua literal's text) in the call of `name` at
/// `line`: the old literal's bytes are replaced, or the field is added
/// after the last one. A computed value is refused.
pub fn set_field(
    src: &str,
    name: &str,
    line: usize,
    key: &str,
    value: &str,
) -> Result<(String, Change), Refusal> {
    let call = find_call(src, name, line)?;
    // (byte range to replace, text) pieces, in file order.
    let (pieces, change) = match only_field(&call, key)? {
        Some(f) if f.literal.is_none() => {
            return Err(Refusal::Computed {
                key: key.into(),
                line: f.line,
            })
        }
        Some(f) => (
            vec![(f.value.clone(), value.to_string())],
            Change {
                key: key.into(),
                line: f.line,
                old: Some(src[f.value.clone()].to_string()),
                new: value.into(),
            },
        ),
        None => {
            let pieces = insertion(src, &call, key, value);
            let at = pieces.last().map_or(0, |(r, _)| r.start);
            let line = line_at(src, at)
                + usize::from(
                    pieces
                        .last()
                        .is_some_and(|(_, t)| t.starts_with(['\n', '\r'])),
                );
            (
                pieces,
                Change {
                    key: key.into(),
                    line,
                    old: None,
                    new: value.into(),
                },
            )
        }
    };
    let mut out = src.to_string();
    for (range, text) in pieces.iter().rev() {
        out.replace_range(range.clone(), text);
    }
    parse(&out).map_err(|e| Refusal::at(line, format!("the edit would not parse: {e}")))?;
    Ok((out, change))
}

/// The field `key` of `call`, if it has one. A key given twice is refused:
/// Lua keeps the last, so editing the first changed nothing (and the edit
/// said it had).
fn only_field<'c>(call: &'c CallSite, key: &str) -> Result<Option<&'c NamedField>, Refusal> {
    let mut same = call.fields.iter().filter(|f| f.key == key);
    let first = same.next();
    if let Some(second) = same.next() {
        return Err(Refusal::at(
            second.line,
            format!("{key} is given twice in this call (Lua keeps the last) — edit the file"),
        ));
    }
    Ok(first)
}

/// What to insert for a new field `key = value`, as (empty range, text)
/// pieces in file order. In a table written one field per line the new
/// field gets a line of its own below the last one (after that line's
/// comment, which stays with its field). The table's own style is kept:
/// its separator (`,` or `;`), and a compact table (`x=1,y=2`, no space
/// after the separator or around `=`) gets a compact field.
fn insertion(src: &str, call: &CallSite, key: &str, value: &str) -> Vec<(Range<usize>, String)> {
    // `=` written without spaces in the table's first named field?
    let tight_eq = call.fields.first().is_some_and(|f| {
        let before = &src[..f.value.start];
        before.ends_with('=') && !before[..before.len() - 1].ends_with([' ', '\t'])
    });
    let field = if tight_eq {
        format!("{key}={value}")
    } else {
        format!("{key} = {value}")
    };
    let field = field.as_str();
    let (sep_char, tight_sep) = match &call.first_sep {
        Some(r) => (
            &src[r.clone()],
            !src[r.end..].starts_with([' ', '\t', '\r', '\n']),
        ),
        None => (",", false),
    };
    let gap = if tight_sep { "" } else { " " };
    let Some((end, sep)) = call.last_field.clone() else {
        // `box {}` / `box { }`: right after the brace.
        let inner = &src[call.table_open..call.table_close];
        let text = if inner.trim().is_empty() && !inner.is_empty() {
            format!(" {field}")
        } else {
            format!(" {field} ")
        };
        return vec![(call.table_open..call.table_open, text)];
    };
    let after = sep.as_ref().map_or(end, |s| s.end);
    let multiline = call.last_field_line.is_some_and(|l| l > call.open_line);
    let eol = src[after..].find('\n').map_or(src.len(), |i| after + i);
    // A file with CRLF line ends gets its new line ended the same way.
    let (eol, nl) = if src[..eol].ends_with('\r') {
        (eol - 1, "\r\n")
    } else {
        (eol, "\n")
    };
    let rest = src[after..eol].trim_start();
    let own_line = multiline
        && eol < call.table_close
        && (rest.is_empty() || (rest.starts_with("--") && !rest.starts_with("--[")));
    let at = |i: usize, t: String| (i..i, t);
    // (A trailing separator is the table's own: the new field ends with it.)
    let sep_char = sep.as_ref().map_or(sep_char, |r| &src[r.clone()]);
    match (sep.is_some(), own_line) {
        (true, true) => vec![at(
            eol,
            format!("{nl}{}{field}{sep_char}", indent_of(src, end)),
        )],
        (true, false) => vec![at(after, format!("{gap}{field}{sep_char}"))],
        (false, true) => vec![
            at(end, sep_char.into()),
            at(eol, format!("{nl}{}{field}", indent_of(src, end))),
        ],
        (false, false) => vec![at(end, format!("{sep_char}{gap}{field}"))],
    }
}

/// The leading spaces of the line holding byte `at`.
fn indent_of(src: &str, at: usize) -> String {
    let start = src[..at].rfind('\n').map_or(0, |i| i + 1);
    src[start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

fn line_at(src: &str, at: usize) -> usize {
    src[..at].matches('\n').count() + 1
}

/// The comment that opens the block of lines drawn in the window.
pub const ADDED_MARKER: &str = "-- added from the physbox window (edit mode) --";

/// `src` with `lines` appended in the block at its end (started if there is
/// none yet); refused if the result does not parse (a file that ends in a
/// `return`, for one).
pub fn append_lines(src: &str, lines: &[String]) -> Result<String, Refusal> {
    let mut out = src.to_string();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    let has_block = src.lines().any(|l| l.trim() == ADDED_MARKER);
    if !has_block {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(ADDED_MARKER);
        out.push('\n');
    }
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
    parse(&out).map_err(|e| Refusal::Other {
        line: None,
        message: format!("cannot append to the file: it would not parse ({e})"),
    })?;
    Ok(out)
}

/// A number as a short Lua literal: at most `decimals` places, no trailing
/// zeros, never `-0`.
pub fn number(v: f64, decimals: u32) -> String {
    let scale = 10f64.powi(decimals as i32);
    let r = (v * scale).round() / scale;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.*}", decimals as usize);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

/// A string as a Lua literal.
pub fn string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the value's bytes differ between `before` and `after`.
    fn only_changed(before: &str, after: &str, old: &str, new: &str) {
        let at = before.find(old).unwrap();
        let expect = format!("{}{new}{}", &before[..at], &before[at + old.len()..]);
        assert_eq!(after, expect);
    }

    #[test]
    fn a_literal_is_replaced_in_place() {
        let src = "-- crate\nbox{x=-3.25,y = 2 --[[ up ]] ,   w=1,h=1,}  -- trailing\n";
        let (out, ch) = set_field(src, "box", 2, "x", "1.5").unwrap();
        only_changed(src, &out, "-3.25", "1.5");
        assert_eq!(ch.describe("s.lua"), "s.lua:2: x = -3.25 → 1.5");
        let (out, _) = set_field(&out, "box", 2, "y", "7").unwrap();
        assert!(out.contains("y = 7 --[[ up ]] ,"), "{out}");
    }

    #[test]
    fn a_new_field_follows_the_tables_separator_and_spacing() {
        let src = "circle{x=3.125,y=2,r=0.5,name=\"bouncy\"}\n";
        let (out, _) = set_field(src, "circle", 1, "friction", "0.1").unwrap();
        assert_eq!(
            out,
            "circle{x=3.125,y=2,r=0.5,name=\"bouncy\",friction=0.1}\n"
        );
        let src = "box { x=1;y=9.5;w=1;h=1 }\n";
        let (out, _) = set_field(src, "box", 1, "restitution", "0.5").unwrap();
        assert_eq!(out, "box { x=1;y=9.5;w=1;h=1;restitution=0.5 }\n");
        let src = "box { x = 1; y = 2; }\n";
        let (out, _) = set_field(src, "box", 1, "w", "3").unwrap();
        assert_eq!(out, "box { x = 1; y = 2; w = 3; }\n");
        let src = "box {\n  x = 1;\n  y = 2\n}\n";
        let (out, _) = set_field(src, "box", 1, "w", "3").unwrap();
        assert_eq!(out, "box {\n  x = 1;\n  y = 2;\n  w = 3\n}\n");
        // The usual style is kept as it was.
        let src = "box { x = 1, y = 2 }\n";
        let (out, _) = set_field(src, "box", 1, "w", "3").unwrap();
        assert_eq!(out, "box { x = 1, y = 2, w = 3 }\n");
    }

    #[test]
    fn parenthesised_calls_and_strings() {
        let src = "local c = circle({ r = 0.5, color = 'red' })\n";
        let (out, _) = set_field(src, "circle", 1, "color", &string("blue")).unwrap();
        assert_eq!(out, "local c = circle({ r = 0.5, color = \"blue\" })\n");
    }

    #[test]
    fn a_crlf_file_gets_its_new_line_ended_with_crlf() {
        let src = "box {\r\n  x = 1,\r\n  w = 1,\r\n  h = 1,\r\n  name = \"crate\"\r\n}\r\n";
        let (out, ch) = set_field(src, "box", 1, "angle", "0.5").unwrap();
        assert_eq!(
            out,
            "box {\r\n  x = 1,\r\n  w = 1,\r\n  h = 1,\r\n  name = \"crate\",\r\n  angle = 0.5\r\n}\r\n"
        );
        assert_eq!(ch.line, 6);
    }

    #[test]
    fn a_key_given_twice_is_refused_where_it_repeats() {
        let src = "box { x = 8, y = 1, w = 1, h = 1,\n  name = 'dupkey', x = 9 }\n";
        let e = set_field(src, "box", 1, "x", "1").unwrap_err();
        assert_eq!(
            e.message("dup.lua"),
            "dup.lua:2: x is given twice in this call (Lua keeps the last) — edit the file"
        );
        assert!(read_field(src, "box", 1, "x").is_err());
        assert!(set_field(src, "box", 1, "y", "2").is_ok());
    }

    #[test]
    fn absent_fields_are_inserted() {
        let (out, ch) = set_field("box { w = 1, h = 1 }\n", "box", 1, "x", "2").unwrap();
        assert_eq!(out, "box { w = 1, h = 1, x = 2 }\n");
        assert_eq!(ch.old, None);
        let (out, _) = set_field("box { w = 1, h = 1, }\n", "box", 1, "x", "2").unwrap();
        assert_eq!(out, "box { w = 1, h = 1, x = 2, }\n");
        let (out, _) = set_field("box {}\n", "box", 1, "w", "2").unwrap();
        assert_eq!(out, "box { w = 2 }\n");
        let multi = "box {\n    w = 1,\n    h = 1, -- tall\n}\n";
        let (out, ch) = set_field(multi, "box", 1, "x", "2").unwrap();
        assert_eq!(
            out,
            "box {\n    w = 1,\n    h = 1, -- tall\n    x = 2,\n}\n"
        );
        assert_eq!(ch.line, 4);
        let bare = "box {\n  w = 1,\n  h = 1 -- tall\n}\n";
        let (out, _) = set_field(bare, "box", 1, "x", "2").unwrap();
        assert_eq!(out, "box {\n  w = 1,\n  h = 1, -- tall\n  x = 2\n}\n");
    }

    #[test]
    fn computed_values_are_refused() {
        let src = "for i = 1, 3 do\n  box { x = i * 2, y = 1, w = 1, h = 1 }\nend\n";
        let e = set_field(src, "box", 2, "x", "1").unwrap_err();
        assert_eq!(e.toast("s.lua"), "x is computed at s.lua:2 — edit the file");
        assert!(set_field(src, "box", 2, "y", "3").is_ok());
        let e = set_field("box { x = 1 } box { x = 2 }", "box", 1, "x", "3").unwrap_err();
        assert!(e.message("s.lua").contains("2 box calls"), "{e:?}");
    }

    #[test]
    fn a_multi_line_call_is_found_from_either_line() {
        let src = "local b =\n  box\n  {\n    x = 1,\n  }\n";
        assert!(find_call(src, "box", 2).is_ok());
        assert!(find_call(src, "box", 3).is_ok());
        assert!(find_call(src, "box", 4).is_err());
    }

    #[test]
    fn appended_lines_go_in_one_block() {
        let a = append_lines("box { w = 1, h = 1 }", &["circle { r = 1 }".into()]).unwrap();
        assert_eq!(
            a,
            format!("box {{ w = 1, h = 1 }}\n\n{ADDED_MARKER}\ncircle {{ r = 1 }}\n")
        );
        let b = append_lines(&a, &["box { w = 2, h = 2 }".into()]).unwrap();
        assert_eq!(b.matches(ADDED_MARKER).count(), 1);
        assert!(b.ends_with("circle { r = 1 }\nbox { w = 2, h = 2 }\n"));
        assert!(append_lines("return 1\n", &["box { w = 1, h = 1 }".into()]).is_err());
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(1.23456, 2), "1.23");
        assert_eq!(number(2.0, 2), "2");
        assert_eq!(number(-0.001, 2), "0");
        assert_eq!(number(-1.5, 3), "-1.5");
    }
}

//! Calls in Lua source, found with full_moon (a lossless Lua 5.4 parser):
//! constructor calls `box { x = 1 }` or `box({ x = 1 })` with the byte span
//! of every named field's value (so the edit room, `app/edit/`, replaces
//! exactly those bytes and leaves every space and comment as it was), and
//! where each call starts (Lua's debug info gives the line of its `{` or
//! `(`; `origin.rs` wants the line of its name). Pure text in, positions
//! out: no files here.

use full_moon::ast::{Call, Expression, Field, FunctionArgs, Prefix, Suffix, TableConstructor};
use full_moon::node::Node;
use full_moon::tokenizer::{Symbol, TokenType};
use full_moon::visitors::Visitor;
use full_moon::LuaVersion;
use std::ops::Range;

/// A constant written in the source: what an edit may replace.
#[derive(Clone, Debug, PartialEq)]
pub enum Literal {
    Number(f64),
    Str(String),
    Bool(bool),
}

/// `key = value` in the call's table.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedField {
    pub key: String,
    /// The value's bytes (no surrounding spaces or comments).
    pub value: Range<usize>,
    /// Line of the value (1-based).
    pub line: usize,
    /// The value when it is a constant (`3`, `-2.5`, `"red"`, `true`), else
    /// `None`: an expression, a variable, a call.
    pub literal: Option<Literal>,
}

/// One call `name { ... }` / `name({ ... })` with a table argument.
#[derive(Clone, Debug, PartialEq)]
pub struct CallSite {
    pub name: String,
    /// Line where the call starts (its name).
    pub start_line: usize,
    /// Line of the `{` (or `(`): Lua's debug info reports one of the two.
    pub open_line: usize,
    pub fields: Vec<NamedField>,
    /// Byte just after `{`.
    pub table_open: usize,
    /// Byte of `}`.
    pub table_close: usize,
    /// End byte of the last field (any kind) and its separator, if any.
    pub last_field: Option<(usize, Option<Range<usize>>)>,
    /// Line of the last field's start (multi-line tables get new fields on
    /// a line of their own).
    pub last_field_line: Option<usize>,
    /// The first separator between fields (`,` or `;`), if any: a new
    /// field follows the table's own style.
    pub first_sep: Option<Range<usize>>,
}

impl CallSite {
    pub fn field(&self, key: &str) -> Option<&NamedField> {
        self.fields.iter().find(|f| f.key == key)
    }
}

/// Parse `src` as Lua 5.4, as the scene loader reads it (a byte order
/// mark or a `#!` first line is blanked, so spans stay `src`'s byte
/// offsets); the parser's first error as `line: message`.
pub fn parse(src: &str) -> Result<full_moon::ast::Ast, String> {
    let text = super::source::with_prelude_blanked(src);
    full_moon::parse_fallible(&text, LuaVersion::lua54())
        .into_result()
        .map_err(|errors| {
            let e = &errors[0];
            format!("{}: {}", e.range().0.line(), e.error_message())
        })
}

/// Every call of a plain global name with one table argument, in source
/// order (nested calls included: `spring { a = box {...} }` gives both).
pub fn calls(src: &str) -> Result<Vec<CallSite>, String> {
    let ast = parse(src)?;
    let mut v = Collect::default();
    v.visit_ast(&ast);
    v.sites.sort_by_key(|c| c.table_open);
    Ok(v.sites)
}

/// For every call `name ... (args)` whose arguments open on a later line
/// than its name: (line of the `{` or `(`, line of the name).
pub fn late_openings(src: &str) -> Result<Vec<(usize, usize)>, String> {
    let ast = parse(src)?;
    let mut v = Collect::default();
    v.visit_ast(&ast);
    Ok(v.openings)
}

#[derive(Default)]
struct Collect {
    sites: Vec<CallSite>,
    openings: Vec<(usize, usize)>,
}

impl Visitor for Collect {
    fn visit_function_call(&mut self, node: &full_moon::ast::FunctionCall) {
        if let Some((start, open)) = call_lines(node) {
            if open > start {
                self.openings.push((open, start));
            }
        }
        if let Some(site) = call_site(node) {
            self.sites.push(site);
        }
    }
}

/// (line of the name, line of the arguments' opening) of `name(...)`.
fn call_lines(node: &full_moon::ast::FunctionCall) -> Option<(usize, usize)> {
    let Prefix::Name(name) = node.prefix() else {
        return None;
    };
    let Some(Suffix::Call(Call::AnonymousCall(args))) = node.suffixes().next() else {
        return None;
    };
    let open = match args.as_ref() {
        FunctionArgs::TableConstructor(t) => line_of(t.braces().tokens().0)?,
        FunctionArgs::Parentheses { parentheses, .. } => line_of(parentheses.tokens().0)?,
        other => line_of(other)?,
    };
    Some((line_of(name)?, open))
}

fn call_site(node: &full_moon::ast::FunctionCall) -> Option<CallSite> {
    let Prefix::Name(name) = node.prefix() else {
        return None;
    };
    let TokenType::Identifier { identifier } = name.token_type() else {
        return None;
    };
    // The first suffix is the constructor's own call; what follows works
    // on the body it made (`box { ... }:add_circle { ... }`).
    let Some(Suffix::Call(Call::AnonymousCall(args))) = node.suffixes().next() else {
        return None;
    };
    let (table, open_line) = match args.as_ref() {
        FunctionArgs::TableConstructor(t) => (t.as_ref(), line_of(t.braces().tokens().0)?),
        FunctionArgs::Parentheses {
            parentheses,
            arguments,
        } => {
            let mut it = arguments.iter();
            let (Some(Expression::TableConstructor(t)), None) = (it.next(), it.next()) else {
                return None;
            };
            (t.as_ref(), line_of(parentheses.tokens().0)?)
        }
        FunctionArgs::String(_) => return None,
        #[allow(unreachable_patterns)]
        _ => return None,
    };
    let start_line = line_of(name)?;
    table_site(identifier.to_string(), start_line, open_line, table)
}

/// The key and value of `key = value`, or of `["key"] = value` when the
/// string is a plain name (the same field to Lua).
fn named_field(field: &Field) -> Option<(String, &Expression)> {
    match field {
        Field::NameKey { key, value, .. } => match key.token_type() {
            TokenType::Identifier { identifier } => Some((identifier.to_string(), value)),
            _ => None,
        },
        Field::ExpressionKey { key, value, .. } => match key.as_ref() {
            Expression::String(t) => match t.token_type() {
                TokenType::StringLiteral { literal, .. } if is_plain_name(literal) => {
                    Some((literal.to_string(), value.as_ref()))
                }
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// A Lua name: letters, digits and underscores, not starting with a digit
/// (escapes and other characters make a different key, left alone).
fn is_plain_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn line_of(n: &impl Node) -> Option<usize> {
    Some(n.start_position()?.line())
}

fn table_site(
    name: String,
    start_line: usize,
    open_line: usize,
    t: &TableConstructor,
) -> Option<CallSite> {
    let (open, close) = t.braces().tokens();
    let mut fields = Vec::new();
    let mut last_field = None;
    let mut last_field_line = None;
    let mut first_sep = None;
    for pair in t.fields().pairs() {
        let field = pair.value();
        let end = field.end_position()?.bytes();
        let sep = pair
            .punctuation()
            .and_then(|p| Some(p.start_position()?.bytes()..p.end_position()?.bytes()));
        if first_sep.is_none() {
            first_sep = sep.clone();
        }
        last_field = Some((end, sep));
        last_field_line = Some(field.start_position()?.line());
        if let Some((key, value)) = named_field(field) {
            let (s, e) = value.range()?;
            fields.push(NamedField {
                key,
                value: s.bytes()..e.bytes(),
                line: s.line(),
                literal: literal(value),
            });
        }
    }
    Some(CallSite {
        name,
        start_line,
        open_line,
        fields,
        table_open: open.end_position()?.bytes(),
        table_close: close.start_position()?.bytes(),
        last_field,
        last_field_line,
        first_sep,
    })
}

/// A constant expression's value: numbers (also negative), strings and
/// booleans. Anything else (`nil` included) is computed.
fn literal(e: &Expression) -> Option<Literal> {
    match e {
        Expression::Number(t) => number(t.token_type()).map(Literal::Number),
        Expression::UnaryOperator { unop, expression } => match (unop, expression.as_ref()) {
            (full_moon::ast::UnOp::Minus(_), Expression::Number(t)) => {
                number(t.token_type()).map(|n| Literal::Number(-n))
            }
            _ => None,
        },
        Expression::String(t) => match t.token_type() {
            TokenType::StringLiteral { literal, .. } => Some(Literal::Str(literal.to_string())),
            _ => None,
        },
        Expression::Symbol(t) => match t.token_type() {
            TokenType::Symbol {
                symbol: Symbol::True,
            } => Some(Literal::Bool(true)),
            TokenType::Symbol {
                symbol: Symbol::False,
            } => Some(Literal::Bool(false)),
            _ => None,
        },
        _ => None,
    }
}

/// A Lua numeral's value (decimal, exponent or hex integer).
fn number(t: &TokenType) -> Option<f64> {
    let TokenType::Number { text } = t else {
        return None;
    };
    lua_number(text.as_str())
}

/// The value of a Lua 5.4 numeral (no sign): decimal (`3`, `2.5`, `.5`,
/// `1e-3`) or hexadecimal (`0x10`, `0xA.8p1`; a hex integer wraps around
/// 2^64 as Lua's does). None for anything else (`inf`, `+1`, `1_000`).
pub fn lua_number(s: &str) -> Option<f64> {
    let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) else {
        let decimal = s.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && s.chars().all(|c| c.is_ascii_digit() || ".eE+-".contains(c));
        return s.parse::<f64>().ok().filter(|_| decimal);
    };
    let (mantissa, exponent) = match hex.find(['p', 'P']) {
        Some(i) => (&hex[..i], Some(&hex[i + 1..])),
        None => (hex, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let hex_digits = |t: &str| t.chars().all(|c| c.is_ascii_hexdigit());
    if int.len() + frac.map_or(0, str::len) == 0 || !hex_digits(int) || !frac.is_none_or(hex_digits)
    {
        return None;
    }
    if frac.is_none() && exponent.is_none() {
        // An integer: wraps around like Lua's.
        let v = int.chars().fold(0u64, |v, c| {
            v.wrapping_mul(16)
                .wrapping_add(c.to_digit(16).unwrap_or(0) as u64)
        });
        return Some(v as i64 as f64);
    }
    let mut v = 0.0f64;
    for c in int.chars() {
        v = v * 16.0 + c.to_digit(16).unwrap_or(0) as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac.unwrap_or("").chars() {
        v += c.to_digit(16).unwrap_or(0) as f64 * scale;
        scale /= 16.0;
    }
    let e = match exponent {
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            e.parse::<i32>().ok()?
        }
        None => 0,
    };
    Some(v * 2f64.powi(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lua_numerals_decimal_and_hex() {
        for (s, v) in [
            ("3", 3.0),
            ("2.5", 2.5),
            (".5", 0.5),
            ("1e-3", 1e-3),
            ("0x10", 16.0),
            ("0XfF", 255.0),
            ("0xA.8p1", 21.0),
            ("0x.8", 0.5),
            ("0x1p-2", 0.25),
            ("0xffffffffffffffff", -1.0),
        ] {
            assert_eq!(lua_number(s), Some(v), "{s}");
        }
        for s in ["inf", "nan", "+1", "0x", "0xg", "0x1p", "1_0", "-1", ""] {
            assert_eq!(lua_number(s), None, "{s}");
        }
    }

    #[test]
    fn both_call_styles_and_their_spans() {
        let src = "box { x = -3.25, y = 2, name = \"a\" }\nlocal c = circle({ r = 0.5, x = math.rad(3) })\n";
        let c = calls(src).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].name, "box");
        let x = c[0].field("x").unwrap();
        assert_eq!(&src[x.value.clone()], "-3.25");
        assert_eq!(x.literal, Some(Literal::Number(-3.25)));
        assert_eq!(
            c[0].field("name").unwrap().literal,
            Some(Literal::Str("a".into()))
        );
        assert_eq!(c[1].name, "circle");
        assert_eq!(c[1].start_line, 2);
        let r = c[1].field("r").unwrap();
        assert_eq!(&src[r.value.clone()], "0.5");
        // A call is no literal: it is computed.
        assert_eq!(c[1].field("x").unwrap().literal, None);
    }

    #[test]
    fn a_chained_constructor_and_bracketed_keys_are_found() {
        // A shape added on the constructor's result, and `["x"] = …` (the
        // same field to Lua); a key with an escape is another key.
        let src = "local b = box { x = -4, name = \"c\" }:add_circle { x = 0.5, r = 0.2 }\nbox { [ \"x\" ] = 7, [\"y\\65\"] = 1 }\n";
        let c = calls(src).unwrap();
        assert_eq!(c.len(), 2, "the method call is not a constructor");
        assert_eq!(c[0].name, "box");
        assert_eq!(
            c[0].field("x").unwrap().literal,
            Some(Literal::Number(-4.0))
        );
        let x = c[1].field("x").unwrap();
        assert_eq!(&src[x.value.clone()], "7");
        assert!(c[1].field("y").is_none() && c[1].field("y\\65").is_none());
    }

    #[test]
    fn a_call_over_several_lines_starts_at_its_name() {
        let src = "-- [[ not a string ]]\nlocal s = [[\nbox { x = 1 }\n]]\nbox\n{\n  x = 1, -- one\n  y = 0x10,\n}\n";
        let c = calls(src).unwrap();
        assert_eq!(c.len(), 1, "the box inside a long string is text");
        assert_eq!((c[0].start_line, c[0].open_line), (5, 6));
        assert_eq!(
            c[0].field("y").unwrap().literal,
            Some(Literal::Number(16.0))
        );
        assert_eq!(c[0].field("x").unwrap().line, 7);
        assert_eq!(late_openings(src).unwrap(), vec![(6, 5)]);
    }

    #[test]
    fn lua_5_4_syntax_parses_and_errors_name_the_line() {
        assert!(calls("local x <const> = 7 // 2 | 1\ngoto done\n::done::\n").is_ok());
        let e = calls("box { x = 1\n\nbox { }").unwrap_err();
        assert!(e.starts_with("3:"), "{e}");
    }
}

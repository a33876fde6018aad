//! A Lua file's text as Lua's own file loader reads it: without a UTF-8
//! byte order mark (editors on Windows often write one) and with a first
//! line starting with `#` (`#!/usr/bin/env lua`) left out, as the
//! standalone interpreter does. Line numbers stay: the `#` line becomes an
//! empty one. Scenes that ran in `lua` failed here with "unexpected symbol"
//! at line 1. The write-back edits parse the same text with those bytes
//! blanked, so files that run can be edited (and keep their BOM).
//!
//! Bytes, not a `str`: `lua` reads any bytes in comments and strings (a
//! Latin-1 `-- café`), and a scene read as UTF-8 text was refused for one.

use std::borrow::Cow;

pub fn as_lua_reads(src: &[u8]) -> Cow<'_, [u8]> {
    let text = src.strip_prefix("\u{feff}".as_bytes()).unwrap_or(src);
    if text.starts_with(b"#") {
        let rest = text
            .iter()
            .position(|&b| b == b'\n')
            .map_or(&b""[..], |i| &text[i..]);
        return Cow::Owned(rest.to_vec());
    }
    Cow::Borrowed(text)
}

/// The same text for a parser whose byte offsets must stay the file's (the
/// write-back edits splice the file at them): the byte order mark and a `#`
/// first line become spaces of the same length instead of being left out.
pub fn with_prelude_blanked(src: &str) -> Cow<'_, str> {
    let bom = if src.starts_with('\u{feff}') { 3 } else { 0 };
    let hash = if src[bom..].starts_with('#') {
        src[bom..].find('\n').unwrap_or(src.len() - bom)
    } else {
        0
    };
    if bom + hash == 0 {
        return Cow::Borrowed(src);
    }
    Cow::Owned(format!("{}{}", " ".repeat(bom + hash), &src[bom + hash..]))
}

#[cfg(test)]
mod tests {
    use super::{as_lua_reads, with_prelude_blanked};

    #[test]
    fn blanking_the_prelude_keeps_every_byte_offset() {
        assert_eq!(with_prelude_blanked("x = 1\n"), "x = 1\n");
        assert_eq!(with_prelude_blanked("\u{feff}x = 1"), "   x = 1");
        assert_eq!(with_prelude_blanked("#!é lua\nx = 1"), "        \nx = 1");
        assert_eq!(with_prelude_blanked("\u{feff}#!x"), "      ");
        for s in ["\u{feff}#!é\r\ny", "#", "\u{feff}"] {
            assert_eq!(with_prelude_blanked(s).len(), s.len(), "{s:?}");
        }
    }

    #[test]
    fn a_bom_and_a_hash_line_are_left_out_and_lines_keep_their_numbers() {
        let reads = |s: &str| String::from_utf8(as_lua_reads(s.as_bytes()).into_owned()).unwrap();
        assert_eq!(reads("\u{feff}print(1)\n"), "print(1)\n");
        assert_eq!(reads("#!/usr/bin/env lua\nprint(1)\n"), "\nprint(1)\n");
        assert_eq!(reads("\u{feff}#!x\ny = 2"), "\ny = 2");
        assert_eq!(reads("-- #\nx = 1"), "-- #\nx = 1");
        assert_eq!(reads("#"), "");
        // Bytes that are not UTF-8 pass through as they are.
        assert_eq!(&*as_lua_reads(b"#!\xe9\n-- caf\xe9"), b"\n-- caf\xe9");
    }
}

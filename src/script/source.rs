//! A Lua file's text as Lua's own file loader reads it: without a UTF-8
//! byte order mark (editors on Windows often write one) and with a first
//! line starting with `#` (`#!/usr/bin/env lua`) left out, as the
//! standalone interpreter does. Line numbers stay: the `#` line becomes an
//! empty one. Scenes that ran in `lua` failed here with "unexpected symbol"
//! at line 1.

use std::borrow::Cow;

pub fn as_lua_reads(src: &str) -> Cow<'_, str> {
    let text = src.strip_prefix('\u{feff}').unwrap_or(src);
    if text.starts_with('#') {
        let rest = text.find('\n').map_or("", |i| &text[i..]);
        return Cow::Owned(rest.to_string());
    }
    Cow::Borrowed(text)
}

#[cfg(test)]
mod tests {
    use super::as_lua_reads;

    #[test]
    fn a_bom_and_a_hash_line_are_left_out_and_lines_keep_their_numbers() {
        assert_eq!(as_lua_reads("\u{feff}print(1)\n"), "print(1)\n");
        assert_eq!(
            as_lua_reads("#!/usr/bin/env lua\nprint(1)\n"),
            "\nprint(1)\n"
        );
        assert_eq!(as_lua_reads("\u{feff}#!x\ny = 2"), "\ny = 2");
        assert_eq!(as_lua_reads("-- #\nx = 1"), "-- #\nx = 1");
        assert_eq!(as_lua_reads("#"), "");
    }
}

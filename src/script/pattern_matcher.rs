//! The matcher behind `string.find`, `match`, `gmatch` and `gsub`
//! (`patterns.rs`): Lua 5.4's pattern semantics (reference manual §6.4.1)
//! with Lua's own error messages, counting its steps and asking the scene's
//! clock every few thousand of them whether to give up, so a runaway
//! backtracking pattern ends with the time-limit error.

/// Lua's limit on captures (`LUA_MAXCAPTURES`).
const MAX_CAPTURES: usize = 32;
/// Lua's limit on matcher recursion (`MAXCCALLS`), "pattern too complex".
const MAX_DEPTH: u32 = 200;
/// Matcher steps between two looks at the clock.
const STEPS_PER_CHECK: u32 = 1 << 14;
pub(super) const ESC: u8 = b'%';
/// Characters that make a pattern more than plain text.
pub(super) const SPECIALS: &[u8] = b"^$*+?.([%-";

/// Why a match could not be completed.
#[derive(Debug, PartialEq)]
pub enum PatternError {
    /// A malformed pattern or capture use: Lua's message.
    Bad(String),
    /// The scene's time ran out while matching.
    TimeLimit,
}

fn bad<T>(msg: impl Into<String>) -> Result<T, PatternError> {
    Err(PatternError::Bad(msg.into()))
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum CaptureLen {
    Unfinished,
    Position,
    Len(usize),
}

/// One capture: where it starts and how long it is so far.
#[derive(Clone, Copy, Debug)]
struct Capture {
    start: usize,
    len: CaptureLen,
}

/// A captured value: a piece of the subject or a position (1-based).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Captured {
    Text(usize, usize),
    Position(usize),
}

/// The matcher over one subject and pattern.
pub struct Matcher<'a> {
    src: &'a [u8],
    pat: &'a [u8],
    level: usize,
    captures: [Capture; MAX_CAPTURES],
    depth: u32,
    steps: u32,
    /// Asked every `STEPS_PER_CHECK` steps: true means stop.
    out_of_time: &'a mut dyn FnMut() -> bool,
}

/// Byte `i` of `s`, or 0 past its end (C strings end in a NUL; Lua's
/// matcher relies on reading it).
pub(super) fn at(s: &[u8], i: usize) -> u8 {
    s.get(i).copied().unwrap_or(0)
}

/// `%a`, `%d`, ...: the C locale's character classes.
fn class_matches(c: u8, class: u8) -> bool {
    let res = match class.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        _ => return class == c,
    };
    if class.is_ascii_uppercase() {
        !res
    } else {
        res
    }
}

impl<'a> Matcher<'a> {
    /// The subject being matched.
    pub fn src(&self) -> &'a [u8] {
        self.src
    }

    pub fn new(src: &'a [u8], pat: &'a [u8], out_of_time: &'a mut dyn FnMut() -> bool) -> Self {
        Matcher {
            src,
            pat,
            level: 0,
            captures: [Capture {
                start: 0,
                len: CaptureLen::Unfinished,
            }; MAX_CAPTURES],
            depth: 0,
            steps: 0,
            out_of_time,
        }
    }

    /// Try a match starting at subject position `s`, pattern position `p`
    /// (captures from an earlier attempt are discarded). The end of the
    /// match, if any.
    pub fn try_at(&mut self, s: usize, p: usize) -> Result<Option<usize>, PatternError> {
        self.level = 0;
        self.depth = 0;
        self.do_match(s, p)
    }

    fn tick(&mut self) -> Result<(), PatternError> {
        self.steps += 1;
        if self.steps >= STEPS_PER_CHECK {
            self.steps = 0;
            if (self.out_of_time)() {
                return Err(PatternError::TimeLimit);
            }
        }
        Ok(())
    }

    /// Where the single-character class starting at `p` ends.
    fn class_end(&self, mut p: usize) -> Result<usize, PatternError> {
        let c = self.pat[p];
        p += 1;
        if c == ESC {
            if p >= self.pat.len() {
                return bad("malformed pattern (ends with '%')");
            }
            return Ok(p + 1);
        }
        if c == b'[' {
            if at(self.pat, p) == b'^' {
                p += 1;
            }
            // The first character is part of the set even if it is ']'.
            loop {
                if p >= self.pat.len() {
                    return bad("malformed pattern (missing ']')");
                }
                let c = self.pat[p];
                p += 1;
                if c == ESC && p < self.pat.len() {
                    p += 1;
                }
                if at(self.pat, p) == b']' {
                    break;
                }
            }
            return Ok(p + 1);
        }
        Ok(p)
    }

    /// Does `c` belong to the set `[...]` from `p` (at '[') to `end` (at ']')?
    fn in_set(&self, c: u8, mut p: usize, end: usize) -> bool {
        let mut wanted = true;
        if at(self.pat, p + 1) == b'^' {
            wanted = false;
            p += 1;
        }
        p += 1;
        while p < end {
            let pc = self.pat[p];
            if pc == ESC {
                p += 1;
                if class_matches(c, at(self.pat, p)) {
                    return wanted;
                }
            } else if at(self.pat, p + 1) == b'-' && p + 2 < end {
                if pc <= c && c <= self.pat[p + 2] {
                    return wanted;
                }
                p += 2;
            } else if pc == c {
                return wanted;
            }
            p += 1;
        }
        !wanted
    }

    /// Does the subject byte at `s` match the class from `p` to `ep`?
    fn single(&self, s: usize, p: usize, ep: usize) -> bool {
        let Some(&c) = self.src.get(s) else {
            return false;
        };
        match self.pat[p] {
            b'.' => true,
            ESC => class_matches(c, self.pat[p + 1]),
            b'[' => self.in_set(c, p, ep - 1),
            pc => pc == c,
        }
    }

    fn do_match(&mut self, s: usize, p: usize) -> Result<Option<usize>, PatternError> {
        if self.depth >= MAX_DEPTH {
            return bad("pattern too complex");
        }
        self.depth += 1;
        let r = self.match_here(s, p);
        self.depth -= 1;
        r
    }

    fn match_here(&mut self, mut s: usize, mut p: usize) -> Result<Option<usize>, PatternError> {
        loop {
            self.tick()?;
            if p >= self.pat.len() {
                return Ok(Some(s));
            }
            match self.pat[p] {
                b'(' => {
                    return if at(self.pat, p + 1) == b')' {
                        self.start_capture(s, p + 2, CaptureLen::Position)
                    } else {
                        self.start_capture(s, p + 1, CaptureLen::Unfinished)
                    };
                }
                b')' => return self.end_capture(s, p + 1),
                b'$' if p + 1 == self.pat.len() => {
                    return Ok((s == self.src.len()).then_some(s));
                }
                ESC if at(self.pat, p + 1) == b'b' => match self.balance(s, p + 2)? {
                    Some(e) => {
                        s = e;
                        p += 4;
                        continue;
                    }
                    None => return Ok(None),
                },
                ESC if at(self.pat, p + 1) == b'f' => {
                    p += 2;
                    if at(self.pat, p) != b'[' {
                        return bad("missing '[' after '%f' in pattern");
                    }
                    let ep = self.class_end(p)?;
                    let prev = if s == 0 { 0 } else { self.src[s - 1] };
                    let here = at(self.src, s);
                    if !self.in_set(prev, p, ep - 1) && self.in_set(here, p, ep - 1) {
                        p = ep;
                        continue;
                    }
                    return Ok(None);
                }
                ESC if at(self.pat, p + 1).is_ascii_digit() => {
                    match self.back_reference(s, self.pat[p + 1])? {
                        Some(e) => {
                            s = e;
                            p += 2;
                            continue;
                        }
                        None => return Ok(None),
                    }
                }
                _ => {}
            }
            // A single-character class, maybe with a quantifier.
            let ep = self.class_end(p)?;
            let quantifier = at(self.pat, ep);
            if !self.single(s, p, ep) {
                if matches!(quantifier, b'*' | b'?' | b'-') {
                    p = ep + 1;
                    continue;
                }
                return Ok(None);
            }
            match quantifier {
                b'?' => {
                    if let Some(e) = self.do_match(s + 1, ep + 1)? {
                        return Ok(Some(e));
                    }
                    p = ep + 1;
                }
                b'+' => return self.max_expand(s + 1, p, ep),
                b'*' => return self.max_expand(s, p, ep),
                b'-' => return self.min_expand(s, p, ep),
                _ => {
                    s += 1;
                    p = ep;
                }
            }
        }
    }

    fn max_expand(&mut self, s: usize, p: usize, ep: usize) -> Result<Option<usize>, PatternError> {
        let mut i = 0;
        while self.single(s + i, p, ep) {
            self.tick()?;
            i += 1;
        }
        loop {
            if let Some(e) = self.do_match(s + i, ep + 1)? {
                return Ok(Some(e));
            }
            if i == 0 {
                return Ok(None);
            }
            i -= 1;
        }
    }

    fn min_expand(
        &mut self,
        mut s: usize,
        p: usize,
        ep: usize,
    ) -> Result<Option<usize>, PatternError> {
        loop {
            if let Some(e) = self.do_match(s, ep + 1)? {
                return Ok(Some(e));
            }
            if self.single(s, p, ep) {
                s += 1;
            } else {
                return Ok(None);
            }
        }
    }

    fn start_capture(
        &mut self,
        s: usize,
        p: usize,
        len: CaptureLen,
    ) -> Result<Option<usize>, PatternError> {
        if self.level >= MAX_CAPTURES {
            return bad("too many captures");
        }
        self.captures[self.level] = Capture { start: s, len };
        self.level += 1;
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.level -= 1;
        }
        Ok(r)
    }

    fn end_capture(&mut self, s: usize, p: usize) -> Result<Option<usize>, PatternError> {
        let Some(open) = (0..self.level)
            .rev()
            .find(|&l| self.captures[l].len == CaptureLen::Unfinished)
        else {
            return bad("invalid pattern capture");
        };
        self.captures[open].len = CaptureLen::Len(s - self.captures[open].start);
        let r = self.do_match(s, p)?;
        if r.is_none() {
            self.captures[open].len = CaptureLen::Unfinished;
        }
        Ok(r)
    }

    /// `%1`..`%9`: the same text as a finished capture.
    fn back_reference(&mut self, s: usize, digit: u8) -> Result<Option<usize>, PatternError> {
        let l = digit.wrapping_sub(b'1') as usize;
        if l >= self.level || self.captures[l].len == CaptureLen::Unfinished {
            return bad(format!("invalid capture index %{}", digit - b'0'));
        }
        let CaptureLen::Len(len) = self.captures[l].len else {
            return Ok(None);
        };
        let start = self.captures[l].start;
        let matches =
            self.src.len() - s >= len && self.src[start..start + len] == self.src[s..s + len];
        Ok(matches.then_some(s + len))
    }

    /// `%bxy`: a balanced run from `x` to its matching `y`.
    fn balance(&mut self, s: usize, p: usize) -> Result<Option<usize>, PatternError> {
        if p + 1 >= self.pat.len() {
            return bad("malformed pattern (missing arguments to '%b')");
        }
        if at(self.src, s) != self.pat[p] || s >= self.src.len() {
            return Ok(None);
        }
        let (open, close) = (self.pat[p], self.pat[p + 1]);
        let mut depth = 1;
        let mut i = s + 1;
        while i < self.src.len() {
            self.tick()?;
            let c = self.src[i];
            if c == close {
                depth -= 1;
                if depth == 0 {
                    return Ok(Some(i + 1));
                }
            } else if c == open {
                depth += 1;
            }
            i += 1;
        }
        Ok(None)
    }

    /// Capture `i` of the last match from `s` to `e` (capture 0 is the whole
    /// match when the pattern has none).
    pub fn capture(&self, i: usize, s: usize, e: usize) -> Result<Captured, PatternError> {
        if i >= self.level {
            if i != 0 {
                return bad(format!("invalid capture index %{}", i + 1));
            }
            return Ok(Captured::Text(s, e));
        }
        let c = self.captures[i];
        match c.len {
            CaptureLen::Unfinished => bad("unfinished capture"),
            CaptureLen::Position => Ok(Captured::Position(c.start + 1)),
            CaptureLen::Len(l) => Ok(Captured::Text(c.start, c.start + l)),
        }
    }

    /// How many values a match reports: its captures, or the whole match.
    pub fn capture_count(&self, whole_if_none: bool) -> usize {
        if self.level == 0 && whole_if_none {
            1
        } else {
            self.level
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first_match(src: &str, pat: &str) -> Result<Option<(usize, usize)>, PatternError> {
        let mut never = || false;
        let (src, pat) = (src.as_bytes(), pat.as_bytes());
        let anchor = pat.first() == Some(&b'^');
        let mut m = Matcher::new(src, pat, &mut never);
        let mut s = 0;
        loop {
            if let Some(e) = m.try_at(s, usize::from(anchor))? {
                return Ok(Some((s, e)));
            }
            s += 1;
            if anchor || s > src.len() {
                return Ok(None);
            }
        }
    }

    #[test]
    fn classes_sets_and_quantifiers() {
        assert_eq!(first_match("hello world", "o w").unwrap(), Some((4, 7)));
        assert_eq!(first_match("abc123", "%d+").unwrap(), Some((3, 6)));
        assert_eq!(first_match("abc123", "[%a]+").unwrap(), Some((0, 3)));
        assert_eq!(
            first_match("x = 10", "^(%w+)%s*=%s*(%w+)$").unwrap(),
            Some((0, 6))
        );
        assert_eq!(first_match("aaab", "a-b").unwrap(), Some((0, 4)));
        assert_eq!(first_match("]]", "[]]+").unwrap(), Some((0, 2)));
        assert_eq!(first_match("f(a(b)c)d", "%b()").unwrap(), Some((1, 8)));
        assert_eq!(
            first_match("THE (quick) fox", "%f[%a]%a+").unwrap(),
            Some((0, 3))
        );
        assert_eq!(first_match("abab", "(ab)%1").unwrap(), Some((0, 4)));
        assert_eq!(first_match("abc", "^b").unwrap(), None);
        assert_eq!(first_match("a.b", "%.").unwrap(), Some((1, 2)));
    }

    #[test]
    fn malformed_patterns_give_luas_messages() {
        let msg = |p: &str| match first_match("abc", p) {
            Err(PatternError::Bad(m)) => m,
            other => panic!("{p}: {other:?}"),
        };
        assert_eq!(msg("%"), "malformed pattern (ends with '%')");
        assert_eq!(msg("[a"), "malformed pattern (missing ']')");
        assert_eq!(msg("a)"), "invalid pattern capture");
        assert_eq!(msg("%1"), "invalid capture index %1");
        assert_eq!(msg("%f"), "missing '[' after '%f' in pattern");
    }

    #[test]
    fn a_runaway_pattern_is_stopped_by_its_clock() {
        let src = "a".repeat(40);
        let pat = "a*".repeat(40) + "b";
        let mut calls = 0;
        let mut stop_after_a_few = || {
            calls += 1;
            calls > 3
        };
        let mut m = Matcher::new(src.as_bytes(), pat.as_bytes(), &mut stop_after_a_few);
        assert_eq!(m.try_at(0, 0), Err(PatternError::TimeLimit));
    }

    #[test]
    fn deep_patterns_are_too_complex() {
        let pat = "a?".repeat(300);
        let src = "a".repeat(300);
        let mut never = || false;
        let mut m = Matcher::new(src.as_bytes(), pat.as_bytes(), &mut never);
        assert_eq!(
            m.try_at(0, 0),
            Err(PatternError::Bad("pattern too complex".into()))
        );
    }
}

//! minifb keys by the names scenes use (LUA_API.md: "a".."z", "0".."9",
//! "left", "space", ...) plus names for the keys only the app uses.

use minifb::Key;

pub fn key_name(k: Key) -> Option<&'static str> {
    const LETTERS: [&str; 26] = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
        "s", "t", "u", "v", "w", "x", "y", "z",
    ];
    const DIGITS: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
    let n = k as usize;
    if (Key::A as usize..=Key::Z as usize).contains(&n) {
        return Some(LETTERS[n - Key::A as usize]);
    }
    if (Key::Key0 as usize..=Key::Key9 as usize).contains(&n) {
        return Some(DIGITS[n - Key::Key0 as usize]);
    }
    Some(match k {
        Key::NumPad0 => "0",
        Key::NumPad1 => "1",
        Key::NumPad2 => "2",
        Key::NumPad3 => "3",
        Key::NumPad4 => "4",
        Key::NumPad5 => "5",
        Key::NumPad6 => "6",
        Key::NumPad7 => "7",
        Key::NumPad8 => "8",
        Key::NumPad9 => "9",
        Key::Left => "left",
        Key::Right => "right",
        Key::Up => "up",
        Key::Down => "down",
        Key::Space => "space",
        Key::Enter | Key::NumPadEnter => "enter",
        Key::LeftShift | Key::RightShift => "shift",
        Key::LeftCtrl | Key::RightCtrl => "ctrl",
        Key::LeftAlt | Key::RightAlt => "alt",
        Key::Tab => "tab",
        Key::Escape => "escape",
        Key::Backspace => "backspace",
        Key::Delete => "delete",
        Key::Insert => "insert",
        Key::Home => "home",
        Key::End => "end",
        Key::PageUp => "pageup",
        Key::PageDown => "pagedown",
        Key::Minus | Key::NumPadMinus => "minus",
        Key::Equal | Key::NumPadPlus => "equal",
        Key::LeftBracket => "leftbracket",
        Key::RightBracket => "rightbracket",
        Key::Backslash => "backslash",
        Key::Semicolon => "semicolon",
        Key::Apostrophe => "apostrophe",
        Key::Comma => "comma",
        Key::Period => "period",
        Key::Slash => "slash",
        Key::Backquote => "backquote",
        Key::F1 => "f1",
        Key::F2 => "f2",
        Key::F3 => "f3",
        Key::F4 => "f4",
        Key::F5 => "f5",
        Key::F6 => "f6",
        Key::F7 => "f7",
        Key::F8 => "f8",
        Key::F9 => "f9",
        Key::F10 => "f10",
        Key::F11 => "f11",
        Key::F12 => "f12",
        _ => return None,
    })
}

//! One resizable window: show a frame of 0RGB pixels, read the input.

use super::keys::key_name;
use minifb::{Key, MouseButton, MouseMode, ScaleMode, WindowOptions};
use std::cell::RefCell;
use std::rc::Rc;

/// What the user did since the last frame, plus what is held now.
#[derive(Clone, Debug, Default)]
pub struct Input {
    /// Keys that went down / up since the last frame.
    pub pressed: Vec<&'static str>,
    pub released: Vec<&'static str>,
    /// Keys held now.
    pub down: Vec<&'static str>,
    /// Cursor in window pixels, when it is over the window.
    pub mouse: Option<(f32, f32)>,
    pub left: bool,
    pub right: bool,
    pub middle: bool,
    /// Wheel movement since the last frame (positive: away from the user).
    pub wheel: f32,
}

impl Input {
    pub fn is_down(&self, key: &str) -> bool {
        self.down.contains(&key)
    }
}

pub struct Window {
    inner: minifb::Window,
    /// Every key going down or up as X reports it, between two frames.
    keys: Rc<RefCell<KeyLog>>,
}

/// Key transitions since the last frame. minifb's own pressed and
/// released lists compare the keys held at two frames, so a key tapped
/// between them (down and up within one frame: a quick tap while a heavy
/// scene draws at 10 frames a second) was never seen. X reports each
/// transition; this keeps them.
#[derive(Default)]
struct KeyLog {
    /// Held as far as the reported transitions go, by `Key as usize`.
    held: Vec<bool>,
    pressed: Vec<Key>,
    released: Vec<Key>,
}

impl KeyLog {
    fn set(&mut self, key: Key, down: bool) {
        let i = key as usize;
        if self.held.len() <= i {
            self.held.resize(i + 1, false);
        }
        // X repeats a held key's press (detectable auto-repeat): only a
        // key that was up goes down.
        match (self.held[i], down) {
            (false, true) => self.pressed.push(key),
            (true, false) => self.released.push(key),
            _ => {}
        }
        self.held[i] = down;
    }

    /// Take the frame's transitions; what is held continues from `down`
    /// (minifb's view, which saw the same events).
    fn take(&mut self, down: &[Key]) -> (Vec<Key>, Vec<Key>) {
        self.held.iter_mut().for_each(|h| *h = false);
        for &k in down {
            let i = k as usize;
            if self.held.len() <= i {
                self.held.resize(i + 1, false);
            }
            self.held[i] = true;
        }
        (
            std::mem::take(&mut self.pressed),
            std::mem::take(&mut self.released),
        )
    }
}

/// Hands minifb's key reports to the log.
struct KeyRecorder(Rc<RefCell<KeyLog>>);

impl minifb::InputCallback for KeyRecorder {
    fn add_char(&mut self, _: u32) {}

    fn set_key_state(&mut self, key: Key, down: bool) {
        self.0.borrow_mut().set(key, down);
    }
}

impl Window {
    /// Open a window, or say why not (no X server, no libX11, ...).
    pub fn open(title: &str, width: usize, height: usize) -> Result<Window, String> {
        let opts = WindowOptions {
            resize: true,
            // The app draws at the window's size, so pixels map 1:1.
            scale_mode: ScaleMode::UpperLeft,
            ..WindowOptions::default()
        };
        let mut inner =
            minifb::Window::new(title, width, height, opts).map_err(|e| e.to_string())?;
        // The app paces itself (sleeping, not spinning).
        inner.set_target_fps(0);
        let keys = Rc::new(RefCell::new(KeyLog::default()));
        inner.set_input_callback(Box::new(KeyRecorder(keys.clone())));
        Ok(Window { inner, keys })
    }

    pub fn is_open(&self) -> bool {
        self.inner.is_open()
    }

    pub fn size(&self) -> (usize, usize) {
        self.inner.get_size()
    }

    pub fn set_title(&mut self, title: &str) {
        self.inner.set_title(title);
    }

    /// Show `pixels` (0x00RRGGBB, `width` × `height`) and collect input.
    pub fn present(&mut self, pixels: &[u32], width: usize, height: usize) -> Result<(), String> {
        self.inner
            .update_with_buffer(pixels, width, height)
            .map_err(|e| e.to_string())
    }

    /// Collect input without new pixels (the picture did not change).
    pub fn pump(&mut self) {
        self.inner.update();
    }

    /// The input since the last `input` (as `present`/`pump` collected
    /// it). A key tapped within the frame is both pressed and released,
    /// and counts as held for the chords of keys pressed after it.
    pub fn input(&mut self) -> Input {
        let w = &self.inner;
        let held = w.get_keys();
        let (pressed, released) = self.keys.borrow_mut().take(&held);
        let names = |keys: Vec<Key>| keys.into_iter().filter_map(key_name).collect::<Vec<_>>();
        let mut down = names(held);
        for &k in &pressed {
            if let Some(n) = key_name(k).filter(|n| !down.contains(n)) {
                down.push(n);
            }
        }
        Input {
            pressed: names(pressed),
            released: names(released),
            down,
            mouse: w.get_mouse_pos(MouseMode::Discard),
            left: w.get_mouse_down(MouseButton::Left),
            right: w.get_mouse_down(MouseButton::Right),
            middle: w.get_mouse_down(MouseButton::Middle),
            wheel: w.get_scroll_wheel().map_or(0.0, |(_, y)| y),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_tapped_within_a_frame_is_pressed_and_released() {
        let mut log = KeyLog::default();
        log.set(Key::J, true);
        log.set(Key::J, false);
        log.set(Key::J, true);
        log.set(Key::J, false);
        let (pressed, released) = log.take(&[]);
        assert_eq!(pressed, [Key::J, Key::J]);
        assert_eq!(released, [Key::J, Key::J]);
        // Nothing left for the next frame.
        assert_eq!(log.take(&[]), (vec![], vec![]));
    }

    #[test]
    fn a_held_key_repeating_is_pressed_once() {
        let mut log = KeyLog::default();
        for _ in 0..5 {
            log.set(Key::A, true);
        }
        assert_eq!(log.take(&[Key::A]), (vec![Key::A], vec![]));
        // Still held next frame, X still repeating: no new press.
        log.set(Key::A, true);
        assert_eq!(log.take(&[Key::A]), (vec![], vec![]));
        log.set(Key::A, false);
        assert_eq!(log.take(&[]), (vec![], vec![Key::A]));
    }

    #[test]
    fn what_is_held_follows_minifb_between_frames() {
        // A release X never reported (focus lost mid-press): once minifb
        // no longer holds the key, the next press counts.
        let mut log = KeyLog::default();
        log.set(Key::Space, true);
        log.take(&[Key::Space]);
        log.take(&[]);
        log.set(Key::Space, true);
        assert_eq!(log.take(&[Key::Space]), (vec![Key::Space], vec![]));
    }
}

//! One resizable window: show a frame of 0RGB pixels, read the input.

use super::keys::key_name;
use minifb::{KeyRepeat, MouseButton, MouseMode, ScaleMode, WindowOptions};

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
        Ok(Window { inner })
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

    /// The input since the last `present`/`pump`.
    pub fn input(&self) -> Input {
        let w = &self.inner;
        let names = |keys: Vec<minifb::Key>| keys.into_iter().filter_map(key_name).collect();
        Input {
            pressed: names(w.get_keys_pressed(KeyRepeat::No)),
            released: names(w.get_keys_released()),
            down: names(w.get_keys()),
            mouse: w.get_mouse_pos(MouseMode::Discard),
            left: w.get_mouse_down(MouseButton::Left),
            right: w.get_mouse_down(MouseButton::Right),
            middle: w.get_mouse_down(MouseButton::Middle),
            wheel: w.get_scroll_wheel().map_or(0.0, |(_, y)| y),
        }
    }
}

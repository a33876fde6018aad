//! `physbox new DIR`: a folder to start writing scenes in, anywhere on the
//! disk — a starter scene, the editor annotations with a `.luarc.json` that
//! points the Lua language server at them, and a short README. The puzzle
//! and measure modules need no copy: they are built into physbox.
//! Existing files are never overwritten.

use std::path::{Path, PathBuf};

const SCENE: &str = r##"-- A starter scene: edit and save, the window reloads it at once.
-- The API: docs/lua-api.md in the physbox repository (your editor shows it
-- too, through types/physbox.lua and .luarc.json).
scene { title = "My scene: Space pauses, J jumps the ball, drag with the mouse",
        about = "a starter scene from physbox new",
        camera = {0, 3, 12} }

box { x = 0, y = -0.5, w = 20, h = 1, static = true, color = "#557755" }
for i = 0, 4 do
  box { x = -3 + i * 0.05, y = 0.5 + i * 1.0, w = 1, h = 1, color = "orange" }
end
local ball = circle { x = 3, y = 4, r = 0.5, restitution = 0.6, color = "cyan", name = "ball" }

function on_key(key, down)
  if key == "j" and down then ball:apply_impulse(0, 5 * ball.mass) end
end

function update(dt)
  plot("ball height", ball.y)
end
"##;

const LUARC: &str = r#"{
  "$schema": "https://raw.githubusercontent.com/LuaLS/vscode-lua/master/setting/schema.json",
  "runtime.version": "Lua 5.4",
  "workspace.library": ["types"],
  "diagnostics.globals": ["update", "on_contact", "on_separate", "on_sensor", "on_key", "on_click", "on_break", "draw"]
}
"#;

const README: &str = "# My physbox scenes

- `physbox scene.lua` opens the scene in a window; save the file and it
  reloads at once (F1 lists the keys, Tab the scenes of this folder).
- `physbox run scene.lua --headless --steps 600 --screenshot shot.png` runs
  it without a window and saves a picture.
- `physbox check scene.lua` loads it and reports errors with file:line.
- `require(\"puzzle\")` and `require(\"measure\")` work from here: the
  modules are built into physbox (a file of the same name here wins).
- Editors with the Lua language server (VS Code's \"Lua\" extension, Neovim)
  complete the API from `types/physbox.lua` through `.luarc.json`.
";

/// The editor annotations of the physbox this is.
const ANNOTATIONS: &str = include_str!("../../../scripts/physbox.lua");

/// Write the starter files into `dir` (made if missing); returns the files
/// written. Fails, writing nothing, if any of them exists.
pub fn create(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let files: [(PathBuf, &str); 4] = [
        (dir.join("scene.lua"), SCENE),
        (dir.join(".luarc.json"), LUARC),
        (dir.join("types").join("physbox.lua"), ANNOTATIONS),
        (dir.join("README.md"), README),
    ];
    if let Some((p, _)) = files.iter().find(|(p, _)| p.exists()) {
        return Err(format!(
            "{} exists already; physbox new writes into a new or empty folder and never overwrites",
            p.display()
        ));
    }
    for (path, text) in &files {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

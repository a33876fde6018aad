//! Opening the user's editor at a file and line (the window's O key), without
//! blocking the window. Which editor: `PHYSBOX_EDITOR`, a template such as
//! `myed {file}:{line}` (each word one argument, `{file}` and `{line}`
//! replaced), else `$VISUAL`, else `$EDITOR`. VS Code (`code`, `codium`,
//! `code-insiders`) is given `-g FILE:LINE`; every other editor `+LINE FILE`,
//! which vi, vim, neovim, emacs, nano, micro, helix and kakoune understand.

use std::process::{Command, Stdio};

/// The command line (program first) that opens `file` at `line`, from the
/// environment as `var` reads it.
pub fn command_for(
    var: impl Fn(&str) -> Option<String>,
    file: &str,
    line: u32,
) -> Result<Vec<String>, String> {
    let set = |name: &str| var(name).filter(|v| !v.trim().is_empty());
    if let Some(template) = set("PHYSBOX_EDITOR") {
        let words: Vec<String> = template
            .split_whitespace()
            .map(|w| {
                w.replace("{file}", file)
                    .replace("{line}", &line.to_string())
            })
            .collect();
        if !template.contains("{file}") {
            return Err(format!(
                "PHYSBOX_EDITOR has no {{file}} in it ('{template}'): write it like 'myed {{file}}:{{line}}'"
            ));
        }
        return Ok(words);
    }
    let Some(editor) = set("VISUAL").or_else(|| set("EDITOR")) else {
        return Err(format!(
            "no editor: set $VISUAL, $EDITOR or PHYSBOX_EDITOR to open {file}:{line}"
        ));
    };
    let mut words: Vec<String> = editor.split_whitespace().map(String::from).collect();
    let program = words[0].rsplit('/').next().unwrap_or_default().to_string();
    if matches!(program.as_str(), "code" | "codium" | "code-insiders") {
        words.push("-g".into());
        words.push(format!("{file}:{line}"));
    } else {
        words.push(format!("+{line}"));
        words.push(file.into());
    }
    Ok(words)
}

/// Start the editor for `file:line` and return at once; a thread waits for
/// it so it leaves no zombie. The message to show (what was run, or why
/// not).
pub fn open(file: &str, line: u32) -> Result<String, String> {
    let words = command_for(|k| std::env::var(k).ok(), file, line)?;
    let shown = words.join(" ");
    let mut child = Command::new(&words[0])
        .args(&words[1..])
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the editor ({shown}): {e}"))?;
    std::thread::spawn(move || {
        let _ = child.wait();
    });
    Ok(format!("opened {file}:{line} ({shown})"))
}

/// `FILE:LINE` at the start of an error message (`scenes/x.lua:12: ...`).
pub fn location_in(message: &str) -> Option<(String, u32)> {
    let first = message.lines().next()?;
    let mut parts = first.splitn(3, ':');
    let file = parts.next()?.trim();
    let line = parts.next()?.trim().parse().ok()?;
    (file.ends_with(".lua") && parts.next().is_some()).then(|| (file.to_string(), line))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn each_editor_family_gets_its_arguments() {
        let cmd = |pairs: &[(&str, &str)]| command_for(env(pairs), "s/x.lua", 12);
        assert_eq!(
            cmd(&[("EDITOR", "vim")]).unwrap(),
            ["vim", "+12", "s/x.lua"]
        );
        // VISUAL wins over EDITOR; options are kept.
        assert_eq!(
            cmd(&[("EDITOR", "nano"), ("VISUAL", "/usr/bin/code --wait")]).unwrap(),
            ["/usr/bin/code", "--wait", "-g", "s/x.lua:12"]
        );
        assert_eq!(
            cmd(&[
                ("EDITOR", "hx"),
                ("PHYSBOX_EDITOR", "myed {file}@{line} -n")
            ])
            .unwrap(),
            ["myed", "s/x.lua@12", "-n"]
        );
        assert!(cmd(&[("PHYSBOX_EDITOR", "myed")]).is_err());
        let e = cmd(&[("EDITOR", " ")]).unwrap_err();
        assert!(e.contains("set $VISUAL, $EDITOR or PHYSBOX_EDITOR"), "{e}");
    }

    #[test]
    fn error_messages_give_their_location() {
        assert_eq!(
            location_in("scenes/x.lua:14: attempt to index a nil value"),
            Some(("scenes/x.lua".into(), 14))
        );
        assert_eq!(location_in("out of memory"), None);
        assert_eq!(location_in("a.txt:3: no"), None);
    }
}

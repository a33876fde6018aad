//! Colours in scenes: `"#rrggbb"` or a few names, normalised to `#rrggbb`.

const NAMED: &[(&str, &str)] = &[
    ("black", "#000000"),
    ("white", "#ffffff"),
    ("red", "#e53935"),
    ("green", "#43a047"),
    ("blue", "#1e88e5"),
    ("yellow", "#fdd835"),
    ("orange", "#fb8c00"),
    ("purple", "#8e24aa"),
    ("pink", "#ec407a"),
    ("brown", "#6d4c41"),
    ("cyan", "#00acc1"),
    ("magenta", "#d81b60"),
    ("gray", "#9e9e9e"),
    ("grey", "#9e9e9e"),
];

/// `#rrggbb` for a valid colour, else a message saying what is accepted.
pub fn parse_color(s: &str) -> Result<String, String> {
    let lower = s.trim().to_ascii_lowercase();
    if let Some((_, hex)) = NAMED.iter().find(|(n, _)| *n == lower) {
        return Ok(hex.to_string());
    }
    let ok = lower.len() == 7
        && lower.starts_with('#')
        && lower[1..].chars().all(|c| c.is_ascii_hexdigit());
    if ok {
        Ok(lower)
    } else {
        let names: Vec<&str> = NAMED.iter().map(|(n, _)| *n).collect();
        Err(format!(
            "colour must be \"#rrggbb\" or one of {}, got \"{s}\"",
            names.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn colours_parse() {
        assert_eq!(super::parse_color("#FF0000").unwrap(), "#ff0000");
        assert_eq!(super::parse_color("red").unwrap(), "#e53935");
        assert!(super::parse_color("#ff00").is_err());
        assert!(super::parse_color("reddish").is_err());
    }
}

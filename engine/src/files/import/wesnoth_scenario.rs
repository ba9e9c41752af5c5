//! The sides of a Battle for Wesnoth scenario file (`.cfg`, WML): which
//! start positions a scenario uses and which sides are opponents.
//!
//! Only the keys of each `[side]` tag are read: `side=` (the number of the
//! start position its leader takes) and `team_name=` (sides with the same
//! team are allies; a side without one is its own team). Nested tags inside
//! a side (`[ai]`, `[unit]`, …), macros and everything outside sides are
//! skipped.

/// A side of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioSide {
    /// Its number: the start position `N` its leader takes.
    pub number: u32,
    /// Its team; `None` when it has none (a team of its own).
    pub team: Option<String>,
    /// The line of its `[side]` tag.
    pub line: usize,
}

/// Most sides a scenario may list (Wesnoth's own limit is 9 start
/// positions).
const MAX_SIDES: usize = 64;

/// Reads the sides of a scenario's WML text.
///
/// # Errors
/// A message with the line when a side has no number or a bad one, two
/// sides share a number, or the file lists no side at all.
pub fn sides(text: &str) -> Result<Vec<ScenarioSide>, String> {
    let mut out: Vec<ScenarioSide> = Vec::new();
    // Depth of tags inside the current [side] (0: its own keys).
    let mut current: Option<(usize, Option<u32>, Option<String>, usize)> = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if let Some((depth, number, team, at)) = current.as_mut() {
            if line == "[/side]" && *depth == 0 {
                let number =
                    number.ok_or_else(|| format!("line {at}: this [side] has no side= number"))?;
                if out.iter().any(|s| s.number == number) {
                    return Err(format!("line {at}: side {number} is listed twice"));
                }
                out.push(ScenarioSide {
                    number,
                    team: team.take(),
                    line: *at,
                });
                current = None;
                if out.len() > MAX_SIDES {
                    return Err(format!("line {line_no}: more than {MAX_SIDES} sides"));
                }
            } else if line.starts_with("[/") {
                *depth = depth.saturating_sub(1);
            } else if line.starts_with('[') && line.ends_with(']') {
                *depth += 1;
            } else if *depth == 0
                && let Some((key, value)) = line.split_once('=')
            {
                let value = unquote(value);
                match key.trim() {
                    "side" => {
                        *number = Some(value.parse().map_err(|_| {
                            format!("line {line_no}: side={value} is not a side number")
                        })?);
                    }
                    "team_name" if !value.is_empty() => *team = Some(value.to_owned()),
                    _ => {}
                }
            }
        } else if line == "[side]" {
            current = Some((0, None, None, line_no));
        }
    }
    if let Some((_, _, _, at)) = current {
        return Err(format!(
            "line {at}: this [side] is never closed with [/side]"
        ));
    }
    if out.is_empty() {
        return Err("the scenario has no [side]".to_owned());
    }
    Ok(out)
}

/// A WML value without its quotes and translation mark.
fn unquote(v: &str) -> &str {
    let v = v.trim();
    let v = v.strip_prefix('_').map_or(v, str::trim);
    v.strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(v)
        .trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sides_and_teams_and_skips_nested_tags() {
        let text = r#"
[multiplayer]
    id=example
    [side]
        side=1
        team_name="north"
        [ai]
            side=7
        [/ai]
    [/side]
    [side]
        side=2   # the other one
        team_name= _ "south"
    [/side]
[/multiplayer]
"#;
        let s = sides(text).unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].number, s[0].team.as_deref()), (1, Some("north")));
        assert_eq!((s[1].number, s[1].team.as_deref()), (2, Some("south")));
    }

    #[test]
    fn bad_sides_are_errors_with_lines() {
        assert!(
            sides("[side]\nteam_name=a\n[/side]")
                .unwrap_err()
                .contains("line 1")
        );
        assert!(
            sides("[side]\nside=x\n[/side]")
                .unwrap_err()
                .contains("line 2")
        );
        assert!(
            sides("[side]\nside=1\n")
                .unwrap_err()
                .contains("never closed")
        );
        assert!(sides("[side]\nside=1\n[/side]\n[side]\nside=1\n[/side]").is_err());
        assert!(sides("nothing").is_err());
    }
}

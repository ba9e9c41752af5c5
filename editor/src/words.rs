//! Counts in words for messages: "1 feature", "2 features".

/// `n` and the noun that fits it: `one` for exactly 1, `many` otherwise.
///
/// ```
/// use hexwright::words::count;
/// assert_eq!(count(1, "zone hex", "zone hexes"), "1 zone hex");
/// assert_eq!(count(0, "feature", "features"), "0 features");
/// ```
#[must_use]
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn one_is_singular_and_everything_else_plural() {
        assert_eq!(count(1, "feature", "features"), "1 feature");
        assert_eq!(count(2, "feature", "features"), "2 features");
        assert_eq!(count(0, "game", "games"), "0 games");
    }
}

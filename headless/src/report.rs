//! Errors in words for a person: an error and its causes on one line.

use std::fmt;

/// An error and each of its causes, `: `-separated, as anyhow's `{:#}`
/// writes them, but leaving out a cause whose words the line already
/// holds: many errors name their cause in their own message *and* give it
/// as their source, which `{:#}` would print twice ("cannot read x: No
/// such file or directory: No such file or directory").
///
/// ```
/// use hexwright_headless::report::Chain;
/// let io = std::io::Error::from(std::io::ErrorKind::NotFound);
/// let e = anyhow::Error::new(io).context("cannot read x.ron: entity not found");
/// assert_eq!(Chain(&e).to_string(), "cannot read x.ron: entity not found");
/// let e = anyhow::anyhow!("outer").context("top");
/// assert_eq!(Chain(&e).to_string(), "top: outer");
/// ```
pub struct Chain<'a>(pub &'a anyhow::Error);

impl fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::new();
        for cause in self.0.chain() {
            let text = cause.to_string();
            if line.is_empty() {
                line = text;
            } else if !line.contains(&text) {
                line.push_str(": ");
                line.push_str(&text);
            }
        }
        f.write_str(&line)
    }
}

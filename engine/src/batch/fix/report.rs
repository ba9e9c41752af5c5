//! What the search reports: each edit made ([`Step`]), why it ended
//! ([`Ending`]), the whole outcome ([`Fixed`]), and the news it gives while
//! it runs ([`News`]), so that a long search shows its steps as they are
//! made.

use super::certify::Certification;
use super::edits::Edit;
use super::guard::Check;
use super::paired::{Gain, Level};
use crate::map::Map;
use crate::map::symmetry::Symmetry;

/// What a running search tells its caller.
#[derive(Clone, Copy, Debug)]
pub enum News<'a> {
    /// Matches played so far, in all.
    Matches(usize),
    /// An edit was made.
    Step(&'a Step),
    /// The seat test certified, or did not, the map as it is at a level.
    Certification(&'a Certification),
}

/// One edit made, with the figures that chose it.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The edit.
    pub edit: Edit,
    /// The level whose games chose it.
    pub level: Level,
    /// Valid candidates there were, and how many were raced.
    pub candidates: (usize, usize),
    /// Candidates screened, and how many of them changed no match.
    pub screened: (usize, usize),
    /// The current map's seat shares on the step's games.
    pub before: Vec<f64>,
    /// The edited map's, on the same games (estimated with the current
    /// map's games as a control: [`super::paired::Games::estimate`]).
    pub after: Vec<f64>,
    /// The paired gain towards fair ([`Gain`]).
    pub gain: Gain,
    /// Matches the step played.
    pub matches: usize,
    /// The edit checked at the other levels, when the search edits until
    /// every level is fair ([`super::Options::every_level`]).
    pub checks: Vec<Check>,
    /// Whether the edit was made as the second of a pair, when no single
    /// edit's gain showed: its figures are then the pair's, against the map
    /// before both edits.
    pub paired: bool,
}

impl Step {
    /// How far from fair the farthest level lands after the edit: its own
    /// level's estimate and each check's at the other levels.
    #[must_use]
    pub fn farthest(&self) -> f64 {
        self.checks
            .iter()
            .map(|c| super::paired::deviation(&c.after))
            .fold(super::paired::deviation(&self.after), f64::max)
    }

    /// The step in words, with its figures: every seat's own share before
    /// and after on the same games, and how far the leaning seat's share
    /// moved towards (or away from) its fair share — with more than two
    /// seats, how far the seats' shares moved together, each weighed by its
    /// distance from fair ([`Gain`]).
    #[must_use]
    pub fn sentence(&self) -> String {
        let checks: String = self
            .checks
            .iter()
            .map(|c| "; ".to_owned() + &c.sentence())
            .collect();
        let moved: Vec<String> = self
            .before
            .iter()
            .zip(&self.after)
            .enumerate()
            .map(|(p, (b, a))| format!("side {p} {:.1}% to {:.1}%", 100.0 * b, 100.0 * a))
            .collect();
        let fair = 1.0 / self.before.len().max(2) as f64;
        let seat = self.gain.seat;
        let above = self.before.get(seat).is_some_and(|&b| b >= fair);
        // A gain takes share from a seat above its fair share, gives it to
        // one below: the seat's own share falls or rises.
        let towards = self.gain.mean >= 0.0;
        let verb = if above == towards { "falls" } else { "rises" };
        let [lo, hi] = self.gain.interval;
        let (by, lo, hi) = if towards {
            (self.gain.mean, lo, hi)
        } else {
            (-self.gain.mean, -hi, -lo)
        };
        // With more than two seats the gain weighs every seat by its
        // distance from fair (`Gain`), not one seat's own share.
        let what = if self.before.len() > 2 {
            format!(
                "the seats' shares move {}, each weighed by its distance from fair,",
                if towards { "closer" } else { "farther" }
            )
        } else {
            format!("side {seat}'s share {verb}")
        };
        format!(
            "{}{}: on the same {} games of {}, {}: {what} by {:.1} points [{:.1}, {:.1}], {} {} fair {}% ({} matches; of {} valid edits, {} screened, {} of them changing no match, {} raced){checks}",
            self.edit,
            if self.paired {
                ", with the edit before it"
            } else {
                ""
            },
            self.gain.games,
            self.level,
            moved.join(", "),
            100.0 * by,
            100.0 * lo,
            100.0 * hi,
            if towards { "towards" } else { "away from" },
            if self.before.len() > 2 {
                "their"
            } else {
                "its"
            },
            crate::standing::points_text(fair),
            self.matches,
            self.candidates.0,
            self.screened.0,
            self.screened.1,
            self.candidates.1
        )
    }
}

/// Why the search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The map was certified fair as it was: no change needed.
    AlreadyFair,
    /// The edited map was certified fair.
    Certified,
    /// No raced edit helped measurably.
    NoHelpingEdit,
    /// The steps (or certification attempts) ran out before a certificate.
    OutOfBudget,
    /// Cancelled.
    Cancelled,
}

/// What the search did.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixed {
    /// The map with the edits made, and the certificates it earned: at
    /// every level that certified it, even when another did not.
    pub map: Map,
    /// The edits, in order.
    pub steps: Vec<Step>,
    /// Every certification attempt at the chosen level, in order.
    pub attempts: Vec<Certification>,
    /// The best raced edit of the step that found none good enough, with
    /// its figures: why the search stopped there.
    pub rejected: Option<Step>,
    /// The certification attempts at the further levels, in order (of a
    /// certified map; with [`super::Options::every_level`], of every map on the
    /// way: [`Fixed::latest_also`] gives the last at each level).
    pub also: Vec<Certification>,
    /// The symmetry kept (off when not asked or the map has none).
    pub symmetry: Symmetry,
    /// Why it ended.
    pub ending: Ending,
    /// Matches played in all.
    pub matches: usize,
}

impl Fixed {
    /// The last certification at each further level, in the order asked.
    #[must_use]
    pub fn latest_also(&self) -> Vec<&Certification> {
        let mut out: Vec<&Certification> = Vec::new();
        for c in &self.also {
            match out.iter_mut().find(|x| x.level == c.level) {
                Some(x) => *x = c,
                None => out.push(c),
            }
        }
        out
    }

    /// A further level's last certification in words, saying when it was
    /// played before the last edit (the search ended before that level was
    /// certified again): "Also: …" in reports.
    #[must_use]
    pub fn also_sentence(&self, c: &Certification) -> String {
        if c.edits < self.steps.len() {
            format!(
                "{} (before edit {}; not played on the map as it ends)",
                c.sentence(),
                c.edits + 1
            )
        } else {
            c.sentence()
        }
    }

    /// The outcome in one sentence.
    #[must_use]
    pub fn verdict(&self) -> String {
        // The certification of the map as it ends (with `as_even`, an
        // earlier map than the last certified may be kept), else the last.
        let last = self
            .attempts
            .iter()
            .rfind(|c| {
                c.edits == self.steps.len() && c.decision == crate::sequential::Decision::Fair
            })
            .or(self.attempts.last())
            .map(Certification::sentence);
        match self.ending {
            Ending::AlreadyFair => format!("No change needed: {}", last.unwrap_or_default()),
            Ending::Certified => format!(
                "Fair after {} edit{}: {}",
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                last.unwrap_or_default()
            ),
            Ending::NoHelpingEdit => format!(
                "Not certified: no edit raced helped measurably{} after {} edit{} (last check: {})",
                if self
                    .rejected
                    .as_ref()
                    .is_some_and(|r| r.checks.iter().any(|c| !c.passed))
                {
                    " without taking another level farther from fair"
                } else {
                    ""
                },
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                last.unwrap_or_else(|| "none".into())
            ),
            Ending::OutOfBudget => format!(
                "Not certified within {} edit{} and {} certification attempt{} (last check: {})",
                self.steps.len(),
                if self.steps.len() == 1 { "" } else { "s" },
                self.attempts.len() + self.also.len(),
                if self.attempts.len() + self.also.len() == 1 {
                    ""
                } else {
                    "s"
                },
                last.unwrap_or_else(|| "none".into())
            ),
            Ending::Cancelled => "Cancelled before a certificate".to_owned(),
        }
    }
}

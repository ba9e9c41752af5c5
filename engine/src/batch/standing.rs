//! Where a map stands: the one reading of seat intervals, in the words of
//! `fairness.md`, that every report prints — a batch's verdict, a test
//! played until decided, a certificate, a balance level, the balance
//! assistant's certification — so that two of them never read as a
//! contradiction.
//!
//! A reading says two things, both from the same intervals:
//! - **the band** ([`Band`]): whether every seat's interval lies within
//!   `1/N ± margin` (fair within the margin), some seat's lies wholly
//!   outside it (not fair), or neither is shown yet;
//! - **where inside it** ([`Lean`]): the seat that is favoured (its
//!   interval above `1/N`) or disfavoured (below), by how many points, with
//!   the interval of that distance.
//!
//! "Fair within ±5 points; side 1 is favoured by 3.2 points [0.04, 6.2]"
//! is one reading: the map is within the band, and side 1 leads inside it.
//!
//! Every bound is printed rounded **outward** (a lower bound down, an
//! upper bound up), with one decimal, or more where one decimal would move
//! a bound onto or across a line the sentence relies on (the fair share,
//! the band's edges): a printed interval never contradicts its sentence.

use crate::map::certificate::Certificate;
use crate::player::PlayerId;
use crate::seat_test::judge;
use crate::sequential::Decision;

/// Whether the map is shown to be within the fairness band.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Band {
    /// Every seat's interval lies within `1/N ± margin`.
    Within,
    /// This seat's interval lies wholly outside the band: above it
    /// (`favoured`) or below it.
    Beyond {
        /// The seat farthest outside.
        side: PlayerId,
        /// Whether it is above the band (favoured) rather than below.
        favoured: bool,
    },
    /// Neither shown yet.
    Open,
}

/// Which seat the intervals name, as [`judge`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lean {
    /// Its interval lies above `1/N` (the highest lower bound, when several
    /// do).
    Favoured(PlayerId),
    /// No seat's interval lies above `1/N`, and this one's lies below (the
    /// lowest upper bound, when several do).
    Disfavoured(PlayerId),
    /// Every seat's interval contains `1/N`.
    Even,
}

/// Every seat's share of the wins with its interval, against a margin.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Each seat's mean share of the wins.
    pub shares: Vec<f64>,
    /// Each seat's interval.
    pub intervals: Vec<[f64; 2]>,
    /// The fairness margin around `1/N`.
    pub margin: f64,
}

impl Standing {
    /// The standing of `shares` with `intervals` against `margin`.
    #[must_use]
    pub fn new(shares: &[f64], intervals: &[[f64; 2]], margin: f64) -> Self {
        Self {
            shares: shares.to_vec(),
            intervals: intervals.to_vec(),
            margin,
        }
    }

    /// Two seats, from side 0's score and its interval (side 1's is the
    /// rest).
    #[must_use]
    pub fn of_side0(score: f64, interval: [f64; 2], margin: f64) -> Self {
        Self {
            shares: vec![score, 1.0 - score],
            intervals: vec![interval, [1.0 - interval[1], 1.0 - interval[0]]],
            margin,
        }
    }

    /// The fair share `1/N`.
    #[must_use]
    pub fn fair(&self) -> f64 {
        1.0 / self.intervals.len().max(2) as f64
    }

    /// Whether the map is shown within the band, beyond it, or neither.
    #[must_use]
    pub fn band(&self) -> Band {
        let (fair, m) = (self.fair(), self.margin);
        // A seat above the band first, as `judge` names a favoured seat
        // first: the farthest above, else the farthest below.
        let above = |i: &[f64; 2]| i[0] - (fair + m);
        let below = |i: &[f64; 2]| (fair - m) - i[1];
        for (favoured, outside) in [(true, &above as &dyn Fn(&[f64; 2]) -> f64), (false, &below)] {
            let farthest = (0..self.intervals.len())
                .filter(|&p| outside(&self.intervals[p]) > 0.0)
                .max_by(|&a, &b| {
                    outside(&self.intervals[a]).total_cmp(&outside(&self.intervals[b]))
                });
            if let Some(p) = farthest {
                return Band::Beyond {
                    side: seat(p),
                    favoured,
                };
            }
        }
        if self
            .intervals
            .iter()
            .all(|i| i[0] >= fair - m && i[1] <= fair + m)
        {
            Band::Within
        } else {
            Band::Open
        }
    }

    /// The seat the intervals name, if any.
    #[must_use]
    pub fn lean(&self) -> Lean {
        // judge names a favoured seat first, then a disfavoured one, then
        // "fair": the same order here.
        match judge(&self.intervals, f64::NEG_INFINITY) {
            Some(Decision::Favoured { side }) => Lean::Favoured(side),
            Some(Decision::Disfavoured { side }) => Lean::Disfavoured(side),
            _ => Lean::Even,
        }
    }

    /// The reading in a clause or two: "Fair within ±5 points; side 1 is
    /// favoured by 3.2 points [0.04, 6.2]".
    #[must_use]
    pub fn headline(&self) -> String {
        let band = format!("within ±{} points", points_text(self.margin));
        match (self.band(), self.lean()) {
            (Band::Beyond { side, favoured }, _) => {
                format!("Not fair {band}: {}", self.distance(side, favoured))
            }
            (Band::Within, Lean::Favoured(side)) => {
                format!("Fair {band}; {}", self.distance(side, true))
            }
            (Band::Within, Lean::Disfavoured(side)) => {
                format!("Fair {band}; {}", self.distance(side, false))
            }
            (Band::Within, Lean::Even) => {
                format!("Fair {band}; no side is favoured or disfavoured")
            }
            (Band::Open, Lean::Favoured(side)) => {
                format!(
                    "{}; not yet shown fair {band}",
                    capital(&self.distance(side, true))
                )
            }
            (Band::Open, Lean::Disfavoured(side)) => {
                format!(
                    "{}; not yet shown fair {band}",
                    capital(&self.distance(side, false))
                )
            }
            (Band::Open, Lean::Even) => format!(
                "Undecided: no side is clearly favoured or disfavoured, and the map is not yet shown fair {band}"
            ),
        }
    }

    /// The reading in a few words, for a table of levels: `fair`, `fair,
    /// favours side 1`, `unfair, disfavours side 2`, `favours side 0`,
    /// `undecided`.
    #[must_use]
    pub fn short(&self) -> String {
        let lean = match self.lean() {
            Lean::Favoured(side) => Some(format!("favours side {side}")),
            Lean::Disfavoured(side) => Some(format!("disfavours side {side}")),
            Lean::Even => None,
        };
        match (self.band(), lean) {
            (Band::Within, None) => "fair".to_owned(),
            (Band::Within, Some(l)) => format!("fair, {l}"),
            (Band::Beyond { side, favoured }, _) => format!(
                "unfair, {} side {side}",
                if favoured { "favours" } else { "disfavours" }
            ),
            (Band::Open, Some(l)) => l,
            (Band::Open, None) => "undecided".to_owned(),
        }
    }

    /// "side 1 is favoured by 3.2 points [0.04, 6.2]": the seat's distance
    /// from its fair share, in points, with its interval.
    fn distance(&self, side: PlayerId, favoured: bool) -> String {
        let p = side.index();
        let (fair, m) = (100.0 * self.fair(), 100.0 * self.margin);
        let [lo, hi] = self.intervals.get(p).copied().unwrap_or([0.0, 1.0]);
        let share = 100.0 * self.shares.get(p).copied().unwrap_or(0.0);
        // Above the fair share: share − fair; below it: fair − share.
        let (by, lo, hi) = if favoured {
            (share - fair, 100.0 * lo - fair, 100.0 * hi - fair)
        } else {
            (fair - share, fair - 100.0 * hi, fair - 100.0 * lo)
        };
        let marks = [0.0, m];
        format!(
            "side {side} is {} by {by:.1} points [{}, {}]",
            if favoured { "favoured" } else { "disfavoured" },
            lower_text(lo, &marks),
            upper_text(hi, &marks)
        )
    }

    /// Every seat's share with its interval, in percent, bounds rounded
    /// outward: "side 0 46.8% [43.8, 49.95], side 1 53.2% [50.05, 56.2]".
    #[must_use]
    pub fn seats_text(&self) -> String {
        let (fair, m) = (100.0 * self.fair(), 100.0 * self.margin);
        let marks = [fair - m, fair, fair + m];
        self.shares
            .iter()
            .zip(&self.intervals)
            .enumerate()
            .map(|(p, (s, [lo, hi]))| {
                format!(
                    "side {p} {:.1}% [{}, {}]",
                    100.0 * s,
                    lower_text(100.0 * lo, &marks),
                    upper_text(100.0 * hi, &marks)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The reading with its evidence: "Fair within ±5 points; side 1 is
    /// favoured by 3.2 points [0.04, 6.2] (side 0 46.8% [43.8, 49.96],
    /// side 1 53.2% [50.04, 56.2] over 1,234 games)". `games` names what
    /// was played ("1,234 independent games"). With more than two seats it
    /// says what a fair share is ("a fair share is 25.0%"), which the
    /// points are counted from.
    #[must_use]
    pub fn sentence(&self, games: &str) -> String {
        let fair = if self.shares.len() > 2 {
            format!("; a fair share is {:.1}%", 100.0 * self.fair())
        } else {
            String::new()
        };
        format!(
            "{} ({} over {games}{fair})",
            self.headline(),
            self.seats_text()
        )
    }
}

/// A margin or distance in points: "5", "2.5".
#[must_use]
pub fn points_text(x: f64) -> String {
    let s = format!("{:.2}", 100.0 * x);
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// "1,234 independent games" (one game: "1 independent game").
#[must_use]
pub fn games_text(games: usize, what: &str) -> String {
    let digits = games.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let noun = if games == 1 { "game" } else { "games" };
    if what.is_empty() {
        format!("{grouped} {noun}")
    } else {
        format!("{grouped} {what} {noun}")
    }
}

/// The most decimals a bound is printed with.
const MOST_DECIMALS: i32 = 4;

/// A lower bound rounded down, with the fewest decimals (at least one)
/// that keep it on the same side of every mark.
fn lower_text(x: f64, marks: &[f64]) -> String {
    outward(x, marks, f64::floor)
}

/// An upper bound rounded up, likewise.
fn upper_text(x: f64, marks: &[f64]) -> String {
    outward(x, marks, f64::ceil)
}

fn outward(x: f64, marks: &[f64], round: fn(f64) -> f64) -> String {
    // A hair of slack so that a bound already on a decimal (0.3 as
    // 0.30000000000000004) is not pushed a step further out.
    let nudge = if round(0.5) > 0.5 { -1e-9 } else { 1e-9 };
    let mut text = String::new();
    for d in 1..=MOST_DECIMALS {
        let scale = 10f64.powi(d);
        let r = round(x * scale + nudge) / scale;
        text = format!("{r:.prec$}", prec = d as usize);
        if marks.iter().all(|&t| side_of(r, t) == side_of(x, t)) {
            break;
        }
    }
    // "-0.0" reads oddly and means 0.
    if text.starts_with("-0") && text.trim_start_matches(['-', '0', '.']).is_empty() {
        text.remove(0);
    }
    text
}

/// Which side of `mark` `x` lies on, a value within a hair of it (the
/// float error of `1 − x` and of percent scaling) counting as on it.
fn side_of(x: f64, mark: f64) -> std::cmp::Ordering {
    if (x - mark).abs() < 1e-9 {
        std::cmp::Ordering::Equal
    } else {
        x.total_cmp(&mark)
    }
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

fn seat(p: usize) -> PlayerId {
    PlayerId(u8::try_from(p).unwrap_or(u8::MAX))
}

impl Certificate {
    /// Where the certified map stands, from the certificate's figures.
    #[must_use]
    pub fn standing(&self) -> Standing {
        Standing::new(&self.shares, &self.intervals, self.margin)
    }

    /// How the certificate is weaker than "certified fair" means
    /// (`../shared/design/fairness.md`: within ±5 points at α 5%): "within
    /// ±10 points, at α 10%"; `None` when it holds to the defaults or
    /// stricter.
    #[must_use]
    pub fn weakness(&self) -> Option<String> {
        // A hair over a default is rounding, not a weaker certificate.
        let over = |x: f64, default: f64| x > default + 1e-9;
        let mut parts = Vec::new();
        if over(self.margin, crate::sequential::DEFAULT_MARGIN) {
            parts.push(format!("within ±{} points", points_text(self.margin)));
        }
        if over(self.alpha, crate::sequential::DEFAULT_ALPHA) {
            parts.push(format!("at α {}%", points_text(self.alpha)));
        }
        (!parts.is_empty()).then(|| {
            format!(
                "it holds only {}, weaker than certified fair (within ±{} points at α {}%)",
                parts.join(", "),
                points_text(crate::sequential::DEFAULT_MARGIN),
                points_text(crate::sequential::DEFAULT_ALPHA)
            )
        })
    }

    /// The certificate in one sentence, in the one reading: "Certified
    /// fair within ±5 points for greedy in akw-rules-v1; no side is
    /// favoured or disfavoured (side 0 49.1% [45.0, 53.2], side 1 … over
    /// 1,234 games from seed 7, α 5%, 2026-12-01)".
    #[must_use]
    pub fn summary(&self) -> String {
        let s = self.standing();
        let lean = match s.lean() {
            Lean::Favoured(side) => s.distance(side, true),
            Lean::Disfavoured(side) => s.distance(side, false),
            Lean::Even => "no side is favoured or disfavoured".to_owned(),
        };
        format!(
            "Certified fair within ±{} points for {} in {}; {lean} ({} over {} from seed {}, α {}%, {})",
            points_text(self.margin),
            self.bot,
            self.ruleset,
            s.seats_text(),
            games_text(self.games, ""),
            self.seed,
            // A search's attempts share α: 5% / 3 is 1.67%, not "2%".
            points_text(self.alpha),
            self.date,
        ) + &self
            .weakness()
            .map_or_else(String::new, |w| format!("; {w}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reported case: side 0 at 46.8% with its interval's top at
    /// 49.952%. It is favoured to side 1 and not yet shown within the
    /// band; no printed bound reaches 50%.
    #[test]
    fn a_bound_just_short_of_fair_is_never_printed_as_fair() {
        let s = Standing::of_side0(0.468, [0.438, 0.499_52], 0.05);
        assert_eq!(s.band(), Band::Open);
        assert_eq!(s.lean(), Lean::Favoured(PlayerId(1)));
        assert_eq!(
            s.headline(),
            "Side 1 is favoured by 3.2 points [0.04, 6.2]; not yet shown fair within ±5 points"
        );
        assert_eq!(
            s.seats_text(),
            "side 0 46.8% [43.8, 49.96], side 1 53.2% [50.04, 56.2]"
        );
    }

    #[test]
    fn favoured_inside_the_band_says_both() {
        let s = Standing::of_side0(0.532, [0.505, 0.549_99], 0.05);
        assert_eq!(s.band(), Band::Within);
        assert_eq!(
            s.headline(),
            "Fair within ±5 points; side 0 is favoured by 3.2 points [0.5, 4.999]"
        );
    }

    #[test]
    fn every_band_and_lean_has_its_words() {
        let even = Standing::of_side0(0.5, [0.46, 0.54], 0.05);
        assert_eq!(
            even.headline(),
            "Fair within ±5 points; no side is favoured or disfavoured"
        );
        let open = Standing::of_side0(0.5, [0.40, 0.60], 0.05);
        assert!(
            open.headline().starts_with("Undecided"),
            "{}",
            open.headline()
        );
        let beyond = Standing::of_side0(0.679, [0.618, 0.735], 0.05);
        assert_eq!(
            beyond.headline(),
            "Not fair within ±5 points: side 0 is favoured by 17.9 points [11.8, 23.5]"
        );
        // Four seats: seat 2 far below a fair 25% while nobody is clearly
        // above it.
        let four = Standing::new(
            &[0.27, 0.27, 0.19, 0.27],
            &[[0.24, 0.30], [0.24, 0.30], [0.16, 0.195], [0.24, 0.30]],
            0.05,
        );
        assert_eq!(
            four.band(),
            Band::Beyond {
                side: PlayerId(2),
                favoured: false
            }
        );
        assert_eq!(
            four.headline(),
            "Not fair within ±5 points: side 2 is disfavoured by 6.0 points [5.5, 9.0]"
        );
    }

    /// Outward: a lower bound never rises, an upper bound never falls, and
    /// neither crosses a mark it did not cross.
    #[test]
    fn bounds_round_outward_and_keep_their_side_of_every_mark() {
        let marks = [45.0, 50.0, 55.0];
        for i in 0..20_000 {
            let x = f64::from(i) * 0.005_123;
            let lo: f64 = lower_text(x, &marks).parse().unwrap();
            let hi: f64 = upper_text(x, &marks).parse().unwrap();
            assert!(lo <= x + 1e-9 && hi >= x - 1e-9, "{x}: {lo} {hi}");
            for t in marks {
                assert_eq!(lo > t, x > t, "{x} against {t}: {lo}");
                assert_eq!(hi < t, x < t, "{x} against {t}: {hi}");
            }
        }
        assert_eq!(lower_text(49.952, &marks), "49.9");
        assert_eq!(upper_text(49.952, &marks), "49.96");
        assert_eq!(upper_text(56.2, &marks), "56.2");
    }

    #[test]
    fn counts_are_grouped() {
        assert_eq!(games_text(1_234, "independent"), "1,234 independent games");
        assert_eq!(games_text(1, ""), "1 game");
        assert_eq!(points_text(0.05), "5");
        assert_eq!(points_text(0.025), "2.5");
        assert_eq!(points_text(0.05 / 3.0), "1.67");
    }
}

//! The fairness summary: one figure per line — territory, objectives and
//! Outposts reached first, distances to objectives, bases and barracks,
//! openness and bush cover — with each player's value, the largest
//! difference between players and who it favours. On a map whose players
//! are images of each other under a symmetry every difference is zero.
//!
//! These are static figures (`fairness.md`): they cannot see turn order,
//! the second player's opening Energy, tempo or bot skill, so they never
//! certify a map. [`Fairness::verdict`] is their one reading, shown alike
//! by the editor's Fairness panel, `hexwright analyze` and
//! `hexwright validate`: *even* only for figures that were computed and
//! agree, *not computed* (and why) when they cannot be. The distance
//! figures judge with [`DISTANCE_MARGIN`], the margin of validation's
//! distance warnings and of the parity table ([`crate::parity`]).

use super::UNREACHABLE;
use super::cover::Cover;
use super::openness::Openness;
use super::reach::{Reach, to_feature};
use super::territory::Territory;
use crate::map::FeatureKind;
use crate::parity::DISTANCE_MARGIN;
use crate::player::PlayerId;
use crate::rules::arena::Arena;
use serde::Serialize;

/// Which way a figure favours a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Better {
    /// More is better (a share, a count).
    Higher,
    /// Less is better (a distance).
    Lower,
    /// Neither: a difference is worth knowing, not a favour.
    Neither,
}

/// One figure of the summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// Its id in JSON and tests (`territory`, `nearest_objective`, ...).
    pub id: &'static str,
    /// Its name in a table.
    pub label: &'static str,
    /// What a value means, in words.
    pub meaning: &'static str,
    /// Per player; `None` where the player cannot get there at all.
    pub values: Vec<Option<f64>>,
    /// The largest difference between two players; `None` when some
    /// players can get there and others cannot, or none can (the figure
    /// is then not computed: [`Self::is_computed`]).
    pub spread: Option<f64>,
    /// Which way favours a player.
    pub better: Better,
    /// The player this figure favours, when it is uneven.
    pub favours: Option<PlayerId>,
    /// The difference below which the figure counts as even.
    pub tolerance: f64,
}

impl Figure {
    fn new(
        id: &'static str,
        label: &'static str,
        meaning: &'static str,
        better: Better,
        tolerance: f64,
        values: Vec<Option<f64>>,
    ) -> Self {
        let known: Vec<f64> = values.iter().flatten().copied().collect();
        let spread = if known.is_empty() {
            None
        } else if known.len() == values.len() {
            let hi = known.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let lo = known.iter().copied().fold(f64::INFINITY, f64::min);
            // + 0.0 turns a -0.0 into 0.0, so no table shows "−0".
            Some(hi - lo + 0.0)
        } else {
            None
        };
        let uneven = !known.is_empty() && spread.is_none_or(|s| s > tolerance);
        let favours = match better {
            Better::Neither => None,
            _ if !uneven => None,
            _ => {
                let score = |v: Option<f64>| match (better, v) {
                    (_, None) => f64::NEG_INFINITY,
                    (Better::Lower, Some(v)) => -v,
                    (_, Some(v)) => v,
                };
                let best = values
                    .iter()
                    .map(|&v| score(v))
                    .fold(f64::NEG_INFINITY, f64::max);
                let mut at_best = (0..values.len()).filter(|&p| score(values[p]) >= best - 1e-12);
                match (at_best.next(), at_best.next()) {
                    (Some(p), None) => Some(PlayerId(p as u8)),
                    _ => None,
                }
            }
        };
        Self {
            id,
            label,
            meaning,
            values,
            spread,
            better,
            favours,
            tolerance,
        }
    }

    /// A value of this figure as a table shows it: a share in percent, a
    /// whole number bare, anything else with `decimals` decimals; "cut off"
    /// for a player that cannot get there.
    #[must_use]
    pub fn text(&self, v: Option<f64>, decimals: usize) -> String {
        match v {
            None => "cut off".to_owned(),
            Some(v) if self.id == "territory" => {
                format!("{:.*}%", decimals.saturating_sub(1), 100.0 * v)
            }
            Some(v) if v.fract() == 0.0 => format!("{v:.0}"),
            Some(v) => format!("{v:.decimals$}"),
        }
    }

    /// The spread as a table shows it ("cut off" when some players cannot
    /// get there, "—" when no player can).
    #[must_use]
    pub fn spread_text(&self, decimals: usize) -> String {
        if self.is_computed() {
            self.text(self.spread, decimals)
        } else {
            "—".to_owned()
        }
    }

    /// A value as a table shows it: [`Self::text`], or "—" when no player
    /// has one (nothing to cut anyone off from).
    #[must_use]
    pub fn value_text(&self, v: Option<f64>, decimals: usize) -> String {
        if self.is_computed() {
            self.text(v, decimals)
        } else {
            "—".to_owned()
        }
    }

    /// Whether any player has a value (a map with no objectives has no
    /// distance to one).
    #[must_use]
    pub fn is_computed(&self) -> bool {
        self.values.iter().any(Option::is_some)
    }

    /// Whether the players' values differ by more than the tolerance (or
    /// some players are cut off from what others reach).
    #[must_use]
    pub fn is_uneven(&self) -> bool {
        self.is_computed() && self.spread.is_none_or(|s| s > self.tolerance)
    }
}

/// The summary.
#[derive(Clone, Debug, Serialize)]
pub struct Fairness {
    /// The figures, in a fixed order.
    pub figures: Vec<Figure>,
    /// Why no figure can be computed (a player without a starting zone),
    /// if so.
    pub not_computed: Option<String>,
}

/// What the static figures say, in the words of `fairness.md`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum StaticVerdict {
    /// The figures cannot be computed.
    NotComputed {
        /// Why.
        reason: String,
    },
    /// Every computed figure is within its tolerance.
    Even {
        /// Figures computed.
        computed: usize,
        /// Figures in the summary.
        figures: usize,
    },
    /// Some figures differ by more than their tolerance.
    Uneven {
        /// Their labels, in table order.
        figures: Vec<&'static str>,
    },
}

/// What every reading of the static figures adds: they do not certify.
pub const STATIC_CAVEAT: &str = "Static figures do not see turn order, the second player's opening Energy, tempo or skill, so they never certify a map: only simulated games do (the sandbox's Batch tab, or `hexwright balance`).";

impl StaticVerdict {
    /// The verdict in one sentence (without [`STATIC_CAVEAT`]).
    #[must_use]
    pub fn sentence(&self) -> String {
        match self {
            Self::NotComputed { reason } => {
                format!("Not computed: {reason}.")
            }
            Self::Even { computed, figures } if computed == figures => {
                "Even on every static figure.".to_owned()
            }
            Self::Even { computed, figures } => format!(
                "Even on the {computed} static figures that could be computed ({} of {figures} have nothing to measure).",
                figures - computed
            ),
            Self::Uneven { figures } => format!(
                "Uneven on {} static figure{}: {}.",
                figures.len(),
                if figures.len() == 1 { "" } else { "s" },
                figures.join(", ")
            ),
        }
    }
}

impl Fairness {
    /// The summary of the other parts.
    #[must_use]
    pub fn new(
        arena: &Arena,
        reach: &Reach,
        territory: &Territory,
        openness: &Openness,
        cover: &Cover,
    ) -> Self {
        let mut figures = reach_figures(reach, territory);
        figures.extend(base_figures(arena, reach));
        figures.extend(room_figures(territory, openness, cover));
        let players = reach.steps.len();
        let not_computed = PlayerId::all(players)
            .find(|&p| arena.zones.get(p).is_none_or(Vec::is_empty))
            .map(|p| format!("side {p} has no starting zone to measure from"));
        Self {
            figures,
            not_computed,
        }
    }

    /// The one reading of the figures.
    #[must_use]
    pub fn verdict(&self) -> StaticVerdict {
        if let Some(reason) = &self.not_computed {
            return StaticVerdict::NotComputed {
                reason: reason.clone(),
            };
        }
        let uneven: Vec<&'static str> = self.uneven().map(|f| f.label).collect();
        if uneven.is_empty() {
            StaticVerdict::Even {
                computed: self.figures.iter().filter(|f| f.is_computed()).count(),
                figures: self.figures.len(),
            }
        } else {
            StaticVerdict::Uneven { figures: uneven }
        }
    }

    /// The figure with `id`.
    #[must_use]
    pub fn figure(&self, id: &str) -> Option<&Figure> {
        self.figures.iter().find(|f| f.id == id)
    }

    /// The uneven figures (none when not computed).
    pub fn uneven(&self) -> impl Iterator<Item = &Figure> {
        let computed = self.not_computed.is_none();
        self.figures
            .iter()
            .filter(move |f| computed && f.is_uneven())
    }
}

/// Steps to the nearest of `cells` that can be reached.
fn nearest(cells: &mut dyn Iterator<Item = u16>) -> Option<f64> {
    cells.filter(|&s| s != UNREACHABLE).min().map(f64::from)
}

/// Territory, and the objectives and Outposts each player gets to first.
fn reach_figures(reach: &Reach, territory: &Territory) -> Vec<Figure> {
    let players = reach.steps.len();
    let all = || PlayerId::all(players);
    let per = |f: &dyn Fn(PlayerId) -> Option<f64>| all().map(f).collect::<Vec<_>>();
    let mut figures = Vec::new();
    let first_share = |kind: FeatureKind, p: PlayerId| {
        let mut v = 0.0;
        for f in reach.features.iter().filter(|f| f.kind == kind) {
            let first = f.first();
            if first.contains(&p) {
                v += 1.0 / first.len() as f64;
            }
        }
        v
    };
    let objective_steps = |p: PlayerId| -> Vec<u16> {
        reach
            .features
            .iter()
            .filter(|f| f.kind == FeatureKind::Objective)
            .map(|f| f.steps[p.index()].unwrap_or(UNREACHABLE))
            .collect()
    };
    figures.push(Figure::new(
        "territory",
        "Territory",
        "share of the reachable hexes it reaches first (ties split)",
        Better::Higher,
        0.01,
        per(&|p| Some(territory.area_share[p.index()])),
    ));
    figures.push(Figure::new(
        "objectives_first",
        "Objectives first",
        "objectives it reaches first (ties split)",
        Better::Higher,
        0.25,
        per(&|p| Some(first_share(FeatureKind::Objective, p))),
    ));
    figures.push(Figure::new(
        "outposts_first",
        "Outposts first",
        "Outposts it reaches first (ties split)",
        Better::Higher,
        0.25,
        per(&|p| Some(first_share(FeatureKind::Outpost, p))),
    ));
    figures.push(Figure::new(
        "nearest_objective",
        "Nearest objective",
        "steps from its zone to the nearest objective",
        Better::Lower,
        f64::from(DISTANCE_MARGIN),
        per(&|p| nearest(&mut objective_steps(p).into_iter())),
    ));
    figures.push(Figure::new(
        "mean_objective",
        "Mean objective",
        "mean steps from its zone to every objective",
        Better::Lower,
        f64::from(DISTANCE_MARGIN),
        per(&|p| {
            let s = objective_steps(p);
            (!s.is_empty() && s.iter().all(|&d| d != UNREACHABLE))
                .then(|| s.iter().map(|&d| f64::from(d)).sum::<f64>() / s.len() as f64)
        }),
    ));
    figures
}

/// The ways to the enemy bases, from them, and to the own barracks.
fn base_figures(arena: &Arena, reach: &Reach) -> Vec<Figure> {
    let players = reach.steps.len();
    let all = || PlayerId::all(players);
    let per = |f: &dyn Fn(PlayerId) -> Option<f64>| all().map(f).collect::<Vec<_>>();
    let mut figures = Vec::new();
    let base_steps = |field: &[u16], owner: &dyn Fn(PlayerId) -> bool| {
        nearest(
            &mut arena
                .bases
                .iter()
                .filter(|b| owner(b.1))
                .map(|b| to_feature(arena, field, b.0)),
        )
    };
    figures.push(Figure::new(
        "enemy_base",
        "Enemy base",
        "steps from its zone to beside the nearest enemy base",
        Better::Lower,
        f64::from(DISTANCE_MARGIN),
        per(&|p| base_steps(&reach.steps[p.index()], &|o| o != p)),
    ));
    figures.push(Figure::new(
        "base_exposure",
        "Base exposure",
        "steps from the nearest rival zone to beside its own base",
        Better::Higher,
        f64::from(DISTANCE_MARGIN),
        per(&|p| {
            p.others(players)
                .filter_map(|q| base_steps(&reach.steps[q.index()], &|o| o == p))
                .reduce(f64::min)
        }),
    ));
    figures.push(Figure::new(
        "own_barracks",
        "Own barracks",
        "steps from its zone to its nearest barracks",
        Better::Lower,
        f64::from(DISTANCE_MARGIN),
        per(&|p| {
            nearest(
                &mut arena
                    .barracks
                    .iter()
                    .filter(|b| b.1 == p)
                    .map(|b| reach.steps[p.index()][usize::from(b.0)]),
            )
        }),
    ));
    figures
}

/// Room to manoeuvre and bush cover.
fn room_figures(territory: &Territory, openness: &Openness, cover: &Cover) -> Vec<Figure> {
    let players = territory.area_share.len();
    let all = || PlayerId::all(players);
    let per = |f: &dyn Fn(PlayerId) -> Option<f64>| all().map(f).collect::<Vec<_>>();
    let mut figures = Vec::new();
    figures.push(Figure::new(
        "openness",
        "Openness",
        "mean openness of its territory (room to manoeuvre)",
        Better::Neither,
        0.1,
        per(&|p| {
            let (mut sum, mut n) = (0.0, 0.0);
            for (c, claim) in territory.claims.iter().enumerate() {
                let w = claim.share(p);
                if w > 0.0 {
                    sum += w * f64::from(openness.cells[c]);
                    n += w;
                }
            }
            (n > 0.0).then(|| sum / n)
        }),
    ));
    figures.push(Figure::new(
        "bushes_first",
        "Bushes first",
        "bushes in its territory (ties split)",
        Better::Higher,
        0.25,
        per(&|p| {
            Some(
                cover
                    .bushes
                    .iter()
                    .map(|b| territory.claim(b.cell).share(p))
                    .sum(),
            )
        }),
    ));
    figures.push(Figure::new(
        "zone_watched",
        "Zone watched",
        "bushes from which a hidden unit sees its starting zone",
        Better::Lower,
        0.25,
        per(&|p| Some(cover.watching_zone(p).count() as f64)),
    ));
    figures
}

#[cfg(test)]
mod tests {
    use super::super::test_maps::picture;
    use super::super::{Analysis, Movement};
    use super::*;

    #[test]
    fn a_mirrored_board_is_even_on_every_figure() {
        // Two rows, each the other turned half a turn with the zones
        // swapped (a symmetry of the hex grid).
        let (map, cov) = picture(&["0.bo..p..ob.1", "0.bo..p..ob.1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        for f in &a.fairness.figures {
            if f.is_computed() {
                assert_eq!(f.spread, Some(0.0), "{f:?}");
            }
            assert!(!f.is_uneven());
            assert_eq!(f.favours, None);
        }
        assert_eq!(
            a.fairness.verdict(),
            StaticVerdict::Even {
                computed: a
                    .fairness
                    .figures
                    .iter()
                    .filter(|f| f.is_computed())
                    .count(),
                figures: a.fairness.figures.len()
            }
        );
    }

    #[test]
    fn a_map_without_zones_is_not_computed_and_not_even() {
        let (map, cov) = picture(&["..bo..p..ob.."], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let v = a.fairness.verdict();
        assert!(matches!(v, StaticVerdict::NotComputed { .. }), "{v:?}");
        assert!(
            v.sentence().contains("no starting zone"),
            "{}",
            v.sentence()
        );
        assert_eq!(a.fairness.uneven().count(), 0);
        for f in &a.fairness.figures {
            let shown = f.spread_text(1);
            assert!(
                !shown.contains("-0") && !shown.contains("−0"),
                "{}: {shown}",
                f.id
            );
        }
    }

    #[test]
    fn distance_figures_judge_with_the_parity_margin() {
        // Side 0 is 2 steps from the objective, side 1 4: within the margin.
        let (map, cov) = picture(&["0.o...1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let near = a.fairness.figure("nearest_objective").expect("a figure");
        assert_eq!(near.spread, Some(2.0));
        assert!(!near.is_uneven());
        let rows = crate::parity::parity(&map, &cov).unwrap();
        assert!(rows.iter().all(|r| !r.uneven()), "{rows:?}");
        // One more step and both call it uneven.
        let (map, cov) = picture(&["0.o....1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        assert!(a.fairness.figure("nearest_objective").unwrap().is_uneven());
        let rows = crate::parity::parity(&map, &cov).unwrap();
        assert!(rows.iter().any(crate::parity::ParityRow::uneven));
    }

    #[test]
    fn an_objective_nearer_one_zone_favours_it() {
        let (map, cov) = picture(&["0.o.......1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let near = a.fairness.figure("nearest_objective").expect("a figure");
        assert_eq!(near.values, vec![Some(2.0), Some(8.0)]);
        assert_eq!(near.spread, Some(6.0));
        assert_eq!(near.favours, Some(PlayerId(0)));
        let first = a.fairness.figure("objectives_first").expect("a figure");
        assert_eq!(first.values, vec![Some(1.0), Some(0.0)]);
        assert!(a.fairness.uneven().any(|f| f.id == "objectives_first"));
    }

    #[test]
    fn a_feature_one_player_cannot_reach_has_no_spread() {
        let (map, cov) = picture(&["0.o#..1"], 2);
        let a = Analysis::new(&map, &cov, Movement::AKW);
        let near = a.fairness.figure("nearest_objective").expect("a figure");
        assert_eq!(near.values, vec![Some(2.0), None]);
        assert_eq!(near.spread, None);
        assert_eq!(near.favours, Some(PlayerId(0)));
    }
}

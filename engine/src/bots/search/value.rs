//! The search bot's value of an akw-rules-v1 position: the chance that
//! side 0 wins, as a logistic of weighted features (one vector per side,
//! side 0's minus side 1's), with weights fitted to the results of
//! planner-against-planner matches (logistic regression, "Texel tuning"
//! in chess programming).
//!
//! The greedy and planner bots keep the hand-set evaluation of
//! [`crate::bots::eval`]; the search uses it to rank and roll out, and
//! this value only where a rollout stops. The features are the
//! evaluation's own terms, taken apart so that each gets its own weight,
//! plus a few the evaluation lacks (units by the enemy base, the side to
//! move). `cargo run --release -p hexwright-engine --example fit_value`
//! refits [`WEIGHTS`] and prints how well they predict.

use crate::bots::eval::{Evaluator, Targets};
use crate::map::Side;
use crate::player::PlayerId;
use crate::rules::state::{BASE_HEALTH, MatchState, Status};

/// How many features a side has.
pub const FEATURES: usize = 16;

/// The features' names, in order.
pub const NAMES: [&str; FEATURES] = [
    "damage on own base",
    "damage on own base, squared",
    "Energy objectives owned",
    "captures under way",
    "Outposts controlled",
    "Energy banked up to 10",
    "Energy banked above 10",
    "unit worth, health-scaled",
    "units on the board",
    "corpse worth",
    "poison",
    "steps to the enemy base, summed",
    "units within 2 steps of the enemy base",
    "objective pull, summed",
    "enemy pull, summed",
    "to move",
];

/// Fitted weights (see the module docs); a side's value is their dot
/// product with its features.
pub const WEIGHTS: [f64; FEATURES] = [
    -0.46224, -0.12053, 0.10391, 0.13082, -0.13966, -0.00362, 0.00443, 0.02646, 0.69427, 0.00843,
    0.04160, -0.02966, 0.65413, -0.01826, -0.06903, 0.30554,
];

/// Side `p`'s features in `s`.
#[must_use]
pub fn features(eval: &Evaluator, s: &MatchState, p: Side) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    for b in s.bases().iter().filter(|b| b.side == p) {
        let dmg = f64::from(BASE_HEALTH.saturating_sub(b.health));
        f[0] += dmg;
        f[1] += dmg * dmg;
    }
    for o in s.objectives() {
        f[2] += f64::from(u8::from(o.owner == Some(p)));
        if let Some(u) = o.pending {
            f[3] += f64::from(u8::from(s.units()[usize::from(u)].side == p));
        }
    }
    for &o in &s.arena().outposts {
        f[4] += f64::from(u8::from(s.outpost_controller(o) == Some(p)));
    }
    let bank = f64::from(s.energy()[p]);
    f[5] = bank.min(10.0);
    f[6] = (bank - 10.0).max(0.0);
    let t = Targets::of(s, p);
    for u in s.units().iter().filter(|u| u.side == p) {
        let def = &s.roster().kind(u.kind).def;
        let worth = 2.0 + 2.0 * f64::from(def.class.points());
        match u.status {
            Status::Alive => {
                let h = f64::from(u.health) / f64::from(def.health.max(1));
                f[7] += worth * (0.5 + 0.5 * h);
                f[8] += 1.0;
                f[10] += f64::from(u.poison);
                let [to_base, objective, enemy] = eval.position_parts(s, &t, u.cell, def.range);
                f[11] += to_base;
                f[12] += f64::from(u8::from(to_base <= 2.0));
                f[13] += objective;
                f[14] += enemy;
            }
            Status::Corpse => f[9] += 0.5 * worth,
            Status::Dead | Status::Hidden => {}
        }
    }
    f[15] = f64::from(u8::from(s.side() == p));
    f
}

/// Side 0's features minus side 1's.
#[must_use]
pub fn difference(eval: &Evaluator, s: &MatchState) -> [f64; FEATURES] {
    let a = features(eval, s, PlayerId(0));
    let b = features(eval, s, PlayerId(1));
    std::array::from_fn(|i| a[i] - b[i])
}

/// The chance that side 0 wins from `s` (a match not yet over).
#[must_use]
pub fn side_0_wins(eval: &Evaluator, s: &MatchState) -> f64 {
    let d = difference(eval, s);
    let x: f64 = d.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum();
    super::logistic(x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::rules::{Command, Outcome, execute};
    use crate::sim::tests::prepared_with_seed;
    use crate::sim::{self, PlayOptions};

    /// Along matches that greedy wins against random from side 0, the value
    /// starts near even and ends well in side 0's favour.
    #[test]
    fn value_follows_a_one_sided_match() {
        for name in ["twin-fords.ron", "ember-isles.ron"] {
            let p = prepared_with_seed(name, 2, 60);
            let r = sim::play(
                &p,
                3,
                [BotKind::Greedy, BotKind::Random],
                PlayOptions { record: true },
            );
            assert_eq!(r.outcome, Outcome::Won(PlayerId(0)), "{name}");
            let (mut s, _) = p.new_match_with_seed(3);
            let mut values = Vec::new();
            for cmd in &r.commands {
                if matches!(cmd, Command::EndTurn) && s.outcome().is_none() {
                    let eval = Evaluator::new(&s);
                    let v = side_0_wins(&eval, &s);
                    assert!(v > 0.0 && v < 1.0, "{name}: {v}");
                    values.push(v);
                }
                execute(&mut s, cmd, &mut Vec::new()).unwrap();
            }
            let (first, last) = (values[0], values[values.len() - 1]);
            assert!((0.2..0.8).contains(&first), "{name}: starts at {first}");
            assert!(last > 0.9, "{name}: ends at {last} ({values:?})");
        }
    }
}

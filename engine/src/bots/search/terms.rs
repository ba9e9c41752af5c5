//! What the policy bot's features say of a candidate command, in the
//! terms both rulesets share: the command's kind, the fitted value's terms
//! before and after it, the threats one turn ahead ([`tactics`]) and what
//! it does with the unit it moves or uses ([`acting`]).
//!
//! Features are only ever appended ([`crate::bots::policy::FEATURES`]), so
//! older weights, which read fewer, still score the same.

use super::value;
use crate::player::PlayerId;

/// What a command does, for the policy's features: ends the turn (unit or
/// slot), moves, attacks, spawns or summons, or another unit command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Ends the turn, the unit's turn or the slot.
    End,
    /// Moves a unit.
    Move,
    /// Attacks.
    Attack,
    /// Spawns or summons a unit.
    Spawn,
    /// Another unit command (rebound, healing).
    Other,
}

impl CommandKind {
    /// The kind of a unit command.
    #[must_use]
    pub fn of_unit(c: &crate::rules::UnitCommand) -> Self {
        use crate::rules::UnitCommand as U;
        match c {
            U::Move { .. } => Self::Move,
            U::Attack { .. } => Self::Attack,
            U::Summon { .. } => Self::Spawn,
            _ => Self::Other,
        }
    }
}

/// What the policy's features say of a candidate, before the ruleset's
/// part is written out by [`policy_terms`].
#[derive(Clone, Copy, Debug)]
pub struct PolicyTerms<'a> {
    /// The value's change for the mover, on the logit scale.
    pub gain: f64,
    /// What the command does.
    pub kind: CommandKind,
    /// The value's terms before the command, the mover's less its rivals'.
    pub before: &'a [f64; value::FEATURES],
    /// The same after it.
    pub after: &'a [f64; value::FEATURES],
    /// [`tactics`] after it.
    pub tactics: [f64; TACTICS],
    /// [`acting`]: what it does with the unit it moves or uses.
    pub acting: [f64; ACTING],
}

/// Writes the ruleset-independent part of a candidate's features.
pub fn policy_terms(t: &PolicyTerms<'_>, out: &mut [f32; crate::bots::policy::FEATURES]) {
    let base = crate::bots::policy::RULESET_FEATURES;
    out[base] = t.gain as f32;
    let k = match t.kind {
        CommandKind::End => 0,
        CommandKind::Move => 1,
        CommandKind::Attack => 2,
        CommandKind::Spawn => 3,
        CommandKind::Other => 4,
    };
    out[base + 1..base + 6].fill(0.0);
    out[base + 1 + k] = 1.0;
    let terms = base + 6;
    for i in 0..value::FEATURES {
        out[terms + i] = t.after[i] as f32;
        out[terms + value::FEATURES + i] = (t.after[i] - t.before[i]) as f32;
    }
    let tactics = terms + 2 * value::FEATURES;
    for (o, x) in out[tactics..tactics + TACTICS].iter_mut().zip(t.tactics) {
        *o = x as f32;
    }
    let acting = tactics + TACTICS;
    for (o, x) in out[acting..acting + ACTING].iter_mut().zip(t.acting) {
        *o = x as f32;
    }
}

/// How many numbers [`tactics`] gives.
pub const TACTICS: usize = 4;

/// Threats one turn ahead, for `me` in `s`: the worth of its units an
/// enemy unit it sees could strike next turn (one within its movement and
/// range, by hex distance), the worth of the enemy units it sees that its
/// own could strike, the enemy units within reach of its bases, and
/// whether `acting` (the unit the command moves or uses) is within an
/// enemy's reach. A unit's worth is the value's (`2 + 2 × class points`).
#[must_use]
pub fn tactics(
    s: &crate::rules::MatchState,
    me: PlayerId,
    acting: Option<crate::rules::UnitId>,
) -> [f64; TACTICS] {
    use crate::rules::{Status, Unit};
    let a = s.arena();
    let def = |u: &Unit| &s.roster().kind(u.kind).def;
    let alive: Vec<(usize, &Unit)> = s
        .units()
        .iter()
        .enumerate()
        .filter(|(_, u)| u.status == Status::Alive)
        .collect();
    let reach = |u: &Unit| u32::from(def(u).movement) + u32::from(def(u).range);
    let worth = |u: &Unit| 2.0 + 2.0 * f64::from(def(u).class.points());
    // Whether a unit of a side `strikes` picks could strike `target`.
    let struck = |target: u16, strikes: &dyn Fn(PlayerId) -> bool| {
        alive
            .iter()
            .any(|(_, e)| strikes(e.side) && a.distance(e.cell, target) <= reach(e))
    };
    let mut out = [0.0; TACTICS];
    for &(i, u) in &alive {
        if u.side == me {
            if struck(u.cell, &|p| p != me) {
                out[0] += worth(u);
                if acting.is_some_and(|x| usize::from(x) == i) {
                    out[3] = 1.0;
                }
            }
        } else if struck(u.cell, &|p| p == me) {
            out[1] += worth(u);
        }
    }
    for b in s.bases().iter().filter(|b| b.side == me && b.health > 0) {
        out[2] += alive
            .iter()
            .filter(|(_, e)| e.side != me && a.distance(e.cell, b.cell) <= reach(e))
            .count() as f64;
    }
    out
}

/// The value's terms of `me` less the mean of the other `players`'.
#[must_use]
pub fn terms_against_rivals(
    eval: &crate::bots::Evaluator,
    s: &crate::rules::MatchState,
    me: PlayerId,
    players: usize,
) -> [f64; value::FEATURES] {
    let mine = value::features(eval, s, me);
    let mut rivals = [0.0; value::FEATURES];
    let others: Vec<PlayerId> = me.others(players).collect();
    for &p in &others {
        let f = value::features(eval, s, p);
        for (r, x) in rivals.iter_mut().zip(f) {
            *r += x;
        }
    }
    let n = others.len().max(1) as f64;
    std::array::from_fn(|i| mine[i] - rivals[i] / n)
}

/// How many numbers [`acting`] gives.
pub const ACTING: usize = 10;

/// How far [`acting`] counts a step towards or away from something.
const MAX_STEPS: f64 = 6.0;

/// What a command does with `acting`, the unit it moves or uses, seen by
/// `me` from `before` (the view's state) to `after` (the state after the
/// command); all zero without one, and all but its worth once it is dead:
///
/// 0. the enemy units it sees that could strike it next turn;
/// 1. its own side's other units that could reach its cell next turn
///    (support);
/// 2. its worth / 10 (the value's `2 + 2 × class points`);
/// 3. its health as a share of its kind's;
/// 4. whether it stands in a bush;
/// 5. whether it stands on an Energy objective or an Outpost;
/// 6. the hexes it came nearer the nearest Energy objective its side does
///    not own (negative: went away), at most 6 either way;
/// 7. the same towards the nearest enemy base still standing;
/// 8. the same towards the nearest enemy unit it sees;
/// 9. the same towards its own side's nearest base.
///
/// These tell apart commands the value's terms score alike: which unit
/// moves, and where to.
#[must_use]
pub fn acting(
    before: &crate::rules::MatchState,
    after: &crate::rules::MatchState,
    me: PlayerId,
    acting: Option<crate::rules::UnitId>,
) -> [f64; ACTING] {
    use crate::rules::arena::{Cell, Site};
    use crate::rules::{Status, Unit};
    let mut out = [0.0; ACTING];
    let Some(id) = acting else {
        return out;
    };
    let i = usize::from(id);
    let (Some(was), Some(now)) = (before.units().get(i), after.units().get(i)) else {
        return out;
    };
    let a = after.arena();
    let def = |u: &Unit| &after.roster().kind(u.kind).def;
    out[2] = (2.0 + 2.0 * f64::from(def(now).class.points())) / 10.0;
    if now.status != Status::Alive || was.status != Status::Alive {
        return out;
    }
    let reach = |u: &Unit| u32::from(def(u).movement) + u32::from(def(u).range);
    for (j, u) in after.units().iter().enumerate() {
        if j == i || u.status != Status::Alive || a.distance(u.cell, now.cell) > reach(u) {
            continue;
        }
        if u.side == me {
            out[1] += 1.0;
        } else {
            out[0] += 1.0;
        }
    }
    out[3] = f64::from(now.health) / f64::from(def(now).health.max(1));
    out[4] = f64::from(u8::from(a.site(now.cell) == Site::Bush));
    out[5] = f64::from(u8::from(matches!(
        a.site(now.cell),
        Site::Objective | Site::Outpost
    )));
    // The hexes `now` came nearer the nearest of `cells` (seen in `after`).
    let nearer = |cells: &mut dyn Iterator<Item = Cell>| {
        let cells: Vec<Cell> = cells.collect();
        let near = |from: Cell| cells.iter().map(|&c| a.distance(from, c)).min();
        match (near(was.cell), near(now.cell)) {
            (Some(b), Some(n)) => (f64::from(b) - f64::from(n)).clamp(-MAX_STEPS, MAX_STEPS),
            _ => 0.0,
        }
    };
    let bases = |mine: bool| {
        after
            .bases()
            .iter()
            .filter(move |b| (b.side == me) == mine && b.health > 0)
            .map(|b| b.cell)
    };
    let objectives = after.objectives().iter().filter(|o| o.owner != Some(me));
    out[6] = nearer(&mut objectives.map(|o| o.cell));
    out[7] = nearer(&mut bases(false));
    let enemies = after.units().iter();
    let enemies = enemies.filter(|u| u.side != me && u.status == Status::Alive);
    out[8] = nearer(&mut enemies.map(|u| u.cell));
    out[9] = nearer(&mut bases(true));
    out
}

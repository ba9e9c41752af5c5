//! The checks of unit actions that every turn system shares: where a move
//! may end, a Rebound, an attack's range and target, Healing targets and a
//! Summon's hex, and the matching lists of legal choices. A ruleset adds
//! its own conditions around them (akw-rules-v1: Energy and one move per
//! turn; phase-rules-v1: the unit's turn and actions left) and wraps the
//! choices in its own commands.

use super::arena::{Cell, NO_CELL, Scratch};
use super::command::RuleError;
use super::mechanics::{
    Units, can_end, has_target, heal_candidate_count, heal_candidates, reaches_by, steps,
};
use super::roster::KindId;
use super::state::{MatchState, NO_UNIT, Unit, UnitId};
use crate::Hex;
use crate::map::Side;

/// The usable cell of hex `h`.
///
/// # Errors
/// [`RuleError::NotUsable`] when `h` is not a usable hex.
pub(super) fn cell(s: &MatchState, h: Hex) -> Result<Cell, RuleError> {
    s.arena().cell(h).ok_or(RuleError::NotUsable(h))
}

/// Whether unit `u` may move to `to` along a path of at most `max` steps;
/// the destination cell when it may.
///
/// # Errors
/// Why it may not.
pub(super) fn check_move_to(
    s: &MatchState,
    u: &Unit,
    to: Hex,
    max: u8,
    scratch: &mut Scratch,
) -> Result<Cell, RuleError> {
    let dest = cell(s, to)?;
    if dest == u.cell {
        return Err(RuleError::Blocked {
            hex: to,
            reason: "the unit already stands there",
        });
    }
    let by = Units::KnownTo(u.side);
    can_end(s, u.kind, dest, u.id, by).map_err(|reason| RuleError::Blocked { hex: to, reason })?;
    if reaches_by(s, u, dest, max, scratch, by) {
        Ok(dest)
    } else {
        Err(RuleError::Unreachable {
            hex: to,
            movement: max,
        })
    }
}

/// Whether unit `u` may rebound now: it has Rebound, a move to take back,
/// and the hex it came from is free; that hex's cell when it may.
///
/// # Errors
/// Why it may not.
pub(super) fn check_rebound(s: &MatchState, u: &Unit) -> Result<Cell, RuleError> {
    if !s.roster().kind(u.kind).rebound {
        return Err(RuleError::NoAbility {
            unit: u.id,
            ability: "Rebound",
        });
    }
    let back = u.came_from.ok_or(RuleError::NothingToRebound(u.id))?;
    can_end(s, u.kind, back, u.id, Units::KnownTo(u.side)).map_err(|reason| {
        RuleError::Blocked {
            hex: s.arena().hex(back),
            reason,
        }
    })?;
    Ok(back)
}

/// Whether unit `u` may attack hex `target`: in range (a Phasewalker only
/// its own hex) and an enemy unit, corpse or base its side sees there.
///
/// # Errors
/// Why it may not.
pub(super) fn check_attack(
    s: &MatchState,
    u: &Unit,
    target: Hex,
    scratch: &mut Scratch,
) -> Result<Cell, RuleError> {
    let kind = s.roster().kind(u.kind);
    let t = cell(s, target)?;
    if kind.phasewalk && t != u.cell {
        return Err(RuleError::PhasewalkOwnHex(u.id));
    }
    let range = kind.def.range;
    if steps(s, u.cell, t, range, scratch).is_none() {
        let d = s.arena().distance(u.cell, t).min(255) as u8;
        return Err(RuleError::OutOfRange {
            hex: target,
            range,
            steps: d.max(range + 1),
        });
    }
    if has_target(s, u, t) {
        Ok(t)
    } else {
        Err(RuleError::NoTarget(target))
    }
}

/// Unit `u`'s Healing X Y, as (X, Y).
///
/// # Errors
/// [`RuleError::NoAbility`] when it has none.
pub(super) fn healing_of(s: &MatchState, u: &Unit) -> Result<(u8, u8), RuleError> {
    s.roster().kind(u.kind).healing.ok_or(RuleError::NoAbility {
        unit: u.id,
        ability: "Healing",
    })
}

/// Whether healer `u` may heal `targets` (1 to `max` distinct damaged
/// living allies next to it).
///
/// # Errors
/// The first bad target, or a wrong count.
pub(super) fn check_heal_targets(
    s: &MatchState,
    u: &Unit,
    targets: &[UnitId],
    max: u8,
) -> Result<(), RuleError> {
    if targets.is_empty() || targets.len() > usize::from(max) {
        return Err(RuleError::HealCount {
            max,
            given: targets.len(),
        });
    }
    for (i, t) in targets.iter().enumerate() {
        let bad = |reason| Err(RuleError::BadHealTarget { target: *t, reason });
        let Some(o) = s.unit(*t) else {
            return bad("no such unit");
        };
        if targets[..i].contains(t) {
            return bad("it is listed twice");
        }
        if o.id == u.id {
            return bad("a healer heals others, not itself");
        }
        if o.side != u.side || !o.alive() {
            return bad("it is not a living ally");
        }
        if s.arena().distance(o.cell, u.cell) > 1 {
            return bad("it is not adjacent");
        }
        if o.health >= s.roster().kind(o.kind).def.health {
            return bad("it is at full health");
        }
    }
    Ok(())
}

/// Unit `u`'s Summon X Y, as (X, the kind Y).
///
/// # Errors
/// [`RuleError::NoAbility`] when it has none.
pub(super) fn summon_of(s: &MatchState, u: &Unit) -> Result<(u8, KindId), RuleError> {
    s.roster().kind(u.kind).summon.ok_or(RuleError::NoAbility {
        unit: u.id,
        ability: "Summon",
    })
}

/// How many of summoner `u`'s summons are on the board.
fn summons_in_play(s: &MatchState, u: &Unit) -> usize {
    s.units()
        .iter()
        .filter(|x| x.summoner == Some(u.id) && x.on_board())
        .count()
}

/// Whether summoner `u` may summon a `kind` (its limit `limit`) for `side`
/// onto hex `to`: the kind waits in the reserve pool, the limit is not
/// reached, and `to` is a free hex next to the summoner.
///
/// # Errors
/// Why it may not.
pub(super) fn check_summon_at(
    s: &MatchState,
    u: &Unit,
    (limit, kind): (u8, KindId),
    to: Hex,
) -> Result<(), RuleError> {
    let side = u.side;
    if !s.reserve()[side].contains(&kind) {
        return Err(RuleError::ReserveEmpty {
            side,
            kind: s.roster().kind(kind).def.name.clone(),
        });
    }
    if summons_in_play(s, u) >= usize::from(limit) {
        return Err(RuleError::SummonLimit { unit: u.id, limit });
    }
    let dest = cell(s, to)?;
    if s.arena().distance(dest, u.cell) != 1 {
        return Err(RuleError::NotAdjacent {
            hex: to,
            what: "the summoner",
        });
    }
    can_end(s, kind, dest, NO_UNIT, Units::KnownTo(side))
        .map_err(|reason| RuleError::Blocked { hex: to, reason })
}

/// Calls `f` with every cell unit `u` may attack now, in cell order.
pub(super) fn attack_targets(
    s: &MatchState,
    u: &Unit,
    scratch: &mut Scratch,
    mut f: impl FnMut(Cell),
) {
    let kind = s.roster().kind(u.kind);
    if kind.phasewalk {
        if has_target(s, u, u.cell) {
            f(u.cell);
        }
        return;
    }
    let mut targets = Vec::new();
    s.arena()
        .within_steps(u.cell, kind.def.range, scratch, |c, _| {
            if has_target(s, u, c) {
                targets.push(c);
            }
        });
    targets.sort_unstable();
    targets.into_iter().for_each(f);
}

/// Calls `f` with every cell summoner `u` may summon onto now, in the
/// order of its neighbours (none when its pool or limit forbids it).
pub(super) fn summon_cells(s: &MatchState, u: &Unit, mut f: impl FnMut(Cell)) {
    let Some((limit, kind)) = s.roster().kind(u.kind).summon else {
        return;
    };
    let side: Side = u.side;
    if summons_in_play(s, u) >= usize::from(limit) || !s.reserve()[side].contains(&kind) {
        return;
    }
    for &n in s.arena().neighbours(u.cell) {
        if n != NO_CELL && can_end(s, kind, n, NO_UNIT, Units::KnownTo(side)).is_ok() {
            f(n);
        }
    }
}

/// Calls `f` with every Healing choice of `healer` that is legal now: all
/// its damaged adjacent allies at once when they are at most Y, otherwise
/// every choice of exactly Y of them.
pub fn heal_choices(s: &MatchState, healer: UnitId, mut f: impl FnMut(Vec<UnitId>)) {
    let Some((_, max)) = s.roster().kind(s.units()[usize::from(healer)].kind).healing else {
        return;
    };
    let cands = heal_candidates(s, healer);
    let max = usize::from(max);
    if cands.is_empty() {
        return;
    }
    if cands.len() <= max {
        f(cands);
    } else {
        combinations(&cands, max, &mut |t| f(t.to_vec()));
    }
}

/// How many heal commands [`heal_choices`] gives `healer` now, counted
/// without listing them: 1 when every candidate fits, else
/// `C(candidates, max)`.
#[must_use]
pub fn heal_choice_count(s: &MatchState, healer: UnitId) -> usize {
    let Some((_, max)) = s.roster().kind(s.units()[usize::from(healer)].kind).healing else {
        return 0;
    };
    let n = heal_candidate_count(s, healer);
    match n {
        0 => 0,
        n if n <= usize::from(max) => 1,
        n => binomial(n, usize::from(max)),
    }
}

/// The `i`-th of `healer`'s heal choices, in [`heal_choices`]'s order,
/// without listing the others; `None` when `i` is out of range.
#[must_use]
pub fn nth_heal_choice(s: &MatchState, healer: UnitId, i: usize) -> Option<Vec<UnitId>> {
    let (_, max) = s
        .roster()
        .kind(s.units()[usize::from(healer)].kind)
        .healing?;
    let cands = heal_candidates(s, healer);
    let r = usize::from(max);
    if cands.is_empty() {
        return None;
    }
    if cands.len() <= r {
        return (i == 0).then_some(cands);
    }
    nth_combination(&cands, r, i)
}

/// The `i`-th `r`-element combination of `items` in lexicographic order
/// (the order [`combinations`] lists them in), without listing the others:
/// each position takes the first item whose count of completions still
/// exceeds what is left of `i`.
fn nth_combination(items: &[UnitId], r: usize, mut i: usize) -> Option<Vec<UnitId>> {
    let n = items.len();
    let mut out = Vec::with_capacity(r);
    let mut next = 0;
    for slot in 0..r {
        let left = r - slot - 1;
        let (c, &item) = items.iter().enumerate().skip(next).find(|&(c, _)| {
            let rest = binomial(n - c - 1, left);
            if i < rest {
                true
            } else {
                i -= rest;
                false
            }
        })?;
        out.push(item);
        next = c + 1;
    }
    Some(out)
}

/// `C(n, k)`, saturating.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1_usize, |acc, j| acc.saturating_mul(n - j) / (j + 1))
}

fn combinations(items: &[UnitId], k: usize, f: &mut impl FnMut(&[UnitId])) {
    fn go(
        items: &[UnitId],
        k: usize,
        start: usize,
        cur: &mut Vec<UnitId>,
        f: &mut impl FnMut(&[UnitId]),
    ) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            go(items, k, i + 1, cur, f);
            cur.pop();
        }
    }
    go(items, k, 0, &mut Vec::new(), f);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unranking gives every combination in the order the listing gives
    /// them, and nothing past the last.
    #[test]
    fn nth_combination_follows_the_listing_order() {
        for n in 0..8_u16 {
            let items: Vec<UnitId> = (0..n).map(|i| i * 3).collect();
            for r in 1..=usize::from(n) {
                let mut listed = Vec::new();
                combinations(&items, r, &mut |c| listed.push(c.to_vec()));
                assert_eq!(listed.len(), binomial(usize::from(n), r));
                for (i, c) in listed.iter().enumerate() {
                    assert_eq!(
                        nth_combination(&items, r, i).as_ref(),
                        Some(c),
                        "{n} {r} {i}"
                    );
                }
                assert_eq!(nth_combination(&items, r, listed.len()), None);
            }
        }
    }
}

//! phase-rules-v1's `check`, `execute` and `legal`, and the course of a
//! turn: placing cards, flipping each phase, ties, the order of play,
//! slots and unit turns, scoring, the token, eliminations and the end.
//!
//! After every command the turn runs on by itself to the next decision: a
//! unit with no action left ends its turn, a slot whose player has no unit
//! that may still act ends, a phase nobody plays passes, and after the
//! last phase the turn is scored and the next one begins.

use super::command::PhaseCommand;
use super::event::PhaseEvent;
use super::state::PhaseMatch;
use super::{ACTIONS, MOVE_STEPS, PHASES, SUMMON_ACTIONS, Stage};
use crate::map::Side;
use crate::player::{PerPlayer, PlayerId};
use crate::rules::UnitCommand;
use crate::rules::arena::Cell;
use crate::rules::event::{Event, Spent};
use crate::rules::logic::Deployment;
use crate::rules::mechanics::{Exec, Hooks, arrival_stop, move_stop};
use crate::rules::roster::{Class, DeathPenalty};
use crate::rules::state::{NO_UNIT, Outcome, Unit, UnitId};
use std::cmp::Reverse;

mod check;
mod legal;

pub use check::{check, check_with};
pub use legal::legal_into;

/// phase-rules-v1's answers to the shared mechanics' questions: a kill
/// earns nothing, and Falter and eliminations are read from the events
/// afterwards (they change the table, which the shared steps do not see).
struct Phase;

impl Hooks for Phase {
    fn killed(_: &mut Exec<'_, Self>, _: Side) {}
    fn penalty(_: &mut Exec<'_, Self>, _: Side, _: DeathPenalty) {}
    fn base_fell(_: &mut Exec<'_, Self>, _: Side) {}
}

/// Applies `e` and records it.
fn emit(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, e: PhaseEvent) {
    pm.apply(&e);
    out.push(e);
}

/// Runs shared board steps, records their events (already applied), then
/// what they mean at the table: a commander's Energy or income penalty
/// is Falter, and a player whose last base fell is eliminated.
fn on_board(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, f: impl FnOnce(&mut Exec<'_, Phase>)) {
    let mut events = Vec::new();
    f(&mut Exec::new(&mut pm.board, &mut events));
    let mut fell = false;
    for e in events {
        let falter = match e {
            Event::Penalty {
                side,
                penalty: DeathPenalty::EnergyLoss(_) | DeathPenalty::IncomeLoss { .. },
                ..
            } => Some(side),
            _ => None,
        };
        fell |= matches!(e, Event::BaseDamaged { health: 0, .. });
        out.push(PhaseEvent::Board(e));
        if let Some(player) = falter {
            emit(pm, out, PhaseEvent::Faltered { player });
        }
    }
    if fell {
        eliminate(pm, out);
    }
}

/// Eliminates every player whose bases are all at 0; the last player left
/// wins.
fn eliminate(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>) {
    for p in PlayerId::all(pm.players()) {
        let mut bases = pm.board.bases().iter().filter(|b| b.side == p).peekable();
        if !pm.in_play(p) || bases.peek().is_none() || bases.any(|b| b.health > 0) {
            continue;
        }
        let outposts: Vec<(Cell, Option<Side>)> = pm
            .board
            .arena()
            .outposts
            .iter()
            .map(|&c| (c, pm.board.outpost_controller(c)))
            .collect();
        emit(pm, out, PhaseEvent::Eliminated { player: p });
        for (c, was) in outposts {
            let side = pm.board.outpost_controller(c);
            if side != was {
                let outpost = pm.board.arena().hex(c);
                emit(
                    pm,
                    out,
                    PhaseEvent::Board(Event::OutpostControl { outpost, side }),
                );
            }
        }
    }
    let mut left = PlayerId::all(pm.players()).filter(|&p| pm.in_play(p));
    if let (Some(winner), None) = (left.next(), left.next())
        && pm.board.outcome().is_none()
    {
        emit(
            pm,
            out,
            PhaseEvent::Board(Event::MatchEnded {
                outcome: Outcome::Won(winner),
            }),
        );
    }
}

/// The player the token goes to before the first turn, drawn from the
/// match seed (`SplitMix64` of the seed, so it is the same on every
/// platform).
#[must_use]
pub fn first_token(seed: u64, players: usize) -> PlayerId {
    let mut z = seed ^ 0x70ce_2b1f_5eed_0001;
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    PlayerId((z % players.max(1) as u64) as u8)
}

/// Deploys the armies, gives the token to a player drawn from the seed
/// and begins the first turn, appending the events to `out`.
pub fn start(pm: &mut PhaseMatch, armies: &PerPlayer<Deployment>, out: &mut Vec<PhaseEvent>) {
    on_board(pm, out, |x| {
        for (side, army) in armies.pairs() {
            x.emit(Event::Army {
                side,
                race: army.race,
            });
            for &(kind, hex) in &army.units {
                x.arrive(hex, |id| Event::Deployed {
                    unit: id,
                    kind,
                    side,
                    hex,
                });
            }
            for &kind in &army.reserve {
                x.emit(Event::ReserveAdded { side, kind });
            }
        }
    });
    let token = first_token(pm.board.seed(), pm.players());
    start_turn(pm, out, 0, token);
}

/// Begins turn `turn` with `token` holding the token: cards replaced,
/// then for every player in play in seat order from the token holder:
/// pending captures resolve, unit flags reset, poison ticks, corpses
/// revive and Monks heal.
fn start_turn(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, turn: u32, token: PlayerId) {
    emit(pm, out, PhaseEvent::TurnBegan { turn, token });
    let n = pm.players();
    for k in 0..n {
        let p = PlayerId(((token.index() + k) % n) as u8);
        if !pm.in_play(p) {
            continue;
        }
        on_board(pm, out, |x| {
            x.resolve_captures(p);
            x.emit(Event::FlagsReset { side: p });
            let corpses = x.corpses(p);
            x.poison_ticks(p);
            x.revive(corpses);
            x.monk_healing(p);
        });
    }
}

/// Scores the turn, then ends the match at the round limit or passes the
/// token one player to the left and begins the next turn.
fn end_turn(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>) {
    let n = pm.players();
    let playing: Vec<PlayerId> = PlayerId::all(n).filter(|&p| pm.in_play(p)).collect();
    for p in playing {
        let gained = pm
            .board
            .objectives()
            .iter()
            .filter(|o| o.owner == Some(p))
            .count() as u32;
        let total = pm.points()[p] + gained;
        emit(
            pm,
            out,
            PhaseEvent::Scored {
                player: p,
                gained,
                total,
            },
        );
    }
    let turn = pm.turn();
    emit(pm, out, PhaseEvent::TurnEnded { turn });
    if turn + 1 >= pm.board.rules().round_limit {
        let outcome = points_outcome(pm);
        emit(pm, out, PhaseEvent::Board(Event::MatchEnded { outcome }));
        return;
    }
    let mut token = pm.token();
    for _ in 0..n {
        token = token.next(n);
        if pm.in_play(token) {
            break;
        }
    }
    start_turn(pm, out, turn + 1, token);
}

/// The result at the round limit: the player in play with the most points
/// wins; equal leaders draw.
fn points_outcome(pm: &PhaseMatch) -> Outcome {
    let players = || PlayerId::all(pm.players()).filter(|&p| pm.in_play(p));
    let best = players().map(|p| pm.points()[p]).max().unwrap_or(0);
    let mut leaders = players().filter(|&p| pm.points()[p] == best);
    match (leaders.next(), leaders.next()) {
        (Some(w), None) => Outcome::Won(w),
        _ => Outcome::Draw,
    }
}

/// The players in play with a living unit of `class`: a phase's
/// participants, in seat order.
#[must_use]
pub fn participants(pm: &PhaseMatch, class: Class) -> Vec<PlayerId> {
    PlayerId::all(pm.players())
        .filter(|&p| {
            pm.in_play(p)
                && pm
                    .board
                    .units()
                    .iter()
                    .any(|u| u.side == p && u.alive() && class_of(pm, u) == class)
        })
        .collect()
}

fn class_of(pm: &PhaseMatch, u: &Unit) -> Class {
    pm.board.roster().kind(u.kind).def.class
}

/// Flips phase `i` (or ends the turn after the last): ties call for
/// reveals, otherwise the order is set.
fn begin_phase(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, i: usize) {
    let Some(&class) = PHASES.get(i) else {
        end_turn(pm, out);
        return;
    };
    let speed = |pm: &PhaseMatch, p: PlayerId| pm.seats()[p].speeds[i].unwrap_or(0);
    let cards: Vec<(PlayerId, u8)> = PlayerId::all(pm.players())
        .filter(|&p| pm.in_play(p))
        .map(|p| (p, speed(pm, p)))
        .collect();
    emit(
        pm,
        out,
        PhaseEvent::Flipped {
            phase: class,
            cards,
        },
    );
    let playing = participants(pm, class);
    let tied: Vec<PlayerId> = playing
        .iter()
        .copied()
        .filter(|&p| {
            playing
                .iter()
                .any(|&q| q != p && speed(pm, q) == speed(pm, p))
        })
        .collect();
    if !tied.is_empty() {
        emit(
            pm,
            out,
            PhaseEvent::TieCalled {
                phase: class,
                tied: tied.clone(),
            },
        );
        for p in tied {
            if pm.seats()[p].hand.is_empty() {
                emit(
                    pm,
                    out,
                    PhaseEvent::Revealed {
                        player: p,
                        card: None,
                    },
                );
            }
        }
        if !pm.to_reveal().is_empty() {
            return;
        }
    }
    order_phase(pm, out);
}

/// How far `p` sits from the token holder counterclockwise (the holder is
/// 0, the player to its right 1, …).
#[must_use]
pub fn token_distance(token: PlayerId, p: PlayerId, players: usize) -> usize {
    (token.index() + players - p.index()) % players.max(1)
}

/// Sets the current phase's order — flipped card, then revealed card, then
/// closeness to the token counterclockwise — and plays on.
fn order_phase(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>) {
    let i = pm.phase_index();
    let class = PHASES[i];
    let (token, n) = (pm.token(), pm.players());
    let mut order = participants(pm, class);
    order.sort_by_key(|&p| {
        let seat = &pm.seats()[p];
        (
            Reverse(seat.speeds[i].unwrap_or(0)),
            Reverse(seat.reveals[i].unwrap_or(0)),
            token_distance(token, p, n),
        )
    });
    emit(
        pm,
        out,
        PhaseEvent::Ordered {
            phase: class,
            order,
        },
    );
    advance(pm, out);
}

/// Whether unit `u` may still take (or go on with) its turn in the
/// current slot of player `p`.
fn may_act(pm: &PhaseMatch, p: PlayerId, u: &Unit) -> bool {
    u.side == p
        && u.alive()
        && !u.arrived
        && class_of(pm, u) == pm.phase()
        && !pm.unit_turn(u.id).done
}

/// Plays on to the next decision: empty slots end, finished phases pass.
fn advance(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>) {
    while pm.board.outcome().is_none() && pm.stage() == Stage::Acting && pm.active().is_none() {
        let i = pm.phase_index();
        match pm.order(i).get(pm.slot()).copied() {
            None => {
                begin_phase(pm, out, i + 1);
                return;
            }
            Some(p) => {
                let idle = !pm.in_play(p) || !pm.board.units().iter().any(|u| may_act(pm, p, u));
                if !idle {
                    return;
                }
                emit(pm, out, PhaseEvent::SlotEnded { player: p });
            }
        }
    }
}

/// Ends the acting unit's turn when it has no action left or is no longer
/// alive, then plays on.
fn settle(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>) {
    if pm.board.outcome().is_some() {
        return;
    }
    if let Some(a) = pm.active() {
        let alive = pm.board.unit(a).is_some_and(Unit::alive);
        if !alive || pm.unit_turn(a).left == 0 {
            emit(pm, out, PhaseEvent::UnitEnded { unit: a });
        }
    }
    advance(pm, out);
}

/// The actions unit `u` has in a turn: 2 (summons 1), Active one more,
/// Falter one fewer (never fewer than 1).
#[must_use]
pub fn actions_for(pm: &PhaseMatch, u: &Unit) -> u8 {
    let kind = pm.board.roster().kind(u.kind);
    let base = if kind.def.class == Class::Summon {
        SUMMON_ACTIONS
    } else {
        ACTIONS
    };
    let n = base + kind.actions.saturating_sub(1);
    if pm.falter()[u.side].now {
        n.saturating_sub(1).max(1)
    } else {
        n
    }
}

/// The player who decides now; `None` once the match is over.
#[must_use]
pub fn to_move(pm: &PhaseMatch) -> Option<PlayerId> {
    if pm.board.outcome().is_some() {
        return None;
    }
    match pm.stage() {
        Stage::Placing => {
            PlayerId::all(pm.players()).find(|&p| pm.in_play(p) && !pm.seats()[p].placed)
        }
        Stage::Revealing => pm.to_reveal().first().copied(),
        Stage::Acting => pm.slot_player(),
    }
}

/// A command the player to move may always play: default cards, the
/// lowest card of the hand, or the end of the slot.
#[must_use]
pub fn pass(pm: &PhaseMatch) -> PhaseCommand {
    let player = to_move(pm).unwrap_or_default();
    match pm.stage() {
        Stage::Placing => PhaseCommand::PlaceCards {
            player,
            cards: [8, 7, 6, 5],
        },
        Stage::Revealing => PhaseCommand::Reveal {
            player,
            card: pm.seats()[player].hand.iter().next().unwrap_or(1),
        },
        Stage::Acting => PhaseCommand::EndSlot,
    }
}

/// Begins unit `unit`'s turn if it has not begun.
fn start_unit(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, unit: UnitId) {
    if pm.active() == Some(unit) {
        return;
    }
    let actions = actions_for(pm, &pm.board.units()[usize::from(unit)]);
    emit(pm, out, PhaseEvent::UnitStarted { unit, actions });
}

/// Spends an action of `unit` (nothing once the match is over).
fn spend(pm: &mut PhaseMatch, out: &mut Vec<PhaseEvent>, unit: UnitId) {
    if pm.board.outcome().is_some() {
        return;
    }
    let left = pm.unit_turn(unit).left.saturating_sub(1);
    emit(pm, out, PhaseEvent::ActionSpent { unit, left });
}

/// Plays a command [`check`] accepted, appending its events to `out`
/// (each applied as it is produced), then plays on to the next decision.
pub fn execute_unchecked(pm: &mut PhaseMatch, cmd: &PhaseCommand, out: &mut Vec<PhaseEvent>) {
    match cmd {
        PhaseCommand::PlaceCards { player, cards } => {
            emit(
                pm,
                out,
                PhaseEvent::CardsPlaced {
                    player: *player,
                    cards: *cards,
                },
            );
            if to_move(pm).is_none() {
                begin_phase(pm, out, 0);
            }
        }
        PhaseCommand::Reveal { player, card } => {
            emit(
                pm,
                out,
                PhaseEvent::Revealed {
                    player: *player,
                    card: Some(*card),
                },
            );
            if pm.to_reveal().is_empty() {
                order_phase(pm, out);
            }
        }
        PhaseCommand::EndUnit => {
            if let Some(unit) = pm.active() {
                emit(pm, out, PhaseEvent::UnitEnded { unit });
            }
            advance(pm, out);
        }
        PhaseCommand::EndSlot => {
            if let Some(unit) = pm.active() {
                emit(pm, out, PhaseEvent::UnitEnded { unit });
            }
            let player = pm.slot_player().unwrap_or_default();
            emit(pm, out, PhaseEvent::SlotEnded { player });
            advance(pm, out);
        }
        PhaseCommand::Unit(_) => execute_unit(pm, cmd, out),
    }
}

/// Plays a unit's move, attack or ability (checked): its turn begins if
/// it had not, and ends when it has no action left.
fn execute_unit(pm: &mut PhaseMatch, cmd: &PhaseCommand, out: &mut Vec<PhaseEvent>) {
    match cmd {
        PhaseCommand::Unit(UnitCommand::Move { unit, to }) => {
            let unit = *unit;
            start_unit(pm, out, unit);
            let u = &pm.board.units()[usize::from(unit)];
            let (from, side) = (u.cell, u.side);
            let dest = pm.board.arena().cell(*to).expect("checked");
            if let Some(at) = move_stop(&pm.board, u, dest, MOVE_STEPS) {
                on_board(pm, out, |x| x.stopped(side, Spent::Move { unit }, at));
                spend(pm, out, unit);
                settle(pm, out);
                return;
            }
            let moved = Event::Moved {
                unit,
                from: pm.board.arena().hex(from),
                to: *to,
            };
            on_board(pm, out, |x| x.relocate(unit, from, dest, moved));
            spend(pm, out, unit);
            settle(pm, out);
        }
        PhaseCommand::Unit(UnitCommand::Attack { unit, target }) => {
            let unit = *unit;
            start_unit(pm, out, unit);
            let t = pm.board.arena().cell(*target).expect("checked");
            on_board(pm, out, |x| x.attack(unit, t));
            spend(pm, out, unit);
            settle(pm, out);
        }
        PhaseCommand::Unit(UnitCommand::Heal { unit, targets }) => {
            let unit = *unit;
            start_unit(pm, out, unit);
            let kind = pm.board.units()[usize::from(unit)].kind;
            let (amount, _) = pm.board.roster().kind(kind).healing.expect("checked");
            on_board(pm, out, |x| {
                x.emit(Event::AbilityUsed { unit });
                for t in targets {
                    x.heal(*t, amount, unit);
                }
            });
            settle(pm, out);
        }
        PhaseCommand::Unit(UnitCommand::Summon { unit, to }) => {
            let unit = *unit;
            start_unit(pm, out, unit);
            let u = &pm.board.units()[usize::from(unit)];
            let side = u.side;
            let (_, kind) = pm.board.roster().kind(u.kind).summon.expect("checked");
            let dest = pm.board.arena().cell(*to).expect("checked");
            if let Some(at) = arrival_stop(&pm.board, kind, dest, NO_UNIT) {
                on_board(pm, out, |x| x.stopped(side, Spent::Summon { unit }, at));
                settle(pm, out);
                return;
            }
            on_board(pm, out, |x| {
                x.arrive(*to, |id| Event::Summoned {
                    unit: id,
                    kind,
                    side,
                    hex: *to,
                    by: unit,
                });
            });
            settle(pm, out);
        }
        PhaseCommand::Unit(UnitCommand::Rebound { unit }) => {
            let unit = *unit;
            start_unit(pm, out, unit);
            let u = &pm.board.units()[usize::from(unit)];
            let (from, back) = (u.cell, u.came_from.expect("checked"));
            if let Some(at) = arrival_stop(&pm.board, u.kind, back, u.id) {
                let side = u.side;
                on_board(pm, out, |x| x.stopped(side, Spent::Rebound { unit }, at));
                emit(pm, out, PhaseEvent::ReboundUsed { unit });
                settle(pm, out);
                return;
            }
            let a = pm.board.arena();
            let rebounded = Event::Rebounded {
                unit,
                from: a.hex(from),
                to: a.hex(back),
            };
            on_board(pm, out, |x| x.relocate(unit, from, back, rebounded));
            emit(pm, out, PhaseEvent::ReboundUsed { unit });
            settle(pm, out);
        }
        PhaseCommand::PlaceCards { .. }
        | PhaseCommand::Reveal { .. }
        | PhaseCommand::EndUnit
        | PhaseCommand::EndSlot => {}
    }
}

//! Human play: what the selected unit can do, and which command a click on
//! the board means. The engine decides what is legal; this only turns
//! clicks into commands (illegal ones too, so the engine can say why).

use hexwright_engine::Hex;
use hexwright_engine::map::Side;
use hexwright_engine::rules::phase::{PhaseCommand, PhaseMatch, PhaseView};
use hexwright_engine::rules::{Command, MatchState, PlayerView, UnitCommand, UnitId, legal};
use hexwright_engine::ruleset::{PhaseRulesV1, Ruleset};

/// What the user is in the middle of choosing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Intent {
    /// Nothing special: clicks select, move and attack.
    #[default]
    Normal,
    /// The selected unit's Summon: the next click picks where.
    Summon(UnitId),
    /// A barracks spawn of this kind: the next click picks where.
    Spawn {
        /// The barracks.
        barracks: Hex,
        /// Unit kind name.
        kind: String,
    },
}

/// Everything the selected unit may do now, in either ruleset (from the
/// engine's legal commands), as its side sees the board: a hidden enemy is
/// no hole in the reach.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitOptions {
    /// Hexes it can move to.
    pub moves: Vec<Hex>,
    /// Hexes it can attack.
    pub attacks: Vec<Hex>,
    /// Its Rebound, if legal.
    pub rebound: Option<UnitCommand>,
    /// Its legal Healing commands.
    pub heals: Vec<UnitCommand>,
    /// Hexes its Summon can place a summon on.
    pub summons: Vec<Hex>,
}

impl UnitOptions {
    /// The options of `unit` among `legal`, the legal unit commands in the
    /// engine's order.
    #[must_use]
    pub fn from_legal(unit: UnitId, legal: impl IntoIterator<Item = UnitCommand>) -> Self {
        let mut o = Self::default();
        for cmd in legal.into_iter().filter(|c| c.unit() == unit) {
            match cmd {
                UnitCommand::Move { to, .. } => o.moves.push(to),
                UnitCommand::Attack { target, .. } => o.attacks.push(target),
                UnitCommand::Rebound { .. } => o.rebound = Some(cmd),
                UnitCommand::Heal { .. } => o.heals.push(cmd),
                UnitCommand::Summon { to, .. } => o.summons.push(to),
            }
        }
        o
    }

    /// The options of `unit` in the akw-rules-v1 match `s` (the true
    /// state), computed on the view of the unit's side, so they show
    /// nothing that side cannot see.
    #[must_use]
    pub fn of(s: &MatchState, unit: UnitId) -> Self {
        let Some(side) = s.unit(unit).map(|u| u.side) else {
            return Self::default();
        };
        let legal = legal(&PlayerView::new(s, side).state);
        Self::from_legal(
            unit,
            legal.into_iter().filter_map(|c| match c {
                Command::Unit(u) => Some(u),
                Command::Spawn { .. } | Command::EndTurn => None,
            }),
        )
    }

    /// The options of `unit` in the phase-rules-v1 match `s` (the true
    /// state), on the view of the unit's side like [`Self::of`].
    #[must_use]
    pub fn of_phase(s: &PhaseMatch, unit: UnitId) -> Self {
        let Some(side) = s.board().unit(unit).map(|u| u.side) else {
            return Self::default();
        };
        let legal = PhaseRulesV1::legal_commands(&PhaseView::new(s, side).state);
        Self::from_legal(
            unit,
            legal.into_iter().filter_map(|c| match c {
                PhaseCommand::Unit(u) => Some(u),
                _ => None,
            }),
        )
    }
}

/// The legal spawn targets of `kind` at `barracks`, as the side to move
/// sees the board (`s` is the true state).
#[must_use]
pub fn spawn_targets(s: &MatchState, barracks: Hex, kind: &str) -> Vec<Hex> {
    legal(&PlayerView::new(s, s.side()).state)
        .into_iter()
        .filter_map(|c| match c {
            Command::Spawn {
                barracks: b,
                kind: k,
                to,
            } if b == barracks && k == kind => Some(to),
            _ => None,
        })
        .collect()
}

/// What a click on the board means (`C`: the ruleset's command).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click<C = Command> {
    /// Select this unit (for the inspector, and to command it).
    Select(UnitId),
    /// Clear the selection.
    Deselect,
    /// Open the spawn menu of this barracks.
    Barracks(Hex),
    /// Play this command (the engine checks it).
    Command(C),
}

/// The meaning of a click on `hex` in `s` (the true state) by a person
/// playing `side`, with `selected` selected and `intent` pending.
/// `visible` says whether the person can see units on the hex.
#[must_use]
pub fn click(
    s: &MatchState,
    side: Option<Side>,
    selected: Option<UnitId>,
    intent: &Intent,
    hex: Hex,
    visible: bool,
) -> Click {
    let to_move = s.outcome().is_none() && side == Some(s.side());
    match intent {
        Intent::Summon(unit) if to_move => {
            return Click::Command(Command::Unit(UnitCommand::Summon {
                unit: *unit,
                to: hex,
            }));
        }
        Intent::Spawn { barracks, kind } if to_move => {
            return Click::Command(Command::Spawn {
                barracks: *barracks,
                kind: kind.as_str().into(),
                to: hex,
            });
        }
        _ => {}
    }
    match aim(s, side, selected, to_move, hex, visible) {
        Aim::Select(u) => Click::Select(u),
        Aim::Attack(unit) => {
            Click::Command(Command::Unit(UnitCommand::Attack { unit, target: hex }))
        }
        Aim::Move(unit) => Click::Command(Command::Unit(UnitCommand::Move { unit, to: hex })),
        Aim::Empty
            if to_move
                && s.arena()
                    .barracks
                    .iter()
                    .any(|&(b, owner)| Some(owner) == side && s.arena().hex(b) == hex) =>
        {
            Click::Barracks(hex)
        }
        Aim::Deselect | Aim::Empty => Click::Deselect,
    }
}

/// What a click on a hex means among the units on the board — the part
/// every ruleset shares, before its own intents (a Summon, a spawn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Select this unit.
    Select(UnitId),
    /// Clear the selection (the selected unit was clicked again).
    Deselect,
    /// The selected unit attacks the hex: an enemy unit or base is there.
    Attack(UnitId),
    /// The selected unit moves to the hex.
    Move(UnitId),
    /// No unit there, and none to command.
    Empty,
}

/// The meaning of a click on `hex` in `s` among its units, for a person
/// playing `side` with `selected` selected; `commanding` says whether the
/// person may command the selected unit now, `visible` whether they see
/// units on the hex. Another own unit is selected; the selected one
/// clicked again is deselected; an enemy unit or base is attacked; any
/// other hex is a move (the engine says whether it is legal).
#[must_use]
pub fn aim(
    s: &MatchState,
    side: Option<Side>,
    selected: Option<UnitId>,
    commanding: bool,
    hex: Hex,
    visible: bool,
) -> Aim {
    let units: Vec<_> = s
        .units_at_hex(hex)
        .filter(|u| u.on_board() && (visible || Some(u.side) == side))
        .collect();
    let own = units
        .iter()
        .find(|u| Some(u.side) == side && u.alive() && Some(u.id) != selected);
    let mine = selected
        .and_then(|id| s.unit(id))
        .filter(|u| commanding && Some(u.side) == side && u.alive());
    if let Some(u) = mine {
        if let Some(o) = own {
            return Aim::Select(o.id);
        }
        if units.iter().any(|x| x.id == u.id) {
            return Aim::Deselect;
        }
        let enemy_here = units.iter().any(|x| x.side != u.side)
            || s.arena()
                .cell(hex)
                .and_then(|c| s.base_at(c))
                .is_some_and(|b| s.bases()[b].side != u.side);
        return if enemy_here {
            Aim::Attack(u.id)
        } else {
            Aim::Move(u.id)
        };
    }
    match units.first() {
        Some(u) => Aim::Select(own.map_or(u.id, |o| o.id)),
        None => Aim::Empty,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::Roster;
    use hexwright_engine::rules::check;
    use hexwright_engine::rules::scenario::Scenario;
    use std::path::Path;

    fn start() -> MatchState {
        let map = hexwright_headless::files::bundled::default_map().expect("bundled map");
        let p = Scenario::for_map(map, 1, 60)
            .prepare(Path::new("."), &Roster::bundled(), "test")
            .expect("valid");
        p.new_match().0
    }

    #[test]
    fn a_click_on_a_reachable_hex_moves_the_selected_unit() {
        let s = start();
        let u = s
            .units()
            .iter()
            .find(|u| u.side == PlayerId(0))
            .expect("a unit");
        let o = UnitOptions::of(&s, u.id);
        let to = *o.moves.first().expect("it can move");
        let c = click(&s, Some(PlayerId(0)), Some(u.id), &Intent::Normal, to, true);
        assert_eq!(
            c,
            Click::Command(Command::Unit(UnitCommand::Move { unit: u.id, to }))
        );
        assert!(check(&s, &Command::Unit(UnitCommand::Move { unit: u.id, to })).is_ok());
    }

    #[test]
    fn a_far_click_is_a_move_the_engine_refuses_with_a_reason() {
        let s = start();
        let u = s
            .units()
            .iter()
            .find(|u| u.side == PlayerId(0))
            .expect("a unit");
        let far = s
            .arena()
            .hexes()
            .iter()
            .copied()
            .max_by_key(|h| h.unsigned_distance_to(s.arena().hex(u.cell)))
            .expect("hexes");
        let Click::Command(cmd) = click(
            &s,
            Some(PlayerId(0)),
            Some(u.id),
            &Intent::Normal,
            far,
            true,
        ) else {
            panic!("a command");
        };
        let reason = check(&s, &cmd).expect_err("too far").to_string();
        assert!(reason.contains("not reachable"), "{reason}");
    }

    #[test]
    fn clicking_a_unit_selects_it_and_clicking_it_again_deselects() {
        let s = start();
        let u = s
            .units()
            .iter()
            .find(|u| u.side == PlayerId(0))
            .expect("a unit");
        let h = s.arena().hex(u.cell);
        assert_eq!(
            click(&s, Some(PlayerId(0)), None, &Intent::Normal, h, true),
            Click::Select(u.id)
        );
        assert_eq!(
            click(&s, Some(PlayerId(0)), Some(u.id), &Intent::Normal, h, true),
            Click::Deselect
        );
    }

    #[test]
    fn an_own_barracks_opens_the_spawn_menu() {
        let s = start();
        let Some(&(b, owner)) = s.arena().barracks.iter().find(|(_, o)| *o == PlayerId(0)) else {
            return;
        };
        let h = s.arena().hex(b);
        if s.units_at_hex(h).next().is_none() {
            assert_eq!(
                click(&s, Some(owner), None, &Intent::Normal, h, true),
                Click::Barracks(h)
            );
        }
    }

    /// The start with side 1's first unit moved onto a hex one of side 0's
    /// units can reach but side 0 cannot see (side 0's unit moved first
    /// when it must be), and that unit and hex.
    fn hidden_enemy_in_reach() -> (MatchState, UnitId, Hex) {
        let s0 = start();
        let enemy = s0.units().iter().find(|u| u.side == PlayerId(1)).unwrap();
        let enemy_hex = s0.arena().hex(enemy.cell);
        let mine: Vec<_> = s0
            .units()
            .iter()
            .filter(|u| u.side == PlayerId(0))
            .map(|u| (u.id, s0.arena().hex(u.cell)))
            .collect();
        let moved = |s: &MatchState, unit, from, to| {
            let mut s = s.clone();
            s.apply(&hexwright_engine::rules::Event::Moved { unit, from, to });
            s
        };
        for &(id, at) in &mine {
            let mut starts = vec![s0.clone()];
            starts.extend(
                UnitOptions::of(&s0, id)
                    .moves
                    .into_iter()
                    .map(|to| moved(&s0, id, at, to)),
            );
            for s in starts {
                for to in UnitOptions::of(&s, id).moves {
                    let t = moved(&s, enemy.id, enemy_hex, to);
                    let seen = PlayerView::new(&t, PlayerId(0))
                        .state
                        .units_at_hex(to)
                        .any(|u| u.id == enemy.id);
                    if !seen {
                        return (t, id, to);
                    }
                }
            }
        }
        panic!("no hex in side 0's reach is hidden from it");
    }

    #[test]
    fn a_hidden_enemy_is_no_hole_in_the_reach() {
        let (mut s, unit, hidden) = hidden_enemy_in_reach();
        // What the player is shown: the hex is in the reach, as it looks.
        let o = UnitOptions::of(&s, unit);
        assert!(o.moves.contains(&hidden), "{hidden:?} not in {:?}", o.moves);
        assert!(!o.attacks.contains(&hidden));
        // The rules judge by what side 0 knows: the move is legal, and
        // playing it is stopped by the hidden unit, which costs the move.
        let cmd = Command::Unit(UnitCommand::Move { unit, to: hidden });
        assert!(legal(&s).contains(&cmd));
        let mut events = Vec::new();
        hexwright_engine::rules::execute(&mut s, &cmd, &mut events).expect("legal");
        assert!(
            matches!(events.as_slice(), [hexwright_engine::rules::Event::Stopped { at, .. }] if *at == hidden),
            "{events:?}"
        );
        assert!(s.unit(unit).is_some_and(|u| u.moved));
    }
}

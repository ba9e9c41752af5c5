//! phase-rules-v1 replays: the same file as akw-rules-v1's — header (with
//! `ruleset: "phase-rules-v1"`), map, armies, round limit, hashes — with
//! phase-rules-v1 commands; and [`AnyReplay`], the one path that reads a
//! replay of either ruleset.

use super::{
    BoardSnapshot, ENGINE_VERSION, Hash64, Header, Progress, REPLAY_FORMAT, Replay, ReplayError,
    RosterId, Summary, map_hash, roster_hash,
};
use crate::format::{self, SaveError};
use crate::map::Map;
use crate::player::PlayerId;
use crate::replay::{HUMAN, rerun};
use crate::rules::Roster;
use crate::rules::phase::{PHASE_RULES_V1, PHASES, PhaseCommand, PhaseMatch};
use crate::rules::scenario::Prepared;
use crate::ruleset::{PhaseRulesV1, Ruleset};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A replay of phase-rules-v1 commands.
pub type PhaseReplay = Replay<PhaseCommand>;

/// A replay of either ruleset, as its header names it.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyReplay {
    /// akw-rules-v1.
    Akw(Replay),
    /// phase-rules-v1.
    Phase(PhaseReplay),
}

#[derive(Deserialize)]
struct RulesetProbe {
    header: RulesetProbeHeader,
}

#[derive(Deserialize)]
struct RulesetProbeHeader {
    #[serde(default)]
    ruleset: String,
}

impl AnyReplay {
    /// Parses a replay of either ruleset (the header's `ruleset` says which).
    pub fn parse(text: &str, origin: &str) -> Result<Self, ReplayError> {
        let ruleset = format::parse_ron::<RulesetProbe>(text, origin)
            .map(|p| p.header.ruleset)
            .unwrap_or_default();
        if ruleset == PHASE_RULES_V1 {
            let replay: PhaseReplay = format::parse_ron(text, origin)?;
            if replay.header.format != REPLAY_FORMAT {
                return Err(ReplayError::Format {
                    origin: origin.into(),
                    found: replay.header.format,
                });
            }
            return Ok(Self::Phase(replay.within_limits(origin)?));
        }
        Replay::parse(text, origin).map(Self::Akw)
    }

    /// Reads a replay file of either ruleset.
    pub fn load(path: &Path) -> Result<Self, ReplayError> {
        Self::parse(&format::read_text(path)?, &path.display().to_string())
    }
}

/// One player's cards in a [`PhaseSnapshot`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSnapshot {
    /// Whether it has placed its cards this turn.
    pub placed: bool,
    /// Its cards in class order, each once it is flipped.
    pub flipped: [Option<u8>; 4],
    /// Its hand: the cards neither placed nor revealed this turn.
    pub hand: Vec<u8>,
    /// The card it revealed to break a tie in each phase (0: none left).
    pub reveals: [Option<u8>; 4],
    /// Its points.
    pub points: u32,
    /// Whether it is eliminated.
    pub eliminated: bool,
    /// Whether Falter weighs on its units this turn.
    pub faltering: bool,
}

/// The unit taking its turn in a [`PhaseSnapshot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActiveSnapshot {
    /// The unit.
    pub unit: u16,
    /// Its actions left.
    pub actions_left: u8,
}

/// A phase-rules-v1 match after one command of a replay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseSnapshot {
    /// Index of the command just applied.
    pub index: usize,
    /// The command.
    pub command: PhaseCommand,
    /// Round (1-based; a round is one turn).
    pub round: u32,
    /// `placing`, `revealing` or `acting`.
    pub stage: String,
    /// The phase flipped or being played (`commander`, …).
    pub phase: String,
    /// Who holds the tiebreaker token.
    pub token: PlayerId,
    /// Who decides now (`None` once the match is over).
    pub to_move: Option<PlayerId>,
    /// Each player's cards, points and standing.
    pub seats: Vec<SeatSnapshot>,
    /// Each phase's order of play this turn, fastest first (empty until set).
    pub orders: Vec<Vec<PlayerId>>,
    /// The current phase's slot (index into its order).
    pub slot: usize,
    /// The unit taking its turn.
    pub active: Option<ActiveSnapshot>,
    /// The board.
    #[serde(flatten)]
    pub board: BoardSnapshot,
}

impl PhaseSnapshot {
    /// A snapshot of `s` after command `index`, `command`.
    #[must_use]
    pub fn new(s: &PhaseMatch, index: usize, command: &PhaseCommand) -> Self {
        let flipped = s.flipped();
        let seats = PlayerId::all(s.players())
            .map(|p| {
                let seat = &s.seats()[p];
                let mut shown = [None; 4];
                shown[..flipped].copy_from_slice(&seat.speeds[..flipped]);
                SeatSnapshot {
                    placed: seat.placed,
                    flipped: shown,
                    hand: seat.hand.iter().collect(),
                    reveals: seat.reveals,
                    points: s.points()[p],
                    eliminated: !s.in_play(p),
                    faltering: s.falter()[p].now,
                }
            })
            .collect();
        Self {
            index,
            command: command.clone(),
            round: s.round(),
            stage: format!("{:?}", s.stage()).to_lowercase(),
            phase: s.phase().name().to_owned(),
            token: s.token(),
            to_move: PhaseRulesV1::to_move(s),
            seats,
            orders: (0..PHASES.len()).map(|i| s.order(i).to_vec()).collect(),
            slot: s.slot(),
            active: s.active().map(|unit| ActiveSnapshot {
                unit,
                actions_left: s.unit_turn(unit).left,
            }),
            board: BoardSnapshot::new(s.board()),
        }
    }
}

impl PhaseReplay {
    /// The replay of a phase-rules-v1 match of `prepared` with `seed` in
    /// which `played` was played; `players` names who played each seat (a
    /// missing name is [`HUMAN`]). Every command is checked and a state
    /// hash is taken after every command that ends a turn or the match,
    /// and after the last.
    pub fn record_phase(
        prepared: &Prepared,
        map: &Map,
        seed: u64,
        players: &[&str],
        played: &[PhaseCommand],
    ) -> Result<Self, ReplayError> {
        let origin = "the recorded match";
        let encode = |e: ron::Error| SaveError::Encode {
            path: "replay".into(),
            message: e.to_string(),
        };
        let (mut s, _) = PhaseRulesV1::start(prepared, seed);
        let mut events = Vec::new();
        let mut hashes = Vec::new();
        let mut ended = false;
        for (index, cmd) in played.iter().enumerate() {
            events.clear();
            let turn = s.turn();
            PhaseRulesV1::execute(&mut s, cmd, &mut events).map_err(|reason| {
                ReplayError::IllegalPhase {
                    origin: origin.into(),
                    index,
                    command: cmd.clone(),
                    reason,
                }
            })?;
            ended = s.turn() != turn || s.board().outcome().is_some();
            if ended {
                hashes.push(Hash64(s.state_hash()));
            }
        }
        if !played.is_empty() && !ended {
            hashes.push(Hash64(s.state_hash()));
        }
        let roster = &prepared.rules.roster;
        let name = |i: usize| players.get(i).copied().unwrap_or(HUMAN);
        Ok(Self {
            header: Header {
                format: REPLAY_FORMAT,
                engine: ENGINE_VERSION.into(),
                ruleset: PHASE_RULES_V1.into(),
                map_hash: map_hash(map).map_err(encode)?,
                roster: RosterId {
                    name: roster.name.clone(),
                    hash: roster_hash(roster).map_err(encode)?,
                },
                seed,
                players: (0..prepared.players())
                    .map(|i| name(i).to_owned())
                    .collect(),
            },
            round_limit: prepared.rules.round_limit,
            map: map.clone(),
            armies: prepared.written_armies(seed),
            commands: played.to_vec(),
            hashes: Some(hashes),
        })
    }

    /// Re-runs the replay with `roster`: every command must be legal and
    /// every state hash present must match. `trace` sees the match after
    /// each command.
    pub fn run(
        &self,
        roster: &Roster,
        origin: &str,
        mut trace: Option<&mut dyn FnMut(&PhaseSnapshot)>,
    ) -> Result<Summary, ReplayError> {
        let prepared = self.prepare(roster, origin)?;
        let (mut s, _) = PhaseRulesV1::start(&prepared, self.header.seed);
        let checked = rerun::<PhaseRulesV1>(
            &mut s,
            &self.commands,
            self.hashes.as_deref(),
            |index, cmd, s| {
                if let Some(f) = trace.as_deref_mut() {
                    f(&PhaseSnapshot::new(s, index, cmd));
                }
            },
        )
        .map_err(|e| {
            e.into_replay_error(origin, |index, reason| ReplayError::IllegalPhase {
                origin: origin.into(),
                index,
                command: self.commands[index].clone(),
                reason,
            })
        })?;
        let progress = Progress {
            rounds: s.round(),
            turn: s.turn(),
            hash: s.state_hash(),
            points: s.points().as_slice().to_vec(),
        };
        Ok(Summary::of(self, s.board(), progress, checked))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::rotation::play;
    use crate::rules::scenario::Scenario;
    use std::sync::atomic::AtomicBool;

    const MAP: &str = include_str!("../../../../maps/three-passes.ron");

    fn recorded() -> (PhaseReplay, Roster, Vec<PhaseCommand>) {
        let map = format::parse_map(MAP, "three-passes.ron").unwrap();
        let roster = Roster::bundled();
        let scenario = Scenario::for_map(map.clone(), 4, 40)
            .with_ruleset(crate::ruleset::RulesetId::PhaseRulesV1);
        let prepared = scenario.prepare(Path::new("."), &roster, "t").unwrap();
        let bots = [BotKind::Greedy, BotKind::Random, BotKind::Planner];
        let (_, commands, _) =
            play::<PhaseRulesV1>(&prepared, 4, &bots, &AtomicBool::new(false)).unwrap();
        let names = ["greedy", "random", "planner"];
        let replay = PhaseReplay::record_phase(&prepared, &map, 4, &names, &commands).unwrap();
        (replay, roster, commands)
    }

    #[test]
    fn a_phase_match_replays_through_the_one_path_with_its_hashes() {
        let (replay, roster, commands) = recorded();
        let text = replay.to_ron_string().unwrap();
        let AnyReplay::Phase(back) = AnyReplay::parse(&text, "m.ron").unwrap() else {
            panic!("read as a phase-rules-v1 replay");
        };
        assert_eq!(back, replay);
        let mut snapshots = Vec::new();
        let mut keep = |s: &PhaseSnapshot| snapshots.push(s.clone());
        let summary = back.run(&roster, "m.ron", Some(&mut keep)).unwrap();
        assert_eq!(summary.commands, commands.len());
        assert_eq!(
            summary.hashes_checked,
            replay.hashes.as_ref().unwrap().len()
        );
        assert_eq!(summary.points.len(), 3);
        assert_eq!(snapshots.len(), commands.len());
        // The trace shows cards only once flipped, the order, the token and
        // the acting unit.
        let first = &snapshots[0];
        assert_eq!(first.stage, "placing");
        assert!(first.seats[0].placed && first.seats[0].flipped == [None; 4]);
        assert_eq!(first.seats[0].hand.len(), 4);
        assert!(snapshots.iter().any(|s| s.active.is_some()));
        assert!(snapshots.iter().any(|s| !s.orders[0].is_empty()));
        let last = snapshots.last().unwrap();
        assert!(last.board.result.is_some());
        // An akw-rules-v1 replay still reads as one.
        let akw = include_str!("../../../../tests/golden/replay-twin-fords-greedy-greedy.ron");
        assert!(matches!(
            AnyReplay::parse(akw, "g.ron"),
            Ok(AnyReplay::Akw(_))
        ));
    }

    #[test]
    fn a_tampered_phase_replay_names_the_illegal_command() {
        let (mut replay, roster, _) = recorded();
        replay.commands[0] = PhaseCommand::PlaceCards {
            player: PlayerId(0),
            cards: [1, 1, 2, 3],
        };
        let err = replay.run(&roster, "m.ron", None).unwrap_err();
        assert!(
            err.to_string().contains(
                "command 0 (side 0 places [1, 1, 2, 3]) is illegal: card 1 is placed twice"
            ),
            "{err}"
        );
    }
}

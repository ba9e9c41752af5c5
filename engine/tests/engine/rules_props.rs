//! Property tests over random legal play on the bundled maps: the rules'
//! invariants hold after every command, `legal` agrees with `check`, fog
//! point queries agree with the full recompute, and recorded matches replay
//! to the same state hashes.

use hexwright_engine::bots::BotKind;
use hexwright_engine::format::load_map;
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::UnitCommand;
use hexwright_engine::rules::fog::{Watch, sees_units_at, visible_cells};
use hexwright_engine::rules::mechanics::{reachable_within, reaches};
use hexwright_engine::rules::scenario::{Prepared, Scenario};
use hexwright_engine::rules::{
    Command, MatchState, PlayerView, Roster, RuleError, Scratch, Status, check, execute, legal,
};
use hexwright_engine::sim::{PlayOptions, play};
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

const MAPS: [&str; 3] = ["twin-fords.ron", "broken-crown.ron", "ember-isles.ron"];

fn prepared(map: usize, round_limit: u32) -> Prepared {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let m = load_map(&dir.join(MAPS[map])).expect("bundled maps load");
    Scenario::for_map(m, 0, round_limit)
        .prepare(&dir, &Roster::bundled(), MAPS[map])
        .expect("bundled maps are playable")
}

/// The three bundled maps with the default 60-round limit, prepared once.
fn full_length(map: usize) -> &'static Prepared {
    static CACHE: OnceLock<Vec<Prepared>> = OnceLock::new();
    &CACHE.get_or_init(|| (0..MAPS.len()).map(|m| prepared(m, 60)).collect())[map]
}

/// Checks every invariant of a state; returns what broke.
fn invariants(s: &MatchState) -> Result<(), TestCaseError> {
    let roster = s.roster();
    let a = s.arena();
    for side in 0..s.players() as u8 {
        prop_assert!(
            s.energy()[PlayerId(side)] <= 15,
            "bank {} of side {side}",
            s.energy()[PlayerId(side)]
        );
    }
    // Health never above the maximum; corpses hold at most their X.
    for u in s.units() {
        let k = roster.kind(u.kind);
        match u.status {
            Status::Alive => prop_assert!(u.health >= 1 && u.health <= k.def.health),
            Status::Corpse => prop_assert!(u.health <= k.revive.unwrap_or(0)),
            Status::Dead => {}
            Status::Hidden => prop_assert!(false, "a true state has no hidden unit"),
        }
    }
    // Occupancy: every unit on the board is where it says, a hex holds at
    // most two, and two only with a (living) Phasewalker among them.
    for c in 0..a.len() as u16 {
        let here: Vec<_> = s.units_at(c).collect();
        prop_assert!(here.len() <= 2);
        for u in &here {
            prop_assert!(u.on_board() && u.cell == c);
        }
        if here.len() == 2 {
            prop_assert!(
                here.iter()
                    .any(|u| u.alive() && roster.kind(u.kind).phasewalk),
                "two units share {:?} without a Phasewalker",
                a.hex(c)
            );
        }
        prop_assert!(
            !matches!(a.site(c), hexwright_engine::rules::arena::Site::Base(_)) || here.is_empty()
        );
    }
    for u in s.units().iter().filter(|u| u.on_board()) {
        prop_assert!(s.units_at(u.cell).any(|o| o.id == u.id));
    }
    sight_agrees(s)
}

/// Fog: the sight grid a true state keeps up to date, and the point
/// queries views use, equal the full recompute, for every side.
fn sight_agrees(s: &MatchState) -> Result<(), TestCaseError> {
    let a = s.arena();
    for side in 0..s.players() as u8 {
        let full = visible_cells(s, PlayerId(side));
        let watch = Watch::new(s, PlayerId(side));
        for (c, &seen) in full.iter().enumerate() {
            prop_assert_eq!(
                sees_units_at(s, PlayerId(side), c as u16),
                seen,
                "sight grid of side {} at {:?}",
                side,
                a.hex(c as u16)
            );
            prop_assert_eq!(
                watch.sees_units_at(s, c as u16),
                seen,
                "point query of side {} at {:?}",
                side,
                a.hex(c as u16)
            );
        }
    }
    Ok(())
}

/// The sight grid holds through whole bot matches, which take and lose
/// Outposts and (with four players) eliminate players — what short random
/// play seldom reaches.
#[test]
fn the_sight_grid_holds_through_whole_bot_matches() {
    use hexwright_engine::bots::HasBots;
    use hexwright_engine::rules::Event;
    use hexwright_engine::rules::phase::PhaseEvent;
    use hexwright_engine::sim::run_match;
    use std::sync::atomic::AtomicBool;
    let never = AtomicBool::new(false);
    let (mut outposts, mut eliminated, mut failure) = (0, 0, None);
    let mut checked = |s: &MatchState| {
        if failure.is_none() {
            failure = sight_agrees(s).err();
        }
    };
    for seed in 1..=2 {
        let (mut s, _) = PhaseRulesV1::start(phase_prepared(2), seed);
        let seats = [
            BotKind::Greedy,
            BotKind::Greedy,
            BotKind::Random,
            BotKind::Greedy,
        ];
        let mut bots: Vec<_> = (0..4)
            .map(|p| PhaseRulesV1::bot(seats[p], seed, PlayerId(p as u8)))
            .collect();
        run_match::<PhaseRulesV1>(&mut s, &mut bots, &never, |_, events, s| {
            for e in events {
                match e {
                    PhaseEvent::Board(Event::OutpostControl { .. }) => outposts += 1,
                    PhaseEvent::Eliminated { .. } => eliminated += 1,
                    _ => {}
                }
            }
            checked(s.board());
        });
        let (mut s, _) = AkwRulesV1::start(&prepared(1, 60), seed);
        let mut bots: Vec<_> = (0..2)
            .map(|p| AkwRulesV1::bot(BotKind::Greedy, seed, PlayerId(p)))
            .collect();
        run_match::<AkwRulesV1>(&mut s, &mut bots, &never, |_, events, s| {
            outposts += events
                .iter()
                .filter(|e| matches!(e, Event::OutpostControl { .. }))
                .count();
            checked(s);
        });
    }
    if let Some(e) = failure {
        panic!("{e}");
    }
    assert!(outposts > 0 && eliminated > 0, "{outposts} {eliminated}");
}

/// The early-exit move search agrees with the full one: for every unit on
/// the board, every cell within 4 hexes and every reach up to 3,
/// [`reaches`] holds exactly where [`reachable_within`] lists the cell.
fn reach_agrees(s: &MatchState) -> Result<(), TestCaseError> {
    let mut scratch = Scratch::default();
    let cells = s.arena().len();
    for u in s.units().iter().filter(|u| u.alive()) {
        for max in 1..=3 {
            let mut listed = vec![false; cells];
            reachable_within(s, u, max, &mut scratch, |c| listed[usize::from(c)] = true);
            for (c, &want) in listed.iter().enumerate() {
                let c = c as u16;
                if s.arena().distance(u.cell, c) > 4 {
                    prop_assert!(!want);
                    continue;
                }
                prop_assert_eq!(
                    reaches(s, u, c, max, &mut scratch),
                    want,
                    "unit {:?} to {:?} in {}",
                    u.id,
                    s.arena().hex(c),
                    max
                );
            }
        }
    }
    Ok(())
}

/// The arena's table of near cells lists, for every cell and radius up to
/// `NEAR`, exactly the cells within that hex distance, nearest first.
#[test]
fn near_cells_are_the_cells_within_the_radius() {
    use hexwright_engine::rules::arena::NEAR;
    for (map, name) in MAPS.iter().enumerate() {
        let (s, _) = full_length(map).new_match_with_seed(1);
        let a = s.arena();
        for c in 0..a.len() as u16 {
            for r in 0..=NEAR {
                let near = a.near(c, r).expect("within NEAR");
                let mut want: Vec<u16> = (0..a.len() as u16)
                    .filter(|&o| a.distance(c, o) <= u32::from(r))
                    .collect();
                let mut got = near.to_vec();
                assert_eq!(got[0], c);
                assert!(
                    near.windows(2)
                        .all(|w| a.distance(c, w[0]) <= a.distance(c, w[1]))
                );
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{name} at {:?} within {r}", a.hex(c));
            }
            assert_eq!(a.near(c, NEAR + 1), None);
        }
    }
}

/// No command is accepted for a dead, just-arrived or exhausted unit.
fn spent_units_are_refused(s: &MatchState) -> Result<(), TestCaseError> {
    if s.outcome().is_some() {
        return Ok(());
    }
    for u in s.units().iter().filter(|u| u.side == s.side()) {
        let k = s.roster().kind(u.kind);
        let here = s.arena().hex(u.cell.min(s.arena().len() as u16 - 1));
        let to = here + hexwright_engine::Hex::new(1, 0);
        let mv = Command::Unit(UnitCommand::Move { unit: u.id, to });
        let at = Command::Unit(UnitCommand::Attack {
            unit: u.id,
            target: here,
        });
        if !u.alive() {
            prop_assert_eq!(check(s, &mv), Err(RuleError::NotAlive(u.id)));
            prop_assert_eq!(check(s, &at), Err(RuleError::NotAlive(u.id)));
            continue;
        }
        if u.arrived {
            prop_assert_eq!(check(s, &mv), Err(RuleError::JustArrived(u.id)));
            prop_assert_eq!(check(s, &at), Err(RuleError::JustArrived(u.id)));
            continue;
        }
        if u.moved {
            prop_assert_eq!(check(s, &mv), Err(RuleError::AlreadyMoved(u.id)));
        }
        if u.ability_used && k.healing.is_some() {
            let heal = Command::Unit(UnitCommand::Heal {
                unit: u.id,
                targets: vec![u.id],
            });
            prop_assert_eq!(check(s, &heal), Err(RuleError::AbilityUsed(u.id)));
        }
        if u.ability_used && k.summon.is_some() {
            let summon = Command::Unit(UnitCommand::Summon { unit: u.id, to });
            prop_assert_eq!(check(s, &summon), Err(RuleError::AbilityUsed(u.id)));
        }
        if u.actions >= k.actions {
            prop_assert_eq!(
                check(s, &at),
                Err(RuleError::NoActionLeft {
                    unit: u.id,
                    actions: k.actions
                })
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config(10))]

    /// Random legal play on the bundled maps: every command `legal` lists
    /// passes `check`, and the invariants hold after every command.
    #[test]
    fn random_legal_play_keeps_every_invariant(
        map in 0..MAPS.len(),
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u32>(), 1..80),
    ) {
        let (mut s, _) = full_length(map).new_match_with_seed(seed);
        invariants(&s)?;
        let mut out = Vec::new();
        for pick in picks {
            if s.outcome().is_some() {
                break;
            }
            let cmds = legal_commands_pass_check(&s)?;
            let cmd = &cmds[pick as usize % cmds.len()];
            out.clear();
            prop_assert_eq!(execute(&mut s, cmd, &mut out), Ok(()));
            invariants(&s)?;
            reach_agrees(&s)?;
            spent_units_are_refused(&s)?;
        }
    }
}

/// Checks that every command `legal` lists passes `check`.
fn legal_commands_pass_check(s: &MatchState) -> Result<Vec<Command>, TestCaseError> {
    let cmds = legal(s);
    if s.outcome().is_none() {
        prop_assert_eq!(&cmds[0], &Command::EndTurn);
    }
    for c in &cmds {
        prop_assert_eq!(check(s, c), Ok(()), "{} is listed but refused", c);
        // Listed commands name only living units of the side to move that
        // did not arrive this turn.
        if let Command::Unit(
            UnitCommand::Move { unit, .. }
            | UnitCommand::Attack { unit, .. }
            | UnitCommand::Rebound { unit }
            | UnitCommand::Heal { unit, .. }
            | UnitCommand::Summon { unit, .. },
        ) = c
        {
            let u = &s.units()[usize::from(*unit)];
            prop_assert!(u.alive() && !u.arrived && u.side == s.side());
        }
    }
    Ok(cmds)
}

proptest! {
    #![proptest_config(crate::common::proptest_config(5))]

    /// Greedy bots (which fight: units die, corpses lie, bases fall) with
    /// random detours: the same invariants after every command.
    #[test]
    fn bot_play_with_random_detours_keeps_every_invariant(
        map in 0..MAPS.len(),
        seed in any::<u64>(),
        detours in prop::collection::vec(any::<u8>(), 150),
    ) {
        let (mut s, _) = full_length(map).new_match_with_seed(seed);
        let mut bots = [BotKind::Greedy.build(seed, PlayerId(0)), BotKind::Greedy.build(seed, PlayerId(1))];
        let mut rejected = Vec::new();
        let mut out = Vec::new();
        for d in detours {
            if s.outcome().is_some() {
                break;
            }
            let cmds = legal_commands_pass_check(&s)?;
            let cmd = if d % 4 == 0 {
                cmds[usize::from(d) % cmds.len()].clone()
            } else {
                let view = PlayerView::new(&s, s.side());
                let c = bots[usize::from(s.side())].decide(&view, &rejected);
                if check(&s, &c).is_err() {
                    rejected.push(c);
                    if rejected.len() < 8 {
                        continue;
                    }
                    Command::EndTurn
                } else {
                    c
                }
            };
            rejected.clear();
            out.clear();
            prop_assert_eq!(execute(&mut s, &cmd, &mut out), Ok(()));
            invariants(&s)?;
            spent_units_are_refused(&s)?;
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(4))]

    /// Replaying a recorded match's commands gives the same state hash at
    /// every turn end and the same outcome.
    #[test]
    fn replaying_recorded_commands_gives_identical_turn_hashes(
        map in 0..MAPS.len(),
        seed in any::<u64>(),
    ) {
        let p = full_length(map);
        let r = play(p, seed, [BotKind::Random, BotKind::Random], PlayOptions { record: true });
        prop_assert!(!r.commands.is_empty());
        let (mut s, _) = p.new_match_with_seed(seed);
        let mut hashes = Vec::new();
        let mut out = Vec::new();
        for cmd in &r.commands {
            out.clear();
            prop_assert_eq!(execute(&mut s, cmd, &mut out), Ok(()), "{} replayed", cmd);
            if *cmd == Command::EndTurn || s.outcome().is_some() {
                hashes.push(s.state_hash());
            }
        }
        prop_assert_eq!(&hashes, &r.turn_hashes);
        prop_assert_eq!(s.state_hash(), r.state.state_hash());
        prop_assert_eq!(s.outcome(), Some(r.outcome));
    }
}

#[test]
fn replay_of_a_greedy_match_matches_its_hashes() {
    let p = prepared(0, 4);
    let r = play(
        &p,
        7,
        [BotKind::Greedy, BotKind::Random],
        PlayOptions { record: true },
    );
    let (mut s, _) = p.new_match_with_seed(7);
    let mut hashes = Vec::new();
    let mut out = Vec::new();
    for cmd in &r.commands {
        execute(&mut s, cmd, &mut out).expect("recorded commands replay");
        if *cmd == Command::EndTurn || s.outcome().is_some() {
            hashes.push(s.state_hash());
        }
    }
    assert_eq!(hashes, r.turn_hashes);
    assert!(!hashes.is_empty());
}

// ---------------------------------------------------------------------------
// The ruleset conformance suite: what every `Ruleset` must do, run on each
// ruleset the engine plays.
// ---------------------------------------------------------------------------

use hexwright_engine::replay::{Hash64, rerun};
use hexwright_engine::rules::phase::{PhaseMatch, PhaseView, Stage};
use hexwright_engine::ruleset::{AkwRulesV1, PhaseRulesV1, Ruleset};

/// Plays random legal commands from `R::start(setup, seed)` for at most
/// `steps` commands, checking the trait's contract after each.
///
/// `invariants` checks a true state, `hides` that a player's view of it
/// hides exactly what the player may not know. The commands played are
/// then re-run by [`rerun`] with the hashes taken at every turn's end.
fn conformance<R: Ruleset>(
    setup: &R::Setup,
    seed: u64,
    steps: usize,
    players: usize,
    invariants: impl Fn(&R::State) -> Result<(), TestCaseError>,
    hides: impl Fn(&R::State, &R::View, PlayerId) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    prop_assert!(R::supports(players), "{} seats {players}", R::ID);
    let (mut s, _) = R::start(setup, seed);
    // Views are updated from the start state on (allocation reuse must
    // not leak what an older state showed).
    let before_view_base = s.clone();
    let start = s.clone();
    let mut pick = seed;
    let mut events = Vec::new();
    let (mut played, mut hashes, mut ended) = (Vec::new(), Vec::new(), false);
    for _ in 0..steps {
        invariants(&s)?;
        let Some(mover) = R::to_move(&s) else {
            prop_assert!(R::outcome(&s).is_some(), "nobody to move, no outcome");
            break;
        };
        prop_assert!(R::outcome(&s).is_none(), "an outcome, yet {mover} to move");
        prop_assert!(mover.index() < players);
        let legal = R::legal_commands(&s);
        prop_assert!(!legal.is_empty(), "{mover} to move with no legal command");
        prop_assert!(legal.contains(&R::pass(&s)), "the pass command is legal");
        let mut scratch = R::Scratch::default();
        for cmd in &legal {
            prop_assert_eq!(R::check(&s, cmd), Ok(()), "legal but refused: {:?}", cmd);
            prop_assert_eq!(R::check_with(&s, cmd, &mut scratch), Ok(()));
        }
        // Every player's view agrees on who moves, and hides nothing of
        // the viewer's own turn.
        for p in hexwright_engine::player::PlayerId::all(players) {
            let v = R::view(&s, p);
            prop_assert_eq!(R::to_move(R::view_state(&v)), Some(mover));
            hides(&s, &v, p)?;
            // A view kept up to date is the view made afresh.
            let mut kept = R::view(&before_view_base, p);
            R::update_view(&mut kept, &s, p);
            prop_assert_eq!(
                R::state_hash(R::view_state(&kept)),
                R::state_hash(R::view_state(&v))
            );
        }
        pick = pick
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let cmd = legal[((pick >> 33) as usize) % legal.len()].clone();
        // Execution is deterministic: a copy played the same way ends in
        // the same state.
        let before = s.clone();
        let mut twin = s.clone();
        let mut twin_events = Vec::new();
        events.clear();
        prop_assert!(R::execute(&mut s, &cmd, &mut events).is_ok());
        // Turns and rounds only go forward, rounds from 1.
        prop_assert!(R::turn(&s) >= R::turn(&before));
        prop_assert!(R::round(&s) >= R::round(&before) && R::round(&before) >= 1);
        prop_assert!(R::execute(&mut twin, &cmd, &mut twin_events).is_ok());
        prop_assert_eq!(R::state_hash(&s), R::state_hash(&twin));
        prop_assert_eq!(&events, &twin_events);
        played.push(cmd.clone());
        ended = R::turn(&s) != R::turn(&before) || R::outcome(&s).is_some();
        if ended {
            hashes.push(Hash64(R::state_hash(&s)));
        }
        // Every command is told in one line, to everyone and to each player.
        for viewer in
            std::iter::once(None).chain(hexwright_engine::player::PlayerId::all(players).map(Some))
        {
            let line = R::narrate(&before, &cmd, &events, &s, viewer);
            prop_assert!(!line.is_empty() && !line.contains('\n'), "{:?}", line);
        }
    }
    // The commands replay to the same hashes (the last one too, when the
    // match stopped inside a turn).
    if !played.is_empty() && !ended {
        hashes.push(Hash64(R::state_hash(&s)));
    }
    let mut again = start;
    let checked = rerun::<R>(&mut again, &played, Some(&hashes), |_, _, _| {});
    prop_assert!(checked.is_ok(), "the replay re-runs: {:?}", checked.err());
    prop_assert_eq!(R::state_hash(&again), R::state_hash(&s));
    Ok(())
}

/// A view's board hides exactly what fog hides from `p`: its own units
/// as they are, others' units as they are where `p` sees them (or they were
/// shown to `p` this turn) and hidden elsewhere, others' Energy and reserve pools blank.
fn board_hides(truth: &MatchState, view: &MatchState, p: PlayerId) -> Result<(), TestCaseError> {
    for (t, v) in truth.units().iter().zip(view.units()) {
        if t.side == p
            || !t.on_board()
            || sees_units_at(truth, p, t.cell)
            || truth.revealed_to(t.id, p)
        {
            prop_assert_eq!(t, v, "unit {} is known to side {}", t.id, p);
        } else {
            prop_assert_eq!(
                v.status,
                Status::Hidden,
                "unit {} is hidden from {}",
                t.id,
                p
            );
        }
    }
    for q in p.others(truth.players()) {
        prop_assert_eq!(view.energy()[q], 0);
        prop_assert!(view.reserve()[q].is_empty());
    }
    prop_assert_eq!(view.energy()[p], truth.energy()[p]);
    prop_assert_eq!(&view.reserve()[p], &truth.reserve()[p]);
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config(6))]

    #[test]
    fn akw_rules_v1_conforms_to_the_ruleset_contract(map in 0..MAPS.len(), seed in 0u64..1_000) {
        conformance::<AkwRulesV1>(full_length(map), seed, 200, 2, invariants, |s, v, p| {
            board_hides(s, &v.state, p)
        })?;
    }
}

/// The phase-rules maps: two-, three- and four-player.
const PHASE_MAPS: [&str; 3] = ["twin-fords.ron", "three-passes.ron", "four-corners.ron"];

fn phase_prepared(map: usize) -> &'static Prepared {
    static CACHE: OnceLock<Vec<Prepared>> = OnceLock::new();
    &CACHE.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        PHASE_MAPS
            .iter()
            .map(|file| {
                let m = load_map(&dir.join(file)).expect("bundled maps load");
                let scenario = Scenario::for_map(m, 0, 40)
                    .with_ruleset(hexwright_engine::ruleset::RulesetId::PhaseRulesV1);
                scenario
                    .prepare(&dir, &Roster::bundled(), file)
                    .expect("bundled maps play phase-rules-v1")
            })
            .collect()
    })[map]
}

/// The invariants of a phase-rules state: the board's, no Energy, every
/// player's eight cards accounted for (hand, placed, revealed), and the
/// acting unit one that may act.
fn phase_invariants(s: &PhaseMatch) -> Result<(), TestCaseError> {
    invariants(s.board())?;
    for p in PlayerId::all(s.players()) {
        prop_assert_eq!(s.board().energy()[p], 0, "no Energy in phase-rules-v1");
        let seat = &s.seats()[p];
        if s.board().outcome().is_some() || !s.in_play(p) {
            continue;
        }
        let placed: Vec<u8> = seat.speeds.iter().flatten().copied().collect();
        let revealed: Vec<u8> = seat
            .reveals
            .iter()
            .flatten()
            .copied()
            .filter(|&c| c > 0)
            .collect();
        prop_assert_eq!(placed.len(), if seat.placed { 4 } else { 0 });
        let mut all: Vec<u8> = seat.hand.iter().chain(placed).chain(revealed).collect();
        all.sort_unstable();
        prop_assert_eq!(all, (1..=8).collect::<Vec<u8>>(), "side {}'s cards", p);
    }
    if let Some(a) = s.active() {
        let u = &s.board().units()[usize::from(a)];
        prop_assert!(u.alive() && Some(u.side) == s.slot_player());
        prop_assert_eq!(s.board().roster().kind(u.kind).def.class, s.phase());
        prop_assert!(s.unit_turn(a).left > 0 && !s.unit_turn(a).done);
    }
    for u in s.board().units().iter().filter(|u| u.on_board()) {
        prop_assert!(
            s.in_play(u.side),
            "an eliminated player's unit is on the board"
        );
    }
    Ok(())
}

/// A phase-rules view hides the board as fog does, the others' hands,
/// their cards not yet flipped and the reveals of a tie not yet broken.
fn phase_hides(truth: &PhaseMatch, v: &PhaseView, p: PlayerId) -> Result<(), TestCaseError> {
    let view = &v.state;
    board_hides(truth.board(), view.board(), p)?;
    prop_assert_eq!(&view.seats()[p], &truth.seats()[p], "its own cards");
    let flipped = truth.flipped();
    let tie = (truth.stage() == Stage::Revealing).then(|| truth.phase_index());
    for q in p.others(truth.players()) {
        let (t, w) = (&truth.seats()[q], &view.seats()[q]);
        prop_assert!(w.hand.is_empty());
        prop_assert_eq!(w.placed, t.placed);
        prop_assert_eq!(&w.speeds[..flipped], &t.speeds[..flipped]);
        prop_assert!(w.speeds[flipped..].iter().all(Option::is_none));
        for i in 0..4 {
            let shown = if tie == Some(i) { None } else { t.reveals[i] };
            prop_assert_eq!(w.reveals[i], shown);
        }
        // What a person at the table can tell of a hand.
        let mut unseen = t.hand;
        for c in t.speeds[flipped..].iter().flatten() {
            unseen.insert(*c);
        }
        if let Some(c) = tie.and_then(|i| t.reveals[i]) {
            unseen.insert(c);
        }
        prop_assert_eq!(view.unseen(q), unseen);
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::common::proptest_config(6))]

    #[test]
    fn phase_rules_v1_conforms_to_the_ruleset_contract(
        map in 0..PHASE_MAPS.len(),
        seed in 0u64..1_000,
    ) {
        let players = [2, 3, 4][map];
        conformance::<PhaseRulesV1>(
            phase_prepared(map), seed, 400, players, phase_invariants, phase_hides,
        )?;
    }
}

/// A toy turn system for three players, to prove the seam hosts rulesets
/// other than akw-rules-v1 and player counts other than two: a pile of
/// tokens, each player in turn takes one or two, whoever takes the last
/// one wins. Nothing is hidden.
mod toy {
    use hexwright_engine::player::PlayerId;
    use hexwright_engine::rules::Outcome;
    use hexwright_engine::ruleset::Ruleset;
    use std::ops::RangeInclusive;

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct Pile;

    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct State {
        pub tokens: u8,
        pub players: u8,
        pub mover: PlayerId,
        pub winner: Option<PlayerId>,
        pub turns: u32,
    }

    #[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
    #[error("cannot take {0} of the pile")]
    pub struct Refused(pub u8);

    impl Ruleset for Pile {
        const ID: &'static str = "toy-pile";
        const PLAYERS: RangeInclusive<usize> = 2..=4;
        type Setup = (u8, u8);
        type State = State;
        type Command = u8;
        type Event = (PlayerId, u8);
        type Error = Refused;
        type View = State;
        type Scratch = ();

        fn start(&(tokens, players): &(u8, u8), _seed: u64) -> (State, Vec<(PlayerId, u8)>) {
            let s = State {
                tokens,
                players,
                mover: PlayerId(0),
                winner: None,
                turns: 0,
            };
            (s, Vec::new())
        }
        fn to_move(s: &State) -> Option<PlayerId> {
            s.winner.is_none().then_some(s.mover)
        }
        fn check(s: &State, take: &u8) -> Result<(), Refused> {
            if s.winner.is_none() && (1..=2).contains(take) && *take <= s.tokens {
                Ok(())
            } else {
                Err(Refused(*take))
            }
        }
        fn execute_unchecked(s: &mut State, take: &u8, out: &mut Vec<(PlayerId, u8)>) {
            out.push((s.mover, *take));
            s.tokens -= take;
            if s.tokens == 0 {
                s.winner = Some(s.mover);
            } else {
                s.mover = s.mover.next(usize::from(s.players));
                s.turns += 1;
            }
        }
        fn legal(s: &State, out: &mut Vec<u8>) {
            out.extend((1..=2).filter(|t| Self::check(s, t).is_ok()));
        }
        fn view(s: &State, _: PlayerId) -> State {
            s.clone()
        }
        fn view_state(view: &State) -> &State {
            view
        }
        fn pass(_: &State) -> u8 {
            1
        }
        fn narrate(
            before: &State,
            take: &u8,
            _: &[(PlayerId, u8)],
            _: &State,
            _: Option<PlayerId>,
        ) -> String {
            format!("player {} takes {take}", before.mover)
        }
        fn state_hash(s: &State) -> u64 {
            u64::from(s.tokens) << 8 | u64::from(s.mover.0)
        }
        fn outcome(s: &State) -> Option<Outcome> {
            s.winner.map(Outcome::Won)
        }
        fn turn(s: &State) -> u32 {
            s.turns
        }
        fn round(s: &State) -> u32 {
            Self::turn(s) / u32::from(s.players) + 1
        }
    }

    /// Takes as much as it may, except that it tries 3 first (refused).
    pub struct Eager;

    impl hexwright_engine::bots::Bot<Pile> for Eager {
        fn name(&self) -> &'static str {
            "eager"
        }
        fn decide(&mut self, view: &State, rejected: &[u8]) -> u8 {
            if rejected.is_empty() {
                3
            } else {
                view.tokens.min(2)
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(6))]

    #[test]
    fn a_three_player_toy_ruleset_conforms_too(tokens in 1u8..40, seed in 0u64..1_000) {
        conformance::<toy::Pile>(&(tokens, 3), seed, 60, 3, |_| Ok(()), |s, v, _| {
            // Nothing is hidden in the toy: a view is the state.
            prop_assert_eq!(toy::Pile::state_hash(s), toy::Pile::state_hash(toy::Pile::view_state(v)));
            Ok(())
        })?;
    }
}

/// The generic match driver plays any ruleset with bots, through the same
/// refusal handling as akw-rules-v1 matches: the eager bot's first try each
/// turn is refused, so every turn counts one refusal.
#[test]
fn the_match_driver_plays_a_toy_ruleset_for_three() {
    use hexwright_engine::bots::Bot;
    use hexwright_engine::sim::run_match;
    use std::sync::atomic::AtomicBool;
    let (mut s, _) = toy::Pile::start(&(10, 3), 0);
    let mut bots: Vec<Box<dyn Bot<toy::Pile>>> = (0..3)
        .map(|_| Box::new(toy::Eager) as Box<dyn Bot<toy::Pile>>)
        .collect();
    let mut takes = Vec::new();
    let refused = run_match::<toy::Pile>(
        &mut s,
        &mut bots,
        &AtomicBool::new(false),
        |_, events, _| {
            takes.extend_from_slice(events);
        },
    );
    // 10 tokens, two at a time: players 0, 1, 2, 0, 1; player 1 takes the last.
    let who: Vec<u8> = takes.iter().map(|(p, _)| p.0).collect();
    assert_eq!(who, [0, 1, 2, 0, 1]);
    assert_eq!(refused, Some(5));
    assert_eq!(
        toy::Pile::outcome(&s),
        Some(hexwright_engine::rules::Outcome::Won(
            hexwright_engine::player::PlayerId(1)
        ))
    );
}

/// Replays re-run through the trait too: the toy match's commands and turn
/// hashes, recorded as `run_match` plays it, re-run clean; a changed hash
/// and a missing one are found.
#[test]
fn a_toy_match_reruns_from_its_commands_and_hashes() {
    use hexwright_engine::bots::Bot;
    use hexwright_engine::replay::{Hash64, Rerun, rerun};
    use hexwright_engine::sim::run_match;
    use std::sync::atomic::AtomicBool;
    let (mut s, _) = toy::Pile::start(&(11, 3), 0);
    let mut bots: Vec<Box<dyn Bot<toy::Pile>>> = (0..3)
        .map(|_| Box::new(toy::Eager) as Box<dyn Bot<toy::Pile>>)
        .collect();
    let (mut commands, mut hashes) = (Vec::new(), Vec::new());
    run_match::<toy::Pile>(
        &mut s,
        &mut bots,
        &AtomicBool::new(false),
        |cmd, _, after| {
            commands.push(*cmd);
            hashes.push(Hash64(toy::Pile::state_hash(after)));
        },
    );
    let fresh = || toy::Pile::start(&(11, 3), 0).0;
    let mut seen = 0;
    let checked = rerun::<toy::Pile>(&mut fresh(), &commands, Some(&hashes), |_, _, _| seen += 1);
    assert_eq!(checked, Ok(commands.len()));
    assert_eq!(seen, commands.len());

    let mut bad = hashes.clone();
    bad[2] = Hash64(bad[2].0 ^ 1);
    assert!(matches!(
        rerun::<toy::Pile>(&mut fresh(), &commands, Some(&bad), |_, _, _| {}),
        Err(Rerun::Hash {
            turn: 2,
            index: 2,
            ..
        })
    ));
    let short = &hashes[..hashes.len() - 1];
    assert_eq!(
        rerun::<toy::Pile>(&mut fresh(), &commands, Some(short), |_, _, _| {}),
        Err(Rerun::HashCount {
            listed: short.len(),
            turns: commands.len()
        })
    );
    let mut illegal = commands.clone();
    illegal[0] = 3;
    assert!(matches!(
        rerun::<toy::Pile>(&mut fresh(), &illegal, None, |_, _, _| {}),
        Err(Rerun::Illegal { index: 0, .. })
    ));
}

use super::Bot;
use super::eval::{Evaluator, Targets};
use crate::map::Side;
use crate::rules::UnitCommand;
use crate::rules::logic::{execute_unchecked, legal_into};
use crate::rules::roster::KindId;
use crate::rules::{Command, Event, KindName, MatchState, PlayerView, Scratch};
use rand_chacha::ChaCha8Rng;

/// Scores commands by one-step lookahead; shared by the greedy and planner
/// bots.
#[derive(Debug, Default)]
pub(crate) struct Lookahead {
    pub eval: Option<Evaluator>,
    pub scratch: Scratch,
    pub legal: Vec<Command>,
    work: Option<MatchState>,
    events: Vec<Event>,
}

impl Lookahead {
    pub fn evaluator(&mut self, s: &MatchState) -> &Evaluator {
        if !self.eval.as_ref().is_some_and(|e| e.fits(s)) {
            self.eval = Some(Evaluator::new(s));
        }
        self.eval.as_ref().expect("just set")
    }

    /// The legal commands of `s` (minus `rejected`) with the evaluation for
    /// `me` after each (`EndTurn` scores the state as it is). Returns the
    /// current evaluation.
    pub fn score(
        &mut self,
        s: &MatchState,
        me: Side,
        rejected: &[Command],
        out: &mut Vec<(f64, Command)>,
    ) -> f64 {
        self.evaluator(s);
        legal_into(s, &mut self.scratch, &mut self.legal);
        let eval = self.eval.as_ref().expect("set above");
        let base = eval.evaluate(s, me);
        let targets = Targets::of(s, me);
        out.clear();
        // Spawn commands come grouped by kind: look each name up once.
        let mut last_kind: Option<(KindName, KindId)> = None;
        for cmd in self.legal.drain(..) {
            if rejected.contains(&cmd) {
                continue;
            }
            let value = match &cmd {
                Command::EndTurn => base,
                Command::Unit(UnitCommand::Move { unit, to }) => {
                    let u = &s.units()[usize::from(*unit)];
                    let c = s.arena().cell(*to).expect("legal moves name usable hexes");
                    match eval.move_delta(s, &targets, u, c) {
                        Some(d) => base + d,
                        None => full(eval, s, me, &cmd, &mut self.work, &mut self.events),
                    }
                }
                Command::Spawn { kind, to, .. } => {
                    let k = match &last_kind {
                        Some((name, id)) if name == kind => *id,
                        _ => {
                            let id = s
                                .roster()
                                .kind_by_name(kind)
                                .expect("legal spawns name known kinds");
                            last_kind = Some((kind.clone(), id));
                            id
                        }
                    };
                    let c = s.arena().cell(*to).expect("legal spawns name usable hexes");
                    match eval.spawn_delta(s, &targets, k, c) {
                        Some(d) => base + d,
                        None => full(eval, s, me, &cmd, &mut self.work, &mut self.events),
                    }
                }
                Command::Unit(_) => full(eval, s, me, &cmd, &mut self.work, &mut self.events),
            };
            out.push((value, cmd));
        }
        base
    }
}

fn full(
    eval: &Evaluator,
    s: &MatchState,
    me: Side,
    cmd: &Command,
    work: &mut Option<MatchState>,
    events: &mut Vec<Event>,
) -> f64 {
    let w = match work {
        Some(w) => {
            w.clone_from(s);
            w
        }
        None => work.insert(s.clone()),
    };
    events.clear();
    execute_unchecked(w, cmd, events);
    eval.evaluate(w, me)
}

/// One-step lookahead: plays the legal command whose resulting state
/// evaluates best for its side, and ends the turn when nothing beats the
/// current state. Ties go to the earlier command in legal order.
#[derive(Debug)]
pub struct GreedyBot {
    look: Lookahead,
    scored: Vec<(f64, Command)>,
}

impl GreedyBot {
    /// A greedy bot. It draws no random numbers; `rng` is accepted for a
    /// uniform constructor.
    #[must_use]
    pub fn new(_rng: ChaCha8Rng) -> Self {
        Self {
            look: Lookahead::default(),
            scored: Vec::new(),
        }
    }
}

/// The best scored command, `EndTurn` unless something beats `base`.
pub(crate) fn best(scored: &[(f64, Command)], base: f64) -> Command {
    let mut best: Option<&(f64, Command)> = None;
    for sc in scored {
        if sc.1 == Command::EndTurn {
            continue;
        }
        if best.is_none_or(|b| sc.0 > b.0) {
            best = Some(sc);
        }
    }
    match best {
        Some((v, c)) if *v > base + 1e-9 => c.clone(),
        _ => Command::EndTurn,
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn decide(&mut self, view: &PlayerView, rejected: &[Command]) -> Command {
        let base = self
            .look
            .score(&view.state, view.side, rejected, &mut self.scored);
        best(&self.scored, base)
    }
}

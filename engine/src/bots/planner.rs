use super::Bot;
use super::greedy::{Lookahead, best};
use crate::map::Side;
use crate::rules::logic::execute_unchecked;
use crate::rules::{Cell, Command, Event, MatchState, PlayerView, UnitId};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// The planner's fixed budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlannerConfig {
    /// Individuals per generation.
    pub population: usize,
    /// Generations.
    pub generations: usize,
    /// Most commands in a planned turn.
    pub turn_length: usize,
    /// How many of the best one-step commands a gene chooses among.
    pub breadth: usize,
}

impl Default for PlannerConfig {
    fn default() -> Self {
        Self {
            population: 8,
            generations: 5,
            turn_length: 14,
            breadth: 4,
        }
    }
}

/// Online evolutionary planning over whole turns.
///
/// A genome is a list of small numbers, one per command of the turn. It is
/// decoded on a copy of the bot's view: at each step the legal commands are
/// ranked by one-step lookahead and the gene picks among the best
/// `breadth` (gene 0 is the greedy choice, so the all-zero genome is the
/// greedy bot's turn). A decoded turn's fitness is the evaluation after the
/// opponent's greedy reply, simulated on the same view (its unseen bank
/// estimated as its income). Each generation keeps the better half and
/// refills with uniform crossover and mutation. The best turn is played
/// command by command; a command the rules refuse (a hidden enemy in the
/// way) makes the bot plan again.
#[derive(Debug)]
pub struct PlannerBot {
    rng: ChaCha8Rng,
    config: PlannerConfig,
    look: Lookahead,
    scored: Vec<(f64, Command)>,
    plan: VecDeque<Command>,
    plan_turn: Option<u32>,
    /// The enemy units the plan was made against.
    seen: Vec<(UnitId, Cell)>,
    work: Option<MatchState>,
    events: Vec<Event>,
}

impl PlannerBot {
    /// A planner with a budget.
    #[must_use]
    pub fn new(rng: ChaCha8Rng, config: PlannerConfig) -> Self {
        Self {
            rng,
            config,
            look: Lookahead::default(),
            scored: Vec::new(),
            plan: VecDeque::new(),
            plan_turn: None,
            seen: Vec::new(),
            work: None,
            events: Vec::new(),
        }
    }

    /// Decodes a genome on a copy of `root`: returns the commands, the
    /// fitness, and how many genes decided them (a genome with the same
    /// first genes decodes to the same turn).
    fn decode(
        &mut self,
        root: &MatchState,
        me: Side,
        genes: &[u8],
        rejected: &[Command],
    ) -> (Vec<Command>, f64, usize) {
        let mut s = root.clone();
        let mut cmds = Vec::new();
        let mut used = 0;
        for &g in genes {
            used += 1;
            let base = self.look.score(&s, me, rejected, &mut self.scored);
            self.scored
                .retain(|(v, c)| *c != Command::EndTurn && *v > base - 3.0);
            if self.scored.is_empty() {
                break;
            }
            self.scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            let pick = if g == 0 {
                best(&self.scored, base)
            } else {
                let n = self.scored.len().min(self.config.breadth);
                self.scored[usize::from(g) % n].1.clone()
            };
            if pick == Command::EndTurn {
                break;
            }
            self.events.clear();
            execute_unchecked(&mut s, &pick, &mut self.events);
            cmds.push(pick);
            if s.outcome().is_some() {
                break;
            }
        }
        let fitness = self.reply_value(&s, me);
        (cmds, fitness, used)
    }

    /// [`Self::decode`], remembered within one plan: a genome whose first
    /// genes are those that decided an earlier one's turn gets that turn
    /// and fitness without decoding again (decoding is deterministic, so
    /// the plan is the same, only found sooner).
    fn decode_memo(
        &mut self,
        memo: &mut Vec<(Vec<u8>, Vec<Command>, f64)>,
        root: &MatchState,
        me: Side,
        genes: &[u8],
        rejected: &[Command],
    ) -> (Vec<Command>, f64) {
        if let Some((_, cmds, f)) = memo.iter().find(|(p, _, _)| genes.starts_with(p)) {
            return (cmds.clone(), *f);
        }
        let (cmds, f, used) = self.decode(root, me, genes, rejected);
        memo.push((genes[..used].to_vec(), cmds.clone(), f));
        (cmds, f)
    }

    /// Ends the turn on a copy, lets the opponent play greedily on it, and
    /// evaluates the result for `me`.
    fn reply_value(&mut self, s: &MatchState, me: Side) -> f64 {
        if s.outcome().is_some() {
            return self.look.evaluator(s).evaluate(s, me);
        }
        let w = match &mut self.work {
            Some(w) => {
                w.clone_from(s);
                w
            }
            None => self.work.insert(s.clone()),
        };
        self.events.clear();
        execute_unchecked(w, &Command::EndTurn, &mut self.events);
        let mut w = w.clone();
        for _ in 0..self.config.turn_length {
            if w.outcome().is_some() {
                break;
            }
            let base = self
                .look
                .score(&w, w.next_player(me), &[], &mut self.scored);
            let c = best(&self.scored, base);
            if c == Command::EndTurn {
                break;
            }
            self.events.clear();
            execute_unchecked(&mut w, &c, &mut self.events);
        }
        self.look.evaluator(&w).evaluate(&w, me)
    }

    fn replan(&mut self, view: &PlayerView, rejected: &[Command]) {
        let me = view.side;
        let len = self.config.turn_length;
        let mut pop: Vec<(Vec<u8>, Vec<Command>, f64)> = Vec::new();
        let mut memo = Vec::new();
        let zero = vec![0u8; len];
        let (cmds, f) = self.decode_memo(&mut memo, &view.state, me, &zero, rejected);
        pop.push((zero, cmds, f));
        while pop.len() < self.config.population {
            let genes: Vec<u8> = (0..len)
                .map(|_| {
                    if self.rng.random_bool(0.7) {
                        0
                    } else {
                        self.rng.random_range(1..8)
                    }
                })
                .collect();
            let (cmds, f) = self.decode_memo(&mut memo, &view.state, me, &genes, rejected);
            pop.push((genes, cmds, f));
        }
        for _ in 0..self.config.generations {
            pop.sort_by(|a, b| b.2.total_cmp(&a.2));
            let keep = pop.len().div_ceil(2);
            pop.truncate(keep);
            while pop.len() < self.config.population {
                let a = self.rng.random_range(0..keep);
                let b = self.rng.random_range(0..keep);
                let mut genes: Vec<u8> = (0..len)
                    .map(|i| {
                        if self.rng.random_bool(0.5) {
                            pop[a].0[i]
                        } else {
                            pop[b].0[i]
                        }
                    })
                    .collect();
                for g in &mut genes {
                    if self.rng.random_bool(1.0 / len as f64 * 2.0) {
                        *g = if self.rng.random_bool(0.5) {
                            0
                        } else {
                            self.rng.random_range(1..8)
                        };
                    }
                }
                let (cmds, f) = self.decode_memo(&mut memo, &view.state, me, &genes, rejected);
                pop.push((genes, cmds, f));
            }
        }
        pop.sort_by(|a, b| b.2.total_cmp(&a.2));
        self.plan = pop.swap_remove(0).1.into();
        self.plan_turn = Some(view.state.turn());
        self.seen = enemies_in_sight(view);
    }
}

/// The enemy units a view shows, and where: a plan is remade when this
/// changes (a unit came into sight, or one left it).
fn enemies_in_sight(view: &PlayerView) -> Vec<(UnitId, Cell)> {
    view.state
        .units()
        .iter()
        .filter(|u| u.side != view.side && u.on_board())
        .map(|u| (u.id, u.cell))
        .collect()
}

impl Bot for PlannerBot {
    fn name(&self) -> &'static str {
        "planner"
    }

    fn decide(&mut self, view: &PlayerView, rejected: &[Command]) -> Command {
        if !rejected.is_empty()
            || self.plan_turn != Some(view.state.turn())
            || self.seen != enemies_in_sight(view)
        {
            self.replan(view, rejected);
        }
        self.plan.pop_front().unwrap_or(Command::EndTurn)
    }
}

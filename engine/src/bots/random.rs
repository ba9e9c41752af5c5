use super::Bot;
use crate::Hex;
use crate::rules::UnitCommand;
use crate::rules::logic::{check_with, legal_into};
use crate::rules::{Command, MatchState, PlayerView, Scratch, heal_choice_count, nth_heal_choice};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Tries of the rejection sampler before it enumerates every legal command.
const TRIES: usize = 48;
/// Farthest offset the sampler tables cover (movement and range are at most 8).
const REACH: u32 = 8;

/// Picks uniformly among the legal commands of its view.
///
/// It does not list every legal command each time: it draws from a superset
/// that is cheap to index (every hex within a unit's movement, every hex
/// within its range, each barracks' hex and neighbours …, each legal command
/// in it exactly once) and keeps the first draw that the rules accept —
/// rejection sampling, which is exactly uniform over the legal commands.
/// After [`TRIES`] refused draws it lists the legal commands and picks one.
#[derive(Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
    scratch: Scratch,
    buf: Vec<Command>,
    blocks: Vec<Block>,
    offsets: Vec<Hex>,
}

#[derive(Clone, Copy, Debug)]
enum Block {
    Move(u16, usize),
    Rebound(u16),
    Attack(u16, usize),
    Phase(u16),
    Heals(u16, usize),
    Summon(u16),
    Spawn(Hex, u16),
}

impl Block {
    fn len(self) -> usize {
        match self {
            Self::Move(_, n) | Self::Attack(_, n) | Self::Heals(_, n) => n,
            Self::Rebound(_) | Self::Phase(_) => 1,
            Self::Summon(_) => 6,
            Self::Spawn(..) => 7,
        }
    }
}

/// Hexes within `r` of the origin: 3r(r+1)+1.
fn within(r: u8) -> usize {
    let r = usize::from(r);
    3 * r * (r + 1) + 1
}

impl RandomBot {
    /// A random bot drawing from `rng`.
    #[must_use]
    pub fn new(rng: ChaCha8Rng) -> Self {
        let mut offsets: Vec<Hex> = Hex::ZERO.range(REACH).collect();
        offsets.sort_by_key(|h| (h.unsigned_distance_to(Hex::ZERO), h.x, h.y));
        Self {
            rng,
            scratch: Scratch::default(),
            buf: Vec::new(),
            blocks: Vec::new(),
            offsets,
        }
    }

    fn superset(&mut self, s: &MatchState) -> usize {
        self.blocks.clear();
        let side = s.side();
        let energy = s.energy()[side];
        for u in s
            .units()
            .iter()
            .filter(|u| u.side == side && u.alive() && !u.arrived)
        {
            let kind = s.roster().kind(u.kind);
            if !u.moved && energy >= 1 {
                self.blocks
                    .push(Block::Move(u.id, within(kind.def.movement) - 1));
            }
            if u.came_from.is_some() {
                self.blocks.push(Block::Rebound(u.id));
            }
            if u.actions < kind.actions && energy >= 1 {
                if kind.phasewalk {
                    self.blocks.push(Block::Phase(u.id));
                } else {
                    self.blocks
                        .push(Block::Attack(u.id, within(kind.def.range)));
                }
            }
            if !u.ability_used && energy >= 1 {
                let heals = heal_choice_count(s, u.id);
                if heals > 0 {
                    self.blocks.push(Block::Heals(u.id, heals));
                }
                if kind.summon.is_some() {
                    self.blocks.push(Block::Summon(u.id));
                }
            }
        }
        let race = s.race()[side];
        for (bi, &(b, owner)) in s.arena().barracks.iter().enumerate() {
            if owner != side || s.spawned()[bi] {
                continue;
            }
            for k in s.roster().race_kinds(race) {
                let kd = s.roster().kind(k);
                if kd.def.class.spawnable() && kd.def.cost.unwrap_or(0) <= energy {
                    self.blocks.push(Block::Spawn(s.arena().hex(b), k));
                }
            }
        }
        1 + self.blocks.iter().map(|b| b.len()).sum::<usize>()
    }

    fn nth(&self, s: &MatchState, mut i: usize) -> Command {
        if i == 0 {
            return Command::EndTurn;
        }
        i -= 1;
        for &b in &self.blocks {
            if i >= b.len() {
                i -= b.len();
                continue;
            }
            let at = |u: u16, off: usize| {
                s.arena().hex(s.units()[usize::from(u)].cell) + self.offsets[off]
            };
            return match b {
                Block::Move(unit, _) => Command::Unit(UnitCommand::Move {
                    unit,
                    to: at(unit, i + 1),
                }),
                Block::Rebound(unit) => Command::Unit(UnitCommand::Rebound { unit }),
                Block::Attack(unit, _) => Command::Unit(UnitCommand::Attack {
                    unit,
                    target: at(unit, i),
                }),
                Block::Phase(unit) => Command::Unit(UnitCommand::Attack {
                    unit,
                    target: at(unit, 0),
                }),
                Block::Heals(unit, _) => Command::Unit(UnitCommand::Heal {
                    unit,
                    targets: nth_heal_choice(s, unit, i).unwrap_or_default(),
                }),
                Block::Summon(unit) => Command::Unit(UnitCommand::Summon {
                    unit,
                    to: at(unit, i + 1),
                }),
                Block::Spawn(barracks, kind) => Command::Spawn {
                    barracks,
                    kind: s.roster().kind(kind).key.clone(),
                    to: barracks + self.offsets[i],
                },
            };
        }
        unreachable!("index within the superset")
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn decide(&mut self, view: &PlayerView, rejected: &[Command]) -> Command {
        let s = &view.state;
        if s.outcome().is_some() {
            return Command::EndTurn;
        }
        let total = self.superset(s);
        for _ in 0..TRIES {
            let i = self.rng.random_range(0..total);
            let cmd = self.nth(s, i);
            let off_board = match &cmd {
                Command::Unit(UnitCommand::Move { to, .. } | UnitCommand::Summon { to, .. })
                | Command::Spawn { to, .. } => s.arena().cell(*to).is_none(),
                Command::Unit(UnitCommand::Attack { target, .. }) => {
                    s.arena().cell(*target).is_none()
                }
                _ => false,
            };
            if !off_board
                && check_with(s, &cmd, &mut self.scratch).is_ok()
                && !rejected.contains(&cmd)
            {
                return cmd;
            }
        }
        legal_into(s, &mut self.scratch, &mut self.buf);
        if !rejected.is_empty() {
            self.buf.retain(|c| !rejected.contains(c));
        }
        if self.buf.is_empty() {
            return Command::EndTurn;
        }
        let i = self.rng.random_range(0..self.buf.len());
        self.buf.swap_remove(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format;
    use crate::rules::scenario::Scenario;
    use crate::rules::{Roster, execute, legal};
    use rand::SeedableRng;
    use std::collections::BTreeMap;
    use std::path::Path;

    /// The sampler's superset holds every legal command exactly once, so
    /// rejection sampling is uniform over them.
    #[test]
    fn superset_covers_every_legal_command_once() {
        let maps = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
        let map = format::load_map(&maps.join("broken-crown.ron")).unwrap();
        let p = Scenario::for_map(map, 5, 60)
            .prepare(&maps, &Roster::bundled(), "t")
            .unwrap();
        let (mut s, _) = p.new_match();
        let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        let mut events = Vec::new();
        for step in 0..300 {
            let total = bot.superset(&s);
            let mut seen: BTreeMap<String, usize> = BTreeMap::new();
            for i in 0..total {
                let c = bot.nth(&s, i);
                let legal_now = s
                    .arena()
                    .cell(match &c {
                        Command::Unit(
                            UnitCommand::Move { to, .. } | UnitCommand::Summon { to, .. },
                        )
                        | Command::Spawn { to, .. } => *to,
                        Command::Unit(UnitCommand::Attack { target, .. }) => *target,
                        _ => Hex::ZERO,
                    })
                    .is_some()
                    && crate::rules::check(&s, &c).is_ok();
                if legal_now {
                    *seen.entry(format!("{c:?}")).or_default() += 1;
                }
            }
            let all = legal(&s);
            assert_eq!(seen.len(), all.len(), "step {step}");
            for c in &all {
                assert_eq!(seen.get(&format!("{c:?}")), Some(&1), "step {step}: {c:?}");
            }
            let view = PlayerView::new(&s, s.side());
            let c = bot.decide(&view, &[]);
            if crate::rules::check(&s, &c).is_ok() {
                execute(&mut s, &c, &mut events).unwrap();
            } else {
                execute(&mut s, &Command::EndTurn, &mut events).unwrap();
            }
            if s.outcome().is_some() {
                break;
            }
        }
    }
}

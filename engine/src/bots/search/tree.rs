//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS,
//! Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
//! Search", IEEE TCIAIG 2012), generic over the ruleset.
//!
//! One tree is grown per decision from the searching player's view. Each
//! iteration draws a fresh determinization (a world consistent with the
//! view: [`Searchable::determinize`]) and walks the tree in it: a node's
//! children are commands, and only those legal in this world may be chosen,
//! by UCB1 with *availability* counts in place of the parent's visits (a
//! child is scored against how often it could have been chosen). Children
//! are the ruleset's one-step ranking's best few ([`Searchable::rank`]),
//! admitted one more as the node's visits grow (progressive widening: `1 +
//! w·√visits`), so a unit's dozens of move targets cost nothing until the
//! best few are tried. They are admitted in the order a policy network
//! scores them ([`crate::bots::policy`]; Expert Iteration's guided search,
//! `SearchConfig::guide`) or, unguided, in the ranking's order. A new node
//! is valued by a short greedy rollout cut off by the evaluation ([`Searchable::values`]), and the values — one per player,
//! in 0..=1 — are backed up *max-n*: each node adds the value of the player
//! who chose it.
//!
//! Within a turn the tree is kept: when the next decision's view is the
//! one the chosen command was expected to lead to, the chosen child becomes
//! the root and its playouts count again, so a turn of many commands is
//! searched as one tree.

use super::{SearchConfig, Searchable};
use crate::player::PlayerId;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// No node.
const NONE: u32 = u32::MAX;

/// One command in the tree.
#[derive(Debug)]
struct Node<C> {
    /// The command that leads here (none at the root).
    cmd: Option<C>,
    /// Who played it.
    mover: PlayerId,
    visits: u32,
    /// How often it was legal when its parent was visited.
    avail: u32,
    /// The mover's summed value over the visits.
    reward: f64,
    /// Children in ranking order; admitted as the node's visits grow.
    children: Vec<u32>,
    /// The ranked commands, from the first world that reached the node.
    ranked: Option<Vec<C>>,
}

impl<C> Node<C> {
    fn new(cmd: Option<C>, mover: PlayerId) -> Self {
        Self {
            cmd,
            mover,
            visits: 0,
            avail: 0,
            reward: 0.0,
            children: Vec::new(),
            ranked: None,
        }
    }
}

/// A search tree kept between the decisions of one turn.
#[derive(Debug)]
pub(crate) struct Tree<C> {
    nodes: Vec<Node<C>>,
    root: u32,
}

impl<C> Tree<C> {
    /// The subtree under the root's child `child`, as a tree of its own
    /// (the nodes above it stay allocated until the turn ends).
    pub fn descend(mut self, child: u32) -> Self {
        self.root = child;
        self
    }
}

/// What one search found: the command, and the tree that found it.
#[derive(Debug)]
pub(crate) struct Found<C> {
    /// The most visited command.
    pub cmd: C,
    /// Iterations run.
    pub playouts: u32,
    /// The root's commands with their visits (empty when there was nothing
    /// to search): what the policy bot learns from.
    pub root: Vec<(C, u32)>,
    /// The tree, and the root's child that `cmd` leads to (none when there
    /// was nothing to search).
    pub tree: Option<(Tree<C>, u32)>,
}

/// Searches from `view` for its player and returns the most visited root
/// command; `rejected` commands are never chosen. `kept` is the tree of
/// the turn's previous decision, already descended to this one. `None`
/// when the root has no command to choose.
pub(crate) fn search<R: Searchable>(
    view: &R::View,
    rejected: &[R::Command],
    config: &SearchConfig,
    parts: &mut R::Parts,
    rng: &mut ChaCha8Rng,
    kept: Option<Tree<R::Command>>,
) -> Option<Found<R::Command>> {
    let me = R::viewer(view);
    let mut guide = Guide::default();
    let (mut nodes, root) = match kept {
        Some(t) if rejected.is_empty() && t.nodes[t.root as usize].ranked.is_some() => {
            (t.nodes, t.root)
        }
        _ => {
            let mut root_ranked = Vec::new();
            order::<R>(
                parts,
                R::view_state(view),
                rejected,
                config.guide,
                &mut guide,
                &mut root_ranked,
            );
            if root_ranked.len() <= 1 {
                return root_ranked.pop().map(|cmd| Found {
                    cmd,
                    playouts: 0,
                    root: Vec::new(),
                    tree: None,
                });
            }
            let mut root = Node::new(None, me);
            root.ranked = Some(root_ranked);
            (vec![root], 0)
        }
    };
    let started = Instant::now();
    let mut values = [0.0; 4];
    let mut path: Vec<u32> = Vec::new();
    let mut playouts = 0;
    while playouts < config.playouts {
        if config.think.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
        playouts += 1;
        let mut world = R::determinize(view, parts, rng);
        descend::<R>(
            &mut nodes, root, &mut world, parts, config, &mut guide, &mut path,
        );
        R::rollout(parts, &mut world, me, config.rollout);
        R::values(parts, &world, &mut values);
        for &id in &path {
            let n = &mut nodes[id as usize];
            n.visits += 1;
            n.reward += values[n.mover.index()];
        }
    }
    let r = root as usize;
    let visited = nodes[r]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &nodes[c as usize];
            n.cmd.clone().map(|cmd| (cmd, n.visits))
        })
        .collect();
    let best = nodes[r]
        .children
        .iter()
        .copied()
        .max_by(|&a, &b| {
            let (a, b) = (&nodes[a as usize], &nodes[b as usize]);
            // Most visits; then the better mean; then the earlier rank.
            a.visits
                .cmp(&b.visits)
                .then(mean(a).total_cmp(&mean(b)))
                .then(std::cmp::Ordering::Greater)
        })
        .filter(|&id| nodes[id as usize].cmd.is_some());
    let Some(child) = best else {
        let cmd = nodes[r].ranked.as_ref().and_then(|c| c.first().cloned())?;
        return Some(Found {
            cmd,
            playouts,
            root: visited,
            tree: None,
        });
    };
    let cmd = nodes[child as usize].cmd.clone()?;
    Some(Found {
        cmd,
        playouts,
        root: visited,
        tree: Some((Tree { nodes, root }, child)),
    })
}

/// Walks one world down the tree from `root`: at each node the children
/// admitted so far (ranking the node's commands in this world on its first
/// visit), the best by [`select`], until a new node, the end of the match,
/// or a node with nothing legal here. `path` gets the nodes walked.
fn descend<R: Searchable>(
    nodes: &mut Vec<Node<R::Command>>,
    root: u32,
    world: &mut R::State,
    parts: &mut R::Parts,
    config: &SearchConfig,
    guide: &mut Guide,
    path: &mut Vec<u32>,
) {
    path.clear();
    path.push(root);
    let mut node = root;
    while let Some(player) = R::to_move(world) {
        let n = node as usize;
        if nodes[n].ranked.is_none() {
            let mut ranked = Vec::new();
            order::<R>(parts, world, &[], config.guide, guide, &mut ranked);
            nodes[n].ranked = Some(ranked);
        }
        let ranked_len = nodes[n].ranked.as_ref().map_or(0, Vec::len);
        let widened = 1 + (config.widening * f64::from(nodes[n].visits).sqrt()) as usize;
        let admitted = ranked_len.min(widened);
        while nodes[n].children.len() < admitted {
            let i = nodes[n].children.len();
            let cmd = nodes[n].ranked.as_ref().and_then(|r| r.get(i)).cloned();
            let id = u32::try_from(nodes.len()).unwrap_or(NONE);
            nodes.push(Node::new(cmd, player));
            nodes[n].children.push(id);
        }
        let Some(child) = select::<R>(nodes, n, world, config.exploration) else {
            return;
        };
        let Some(cmd) = nodes[child as usize].cmd.clone() else {
            return;
        };
        R::play(parts, world, &cmd);
        path.push(child);
        node = child;
        if nodes[child as usize].visits == 0 {
            return;
        }
    }
}

/// Buffers of the guided order.
#[derive(Debug, Default)]
struct Guide {
    feats: Vec<[f32; crate::bots::policy::FEATURES]>,
    order: Vec<(f32, usize)>,
}

/// The commands of the player to move in `s`, less `rejected`, in the
/// order a node admits them: the ruleset's ranking, or, with a `guide`,
/// that policy network's scores (highest first; the earlier rank on a tie).
fn order<R: Searchable>(
    parts: &mut R::Parts,
    s: &R::State,
    rejected: &[R::Command],
    model: Option<&crate::bots::policy::Model>,
    guide: &mut Guide,
    out: &mut Vec<R::Command>,
) {
    let Some(model) = model else {
        R::rank(parts, s, out);
        out.retain(|c| !rejected.contains(c));
        return;
    };
    crate::bots::policy::candidates::<R>(parts, s, rejected, out, &mut guide.feats);
    guide.order.clear();
    guide.order.extend(
        guide
            .feats
            .iter()
            .enumerate()
            .map(|(i, f)| (model.score(f), i)),
    );
    // Stable: a tie keeps the rank order.
    guide.order.sort_by(|a, b| b.0.total_cmp(&a.0));
    let ranked = std::mem::take(out);
    out.extend(guide.order.iter().map(|&(_, i)| ranked[i].clone()));
}

fn mean<C>(n: &Node<C>) -> f64 {
    if n.visits == 0 {
        0.0
    } else {
        n.reward / f64::from(n.visits)
    }
}

/// The admitted child of node `n` legal in `world` with the best UCB1
/// score (an untried one first, in rank order); counts availability.
fn select<R: Searchable>(
    nodes: &mut [Node<R::Command>],
    n: usize,
    world: &R::State,
    exploration: f64,
) -> Option<u32> {
    let mut best: Option<(f64, u32)> = None;
    let children = std::mem::take(&mut nodes[n].children);
    for &c in &children {
        let child = &nodes[c as usize];
        let Some(cmd) = &child.cmd else { continue };
        if R::check(world, cmd).is_err() {
            continue;
        }
        let child = &mut nodes[c as usize];
        child.avail += 1;
        if child.visits == 0 {
            best = Some((f64::INFINITY, c));
            break;
        }
        let ucb = mean(child)
            + exploration * (f64::from(child.avail).ln() / f64::from(child.visits)).sqrt();
        if best.is_none_or(|(b, _)| ucb > b) {
            best = Some((ucb, c));
        }
    }
    nodes[n].children = children;
    best.map(|(_, c)| c)
}

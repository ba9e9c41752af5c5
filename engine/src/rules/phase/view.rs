//! What one player may know of a phase-rules-v1 match: the board through
//! its fog of war, as in every ruleset, and the table as a person sitting
//! at it sees it — its own cards, the other players' cards once flipped or
//! revealed, and nothing of their hands.

use super::Stage;
use super::cards::Cards;
use super::state::PhaseMatch;
use crate::player::PlayerId;
use crate::rules::fog;
use crate::rules::state::MatchState;
use rand::Rng;
use rand::seq::SliceRandom;

/// A phase-rules-v1 match as one player knows it. Bots decide from this
/// alone; because it is an ordinary [`PhaseMatch`], they can look ahead
/// with the real rules.
///
/// In it, every other player's hand is empty (what it may hold is
/// [`PhaseMatch::unseen`]), its cards for the phases not yet flipped are
/// `None`, and while a tie is being broken the reveals already made by
/// others are `None` until every tied player has revealed. Whether a
/// player has placed its cards, and who is still to reveal, is public.
#[derive(Clone, Debug)]
pub struct PhaseView {
    /// Whose view.
    pub player: PlayerId,
    /// The match as the player knows it.
    pub state: PhaseMatch,
    /// The player's eyes, kept to reuse their allocations.
    watch: fog::Watch,
}

impl PhaseView {
    /// The view of `player` on a true state.
    #[must_use]
    pub fn new(truth: &PhaseMatch, player: PlayerId) -> Self {
        let mut view = Self {
            player,
            state: truth.clone(),
            watch: fog::Watch::default(),
        };
        view.mask(truth);
        view
    }

    /// Makes this the view of `player` on `truth`, reusing allocations.
    pub fn update(&mut self, truth: &PhaseMatch, player: PlayerId) {
        self.player = player;
        self.state.table.clone_from(&truth.table);
        self.mask(truth);
    }

    fn mask(&mut self, truth: &PhaseMatch) {
        let me = self.player;
        fog::mask(&mut self.state.board, &truth.board, me, &mut self.watch);
        let flipped = truth.flipped();
        let hide_reveal = (truth.stage() == Stage::Revealing).then(|| truth.phase_index());
        for p in me.others(truth.players()) {
            let seat = &mut self.state.table.seats[p];
            seat.hand = Cards::EMPTY;
            for speed in &mut seat.speeds[flipped..] {
                *speed = None;
            }
            if let Some(i) = hide_reveal {
                seat.reveals[i] = None;
            }
        }
    }
}

impl PhaseView {
    /// One world consistent with this view, for a bot that searches
    /// (determinization): every other player's unseen cards
    /// ([`PhaseMatch::unseen`]) dealt at random — to the phases it placed
    /// face down and not yet flipped, to a reveal it made that is still
    /// hidden, and the rest to its hand — and the board left to `board`,
    /// which may stand the hidden enemy units somewhere it cannot see.
    /// Nothing of the true state is read: only the view and `rng`.
    #[must_use]
    pub fn sample_world<G: Rng>(
        &self,
        rng: &mut G,
        board: impl FnOnce(&mut MatchState, &mut G),
    ) -> PhaseMatch {
        let mut world = self.state.clone();
        let me = self.player;
        let flipped = world.flipped();
        let revealing = (world.stage() == Stage::Revealing).then(|| world.phase_index());
        for p in me.others(world.players()) {
            let mut cards: Vec<u8> = self.state.unseen(p).iter().collect();
            cards.shuffle(rng);
            let seat = &mut world.table.seats[p];
            if seat.placed {
                for speed in &mut seat.speeds[flipped..] {
                    if speed.is_none() {
                        *speed = cards.pop();
                    }
                }
            }
            if let Some(i) = revealing
                && seat.reveals[i].is_none()
                && world.table.tied.contains(&p)
                && !world.table.to_reveal.contains(&p)
            {
                seat.reveals[i] = Some(cards.pop().unwrap_or(0));
            }
            seat.hand = Cards::EMPTY;
            for c in cards {
                seat.hand.insert(c);
            }
        }
        board(&mut world.board, rng);
        world
    }
}

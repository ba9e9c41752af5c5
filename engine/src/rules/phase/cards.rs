//! Speed cards: each player's eight cards numbered 1 to 8 (document 004),
//! as a small set.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The highest card: every player has the cards 1 to 8.
pub const CARDS: u8 = 8;

/// A set of speed cards (1 to 8), as bits.
///
/// ```
/// use hexwright_engine::rules::phase::Cards;
///
/// let mut hand = Cards::ALL;
/// hand.remove(8);
/// hand.remove(3);
/// assert_eq!(hand.len(), 6);
/// assert!(!hand.contains(8));
/// assert_eq!(hand.iter().next(), Some(1));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Cards(u8);

impl Cards {
    /// No card.
    pub const EMPTY: Self = Self(0);
    /// All eight cards.
    pub const ALL: Self = Self(0xff);

    /// Whether `card` is a card's number (1 to 8).
    #[must_use]
    pub const fn is_card(card: u8) -> bool {
        card >= 1 && card <= CARDS
    }

    /// Whether the set holds `card`.
    #[must_use]
    pub const fn contains(self, card: u8) -> bool {
        Self::is_card(card) && self.0 & (1 << (card - 1)) != 0
    }

    /// Takes `card` out of the set (no change when it is not in it).
    pub fn remove(&mut self, card: u8) {
        if Self::is_card(card) {
            self.0 &= !(1 << (card - 1));
        }
    }

    /// Puts `card` in the set (no change when it is not a card).
    pub fn insert(&mut self, card: u8) {
        if Self::is_card(card) {
            self.0 |= 1 << (card - 1);
        }
    }

    /// How many cards the set holds.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards, lowest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=CARDS).filter(move |&c| self.contains(c))
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

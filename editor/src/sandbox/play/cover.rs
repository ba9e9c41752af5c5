//! Who may look at the screen: the cover screen and the held view of a
//! match played by people at one screen.
//!
//! Two rules keep what a seat may not know off the screen:
//!
//! - **The view is held on the person deciding.** While a person's secret
//!   decision waits (placing speed cards, revealing a tiebreak card, or any
//!   decision at all when several people share the screen), the board, the
//!   turn strip, the event log and the message line are drawn from that
//!   person's side only; the other viewpoints (all-seeing included) cannot
//!   be chosen until the decision is made. [`held_view`] says whose.
//! - **The screen is covered between two people.** When several people
//!   play, each secret decision, and each turn of a person other than the
//!   one who looked last, waits behind a cover screen until that person
//!   says only they are looking ([`Cover::covered`]). A bot's moves never
//!   cover the screen.

use crate::sandbox::play::live::Live;
use hexwright_engine::map::Side;
use hexwright_engine::rules::phase::Stage;

/// The people who said they are looking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cover {
    /// The person who lifted the cover of the decision under way (reset
    /// once someone else is to decide).
    uncovered: Option<Side>,
    /// The person at the screen: the last one who lifted the cover.
    looking: Option<Side>,
}

/// The side to move when a person plays it and the match goes on.
#[must_use]
pub fn person_to_move(live: &Live) -> Option<Side> {
    let side = live.to_move()?;
    live.seats()[side].is_none().then_some(side)
}

/// How many seats people play.
#[must_use]
pub fn people(live: &Live) -> usize {
    live.seats().iter().filter(|s| s.is_none()).count()
}

/// Whether the decision at the cursor is secret: phase-rules-v1's card
/// placement and tiebreak reveals.
#[must_use]
pub fn secret(live: &Live) -> bool {
    live.phase()
        .is_some_and(|t| matches!(t.state().stage(), Stage::Placing | Stage::Revealing))
}

/// The side whose eyes the screen must be drawn with now, if any: a person
/// making a secret decision, or any person to move when several people
/// play.
#[must_use]
pub fn held_view(live: &Live) -> Option<Side> {
    let side = person_to_move(live)?;
    (secret(live) || people(live) > 1).then_some(side)
}

impl Cover {
    /// No one has looked yet (a new match).
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The person whose decision waits behind the cover screen, if any.
    #[must_use]
    pub fn covered(self, live: &Live) -> Option<Side> {
        let side = person_to_move(live)?;
        if people(live) < 2 {
            return None;
        }
        let lifted = if secret(live) {
            self.uncovered == Some(side)
        } else {
            self.looking == Some(side)
        };
        (!lifted).then_some(side)
    }

    /// `side`'s player says only they are looking.
    pub fn uncover(&mut self, side: Side) {
        self.uncovered = Some(side);
        self.looking = Some(side);
    }

    /// After a move: a lifted cover lasts only while its person decides.
    pub fn after_move(&mut self, live: &Live) {
        if self.uncovered.is_some() && self.uncovered != person_to_move(live) {
            self.uncovered = None;
        }
    }
}

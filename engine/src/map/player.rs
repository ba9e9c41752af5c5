//! Players: [`PlayerId`] names a seat at the table (a map's *side*), and
//! [`PerPlayer`] holds one value per player of a match.
//!
//! A match has from [`MIN_PLAYERS`] to [`MAX_PLAYERS`] players; each ruleset
//! says which counts it plays (akw-rules-v1: exactly two). Players are
//! numbered from 0 in seat order, and "the next player" wraps around
//! ([`PlayerId::next`]), so two-player arithmetic such as `side.next(2)` has one
//! home.
//!
//! ```
//! use hexwright_engine::player::{PerPlayer, PlayerId};
//!
//! let mut energy = PerPlayer::from_fn(3, |p| u8::from(p) * 10);
//! energy[PlayerId(2)] += 1;
//! assert_eq!(energy.as_slice(), &[0, 10, 21]);
//! assert_eq!(PlayerId(2).next(3), PlayerId(0));
//! let others: Vec<PlayerId> = PlayerId(1).others(3).collect();
//! assert_eq!(others, [PlayerId(2), PlayerId(0)]);
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The fewest players a match has.
pub const MIN_PLAYERS: usize = 2;
/// The most players a match (and a map) has.
pub const MAX_PLAYERS: usize = 4;

/// A player: a seat number from 0. In a map file it is the `side` of a
/// zone, base or barracks; files may hold any number, and validation
/// reports those outside the map's player count (`owner-invalid`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The player with this seat index (`None` beyond 255).
    #[must_use]
    pub fn new(index: usize) -> Option<Self> {
        u8::try_from(index).ok().map(Self)
    }

    /// The seat index, for per-player tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next player in seat order among `players`, wrapping around.
    #[must_use]
    pub const fn next(self, players: usize) -> Self {
        let n = if players == 0 { 1 } else { players };
        Self(((self.0 as usize + 1) % n) as u8)
    }

    /// The other players of a match of `players`, in seat order after this
    /// one.
    pub fn others(self, players: usize) -> impl Iterator<Item = Self> {
        (1..players).map(move |k| Self(((self.index() + k) % players) as u8))
    }

    /// Every player of a match of `players`, in seat order.
    pub fn all(players: usize) -> impl Iterator<Item = Self> + Clone {
        (0..players.min(usize::from(u8::MAX))).map(|i| Self(i as u8))
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<PlayerId> for usize {
    fn from(p: PlayerId) -> Self {
        p.index()
    }
}

impl From<PlayerId> for u8 {
    fn from(p: PlayerId) -> Self {
        p.0
    }
}

impl From<PlayerId> for u64 {
    fn from(p: PlayerId) -> Self {
        u64::from(p.0)
    }
}

impl From<u8> for PlayerId {
    fn from(i: u8) -> Self {
        Self(i)
    }
}

/// One value per player of a match, indexed by [`PlayerId`]: the per-side
/// banks, races, pools, wins and tallies. Stored inline (no allocation), so
/// a match state copies cheaply; only the first [`PerPlayer::len`] slots
/// are players, the rest stay at their default. Equality and hashing read
/// the players' values only, as a list (a two-player table hashes exactly
/// like a `[T; 2]`, so state hashes do not depend on this storage).
#[derive(Clone, Copy)]
pub struct PerPlayer<T> {
    len: u8,
    slots: [T; MAX_PLAYERS],
}

impl<T: Default> PerPlayer<T> {
    /// `f(p)` for each of `players` players (at most [`MAX_PLAYERS`]; more
    /// are cut off).
    pub fn from_fn(players: usize, mut f: impl FnMut(PlayerId) -> T) -> Self {
        let len = players.min(MAX_PLAYERS);
        let slots = std::array::from_fn(|i| {
            if i < len {
                f(PlayerId(i as u8))
            } else {
                T::default()
            }
        });
        Self {
            len: len as u8,
            slots,
        }
    }

    /// The values of a list, one per player in seat order (at most
    /// [`MAX_PLAYERS`]; more are cut off).
    #[must_use]
    pub fn from_vec(values: Vec<T>) -> Self {
        let mut it = values.into_iter();
        let mut len = 0;
        let slots = std::array::from_fn(|_| match it.next() {
            Some(v) => {
                len += 1;
                v
            }
            None => T::default(),
        });
        Self { len, slots }
    }

    /// A new table from these values, in seat order.
    pub fn map<U: Default>(&self, mut f: impl FnMut(&T) -> U) -> PerPlayer<U> {
        PerPlayer::from_fn(self.len(), |p| f(&self[p]))
    }
}

impl<T: Default + Clone> PerPlayer<T> {
    /// The same value for each of `players` players.
    #[must_use]
    pub fn splat(players: usize, value: &T) -> Self {
        Self::from_fn(players, |_| value.clone())
    }
}

impl<T> PerPlayer<T> {
    /// How many players.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no player (only a default value is ever empty).
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values in seat order.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.slots[..self.len()]
    }

    /// The values in seat order, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let n = self.len();
        &mut self.slots[..n]
    }

    /// The values in seat order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }

    /// The values in seat order, mutably.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.as_mut_slice().iter_mut()
    }

    /// Each player with its value, in seat order.
    pub fn pairs(&self) -> impl Iterator<Item = (PlayerId, &T)> {
        self.iter().enumerate().map(|(i, v)| (PlayerId(i as u8), v))
    }

    /// The players, in seat order.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + Clone {
        PlayerId::all(self.len())
    }

    /// The value of `p`, if `p` is a player here.
    #[must_use]
    pub fn get(&self, p: PlayerId) -> Option<&T> {
        self.as_slice().get(p.index())
    }

    /// The value of `p` mutably, if `p` is a player here.
    pub fn get_mut(&mut self, p: PlayerId) -> Option<&mut T> {
        self.as_mut_slice().get_mut(p.index())
    }
}

/// A table from an array, one value per player in seat order (at most
/// [`MAX_PLAYERS`]; more are cut off): `[Greedy, Random].into()`.
impl<T: Default, const N: usize> From<[T; N]> for PerPlayer<T> {
    fn from(values: [T; N]) -> Self {
        Self::from_vec(values.into())
    }
}

impl<T: Default> Default for PerPlayer<T> {
    /// No player.
    fn default() -> Self {
        Self::from_fn(0, |_| T::default())
    }
}

impl<T: PartialEq> PartialEq for PerPlayer<T> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for PerPlayer<T> {}

/// A table equals an array of the same values in seat order.
impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for PerPlayer<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: std::hash::Hash> std::hash::Hash for PerPlayer<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T> Index<PlayerId> for PerPlayer<T> {
    type Output = T;

    fn index(&self, p: PlayerId) -> &T {
        &self.as_slice()[p.index()]
    }
}

impl<T> IndexMut<PlayerId> for PerPlayer<T> {
    fn index_mut(&mut self, p: PlayerId) -> &mut T {
        &mut self.as_mut_slice()[p.index()]
    }
}

impl<'a, T> IntoIterator for &'a PerPlayer<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut PerPlayer<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: fmt::Debug> fmt::Debug for PerPlayer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Written as a list in seat order (`[20, 20]` for two players).
impl<T: Serialize> Serialize for PerPlayer<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

/// Read from a list of 1 to [`MAX_PLAYERS`] values.
impl<'de, T: Deserialize<'de> + Default> Deserialize<'de> for PerPlayer<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > MAX_PLAYERS {
            return Err(serde::de::Error::custom(format!(
                "{} players; at most {MAX_PLAYERS} are supported",
                v.len()
            )));
        }
        Ok(Self::from_vec(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_others_wrap_in_seat_order() {
        assert_eq!(PlayerId(0).next(2), PlayerId(1));
        assert_eq!(PlayerId(1).next(2), PlayerId(0));
        assert_eq!(PlayerId(3).next(4), PlayerId(0));
        let others: Vec<u8> = PlayerId(2).others(4).map(u8::from).collect();
        assert_eq!(others, [3, 0, 1]);
        assert_eq!(PlayerId::all(3).count(), 3);
        assert_eq!(PlayerId(0).others(1).count(), 0);
    }

    #[test]
    fn a_table_indexes_its_players_only() {
        let mut t = PerPlayer::splat(2, &5u8);
        t[PlayerId(1)] = 7;
        assert_eq!(t.as_slice(), &[5, 7]);
        assert_eq!(t.get(PlayerId(2)), None);
        assert_eq!(t.len(), 2);
        let pairs: Vec<(PlayerId, u8)> = t.pairs().map(|(p, v)| (p, *v)).collect();
        assert_eq!(pairs, [(PlayerId(0), 5), (PlayerId(1), 7)]);
        let doubled = t.map(|v| u32::from(*v) * 2);
        assert_eq!(doubled.as_slice(), &[10, 14]);
        assert_eq!(format!("{t:?}"), "[5, 7]");
        // Tables of different player counts differ even where they agree.
        assert_ne!(PerPlayer::splat(3, &5u8), PerPlayer::splat(2, &5u8));
    }

    #[test]
    fn a_two_player_table_hashes_like_an_array_of_two() {
        use std::hash::{Hash, Hasher};
        let hash = |f: &dyn Fn(&mut fnv::FnvHasher)| {
            let mut h = fnv::FnvHasher::default();
            f(&mut h);
            h.finish()
        };
        let t = PerPlayer::from_vec(vec![(3u8, 1u8), (0, 0)]);
        let a = [(3u8, 1u8), (0, 0)];
        assert_eq!(hash(&|h| t.hash(h)), hash(&|h| a.hash(h)));
        let v = PerPlayer::from_vec(vec![vec![1u16, 2], vec![]]);
        let b = [vec![1u16, 2], vec![]];
        assert_eq!(hash(&|h| v.hash(h)), hash(&|h| b.hash(h)));
    }

    #[test]
    fn tables_are_lists_in_files() {
        let t = PerPlayer::from_vec(vec![1usize, 2, 3]);
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "[1,2,3]");
        let back: PerPlayer<usize> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        let five: Result<PerPlayer<u8>, _> = serde_json::from_str("[1,2,3,4,5]");
        assert!(five.unwrap_err().to_string().contains("at most 4"));
        assert_eq!(serde_json::to_string(&PlayerId(3)).unwrap(), "3");
    }
}

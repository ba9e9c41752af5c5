//! Map validation: every constraint the engine relies on, reported as a list
//! of [`Finding`]s, each with a stable [`Rule`] id (like a linter's), a
//! [`Severity`], the hex it concerns and a message that says how to fix it.
//!
//! Every rule is documented with an example in `docs/validation.md`.
//!
//! ```
//! use hexwright_engine::{coverage::Coverage, map::Map, layout::Orientation, validate};
//!
//! let map = Map::new_empty("Empty", Orientation::Pointy, 30.0, 600.0, 400.0).unwrap();
//! let coverage = Coverage::new(&map).unwrap();
//! let findings = validate::validate(&map, &coverage);
//! // An empty map has no zones and no bases.
//! assert!(findings.iter().any(|f| f.rule == validate::Rule::ZoneCount));
//! assert!(findings.iter().any(|f| f.rule == validate::Rule::BaseMissing));
//! ```

use crate::coverage::Coverage;
use crate::format::HexDisplay;
use crate::layout::hex_key;
use crate::map::{FeatureKind, Map, Polygon, Side};
use crate::player::{MAX_PLAYERS, MIN_PLAYERS, PlayerId};
use hexx::Hex;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt;

/// Number of hexes in a starting zone.
pub const ZONE_SIZE: usize = 10;

/// Outpost vision radius (akw-rules-v1).
pub const OUTPOST_RADIUS: u32 = 2;

/// Largest allowed difference, in steps, between two sides' distances to
/// comparable targets before `distance-imbalance` warns (the one margin of
/// [`super::parity`]).
use super::parity::DISTANCE_MARGIN;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The map cannot be played; must be fixed.
    Error,
    /// The map can be played but is probably not what the designer wants.
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! rules {
    ($( $(#[$doc:meta])* $variant:ident => ($id:literal, $sev:ident, $summary:literal), )*) => {
        /// A validation rule, with a stable id.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Rule {
            $( $(#[$doc])* $variant, )*
        }

        impl Rule {
            /// Every rule, in documentation order.
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable id, e.g. `zone-size`.
            #[must_use]
            pub const fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            /// The severity of its findings.
            #[must_use]
            pub const fn severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$sev,)* }
            }

            /// One line saying what the rule checks.
            #[must_use]
            pub const fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $summary,)* }
            }

            /// The rule with this id.
            #[must_use]
            pub fn from_id(id: &str) -> Option<Rule> {
                Self::ALL.iter().copied().find(|r| r.id() == id)
            }
        }
    };
}

rules! {
    /// A side has no starting zone, or more than one.
    ZoneCount => ("zone-count", Error, "each side has exactly one starting zone"),
    /// A starting zone does not hold exactly 10 distinct hexes.
    ZoneSize => ("zone-size", Error, "a starting zone holds exactly 10 distinct hexes"),
    /// A starting zone includes an unusable hex (or one outside the grid).
    ZoneUnusable => ("zone-unusable", Error, "every starting-zone hex is usable"),
    /// The two starting zones share a hex.
    ZoneOverlap => ("zone-overlap", Error, "starting zones do not overlap"),
    /// A base stands on a starting-zone hex, so no unit can deploy there.
    ZoneBlocked => ("zone-blocked", Error, "no base stands on a starting-zone hex"),
    /// A feature stands on an unusable hex (or outside the grid).
    FeatureUnusable => ("feature-unusable", Error, "features stand only on usable hexes"),
    /// Two features stand on one hex.
    FeatureStacked => ("feature-stacked", Error, "at most one feature per hex"),
    /// A side has no base.
    BaseMissing => ("base-missing", Error, "each side has at least one base"),
    /// An enemy base cannot be reached from a side's starting zone.
    BaseUnreachable => ("base-unreachable", Error, "every enemy base can be reached from each starting zone"),
    /// A barracks, base or zone names a side the map's player count does not have.
    OwnerInvalid => ("owner-invalid", Error, "barracks, bases and zones belong to one of the map's players"),
    /// The map is for fewer than 2 or more than 4 players.
    PlayersInvalid => ("players-invalid", Error, "a map is for 2 to 4 players"),
    /// A pack manifest names a map file that does not exist.
    PackMissingMap => ("pack-missing-map", Error, "every map a pack manifest lists exists"),
    /// A pack manifest lists the same map twice, or a path that leaves the pack folder.
    PackBadPath => ("pack-bad-path", Error, "pack map paths are distinct and stay inside the pack folder"),
    /// The roster a pack manifest names cannot be read, or breaks roster rules.
    PackBadRoster => ("pack-bad-roster", Error, "the roster a pack names is a readable, valid roster"),
    /// A preview image a pack manifest names does not exist, or names no map of the pack.
    PackMissingPreview => ("pack-missing-preview", Warning, "every preview image a pack manifest names exists, for one of its maps"),
    /// A starting zone is not one connected group of hexes.
    ZoneDisconnected => ("zone-disconnected", Warning, "each starting zone is connected"),
    /// A side has no barracks.
    BarracksMissing => ("barracks-missing", Warning, "each side has at least one barracks"),
    /// An Energy objective cannot be reached from a side's starting zone.
    ObjectiveUnreachable => ("objective-unreachable", Warning, "every side can reach every Energy objective"),
    /// An Outpost cannot be reached from a side's starting zone.
    OutpostUnreachable => ("outpost-unreachable", Warning, "every side can reach every Outpost"),
    /// The sides' distances to objectives, Outposts, their own barracks or the enemy bases differ by more than the margin ([`super::parity`]).
    DistanceImbalance => ("distance-imbalance", Warning, "every side is about as far from objectives, Outposts, its own barracks and the enemy bases"),
    /// A fairness certificate was made for another version of the map ([`super::certificate`]).
    CertificateVoid => ("certificate-void", Warning, "every fairness certificate in the file was made for the map as it is"),
    /// A fairness certificate holds only within a wider margin or at a larger α than "certified fair" means ([`super::certificate`]).
    CertificateWeak => ("certificate-weak", Warning, "every fairness certificate holds within ±5 points at α 5%, or stricter"),
    /// The static fairness figures are uneven ([`crate::analysis::fairness::Fairness::verdict`]); raised by `hexwright validate` from the map analysis, not by [`validate`].
    StaticFairness => ("static-fairness", Warning, "the static fairness figures are even (they never certify a map; only simulated games do)"),
    /// No usable non-bush hex lies within an Outpost's vision radius.
    OutpostBlind => ("outpost-blind", Warning, "an Outpost's radius-2 vision holds usable non-bush hexes"),
    /// The grid region reaches outside the map area (the part outside is ignored).
    GridOutsideArea => ("grid-outside-area", Warning, "the grid region lies inside the map area"),
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One problem found in a map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Which rule.
    pub rule: Rule,
    /// Its severity (the rule's).
    pub severity: Severity,
    /// The hex it concerns, if any.
    pub hex: Option<Hex>,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl Finding {
    /// A finding of `rule` at `hex`.
    #[must_use]
    pub fn new(rule: Rule, hex: Option<Hex>, message: impl Into<String>) -> Self {
        Self {
            rule,
            severity: rule.severity(),
            hex,
            message: message.into(),
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.severity, self.rule)?;
        if let Some(h) = self.hex {
            write!(f, " {}", HexDisplay(h))?;
        }
        write!(f, " {}", self.message)
    }
}

/// Whether any finding is an error.
#[must_use]
pub fn has_errors(findings: &[Finding]) -> bool {
    findings.iter().any(|f| f.severity == Severity::Error)
}

/// Steps from a side's starting zone over usable hexes, never entering a base.
#[derive(Clone, Debug)]
pub struct DistanceField {
    dist: BTreeMap<(i32, i32), u32>,
}

impl DistanceField {
    /// Breadth-first search from every usable, base-free hex of `sources`.
    #[must_use]
    pub fn from_sources(map: &Map, coverage: &Coverage, sources: &[Hex]) -> Self {
        let bases: BTreeSet<(i32, i32)> = map
            .features
            .iter()
            .filter(|f| matches!(f.kind, FeatureKind::Base { .. }))
            .map(|f| hex_key(f.hex))
            .collect();
        let passable = |h: Hex| coverage.is_usable(h) && !bases.contains(&hex_key(h));
        let mut dist = BTreeMap::new();
        let mut queue = VecDeque::new();
        for &s in sources {
            if passable(s) && !dist.contains_key(&hex_key(s)) {
                dist.insert(hex_key(s), 0);
                queue.push_back(s);
            }
        }
        while let Some(h) = queue.pop_front() {
            let d = dist[&hex_key(h)];
            for n in neighbors(h) {
                if passable(n) && !dist.contains_key(&hex_key(n)) {
                    dist.insert(hex_key(n), d + 1);
                    queue.push_back(n);
                }
            }
        }
        Self { dist }
    }

    /// Steps to stand on `hex`, if reachable.
    #[must_use]
    pub fn to_hex(&self, hex: Hex) -> Option<u32> {
        self.dist.get(&hex_key(hex)).copied()
    }

    /// Steps to stand next to `hex` (to attack a base there), if reachable.
    #[must_use]
    pub fn to_adjacent(&self, hex: Hex) -> Option<u32> {
        neighbors(hex).filter_map(|n| self.to_hex(n)).min()
    }
}

/// `h + d`, or `None` when a coordinate would overflow `i32` (such a hex is
/// never on a grid; files may still name hexes that far out).
fn offset(h: Hex, d: Hex) -> Option<Hex> {
    Some(Hex::new(h.x.checked_add(d.x)?, h.y.checked_add(d.y)?))
}

/// The neighbours of `h` that have `i32` coordinates.
fn neighbors(h: Hex) -> impl Iterator<Item = Hex> {
    Hex::NEIGHBORS_COORDS
        .into_iter()
        .filter_map(move |d| offset(h, d))
}

/// Validates a map against the engine's constraints.
#[must_use]
pub fn validate(map: &Map, coverage: &Coverage) -> Vec<Finding> {
    let mut out = Vec::new();
    check_area(map, &mut out);
    let players = check_players(map, &mut out);
    check_owners(map, players, &mut out);
    check_zones(map, coverage, players, &mut out);
    check_features(map, coverage, players, &mut out);
    check_reachability(map, coverage, players, &mut out);
    check_certificates(map, coverage, &mut out);
    out.sort_by_key(|f| (f.severity, f.rule, f.hex.map(hex_key)));
    out
}

/// Certificates weaker than certified fair, and certificates made for
/// another version of the map.
fn check_certificates(map: &Map, coverage: &Coverage, out: &mut Vec<Finding>) {
    for c in &map.certificates {
        let which = format!(
            "the fairness certificate for {} in {} (dated {})",
            c.bot, c.ruleset, c.date
        );
        if let Some(weak) = c.weakness() {
            out.push(Finding::new(
                Rule::CertificateWeak,
                None,
                format!("{which}: {weak}; certify the map again with the defaults (`hexwright balance-edit`)"),
            ));
        }
        if !c.holds_on(map, coverage) {
            out.push(Finding::new(
                Rule::CertificateVoid,
                None,
                format!("{which} was made for another version of this map, so it no longer holds; certify the map again (`hexwright balance-edit`)"),
            ));
        }
    }
}

fn check_area(map: &Map, out: &mut Vec<Finding>) {
    let b = map.area.bbox();
    if let Some(p) = map
        .grid_rings()
        .flat_map(Polygon::points)
        .find(|p| p.x < b.min.x || p.y < b.min.y || p.x > b.max.x || p.y > b.max.y)
    {
        out.push(Finding::new(
            Rule::GridOutsideArea,
            None,
            format!(
                "grid region point ({}, {}) lies outside the {} x {} map area; move it inside or enlarge the area",
                p.x,
                p.y,
                map.area.width.get(),
                map.area.height.get()
            ),
        ));
    }
}

/// Reports a player count outside 2 to 4 and returns the count the other
/// checks use: the map's, or for an invalid one as many sides as its
/// zones, bases and barracks name (2 to 4).
fn check_players(map: &Map, out: &mut Vec<Finding>) -> usize {
    let n = map.player_count();
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        return n;
    }
    out.push(Finding::new(
        Rule::PlayersInvalid,
        None,
        format!("the map is for {n} players; a map is for {MIN_PLAYERS} to {MAX_PLAYERS} players: set `players` to one of them"),
    ));
    let named = map
        .features
        .iter()
        .filter_map(|f| f.kind.side())
        .chain(map.zones.iter().map(|z| z.side))
        .map(|s| s.index() + 1)
        .max()
        .unwrap_or(0);
    named.clamp(MIN_PLAYERS, MAX_PLAYERS)
}

/// "sides 0 and 1" or "sides 0 to 3".
fn sides_text(players: usize) -> String {
    match players {
        2 => "sides 0 and 1".to_owned(),
        n => format!("sides 0 to {}", n - 1),
    }
}

/// "0 or 1", "0, 1 or 2", "0, 1, 2 or 3".
fn choices_text(players: usize) -> String {
    let all: Vec<String> = (0..players).map(|p| p.to_string()).collect();
    match all.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
        _ => all.join(""),
    }
}

fn check_owners(map: &Map, players: usize, out: &mut Vec<Finding>) {
    let exist = sides_text(players);
    let choose = choices_text(players);
    for f in &map.features {
        if let Some(side) = f.kind.side()
            && side.index() >= players
        {
            out.push(Finding::new(
                Rule::OwnerInvalid,
                Some(f.hex),
                format!(
                    "{} belongs to side {side}, but only {exist} exist; set its side to {choose}",
                    f.kind.name()
                ),
            ));
        }
    }
    for z in &map.zones {
        if z.side.index() >= players {
            out.push(Finding::new(
                Rule::OwnerInvalid,
                z.hexes.first().copied(),
                format!("a starting zone belongs to side {}, but only {exist} exist; set its side to {choose}", z.side),
            ));
        }
    }
}

fn check_zones(map: &Map, coverage: &Coverage, players: usize, out: &mut Vec<Finding>) {
    for side in PlayerId::all(players) {
        let zones: Vec<_> = map.zones.iter().filter(|z| z.side == side).collect();
        if zones.len() != 1 {
            let msg = if zones.is_empty() {
                format!(
                    "side {side} has no starting zone; paint {ZONE_SIZE} usable hexes as its zone"
                )
            } else {
                format!(
                    "side {side} has {} starting zones; merge them into one zone of {ZONE_SIZE} hexes",
                    zones.len()
                )
            };
            out.push(Finding::new(
                Rule::ZoneCount,
                zones.first().and_then(|z| z.hexes.first().copied()),
                msg,
            ));
        }
    }
    for z in &map.zones {
        let distinct: BTreeSet<(i32, i32)> = z.hexes.iter().map(|&h| hex_key(h)).collect();
        if distinct.len() != ZONE_SIZE {
            let n = distinct.len();
            let fix = if n < ZONE_SIZE {
                format!("add {} more", ZONE_SIZE - n)
            } else {
                format!("remove {}", n - ZONE_SIZE)
            };
            out.push(Finding::new(
                Rule::ZoneSize,
                z.hexes.first().copied(),
                format!("side {}'s starting zone has {n} distinct hexes; it needs exactly {ZONE_SIZE}: {fix}", z.side),
            ));
        }
        let mut seen = BTreeSet::new();
        for &h in &z.hexes {
            if !seen.insert(hex_key(h)) {
                continue;
            }
            if !coverage.is_usable(h) {
                let why = unusable_reason(coverage, h);
                out.push(Finding::new(
                    Rule::ZoneUnusable,
                    Some(h),
                    format!("side {}'s starting zone includes hex {}, which {why}; move the zone onto usable hexes", z.side, HexDisplay(h)),
                ));
            }
        }
        if !distinct.is_empty() && !is_connected(&distinct) {
            out.push(Finding::new(
                Rule::ZoneDisconnected,
                z.hexes.first().copied(),
                format!("side {}'s starting zone is split into separate groups; make its hexes one connected group", z.side),
            ));
        }
    }
    // Every zone hex with the zones that hold it: one pass over the zones,
    // then one finding per hex (not per pair of zones).
    let mut holders: BTreeMap<(i32, i32), Vec<(usize, Side)>> = BTreeMap::new();
    for (i, z) in map.zones.iter().enumerate() {
        for &h in &z.hexes {
            let list = holders.entry(hex_key(h)).or_default();
            if list.last().is_none_or(|&(j, _)| j != i) {
                list.push((i, z.side));
            }
        }
    }
    for (&(r, q), zones) in &holders {
        if zones.len() > 1 {
            let sides: Vec<String> = zones.iter().map(|(_, s)| format!("side {s}")).collect();
            out.push(Finding::new(
                Rule::ZoneOverlap,
                Some(Hex::new(q, r)),
                format!(
                    "hex {q},{r} is in the starting zones of {}; give it to one zone only",
                    sides.join(" and ")
                ),
            ));
        }
    }
    for f in &map.features {
        if !matches!(f.kind, FeatureKind::Base { .. }) {
            continue;
        }
        for &(_, side) in holders.get(&hex_key(f.hex)).map_or(&[][..], Vec::as_slice) {
            out.push(Finding::new(
                Rule::ZoneBlocked,
                Some(f.hex),
                format!(
                    "the {} stands on hex {} of side {side}'s starting zone, and a base hex cannot be entered, so no unit can deploy there; move the base out of the zone",
                    f.kind,
                    HexDisplay(f.hex)
                ),
            ));
        }
    }
}

fn is_connected(set: &BTreeSet<(i32, i32)>) -> bool {
    let Some(&(r0, q0)) = set.iter().next() else {
        return true;
    };
    let mut seen = BTreeSet::from([(r0, q0)]);
    let mut stack = vec![Hex::new(q0, r0)];
    while let Some(h) = stack.pop() {
        for n in neighbors(h) {
            let k = hex_key(n);
            if set.contains(&k) && seen.insert(k) {
                stack.push(n);
            }
        }
    }
    seen.len() == set.len()
}

fn unusable_reason(coverage: &Coverage, h: Hex) -> String {
    match coverage.free_fraction(h) {
        None => "lies outside the grid".to_owned(),
        Some(f) => format!(
            "is unusable (only {:.1}% of it is free; at least 50% is needed)",
            f * 100.0
        ),
    }
}

fn check_features(map: &Map, coverage: &Coverage, players: usize, out: &mut Vec<Finding>) {
    let mut by_hex: BTreeMap<(i32, i32), Vec<FeatureKind>> = BTreeMap::new();
    for f in &map.features {
        by_hex.entry(hex_key(f.hex)).or_default().push(f.kind);
        if !coverage.is_usable(f.hex) {
            let why = unusable_reason(coverage, f.hex);
            out.push(Finding::new(
                Rule::FeatureUnusable,
                Some(f.hex),
                format!("{} stands on hex {}, which {why}; move it to a usable hex or clear the terrain", f.kind, HexDisplay(f.hex)),
            ));
        }
    }
    for (&(r, q), kinds) in &by_hex {
        if kinds.len() > 1 {
            let names: Vec<String> = kinds.iter().map(ToString::to_string).collect();
            out.push(Finding::new(
                Rule::FeatureStacked,
                Some(Hex::new(q, r)),
                format!(
                    "hex {q},{r} holds {} features ({}); keep one and move the others",
                    kinds.len(),
                    names.join(", ")
                ),
            ));
        }
    }
    for side in PlayerId::all(players) {
        let has =
            |pred: fn(FeatureKind, Side) -> bool| map.features.iter().any(|f| pred(f.kind, side));
        if !has(|k, s| matches!(k, FeatureKind::Base { side } if side == s)) {
            out.push(Finding::new(
                Rule::BaseMissing,
                None,
                format!("side {side} has no base; place a base for side {side}"),
            ));
        }
        if !has(|k, s| matches!(k, FeatureKind::Barracks { side } if side == s)) {
            out.push(Finding::new(
                Rule::BarracksMissing,
                None,
                format!("side {side} has no barracks, so it can never spawn units; place one or two barracks for side {side}"),
            ));
        }
    }
    let bushes: BTreeSet<(i32, i32)> = map
        .features
        .iter()
        .filter(|b| b.kind == FeatureKind::Bush)
        .map(|b| hex_key(b.hex))
        .collect();
    for f in &map.features {
        if f.kind == FeatureKind::Outpost {
            let sees_any = Hex::ZERO
                .range(OUTPOST_RADIUS)
                .filter(|&d| d != Hex::ZERO)
                .filter_map(|d| offset(f.hex, d))
                .any(|h| coverage.is_usable(h) && !bushes.contains(&hex_key(h)));
            if !sees_any {
                out.push(Finding::new(
                    Rule::OutpostBlind,
                    Some(f.hex),
                    format!(
                        "the Outpost at {} has no usable non-bush hex within {OUTPOST_RADIUS} steps, so controlling it reveals nothing; move it into open ground",
                        HexDisplay(f.hex)
                    ),
                ));
            }
        }
    }
}

fn check_reachability(map: &Map, coverage: &Coverage, players: usize, out: &mut Vec<Finding>) {
    let fields: Vec<Option<DistanceField>> = PlayerId::all(players)
        .map(|side| {
            let zones: Vec<_> = map.zones.iter().filter(|z| z.side == side).collect();
            (zones.len() == 1).then(|| DistanceField::from_sources(map, coverage, &zones[0].hexes))
        })
        .collect();
    for side in PlayerId::all(players) {
        let Some(field) = &fields[side.index()] else {
            continue;
        };
        for f in &map.features {
            if !coverage.is_usable(f.hex) {
                continue; // reported by feature-unusable
            }
            match f.kind {
                FeatureKind::Base { side: owner }
                    if owner != side
                        && owner.index() < players
                        && field.to_adjacent(f.hex).is_none() =>
                {
                    out.push(Finding::new(
                        Rule::BaseUnreachable,
                        Some(f.hex),
                        format!(
                            "side {side}'s units cannot reach the base of side {owner} at {}: no path of usable hexes leads next to it; open a path",
                            HexDisplay(f.hex)
                        ),
                    ));
                }
                FeatureKind::Objective | FeatureKind::Outpost if field.to_hex(f.hex).is_none() => {
                    let rule = if f.kind == FeatureKind::Objective {
                        Rule::ObjectiveUnreachable
                    } else {
                        Rule::OutpostUnreachable
                    };
                    out.push(Finding::new(
                        rule,
                        Some(f.hex),
                        format!(
                            "side {side}'s units cannot reach the {} at {}; open a path of usable hexes to it",
                            f.kind.name(),
                            HexDisplay(f.hex)
                        ),
                    ));
                }
                _ => {}
            }
        }
    }
    let complete: Option<Vec<&DistanceField>> = fields.iter().map(Option::as_ref).collect();
    if let Some(fields) = complete {
        check_balance(map, &fields, out);
    }
}

/// Warns where [`super::parity`] finds the sides' distances to the k-th
/// nearest target of a kind more than [`DISTANCE_MARGIN`] apart (the
/// farthest side against the nearest).
fn check_balance(map: &Map, fields: &[&DistanceField], out: &mut Vec<Finding>) {
    use super::parity::Target;
    for row in super::parity::rows(map, fields) {
        for gap in row.gaps() {
            let (far_side, far_d, far_h) = gap.far;
            let (near_side, near_d, near_h) = gap.near;
            let nth = if gap.rank == 0 {
                String::new()
            } else {
                format!("{} ", ordinal(gap.rank + 1))
            };
            let message = match row.target {
                Target::Objectives | Target::Outposts => {
                    let label = if row.target == Target::Objectives {
                        "Energy objective"
                    } else {
                        "Outpost"
                    };
                    format!(
                        "side {far_side}'s {nth}nearest {label} is {} away (at {}), but side {near_side}'s is {} (at {}); the margin is {DISTANCE_MARGIN}: move targets or zones to even it out",
                        steps(far_d),
                        HexDisplay(far_h),
                        steps(near_d),
                        HexDisplay(near_h)
                    )
                }
                Target::OwnBarracks => format!(
                    "side {far_side}'s {nth}nearest own barracks is {} away (at {}), but side {near_side}'s is {} (at {}); the margin is {DISTANCE_MARGIN}: move barracks or zones to even it out",
                    steps(far_d),
                    HexDisplay(far_h),
                    steps(near_d),
                    HexDisplay(near_h)
                ),
                Target::EnemyBases => format!(
                    "side {far_side} needs {} to attack the {nth}enemy base at {}, but side {near_side} needs {}; the margin is {DISTANCE_MARGIN}: move a base or a zone to even it out",
                    steps(far_d + 1),
                    HexDisplay(far_h),
                    near_d + 1
                ),
            };
            out.push(Finding::new(Rule::DistanceImbalance, Some(far_h), message));
        }
    }
}

/// "1 step", "3 steps".
fn steps(n: u32) -> String {
    if n == 1 {
        "1 step".to_owned()
    } else {
        format!("{n} steps")
    }
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".to_owned(),
        2 => "2nd".to_owned(),
        3 => "3rd".to_owned(),
        n => format!("{n}th"),
    }
}

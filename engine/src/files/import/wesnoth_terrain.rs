//! What a Battle for Wesnoth terrain code means on a Hexwright map.
//!
//! A code is `Base` or `Base^Overlay` (see the format notes in
//! `docs/import.md`). The importer needs three things of it: whether the hex
//! is part of the map at all (off-map codes are not), whether a unit on foot
//! can stand there (impassable, unwalkable and deep-water hexes are covered
//! by whole-hex terrain), and what stands on it (a village, a castle, a
//! keep, a forest).
//!
//! Standing is decided one of two ways:
//! - by **rules** written here from the code's letters ([`by_rules`]):
//!   `X…` and `^X…` impassable, closed gates `^P…` impassable, `Q…`, `Mv`
//!   and `^Qov` unwalkable, `Wo…` deep water; bridges `^B…` and villages
//!   `^V…` stand on anything; other overlays keep their base's verdict;
//! - by **Wesnoth's terrain table** (`data/core/terrain.cfg`), when the
//!   user gives one ([`TerrainTable`]): every code's movement alias
//!   (`mvt_alias`, else `aliasof`) is resolved down to the hidden archetypes,
//!   `_bas` standing for the base, combined as *best of* (or *worst of*
//!   after a `-`), and a walking unit can stand where the result is not the
//!   impassable (`Xt`), unwalkable (`Qt`) or deep-water (`Wdt`) archetype.
//!   Codes the table does not resolve fall back on the rules, and the
//!   report says so.
//!
//! Codes no rule recognises are reported and taken as open ground.

use crate::map::TerrainKind;
use std::collections::BTreeMap;

/// Whether a unit on foot can stand on a hex, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Ground {
    /// Not part of the map: the border and off-map cells.
    OffMap,
    /// A unit can stand here.
    Open,
    /// Impassable: walls, impassable mountains, closed gates.
    Impassable,
    /// Unwalkable: chasms, lava (flyers only in Wesnoth).
    Unwalkable,
    /// Deep water.
    DeepWater,
}

impl Ground {
    /// The terrain kind that covers a blocked hex.
    #[must_use]
    pub const fn terrain(self) -> Option<TerrainKind> {
        match self {
            Self::Impassable => Some(TerrainKind::Rock),
            Self::Unwalkable => Some(TerrainKind::Chasm),
            Self::DeepWater => Some(TerrainKind::Water),
            Self::OffMap | Self::Open => None,
        }
    }

    /// Whether a unit can stand here.
    #[must_use]
    pub const fn is_open(self) -> bool {
        matches!(self, Self::Open)
    }

    /// A lower-case name for reports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::OffMap => "off-map",
            Self::Open => "open",
            Self::Impassable => "impassable",
            Self::Unwalkable => "unwalkable",
            Self::DeepWater => "deep water",
        }
    }
}

/// How a code's [`Ground`] was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Basis {
    /// From the terrain table.
    Table,
    /// From the letters of the code (no table, or the table does not
    /// resolve it).
    Rules,
    /// Nothing recognised the code: taken as open ground.
    Unknown,
}

/// What stands on a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Site {
    /// Nothing the importer uses.
    Plain,
    /// A village (`^V…`).
    Village,
    /// A castle (`C…`, `^Cov`).
    Castle,
    /// A keep (`K…`, `^Kov`), which is a castle too.
    Keep,
    /// A forest (`^F…`).
    Forest,
}

impl Site {
    /// Whether this is a castle or a keep.
    #[must_use]
    pub const fn is_castle(self) -> bool {
        matches!(self, Self::Castle | Self::Keep)
    }
}

/// What a terrain code means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meaning {
    /// Whether a unit can stand there.
    pub ground: Ground,
    /// How `ground` was found.
    pub basis: Basis,
    /// What stands there.
    pub site: Site,
}

/// Splits a code into its base and overlay (without the `^`).
#[must_use]
pub fn split(code: &str) -> (&str, Option<&str>) {
    match code.split_once('^') {
        Some((b, o)) => (b, Some(o)),
        None => (code, None),
    }
}

/// The meaning of `code` by the rules alone (see the module docs).
#[must_use]
pub fn by_rules(code: &str) -> Meaning {
    let (base, overlay) = split(code);
    let overlay = overlay.unwrap_or("");
    let (ground, basis) = ground_by_rules(base, overlay);
    let site = if overlay.starts_with('V') {
        Site::Village
    } else if base.starts_with('K') || overlay == "Kov" {
        Site::Keep
    } else if base.starts_with('C') || overlay == "Cov" {
        Site::Castle
    } else if overlay.starts_with('F') {
        Site::Forest
    } else {
        Site::Plain
    };
    Meaning {
        ground,
        basis,
        site,
    }
}

fn ground_by_rules(base: &str, overlay: &str) -> (Ground, Basis) {
    if base.starts_with("_off") || overlay == "_fme" || base == "_s" || base == "_f" {
        return (Ground::OffMap, Basis::Rules);
    }
    let closed_gate = overlay.starts_with('P') && !overlay.ends_with('o');
    if overlay.starts_with('X') || closed_gate {
        return (Ground::Impassable, Basis::Rules);
    }
    if overlay == "Qov" {
        return (Ground::Unwalkable, Basis::Rules);
    }
    // Bridges and villages are the best of their base and flat ground.
    if overlay.starts_with(['B', 'V']) {
        return (Ground::Open, Basis::Rules);
    }
    let ground = if base.starts_with('X') {
        Ground::Impassable
    } else if base.starts_with('Q') || base == "Mv" {
        Ground::Unwalkable
    } else if base.starts_with("Wo") {
        Ground::DeepWater
    } else {
        Ground::Open
    };
    // Base codes are a capital letter and up to three more characters.
    let known = base.len() <= 4
        && base.starts_with(|c: char| "ACDGHIKMQRSTUWX".contains(c))
        && base.chars().all(|c| c.is_ascii_alphanumeric());
    (ground, if known { Basis::Rules } else { Basis::Unknown })
}

/// Most alias steps followed for one code (the table nests a few deep; a
/// cycle in a hostile table stops here).
pub const MAX_ALIAS_DEPTH: usize = 16;

/// Wesnoth's terrain table: each code's movement alias.
#[derive(Clone, Debug, Default)]
pub struct TerrainTable {
    /// Code → its alias tokens (`mvt_alias`, else `aliasof`); codes with
    /// neither are archetypes.
    aliases: BTreeMap<String, Vec<String>>,
}

impl TerrainTable {
    /// Reads `[terrain_type]` blocks (`string=`, `aliasof=`, `mvt_alias=`)
    /// from the text of a `terrain.cfg`; `#` starts a comment. Other keys
    /// and tags are skipped.
    ///
    /// # Errors
    /// When the text holds no terrain type at all (not a terrain table).
    pub fn parse_cfg(text: &str) -> Result<Self, String> {
        let mut aliases = BTreeMap::new();
        let mut block: Option<(Option<String>, Option<String>, Option<String>)> = None;
        for line in text.lines() {
            let line = line.split('#').next().unwrap_or("").trim();
            match line {
                "[terrain_type]" => block = Some((None, None, None)),
                "[/terrain_type]" => {
                    if let Some((Some(code), alias, mvt)) = block.take() {
                        let tokens = mvt.or(alias).map_or_else(Vec::new, |a| {
                            a.split(',').map(|t| t.trim().to_owned()).collect()
                        });
                        aliases.insert(code, tokens);
                    }
                }
                _ => {
                    if let (Some(b), Some((key, value))) = (block.as_mut(), line.split_once('=')) {
                        let value = value.trim().to_owned();
                        match key.trim() {
                            "string" => b.0 = Some(value),
                            "aliasof" => b.1 = Some(value),
                            "mvt_alias" => b.2 = Some(value),
                            _ => {}
                        }
                    }
                }
            }
        }
        if aliases.is_empty() {
            return Err(
                "no [terrain_type] with a string= found: not a Wesnoth terrain table".into(),
            );
        }
        Ok(Self { aliases })
    }

    /// How many codes the table defines.
    #[must_use]
    pub fn len(&self) -> usize {
        self.aliases.len()
    }

    /// Whether the table defines no code.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.aliases.is_empty()
    }

    /// The meaning of `code`: its ground from the table where the table
    /// resolves it, the rest by the rules. To resolve many codes, use one
    /// [`TerrainTable::resolver`], which remembers what it resolved.
    #[must_use]
    pub fn meaning(&self, code: &str) -> Meaning {
        self.resolver().meaning(code)
    }

    /// Resolves codes against this table, remembering each alias it has
    /// evaluated: however the aliases nest (a hostile table can make every
    /// code an alias of the next many times over), each alias is evaluated
    /// at most once per nesting depth and base ground, so resolving every
    /// code of a map costs at most the table's size times
    /// [`MAX_ALIAS_DEPTH`] times the grounds.
    #[must_use]
    pub fn resolver(&self) -> Resolver<'_> {
        Resolver {
            table: self,
            memo: std::cell::RefCell::new(BTreeMap::new()),
        }
    }
}

/// An alias, the base ground it is evaluated over, and its nesting depth.
type MemoKey<'t> = (&'t str, Option<Ground>, usize);

/// Resolves codes against a [`TerrainTable`] ([`TerrainTable::resolver`]).
#[derive(Debug)]
pub struct Resolver<'t> {
    table: &'t TerrainTable,
    /// (alias, base ground, depth) → its ground.
    memo: std::cell::RefCell<BTreeMap<MemoKey<'t>, Option<Ground>>>,
}

impl<'t> Resolver<'t> {
    /// The meaning of `code`, as [`TerrainTable::meaning`] gives it.
    #[must_use]
    pub fn meaning(&self, code: &str) -> Meaning {
        let rules = by_rules(code);
        if rules.ground == Ground::OffMap {
            return rules;
        }
        match self.ground(code) {
            Some(ground) => Meaning {
                ground,
                basis: Basis::Table,
                ..rules
            },
            None => rules,
        }
    }

    /// The ground of a whole code, when the table resolves it.
    fn ground(&self, code: &str) -> Option<Ground> {
        if let Some(tokens) = self.table.aliases.get(code) {
            return self.eval(tokens, None, 0);
        }
        let (base, overlay) = split(code);
        let base_ground = self.token(base, None, 0)?;
        match overlay {
            None => Some(base_ground),
            Some(o) => {
                let tokens = self.table.aliases.get(&format!("^{o}"))?;
                self.eval(tokens, Some(base_ground), 0)
            }
        }
    }

    /// Combines alias tokens: best of by default, worst of after `-`.
    fn eval(&self, tokens: &'t [String], bas: Option<Ground>, depth: usize) -> Option<Ground> {
        if depth > MAX_ALIAS_DEPTH {
            return None;
        }
        let mut worst = false;
        let mut acc: Option<Ground> = None;
        for t in tokens {
            match t.as_str() {
                "-" => worst = true,
                "+" => worst = false,
                "" => {}
                t => {
                    let g = self.token(t, bas, depth + 1)?;
                    acc = Some(match acc {
                        None => g,
                        Some(a) if worst => combine_worst(a, g),
                        Some(a) => combine_best(a, g),
                    });
                }
            }
        }
        acc
    }

    fn token(&self, t: &str, bas: Option<Ground>, depth: usize) -> Option<Ground> {
        if t == "_bas" {
            return bas;
        }
        match t {
            "Xt" => return Some(Ground::Impassable),
            "Qt" => return Some(Ground::Unwalkable),
            "Wdt" => return Some(Ground::DeepWater),
            _ => {}
        }
        let (key, tokens) = self.table.aliases.get_key_value(t)?;
        // An archetype other than the three that block.
        if tokens.is_empty() {
            return Some(Ground::Open);
        }
        let memo_key = (key.as_str(), bas, depth);
        if let Some(known) = self.memo.borrow().get(&memo_key) {
            return *known;
        }
        let g = self.eval(tokens, bas, depth);
        self.memo.borrow_mut().insert(memo_key, g);
        g
    }
}

fn combine_best(a: Ground, b: Ground) -> Ground {
    if a.is_open() || b.is_open() {
        Ground::Open
    } else {
        a
    }
}

fn combine_worst(a: Ground, b: Ground) -> Ground {
    if a.is_open() { b } else { a }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_read_the_codes_of_the_format_notes() {
        let g = |c: &str| by_rules(c).ground;
        assert_eq!(g("_off^_usr"), Ground::OffMap);
        assert_eq!(g("Wot^_fme"), Ground::OffMap);
        assert_eq!(g("Xu"), Ground::Impassable);
        assert_eq!(g("Mm^Xm"), Ground::Impassable);
        assert_eq!(g("Gg^Pr\\"), Ground::Impassable);
        assert_eq!(g("Gg^Pr\\o"), Ground::Open);
        assert_eq!(g("Qxu"), Ground::Unwalkable);
        assert_eq!(g("Mv"), Ground::Unwalkable);
        assert_eq!(g("Wo"), Ground::DeepWater);
        assert_eq!(g("Wo^Bsb|"), Ground::Open);
        assert_eq!(g("Ww"), Ground::Open);
        assert_eq!(g("Gs^Fp"), Ground::Open);
        assert_eq!(by_rules("Ket^Eff").site, Site::Keep);
        assert!(by_rules("Ket^Eff").site.is_castle());
        assert_eq!(by_rules("Chw").site, Site::Castle);
        assert_eq!(by_rules("Gg^Vh").site, Site::Village);
        assert_eq!(by_rules("Aa^Fpa").site, Site::Forest);
        assert_eq!(by_rules("Zz9!").basis, Basis::Unknown);
    }

    #[test]
    fn a_table_resolves_aliases_with_best_and_worst_of() {
        let cfg = "
[terrain_type]
    string=Xt
[/terrain_type]
[terrain_type]
    string=Gt
[/terrain_type]
[terrain_type]
    string=Wdt
[/terrain_type]
[terrain_type]
    string=Wo  # deep
    aliasof=Wdt
[/terrain_type]
[terrain_type]
    string=Gg
    aliasof=Gt
[/terrain_type]
[terrain_type]
    string=Mm^Xm
    aliasof=-,Gt,Xt
[/terrain_type]
[terrain_type]
    string=^Bw|
    aliasof=_bas, Gt
[/terrain_type]
[terrain_type]
    string=^Xo
    aliasof=_bas,Xt
    mvt_alias=Xt
[/terrain_type]
";
        let t = TerrainTable::parse_cfg(cfg).unwrap();
        assert_eq!(t.len(), 8);
        let g = |c: &str| t.meaning(c);
        assert_eq!(g("Wo").ground, Ground::DeepWater);
        assert_eq!(g("Wo").basis, Basis::Table);
        assert_eq!(g("Wo^Bw|").ground, Ground::Open);
        assert_eq!(g("Mm^Xm").ground, Ground::Impassable);
        assert_eq!(g("Gg^Xo").ground, Ground::Impassable);
        assert_eq!(g("Gg").ground, Ground::Open);
        // Not in the table: the rules decide, and say so.
        assert_eq!(g("Qxu").ground, Ground::Unwalkable);
        assert_eq!(g("Qxu").basis, Basis::Rules);
        assert!(TerrainTable::parse_cfg("hello").is_err());
    }

    #[test]
    fn an_alias_cycle_stops() {
        let cfg = "[terrain_type]\nstring=Aa\naliasof=Bb\n[/terrain_type]\n[terrain_type]\nstring=Bb\naliasof=Aa\n[/terrain_type]\n";
        let t = TerrainTable::parse_cfg(cfg).unwrap();
        assert_eq!(t.meaning("Aa").basis, Basis::Rules);
    }
}

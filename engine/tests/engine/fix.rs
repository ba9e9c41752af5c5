//! The certifying balance assistant ([`hexwright_engine::fix`]): paired
//! races pick a known better edit over a known worse one, a map already
//! fair needs no change, and a certificate round-trips through the file
//! and is void once the map changes.

use hexwright_engine::bots::BotKind;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::fix::{self, Budget, Ending, Gain, Level, Options};
use hexwright_engine::format;
use hexwright_engine::map::{FeatureKind, Map};
use hexwright_engine::player::PlayerId;
use hexwright_engine::rules::Roster;
use hexwright_engine::sequential::Decision;
use std::path::Path;
use std::sync::atomic::AtomicBool;

fn bundled(file: &str) -> Map {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    format::load_map(&dir.join(file)).unwrap()
}

/// A bundled map as designed, before its balance edits (and without their
/// certificates): Twin Fords so is point-symmetric and lopsided by turn
/// order alone.
fn designed(file: &str) -> Map {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/designs");
    format::load_map(&dir.join(file)).unwrap()
}

/// `map` with its first `count` objectives each moved `steps` hexes
/// towards side 0's zone (over free usable hexes).
fn objectives_towards_side0(map: &Map, count: usize, steps: u32) -> Map {
    let mut m = map.clone();
    let coverage = Coverage::new(&m).unwrap();
    let zone = m.zone_of(PlayerId(0)).unwrap().hexes[0];
    let idx: Vec<usize> = m
        .features
        .iter()
        .enumerate()
        .filter(|(_, f)| f.kind == FeatureKind::Objective)
        .map(|(i, _)| i)
        .take(count)
        .collect();
    for i in idx {
        for _ in 0..steps {
            let at = m.features[i].hex;
            let next = at
                .all_neighbors()
                .into_iter()
                .filter(|&h| {
                    coverage.is_usable(h)
                        && m.feature_at(h).is_none()
                        && m.zones.iter().all(|z| !z.hexes.contains(&h))
                })
                .min_by_key(|h| (h.unsigned_distance_to(zone), h.x, h.y));
            if let Some(h) =
                next.filter(|h| h.unsigned_distance_to(zone) < at.unsigned_distance_to(zone))
            {
                m.features[i].hex = h;
            }
        }
    }
    m
}

/// Greedy bots at a 60-round limit.
const GREEDY_60: Level = Level {
    bot: BotKind::Greedy,
    round_limit: 60,
    ruleset: None,
};

/// On shared seeds, the race keeps the edit that undoes a lopsiding change
/// over one that adds to it, and its paired gain says it helps.
#[test]
fn the_paired_race_picks_the_known_better_edit() {
    let fair = designed("twin-fords.ron");
    let lopsided = objectives_towards_side0(&fair, 3, 3);
    let worse = objectives_towards_side0(&fair, 5, 4);
    assert_ne!(lopsided, fair);
    assert_ne!(worse, lopsided);
    let level = GREEDY_60;
    let r = fix::race(
        &lopsided,
        &[worse, fair],
        &Roster::bundled(),
        &level,
        &[],
        7,
        Budget {
            screen: 0,
            field: 24,
            first: 48,
            most: 192,
        },
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    assert!(
        r.base.deviation() > 0.05,
        "the lopsided map leans: {:?}",
        r.base.means()
    );
    assert_eq!(
        r.best,
        Some(1),
        "{:?} {:?}",
        r.games[0].means(),
        r.games[1].means()
    );
    // The worse candidate was dropped after the first round; the better
    // one played on to the most games, with the base.
    assert_eq!(
        (r.games[0].len(), r.games[1].len(), r.base.len()),
        (48, 192, 192)
    );
    let gain = Gain::of(&r.base, &r.games[1]);
    assert!(gain.helps(), "{gain:?}");
    assert_eq!(
        r.matches,
        48 + 192 + 192,
        "the worse one 48, the better one and the base 192"
    );
}

/// A race scored beside another level plays every map as many games there,
/// on the same seeds as a lone race at that level, and ranks by the sum of
/// the levels' scores.
#[test]
fn a_race_beside_another_level_ranks_by_both() {
    let fair = designed("twin-fords.ron");
    let lopsided = objectives_towards_side0(&fair, 3, 3);
    let worse = objectives_towards_side0(&fair, 5, 4);
    let other = Level {
        bot: BotKind::Greedy,
        round_limit: 20,
        ruleset: None,
    };
    let budget = Budget {
        screen: 0,
        field: 24,
        first: 48,
        most: 192,
    };
    let roster = Roster::bundled();
    let cancel = AtomicBool::new(false);
    let r = fix::race(
        &lopsided,
        &[worse.clone(), fair],
        &roster,
        &GREEDY_60,
        &[other],
        7,
        budget,
        &|_| {},
        &cancel,
    )
    .unwrap();
    assert_eq!(r.beside.len(), 1);
    let b = &r.beside[0];
    assert_eq!(b.level, other);
    let lens = |g: &[fix::Games]| g.iter().map(fix::Games::len).collect::<Vec<_>>();
    assert_eq!(
        lens(&b.games),
        lens(&r.games),
        "as many games at each level"
    );
    assert_eq!(b.base.len(), r.base.len());
    assert_eq!(r.matches, 2 * (lens(&r.games).iter().sum::<usize>() + 192));
    // The same seeds as a lone race at the other level.
    let alone = fix::race(
        &lopsided,
        &[worse],
        &roster,
        &other,
        &[],
        7,
        budget,
        &|_| {},
        &cancel,
    )
    .unwrap();
    assert_eq!(alone.base, b.base);
    assert_eq!(alone.games[0].shares[..48], b.games[0].shares[..48]);
    // The first round's order is the sum of both levels' scores on its 48
    // games.
    let first = |g: &fix::Games| fix::Games {
        shares: g.shares[..48].to_vec(),
        traces: g.traces[..48].to_vec(),
    };
    let score = |i: usize| {
        first(&r.games[i]).score_against(&r.base) + first(&b.games[i]).score_against(&b.base)
    };
    let best = r.best.unwrap();
    assert!(
        score(best) <= score(1 - best),
        "{} {}",
        score(best),
        score(1 - best)
    );
    assert_eq!(r.ranked, vec![best, 1 - best]);
}

/// Screening drops an edit that changes no match (here: no change at all)
/// after a few shared seeds, and races the rest.
#[test]
fn screening_drops_an_edit_that_changes_no_match() {
    let fair = designed("twin-fords.ron");
    let lopsided = objectives_towards_side0(&fair, 3, 3);
    let level = GREEDY_60;
    let r = fix::race(
        &lopsided,
        &[lopsided.clone(), fair],
        &Roster::bundled(),
        &level,
        &[],
        7,
        Budget {
            screen: 8,
            field: 24,
            first: 16,
            most: 64,
        },
        &|_| {},
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(r.screened, (2, 1), "one of two screened changes nothing");
    assert_eq!(r.games[0].len(), 8, "dropped after screening");
    assert!(r.games[0].same_as(&r.base));
    assert_eq!(r.best, Some(1));
    assert_eq!(r.games[1].len(), 64);
    assert_eq!(r.matches, 64 + 8 + 64);
}

/// Random bots at a 10-round limit, judged within 20 points in one
/// attempt: a cheap level at which symmetric maps are certified as they are.
fn random_bots_wide_margin() -> Options {
    Options {
        level: Level {
            bot: BotKind::Random,
            round_limit: 10,
            ruleset: None,
        },
        margin: 0.2,
        attempts: 1,
        date: "2026-12-05".to_owned(),
        ..Options::default()
    }
}

/// Random bots at a 10-round limit draw every match: every seat's share is
/// exactly fair, so the seat test certifies the map as it is and the
/// assistant proposes nothing. The certificate survives the file and is
/// void once the map changes.
#[test]
fn a_fair_map_needs_no_change_and_its_certificate_round_trips() {
    let map = designed("twin-fords.ron");
    let opts = Options {
        certify_games: 2_000,
        ..random_bots_wide_margin()
    };
    let f = fix::fix(&map, &Roster::bundled(), &opts).unwrap();
    assert_eq!(f.ending, Ending::AlreadyFair, "{}", f.verdict());
    assert!(f.steps.is_empty());
    assert!(
        f.verdict().starts_with("No change needed"),
        "{}",
        f.verdict()
    );
    assert_eq!(f.map.certificates.len(), 1);
    let c = &f.map.certificates[0];
    assert_eq!(
        (c.bot.as_str(), c.ruleset.as_str()),
        ("random", "akw-rules-v1")
    );
    assert_eq!(c.shares, vec![0.5, 0.5]);
    assert_eq!(c.date, "2026-12-05");
    assert!(
        c.holds_for(&f.map) && c.holds_for(&map),
        "made for the map as it is"
    );
    // Saved and read back: the same certificate, still holding.
    let text = format::to_ron_string(&f.map).unwrap();
    let back = format::parse_map(&text, "certified.ron").unwrap();
    assert_eq!(back, f.map);
    assert!(back.certificates[0].holds_for(&back));
    // A map without certificates writes no such field (old files load).
    assert!(
        !format::to_ron_string(&map)
            .unwrap()
            .contains("certificates")
    );
    // One bush moved: void.
    let mut edited = back.clone();
    let bush = edited
        .features
        .iter()
        .position(|f| f.kind == FeatureKind::Bush)
        .unwrap();
    edited.features[bush].hex += hexwright_engine::Hex::new(1, 0);
    assert!(!edited.certificates[0].holds_for(&edited));
}

/// As even as it can get: a certified map is edited on while an edit's
/// games bring it nearer to fair, each edited map certified again on fresh
/// games; the search ends at the certified map whose certification found
/// it nearest to fair (the earliest among equals), with that map's
/// certificate.
#[test]
fn as_even_as_it_gets_ends_at_the_nearest_certified_map() {
    // Greedy play on Twin Fords as designed: side 1 ahead by about six
    // points, within a 20-point margin.
    let map = designed("twin-fords.ron");
    let opts = Options {
        level: GREEDY_60,
        as_even: true,
        max_steps: 2,
        certify_games: 1_000,
        shortlist: 4,
        screen: (4, 8),
        race_games: (32, 128),
        ..random_bots_wide_margin()
    };
    let f = fix::fix(&map, &Roster::bundled(), &opts).unwrap();
    let certified: Vec<&fix::Certification> = f
        .attempts
        .iter()
        .filter(|c| c.decision == Decision::Fair)
        .collect();
    assert!(
        certified.len() >= 2,
        "it went on after the first certificate: {:?}",
        f.attempts.iter().map(|c| c.edits).collect::<Vec<_>>()
    );
    let far = |c: &fix::Certification| c.shares.iter().map(|x| (x - 0.5).abs()).fold(0.0, f64::max);
    let nearest = certified
        .iter()
        .copied()
        .reduce(|a, b| if far(b) < far(a) { b } else { a })
        .unwrap();
    assert!(matches!(f.ending, Ending::AlreadyFair | Ending::Certified));
    assert_eq!(f.steps.len(), nearest.edits, "{}", f.verdict());
    let cert = nearest.certificate.as_ref().unwrap();
    assert_eq!(f.map.certificates, vec![cert.clone()]);
    assert!(cert.holds_for(&f.map));
    assert!(f.verdict().contains(&nearest.sentence()), "{}", f.verdict());
}

/// A certificate keeps how its first games went: played again by this
/// engine they go the same; a certificate whose games would now go
/// otherwise (its round limit altered here, as a changed rule or bot would
/// alter the games) is found out; one without the trace cannot tell.
#[test]
fn a_certificate_replays_its_first_games() {
    let map = designed("twin-fords.ron");
    let roster = Roster::bundled();
    let f = fix::fix(&map, &roster, &random_bots_wide_margin()).unwrap();
    let cert = f
        .map
        .certificates
        .iter()
        .find(|c| c.bot == "random")
        .unwrap()
        .clone();
    assert_eq!(cert.play.len(), 16, "{cert:?}");
    assert_eq!(fix::replays(&cert, &f.map, &roster).unwrap(), Some(true));
    let mut altered = cert.clone();
    altered.round_limit += 2;
    assert_eq!(
        fix::replays(&altered, &f.map, &roster).unwrap(),
        Some(false)
    );
    let mut untraced = cert;
    untraced.play.clear();
    assert_eq!(fix::replays(&untraced, &f.map, &roster).unwrap(), None);
}

/// A certified map certified again at another level keeps the
/// certificates it came with (they still hold: nothing was edited), and
/// the new one joins them; certified again at a level it already holds, the
/// new certificate replaces the old. One at the policy's level with other
/// weights than the shipped ones is dropped, and so is one of the search
/// guided by other weights.
#[test]
fn certifying_at_a_new_level_keeps_the_certificates_that_still_hold() {
    let mut map = bundled("twin-fords.ron");
    // A certificate at the policy's level with weights no longer shipped:
    // dropped, whatever it says.
    let mut other_weights = map.certificates[0].clone();
    other_weights.bot = "policy@0000000000000000".to_owned();
    // And one at the search's level, guided by such weights.
    let mut other_guide = other_weights.clone();
    other_guide.bot = "search@0000000000000000".to_owned();
    let before: Vec<(String, String)> = map
        .certificates
        .iter()
        .map(|c| (c.bot.clone(), c.ruleset.clone()))
        .collect();
    assert!(before.len() >= 4, "{before:?}");
    map.certificates.push(other_weights);
    map.certificates.push(other_guide);
    let opts = Options {
        certify_games: 2_000,
        ..random_bots_wide_margin()
    };
    let f = fix::fix(&map, &Roster::bundled(), &opts).unwrap();
    assert_eq!(f.ending, Ending::AlreadyFair, "{}", f.verdict());
    let after: Vec<(String, String)> = f
        .map
        .certificates
        .iter()
        .map(|c| (c.bot.clone(), c.ruleset.clone()))
        .collect();
    let mut want = before.clone();
    want.push(("random".to_owned(), "akw-rules-v1".to_owned()));
    assert_eq!(after, want);
    assert!(f.map.certificates.iter().all(|c| c.holds_for(&f.map)));
    // Again at random level: one random certificate, the new one.
    let again = fix::fix(&f.map, &Roster::bundled(), &Options { seed: 77, ..opts }).unwrap();
    assert_eq!(again.map.certificates.len(), want.len());
    let random = again
        .map
        .certificates
        .iter()
        .find(|c| c.bot == "random")
        .unwrap();
    assert_ne!(
        random.seed,
        f.map.certificates.last().unwrap().seed,
        "the new certificate"
    );
}

/// Twin Fords as designed is lopsided by turn order alone (1,000 greedy
/// games give side 1 about 57%; it is point-symmetric, so only an
/// asymmetric edit can fix it): it ends certified fair at greedy level,
/// through the assistant's own edits, and the certificate is for the
/// edited map. The search tells each check and edit as it makes them.
#[test]
fn a_lopsided_two_player_map_ends_certified() {
    let map = designed("twin-fords.ron");
    let opts = Options {
        date: "2026-12-05".to_owned(),
        ..Options::default()
    };
    // What the search tells while it runs, in order.
    let told = std::sync::Mutex::new(Vec::new());
    let played = std::sync::atomic::AtomicUsize::new(0);
    let news = |n: fix::News<'_>| match n {
        fix::News::Matches(k) => {
            played.fetch_max(k, std::sync::atomic::Ordering::Relaxed);
        }
        fix::News::Step(s) => told.lock().unwrap().push(s.sentence()),
        fix::News::Certification(c) => told.lock().unwrap().push(c.sentence()),
    };
    let f = fix::fix_observed(
        &map,
        &Roster::bundled(),
        &opts,
        &news,
        &AtomicBool::new(false),
    )
    .unwrap();
    assert_eq!(f.ending, Ending::Certified, "{}", f.verdict());
    assert!(!f.steps.is_empty() && f.steps.len() <= opts.max_steps);
    // Told as it ran: the check before, each edit, then the attempts
    // after the edits; and the matches counted up to the total.
    let told = told.into_inner().unwrap();
    let steps: Vec<String> = f.steps.iter().map(fix::Step::sentence).collect();
    assert_eq!(told[0], f.attempts[0].sentence());
    assert_eq!(
        told.iter()
            .filter(|t| steps.contains(t))
            .cloned()
            .collect::<Vec<_>>(),
        steps
    );
    assert_eq!(told.len(), steps.len() + f.attempts.len() + f.also.len());
    assert_eq!(
        told.last(),
        f.attempts.last().map(fix::Certification::sentence).as_ref()
    );
    assert!(played.into_inner() <= f.matches && f.matches > 0);
    // Every step but the last helped on its choosing games; the last one
    // helped there too, or was kept only because fresh games certified it.
    for s in &f.steps[..f.steps.len() - 1] {
        assert!(s.gain.helps(), "{}", s.sentence());
    }
    let c = f.map.certificates.first().expect("a certificate");
    assert!(c.holds_for(&f.map) && !c.holds_for(&map));
    // The certifying games are not the ones that chose the edits.
    let last = f.attempts.last().unwrap();
    assert!(last.seed >= opts.seed + (1 << 40));
    assert!(
        c.intervals
            .iter()
            .all(|[lo, hi]| *lo >= 0.45 && *hi <= 0.55)
    );
}

/// A four-player map is played in its own ruleset (phase-rules-v1), every
/// seat judged against 1/4: random bots on a symmetric map, judged with a
/// wide margin, certify it as it is.
#[test]
fn a_four_player_map_is_certified_in_its_own_ruleset() {
    let map = bundled("four-corners.ron");
    let opts = random_bots_wide_margin();
    let f = fix::fix(&map, &Roster::bundled(), &opts).unwrap();
    assert_eq!(f.ending, Ending::AlreadyFair, "{}", f.verdict());
    let c = &f.map.certificates[0];
    assert_eq!(c.ruleset, "phase-rules-v1");
    assert_eq!(c.shares.len(), 4);
    for [lo, hi] in &c.intervals {
        assert!(*lo >= 0.05 && *hi <= 0.45, "within 1/4 ± 20 points: {c:?}");
    }
}

/// With `every_level`, a map fair at the chosen level but not at a further
/// one is edited on the further level's games until both certify it; the
/// map ends with a certificate per level. Without it, the search stops at
/// the chosen level and only reports the further one.
#[test]
fn every_level_edits_until_each_level_certifies_the_map() {
    let map = objectives_towards_side0(&designed("twin-fords.ron"), 3, 3);
    let greedy = GREEDY_60;
    let only_checked = Options {
        level: Level {
            bot: BotKind::Random,
            round_limit: 10,
            ruleset: None,
        },
        also: vec![greedy],
        date: "2026-12-05".to_owned(),
        ..Options::default()
    };
    let roster = Roster::bundled();
    let f = fix::fix(&map, &roster, &only_checked).unwrap();
    assert_eq!(f.ending, Ending::AlreadyFair, "{}", f.verdict());
    let greedy_says = f.latest_also();
    assert_eq!(greedy_says.len(), 1);
    assert_ne!(
        greedy_says[0].decision,
        Decision::Fair,
        "the map leans at greedy level"
    );
    assert_eq!(f.map.certificates.len(), 1, "random only");

    let random = only_checked.level;
    let held = Options {
        every_level: true,
        ..only_checked
    };
    let f = fix::fix(&map, &roster, &held).unwrap();
    assert_eq!(f.ending, Ending::Certified, "{}", f.verdict());
    assert!(
        f.steps.iter().all(|s| s.level == greedy),
        "edits chosen on greedy games"
    );
    // Each edit was checked at the other level, on games of its own,
    // before it was made.
    for s in &f.steps {
        assert_eq!(s.checks.len(), 1, "{}", s.sentence());
        assert_eq!(s.checks[0].level, random);
        assert_eq!(s.checks[0].games, 1024);
        assert!(s.checks[0].passed, "{}", s.sentence());
        assert!(
            s.sentence().contains("checked at random"),
            "{}",
            s.sentence()
        );
    }
    let bots: Vec<&str> = f.map.certificates.iter().map(|c| c.bot.as_str()).collect();
    assert_eq!(bots, ["random", "greedy"]);
    assert!(f.map.certificates.iter().all(|c| c.holds_for(&f.map)));
    // Each level's last certification is of the edited map.
    assert!(f.latest_also().iter().all(|c| c.decision == Decision::Fair));
    // Each certification knows the map it played: the first before any
    // edit, the last at every level on the map as it ends (so no "Also"
    // line says it was played before an edit).
    assert_eq!(f.attempts[0].edits, 0);
    for c in f.latest_also() {
        assert_eq!(c.edits, f.steps.len(), "{}", c.sentence());
        assert_eq!(f.also_sentence(c), c.sentence());
    }
    let stale = f.also.iter().find(|c| c.edits < f.steps.len());
    if let Some(c) = stale {
        assert!(
            f.also_sentence(c).contains("before edit"),
            "{}",
            f.also_sentence(c)
        );
    }
}

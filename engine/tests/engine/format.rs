//! Loading and saving map files: malformed input gives an error with a
//! position and never a panic; limits are enforced; saving is atomic and
//! round-trips.

use crate::common;

use common::TempDir;
use hexwright_engine::Hex;
use hexwright_engine::coverage::Coverage;
use hexwright_engine::format::{self, LoadError, SaveError};
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::limits;
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, Length, LimitError, Map, Path as StrokePath, Polygon, TerrainKind,
    TerrainPiece, TerrainShape, Zone,
};
use hexwright_engine::player::PlayerId;
use hexwright_engine::validate;
use proptest::prelude::*;
use std::io::Write;
use std::path::Path;

/// A small valid map file, laid out one field per line.
const GOOD: &str = r#"(
    format: 1,
    meta: (name: "T"),
    layout: (orientation: Pointy, hex_size: 10.0),
    area: (width: 100.0, height: 100.0),
    grid: [(10.0, 10.0), (90.0, 10.0), (90.0, 90.0), (10.0, 90.0)],
)
"#;

/// `GOOD` with `from` (which must occur exactly once) replaced by `to`.
fn good_with(from: &str, to: &str) -> String {
    assert_eq!(
        GOOD.matches(from).count(),
        1,
        "{from:?} must occur once in GOOD"
    );
    GOOD.replace(from, to)
}

/// 1-based line and column (in characters) of the first `needle` in `text`;
/// a `|` in `needle` marks the position within it (default: its start).
fn pos_of(text: &str, needle: &str) -> (usize, usize) {
    let (head, tail) = needle.split_once('|').unwrap_or(("", needle));
    let i = text
        .find(&format!("{head}{tail}"))
        .unwrap_or_else(|| panic!("{needle:?} not in text"))
        + head.len();
    let before = &text[..i];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

/// The syntax error `parse_map` gives for `text`: line, column and message.
fn syntax_error(text: &str) -> (usize, usize, String) {
    match format::parse_map(text, "t.ron") {
        Err(LoadError::Syntax {
            path,
            line,
            column,
            message,
        }) => {
            assert_eq!(path, "t.ron");
            (line, column, message)
        }
        other => panic!("expected a syntax error, got {other:?}\n{text}"),
    }
}

/// Asserts that `text` fails at the first occurrence of `at` with a message
/// containing `says`.
fn assert_fails_at(text: &str, at: &str, says: &str) {
    let (line, column, message) = syntax_error(text);
    assert_eq!(
        (line, column),
        pos_of(text, at),
        "position of the error ({message}) in\n{text}"
    );
    assert!(
        message.contains(says),
        "message {message:?} should mention {says:?}"
    );
}

fn pt(x: f64, y: f64) -> Point {
    Point::new(x, y)
}

/// A map using every part of the format: metadata, all terrain shapes (and
/// an eraser stroke), every feature kind and both zones.
fn rich_map() -> Map {
    let mut m = Map::new_empty(
        "Rich \"quoted\" name",
        Orientation::Flat,
        10.0,
        200.0,
        160.0,
    )
    .unwrap();
    "Tester".clone_into(&mut m.meta.author);
    "Line one\nline two, with ünïcödé".clone_into(&mut m.meta.description);
    m.meta.tags = vec!["small".to_owned(), "test".to_owned()];
    m.terrain = vec![
        TerrainPiece {
            kind: TerrainKind::Rock,
            shape: TerrainShape::Polygon {
                points: Polygon::new(vec![pt(90.0, 70.0), pt(110.0, 70.0), pt(100.0, 90.0)])
                    .unwrap(),
            },
        },
        TerrainPiece {
            kind: TerrainKind::Water,
            shape: TerrainShape::Circle {
                center: Coord(pt(40.0, 40.0)),
                radius: Length::new(12.5).unwrap(),
            },
        },
        TerrainPiece {
            kind: TerrainKind::Forest,
            shape: TerrainShape::Stroke {
                radius: Length::new(4.0).unwrap(),
                points: StrokePath::new(vec![pt(150.0, 30.0), pt(160.0, 45.0), pt(170.0, 30.0)])
                    .unwrap(),
                erase: false,
            },
        },
        TerrainPiece {
            kind: TerrainKind::Chasm,
            shape: TerrainShape::Stroke {
                radius: Length::new(2.0).unwrap(),
                points: StrokePath::new(vec![pt(160.0, 40.0)]).unwrap(),
                erase: true,
            },
        },
    ];
    let f = |q, r, kind| Feature {
        hex: Hex::new(q, r),
        kind,
    };
    m.features = vec![
        f(-4, 1, FeatureKind::Base { side: PlayerId(0) }),
        f(4, -1, FeatureKind::Base { side: PlayerId(1) }),
        f(-4, 2, FeatureKind::Barracks { side: PlayerId(0) }),
        f(4, -2, FeatureKind::Barracks { side: PlayerId(1) }),
        f(0, -2, FeatureKind::Objective),
        f(0, 2, FeatureKind::Outpost),
        f(1, 1, FeatureKind::Bush),
    ];
    let z0: Vec<Hex> = (0..5)
        .flat_map(|i| [Hex::new(-5, i - 1), Hex::new(-6, i)])
        .collect();
    let z1: Vec<Hex> = z0.iter().map(|&h| -h).collect();
    m.zones = vec![
        Zone {
            side: PlayerId(0),
            hexes: z0,
        },
        Zone {
            side: PlayerId(1),
            hexes: z1,
        },
    ];
    m
}

// ---------------------------------------------------------------------------
// Syntax errors and their positions
// ---------------------------------------------------------------------------

#[test]
fn good_text_parses() {
    let m = format::parse_map(GOOD, "t.ron").unwrap();
    assert_eq!(m.meta.name, "T");
    assert!((m.layout.hex_size.get() - 10.0).abs() < 1e-12);
    assert_eq!(m.grid.points().len(), 4);
    assert!(m.terrain.is_empty() && m.features.is_empty() && m.zones.is_empty());
}

#[test]
fn missing_comma_points_at_the_next_field() {
    let text = good_with("format: 1,", "format: 1");
    assert_fails_at(&text, "meta:", "comma");
    let (line, column, _) = syntax_error(&text);
    assert_eq!((line, column), (3, 5));
}

#[test]
fn syntax_error_line_and_column_are_exact() {
    // Garbage in the middle of line 5.
    let text = good_with(
        "area: (width: 100.0, height",
        "area: (width: 100.0 @ height",
    );
    assert_fails_at(&text, "@", "");
    // An unterminated string runs to the end of the file.
    let text = good_with(r#"name: "T""#, r#"name: "T"#);
    let (line, column, message) = syntax_error(&text);
    assert_eq!((line, column), pos_of(&text, "\"T"), "{message}");
    // An unclosed list.
    let text = good_with("(10.0, 90.0)],", "(10.0, 90.0),");
    let (line, column, _) = syntax_error(&text);
    assert!(line >= 6, "{line}:{column}");
}

#[test]
fn columns_count_characters_not_bytes() {
    let text = good_with(
        r#"meta: (name: "T"),"#,
        r#"meta: (name: "Ünïcødé ✓"), oops"#,
    );
    assert_fails_at(&text, "oops", "");
    let (_, column, _) = syntax_error(&text);
    assert_eq!(column, 32);
}

#[test]
fn error_position_skips_whitespace_before_the_offending_token() {
    // Trailing text after the map, on its own line.
    let text = format!("{GOOD}\n\nxyz");
    assert_fails_at(&text, "xyz", "trailing");
    // A value of the wrong type after a space.
    let text = good_with("hex_size: 10.0", r#"hex_size:     "big""#);
    assert_fails_at(&text, "\"big\"", "float");
}

#[test]
fn wrong_types_are_errors_at_the_value() {
    assert_fails_at(
        &good_with("hex_size: 10.0", r#"hex_size: "big""#),
        "\"big\"",
        "float",
    );
    assert_fails_at(
        &good_with("orientation: Pointy", "orientation: 3"),
        "orientation: |3",
        "",
    );
    assert_fails_at(
        &good_with("orientation: Pointy", "orientation: Round"),
        "Round",
        "Round",
    );
    assert_fails_at(&good_with("format: 1", r#"format: "1""#), "\"1\"", "");
    let text = good_with("    grid", "    zones: [(side: -1, hexes: [])],\n    grid");
    // The parser reads the sign before it finds the value is not a u8.
    let (line, column, _) = syntax_error(&text);
    let (l, c) = pos_of(&text, "side: |-1");
    assert!(line == l && (c..c + 2).contains(&column), "{line}:{column}");
    let text = good_with(
        "    grid",
        "    features: [(hex: (0, 0), kind: Base(side: \"zero\"))],\n    grid",
    );
    assert_fails_at(&text, "\"zero\"", "");
    let text = good_with(
        "    grid",
        "    features: [(hex: (0, 99999999999), kind: Bush)],\n    grid",
    );
    assert!(syntax_error(&text).0 == 6, "{:?}", syntax_error(&text));
    let text = good_with(
        "(10.0, 10.0), (90.0, 10.0)",
        "(10.0, 10.0, 3.0), (90.0, 10.0)",
    );
    assert_fails_at(&text, "3.0", "");
}

#[test]
fn unknown_fields_are_errors() {
    // Top level.
    assert_fails_at(
        &good_with("format: 1,", "format: 1, extra: 3,"),
        "extra",
        "extra",
    );
    let (.., message) = syntax_error(&good_with("format: 1,", "format: 1, extra: 3,"));
    assert!(message.contains("Map"), "{message}");
    // Nested in meta, in layout, in a terrain piece, in a feature kind, in a zone.
    assert_fails_at(
        &good_with(r#"name: "T""#, r#"name: "T", colour: 3"#),
        "colour",
        "colour",
    );
    assert_fails_at(
        &good_with("hex_size: 10.0", "hex_size: 10.0, skew: 1.0"),
        "skew",
        "skew",
    );
    let text = good_with(
        "    grid",
        "    terrain: [(kind: Rock, height: 2, shape: Circle(center: (5.0, 5.0), radius: 1.0))],\n    grid",
    );
    assert_fails_at(&text, "Rock, |height", "height");
    let text = good_with(
        "    grid",
        "    features: [(hex: (0, 0), kind: Base(side: 0, health: 5))],\n    grid",
    );
    assert_fails_at(&text, "health", "health");
    let text = good_with(
        "    grid",
        "    zones: [(side: 0, name: \"a\", hexes: [])],\n    grid",
    );
    assert_fails_at(&text, "name: \"a\"", "name");
    // Unknown enum variants.
    let text = good_with(
        "    grid",
        "    features: [(hex: (0, 0), kind: Tower)],\n    grid",
    );
    assert_fails_at(&text, "Tower", "Tower");
    let text = good_with(
        "    grid",
        "    terrain: [(kind: Lava, shape: Circle(center: (5.0, 5.0), radius: 1.0))],\n    grid",
    );
    assert_fails_at(&text, "Lava", "Lava");
}

#[test]
fn missing_fields_are_errors() {
    let text = good_with("    area: (width: 100.0, height: 100.0),\n", "");
    let (.., message) = syntax_error(&text);
    assert!(message.contains("area"), "{message}");
    let (.., message) = syntax_error(&good_with("    format: 1,\n", ""));
    assert!(message.contains("format"), "{message}");
}

#[test]
fn unsupported_format_version() {
    for v in ["0", "2", "4294967295"] {
        let text = good_with("format: 1,", &format!("format: {v},"));
        let (line, column, message) = syntax_error(&text);
        assert_eq!((line, column), (2, 13), "{message}");
        assert!(
            message.contains(&format!("unsupported format version {v}")),
            "{message}"
        );
    }
    // Not a u32 at all.
    syntax_error(&good_with("format: 1,", "format: -1,"));
    syntax_error(&good_with("format: 1,", "format: 1.5,"));
}

// ---------------------------------------------------------------------------
// Values out of range
// ---------------------------------------------------------------------------

#[test]
fn hex_size_must_be_finite_and_in_range() {
    for bad in [
        "NaN", "inf", "-inf", "0.5", "0.0", "-10.0", "10000.5", "1e300",
    ] {
        let text = good_with("hex_size: 10.0", &format!("hex_size: {bad}"));
        assert_fails_at(&text, bad, "hex_size");
    }
    for ok in ["1.0", "10000.0"] {
        let text = good_with("hex_size: 10.0", &format!("hex_size: {ok}"));
        // Large hexes on a small area are fine; small ones may hit the hex limit.
        match format::parse_map(&text, "t.ron") {
            Ok(m) => assert_eq!(
                m.layout.hex_size.get().to_string(),
                ok.trim_end_matches(".0")
            ),
            Err(e) => panic!("{ok}: {e}"),
        }
    }
}

#[test]
fn lengths_and_coordinates_must_be_in_range() {
    assert_fails_at(
        &good_with("width: 100.0", "width: -100.0"),
        "-100.0",
        "length",
    );
    assert_fails_at(
        &good_with("width: 100.0", "width: 0.0"),
        "width: |0.0",
        "length",
    );
    assert_fails_at(&good_with("height: 100.0", "height: NaN"), "NaN", "length");
    assert_fails_at(&good_with("height: 100.0", "height: 2e6"), "2e6", "length");
    let text = good_with("(90.0, 90.0)", "(inf, 90.0)");
    let (line, ..) = syntax_error(&text);
    assert_eq!(line, 6);
    let text = good_with("(90.0, 90.0)", "(90.0, -1000001.0)");
    let (.., message) = syntax_error(&text);
    assert!(message.contains("out of range"), "{message}");
}

#[test]
fn negative_or_zero_radius_is_an_error() {
    for r in ["-1.0", "0.0", "NaN"] {
        let text = good_with(
            "    grid",
            &format!(
                "    terrain: [(kind: Rock, shape: Circle(center: (5.0, 5.0), radius: {r}))],\n    grid"
            ),
        );
        assert_fails_at(&text, &format!("radius: |{r})"), "length");
        let text = good_with(
            "    grid",
            &format!(
                "    terrain: [(kind: Rock, shape: Stroke(radius: {r}, points: [(5.0, 5.0)]))],\n    grid"
            ),
        );
        assert_fails_at(&text, &format!("radius: |{r},"), "length");
    }
}

#[test]
fn polygon_needs_three_points() {
    let text = good_with(
        "[(10.0, 10.0), (90.0, 10.0), (90.0, 90.0), (10.0, 90.0)]",
        "[(10.0, 10.0), (90.0, 10.0)]",
    );
    let (line, _, message) = syntax_error(&text);
    assert_eq!(line, 6);
    assert!(message.contains("at least 3 points, found 2"), "{message}");
    // An empty brush stroke is an error too.
    let text = good_with(
        "    grid",
        "    terrain: [(kind: Rock, shape: Stroke(radius: 1.0, points: []))],\n    grid",
    );
    let (.., message) = syntax_error(&text);
    assert!(message.contains("at least 1 point"), "{message}");
}

fn polygon_text(n: usize) -> String {
    // n points on a circle of radius 40 around (50, 50).
    let pts: Vec<String> = (0..n)
        .map(|i| {
            let a = i as f64 / n as f64 * std::f64::consts::TAU;
            format!(
                "({:.6}, {:.6})",
                50.0 + 40.0 * a.cos(),
                50.0 + 40.0 * a.sin()
            )
        })
        .collect();
    format!("[{}]", pts.join(", "))
}

#[test]
fn polygon_over_the_vertex_limit_is_an_error() {
    let grid = "[(10.0, 10.0), (90.0, 10.0), (90.0, 90.0), (10.0, 90.0)]";
    let text = good_with(grid, &polygon_text(limits::MAX_RING_VERTICES + 1));
    let (line, _, message) = syntax_error(&text);
    assert_eq!(line, 6);
    assert!(
        message.contains(&format!(
            "{} points; the limit is {}",
            limits::MAX_RING_VERTICES + 1,
            limits::MAX_RING_VERTICES
        )),
        "{message}"
    );
    // Exactly at the limit is fine.
    let m = format::parse_map(
        &good_with(grid, &polygon_text(limits::MAX_RING_VERTICES)),
        "t.ron",
    )
    .unwrap();
    assert_eq!(m.grid.points().len(), limits::MAX_RING_VERTICES);
    // The same for a brush stroke.
    let stroke = format!(
        "    terrain: [(kind: Rock, shape: Stroke(radius: 1.0, points: {}))],\n    grid",
        polygon_text(limits::MAX_RING_VERTICES + 1)
    );
    let (.., message) = syntax_error(&good_with("    grid", &stroke));
    assert!(message.contains("the limit is"), "{message}");
}

fn limit_error(text: &str) -> LimitError {
    match format::parse_map(text, "t.ron") {
        Err(LoadError::Limit { path, source }) => {
            assert_eq!(path, "t.ron");
            source
        }
        other => panic!("expected a limit error, got {other:?}"),
    }
}

#[test]
fn too_many_hexes_is_a_limit_error() {
    let text = good_with("hex_size: 10.0", "hex_size: 1.0")
        .replace(
            "width: 100.0, height: 100.0",
            "width: 1000000.0, height: 1000000.0",
        )
        .replace(
            "(90.0, 10.0), (90.0, 90.0), (10.0, 90.0)",
            "(999990.0, 10.0), (999990.0, 999990.0), (10.0, 999990.0)",
        );
    let e = limit_error(&text);
    assert!(
        matches!(e, LimitError::Hexes { estimate, fits_with: Some(s) } if estimate > limits::MAX_GRID_HEXES as u64 && s > 1),
        "{e:?}"
    );
    let err = format::parse_map(&text, "t.ron").unwrap_err();
    assert_eq!(err.position(), None);
    assert!(err.to_string().starts_with("t.ron: "), "{err}");
    // The hex size it suggests is the smallest whole one that fits.
    let LimitError::Hexes {
        fits_with: Some(s), ..
    } = e
    else {
        unreachable!()
    };
    assert!(
        err.to_string()
            .contains(&format!("use a hex_size of at least {s}")),
        "{err}"
    );
    for (size, fits) in [(s, true), (s - 1, false)] {
        let t = text.replace("hex_size: 1.0", &format!("hex_size: {size}.0"));
        assert_eq!(
            format::parse_map(&t, "t.ron").is_ok(),
            fits,
            "hex_size {size}"
        );
    }
    // A grid of about 40 000 hexes is accepted.
    let text = good_with("hex_size: 10.0", "hex_size: 1.0").replace("100.0", "330.0");
    let m = format::parse_map(&text, "t.ron").unwrap();
    assert!(m.check_limits().is_ok());
}

#[test]
fn too_many_pieces_features_and_vertices_are_limit_errors() {
    let circle = "(kind: Rock, shape: Circle(center: (5.0, 5.0), radius: 1.0))";
    let pieces = vec![circle; limits::MAX_PIECES + 1].join(",");
    let text = good_with("    grid", &format!("    terrain: [{pieces}],\n    grid"));
    assert_eq!(
        limit_error(&text),
        LimitError::Pieces {
            count: limits::MAX_PIECES + 1
        }
    );

    let bush = "(hex: (0, 0), kind: Bush)";
    let features = vec![bush; limits::MAX_FEATURES + 1].join(",");
    let text = good_with(
        "    grid",
        &format!("    features: [{features}],\n    grid"),
    );
    assert_eq!(
        limit_error(&text),
        LimitError::Features {
            count: limits::MAX_FEATURES + 1
        }
    );

    let poly = format!(
        "(kind: Rock, shape: Polygon(points: {}))",
        polygon_text(limits::MAX_RING_VERTICES)
    );
    let n = limits::MAX_TOTAL_VERTICES / limits::MAX_RING_VERTICES + 1;
    let polys = vec![poly.as_str(); n].join(",");
    let text = good_with("    grid", &format!("    terrain: [{polys}],\n    grid"));
    assert_eq!(
        limit_error(&text),
        LimitError::Vertices {
            count: n * limits::MAX_RING_VERTICES + 4
        }
    );
}

// ---------------------------------------------------------------------------
// Empty, binary, oversize and deeply nested files
// ---------------------------------------------------------------------------

#[test]
fn empty_and_whitespace_only_text_is_an_error_at_1_1() {
    for text in ["", " ", "\n", "  \n\t\r\n   \n"] {
        let (line, column, message) = syntax_error(text);
        assert_eq!((line, column), (1, 1), "{text:?}");
        assert!(message.contains("empty"), "{message}");
    }
    // A comment is not a map either.
    syntax_error("// nothing here\n");
}

#[test]
fn empty_file_on_disk_is_a_syntax_error() {
    let tmp = TempDir::new("empty");
    let p = tmp.path().join("empty.ron");
    std::fs::write(&p, "").unwrap();
    let e = format::load_map(&p).unwrap_err();
    assert!(
        matches!(
            &e,
            LoadError::Syntax {
                line: 1,
                column: 1,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.path(), p.display().to_string());
}

#[test]
fn missing_file_is_an_io_error() {
    let tmp = TempDir::new("missing");
    let p = tmp.path().join("nope.ron");
    let e = format::load_map(&p).unwrap_err();
    assert!(matches!(&e, LoadError::Io { .. }), "{e:?}");
    assert_eq!(e.path(), p.display().to_string());
}

#[test]
fn non_utf8_file_is_not_text() {
    let tmp = TempDir::new("binary");
    let p = tmp.path().join("bin.ron");
    std::fs::write(&p, b"(format: 1,\xff\xfe rest").unwrap();
    let e = format::load_map(&p).unwrap_err();
    assert!(matches!(e, LoadError::NotText { offset: 11, .. }), "{e:?}");
    assert!(e.to_string().contains("offset 11"), "{e}");
}

#[test]
fn random_bytes_never_panic() {
    let tmp = TempDir::new("random");
    let p = tmp.path().join("random.ron");
    // A fixed pseudo-random sequence (no time or OS randomness).
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for round in 0..64 {
        let len = 1 + round * 37;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 56) as u8
            })
            .collect();
        std::fs::write(&p, &bytes).unwrap();
        match format::load_map(&p) {
            Err(LoadError::NotText { offset, .. }) => {
                assert_eq!(
                    offset,
                    std::str::from_utf8(&bytes).unwrap_err().valid_up_to()
                );
            }
            Err(LoadError::Syntax { line, column, .. }) => {
                let text = std::str::from_utf8(&bytes).unwrap();
                assert_position_within(text, line, column);
            }
            other => panic!("random bytes gave {other:?}"),
        }
    }
}

#[test]
fn oversize_file_is_rejected_before_reading() {
    let tmp = TempDir::new("big");
    let p = tmp.path().join("big.ron");
    // One invalid byte, then zeros (sparse). Reading the file first would
    // report NotText; the size check must come first.
    let mut f = std::fs::File::create(&p).unwrap();
    f.write_all(&[0xFF]).unwrap();
    f.set_len(limits::MAX_FILE_BYTES + 1).unwrap();
    drop(f);
    let e = format::load_map(&p).unwrap_err();
    assert!(
        matches!(e, LoadError::TooLarge { size, .. } if size == limits::MAX_FILE_BYTES + 1),
        "{e:?}"
    );
    assert!(
        e.to_string().contains(&limits::MAX_FILE_BYTES.to_string()),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn devices_and_fifos_are_refused_before_reading() {
    // A device never ends, and opening a FIFO blocks until a writer comes:
    // only regular files are read.
    let p = Path::new("/dev/zero");
    if p.exists() {
        let e = format::load_map(p).unwrap_err();
        assert!(
            matches!(
                e,
                LoadError::NotAFile {
                    kind: "a device",
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
    let dir = std::env::temp_dir().join(format!("hexwright-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("map.ron");
    let _ = std::fs::remove_file(&fifo);
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        // Would block forever if it were opened.
        let e = format::load_map(&fifo).unwrap_err();
        assert!(
            matches!(e, LoadError::NotAFile { kind: "a FIFO", .. }),
            "{e:?}"
        );
    }
    let e = format::load_map(&dir).unwrap_err();
    assert!(
        matches!(
            e,
            LoadError::NotAFile {
                kind: "a folder",
                ..
            }
        ),
        "{e:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn file_of_exactly_the_size_limit_loads() {
    let tmp = TempDir::new("limit");
    let p = tmp.path().join("padded.ron");
    let mut text = GOOD.to_owned();
    text.push_str(&" ".repeat(limits::MAX_FILE_BYTES as usize - GOOD.len()));
    std::fs::write(&p, &text).unwrap();
    assert_eq!(
        format::load_map(&p).unwrap(),
        format::parse_map(GOOD, "t.ron").unwrap()
    );
    // One byte more is too large, from a file and from text.
    text.push(' ');
    std::fs::write(&p, &text).unwrap();
    assert!(matches!(
        format::load_map(&p),
        Err(LoadError::TooLarge { .. })
    ));
    assert!(matches!(
        format::parse_map(&text, "t.ron"),
        Err(LoadError::TooLarge { .. })
    ));
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    // As a generic RON value, nesting is only bounded by the recursion limit.
    for open in ["[", "(", "{", "Some("] {
        let text = open.repeat(100_000);
        match format::parse_ron::<ron::Value>(&text, "deep.ron") {
            Err(LoadError::Syntax {
                line: 1, message, ..
            }) => assert!(message.contains("recursion"), "{open}: {message}"),
            other => panic!("{open}: expected a recursion error, got {other:?}"),
        }
    }
    // Moderate nesting is accepted (the parser counts some levels twice, so
    // stay well below limits::MAX_NESTING).
    let depth = limits::MAX_NESTING / 4;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    assert!(format::parse_ron::<ron::Value>(&text, "ok.ron").is_ok());
    // As a map: wherever the nesting starts, it is an error.
    for text in [
        "(".repeat(100_000),
        "[".repeat(100_000),
        good_with(
            r#"name: "T""#,
            &format!(r#"name: "T", tags: {}"#, "[".repeat(100_000)),
        ),
        good_with(
            "    grid",
            &format!("    features: {}\n    grid", "[(".repeat(50_000)),
        ),
    ] {
        assert!(matches!(
            format::parse_map(&text, "deep.ron"),
            Err(LoadError::Syntax { .. })
        ));
    }
}

#[test]
fn extreme_hex_coordinates_load_and_validate() {
    // Any i32 is a valid coordinate in a file; the engine must not overflow on it.
    let extra = "    features: [(hex: (2147483647, -2147483648), kind: Outpost), (hex: (-2147483648, 0), kind: Base(side: 1))],
    zones: [(side: 0, hexes: [(2147483647, 2147483647), (-2147483648, -2147483648)]), (side: 1, hexes: [(0, 0)])],
    grid";
    let m = format::parse_map(&good_with("    grid", extra), "t.ron").unwrap();
    let c = Coverage::new(&m).unwrap();
    let found = validate::validate(&m, &c);
    assert!(found.iter().any(|f| f.rule == validate::Rule::OutpostBlind));
    // One past i32 is a syntax error.
    syntax_error(&good_with(
        "    grid",
        "    features: [(hex: (2147483648, 0), kind: Bush)],\n    grid",
    ));
}

// ---------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------

#[test]
fn canonical_text_round_trips() {
    let m = rich_map();
    let text = format::to_ron_string(&m).unwrap();
    assert!(text.ends_with(")\n"));
    let back = format::parse_map(&text, "rich.ron").unwrap();
    assert_eq!(back, m);
    assert_eq!(
        format::to_ron_string(&back).unwrap(),
        text,
        "canonical text is stable"
    );
    // The eraser flag is written only when set.
    assert_eq!(text.matches("erase: true").count(), 1);
    assert!(!text.contains("erase: false"));
    // The map is usable by the rest of the engine.
    let c = Coverage::new(&back).unwrap();
    let _ = validate::validate(&back, &c);
}

#[test]
fn save_then_load_gives_an_equal_map_and_the_canonical_text() {
    let tmp = TempDir::new("roundtrip");
    let p = tmp.path().join("rich.ron");
    let m = rich_map();
    format::save_atomic(&m, &p).unwrap();
    assert_eq!(format::load_map(&p).unwrap(), m);
    assert_eq!(
        std::fs::read_to_string(&p).unwrap(),
        format::to_ron_string(&m).unwrap()
    );
}

#[test]
fn save_leaves_no_temporary_file() {
    let tmp = TempDir::new("notemp");
    let p = tmp.path().join("map.ron");
    format::save_atomic(&rich_map(), &p).unwrap();
    assert_eq!(tmp.entries(), ["map.ron"]);
    // Overwriting replaces the content, still without leftovers.
    let mut other = rich_map();
    other.meta.name = "Second".to_owned();
    format::save_atomic(&other, &p).unwrap();
    assert_eq!(tmp.entries(), ["map.ron"]);
    assert_eq!(format::load_map(&p).unwrap().meta.name, "Second");
}

/// A saved file gets the mode any new file gets (not a temporary file's
/// 0o600, which would hide a shared pack's maps from everyone else), and a
/// file saved over keeps its own.
#[cfg(unix)]
#[test]
fn a_saved_file_is_as_readable_as_a_new_file_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
    let tmp = TempDir::new("modes");
    let plain = tmp.path().join("plain.txt");
    std::fs::File::create(&plain).unwrap();
    let p = tmp.path().join("map.ron");
    format::save_atomic(&rich_map(), &p).unwrap();
    assert_eq!(mode(&p), mode(&plain), "as a file created anew");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
    format::save_atomic(&rich_map(), &p).unwrap();
    assert_eq!(mode(&p), 0o640, "a file saved over keeps its mode");
}

#[test]
fn failed_save_keeps_the_old_content() {
    let tmp = TempDir::new("failed");
    // The target is a directory holding a file: renaming over it fails.
    let target = tmp.path().join("map.ron");
    std::fs::create_dir(&target).unwrap();
    std::fs::write(target.join("keep.txt"), "old content").unwrap();
    let e = format::save_atomic(&rich_map(), &target).unwrap_err();
    assert!(
        matches!(&e, SaveError::Io { path, .. } if *path == target.display().to_string()),
        "{e:?}"
    );
    assert!(target.is_dir());
    assert_eq!(
        std::fs::read_to_string(target.join("keep.txt")).unwrap(),
        "old content"
    );
    assert_eq!(
        tmp.entries(),
        ["map.ron"],
        "no temporary file may be left behind"
    );
    // A folder that does not exist: nothing is created.
    let missing = tmp.path().join("no-such-dir").join("map.ron");
    assert!(matches!(
        format::save_atomic(&rich_map(), &missing),
        Err(SaveError::Io { .. })
    ));
    assert_eq!(tmp.entries(), ["map.ron"]);
}

// ---------------------------------------------------------------------------
// Mutated input never panics
// ---------------------------------------------------------------------------

/// Asserts that a 1-based `line:column` lies within `text` (one past the
/// end of a line, or of the text, is allowed).
fn assert_position_within(text: &str, line: usize, column: usize) {
    let lines: Vec<&str> = text.split('\n').collect();
    assert!(
        (1..=lines.len()).contains(&line),
        "line {line} outside 1..={}",
        lines.len()
    );
    let len = lines[line - 1].chars().count();
    assert!(
        (1..=len + 1).contains(&column),
        "column {column} outside 1..={} on line {line}",
        len + 1
    );
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete(prop::sample::Index, usize),
    Insert(prop::sample::Index, Vec<u8>),
    Replace(prop::sample::Index, u8),
    DuplicateLine(prop::sample::Index),
    DeleteLine(prop::sample::Index),
    MoveChunk(prop::sample::Index, prop::sample::Index, usize),
    Truncate(prop::sample::Index),
}

/// Tokens that reach interesting corners of the parser and the value checks.
const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    "\"",
    "'",
    "/*",
    "*/",
    "//",
    "\n",
    " ",
    "NaN",
    "inf",
    "-inf",
    "-1",
    "0",
    "1e400",
    "-0.0",
    "99999999999",
    "2147483647",
    "-2147483648",
    "0x7f",
    "1_000",
    "Some(",
    "None",
    "true",
    "r#\"",
    "b\"",
    "\\u{0}",
    "\\",
    "#![enable(implicit_some)]",
    "#![enable(unwrap_newtypes)]",
    "Bush",
    "Outpost",
    "Base(side: 9)",
    "Barracks(side: 255)",
    "Circle(center: (0.0, 0.0), radius: 1.0)",
    "extra: 1,",
    "format: 2,",
    "é",
    "\u{FEFF}",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    let bytes = prop_oneof![
        prop::sample::select(TOKENS).prop_map(|t| t.as_bytes().to_vec()),
        prop::collection::vec(any::<u8>(), 1..6),
    ];
    prop_oneof![
        (any::<prop::sample::Index>(), 1usize..40).prop_map(|(i, n)| Mutation::Delete(i, n)),
        (any::<prop::sample::Index>(), bytes).prop_map(|(i, b)| Mutation::Insert(i, b)),
        (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::Replace(i, b)),
        any::<prop::sample::Index>().prop_map(Mutation::DuplicateLine),
        any::<prop::sample::Index>().prop_map(Mutation::DeleteLine),
        (
            any::<prop::sample::Index>(),
            any::<prop::sample::Index>(),
            1usize..60
        )
            .prop_map(|(a, b, n)| Mutation::MoveChunk(a, b, n)),
        any::<prop::sample::Index>().prop_map(Mutation::Truncate),
    ]
}

/// Byte ranges of the lines of `bytes` (each with its `\n`, if any).
fn line_spans(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (idx, &byte) in bytes.iter().enumerate() {
        if byte == b'\n' {
            spans.push(start..idx + 1);
            start = idx + 1;
        }
    }
    if start < bytes.len() {
        spans.push(start..bytes.len());
    }
    spans
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    let len = bytes.len();
    // A position from 0 to len inclusive.
    let pos = |index: &prop::sample::Index| index.index(len + 1);
    match mutation {
        Mutation::Delete(index, count) => {
            let start = pos(index);
            bytes.drain(start..(start + count).min(len));
        }
        Mutation::Insert(index, inserted) => {
            let start = pos(index);
            bytes.splice(start..start, inserted.iter().copied());
        }
        Mutation::Replace(index, byte) => {
            if len > 0 {
                bytes[index.index(len)] = *byte;
            }
        }
        Mutation::DuplicateLine(index) | Mutation::DeleteLine(index) => {
            let spans = line_spans(bytes);
            if !spans.is_empty() {
                let span = spans[index.index(spans.len())].clone();
                if matches!(mutation, Mutation::DuplicateLine(_)) {
                    let line = bytes[span.clone()].to_vec();
                    bytes.splice(span.start..span.start, line);
                } else {
                    bytes.drain(span);
                }
            }
        }
        Mutation::MoveChunk(from, to, count) => {
            let start = pos(from);
            let chunk: Vec<u8> = bytes.drain(start..(start + count).min(len)).collect();
            let dest = to.index(bytes.len() + 1);
            bytes.splice(dest..dest, chunk);
        }
        Mutation::Truncate(index) => bytes.truncate(pos(index)),
    }
}

/// Parses mutated text; on success, computes the coverage and validates.
fn check_mutated(text: &str) {
    match format::parse_map(text, "mutant.ron") {
        Ok(map) => {
            let coverage = Coverage::new(&map).expect("parse_map checked the limits");
            let _ = validate::validate(&map, &coverage);
        }
        Err(LoadError::Syntax {
            path, line, column, ..
        }) => {
            assert_eq!(path, "mutant.ron");
            assert_position_within(text, line, column);
        }
        Err(LoadError::Limit { path, .. }) => assert_eq!(path, "mutant.ron"),
        Err(e) => panic!("unexpected error kind for text input: {e:?}"),
    }
}

proptest! {
    #![proptest_config(crate::common::proptest_config(400))]

    #[test]
    fn mutated_maps_never_panic(mutations in prop::collection::vec(mutation(), 1..8)) {
        let mut bytes = format::to_ron_string(&rich_map()).unwrap().into_bytes();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        check_mutated(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_compact_maps_never_panic(mutations in prop::collection::vec(mutation(), 1..5)) {
        let mut bytes = GOOD.as_bytes().to_vec();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        check_mutated(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mutation_check_catches_bad_positions() {
    // The position check used by the property test is not vacuous.
    let r = std::panic::catch_unwind(|| assert_position_within("ab\ncd", 3, 1));
    assert!(r.is_err());
    let r = std::panic::catch_unwind(|| assert_position_within("ab\ncd", 2, 4));
    assert!(r.is_err());
    assert_position_within("ab\ncd", 2, 3);
    assert_position_within("ab\n", 2, 1);
}

/// The atomic write never follows a link someone left in the output folder
/// under the temporary file's name (before, `.NAME.PID.tmp` was opened
/// with a plain create, so a link there redirected the write), and refuses
/// an output that is a folder, a FIFO or a link to one rather than
/// replacing it.
#[test]
fn atomic_writes_follow_no_planted_link_and_replace_no_special_file() {
    use hexwright_engine::format::write_atomic;
    use std::os::unix::fs::symlink;
    let dir = std::env::temp_dir().join(format!("hexwright-atomic-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let out = dir.join("out.ron");
    // The name the old write used, and a spread of guesses around it.
    symlink(
        &victim,
        dir.join(format!(".out.ron.{}.tmp", std::process::id())),
    )
    .unwrap();
    write_atomic(&out, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "new");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    // An existing regular file is replaced, as before.
    write_atomic(&out, b"newer").unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "newer");
    // A folder, and a link to one: refused, left as they were.
    let folder = dir.join("folder");
    std::fs::create_dir_all(&folder).unwrap();
    let link = dir.join("link");
    symlink(&folder, &link).unwrap();
    for special in [&folder, &link] {
        let e = write_atomic(special, b"x").unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidInput, "{e}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
    assert!(folder.is_dir() && std::fs::symlink_metadata(&link).unwrap().is_symlink());
    let fifo = dir.join("fifo");
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        use std::os::unix::fs::FileTypeExt;
        let e = write_atomic(&fifo, b"x").unwrap_err();
        assert!(e.to_string().contains("FIFO"), "{e}");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }
    // Nothing left behind: only what the test made.
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| {
            Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tmp"))
                && !n.starts_with(".out.ron.")
        })
        .collect();
    left.sort();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).ok();
}

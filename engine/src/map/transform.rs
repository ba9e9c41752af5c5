//! Rigid transforms of hexes, world points and terrain pieces: rotation by
//! 60° steps, mirroring about a vertical or horizontal axis, point
//! reflection and translation.
//!
//! Hex `(0, 0)` sits at the centre of the map area, so every transform about
//! the centre maps grid hexes to hexes: the hex transforms here agree exactly
//! with the world transforms of the hexes' centres (see the tests). The
//! editor uses them for copy and paste (rotate, mirror) and [`crate::symmetry`]
//! for symmetric editing and checks.

use crate::geom::Point;
use crate::layout::{HexLayout, Orientation};
use crate::map::{Coord, GridPart, HexList, Map, Path, Polygon, TerrainPiece, TerrainShape};
use hexx::Hex;

/// An axis through a centre point: the mirror line of a reflection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Axis {
    /// A vertical line: left and right swap.
    Vertical,
    /// A horizontal line: top and bottom swap.
    Horizontal,
}

impl Axis {
    /// Both axes.
    pub const ALL: [Self; 2] = [Self::Vertical, Self::Horizontal];

    /// A lower-case name for display.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Vertical => "vertical",
            Self::Horizontal => "horizontal",
        }
    }
}

/// Rotates `hex` by `steps` × 60° clockwise on screen (`y` down) about hex
/// `(0, 0)`; negative steps turn anticlockwise.
#[must_use]
pub fn rotate_hex(hex: Hex, steps: i32) -> Hex {
    let (mut q, mut r) = (hex.x, hex.y);
    for _ in 0..steps.rem_euclid(6) {
        (q, r) = (-r, q + r);
    }
    Hex::new(q, r)
}

/// Rotates `hex` by `steps` × 60° clockwise about `pivot`.
#[must_use]
pub fn rotate_hex_about(hex: Hex, pivot: Hex, steps: i32) -> Hex {
    pivot + rotate_hex(hex - pivot, steps)
}

/// Mirrors `hex` about the line along `axis` through the centre of hex
/// `(0, 0)`, for hexes of `orientation`.
#[must_use]
pub fn mirror_hex(hex: Hex, orientation: Orientation, axis: Axis) -> Hex {
    let (q, r) = (hex.x, hex.y);
    match (orientation, axis) {
        (Orientation::Pointy, Axis::Vertical) => Hex::new(-q - r, r),
        (Orientation::Pointy, Axis::Horizontal) => Hex::new(q + r, -r),
        (Orientation::Flat, Axis::Vertical) => Hex::new(-q, r + q),
        (Orientation::Flat, Axis::Horizontal) => Hex::new(q, -r - q),
    }
}

/// Mirrors `hex` about the line along `axis` through the centre of `pivot`.
#[must_use]
pub fn mirror_hex_about(hex: Hex, pivot: Hex, orientation: Orientation, axis: Axis) -> Hex {
    pivot + mirror_hex(hex - pivot, orientation, axis)
}

/// The point reflection of `hex` about hex `(0, 0)`.
#[must_use]
pub fn reflect_hex(hex: Hex) -> Hex {
    Hex::new(-hex.x, -hex.y)
}

/// Rotates `p` by `steps` × 60° clockwise on screen about `center`.
#[must_use]
pub fn rotate_point(p: Point, center: Point, steps: i32) -> Point {
    let angle = f64::from(steps.rem_euclid(6)) * std::f64::consts::FRAC_PI_3;
    let (sin, cos) = angle.sin_cos();
    let d = p - center;
    Point::new(
        center.x + d.x * cos - d.y * sin,
        center.y + d.x * sin + d.y * cos,
    )
}

/// Mirrors `p` about the line along `axis` through `center`.
#[must_use]
pub fn mirror_point(p: Point, center: Point, axis: Axis) -> Point {
    match axis {
        Axis::Vertical => Point::new(2.0 * center.x - p.x, p.y),
        Axis::Horizontal => Point::new(p.x, 2.0 * center.y - p.y),
    }
}

/// The point reflection of `p` about `center`.
#[must_use]
pub fn reflect_point(p: Point, center: Point) -> Point {
    Point::new(2.0 * center.x - p.x, 2.0 * center.y - p.y)
}

/// Applies `f` to every point of `shape`, and `hex` to every hex of a
/// whole-hex piece. Returns `None` when a point would leave the coordinate
/// range a map allows.
#[must_use]
pub fn map_shape(
    shape: &TerrainShape,
    f: impl Fn(Point) -> Point,
    hex: impl Fn(Hex) -> Hex,
) -> Option<TerrainShape> {
    let coord = |p: Point| Coord::try_from((f(p).x, f(p).y)).ok();
    Some(match shape {
        TerrainShape::Polygon { points } => TerrainShape::Polygon {
            points: Polygon::new(points.points().iter().map(|&p| f(p)).collect()).ok()?,
        },
        TerrainShape::Circle { center, radius } => TerrainShape::Circle {
            center: coord(center.0)?,
            radius: *radius,
        },
        TerrainShape::Stroke {
            radius,
            points,
            erase,
        } => TerrainShape::Stroke {
            radius: *radius,
            points: Path::new(points.points().iter().map(|&p| f(p)).collect()).ok()?,
            erase: *erase,
        },
        TerrainShape::Hexes { hexes } => TerrainShape::Hexes {
            hexes: HexList::new(hexes.hexes().iter().map(|&h| hex(h))).ok()?,
        },
    })
}

/// `shape` moved by `(dx, dy)`; `None` when it would leave the coordinate
/// range. Whole hexes of `layout` move by the whole-hex step nearest to
/// `(dx, dy)`.
#[must_use]
pub fn translate_shape(
    shape: &TerrainShape,
    dx: f64,
    dy: f64,
    layout: &HexLayout,
) -> Option<TerrainShape> {
    let origin = layout.center(Hex::ZERO);
    let step = layout.hex_at(Point::new(origin.x + dx, origin.y + dy));
    map_shape(shape, |p| Point::new(p.x + dx, p.y + dy), |h| h + step)
}

/// The map with its area resized to `width` × `height`, its content kept
/// centred: every terrain point and the grid region move by half the change
/// in size, so terrain stays where it was relative to the hexes (hex `(0, 0)`
/// is always at the centre of the area) and features and zones keep their
/// hexes. A grid region that was the default one (the area inset by half a
/// hex) becomes the default one of the new size. Fails with a message when a
/// size is out of range or a moved point would leave the coordinate range.
pub fn resize_map(map: &Map, width: f64, height: f64) -> Result<Map, String> {
    let hex_size = map.layout.hex_size.get();
    let fresh = Map::new_empty(
        &map.meta.name,
        map.layout.orientation,
        hex_size,
        width,
        height,
    )?;
    let old_default = Map::new_empty(
        &map.meta.name,
        map.layout.orientation,
        hex_size,
        map.area.width.get(),
        map.area.height.get(),
    )
    .map(|m| m.grid);
    let dx = (width - map.area.width.get()) / 2.0;
    let dy = (height - map.area.height.get()) / 2.0;
    let shift = |p: Point| Point::new(p.x + dx, p.y + dy);
    let moved = |p: &Polygon| {
        Polygon::new(p.points().iter().map(|&p| shift(p)).collect())
            .map_err(|e| format!("the grid region cannot move: {e}"))
    };
    let grid = if old_default.as_ref() == Ok(&map.grid) && map.grid_is_one_polygon() {
        fresh.grid
    } else {
        moved(&map.grid)?
    };
    let grid_holes = map.grid_holes.iter().map(moved).collect::<Result<_, _>>()?;
    let grid_parts = map
        .grid_parts
        .iter()
        .map(|part| {
            Ok(GridPart {
                outer: moved(&part.outer)?,
                holes: part
                    .holes
                    .iter()
                    .map(moved)
                    .collect::<Result<_, String>>()?,
            })
        })
        .collect::<Result<_, String>>()?;
    // Hex (0, 0) stays at the centre of the area: whole hexes keep their
    // coordinates, as features and zones do.
    let terrain = map
        .terrain
        .iter()
        .map(|piece| {
            Some(TerrainPiece {
                kind: piece.kind,
                shape: map_shape(&piece.shape, shift, |h| h)?,
            })
        })
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| "a terrain piece would leave the coordinate range".to_owned())?;
    let resized = Map {
        area: fresh.area,
        grid,
        grid_holes,
        grid_parts,
        terrain,
        ..map.clone()
    };
    resized.check_limits().map_err(|e| e.to_string())?;
    Ok(resized)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::HexLayout;
    use crate::map::Length;

    fn layouts() -> [HexLayout; 2] {
        [
            HexLayout::new(Orientation::Pointy, 10.0, Point::new(200.0, 150.0)),
            HexLayout::new(Orientation::Flat, 7.5, Point::new(90.0, 310.0)),
        ]
    }

    fn some_hexes() -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -4..=4 {
            for r in -4..=4 {
                v.push(Hex::new(q, r));
            }
        }
        v
    }

    #[test]
    fn hex_transforms_agree_with_point_transforms() {
        for layout in layouts() {
            let c = layout.origin;
            for h in some_hexes() {
                for steps in -7..=7 {
                    let want = rotate_point(layout.center(h), c, steps);
                    let got = layout.center(rotate_hex(h, steps));
                    assert!(got.distance(want) < 1e-9, "{h:?} {steps}");
                }
                for axis in Axis::ALL {
                    let want = mirror_point(layout.center(h), c, axis);
                    let got = layout.center(mirror_hex(h, layout.orientation, axis));
                    assert!(got.distance(want) < 1e-9, "{h:?} {axis:?}");
                }
                let want = reflect_point(layout.center(h), c);
                assert!(layout.center(reflect_hex(h)).distance(want) < 1e-9);
            }
        }
    }

    #[test]
    fn transforms_about_a_pivot_keep_the_pivot() {
        let pivot = Hex::new(3, -2);
        for o in [Orientation::Pointy, Orientation::Flat] {
            for axis in Axis::ALL {
                assert_eq!(mirror_hex_about(pivot, pivot, o, axis), pivot);
                for h in some_hexes() {
                    let twice =
                        mirror_hex_about(mirror_hex_about(h, pivot, o, axis), pivot, o, axis);
                    assert_eq!(twice, h, "a mirror is its own inverse");
                }
            }
        }
        for h in some_hexes() {
            assert_eq!(rotate_hex_about(h, pivot, 6), h);
            assert_eq!(
                rotate_hex_about(rotate_hex_about(h, pivot, 2), pivot, -2),
                h
            );
        }
    }

    #[test]
    fn resizing_keeps_the_content_on_its_hexes() {
        let mut map = Map::new_empty("R", Orientation::Pointy, 10.0, 300.0, 200.0).unwrap();
        map.terrain.push(TerrainPiece {
            kind: crate::map::TerrainKind::Water,
            shape: TerrainShape::Circle {
                center: Coord(Point::new(150.0, 100.0)),
                radius: Length::new(12.0).unwrap(),
            },
        });
        let big = resize_map(&map, 500.0, 260.0).unwrap();
        assert!((big.area.width.get() - 500.0).abs() < 1e-12);
        assert_eq!(
            big.grid,
            Map::new_empty("R", Orientation::Pointy, 10.0, 500.0, 260.0)
                .unwrap()
                .grid,
            "the default grid region follows the area"
        );
        let TerrainShape::Circle { center, .. } = &big.terrain[0].shape else {
            panic!("still a circle");
        };
        assert_eq!(center.0, Point::new(250.0, 130.0), "still on hex (0, 0)");
        assert!(resize_map(&map, 5.0, 200.0).is_err(), "too small for a hex");
    }

    #[test]
    fn shapes_move_point_by_point_and_stay_in_range() {
        let circle = TerrainShape::Circle {
            center: Coord(Point::new(10.0, 20.0)),
            radius: Length::new(5.0).unwrap(),
        };
        let layout = HexLayout::new(Orientation::Flat, 10.0, Point::new(50.0, 50.0));
        let moved = translate_shape(&circle, 3.0, -4.0, &layout).unwrap();
        assert_eq!(
            moved,
            TerrainShape::Circle {
                center: Coord(Point::new(13.0, 16.0)),
                radius: Length::new(5.0).unwrap(),
            }
        );
        assert!(translate_shape(&circle, 2.0e6, 0.0, &layout).is_none());
        // Whole hexes move by the whole-hex step nearest to the vector.
        let hexes = TerrainShape::Hexes {
            hexes: HexList::new([Hex::new(0, 0), Hex::new(2, -1)]).unwrap(),
        };
        let step = layout.center(Hex::new(1, 1)) - layout.center(Hex::ZERO);
        let moved = translate_shape(&hexes, step.x + 2.0, step.y - 3.0, &layout).unwrap();
        assert_eq!(
            moved,
            TerrainShape::Hexes {
                hexes: HexList::new([Hex::new(1, 1), Hex::new(3, 0)]).unwrap(),
            }
        );
    }
}

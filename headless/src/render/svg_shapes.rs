//! [`epaint`] shapes as SVG elements, so the SVG picture draws the very
//! glyphs the canvas draws (a base's castle, an Outpost's eye, an
//! objective's bolt) rather than letters.
//!
//! Each shape of a glyph ([`crate::draw::glyphs`]) is written out
//! ([`write`]): circles, rectangles, line segments and paths as themselves,
//! meshes (filled polygons) as one triangle path per colour.

use epaint::{CircleShape, Color32, ColorMode, Mesh, PathShape, RectShape, Shape};
use std::fmt::Write as _;

fn color(c: Color32) -> Option<(String, f32)> {
    let [r, g, b, a] = c.to_srgba_unmultiplied();
    (a > 0).then(|| (format!("#{r:02x}{g:02x}{b:02x}"), f32::from(a) / 255.0))
}

fn fill(c: Color32) -> String {
    match color(c) {
        Some((hex, a)) => format!("fill=\"{hex}\" fill-opacity=\"{a:.3}\""),
        None => "fill=\"none\"".to_owned(),
    }
}

fn stroke(c: Color32, width: f32) -> String {
    match color(c) {
        Some((hex, a)) if width > 0.0 => {
            format!("stroke=\"{hex}\" stroke-opacity=\"{a:.3}\" stroke-width=\"{width:.2}\"")
        }
        _ => String::new(),
    }
}

fn solid(mode: &ColorMode) -> Color32 {
    match mode {
        ColorMode::Solid(c) => *c,
        ColorMode::UV(_) => Color32::GRAY,
    }
}

fn circle(out: &mut String, c: &CircleShape) {
    let _ = writeln!(
        out,
        "<circle cx=\"{:.2}\" cy=\"{:.2}\" r=\"{:.2}\" {} {}/>",
        c.center.x,
        c.center.y,
        c.radius,
        fill(c.fill),
        stroke(c.stroke.color, c.stroke.width)
    );
}

fn rect(out: &mut String, r: &RectShape) {
    let _ = writeln!(
        out,
        "<rect x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{:.2}\" rx=\"{:.2}\" {} {}/>",
        r.rect.min.x,
        r.rect.min.y,
        r.rect.width(),
        r.rect.height(),
        f32::from(r.corner_radius.nw),
        fill(r.fill),
        stroke(r.stroke.color, r.stroke.width)
    );
}

fn path(out: &mut String, p: &PathShape) {
    let pts: Vec<String> = p
        .points
        .iter()
        .map(|q| format!("{:.2},{:.2}", q.x, q.y))
        .collect();
    let tag = if p.closed { "polygon" } else { "polyline" };
    let body = if p.closed {
        fill(p.fill)
    } else {
        "fill=\"none\"".to_owned()
    };
    let _ = writeln!(
        out,
        "<{tag} points=\"{}\" {body} {} stroke-linejoin=\"round\"/>",
        pts.join(" "),
        stroke(solid(&p.stroke.color), p.stroke.width)
    );
}

fn mesh(out: &mut String, m: &Mesh) {
    // One path per colour: the triangles of a filled polygon share one.
    let mut runs: Vec<(Color32, String)> = Vec::new();
    for t in m.indices.chunks_exact(3) {
        let v: Vec<_> = t
            .iter()
            .filter_map(|&i| m.vertices.get(i as usize))
            .collect();
        let [a, b, c] = v[..] else { continue };
        let d = format!(
            "M{:.2},{:.2}L{:.2},{:.2}L{:.2},{:.2}Z",
            a.pos.x, a.pos.y, b.pos.x, b.pos.y, c.pos.x, c.pos.y
        );
        match runs.last_mut() {
            Some((col, path)) if *col == a.color => path.push_str(&d),
            _ => runs.push((a.color, d)),
        }
    }
    for (col, d) in runs {
        let _ = writeln!(out, "<path d=\"{d}\" {}/>", fill(col));
    }
}

/// Writes `shapes` as SVG elements into `out`.
pub fn write(out: &mut String, shapes: &[Shape]) {
    for s in shapes {
        match s {
            Shape::Vec(v) => write(out, v),
            Shape::Circle(c) => circle(out, c),
            Shape::Rect(r) => rect(out, r),
            Shape::Path(p) => path(out, p),
            Shape::LineSegment { points, stroke: st } => {
                let _ = writeln!(
                    out,
                    "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {} stroke-linecap=\"round\"/>",
                    points[0].x,
                    points[0].y,
                    points[1].x,
                    points[1].y,
                    stroke(st.color, st.width)
                );
            }
            Shape::Mesh(m) => mesh(out, m),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::palette::Palette;
    use hexwright_engine::map::FeatureKind;
    use hexwright_engine::player::PlayerId;

    #[test]
    fn every_feature_glyph_becomes_svg_shapes() {
        for kind in [
            FeatureKind::Bush,
            FeatureKind::Outpost,
            FeatureKind::Objective,
            FeatureKind::Barracks { side: PlayerId(1) },
            FeatureKind::Base { side: PlayerId(0) },
        ] {
            let shapes =
                crate::draw::glyphs::feature(epaint::pos2(50.0, 50.0), 10.0, kind, &Palette::DARK);
            let mut svg = String::new();
            write(&mut svg, &shapes);
            assert!(!svg.is_empty(), "{kind:?}");
            assert!(
                svg.lines().all(|l| l.starts_with('<') && l.ends_with("/>")),
                "{kind:?}: {svg}"
            );
        }
    }
}

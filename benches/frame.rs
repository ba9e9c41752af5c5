//! Frame benchmarks of the editor, through a headless egui context (no
//! window, no GPU): the whole app — panels and the canvas — showing a
//! deterministic map of about 10,000 grid hexes with 200 terrain pieces,
//! features and zones, fitted to a 1400 × 900 window.
//!
//! Run with `cargo bench -p hexwright --bench frame`.
//!
//! * `frame_10k` — CPU time of one frame: layout and painting commands
//!   (`Context::run_ui`), the map layers reused from the previous frame (the
//!   usual case: only the hover or the cursor preview changed). Target:
//!   under 8 ms.
//! * `frame_10k_view_moving` — the same while the camera moves every frame,
//!   so every hex, piece and mark is drawn afresh.
//! * `…_tessellated` — the same frames plus egui's tessellation into
//!   triangle meshes (what the GPU receives).
//! * `brush_frame_10k` — one frame while painting a brush stroke across the
//!   map: the stroke grows, the usable hexes under it are recomputed, and the
//!   canvas is drawn.
//! * `edit_frame_10k_territory_overlay` — one frame after an edit (the undo
//!   or redo of a placed objective) with the territory overlay on: the map
//!   analysis recomputed, the overlay and the map layers redrawn.
//! * `sandbox_frame_side_view` — the sandbox on the bundled default map, a
//!   greedy-versus-greedy match at round 4, drawn from side 0's view (fog,
//!   the side's `PlayerView`, units, the event log, the status panel).
//! * `sandbox_frame_stepping` — the same while every frame steps one bot
//!   command (the sandbox playing at the frame rate).

use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, Modifiers, PointerButton, Pos2, RawInput, Rect, vec2};
use hexwright::app::Action;
use hexwright::app::HexwrightApp;
use hexwright::document::MapSource;
use hexwright::edit::Tool;
use hexwright_engine::Hex;
use hexwright_engine::board::Board;
use hexwright_engine::geom::Point;
use hexwright_engine::layout::Orientation;
use hexwright_engine::map::{
    Coord, Feature, FeatureKind, Length, Map, Path, Polygon, TerrainKind, TerrainPiece,
    TerrainShape, Zone,
};
use hexwright_engine::player::PlayerId;
use hexwright_headless::draw::overlay::Overlay;
use std::f64::consts::TAU;
use std::hint::black_box;
use std::time::{Duration, Instant};

const WIDTH: f64 = 1700.0;
const HEIGHT: f64 = 1520.0;

/// splitmix64: deterministic, so the map is the same every run.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

fn clamp(p: Point) -> Point {
    Point::new(p.x.clamp(0.0, WIDTH), p.y.clamp(0.0, HEIGHT))
}

/// About 10,000 grid hexes, 200 pieces (polygons, circles, strokes), 30
/// features and two zones.
fn bench_map() -> Map {
    let mut rng = Rng(0x4845_5857_5249_4748);
    let mut map =
        Map::new_empty("Bench", Orientation::Pointy, 10.0, WIDTH, HEIGHT).expect("valid size");
    for i in 0..200 {
        let kind = TerrainKind::ALL[i % 4];
        let c = Point::new(
            rng.range(40.0, WIDTH - 40.0),
            rng.range(40.0, HEIGHT - 40.0),
        );
        let shape = match i % 3 {
            0 => {
                let n = 8;
                let r = rng.range(15.0, 60.0);
                let pts = (0..n)
                    .map(|k| {
                        let a = TAU * f64::from(k) / f64::from(n);
                        let rr = if k % 2 == 0 { r } else { r * 0.5 };
                        clamp(Point::new(c.x + rr * a.cos(), c.y + rr * a.sin()))
                    })
                    .collect();
                TerrainShape::Polygon {
                    points: Polygon::new(pts).expect("valid polygon"),
                }
            }
            1 => TerrainShape::Circle {
                center: Coord(c),
                radius: Length::new(rng.range(8.0, 50.0)).expect("valid radius"),
            },
            _ => {
                let radius = rng.range(5.0, 20.0);
                let mut dir = rng.range(0.0, TAU);
                let mut p = c;
                let mut pts = vec![p];
                for _ in 0..20 {
                    dir += rng.range(-0.6, 0.6);
                    p = clamp(Point::new(
                        p.x + radius * dir.cos(),
                        p.y + radius * dir.sin(),
                    ));
                    pts.push(p);
                }
                TerrainShape::Stroke {
                    radius: Length::new(radius).expect("valid radius"),
                    points: Path::new(pts).expect("valid path"),
                    erase: i % 30 == 2,
                }
            }
        };
        map.terrain.push(TerrainPiece { kind, shape });
    }
    let kinds = [
        FeatureKind::Bush,
        FeatureKind::Outpost,
        FeatureKind::Objective,
    ];
    for i in 0..27 {
        let q = (i % 9) * 8 - 32;
        let r = (i / 9) * 12 - 12;
        map.features.push(Feature {
            hex: Hex::new(q, r),
            kind: kinds[(i % 3) as usize],
        });
    }
    for side in 0..2u8 {
        let q0 = if side == 0 { -40 } else { 40 };
        map.features.push(Feature {
            hex: Hex::new(q0, 0),
            kind: FeatureKind::Base {
                side: PlayerId(side),
            },
        });
        map.zones.push(Zone {
            side: PlayerId(side),
            hexes: (0..10).map(|k| Hex::new(q0 + k % 5, 1 + k / 5)).collect(),
        });
    }
    map
}

fn input(time: f64, events: Vec<Event>) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1400.0, 900.0))),
        time: Some(time),
        events,
        ..RawInput::default()
    }
}

fn frame_benches(c: &mut Criterion) {
    let map = bench_map();
    let board = Board::new(map).expect("within limits");
    let hexes = board.coverage().hexes().len();
    assert!((9_500..=10_500).contains(&hexes), "{hexes} grid hexes");
    eprintln!("bench map: {hexes} grid hexes, 200 pieces");
    let mut app = HexwrightApp::new(board, MapSource::Unsaved);
    let ctx = egui::Context::default();
    let mut time = 0.0;
    for _ in 0..3 {
        time += 0.016;
        let _ = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
    }
    assert!(app.canvas().rect().is_positive());
    c.bench_function("frame_10k", |b| {
        b.iter(|| {
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(out.shapes.len())
        });
    });
    // The camera moves every frame (zooming in and out by 1%), so the map
    // layers are drawn afresh each time instead of reused.
    let mut flip = false;
    c.bench_function("frame_10k_view_moving", |b| {
        b.iter(|| {
            flip = !flip;
            app.apply(Action::Zoom(if flip { 1.01 } else { 1.0 / 1.01 }));
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(out.shapes.len())
        });
    });
    c.bench_function("frame_10k_view_moving_tessellated", |b| {
        b.iter(|| {
            flip = !flip;
            app.apply(Action::Zoom(if flip { 1.01 } else { 1.0 / 1.01 }));
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point).len())
        });
    });
    c.bench_function("frame_10k_tessellated", |b| {
        b.iter(|| {
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point).len())
        });
    });

    // Painting: press in the canvas, then each frame moves the pointer
    // along a zigzag across the map; every 120 frames the stroke ends and
    // is undone, so the map stays the same size.
    app.apply(Action::SetTool(Tool::Brush));
    let rect = app.canvas().rect();
    let at = |i: u32| {
        let t = f32::from((i % 120) as u16) / 120.0;
        let x = rect.left() + rect.width() * (0.2 + 0.6 * t);
        let y = rect.center().y + if i.is_multiple_of(2) { 30.0 } else { -30.0 };
        Pos2::new(x, y)
    };
    let button = |pos: Pos2, pressed: bool| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    c.bench_function("brush_frame_10k", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut step = 0u32;
            let start_stroke = |app: &mut HexwrightApp, time: &mut f64| {
                for events in [
                    vec![Event::PointerMoved(at(0))],
                    vec![button(at(0), true)],
                    vec![Event::PointerMoved(at(0) + vec2(12.0, 0.0))],
                ] {
                    *time += 0.016;
                    let _ = ctx.run_ui(input(*time, events), |ui| app.ui(ui));
                }
            };
            start_stroke(&mut app, &mut time);
            for _ in 0..iters {
                step += 1;
                if step.is_multiple_of(120) {
                    time += 0.016;
                    let _ = ctx.run_ui(input(time, vec![button(at(step), false)]), |ui| {
                        app.ui(ui);
                    });
                    app.apply(Action::Undo);
                    start_stroke(&mut app, &mut time);
                }
                time += 0.016;
                let events = vec![Event::PointerMoved(at(step))];
                let started = Instant::now();
                let out = ctx.run_ui(input(time, events), |ui| app.ui(ui));
                total += started.elapsed();
                black_box(out.shapes.len());
            }
            time += 0.016;
            let _ = ctx.run_ui(input(time, vec![button(at(step), false)]), |ui| {
                app.ui(ui);
            });
            app.apply(Action::Undo);
            total
        });
    });
}

/// `edit_frame_10k_territory_overlay` (see the module docs).
fn overlay_benches(c: &mut Criterion) {
    let board = Board::new(bench_map()).expect("within limits");
    let mut app = HexwrightApp::new(board, MapSource::Unsaved);
    let app = &mut app;
    let ctx = egui::Context::default();
    let mut time = 0.0;
    let time = &mut time;
    for _ in 0..3 {
        *time += 0.016;
        let _ = ctx.run_ui(input(*time, vec![]), |ui| app.ui(ui));
    }
    let rect = app.canvas().rect();
    let button = |pos: Pos2, pressed: bool| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers: Modifiers::NONE,
    };
    // An edit with an analysis overlay on: each frame follows an undo or
    // a redo of one placed objective, so the analysis (reach, territory,
    // openness, chokes, cover, fairness) is recomputed, the overlay and
    // the map layers redrawn.
    app.apply(Action::SetTool(Tool::Objective));
    let features = app.document().map().features.len();
    // The first of a row of points across the canvas where an objective
    // can stand (a usable hex without a feature).
    for k in 0..40 {
        if app.document().map().features.len() > features {
            break;
        }
        let at = rect.left_center() + vec2(rect.width() * (0.05 + 0.02 * k as f32), 0.0);
        for events in [
            vec![Event::PointerMoved(at)],
            vec![button(at, true)],
            vec![button(at, false)],
            vec![Event::PointerMoved(at + vec2(0.0, 1.0))],
        ] {
            *time += 0.016;
            let _ = ctx.run_ui(input(*time, events), |ui| app.ui(ui));
        }
    }
    assert_eq!(
        app.document().map().features.len(),
        features + 1,
        "the click placed an objective"
    );
    app.apply(Action::SetOverlay(Some(Overlay::Territory)));
    let mut undone = false;
    c.bench_function("edit_frame_10k_territory_overlay", |b| {
        b.iter(|| {
            undone = !undone;
            app.apply(if undone { Action::Undo } else { Action::Redo });
            *time += 0.016;
            let out = ctx.run_ui(input(*time, vec![]), |ui| app.ui(ui));
            black_box(out.shapes.len())
        });
    });
}

fn sandbox(app: &mut HexwrightApp) -> &mut hexwright::sandbox::Sandbox {
    app.sandbox_mut().expect("the sandbox opens")
}

fn sandbox_benches(c: &mut Criterion) {
    use hexwright::sandbox::{SandboxAction, Viewpoint};
    let mut app = HexwrightApp::with_default_map();
    app.apply(Action::Play);
    let ctx = egui::Context::default();
    let mut time = 0.0;
    sandbox(&mut app).apply(SandboxAction::Start, 0.0);
    for _ in 0..6 {
        sandbox(&mut app).apply(SandboxAction::StepTurn, 0.0);
    }
    sandbox(&mut app).apply(
        SandboxAction::SetViewpoint(Viewpoint::Side(PlayerId(0))),
        0.0,
    );
    for _ in 0..3 {
        time += 0.016;
        let _ = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
    }
    c.bench_function("sandbox_frame_side_view", |b| {
        b.iter(|| {
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(out.shapes.len())
        });
    });
    // Each frame steps one command; the match restarts when it ends.
    c.bench_function("sandbox_frame_stepping", |b| {
        b.iter(|| {
            let sb = sandbox(&mut app);
            let over = sb
                .timeline()
                .is_some_and(|t| t.state().outcome().is_some() && t.cursor() == t.steps().len());
            sb.apply(
                if over {
                    SandboxAction::Restart
                } else {
                    SandboxAction::Step
                },
                time,
            );
            time += 0.016;
            let out = ctx.run_ui(input(time, vec![]), |ui| app.ui(ui));
            black_box(out.shapes.len())
        });
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = frame_benches, overlay_benches, sandbox_benches
}
criterion_main!(benches);

use super::*;

#[test]
fn the_shipped_weights_are_read_and_named_by_their_hash() {
    let m = weights();
    assert!(!m.b1.is_empty());
    let hash = weights_hash();
    assert_eq!(hash.len(), 16);
    assert!(hash.chars().all(|c| c.is_ascii_hexdigit()), "{hash}");
    assert_eq!(names().len(), FEATURES);
}

#[test]
fn weights_of_the_wrong_shape_are_refused_with_the_reason() {
    let good = serde_json::to_string(weights()).unwrap();
    assert!(Model::parse(&good).is_ok());
    let mut m = weights().clone();
    m.w1[0].pop();
    let e = Model::parse(&serde_json::to_string(&m).unwrap()).unwrap_err();
    assert!(e.to_string().contains("one row of weights per unit"), "{e}");
    let mut m = weights().clone();
    m.format = 9;
    let e = Model::parse(&serde_json::to_string(&m).unwrap()).unwrap_err();
    assert!(e.to_string().contains("format 9"), "{e}");
    let e = Model::parse("{\"format\": 1}").unwrap_err();
    assert!(e.to_string().contains("cannot be read"), "{e}");
    let text = good.replacen("\"b2\":", "\"b2\": 1e999, \"x\":", 1);
    assert!(Model::parse(&text).is_err());
}

#[test]
fn a_score_is_the_network_by_hand() {
    // Two hidden units: relu(1 + 2·z0) and relu(-1 + z1), z = (x - 1)·2.
    let mut w1 = vec![vec![0.0; FEATURES]; 2];
    w1[0][0] = 2.0;
    w1[1][1] = 1.0;
    let m = Model {
        format: WEIGHTS_FORMAT_FOR_TESTS,
        mean: vec![1.0; FEATURES],
        scale: vec![2.0; FEATURES],
        w1,
        b1: vec![1.0, -1.0],
        w2: vec![3.0, -1.0],
        b2: 0.5,
    };
    let mut x = [1.0f32; FEATURES];
    x[0] = 2.0; // z0 = 2: unit 0 = 5
    x[1] = 3.0; // z1 = 4: unit 1 = 3
    assert!((m.score(&x) - (0.5 + 15.0 - 3.0)).abs() < 1e-6);
    x[0] = 0.0; // z0 = -2: unit 0 = relu(-3) = 0
    assert!((m.score(&x) - (0.5 - 3.0)).abs() < 1e-6);
}

const WEIGHTS_FORMAT_FOR_TESTS: u32 = model::WEIGHTS_FORMAT;

/// Features are only appended: weights that read the first ones (the
/// first round's, trained on 44) score a candidate by those alone, and
/// weights that read more than the engine describes are refused.
#[test]
fn older_weights_read_the_features_they_know() {
    let old = Model::parse(include_str!("weights-round-1.json")).unwrap();
    assert!(old.inputs() < FEATURES);
    let mut x = [0.5f32; FEATURES];
    let s = old.score(&x);
    for v in &mut x[old.inputs()..] {
        *v = 7.0;
    }
    assert!((old.score(&x) - s).abs() < f32::EPSILON);
    x[0] = 7.0;
    assert!((old.score(&x) - s).abs() > 1e-6);
    let mut m = weights().clone();
    m.mean.resize(FEATURES + 1, 0.0);
    m.scale.resize(FEATURES + 1, 1.0);
    for r in &mut m.w1 {
        r.resize(FEATURES + 1, 0.0);
    }
    let e = Model::parse(&serde_json::to_string(&m).unwrap()).unwrap_err();
    assert!(
        e.to_string().contains("more than this engine describes"),
        "{e}"
    );
}

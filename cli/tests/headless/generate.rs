//! `hexwright generate` in the headless build: a map for each player count
//! and style that validates with no error, the same file for the same
//! command, the seed and options kept in the map, an existing file never
//! replaced without `--force`, and bad options refused.

use super::{run, temp_dir};

#[test]
fn generate_writes_valid_maps_that_can_be_made_again() {
    let dir = temp_dir("generate");
    for (players, style) in [("2", "rivers"), ("3", "islands"), ("4", "passes")] {
        let file = dir.join(format!("{style}.ron")).display().to_string();
        let args = [
            "generate",
            "--players",
            players,
            "--style",
            style,
            "--seed",
            "11",
            "-o",
            &file,
        ];
        let (code, out) = run(&args);
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with(&format!("wrote {file}: ")), "{out}");
        assert!(!out.contains("\nerror "), "{out}");
        let (code, report) = run(&["validate", &file]);
        assert_eq!(code, 0, "{report}");
        let map = hexwright_engine::format::load_map(std::path::Path::new(&file)).unwrap();
        assert_eq!(map.player_count().to_string(), players);
        let g = map.meta.generated.clone().unwrap();
        assert_eq!((g.seed, g.params.style.name()), (11, style));
        // The same command makes the same file, but only with --force.
        let first = std::fs::read(&file).unwrap();
        let (code, _) = run(&args);
        assert_eq!(code, 2, "an existing file is not replaced");
        let mut again = args.to_vec();
        again.push("--force");
        assert_eq!(run(&again).0, 0);
        assert_eq!(std::fs::read(&file).unwrap(), first);
    }
}

#[test]
fn generate_refuses_options_out_of_range() {
    let dir = temp_dir("generate-bad");
    let file = dir.join("m.ron").display().to_string();
    for (args, what) in [
        (vec!["--players", "5"], "5 players"),
        (
            vec!["--players", "2", "--symmetry", "turn"],
            "for 3 players",
        ),
        (vec!["--size", "40"], "40 hexes"),
        (vec!["--bushes", "99"], "99 bushes"),
        (vec!["--fair", "greedy", "--tries", "0"], "no seed to try"),
        (vec!["--fair", "greedy", "--tries", "65"], "65 seeds to try"),
    ] {
        let mut all = vec!["generate", "-o", &file];
        all.extend(&args);
        let (code, out) = run(&all);
        assert_eq!(code, 2, "{what}: {out}");
        assert!(!std::path::Path::new(&file).exists(), "{what}");
    }
    let parse = |args: &[&str]| {
        <hexwright_cli::Args as clap::Parser>::try_parse_from(
            std::iter::once("hexwright").chain(args.iter().copied()),
        )
        .is_err()
    };
    assert!(parse(&["generate", "--style", "swamp", "-o", "m.ron"]));
    assert!(parse(&["generate", "--size", "big", "-o", "m.ron"]));
    assert!(parse(&["generate", "--symmetry", "spiral", "-o", "m.ron"]));
}

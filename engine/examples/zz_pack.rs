fn main() {
    let dir = std::path::PathBuf::from(std::env::args().nth(1).unwrap());
    let t = std::time::Instant::now();
    let p = hexwright_engine::pack::load_pack(&dir).unwrap();
    let loaded = t.elapsed();
    let mut n = 0;
    for e in &p.entries {
        if let Some(Ok(m)) = &e.map {
            match hexwright_engine::coverage::Coverage::new(m) {
                Ok(c) => n += hexwright_engine::validate::validate(m, &c).len(),
                Err(e) => {
                    n += 1;
                    if n < 3 {
                        println!("{e}");
                    }
                }
            }
        }
    }
    println!(
        "{} maps: load {:?}, total {:?}, findings {n}",
        p.entries.len(),
        loaded,
        t.elapsed()
    );
}

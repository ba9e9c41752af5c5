//! Map files on disk, as the editor and the command line both read them:
//! the bundled pack, zipped packs, imports from other programs, the
//! roster a pack names, and what an interrupted process does with its
//! files.

pub mod bundled;
pub mod import;
pub mod interrupt;
pub mod roster;
pub mod zipped;

/// Today's date in UTC as `YYYY-MM-DD` (the civil calendar from the days
/// since 1970-01-01, Howard Hinnant's algorithm), for certificates.
#[must_use]
pub fn today_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date_of_day(i64::try_from(secs / 86_400).unwrap_or(0))
}

/// The civil date of day `z` since 1970-01-01.
fn date_of_day(z: i64) -> String {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_become_civil_dates() {
        assert_eq!(super::date_of_day(0), "1970-01-01");
        assert_eq!(super::date_of_day(59), "1970-03-01");
        assert_eq!(super::date_of_day(11_016), "2000-02-29");
        assert_eq!(super::date_of_day(20_792), "2026-12-05");
    }
}

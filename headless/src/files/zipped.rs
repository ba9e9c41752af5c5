//! A zipped map pack opened for reading: unpacked into a private temporary
//! folder (after [`hexwright_engine::pack_zip::read_zip`] has checked every
//! entry and bounded the sizes), where it loads like a pack folder; the
//! folder is removed when this is dropped. Messages about its files name
//! them inside the archive (`my-pack.zip/crossing.ron`), not the temporary
//! folder.

use anyhow::Context;
use hexwright_engine::pack::{self, MANIFEST_FILE};
use hexwright_engine::pack_zip;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A zipped pack, unpacked.
#[derive(Debug)]
pub struct Unzipped {
    dir: PathBuf,
    zip: PathBuf,
}

/// Whether `path` names a zipped pack (a file ending in `.zip`).
#[must_use]
pub fn is_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
        && !path.is_dir()
}

impl Unzipped {
    /// Unpacks the zipped pack at `zip`.
    ///
    /// # Errors
    /// When the archive breaks a rule (see [`pack_zip`]) or cannot be
    /// unpacked.
    pub fn open(zip: &Path) -> anyhow::Result<Self> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let files = pack_zip::read_zip(zip)?;
        let dir = std::env::temp_dir().join(format!(
            "hexwright-unzipped-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot make the folder {}", dir.display()))?;
        let me = Self {
            dir,
            zip: zip.to_path_buf(),
        };
        pack_zip::extract(&files, &me.dir)?;
        Ok(me)
    }

    /// The folder it was unpacked into.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// `text` with the temporary folder named as the archive.
    #[must_use]
    pub fn shown(&self, text: &str) -> String {
        text.replace(
            &self.dir.display().to_string(),
            &self.zip.display().to_string(),
        )
    }

    /// The file `entry` of the pack, or with none its first map.
    ///
    /// # Errors
    /// When the pack lists no map, or `entry` is not a plain path in it.
    pub fn entry(&self, entry: Option<&str>) -> anyhow::Result<PathBuf> {
        let name = match entry {
            Some(e) if pack::is_safe_relative(e) => e.to_owned(),
            Some(e) => anyhow::bail!("\"{e}\" is not a plain path inside the pack"),
            None => {
                let text = hexwright_engine::format::read_text(&self.dir.join(MANIFEST_FILE))?;
                let manifest = pack::Manifest::parse(&text, &self.shown_path(MANIFEST_FILE))?;
                manifest
                    .maps
                    .into_iter()
                    .next()
                    .with_context(|| format!("{} lists no map to play", self.zip.display()))?
            }
        };
        Ok(self.dir.join(name))
    }

    fn shown_path(&self, name: &str) -> String {
        self.zip.join(name).display().to_string()
    }
}

impl Drop for Unzipped {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

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

/// A zipped pack, unpacked.
#[derive(Debug)]
pub struct Unzipped {
    dir: tempfile::TempDir,
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
    /// unpacked; errors name the archive, never the private folder.
    pub fn open(zip: &Path) -> anyhow::Result<Self> {
        let files = pack_zip::read_zip(zip)?;
        let dir = tempfile::Builder::new()
            .prefix("hexwright-unzipped-")
            .tempdir()
            .context("cannot make a private folder to unpack the pack into")?;
        // SIGINT and SIGTERM remove it too (drop does not run then).
        super::interrupt::remove_on_interrupt(dir.path().to_path_buf());
        let me = Self {
            dir,
            zip: zip.to_path_buf(),
        };
        pack_zip::extract(&files, me.dir()).map_err(|e| {
            anyhow::anyhow!(
                "cannot unpack {}: {}",
                me.zip.display(),
                me.shown(&e.to_string())
            )
        })?;
        Ok(me)
    }

    /// The folder it was unpacked into.
    #[must_use]
    pub fn dir(&self) -> &Path {
        self.dir.path()
    }

    /// `text` with the temporary folder named as the archive.
    #[must_use]
    pub fn shown(&self, text: &str) -> String {
        text.replace(
            &self.dir().display().to_string(),
            &self.zip.display().to_string(),
        )
    }

    /// The file `entry` of the pack, or with none its first map.
    ///
    /// # Errors
    /// When the pack lists no map, or `entry` is not a plain path in it.
    pub fn entry(&self, entry: Option<&str>) -> anyhow::Result<PathBuf> {
        let manifest = self.shown_path(MANIFEST_FILE);
        let (name, what) = match entry {
            Some(e) if pack::is_safe_relative(e) => (e.to_owned(), "the entry"),
            // Debug quotes it with control characters escaped.
            Some(e) => anyhow::bail!("{e:?} is not a plain path inside the pack"),
            None => {
                let text = hexwright_engine::format::read_text(&self.dir().join(MANIFEST_FILE))?;
                let listed = pack::Manifest::parse(&text, &manifest)?;
                let first = listed
                    .maps
                    .into_iter()
                    .next()
                    .with_context(|| format!("{} lists no map to play", self.zip.display()))?;
                (first, "the map")
            }
        };
        // What the manifest names is checked as `validate` checks it: a
        // path that leads out of the archive's folder is refused unread.
        pack::resolve_in_pack(self.dir(), self.dir(), &name, &manifest, what)
            .map_err(|e| anyhow::anyhow!(self.shown(&e.to_string())))?;
        Ok(self.dir().join(name))
    }

    fn shown_path(&self, name: &str) -> String {
        self.zip.join(name).display().to_string()
    }
}

impl Drop for Unzipped {
    fn drop(&mut self) {
        // The folder itself goes with the `TempDir`.
        super::interrupt::keep_on_interrupt(self.dir.path());
    }
}

//! Map files on disk, as the editor and the command line both read them:
//! the bundled pack, zipped packs, imports from other programs, and the
//! roster a pack names.

pub mod bundled;
pub mod import;
pub mod roster;
pub mod zipped;

//! Drawing shared by the editor's canvas and the pictures: the palette, the
//! feature and finding glyphs as [`epaint`] shapes, and the filling of
//! concave regions.

pub mod glyphs;
pub mod palette;
pub mod tessellate;

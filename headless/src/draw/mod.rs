//! Drawing shared by the editor's canvas and the pictures: the palette, the
//! feature and finding glyphs as [`epaint`] shapes, the analysis overlays'
//! colours, and the filling of concave regions.

pub mod glyphs;
pub mod overlay;
pub mod palette;
pub mod tessellate;

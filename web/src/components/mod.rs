//! One component per panel of the dashboard.

pub mod drop_zone;
pub mod edit_panel;
pub mod file_card;
pub mod load_errors;
pub mod verdict;

pub use drop_zone::DropZone;
pub use edit_panel::EditPanel;
pub use file_card::FileCard;
pub use load_errors::LoadErrors;

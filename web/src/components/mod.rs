//! One component per panel of the dashboard.

pub mod drop_zone;
pub mod edit_panel;
pub mod edited;
pub mod file_card;
pub mod file_list;
pub mod load_errors;
pub mod project;
pub mod secrets_dialog;
pub mod store_rows;

pub use drop_zone::DropZone;
pub use edit_panel::EditPanel;
pub use file_card::FileCard;
pub use file_list::FileList;
pub use load_errors::LoadErrors;
pub use project::Projects;
pub use store_rows::StoreRowsPanel;

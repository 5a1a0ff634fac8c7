//! The dashboard's state: the files loaded into the workspace. Components read and change
//! it through [`Workspace`], provided as context by the app.

use leptos::prelude::*;

/// The example shown at start: a checkpoint-log memory file (SPEC seed 000).
pub const EXAMPLE_NAME: &str = "session_memory.md";
pub const EXAMPLE_TEXT: &str = include_str!("../examples/session_memory.md");

/// One memory file loaded into the dashboard, with the facts shown about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadedFile {
    /// Unique within the workspace, in load order.
    pub id: usize,
    pub name: String,
    pub source: String,
    /// `Dialect::as_str()` of the parsed document.
    pub dialect: &'static str,
    /// Whether writing the parsed document back gives the input byte for byte.
    pub round_trips: bool,
    /// The bundled example rather than a file the user chose.
    pub example: bool,
}

impl LoadedFile {
    pub fn parse(id: usize, name: String, source: String, example: bool) -> Self {
        let doc = memento_core::parse(&source);
        let round_trips = doc.to_string() == source;
        LoadedFile { id, name, dialect: doc.dialect().as_str(), round_trips, source, example }
    }

    /// Size in bytes (UTF-8, as on disk).
    pub fn bytes(&self) -> usize {
        self.source.len()
    }
}

/// A file that could not be loaded, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub id: usize,
    pub name: String,
    pub message: String,
}

/// The loaded files, newest first, and the files that failed to load.
#[derive(Clone, Copy)]
pub struct Workspace {
    pub files: RwSignal<Vec<LoadedFile>>,
    pub errors: RwSignal<Vec<LoadError>>,
    next_id: StoredValue<usize>,
}

impl Workspace {
    /// A workspace holding the bundled example.
    pub fn with_example() -> Self {
        let example =
            LoadedFile::parse(0, EXAMPLE_NAME.to_owned(), EXAMPLE_TEXT.to_owned(), true);
        Workspace {
            files: RwSignal::new(vec![example]),
            errors: RwSignal::new(Vec::new()),
            next_id: StoredValue::new(1),
        }
    }

    fn next_id(&self) -> usize {
        let id = self.next_id.get_value();
        self.next_id.set_value(id + 1);
        id
    }

    /// Adds a file from its bytes; a file that is not UTF-8 is reported, not loaded.
    pub fn open(&self, name: String, bytes: Vec<u8>) {
        let id = self.next_id();
        match String::from_utf8(bytes) {
            Ok(text) => {
                let file = LoadedFile::parse(id, name, text, false);
                self.files.update(|files| files.insert(0, file));
            }
            Err(_) => self.fail(name, "is not UTF-8 text: not loaded".to_owned()),
        }
    }

    /// Records a file that could not be loaded.
    pub fn fail(&self, name: String, message: String) {
        let id = self.next_id();
        self.errors.update(|errors| errors.insert(0, LoadError { id, name, message }));
    }
}

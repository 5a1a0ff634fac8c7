use crate::Dialect;
use std::fmt;
pub struct Document { source: String, dialect: Dialect }
impl Document {
    pub(crate) fn new(source: String, dialect: Dialect) -> Self { Self { source, dialect } }
    pub fn source(&self) -> &str { &self.source }
    pub fn dialect(&self) -> Dialect { self.dialect }
}
impl fmt::Display for Document {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(&self.source) }
}

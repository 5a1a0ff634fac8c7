//! possible-secret: the document's secrets ([`crate::document::Document::secrets`]). The
//! message names the kind and a redacted form only; the fix replaces the secret with
//! `[REDACTED]`. Masking them in every other output does not depend on this rule
//! (`docs/secrets.md`).

use super::Ctx;
use crate::diagnostic::TextEdit;
use crate::rule::Rule;
use crate::secret::SecretKind;

pub(super) fn check(cx: &mut Ctx) {
    if !cx.on(Rule::PossibleSecret) {
        return;
    }
    let text = cx.doc.source();
    for m in cx.doc.secrets().found() {
        let shown = m.redacted(text);
        let replacement = match m.kind {
            SecretKind::PrivateKey => "[REDACTED PRIVATE KEY]",
            _ => "[REDACTED]",
        };
        let d = cx
            .diag(Rule::PossibleSecret, m.range, format!("possible {}: `{shown}`", m.kind.label()))
            .with_help("remove it from the memory file and rotate it: memory files are injected into prompts, exported and shared")
            .with_fix(vec![TextEdit::replace(m.range, replacement)]);
        cx.push(d);
    }
}

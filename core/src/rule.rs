//! The registry of rule ids: one list, stable names, default severities and one-line docs.
//! Ids are public interface (docs/rules.md): never rename one.

use serde::Serialize;
use std::fmt;

crate::named! {
    /// How much a finding matters.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Severity {
        Info = "info",
        Warning = "warning",
        Error = "error",
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! rules {
    ($( $variant:ident = $id:literal, $sev:ident, $kind:ident, $doc:literal; )*) => {
        /// Every rule Memento reports, check rules and transition rules alike.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule { $( #[doc = $doc] $variant, )* }

        impl Rule {
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable kebab-case id.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            pub fn default_severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$sev,)* }
            }

            pub fn kind(self) -> RuleKind {
                match self { $(Rule::$variant => RuleKind::$kind,)* }
            }

            /// One line saying what the rule finds.
            pub fn doc(self) -> &'static str {
                match self { $(Rule::$variant => $doc,)* }
            }
        }
    };
}

crate::named! {
    /// Whether a rule looks at one version of a file (`check`) or at two (`diff`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum RuleKind {
        Check = "check",
        Transition = "transition",
    }
}

rules! {
    MissingSection = "missing-section", Warning, Check, "A section the dialect expects is absent.";
    DuplicateSection = "duplicate-section", Warning, Check, "The same section appears twice.";
    EmptyNextStep = "empty-next-step", Warning, Check, "No next step is recorded while work remains, a progress log of finished work ends without one (nor a word that the run is done), or a log's latest sitting writes none where its earlier sittings each wrote theirs.";
    MalformedEntry = "malformed-entry", Warning, Check, "A log entry without a readable timestamp (in a checkpoint log, or a section most of whose entries are dated), or a progress line with no status.";
    UnknownStatus = "unknown-status", Warning, Check, "A progress status that is not COMPLETED, IN_PROGRESS, PENDING, BLOCKED, FAILED or SKIPPED.";
    TimestampOutOfOrder = "timestamp-out-of-order", Warning, Check, "An append-only log goes back in time (a block kept the other way round is one finding, where it starts and ends).";
    FutureTimestamp = "future-timestamp", Warning, Check, "A timestamp later than now.";
    DanglingSupersedes = "dangling-supersedes", Error, Check, "SUPERSEDES names no earlier decision.";
    ConflictingDecisions = "conflicting-decisions", Error, Check, "Two active decisions about the same subject pull opposite ways.";
    DuplicateEntry = "duplicate-entry", Warning, Check, "The same normalized text twice in a section, a row twice in one table, or a feature of a JSON feature list written twice.";
    ProgressContradiction = "progress-contradiction", Error, Check, "A unit both COMPLETED and IN_PROGRESS/PENDING, or two units IN_PROGRESS.";
    SectionOverBudget = "section-over-budget", Warning, Check, "A section over its token budget, or the file over its total budget.";
    StaleMemory = "stale-memory", Warning, Check, "The newest timestamp is older than stale_after before now.";
    StaleCurrentState = "stale-current-state", Warning, Check, "Session notes: Current State is empty or older than the newest Worklog entry.";
    PossibleSecret = "possible-secret", Error, Check, "An API key, token, private key, password in a URL, card number or SSN.";
    EntryAfterCompletion = "entry-after-completion", Warning, Check, "Entries added after TASK COMPLETE.";
    TemplateDrift = "template-drift", Error, Check, "Session notes: a header or italic description differs from the template.";
    StaleEntry = "stale-entry", Info, Check, "Memory store: a row not updated or accessed within the retention period.";
    MixedScope = "mixed-scope", Info, Check, "Memory store: rows of several agents or projects in one file.";
    TimestampAssumedUtc = "timestamp-assumed-utc", Info, Check, "A timestamp without a zone, read as UTC.";
    StatusAlias = "status-alias", Info, Check, "A status alias (DONE, WIP, TODO) where the canonical word is expected: a checkpoint log's Progress Markers, not a free-form file's own words (`Fixed:`, `Completado:`).";
    WrappedInFence = "wrapped-in-fence", Warning, Check, "The whole file is wrapped in one code fence: markdown readers see one code block.";
    NextStepDone = "next-step-done", Warning, Check, "A next step (the plan's, or in a file that is not a log any it writes) names a unit the file records as COMPLETED, by its name, by the work ids it holds (Start DB-010 over DB-010 ✅), or in other words (Add retry to upload parts over Added retry logic to part uploads).";
    OpenItemDone = "open-item-done", Warning, Check, "An item still listed as to do or under way, or a known issue, names, in other words or by its ids, work the file records as done elsewhere (in a log, done before the item was written).";
    NextStepDropped = "next-step-dropped", Info, Check, "A next step an older sitting of a log wrote that nothing later in the file mentions: neither done, nor carried forward, nor struck.";
    EntriesOutOfOrder = "entries-out-of-order", Warning, Check, "Dated sections or paragraphs go back in time against the file's own order (once per run; where timestamp-out-of-order already reports the line, it is not said twice); sections of one day, or undated, that name versions (`(v2.42.0)`) go against the order most of them keep.";
    StatusConflict = "status-conflict", Warning, Check, "Two current-state sections state different statuses, the run's overall progress, or a named part's, is given twice with different figures outside a log's sittings (Overall: 100% Complete, later 95%; Frontend: 100% in an overview, 95% on its heading), the phase the run is in is given twice with different numbers (**Aktuelle Phase:** Phase 2 in the header, Phase 3 in Arbeit opening the current state) or names a phase the file marks done (Current phase: Phase 2 over ## Phase 2 ✅), or several blocks each say a fresh session starts there (START HERE, Latest Session).";
    MissingMetadata = "missing-metadata", Warning, Check, "Metadata the format requires is missing or empty: front matter and its keys (Letta, Claude Code topic files), a Codex block's scope or applies_to.";
    MalformedMetadata = "malformed-metadata", Warning, Check, "Front matter that does not close, a line that is not `key: value`, a key given twice, a key or value the format does not know.";
    DanglingLink = "dangling-link", Warning, Check, "A `[[link]]` or a link to a topic file names no file of the memory folder.";
    PastLoadLimit = "past-load-limit", Warning, Check, "Content of a memory index past what the harness loads at session start (Claude Code: the first 200 lines or 25 KB of MEMORY.md).";
    PinnedOverBudget = "pinned-over-budget", Warning, Check, "Pinned memory files (Letta's system/), loaded into every prompt, over their token budget.";
    ScopeMismatch = "scope-mismatch", Warning, Check, "An entry names another project than the one the memory is read for.";
    CountMismatch = "count-mismatch", Info, Check, "A heading or lead-in states how many things follow, and another number follows.";
    SummaryContradiction = "summary-contradiction", Warning, Check, "The summary's counts contradict the file's last count or the units it records, a line's count and its percentage disagree (42/50 done (95%)), a claim that all N are done stands over a numbered series (F001, #74) that never names some numbers up to N, or a section gives a header field (**Unpushed Commits:** 0) another number.";
    TotalChanged = "total-changed", Info, Check, "A progress count's total of features or tasks changes from one count to the next (137/137, later 142/152): work added or dropped without a word.";
    StaleInProgress = "stale-in-progress", Warning, Check, "A unit left IN_PROGRESS in an older session that later sessions moved on from.";
    InvisibleCharacter = "invisible-character", Warning, Check, "A control, bidi or zero-width character: unseen by a person reading the file, read by an agent.";
    UnfilledPlaceholder = "unfilled-placeholder", Warning, Check, "Template text never filled in: `$(date …)`, `{{name}}`, `YYYY-MM-DD`, `<commit-hash>` where a value goes, or a section or field that is only `TBD`.";
    UnclosedEmphasis = "unclosed-emphasis", Info, Check, "A `**` that opens bold text never closed, or closes none.";
    EmptySection = "empty-section", Info, Check, "A section with no content or only a word for none (`N/A`, `なし`), or a dated log entry with no body.";
    NumberingGap = "numbering-gap", Info, Check, "A log's numbered sittings (Session 14, Round 18) skip a number that is nowhere in the file.";
    SeveralInProgress = "several-in-progress", Info, Check, "An In Progress or Current Focus list holds several units under way at once: the next session has to choose where to resume.";
    CommitRepeated = "commit-repeated", Info, Check, "A log's sittings that each report work of their own record one commit hash in a row: the hash was carried over, not updated.";
    PersonalData = "personal-data", Info, Check, "An e-mail address, a social profile or a phone number: memory is injected into prompts and shared.";
    HeaderChanged = "header-changed", Error, Transition, "A section header was changed, added or removed.";
    DescriptionChanged = "description-changed", Error, Transition, "A session-notes italic description was changed.";
    DecisionRewritten = "decision-rewritten", Error, Transition, "A decision was edited or deleted instead of superseded.";
    EntryRemoved = "entry-removed", Error, Transition, "An append-only entry was deleted.";
    ProgressRegressed = "progress-regressed", Warning, Transition, "A COMPLETED unit went back without a note.";
    CompletionRemoved = "completion-removed", Error, Transition, "The TASK COMPLETE block was removed.";
}

impl Rule {
    pub fn from_id(id: &str) -> Option<Rule> {
        Rule::ALL.iter().copied().find(|r| r.id() == id)
    }

    /// What the rule's findings are about. An agent resuming the run reads those about the
    /// run first (docs/plan.md, "The prompt"). Every rule says which, by name: a new rule
    /// does not compile until it does.
    pub fn concern(self) -> Concern {
        use Rule::*;
        match self {
            EmptyNextStep | TimestampOutOfOrder | FutureTimestamp | DanglingSupersedes | ConflictingDecisions
            | ProgressContradiction | StaleMemory | StaleCurrentState | PossibleSecret | EntryAfterCompletion
            | NextStepDone | OpenItemDone | NextStepDropped | EntriesOutOfOrder | StatusConflict | SummaryContradiction | StaleInProgress
            | InvisibleCharacter | ScopeMismatch | CountMismatch | TotalChanged | SeveralInProgress | CommitRepeated | DecisionRewritten
            | EntryRemoved | ProgressRegressed | CompletionRemoved => Concern::Run,
            MissingSection | DuplicateSection | MalformedEntry | UnknownStatus | DuplicateEntry | SectionOverBudget
            | TemplateDrift | StaleEntry | MixedScope | TimestampAssumedUtc | StatusAlias | WrappedInFence
            | MissingMetadata | MalformedMetadata | DanglingLink | PastLoadLimit | PinnedOverBudget
            | UnfilledPlaceholder | UnclosedEmphasis | EmptySection | NumberingGap | PersonalData | HeaderChanged
            | DescriptionChanged => Concern::Form,
        }
    }
}

/// What a rule's findings are about: where the run stands (a contradiction, a stale state,
/// a leaked secret) or the file's form (its sections, budget, template, metadata).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Concern {
    Run,
    Form,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_kebab_case_and_round_trip() {
        let mut ids: Vec<_> = Rule::ALL.iter().map(|r| r.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), Rule::ALL.len());
        for r in Rule::ALL {
            assert!(r.id().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'));
            assert_eq!(Rule::from_id(r.id()), Some(*r));
        }
    }

    /// docs/rules.md is the registry as a page: every rule's row (id, default severity and
    /// its doc line, word for word) in the table of its kind, and no row for a rule the
    /// registry does not hold. A rule added, renamed or reworded here fails until the page
    /// says the same.
    #[test]
    fn the_rules_page_is_the_registry() {
        let page = include_str!("../../docs/rules.md");
        let transitions = page.find("## Transition rules").expect("docs/rules.md has a transition rules section");
        for r in Rule::ALL {
            let row = format!("| `{}` | {} | {} |", r.id(), r.default_severity(), r.doc());
            let at = page.find(&row).unwrap_or_else(|| panic!("docs/rules.md lacks the row {row}"));
            assert_eq!(at > transitions, r.kind() == RuleKind::Transition, "{} is in the wrong table of docs/rules.md", r.id());
        }
        for line in page.lines().filter(|l| l.starts_with("| `")) {
            let id = line[3..].split('`').next().unwrap_or("");
            assert!(Rule::from_id(id).is_some(), "docs/rules.md has a row for `{id}`, which is no rule");
        }
    }
}

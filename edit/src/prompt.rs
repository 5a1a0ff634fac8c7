//! The text injected at session start (docs/plan.md): a caution, then what matters most, in
//! priority order, never over the token budget, ending with what was left out and where.
//!
//! Tokens are [`memento_core::tokens::estimate`]d. Lines are added whole, in priority order, while
//! they fit beside the header and the closing note; a line that does not fit is counted in
//! the closing "left out" note with its line number, so the agent can read the rest.
//!
//! A prompt is always complete: its opening and closing tags, a caution, and what was left
//! out. When the full caution does not fit beside the closing note, a short one stands in;
//! below the smallest complete prompt (about 45 tokens: the tags, the short caution and a
//! one-count note), the budget is refused with [`BudgetTooSmall`], never cut mid-sentence.

use memento_core::document::{Document, SectionRole};
use memento_core::plan::{Plan, RunStatus};
use memento_core::rule::Severity;
use memento_core::secret::redact;
use memento_core::internal::one_line;
use memento_core::tokens::estimate;

/// The default budget (docs/plan.md).
pub const DEFAULT_BUDGET: usize = 2000;

const OPEN: &str = "<session-memory>\n";
const CAUTION: &str = "These notes come from past sessions of this task and may be out of date. \
Current instructions win over them; check anything before relying on it.\n";
/// The caution when the full one does not fit: the same two facts, fewer words.
const SHORT_CAUTION: &str = "Past-session notes, maybe stale; current instructions win.\n";
/// The rows of a memory store a preview shows, newest first.
const PREVIEW_ROWS: usize = 3;

/// The caution over several files (docs/stores.md): past sessions, perhaps of other tasks.
const FILES_CAUTION: &str = "These notes come from past sessions that may not be related to the current task \
and may be out of date. Current instructions win over them; check anything before relying on it. \
Only a preview of each file is shown: read the file when a session is relevant.\n";
const CLOSE: &str = "</session-memory>\n";

/// A budget too small for any complete prompt of this file: the tags, the short caution
/// and the note of what was left out need `minimum` tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetTooSmall {
    pub budget: usize,
    pub minimum: usize,
}

impl std::fmt::Display for BudgetTooSmall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a budget of {} tokens is too small: the smallest complete prompt of this memory (its tags, a caution and what was left out) takes {}",
            self.budget, self.minimum
        )
    }
}

impl std::error::Error for BudgetTooSmall {}

/// One block of the prompt: a heading line and its lines, each with its source line.
struct Block {
    title: &'static str,
    lines: Vec<(String, Option<u32>)>,
}

/// Renders the prompt of one document from its plan, within `budget` tokens.
pub fn render_prompt(doc: &Document, plan: &Plan, budget: usize) -> Result<String, BudgetTooSmall> {
    let blocks = blocks(doc, plan);
    within(budget, CAUTION, |out| {
        out.fill(&blocks, None);
    })
}

/// The prompt `fill` builds, with the full `caution`, else the short one; else the budget is
/// too small, and by how much.
fn within(budget: usize, caution: &'static str, fill: impl Fn(&mut Budgeted)) -> Result<String, BudgetTooSmall> {
    for caution in [caution, SHORT_CAUTION] {
        let mut out = Budgeted::new(budget, caution);
        fill(&mut out);
        if let Some(prompt) = out.finish() {
            return Ok(prompt);
        }
    }
    // The smallest complete prompt: nothing in the body, everything counted in the note.
    let mut out = Budgeted::new(0, SHORT_CAUTION);
    fill(&mut out);
    Err(BudgetTooSmall { budget, minimum: out.used + estimate(&out.short_note()) })
}

/// One file of a multi-file prompt.
#[derive(Clone, Copy)]
pub struct PromptFile<'a> {
    pub path: &'a str,
    pub doc: &'a Document,
    pub plan: &'a Plan,
    /// When the file was last modified (epoch seconds), for files that date nothing.
    pub modified: Option<i64>,
}

/// One caution header and, within one budget, a preview of each file with its path, the
/// newest session first: by the file's own last timestamp, then (undated files, or files
/// of the same time) by when it was modified; files dated neither way last. The closing
/// note names the files left out, and what was left out of each file shown.
///
/// Pinned files (Letta MemFS `system/`, `docs/formats.md`) are in the agent's context
/// already: they are not previewed, and their tokens count against the budget. A memory
/// folder of an agent harness shows its warnings and facts learned as well.
pub fn render_prompts(files: &[PromptFile], budget: usize) -> Result<String, BudgetTooSmall> {
    let pinned = |f: &PromptFile| f.doc.dialect() == memento_core::Dialect::LettaMemfs && memento_core::internal::pinned_root(f.path).is_some();
    let pinned_tokens: usize = files.iter().filter(|f| pinned(f)).map(|f| estimate(f.doc.source())).sum();
    let pinned_paths: Vec<&str> = files.iter().filter(|f| pinned(f)).map(|f| f.path).collect();
    let mut order: Vec<usize> = (0..files.len()).filter(|&i| !pinned(&files[i])).collect();
    // Newest first (descending: every word inverted).
    memento_core::internal::sort_by_key(&mut order, |&i| {
        let [dated, t] = memento_core::internal::optional(files[i].doc.last_updated().map(|t| t.epoch_seconds));
        let modified = files[i].modified.map_or(u64::MAX, |m| !memento_core::internal::signed(m));
        [!dated, !t, modified]
    });
    let previews: Vec<(Vec<Block>, String, &str, Vec<Option<u32>>)> = order
        .into_iter()
        .map(|i| {
            let PromptFile { path, doc, plan, .. } = files[i];
            let mut blocks = blocks(doc, plan);
            // A preview: the summary first, then the next action and decisions; a harness's
            // memory (knowledge more than a run) its warnings and facts too, and no run status
            // when it records no work; a memory store, its newest rows (the others are counted
            // as left out).
            let memory = doc.dialect().is_agent_memory();
            let kept = |t: &str| {
                [title::NEXT_ACTION, title::LAST_STEP, title::DECISIONS, title::IN_PROGRESS, title::MEMORIES, title::DONE].contains(&t)
                    || memory && [title::WARNINGS, title::DISCOVERIES].contains(&t)
            };
            blocks.retain(|b| kept(b.title));
            let mut hidden = Vec::new();
            for b in blocks.iter_mut().filter(|b| b.title == title::MEMORIES && b.lines.len() > PREVIEW_ROWS) {
                hidden.extend(b.lines.drain(PREVIEW_ROWS..).map(|(_, line)| line));
            }
            let heading = format!("## {path} ({})", standing(doc, plan).unwrap_or_else(|| with_age(doc.dialect().as_str(), plan)));
            (blocks, heading, path, hidden)
        })
        .collect();
    let pinned_line = (!pinned_paths.is_empty()).then(|| {
        format!("\nPinned, in the agent's context already (~{pinned_tokens} tokens of this budget): {}\n", pinned_paths.join(", "))
    });
    within(budget, FILES_CAUTION, |out| {
        out.used += pinned_tokens;
        if let Some(line) = &pinned_line {
            out.push(line, title::FILES, None);
        }
        for (blocks, heading, path, hidden) in &previews {
            out.file = Some(redact(path).into_owned());
            if out.fill(blocks, Some(heading.clone())) {
                for &line in hidden {
                    out.omit(title::MEMORIES, line);
                }
            }
        }
    })
}

/// Where the run stands and how old the notes are (`in progress, last updated
/// 2026-04-22T07:45Z`); `None` for a harness's memory that records no work (knowledge, no
/// run).
fn standing(doc: &Document, plan: &Plan) -> Option<String> {
    let no_work = plan.completed.is_empty() && plan.pending.is_empty() && plan.open.is_empty() && plan.next_action.is_none();
    if doc.dialect().is_agent_memory() && no_work {
        return None;
    }
    Some(with_age(status_word(plan.status), plan))
}

/// `what`, and when the file was last updated if it says.
fn with_age(what: &str, plan: &Plan) -> String {
    match &plan.last_updated {
        Some(t) => format!("{what}, last updated {t}"),
        None => what.to_owned(),
    }
}

fn status_word(s: RunStatus) -> &'static str {
    match s {
        RunStatus::NotStarted => "not started",
        RunStatus::InProgress => "in progress",
        RunStatus::Blocked => "blocked",
        RunStatus::Complete => "complete",
    }
}

fn blocks(doc: &Document, plan: &Plan) -> Vec<Block> {
    let line = |offset: usize| Some(doc.line_index().line_of(offset) as u32 + 1);
    let mut blocks = Vec::new();
    if let Some(next) = &plan.next_action {
        // A finished run's last next step is what the file said then, not work to do now.
        let title = if plan.status == RunStatus::Complete { title::LAST_STEP } else { title::NEXT_ACTION };
        blocks.push(Block { title, lines: vec![(one_line(&next.text), Some(next.line))] });
    }
    // After the next action, which a tight budget keeps first (docs/plan.md).
    if let Some(standing) = standing(doc, plan) {
        blocks.push(Block { title: title::STATUS, lines: vec![(standing, None)] });
    }
    // What the task is for and how the file last said it stood, in its own words, unless
    // that is only the next action (a state of several lines says how far the work got:
    // `Webhook handler is half done: …` over its `NEXT STEP:`).
    let next_line = plan.next_action.as_ref().map(|n| n.line);
    let quoted = |span: memento_core::Span, max: usize| (doc.secrets().quote(&one_line(&doc.secrets().mask(doc.text(span))), max), line(span.start()));
    let state = memento_core::brief::current_state(doc).filter(|s| {
        let (first, last) = (line(s.start()), line(s.end()));
        first != last || next_line.is_none_or(|n| Some(n) != first)
    });
    if let Some(goal) = memento_core::brief::goal(doc).filter(|g| Some(*g) != state) {
        blocks.push(Block { title: title::GOAL, lines: vec![quoted(goal, GOAL_CHARS)] });
    }
    if let Some(state) = state {
        blocks.push(Block { title: title::STATE, lines: vec![quoted(state, STATE_CHARS)] });
    }
    // Newest first, so that a tight budget keeps the latest word: later in the file is newer,
    // unless the file is kept newest first.
    let newer = |position: u64| if doc.newest_first() { position } else { !position };
    let mut decisions: Vec<_> = plan.decisions.active.iter().collect();
    memento_core::internal::sort_by_key(&mut decisions, |d| [newer(u64::from(d.line)), 0, 0]);
    blocks.push(Block {
        title: title::DECISIONS,
        // An undated decision's id is its line (`L314`): said once, in the id.
        lines: decisions.iter().map(|d| (format!("[{}] {}", d.id, one_line(&d.text)), Some(d.line).filter(|l| d.id != format!("L{l}")))).collect(),
    });
    if let Some(r) = &plan.resume_from {
        let at = plan.open.iter().find(|u| u.unit == r.unit).map(|u| u.line);
        let mut said = r.to_string();
        // The line that says the unit is under way may say how far it got (`Rechnungserstellung
        // begonnen, PDF-Vorlage fehlt noch`): quoted when it says more than the name.
        if let Some(start) = at.filter(|_| r.stopped_at.is_none()).and_then(|l| doc.line_index().line_start(l as usize - 1)) {
            let end = memento_core::span::line_content_end(doc.source(), start);
            let written = doc.text(memento_core::Span::new(start, end));
            let words = written.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '-' | '*' | '+'));
            let after = words.find(r.unit.as_str()).map_or("", |at| &words[at + r.unit.len()..]);
            if after.trim().chars().count() > NOTE_CHARS {
                let from = end - words.len();
                said = format!("{said} — as written: {}", quoted(memento_core::Span::new(from, end), STATE_CHARS).0);
            }
        }
        blocks.push(Block { title: title::IN_PROGRESS, lines: vec![(said, at)] });
    }
    // The other units left open: stuck, failed, or under way beside the one resumed (a
    // failing feature is work to redo, not work done). In a log, the newest sitting's first, as
    // decisions: its blockers are the ones that stand, and a tight budget keeps them; within a
    // sitting, and in any other file, in the file's order, which is its order of priority.
    let resumed = plan.resume_from.as_ref().map(|r| r.unit.as_str());
    let mut open: Vec<_> = plan.open.iter().filter(|u| Some(u.unit.as_str()) != resumed).collect();
    if doc.is_log() {
        let sitting = |line: u32| doc.line_index().line_start(line as usize - 1).and_then(|at| doc.sitting_start(at)).unwrap_or(0);
        memento_core::internal::sort_by_key(&mut open, |u| [newer(sitting(u.line) as u64), u64::from(u.line), 0]);
    }
    blocks.push(Block { title: title::OPEN, lines: open.iter().map(|u| (format!("{} ({})", u.unit, u.status), Some(u.line))).collect() });
    blocks.push(Block { title: title::WARNINGS, lines: warnings(plan) });
    blocks.push(Block {
        title: title::PENDING,
        lines: plan.pending.iter().map(|u| (u.unit.clone(), Some(u.line))).collect(),
    });
    let mut discoveries: Vec<_> = doc.discoveries().iter().collect();
    // Newest first: timestamped ones by time, the rest by position.
    memento_core::internal::sort_by_key(&mut discoveries, |d| {
        let [dated, t] = memento_core::internal::optional(d.timestamp.map(|t| t.epoch_seconds));
        [!dated, !t, newer(d.text.start() as u64)]
    });
    blocks.push(Block {
        title: title::DISCOVERIES,
        // Discoveries come straight from the file (the plan's texts are masked already):
        // mask secrets before folding, while a private key block still has its lines.
        lines: discoveries.iter().map(|d| (one_line(&doc.secrets().mask(doc.text(d.text))), line(d.text.start()))).collect(),
    });
    // The problems the file knows of (a memory bank's Known Issues), in its words: a session
    // that resumes should not rediscover them. A word for none is no issue.
    blocks.push(Block {
        title: title::ISSUES,
        lines: doc
            .items()
            .iter()
            .filter(|i| i.depth == 1 && i.role == SectionRole::Issues)
            .map(|i| (one_line(&doc.secrets().mask(doc.text(memento_core::internal::first_line(doc.source(), i.text)))), line(i.text.start())))
            .filter(|(text, _)| !text.is_empty() && !memento_core::internal::opens_with_nothing(text))
            .collect(),
    });
    // A memory store's rows are its memories: newest first, as discoveries.
    let rows = memento_core::store::newest_first(doc);
    blocks.push(Block {
        title: title::MEMORIES,
        lines: rows
            .iter()
            .map(|r| {
                let content = one_line(&doc.secrets().mask(r.content.as_deref().unwrap_or("")));
                let text = match &r.scope {
                    Some(scope) => format!("({}) {content}", one_line(&doc.secrets().mask(scope))),
                    None => content,
                };
                (text, line(r.span.start()))
            })
            .collect(),
    });
    if !plan.completed.is_empty() {
        let n = plan.completed.len();
        let first = &plan.completed[0];
        let last = &plan.completed[n - 1];
        let text = if n == 1 {
            format!("1 unit completed ({}); do not redo it", first.unit)
        } else {
            format!("{n} units completed ({} … {}); do not redo them", first.unit, last.unit)
        };
        blocks.push(Block { title: title::DONE, lines: vec![(text, Some(first.line))] });
    }
    blocks
}

/// The findings an agent should know of, one line each: errors first, then those about where
/// the run stands before those about the file's form; past [`REPEATS`] findings of one rule,
/// the rest (two or more) in one line with their line numbers (docs/plan.md, "The prompt").
fn warnings(plan: &Plan) -> Vec<(String, Option<u32>)> {
    let mut warnings: Vec<_> = plan.diagnostics.iter().filter(|d| d.severity >= Severity::Warning).collect();
    memento_core::internal::sort_by_key(&mut warnings, |d| [!(d.severity as u64), d.rule.concern() as u64, 0]);
    let mut lines = Vec::new();
    let mut said: Vec<(memento_core::rule::Rule, usize)> = Vec::new();
    for (k, d) in warnings.iter().enumerate() {
        let seen = match said.iter_mut().find(|(r, _)| *r == d.rule) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                said.push((d.rule, 1));
                1
            }
        };
        // One more finding is said in full: a line that counts one saves nothing.
        let whole = seen <= REPEATS || seen == REPEATS + 1 && !warnings[k + 1..].iter().any(|e| e.rule == d.rule);
        if whole {
            lines.push((format!("{}: {}", d.rule, one_line(&d.message)), Some(d.line)));
        } else if seen == REPEATS + 1 {
            let rest: Vec<u32> = warnings[k..].iter().filter(|e| e.rule == d.rule).map(|e| e.line).collect();
            // Each line once (missing sections are all said at one line).
            let mut at = rest.clone();
            at.dedup();
            let shown: Vec<String> = at.iter().take(REST_LINES).map(u32::to_string).collect();
            let more = if at.len() > REST_LINES { ", …" } else { "" };
            let said = if at.len() == 1 {
                format!("{}: {} more like these", d.rule, rest.len())
            } else {
                format!("{}: {} more like these, at lines {}{more}", d.rule, rest.len(), shown.join(", "))
            };
            lines.push((said, Some(d.line)));
        }
    }
    lines
}

/// How much of the file's goal and current state the prompt quotes, in characters: a few
/// sentences; the line number points to the rest.
const GOAL_CHARS: usize = 300;
/// How many characters after a unit's name on its line say more than the name.
const NOTE_CHARS: usize = 12;
const STATE_CHARS: usize = 400;

/// Findings of one rule the prompt words in full; the rest are counted on one line, which
/// names the first [`REST_LINES`] of their lines.
const REPEATS: usize = 2;
const REST_LINES: usize = 8;

/// The prompt under construction, with what it had to leave out.
struct Budgeted {
    budget: usize,
    body: String,
    used: usize,
    omitted: Vec<Omitted>,
    /// What each line added, latest last, so that the closing note can take back room.
    pushed: Vec<Pushed>,
    /// The title whose omission [`Budgeted::room`] keeps room for: the longest in the note.
    reserve: &'static str,
    /// The caution under the opening tag.
    caution: &'static str,
    /// The path of the file being previewed (several files): what is left out is of it.
    file: Option<String>,
}

/// Lines of one block left out: (block title, count, first line, last line, of which file).
/// A file left out whole is one omission of [`title::FILES`] with its path.
type Omitted = (&'static str, usize, Option<u32>, Option<u32>, Option<String>);

/// A line in the body: the body's length and the tokens used before it, and where it came
/// from (to be counted as left out if it has to go).
struct Pushed {
    body_len: usize,
    used: usize,
    title: &'static str,
    line: Option<u32>,
    file: Option<String>,
}

/// The blocks' titles: the prompt's headings, and the names the closing note counts in.
mod title {
    pub const FILES: &str = "files";
    pub const STATUS: &str = "Status";
    pub const GOAL: &str = "Goal";
    pub const STATE: &str = "Current state (as written)";
    pub const NEXT_ACTION: &str = "Next action";
    pub const LAST_STEP: &str = "Last next step written (the run reads as complete)";
    pub const DECISIONS: &str = "Binding decisions (newest first)";
    pub const IN_PROGRESS: &str = "In progress";
    pub const OPEN: &str = "Also open";
    pub const WARNINGS: &str = "Conflicts and warnings";
    pub const PENDING: &str = "Pending";
    pub const DISCOVERIES: &str = "Discoveries (newest first)";
    pub const ISSUES: &str = "Known issues (as written)";
    pub const MEMORIES: &str = "Memories (newest first)";
    pub const DONE: &str = "Done";
    /// Every one: an omission of the longest is what the room keeps in reserve.
    pub const ALL: [&str; 15] = [FILES, NEXT_ACTION, LAST_STEP, STATUS, GOAL, STATE, DECISIONS, IN_PROGRESS, OPEN, WARNINGS, PENDING, DISCOVERIES, ISSUES, MEMORIES, DONE];
}

impl Budgeted {
    fn new(budget: usize, caution: &'static str) -> Self {
        let used = estimate(OPEN) + estimate(caution) + estimate(CLOSE);
        let reserve = title::ALL.iter().copied().max_by_key(|t| note_name(t).len()).unwrap_or(title::FILES);
        Budgeted { budget, body: String::new(), used, omitted: Vec::new(), pushed: Vec::new(), reserve, caution, file: None }
    }

    /// The note of what was left out as one count and one line range.
    fn short_note(&self) -> String {
        if self.omitted.is_empty() {
            return String::new();
        }
        // Line numbers of several files do not make one range: the count alone then.
        let files = self.omitted.iter().filter_map(|o| o.4.as_ref()).count();
        let all = self.omitted.iter().fold(("items", 0, None, None, None), |(t, n, lo, hi, f), o| (t, n + o.1, min_opt(lo, o.2), max_opt(hi, o.3), f));
        note(&[if files > 0 { (all.0, all.1, None, None, None) } else { all }], self.file.is_some())
    }

    /// Room left for body text, keeping space for the closing note as it stands plus one
    /// more omission. Not a guarantee (several blocks may be left out after the last line
    /// that fitted): [`Budgeted::finish`] takes lines back until the note fits.
    fn room(&self) -> usize {
        let mut probe = self.omitted.clone();
        probe.push((self.reserve, 99_999, Some(99_999), Some(99_999), self.file.clone()));
        self.budget.saturating_sub(self.used + estimate(&note(&probe, self.file.is_some())))
    }

    /// Adds `text` if it fits. Every line passes through [`redact`] on the way in (a file
    /// path may hold a secret too; `docs/secrets.md`), and is costed as it will be written.
    fn push(&mut self, text: &str, title: &'static str, line: Option<u32>) -> bool {
        let text = redact(text);
        let cost = estimate(&text);
        if cost > self.room() {
            return false;
        }
        self.pushed.push(Pushed { body_len: self.body.len(), used: self.used, title, line, file: self.file.clone() });
        self.body.push_str(&text);
        self.used += cost;
        true
    }

    /// Adds the blocks' lines that fit, under `heading` if given; false when not even the
    /// heading fits (the file is left out whole).
    fn fill(&mut self, blocks: &[Block], heading: Option<String>) -> bool {
        if let Some(h) = heading {
            if !self.push(&format!("\n{h}\n"), title::FILES, None) {
                self.omit(title::FILES, None);
                return false;
            }
        }
        for block in blocks.iter().filter(|b| !b.lines.is_empty()) {
            let single = block.lines.len() == 1;
            let head = if single { format!("\n{}: ", block.title) } else { format!("\n{}:\n", block.title) };
            let (first, first_line) = &block.lines[0];
            let first_text = if single { format!("{head}{}{}\n", first, at(*first_line)) } else { format!("{head}- {}{}\n", first, at(*first_line)) };
            if !self.push(&first_text, block.title, *first_line) {
                for (_, l) in &block.lines {
                    self.omit(block.title, *l);
                }
                continue;
            }
            for (text, l) in &block.lines[1..] {
                if !self.push(&format!("- {}{}\n", text, at(*l)), block.title, *l) {
                    self.omit(block.title, *l);
                }
            }
        }
        true
    }

    fn omit(&mut self, title: &'static str, line: Option<u32>) {
        // A file left out whole is named once, in place of whatever was left out of it.
        let whole = title == title::FILES;
        if whole && self.file.is_some() {
            self.omitted.retain(|o| o.4 != self.file);
        }
        match self.omitted.iter_mut().find(|o| o.0 == title && o.4 == self.file && !whole) {
            Some(o) => {
                o.1 += 1;
                o.2 = min_opt(o.2, line);
                o.3 = max_opt(o.3, line);
            }
            None => self.omitted.push((title, 1, line, line, self.file.clone())),
        }
    }

    /// The prompt, ending with what was left out. When the note does not fit beside the
    /// body, it shrinks to one count and one line range; when that does not fit either, the
    /// latest lines go (the lowest priority first) and join the note. `None` when not even
    /// the tags, the caution and the note fit.
    fn finish(mut self) -> Option<String> {
        let closing = loop {
            let detailed = note(&self.omitted, self.file.is_some());
            if self.used + estimate(&detailed) <= self.budget {
                break detailed;
            }
            let short = self.short_note();
            if self.used + estimate(&short) <= self.budget {
                break short;
            }
            let last = self.pushed.pop()?;
            self.body.truncate(last.body_len);
            self.used = last.used;
            self.file = last.file;
            self.omit(last.title, last.line);
        };
        let mut out = String::with_capacity(self.body.len() + 256);
        out.push_str(OPEN);
        out.push_str(self.caution);
        out.push_str(&self.body);
        out.push_str(&closing);
        out.push_str(CLOSE);
        // Costed as a whole, the parts' rounding could differ: never over the budget.
        (estimate(&out) <= self.budget).then_some(out)
    }
}

fn at(line: Option<u32>) -> String {
    line.map_or(String::new(), |l| format!(" (line {l})"))
}

fn min_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

fn max_opt(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (a, b) => a.or(b),
    }
}

/// The closing note; `several` when the prompt previews several files.
fn note(omitted: &[Omitted], several: bool) -> String {
    if omitted.is_empty() {
        return String::new();
    }
    // Files left out whole, by path, first; then what was left out of each file shown.
    let skipped: Vec<&str> = omitted.iter().filter(|o| o.0 == title::FILES).filter_map(|o| o.4.as_deref()).collect();
    let mut parts: Vec<String> = Vec::new();
    if !skipped.is_empty() {
        parts.push(format!("{} × files ({})", skipped.len(), skipped.join(", ")));
    }
    for (title, n, lo, hi, file) in omitted.iter().filter(|o| !(o.0 == title::FILES && o.4.is_some())) {
        let what = note_name(title);
        let of = file.as_deref().map_or(String::new(), |f| format!(" of {f}"));
        parts.push(match (lo, hi) {
            (Some(lo), Some(hi)) if lo == hi => format!("{n} × {what} (line {lo}{of})"),
            (Some(lo), Some(hi)) => format!("{n} × {what} (lines {lo}-{hi}{of})"),
            _ => format!("{n} × {what}{of}"),
        });
    }
    let read = if several { "the files" } else { "the file" };
    format!("\nLeft out to fit the budget: {}. Read {read} for the rest.\n", parts.join("; "))
}

/// A block title as the note names it: `Discoveries (newest first)` → `discoveries`.
fn note_name(title: &str) -> String {
    title.split(" (").next().unwrap_or(title).to_ascii_lowercase() // block titles are the crate's own ASCII
}

// The TypeScript declarations of memento-wasm's results and options (the package's .d.ts
// takes this text whole). The unions of names and the result interfaces between the BEGIN and
// END markers are generated from the Rust side by wasm-pkg/tests/declarations.rs, whose tests
// fail when they differ from it or from what serde writes: after changing a result type or
// an enum, `UPDATE_DECLARATIONS=1 cargo test -p memento-wasm --test declarations`. The options and
// the error class are written by hand.

// BEGIN generated from the Rust enums
/** The shape of memory file detected from the text (docs/formats.md). */
export type Dialect =
  | "checkpoint-log" | "session-notes" | "memory-bank" | "progress-log" | "memory-store"
  | "claude-memory" | "codex-memory" | "letta-memfs" | "basic-memory" | "generic";

/** How much a finding matters. */
export type Severity =
  | "info" | "warning" | "error";

/** Every rule id (check rules, then the transition rules of `diff`). Stable. */
export type RuleId =
  | "missing-section" | "duplicate-section" | "empty-next-step" | "malformed-entry"
  | "unknown-status" | "timestamp-out-of-order" | "future-timestamp" | "dangling-supersedes"
  | "conflicting-decisions" | "duplicate-entry" | "progress-contradiction" | "section-over-budget"
  | "stale-memory" | "stale-current-state" | "possible-secret" | "entry-after-completion"
  | "template-drift" | "stale-entry" | "mixed-scope" | "timestamp-assumed-utc" | "status-alias"
  | "wrapped-in-fence" | "next-step-done" | "open-item-done" | "next-step-dropped"
  | "entries-out-of-order" | "status-conflict" | "missing-metadata" | "malformed-metadata"
  | "dangling-link" | "past-load-limit" | "pinned-over-budget" | "scope-mismatch" | "count-mismatch"
  | "summary-contradiction" | "total-changed" | "stale-in-progress" | "invisible-character"
  | "unfilled-placeholder" | "unclosed-emphasis" | "empty-section" | "numbering-gap"
  | "several-in-progress" | "commit-repeated" | "personal-data" | "header-changed"
  | "description-changed" | "decision-rewritten" | "entry-removed" | "progress-regressed"
  | "completion-removed";

/** Whether a rule reads one version of a file (`check`) or two (`diff`). */
export type RuleKind =
  | "check" | "transition";

/** A progress marker's status. */
export type Status =
  | "COMPLETED" | "IN_PROGRESS" | "PENDING" | "BLOCKED" | "FAILED" | "SKIPPED";

/** Where the run stands. */
export type RunStatus =
  | "not-started" | "in-progress" | "blocked" | "complete";

/** Where the next action was read from, in the order the plan looks. */
export type NextActionSource =
  | "next-step" | "stop-point" | "pending" | "current-state" | "blocked";

/** What a checkpoint records. */
export type CheckpointKind =
  | "decision" | "progress" | "discovery";

/** What a section is for, from its title. */
export type SectionRole =
  | "decisions" | "progress" | "discoveries" | "next-step" | "completion" | "done" | "todo"
  | "active" | "blocked" | "issues" | "current-state" | "worklog" | "procedure" | "history"
  | "optional" | "other";

/** Where a progress marker's status was read from. */
export type MarkerSource =
  | "status-word" | "alias" | "checkbox" | "emoji" | "section" | "feature" | "suffix" | "heading"
  | "table" | "prose";

/** The memory tools of `memoryTools()`. */
export type MemoryToolName =
  | "record_decision" | "supersede_decision" | "record_progress" | "record_discovery"
  | "set_next_step" | "recall";

/** The `code` of a `MementoError`. */
export type MementoErrorCode =
  | "invalid-argument" | "invalid-timestamp" | "invalid-edits" | "unknown-tool" | "duplicate-entry"
  | "conflicting-decision" | "unknown-decision" | "already-superseded" | "another-in-progress"
  | "already-complete" | "no-such-section" | "not-supported" | "invalid-input" | "budget-too-small"
  | "invalid-text" | "freed";

// END generated from the Rust enums

/**
 * How offsets are counted: `"utf-16"` (the default) gives ranges and columns in UTF-16
 * code units, so `text.slice(range.start, range.end)` works on the JavaScript string;
 * `"utf-8"` gives byte ranges as the core and the CLI's JSON do (columns in characters).
 */
export type PositionEncoding = "utf-16" | "utf-8";

/** A time: an ISO 8601 string (`2026-04-22T07:12Z`), a `Date` or epoch milliseconds. */
export type TimeInput = string | Date | number;

export interface ParseOptions {
  /** Skip detection and read the text as this dialect. */
  dialect?: Dialect;
  /** The file's name or path (`activeContext.md`, `memories.jsonl`): settles the dialect. */
  fileName?: string;
  positionEncoding?: PositionEncoding;
  /**
   * Read only the rows of this scope of a memory store (the row's `project`, `agent_id`,
   * `namespace`, `scope` or `user_id`): nothing of another scope reaches any result. Other
   * files have no scopes and are read as they are.
   */
  scope?: string;
}

export interface CheckOptions extends ParseOptions {
  /** The current time; defaults to the clock. `null` skips the rules that need a clock. */
  now?: TimeInput | null;
  /** stale-memory: days (14). */
  staleAfterDays?: number;
  /** stale-entry: days (90). */
  retentionDays?: number;
  /** section-over-budget: estimated tokens per section (2000). */
  sectionBudgetTokens?: number;
  /** section-over-budget: estimated tokens for the whole file (12000). */
  fileBudgetTokens?: number;
  /** A custom session-notes template: the text of a file of headers and italic lines. */
  template?: string;
  /** Per-rule severity overrides; `"off"` turns a rule off. */
  rules?: Partial<Record<RuleId, Severity | "off">>;
  /** scope-mismatch: the project (a path or a name) the memory is read for; without it the
   *  rule is skipped. */
  project?: string;
  /** pinned-over-budget: estimated tokens a memory folder's pinned files (Letta's `system/`)
   *  may take together (20000). */
  pinnedBudgetTokens?: number;
}

export interface PromptOptions extends CheckOptions {
  /** Estimated tokens the prompt may use (2000). */
  budget?: number;
}

export interface EditOptions {
  /** When the entry is written; defaults to the clock. */
  at?: TimeInput;
  /** Write even when a guard refuses (a conflicting decision, a duplicate entry, …). */
  force?: boolean;
  dialect?: Dialect;
  fileName?: string;
  /** The encoding of the ranges of `EditResult.edits`. */
  positionEncoding?: PositionEncoding;
}

export interface CheckpointOptions extends EditOptions {
  /** Without a kind the note is routed by its content (docs/edits.md). */
  kind?: CheckpointKind;
}

export interface SetProgressOptions extends EditOptions {
  /** The stop point, one token (`094`). */
  stoppedAt?: string;
}

/** A file of a workspace (`checkWorkspace`, `renderPrompts`). */
export interface MemoryFile {
  path: string;
  text: string;
  /** When the file was last modified (its mtime): orders `renderPrompts`' previews of files
   * whose text dates nothing, or the same time. */
  modified?: TimeInput;
}

// BEGIN generated from the Rust result types
/** A half-open range `start..end` of the text. */
export interface Range {
  start: number;
  end: number;
}

/** One replacement of a range of the text. Edits of one list never overlap. */
export interface TextEdit {
  range: Range;
  content: string;
}

/** A finding of a check or transition rule (docs/rules.md). */
export interface Diagnostic {
  rule: RuleId;
  severity: Severity;
  message: string;
  /** 1-based line of `range.start`. */
  line: number;
  /** 1-based column of `range.start`, counted in the position encoding. */
  column: number;
  range: Range;
  help?: string;
  /** Edits that fix the finding (apply them with `applyEdits`). */
  fix?: TextEdit[];
}

/** The new text, and the edits of the old text that made it. */
export interface EditResult {
  text: string;
  edits: TextEdit[];
}

/** What the next session does first, and where that was read. */
export interface NextAction {
  text: string;
  source: NextActionSource;
  line: number;
}

/** The unit in progress and where it stopped. */
export interface ResumeFrom {
  unit: string;
  stoppedAt: string | null;
  continueAt: string | null;
  /** The resume line as the core words it: `orders/batch_3/: stopped at 094, continue at 095`. */
  text: string;
}

/** A unit of work as the plan lists it. */
export interface PlanUnit {
  unit: string;
  status: Status;
  /** `001-047`, `092-???`. */
  range: string | null;
  line: number;
}

export interface ActiveDecision {
  id: string;
  text: string;
  line: number;
}

export interface SupersededDecision {
  id: string;
  /** The id of the decision replacing it. */
  by: string;
  text: string;
  line: number;
}

export interface PlanDecisions {
  active: ActiveDecision[];
  superseded: SupersededDecision[];
}

/** Two active decisions pulling opposite ways. */
export interface PlanConflict {
  message: string;
  line: number;
}

/** Sizes of a plan's lists, without building them. */
export interface PlanCounts {
  completed: number;
  pending: number;
  open: number;
  activeDecisions: number;
  supersededDecisions: number;
  conflicts: number;
  errors: number;
  warnings: number;
  infos: number;
}

/** A plan as plain data: what `JSON.stringify(plan)` writes (docs/plan.md, in camelCase). */
export interface PlanData {
  status: RunStatus;
  nextAction: NextAction | null;
  resumeFrom: ResumeFrom | null;
  completed: PlanUnit[];
  pending: PlanUnit[];
  /** Units under way (IN_PROGRESS), BLOCKED or FAILED. */
  open: PlanUnit[];
  decisions: PlanDecisions;
  conflicts: PlanConflict[];
  diagnostics: Diagnostic[];
  lastUpdated: string | null;
  /** A memory store's rows by scope and tag, its facts and the rows to audit; null for a file without rows. */
  store: StoreView | null;
}

/** A name (a scope, a tag) and how many rows carry it. */
export interface StoreCount {
  name: string;
  rows: number;
}

/** A row the check flags: stale (`stale-entry`) or a repeat of another (`duplicate-entry`). */
export interface StoreAudit {
  line: number;
  id: string | null;
  rule: RuleId;
  message: string;
}

/** The plan of a memory store: counts by scope and tag (most first), the rows that say something newest first, and the rows to audit in file order. */
export interface StoreView {
  scopes: StoreCount[];
  tags: StoreCount[];
  facts: MemoryRecord[];
  audit: StoreAudit[];
}

/** Where a model element is. */
export interface Located {
  line: number;
  column: number;
  range: Range;
}

/** A heading and everything up to the next heading of the same or a higher level. */
export interface Section extends Located {
  title: string;
  level: number;
  role: SectionRole;
  /** Index of the enclosing section. */
  parent: number | null;
  /** The italic line below the heading (session notes). */
  description: string | null;
  timestamp: string | null;
  /** After the heading to the end of the section. */
  body: Range;
}

/** A binding decision. */
export interface Decision extends Located {
  /** Its timestamp as written (`…#2` for a second one), or `L<line>`. */
  id: string;
  text: string;
  timestamp: string | null;
  /** The reference of `SUPERSEDES [...]`, as written. */
  supersedes: string | null;
  supersededBy: string | null;
  active: boolean;
}

/** A unit of work a progress marker names. */
export interface ProgressUnit {
  name: string;
  range: string | null;
  stoppedAt: string | null;
}

/** One line of progress state. */
export interface ProgressMarker extends Located {
  /** `null` for a status word Memento does not know. */
  status: Status | null;
  statusText: string;
  source: MarkerSource;
  units: ProgressUnit[];
  detail: string | null;
}

/** A timestamped list item. */
export interface Entry extends Located {
  timestamp: string;
  text: string;
  section: string | null;
}

/** A fact learned along the way. */
export interface Discovery extends Located {
  text: string;
  timestamp: string | null;
}

/** The exact next action, as the file writes it. */
export interface NextStep extends Located {
  text: string;
}

/** `TASK COMPLETE — <timestamp>` and its `Final status: …` line. */
export interface Completion extends Located {
  timestamp: string | null;
  finalStatus: string | null;
}

/** A memory-store row. */
export interface MemoryRecord extends Located {
  id: string | null;
  content: string | null;
  tags: string[];
  scope: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastAccessedAt: string | null;
}

/** One file of `checkWorkspace`. */
export interface FileDiagnostics {
  path: string;
  dialect: Dialect;
  diagnostics: Diagnostic[];
}

/** A block both sides changed in incompatible ways; the merged text kept ours. */
export interface MergeConflict {
  section: string;
  reason: string;
}

/** The merged text; on a conflict it kept ours for that section. */
export interface MergeResult {
  text: string;
  conflicts: MergeConflict[];
}

/** A rule of the registry. */
export interface RuleInfo {
  id: RuleId;
  severity: Severity;
  kind: RuleKind;
  doc: string;
}

/** What goes back to the model: `content` and `is_error` of a tool result. */
export interface ToolResult {
  isError: boolean;
  content: string;
}

export interface ToolCallResult {
  /** The file after the call (the same text when nothing was written). */
  text: string;
  changed: boolean;
  result: ToolResult;
}

// END generated from the Rust result types

/**
 * The one error memento-wasm throws, for misuse only: a bad argument, or an edit a guard
 * refused (`conflicting-decision`, `duplicate-entry`, …). Findings about a file are never
 * thrown: they are diagnostics.
 */
export class MementoError extends Error {
  readonly name: "MementoError";
  readonly code: MementoErrorCode;
  /** What the error names: `decision`, `line`, `unit`, `section`; `budget` and `minimum`
   * (tokens) for `budget-too-small`; `argument` and `index` (UTF-16) for `invalid-text`. */
  readonly details: Readonly<Record<string, string | number>>;
}

/** A JSON Schema, as the tool definitions use it. */
export interface JsonSchema {
  type: "object" | "string" | "number" | "integer" | "boolean" | "array";
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean;
}

/** A tool definition in the shape of the Anthropic Messages API (`tools`). */
export interface ToolDefinition { name: MemoryToolName; description: string; input_schema: JsonSchema }

/** The same in the shape of OpenAI's chat completions API. */
export interface OpenAiToolDefinition {
  type: "function";
  function: { name: MemoryToolName; description: string; parameters: JsonSchema };
}
//! Section roles from heading titles, in every dialect and in the languages seen in the
//! corpus. Matching is on a normalized title: lower case, decoration and numbering removed.

use super::lines::is_lead_in;
use crate::document::{Document, Section, SectionRole};
use crate::span::Span;

/// Whether a character is part of a title's words. ASCII letters and digits, and any other
/// character but punctuation, symbols and emoji (kept out of Unicode tables on purpose: they
/// would cost the wasm package more than they buy here).
fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '\'';
    }
    let u = c as u32;
    let punctuation_or_symbol = (0x2000..=0x2BFF).contains(&u) // punctuation, arrows, symbols
        || (0x3000..=0x303F).contains(&u) // CJK punctuation
        || (0xFE00..=0xFE0F).contains(&u) // variation selectors
        || (0xFF00..=0xFF0F).contains(&u) // full-width punctuation
        || (0x1F000..=0x1FAFF).contains(&u) // emoji
        || matches!(u, 0xA0 | 0xA7 | 0xB7 | 0xD7 | 0xF7);
    c == '’' || !punctuation_or_symbol
}

/// Lower-cased (ASCII) title with emoji, numbering (`1.`), markup and punctuation removed.
pub(crate) fn normalize(title: &str) -> String {
    let mut out = String::with_capacity(title.len());
    for c in title.chars() {
        if is_word_char(c) {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    let trimmed = out.trim();
    // Drop a leading section number: "1 current focus".
    let trimmed = trimmed.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start();
    trimmed.replace('’', "'")
}

pub(crate) fn role_of(title: &str) -> SectionRole {
    let t = normalize(title);
    let t = t.as_str();
    let starts = |p: &str| t.starts_with(p);
    let has = |p: &str| t.contains(p);
    // `normalize` folds ASCII only: the other scripts' words (`Letzte Änderungen`, `Уроки`)
    // are looked for in the title lower-cased, folded once and only when an ASCII word did
    // not already decide.
    let lower = std::cell::OnceCell::new();
    let folded = || lower.get_or_init(|| crate::case::to_lower(t)).as_str();
    if starts("task complete") {
        SectionRole::Completion
    } else if has("archive")
        || crate::packed::opens_with_any(t, "previous|past session|prior session|history|changelog|old ")
    {
        SectionRole::History
    // Optional work, or standing work no run finishes (lexicon::titles_optional_work); a
    // roadmap's `## Later` after its Now and Next.
    } else if crate::lexicon::titles_optional_work(folded())
        // Before a note in brackets, which the folded title no longer marks.
        || title.contains(" (") && crate::lexicon::titles_optional_work(&crate::case::to_lower(title))
        || t == "later"
        // Ideas parked for later, not planned: `Future ideas (not planned)`, `Ideas for v2`,
        // `Parking lot`, `Out of scope`.
        || crate::packed::opens_with_any(t, "future idea|future improvement|future enhancement|future work|ideas|parking lot|icebox|out of scope")
        || crate::packed::holds_any(t, "not planned|inte planerat|no planificado|nicht geplant|only ideas|bara idéer")
        // Work that comes out of this task but is not its own: `Follow-ups (not part of
        // this task)` (a bare `Follow-up:` lists work left).
        || crate::packed::holds_any(t, "not part of this|out of this task|out of this ticket|separate ticket|not in scope")
        || crate::packed::opens_with_any(folded(), "ideas futuras|ideias futuras|idées|ideen für|idee future|idéer|идеи|アイデア|未来的想法|아이디어|以后再说|以后|将来|今後の課題")
        || crate::packed::holds_any(t, "不在本次范围|范围外|スコープ外|범위 밖|fuera de alcance|fora do escopo|hors périmètre|außerhalb des umfangs|fuori ambito")
    {
        SectionRole::Optional
    // A numbered or dated title names a feature or a sitting that may be about decisions
    // (`Session 2026-01-15 - Feature #66: approval decision`), not a list of them.
    } else if (has("decision")
        || crate::packed::holds_any(t, "決定|决策|决定")
        || crate::packed::holds_any(folded(), "decisiones|decisões|décisions|entscheidungen|decisioni|beslut|решения|결정"))
        && !t.bytes().any(|b| b.is_ascii_digit())
    {
        SectionRole::Decisions
    } else if starts("progress marker") {
        SectionRole::Progress
    } else if has("discover") || starts("learning") || has("learnings") {
        SectionRole::Discoveries
    // As with decisions: a numbered or dated title (`2026-07-15 update — a premise correction`)
    // is a sitting that learned something, not the list of what was learned.
    } else if !t.bytes().any(|b| b.is_ascii_digit())
        && (has("lessons")
        || crate::packed::holds_any(t, "gotcha|pitfall|insights|caveats")
        // What failed, not to be tried again (the session-notes template's Errors & Corrections).
        || crate::packed::opens_with_any(t, "errors corrections|errors and corrections|corrections")
        || crate::packed::holds_any(t, "dead end|didn't work|did not work|failed approach")
        // What was learned, in the reader's other languages.
        || crate::packed::holds_any(folded(), "hallazgos|aprendizajes|lecciones|descobertas|aprendizados|lições|découvertes|leçons|erkenntnisse|scoperte|lezioni|lärdomar|upptäckter|находки|уроки|выводы")
        // Not `发现` or `발견`: they title the bugs found (`发现的问题`) as often.
        || crate::packed::holds_any(t, "学び|教训|经验")
        || has("교훈"))
    {
        SectionRole::Discoveries
    // Next steps, and the plan of the next round of work (`Next Sprint Planning`, `Next Phase`).
    } else if crate::packed::opens_with_any(t, "next session|next step|up next|next sprint|next phase|next milestone|next iteration|immediate next|next action")
        || t == "next"
        // A handoff's word to the next session (`## Resume here`, `## Pick up here`).
        || crate::packed::opens_with_any(t, "what's next|start here|resume here|pick up here|where to resume|where to pick up|first step|first thing|where to start")
        || has("次のステップ")
        || has("下一步")
        // The plan's first step, in the scripts that write no English words for it (`##
        // 最初にやること`).
        || crate::packed::opens_with_any(folded(), "最初にやること|第一步|먼저 할 일")
    {
        SectionRole::NextStep
    } else if (has("checklist") && (has("session") || has("start") || has("before")))
        || crate::packed::opens_with_any(t, "before start|before you|before any|before work|session start|start of session|start of every")
        || has("preflight")
        || has("pre flight")
    {
        SectionRole::Procedure
    } else if crate::packed::opens_with_any(t, "what works|what's working|completed")
        || t == "done"
        || starts("完了")
        || has("已完成")
        // What works, in the reader's other languages.
        || crate::packed::opens_with_any(folded(), "lo que funciona|qué funciona|que funciona|lo que ya funciona|o que funciona|o que já funciona|ce qui fonctionne|ce qui marche|was funktioniert|was läuft|cosa funziona|vad som fungerar|что работает|動作しているもの|動いているもの|できていること|작동하는 것|可用功能|已实现")
    {
        SectionRole::Done
    } else if starts("what's left")
        || has("left to build")
        // Work a session hands on to the next (`## Carry Forward`).
        || crate::packed::opens_with_any(t, "pending|todo|to do|still to do|left to do|remaining|backlog|carry forward|carried forward|carry over|carryover")
        || has("未完了")
        || has("残り")
        // What is left, in the reader's other languages (`Lo que falta construir`, `Ce qui
        // reste à faire`, `Da fare dopo lo sblocco`).
        || crate::packed::opens_with_any(folded(), "lo que falta|qué falta|que falta|lo que queda|o que falta|ce qui reste|reste à faire|was fehlt|was noch fehlt|offene punkte|cosa manca|da fare|vad som återstår|återstår|что осталось|осталось сделать|남은 작업|남은 것|剩余工作|待完成")
    {
        SectionRole::Todo
    } else if starts("in progress")
        // A roadmap's `## Now` (over `## Next` and `## Later`).
        || t == "now"
        // A memory bank's Current Focus lists what is under way.
        || crate::packed::opens_with_any(t, "active task|current task|current focus|ongoing work")
        || crate::packed::holds_any(t, "現在のフォーカス|当前重点|当前焦点")
    {
        SectionRole::Active
    } else if starts("blocked") || starts("blocker") || starts("open blocker") || starts("offene blocker") || starts("bloqueos") || starts("bloqueios") || starts("blocages") {
        SectionRole::Blocked
    } else if has("known issue")
        || starts("issues")
        || starts("open question")
        || t == "questions"
        // Known problems in the reader's other languages.
        || crate::packed::holds_any(t, "problemas conocidos|problemas conhecidos|problèmes connus|bekannte probleme|problemi noti|kända problem|bekende problemen|известные проблемы|既知の問題|已知问题|알려진 문제")
    {
        SectionRole::Issues
    // The current state; a handoff's account of how it stopped (`## Where I left off`, `##
    // Where things stand`) or its summary up top (`## TL;DR`); the state a sitting ended in
    // (`## Final status`, `## Итоговый статус на конец дня`).
    } else if crate::packed::opens_with_any(t, "current state|current status|where i left off|where we left off|left off|where i stopped|where we stopped|where things stand|where we are|tl dr|tldr|status|overall status|final status|end of day status")
        // The current state in the reader's other languages.
        || crate::packed::opens_with_any(t, "estado actual|estado atual|aktueller stand|aktueller status|stato attuale|situazione attuale|nuvarande status|slutstatus|estado final|statut final|stato finale|endstand|onde parei|onde paramos|donde quedamos|dove mi sono fermato|dove eravamo|var jag slutade|wo wir stehen|gesamtstatus|estado general|estado geral|statut global|stato generale|övergripande status|obecny stan|huidige situatie")
        || !t.is_ascii() && crate::packed::opens_with_any(folded(), "situação atual|état actuel|état des lieux|où j'en suis|où on en est|où je me suis arrêté|donde lo dejé|donde me quedé|wo ich aufgehört|nuläge|var vi står|текущее состояние|текущий статус|итоговый статус|статус на конец|最終ステータス|最終状況|最终状态|최종 상태|где я остановился|на чём остановился|현재 상태|현재 상황|şu anki durum|güncel durum|bieżący stan|nuvarande läge|läge just nu|läget just nu|läget nu")
        || has("現在の")
        || has("当前")
        // A short title that closes on the word (`## Project status`, `## Abhi ka status`).
        || t.ends_with(" status") && t.split(' ').count() <= 3
        // A state title of one word or two (`## Stand`, `## Estado`, `## Aktualny stan`).
        || crate::packed::is_any(folded(), "stand|estado|statut|stato|stand van zaken|huidige status|huidige stand|aktualny stan|stan|mevcut durum|durum|läge|läget|статус|состояние|現状|状态|现状|상태|현황")
    {
        SectionRole::CurrentState
    } else if crate::packed::opens_with_any(t, "worklog|work log|session log|session history|log|recent changes|recent work|recent progress")
        || crate::packed::opens_with_any(folded(), "cambios recientes|alterações recentes|mudanças recentes|changements récents|modifications récentes|letzte änderungen|modifiche recenti|senaste ändringar|последние изменения|최근 변경")
        || crate::packed::holds_any(t, "最近の変更|最近的更改|最近变更|最近更改")
        // A log by its one word in the reader's other languages (`## 📝 记录`, `## Registro`).
        || crate::packed::is_any(folded(), "记录|日志|工作记录|作業ログ|作業記録|ログ|작업 로그|기록|registro|bitácora|diário|journal de bord|protokoll|arbeitsprotokoll|diario|logg|logboek|dziennik|журнал")
    {
        SectionRole::Worklog
    } else {
        role_of_label(title)
    }
}

/// The role of a section given its own and its parent's: a subsection with no role of its
/// own is part of a procedure, of history or of a state list (`## Completed` → `### Phase
/// 1`), of next steps (`## Next Steps` → `### Immediate`), of decisions or of discoveries
/// (`## Technical Decisions` → `### 1. Database Choices`); history holds every state below
/// it (an archived Next Steps is no next step). A dated subsection of next steps is a
/// session's record kept under a `START HERE` banner, not one more list of steps; so is a
/// sitting's under decisions (`## Decisions` → `---` → `### 2026-01-08 — session 1`).
pub(crate) fn within(own: SectionRole, parent: Option<SectionRole>, dated: bool, sitting: bool) -> SectionRole {
    use SectionRole::*;
    match (own, parent) {
        (Other | Todo | NextStep | Active | Blocked | CurrentState | Done, Some(History)) => History,
        (Other | Todo | NextStep, Some(Optional)) => Optional,
        (Other, Some(NextStep)) if !dated => NextStep,
        (Other, Some(Decisions | Discoveries)) if dated && sitting => Other,
        (Other, Some(p @ (Procedure | Done | Todo | Active | Blocked | Decisions | Discoveries))) => p,
        (own, _) => own,
    }
}

/// Titles of a changelog's section of changes not yet released, lower case (`## [Unreleased]`).
const UNRELEASED: &[&str] = &["unreleased", "unveröffentlicht", "no publicado", "sin publicar", "não publicado", "non publié", "non rilasciato", "ej släppt", "не выпущено", "未リリース", "未发布", "미출시"];
static UNRELEASED_PACKED: crate::packed::Words = crate::packed::packed_words!(UNRELEASED);

/// Titles of a changelog's changes planned, lower case (`### Planned`, `### Geplant`).
const PLANNED: &[&str] = &["planned", "geplant", "planificado", "previsto", "planejado", "prévu", "pianificato", "planerat", "запланировано", "予定", "计划", "계획"];
static PLANNED_PACKED: crate::packed::Words = crate::packed::packed_words!(PLANNED);

/// A changelog's `## [Unreleased]` section is the work of now, not history as the released
/// versions under the file's `# Changelog` title are (docs/reader.md, "Document shape"): its
/// subsections take their own roles, and a kind of change (`### Added`, `### Hinzugefügt`,
/// `### Fixed`) is work done.
pub(crate) fn unreleased(doc: &mut Document) {
    let Some(title) = doc.sections.first().filter(|s| s.level == 1 && s.role == SectionRole::History) else { return };
    let title_span = title.span;
    let Some(at) = doc.sections.iter().position(|s| s.level > 1 && title_span.contains(s.heading.start()) && UNRELEASED_PACKED.contains(crate::case::to_lower(normalize(&doc.source[s.title.range()]).as_str()).as_str())) else {
        return;
    };
    // The released versions keep the history they took from the title; the title itself
    // holds the work of now too, so it is no history region.
    doc.sections[0].role = SectionRole::Other;
    let span = doc.sections[at].span;
    doc.sections[at].role = SectionRole::Other;
    for i in at + 1..doc.sections.len() {
        if !span.contains(doc.sections[i].heading.start()) {
            break;
        }
        let title = &doc.source[doc.sections[i].title.range()];
        doc.sections[i].role = match role_of(title) {
            // `### In Arbeit`, `### In progress`: the changes under way.
            SectionRole::CurrentState => SectionRole::Active,
            SectionRole::Other if PLANNED_PACKED.contains(crate::case::to_lower(normalize(title).as_str()).as_str()) => SectionRole::Todo,
            SectionRole::Other => SectionRole::Done,
            own => own,
        };
    }
}

/// A paragraph that names what the list right under it holds: `**Two decisions made this
/// session:**`, `Completed:`, `3️⃣ DECISION`. Its items take that role, up to the next
/// paragraph or heading.
pub(crate) struct ListLabel {
    /// From the label's end to the next paragraph or heading.
    pub reach: Span,
    pub role: SectionRole,
    /// A label of details (`**Rationale:**`): its items are no units, and in a Decisions
    /// section no decisions (why a decision was made, not one more).
    pub detail: bool,
}

/// Whether the item at `at` is in the reach of a label of details. `labels` are in file order.
pub(crate) fn under_detail_label(labels: &[ListLabel], at: usize) -> bool {
    let k = labels.partition_point(|l| l.reach.end() <= at);
    labels.get(k).is_some_and(|l| l.detail && l.reach.contains(at))
}

/// The list labels of a document, in file order. A label is one short line: a lead-in
/// (`…:`) of a few words, or, without the colon, a title of one or two words. Only roles that
/// say what items are count (`Opcional, se sobrar tempo:` too: optional work), and labels of details (`Requirements:`, `Notes:`), whose items
/// are no units; a `Status:` label changes nothing.
pub(crate) fn list_labels(doc: &Document, paragraphs: &[Span]) -> Vec<ListLabel> {
    let text = doc.source.as_str();
    let mut labels = Vec::new();
    let mut heading = 0;
    for (k, p) in paragraphs.iter().enumerate() {
        let line = text[p.range()].trim();
        // One short phrase: `**Completed 2026-04-25.** Workspace-wide grep. Findings:` is prose,
        // but a lead-in closing a paragraph is read as its last sentence (`None for this
        // upgrade. Follow-ups filed separately (not part of this task):`).
        let lead_in = is_lead_in(line);
        let line = match line.rfind(". ") {
            Some(at) if lead_in && !line.contains('\n') => &line[at + 2..],
            _ => line,
        };
        if line.is_empty() || line.len() > 120 || line.contains('\n') || line.contains(". ") {
            continue;
        }
        let words = line.split_whitespace().count();
        // A plain-text file's title in brackets (`[다음 할 일]`, `[Next]`) is one however short
        // its words.
        let bracketed = line.starts_with('[') && line.ends_with(']') && words <= 5;
        if !(lead_in && words <= 12 || words <= 2 || bracketed) {
            continue;
        }
        let label = line.trim_end_matches(['*', '_']).trim_end_matches([':', '：']);
        // `**Requirements:**` under a pending feature: what the feature holds, no units.
        let detail = is_detail_label(label);
        let role = if detail { SectionRole::Other } else { role_of(label) };
        if !detail && !matches!(
            role,
            SectionRole::Decisions
                | SectionRole::Discoveries
                | SectionRole::Done
                | SectionRole::Todo
                | SectionRole::NextStep
                | SectionRole::Active
                | SectionRole::Blocked
                | SectionRole::Issues
                | SectionRole::Optional
        ) {
            continue;
        }
        while doc.sections.get(heading).is_some_and(|s| s.heading.start() < p.end()) {
            heading += 1;
        }
        let next_paragraph = paragraphs.get(k + 1).map_or(text.len(), |q| q.start());
        let next_heading = doc.sections.get(heading).map_or(text.len(), |s| s.heading.start());
        labels.push(ListLabel { reach: Span::new(p.end(), next_paragraph.min(next_heading)), role, detail });
    }
    labels
}

/// Labels over what a unit or a decision holds or how it was done, not over units or
/// decisions of their own: `**Requirements:**`, `Key output:`, `Files changed:`, and the
/// parts a decision record is written in (`### Context`, `**Rationale:**`, `Consequences`).
const DETAIL_LABELS: &[&str] = &[
    "requirements", "acceptance criteria", "reference", "references", "notes", "note", "details", "context", "commands",
    "command", "key output", "output", "evidence", "links", "see also", "dependencies", "resources", "files changed",
    "files modified", "files created", "files touched", "key files", "verification", "validation", "test results",
    "rationale", "consequences", "alternatives", "alternatives considered", "options", "options considered",
    "implementation", "implementation details", "background", "problem", "outcome", "pros", "cons",
    "trade offs", "tradeoffs", "pros and cons", "why", "reason", "reasons", "reasoning", "benefits", "drawbacks",
    "risks", "impact", "use cases", "configuration", "usage", "example", "examples", "approach", "idea", "ideas",
    // Notes, in the reader's other languages.
    "notas", "observações", "remarques", "notizen", "anmerkungen", "appunti", "anteckningar", "заметки",
    "примечания", "メモ", "備考", "메모", "备注", "注意事项",
];
static DETAIL_LABELS_PACKED: crate::packed::Words = crate::packed::packed_words!(DETAIL_LABELS);

pub(super) fn is_detail_label(label: &str) -> bool {
    // A note in brackets after it is no part of it (`Approach (agreed with Jonas):`).
    let t = normalize(label.split(" (").next().unwrap_or(label));
    DETAIL_LABELS_PACKED.contains(t.as_str())
}

/// Whether a label may say what the items of a section with this role are: not in the
/// templated sections (progress markers, decisions, discoveries), nor in a procedure or in
/// history.
pub(crate) fn label_may_override(section: SectionRole) -> bool {
    !matches!(
        section,
        SectionRole::Progress
            | SectionRole::Decisions
            | SectionRole::Discoveries
            | SectionRole::Procedure
            | SectionRole::History
            | SectionRole::Optional
            | SectionRole::Completion
    )
}

/// In a log, each sitting writes its next steps (a Next Steps section, or a list under a
/// `Next steps:` / `建议下一步：` label); a later sitting's list replaces an earlier one,
/// whose items are then history, not pending work. The latest list is the last in a file
/// kept oldest first, the first in one kept newest first (docs/reader.md, "The next action").
pub(crate) fn retire_older_next_lists(doc: &mut Document, labels: &[ListLabel]) {
    if !doc.is_log() {
        return;
    }
    let mut lists: Vec<Span> = labels.iter().filter(|l| l.role == SectionRole::NextStep).map(|l| l.reach).collect();
    lists.extend(doc.next_step_sections().map(|(_, s)| s.body));
    if lists.len() < 2 {
        return;
    }
    // The first list in the file or the last (of two at one offset, the later written).
    let latest = if doc.newest_first { lists.iter().min_by_key(|r| r.start()) } else { lists.iter().max_by_key(|r| r.start()) };
    let Some(&latest) = latest else { return };
    for item in doc.items.iter_mut() {
        let at = item.span.start();
        if item.role == SectionRole::NextStep && !latest.contains(at) && lists.iter().any(|r| r.contains(at)) {
            item.role = SectionRole::History;
        }
    }
}

/// A title in any language of the lexicon: `次のステップ`, `Próximos pasos`, `В работе`.
fn role_of_label(title: &str) -> SectionRole {
    use crate::document::Status;
    use crate::lexicon::Meaning;
    match crate::lexicon::label_of(title).or_else(|| status_of_kind(title)) {
        Some(Meaning::Next) => SectionRole::NextStep,
        Some(Meaning::Remaining | Meaning::Status(Status::Pending)) => SectionRole::Todo,
        Some(Meaning::Done | Meaning::Status(Status::Completed)) => SectionRole::Done,
        // `## Current Sprint: Export — complete`: the value's own status says the work is
        // no longer under way.
        Some(Meaning::Status(Status::InProgress)) if value_status(title).is_some_and(|s| s != Status::InProgress) => SectionRole::Other,
        Some(Meaning::Status(Status::InProgress)) => SectionRole::Active,
        Some(Meaning::Status(Status::Blocked)) => SectionRole::Blocked,
        Some(Meaning::History) => SectionRole::History,
        Some(Meaning::StatusField) => SectionRole::CurrentState,
        Some(Meaning::Decision) => SectionRole::Decisions,
        Some(Meaning::Status(Status::Failed | Status::Skipped)) | None => SectionRole::Other,
    }
}

/// Kinds of work a state heading may name beside its status: `Services In Development`,
/// `Planned Features`, `Módulos completados`.
const KINDS_OF_WORK: &[&str] = &[
    "services", "features", "tasks", "items", "components", "modules", "stories", "milestones", "epics", "tickets",
    "servicios", "funcionalidades", "tareas", "módulos", "serviços", "tarefas", "fonctionnalités", "tâches", "dienste",
    "aufgaben", "funktionen", "servizi", "attività", "tjänster", "uppgifter",
];
static KINDS_OF_WORK_PACKED: crate::packed::Words = crate::packed::packed_words!(KINDS_OF_WORK);

/// A heading that is a kind of work and a status, either way round (`🚧 Services In
/// Development`, `📋 Planned Services`, `Tareas completadas`): the status, as a label.
fn status_of_kind(title: &str) -> Option<crate::lexicon::Meaning> {
    use crate::lexicon::Meaning;
    let t = title.trim_start_matches(|c: char| !c.is_alphanumeric()).trim_end_matches(|c: char| !c.is_alphanumeric());
    let lower = crate::case::to_lower(t);
    let (first, rest) = lower.split_once(' ')?;
    let (last_start, last) = lower.rsplit_once(' ')?;
    let status = if KINDS_OF_WORK_PACKED.contains(first) {
        rest
    } else if KINDS_OF_WORK_PACKED.contains(last) {
        last_start
    } else {
        return None;
    };
    let found = crate::lexicon::phrase_at(status).filter(|f| f.len == status.len())?;
    matches!(found.meaning, Meaning::Status(_)).then_some(found.meaning)
}

/// How many lines at the top of a section may state its status (or the state's fields).
pub(crate) const STATUS_LINES: usize = 12;

/// Whether section `s` is a session's own (itself or an enclosing section dated) or
/// history: the state it states is that session's, which later ones rightly change. A
/// current-state section whose title dates its last update (`## Status (updated
/// 2026-02-10)`, `## Estado — actualizado 10/02/2026`) is the file's state as of then, no
/// session.
pub(crate) fn is_session_or_history(doc: &Document, s: &Section) -> bool {
    let mut at = Some(s);
    while let Some(s) = at {
        let dated = s.timestamp.is_some() && !(s.role == SectionRole::CurrentState && title_dates_an_update(doc.text(s.title)));
        if dated || s.role == SectionRole::History {
            return true;
        }
        at = s.parent.and_then(|p| doc.sections().get(p));
    }
    false
}

/// Whether section `s` is history or lies in it (`## Archive` over `### Session 3`).
pub(crate) fn is_history(doc: &Document, s: &Section) -> bool {
    let mut at = Some(s);
    while let Some(s) = at {
        if s.role == SectionRole::History {
            return true;
        }
        at = s.parent.and_then(|p| doc.sections().get(p));
    }
    false
}

/// Whether the date in a title follows a label for a last update (`updated`, `as of`,
/// `Stand`).
fn title_dates_an_update(title: &str) -> bool {
    let Some((_, at)) = crate::time::find(title) else { return false };
    let before = title[..at.start].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, ':' | '：' | '(' | '（' | '-' | '—' | '–' | ',' | '|' | '*' | '_'));
    let words: Vec<&str> = before.split_whitespace().collect();
    (1..=3.min(words.len())).any(|k| crate::lexicon::names_the_date(words[words.len() - k..].join(" ").trim_start_matches(['(', '（', '*', '_'])))
}

/// The status a labelled title's value ends with (`Current Sprint: Export — complete`).
fn value_status(title: &str) -> Option<crate::document::Status> {
    let (_, value) = title.split_once([':', '：'])?;
    crate::lexicon::closing_status(value.trim()).map(|(s, _, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_map_to_roles() {
        let cases = [
            ("Decisions Made", SectionRole::Decisions),
            ("Progress Markers", SectionRole::Progress),
            ("Key Discoveries", SectionRole::Discoveries),
            ("Next Session Start", SectionRole::NextStep),
            ("TASK COMPLETE — 2026-04-22T09:00Z", SectionRole::Completion),
            ("What Works", SectionRole::Done),
            ("What’s Left to Build", SectionRole::Todo),
            ("🎯 Current Focus", SectionRole::Active),
            ("Known Issues", SectionRole::Issues),
            ("Worklog", SectionRole::Worklog),
            ("## **2. 最近の変更**", SectionRole::Worklog),
            ("Letzte Änderungen", SectionRole::Worklog),
            ("Последние изменения", SectionRole::Worklog),
            ("Cambios recientes", SectionRole::Worklog),
            ("Recent Work", SectionRole::Worklog),
            // A kind of work and its status, either way round; a kind alone or with another word is no state.
            ("🚧 Services In Development", SectionRole::Active),
            ("📋 Planned Services", SectionRole::Todo),
            ("Tareas completadas", SectionRole::Done),
            ("Future ideas (not planned)", SectionRole::Optional),
            ("Ideas for v2", SectionRole::Optional),
            ("Ideas futuras", SectionRole::Optional),
            ("Qué funciona", SectionRole::Done),
            ("Lo que falta construir", SectionRole::Todo),
            ("Ce qui reste à faire", SectionRole::Todo),
            ("Da fare dopo lo sblocco", SectionRole::Todo),
            ("O que falta", SectionRole::Todo),
            ("Was noch fehlt", SectionRole::Todo),
            ("Vad som återstår", SectionRole::Todo),
            ("Что осталось сделать", SectionRole::Todo),
            ("Módulos en desarrollo", SectionRole::Active),
            ("Planned Architecture", SectionRole::Other),
            ("Feature Flags", SectionRole::Other),
            ("Current State", SectionRole::CurrentState),
            ("Learnings", SectionRole::Discoveries),
            ("Architecture", SectionRole::Other),
            ("Session Start Checklist", SectionRole::Procedure),
            ("Before Starting Any Task", SectionRole::Procedure),
            ("Pre-flight checks", SectionRole::Procedure),
            ("Release checklist", SectionRole::Other),
            ("Archive", SectionRole::History),
            ("Previous handoffs", SectionRole::History),
            ("📦 Archived tasks", SectionRole::History),
            ("次のステップ", SectionRole::NextStep),
            ("Próximos pasos", SectionRole::NextStep),
            ("Nästa steg", SectionRole::NextStep),
            ("В работе", SectionRole::Active),
            ("残タスク", SectionRole::Todo),
            ("Erledigt", SectionRole::Done),
            ("Estado", SectionRole::CurrentState),
        ];
        for (title, role) in cases {
            assert_eq!(role_of(title), role, "{title}");
        }
    }
}

//! The marker lexicon: the words and labels real memory files write their state with, in the
//! languages they are written in (docs/reader.md, "The lexicon").
//!
//! One row per phrase. A contributor adds a language, or a word people use, by adding a row
//! to [`ROWS`] and a line to the test table at the bottom; nothing else changes. Phrases are
//! written in lower case with single spaces; matching folds case, treats `_` and `-` as
//! spaces and skips `*` and `` ` `` markup, so `IN_PROGRESS`, `In-progress` and `**in
//! progress**` are one row.

use crate::case;
use crate::document::Status;
use crate::packed;
use std::sync::OnceLock;

/// What a phrase says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Meaning {
    /// A status: `COMPLETED`, `In progress`, `完了`, `В работе`, `Inte klar`.
    Status(Status),
    /// A label the next step is written under: `Next steps`, `次のステップ`, `Próximos pasos`.
    Next,
    /// A label for work still to do: `Remaining`, `TODO`, `Pendientes`, `残タスク`.
    Remaining,
    /// A label for work done: `What works`, `Accomplished`, `已完成`.
    Done,
    /// Past state kept for the record: `Archive`, `Previous handoffs`, `History`.
    History,
    /// The name of a status field: `Status`, `Estado`, `状态` (a table column, `Status:`).
    StatusField,
    /// A label a decision is written under: `Decision:`, `Decisiones`, `決定事項`. An item
    /// that opens with it is a decision wherever it stands.
    Decision,
}

use Meaning::*;
use Status::*;

/// (phrase, meaning). Where one phrase holds another (`not started`, `started`), the longer
/// match wins, so negations need no special case.
const ROWS: &[(&str, Meaning)] = &[
    // English
    ("completed", Status(Completed)),
    ("complete", Status(Completed)),
    ("done", Status(Completed)),
    ("finished", Status(Completed)),
    ("shipped", Status(Completed)),
    ("merged", Status(Completed)),
    ("released", Status(Completed)),
    ("deployed", Status(Completed)),
    ("resolved", Status(Completed)),
    ("fixed", Status(Completed)),
    ("implemented", Status(Completed)),
    ("closed", Status(Completed)),
    ("passed", Status(Completed)),
    ("passing", Status(Completed)),
    ("pass", Status(Completed)),
    ("verified", Status(Completed)),
    ("100% complete", Status(Completed)),
    ("100% done", Status(Completed)),
    ("in progress", Status(InProgress)),
    ("inprogress", Status(InProgress)),
    ("wip", Status(InProgress)),
    ("ongoing", Status(InProgress)),
    ("underway", Status(InProgress)),
    ("under way", Status(InProgress)),
    ("started", Status(InProgress)),
    ("active", Status(InProgress)),
    ("doing", Status(InProgress)),
    // Said beside a step, after an arrow (`Write the migration ← doing this now`).
    ("doing this now", Status(InProgress)),
    ("doing now", Status(InProgress)),
    ("working on this", Status(InProgress)),
    ("working on it", Status(InProgress)),
    ("working on", Status(InProgress)),
    ("in the middle of", Status(InProgress)),
    ("halfway through", Status(InProgress)),
    ("you are here", Status(InProgress)),
    ("partially done", Status(InProgress)),
    ("partially", Status(InProgress)),
    ("half done", Status(InProgress)),
    ("almost done", Status(InProgress)),
    ("nearly done", Status(InProgress)),
    ("mostly done", Status(InProgress)),
    // Written, not yet accepted: still this run's work.
    ("in review", Status(InProgress)),
    ("under review", Status(InProgress)),
    ("needs review", Status(InProgress)),
    ("ready for review", Status(InProgress)),
    ("deferred", Status(Pending)),
    ("postponed", Status(Pending)),
    ("partially complete", Status(InProgress)),
    ("current focus", Status(InProgress)),
    // Cline's template lists broad areas under it: the state, told in sentences, not units.
    ("current work focus", StatusField),
    ("ongoing work", Status(InProgress)),
    ("work in progress", Status(InProgress)),
    ("current work", Status(InProgress)),
    ("currently working on", Status(InProgress)),
    ("current phase", Status(InProgress)),
    ("current task", Status(InProgress)),
    ("current milestone", Status(InProgress)),
    ("current sprint", Status(InProgress)),
    ("current stage", Status(InProgress)),
    ("current step", Status(InProgress)),
    ("pending", Status(Pending)),
    ("todo", Status(Pending)),
    ("to do", Status(Pending)),
    ("not started", Status(Pending)),
    ("not done", Status(Pending)),
    ("not yet started", Status(Pending)),
    ("incomplete", Status(Pending)),
    ("in development", Status(InProgress)),
    ("under development", Status(InProgress)),
    ("planned", Status(Pending)),
    ("planning", Status(Pending)),
    ("queued", Status(Pending)),
    ("open", Status(Pending)),
    ("blocked", Status(Blocked)),
    ("on hold", Status(Blocked)),
    ("waiting", Status(Blocked)),
    ("stuck", Status(Blocked)),
    ("failed", Status(Failed)),
    ("failing", Status(Failed)),
    ("broken", Status(Failed)),
    ("skipped", Status(Skipped)),
    ("cancelled", Status(Skipped)),
    ("canceled", Status(Skipped)),
    ("dropped", Status(Skipped)),
    ("won't do", Status(Skipped)),
    ("wontfix", Status(Skipped)),
    // A standup's fields (`**Yesterday:** finished the rate limiter`, `**Today:** start the
    // audit log`), in the reader's languages: what was done, and the next step.
    ("yesterday", Done),
    ("today", Next),
    ("ayer", Done),
    ("hoy", Next),
    ("ontem", Done),
    ("hoje", Next),
    ("hier", Done),
    ("aujourd'hui", Next),
    ("gestern", Done),
    ("heute", Next),
    ("ieri", Done),
    ("oggi", Next),
    ("igår", Done),
    ("idag", Next),
    ("вчера", Done),
    ("сегодня", Next),
    ("昨日", Done),
    ("今日", Next),
    ("昨天", Done),
    ("今天", Next),
    ("어제", Done),
    ("오늘", Next),
    ("next", Next),
    ("next step", Next),
    // A plan not begun names its first step: the next one.
    ("first step", Next),
    ("next steps", Next),
    ("next action", Next),
    ("next actions", Next),
    ("next up", Next),
    ("up next", Next),
    ("next session", Next),
    ("next session start", Next),
    ("next task", Next),
    ("next priority", Next),
    ("next priorities", Next),
    ("immediate next", Next),
    ("immediate next step", Next),
    ("immediate next steps", Next),
    ("suggested next step", Next),
    ("suggested next steps", Next),
    ("recommended next step", Next),
    ("recommended next steps", Next),
    ("proposed next steps", Next),
    ("what's next", Next),
    ("start here", Next),
    ("resume here", Next),
    ("next session should", Next),
    ("next time", Next),
    ("for next time", Next),
    ("what to do next", Next),
    ("where to pick up", Next),
    ("pick up here", Next),
    ("pick up from", Next),
    ("resume from", Next),
    ("plan for tomorrow", Next),
    ("immediate priorities", Next),
    ("immediate priority", Next),
    ("for the next session", Next),
    ("for next session", Next),
    ("plan for next session", Next),
    ("plan for the next session", Next),
    ("priority for next session", Next),
    ("priorities for next session", Next),
    ("continue with", Next),
    ("to resume", Next),
    ("top priorities", Remaining),
    ("priorities", Remaining),
    ("current priorities", Remaining),
    ("remaining", Remaining),
    ("remaining work", Remaining),
    ("remaining tasks", Remaining),
    ("what's left", Remaining),
    ("left to build", Remaining),
    ("left to do", Remaining),
    ("backlog", Remaining),
    ("open items", Remaining),
    ("open tasks", Remaining),
    ("outstanding", Remaining),
    ("still to do", Remaining),
    ("what's not done", Remaining),
    ("what is not done", Remaining),
    ("not done yet", Remaining),
    ("what remains", Remaining),
    ("loose ends", Remaining),
    ("unfinished", Remaining),
    ("not yet done", Remaining),
    ("what's still open", Remaining),
    ("follow ups", Remaining),
    ("followups", Remaining),
    ("action items", Remaining),
    ("follow up", Remaining),
    ("upcoming", Remaining),
    // Work planned for after the current work or a wait (`## After that`, `## When unblocked`).
    ("after that", Remaining),
    ("afterwards", Remaining),
    ("después", Remaining),
    ("depois", Remaining),
    ("dopo", Remaining),
    ("därefter", Remaining),
    ("потом", Remaining),
    ("затем", Remaining),
    ("после этого", Remaining),
    ("その後", Remaining),
    ("之后", Remaining),
    ("그 다음", Remaining),
    ("when unblocked", Remaining),
    ("once unblocked", Remaining),
    ("after approval", Remaining),
    ("once approved", Remaining),
    ("what works", Done),
    ("what's working", Done),
    ("accomplished", Done),
    ("what i accomplished", Done),
    ("achievements", Done),
    ("recently completed", Done),
    ("what worked", Done),
    ("what was done", Done),
    ("what's done", Done),
    ("what got done", Done),
    ("done so far", Done),
    ("what i did", Done),
    ("done this session", Done),
    ("completed this session", Done),
    ("work done", Done),
    ("archive", History),
    ("archived", History),
    ("history", History),
    ("previous", History),
    ("past sessions", History),
    ("prior sessions", History),
    ("changelog", History),
    ("decision", Decision),
    ("decisions", Decision),
    ("key decision", Decision),
    ("key decisions", Decision),
    ("design decision", Decision),
    ("design decisions", Decision),
    ("decisions made", Decision),
    ("status", StatusField),
    ("state", StatusField),
    // The run's status as a whole, or as it ended.
    ("final status", StatusField),
    ("final state", StatusField),
    ("status final", StatusField),
    ("overall status", StatusField),
    ("estado final", StatusField),
    ("estado general", StatusField),
    ("estado geral", StatusField),
    ("status geral", StatusField),
    ("statut final", StatusField),
    ("statut global", StatusField),
    ("endstatus", StatusField),
    ("gesamtstatus", StatusField),
    ("stato finale", StatusField),
    ("slutstatus", StatusField),
    ("общий статус", StatusField),
    ("итоговый статус", StatusField),
    ("最終ステータス", StatusField),
    ("最终状态", StatusField),
    ("최종 상태", StatusField),
    // Or as it stands now (`**Estado actual:** ⛔ BLOQUEADO`, `**进度：** 进行中`).
    ("current status", StatusField),
    ("current state", StatusField),
    ("estado actual", StatusField),
    ("estado atual", StatusField),
    ("status atual", StatusField),
    ("statut actuel", StatusField),
    ("état actuel", StatusField),
    ("aktueller status", StatusField),
    ("stato attuale", StatusField),
    ("текущий статус", StatusField),
    ("текущее состояние", StatusField),
    ("現在の状態", StatusField),
    ("現在のステータス", StatusField),
    ("当前状态", StatusField),
    ("进度", StatusField),
    ("현재 상태", StatusField),
    ("durum", StatusField),
    ("mevcut durum", StatusField),
    ("nuvarande status", StatusField),
    ("huidige status", StatusField),
    ("aktualny status", StatusField),
    ("situação atual", StatusField),
    ("stato corrente", StatusField),
    ("поточний стан", StatusField),
    ("поточний статус", StatusField),
    // Spanish
    ("completado", Status(Completed)),
    ("completada", Status(Completed)),
    ("completados", Status(Completed)),
    ("completadas", Status(Completed)),
    ("hecho", Status(Completed)),
    ("terminado", Status(Completed)),
    ("terminada", Status(Completed)),
    ("listo", Status(Completed)),
    ("finalizado", Status(Completed)),
    ("finalizada", Status(Completed)),
    ("en progreso", Status(InProgress)),
    ("en curso", Status(InProgress)),
    ("trabajando en", Status(InProgress)),
    ("en desarrollo", Status(InProgress)),
    ("en proceso", Status(InProgress)),
    ("empezado", Status(InProgress)),
    ("iniciado", Status(InProgress)),
    ("empecé", Status(InProgress)),
    ("comencé", Status(InProgress)),
    ("empezamos", Status(InProgress)),
    ("comenzado", Status(InProgress)),
    ("enfoque actual", Status(InProgress)),
    ("foco actual", Status(InProgress)),
    ("fase actual", Status(InProgress)),
    ("tarea actual", Status(InProgress)),
    ("tarea en curso", Status(InProgress)),
    ("trabajo en curso", Status(InProgress)),
    ("pendiente", Status(Pending)),
    ("por hacer", Status(Pending)),
    ("sin empezar", Status(Pending)),
    ("bloqueado", Status(Blocked)),
    ("fallido", Status(Failed)),
    ("cancelado", Status(Skipped)),
    ("siguiente paso", Next),
    ("siguientes pasos", Next),
    ("próximo paso", Next),
    // Written without the accent, as a key or on a keyboard without it.
    ("proximo paso", Next),
    ("proximos pasos", Next),
    ("primer paso", Next),
    ("próximos pasos", Next),
    ("lo que sigue", Next),
    ("qué sigue", Next),
    ("próxima sesión", Next),
    ("para la próxima sesión", Next),
    ("siguiente sesión", Next),
    ("próxima tarea", Next),
    ("próximas tareas", Next),
    ("siguiente", Next),
    ("siguiente acción", Next),
    ("siguientes acciones", Next),
    ("próxima acción", Next),
    ("próximas acciones", Next),
    ("pendientes", Remaining),
    ("tareas pendientes", Remaining),
    ("lo que se hizo", Done),
    ("lo hecho", Done),
    ("ya hecho", Done),
    ("a mitad de", Status(InProgress)),
    ("trabajo realizado", Done),
    ("lo que hice", Done),
    ("qué hice", Done),
    ("lo que falta", Remaining),
    ("falta", Remaining),
    ("lo que queda", Remaining),
    ("queda por hacer", Remaining),
    ("trabajo restante", Remaining),
    ("historial", History),
    ("decisión", Decision),
    ("decisiones", Decision),
    ("estado", StatusField),
    // Portuguese
    ("concluído", Status(Completed)),
    ("concluido", Status(Completed)),
    ("concluída", Status(Completed)),
    ("feito", Status(Completed)),
    ("pronto", Status(Completed)),
    ("em andamento", Status(InProgress)),
    ("comecei", Status(InProgress)),
    ("iniciei", Status(InProgress)),
    ("começamos", Status(InProgress)),
    ("trabalhando em", Status(InProgress)),
    ("trabalhando no", Status(InProgress)),
    ("trabalhando na", Status(InProgress)),
    ("em progresso", Status(InProgress)),
    ("começado", Status(InProgress)),
    ("foco atual", Status(InProgress)),
    ("fase atual", Status(InProgress)),
    ("tarefa atual", Status(InProgress)),
    ("tarefa em andamento", Status(InProgress)),
    ("trabalho em andamento", Status(InProgress)),
    ("pendente", Status(Pending)),
    ("a fazer", Status(Pending)),
    ("não iniciado", Status(Pending)),
    ("próximo passo", Next),
    ("proximo passo", Next),
    ("proximos passos", Next),
    ("primeiro passo", Next),
    ("próxima sessão", Next),
    ("para a próxima sessão", Next),
    ("próximos passos", Next),
    ("o que vem a seguir", Next),
    ("a seguir", Next),
    ("próximas etapas", Next),
    ("próxima tarefa", Next),
    ("próximas tarefas", Next),
    ("próximo", Next),
    ("próxima ação", Next),
    ("próximas ações", Next),
    ("pendentes", Remaining),
    ("pendências", Remaining),
    ("pendencias", Remaining),
    ("o que falta", Remaining),
    ("por fazer", Remaining),
    ("o que resta", Remaining),
    ("trabalho restante", Remaining),
    ("o que foi feito", Done),
    ("já feito", Done),
    ("no meio da", Status(InProgress)),
    ("no meio do", Status(InProgress)),
    ("trabalho realizado", Done),
    ("o que eu fiz", Done),
    ("o que fiz", Done),
    ("histórico", History),
    ("decisão", Decision),
    ("decisões", Decision),
    // French
    ("terminé", Status(Completed)),
    ("terminée", Status(Completed)),
    ("fait", Status(Completed)),
    ("complété", Status(Completed)),
    ("achevé", Status(Completed)),
    ("en cours", Status(InProgress)),
    ("travaille sur", Status(InProgress)),
    ("commencé", Status(InProgress)),
    ("focus actuel", Status(InProgress)),
    ("phase actuelle", Status(InProgress)),
    ("tâche actuelle", Status(InProgress)),
    ("tâche en cours", Status(InProgress)),
    ("travail en cours", Status(InProgress)),
    ("à faire", Status(Pending)),
    ("en attente", Status(Pending)),
    ("non commencé", Status(Pending)),
    ("bloqué", Status(Blocked)),
    ("bloquée", Status(Blocked)),
    ("échoué", Status(Failed)),
    ("annulé", Status(Skipped)),
    ("prochaine étape", Next),
    ("première étape", Next),
    ("à faire ensuite", Next),
    ("prochaine session", Next),
    ("pour la prochaine session", Next),
    ("prochaines étapes", Next),
    ("la suite", Next),
    ("suite", Next),
    ("étape suivante", Next),
    ("étapes suivantes", Next),
    ("prochaine tâche", Next),
    ("prochaines tâches", Next),
    ("ensuite", Next),
    ("suivant", Next),
    ("prochaine action", Next),
    ("prochaines actions", Next),
    ("reste à faire", Remaining),
    ("ce qui a été fait", Done),
    ("travail effectué", Done),
    ("ce que j'ai fait", Done),
    ("ce que j’ai fait", Done),
    ("ce qui reste", Remaining),
    ("ce qu'il faut faire", Next),
    ("ce qu’il faut faire", Next),
    ("ce qu'il faut faire ensuite", Next),
    ("ce qu’il faut faire ensuite", Next),
    ("en train de", Status(InProgress)),
    ("travail restant", Remaining),
    ("historique", History),
    ("décision", Decision),
    ("décisions", Decision),
    ("statut", StatusField),
    ("état", StatusField),
    // German
    ("erledigt", Status(Completed)),
    ("abgeschlossen", Status(Completed)),
    ("fertig", Status(Completed)),
    ("in arbeit", Status(InProgress)),
    ("arbeite an", Status(InProgress)),
    ("arbeiten an", Status(InProgress)),
    ("arbeite am", Status(InProgress)),
    ("arbeiten am", Status(InProgress)),
    ("in bearbeitung", Status(InProgress)),
    ("aktueller fokus", Status(InProgress)),
    ("aktuelle arbeit", Status(InProgress)),
    ("aktuelle phase", Status(InProgress)),
    ("aktuelle aufgabe", Status(InProgress)),
    ("offen", Status(Pending)),
    ("ausstehend", Status(Pending)),
    ("nicht begonnen", Status(Pending)),
    ("begonnen", Status(InProgress)),
    ("angefangen", Status(InProgress)),
    ("blockiert", Status(Blocked)),
    ("fehlgeschlagen", Status(Failed)),
    ("nächster schritt", Next),
    ("erster schritt", Next),
    ("nächste schritte", Next),
    ("wie geht es weiter", Next),
    ("weiteres vorgehen", Next),
    ("nächstes mal", Next),
    ("als nächstes", Next),
    ("nächste sitzung", Next),
    ("nächste aufgabe", Next),
    ("nächste aufgaben", Next),
    ("danach", Next),
    ("nächste aktion", Next),
    ("nächste aktionen", Next),
    ("noch zu tun", Remaining),
    ("offene punkte", Remaining),
    ("was noch fehlt", Remaining),
    ("was fehlt", Remaining),
    ("noch offen", Remaining),
    ("offene aufgaben", Remaining),
    ("restarbeiten", Remaining),
    ("was erledigt wurde", Done),
    ("bisher erledigt", Done),
    ("was ich gemacht habe", Done),
    ("was gemacht wurde", Done),
    ("erledigte aufgaben", Done),
    ("archiv", History),
    ("verlauf", History),
    ("entscheidung", Decision),
    ("entscheidungen", Decision),
    ("zustand", StatusField),
    // Italian
    ("completato", Status(Completed)),
    ("completata", Status(Completed)),
    ("fatto", Status(Completed)),
    ("in corso", Status(InProgress)),
    ("lavorando su", Status(InProgress)),
    ("lavorando a", Status(InProgress)),
    ("lavorando al", Status(InProgress)),
    ("iniziato", Status(InProgress)),
    ("ho iniziato", Status(InProgress)),
    ("ho cominciato", Status(InProgress)),
    ("abbiamo iniziato", Status(InProgress)),
    ("avviato", Status(InProgress)),
    ("focus attuale", Status(InProgress)),
    ("fase attuale", Status(InProgress)),
    ("compito attuale", Status(InProgress)),
    ("attività in corso", Status(InProgress)),
    ("lavoro in corso", Status(InProgress)),
    ("rilasciato", Status(Completed)),
    ("rilasciata", Status(Completed)),
    ("in revisione", Status(InProgress)),
    ("in lavorazione", Status(InProgress)),
    ("da fare", Status(Pending)),
    ("da iniziare", Status(Pending)),
    ("non iniziato", Status(Pending)),
    ("in sospeso", Status(Pending)),
    ("cosa manca", Remaining),
    ("da completare", Remaining),
    ("lavoro rimanente", Remaining),
    ("bloccato", Status(Blocked)),
    ("fallito", Status(Failed)),
    ("prossimo passo", Next),
    ("primo passo", Next),
    ("prossimi passi", Next),
    ("cosa viene dopo", Next),
    ("prossima sessione", Next),
    ("la prossima volta", Next),
    ("prossimo compito", Next),
    ("prossime attività", Next),
    ("prossimo", Next),
    ("prossima azione", Next),
    ("prossime azioni", Next),
    ("prossimo step", Next),
    ("prossimi step", Next),
    ("archivio", History),
    ("cronologia", History),
    ("decisione", Decision),
    ("decisioni", Decision),
    ("cosa ho fatto", Done),
    ("lavoro svolto", Done),
    ("fatto finora", Done),
    ("stato", StatusField),
    // Swedish
    ("klar", Status(Completed)),
    ("klart", Status(Completed)),
    ("färdig", Status(Completed)),
    ("pågår", Status(InProgress)),
    ("jobbar med", Status(InProgress)),
    ("arbetar med", Status(InProgress)),
    ("pågående", Status(InProgress)),
    ("påbörjat", Status(InProgress)),
    ("började", Status(InProgress)),
    ("påbörjade", Status(InProgress)),
    ("påbörjad", Status(InProgress)),
    ("nuvarande fokus", Status(InProgress)),
    ("nuvarande fas", Status(InProgress)),
    ("nuvarande uppgift", Status(InProgress)),
    ("pågående arbete", Status(InProgress)),
    ("inte klar", Status(Pending)),
    ("inte klart", Status(Pending)),
    ("ej klar", Status(Pending)),
    ("ej påbörjad", Status(Pending)),
    ("inte påbörjad", Status(Pending)),
    ("inte påbörjat", Status(Pending)),
    ("att göra", Status(Pending)),
    ("blockerad", Status(Blocked)),
    ("läge", StatusField),
    ("nästa steg", Next),
    ("första steget", Next),
    ("vad som händer härnäst", Next),
    ("nästa gång", Next),
    ("nästa session", Next),
    ("härnäst", Next),
    ("nästa uppgift", Next),
    ("nästa uppgifter", Next),
    ("nästa", Next),
    ("nästa åtgärd", Next),
    ("nästa åtgärder", Next),
    ("kvar att göra", Remaining),
    ("återstår", Remaining),
    ("vad som återstår", Remaining),
    ("det som återstår", Remaining),
    ("kvar", Remaining),
    ("återstående", Remaining),
    ("återstående arbete", Remaining),
    ("arkiv", History),
    ("historik", History),
    ("beslut", Decision),
    ("vad jag gjorde", Done),
    ("gjort", Done),
    ("klart hittills", Done),
    ("vad som gjorts", Done),
    // Russian
    ("готово", Status(Completed)),
    ("выполнено", Status(Completed)),
    ("сделано", Status(Completed)),
    ("завершено", Status(Completed)),
    ("в работе", Status(InProgress)),
    ("работаю над", Status(InProgress)),
    ("делаю", Status(InProgress)),
    ("делаем", Status(InProgress)),
    ("работаем над", Status(InProgress)),
    ("в процессе", Status(InProgress)),
    ("начал", Status(InProgress)),
    ("начала", Status(InProgress)),
    ("начали", Status(InProgress)),
    ("начато", Status(InProgress)),
    ("текущий фокус", Status(InProgress)),
    ("текущая работа", Status(InProgress)),
    ("текущая фаза", Status(InProgress)),
    ("текущий этап", Status(InProgress)),
    ("текущая задача", Status(InProgress)),
    ("не начато", Status(Pending)),
    ("не сделано", Status(Pending)),
    ("запланировано", Status(Pending)),
    ("заблокировано", Status(Blocked)),
    ("следующий шаг", Next),
    ("первый шаг", Next),
    ("что дальше", Next),
    ("дальше", Next),
    ("далее", Next),
    ("в следующий раз", Next),
    ("следующая сессия", Next),
    ("следующие шаги", Next),
    ("дальнейшие шаги", Next),
    ("следующая задача", Next),
    ("следующие задачи", Next),
    ("следующее", Next),
    ("следующее действие", Next),
    ("следующие действия", Next),
    ("осталось", Remaining),
    ("осталось сделать", Remaining),
    ("сделать", Remaining),
    ("нужно сделать", Remaining),
    ("к выполнению", Remaining),
    ("бэклог", Remaining),
    ("что сделано", Done),
    ("что осталось", Remaining),
    ("архив", History),
    ("история", History),
    ("принятые решения", Decision),
    ("ключевые решения", Decision),
    ("решения", Decision),
    ("решение", Decision),
    ("статус", StatusField),
    ("состояние", StatusField),
    // Japanese
    ("完了", Status(Completed)),
    ("完了した作業", Done),
    ("やったこと", Done),
    ("実施内容", Done),
    ("済み", Status(Completed)),
    ("済", Status(Completed)),
    ("実施済み", Status(Completed)),
    ("対応済み", Status(Completed)),
    ("実装済み", Status(Completed)),
    ("進行中", Status(InProgress)),
    ("作業中", Status(InProgress)),
    ("対応中", Status(InProgress)),
    ("実装中", Status(InProgress)),
    ("着手中", Status(InProgress)),
    ("着手", Status(InProgress)),
    ("現在のフォーカス", Status(InProgress)),
    ("現在の作業", Status(InProgress)),
    ("現在のフェーズ", Status(InProgress)),
    ("現在のタスク", Status(InProgress)),
    ("未着手", Status(Pending)),
    ("未実装", Status(Pending)),
    ("未対応", Status(Pending)),
    ("未完了", Status(Pending)),
    ("保留", Status(Blocked)),
    ("ブロック中", Status(Blocked)),
    ("次のステップ", Next),
    ("最初のステップ", Next),
    ("次回", Next),
    ("次回セッション", Next),
    ("次のセッション", Next),
    ("次にやること", Next),
    ("次のアクション", Next),
    ("次の作業", Next),
    ("次のタスク", Next),
    ("次", Next),
    ("残タスク", Remaining),
    ("残り", Remaining),
    ("残っている", Remaining),
    ("やること", Remaining),
    ("フォローアップ", Remaining),
    ("履歴", History),
    ("アーカイブ", History),
    ("決定事項", Decision),
    ("決定", Decision),
    ("意思決定", Decision),
    ("ステータス", StatusField),
    ("状態", StatusField),
    // Korean
    ("완료", Status(Completed)),
    ("완료한 작업", Done),
    ("완료된 작업", Done),
    ("한 일", Done),
    ("완료됨", Status(Completed)),
    ("진행 중", Status(InProgress)),
    ("구현 중", Status(InProgress)),
    ("개발 중", Status(InProgress)),
    ("진행중", Status(InProgress)),
    ("작업 중", Status(InProgress)),
    ("작업중", Status(InProgress)),
    ("현재 초점", Status(InProgress)),
    ("현재 작업", Status(InProgress)),
    ("현재 단계", Status(InProgress)),
    ("대기", Status(Pending)),
    ("미완료", Status(Pending)),
    ("미착수", Status(Pending)),
    ("시작 전", Status(Pending)),
    ("예정", Status(Pending)),
    ("차단", Status(Blocked)),
    ("차단됨", Status(Blocked)),
    ("막힘", Status(Blocked)),
    ("보류", Status(Blocked)),
    ("다음 단계", Next),
    ("첫 단계", Next),
    ("다음에 할 일", Next),
    ("다음 작업", Next),
    ("다음 할 일", Next),
    ("다음", Next),
    ("다음 세션", Next),
    ("남은 작업", Remaining),
    ("할 일", Remaining),
    ("후속 작업", Remaining),
    ("남은 일", Remaining),
    ("기록", History),
    ("결정", Decision),
    ("결정 사항", Decision),
    ("상태", StatusField),
    // Chinese
    ("已完成", Status(Completed)),
    ("已完成的工作", Done),
    ("本次完成", Done),
    ("已做的工作", Done),
    ("完成的工作", Done),
    ("完成", Status(Completed)),
    ("已实现", Status(Completed)),
    ("已修复", Status(Completed)),
    ("进行中", Status(InProgress)),
    ("正在做", Status(InProgress)),
    ("当前在做", Status(InProgress)),
    ("目前在做", Status(InProgress)),
    ("正在开发", Status(InProgress)),
    ("正在实现", Status(InProgress)),
    ("正在进行", Status(InProgress)),
    ("开发中", Status(InProgress)),
    ("处理中", Status(InProgress)),
    ("当前重点", Status(InProgress)),
    ("当前焦点", Status(InProgress)),
    ("当前工作", Status(InProgress)),
    ("当前阶段", Status(InProgress)),
    ("当前任务", Status(InProgress)),
    ("待办", Status(Pending)),
    ("未开始", Status(Pending)),
    ("未完成", Status(Pending)),
    ("计划中", Status(Pending)),
    ("待处理", Status(Pending)),
    ("阻塞", Status(Blocked)),
    ("受阻", Status(Blocked)),
    ("被阻塞", Status(Blocked)),
    ("下一步", Next),
    ("第一步", Next),
    ("接下来", Next),
    ("下一步计划", Next),
    ("后续计划", Next),
    ("下次继续", Next),
    ("下次", Next),
    ("下次会话", Next),
    ("下一次会话", Next),
    ("建议下一步", Next),
    ("后续步骤", Next),
    ("剩余", Remaining),
    ("后续工作", Remaining),
    ("待跟进", Remaining),
    ("剩余工作", Remaining),
    ("待完成", Remaining),
    ("历史", History),
    ("决策", Decision),
    ("决定", Decision),
    ("归档", History),
    ("状态", StatusField),
    // Dutch
    ("klaar", Status(Completed)),
    ("afgerond", Status(Completed)),
    ("voltooid", Status(Completed)),
    ("bezig", Status(InProgress)),
    ("mee bezig", Status(InProgress)),
    ("bezig met", Status(InProgress)),
    ("waar ik mee bezig ben", Status(InProgress)),
    ("waar ik aan werk", Status(InProgress)),
    ("in uitvoering", Status(InProgress)),
    ("te doen", Status(Pending)),
    ("nog te doen", Status(Pending)),
    ("gepland", Status(Pending)),
    ("geblokkeerd", Status(Blocked)),
    ("volgende stap", Next),
    ("volgende stappen", Next),
    ("besluit", Decision),
    ("beslissing", Decision),
    ("beslissingen", Decision),
    // Polish
    ("zrobione", Status(Completed)),
    ("gotowe", Status(Completed)),
    ("ukończone", Status(Completed)),
    ("zakończone", Status(Completed)),
    ("w toku", Status(InProgress)),
    ("w trakcie", Status(InProgress)),
    ("pracuję nad", Status(InProgress)),
    ("do zrobienia", Status(Pending)),
    ("zaplanowane", Status(Pending)),
    ("zablokowane", Status(Blocked)),
    ("następny krok", Next),
    ("następne kroki", Next),
    ("kolejne kroki", Next),
    ("decyzja", Decision),
    ("decyzje", Decision),
    // Turkish
    ("tamamlandı", Status(Completed)),
    ("bitti", Status(Completed)),
    ("devam ediyor", Status(InProgress)),
    ("yapılacak", Status(Pending)),
    ("engellendi", Status(Blocked)),
    ("sonraki adım", Next),
    ("sonraki adımlar", Next),
    ("sıradaki adım", Next),
    ("sıradaki adımlar", Next),
    ("bir sonraki adım", Next),
    ("aktif iş", Status(InProgress)),
    ("karar", Decision),
    ("kararlar", Decision),
    ("aktif kararlar", Decision),
    // Ukrainian (where it differs from Russian)
    ("в процесі", Status(InProgress)),
    ("заблоковано", Status(Blocked)),
    ("наступний крок", Next),
    ("наступні кроки", Next),
    // Czech
    ("hotovo", Status(Completed)),
    ("dokončeno", Status(Completed)),
    ("rozpracováno", Status(InProgress)),
    ("probíhá", Status(InProgress)),
    ("zablokováno", Status(Blocked)),
    ("stav", StatusField),
    ("další krok", Next),
    ("další kroky", Next),
];

/// The phrases of [`ROWS`], for the compiler to pack ([`PHRASES`]).
const PHRASE_LIST: [&str; ROWS.len()] = {
    let mut list = [""; ROWS.len()];
    let mut i = 0;
    while i < ROWS.len() {
        list[i] = ROWS[i].0;
        i += 1;
    }
    list
};

/// The rows' phrases as one text, and their meanings: what the program holds of [`ROWS`]
/// (`crate::packed` says why).
static PHRASES: packed::Words = packed::packed_words!(PHRASE_LIST);
static MEANINGS: [Meaning; ROWS.len()] = {
    let mut meanings = [Next; ROWS.len()];
    let mut i = 0;
    while i < ROWS.len() {
        meanings[i] = ROWS[i].1;
        i += 1;
    }
    meanings
};

/// Row `i` of [`ROWS`]: (phrase, meaning).
fn row(i: usize) -> (&'static str, Meaning) {
    (PHRASES.get(i), MEANINGS[i])
}

/// Status emoji, at the start or end of a line, a heading or a table cell.
pub const EMOJI: &[(&str, Status)] = &[
    ("✅", Completed),
    ("✔️", Completed),
    ("✔", Completed),
    ("☑️", Completed),
    ("☑", Completed),
    ("✓", Completed),
    ("🟢", Completed),
    ("❌", Failed),
    ("✗", Failed),
    ("✘", Failed),
    ("🚧", InProgress),
    ("🔄", InProgress),
    ("🟡", InProgress),
    ("⏳", Pending),
    ("⬜", Pending),
    ("🔲", Pending),
    ("☐", Pending),
    ("⛔", Blocked),
    ("🔴", Blocked),
    ("🛑", Blocked),
    ("⏸️", Blocked),
    ("⏸", Blocked),
];

/// Past-tense verbs that open a line recording finished work (`Completed the parser`,
/// `Implemented retries`, `修复了登录`): completion written as prose. Lower case, as
/// [`ROWS`]; a line must go on after the verb (the verb alone is a status).
const DONE_VERBS: &[&str] = &[
    "completed", "finished", "implemented", "fixed", "shipped", "merged", "resolved", "added",
    "built", "created", "wrote", "deployed", "migrated", "refactored", "integrated", "released",
    "delivered", "verified", "updated", "removed", "replaced", "renamed", "moved", "pushed",
    "published", "scaffolded", "set up", "configured", "installed", "upgraded", "documented",
    "wired", "enabled", "extracted", "converted", "ported", "backfilled", "cleaned up",
    // Spanish, Portuguese, French, German, Italian, Swedish
    "completado", "implementado", "corregido", "añadido", "concluído", "corrigido",
    "creado", "actualizado", "eliminado", "configurado", "agregado", "criado", "atualizado",
    "removido", "adicionado", "créé", "supprimé", "configuré", "erstellt", "entfernt",
    "eingerichtet", "umgesetzt", "creato", "aggiornato", "rimosso", "configurato", "skapat",
    "uppdaterat", "lagt till",
    "terminé", "implémenté", "corrigé", "ajouté", "implementiert", "behoben", "hinzugefügt",
    "completato", "implementato", "corretto", "aggiunto", "implementerat", "fixat", "slutfört",
    "terminado", "finalizado", "resuelto", "desplegado", "terminei", "implementei", "corrigi",
    "fini", "déployé", "résolu", "fertiggestellt", "abgeschlossen", "terminato", "finito", "risolto",
    "завершил", "закончил", "написал",
    // Russian, Japanese, Korean, Chinese
    "реализовано", "исправлено", "добавлено", "сделал", "реализовал", "исправил",
    "создал", "обновил", "удалил", "настроил", "добавил",
    "実装済み", "修正済み", "作成済み", "追加済み", "対応済み", "更新済み",
    "구현 완료", "완료:", "추가 완료", "수정 완료",
    "已实现", "实现了", "修复了", "完成了", "新增", "添加了", "更新了", "创建了", "删除了",
];
static DONE_VERBS_PACKED: packed::Words = packed::packed_words!(DONE_VERBS);

/// A line that records finished work in prose: the verb's length, when `text` opens with
/// one of [`DONE_VERBS`] and goes on.
pub(crate) fn done_verb(text: &str) -> Option<usize> {
    static INDEX: OnceLock<VerbIndex> = OnceLock::new();
    let len = INDEX.get_or_init(|| VerbIndex::of(&DONE_VERBS_PACKED)).opening(text, key(text.trim_start_matches(is_markup))?)?;
    let rest = text[len..].trim_start_matches(is_markup).trim_start();
    (!rest.starts_with([':', '：'])).then_some(len)
}

/// Verbs that open a step still to take (`Run the integration smoke`, `Añadir tests`,
/// `Добавить логи`): a unit named so is already an action, and the plan's next action gives
/// it as written instead of `Start …` before it. Lower case, as [`DONE_VERBS`].
const STEP_VERBS: &[&str] = &[
    // Not the verbs that are as often nouns opening a unit's name (`Test suite`, `Build
    // pipeline`, `Release notes`, `Review queue`, `Profile page`). The commonest only (the
    // dashboard's size budget): a unit missed here reads `Start …`, which is still right.
    "add", "run", "verify", "implement", "write", "fix", "create", "migrate", "remove", "set up",
    "añadir", "implementar", "ajouter", "добавить",
];
static STEP_VERBS_PACKED: packed::Words = packed::packed_words!(STEP_VERBS);

/// Whether `text` opens with a verb of a step still to take ([`STEP_VERBS`]) and goes on.
/// Asked once per plan (of its first unit to start): the verbs are tried in turn.
pub(crate) fn opens_with_a_step(text: &str) -> bool {
    STEP_VERBS_PACKED.iter().any(|v| spells(text, v).is_some_and(|len| !text[len..].trim().is_empty()))
}

/// Words ending in `-ing` that are no verb of work under way: `Nothing changed`, `Pending
/// review`, `Using SQLite` (a choice), `During the migration`.
const NOT_GERUNDS: &[&str] = &[
    "nothing", "everything", "something", "anything", "pending", "remaining", "missing", "during",
    "being", "using", "according", "including", "following", "existing", "upcoming", "outstanding",
    "morning", "evening", "string", "thing", "things", "blocking", "failing", "passing", "waiting",
];
static NOT_GERUNDS_PACKED: packed::Words = packed::packed_words!(NOT_GERUNDS);

/// Words that open a sentence before its verb of work under way: a subject, an auxiliary,
/// a word for now (`I'm working on`, `Estoy trabajando en`, `Sto lavorando al`, `Je travaille
/// sur`, `Ich arbeite an`, `Jag jobbar med`, `Сейчас работаю над`). Lower case.
const SUBJECT_LEADS: &[&str] = &[
    "i'm ", "i’m ", "i am ", "i was ", "was ", "we're ", "we’re ", "we are ", "we were ", "still ", "now ", // English
    "estoy ", "estamos ", "estaba ", "estábamos ", "ahora ", "actualmente ", // Spanish
    "estou ", "eu ", "estava ", "agora ", "atualmente ", // Portuguese (`estamos` as in Spanish)
    "sto ", "stiamo ", "ora ", "attualmente ", // Italian
    "je ", "j'étais ", "j’étais ", "nous ", "on ", "actuellement ", // French
    "ich ", "wir ", "aktuell ", // German
    "jag ", "vi ", "just nu ", // Swedish
    "я ", "мы ", "сейчас ", // Russian
];
static SUBJECT_LEADS_PACKED: packed::Words = packed::packed_words!(SUBJECT_LEADS);

/// The length of the subject words ([`SUBJECT_LEADS`], two at most: `I'm still`) opening
/// `sentence`; 0 when none does.
pub(crate) fn subject_lead(sentence: &str) -> usize {
    let mut at = 0;
    for _ in 0..2 {
        let rest = &sentence[at..];
        let Some(lead) = SUBJECT_LEADS_PACKED.iter().find(|l| rest.get(..l.len()).is_some_and(|p| case::to_lower(p) == *l)) else { break };
        at += lead.len();
    }
    at
}

/// A sentence that opens with an English verb of work under way (`Refactoring the auth
/// middleware.`, `Building the billing page`): the verb's length. A state paragraph's first
/// sentence says so of its unit; anywhere else an `-ing` word opens all kinds of sentences.
pub(crate) fn gerund_opening(text: &str) -> Option<usize> {
    let word = text.split([' ', ',', ';', ':']).next()?;
    let lower = word.to_ascii_lowercase();
    let verb = word.len() >= 6 && lower.ends_with("ing") && word.bytes().all(|b| b.is_ascii_alphabetic());
    let goes_on = text[word.len()..].trim_start().len() > 1;
    (verb && goes_on && !NOT_GERUNDS_PACKED.contains(lower.as_str())).then_some(word.len())
}

/// Verbs that open a decision told as prose: `Decided to keep SQLite`, `Switched from Pages to
/// Workers`, `Optamos por Postgres`. Lower case; the item goes on after the verb.
const DECISION_VERBS: &[&str] = &[
    "decided to", "decided on", "decided against", "we decided", "chose to", "chose ", "opted for", "opted to", "went with",
    "switched from", "switched to", "settled on", "agreed to", "agreed on", "going with", "we chose", "we went with",
    "decidimos", "decidí", "se decidió", "optamos por", "elegimos", "décidé de", "on a choisi", "on a décidé",
    "nous avons choisi", "nous avons décidé", "j'ai décidé", "entschieden", "beschlossen", "wir haben uns für",
    "deciso di", "abbiamo deciso", "ho deciso", "scelto di", "bestämde", "vi bestämde", "valde att", "решили",
    "выбрали", "决定使用", "决定采用", "改用", "採用した", "결정했",
];
static DECISION_VERBS_PACKED: packed::Words = packed::packed_words!(DECISION_VERBS);

/// Where the decision an item states begins: after a decision label (`Decisions: kept main`,
/// `決定事項：…`), or at its start when it tells one in prose ([`DECISION_VERBS`]: `Switched
/// from Pages to Workers`). `None` for any other item, on one or two lookups.
pub(crate) fn decision_at(text: &str) -> Option<usize> {
    let k = key(text.trim_start_matches(is_markup))?;
    // A label is followed by its separator (`:`, `：`, a dash) within a few words.
    let head = &text.as_bytes()[..text.len().min(64)];
    if has(&index().decision, k) && head.iter().any(|&b| matches!(b, b':' | b'-' | 0xE2 | 0xEF)) {
        if let Some((Decision, _, rest)) = labelled(text) {
            return (!text[rest..].trim().is_empty()).then_some(rest);
        }
    }
    static VERBS: OnceLock<VerbIndex> = OnceLock::new();
    VERBS.get_or_init(|| VerbIndex::of(&DECISION_VERBS_PACKED)).opening(text, k).map(|_| 0)
}

/// A list of verbs by the key of their first two bytes, as the rows are (one bit per key that
/// opens some verb, then the same map type: one more would be more code in the wasm package),
/// so that the items of a long log that open with no verb's key are let go on one bit each.
struct VerbIndex {
    verbs: &'static packed::Words,
    bits: Box<[u64; 1024]>,
    keys: crate::hash::KeyMap<Vec<usize>>,
}

impl VerbIndex {
    fn of(verbs: &'static packed::Words) -> VerbIndex {
        let mut index = VerbIndex { verbs, bits: Box::new([0; 1024]), keys: Default::default() };
        for (i, v) in verbs.iter().enumerate() {
            if let Some(k) = key(v) {
                index.bits[usize::from(k >> 6)] |= 1 << (k & 63);
                index.keys.entry(crate::hash::small_key(u64::from(k))).or_default().push(i);
            }
        }
        index
    }

    /// The length of the verb `text` opens with (its key `k`), when the text goes on after it.
    fn opening(&self, text: &str, k: u16) -> Option<usize> {
        if !has(&self.bits, k) {
            return None;
        }
        self.keys.get(&crate::hash::small_key(u64::from(k)))?.iter().find_map(|&i| {
            let len = spells(text, self.verbs.get(i))?;
            (!text[len..].trim_start_matches(is_markup).trim().is_empty()).then_some(len)
        })
    }
}

/// A status written after a unit: `Parser — done`, `Login page (completed)`, `Deploy: IN
/// PROGRESS`, `Export | ✅`. (status, the status's span, the unit's span). The tail must be
/// the status and nothing more, so prose that merely ends with a status word is not read.
pub(crate) fn trailing_status(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    let t = text.trim_end().trim_end_matches(['.', '!', '*', '`']);
    status_at_end(t)
        .or_else(|| marked_here(t))
        .or_else(|| {
            // `Payment flow - BLOCKED (Intervention Requested)`, `DB schema ✅ (done 2026-11-01)`:
            // a note after a status written as a marker (upper case, or an emoji); `test.rs -
            // Broken (outdated API)` describes the file.
            let open = t.strip_suffix([')', '）'])?.rfind(['(', '（'])?;
            let found = status_at_end(t[..open].trim_end())?;
            let word = &t[found.1.range()];
            let upper = word.bytes().any(|b| b.is_ascii_uppercase()) && !word.bytes().any(|b| b.is_ascii_lowercase());
            (upper || !word.chars().any(char::is_alphanumeric)).then_some(found)
        })
        .or_else(|| {
            // `Task 1 — DB schema ✅ (done 2026-11-01)`: a mark closing the name, then a note.
            let open = t.strip_suffix([')', '）'])?.rfind(['(', '（'])?;
            let head = t[..open].trim_end();
            emoji_at_ends(head).filter(|(_, mark, name)| mark.end() == head.len() && !name.is_empty())
        })
        .or_else(|| {
            // `Install ArgoCD — **in progress**, chart installed, SSO not configured`: a status
            // after a dash, then a note after a comma.
            let comma = t.find([',', ';', '，', '；'])?;
            let (status, word, name) = status_at_end(t[..comma].trim_end().trim_end_matches(['*', '_', '`']))?;
            let marks = t[word.range()].len() - t[word.range()].trim_start_matches(['*', '_', '`']).len();
            let before = t[..word.start()].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`'));
            before.ends_with(['—', '–', '-']).then(|| (status, crate::span::Span::new(word.start() + marks, word.end()), name))
        })
        .or_else(|| mark_and_word_at_end(t))
}

/// Words an arrow points at an item with to say the work is there now: `4. API endpoints ←
/// current`, `Billing <- we are here`, `検索 ← 今ここ`.
const HERE: &[&str] = &[
    "current", "currently", "here", "now", "we are here", "you are here", "current task", "current step", "in progress",
    "actual", "aquí", "aqui", "atual", "ici", "hier", "qui", "här", "здесь", "сейчас", "текущая", "今ここ", "現在", "いまここ",
    "当前", "现在", "현재", "여기", "ahora", "agora", "maintenant", "jetzt", "adesso", "nu", "teraz", "tutaj", "şimdi", "burada",
    "지금",
];
static HERE_PACKED: packed::Words = packed::packed_words!(HERE);

/// A status mark and its word closing a name, a note in brackets after them allowed (`Phase 2
/// — Extraction 🚧 En cours`, `Phase 1 — Inventaire ✅ Terminée (2026-11-14)`): the status
/// both say. (status, the mark and word's span, the name's span).
fn mark_and_word_at_end(t: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let head = match t.strip_suffix([')', '）']).and_then(|inner| inner.rfind(['(', '（'])) {
        Some(open) => t[..open].trim_end(),
        None => t,
    };
    // Every status emoji is non-ASCII: most names are let go on their bytes.
    if head.is_ascii() {
        return None;
    }
    // The mark and the word must agree (`✅ PENDING` says nothing sure).
    EMOJI.iter().find_map(|&(emoji, marked)| {
        let at = head.rfind(emoji)?;
        let word = head[at + emoji.len()..].trim_start_matches('\u{fe0f}');
        let word = word.strip_prefix(' ')?;
        let name = head[..at].strip_suffix(' ')?.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '—' | '–' | '-' | ':' | '|'));
        let found = phrase_at(word).filter(|f| f.len == word.len())?;
        (found.meaning == Status(marked) && !name.is_empty()).then(|| (marked, Span::new(at, head.len()), Span::new(0, name.len())))
    })
}

/// An arrow pointing at the item's work as the current one (`API endpoints ← current`,
/// `Billing 👈`), or a word for here closing it in brackets (`Auth middleware (current)`):
/// under way. (status, the mark's span, the unit's span).
fn marked_here(t: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    // Or a word for here alone in closing brackets (`requireAuth middleware (current)`).
    let (at, arrow) = [" ← ", " <- ", " <-- ", " 👈", " ⬅", " ⬅️", " ("].iter().filter_map(|a| t.rfind(a).map(|at| (at, *a))).max_by_key(|&(at, a)| (at, a.len()))?;
    if arrow == " (" && !t.ends_with(')') {
        return None;
    }
    let tail = t[at + arrow.len()..].trim().trim_matches(|c: char| matches!(c, '(' | ')' | '[' | ']' | '*' | '_' | '`' | '️'));
    let lower = case::to_lower(tail);
    let here = tail.is_empty() && arrow.trim() == "👈" || HERE_PACKED.contains(lower.as_str());
    let name = t[..at].trim_end().len();
    // `Legal approval ← waiting on Hannah`: the arrow points at a wait, on a person (named,
    // or by what only a person gives).
    let waits = arrow != " (" && (waits_on_a_person(&lower) || waits_on_someone_named(tail));
    let status = if here { Status::InProgress } else { Status::Blocked };
    ((here || waits) && name > 0).then(|| (status, Span::new(at + 1, t.len()), Span::new(0, name)))
}

/// Where a note saying the work has begun starts, after a name: an arrow pointing at it
/// (`Queue messages ← in progress, queue table done`, `Billing <- current: webhooks left`) or
/// a bracket opening with a status of work under way (`Dagster migration (in progress —
/// assets ported)`, `Export (en curso: falta el PDF)`), the status followed by more. The
/// name's length before the note; `None` when no such note follows a name.
pub(crate) fn under_way_note(text: &str) -> Option<usize> {
    // A status of work under way opens the note (`in progress`, `doing this`, `en curso`); a
    // word for here alone is no such note (`(current behaviour is wrong)`).
    // After an arrow the status may go on (`← doing this`); in brackets it ends its clause
    // (`(in progress, assets ported)`; not `(active users only)`).
    let opens_under_way = |note: &str, ends: bool| {
        let note = note.trim_start().trim_start_matches(is_markup);
        let f = phrase_at(note).filter(|f| f.meaning == Status(InProgress))?;
        let after = note[f.len..].trim_start_matches(is_markup).trim_start();
        (!ends || after.is_empty() || after.starts_with([',', ';', ':', '—', '–', '-', ')', '）', '，', '：', '、'])).then_some(())
    };
    let arrow = [" ← ", " <- ", " <-- ", " 👈 "].iter().filter_map(|a| text.find(a).map(|at| (at, a.len()))).min_by_key(|&(at, _)| at);
    if let Some((at, len)) = arrow {
        if at > 0 && opens_under_way(&text[at + len..], false).is_some() {
            return Some(text[..at].trim_end().len());
        }
    }
    let open = text.find(['(', '（'])?;
    let inner = &text[open + text[open..].chars().next()?.len_utf8()..];
    (open > 0 && opens_under_way(inner, true).is_some()).then(|| text[..open].trim_end().len()).filter(|&n| n > 0)
}

/// Labels that name the phase the run is in (`**Aktuelle Phase:** Phase 2`, `Current phase:
/// 3 of 4`), in the reader's languages, lower case.
const CURRENT_PHASE: &str = "current phase|aktuelle phase|fase actual|fase atual|phase actuelle|\
    fase attuale|nuvarande fas|текущий этап|текущая фаза|現在のフェーズ|当前阶段|현재 단계";

/// Words a phase is numbered after (`Phase 3`, `Fase 3`, `フェーズ3`, `阶段 3`), lower case.
pub(crate) const PHASE_WORDS: &[&str] = &["phase", "fase", "etappe", "этап", "фаза", "フェーズ", "阶段", "단계"];

/// Where the value of a current-phase field starts in a lower-cased line: after a label for
/// the current phase anywhere in it (`**Current phase:** Phase 2`), or after a bare phase
/// word opening a field (`- Phase: ENHANCEMENT`, `| Phase | 3 — Payment sheet |`). A plan's
/// `Phase 1: Setup` numbers its phase before the colon: no field.
pub(crate) fn current_phase_field(lower: &str) -> Option<usize> {
    if let Some(at) = CURRENT_PHASE.split('|').find_map(|l| lower.find(l).map(|at| at + l.len())) {
        return Some(at);
    }
    let t = lower.trim_start_matches(['|', '*', '-', ' ', '_']);
    let w = PHASE_WORDS.iter().find(|w| t.starts_with(**w))?;
    let rest = t[w.len()..].trim_start_matches(['*', '_', ' ']);
    rest.starts_with([':', '|', '：']).then(|| lower.len() - rest.len() + rest.chars().next().map_or(0, char::len_utf8))
}

/// The number of the first phase named in a lower-cased field value (`phase 2 – datev`,
/// `: 3 of 4`, `フェーズ3`): the number after a phase word, or a number opening the value.
pub(crate) fn phase_number(lower: &str) -> Option<u32> {
    let value = lower.trim_start_matches(|c: char| matches!(c, '*' | '_' | ':' | '：' | '|' | ' '));
    let after = PHASE_WORDS.iter().filter_map(|w| value.find(w).map(|at| &value[at + w.len()..])).next().unwrap_or(value);
    let digits = after.trim_start_matches([' ', '#']);
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    digits[..n].parse().ok()
}

/// A progress figure alone after a name, in brackets or after a dash (`Phase 2: Core
/// features (60%)`, `M3 — Push & pull sync — 70%`): (status, the figure's span, the name's
/// span).
pub(crate) fn percent_after_name(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let t = text.trim_end().trim_end_matches(['.', '*']);
    let (inner_start, inner_end, name) = match t.strip_suffix([')', '）']) {
        Some(inner) => {
            let open = inner.rfind(['(', '（'])?;
            (open + t[open..].chars().next()?.len_utf8(), inner.len(), &t[..open])
        }
        None => {
            let dash = t.rfind([' ', '*'])?;
            let name = t[..dash].trim_end().strip_suffix(['—', '–', '-', ':'])?;
            (dash + 1, t.len(), name)
        }
    };
    let status = percent_status(&t[inner_start..inner_end])?;
    let name = name.trim_end().len();
    (name > 0).then(|| (status, Span::new(inner_start, inner_end), Span::new(0, name)))
}

/// A progress figure alone (`100%`, `60 %`, `**0%**`, a table's cell): done at 100, pending
/// at 0, else under way.
pub(crate) fn percent_status(cell: &str) -> Option<Status> {
    let cell = cell.trim_matches(['*', '_', '`', ' ']);
    let (figure, _) = crate::text::lone_percentage(cell).filter(|(_, at)| *at == (0..cell.len()))?;
    Some(match figure {
        100 => Completed,
        0 => Pending,
        _ => InProgress,
    })
}

/// A closing parenthesis that opens with a status: `Staging deploy (実施済み、デバッグ含む)`,
/// `Set up CI (done, see #12)`. (status, the status's span, the unit's span before the
/// parenthesis). The note after the status's clause may say anything.
pub(crate) fn status_in_closing_parenthesis(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let t = text.trim_end().trim_end_matches(['.', '。']);
    let open = t.strip_suffix([')', '）'])?.rfind(['(', '（'])?;
    let inner_start = open + t[open..].chars().next()?.len_utf8();
    let inner = &t[inner_start..t.len() - t.chars().next_back()?.len_utf8()];
    let clause = inner.split(['、', ',', '，', ';', '；', ':', '：']).next()?.split(" - ").next()?.trim_end();
    let found = phrase_at(clause).filter(|f| f.len == clause.len())?;
    let Status(status) = found.meaning else { return None };
    let name = t[..open].trim_end().len();
    (name > 0).then(|| (status, Span::new(inner_start, inner_start + clause.len()), Span::new(0, name)))
}

/// A status opening the value after a unit's name and a colon or a dash, a note after it:
/// `Billing: BLOCKED — waiting for approval`, `Auth: done, merged in #12`, `Feature #12
/// (export) — IN PROGRESS: CSV works`. (status, the status's span, the unit's span). The name
/// is eight words at most and ends at the first separator; the status is followed by a dash,
/// a comma, a semicolon, a colon or a bracket, so that `Parser: done` alone stays
/// [`trailing_status`]'s.
pub(crate) fn status_after_name(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let (colon, sep) = [": ", "： ", "：", " — ", " – ", " - "]
        .iter()
        .filter_map(|sep| text.find(sep).map(|at| (at, *sep)))
        .min_by_key(|&(at, sep)| (at, usize::MAX - sep.len()))?;
    let (width, dash) = (sep.len(), sep.starts_with(' '));
    let name = text[..colon].trim_end();
    if name.is_empty() || name.split_whitespace().count() > 8 {
        return None;
    }
    let value_start = colon + width + (text[colon + width..].len() - text[colon + width..].trim_start().len());
    let value = &text[value_start..];
    let found = phrase_at(value)?;
    let Status(status) = found.meaning else { return None };
    let rest = &value[found.len..];
    // A list of status words is the values a field may take (`statuses: active, completed,
    // expired`), not a state; a status word opening a note is not one (`DONE, verified with
    // puppeteer`).
    let listed = [", ", "; ", "，"].iter().any(|sep| {
        rest.strip_prefix(sep).map(str::trim_start).is_some_and(|r| match phrase_at(r) {
            Some(Found { meaning: Status(_), len }) => r[len..].is_empty() || r[len..].starts_with([',', ';', '，']),
            _ => false,
        })
    });
    let noted = [" — ", " – ", " - ", ", ", "; ", " (", "，", "（", ": ", "：", ". ", "。"].iter().any(|sep| rest.starts_with(sep));
    // After a dash, a status is one written as a marker (`— IN PROGRESS: …`): `test.rs -
    // Broken (outdated API)` describes the file, as in [`trailing_status`].
    let marker = !dash || !value[..found.len].bytes().any(|b| b.is_ascii_lowercase());
    (noted && !listed && marker).then(|| {
        (status, Span::new(value_start, value_start + found.len), Span::new(0, name.len()))
    })
}

/// The status a phrase closes with, in any of the ways a value is written: in a closing
/// parenthesis (`Set up CI (done)`), after a separator (`Parser — done`) or after a plain
/// space (`Phase 3 complete`). (status, the status's span, the unit's span.)
pub(crate) fn closing_status(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    status_in_closing_parenthesis(text).or_else(|| trailing_status(text)).or_else(|| status_after_space(text))
}

/// A status closing a short phrase after a plain space, as a bold lead writes it: `v1.0.2 in
/// progress`, `Auth done`, `決済 完了`. (status, the status's span, the unit's span). Only the
/// last one to three words are tried, and they must be the status and nothing more.
pub(crate) fn status_after_space(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let t = text.trim_end();
    // The longest tail first: `Export not started` is pending, though `started` alone is not.
    let mut cuts = [0; 3];
    let mut n = 0;
    let mut cut = t.len();
    while n < 3 {
        let Some(at) = t[..cut].rfind(' ') else { break };
        cuts[n] = at;
        cut = at;
        n += 1;
    }
    cuts[..n].iter().rev().find_map(|&cut| {
        // A dash or a colon between them joins the name to its state (`Export — à faire`).
        let name = t[..cut].trim_end().trim_end_matches(['—', '–', '-', ':', '：', '|']).trim_end();
        let tail = &t[cut + 1..];
        match phrase_at(tail).filter(|f| f.len == tail.len())?.meaning {
            Status(s) if !name.is_empty() => Some((s, Span::new(cut + 1, t.len()), Span::new(0, name.len()))),
            _ => None,
        }
    })
}

/// A short subject and its state after a plain space, as a log's line writes it: `Signup
/// screen done`, `Payment module in progress`, `결제 모듈 진행 중`, `会員登録画面 完了`.
/// (status, the status's span, the unit's span). The subject is four words at most (twelve
/// characters in a script that joins its words) and holds no sentence mark: a longer line
/// is a sentence (`Make sure the build is done`), whose last word is no unit's state.
pub(crate) fn short_phrase_status(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    let found = status_after_space(text)?;
    let name = &text[found.2.range()];
    let words = name.split_whitespace().count();
    let joined = name.chars().filter(|&c| crate::text::joins_words(c)).count();
    let short = words <= 4 && joined <= 12;
    (short && names_a_subject(name)).then_some(found)
}

/// Whether the words before a state word name what is in that state (`Payment module`), not
/// a sentence about it or a claim about many things: `All tests`, `Every check`, `Marked`
/// (a verb's report), `Feature #722 marked as`, `sounds are` (a verb before the state), and
/// not a legend of the file's marks (`Struck-through items`, `Checked boxes`).
pub(crate) fn names_a_subject(name: &str) -> bool {
    let first = name.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    let last = name.split_whitespace().next_back().unwrap_or("").to_ascii_lowercase();
    let sentence = matches!(last.as_str(), "is" | "are" | "was" | "were" | "be" | "been" | "being" | "as" | "get" | "got");
    let claim = matches!(first.as_str(), "all" | "every" | "each" | "both" | "no" | "none" | "everything" | "nothing");
    let legend = matches!(last.as_str(), "items" | "tasks" | "entries" | "boxes" | "lines" | "rows" | "ones");
    !sentence && !claim && !legend && done_verb(name).is_none() && !name.contains(['.', ',', ';', ':', '?', '!', '。', '、'])
}

/// Polite and past endings a sentence closes with after its state, in the languages that
/// join them to the word: `実装中です`, `完了しました`, `진행 중입니다`, `완료되었습니다`. Longest
/// first, so that `でした` is cut whole.
const SENTENCE_ENDINGS: &str = "されました|しました|しています|でした|です|である|だ|되었습니다|했습니다|됐습니다|입니다|이다|됨";

/// A sentence without its closing punctuation and polite ending: `決済連携を実装中です。` is
/// read as `決済連携を実装中`, `결제 연동 진행 중입니다.` as `결제 연동 진행 중`.
pub(crate) fn without_sentence_ending(sentence: &str) -> &str {
    let t = sentence.trim_end().trim_end_matches(['.', '!', '。', '！']).trim_end();
    SENTENCE_ENDINGS.split('|').find_map(|e| t.strip_suffix(e)).filter(|rest| !rest.is_empty()).unwrap_or(t)
}

/// Particles that close a subject in a script that joins its words: `決済連携を`, `결제를`.
const SUBJECT_PARTICLES: &[char] = &['を', 'は', 'が', 'の', '을', '를', '은', '는', '이', '가'];

/// A status closing a phrase in a script that joins its words, with no space before it:
/// `決済連携を実装中`, `订单管理进行中`, `登录功能已完成`. (status, the status's span, the
/// subject's span, its particle left out). The subject must name one (see [`names_a_subject`]).
pub(crate) fn status_joined_at_end(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    let t = text.trim_end();
    if !t.chars().next_back().is_some_and(crate::text::joins_words) {
        return None;
    }
    // The longest tail first, two to six characters: `已完成` before `完成`.
    let starts: Vec<usize> = t.char_indices().rev().take(6).map(|(at, _)| at).collect();
    starts.iter().rev().filter(|&&at| t[at..].chars().count() >= 2).find_map(|&at| {
        let Found { meaning: Status(status), len } = phrase_at(&t[at..]).filter(|f| f.len == t.len() - at)? else { return None };
        let subject = t[..at].trim_end().trim_end_matches(SUBJECT_PARTICLES).trim_end();
        (!subject.is_empty() && names_a_subject(subject)).then(|| (status, Span::new(at, at + len), Span::new(0, subject.len())))
    })
}

fn status_at_end(t: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    if !may_end_with_status(t[..reached_at(t)].trim_end()) {
        return None;
    }
    let (tail_start, name_end) = if let Some(open) = t.strip_suffix([')', ']', '）']).and_then(|inner| inner.rfind(['(', '[', '（'])) {
        let name_end = t[..open].trim_end().len();
        (open + t[open..].chars().next()?.len_utf8(), name_end)
    } else {
        let sep = [" — ", " – ", " - ", " -- ", ": ", "：", " | ", " → ", " -> ", " ← ", " <- "]
            .iter()
            .filter_map(|sep| t.rfind(sep).map(|at| (at, sep.len())))
            .max_by_key(|&(at, _)| at)?;
        (sep.0 + sep.1, t[..sep.0].trim_end().len())
    };
    if name_end == 0 {
        return None;
    }
    let tail = t[tail_start..].trim().trim_end_matches([')', ']', '）']);
    let lead = t[tail_start..].len() - t[tail_start..].trim_start().len();
    let tail_at = tail_start + lead;
    let status = match emoji_at_ends(tail) {
        Some((s, e, rest)) if rest.is_empty() => Some((s, e.shifted(tail_at))),
        // `PLAN Mode - ✅ COMPLETE`: the mark and its word say one status.
        Some((s, _, rest)) if phrase_at(&tail[rest.range()]).is_some_and(|f| f.len == rest.len() && f.meaning == Status(s)) => {
            Some((s, Span::new(tail_at, tail_at + tail.len())))
        }
        _ => phrase_at(tail).filter(|f| ends_at_status(tail[f.len..].trim_matches(is_markup).trim())).and_then(|f| match f.meaning {
            Status(s) => Some((s, Span::new(tail_at, tail_at + f.len))),
            _ => None,
        }),
    }?;
    Some((status.0, status.1, Span::new(0, name_end)))
}

/// Where what closes `t` says in which release or on which day its status was reached
/// (`Commande verify — terminée en 1.0.0`, `Login — fixed in v2.3`, `Export — done on
/// 2026-11-12`) begins: a short preposition and one token with a digit. `t.len()` when
/// nothing does.
fn reached_at(t: &str) -> usize {
    let mut words = t.rsplitn(3, ' ');
    let (Some(when), Some(at)) = (words.next(), words.next()) else { return t.len() };
    let preposition = !at.is_empty() && at.chars().count() <= 3 && at.chars().all(char::is_alphabetic);
    if preposition && when.bytes().any(|b| b.is_ascii_digit()) {
        t.len() - when.len() - 1 - at.len()
    } else {
        t.len()
    }
}

/// Whether a status phrase ends its text, followed by nothing or by when it was reached.
fn ends_at_status(rest: &str) -> bool {
    rest.is_empty() || reached_at(rest) == 0
}

/// Phrases that say the whole run is done, in a lower-cased line: `ALL 20 TASKS DONE`,
/// `PROJECT 100% COMPLETE`, `No remaining work`, `152/152 features passing`, `全て完了`.
const ALL_DONE: &[&str] = &[
    "100% complete", "100% done", "100% finished", "project complete", "project is complete",
    "task complete", "run complete", "no remaining work", "no work remaining", "nothing remaining",
    "nothing left to do", "no remaining tasks", "no remaining features", "no further work",
    "everything shipped", "everything is done", "everything done", "everything complete",
    // An agent between tasks: the last one is done.
    "ready for next task", "ready for the next task", "ready for a new task", "awaiting next task",
    "awaiting the next task", "waiting for the next task", "mode: idle", "no active task",
    "todo completado", "todo terminado", "todo está terminado", "trabajo está completo", "proyecto completado",
    "proyecto terminado", "tudo concluído", "projeto concluído", "trabalho concluído", "tout est terminé",
    "projet terminé", "alles erledigt", "projekt abgeschlossen", "alle aufgaben erledigt", "tutto completato",
    "progetto completato", "allt klart", "allt är klart", "всё готово", "все задачи выполнены",
    "проект завершён", "проект завершен", "全て完了", "すべて完了", "プロジェクト完了", "全部完成",
    "所有任务已完成", "项目已完成", "모두 완료", "프로젝트 완료",
];
static ALL_DONE_PACKED: packed::Words = packed::packed_words!(ALL_DONE);

/// Words that end a claim that every task of a kind is done: `all 20 tasks done`.
const ALL_DONE_WORDS: &str = "complete|completed|done|finished|implemented|passing|processed|shipped";

/// What such a claim counts: work, not checks (`all tests pass` is one session's result).
const ALL_DONE_KINDS: &str = "tasks|features|items|phases|milestones|stories|work|todos|steps|files|\
    units|functionality|requirements|deliverables|chapters|issues";

/// Whether a lower-cased line claims the whole run is done.
pub(crate) fn claims_all_done(line: &str) -> bool {
    if line.starts_with("not ") || line.contains(" not ") || line.contains("n't") || line.contains("remaining:") {
        return false;
    }
    // A part of the run (`Phase 1 (100% Complete)`, `all assigned features complete`) is not
    // the run.
    const PARTS: &str = "phase|sprint|milestone|stage|step |part |batch|assigned|session|section|\
        module";
    if packed::holds_any(line, PARTS) {
        return false;
    }
    if states_a_goal(line) {
        return false;
    }
    if ALL_DONE_PACKED.iter().any(|p| line.contains(p)) {
        return true;
    }
    let words: Vec<&str> = line.split(|c: char| !c.is_alphanumeric() && c != '%' && c != '/').filter(|w| !w.is_empty()).collect();
    let stop = |w: &&str| matches!(*w, "remaining" | "but" | "except" | "left" | "pending");
    // `all [N] [core] <kind> [are] <done-word>`
    let all_kinds_done = words.iter().enumerate().filter(|(_, w)| **w == "all").any(|(i, _)| {
        let window = &words[i + 1..words.len().min(i + 7)];
        let kind = window.iter().position(|w| packed::is_any(w, ALL_DONE_KINDS));
        kind.is_some_and(|k| window[k + 1..].iter().any(|w| packed::is_any(w, ALL_DONE_WORDS))) && !window.iter().any(stop)
    });
    // `152/152 features passing`
    all_kinds_done
        || words.iter().any(|w| {
            let Some((a, b)) = w.split_once('/') else { return false };
            let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) else { return false };
            a == b && a > 1 && words.iter().any(|w| matches!(*w, "features" | "tasks" | "items"))
        })
}

/// Whether a lower-cased line states a goal or a starting point, not where the run stands:
/// `Target: 30/30 features (100%)`, `goal: all tasks done`, `Starting status: 125/137`.
pub(crate) fn states_a_goal(line: &str) -> bool {
    const GOALS: &str = "target|goal|objective|aim:|to reach|until |starting|started at|baseline|\
        initial";
    packed::holds_any(line, GOALS)
}

/// Whether an item's words say the work stopped in it (`**This is where I stopped**`, `left
/// off here`): the item under way, whichever of its lines says it.
pub(crate) fn says_it_stopped_here(words: &str) -> bool {
    // Every unticked box is asked: most hold neither `stopped` nor `left off` in any case,
    // and are let go before their text is folded.
    let holds = |w: &[u8]| words.as_bytes().windows(w.len()).any(|x| x.eq_ignore_ascii_case(w));
    if !holds(b"stopped") && !holds(b"left off") {
        return false;
    }
    let lower = case::to_lower(words);
    ["where i stopped", "where we stopped", "where i left off", "where we left off", "stopped here", "left off here"].iter().any(|p| lower.contains(p))
}

/// Whether a status word says the work is in review (`In review`, `In revisione`, `レビュー中`):
/// under way, but waiting on a reviewer.
pub(crate) fn says_in_review(word: &str) -> bool {
    let w = case::to_lower(word);
    ["review", "revis", "relecture", "granskning", "ревью", "レビュー", "리뷰", "审核", "评审"].iter().any(|r| w.contains(r))
}

/// Phrases that say the run waits on a person, in a lower-cased line.
const WAITING_ON_A_PERSON: &[&str] = &[
    "waiting for human", "waiting on human", "human intervention", "needs human", "requires human",
    "awaiting approval", "awaiting review", "awaiting sign-off", "awaiting sign off", "awaiting human",
    "waiting for approval", "waiting for review", "waiting for sign-off", "waiting for the user",
    "waiting on the user", "waiting for user", "waiting on user", "pending approval", "needs approval",
    "requires approval", "explicit approval", "blocked on human", "blocked by human", "manual gate",
    "human review and sign-off", "hitl", "next steps for user", "next steps for the user",
    "instructions for user", "instructions for the user", "user action required", "action required by you",
    "esperando aprobación", "aguardando aprovação", "en attente de validation", "wartet auf freigabe",
    "väntar på godkännande", "ожидает одобрения", "承認待ち", "レビュー待ち", "승인 대기", "等待审批", "等待确认",
    // Nothing of the run can move until the wait ends (`Until then nothing more can be done`).
    "until then nothing", "until then there is nothing", "nothing more can be done until", "nothing else can be done until",
    "cannot continue until", "can't continue until", "hasta entonces no se puede", "até lá não dá", "até lá não é possível",
    "d'ici là, rien", "d'ici là rien", "bis dahin kann man nichts", "bis dahin können wir nichts", "fino ad allora non si può",
    "tills dess går det inte", "до тех пор ничего", "дальше ничего не сделать", "それまでは何もできない", "그때까지는 할 수 있는 것이 없", "在此之前无法继续",
];
static WAITING_ON_A_PERSON_PACKED: packed::Words = packed::packed_words!(WAITING_ON_A_PERSON);

/// A wait, in words that open it (`waiting on Alice to review PR #42`, `awaiting feedback
/// from the client`, `blocked on the client's credentials`); it is a wait on a person when
/// what it waits for, a few words on, is something only a person gives ([`PERSON_GIVES`]),
/// and it is not a note in parentheses.
const WAIT_OPENERS: &[&str] = &[
    "waiting on", "waiting for", "waits on", "waits for", "awaiting", "blocked on", "blocked by",
    // `en attente de`, `in attesa di` by their second word: `en` and `in` open too many lines.
    "esperando", "aguardando", "attente de", "attente d'", "wartet auf", "warten auf", "attesa di", "attesa del",
    "attesa dell'",
    "väntar på", "ждём", "ждем", "ожидаем", "ожидает", "ждёт", "ждет", "等待",
];
static WAIT_OPENERS_PACKED: packed::Words = packed::packed_words!(WAIT_OPENERS);

/// Whether a step opens by telling to wait for what a person gives (`Wait for Anna's
/// review`, `**Esperar a aprovação do Rafael no PR #212**`): where the run stands when it is
/// the file's next step, a step planned for later when it is the second of a list.
pub(crate) fn step_waits_on_a_person(step: &str) -> bool {
    const WAIT: &str = "wait for |wait on |esperar |aguardar |attendre |abwarten |aspettare |\
        vänta på |ждать ";
    let lower = case::to_lower(step.trim_start_matches(|c: char| !c.is_alphanumeric()));
    WAIT.split('|').any(|w| lower.starts_with(w) && lower[w.len()..].split_whitespace().take(WAIT_REACH).any(|w| PERSON_GIVES_PACKED.iter().any(|g| w.trim_start_matches(|c: char| !c.is_alphanumeric()).starts_with(g))))
        || waits_on_a_person(&lower)
}

/// Whether a text opens with a wait ([`WAIT_OPENERS`]) on someone it names with a capital
/// (`waiting on Hannah`, `väntar på Lena`).
fn waits_on_someone_named(text: &str) -> bool {
    let lower = case::to_lower(text);
    WAIT_OPENERS_PACKED.iter().any(|o| {
        // Lower-casing keeps the length of these letters: the offsets are the text's.
        // A capital is a letter lower-casing changes (the case tables the reader has already).
        let name = text.get(o.len()..).unwrap_or("").trim_start();
        let first = name.chars().next().map_or("", |c| &name[..c.len_utf8()]);
        lower.starts_with(o) && lower.len() == text.len() && first.chars().all(char::is_alphabetic) && case::to_lower(first) != first
    })
}

/// Stems of what only a person gives: a review, an approval, a decision, access, in the
/// reader's languages (`väntar på att Anna granskar PR #42`, `esperando la revisión de Ana`).
const PERSON_GIVES: &[&str] = &[
    "review", "approv", "sign", "feedback", "input", "decision", "decide", "answer", "reply", "respond", "confirm", "access",
    "credential", "permission", "go-ahead", "green light", "merge",
    "revis", "aprob", "aprue", "aprov", "respuesta", "resposta", "acces", "acess", "decisión", "decisão", "validation", "réponse",
    "accès", "freigabe", "antwort", "zugriff", "zugang", "entscheidung", "approvazion", "rispost", "accesso", "gransk",
    "godkänn", "svar", "åtkomst", "ревью", "одобр", "ответ", "доступ", "решени", "审核", "审批", "回复", "权限", "确认",
    // A client who has to act, or a key only they can hand over (`väntar på kunden`,
    // `waiting for the API key from the client`).
    "client", "customer", "kund", "cliente", "kunde", "клиент", "заказчик", "客户", "顾客", "고객",
    "key", "nyckel", "clave", "chave", "clé", "schlüssel", "chiave", "ключ", "密钥",
];
static PERSON_GIVES_PACKED: packed::Words = packed::packed_words!(PERSON_GIVES);

/// How many words after a wait's opener may say what it waits for.
const WAIT_REACH: usize = 6;

/// Whether a lower-cased line says the run waits on a person (approval, review, an action
/// only a human can take).
/// Words that say a block or a wait is over, lower case, in the reader's languages.
const RESOLVED: &str = "resolved|unblocked|no longer blocked|solved|resuelto|resuelta|desbloquead|\
    resolvido|resolvida|résolu|débloqué|gelöst|behoben|risolto|risolta|sbloccat|löst|решено|решён|\
    разблокирован|解決|已解决|解决了|해결";

pub(crate) fn waits_on_a_person(line: &str) -> bool {
    // Whole words: `hitl` is not in `hitless`.
    // A phrase in a script that joins its words, or ending with a mark, ends anywhere
    // (`pr承認待ち`, `attesa dell'approvazione`).
    let whole = |at: usize, len: usize| {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        let (first, last) = (line.as_bytes()[at], line.as_bytes()[at + len - 1]);
        (!first.is_ascii_alphanumeric() || !word(line[..at].chars().next_back())) && (!last.is_ascii_alphanumeric() || !word(line[at + len..].chars().next()))
    };
    // A wait in parentheses notes a detail (`Architecture: TBD (awaiting a decision)`, `(owner
    // deferred the live run; it's the remaining manual gate)`), not where the run stands.
    // A note may open on the line before: a `)` closes it later on this one.
    let in_note = |at: usize| {
        let after = &line[at..];
        line[..at].matches('(').count() > line[..at].matches(')').count() || after.find(')').is_some_and(|close| after.find('(').is_none_or(|open| close < open))
    };
    // A wait the line says was resolved since (`waiting on Redis access from ops — resolved at
    // 14:00`) waits no more.
    let resolved = |at: usize| packed::holds_any(&line[at..], RESOLVED);
    if WAITING_ON_A_PERSON_PACKED.iter().any(|p| line.match_indices(p).any(|(at, _)| whole(at, p.len()) && !in_note(at) && !resolved(at))) {
        return true;
    }
    WAIT_OPENERS_PACKED.iter().any(|opener| {
        line.match_indices(opener).filter(|&(at, _)| whole(at, opener.len()) && !in_note(at) && !resolved(at)).any(|(at, _)| {
            let rest = &line[at + opener.len()..];
            let rest = &rest[..rest.find(['.', ';', '\n']).unwrap_or(rest.len())];
            rest.split_whitespace().take(WAIT_REACH).any(|w| {
                let w = w.trim_start_matches(|c: char| !c.is_alphanumeric());
                PERSON_GIVES_PACKED.iter().any(|g| w.starts_with(g))
            })
        })
    })
}

/// Whether a line may hold a claim about the whole run ([`claims_all_done`],
/// [`waits_on_a_person`]): one of its words opens a claim phrase, or it has non-ASCII
/// letters (whose phrases run on without spaces). A cheap gate: most lines of a long log
/// hold none, and the claim readers lower-case and search the line.
pub(crate) fn may_claim(line: &str) -> bool {
    // The words that open a claim, and a bit per their first two letters, last letter and
    // length ([`opening_bit`]): most words of a line are let go on one bit, before any
    // hashing (by two letters alone, most words of prose shared one with some claim word:
    // `st`atus, `re`try, `co`nfig). The phrases by their first word's hash,
    // as indices into the list of phrases (the map type of the lexicon's other indices: one
    // table code in the wasm); a hash shared by two words only lets more lines through.
    struct Phrases {
        by_word: crate::hash::KeyMap<Vec<usize>>,
        phrases: Vec<&'static [u8]>,
        opens: Box<[u64; 1024]>,
    }
    static WORDS: OnceLock<Phrases> = OnceLock::new();
    let Phrases { by_word, phrases, opens } = WORDS.get_or_init(|| {
        let mut index = Phrases { by_word: Default::default(), phrases: Vec::new(), opens: Box::new([0u64; 1024]) };
        for p in ALL_DONE_PACKED.iter().chain(WAITING_ON_A_PERSON_PACKED.iter()).chain(WAIT_OPENERS_PACKED.iter()).chain(["all"]).filter(|p| p.is_ascii()) {
            let first = p.split(' ').next().unwrap_or(p).as_bytes();
            index.by_word.entry(crate::hash::fnv_of(first)).or_default().push(index.phrases.len());
            index.phrases.push(p.as_bytes());
            if !first.is_empty() {
                let k = opening_bit(first);
                index.opens[usize::from(k >> 6)] |= 1 << (k & 63);
            }
        }
        index
    });
    let b = line.as_bytes();
    // Letters of the lexicon's other scripts (accented Latin, Cyrillic, CJK, Hangul) lead
    // with these bytes; dashes, arrows and emoji do not.
    if b.iter().any(|&c| matches!(c, 0xC3 | 0xD0 | 0xD1 | 0xE3..=0xED)) {
        return true;
    }
    let mut at = 0;
    let mut buf = [0u8; 16];
    while at < b.len() {
        if !b[at].is_ascii_alphanumeric() {
            if b[at] == b'/' && at > 0 && b[at - 1].is_ascii_digit() && b.get(at + 1).is_some_and(u8::is_ascii_digit) {
                return true; // `152/152`
            }
            at += 1;
            continue;
        }
        let start = at;
        while at < b.len() && (b[at].is_ascii_alphanumeric() || b[at] == b'%' || b[at] == b'-') {
            at += 1;
        }
        let word = &b[start..at];
        if word.len() <= buf.len() && has(opens, opening_bit(word)) {
            buf[..word.len()].copy_from_slice(word);
            buf[..word.len()].make_ascii_lowercase();
            // The whole phrase from this word on, in any case.
            let rest = &b[start..];
            let spelled = |p: &&[u8]| rest.len() >= p.len() && rest[..p.len()].eq_ignore_ascii_case(p);
            if by_word.get(&crate::hash::fnv_of(&buf[..word.len()])).is_some_and(|ps| ps.iter().map(|&p| &phrases[p]).any(spelled)) {
                return true;
            }
        }
    }
    false
}

/// The bit of a word in [`may_claim`]'s table: its first two letters, its last letter and
/// the parity of its length, case folded. A line's word that is a phrase's first word sets
/// the bit that word set; other words mostly miss.
fn opening_bit(word: &[u8]) -> u16 {
    let letter = |c: Option<&u8>| c.map_or(0, |c| u16::from(c.to_ascii_lowercase() & 31));
    letter(word.first()) << 11 | letter(word.get(1)) << 6 | letter(word.last()) << 1 | (word.len() & 1) as u16
}

/// Words that state a status only as the value of a status field (`"status": "ready"`, a
/// table's Status cell), never in a line of prose (`Ready for review`, `New: …`, an index
/// described as `(partial)`).
const VALUE_WORDS: &[(&str, Status)] = &[
    ("success", Completed), ("succeeded", Completed), ("current", InProgress), ("working", InProgress),
    ("in review", InProgress), ("review", InProgress), ("new", Pending), ("ready", Pending),
    ("proposed", Pending), ("backlog", Pending), ("error", Failed), ("fail", Failed), ("abandoned", Skipped),
    ("on hold", Blocked), ("partial", InProgress),
    // Work taken off the list: in prose these are done verbs (`Removed the cache`).
    ("eliminated", Skipped), ("removed", Skipped), ("obsolete", Skipped), ("descoped", Skipped),
    ("deprecated", Skipped), ("superseded", Skipped), ("not needed", Skipped), ("descartado", Skipped),
    ("abandonné", Skipped), ("verworfen", Skipped), ("entfällt", Skipped), ("annullato", Skipped),
    ("отменено", Skipped), ("已取消", Skipped), ("取消", Skipped), ("中止", Skipped), ("취소", Skipped),
];

/// The status a whole field value states (`done`, `IN_PROGRESS`, `not-started`, `完了`).
pub(crate) fn status_value(value: &str) -> Option<Status> {
    let v = value.trim();
    if let Some(Found { meaning: Status(s), len }) = phrase_at(v) {
        if v[len..].trim_matches(is_markup).is_empty() {
            return Some(s);
        }
    }
    let folded: String = case::to_lower(v).chars().map(|c| if c == '_' || c == '-' { ' ' } else { c }).collect();
    VALUE_WORDS.iter().find(|(w, _)| *w == folded).map(|&(_, s)| s)
}

/// Whether `t` may end with a status: a bracket, a non-ASCII character (an emoji, a CJK
/// word), or a word that ends a status phrase (`done`, `progress`). Most lines end
/// otherwise, and are let go before any search.
fn may_end_with_status(t: &str) -> bool {
    // Each word's hash → a row it ends (the map type of the unit index: one table code less
    // in the wasm than a set of its own).
    static LAST: OnceLock<crate::hash::KeyMap<usize>> = OnceLock::new();
    let last = LAST.get_or_init(|| {
        // By their last word when it is ASCII (`à faire` by `faire`).
        let rows = (0..ROWS.len()).map(|i| (i, row(i))).filter(|(_, (_, m))| matches!(m, Status(_)));
        rows.filter_map(|(i, (p, _))| Some((crate::hash::fnv_of(p.rsplit(' ').next().filter(|w| w.is_ascii())?), i))).collect()
    });
    let Some(&end) = t.as_bytes().last() else { return false };
    if !end.is_ascii() || matches!(end, b')' | b']') {
        return true;
    }
    // A last word with a letter beyond ASCII (`göra`, `pågår`) may end a phrase of the lexicon.
    if t.rsplit(' ').next().is_some_and(|w| !w.is_ascii()) {
        return true;
    }
    let word_len = t.bytes().rev().take_while(|b| b.is_ascii_alphanumeric() || *b == b'%').count();
    let word = &t.as_bytes()[t.len() - word_len..];
    let mut buf = [0u8; 16];
    if word.is_empty() || word.len() > buf.len() {
        return false;
    }
    buf[..word.len()].copy_from_slice(word);
    buf[..word.len()].make_ascii_lowercase();
    // ASCII letters, digits and `%`: always UTF-8.
    std::str::from_utf8(&buf[..word.len()]).is_ok_and(|w| last.contains_key(&crate::hash::fnv_of(w)))
}

/// A phrase found: what it means, and how many bytes of the text it took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Found {
    pub meaning: Meaning,
    pub len: usize,
}

/// Rows by the first two bytes of their phrase, folded ([`key`]), with a bit per key that
/// opens some row, and one per key that opens a next-step label. Built once; a line is
/// compared only with the rows that open as it does (a memory file has tens of thousands of
/// items, and most open with a word no row opens with: one bit says so).
struct Index {
    rows: crate::hash::KeyMap<Vec<usize>>,
    any: Box<[u64; 1024]>,
    next: Box<[u64; 1024]>,
    decision: Box<[u64; 1024]>,
}

fn has(bits: &[u64; 1024], k: u16) -> bool {
    bits[usize::from(k >> 6)] >> (k & 63) & 1 == 1
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = Index { rows: Default::default(), any: Box::new([0; 1024]), next: Box::new([0; 1024]), decision: Box::new([0; 1024]) };
        for (i, (phrase, meaning)) in (0..ROWS.len()).map(row).enumerate() {
            if let Some(k) = key(phrase) {
                index.rows.entry(crate::hash::small_key(u64::from(k))).or_default().push(i);
                index.any[usize::from(k >> 6)] |= 1 << (k & 63);
                if meaning == Next {
                    index.next[usize::from(k >> 6)] |= 1 << (k & 63);
                }
                if meaning == Decision {
                    index.decision[usize::from(k >> 6)] |= 1 << (k & 63);
                }
            }
        }
        index
    })
}

/// Whether `text` may open with a next-step label (`Next:`, `次のステップ`): a cheap gate for
/// a scan of every line.
pub(crate) fn may_open_with_next(text: &str) -> bool {
    key(text.trim_start_matches(is_markup)).is_some_and(|k| has(&index().next, k))
}

/// The first two bytes of a text as matching folds it (lower case, `_` and `-` as spaces):
/// two ASCII characters, or the UTF-8 lead of a non-ASCII first character.
fn key(text: &str) -> Option<u16> {
    // Two ASCII bytes (most lines open so): folded here, no character decoded.
    if let [a, b, ..] = *text.as_bytes() {
        if a.is_ascii() && b.is_ascii() {
            let fold = |c: u8| if matches!(c, b'_' | b'-') { b' ' } else { c.to_ascii_lowercase() };
            return Some(u16::from(fold(a)) << 8 | u16::from(fold(b)));
        }
    }
    key_of_chars(text)
}

/// [`key`] of any text, character by character.
fn key_of_chars(text: &str) -> Option<u16> {
    let fold = |c: char| match c {
        '_' | '-' => ' ',
        '\u{2019}' => '\'',
        c => case::lower(c),
    };
    let mut chars = text.chars();
    let first = fold(chars.next()?);
    let mut buf = [0u8; 4];
    let bytes = first.encode_utf8(&mut buf).as_bytes();
    if bytes.len() > 1 {
        return Some(u16::from(bytes[0]) << 8 | u16::from(bytes[1]));
    }
    let second = chars.next().map_or(0, |c| fold(c).encode_utf8(&mut [0u8; 4]).as_bytes()[0]);
    Some(u16::from(bytes[0]) << 8 | u16::from(second))
}

/// Skips markup around words: `*`, `` ` ``.
fn is_markup(c: char) -> bool {
    matches!(c, '*' | '`')
}

/// The bytes of `text` that spell `phrase` (folded as the module says), if `text` opens
/// with it and a word ends there.
fn spells(text: &str, phrase: &str) -> Option<usize> {
    if phrase.is_ascii() {
        return spells_ascii(text, phrase);
    }
    let mut t = text.char_indices().peekable();
    for p in phrase.chars() {
        loop {
            let &(_, c) = t.peek()?;
            if is_markup(c) {
                t.next();
                continue;
            }
            break;
        }
        let (_, c) = t.next()?;
        let c = match c {
            '_' | '-' => ' ',
            '\u{2019}' => '\'',
            c => case::lower(c),
        };
        if c != p {
            return None;
        }
    }
    let end = t.peek().map_or(text.len(), |&(i, _)| i);
    // A word must end here (`done` is not `doneness`); CJK phrases end anywhere.
    let ascii_end = phrase.as_bytes().last().is_some_and(u8::is_ascii);
    let next = text[end..].chars().next();
    let boundary = next.is_none_or(|c| !(c.is_alphanumeric() || c == '_') || !ascii_end && !c.is_ascii());
    let boundary = boundary || !ascii_end;
    boundary.then_some(end)
}

/// [`spells`] for an ASCII phrase, byte by byte: most phrases, and most of the time spent.
fn spells_ascii(text: &str, phrase: &str) -> Option<usize> {
    let t = text.as_bytes();
    let mut at = 0;
    for &p in phrase.as_bytes() {
        while t.get(at).is_some_and(|&b| b == b'*' || b == b'`') {
            at += 1;
        }
        let c = match *t.get(at)? {
            b'_' | b'-' => b' ',
            b => b.to_ascii_lowercase(),
        };
        // `’` (U+2019) folds to `'`; any other non-ASCII byte spells no ASCII phrase.
        if c == b'\xE2' && p == b'\'' && text[at..].starts_with('\u{2019}') {
            at += '\u{2019}'.len_utf8();
            continue;
        }
        if c != p {
            return None;
        }
        at += 1;
    }
    // A word must end here (`done` is not `doneness`), unless the phrase ends with its space
    // (`chose ` opens `Chose Postgres over MySQL`).
    let next = text[at..].chars().next();
    (phrase.ends_with(' ') || next.is_none_or(|c| !(c.is_alphanumeric() || c == '_'))).then_some(at)
}

/// The longest phrase of the lexicon that `text` opens with (markup skipped).
pub(crate) fn phrase_at(text: &str) -> Option<Found> {
    let start = text.len() - text.trim_start_matches(is_markup).len();
    let k = key(&text[start..])?;
    let index = index();
    if !has(&index.any, k) {
        return None;
    }
    let rows = index.rows.get(&crate::hash::small_key(u64::from(k)))?;
    let mut best: Option<Found> = None;
    for &i in rows {
        let (phrase, meaning) = row(i);
        if let Some(len) = spells(text, phrase) {
            if best.is_none_or(|b| len > b.len) {
                best = Some(Found { meaning, len });
            }
        }
    }
    best
}

/// The status a short text states: a table cell, the value of `Status:`, a heading's tail.
/// An emoji at either end, else the longest status phrase the text opens with (after
/// brackets and decoration).
pub(crate) fn status_of(text: &str) -> Option<Status> {
    let t = text.trim().trim_start_matches(['[', '(', '*', '`', '_', ' ', '"']);
    if let Some((s, _, _)) = emoji_at_ends(t) {
        return Some(s);
    }
    match phrase_at(t)?.meaning {
        Status(s) => Some(s),
        _ => None,
    }
}

/// The first status a text states anywhere, by a phrase that opens one of its words
/// (`3 features currently in_progress`): for a line read whole, not for a unit's marker.
pub(crate) fn status_within(text: &str) -> Option<Status> {
    let starts = std::iter::once(0).chain(text.match_indices([' ', '(', '*', '_']).map(|(at, _)| at + 1));
    starts.filter(|&at| at < text.len()).find_map(|at| match phrase_at(&text[at..])?.meaning {
        Status(s) => Some(s),
        _ => None,
    })
}

/// Labels a file's date is written after, in the reader's languages, folded, `|` between
/// them: `- **Last updated:** 2026-03-10`, `- 마지막 업데이트: 2026년 3월 10일`. Not rows of the
/// lexicon: a label like these is looked for only before a date, and `stand`, `date` or
/// `updated` in its buckets slowed every other lookup (`session`, `status`, `data`). One
/// text, not a table: a pointer and a length per label cost more than the labels.
const DATE_LABELS: &str = "last updated|last update|updated|last verified|last checked|as of|date|fecha|actualizado|última actualización|atualizado|última atualização|mis à jour|dernière mise à jour|aktualisiert|zuletzt aktualisiert|stand|datum|aggiornato|ultimo aggiornamento|uppdaterad|senast uppdaterad|обновлено|последнее обновление|дата|最終更新|更新日|日付|更新时间|最后更新|日期|마지막 업데이트|업데이트|날짜";

/// Titles of the section that says what the task is for, folded: `## Task specification`,
/// `## Objective`, `## Ziel`, `## 目标`. One text, as [`DATE_LABELS`]: read once per title
/// when a prompt is rendered, never while parsing.
const GOAL_TITLES: &str = "task specification|task|the task|goal|goals|objective|objectives|mission|purpose|summary|overview|project goal|project goals|project brief|project overview|project summary|brief|tarea|objetivo|objetivos|resumen|tarefa|resumo|tâche|objectif|objectifs|résumé|aufgabe|ziel|ziele|zusammenfassung|compito|obiettivo|obiettivi|sommario|uppgift|mål|sammanfattning|задача|цель|цели|обзор|タスク|目的|目標|概要|任务|目标|概述|작업|목표|개요";

/// Whether a section `title` (markup, numbering and icons around it allowed) names the
/// task's goal: [`GOAL_TITLES`].
pub(crate) fn names_the_goal(title: &str) -> bool {
    let title = crate::text::unwrapped(title).trim_start_matches(|c: char| !c.is_alphabetic()).trim_end_matches([':', '：', ' ']);
    let folded = case::to_lower(title);
    packed::is_any(&folded, GOAL_TITLES)
}

/// Whether `label` (markup around it allowed) names the file's date: [`DATE_LABELS`].
pub(crate) fn names_the_date(label: &str) -> bool {
    let label = label.trim_matches(['*', '_', ' ']).trim();
    // Compared character by character, lower-cased on the way, and only with labels of its
    // length (lower case keeps the length in these scripts): the many labels of a long log
    // (`COMPLETED:`) cost a length test each.
    DATE_LABELS.split('|').any(|l| l.len() == label.len() && label.chars().map(case::lower).eq(l.chars()))
}

/// Whether `c` is a pictograph: an emoji or a dingbat (`📊`, `🟠`, `✅`, `☐`).
fn is_pictograph(c: char) -> bool {
    matches!(u32::from(c), 0x1F300..=0x1FAFF | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0x2300..=0x23FF)
}

/// Whether a title opens with a pictograph that is no status emoji (`📊 Metrics`, `🎯 Focus`).
pub(crate) fn opens_with_icon(title: &str) -> bool {
    let t = title.trim_start_matches(['*', '_', ' ']);
    t.starts_with(is_pictograph) && !EMOJI.iter().any(|(e, _)| t.starts_with(e))
}

/// `text` past the pictographs that open it, of any meaning, and the space after them
/// (`🟠 **Blocked** — …`, `✅ Done`): where a word that says the same follows its mark.
pub(crate) fn after_marks(text: &str) -> &str {
    text.trim_start_matches(|c: char| is_pictograph(c) || matches!(c, '\u{fe0f}' | '\u{200d}')).trim_start()
}

/// A status emoji at the start or end of `text`: (status, emoji span, the rest's span).
pub(crate) fn emoji_at_ends(text: &str) -> Option<(Status, crate::span::Span, crate::span::Span)> {
    use crate::span::Span;
    // Every status emoji is non-ASCII: most texts are rejected on their two end bytes.
    let t = text.trim_end();
    let b = t.as_bytes();
    if b.first().is_none_or(u8::is_ascii) && b.last().is_none_or(u8::is_ascii) {
        return None;
    }
    // Between the emoji and the name; emphasis is taken off the name in pairs ([`unwrapped`]).
    let decoration = |c: char| matches!(c, '-' | '—' | ':' | '\u{fe0f}') || c.is_whitespace();
    for &(emoji, status) in EMOJI {
        if let Some(rest) = t.strip_prefix(emoji) {
            let name = rest.trim_start_matches(decoration);
            let name = unwrapped(t, Span::new(t.len() - name.len(), t.len()));
            // `🟢 Done — Login`, `⬜ Not started: Export`: the word says it again (the word
            // wins where they differ); the unit follows both. Not past markup that may close
            // further on (`✅ **VERIFIED: Drag works** (…)`).
            if let Some((Status(said), _, after)) = labelled(&t[name.range()]).filter(|_| !t[name.range()].starts_with(is_markup)) {
                let unit = unwrapped(t, Span::new(name.start() + after, t.len()));
                if !unit.is_empty() {
                    return Some((said, Span::new(0, emoji.len()), unit));
                }
            }
            // `❌ Blocked (waiting on design tokens)`: the word, alone or before its note in
            // brackets, says which stop the cross means (a mark and a word that disagree
            // otherwise, `✅ PENDING`, say nothing sure).
            let written = &t[name.range()];
            if let Some(found) = phrase_at(written).filter(|f| status == Failed && f.meaning == Status(Blocked)) {
                let after = written[found.len..].trim_start();
                if after.is_empty() || after.starts_with(['(', '（']) {
                    return Some((Blocked, Span::new(0, emoji.len()), name));
                }
            }
            return Some((status, Span::new(0, emoji.len()), name));
        }
        if let Some(rest) = t.strip_suffix(emoji) {
            let name = unwrapped(t, Span::new(0, rest.trim_end_matches(decoration).len()));
            // `Payment flow - COMPLETED ✅`: the word says it twice; the unit is before both.
            let name = match trailing_status(&t[name.range()]) {
                Some((said, _, unit)) if said == status => unwrapped(t, Span::new(name.start(), name.start() + unit.end())),
                _ => name,
            };
            return Some((status, Span::new(rest.len(), t.len()), name));
        }
    }
    None
}

/// `span` of `text` without the emphasis or code marks that wrap it whole, taken off in
/// pairs: `**Bearer tokens**` → `Bearer tokens`, while `` Added `legacy_id` `` and
/// `**Auth** module` keep theirs (they open or close inside the name). An emphasis mark that
/// only stands at one end (`** Login`, `Login**`) is dropped.
fn unwrapped(text: &str, span: crate::span::Span) -> crate::span::Span {
    let (mut start, mut end) = (span.start(), span.end());
    loop {
        let s = &text[start..end];
        start += s.len() - s.trim_start().len();
        end = start + s.trim().len();
        let s = &text[start..end];
        let Some(m) = ["**", "__", "*", "_", "`"].into_iter().find(|m| s.len() > 2 * m.len() && s.starts_with(m) && s.ends_with(m)) else {
            break;
        };
        (start, end) = (start + m.len(), end - m.len());
    }
    for mark in ['*', '_'] {
        let s = &text[start..end];
        let (lead, trail) = (s.len() - s.trim_start_matches(mark).len(), s.len() - s.trim_end_matches(mark).len());
        if lead + trail == s.matches(mark).count() && lead + trail < s.len() {
            let inner = s[lead..s.len() - trail].trim();
            start += s[lead..].len() - s[lead..].trim_start().len() + lead;
            end = start + inner.len();
        }
    }
    crate::span::Span::new(start, end)
}

/// What a label or heading title says (`Next Steps`, `## 残タスク`, `Remaining:`), when the
/// whole title is one phrase of the lexicon, perhaps followed by a colon or a parenthesis.
pub(crate) fn label_of(title: &str) -> Option<Meaning> {
    // Emoji, numbering and marks before the words: `🎯 1. Next Steps`.
    let t = title.trim_start_matches(|c: char| !c.is_alphanumeric() || c.is_ascii_digit());
    let found = phrase_at(t)?;
    let rest = t[found.len..].trim_start_matches(is_markup).trim();
    // `Next Steps for User:`, `Remaining for the release`: whose or what for, in a few words.
    let for_whom = rest.strip_prefix("for ").is_some_and(|w| w.split_whitespace().count() <= 3 && !w.contains(['.', ',']));
    let ends = rest.is_empty() || rest.starts_with([':', '：', '(', '（', '—', '–']) || rest.starts_with("- ") || for_whom || when_titled(rest);
    // CJK titles run on without spaces: `完了したこと` (what was completed), `残りのタスク`,
    // and may end with a note in brackets (`残っているタスク (デプロイフェーズ以降)`).
    let head = rest.split(['(', '（']).next().unwrap_or(rest).trim_end();
    let cjk_tail = !t.as_bytes()[0].is_ascii() && head.chars().count() <= 8 && !head.contains(|c: char| c.is_ascii_alphanumeric() || c == ' ');
    (ends || cjk_tail).then_some(found.meaning)
}

/// Words that say work is done only in part, lower case (`SH-91 (partial): mailer`,
/// `teilweise erledigt`): such a line records no work done.
const PARTLY: &str = "partial|partially|partly|parcial|parcialmente|partiel|partiellement|teilweise|\
    parziale|parzialmente|delvis|частично|一部|部分|일부";

/// Whether a lower-cased line says its work is done only in part ([`PARTLY`]), as a word.
pub(crate) fn says_partly_done(lower: &str) -> bool {
    lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| packed::is_any(w, PARTLY) || !w.is_ascii() && PARTLY.split('|').any(|p| !p.is_ascii() && w.contains(p)))
}

/// When a title's work was done or is to be done, after its phrase: `Erledigt in dieser
/// Session`, `Done today`, `Hecho en esta sesión`, `Сделано сегодня`.
const WHEN_TITLED: &[&str] = &[
    "in this session", "this session", "today", "this week", "in dieser session", "in dieser sitzung", "heute", "diese woche",
    "en esta sesión", "esta sesión", "hoy", "esta semana", "nesta sessão", "nessa sessão", "hoje",
    "dans cette session", "cette session", "aujourd'hui", "cette semaine", "in questa sessione", "oggi", "questa settimana",
    "i denna session", "denna session", "idag", "i dag", "denna vecka", "в этой сессии", "за сессию", "сегодня", "на этой неделе",
];
static WHEN_TITLED_PACKED: packed::Words = packed::packed_words!(WHEN_TITLED);

/// Whether the rest of a title only says when its work was done ([`WHEN_TITLED`]).
fn when_titled(rest: &str) -> bool {
    let rest = case::to_lower(rest.trim_end_matches([':', '：']).trim());
    WHEN_TITLED_PACKED.contains(rest.as_str())
}

/// The status a label opening a line gives its value: a status (`In progress: auth`), or
/// done for a label of work done (`Accomplished: users API`, `**Yesterday:** finished the
/// rate limiter`, `昨天：限流器`). (the status, the label's span, where the value starts).
pub(crate) fn labelled_status(text: &str) -> Option<(Status, crate::span::Span, usize)> {
    match labelled(text)? {
        (Meaning::Status(status), word, rest) => Some((status, word, rest)),
        (Meaning::Done, word, rest) => Some((Completed, word, rest)),
        _ => None,
    }
}

/// A status or label opening an item, followed by a colon or a dash: `Done: parser`,
/// `**In progress** — auth`, `完了：設定`. (the meaning, the phrase's span, where the rest
/// starts).
pub(crate) fn labelled(text: &str) -> Option<(Meaning, crate::span::Span, usize)> {
    let lead = text.len() - text.trim_start_matches(is_markup).len();
    let found = phrase_at(text)?;
    let word_end = {
        let w = &text[..found.len];
        w.trim_end_matches(is_markup).len()
    };
    let mut after = text[found.len..].trim_start_matches(is_markup);
    // `Next Steps for User:`: whose or what for, in a few words, before the colon.
    if let Some(whom) = after.trim_start().strip_prefix("for ").filter(|_| matches!(found.meaning, Next | Remaining)) {
        if let Some(colon) = whom.find(':').filter(|&c| whom[..c].split_whitespace().count() <= 3 && !whom[..c].contains(['.', ','])) {
            after = whom[colon..].trim_start_matches(is_markup);
            after = &text[text.len() - after.len()..];
        }
    }
    // `Siguiente paso (cuando lleguen las credenciales):`, `Status (as of 10/03):`: an aside in
    // brackets on the label's own line, before its colon.
    let aside = after.trim_start();
    let open = aside.chars().next().filter(|c| matches!(c, '(' | '（')).map_or(0, char::len_utf8);
    if let Some(close) = aside[open..].find([')', '）']).map(|c| open + c).filter(|&c| open > 0 && c < 120 && !aside[..c].contains('\n')) {
        let rest = aside[close + aside[close..].chars().next().map_or(1, char::len_utf8)..].trim_start_matches(is_markup);
        if rest.starts_with([':', '：']) || rest.starts_with(" :") {
            after = rest;
        }
    }
    // `**BLOCKED** 🚫 — …`, `**Done** ✅: …`: a mark after the word says it once more.
    let past_marks = after_marks(after.trim_start());
    if past_marks.len() < after.trim_start().len() {
        let at = after.len() - past_marks.len();
        after = &after[at - usize::from(after[..at].ends_with(' '))..];
    }
    let marks = text.len() - found.len - after.len();
    // ` :` is French typography.
    let sep = [":**", ":", "：", " :", " — ", " – ", " - ", " -- "].iter().find(|s| after.starts_with(**s))?;
    let rest = found.len + marks + sep.len();
    let rest = rest + (text[rest..].len() - text[rest..].trim_start().len());
    Some((found.meaning, crate::span::Span::new(lead, word_end), rest))
}

// Placeholder words: what a section or a field holds when it was never filled in, or says
// there is nothing there (check/placeholders.rs, check/empty.rs; docs/rules.md). Lower case,
// single spaces; [`holds_only`] compares a text folded, its list marker, markup and
// enclosing brackets skipped.

/// Words that stand for content still to be written: `TBD`, `[TODO]`, `por definir`, `未定`.
pub(crate) const TO_FILL: &[&str] = &[
    "tbd", "tba", "todo", "to do", "to be determined", "to be defined", "fill in", "fill me in", "placeholder",
    "por definir", "a definir", "pendiente de definir", "à définir", "à compléter", "zu definieren", "da definire",
    "att göra", "уточнить", "未定", "待定", "待补充", "미정", "作成中",
];
pub(crate) static TO_FILL_PACKED: packed::Words = packed::packed_words!(TO_FILL);

/// Words that say a section holds nothing: `(none)`, `N/A`, `なし`, `ninguno`.
pub(crate) const NOTHING: &[&str] = &[
    "none", "none yet", "n/a", "na", "nothing", "nothing yet", "empty", "-", "--", "—", "–", "...", "…", "nil",
    "nada", "ninguno", "ninguna", "nenhum", "nenhuma", "aucun", "aucune", "rien", "keine", "keiner", "nichts",
    "nessuno", "nessuna", "inga", "ingen", "нет", "ничего", "なし", "無し", "特になし", "変更なし", "無", "无",
    "没有", "暂无", "없음", "geen", "niets", "brak", "nic", "yok",
];
pub(crate) static NOTHING_PACKED: packed::Words = packed::packed_words!(NOTHING);

/// Whether a field's value says none or no (`Blocked: No`, `Blockers: None currently`,
/// `Bloqueado: no`): a word for none opening it ([`opens_with_nothing`]), or a bare no. A
/// value that goes on after `No` (`No access to staging`) says what is missing.
pub(crate) fn says_none(value: &str) -> bool {
    const NO: &str = "no|nein|non|não|nao|nej|false|いいえ|否|아니요|아니오";
    let bare = case::to_lower(value.trim().trim_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace()));
    opens_with_nothing(value) || packed::is_any(&bare, NO)
}

/// Whether a text opens with a word for none ([`NOTHING`]: `None currently`, `Nothing
/// blocking.`, `N/A`, `Ninguno`, `なし`), past a list marker and markup.
pub fn opens_with_nothing(text: &str) -> bool {
    let t = text.trim_start_matches(['-', '*', '+', ' ', '_', '`']);
    let first = t.chars().next().map_or(0, char::len_utf8);
    let word_end = t.find(|c: char| !c.is_alphanumeric() && c != '/').unwrap_or(t.len()).max(first);
    holds_only(&t[..word_end], &NOTHING_PACKED)
}

/// Phrases that say only that the work is ready to go on (`**Ready for autonomous work!**`,
/// `All set`, `Listo para continuar`): a note among the next steps, not a step.
const READY: &str = "ready for|ready to go|all set|listo para|lista para|pronto para|prêt pour|\
    prête pour|bereit für|pronto per|redo för|готов к|готово к|準備完了|准备就绪|준비 완료";

/// Whether a line only says the work is ready to go on ([`READY`]), in a few words and no
/// more: `Ready for autonomous work!`, not `Ready for review: open the PR and ask Anna`.
pub(crate) fn says_only_ready(line: &str) -> bool {
    let t = crate::case::to_lower(line.trim().trim_matches(|c: char| matches!(c, '*' | '_' | '`' | '!' | '.' | '。' | '！') || c.is_whitespace()));
    let t = t.trim_start_matches(|c: char| !c.is_alphanumeric());
    packed::opens_with_any(t, READY) && t.split_whitespace().count() <= 5 && !t.contains([':', '：', ';'])
}

/// Words a step opens with to go on with work already under way (`Continue F07`, `继续做 …`,
/// `Weiter mit dem Export`, `引き続き …`), or to finish it (`Finish the export`, `Terminar la
/// reserva`): such a step takes up what is left of it.
const GO_ON: &[&str] = &[
    "continue", "keep ", "resume", "carry on", "continuar", "seguir", "continuer", "poursuivre", "weiter", "fortsetzen",
    "continuare", "proseguire", "fortsätt", "продолж", "継続", "引き続き", "続け", "계속", "继续", "接着",
    "finish ", "terminar ", "finalizar ", "terminer ", "achever ", "fertigstellen", "abschließen", "finire ", "completare ",
    "terminare ", "afmaken", "dokończ", "bitir", "slutför", "закончить", "доделать", "완료하기", "完成",
];
static GO_ON_PACKED: packed::Words = packed::packed_words!(GO_ON);

/// Whether a step opens by going on with work under way ([`GO_ON`]), past a list marker,
/// an ordinal and markup.
pub(crate) fn says_go_on(line: &str) -> bool {
    let t = crate::case::to_lower(line.trim_start_matches(|c: char| !c.is_alphanumeric() || c.is_ascii_digit()));
    GO_ON_PACKED.iter().any(|w| t.starts_with(w))
}

/// Words that mark a block as the one a fresh session starts from: `START HERE`, `Current
/// Session`, `Latest Session`.
pub(crate) const CURRENT_MARKS: &[&str] = &[
    "start here", "current session", "latest session", "sesión actual", "última sesión", "sessão atual", "session actuelle",
    "dernière session", "aktuelle sitzung", "letzte sitzung", "sessione corrente", "ultima sessione", "aktuell session",
    "senaste session", "текущая сессия", "последняя сессия", "現在のセッション", "最新のセッション", "当前会话", "最新会话",
    "현재 세션", "최신 세션",
];
static CURRENT_MARKS_PACKED: packed::Words = packed::packed_words!(CURRENT_MARKS);

/// Words that mark such a block as past: `(prior) START HERE`, `Previous session`.
const PAST_MARKS: &[&str] = &["prior", "previous", "old", "earlier", "superseded", "archived", "stale", "anterior", "précédent", "vorherig", "precedente", "föregående", "предыдущ", "以前", "前回", "之前", "이전"];
static PAST_MARKS_PACKED: packed::Words = packed::packed_words!(PAST_MARKS);

/// Whether `title` marks its block as the current one ([`CURRENT_MARKS`]) and not as past.
pub(crate) fn marks_current(title: &str) -> bool {
    let folded = crate::case::to_lower(title);
    CURRENT_MARKS_PACKED.iter().any(|m| folded.contains(m)) && !PAST_MARKS_PACKED.iter().any(|m| folded.contains(m))
}

/// Words that say an item is as it was: `(変更なし)`, `(unchanged)`, `(sin cambios)`. The
/// item's content stayed in an earlier version of the file.
pub(crate) const UNCHANGED: &[&str] = &[
    "no change", "no changes", "unchanged", "same as before", "sin cambios", "sem alterações", "sem mudanças", "inchangé",
    "aucun changement", "unverändert", "keine änderung", "keine änderungen", "invariato", "nessuna modifica", "oförändrad",
    "без изменений", "変更なし", "変更無し", "无变化", "無變化", "未变", "没有变化", "변경 없음", "변경없음",
];
pub(crate) static UNCHANGED_PACKED: packed::Words = packed::packed_words!(UNCHANGED);

/// Words that make work optional, in a section's title (`Optional Enhancements`,
/// `Follow-ups (optional)`, `Wishlist`) or in a step: left undone, it was never owed.
const OPTIONAL: &[&str] = &[
    "optional", "nice to have", "someday", "wishlist", "wish list", "stretch goal", "stretch goals", "opcional",
    "opcionales", "opcionais", "optionnel", "optionnels", "optionnelle", "optionnelles", "facultatif", "facultatives",
    "opzionale", "opzionali", "facoltativo", "facoltativi", "optionale", "valfri", "valfria", "необязательно",
    "необязательные", "опционально", "опциональные", "任意",
    "オプション", "可选", "可選", "선택 사항",
    // Work the run leaves to others: `Known follow-ups (out of scope, tracked separately)`.
    "out of scope", "tracked separately", "fuera de alcance", "fora do escopo", "hors périmètre", "範囲外", "范围外",
];
static OPTIONAL_PACKED: packed::Words = packed::packed_words!(OPTIONAL);

/// Hedges that make a step optional, besides [`OPTIONAL`]: `Consider adding a widget`.
const HEDGES: &[&str] = &[
    "consider", "maybe", "if time", "may want", "might want", "if they ask", "if asked", "if requested", "quizás", "talvez",
    "si lo piden", "se pedirem", "éventuellement", "eventuell", "vielleicht", "falls gewünscht", "kanske", "возможно",
];
static HEDGES_PACKED: packed::Words = packed::packed_words!(HEDGES);

/// Whether a lower-cased step says it is optional ([`OPTIONAL`], [`HEDGES`]).
pub(crate) fn says_optional(lower: &str) -> bool {
    OPTIONAL_PACKED.iter().chain(HEDGES_PACKED.iter()).any(|w| lower.contains(w))
}

/// Words after a "none" that say it holds only for now (`None for now — …`, `Nada por
/// ahora`): work comes after it.
const FOR_NOW: &[&str] = &[
    "for now", "yet", "right now", "at the moment", "until", "por ahora", "por el momento", "por enquanto", "por agora",
    "pour l'instant", "pour le moment", "vorerst", "im moment", "derzeit", "per ora", "per il momento", "för tillfället",
    "för närvarande", "voorlopig", "na razie", "şimdilik", "пока", "今のところ", "暂时", "目前", "당분간",
];
static FOR_NOW_PACKED: packed::Words = packed::packed_words!(FOR_NOW);

/// Whether a lower-cased text says it holds only for now ([`FOR_NOW`]).
pub(crate) fn says_for_now(lower: &str) -> bool {
    FOR_NOW_PACKED.iter().any(|w| lower.starts_with(w))
}

/// Whether a step marks itself optional in brackets at either end (`（可选）给团队做培训`,
/// `Dark mode (optional)`, `(nice to have) CSV export`).
pub(crate) fn marked_optional(text: &str) -> bool {
    let t = text.trim().trim_matches(['*', '_', '`']).trim();
    let inner = |open: usize, close: usize| case::to_lower(t[open..close].trim());
    let opening = t.starts_with(['(', '（']).then(|| t.find([')', '）']).map(|c| inner(t.chars().next().map_or(1, char::len_utf8), c))).flatten();
    let closing = t.ends_with([')', '）']).then(|| t.rfind(['(', '（']).map(|o| inner(o + t[o..].chars().next().map_or(1, char::len_utf8), t.len() - t.chars().next_back().map_or(1, char::len_utf8)))).flatten();
    [opening, closing].into_iter().flatten().any(|w| OPTIONAL_PACKED.contains(&w))
}

/// Whether a lower-cased section title marks its work optional: an [`OPTIONAL`] word at
/// either end (`Optional Enhancements`, `Follow-ups (optional)`; not a sitting that did an
/// optional part, `Session G — v1.0.0 + (optional) npm publish`); or standing work, which
/// no run finishes (`Maintenance Priorities (Ongoing)`, `Ongoing monitoring`).
pub(crate) fn titles_optional_work(lower: &str) -> bool {
    let t = lower.trim_matches(|c: char| !c.is_alphanumeric());
    // Or before a note in brackets (`Melhorias opcionais (pós-MVP, só se a clínica pedir)`).
    let before_note = t.rfind(" (").map_or(t, |at| t[..at].trim_end());
    if OPTIONAL_PACKED.iter().any(|w| t.starts_with(w) || t.ends_with(w) || before_note.ends_with(w)) {
        return true;
    }
    STANDING_WORK_PACKED.iter().any(|w| t.contains(w)) && RECURRING_PACKED.iter().any(|w| t.contains(w))
}

/// Work that stands as long as the project does, and the words that say it recurs.
const STANDING_WORK: &[&str] = &[
    "maintenance", "monitoring", "upkeep", "housekeeping", "mantenimiento", "monitoreo", "manutenção", "monitoramento",
    "surveillance", "wartung", "überwachung", "manutenzione", "monitoraggio", "underhåll", "övervakning",
    "обслуживание", "мониторинг", "メンテナンス", "保守", "監視", "维护", "監控", "监控", "유지보수", "모니터링",
];
static STANDING_WORK_PACKED: packed::Words = packed::packed_words!(STANDING_WORK);
const RECURRING: &[&str] = &[
    "ongoing", "continuous", "recurring", "regular", "continuo", "contínuo", "continu", "laufend", "kontinuierlich",
    "continuativ", "löpande", "постоянн", "регулярн", "継続", "定期", "持续", "持續", "지속", "정기",
];
static RECURRING_PACKED: packed::Words = packed::packed_words!(RECURRING);

/// Words of a section title about problems, where `None` is an answer, not a placeholder:
/// `## Blockers`, `## Errores`, `## Известные проблемы`.
const PROBLEM_TITLES: &[&str] = &[
    "block", "error", "bug", "issue", "risk", "question", "problem", "warning", "incident", "failure", "concern",
    "bloqueo", "problema", "riesgo", "erreur", "problème", "risque", "fehler", "problem", "risiko", "errore", "rischio",
    "ошибк", "проблем", "риск", "エラー", "問題", "課題", "リスク", "错误", "问题", "风险", "阻塞", "오류", "문제",
];
static PROBLEM_TITLES_PACKED: packed::Words = packed::packed_words!(PROBLEM_TITLES);

/// Whether a section title names problems ([`PROBLEM_TITLES`], as a word's beginning).
pub(crate) fn names_problems(title: &str) -> bool {
    let folded = crate::case::to_lower(title);
    PROBLEM_TITLES_PACKED.iter().any(|w| folded.match_indices(w).any(|(i, _)| !w.is_ascii() || folded[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric())))
}

/// Words of a section title that make it a template or an example, where placeholders are
/// meant: `## Entry template`, `## Ejemplo`, `## 模板`.
pub(crate) const TEMPLATE_TITLES: &[&str] = &[
    "template", "example", "format", "usage", "plantilla", "ejemplo", "modelo", "exemplo", "modèle", "exemple",
    "vorlage", "beispiel", "esempio", "exempel", "шаблон", "пример", "テンプレート", "模板", "示例", "格式",
    "템플릿", "예시",
];
static TEMPLATE_TITLES_PACKED: packed::Words = packed::packed_words!(TEMPLATE_TITLES);

/// Whether `text` is one of `words` and nothing more: lines joined, a list marker, `*`, `_`
/// and `` ` `` markup, enclosing brackets and a final period skipped, case folded.
pub(crate) fn holds_only(text: &str, words: &packed::Words) -> bool {
    let mut t = text.trim();
    if t.len() > 40 {
        return false;
    }
    for marker in ["- ", "* ", "+ "] {
        t = t.strip_prefix(marker).unwrap_or(t);
    }
    let t = t.trim_matches(|c: char| c.is_whitespace() || matches!(c, '*' | '_' | '`'));
    let t = t.strip_suffix('.').filter(|s| !s.ends_with('.')).unwrap_or(t);
    let t = ["()", "[]", "<>", "（）", "【】"]
        .iter()
        .find_map(|p| {
            let (open, close) = (p.chars().next()?, p.chars().nth(1)?);
            t.strip_prefix(open)?.strip_suffix(close)
        })
        .unwrap_or(t)
        .trim();
    let folded = crate::case::to_lower(t);
    let folded = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    words.contains(folded.as_str())
}

/// Whether a section title names a template or an example ([`TEMPLATE_TITLES`]).
pub(crate) fn is_template_title(title: &str) -> bool {
    let folded = crate::case::to_lower(title);
    TEMPLATE_TITLES_PACKED.iter().any(|w| {
        folded.match_indices(w).any(|(i, _)| {
            // A whole word for the ASCII ones (`format`, not `information`).
            !w.is_ascii() || {
                let before = folded[..i].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
                let rest = &folded[i + w.len()..];
                let rest = rest.strip_prefix('s').unwrap_or(rest);
                let after = rest.chars().next().is_none_or(|c| !c.is_alphanumeric());
                before && after
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn work_done_in_part() {
        assert!(says_partly_done("- sh-91 (partial): overdue mailer"));
        assert!(says_partly_done("export teilweise erledigt"));
        assert!(says_partly_done("导出部分完成"));
        assert!(!says_partly_done("partials rendered on the server"));
        assert!(!says_partly_done("export done"));
    }

    #[test]
    fn a_status_closing_a_name_may_say_when_it_was_reached() {
        let status = |t: &str| trailing_status(t).map(|(s, ..)| s);
        assert_eq!(status("Commande `verify` — terminée en 1.0.0."), Some(Completed));
        assert_eq!(status("Login bug - fixed in v2.3"), Some(Completed));
        assert_eq!(status("Export — done on 2026-11-12"), Some(Completed));
        // Not a release or a day, or more than one word after it: a name going on.
        assert_eq!(status("Export — done on time"), None);
        assert_eq!(status("Session 1: 0843ebc7 (active, 2026-01-26T05:03:15Z)"), None);
        assert_eq!(status("Auth — done in 2 of 3 services so far"), None);
    }

    /// A text opening with two ASCII characters has the key the character-by-character
    /// reading gives it, whatever follows (a third character, non-ASCII or none).
    #[test]
    fn ascii_keys_are_the_keys_of_characters() {
        for a in 0..128u8 {
            for b in 0..128u8 {
                for rest in ["", "x", "é", "\u{2019}"] {
                    let text = format!("{}{}{rest}", a as char, b as char);
                    assert_eq!(key(&text), key_of_chars(&text), "{text:?}");
                }
            }
        }
    }

    /// One line per phrase a contributor adds: the text as people write it, what it says.
    #[test]
    fn statuses_in_every_language() {
        let cases: &[(&str, Option<Status>)] = &[
            ("COMPLETED", Some(Completed)),
            ("IN_PROGRESS", Some(InProgress)),
            ("In-progress", Some(InProgress)),
            ("**Done**", Some(Completed)),
            ("✅ Done", Some(Completed)),
            ("Not started", Some(Pending)),
            ("started", Some(InProgress)),
            ("Working on", Some(InProgress)),
            ("Trabajando en", Some(InProgress)),
            ("Работаю над", Some(InProgress)),
            ("doneness", None),
            ("pendiente", Some(Pending)),
            ("En curso", Some(InProgress)),
            ("Em andamento", Some(InProgress)),
            ("In lavorazione", Some(InProgress)),
            ("Da iniziare", Some(Pending)),
            ("Non iniziato", Some(Pending)),
            ("Rilasciato", Some(Completed)),
            ("no meio da sincronização", Some(InProgress)),
            ("a mitad de la migración", Some(InProgress)),
            ("Terminé", Some(Completed)),
            ("En cours", Some(InProgress)),
            ("Erledigt", Some(Completed)),
            ("In Arbeit", Some(InProgress)),
            ("Completato", Some(Completed)),
            ("Inte klar", Some(Pending)),
            ("Afgerond", Some(Completed)),
            ("Bezig", Some(InProgress)),
            ("Waar ik mee bezig ben", Some(InProgress)),
            ("Nog te doen", Some(Pending)),
            ("W toku", Some(InProgress)),
            ("Zrobione", Some(Completed)),
            ("Zablokowane", Some(Blocked)),
            ("Tamamlandı", Some(Completed)),
            ("Devam ediyor", Some(InProgress)),
            ("Tarea en curso", Some(InProgress)),
            ("Klar", Some(Completed)),
            ("В работе", Some(InProgress)),
            ("Готово", Some(Completed)),
            ("完了", Some(Completed)),
            ("未完了", Some(Pending)),
            ("進行中", Some(InProgress)),
            ("진행 중", Some(InProgress)),
            ("완료", Some(Completed)),
            ("已完成", Some(Completed)),
            ("进行中", Some(InProgress)),
            ("実装中", Some(InProgress)),
            ("着手", Some(InProgress)),
            ("未着手", Some(Pending)),
            ("未実装", Some(Pending)),
            ("작업 중", Some(InProgress)),
            ("완료됨", Some(Completed)),
            ("미착수", Some(Pending)),
            ("시작 전", Some(Pending)),
            ("в процесі", Some(InProgress)),
            ("Zablokováno", Some(Blocked)),
            ("已实现", Some(Completed)),
            ("处理中", Some(InProgress)),
            ("计划中", Some(Pending)),
            ("Påbörjat", Some(InProgress)),
            ("Empezado", Some(InProgress)),
            ("Iniziato", Some(InProgress)),
            ("Начато", Some(InProgress)),
            ("Blocked (waiting on Mike)", Some(Blocked)),
            ("🚧", Some(InProgress)),
            ("Architecture", None),
        ];
        for &(text, want) in cases {
            assert_eq!(status_of(text), want, "{text}");
        }
    }

    #[test]
    fn labels_in_every_language() {
        let cases: &[(&str, Option<Meaning>)] = &[
            ("Next Steps", Some(Next)),
            ("Já feito", Some(Done)),
            ("Ya hecho", Some(Done)),
            ("NEXT:", Some(Next)),
            ("Next Steps (priority order)", Some(Next)),
            ("次のステップ", Some(Next)),
            ("下一步", Some(Next)),
            ("建议下一步：", Some(Next)),
            ("Decisions Made:", Some(Decision)),
            ("Entscheidungen", Some(Decision)),
            ("決定事項", Some(Decision)),
            ("Próximos pasos", Some(Next)),
            ("Prochaines étapes", Some(Next)),
            ("Nächste Schritte", Some(Next)),
            ("Prossimi passi", Some(Next)),
            ("Nästa steg", Some(Next)),
            ("Следующие шаги", Some(Next)),
            ("다음 단계", Some(Next)),
            ("Después", Some(Remaining)),
            ("Потом", Some(Remaining)),
            ("その後", Some(Remaining)),
            ("Yesterday", Some(Done)),
            ("Today", Some(Next)),
            ("今天", Some(Next)),
            ("Remaining", Some(Remaining)),
            ("Follow-ups", Some(Remaining)),
            ("What's not done", Some(Remaining)),
            ("Loose ends:", Some(Remaining)),
            ("Current Work Focus", Some(StatusField)),
            ("次回セッション：", Some(Next)),
            ("下次会话：", Some(Next)),
            ("For next time:", Some(Next)),
            ("ブロック中", Some(Status(Blocked))),
            ("차단됨", Some(Status(Blocked))),
            ("受阻", Some(Status(Blocked))),
            ("Lo que hice", Some(Done)),
            ("Was ich gemacht habe", Some(Done)),
            ("Ce que j'ai fait", Some(Done)),
            ("O que eu fiz", Some(Done)),
            ("Cosa ho fatto", Some(Done)),
            ("Vad jag gjorde", Some(Done)),
            ("Что сделано", Some(Done)),
            ("本次完成", Some(Done)),
            ("Lo que sigue", Some(Next)),
            ("Wie geht es weiter", Some(Next)),
            ("Volgende stap", Some(Next)),
            ("Następny krok", Some(Next)),
            ("Sonraki adım", Some(Next)),
            ("Наступні кроки", Some(Next)),
            ("Další kroky", Some(Next)),
            ("Поточний стан", Some(StatusField)),
            ("Estado actual", Some(StatusField)),
            ("Suite", Some(Next)),
            ("Что дальше", Some(Next)),
            ("Сделать", Some(Remaining)),
            ("К выполнению", Some(Remaining)),
            ("接下来", Some(Next)),
            ("Vad som återstår", Some(Remaining)),
            ("Suite de tests", None),
            ("Was noch fehlt", Some(Remaining)),
            ("Noch offen", Some(Remaining)),
            ("Kvar", Some(Remaining)),
            ("Återstående arbete", Some(Remaining)),
            ("Cosa manca", Some(Remaining)),
            ("Lo que queda", Some(Remaining)),
            ("Por fazer", Some(Remaining)),
            ("Travail restant", Some(Remaining)),
            ("남은 일", Some(Remaining)),
            ("剩余工作", Some(Remaining)),
            ("Что осталось", Some(Remaining)),
            ("What worked", Some(Done)),
            ("완료한 작업", Some(Done)),
            ("やったこと", Some(Done)),
            ("已完成的工作", Some(Done)),
            ("残タスク", Some(Remaining)),
            ("Archive", Some(History)),
            ("Status", Some(StatusField)),
            ("2. 完了したこと", Some(Status(Completed))),
            ("残りのタスク", Some(Remaining)),
            ("Suggested next steps:", Some(Next)),
            ("Next Steps for User:", Some(Next)),
            ("Next steps for the release", Some(Next)),
            ("Next steps for the parser are unclear, so we wait", None),
            ("Next-generation parser", None),
            ("Current Phase:", Some(Status(InProgress))),
            ("Fase actual:", Some(Status(InProgress))),
            ("Aktuelle Aufgabe:", Some(Status(InProgress))),
            ("Текущая задача:", Some(Status(InProgress))),
            ("当前阶段：", Some(Status(InProgress))),
            ("現在のフェーズ", Some(Status(InProgress))),
            ("Architecture", None),
        ];
        for &(text, want) in cases {
            assert_eq!(label_of(text), want, "{text}");
        }
    }

    #[test]
    fn labelled_items() {
        let t = "Done: parser";
        let (m, word, rest) = labelled(t).unwrap();
        assert_eq!((m, &t[word.range()], &t[rest..]), (Status(Completed), "Done", "parser"));
        let t = "**In progress** — auth";
        let (m, word, rest) = labelled(t).unwrap();
        assert_eq!((m, &t[word.range()], &t[rest..]), (Status(InProgress), "In progress", "auth"));
        let t = "Terminé : analyseur";
        assert_eq!(&t[labelled(t).unwrap().2..], "analyseur");
        let t = "完了：設定";
        assert_eq!(&t[labelled(t).unwrap().2..], "設定");
        assert!(labelled("Done with the parser").is_none());
        assert!(labelled("Note: x").is_none());
        for t in ["Next steps for the user: run it", "**Next Steps for User:** run it"] {
            let (m, _, rest) = labelled(t).unwrap();
            assert_eq!((m, &t[rest..]), (Next, "run it"), "{t}");
        }
        assert!(labelled("Next steps for the parser, and then: x").is_none());
        assert!(labelled("Done for now: x").is_none(), "a status is not a label for someone");
    }

    #[test]
    fn emoji_at_either_end() {
        let t = "User Authentication System ✅";
        let (s, _, name) = emoji_at_ends(t).unwrap();
        assert_eq!((s, &t[name.range()]), (Completed, "User Authentication System"));
        // Emphasis around the name comes off in pairs, at either end; marks inside it stay.
        for (t, want) in [
            ("✅ **Bearer tokens**", "Bearer tokens"),
            ("**Bearer tokens** ✅", "Bearer tokens"),
            ("✅ *Login*", "Login"),
            ("✅ **Auth** module", "**Auth** module"),
            ("✅ Added `legacy_id`", "Added `legacy_id`"),
            ("✅ `parser`", "parser"),
            ("✅ ** Login", "Login"),
            ("Login** ✅", "Login"),
            ("✅ snake_case_name", "snake_case_name"),
        ] {
            let (_, _, name) = emoji_at_ends(t).unwrap();
            assert_eq!(&t[name.range()], want, "{t}");
        }
        let t = "Payment flow - COMPLETED ✅";
        let (_, _, name) = emoji_at_ends(t).unwrap();
        assert_eq!(&t[name.range()], "Payment flow");
        let t = "Pago - bloqueado ✅";
        let (_, _, name) = emoji_at_ends(t).unwrap();
        assert_eq!(&t[name.range()], "Pago - bloqueado", "a word that disagrees stays in the name");
        let t = "✅\t";
        let (_, _, name) = emoji_at_ends(t).unwrap();
        assert!(name.is_empty() && name.end() <= t.len());
    }

    #[test]
    fn statuses_after_a_space() {
        for (text, want) in [
            ("v1.0.2 in progress", Some((InProgress, "in progress", "v1.0.2"))),
            ("v1.0.0 released", Some((Completed, "released", "v1.0.0"))),
            ("Pago completado", Some((Completed, "completado", "Pago"))),
            ("We are done with it", None),
            ("done", None),
        ] {
            let got = status_after_space(text).map(|(s, w, n)| (s, &text[w.range()], &text[n.range()]));
            assert_eq!(got, want, "{text}");
        }
    }

    #[test]
    fn statuses_after_a_name_and_a_colon() {
        fn said(t: &str) -> Option<(Status, &str, &str)> {
            status_after_name(t).map(|(s, w, n)| (s, &t[w.range()], &t[n.range()]))
        }
        assert_eq!(said("Billing: BLOCKED — waiting for approval"), Some((Blocked, "BLOCKED", "Billing")));
        assert_eq!(said("Spec review: passed (all 3 verified)"), Some((Completed, "passed", "Spec review")));
        assert_eq!(said("決済：完了，テスト済み"), Some((Completed, "完了", "決済")));
        assert_eq!(said("Feature #12 (export) — IN PROGRESS: CSV works, XLSX left"), Some((InProgress, "IN PROGRESS", "Feature #12 (export)")));
        assert_eq!(said("Fix login - DONE, tests pass"), Some((Completed, "DONE", "Fix login")));
        assert_eq!(said("`test.rs` - Broken (outdated API)"), None);
        // The values a field may take; a status alone (trailing_status's); prose.
        assert_eq!(said("All 3 valid statuses: active, completed, expired"), None);
        assert_eq!(said("Parser: done"), None);
        assert_eq!(said("Note: the parser is done, tests next"), None);
    }

    #[test]
    fn trailing_statuses() {
        let cases: &[(&str, Option<(Status, &str, &str)>)] = &[
            ("Parser — done", Some((Completed, "done", "Parser"))),
            ("Login page (completed)", Some((Completed, "completed", "Login page"))),
            ("Deploy: IN PROGRESS", Some((InProgress, "IN PROGRESS", "Deploy"))),
            ("Export | ✅", Some((Completed, "✅", "Export"))),
            ("Feature #7 - Status pendiente", None),
            ("Auth flow (進行中)", Some((InProgress, "進行中", "Auth flow"))),
            ("4. API endpoints ← current", Some((InProgress, "← current", "4. API endpoints"))),
            ("Billing <- we are here", Some((InProgress, "<- we are here", "Billing"))),
            ("検索 ← 今ここ", Some((InProgress, "← 今ここ", "検索"))),
            ("Export 👈", Some((InProgress, "👈", "Export"))),
            ("Cache ← Redis", None),
            ("We decided the build is done", None),
            ("Step 3: open the PR", None),
            ("(done)", None),
            ("Payment flow - BLOCKED (Intervention Requested)", Some((Blocked, "BLOCKED", "Payment flow"))),
            ("Pago — BLOQUEADO (esperando al cliente)", Some((Blocked, "BLOQUEADO", "Pago"))),
            ("test.rs - Broken (outdated API)", None),
            ("Login (see notes)", None),
            // The mark and its word, one status; a word that says another is no status.
            ("PLAN Mode - ✅ COMPLETE", Some((Completed, "✅ COMPLETE", "PLAN Mode"))),
            ("Fase de pruebas — 🚧 en curso", Some((InProgress, "🚧 en curso", "Fase de pruebas"))),
            ("REFLECT Mode - ✅ COMPLETE (see `reflection.md`)", Some((Completed, "✅ COMPLETE", "REFLECT Mode"))),
            ("Deploy - ✅ PENDING", None),
            ("Phase 2 — Extraction 🚧 En cours", Some((InProgress, "🚧 En cours", "Phase 2 — Extraction"))),
            ("Phase 1 — Inventaire ✅ Terminée (2026-11-14)", Some((Completed, "✅ Terminée", "Phase 1 — Inventaire"))),
            ("Inventaire ✅ En cours", None),
            // A mark closing the name, then a note; a status after a dash, then a note after a comma.
            ("Task 1 — DB schema ✅ (done 2026-11-01)", Some((Completed, "✅", "Task 1 — DB schema"))),
            ("Stealth: ✅ (100% on bot detection)", Some((Completed, "✅", "Stealth"))),
            ("Install ArgoCD via Helm — **in progress**, chart installed, SSO not configured", Some((InProgress, "in progress", "Install ArgoCD via Helm"))),
            ("Exportación — hecho, probado en staging", Some((Completed, "hecho", "Exportación"))),
            ("The importer is done, the exporter is next", None),
        ];
        for &(text, want) in cases {
            let got = trailing_status(text).map(|(s, w, n)| (s, &text[w.range()], &text[n.range()]));
            assert_eq!(got, want, "{text}");
        }
    }

    #[test]
    fn notes_of_work_under_way() {
        for (text, want) in [
            ("Queue outgoing messages ← in progress, queue table done", Some("Queue outgoing messages")),
            ("Dagster migration (in progress — assets ported, schedules not yet)", Some("Dagster migration")),
            ("Exportación (en curso: falta el PDF)", Some("Exportación")),
            ("検索画面（進行中、フィルタ未実装）", Some("検索画面")),
            ("Parser (current behaviour is wrong)", None),
            ("Parser (see notes)", None),
            ("Dashboard (active users only)", None),
            ("(in progress) Parser", None),
        ] {
            assert_eq!(under_way_note(text).map(|n| &text[..n]), want, "{text}");
        }
    }

    #[test]
    fn prose_completion() {
        assert_eq!(done_verb("Completed the parser"), Some(9));
        assert_eq!(done_verb("**Implemented** retries"), Some(13));
        assert_eq!(done_verb("Completed"), None);
        assert_eq!(done_verb("Completed: x"), None);
        assert_eq!(done_verb("Complete the parser"), None);
        assert!(done_verb("修复了登录问题").is_some());
    }

    #[test]
    fn run_claims() {
        for line in ["ALL 20 TASKS DONE", "PROJECT 100% COMPLETE", "152/152 features passing", "No remaining work required", "全て完了しました", "All features completed!", "**All core functionality implemented**", "All files processed.", "- Ready for next task. Latest archive: x.md", "## Current Mode: Idle"] {
            assert!(claims_all_done(&case::to_lower(line)), "{line}");
        }
        for line in ["All tests pass except two", "Target: 30/30 features (100%)", "Goal: all tasks done", "All 45 tests passing", "### Phase 1: Auth (100% Complete)", "All assigned features complete.", "12/12 tests pass", "3/20 done", "Not all tasks are done", "all remaining tasks done soon but", "Install all dependencies"] {
            assert!(!claims_all_done(&case::to_lower(line)), "{line}");
        }
        for line in ["ALL 20 TASKS DONE", "PROJECT 100% COMPLETE", "152/152 features passing", "No remaining work required", "全て完了しました", "Waiting for human intervention #274", "awaiting approval", "HITL"] {
            assert!(may_claim(line), "{line}");
        }
        assert!(!may_claim("- Fixed the parser's handling of tabs"));
        assert!(waits_on_a_person("waiting for human intervention #274"));
        assert!(waits_on_a_person("承認待ち"));
        assert!(waits_on_a_person("**next steps for user:**"));
        assert!(!waits_on_a_person("no further action required."));
        assert!(!waits_on_a_person("waiting for the build"));
        // A wait whose object, a few words on, only a person gives; not one in parentheses.
        assert!(waits_on_a_person("current: waiting on alice to review pr #42 before merging."));
        assert!(waits_on_a_person("blocked on the client's credentials for prod"));
        assert!(waits_on_a_person("awaiting feedback from the design team"));
        assert!(!waits_on_a_person("architecture: tbd (awaiting team lead decision)"));
        assert!(!waits_on_a_person("next: the live interop run (owner deferred it; it's the remaining manual gate)"));
        assert!(!waits_on_a_person("siguiente: desplegar (pendiente; esperando aprobación del equipo)"));
        assert!(!waits_on_a_person("  the remaining manual gate). the harness already drives the engine"));
        assert!(!waits_on_a_person("waiting for ci to finish; the review comes later in the week"));
        assert!(may_claim("Current: waiting on Alice to review PR #42"));
    }

    #[test]
    fn every_phrase_is_folded_as_matching_expects() {
        for (phrase, _) in ROWS {
            assert_eq!(*phrase, phrase.trim(), "{phrase}");
            assert!(!phrase.contains("  ") && !phrase.contains(['_', '-', '*', '`']), "{phrase}");
            assert_eq!(case::to_lower(phrase), *phrase, "{phrase}");
            assert!(phrase_at(phrase).is_some_and(|f| f.len == phrase.len()), "{phrase}");
        }
        // One row per phrase: a second is dead weight, or a second meaning that never wins.
        let mut seen = std::collections::HashSet::new();
        for (phrase, _) in ROWS {
            assert!(seen.insert(*phrase), "{phrase} is in the table twice");
        }
    }
}

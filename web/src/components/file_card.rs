//! One loaded file: its name and facts (dialect, task, status, last update, counts), where
//! the run stands (the next action, the unit in progress), its units, decisions,
//! discoveries and the check's findings, then its source, a line per element: every "line N"
//! links to it. All content goes into text nodes, so it is always escaped.

use crate::model::{DecisionRow, DiagnosticRow, LoadedFile, Summary, UnitRow};
use leptos::prelude::*;

#[component]
pub fn FileCard(file: LoadedFile) -> impl IntoView {
    let round_trip = if file.round_trips { "byte-exact" } else { "changed" };
    let bytes = format!("{} bytes", file.bytes());
    let id = file.id;
    let s = file.summary;
    view! {
        <article class="file-card" data-testid="file-card" data-name=file.name.clone()>
            <header>
                <h2 data-testid="file-name">{file.name.clone()}</h2>
                {file.example.then(|| view! { <span class="badge">"example"</span> })}
                <span class="status" data-testid="status" data-status=s.status>{s.status}</span>
            </header>
            <dl class="facts">
                <Fact label="Dialect" testid="dialect" value=file.dialect.to_owned() />
                {s.task.clone().map(|task| view! { <Fact label="Task" testid="task" value=task /> })}
                {s.last_updated.clone().map(|at| view! { <Fact label="Last updated" testid="last-updated" value=at /> })}
                <Fact label="Units" testid="counts" value=format!("{} done, {} pending", s.completed, s.pending) />
                <Fact label="Decisions" testid="decision-count" value=s.decisions.iter().filter(|d| d.superseded_by.is_none()).count().to_string() />
                <Fact label="Size" testid="bytes" value=bytes />
                <div>
                    <dt>"Round trip"</dt>
                    <dd data-testid="roundtrip" class:bad=!file.round_trips>{round_trip}</dd>
                </div>
            </dl>
            <NextAction file=id summary=s.clone() />
            <Units file=id units=s.units.clone() />
            <Decisions file=id decisions=s.decisions.clone() conflicts=s.conflicts.clone() />
            <Discoveries file=id discoveries=s.discoveries.clone() />
            <Findings file=id diagnostics=s.diagnostics.clone() />
            <h3>"Source"</h3>
            <Source file=id text=file.source />
        </article>
    }
}

/// "line N", a link to that line of the file's source view below.
#[component]
fn Line(file: usize, line: u32) -> impl IntoView {
    view! { <a class="line" href=format!("#{}", line_anchor(file, line))>{format!(" line {line}")}</a> }
}

/// The id of one line of a file's source view.
fn line_anchor(file: usize, line: u32) -> String {
    format!("f{file}-L{line}")
}

/// The source, a line per element so that findings can link to it.
#[component]
fn Source(file: usize, text: String) -> impl IntoView {
    let lines: Vec<(u32, String)> = text.split_inclusive('\n').enumerate().map(|(i, l)| (i as u32 + 1, l.to_owned())).collect();
    view! {
        <pre class="source" data-testid="source">
            {lines.into_iter().map(|(n, l)| view! { <span class="src-line" id=line_anchor(file, n)>{l}</span> }).collect_view()}
        </pre>
    }
}

#[component]
fn Fact(label: &'static str, testid: &'static str, value: String) -> impl IntoView {
    view! {
        <div>
            <dt>{label}</dt>
            <dd data-testid=testid>{value}</dd>
        </div>
    }
}

/// The card a resuming agent (or its reviewer) reads first: what to do next, and where the
/// unit in progress stopped.
#[component]
fn NextAction(file: usize, summary: Summary) -> impl IntoView {
    let next = summary.next_action.map(|(text, line)| {
        view! {
            <p class="next-action" data-testid="next-action">
                <span class="label">"Next action "</span>
                {text}
                <Line file line />
            </p>
        }
    });
    let resume = summary.resume.map(|(unit, stopped, next)| {
        let stop = match (stopped, next) {
            (Some(stop), Some(next)) => format!(": stopped at {stop}, continue at {next}"),
            (Some(stop), None) => format!(": stopped at {stop}"),
            _ => String::new(),
        };
        view! {
            <p class="resume" data-testid="resume">
                <span class="label">"In progress "</span>
                {unit}
                {stop}
            </p>
        }
    });
    view! { <section class="where">{next}{resume}</section> }
}

#[component]
fn Units(file: usize, units: Vec<UnitRow>) -> impl IntoView {
    (!units.is_empty()).then(|| {
        view! {
            <section>
                <h3>"Progress"</h3>
                <ul class="units" data-testid="units">
                    {units
                        .into_iter()
                        .map(|u| {
                            view! {
                                <li data-status=u.status>
                                    <span class="unit-status">{u.status}</span>
                                    " "
                                    {u.unit}
                                    {u.range.map(|r| format!(" ({r})"))}
                                    <Line file line=u.line />
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </section>
        }
    })
}

#[component]
fn Decisions(file: usize, decisions: Vec<DecisionRow>, conflicts: Vec<(String, u32)>) -> impl IntoView {
    (!decisions.is_empty()).then(|| {
        view! {
            <section>
                <h3>"Decisions"</h3>
                <ul class="conflicts" data-testid="conflicts">
                    {conflicts
                        .into_iter()
                        .map(|(message, line)| view! { <li>{message}<Line file line /></li> })
                        .collect_view()}
                </ul>
                <ul class="decisions" data-testid="decisions">
                    {decisions
                        .into_iter()
                        .map(|d| {
                            let superseded = d.superseded_by.is_some();
                            view! {
                                <li class:superseded=superseded>
                                    <code>{d.id}</code>
                                    " "
                                    {d.text}
                                    {d.superseded_by.map(|by| format!(" (superseded by {by})"))}
                                    <Line file line=d.line />
                                </li>
                            }
                        })
                        .collect_view()}
                </ul>
            </section>
        }
    })
}

#[component]
fn Discoveries(file: usize, discoveries: Vec<(String, u32)>) -> impl IntoView {
    (!discoveries.is_empty()).then(|| {
        view! {
            <section>
                <h3>"Discoveries"</h3>
                <ul class="discoveries" data-testid="discoveries">
                    {discoveries.into_iter().map(|(text, line)| view! { <li>{text}<Line file line /></li> }).collect_view()}
                </ul>
            </section>
        }
    })
}

#[component]
fn Findings(file: usize, diagnostics: Vec<DiagnosticRow>) -> impl IntoView {
    let count = diagnostics.len();
    view! {
        <section>
            <h3>{if count == 0 { "Check: clean".to_owned() } else { format!("Check: {count} finding{}", if count == 1 { "" } else { "s" }) }}</h3>
            <ul class="diagnostics" data-testid="diagnostics">
                {diagnostics
                    .into_iter()
                    .map(|d| {
                        view! {
                            <li data-severity=d.severity data-rule=d.rule>
                                <span class="severity">{d.severity}</span>
                                " "
                                <code>{d.rule}</code>
                                " "
                                {d.message}
                                <Line file line=d.line />
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        </section>
    }
}

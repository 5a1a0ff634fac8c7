//! stale-entry, mixed-scope: memory-store rows.

use super::Ctx;
use crate::hash::{fnv_of, KeyMap};
use crate::rule::Rule;

pub(super) fn check(cx: &mut Ctx) {
    if cx.doc.records().is_empty() {
        return;
    }
    if let Some(now) = cx.options.now {
        if cx.on(Rule::StaleEntry) {
            stale(cx, now.epoch_seconds);
        }
    }
    if cx.on(Rule::MixedScope) {
        mixed(cx);
    }
}

fn stale(cx: &mut Ctx, now: i64) {
    let retention = i64::from(cx.options.retention_days) * 86_400;
    for r in cx.doc.records() {
        let touched = [r.updated_at, r.last_accessed_at].into_iter().flatten().map(|t| t.epoch_seconds).max();
        let Some(last) = touched.or(r.created_at.map(|t| t.epoch_seconds)) else { continue };
        if now - last > retention {
            let days = (now - last) / 86_400;
            let name = match (&r.id, &r.content) {
                (Some(id), _) => format!("`{}`", cx.quote(id, 40)),
                (None, Some(c)) => format!("\"{}\"", cx.quote(c, 40)),
                _ => "this row".to_owned(),
            };
            let d = cx
                .diag(Rule::StaleEntry, crate::span::first_line(cx.doc.source(), r.span), format!("memory row {name} not updated or accessed for {days} days (retention {} days)", cx.options.retention_days))
                .with_help("age it out, or confirm it is still true and update it");
            cx.push(d);
        }
    }
}

fn mixed(cx: &mut Ctx) {
    let records = cx.doc.records();
    let mut counts: KeyMap<usize> = KeyMap::default();
    let mut order: Vec<&str> = Vec::new();
    let mut first_other = None;
    for r in records {
        let Some(scope) = r.scope.as_deref() else { continue };
        let n = counts.entry(fnv_of(scope)).or_insert(0);
        if *n == 0 {
            order.push(scope);
            if order.len() == 2 {
                first_other = Some(r.span);
            }
        }
        *n += 1;
    }
    let Some(at) = first_other else { return };
    let listed: Vec<String> = order.iter().take(4).map(|s| {
        let n = counts[&fnv_of(s)];
        format!("`{}` ({n} row{})", cx.quote(s, 30), if n == 1 { "" } else { "s" })
    }).collect();
    let more = if order.len() > 4 { format!(" and {} more", order.len() - 4) } else { String::new() };
    let d = cx
        .diag(Rule::MixedScope, crate::span::first_line(cx.doc.source(), at), format!("rows of {} scopes in one file: {}{more}", order.len(), listed.join(", ")))
        .with_help("views, prompts and plans can filter by scope; keep each agent's or project's memories apart where they must not mix");
    cx.push(d);
}

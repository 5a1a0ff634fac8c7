use super::*;
use crate::parse;

fn log(decisions: &[&str]) -> Document {
    let mut text = String::from("# Session Memory — t\n\n## Decisions Made\n");
    for (i, d) in decisions.iter().enumerate() {
        text.push_str(&format!("- 2026-04-22T07:{:02}Z — {d}\n", 10 + i));
    }
    parse(&text)
}

fn conflicting(a: &str, b: &str) -> Option<Conflict> {
    conflicts(&log(&[a, b])).into_iter().next()
}

#[test]
fn opposite_stances_on_one_subject_conflict() {
    let cases = [
        ("DO NOT modify config/auth.yaml — used by 3 services", "Modify config/auth.yaml to add the admin role", "config/auth.yaml"),
        ("Use Redis for the session cache", "Don't use Redis; it is not available in CI", "Redis"),
        ("Use Redis for the session cache", "Avoid Redis", "Redis"),
        ("Never use `unwrap()` in library code", "Use `unwrap()` where it is shorter", "unwrap()"),
        ("Keep the `legacy_id` field", "Remove `legacy_id` from the schema", "legacy_id"),
        ("Enable strict mode in tsconfig.json", "Disable strict mode", "strict mode"),
        ("Do not add retries to `OrderClient`", "Add retries to `OrderClient`", "OrderClient"),
        ("Use Postgres instead of MySQL", "Use MySQL", "MySQL"),
        ("Avoid Redis in tests", "Use Redis in tests for speed", "Redis"),
        ("config/auth.yaml must not be modified", "Edit config/auth.yaml for the admin role", "config/auth.yaml"),
        ("Stop using moment.js", "Use moment.js for date parsing", "moment.js"),
        ("Do not touch auth.yaml", "Add the admin role to config/auth.yaml", "config/auth.yaml"),
    ];
    for (a, b, subject) in cases {
        let c = conflicting(a, b).unwrap_or_else(|| panic!("{a} / {b}"));
        assert_eq!((c.a, c.b), (0, 1));
        assert_eq!(c.subject, subject, "{a} / {b}");
        assert!(c.explanation.contains(subject), "{}", c.explanation);
    }
}

#[test]
fn unrelated_or_agreeing_decisions_do_not_conflict() {
    let cases = [
        // Seed 000.
        ("DO NOT modify config/auth.yaml — used by 3 services (auth, payments, admin); changing here breaks them all",
         "Use optimistic locking for order updates; confirmed with existing lock pattern in orders.py:241"),
        ("DO NOT modify config/auth.yaml", "Never edit config/auth.yaml by hand"),
        ("Use Redis for caching", "Use Redis for rate limits"),
        ("Do not modify config/auth.yaml", "Modify config/payments.yaml"),
        ("Do not modify src/a/index.ts", "Modify src/b/index.ts"),
        ("Use pessimistic locking", "Avoid optimistic locking"),
        ("Keep it simple", "Remove it"),
        ("The use of Redis was discussed", "Avoid Redis in tests"),
        ("Don't modify anything here", "Update the docs"),
        // A qualified stance refines the other one.
        ("Enable telemetry in production", "Disable telemetry in CI"),
        ("Use Redis for caching", "Avoid Redis for sessions"),
    ];
    for (a, b) in cases {
        assert_eq!(conflicting(a, b), None, "{a} / {b}");
    }
}

#[test]
fn explanation_names_subject_and_cue_words() {
    let c = conflicting("DO NOT modify config/auth.yaml", "modify config/auth.yaml to add the admin role").unwrap();
    assert_eq!(c.a_words, "DO NOT modify");
    assert_eq!(c.b_words, "modify");
    assert_eq!(
        c.explanation,
        "both are about `config/auth.yaml`: 2026-04-22T07:10Z says \"DO NOT modify\" (leave it unchanged) but \
         2026-04-22T07:11Z says \"modify\" (change it), and neither supersedes the other"
    );
}

#[test]
fn superseded_decisions_are_not_active() {
    let doc = log(&["DO NOT modify config/auth.yaml", "SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml to add the admin role"]);
    assert!(conflicts(&doc).is_empty());
    // A chain: the third supersedes the second, which superseded the first.
    let doc = log(&[
        "Use Redis",
        "SUPERSEDES [2026-04-22T07:10Z] avoid Redis",
        "SUPERSEDES [2026-04-22T07:11Z] use Redis again",
    ]);
    assert!(conflicts(&doc).is_empty());
}

#[test]
fn find_conflict_guards_new_decisions() {
    let doc = log(&["DO NOT modify config/auth.yaml", "Use optimistic locking for order updates"]);
    let c = find_conflict(&doc, "modify config/auth.yaml to add the admin role").unwrap();
    assert_eq!((c.decision, c.id.as_str(), c.subject.as_str()), (0, "2026-04-22T07:10Z", "config/auth.yaml"));
    assert!(c.explanation.contains("DO NOT modify"));
    assert!(find_conflict(&doc, "2026-04-22T08:00Z — SUPERSEDES [2026-04-22T07:10Z] modify config/auth.yaml").is_none());
    assert!(find_conflict(&doc, "Use optimistic locking for payments too").is_none());
    assert!(find_conflict(&doc, "Avoid optimistic locking").is_some());
    assert!(find_conflict(&doc, "Read the docs first").is_none());
    // Superseding through a chain: the new text replaces the head, which replaced the first.
    let doc = log(&["Use Redis", "SUPERSEDES [2026-04-22T07:10Z] use Redis with TLS"]);
    assert!(find_conflict(&doc, "SUPERSEDES [2026-04-22T07:11Z] avoid Redis").is_none());
    assert!(find_conflict(&doc, "avoid Redis").is_some());
}

thread_local! {
    /// The work of [`matched`]: each stance it goes through, and each earlier stance it
    /// may hold that one against (at most: it stops at the first match).
    pub(super) static WORK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The work done to find the conflicts among `n` decisions about one file name
/// in `n` folders, of alternating polarity: every decision is a candidate (both
/// polarities share a group) and none conflicts (the paths differ), the most a search
/// for an opposing stance can be made to look through.
fn work_among(n: usize) -> usize {
    let ds: Vec<String> = (0..n)
        .map(|i| if i % 2 == 0 { format!("DO NOT modify d{i}/config.yaml") } else { format!("modify d{i}/config.yaml") })
        .collect();
    let refs: Vec<Option<&str>> = ds.iter().map(|s| Some(s.as_str())).collect();
    WORK.with(|c| c.set(0));
    assert!(pairs(&refs).is_empty());
    WORK.with(|c| c.get())
}

/// Linear by the work done, not by a clock: ten times the decisions about one subject
/// cost ten times the work (each stance compared against the bounded recent few, never
/// against every earlier one; a tenth more allowed for the first stances, which have
/// fewer before them), where a search of every earlier stance would cost a hundred
/// times. And thousands of decisions of one polarity go through no matching at all.
#[test]
fn many_decisions_stay_linear() {
    let (small, large) = (work_among(2_000), work_among(20_000));
    assert!(small > 0);
    assert!(large <= 11 * small, "work {small} for 2,000 decisions, {large} for 20,000");
    let same: Vec<String> = (0..20_000).map(|i| format!("DO NOT modify config/f{}.yaml — keep it", i % 30)).collect();
    let refs: Vec<Option<&str>> = same.iter().map(|s| Some(s.as_str())).collect();
    WORK.with(|c| c.set(0));
    assert!(pairs(&refs).is_empty());
    assert_eq!(WORK.with(|c| c.get()), 0);
}

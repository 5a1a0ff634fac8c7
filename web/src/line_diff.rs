//! What the edits changed, line by line: the text as loaded against the text now, as a
//! unified diff (Myers' O((N+M)·D) shortest edit script on the lines between the common head
//! and tail). The card shows it with a coloured gutter; its hunks are the "changes" it counts.

/// One line of the diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line<'t> {
    Same(&'t str),
    Removed(&'t str),
    Added(&'t str),
}

/// Edit distances past this are drawn as the whole middle removed and added: a diff of two
/// unrelated texts is not worth its cost.
const MAX_D: usize = 2000;

/// The lines of `old` and `new` (each with its line break) in diff order.
pub fn lines<'t>(old: &'t str, new: &'t str) -> Vec<Line<'t>> {
    let a: Vec<&str> = old.split_inclusive('\n').collect();
    let b: Vec<&str> = new.split_inclusive('\n').collect();
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..].iter().rev().zip(b[head..].iter().rev()).take_while(|(x, y)| x == y).count();
    let (mid_a, mid_b) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let mut out: Vec<Line> = a[..head].iter().map(|l| Line::Same(l)).collect();
    match script(mid_a, mid_b) {
        Some(middle) => out.extend(middle),
        None => {
            out.extend(mid_a.iter().map(|l| Line::Removed(l)));
            out.extend(mid_b.iter().map(|l| Line::Added(l)));
        }
    }
    out.extend(a[a.len() - tail..].iter().map(|l| Line::Same(l)));
    out
}

/// Myers' shortest edit script from `a` to `b`, `None` past [`MAX_D`] edits. Keeps the
/// furthest reaching x of each diagonal for each d (2d + 1 of them), then walks back.
fn script<'t>(a: &[&'t str], b: &[&'t str]) -> Option<Vec<Line<'t>>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let at = |v: &Vec<isize>, d: isize, k: isize| v[(k + d) as usize];
    let mut found = None;
    'search: for d in 0..=((n + m) as usize).min(MAX_D) as isize {
        let mut v = vec![0isize; 2 * d as usize + 1];
        for k in (-d..=d).step_by(2) {
            let mut x = match trace.last() {
                None => 0,
                Some(prev) if k == -d || (k != d && at(prev, d - 1, k - 1) < at(prev, d - 1, k + 1)) => at(prev, d - 1, k + 1),
                Some(prev) => at(prev, d - 1, k - 1) + 1,
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[(k + d) as usize] = x;
            if x >= n && y >= m {
                trace.push(v);
                found = Some(d);
                break 'search;
            }
        }
        trace.push(v);
    }
    let d_end = found?;
    let mut out = Vec::with_capacity((n + m) as usize);
    let (mut x, mut y) = (n, m);
    for d in (1..=d_end).rev() {
        let prev = &trace[d as usize - 1];
        let k = x - y;
        let prev_k = if k == -d || (k != d && at(prev, d - 1, k - 1) < at(prev, d - 1, k + 1)) { k + 1 } else { k - 1 };
        let prev_x = at(prev, d - 1, prev_k);
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            x -= 1;
            y -= 1;
            out.push(Line::Same(a[x as usize]));
        }
        if x == prev_x {
            out.push(Line::Added(b[prev_y as usize]));
        } else {
            out.push(Line::Removed(a[prev_x as usize]));
        }
        (x, y) = (prev_x, prev_y);
    }
    while x > 0 && y > 0 {
        x -= 1;
        y -= 1;
        out.push(Line::Same(a[x as usize]));
    }
    out.reverse();
    Some(out)
}

/// Lines of context kept around a change.
const CONTEXT: usize = 2;

/// The diff's hunks: runs of changed lines with [`CONTEXT`] lines around them, merged where
/// they touch. Each is (first line of the old text, 1-based; its lines).
pub fn hunks<'t>(diff: &[Line<'t>]) -> Vec<(usize, Vec<Line<'t>>)> {
    let changed: Vec<usize> = diff.iter().enumerate().filter(|(_, l)| !matches!(l, Line::Same(_))).map(|(i, _)| i).collect();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for i in changed {
        let (start, end) = (i.saturating_sub(CONTEXT), (i + CONTEXT + 1).min(diff.len()));
        match spans.last_mut() {
            Some(last) if start <= last.1 => last.1 = end,
            _ => spans.push((start, end)),
        }
    }
    spans
        .into_iter()
        .map(|(start, end)| {
            let old_line = 1 + diff[..start].iter().filter(|l| !matches!(l, Line::Added(_))).count();
            (old_line, diff[start..end].to_vec())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{hunks, lines, Line::*};

    /// The diff, applied, gives the new text back; the old text is its kept and removed lines.
    fn check(old: &str, new: &str) {
        let d = lines(old, new);
        let rebuilt_new: String = d.iter().filter_map(|l| match l { Same(t) | Added(t) => Some(*t), Removed(_) => None }).collect();
        let rebuilt_old: String = d.iter().filter_map(|l| match l { Same(t) | Removed(t) => Some(*t), Added(_) => None }).collect();
        assert_eq!((rebuilt_old.as_str(), rebuilt_new.as_str()), (old, new));
    }

    #[test]
    fn a_diff_rebuilds_both_texts_and_is_shortest() {
        check("a\nb\nc\n", "a\nx\nc\n");
        check("", "a\n");
        check("a\n", "");
        check("a\nb\nc\nd\ne\n", "x\nb\nc\nd\ny\n");
        check("a\nb", "a\nb\n");
        assert_eq!(lines("a\nb\nc\n", "a\nc\n"), [Same("a\n"), Removed("b\n"), Same("c\n")]);
        let far = lines("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n");
        assert_eq!(far.iter().filter(|l| !matches!(l, Same(_))).count(), 2);
        assert_eq!(hunks(&far).len(), 2);
        assert_eq!(hunks(&far)[1].0, 8);
    }
}

#!/usr/bin/env python3
"""Lists the biggest functions of a .wasm (built with names, before wasm-opt strips them).

usage: scripts/wasm-sizes.py FILE.wasm [N]   — prints N (default 40) functions by code size
and a total per crate prefix, to see what a change costs in the package's size budget.
"""
import sys, collections, re

def leb(b, i):
    r = s = 0
    while True:
        x = b[i]; i += 1
        r |= (x & 0x7F) << s; s += 7
        if x < 0x80:
            return r, i

def main():
    data = open(sys.argv[1], "rb").read()
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    i, imports, sizes, names = 8, 0, [], {}
    while i < len(data):
        sid = data[i]; i += 1
        size, i = leb(data, i)
        end = i + size
        if sid == 2:  # imports: count function imports (they shift function indices)
            n, j = leb(data, i)
            for _ in range(n):
                l, j = leb(data, j); j += l
                l, j = leb(data, j); j += l
                kind = data[j]; j += 1
                if kind == 0: _, j = leb(data, j); imports += 1
                elif kind == 1: j += 1; flags, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if flags & 1 else j
                elif kind == 2: flags, j = leb(data, j); _, j = leb(data, j); j = leb(data, j)[1] if flags & 1 else j
                elif kind == 3: j += 2
        elif sid == 10:
            n, j = leb(data, i)
            for _ in range(n):
                l, j = leb(data, j); sizes.append(l); j += l
        elif sid == 0:
            l, j = leb(data, i); name = data[j:j + l].decode(); j += l
            if name == "name":
                while j < end:
                    sub = data[j]; j += 1
                    sl, j = leb(data, j); se = j + sl
                    if sub == 1:
                        n, k = leb(data, j)
                        for _ in range(n):
                            idx, k = leb(data, k); l, k = leb(data, k)
                            names[idx] = data[k:k + l].decode(errors="replace"); k += l
                    j = se
        i = end
    rows = [(s, names.get(imports + k, f"func{imports + k}")) for k, s in enumerate(sizes)]
    rows.sort(reverse=True)
    total = sum(s for s, _ in rows)
    print(f"code: {total} bytes in {len(rows)} functions")
    for s, n in rows[:top]:
        print(f"{s:8d}  {n[:150]}")
    by_crate, by_module = collections.Counter(), collections.Counter()
    for s, n in rows:
        path = demangle(n)
        by_crate[path[0]] += s
        by_module["::".join(path[:2])] += s
    print("\nby crate:")
    for k, s in by_crate.most_common(15):
        print(f"{s:8d}  {k}")
    print("\nby module:")
    for k, s in by_module.most_common(40):
        print(f"{s:8d}  {k}")

def demangle(name):
    """The path of a Rust symbol, as segments: legacy `_ZN12memento_core5check5checkE`
    gives ["memento_core", "check", "check"]; v0 (`_R…`) names give their crate alone,
    read from the first `<len><crate>` after the crate-root tag; anything else is itself."""
    if name.startswith("_ZN"):
        out, i = [], 3
        while i < len(name) and name[i].isdigit():
            j = i
            while name[j].isdigit():
                j += 1
            n = int(name[i:j])
            out.append(name[j:j + n])
            i = j + n
        return [seg for seg in out if not seg.startswith("h") or len(seg) != 17] or [name]
    m = re.search(r"Cs[0-9A-Za-z_]*?_(\d+)([a-z_][a-z0-9_]*)", name)
    if name.startswith("_R") and m:
        return [m.group(2)[: int(m.group(1))]]
    return [name.split("::")[0].lstrip("_<")]

main()

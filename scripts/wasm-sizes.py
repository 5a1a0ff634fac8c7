#!/usr/bin/env python3
"""Lists the biggest functions of a .wasm (built with names, before wasm-opt strips them).

usage: scripts/wasm-sizes.py FILE.wasm [N]   — prints N (default 40) functions by code size
and a total per crate prefix, to see what a change costs in the package's size budget.
"""
import sys, collections

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
    by = collections.Counter()
    for s, n in rows:
        key = n.split("::")[0].lstrip("_<")
        by[key] += s
    print("\nby prefix:")
    for k, s in by.most_common(15):
        print(f"{s:8d}  {k}")

main()

#!/usr/bin/env python3
"""Draw the compile-time chart: cost vs module size, ours and upstream, per pass.

Reads the CSV files the compile-time benchmarks write (bench-straightline.sh,
bench-infer-address-spaces.sh, bench-bypass.sh; columns pass, who, size, unit,
wall_net_s, instructions_net) and writes one SVG with a log-log panel per pass
(in pipeline order):
our pass and its LLVM 16 twin as two lines, labelled with ours/upstream at the
largest size. `--measure instructions` (default) plots callgrind's net
instruction counts, which do not depend on machine load; a pass whose sizes do
not all have counts is plotted in wall time and its panel says so.
`--measure wall` plots net wall time throughout. It also prints the table of
ours/upstream per pass and size, in the chosen measure, as Markdown.

usage: chart-compile-time.py [--measure instructions|wall] -o OUT.svg CSV...
"""
import argparse
import csv
import math
import sys
from collections import defaultdict

OURS_COLOR, UP_COLOR = "#1b6ac9", "#d9480f"
# Panels in the order of the gpucc pipeline; passes not named here follow.
ORDER = ("infer-address-spaces", "separate-const-offset-from-gep", "speculative-execution",
         "slsr", "nary-reassociate", "bypass-slow-division")
PANEL_W, PANEL_H, COLS = 310, 220, 3
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 62, 14, 34, 44


def read(paths):
    """{pass: {"unit": unit, "ours"/"upstream": {size: (wall, instructions or None)}}}."""
    data = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                d = data.setdefault(row["pass"], {"unit": row["unit"],
                                                  "ours": {}, "upstream": {}})
                ir = row["instructions_net"]
                d[row["who"]][int(row["size"])] = (float(row["wall_net_s"]),
                                                   int(ir) if ir else None)
    return data


def series(d, measure):
    """(measure used, {who: [(size, value)]}) for one pass."""
    sizes = sorted(set(d["ours"]) & set(d["upstream"]))
    if measure == "instructions" and all(d[w][n][1] is not None
                                         for w in ("ours", "upstream") for n in sizes):
        idx, used = 1, "instructions"
    else:
        idx, used = 0, "wall"
    return used, {w: [(n, d[w][n][idx]) for n in sizes] for w in ("ours", "upstream")}


def fmt_size(n):
    return f"{n // 1_000_000}M" if n >= 1_000_000 else f"{n // 1000}k" if n >= 1000 else str(n)


def fmt_value(v, used):
    if used == "wall":
        return f"{v * 1000:.0f} ms" if v < 1 else f"{v:.1f} s"
    if v >= 1e9:
        return f"{v / 1e9:g}G"
    return f"{v / 1e6:g}M" if v >= 1e6 else f"{v / 1e3:g}k"


def panel(out, x0, y0, name, unit, used, pts):
    """Draws one panel at (x0, y0)."""
    allpts = [p for w in pts.values() for p in w if p[1] > 0]
    out.append(f'<text x="{x0 + PANEL_W / 2}" y="{y0 + 18}" text-anchor="middle" '
               f'font-weight="bold">{name}</text>')
    if not allpts:
        return
    lx = [math.log10(n) for n, _ in allpts]
    ly = [math.log10(v) for _, v in allpts]
    xmin, xmax = min(lx) - 0.15, max(lx) + 0.15
    ymin, ymax = math.floor(min(ly) - 0.1), math.ceil(max(ly) + 0.1)
    pw = PANEL_W - MARGIN_L - MARGIN_R
    ph = PANEL_H - MARGIN_T - MARGIN_B
    px, py = x0 + MARGIN_L, y0 + MARGIN_T

    def X(n):
        return px + (math.log10(n) - xmin) / (xmax - xmin) * pw

    def Y(v):
        return py + ph - (math.log10(v) - ymin) / (ymax - ymin) * ph

    out.append(f'<rect x="{px}" y="{py}" width="{pw}" height="{ph}" fill="none" '
               'stroke="#999"/>')
    for e in range(ymin, ymax + 1):
        v = 10.0 ** e
        out.append(f'<line x1="{px}" y1="{Y(v):.1f}" x2="{px + pw}" y2="{Y(v):.1f}" '
                   'stroke="#eee"/>')
        out.append(f'<text x="{px - 4}" y="{Y(v) + 4:.1f}" text-anchor="end" '
                   f'font-size="10">{fmt_value(v, used)}</text>')
    for n in sorted({n for n, _ in allpts}):
        out.append(f'<text x="{X(n):.1f}" y="{py + ph + 14}" text-anchor="middle" '
                   f'font-size="10">{fmt_size(n)}</text>')
    what = "CPU instructions (callgrind)" if used == "instructions" else "wall time"
    out.append(f'<text x="{px + pw / 2}" y="{py + ph + 30}" text-anchor="middle" '
               f'font-size="9">x: {unit}; y: net {what}</text>')
    for who, color, dash in (("upstream", UP_COLOR, ' stroke-dasharray="5,3"'),
                             ("ours", OURS_COLOR, "")):
        p = [(n, v) for n, v in pts[who] if v > 0]
        if not p:
            continue
        path = " ".join(f"{X(n):.1f},{Y(v):.1f}" for n, v in p)
        out.append(f'<polyline points="{path}" fill="none" stroke="{color}" '
                   f'stroke-width="2"{dash}/>')
        for n, v in p:
            out.append(f'<circle cx="{X(n):.1f}" cy="{Y(v):.1f}" r="3" fill="{color}"/>')
    (n_o, v_o), (n_u, v_u) = pts["ours"][-1], pts["upstream"][-1]
    if n_o == n_u and v_u > 0:
        out.append(f'<text x="{px + 6}" y="{py + 14}" font-size="11">ours/upstream at '
                   f'{fmt_size(n_o)}: {v_o / v_u:.2f}</text>')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--measure", choices=("instructions", "wall"), default="instructions")
    a = ap.parse_args()
    data = read(a.csv)
    if not data:
        sys.exit("chart-compile-time: no rows")
    rank = {name: i for i, name in enumerate(ORDER)}
    data = dict(sorted(data.items(), key=lambda kv: rank.get(kv[0], len(ORDER))))
    rows = (len(data) + COLS - 1) // COLS
    width, height = COLS * PANEL_W, rows * PANEL_H + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<line x1="20" y1="14" x2="44" y2="14" stroke="{OURS_COLOR}" stroke-width="2"/>',
           '<text x="50" y="18">ours (gpucc-...)</text>',
           f'<line x1="180" y1="14" x2="204" y2="14" stroke="{UP_COLOR}" stroke-width="2" '
           'stroke-dasharray="5,3"/>',
           '<text x="210" y="18">LLVM 16 upstream twin</text>']
    table = defaultdict(dict)
    for i, (name, d) in enumerate(data.items()):
        used, pts = series(d, a.measure)
        panel(out, (i % COLS) * PANEL_W, 30 + (i // COLS) * PANEL_H, name, d["unit"], used, pts)
        for (n, o), (_, u) in zip(pts["ours"], pts["upstream"]):
            table[name][n] = (o / u if u > 0 else float("inf"), used)
    out.append("</svg>")
    with open(a.output, "w") as f:
        f.write("\n".join(out) + "\n")
    sizes = sorted({n for t in table.values() for n in t})
    print("| pass (ours/upstream) | " + " | ".join(fmt_size(n) for n in sizes) + " | measure |")
    print("|---|" + "---:|" * len(sizes) + "---|")
    for name, t in table.items():
        cells = [f"{t[n][0]:.2f}" if n in t else "" for n in sizes]
        used = {u for _, u in t.values()}
        print(f"| {name} | " + " | ".join(cells) + f" | {', '.join(sorted(used))} |")
    print(f"chart: {a.output}", file=sys.stderr)


if __name__ == "__main__":
    main()

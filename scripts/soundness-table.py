#!/usr/bin/env python3
"""Markdown tables from the summary lines of tests/soundness.rs.

usage: scripts/soundness-table.py LOG...

Reads the `poison-summary CORPUS: key=value ...` lines that
`cargo test --release --test soundness -- --nocapture` (or scripts/fuzz.sh) prints, and the
`LABEL: N instructions given flags ...` lines of LLVMs after 16, and prints one row per corpus
and a total row, as docs/soundness.md shows them ("checks" are (function, pipeline) pairs).
"""
import re
import sys

COLUMNS = ["modules", "functions", "pipelines", "inputs", "compared", "source-ub",
           "observations", "memory-bytes", "violations", "opt-failures", "refusals"]


def main(paths):
    rows, flagged = {}, {}
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"poison-summary (\S+): (.*)", line)
                if m:
                    kv = dict(re.findall(r"([a-z-]+)=(\S+)", m.group(2)))
                    rows[m.group(1)] = kv  # a log may hold a line twice (tee)
                m = re.match(r"(\S+): (\d+) instructions given flags", line)
                if m:
                    flagged[m.group(1)] = int(m.group(2))
    if not rows:
        sys.exit("soundness-table: no poison-summary lines in " + " ".join(paths))
    names = {"functions": "checks", "source-ub": "source UB", "memory-bytes": "memory bytes",
             "opt-failures": "opt failures"}
    print("| corpus | " + " | ".join(names.get(c, c) for c in COLUMNS) + " |")
    print("|---|" + "---:|" * len(COLUMNS))
    total = {c: 0 for c in COLUMNS}
    for corpus, kv in sorted(rows.items()):
        print(f"| {corpus} | " + " | ".join(kv.get(c, "?") for c in COLUMNS) + " |")
        for c in COLUMNS:
            total[c] += int(kv.get(c, 0)) if c != "pipelines" else 0
    print("| **total** | " + " | ".join(
        "" if c == "pipelines" else f"**{total[c]}**" for c in COLUMNS) + " |")
    if flagged:
        print(f"\n{sum(flagged.values())} generated instructions carried flags of LLVM 18 to 20 "
              "(`irtext::with_newer_flags`).")


if __name__ == "__main__":
    main(sys.argv[1:] or sys.exit(__doc__))

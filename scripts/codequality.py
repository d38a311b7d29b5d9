#!/usr/bin/env python3
"""Code-quality benchmark of the gpucc pipeline: the measuring half of
scripts/bench-codequality.sh, which builds the plugin, finds ptxas and
nvdisasm, then runs this program. That script says what is measured and why;
this file says how.

For each kernel K (bench/kernels/K.cu), in OUT/K/:
  clang.ll     clang -x cuda --cuda-device-only -nocudainc -nocudalib
               --cuda-gpu-arch=sm_80 -O3 -S -emit-llvm
  split.mir    llc -O3 -march=nvptx64 -mcpu=sm_80 -stop-after=nvptx-lower-alloca
  split.ll     the IR inside split.mir: the lines between `--- |` and the first
               `...`, two spaces of indent removed (test/ptx's sed pipeline)
  C.ll         configuration C of split.ll (CONFIG_PASSES; none is split.ll)
  C.ptx        llc -O3 -march=nvptx64 -mcpu=sm_80 -start-before=atomic-expand C.ll
  C.cubin      ptxas -v -arch=sm_80 C.ptx, its report in C.ptxas (with ptxas)
  C.sass       nvdisasm C.cubin (with nvdisasm)
  llc.ptx      llc -O3 -march=nvptx64 -mcpu=sm_80 clang.ll: the whole of llc, to
               check that upstream.ptx is what llc makes by itself

usage: codequality.py --llvm-bin DIR --plugin SO --kernels DIR --out DIR
                      [--ptxas PATH] [--nvdisasm PATH] [--svg PATH]
                      [--projection] [--strict] [KERNEL...]
Exit status: 0; 1 with --strict when the verdict is not met; 2 on error.
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

NAME = "bench-codequality"
CONFIGS = ("none", "upstream", "gpucc")
SHORT = {"none": "none", "upstream": "up", "gpucc": "gpucc", "projected": "gpucc+sl"}
LABELS = {"none": "no GPU passes", "upstream": "LLVM 16 upstream", "gpucc": "gpucc"}
COLOURS = {"none": "#9e9e9e", "upstream": "#4e79a7", "gpucc": "#e15759"}
# LLVM 16's own copies of gpucc's passes, in the order NVPTXPassConfig::addIRPasses
# runs them (its first GVN and EarlyCSE included): what the split skips.
STRAIGHT_LINE = ("separate-const-offset-from-gep,speculative-execution,slsr,gvn,"
                 "nary-reassociate,early-cse")
UPSTREAM_PIPELINE = f"infer-address-spaces,function({STRAIGHT_LINE})"
# --projection: today's gpucc followed by upstream's straight-line passes, an
# estimate of gpucc once its own straight-line passes are in the suite.
PROJECTED_PIPELINE = f"gpucc,function({STRAIGHT_LINE})"
CONFIG_PASSES = {"upstream": (False, UPSTREAM_PIPELINE), "gpucc": (True, "gpucc"),
                 "projected": (True, PROJECTED_PIPELINE)}  # (needs the plugin, -passes=)
CLANG_FLAGS = ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
               "--cuda-gpu-arch=sm_80", "-O3", "-S", "-emit-llvm"]
LLC_FLAGS = ["-O3", "-march=nvptx64", "-mcpu=sm_80"]
REG_SLACK = 2  # gpucc may use this many registers more than upstream


def die(msg):
    """Stops the benchmark with status 2, the benchmarks' status for an error."""
    print(f"{NAME}: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd):
    """Runs cmd (a list of words), output captured; stops the benchmark if it
    fails. Returns its CompletedProcess."""
    cmd = [str(c) for c in cmd]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        die(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return p


def ir_of_mir(mir_text):
    """The LLVM IR module embedded in a MIR file: the lines from `--- |` to the
    first `...`, without those two, each with its two spaces of indent removed."""
    out, inside = [], False
    for line in mir_text.splitlines():
        if not inside:
            inside = line == "--- |"
            continue
        if line == "...":
            return "\n".join(out) + "\n"
        out.append(line[2:] if line.startswith("  ") else line)
    die("no IR block (`--- |` ... `...`) in the MIR file")


# --- PTX ---------------------------------------------------------------------

FUNC_HEAD = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+|\.extern\s+)*\.(entry|func)\b")
LABEL = re.compile(r"^\s*[$%\w.]+:")
SPACES = ("global", "shared", "local", "const", "param")
MEMORY_OPS = ("ld", "ldu", "st", "atom", "red")
DIV64 = re.compile(r"^(div|rem)\.[su]64$")


def instructions(ptx):
    """The instructions of every function body in ptx (text), each as its
    opcode split at dots: `@%p1 bra.uni $L__BB0_2;` gives ["bra", "uni"].
    Skips directives (.reg, .param, .local, ...), labels, braces and comments;
    a statement ends with `;` and may span lines (call sequences do)."""
    insts = []
    depth, in_func, stmt = 0, False, ""
    for raw in ptx.splitlines():
        line = raw.split("//", 1)[0]
        if depth == 0 and not in_func:
            # a declaration ends with `;`; a definition has a body
            if FUNC_HEAD.match(line) and not line.rstrip().endswith(";"):
                in_func = True
            continue
        for ch in line:
            if ch == "{":
                depth += 1
                stmt = ""
            elif ch == "}":
                depth -= 1
                stmt = ""
                if depth == 0:
                    in_func = False
            elif depth > 0:
                stmt += ch
                if ch == ";":
                    text = LABEL.sub("", stmt).strip()
                    stmt = ""
                    if text and not text.startswith("."):
                        words = text.split()
                        if words[0].startswith("@"):  # predicate guard
                            words = words[1:]
                        insts.append(words[0].split("."))
        if depth > 0:
            stmt += " "  # the statement goes on on the next line
    return insts


def ptx_metrics(ptx):
    """PTX counts of one file: instrs; generic and specific memory instructions
    (ld, ldu, st, atom, red without / with a state space .global .shared .local
    .const .param); cvta (address conversions); div64 (div/rem .s64/.u64);
    branches (bra)."""
    m = {"instrs": 0, "generic": 0, "specific": 0, "cvta": 0, "div64": 0, "branches": 0}
    for parts in instructions(ptx):
        m["instrs"] += 1
        op = parts[0]
        if op in MEMORY_OPS:
            m["specific" if any(s in parts[1:] for s in SPACES) else "generic"] += 1
        if DIV64.match(".".join(parts[:2])):
            m["div64"] += 1
        if op == "cvta":
            m["cvta"] += 1
        if op == "bra":
            m["branches"] += 1
    return m


def strip_ptx_comments(ptx):
    """ptx without comments and blank lines (two llc command lines differ in
    the comments they leave, e.g. block names)."""
    return "\n".join(c for c in (line.split("//", 1)[0].rstrip() for line in ptx.splitlines())
                     if c)


# --- ptxas and nvdisasm --------------------------------------------------------

ENTRY = re.compile(r"Compiling entry function '([^']+)'")
USED = re.compile(r"Used (\d+) registers")
SPILLS = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")
SASS_INST = re.compile(r"^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)")


def ptxas_metrics(ptxas, ptx, cubin, log):
    """{regs, spills} from `ptxas -v -arch=sm_80 ptx -o cubin` (report in log):
    regs is the largest register count of an entry function (ptxas reports
    registers for entries only), spills the spill bytes (stores + loads) of all
    functions. None for each without ptxas; stops the benchmark if ptxas
    rejects the PTX."""
    if not ptxas:
        return {"regs": None, "spills": None}
    p = run([ptxas, "-v", "-arch=sm_80", ptx, "-o", cubin])
    Path(log).write_text(p.stderr)
    regs = [int(r) for r in USED.findall(p.stderr)]
    if not ENTRY.search(p.stderr) or not regs:
        die(f"no register count in the ptxas report for {ptx}:\n{p.stderr}")
    spills = sum(int(a) + int(b) for a, b in SPILLS.findall(p.stderr))
    return {"regs": max(regs), "spills": spills}


def sass_count(nvdisasm, cubin, out):
    """SASS instructions in the code sections of cubin, NOPs (alignment
    padding) left out; the listing goes to out. None without nvdisasm or
    without a cubin."""
    if not nvdisasm or not Path(cubin).exists():
        return None
    listing = run([nvdisasm, cubin]).stdout
    Path(out).write_text(listing)
    n, in_text = 0, False
    for line in listing.splitlines():
        words = line.split()
        if words and words[0] == ".section":  # not .sectioninfo, .sectionflags
            in_text = words[1].startswith(".text.")
            continue
        m = SASS_INST.match(line) if in_text else None
        if m and m.group(1) != "NOP":
            n += 1
    if n == 0:
        die(f"no SASS instructions found in {out}")
    return n


# --- one kernel --------------------------------------------------------------

def measure(kernel_cu, args, configs):
    """The metrics of one kernel: {config: {metric: value}}, plus "llc_same"
    (upstream.ptx equals the PTX of a whole llc -O3) and "llc_instrs"."""
    d = Path(args.out) / kernel_cu.stem
    d.mkdir(parents=True, exist_ok=True)
    bin_ = Path(args.llvm_bin)
    clang, opt, llc = bin_ / "clang", bin_ / "opt", bin_ / "llc"

    run([clang] + CLANG_FLAGS + [kernel_cu, "-o", d / "clang.ll"])
    run([llc] + LLC_FLAGS + ["-stop-after=nvptx-lower-alloca", d / "clang.ll",
                             "-o", d / "split.mir"])
    (d / "split.ll").write_text(ir_of_mir((d / "split.mir").read_text()))

    result = {}
    for c in configs:
        ll, ptx, cubin = d / f"{c}.ll", d / f"{c}.ptx", d / f"{c}.cubin"
        if c == "none":
            ll.write_text((d / "split.ll").read_text())
        else:
            plugin, passes = CONFIG_PASSES[c]
            load = [f"-load-pass-plugin={args.plugin}"] if plugin else []
            run([opt] + load + [f"-passes={passes}", "-S", d / "split.ll", "-o", ll])
        run([llc] + LLC_FLAGS + ["-start-before=atomic-expand", ll, "-o", ptx])
        result[c] = ptx_metrics(ptx.read_text())
        cubin.unlink(missing_ok=True)
        result[c].update(ptxas_metrics(args.ptxas, ptx, cubin, d / f"{c}.ptxas"))
        result[c]["sass"] = sass_count(args.nvdisasm, cubin, d / f"{c}.sass")

    run([llc] + LLC_FLAGS + [d / "clang.ll", "-o", d / "llc.ptx"])
    whole = (d / "llc.ptx").read_text()
    result["llc_same"] = strip_ptx_comments(whole) == strip_ptx_comments(
        (d / "upstream.ptx").read_text())
    result["llc_instrs"] = ptx_metrics(whole)["instrs"]
    return result


# --- report ------------------------------------------------------------------

def fmt(v):
    return "n/a" if v is None else str(v)


def total(results, rows, c, key):
    """Sum of one metric over the kernels; None if a value is missing."""
    vals = [results[k][c][key] for k in rows]
    return None if any(v is None for v in vals) else sum(vals)


def print_table(title, groups, rows, results, configs=CONFIGS):
    """A table with one row per kernel and, for each (heading, key) in groups,
    one column per configuration; then a totals row."""
    col = 8 if len(configs) > 3 else 6
    group_w = len(configs) * col + 2 * (len(configs) - 1)
    width = max(len(k) for k in rows + ["kernel"])

    def line(first, values):
        n = len(configs)
        return f"{first:<{width}}" + "".join(
            "   " + "  ".join(f"{v:>{col}}" for v in values[n * g: n * g + n])
            for g in range(len(groups)))

    header = line("kernel", [SHORT[c] for c in configs] * len(groups))
    if title:
        print(title)
    print(" " * width + "".join(f"   {h:^{group_w}}" for h, _ in groups))
    print(header)
    print("-" * len(header))
    for k in rows:
        print(line(k, [fmt(results[k][c][key]) for _, key in groups for c in configs]))
    print("-" * len(header))
    print(line("total", [fmt(total(results, rows, c, key)) for _, key in groups
                         for c in configs]))
    print()


MD_KEYS = (("PTX instrs", "instrs"), ("SASS instrs", "sass"), ("registers", "regs"),
           ("spill bytes", "spills"), ("generic ld/st", "generic"),
           ("specific ld/st", "specific"), ("cvta", "cvta"), ("div64", "div64"))


def markdown_table(rows, results):
    """The whole table in Markdown, each cell none / upstream / gpucc."""
    print("| kernel | " + " | ".join(h for h, _ in MD_KEYS) + " | verdict |")
    print("|---" * (len(MD_KEYS) + 2) + "|")
    for k in rows:
        cells = [" / ".join(fmt(results[k][c][key]) for c in CONFIGS) for _, key in MD_KEYS]
        print(f"| {k} | " + " | ".join(cells) + f" | {results[k]['verdict']} |")
    cells = [" / ".join(fmt(total(results, rows, c, key)) for c in CONFIGS)
             for _, key in MD_KEYS]
    print("| **total** | " + " | ".join(cells) + " | |")


def verdict(r, have_regs):
    """(ok, text) for one kernel: gpucc no worse than upstream in PTX
    instructions, and in registers within REG_SLACK (when ptxas ran)."""
    why = []
    if r["gpucc"]["instrs"] > r["upstream"]["instrs"]:
        why.append(f"PTX +{r['gpucc']['instrs'] - r['upstream']['instrs']}")
    if have_regs and r["gpucc"]["regs"] > r["upstream"]["regs"] + REG_SLACK:
        why.append(f"regs +{r['gpucc']['regs'] - r['upstream']['regs']}")
    return (not why), ("ok" if not why else "worse: " + ", ".join(why))


# --- chart -------------------------------------------------------------------

def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def nice_axis(vmax):
    """(axis end, tick step): the step 1, 2, 2.5 or 5 times a power of ten that
    covers vmax with at most five steps."""
    step = 10 ** max(0, len(str(int(vmax))) - 2)
    while True:
        for m in (1, 2, 2.5, 5):
            s = m * step
            n = -(-vmax // s)  # ceil
            if n <= 5:
                return n * s, s
        step *= 10


def svg_chart(rows, results, path):
    """Writes a plain SVG: per kernel, three horizontal bars (the
    configurations) in each panel: PTX instructions, then SASS instructions
    and registers where they were measured."""
    panels = [(t, k) for t, k in (("PTX instructions", "instrs"),
                                  ("SASS instructions (nvdisasm, no NOPs)", "sass"),
                                  ("registers (ptxas -v)", "regs"))
              if all(results[r][c][k] is not None for r in rows for c in CONFIGS)]
    bar, gap, group_gap = 9, 1, 12
    top, left, panel_w, panel_gap = 72, 190, 300, 60
    group_h = 3 * (bar + gap) + group_gap
    plot_h = len(rows) * group_h - group_gap
    height = top + plot_h + 30
    width = left + len(panels) * (panel_w + panel_gap)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           '<text x="10" y="20" font-size="14" font-weight="bold">gpucc-passes code quality: '
           'bench/kernels, sm_80, llc -O3 split at nvptx-lower-alloca / atomic-expand '
           '(scripts/bench-codequality.sh)</text>']
    lx = 10
    for c in CONFIGS:
        out.append(f'<rect x="{lx}" y="32" width="12" height="10" fill="{COLOURS[c]}"/>')
        out.append(f'<text x="{lx + 16}" y="41">{esc(LABELS[c])}</text>')
        lx += 16 + 7 * len(LABELS[c]) + 20
    for pi, (title, key) in enumerate(panels):
        x0 = left + pi * (panel_w + panel_gap)
        vmax, step = nice_axis(max(results[k][c][key] for k in rows for c in CONFIGS) or 1)
        out.append(f'<text x="{x0}" y="{top - 12}" font-weight="bold">{esc(title)}</text>')
        for q in range(int(round(vmax / step)) + 1):  # grid lines at each tick
            gx = x0 + panel_w * q * step / vmax
            out.append(f'<line x1="{gx:.1f}" y1="{top - 4}" x2="{gx:.1f}" '
                       f'y2="{top + plot_h + 4}" stroke="#e0e0e0"/>')
            out.append(f'<text x="{gx:.1f}" y="{top + plot_h + 18}" text-anchor="middle" '
                       f'fill="#666">{q * step:g}</text>')
        for ri, k in enumerate(rows):
            gy = top + ri * group_h
            if pi == 0:
                out.append(f'<text x="{left - 8}" y="{gy + 1.5 * (bar + gap) + 4}" '
                           f'text-anchor="end">{esc(k)}</text>')
            for ci, c in enumerate(CONFIGS):
                v = results[k][c][key]
                y = gy + ci * (bar + gap)
                w = panel_w * v / vmax
                out.append(f'<rect x="{x0}" y="{y}" width="{w:.1f}" height="{bar}" '
                           f'fill="{COLOURS[c]}"><title>{esc(k)}, {esc(LABELS[c])}: '
                           f'{v}</title></rect>')
                out.append(f'<text x="{x0 + w + 3:.1f}" y="{y + bar - 1}" font-size="9" '
                           f'fill="#333">{v}</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")


# --- main --------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(prog=NAME)
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ptxas", default="")
    ap.add_argument("--nvdisasm", default="")
    ap.add_argument("--svg", default="")
    ap.add_argument("--projection", action="store_true")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("only", nargs="*")
    args = ap.parse_args()
    if not args.ptxas:
        args.nvdisasm = ""  # nothing to disassemble

    files = sorted(Path(args.kernels).glob("*.cu"))
    if args.only:
        known = {f.stem: f for f in files}
        missing = [k for k in args.only if k not in known]
        if missing:
            die(f"no such kernel: {', '.join(missing)} (known: {', '.join(sorted(known))})")
        files = [known[k] for k in args.only]
    if not files:
        die(f"no kernels in {args.kernels}")
    have_regs = bool(args.ptxas)
    configs = CONFIGS + (("projected",) if args.projection else ())

    results = {}
    for f in files:
        r = results[f.stem] = measure(f, args, configs)
        print(f"  {f.stem}: PTX " + " / ".join(str(r[c]["instrs"]) for c in CONFIGS)
              + ", SASS " + " / ".join(fmt(r[c]["sass"]) for c in CONFIGS)
              + ", regs " + " / ".join(fmt(r[c]["regs"]) for c in CONFIGS),
              file=sys.stderr, flush=True)
    rows = [f.stem for f in files]

    all_ok = True
    for k in rows:
        ok, results[k]["verdict"] = verdict(results[k], have_regs)
        all_ok &= ok

    print("configurations (each then `llc " + " ".join(LLC_FLAGS)
          + " -start-before=atomic-expand`, on the IR of -stop-after=nvptx-lower-alloca):")
    print("  none      no GPU IR passes")
    print(f"  up        opt -passes='{UPSTREAM_PIPELINE}'")
    print("  gpucc     opt -load-pass-plugin=PLUGIN -passes=gpucc")
    print("registers:", f"ptxas -v -arch=sm_80 ({args.ptxas})" if have_regs
          else "n/a (no ptxas)")
    print("SASS:", f"nvdisasm ({args.nvdisasm})" if args.nvdisasm else "n/a (no nvdisasm)")
    print()
    print_table("code size and registers (SASS: without NOPs; regs: largest entry function; "
                "spills: bytes stored + loaded)",
                [("PTX instructions", "instrs"), ("SASS instructions", "sass"),
                 ("registers", "regs"), ("spill bytes", "spills")], rows, results)
    print_table("memory instructions (ld/ldu/st/atom/red; specific: with .global/.shared/"
                ".local/.const/.param), address conversions, 64-bit divisions "
                "(div/rem.s64/u64), branches",
                [("generic ld/st", "generic"), ("specific ld/st", "specific"),
                 ("cvta", "cvta"), ("div64", "div64"), ("branches", "branches")],
                rows, results)

    differ = [k for k in rows if not results[k]["llc_same"]]
    print(f"split check: the upstream configuration's PTX equals a whole `llc "
          f"{' '.join(LLC_FLAGS)}` (comments aside) for {len(rows) - len(differ)}/{len(rows)} "
          "kernels" + ("" if not differ else "; differs for " + ", ".join(
              f"{k} ({results[k]['upstream']['instrs']} vs {results[k]['llc_instrs']} "
              "PTX instructions)" for k in differ)))
    print()

    print(f"verdict per kernel (gpucc vs upstream: no more PTX instructions, registers "
          f"at most +{REG_SLACK}{'' if have_regs else '; registers n/a'}):")
    for k in rows:
        print(f"  {k:<{max(map(len, rows))}}  {results[k]['verdict']}")
    tot = {c: total(results, rows, c, "instrs") for c in CONFIGS}
    total_ok = tot["gpucc"] < tot["none"]
    all_ok &= total_ok
    print(f"total PTX instructions: none {tot['none']}, upstream {tot['upstream']}, "
          f"gpucc {tot['gpucc']} (gpucc/none {tot['gpucc'] / tot['none']:.3f}, "
          f"gpucc/upstream {tot['gpucc'] / tot['upstream']:.3f}): gpucc is "
          f"{'strictly better than' if total_ok else 'NOT better than'} no GPU passes")
    sass = {c: total(results, rows, c, "sass") for c in CONFIGS}
    if sass["none"] is not None:
        print(f"total SASS instructions (information only): none {sass['none']}, "
              f"upstream {sass['upstream']}, gpucc {sass['gpucc']} "
              f"(gpucc/none {sass['gpucc'] / sass['none']:.3f}, "
              f"gpucc/upstream {sass['gpucc'] / sass['upstream']:.3f})")
    print()

    if args.projection:
        print("projection (information only): gpucc+sl = opt -load-pass-plugin=PLUGIN "
              f"-passes='{PROJECTED_PIPELINE}'")
        print_table("", [("PTX instructions", "instrs"), ("SASS instructions", "sass"),
                         ("registers", "regs")], rows, results,
                    ("upstream", "gpucc", "projected"))

    print("markdown (cells: none / upstream / gpucc):")
    markdown_table(rows, results)
    print()

    if args.svg:
        svg_chart(rows, results, args.svg)
        print(f"chart: {args.svg}")
    worse = sum(results[k]["verdict"] != "ok" for k in rows)
    if all_ok:
        print(f"{NAME}: PASS (gpucc no worse than upstream on every kernel, "
              "fewer PTX instructions than none in total)")
    else:
        reasons = ([f"{worse} kernel(s) worse than upstream"] if worse else []) + (
            [] if total_ok else ["total not below none"])
        print(f"{NAME}: {'FAIL' if args.strict else 'NOT MET'} ({', '.join(reasons)})"
              + ("" if args.strict else "; information only: --strict makes it the "
                 "exit status"))
    sys.exit(1 if args.strict and not all_ok else 0)


if __name__ == "__main__":
    main()

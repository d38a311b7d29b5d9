#!/usr/bin/env python3
"""User-path benchmark: the measuring half of scripts/bench-userpath.sh, which
builds the plugin, finds ptxas, nvdisasm and NVRTC, then runs this program.
That script says what is measured and why; this file says how, and how the
hot loop is found.

For each kernel K (bench/kernels/K.cu), in OUT/K/, for C in stock, plugin,
nvrtc:
  C.ptx      the compiler's PTX (clang -S; NVRTC's nvrtcGetPTX)
  C.nvrtc    NVRTC's log (nvrtc only; usually empty)
  C.cubin    ptxas -v -arch=sm_80 C.ptx, its report in C.ptxas
  C.sass     nvdisasm C.cubin
  C.hot.sass the hot loop's instructions, as counted (when the kernel has one)

Finding the hot loop in the SASS (hot_loop below). A kernel says in its
header comment what one source iteration of its hot loop touches in memory:
  // hot-loop: lds=16          one iteration reads 16 bytes of shared memory
  // hot-loop: ldg=8           ... 8 bytes of global memory
  // hot-loop: none            straight-line kernel: no per-iteration count
A term is STREAM=BYTES, STREAM a SASS memory mnemonic in lower case (ldg,
lds, ld, stg, sts, st, atoms, atomg, atom, red), or several joined by `|`
whose bytes add up (lds|ld: shared, also when a compiler left it generic);
terms are separated by commas and must all give the same unroll factor. The
stream is chosen so that every compiler must keep it in the loop (a load
another compiler may hoist or forward is a bad choice: stencil3d_7pt counts
its one store, not its seven loads). Then, per SASS function:
  1. loops: every backward branch (a BRA whose target label is at or before
     it, a branch to itself excepted: the trap loop after the last EXIT) makes
     a loop [target, branch]; two latches of one header are one loop, the
     furthest latch its end;
  2. innermost loops: those with no other loop inside their address range;
  3. unroll factor of an innermost loop: the bytes its body moves in the
     annotated stream (static count; width from the mnemonic: .U8/.S8 1,
     .U16/.S16 2, .64 8, .128 16, else 4) divided by the annotation's bytes.
     Loops where this is not a positive integer are not the hot loop;
  4. the hot loop is the candidate with the largest unroll factor, i.e. the
     main body of an unrolled loop rather than its remainder loop (which runs
     fewer than `unroll` times), a tie going to the longer body;
  5. SASS per iteration = the loop's instructions (NOPs left out) / unroll.
Dividing by the memory traffic makes the count independent of who unrolled
(clang, NVVM or ptxas) and by how much, and of load vectorization (one
LDS.128 and four LDS move the same 16 bytes). When the compiler unrolled the
hot loop completely into an enclosing loop, that loop is innermost and its
cost per source iteration includes the enclosing loop's share, which is the
honest figure for that code. A kernel whose annotation matches no loop gets
"n/a" with the reason, and its verdict falls back to the whole SASS count.

usage: userpath.py --llvm-bin DIR --plugin SO --kernels DIR --out DIR
                   --ptxas PATH --nvdisasm PATH --nvrtc LIB [--llvm-major N]
                   [--svg PATH] [--strict] [KERNEL...]
Exit status: 0; 1 with --strict when a verdict is not met; 2 on error.
"""

import argparse
import ctypes
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import codequality as cq  # noqa: E402  (the shared PTX / ptxas / nvdisasm helpers)

NAME = cq.NAME = "bench-userpath"  # cq.die prefixes its messages with cq.NAME
COMPILERS = ("stock", "plugin", "nvrtc")
COLOURS = {"stock": "#4e79a7", "plugin": "#e15759", "nvrtc": "#76b900"}
CLANG_FLAGS = ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib",
               "--cuda-gpu-arch=sm_80", "-O3", "-S"]
# clang 22 without a CUDA installation assumes a PTX ISA older than sm_80 needs.
CLANG_FLAGS_EXTRA = {22: ["--cuda-feature=+ptx70"]}
NVRTC_OPTIONS = ["--gpu-architecture=compute_80", "-default-device"]
NVRTC_HEADER = "gpu_nvrtc.h"  # handed to NVRTC as "gpu.h"

die = cq.die


# --- NVRTC ---------------------------------------------------------------------

class Nvrtc:
    """NVIDIA's runtime compiler, through ctypes (the C API of nvrtc.h)."""

    def __init__(self, lib):
        self.lib = ctypes.CDLL(lib)
        L, P, S = self.lib, ctypes.c_void_p, ctypes.c_size_t
        cpp = ctypes.POINTER(ctypes.c_char_p)
        L.nvrtcGetErrorString.restype = ctypes.c_char_p
        L.nvrtcGetErrorString.argtypes = [ctypes.c_int]
        L.nvrtcVersion.argtypes = [ctypes.POINTER(ctypes.c_int)] * 2
        L.nvrtcCreateProgram.argtypes = [ctypes.POINTER(P), ctypes.c_char_p, ctypes.c_char_p,
                                         ctypes.c_int, cpp, cpp]
        L.nvrtcCompileProgram.argtypes = [P, ctypes.c_int, cpp]
        L.nvrtcGetProgramLogSize.argtypes = [P, ctypes.POINTER(S)]
        L.nvrtcGetProgramLog.argtypes = [P, ctypes.c_char_p]
        L.nvrtcGetPTXSize.argtypes = [P, ctypes.POINTER(S)]
        L.nvrtcGetPTX.argtypes = [P, ctypes.c_char_p]
        L.nvrtcDestroyProgram.argtypes = [ctypes.POINTER(P)]
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.check(L.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor)), "nvrtcVersion")
        self.version = f"{major.value}.{minor.value}"

    def check(self, status, what, log=""):
        if status != 0:
            die(f"NVRTC {what}: {self.lib.nvrtcGetErrorString(status).decode()}\n{log}")

    def compile(self, source, name, headers, options):
        """(PTX, log) of source (text) compiled with options; headers maps
        include names to their text."""
        L = self.lib
        prog = ctypes.c_void_p()
        arr = ctypes.c_char_p * max(1, len(headers))
        hnames = arr(*[k.encode() for k in headers])
        htexts = arr(*[v.encode() for v in headers.values()])
        self.check(L.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), name.encode(),
                                        len(headers), htexts, hnames), "nvrtcCreateProgram")
        try:
            opts = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
            status = L.nvrtcCompileProgram(prog, len(options), opts)
            n = ctypes.c_size_t()
            self.check(L.nvrtcGetProgramLogSize(prog, ctypes.byref(n)), "log size")
            buf = ctypes.create_string_buffer(n.value)
            self.check(L.nvrtcGetProgramLog(prog, buf), "log")
            log = buf.value.decode(errors="replace")
            self.check(status, f"compiling {name}", log)
            self.check(L.nvrtcGetPTXSize(prog, ctypes.byref(n)), "PTX size")
            buf = ctypes.create_string_buffer(n.value)
            self.check(L.nvrtcGetPTX(prog, buf), "PTX")
            return buf.value.decode(), log
        finally:
            L.nvrtcDestroyProgram(ctypes.byref(prog))


# --- hot-loop annotation and SASS loops -----------------------------------------

HOT_LOOP = re.compile(r"^\s*//\s*hot-loop:\s*(.*?)\s*$", re.M)
STREAMS = ("ldg", "lds", "ld", "stg", "sts", "st", "atoms", "atomg", "atom", "red")
TERM = re.compile(r"^([a-z|]+)=([1-9][0-9]*)$")


def parse_hot_loop(text, where):
    """The kernel's hot-loop annotation: None for `none`, else a list of
    (set of streams, bytes per source iteration). Dies on a missing or bad
    annotation, naming the file."""
    found = HOT_LOOP.findall(text)
    if len(found) != 1:
        die(f"{where}: expected one `// hot-loop:` comment, found {len(found)}")
    spec = found[0].split("(", 1)[0].strip()  # a parenthesized remark may follow
    if spec == "none":
        return None
    terms = []
    for part in spec.split(","):
        m = TERM.match(part.strip())
        streams = set(m.group(1).split("|")) if m else set()
        if not m or not streams <= set(STREAMS):
            die(f"{where}: bad hot-loop term '{part.strip()}' (expected STREAM=BYTES, "
                f"STREAM one of {', '.join(STREAMS)} or several joined by |)")
        terms.append((streams, int(m.group(2))))
    return terms


SASS_LINE = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s+(?:@!?U?P[T0-9]+\s+)?([A-Z][A-Z0-9_.]*)(.*)$")
SASS_LABEL = re.compile(r"^(\.L_x_\d+):")
BRANCH_TARGET = re.compile(r"`\((\.L_x_\d+)\)")
WIDTH = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}


def sass_functions(listing):
    """{function: [(address, mnemonic, full line)]} of the code sections of an
    nvdisasm listing, NOPs left out, and {label: address} (a label's address
    is that of the instruction after it)."""
    funcs, labels, pending = {}, {}, []
    current = None
    for line in listing.splitlines():
        words = line.split()
        if words and words[0] == ".section":
            name = words[1].split(",", 1)[0]  # .text.NAME,"ax",@progbits
            current = name[len(".text."):] if name.startswith(".text.") else None
            if current is not None:
                funcs[current] = []
            continue
        if current is None:
            continue
        m = SASS_LABEL.match(line.strip())
        if m:
            pending.append(m.group(1))
            continue
        m = SASS_LINE.match(line)
        if m:
            addr = int(m.group(1), 16)
            for label in pending:
                labels[label] = addr
            pending = []
            if m.group(2) != "NOP":
                funcs[current].append((addr, m.group(2), line.strip()))
    return funcs, labels


def mem_bytes(mnemonic):
    """(stream, bytes) of a SASS memory instruction, or None: the stream is the
    mnemonic's first part in lower case, the width its size modifier."""
    parts = mnemonic.split(".")
    stream = parts[0].lower()
    if stream not in STREAMS:
        return None
    width = 4
    for p in parts[1:]:
        width = WIDTH.get(p, width)
    return stream, width


def innermost_loops(insts, labels):
    """[(start, end)] address ranges of the innermost loops of one function's
    instructions (see the module docstring, steps 1 and 2)."""
    latest = {}  # header address -> furthest latch address
    for addr, mnemonic, line in insts:
        if not mnemonic.startswith("BRA"):
            continue
        m = BRANCH_TARGET.search(line)
        if not m or m.group(1) not in labels:
            continue
        target = labels[m.group(1)]
        if target < addr:
            latest[target] = max(latest.get(target, addr), addr)
    loops = sorted(latest.items())
    return [(s, e) for s, e in loops
            if not any((s2, e2) != (s, e) and s <= s2 and e2 <= e for s2, e2 in loops)]


def hot_loop(listing, terms):
    """The hot loop of a SASS listing for the annotation terms: a dict with
    per_iter, unroll, body (instructions), lines (the loop's SASS), function;
    or a dict with only "why" when no innermost loop fits."""
    funcs, labels = sass_functions(listing)
    best, seen = None, []
    for fname, insts in funcs.items():
        for start, end in innermost_loops(insts, labels):
            body = [i for i in insts if start <= i[0] <= end]
            moved = {}
            for _, mnemonic, _ in body:
                mb = mem_bytes(mnemonic)
                if mb:
                    moved[mb[0]] = moved.get(mb[0], 0) + mb[1]
            factors = set()
            for streams, per in terms:
                total = sum(moved.get(s, 0) for s in streams)
                factors.add(total / per)
            seen.append(f"{fname}@{start:#x}: {len(body)} instrs, "
                        + (", ".join(f"{k} {v}B" for k, v in sorted(moved.items())) or "no memory"))
            if len(factors) != 1:
                continue
            unroll = factors.pop()
            if unroll < 1 or unroll != int(unroll):
                continue
            cand = (int(unroll), len(body))
            if best is None or cand > best[0]:
                best = (cand, fname, body)
    if best is None:
        return {"why": "no innermost loop matches the annotation ("
                + ("; ".join(seen) if seen else "no loops") + ")"}
    (unroll, n), fname, body = best
    return {"per_iter": n / unroll, "unroll": unroll, "body": n, "function": fname,
            "lines": [line for _, _, line in body]}


# --- one kernel ------------------------------------------------------------------

STACK = re.compile(r"(\d+) bytes stack frame")


def measure(kernel_cu, args, nvrtc, header):
    """{compiler: metrics} of one kernel, and its hot-loop terms."""
    d = Path(args.out) / kernel_cu.stem
    d.mkdir(parents=True, exist_ok=True)
    source = kernel_cu.read_text()
    terms = parse_hot_loop(source, kernel_cu)
    clang = Path(args.llvm_bin) / "clang"
    flags = CLANG_FLAGS + CLANG_FLAGS_EXTRA.get(args.llvm_major, [])
    result = {}
    for c in COMPILERS:
        ptx, cubin = d / f"{c}.ptx", d / f"{c}.cubin"
        if c == "stock":
            cq.run([clang] + flags + [kernel_cu, "-o", ptx])
        elif c == "plugin":
            cq.run([clang] + flags + [f"-fpass-plugin={args.plugin}", kernel_cu, "-o", ptx])
        else:
            text, log = nvrtc.compile(source, kernel_cu.name, {"gpu.h": header}, NVRTC_OPTIONS)
            ptx.write_text(text)
            (d / f"{c}.nvrtc").write_text(log)
        r = {"instrs": cq.ptx_metrics(ptx.read_text())["instrs"]}
        cubin.unlink(missing_ok=True)
        r.update(cq.ptxas_metrics(args.ptxas, ptx, cubin, d / f"{c}.ptxas"))
        r["stack"] = max(int(s) for s in STACK.findall((d / f"{c}.ptxas").read_text()))
        r["sass"] = cq.sass_count(args.nvdisasm, cubin, d / f"{c}.sass")
        hot = {"why": "straight-line kernel (hot-loop: none)"} if terms is None else \
            hot_loop((d / f"{c}.sass").read_text(), terms)
        r["per_iter"] = hot.get("per_iter")
        r["hot"] = hot
        hot_file = d / f"{c}.hot.sass"
        if "lines" in hot:
            hot_file.write_text(f"// {kernel_cu.stem}, {c}: function {hot['function']}, "
                                f"{hot['body']} instructions, unroll {hot['unroll']}, "
                                f"{hot['per_iter']:.2f} per iteration\n"
                                + "\n".join(hot["lines"]) + "\n")
        else:
            hot_file.unlink(missing_ok=True)
        result[c] = r
    return result, terms


# --- report ----------------------------------------------------------------------

def fmt(v):
    if v is None:
        return "n/a"
    return f"{v:.2f}" if isinstance(v, float) else str(v)


def verdict(r, looped):
    """(ok, text): the plugin's SASS per hot-loop iteration (whole SASS for a
    kernel without one) at most stock's and at most NVRTC's."""
    key = "per_iter" if looped else "sass"
    what = "SASS/iter" if looped else "SASS"
    p = r["plugin"][key]
    if p is None:
        return False, f"{what}: n/a"
    behind = [f"{c} {fmt(r[c][key])} < plugin {fmt(p)}" for c in ("stock", "nvrtc")
              if r[c][key] is not None and r[c][key] < p - 1e-9]
    if behind:
        return False, f"{what}: behind ({'; '.join(behind)})"
    return True, f"{what}: ok (plugin {fmt(p)} <= stock {fmt(r['stock'][key])}, " \
                 f"nvrtc {fmt(r['nvrtc'][key])})"


GROWTH_LIMIT = 1.10


def growth_verdict(r, looped):
    """(ok, text): the plugin's static SASS at most GROWTH_LIMIT times stock's
    and its registers at most stock's, unless its SASS per hot-loop
    iteration is below stock's (then the growth buys something)."""
    s, p = r["stock"], r["plugin"]
    if None in (s["sass"], p["sass"], s["regs"], p["regs"]):
        return False, "growth: n/a"
    ratio = p["sass"] / s["sass"]
    gain = looped and None not in (s["per_iter"], p["per_iter"]) and \
        p["per_iter"] < s["per_iter"] - 1e-9
    text = (f"SASS {s['sass']} -> {p['sass']} ({ratio:.2f}x), registers {s['regs']} -> "
            f"{p['regs']}, SASS/iter {fmt(s['per_iter'])} -> {fmt(p['per_iter'])}")
    if ratio <= GROWTH_LIMIT and p["regs"] <= s["regs"]:
        return True, f"growth: ok ({text})"
    if gain:
        return True, f"growth: ok, pays per iteration ({text})"
    return False, f"growth: grows without a per-iteration gain ({text})"


MD_KEYS = (("PTX instrs", "instrs"), ("regs", "regs"), ("spill B", "spills"),
           ("stack B", "stack"), ("SASS", "sass"), ("SASS/iter", "per_iter"))


def markdown_table(rows, results):
    print("| kernel | " + " | ".join(h for h, _ in MD_KEYS) + " | plugin <= stock, nvrtc? |")
    print("|---" * (len(MD_KEYS) + 1) + "|---|")
    for k in rows:
        cells = [" / ".join(fmt(results[k][c][key]) for c in COMPILERS)
                 if key != "per_iter" or results[k]["looped"] else "-" for _, key in MD_KEYS]
        ok, _ = results[k]["verdict"]
        basis = "per iter" if results[k]["looped"] else "SASS"
        print(f"| {k} | " + " | ".join(cells) + f" | {'yes' if ok else '**no**'} ({basis}) |")


def svg_chart(rows, results, path, llvm_major, nvrtc_version):
    """A plain SVG, three panels (SASS per hot-loop iteration, SASS
    instructions, registers), one bar per compiler and kernel."""
    panels = (("SASS per hot-loop iteration", "per_iter"),
              ("SASS instructions (no NOPs)", "sass"), ("registers (ptxas -v)", "regs"))
    labels = {"stock": f"clang {llvm_major} -O3",
              "plugin": f"clang {llvm_major} -O3 + gpucc plugin",
              "nvrtc": f"NVRTC {nvrtc_version}"}
    bar, gap, group_gap = 9, 1, 12
    top, left, panel_w, panel_gap = 72, 190, 280, 60
    group_h = 3 * (bar + gap) + group_gap
    plot_h = len(rows) * group_h - group_gap
    height = top + plot_h + 30
    width = left + len(panels) * (panel_w + panel_gap)
    esc = cq.esc
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           '<text x="10" y="20" font-size="14" font-weight="bold">gpucc-passes on the user\'s '
           'path: bench/kernels, sm_80, ptxas 12.9 (scripts/bench-userpath.sh)</text>']
    lx = 10
    for c in COMPILERS:
        out.append(f'<rect x="{lx}" y="32" width="12" height="10" fill="{COLOURS[c]}"/>')
        out.append(f'<text x="{lx + 16}" y="41">{esc(labels[c])}</text>')
        lx += 16 + 7 * len(labels[c]) + 20
    for pi, (title, key) in enumerate(panels):
        x0 = left + pi * (panel_w + panel_gap)
        vals = [results[k][c][key] for k in rows for c in COMPILERS
                if results[k][c][key] is not None]
        vmax, step = cq.nice_axis(max(vals, default=1) or 1)
        out.append(f'<text x="{x0}" y="{top - 12}" font-weight="bold">{esc(title)}</text>')
        for q in range(int(round(vmax / step)) + 1):
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
            for ci, c in enumerate(COMPILERS):
                v = results[k][c][key]
                y = gy + ci * (bar + gap)
                if v is None:
                    # a straight-line kernel, or a compiler that unrolled the loop away
                    note = ("no loop" if ci == 1 else "") if not results[k]["looped"] \
                        else "no loop left in SASS"
                    out.append(f'<text x="{x0 + 3}" y="{y + bar - 1}" font-size="9" '
                               f'fill="#999">{note}</text>')
                    continue
                w = panel_w * v / vmax
                out.append(f'<rect x="{x0}" y="{y}" width="{w:.1f}" height="{bar}" '
                           f'fill="{COLOURS[c]}"><title>{esc(k)}, {esc(labels[c])}: '
                           f'{fmt(v)}</title></rect>')
                out.append(f'<text x="{x0 + w + 3:.1f}" y="{y + bar - 1}" font-size="9" '
                           f'fill="#333">{fmt(v)}</text>')
    out.append("</svg>")
    Path(path).write_text("\n".join(out) + "\n")


# --- main ------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(prog=NAME)
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--llvm-major", type=int, default=16)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--kernels", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--nvdisasm", required=True)
    ap.add_argument("--nvrtc", required=True)
    ap.add_argument("--svg", default="")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--growth", action="store_true",
                    help="code-growth verdict: plugin SASS at most 10%% over stock's and no "
                         "more registers, unless its SASS per iteration drops")
    ap.add_argument("only", nargs="*")
    args = ap.parse_args()

    files = sorted(Path(args.kernels).glob("*.cu"))
    if args.only:
        known = {f.stem: f for f in files}
        missing = [k for k in args.only if k not in known]
        if missing:
            die(f"no such kernel: {', '.join(missing)} (known: {', '.join(sorted(known))})")
        files = [known[k] for k in args.only]
    if not files:
        die(f"no kernels in {args.kernels}")
    header_file = Path(args.kernels) / NVRTC_HEADER
    if not header_file.exists():  # a corpus beside bench/kernels shares its header
        header_file = Path(__file__).resolve().parent.parent / "bench" / "kernels" / NVRTC_HEADER
    header = header_file.read_text()
    nvrtc = Nvrtc(args.nvrtc)

    results = {}
    for f in files:
        r, terms = measure(f, args, nvrtc, header)
        r["looped"] = terms is not None
        r["verdict"] = growth_verdict(r, r["looped"]) if args.growth else verdict(r, r["looped"])
        results[f.stem] = r
        print(f"  {f.stem}: SASS " + " / ".join(fmt(r[c]["sass"]) for c in COMPILERS)
              + ", SASS/iter " + " / ".join(fmt(r[c]["per_iter"]) for c in COMPILERS),
              file=sys.stderr, flush=True)
    rows = [f.stem for f in files]

    clang = " ".join(["clang"] + CLANG_FLAGS + CLANG_FLAGS_EXTRA.get(args.llvm_major, []))
    print(f"compilers (LLVM {args.llvm_major}: {args.llvm_bin}; cells below are "
          "stock / plugin / nvrtc):")
    print(f"  stock   {clang} K.cu")
    print(f"  plugin  the same with -fpass-plugin=PLUGIN ({args.plugin})")
    print(f"  nvrtc   NVRTC {nvrtc.version} ({args.nvrtc}), options "
          f"{' '.join(NVRTC_OPTIONS)}, bench/kernels/{NVRTC_HEADER} as gpu.h")
    print(f"then ptxas -v -arch=sm_80 ({args.ptxas}) and nvdisasm ({args.nvdisasm})")
    print()
    hdr = (f"{'kernel':<26}{'PTX instrs':>20}{'registers':>16}{'spill bytes':>14}"
           f"{'stack':>12}{'SASS':>18}{'SASS/iter':>24}  unroll")
    print(hdr)
    print("-" * len(hdr))
    for k in rows:
        r = results[k]
        cell = lambda key, w: f"{' / '.join(fmt(r[c][key]) for c in COMPILERS):>{w}}"  # noqa: E731
        unroll = "/".join(str(r[c]["hot"].get("unroll", "-")) for c in COMPILERS)
        per_iter = cell("per_iter", 24) if r["looped"] else f"{'-':>24}"
        print(f"{k:<26}{cell('instrs', 20)}{cell('regs', 16)}{cell('spills', 14)}"
              f"{cell('stack', 12)}{cell('sass', 18)}{per_iter}  "
              f"{unroll if r['looped'] else '-'}")
    print()
    for k in rows:
        for c in COMPILERS:
            if results[k]["looped"] and "why" in results[k][c]["hot"]:
                print(f"  note: {k}, {c}: {results[k][c]['hot']['why']}")
    if args.growth:
        print("verdict per kernel (code growth: the plugin's static SASS at most "
              f"{GROWTH_LIMIT:.2f}x stock's and no more registers, unless its SASS per "
              "hot-loop iteration drops):")
    else:
        print("verdict per kernel (plugin's SASS per hot-loop iteration, or whole SASS for a "
              "kernel without a loop, at most stock's and NVRTC's):")
    all_ok = True
    for k in rows:
        ok, text = results[k]["verdict"]
        all_ok &= ok
        print(f"  {k:<26}{text}")
    met = sum(results[k]["verdict"][0] for k in rows)
    out = Path(args.out)
    same = [k for k in rows if cq.strip_ptx_comments((out / k / "stock.ptx").read_text())
            == cq.strip_ptx_comments((out / k / "plugin.ptx").read_text())]
    print(f"plugin's PTX equals stock's (comments aside) on {len(same)}/{len(rows)} kernels"
          + ("" if len(same) == len(rows) else "; differs on "
             + ", ".join(k for k in rows if k not in same)))
    print()
    print("markdown (cells: stock / plugin / nvrtc):")
    print()
    markdown_table(rows, results)
    print()
    if args.svg:
        svg_chart(rows, results, args.svg, args.llvm_major, nvrtc.version)
        print(f"chart: {args.svg}")
    print(f"outputs (PTX, SASS, hot loops): {args.out}/KERNEL/")
    what = "no growth without a per-iteration gain" if args.growth else \
        "plugin <= stock and <= nvrtc"
    print(f"{NAME}: {'PASS' if all_ok else ('FAIL' if args.strict else 'NOT MET')} "
          f"({what} on {met}/{len(rows)} kernels)")
    sys.exit(1 if args.strict and not all_ok else 0)


if __name__ == "__main__":
    main()

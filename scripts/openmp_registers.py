#!/usr/bin/env python3
"""OpenMP register benchmark (issue 7): the measuring half of
scripts/bench-openmp-registers.sh, which checks the tools and finds ptxas,
then runs this program. That script says what is measured and why; this file
says how.

For each OpenMP kernel K (bench/openmp/K.c), in OUT/K/:
  raw.ll          clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only
                  -nogpulib -O2 -Xclang -disable-llvm-passes -S -emit-llvm
  C.omp.bc        configuration C's OpenMP pass on raw.ll (llvm16, ours), its
                  remarks in C.omp.txt
  C.pre.bc        default<O2> -openmp-opt-disable (for C = clang: default<O2>
                  with its own openmp-opt, the cross-check)
  C.linked.bc     llvm-link C.pre.bc flags.ll RTL
  C.post.bc       internalize (public: the kernels) + default<O2>
                  -openmp-opt-disable
  C.ptx           llc -O3 -march=nvptx64 -mcpu=sm_80
  C.ptxas         ptxas -v -arch=sm_80 C.ptx (cubin in C.cubin)
For each CUDA kernel K (bench/openmp/K.cu): OUT/K/cuda.ptx (clang -O3 -S) and
cuda.ptxas.

usage: openmp_registers.py --llvm-bin DIR --plugin SO --corpus DIR --out DIR
                           --rtl BC --ptxas PATH [--strict] [KERNEL...]
Exit status: 0; 1 with --strict when the verdict is not met; 2 on error.
"""

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

NAME = "bench-openmp-registers"
OMP_CONFIGS = ("generic", "llvm16", "ours", "runtime-free", "simd-groups")
HEADERS = {"generic": "generic (no openmp-opt)", "llvm16": "LLVM 16 openmp-opt",
           "ours": "gpucc-openmp-opt", "runtime-free": "+ gpucc-omp-runtime-free",
           "simd-groups": "+ gpucc-omp-simd-groups"}
# What each configuration of ours runs (issue 7; issue 15 part 1).
OUR_PASSES = {"ours": "gpucc-openmp-opt",
              "runtime-free": "gpucc-openmp-opt,function(sroa,early-cse),gpucc-omp-runtime-free",
              # The simd loop as a vectorizer would see it: rotated, in SSA.
              "simd-groups": "gpucc-openmp-opt,function(sroa,early-cse,simplifycfg,instcombine,"
                             "loop(loop-rotate),instcombine,simplifycfg),gpucc-omp-simd-groups"}
OURS_NA = "n/a (gpucc-openmp-opt not in this build)"
# LLVM 16's exec-mode values (OMPConstants.h OMPTgtExecModeFlags): generic 1,
# SPMD 2, and 3 for generic-SPMD, which openmp-opt writes on a kernel it
# SPMDized.
MODES = {1: "G", 2: "S", 3: "G+S"}
# Issue 7's figures for the vector add (LLVM 16, ptxas 12.9, sm_80).
ISSUE7 = {"generic": 54, "llvm16": 40, "native": 36, "cuda": 12}
ARCH = "sm_80"
# The runtime's configuration constants, with clang 16's defaults (no
# -fopenmp-target-debug, no -fopenmp-assume-* flag).
FLAGS_LL = """\
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"
@__omp_rtl_debug_kind = weak_odr hidden constant i32 0
@__omp_rtl_assume_no_thread_state = weak_odr hidden constant i32 0
@__omp_rtl_assume_no_nested_parallelism = weak_odr hidden constant i32 0
"""


class ToolError(Exception):
    """A command failed; str() is the command and its stderr."""


@dataclass
class Figures:
    """What ptxas -v reports for one entry function."""
    registers: int
    stack: int  # bytes stack frame
    spills: int  # bytes spill stores + spill loads
    smem: int = 0  # bytes of shared memory
    barriers: int = 0  # barriers used

    def cell(self):
        return f"{self.registers}/{self.stack}/{self.spills}/{self.smem}/{self.barriers}"


@dataclass
class Outcome:
    """One kernel in one configuration: figures and exec mode, or why not."""
    figures: Figures | None = None
    mode: str = ""
    missing: str = ""  # why there are no figures (not an error)
    error: str = ""  # a tool failed

    def cell(self):
        if self.error:
            return "FAILED"
        if self.missing:
            return self.missing
        return f"{self.figures.cell()} {self.mode}".rstrip()


def run(cmd, out=None):
    """Runs cmd (a list of words); stdout to the path `out` if given. Returns
    stderr. Raises ToolError when it fails."""
    cmd = [str(c) for c in cmd]
    with open(out, "w") if out else open("/dev/null", "w") as sink:
        p = subprocess.run(cmd, stdout=sink, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise ToolError(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return p.stderr


def ptxas_figures(ptxas, ptx, entry, report):
    """Runs ptxas -v on ptx and returns the Figures of the entry function
    `entry`; the report goes to `report`."""
    cubin = ptx.with_suffix(".cubin")
    text = run([ptxas, "-v", f"-arch={ARCH}", ptx, "-o", cubin])
    report.write_text(text)
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if f"Compiling entry function '{entry}'" in l), None)
    if start is None:
        raise ToolError(f"ptxas reported no entry function {entry} for {ptx}:\n{text}")
    regs = stack = spills = None
    smem = barriers = 0
    for line in lines[start + 1:]:
        if "Compiling entry function" in line:
            break
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                      r"(\d+) bytes spill loads", line)
        if m and stack is None:
            stack, spills = int(m[1]), int(m[2]) + int(m[3])
        m = re.search(r"Used (\d+) registers", line)
        if m and regs is None:
            regs = int(m[1])
            b = re.search(r"used (\d+) barriers", line)
            sm = re.search(r"(\d+) bytes smem", line)
            barriers = int(b[1]) if b else 0
            smem = int(sm[1]) if sm else 0
    if regs is None or stack is None:
        raise ToolError(f"cannot read the figures of {entry} in {report}:\n{text}")
    return Figures(regs, stack, spills, smem, barriers)


class Bench:
    def __init__(self, args):
        self.bin = Path(args.llvm_bin)
        self.plugin = Path(args.plugin)
        self.rtl = Path(args.rtl)
        self.ptxas = args.ptxas
        self.out = Path(args.out)
        self.out.mkdir(parents=True, exist_ok=True)
        self.flags = self.out / "flags.ll"
        self.flags.write_text(FLAGS_LL)
        self.ours_available = None  # decided on the first kernel

    def tool(self, name):
        return self.bin / name

    def kernels_of(self, raw):
        """The OpenMP kernels of raw.ll, from their <kernel>_exec_mode globals:
        {name: exec mode}, in name order."""
        found = {}
        for m in re.finditer(r"^@(\S+)_exec_mode = .*? i8 (\d+)", raw.read_text(), re.M):
            found[m[1]] = int(m[2])
        return dict(sorted(found.items()))

    def mode_of(self, bc, kernel):
        text = subprocess.run([str(self.tool("llvm-dis")), str(bc), "-o", "-"],
                              stdout=subprocess.PIPE, text=True, check=True).stdout
        m = re.search(rf"^@{re.escape(kernel)}_exec_mode = .*? i8 (\d+)", text, re.M)
        return MODES.get(int(m[1]), m[1]) if m else "?"

    def openmp_pass(self, config, raw, d):
        """Runs configuration config's OpenMP pass on raw; returns the module
        for the -O2 pre-link pipeline, or None when ours is not in the plugin."""
        if config == "generic":
            return raw
        omp = d / f"{config}.omp.bc"
        ours = "openmp-opt|gpucc-openmp-opt|gpucc-omp-runtime-free|gpucc-omp-simd-groups"
        remarks = [f"-pass-remarks={ours}", f"-pass-remarks-missed={ours}",
                   f"-pass-remarks-analysis={ours}"]
        if config == "llvm16":
            cmd = [self.tool("opt"), "-passes=openmp-opt"]
        else:
            if not self.plugin.is_file():
                if self.ours_available is None:
                    print(f"{NAME}: no plugin at {self.plugin}: ours is n/a", file=sys.stderr)
                self.ours_available = False
                return None
            cmd = [self.tool("opt"), f"-load-pass-plugin={self.plugin}",
                   f"-passes={OUR_PASSES[config]}"]
        p = subprocess.run([str(c) for c in cmd + remarks + [raw, "-o", omp]],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        (d / f"{config}.omp.txt").write_text(p.stderr)
        if config in OUR_PASSES and p.returncode != 0 and "unknown pass name" in p.stderr:
            if config == "ours":
                self.ours_available = False
            return None
        if config == "ours":
            self.ours_available = True
        if p.returncode != 0:
            raise ToolError(f"failed ({p.returncode}): {' '.join(map(str, cmd))} {raw}\n"
                            f"{p.stderr}")
        return omp

    def configuration(self, config, raw, d, kernel, names):
        """One OpenMP configuration of one kernel, from raw.ll to ptxas."""
        try:
            src = raw if config == "clang" else self.openmp_pass(config, raw, d)
            if src is None:
                return Outcome(missing=OURS_NA)
            pre, linked, post = (d / f"{config}.{s}.bc" for s in ("pre", "linked", "post"))
            o2 = ["-passes=default<O2>"]
            if config != "clang":
                o2.append("-openmp-opt-disable")
            run([self.tool("opt")] + o2 + [src, "-o", pre])
            mode = self.mode_of(pre, kernel)
            run([self.tool("llvm-link"), pre, self.flags, self.rtl, "-o", linked])
            run([self.tool("opt"), "-passes=internalize,default<O2>", "-openmp-opt-disable"]
                + [f"-internalize-public-api-list={n}" for n in names]
                + [linked, "-o", post])
            ptx = d / f"{config}.ptx"
            run([self.tool("llc"), "-O3", "-march=nvptx64", f"-mcpu={ARCH}", post, "-o", ptx])
            figures = ptxas_figures(self.ptxas, ptx, kernel, d / f"{config}.ptxas")
            return Outcome(figures=figures, mode=mode)
        except ToolError as e:
            if config not in OUR_PASSES:
                raise
            print(f"{NAME}: ours failed on {kernel}: {e}", file=sys.stderr)
            return Outcome(error=str(e))

    def openmp_kernel(self, src):
        d = self.out / src.stem
        d.mkdir(parents=True, exist_ok=True)
        raw = d / "raw.ll"
        run([self.tool("clang"), "-fopenmp", f"--offload-arch={ARCH}",
             "--offload-device-only", "-nogpulib", "-O2", "-Xclang", "-disable-llvm-passes",
             "-S", "-emit-llvm", src, "-o", raw])
        kernels = self.kernels_of(raw)
        if len(kernels) != 1:
            raise ToolError(f"{src}: expected one OpenMP kernel, found {list(kernels)}")
        kernel = next(iter(kernels))
        results = {c: self.configuration(c, raw, d, kernel, list(kernels))
                   for c in OMP_CONFIGS + ("clang",)}
        print(f"  {src.stem}: " + ", ".join(f"{c} {r.cell()}" for c, r in results.items()),
              file=sys.stderr, flush=True)
        return results

    def cuda_kernel(self, src):
        d = self.out / src.stem
        d.mkdir(parents=True, exist_ok=True)
        ptx = d / "cuda.ptx"
        run([self.tool("clang"), "-x", "cuda", "--cuda-device-only", "-nocudainc",
             "-nocudalib", f"--cuda-gpu-arch={ARCH}", "-O3", "-S", src, "-o", ptx])
        entries = re.findall(r"^\.visible \.entry (\w+)\(", ptx.read_text(), re.M)
        if len(entries) != 1:
            raise ToolError(f"{src}: expected one kernel, found {entries}")
        figures = ptxas_figures(self.ptxas, ptx, entries[0], d / "cuda.ptxas")
        print(f"  {src.stem}.cu: {figures.cell()}", file=sys.stderr, flush=True)
        return figures


def native_twin(src):
    """The stem named by the file's "Native twin: STEM" header line, or None."""
    m = re.search(r"^//.*Native twin: (\w+)", src.read_text(), re.M)
    return m[1] if m else None


def signed(d):
    return "=" if d == 0 else f"{d:+d}"


def report(omp, cuda, twins, ours_available):
    """Prints the table, the notes and the verdict; returns whether the
    verdict is met (None when not applicable)."""
    print(f"registers/stack/spills/smem/barriers per kernel: ptxas -v -arch={ARCH}, device "
          "runtime linked and internalized; cell = registers/stack frame bytes/spill bytes "
          "(stores+loads)/shared memory bytes/barriers and the exec mode after pre-link "
          "(G generic, S SPMD, G+S generic-SPMD: SPMDized by the pass)")
    cols = ["kernel"] + [HEADERS[c] for c in OMP_CONFIGS] + ["ours vs LLVM 16", "ours vs native"]
    rows = []
    ok = True
    notes = []
    for stem, res in omp.items():
        ours, up = res["ours"], res["llvm16"]
        twin = twins.get(stem)
        native = omp.get(twin, {}).get("llvm16") if twin else None
        vs_up = vs_native = "-"
        if ours.figures:
            vs_up = f"{signed(ours.figures.registers - up.figures.registers)} regs"
            ok &= ours.figures.registers <= up.figures.registers
            if native and native.figures:
                vs_native = (f"{signed(ours.figures.registers - native.figures.registers)} regs"
                             f" (native {native.figures.registers})")
        elif ours.error:
            ok = False
            vs_up = "FAILED"
        elif ours.missing:
            vs_up = "n/a"
            vs_native = "n/a" if twin else "-"
        if twin and not native:
            vs_native = f"({twin} not measured)"
        rows.append([stem] + [res[c].cell() for c in OMP_CONFIGS] + [vs_up, vs_native])
        clang = res["clang"]
        if clang.figures != up.figures or clang.mode != up.mode:
            notes.append(f"note: {stem}: clang's own default<O2> (openmp-opt in place) gives "
                         f"{clang.cell()}, the llvm16 configuration {up.cell()}")
    for stem, fig in cuda.items():
        rows.append([f"{stem}.cu (CUDA)", fig.cell()] + ["-"] * (len(cols) - 2))
    widths = [max(len(r[i]) for r in rows + [cols]) for i in range(len(cols))]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    hdr = fmt.format(*cols).rstrip()
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        print(fmt.format(*r).rstrip())
    if cuda:
        print("(a CUDA row's figures are in the first column: clang -O3, no runtime)")
    for n in notes:
        print(n)

    # Issue 7's figures for the vector add.
    if "vecadd_generic" in omp and "vecadd_spmd" in omp and "vecadd" in cuda:
        got = {"generic": omp["vecadd_generic"]["generic"].figures.registers,
               "llvm16": omp["vecadd_generic"]["llvm16"].figures.registers,
               "native": omp["vecadd_spmd"]["llvm16"].figures.registers,
               "cuda": cuda["vecadd"].registers}
        same = got == ISSUE7
        print("vector add registers: " + ", ".join(f"{k} {v}" for k, v in got.items())
              + (f"; issue 7: " + ", ".join(f"{k} {v}" for k, v in ISSUE7.items()))
              + (" (reproduced)" if same else " (differs)"))
        ours = omp["vecadd_generic"]["ours"].figures
        if ours:
            print(f"vector add, ours: {ours.registers} registers "
                  f"({signed(ours.registers - got['llvm16'])} vs LLVM 16, "
                  f"{signed(ours.registers - got['native'])} vs native SPMD)")

    # Issue 15 part 1: the combined construct, and the seed's Fig. 1 after
    # SPMDization, without the runtime: <= 16 registers, no shared memory, no
    # barriers (CUDA's one-element-per-thread kernel: 12 registers).
    for stem in ("vecadd_spmd", "vecadd_generic"):
        rf = omp.get(stem, {}).get("runtime-free")
        if rf and rf.figures:
            f = rf.figures
            met = f.registers <= 16 and f.smem == 0 and f.barriers == 0
            ok &= met
            print(f"{stem}, runtime-free: {f.registers} registers, {f.smem} bytes shared "
                  f"memory, {f.barriers} barriers ({'meets' if met else 'MISSES'} issue 15's "
                  "<= 16 / 0 / 0)")

    if not ours_available:
        print(f"{NAME}: verdict n/a: gpucc-openmp-opt not in this build "
              "(ours <= LLVM 16 registers on every kernel is to be checked once it is)")
        return None
    print(f"{NAME}: {'PASS' if ok else 'FAIL'}: ours <= LLVM 16 registers on every kernel"
          " (and the runtime-free vector adds at <= 16 registers, 0 shared, 0 barriers)")
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--rtl", required=True)
    ap.add_argument("--ptxas", required=True)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("kernels", nargs="*")
    args = ap.parse_args()

    corpus = Path(args.corpus)
    sources = sorted(corpus.glob("*.c")) + sorted(corpus.glob("*.cu"))
    if args.kernels:
        known = {s.stem for s in sources}
        unknown = [k for k in args.kernels if k not in known]
        if unknown:
            print(f"{NAME}: unknown kernel(s) {unknown}; corpus: {sorted(known)}",
                  file=sys.stderr)
            sys.exit(2)
        sources = [s for s in sources if s.stem in args.kernels]
    bench = Bench(args)
    omp, cuda, twins = {}, {}, {}
    try:
        for src in sources:
            if src.suffix == ".c":
                omp[src.stem] = bench.openmp_kernel(src)
                twin = native_twin(src)
                if twin:
                    twins[src.stem] = twin
            else:
                cuda[src.stem] = bench.cuda_kernel(src)
    except ToolError as e:
        print(f"{NAME}: {e}", file=sys.stderr)
        sys.exit(2)
    ok = report(omp, cuda, twins, bench.ours_available)
    sys.exit(1 if args.strict and ok is False else 0)


if __name__ == "__main__":
    main()

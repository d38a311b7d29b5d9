#!/usr/bin/env python3
"""omp_emulate.py: run a runtime-free OpenMP NVPTX kernel on the host and compare
it with a sequential C reference (issue 15).

What. `gpucc-omp-runtime-free` turns the SPMD kernel of `#pragma omp target
teams distribute parallel for` (clang-16 device IR, nvptx64) into a CUDA-style
grid-stride loop: no `__kmpc_*` calls, only the special registers
`llvm.nvvm.read.ptx.sreg.{tid,ctaid,ntid,nctaid}.{x,y,z}` and a call of the
outlined loop body. This script checks such a kernel by executing it:

  1. refuse (exit 2) a module that still uses `__kmpc_*` or `omp_*` functions,
     or holds barriers (`llvm.nvvm.barrier*`, `bar.sync`), shuffles (`shfl`),
     atomics (`atomicrmw`, `cmpxchg`, `llvm.nvvm.atomic*`), shared-memory
     (`addrspace(3)`) globals, or NVVM intrinsics other than the four sregs;
  2. retarget it to the host: drop `target datalayout` and `target triple`,
     strip `"target-cpu"`/`"target-features"`, rename the kernel (the function
     that `!nvvm.annotations` marks "kernel") to `emu_kernel` with external
     linkage, and replace each sreg intrinsic by an external C function
     (`emu_tid_x`, ...) that reads a global the driver sets; then compile it
     with LLVM 16's clang (`-c -O1`) for x86-64;
  3. generate a C driver from the kernel's spec (below), link the two, and run
     the 144 launch configurations n in {0, 1, 31, 100, 1000, 4099} x grid in
     {1, 2, 7, 64} x block in {1, 32, 33, 96, 128, 1024}. For each, it fills
     the arrays deterministically, runs every (block, thread) pair one after
     the other, once in order and once in reverse order, and compares every
     array byte for byte with the sequential reference, including 64 guard
     elements on each side of every array (writes out of bounds) and the input
     arrays (writes to inputs). Output arrays start as 0xA5 bytes in both runs,
     so a missing iteration shows.

Why sequential execution is a legal schedule. CUDA and OpenMP promise nothing
about the order or concurrency of threads: any interleaving, including running
each thread to completion one after another, is an allowed execution, except
where threads wait for each other (barriers: a thread run to completion would
pass a barrier alone), exchange registers (warp shuffles), or rely on
atomicity of read-modify-write between threads that a serial run would give
them for free, hiding a missing atomic. Those are refused. Without them, a
race-free kernel gives the same memory on every schedule, so one serial
schedule (two here: forward and reverse) is a faithful test, and a kernel whose
two schedules disagree has a race. What it cannot see: iterations that run
twice with the same result (`c[i] = a[i] + b[i]` written twice); the in-place
specs (`a[i] += b[i]`) are there to catch those.

The spec. A kernel file (test/omp-emu/K.c) holds the OpenMP function, compiled
for the device with
    clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib
             -S -emit-llvm -O1 -mllvm -openmp-opt-disable K.c
and, in `// EMU-...:` comment lines, what the emulator needs:
    // EMU-KERNEL: i64 n, ptr c, ptr a, ptr b     the kernel's parameters as
                                                  clang lowers them, in order
    // EMU-ARRAY: double c[n] out                 element type, name, length
    // EMU-ARRAY: double a[n] in                  (a C expression of the
                                                  scalars), and in/out/inout
    // EMU-SCALAR: int m = 7                      a scalar other than n
    // EMU-REF: for (int i = 0; i < n; ++i)       the sequential reference, C
    // EMU-REF:   c[i] = a[i] + b[i] * 3.14;      (lines are joined)
`n` is the problem size, an `int` set by each configuration. A `ptr` parameter
must name an EMU-ARRAY, an `i64` one `n` or an EMU-SCALAR (integer types:
clang passes a firstprivate scalar as its bits in an i64). Element types:
char, short, int, long, long long, their unsigned forms, float, double.
The ABI order (clang 16): the kernel takes one parameter per variable the
target region captures, in the order of the variable's first appearance in the
region's source text, the loop condition (`i < n`) included, so `n` is usually
first; the map clauses' order does not matter. Mapped pointers become `ptr`,
scalars `i64`. The script checks the types (not the names) against the IR.

Floating point is compared bit for bit. That holds because the kernel and the
reference are both built by the same clang for baseline x86-64, which has no
FMA: `llvm.fmuladd` (clang contracts `a + b * c`) becomes a multiply and an add
in both. Do not add -march flags that bring FMA.

Usage:
    omp_emulate.py KERNEL.ll --spec test/omp-emu/K.c [--llvm-bin DIR]
                   [--keep DIR] [--timeout S] [--kernel NAME]
    LLVM_BIN defaults to /usr/lib/llvm-16/bin.
Exit status: 0 all configurations match; 1 a mismatch, crash or time-out
(the first failing configuration and element are printed); 2 refused input,
bad spec, or a tool failure.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

NAME = "omp-emulate"
SIZES = (0, 1, 31, 100, 1000, 4099)
GRIDS = (1, 2, 7, 64)
BLOCKS = (1, 32, 33, 96, 128, 1024)
GUARD = 64
SREGS = ("tid", "ctaid", "ntid", "nctaid")

# Element types the driver can fill and print, and how it prints them.
TYPES = {
    "char": ("%d", "int"),
    "signed char": ("%d", "int"),
    "unsigned char": ("%u", "unsigned"),
    "short": ("%d", "int"),
    "unsigned short": ("%u", "unsigned"),
    "int": ("%d", "int"),
    "unsigned": ("%u", "unsigned"),
    "unsigned int": ("%u", "unsigned"),
    "long": ("%ld", "long"),
    "unsigned long": ("%lu", "unsigned long"),
    "long long": ("%lld", "long long"),
    "unsigned long long": ("%llu", "unsigned long long"),
    "float": ("%.9g", "double"),
    "double": ("%.17g", "double"),
}
SCALAR_TYPES = {t for t in TYPES if t not in ("float", "double")}

# What makes a serial schedule illegal (see the header), as (pattern, reason).
FORBIDDEN = (
    (r"@(__kmpc_\w+|omp_\w+)", "calls the OpenMP runtime ({0}); it is not runtime-free"),
    (r"@llvm\.nvvm\.barrier\w*|bar\.sync|barrier\.sync|@llvm\.nvvm\.bar\.\w+",
     "has a barrier ({0}): threads run one after another cannot wait for each other"),
    (r"shfl", "has a warp shuffle ({0}): threads run one after another cannot exchange registers"),
    (r"\batomicrmw\b|\bcmpxchg\b|@llvm\.nvvm\.atomic\w*",
     "has an atomic ({0}): a serial run would hide a missing or wrong atomic"),
    (r"addrspace\(3\)\s+global",
     "has a shared-memory global ({0}): per-block storage is not modelled"),
)


class Refused(Exception):
    """Input the emulator will not run (exit 2)."""


@dataclass
class Array:
    ctype: str
    name: str
    length: str
    mode: str  # in, out, inout


@dataclass
class Spec:
    params: list  # [(irtype, name)]
    arrays: dict  # name -> Array, in file order
    scalars: dict  # name -> (ctype, value)
    ref: str


def parse_spec(path):
    params, arrays, scalars, ref = None, {}, {"n": ("int", None)}, []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        m = re.match(r"\s*//\s*EMU-(KERNEL|ARRAY|SCALAR|REF):(.*)$", line)
        if not m:
            continue
        kind, body = m.group(1), m.group(2)
        where = f"{path}:{number}"
        if kind == "REF":
            ref.append(body)
            continue
        body = body.strip()
        if kind == "KERNEL":
            params = []
            for item in filter(None, (p.strip() for p in body.split(","))):
                pm = re.fullmatch(r"(i64|ptr)\s+(\w+)", item)
                if not pm:
                    raise Refused(f"{where}: EMU-KERNEL parameter {item!r} is not `i64 NAME` or `ptr NAME`")
                params.append((pm.group(1), pm.group(2)))
        elif kind == "ARRAY":
            am = re.fullmatch(r"([a-z ]+?)\s+(\w+)\s*\[(.+)\]\s+(in|out|inout)", body)
            if not am or am.group(1) not in TYPES:
                raise Refused(f"{where}: EMU-ARRAY {body!r} is not `TYPE NAME[LENGTH] in|out|inout` "
                              f"with TYPE one of {', '.join(TYPES)}")
            arrays[am.group(2)] = Array(am.group(1), am.group(2), am.group(3), am.group(4))
        else:
            sm = re.fullmatch(r"([a-z ]+?)\s+(\w+)\s*=\s*(-?\w+)", body)
            if not sm or sm.group(1) not in SCALAR_TYPES or sm.group(2) == "n":
                raise Refused(f"{where}: EMU-SCALAR {body!r} is not `INTEGER-TYPE NAME = VALUE` (not n)")
            scalars[sm.group(2)] = (sm.group(1), sm.group(3))
    if params is None:
        raise Refused(f"{path}: no `// EMU-KERNEL:` line")
    if not ref:
        raise Refused(f"{path}: no `// EMU-REF:` lines")
    for irtype, name in params:
        if irtype == "ptr" and name not in arrays:
            raise Refused(f"{path}: kernel parameter `ptr {name}` has no EMU-ARRAY")
        if irtype == "i64" and name not in scalars:
            raise Refused(f"{path}: kernel parameter `i64 {name}` is neither n nor an EMU-SCALAR")
    return Spec(params, arrays, scalars, "\n".join(ref))


def find_kernel(ir, wanted):
    """The kernel's name: `wanted`, else the one function `!nvvm.annotations` marks "kernel"."""
    if wanted:
        return wanted
    marked = re.findall(r'^!\d+ = !\{ptr @("?[\w.$]+"?), !"kernel", i32 1\}', ir, re.M)
    marked = sorted(set(marked))
    if len(marked) != 1:
        raise Refused(f"expected one kernel in !nvvm.annotations, found {len(marked)} "
                      f"({', '.join(marked) or 'none'}); pass --kernel NAME")
    return marked[0]


def code_lines(ir):
    """The lines that are code: not comments, declarations or metadata."""
    for number, line in enumerate(ir.splitlines(), 1):
        body = line.split(";", 1)[0] if not line.lstrip().startswith("@") else line
        stripped = body.strip()
        if not stripped or stripped.startswith(("declare ", "!", "attributes ")):
            continue
        yield number, body


def check_runtime_free(ir):
    for number, line in code_lines(ir):
        for pattern, reason in FORBIDDEN:
            m = re.search(pattern, line)
            if m:
                raise Refused(f"line {number}: the module {reason.format(m.group(0))}")
    for number, line in code_lines(ir):
        m = re.search(r"@llvm\.nvvm\.[\w.]+", line)
        if m and not re.fullmatch(r"@llvm\.nvvm\.read\.ptx\.sreg\.(tid|ctaid|ntid|nctaid)\.[xyz]", m.group(0)):
            raise Refused(f"line {number}: NVVM intrinsic {m.group(0)} is not emulated "
                          f"(only the tid, ctaid, ntid and nctaid special registers are)")


def kernel_param_types(ir, kernel):
    m = re.search(r"^define [^@\n]*@" + re.escape(kernel) + r"\((.*)\)[^(\n]*\{", ir, re.M)
    if not m:
        raise Refused(f"no definition of the kernel @{kernel}")
    types = []
    for p in filter(None, (p.strip() for p in m.group(1).split(","))):
        types.append(p.split()[0])
    return types


def retarget(ir, kernel):
    """The module rewritten for the host, with the kernel as `emu_kernel`."""
    out = []
    name = re.escape(kernel)
    for line in ir.splitlines():
        if line.startswith(("target datalayout", "target triple")):
            continue
        if line.startswith("attributes #"):
            line = re.sub(r'\s*"target-(cpu|features)"="[^"]*"', "", line)
        sreg = re.match(r"declare .*@llvm\.nvvm\.read\.ptx\.sreg\.(\w+)\.([xyz])\(\)", line)
        if sreg:
            # No attributes: the C function reads a global, it is not `memory(none)`.
            out.append(f"declare i32 @emu_{sreg.group(1)}_{sreg.group(2)}()")
            continue
        line = re.sub(r"@llvm\.nvvm\.read\.ptx\.sreg\.(\w+)\.([xyz])\b", r"@emu_\1_\2", line)
        if re.match(r"define [^@]*@" + name + r"\(", line):
            line = re.sub(r"^define [^@]*@" + name + r"\(",
                          lambda m: "define " + re.sub(
                              r"\b(weak_odr|weak|linkonce_odr|linkonce|internal|private|protected|"
                              r"hidden|dso_local|ptx_kernel)\s+", "",
                              m.group(0)[len("define "):]), line)
        line = re.sub(r"@" + name + r"(?![\w.$])", "@emu_kernel", line)
        out.append(line)
    return "\n".join(out) + "\n"


def c_driver(spec):
    arrays = list(spec.arrays.values())
    lines = [
        "/* Generated by scripts/omp_emulate.py: the host driver of one kernel spec. */",
        "#include <signal.h>", "#include <stdint.h>", "#include <stdio.h>",
        "#include <stdlib.h>", "#include <string.h>", "#include <unistd.h>",
        f"#define GUARD {GUARD}",
        "static unsigned emu_sreg[4][3];  /* tid, ctaid, ntid, nctaid; x, y, z */",
    ]
    for i, s in enumerate(SREGS):
        for j, d in enumerate("xyz"):
            lines.append(f"unsigned emu_{s}_{d}(void) {{ return emu_sreg[{i}][{j}]; }}")
    proto = ", ".join("int64_t" if t == "i64" else "void *" for t, _ in spec.params)
    lines.append(f"void emu_kernel({proto or 'void'});")
    cparams = [f"{ct} {name}" for name, (ct, _) in spec.scalars.items()]
    cparams += [f"{a.ctype} *{a.name}" for a in arrays]
    lines.append(f"static void reference({', '.join(cparams)}) {{\n{spec.ref}\n}}")
    lines += [
        "static char where[256];",
        "static void on_signal(int sig) {",
        "  static const char msg[] = \"omp-emulate: CRASH: the emulated kernel got a fatal signal in \";",
        "  (void)sig; write(1, msg, sizeof msg - 1); write(1, where, strlen(where)); write(1, \"\\n\", 1);",
        "  _exit(1);",
        "}",
        "static void fill(unsigned char *p, size_t size, size_t len, int k, int data, int isfloat, int bytes) {",
        "  memset(p, 0xA5, (len + 2 * GUARD) * size);",
        "  if (!data) return;",
        "  for (size_t j = 0; j < len; ++j) {",
        "    uint32_t h = (uint32_t)j * 2654435761u + (uint32_t)k * 40503u; h ^= h >> 15;",
        "    long v = (long)(h % 2001u) - 1000;",
        "    unsigned char *e = p + (GUARD + j) * size;",
        "    if (isfloat && bytes == 8) { double d = (double)v / 8; memcpy(e, &d, 8); }",
        "    else if (isfloat) { float f = (float)v / 8; memcpy(e, &f, 4); }",
        "    else { int64_t w = v; memcpy(e, &w, size); } /* little-endian: low bytes */",
        "  }",
        "}",
        "int main(void) {",
        f"  static const int NS[] = {{{', '.join(map(str, SIZES))}}};",
        f"  static const unsigned GRIDS[] = {{{', '.join(map(str, GRIDS))}}};",
        f"  static const unsigned BLOCKS[] = {{{', '.join(map(str, BLOCKS))}}};",
        "  const int total = (int)(sizeof NS / sizeof *NS * sizeof GRIDS / sizeof *GRIDS * sizeof BLOCKS / sizeof *BLOCKS);",
        "  int checked = 0;",
        "  signal(SIGSEGV, on_signal); signal(SIGBUS, on_signal); signal(SIGFPE, on_signal); signal(SIGILL, on_signal);",
        "  for (unsigned in = 0; in < sizeof NS / sizeof *NS; ++in)",
        "  for (unsigned ig = 0; ig < sizeof GRIDS / sizeof *GRIDS; ++ig)",
        "  for (unsigned ib = 0; ib < sizeof BLOCKS / sizeof *BLOCKS; ++ib) {",
        "    int n = NS[in]; unsigned grid = GRIDS[ig], block = BLOCKS[ib];",
    ]
    for name, (ct, value) in spec.scalars.items():
        if name != "n":
            lines.append(f"    {ct} {name} = {value};")
    for k, a in enumerate(arrays):
        isfloat = int(a.ctype in ("float", "double"))
        lines += [
            f"    size_t len_{k} = (size_t)({a.length});",
            f"    size_t bytes_{k} = (len_{k} + 2 * GUARD) * sizeof({a.ctype});",
            f"    {a.ctype} *init_{k} = malloc(bytes_{k}), *ref_{k} = malloc(bytes_{k}), *got_{k} = malloc(bytes_{k});",
            f"    fill((unsigned char *)init_{k}, sizeof({a.ctype}), len_{k}, {k}, {int(a.mode != 'out')}, "
            f"{isfloat}, (int)sizeof({a.ctype}));",
            f"    memcpy(ref_{k}, init_{k}, bytes_{k});",
        ]
    refargs = [name for name in spec.scalars] + [f"ref_{k} + GUARD" for k in range(len(arrays))]
    lines.append(f"    reference({', '.join(refargs)});")
    index = {a.name: k for k, a in enumerate(arrays)}
    kargs = [f"(int64_t){name}" if t == "i64" else f"(void *)(got_{index[name]} + GUARD)"
             for t, name in spec.params]
    lines += [
        "    for (int sched = 0; sched < 2; ++sched) {",
        "      const char *sname = sched ? \"reverse\" : \"forward\";",
        "      snprintf(where, sizeof where, \"configuration %d of %d (n=%d grid=%u block=%u, %s schedule)\","
        " checked + 1, total, n, grid, block, sname);",
    ]
    for k in range(len(arrays)):
        lines.append(f"      memcpy(got_{k}, init_{k}, bytes_{k});")
    lines += [
        "      emu_sreg[2][0] = block; emu_sreg[2][1] = emu_sreg[2][2] = 1;",
        "      emu_sreg[3][0] = grid; emu_sreg[3][1] = emu_sreg[3][2] = 1;",
        "      emu_sreg[0][1] = emu_sreg[0][2] = emu_sreg[1][1] = emu_sreg[1][2] = 0;",
        "      for (unsigned p = 0; p < grid * block; ++p) {",
        "        unsigned q = sched ? grid * block - 1 - p : p;",
        "        emu_sreg[1][0] = q / block; emu_sreg[0][0] = q % block;",
        f"        emu_kernel({', '.join(kargs)});",
        "      }",
    ]
    for k, a in enumerate(arrays):
        fmt, cast = TYPES[a.ctype]
        lines += [
            f"      if (memcmp(got_{k}, ref_{k}, bytes_{k}) != 0) {{",
            f"        size_t j = 0;",
            f"        while (memcmp(&got_{k}[j], &ref_{k}[j], sizeof({a.ctype})) == 0) ++j;",
            f"        long e = (long)j - GUARD;",
            f"        const char *zone = e < 0 ? \" (guard before the array)\" : (size_t)e >= len_{k} ? \" (guard after the array)\" : \"\";",
            f"        printf(\"omp-emulate: MISMATCH in %s: {a.name}[%ld]%s: kernel {fmt}, reference {fmt}\\n\","
            f" where, e, zone, ({cast})got_{k}[j], ({cast})ref_{k}[j]);",
            f"        printf(\"omp-emulate: %d configurations matched before it\\n\", checked);",
            f"        return 1;",
            f"      }}",
        ]
    lines.append("    }")
    for k in range(len(arrays)):
        lines.append(f"    free(init_{k}); free(ref_{k}); free(got_{k});")
    lines += [
        "    ++checked;",
        "  }",
        "  printf(\"omp-emulate: %d configurations checked (forward and reverse schedules), all match\\n\", checked);",
        "  return 0;",
        "}",
    ]
    return "\n".join(lines) + "\n"


def run_tool(cmd, what):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise Refused(f"{what} failed ({' '.join(map(str, cmd))}):\n{proc.stderr.strip()}")


def emulate(args, workdir):
    ir = Path(args.kernel_ll).read_text()
    spec = parse_spec(Path(args.spec))
    check_runtime_free(ir)
    kernel = find_kernel(ir, args.kernel)
    got = kernel_param_types(ir, kernel)
    want = [t for t, _ in spec.params]
    if got != want:
        raise Refused(f"the kernel @{kernel} takes ({', '.join(got)}) but {args.spec} says "
                      f"({', '.join(want)}); see the ABI order rule in scripts/omp_emulate.py")
    clang = Path(args.llvm_bin) / "clang"
    host_ll, driver_c = workdir / "kernel.host.ll", workdir / "driver.c"
    host_ll.write_text(retarget(ir, kernel))
    driver_c.write_text(c_driver(spec))
    run_tool([clang, "-c", "-O1", "-Wno-override-module", "-x", "ir", host_ll,
              "-o", workdir / "kernel.o"], "compiling the retargeted kernel")
    run_tool([clang, "-c", "-O1", "-std=c11", "-D_POSIX_C_SOURCE=200809L", driver_c,
              "-o", workdir / "driver.o"], "compiling the driver")
    exe = workdir / "emu"
    run_tool([clang, workdir / "driver.o", workdir / "kernel.o", "-o", exe], "linking")
    try:
        proc = subprocess.run([exe], capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        print(f"{NAME}: TIMEOUT: the emulated kernel ran over {args.timeout} s (a kernel that does "
              f"not return is wrong)")
        return 1
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode not in (0, 1):
        print(f"{NAME}: the emulated kernel died with status {proc.returncode}")
        return 1
    return proc.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel_ll", help="runtime-free device module (LLVM 16 IR text)")
    ap.add_argument("--spec", required=True, help="kernel spec: test/omp-emu/K.c")
    ap.add_argument("--llvm-bin", default=os.environ.get("LLVM_BIN", "/usr/lib/llvm-16/bin"))
    ap.add_argument("--kernel", help="the kernel's name (default: from !nvvm.annotations)")
    ap.add_argument("--keep", help="write the host module, driver and binary here")
    ap.add_argument("--timeout", type=float, default=120, help="seconds for all configurations")
    args = ap.parse_args()
    try:
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            return emulate(args, Path(args.keep))
        with tempfile.TemporaryDirectory(prefix="omp-emu-") as d:
            return emulate(args, Path(d))
    except Refused as e:
        print(f"{NAME}: refused: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{NAME}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

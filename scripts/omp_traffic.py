#!/usr/bin/env python3
"""omp_traffic.py: warp-level memory traffic of an NVPTX kernel, counted on the host (issue 15
part 2: the gain of SIMD groups against today's one-thread-per-row form).

How. The kernel runs in scripts/omp_emulate.py's thread mode (one pthread per GPU thread, the
warp operations emulated) for one launch configuration, after every `load` and `store` of the
retargeted module got, just before it, a call `emu_access(static id, address, size)`. Each
thread logs (block, thread, static id, epoch, occurrence, size, address); the epoch is the
number of warp or block operations (shfl.sync, bar.warp.sync, barrier0) the thread has done,
the occurrence counts the thread's executions of that access since its epoch began. The
accesses of the threads of one warp with equal (static id, epoch, occurrence) form one
warp-level memory instruction: the lockstep model, in which the lanes of a warp execute their
k-th instance of an instruction together, and reconverge at every warp operation (a group's
lanes all take part in it). The results still match the kernel's C reference (the emulator's
check runs too).

What it reports, per kernel: warp-level memory instructions (issue slots of the LSU), the
32-byte sectors those instructions touch (summed over instructions: what the L1/L2 must
deliver; a sector two instructions touch counts twice), the distinct sectors of the whole run
(footprint), the elements processed (distinct elements of the array given by --elements, the
matrix), and sectors and instructions per element.

Where the model is not the hardware. Real warps reconverge at the immediate post-dominator of a
divergent branch, not only at warp operations: a thread that runs two rows of different
lengths with no warp operation between them (today's form with more rows than threads) would
have its second row's k-th access grouped with a neighbour's first-row access. The default
launch (grid 2 x block 128, 256 rows) gives today's form one row per thread, where the model
is exact. Caches, sector reuse between instructions and memory-level parallelism are not
modelled: the sector sum is traffic into L1, not DRAM bytes.

Usage:
    omp_traffic.py                       the suite: test/omp-emu/simd/ dense and irregular rows
    omp_traffic.py --ll K.ll --spec S.c [--kernel NAME] [--elements A] [--n N]
                                          one kernel (the pass's output, once it exists)
    common: [--grid G] [--block B] [--llvm-bin DIR] [--keep DIR] [--launch-timeout S]
"""

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import omp_emulate as emu  # noqa: E402

NAME = "omp-traffic"
ROOT = Path(__file__).resolve().parent.parent
SIMD = ROOT / "test/omp-emu/simd"
SECTOR = 32
TWIN_FLAGS = ["--target=nvptx64-nvidia-cuda", "-O1", "-S", "-emit-llvm",
              "-Xclang", "-target-feature", "-Xclang", "+ptx70"]
# (label, twin in test/omp-emu/simd/)
SUITE = [
    ("dense 256x256, today (thread per row)", "dot_rows.c"),
    ("dense 256x256, SIMD groups G=8", "dot_g8.c"),
    ("dense 256x256, SIMD groups G=32", "dot_g32.c"),
    ("irregular rows 1..64, today (thread per row)", "ell_rows.c"),
    ("irregular rows 1..64, SIMD groups G=8", "ell_g8.c"),
    ("irregular rows 1..64, SIMD groups G=32", "ell_g32.c"),
]
SIZES = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "i128": 16, "half": 2, "bfloat": 2,
         "float": 4, "double": 8, "ptr": 8}
VALUE = r"(?:%[-\w.$]+|@[-\w.$]+|-?\d[\w.+-]*|true|false|null|undef|poison|zeroinitializer)"
LOAD = re.compile(r"^(\s*)%[-\w.$]+ = load (?:atomic )?(?:volatile )?(?P<ty>[^,]+), ptr (?P<p>%[-\w.$]+|@[-\w.$]+)")
STORE = re.compile(r"^(\s*)store (?:atomic )?(?:volatile )?(?P<ty>[^%@]+?) " + VALUE + r", ptr (?P<p>%[-\w.$]+|@[-\w.$]+)")


def type_size(ty):
    ty = ty.strip()
    if ty in SIZES:
        return SIZES[ty]
    m = re.fullmatch(r"<(\d+) x ([\w]+)>", ty)
    if m and m.group(2) in SIZES:
        return int(m.group(1)) * SIZES[m.group(2)]
    raise emu.Refused(f"cannot size the accessed type {ty!r}")


def instrument(ir):
    """`ir` with a call of emu_access before each load and store; returns (text, sites)."""
    out, sites, in_body = [], [], False
    for line in ir.splitlines():
        if line.startswith("define "):
            in_body = True
        elif line.startswith("}"):
            in_body = False
        elif in_body:
            m = LOAD.match(line) or STORE.match(line)
            if not m and re.search(r"(=\s*load|^\s*store)\b", line):
                raise emu.Refused(f"cannot instrument the access {line.strip()!r}")
            if m:
                size = type_size(m.group("ty"))
                out.append(f"{m.group(1)}call void @emu_access(i32 {len(sites)}, ptr {m.group('p')}, i32 {size})")
                sites.append(line.strip())
        out.append(line)
    out.append("declare void @emu_access(i32, ptr, i32)")
    return "\n".join(out) + "\n", sites


def measure(args, ll, spec_path, n, elements, workdir):
    """Runs one kernel under the traffic log; returns its statistics."""
    ir = Path(ll).read_text()
    spec = emu.parse_spec(Path(spec_path))
    emu.check_runtime_free(ir, threads=True)
    sites = []

    def instr(host):
        text, found = instrument(host)
        sites.extend(found)
        return text

    # The driver needs the number of sites (its per-thread counters) before build() instruments.
    count = len(instrument(emu.retarget(ir, emu.find_kernel(ir, args.kernel)))[1])
    class A:  # the options build() reads
        pass
    a = A()
    a.kernel, a.spec, a.llvm_bin, a.launch_timeout = args.kernel, spec_path, args.llvm_bin, args.launch_timeout
    exe = emu.build(a, workdir, ir, spec, True,
                    driver_args={"configs": [(n, args.grid, args.block)], "traffic_ids": count},
                    kernel_ir=instr)
    log = workdir / "traffic.bin"
    if log.exists():
        log.unlink()
    proc = subprocess.run([exe], capture_output=True, text=True, timeout=args.timeout,
                          env=dict(os.environ, EMU_TRAFFIC_OUT=str(log)))
    if proc.returncode != 0 or "all match" not in proc.stdout:
        raise emu.Refused(f"the instrumented kernel {ll} failed:\n{proc.stdout}{proc.stderr}")
    arrays = {}
    for m in re.finditer(r"^omp-emulate: array (\w+) (0x[0-9a-f]+|0) (\d+) (\d+)$", proc.stdout, re.M):
        arrays[m.group(1)] = (int(m.group(2), 16), int(m.group(3)), int(m.group(4)))
    if elements not in arrays:
        raise emu.Refused(f"--elements {elements}: no such array in {spec_path}")
    base, length, esize = arrays[elements]
    warp_instr = {}
    touched, elems = set(), set()
    data = log.read_bytes() if log.exists() else b""
    for block, tid, sid, epoch, occ, size, addr in struct.iter_unpack("<6IQ", data):
        key = (block, tid // 32, sid, epoch, occ)
        secs = warp_instr.setdefault(key, set())
        for s in range(addr // SECTOR, (addr + size - 1) // SECTOR + 1):
            secs.add(s)
            touched.add(s)
        if base <= addr < base + length * esize:
            elems.add((addr - base) // esize)
    sectors = sum(len(s) for s in warp_instr.values())
    return {"instr": len(warp_instr), "sectors": sectors, "unique": len(touched),
            "elements": len(elems), "sites": len(sites)}


def compile_twin(args, twin, workdir):
    ll = workdir / (Path(twin).stem + ".ll")
    emu.run_tool([Path(args.llvm_bin) / "clang", *TWIN_FLAGS, "-I", SIMD, SIMD / twin, "-o", ll],
                 f"compiling {twin}")
    return ll


def table(rows):
    head = ("kernel", "warp mem instrs", "sectors", "distinct sectors", "elements",
            "sectors/element", "instrs/element")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, st in rows:
        e = max(st["elements"], 1)
        lines.append(f"| {label} | {st['instr']} | {st['sectors']} | {st['unique']} | {st['elements']} "
                     f"| {st['sectors'] / e:.3f} | {st['instr'] / e:.4f} |")
    return "\n".join(lines)


def run(args, workdir):
    rows = []
    if args.ll:
        st = measure(args, args.ll, args.spec, args.n, args.elements, workdir)
        rows.append((Path(args.ll).name, st))
    else:
        args.kernel = "emu_twin"
        for label, twin in SUITE:
            sub = workdir / Path(twin).stem
            sub.mkdir(parents=True, exist_ok=True)
            ll = compile_twin(args, twin, sub)
            rows.append((label, measure(args, ll, SIMD / twin, args.n, args.elements, sub)))
    print(f"{NAME}: n={args.n} rows, grid {args.grid} x block {args.block}, 32-byte sectors, "
          f"lockstep warps (see the header)")
    print(table(rows))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ll", help="one kernel (LLVM 16 NVPTX IR) instead of the suite")
    ap.add_argument("--spec", help="its spec (with --ll)")
    ap.add_argument("--kernel", help="its name (default: from !nvvm.annotations)")
    ap.add_argument("--elements", default="A", help="the array whose distinct elements count as processed")
    ap.add_argument("--n", type=int, default=256, help="the spec's n (rows)")
    ap.add_argument("--grid", type=int, default=2)
    ap.add_argument("--block", type=int, default=128)
    ap.add_argument("--llvm-bin", default=os.environ.get("LLVM_BIN", "/usr/lib/llvm-16/bin"))
    ap.add_argument("--keep", help="write the modules, drivers and logs here")
    emu.add_common_args(ap)
    args = ap.parse_args()
    if args.ll and not args.spec:
        ap.error("--ll needs --spec")
    try:
        if args.keep:
            Path(args.keep).mkdir(parents=True, exist_ok=True)
            return run(args, Path(args.keep))
        with tempfile.TemporaryDirectory(prefix="omp-traffic-") as d:
            return run(args, Path(d))
    except emu.Refused as e:
        print(f"{NAME}: refused: {e}", file=sys.stderr)
        return 2
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"{NAME}: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

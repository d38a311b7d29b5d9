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

The thread mode (issue 15 part 2, SIMD groups). Warp shuffles and barriers need threads that
really wait for each other. With `--mode threads` (or by default when the module calls
`llvm.nvvm.shfl.sync.{bfly,idx,up,down}.{i32,f32}` or `llvm.nvvm.bar.warp.sync`) the driver runs
the threads of one block concurrently, one pthread per GPU thread (blocks one after another,
forward and reverse, threads created in forward and reverse order), with `tid.x` thread-local:
  - shfl.sync and bar.warp.sync are rendezvous of the lanes that membermask names, in the warp
    (threads 32w..32w+31 of the block): each lane posts its value in the warp's slot for that
    mask and waits until all have arrived; then each reads its source lane (PTX ISA shfl.sync:
    c packs clamp [4:0] and segmask [12:8]; minLane = lane & segmask, maxLane = minLane |
    (clamp & ~segmask); bfly j = lane ^ b, idx j = minLane | (b & ~segmask), down j = lane + b:
    own value if j > maxLane; up j = lane - b: own value if j < maxLane); the slot is reused
    only when every lane has read (two phases). Errors (exit 1, WARP ERROR): a lane whose own
    bit is not in membermask, a source lane outside membermask, lanes of one mask meeting at
    different operations. Groups of one warp with disjoint masks proceed independently.
  - llvm.nvvm.barrier0 (__syncthreads) waits for every thread of the block; a module with only
    block barriers gets the thread mode when asked for (`--mode threads`).
  - A missing lane deadlocks. The driver counts the threads waiting in rendezvous: when every
    live thread of the block waits, it prints DEADLOCK with the configuration, the block and
    each waiting (warp, operation, membermask, arrived and missing lanes, exited ones), exit 1;
    this is exact and immediate. A per-launch watchdog (--launch-timeout, 5 s) turns a kernel
    that never returns into TIMEOUT with the same listing.
  - Atomics, the runtime and shared-memory globals stay refused.
Its configurations are fewer (each rendezvous wakes up to 32 OS threads): 61, n in {0, 1, 31,
100, 300} x grid in {1, 2, 7} x block in {32, 64, 96, 128} (whole warps), plus n = 1000 on 2
blocks of 1024 threads.

Reductions. Shuffle reductions add in another order than the sequential reference. The
comparison stays bit for bit because the driver's data are exact: every element is k/8 with
|k| <= 1000, so products are multiples of 1/64 below 2^14 and a sum of up to 2^16 of them
needs under 37 significant bits; double addition of such values is exact in any order.
Kernels whose sums need more (long rows of float, other data) would need a tolerance; none
does here.

EMU-INIT lines (optional) hold C statements run on the initial arrays (the same names as
EMU-REF) after the fill, before the reference and the kernel copy them: e.g. row lengths.

Usage:
    omp_emulate.py KERNEL.ll --spec test/omp-emu/K.c [--llvm-bin DIR] [--mode auto|serial|threads]
                   [--keep DIR] [--timeout S] [--launch-timeout S] [--kernel NAME]
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
# What the thread mode still refuses: the barriers and shuffles below are emulated.
FORBIDDEN_THREADS = (
    FORBIDDEN[0],
    FORBIDDEN[3],
    FORBIDDEN[4],
)
# The warp and block operations of the thread mode: IR name -> (host name, host declaration).
WARP_OPS = {
    f"llvm.nvvm.shfl.sync.{mode}.{t}": (
        f"emu_shfl_sync_{mode}_{t}",
        f"declare {'i32' if t == 'i32' else 'float'} @emu_shfl_sync_{mode}_{t}"
        f"(i32, {'i32' if t == 'i32' else 'float'}, i32, i32)")
    for mode in ("bfly", "idx", "up", "down") for t in ("i32", "f32")
}
WARP_OPS["llvm.nvvm.bar.warp.sync"] = ("emu_bar_warp_sync", "declare void @emu_bar_warp_sync(i32)")
WARP_OPS["llvm.nvvm.barrier0"] = ("emu_barrier0", "declare void @emu_barrier0()")
WARP_OP_RE = re.compile(r"@(" + "|".join(re.escape(k) for k in sorted(WARP_OPS, key=len, reverse=True))
                        + r")(?![\w.])")
# Launch configurations (n, grid, block) of each mode.
SERIAL_CONFIGS = [(n, g, b) for n in SIZES for g in GRIDS for b in BLOCKS]
THREAD_SIZES = (0, 1, 31, 100, 300)
THREAD_GRIDS = (1, 2, 7)
THREAD_BLOCKS = (32, 64, 96, 128)
THREAD_CONFIGS = ([(n, g, b) for n in THREAD_SIZES for g in THREAD_GRIDS for b in THREAD_BLOCKS]
                  + [(1000, 2, 1024)])


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
    init: str = ""  # EMU-INIT: C statements run on the initial arrays after the fill


def parse_spec(path):
    params, arrays, scalars, ref, init = None, {}, {"n": ("int", None)}, [], []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        m = re.match(r"\s*//\s*EMU-(KERNEL|ARRAY|SCALAR|REF|INIT):(.*)$", line)
        if not m:
            continue
        kind, body = m.group(1), m.group(2)
        where = f"{path}:{number}"
        if kind in ("REF", "INIT"):
            (ref if kind == "REF" else init).append(body)
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
    return Spec(params, arrays, scalars, "\n".join(ref), "\n".join(init))


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


def uses_warp_ops(ir):
    """Whether the module calls a shuffle or bar.warp.sync (the auto mode's choice of threads;
    a block barrier alone keeps the serial mode's refusal: ask for --mode threads)."""
    return any(m and m.group(1) != "llvm.nvvm.barrier0"
               for _, line in code_lines(ir) for m in [WARP_OP_RE.search(line)])


def check_runtime_free(ir, threads=False):
    forbidden = FORBIDDEN_THREADS if threads else FORBIDDEN
    for number, line in code_lines(ir):
        if threads:
            line = WARP_OP_RE.sub("@emulated", line)
        for pattern, reason in forbidden:
            m = re.search(pattern, line)
            if m:
                why = reason.format(m.group(0))
                if not threads and WARP_OP_RE.search(line):
                    why += "; the thread mode (--mode threads) emulates it"
                raise Refused(f"line {number}: the module {why}")
    for number, line in code_lines(ir):
        m = re.search(r"@llvm\.nvvm\.[\w.]+", line)
        if m and not re.fullmatch(r"@llvm\.nvvm\.read\.ptx\.sreg\.(tid|ctaid|ntid|nctaid)\.[xyz]", m.group(0)):
            if threads and m.group(0)[1:] in WARP_OPS:
                continue
            ops = ("; the thread mode also emulates " + ", ".join(sorted(WARP_OPS))) if threads else ""
            raise Refused(f"line {number}: NVVM intrinsic {m.group(0)} is not emulated "
                          f"(only the tid, ctaid, ntid and nctaid special registers are{ops})")


def kernel_param_types(ir, kernel):
    m = re.search(r"^define [^@\n]*@" + re.escape(kernel) + r"\((.*)\)[^(\n]*\{", ir, re.M)
    if not m:
        raise Refused(f"no definition of the kernel @{kernel}")
    types = []
    for p in filter(None, (p.strip() for p in m.group(1).split(","))):
        types.append(p.split()[0])
    return types


def retarget(ir, kernel):
    """The module rewritten for the host, with the kernel as `emu_kernel`; the warp and block
    operations (thread mode) become calls of the driver's `emu_*` functions."""
    out = []
    name = re.escape(kernel)
    for line in ir.splitlines():
        op = re.match(r"declare [^@]*@([\w.]+)\(", line)
        if op and op.group(1) in WARP_OPS:
            # No attributes: the host functions synchronise, they are not memory(...)-limited.
            out.append(WARP_OPS[op.group(1)][1])
            continue
        line = WARP_OP_RE.sub(lambda m: "@" + WARP_OPS[m.group(1)][0], line)
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


# The thread mode's runtime: one pthread per GPU thread of a block, the warp and block operations
# as rendezvous under one lock (the emulator is about correctness, not speed), an exact deadlock
# detector (every live thread of the block waits in a rendezvous) and a per-launch watchdog.
THREAD_RUNTIME = r"""
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <time.h>
/* Waiting on a word: fewer wake-ups and no lock hand-over, which a condition variable costs. */
static void emu_futex_wait(int *word, int val) {
  syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, 0, 0, 0);
}
static void emu_futex_wake(int *word) { syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, 0, 0, 0); }
static __thread unsigned emu_self;  /* tid.x of the running thread */
/* A rendezvous of the lanes of one membermask in one warp: a warp operation. */
typedef struct {
  int used, released, readers, kind;  /* kind: 0-3 shfl.sync bfly/idx/up/down, 4 bar.warp.sync */
  unsigned mask, arrived;
  uint32_t val[32];
} emu_slot;
typedef struct { emu_slot slot[32]; unsigned exited; } emu_warp;
static pthread_mutex_t emu_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t emu_done_cv = PTHREAD_COND_INITIALIZER, emu_bar_cv = PTHREAD_COND_INITIALIZER;
static emu_warp emu_warps[32];
static unsigned emu_block_size, emu_alive, emu_blocked, emu_bar_arrived, emu_bar_gen;
static double emu_launch_timeout = EMU_LAUNCH_TIMEOUT;
static const char *const emu_kind_name[] = {"shfl.sync.bfly", "shfl.sync.idx", "shfl.sync.up",
                                            "shfl.sync.down", "bar.warp.sync"};
#ifdef EMU_TRAFFIC
static __thread unsigned emu_epoch;
#define EMU_EPOCH() (++emu_epoch)
#else
#define EMU_EPOCH() ((void)0)
#endif
/* What waits where, for a deadlock or time-out report (emu_lock held). */
static void emu_waiting(void) {
  for (unsigned w = 0; w < (emu_block_size + 31) / 32; ++w) {
    unsigned present = emu_block_size - 32 * w >= 32 ? 0xffffffffu : (1u << (emu_block_size - 32 * w)) - 1;
    for (int k = 0; k < 32; ++k) {
      emu_slot *s = &emu_warps[w].slot[k];
      if (!s->used || s->released) continue;
      unsigned missing = s->mask & ~s->arrived;
      printf("omp-emulate:   warp %u (threads %u..%u): %s with membermask 0x%08x waits: lanes 0x%08x "
             "arrived, lanes 0x%08x missing (of those, exited 0x%08x, not in the block 0x%08x)\n",
             w, 32 * w, 32 * w + 31, emu_kind_name[s->kind], s->mask, s->arrived, missing,
             missing & emu_warps[w].exited, missing & ~present);
    }
  }
  if (emu_bar_arrived)
    printf("omp-emulate:   barrier0: %u of the block's %u threads arrived\n", emu_bar_arrived, emu_block_size);
}
static void emu_deadlock_check(void) {
  if (emu_alive == 0 || emu_blocked != emu_alive) return;
  printf("omp-emulate: DEADLOCK in %s, block %u: all %u live threads wait in warp or block operations "
         "that cannot complete:\n", where, emu_sreg[1][0], emu_alive);
  emu_waiting();
  fflush(stdout);
  _exit(1);
}
static void emu_error(const char *what) {
  printf("omp-emulate: WARP ERROR in %s, block %u, thread %u (warp %u, lane %u): %s\n", where,
         emu_sreg[1][0], emu_self, emu_self / 32, emu_self % 32, what);
  fflush(stdout);
  _exit(1);
}
/* Joins this lane to its warp's rendezvous for `mask` (emu_lock held on entry) and returns the
   released slot, without the lock: the values stay until every lane named has left the slot. */
static emu_slot *emu_arrive(int kind, unsigned mask, uint32_t val) {
  char msg[256];
  unsigned lane = emu_self % 32;
  emu_warp *w = &emu_warps[emu_self / 32];
  if (!(mask >> lane & 1)) {
    snprintf(msg, sizeof msg, "%s with membermask 0x%08x, which does not name the lane itself",
             emu_kind_name[kind], mask);
    emu_error(msg);
  }
  emu_slot *s = 0;
  for (int k = 0; k < 32 && !s; ++k)
    if (w->slot[k].used && !w->slot[k].released && w->slot[k].mask == mask) s = &w->slot[k];
  if (s && s->kind != kind) {
    snprintf(msg, sizeof msg, "%s with membermask 0x%08x, while lanes 0x%08x of that mask wait in %s",
             emu_kind_name[kind], mask, s->arrived, emu_kind_name[s->kind]);
    emu_error(msg);
  }
  for (int k = 0; k < 32 && !s; ++k)
    if (!w->slot[k].used) { s = &w->slot[k]; s->used = 1; s->kind = kind; s->mask = mask; s->arrived = 0; }
  if (!s) emu_error("more than 32 warp operations pending in one warp");
  s->val[lane] = val;
  s->arrived |= 1u << lane;
  EMU_EPOCH();
  if (s->arrived == mask) {
    s->readers = __builtin_popcount(mask);
    emu_blocked -= s->readers - 1;
    __atomic_store_n(&s->released, 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&emu_lock);
    emu_futex_wake(&s->released);
  } else {
    ++emu_blocked;
    emu_deadlock_check();
    pthread_mutex_unlock(&emu_lock);
    while (!__atomic_load_n(&s->released, __ATOMIC_ACQUIRE)) emu_futex_wait(&s->released, 0);
  }
  return s;
}
static void emu_leave(emu_slot *s) {
  if (__atomic_sub_fetch(&s->readers, 1, __ATOMIC_ACQ_REL) == 0) {
    pthread_mutex_lock(&emu_lock);
    s->used = 0;
    __atomic_store_n(&s->released, 0, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&emu_lock);
  }
}
/* PTX ISA, shfl.sync: mode 0 bfly, 1 idx, 2 up, 3 down. */
static uint32_t emu_shfl(int mode, unsigned mask, uint32_t a, unsigned b, unsigned c) {
  pthread_mutex_lock(&emu_lock);
  emu_slot *s = emu_arrive(mode, mask, a);
  int lane = emu_self % 32, bv = b & 31, seg = (c >> 8) & 31, clamp = c & 31;
  int minl = lane & seg, maxl = minl | (clamp & ~seg), j = 0, ok = 0;
  switch (mode) {
  case 0: j = lane ^ bv; ok = j <= maxl; break;
  case 1: j = minl | (bv & ~seg); ok = j <= maxl; break;
  case 2: j = lane - bv; ok = j >= maxl; break;
  default: j = lane + bv; ok = j <= maxl; break;
  }
  if (!ok) j = lane;
  if (!(mask >> j & 1)) {
    char msg[160];
    snprintf(msg, sizeof msg, "%s with membermask 0x%08x reads lane %d, which the mask does not name",
             emu_kind_name[mode], mask, j);
    emu_error(msg);
  }
  uint32_t r = s->val[j];
  emu_leave(s);
  return r;
}
#define EMU_SHFL(mode, name)                                                                       \
  uint32_t emu_shfl_sync_##name##_i32(unsigned m, uint32_t a, unsigned b, unsigned c) {            \
    return emu_shfl(mode, m, a, b, c);                                                             \
  }                                                                                                \
  float emu_shfl_sync_##name##_f32(unsigned m, float a, unsigned b, unsigned c) {                  \
    uint32_t u;                                                                                    \
    memcpy(&u, &a, 4);                                                                             \
    u = emu_shfl(mode, m, u, b, c);                                                                \
    memcpy(&a, &u, 4);                                                                             \
    return a;                                                                                      \
  }
EMU_SHFL(0, bfly)
EMU_SHFL(1, idx)
EMU_SHFL(2, up)
EMU_SHFL(3, down)
void emu_bar_warp_sync(unsigned mask) {
  pthread_mutex_lock(&emu_lock);
  emu_leave(emu_arrive(4, mask, 0));
}
/* __syncthreads: every thread of the block, none exited. */
void emu_barrier0(void) {
  pthread_mutex_lock(&emu_lock);
  EMU_EPOCH();
  if (++emu_bar_arrived == emu_block_size) {
    emu_bar_arrived = 0;
    ++emu_bar_gen;
    emu_blocked -= emu_block_size - 1;
    pthread_cond_broadcast(&emu_bar_cv);
  } else {
    unsigned gen = emu_bar_gen;
    ++emu_blocked;
    emu_deadlock_check();
    while (gen == emu_bar_gen) pthread_cond_wait(&emu_bar_cv, &emu_lock);
  }
  pthread_mutex_unlock(&emu_lock);
}
static void emu_traffic_flush(void);
static void call_kernel(void);
static void *emu_thread_main(void *arg) {
  emu_self = (unsigned)(uintptr_t)arg;
  call_kernel();
  emu_traffic_flush();
  pthread_mutex_lock(&emu_lock);
  emu_warps[emu_self / 32].exited |= 1u << (emu_self % 32);
  if (--emu_alive == 0) pthread_cond_signal(&emu_done_cv);
  else emu_deadlock_check();
  pthread_mutex_unlock(&emu_lock);
  return 0;
}
/* Runs the threads of block `b` concurrently; `sched` reverses the creation order. */
static void launch_block(unsigned b, unsigned block, int sched) {
  static pthread_t th[1024];
  pthread_attr_t attr;
  if (block > 1024) { printf("omp-emulate: blocks over 1024 threads are not emulated\n"); exit(2); }
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 1 << 18);
  memset(emu_warps, 0, sizeof emu_warps);
  emu_sreg[1][0] = b;
  emu_block_size = emu_alive = block;
  emu_blocked = emu_bar_arrived = 0;
  for (unsigned t = 0; t < block; ++t) {
    unsigned id = sched ? block - 1 - t : t;
    if (pthread_create(&th[id], &attr, emu_thread_main, (void *)(uintptr_t)id) != 0) {
      printf("omp-emulate: cannot create thread %u of %u in %s\n", id, block, where);
      exit(2);
    }
  }
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += (time_t)emu_launch_timeout;
  deadline.tv_nsec += (long)((emu_launch_timeout - (double)(time_t)emu_launch_timeout) * 1e9);
  if (deadline.tv_nsec >= 1000000000L) { deadline.tv_sec += 1; deadline.tv_nsec -= 1000000000L; }
  pthread_mutex_lock(&emu_lock);
  while (emu_alive > 0)
    if (pthread_cond_timedwait(&emu_done_cv, &emu_lock, &deadline) == ETIMEDOUT && emu_alive > 0) {
      printf("omp-emulate: TIMEOUT in %s, block %u: %u of %u threads still live after %g s (%u of them "
             "waiting in warp or block operations, the others running: a kernel that does not return)\n",
             where, b, emu_alive, block, emu_launch_timeout, emu_blocked);
      emu_waiting();
      fflush(stdout);
      _exit(1);
    }
  pthread_mutex_unlock(&emu_lock);
  for (unsigned t = 0; t < block; ++t) pthread_join(th[t], 0);
  pthread_attr_destroy(&attr);
}
static void launch(unsigned grid, unsigned block, int sched) {
  emu_sreg[0][0] = 0;
  for (unsigned p = 0; p < grid; ++p) launch_block(sched ? grid - 1 - p : p, block, sched);
}
unsigned emu_tid_x(void) { return emu_self; }
"""

SERIAL_RUNTIME = r"""
static void call_kernel(void);
/* Every (block, thread) pair one after the other; `sched` reverses the order. */
static void launch(unsigned grid, unsigned block, int sched) {
  for (unsigned p = 0; p < grid * block; ++p) {
    unsigned q = sched ? grid * block - 1 - p : p;
    emu_sreg[1][0] = q / block; emu_sreg[0][0] = q % block;
    call_kernel();
  }
}
unsigned emu_tid_x(void) { return emu_sreg[0][0]; }
"""

# Memory traffic records (scripts/omp_traffic.py): each thread logs its instrumented loads and
# stores; a finished thread appends its log to the file named by EMU_TRAFFIC_OUT.
TRAFFIC_RUNTIME = r"""
typedef struct { uint32_t block, tid, id, epoch, occ, size; uint64_t addr; } emu_rec;
static __thread emu_rec *tr_buf;
static __thread size_t tr_len, tr_cap;
static __thread uint32_t tr_occ[EMU_TRAFFIC_IDS], tr_occ_epoch[EMU_TRAFFIC_IDS];
static FILE *tr_out;
static pthread_mutex_t tr_lock = PTHREAD_MUTEX_INITIALIZER;
void emu_access(unsigned id, void *p, unsigned size) {
  if (tr_occ_epoch[id] != emu_epoch) { tr_occ_epoch[id] = emu_epoch; tr_occ[id] = 0; }
  if (tr_len == tr_cap) {
    tr_cap = tr_cap ? 2 * tr_cap : 1024;
    tr_buf = realloc(tr_buf, tr_cap * sizeof *tr_buf);
    if (!tr_buf) { printf("omp-emulate: out of memory for traffic records\n"); _exit(2); }
  }
  emu_rec r = {emu_sreg[1][0], emu_self, id, emu_epoch, tr_occ[id]++, size, (uint64_t)(uintptr_t)p};
  tr_buf[tr_len++] = r;
}
static void emu_traffic_flush(void) {
  pthread_mutex_lock(&tr_lock);
  if (!tr_out) {
    const char *path = getenv("EMU_TRAFFIC_OUT");
    tr_out = fopen(path ? path : "traffic.bin", "wb");
    if (!tr_out) { printf("omp-emulate: cannot write the traffic records\n"); _exit(2); }
  }
  fwrite(tr_buf, sizeof *tr_buf, tr_len, tr_out);
  pthread_mutex_unlock(&tr_lock);
  free(tr_buf);
  tr_buf = 0; tr_len = tr_cap = 0;
}
"""


def c_driver(spec, threads=False, configs=None, launch_timeout=5.0, traffic_ids=None):
    """The host driver: `threads` selects the thread mode; `traffic_ids` (the number of
    instrumented accesses) adds the traffic log and runs the forward schedule only."""
    if configs is None:
        configs = THREAD_CONFIGS if threads else SERIAL_CONFIGS
    arrays = list(spec.arrays.values())
    lines = [
        "/* Generated by scripts/omp_emulate.py: the host driver of one kernel spec. */",
        "#include <signal.h>", "#include <stdint.h>", "#include <stdio.h>",
        "#include <stdlib.h>", "#include <string.h>", "#include <unistd.h>",
        f"#define GUARD {GUARD}",
        f"#define EMU_LAUNCH_TIMEOUT {float(launch_timeout)!r}",
        "static unsigned emu_sreg[4][3];  /* tid, ctaid, ntid, nctaid; x, y, z */",
        "static char where[256];",
    ]
    if traffic_ids is not None:
        lines += ["#define EMU_TRAFFIC 1", f"#define EMU_TRAFFIC_IDS {max(traffic_ids, 1)}"]
    lines.append(THREAD_RUNTIME if threads else SERIAL_RUNTIME)
    if traffic_ids is not None:
        lines.append(TRAFFIC_RUNTIME)
    elif threads:
        lines.append("static void emu_traffic_flush(void) {}")
    for i, s in enumerate(SREGS):
        for j, d in enumerate("xyz"):
            if (i, j) != (0, 0):
                lines.append(f"unsigned emu_{s}_{d}(void) {{ return emu_sreg[{i}][{j}]; }}")
    proto = ", ".join("int64_t" if t == "i64" else "void *" for t, _ in spec.params)
    lines.append(f"void emu_kernel({proto or 'void'});")
    cparams = [f"{ct} {name}" for name, (ct, _) in spec.scalars.items()]
    cparams += [f"{a.ctype} *{a.name}" for a in arrays]
    lines.append(f"static void reference({', '.join(cparams)}) {{\n{spec.ref}\n}}")
    lines.append(f"static void init({', '.join(cparams)}) {{\n{spec.init}\n}}")
    karg_decls = [f"static {'int64_t' if t == 'i64' else 'void *'} karg_{k};"
                  for k, (t, _) in enumerate(spec.params)]
    lines += karg_decls
    lines.append("static void call_kernel(void) { emu_kernel("
                 + ", ".join(f"karg_{k}" for k in range(len(spec.params))) + "); }")
    lines += [
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
        "/* 256-byte aligned, as device allocations are: sectors and lines start where the GPU's do. */",
        "static void *alloc(size_t bytes) {",
        "  void *p = aligned_alloc(256, (bytes + 255) / 256 * 256);",
        "  if (!p) { printf(\"omp-emulate: out of memory\\n\"); exit(2); }",
        "  return p;",
        "}",
        "int main(void) {",
        "  static const unsigned CONFIGS[][3] = {"
        + ", ".join(f"{{{n}, {g}, {b}}}" for n, g, b in configs) + "};",
        "  const int total = (int)(sizeof CONFIGS / sizeof *CONFIGS);",
        f"  const int schedules = {1 if traffic_ids is not None else 2};",
        "  int checked = 0;",
        "  signal(SIGSEGV, on_signal); signal(SIGBUS, on_signal); signal(SIGFPE, on_signal); signal(SIGILL, on_signal);",
        "  for (int ic = 0; ic < total; ++ic) {",
        "    int n = (int)CONFIGS[ic][0]; unsigned grid = CONFIGS[ic][1], block = CONFIGS[ic][2];",
    ]
    for name, (ct, value) in spec.scalars.items():
        if name != "n":
            lines.append(f"    {ct} {name} = {value};")
    for k, a in enumerate(arrays):
        isfloat = int(a.ctype in ("float", "double"))
        lines += [
            f"    size_t len_{k} = (size_t)({a.length});",
            f"    size_t bytes_{k} = (len_{k} + 2 * GUARD) * sizeof({a.ctype});",
            f"    {a.ctype} *init_{k} = alloc(bytes_{k}), *ref_{k} = alloc(bytes_{k}), *got_{k} = alloc(bytes_{k});",
            f"    fill((unsigned char *)init_{k}, sizeof({a.ctype}), len_{k}, {k}, {int(a.mode != 'out')}, "
            f"{isfloat}, (int)sizeof({a.ctype}));",
        ]
    initargs = [name for name in spec.scalars] + [f"init_{k} + GUARD" for k in range(len(arrays))]
    lines.append(f"    init({', '.join(initargs)});")
    for k in range(len(arrays)):
        lines.append(f"    memcpy(ref_{k}, init_{k}, bytes_{k});")
    refargs = [name for name in spec.scalars] + [f"ref_{k} + GUARD" for k in range(len(arrays))]
    lines.append(f"    reference({', '.join(refargs)});")
    index = {a.name: k for k, a in enumerate(arrays)}
    for k, (t, name) in enumerate(spec.params):
        lines.append(f"    karg_{k} = (int64_t){name};" if t == "i64"
                     else f"    karg_{k} = (void *)(got_{index[name]} + GUARD);")
    if traffic_ids is not None:
        for k, a in enumerate(arrays):
            lines.append(f"    printf(\"omp-emulate: array {a.name} %#llx %zu %zu\\n\", "
                         f"(unsigned long long)(uintptr_t)(got_{k} + GUARD), len_{k}, sizeof({a.ctype}));")
    lines += [
        "    for (int sched = 0; sched < schedules; ++sched) {",
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
        "      launch(grid, block, sched);",
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
    mode = "thread mode, one pthread per GPU thread" if threads else "serial mode"
    lines += [
        "    ++checked;",
        "  }",
        f"  printf(\"omp-emulate: %d configurations checked ({mode}; forward and reverse schedules), all match\\n\", checked);",
        "  return 0;",
        "}",
    ]
    return "\n".join(lines) + "\n"


def run_tool(cmd, what):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise Refused(f"{what} failed ({' '.join(map(str, cmd))}):\n{proc.stderr.strip()}")


def build(args, workdir, ir, spec, threads, driver_args=None, kernel_ir=None):
    """Retargets `ir`, writes the driver and links both; returns the executable.
    `kernel_ir`, when given, maps the retargeted module's text (the traffic instrumentation)."""
    kernel = find_kernel(ir, args.kernel)
    got = kernel_param_types(ir, kernel)
    want = [t for t, _ in spec.params]
    if got != want:
        raise Refused(f"the kernel @{kernel} takes ({', '.join(got)}) but {args.spec} says "
                      f"({', '.join(want)}); see the ABI order rule in scripts/omp_emulate.py")
    clang = Path(args.llvm_bin) / "clang"
    host_ll, driver_c = workdir / "kernel.host.ll", workdir / "driver.c"
    host = retarget(ir, kernel)
    host_ll.write_text(kernel_ir(host) if kernel_ir else host)
    driver_c.write_text(c_driver(spec, threads=threads, launch_timeout=args.launch_timeout,
                                 **(driver_args or {})))
    run_tool([clang, "-c", "-O1", "-Wno-override-module", "-x", "ir", host_ll,
              "-o", workdir / "kernel.o"], "compiling the retargeted kernel")
    run_tool([clang, "-c", "-O1", "-std=c11", "-D_POSIX_C_SOURCE=200809L", "-D_ISOC11_SOURCE", "-D_DEFAULT_SOURCE",
              "-pthread", driver_c, "-o", workdir / "driver.o"], "compiling the driver")
    exe = workdir / "emu"
    run_tool([clang, "-pthread", workdir / "driver.o", workdir / "kernel.o", "-o", exe], "linking")
    return exe


def pick_mode(args, ir):
    """True for the thread mode: asked for, or (auto) the module has warp or block operations."""
    threads = args.mode == "threads" or (args.mode == "auto" and uses_warp_ops(ir))
    check_runtime_free(ir, threads)
    return threads


def emulate(args, workdir):
    ir = Path(args.kernel_ll).read_text()
    spec = parse_spec(Path(args.spec))
    threads = pick_mode(args, ir)
    exe = build(args, workdir, ir, spec, threads)
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


def add_common_args(ap):
    ap.add_argument("--timeout", type=float, default=120, help="seconds for all configurations")
    ap.add_argument("--launch-timeout", type=float, default=5,
                    help="thread mode: seconds one block may run before it counts as hung")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kernel_ll", help="runtime-free device module (LLVM 16 IR text)")
    ap.add_argument("--spec", required=True, help="kernel spec: test/omp-emu/K.c")
    ap.add_argument("--llvm-bin", default=os.environ.get("LLVM_BIN", "/usr/lib/llvm-16/bin"))
    ap.add_argument("--kernel", help="the kernel's name (default: from !nvvm.annotations)")
    ap.add_argument("--keep", help="write the host module, driver and binary here")
    add_common_args(ap)
    ap.add_argument("--mode", choices=("auto", "serial", "threads"), default="auto",
                    help="serial: every (block, thread) pair in turn; threads: one pthread per GPU "
                         "thread of a block; auto (default): threads iff the module has shuffles "
                         "or bar.warp.sync")
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

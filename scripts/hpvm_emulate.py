#!/usr/bin/env python3
"""hpvm_emulate.py: run the 1-D convolution of examples/hpvm/conv1d.c on the
host twice, as HPVM defines it and as gpucc-hpvm-lower's kernels, and compare
the memory they leave byte for byte (issue 17).

Reference (HPVM semantics). The module `gpucc-hpvm-gen` makes from the HPVM-C
source is retargeted to the host: each `llvm.hpvm.X.y` becomes a C function
`emu_hpvm_X_y` of the driver. The driver runs the grid node's instances (the
blocks) one after the other; for each it runs the Alloc node once (its
`__hpvm__malloc` hands out a fresh tile filled with 0xA5 bytes, its
`__hpvm__return` hands back pointer and size), then every leaf instance as
its own host thread, `getNodeInstanceID_x` of the leaf being the thread's
number and of the parent the block's, and `__hpvm__barrier` a barrier of
those threads.

Lowered. The module `gpucc-hpvm-lower<constmem>` makes from the same source
(after SROA/InstCombine/SimplifyCFG) is retargeted the same way: the special
registers `llvm.nvvm.read.ptx.sreg.{tid,ntid,ctaid,nctaid}.{x,y,z}` become
`emu_*` functions, the block barrier (`llvm.nvvm.barrier0`, or LLVM 22's
`llvm.nvvm.barrier.cta.sync.aligned.all`) the same thread barrier, the shared
tile (an `addrspace(3)` global) is refilled with 0xA5 bytes before each
block, and for the constant form the driver copies `coef` into
`@leaf_const_pool` after asking `@leaf_const_fits`. Both kernels run: `leaf`
(global) and `leaf_const` (constant memory).

Schedule. The threads of a block never run at the same time: one runs until
it reaches the barrier or ends, then the next, in reverse thread order, and
after the last the first resumes. That is a legal schedule of both programs,
and a deterministic one, so a program that needs the barrier fails every
time without it: `--mutant no-barrier` deletes the kernel's barrier, and the
last thread then reads tile elements nobody has written yet.

Configurations: block size BS in {32, 64, 128} (the source compiled with
-DBS), outputs n in {1, 31, BS, BS + 1, 300} and filter length k in {1, 4, 9}:
45 per form. Inputs are small integers, so float sums are exact; `out` is
surrounded by 16 guard floats each side, and `in` and `coef` are checked
unchanged.

Fixture. `--kernel FILE` takes the kernels from FILE instead of running
gpucc-hpvm-lower (the reference still comes from gpucc-hpvm-gen): a module in
the §3 form, such as the hand-written tests/hpvm/conv1d_lowered.ll, with
`leaf`, `leaf_const`, `leaf_const_fits`, `leaf_const_pool` and a tile
`leaf_shared6` of at least (BS + 8) floats for every BS. That tests the
emulator itself, independently of the lowering.

Dynamic tile. `--tile dynamic` compiles the source with -DHPVM_DYNAMIC_TILE:
the Alloc node allocates the size it is given, so the kernels take the tile
from the launch's dynamic shared memory (`@leaf_dynamic_shared`, which the
driver defines) and keep its size as a parameter, and the driver checks
that `@leaf_shared_bytes` asks for the tile's size before launching with it.

usage: hpvm_emulate.py --llvm-bin DIR --plugin LIB --out DIR [--kernel FILE]
                       [--tile static|dynamic] [--mutant no-barrier]
exit:  0 all configurations identical; 1 a mismatch (the first is printed);
       2 an error (a tool failed).
"""
import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "examples/hpvm/conv1d.c"
HEADER = ROOT / "include/hpvm.h"
BLOCKS = (32, 64, 128)
KS = (1, 4, 9)


def sizes(bs):
    return (1, 31, bs, bs + 1, 300)


def die(msg):
    print(f"hpvm_emulate: {msg}", file=sys.stderr)
    sys.exit(2)


def run(cmd, **kw):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if r.returncode != 0:
        die(f"{' '.join(str(c) for c in cmd)} failed:\n{r.stderr[-3000:]}")
    return r


def to_host(text):
    """The module `text`, retargeted to the host: no target lines, no GPU
    target attributes, no kernel calling convention, HPVM intrinsics and
    special registers renamed to the driver's functions."""
    out = []
    for line in text.splitlines():
        if line.startswith("target datalayout") or line.startswith("target triple"):
            continue
        # LLVM 22 would upgrade the "kernel" annotations of LLVM 16's marking
        # to the ptx_kernel calling convention, which no host target has.
        if line.startswith("!nvvm.annotations"):
            continue
        line = re.sub(r'"target-(cpu|features)"="[^"]*"', "", line)
        line = line.replace("ptx_kernel ", "")
        line = re.sub(r"@llvm\.hpvm\.([A-Za-z.]+)",
                      lambda m: "@emu_hpvm_" + m.group(1).replace(".", "_"), line)
        line = re.sub(r"@llvm\.nvvm\.read\.ptx\.sreg\.(\w+)\.([xyz])", r"@emu_\1_\2", line)
        line = line.replace("@llvm.nvvm.barrier0()", "@emu_barrier()")
        line = line.replace("@llvm.nvvm.barrier.cta.sync.aligned.all(i32", "@emu_barrier_cta(i32")
        out.append(line)
    return "\n".join(out) + "\n"


DRIVER = r"""
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 16
extern char leaf_const_pool[65536];
void leaf_ref(float *, long, float *, long, float *, long, float *, long, long, long)
    __asm__("leaf");
void alloc(long);
#ifdef DYNAMIC
/* Dynamic shared memory: the kernels keep the tile's size as a parameter,
   the launch's dynamic shared memory is @leaf_dynamic_shared, and
   @leaf_shared_bytes says how much of it to launch with. */
#define TILE_ARG shared_bytes,
void leaf_k(float *, long, float *, long, float *, long, long, long, long) __asm__("leaf_k");
void leaf_const(float *, long, float *, long, float *, long, long, long, long);
long leaf_shared_bytes(long);
_Alignas(16) unsigned char SHARED[65536] __asm__("leaf_dynamic_shared");
#else
#define TILE_ARG
void leaf_k(float *, long, float *, long, float *, long, long, long) __asm__("leaf_k");
void leaf_const(float *, long, float *, long, float *, long, long, long);
extern unsigned char SHARED[] __asm__("leaf_shared6");
#endif
_Bool leaf_const_fits(long);
static long shared_bytes;

/* The schedule: threads of one block take turns; sched[cur] runs. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int sched[1024], nsched, cur;
static __thread long my_tid;
static long block, nblocks, bs;
static void wait_turn(void) {
  while (sched[cur] != my_tid) pthread_cond_wait(&cv, &mu);
}
static void pass_turn(void) {
  cur = (cur + 1) % nsched;
  pthread_cond_broadcast(&cv);
}
void emu_barrier(void) {
  pthread_mutex_lock(&mu);
  pass_turn();
  wait_turn();
  pthread_mutex_unlock(&mu);
}
void emu_barrier_cta(int n) { (void)n; emu_barrier(); }
static void finish(void) {
  pthread_mutex_lock(&mu);
  memmove(&sched[cur], &sched[cur + 1], sizeof(int) * (nsched - cur - 1));
  --nsched;
  if (nsched && cur == nsched) cur = 0;
  pthread_cond_broadcast(&cv);
  pthread_mutex_unlock(&mu);
}

/* The special registers. */
unsigned emu_tid_x(void) { return (unsigned)my_tid; }
unsigned emu_ntid_x(void) { return (unsigned)bs; }
unsigned emu_ctaid_x(void) { return (unsigned)block; }
unsigned emu_nctaid_x(void) { return (unsigned)nblocks; }
unsigned emu_tid_y(void) { return 0; }
unsigned emu_tid_z(void) { return 0; }
unsigned emu_ntid_y(void) { return 1; }
unsigned emu_ntid_z(void) { return 1; }
unsigned emu_ctaid_y(void) { return 0; }
unsigned emu_ctaid_z(void) { return 0; }
unsigned emu_nctaid_y(void) { return 1; }
unsigned emu_nctaid_z(void) { return 1; }

/* HPVM, for the reference. */
static char SELF, PARENT;
void *emu_hpvm_getNode(void) { return &SELF; }
void *emu_hpvm_getParentNode(void *n) { return n == &SELF ? &PARENT : NULL; }
long emu_hpvm_getNodeInstanceID_x(void *n) { return n == &SELF ? my_tid : block; }
long emu_hpvm_getNumNodeInstances_x(void *n) { return n == &SELF ? bs : nblocks; }
long emu_hpvm_getNodeInstanceID_y(void *n) { (void)n; return 0; }
long emu_hpvm_getNodeInstanceID_z(void *n) { (void)n; return 0; }
long emu_hpvm_getNumNodeInstances_y(void *n) { (void)n; return 1; }
long emu_hpvm_getNumNodeInstances_z(void *n) { (void)n; return 1; }
void emu_hpvm_barrier(void) { emu_barrier(); }
void emu_hpvm_hint(int t) { (void)t; }
void emu_hpvm_attributes(int n, ...) { (void)n; }
static void *tile;
static long tile_bytes;
static int in_alloc;
void *emu_hpvm_malloc(long bytes) {
  void *p = malloc(bytes);
  memset(p, 0xA5, bytes);
  return p;
}
void emu_hpvm_return(int n, ...) {
  if (!in_alloc || n != 2) return;
  va_list ap;
  va_start(ap, n);
  tile = va_arg(ap, void *);
  tile_bytes = va_arg(ap, long);
  va_end(ap);
}
void *emu_hpvm_createNode(void *f) { (void)f; return NULL; }
void *emu_hpvm_createNode1D(void *f, long a) { (void)f; (void)a; return NULL; }
void emu_hpvm_bind_input(void *n, int a, int b, _Bool s) { (void)n; (void)a; (void)b; (void)s; }
void *emu_hpvm_createEdge(void *a, void *b, _Bool o, int x, int y, _Bool s) {
  (void)a; (void)b; (void)o; (void)x; (void)y; (void)s; return NULL;
}

/* One launch. */
struct args { float *in, *coef, *out; long n, k; int form; };
static struct args A;
static void *thread(void *p) {
  my_tid = (long)p;
  pthread_mutex_lock(&mu);
  wait_turn();
  pthread_mutex_unlock(&mu);
  long in_b = (A.n + A.k - 1) * 4, coef_b = A.k * 4, out_b = A.n * 4;
  if (A.form == 0)
    leaf_ref(A.in, in_b, A.coef, coef_b, A.out, out_b, tile, tile_bytes, A.n, A.k);
  else if (A.form == 1)
    leaf_k(A.in, in_b, A.coef, coef_b, A.out, out_b, TILE_ARG A.n, A.k);
  else
    leaf_const(A.in, in_b, A.coef, coef_b, A.out, out_b, TILE_ARG A.n, A.k);
  finish();
  return NULL;
}
static void launch(void) {
  pthread_t th[1024];
  nblocks = (A.n + bs - 1) / bs;
  for (block = 0; block < nblocks; ++block) {
    if (A.form == 0) {
      in_alloc = 1;
      alloc((bs + 8) * 4);  /* the root's tile_bytes: BS + KMAX - 1 floats */
      in_alloc = 0;
    } else {
      memset(SHARED, 0xA5, (size_t)shared_bytes);
    }
    nsched = (int)bs;
    cur = 0;
    for (int t = 0; t < bs; ++t) sched[t] = (int)(bs - 1 - t);  /* reverse order */
    for (long t = 0; t < bs; ++t) pthread_create(&th[t], NULL, thread, (void *)t);
    for (long t = 0; t < bs; ++t) pthread_join(th[t], NULL);
    if (A.form == 0) free(tile);
  }
}

/* Runs one configuration in one form; fills buf (guards included). */
static void one(long n, long k, int form, float *in, float *coef, float *buf) {
  for (long i = 0; i < n + 2 * GUARD; ++i) memcpy(&buf[i], "\xa5\xa5\xa5\xa5", 4);
  A = (struct args){in, coef, buf + GUARD, n, k, form};
  if (form == 2) {
    if (!leaf_const_fits(k * 4)) { printf("ERROR leaf_const_fits refused %ld bytes\n", k * 4); exit(2); }
    memcpy(leaf_const_pool, coef, (size_t)k * 4);
  }
  launch();
}

int main(int argc, char **argv) {
  bs = atol(argv[1]);
  shared_bytes = (bs + 8) * 4;
#ifdef DYNAMIC
  if (leaf_shared_bytes(shared_bytes) != shared_bytes) {
    printf("ERROR leaf_shared_bytes(%ld) = %ld\n", shared_bytes, leaf_shared_bytes(shared_bytes));
    return 2;
  }
#endif
  const char *names[] = {"reference", "leaf", "leaf_const"};
  int configs = 0;
  for (int a = 2; a + 1 < argc; a += 2) {
    long n = atol(argv[a]), k = atol(argv[a + 1]);
    float *in = malloc(sizeof(float) * (n + k)), *coef = malloc(sizeof(float) * k);
    float *in0 = malloc(sizeof(float) * (n + k)), *coef0 = malloc(sizeof(float) * k);
    for (long i = 0; i < n + k; ++i) in[i] = (float)((i * 7 + 3) % 17 - 8);
    for (long j = 0; j < k; ++j) coef[j] = (float)((j * 5 + 1) % 9 - 4);
    memcpy(in0, in, sizeof(float) * (n + k));
    memcpy(coef0, coef, sizeof(float) * k);
    float *ref = malloc(sizeof(float) * (n + 2 * GUARD)), *got = malloc(sizeof(float) * (n + 2 * GUARD));
    one(n, k, 0, in, coef, ref);
    for (int form = 1; form <= 2; ++form) {
      one(n, k, form, in, coef, got);
      if (memcmp(ref, got, sizeof(float) * (n + 2 * GUARD))) {
        for (long i = 0; i < n + 2 * GUARD; ++i)
          if (memcmp(&ref[i], &got[i], 4)) {
            printf("MISMATCH bs=%ld n=%ld k=%ld %s: out[%ld] reference %g, kernel %g\n", bs, n, k,
                   names[form], i - GUARD, ref[i], got[i]);
            return 1;
          }
      }
      if (memcmp(in, in0, sizeof(float) * (n + k)) || memcmp(coef, coef0, sizeof(float) * k)) {
        printf("MISMATCH bs=%ld n=%ld k=%ld %s: an input changed\n", bs, n, k, names[form]);
        return 1;
      }
    }
    ++configs;
  }
  printf("ok bs=%ld: %d configurations, leaf and leaf_const byte-identical to the reference\n", bs, configs);
  return 0;
}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--llvm-bin", required=True)
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--kernel", help="kernels from this §3-form module, not from the pass")
    ap.add_argument("--tile", choices=["static", "dynamic"], default="static")
    ap.add_argument("--mutant", choices=["no-barrier"])
    a = ap.parse_args()
    dynamic = a.tile == "dynamic"
    if dynamic and a.kernel:
        die("--kernel takes a static tile (@leaf_shared6): not with --tile dynamic")
    llvm = Path(a.llvm_bin)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    major = run([llvm / "clang", "--version"]).stdout.split("version ")[1].split(".")[0]
    extra = [] if major == "16" else ["-Xclang", "-target-feature", "-Xclang", "+ptx70"]
    (out / "driver.c").write_text(DRIVER)
    total = 0
    for bs in BLOCKS:
        d = out / f"bs{bs}"
        d.mkdir(exist_ok=True)
        c_ll = d / "conv1d.ll"
        run([llvm / "clang", "--target=nvptx64-nvidia-cuda", "-march=sm_80", *extra,
             "-x", "c", "-O0", "-Xclang", "-disable-O0-optnone", f"-DBS={bs}",
             *(["-DHPVM_DYNAMIC_TILE"] if dynamic else []),
             "-include", HEADER, "-S", "-emit-llvm", SOURCE, "-o", c_ll])
        opt = [llvm / "opt", f"-load-pass-plugin={a.plugin}", "-S"]
        gen = run(opt + ["-passes=gpucc-hpvm-gen", c_ll]).stdout
        if a.kernel:
            low = Path(a.kernel).read_text()
            tile = re.search(r"@leaf_shared6 = internal addrspace\(3\) global \[(\d+) x i8\]", low)
            if not tile or int(tile.group(1)) < (bs + 8) * 4:
                die(f"bs={bs}: {a.kernel} has no tile @leaf_shared6 of {(bs + 8) * 4} bytes")
        else:
            low = run(opt + ["-passes=gpucc-hpvm-gen,function(sroa,instcombine,simplifycfg),"
                             "gpucc-hpvm-lower<constmem>", c_ll]).stdout
        if "llvm.hpvm" in low or "leaf_const" not in low:
            die(f"bs={bs}: the lowered module still has HPVM calls or no constant form")
        if dynamic != ("@leaf_dynamic_shared" in low and "@leaf_shared_bytes" in low):
            die(f"bs={bs}: the lowered tile is not {a.tile} shared memory")
        host_ref = to_host(gen)
        # The kernel keeps the leaf's name; rename it so both link together.
        host_k = re.sub(r"@leaf\b(?!_)", "@leaf_k", to_host(low))
        # The driver refills the shared tile before each block.
        host_k = host_k.replace("@leaf_shared6 = internal ", "@leaf_shared6 = ")
        if a.mutant == "no-barrier":
            lines = [l for l in host_k.splitlines() if "@emu_barrier" not in l or "declare" in l]
            if len(lines) == len(host_k.splitlines()):
                die("the mutant found no barrier to delete")
            host_k = "\n".join(lines) + "\n"
        (d / "reference.host.ll").write_text(host_ref)
        (d / "kernel.host.ll").write_text(host_k)
        objs = []
        for name in ("reference", "kernel"):
            o = d / f"{name}.o"
            run([llvm / "clang", "-c", "-O1", "-Wno-override-module", d / f"{name}.host.ll", "-o", o])
            objs.append(o)
        exe = d / "emulate"
        run([llvm / "clang", "-O1", "-pthread", *(["-DDYNAMIC"] if dynamic else []),
             out / "driver.c", *objs, "-o", exe])
        argv = [exe, str(bs)]
        for n in sizes(bs):
            for k in KS:
                argv += [str(n), str(k)]
        r = subprocess.run([str(x) for x in argv], capture_output=True, text=True, timeout=600)
        print(r.stdout.strip())
        if r.returncode == 1:
            return 1
        if r.returncode != 0:
            die(f"bs={bs}: the emulator failed ({r.returncode}):\n{r.stderr[-2000:]}")
        total += len(sizes(bs)) * len(KS)
    kernels = f" from {a.kernel}" if a.kernel else ""
    kernels += ", dynamic shared tile" if dynamic else ""
    print(f"hpvm_emulate: {total} configurations x 2 forms (leaf, leaf_const){kernels}: "
          f"all byte-identical to HPVM's semantics")
    return 0


if __name__ == "__main__":
    sys.exit(main())

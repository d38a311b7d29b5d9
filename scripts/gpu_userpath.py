#!/usr/bin/env python3
"""User-path benchmark on a GPU: RUNS the PTX that scripts/bench-userpath.sh
made for each kernel of bench/kernels (stock clang, clang + plugin, NVRTC),
checks that the three compute the same results and times them. The wrapper
scripts/bench-userpath-gpu.sh builds the PTX and says what is measured and
why; this file says how.

Everything goes through the CUDA driver API by ctypes on libcuda.so.1 (no
CUDA toolkit, no numpy): cuModuleLoadDataEx gets the PTX text, so the
driver JIT-compiles it for the GPU at hand (default JIT optimisation level);
buffers are Python `array`s.

Per kernel, a spec below (KERNELS) gives its parameters as the .cu declares
them, and one or more cases: buffers with deterministic pseudo-random
contents valid for the kernel (column indices in range, neighbour boxes in
range or -1, ...), scalars, grid, block and dynamic shared bytes, the
__constant__ data, and which buffers are outputs. Cases:
  small   tiny sizes, checked against a Python reference of the kernel (with
          bounds-checked indexing, so the spec's sizes are checked too);
  (extra) a kernel's own edge case (div64_index: a divisor above 2^32);
  full    a size that keeps the GPU busy for 0.05 to a few ms per launch:
          the three compilers are compared with each other and timed.
Inputs are small integers (or dyadic fractions) wherever the kernel's float
arithmetic then is exact: sums of such products are exact in float32 in any
order, with or without FMA contraction, so outputs must be BYTE-IDENTICAL
between compilers, float atomics (fig7_speculation, spmv_ell64) included.
Only lavamd_like (a division) and nbody_tile (rsqrt.approx) are inexact:
there, outputs must agree within a tolerance relative to the output's
largest magnitude, max|a - b| <= tol * max|b| (tol 1e-4; FMA contraction
and the approximate rsqrt legitimately differ between compilers), and the
figure is reported either way, as is whether plugin and stock still agree
bit for bit. Integer outputs are always compared byte for byte.

Each device buffer has a 4 KiB canary after it, checked after every launch
(an out-of-bounds write by a miscompiled kernel shows there), and inputs are
read back at the end and must be unchanged. Each output must also differ
from its initial contents (a spec whose threads all return early would
otherwise compare equal).

Timing (full case): WARMUP launches of each compiler's kernel, then REPS
rounds in which each compiler's kernel is launched once, in an order that
rotates from round to round, each launch between two CUDA events on the
default stream; the figure is the median (min and spread are kept in the
JSON). Ratios plugin/stock and plugin/nvrtc come from these medians, all
measured in the same process on the same device with the same buffers.

Isolation: each kernel runs in a child process (`--worker`), so a fault
that poisons a CUDA context (an illegal address from a miscompiled kernel)
loses only that process: the parent records which compiler faulted and runs
the kernel again without it. A child that outlives its time is killed and
recorded. Results are written after each kernel, so a cut-short run still
leaves its JSON and table.

usage: gpu_userpath.py --ptx-dir DIR --out DIR [--dry-run] [--reps N]
                       [--warmup N] [--budget-s S] [KERNEL...]
  --dry-run   everything but libcuda: PTX entry signatures and __constant__
              symbols against the specs, all cases built, the Python
              references run on the small cases
  --probe     exit 0 when libcuda loads and sees a GPU, 1 otherwise
  GPU_USERPATH_LIBCUDA names another driver library (a test double).
Outputs: OUT/userpath-gpu.json, OUT/userpath-gpu.md, OUT/userpath-gpu.log.
Exit status: 0 when every kernel ran and agreed; 1 when a kernel failed or
disagreed (the table says which), or, with --dry-run, when a spec does not
fit its PTX or its reference fails; 2 on a usage error or missing PTX.
"""

import argparse
import array
import ctypes
import json
import os
import random
import re
import statistics
import struct
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

NAME = "gpu_userpath"
COMPILERS = ("stock", "plugin", "nvrtc")
PAIRS = (("plugin", "stock"), ("plugin", "nvrtc"), ("stock", "nvrtc"))
CANARY = 4096
CANARY_BYTES = bytes([0xA5]) * CANARY
SENTINEL = -12345.0
FLOAT_TOL = 1e-4

# ---------------------------------------------------------------- data


def rng_for(*key):
    """A generator seeded by a string: the same contents on every machine."""
    return random.Random("/".join(str(k) for k in key))


def pick(rng, n, values, fmt):
    """n elements, each one of `values` (at most 256) chosen by a random
    byte, packed as struct format `fmt` ('f', 'i', ...), as an array of
    that typecode. Built lane by lane with bytes.translate, so 16M elements
    take well under a second."""
    assert 0 < len(values) <= 256
    pats = [struct.pack("<" + fmt, values[b % len(values)]) for b in range(256)]
    width = len(pats[0])
    src = rng.randbytes(n)
    out = bytearray(width * n)
    for lane in range(width):
        out[lane::width] = src.translate(bytes(p[lane] for p in pats))
    a = array.array(fmt)
    a.frombytes(bytes(out))
    return a


def ints_f32(rng, n, lo, hi):
    """Floats with integer values lo..hi: exact in any float32 sum here."""
    return pick(rng, n, [float(v) for v in range(lo, hi + 1)], "f")


def dyadic_f32(rng, n, lo, hi):
    """Floats k/256 in [lo, hi): exact inputs for the inexact kernels."""
    steps = [lo + (hi - lo) * k / 256 for k in range(256)]
    return pick(rng, n, steps, "f")


def iota_bits(n):
    """n distinct 32-bit words 0, 1, 2, ... (n <= 2^24) as an array('f'):
    for copy kernels, whose output then tells where each element went. As
    floats these are zero, denormals and small normals; copies move bits."""
    assert n <= 1 << 24
    m = -(-n // 65536) * 65536
    b0 = bytes(range(256)) * (m // 256)
    b1 = b"".join(bytes([i]) * 256 for i in range(256)) * (m // 65536)
    b2 = b"".join(bytes([i]) * 65536 for i in range(m // 65536))
    out = bytearray(4 * m)
    out[0::4] = b0
    out[1::4] = b1
    out[2::4] = b2
    a = array.array("f")
    a.frombytes(bytes(out[: 4 * n]))
    return a


def filled(tc, n, value):
    return array.array(tc, [value]) * n


def ell_cols(rng, n):
    """ELL column indices as int64: 0..32767 (x has 32768 entries), and
    about 1 in 16 negative (padding, which the kernel skips)."""
    lo = rng.randbytes(n)
    hi = rng.randbytes(n).translate(bytes(b & 0x7F if b < 0xF0 else 0xFF for b in range(256)))
    ext = hi.translate(bytes(0xFF if b & 0x80 else 0 for b in range(256)))
    out = bytearray(8 * n)
    out[0::8] = lo
    out[1::8] = hi
    for lane in range(2, 8):
        out[lane::8] = ext
    a = array.array("q")
    a.frombytes(bytes(out))
    return a


def f32(x):
    """x rounded to float32, as a Python float."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def at(a, i):
    """a[i], refusing an index out of range (Python would wrap a negative
    one): the references check the specs' buffer sizes this way."""
    if not 0 <= i < len(a):
        raise IndexError(f"index {i} outside 0..{len(a) - 1}")
    return a[i]


def put(a, i, v):
    if not 0 <= i < len(a):
        raise IndexError(f"store index {i} outside 0..{len(a) - 1}")
    a[i] = v


def cdiv(a, b):
    return -(-a // b)


# ---------------------------------------------------------------- specs


@dataclass
class Buf:
    data: array.array  # initial contents (inputs: the input; outputs: the init)
    out: bool = False  # read back after each launch and compared
    tol: float | None = None  # None: byte-identical required


@dataclass
class Case:
    name: str
    grid: tuple
    block: tuple
    args: list  # ("ptr", buf) | ("i32", v) | ("i64", v) | ("f32", v)
    bufs: dict
    shmem: int = 0
    consts: dict = field(default_factory=dict)  # symbol -> array
    ref: object = None  # fn(case) -> {out buf: array}, small cases
    timed: bool = False


@dataclass
class Kernel:
    entry: str
    cases: object  # fn(case_name) -> Case
    case_names: tuple
    note: str  # what is compared how, for the table


def out_copy(case, name):
    return array.array(case.bufs[name].data.typecode, case.bufs[name].data)


# conv2d_constant ------------------------------------------------------------
def conv2d_case(name):
    w, h = (53, 37) if name == "small" else (4096, 4096)
    r = rng_for("conv2d_constant", name)
    bufs = {
        "img": Buf(ints_f32(r, w * h, -8, 7)),
        "out": Buf(filled("f", w * h, SENTINEL), out=True),
    }
    filt = ints_f32(r, 25, -4, 4)

    def ref(c):
        img, out = c.bufs["img"].data, out_copy(c, "out")
        for y in range(2, h - 2):
            for x in range(2, w - 2):
                acc = 0.0
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        acc += at(filt, (dy + 2) * 5 + dx + 2) * at(img, (y + dy) * w + x + dx)
                put(out, y * w + x, acc)
        return {"out": out}

    return Case(name, (cdiv(w, 16), cdiv(h, 16), 1), (16, 16, 1),
                [("ptr", "img"), ("ptr", "out"), ("i32", w), ("i32", h)], bufs,
                consts={"filter5x5": filt}, ref=ref, timed=name == "full")


# div64_index ----------------------------------------------------------------
def div64_case(name):
    # wide64: a divisor above 2^32, so the 64-bit division's slow path runs
    # (ny = nz = 1: thread i copies in[i] to out[i]).
    nx, ny, nz, threads = {
        "small": (7, 5, 3, 105),
        "wide64": ((1 << 33) + 3, 1, 1, 4096),
        "full": (256, 256, 128, 256 * 256 * 128),
    }[name]
    n = threads
    bufs = {"in": Buf(iota_bits(n)), "out": Buf(filled("f", n, SENTINEL), out=True)}

    def ref(c):
        src, out = c.bufs["in"].data, out_copy(c, "out")
        total = nx * ny * nz
        for i in range(threads):
            if i >= total:
                continue
            x, rest = i % nx, i // nx
            y, z = rest % ny, rest // ny
            put(out, (x * ny + y) * nz + z, at(src, i))
        return {"out": out}

    return Case(name, (cdiv(threads, 256), 1, 1), (256, 1, 1),
                [("ptr", "in"), ("ptr", "out"), ("i64", nx), ("i64", ny), ("i64", nz)], bufs,
                ref=ref, timed=name == "full")


# fig4_matmul_tiles ----------------------------------------------------------
def matmul_case(name):
    n = 48 if name == "small" else 2048
    r = rng_for("fig4_matmul_tiles", name)
    bufs = {
        "A": Buf(ints_f32(r, n * n, -4, 3)),
        "B": Buf(ints_f32(r, n * n, -4, 3)),
        "C": Buf(filled("f", n * n, SENTINEL), out=True),
    }

    def ref(c):
        A, B, C = c.bufs["A"].data, c.bufs["B"].data, out_copy(c, "C")
        for i in range(n):
            for j in range(n):
                put(C, i * n + j, sum(at(A, i * n + k) * at(B, k * n + j) for k in range(n)))
        return {"C": C}

    return Case(name, (n // 16, n // 16, 1), (16, 16, 1),
                [("ptr", "A"), ("ptr", "B"), ("ptr", "C"), ("i32", n)], bufs, ref=ref,
                timed=name == "full")


# fig5_submatrix_i64 / fig6_submatrix_i32 (/ _bounded: n <= 46340) ----------
def submatrix_case(kernel, index_kind, const="weights3x3"):
    def build(name):
        n = 37 if name == "small" else 4096
        r = rng_for(kernel, name)
        bufs = {"a": Buf(ints_f32(r, n * n, -8, 7)),
                "out": Buf(filled("f", n * n, SENTINEL), out=True)}
        wts = ints_f32(r, 9, -3, 3)

        def ref(c):
            a, out = c.bufs["a"].data, out_copy(c, "out")
            for b in range(n):
                for cc in range(n):
                    if b + 2 >= n or cc + 2 >= n:
                        continue
                    s = sum(at(wts, x * 3 + y) * at(a, (cc + y) + (b + x) * n)
                            for x in range(3) for y in range(3))
                    put(out, (b + 1) * n + cc + 1, s)
            return {"out": out}

        return Case(name, (cdiv(n, 16), cdiv(n, 16), 1), (16, 16, 1),
                    [("ptr", "a"), ("ptr", "out"), (index_kind, n)], bufs,
                    consts={const: wts}, ref=ref, timed=name == "full")

    return build


# fig7_speculation -----------------------------------------------------------
def fig7_case(name):
    width, rows, j, bx = (64, 5, 3, 32) if name == "small" else (4096, 4096, 37, 256)
    r = rng_for("fig7_speculation", name)
    bufs = {
        "a": Buf(ints_f32(r, (rows + 1) * width + j, -8, 7)),
        "out": Buf(filled("f", rows, 0.0), out=True),
        "mode": Buf(pick(r, rows * width, list(range(8)), "i")),
    }

    def ref(c):
        a, mode, out = c.bufs["a"].data, c.bufs["mode"].data, out_copy(c, "out")
        for row in range(rows):
            acc = at(out, row)
            for col in range(width):
                m = at(mode, row * width + col)
                if m & 1:
                    acc += at(a, row * width + col) * 2.0
                if m & 2:
                    acc += at(a, row * width + col + j) * 3.0
                if m & 4:
                    acc += at(a, (row + 1) * width + col + j)
            put(out, row, acc)
        return {"out": out}

    return Case(name, (width // bx, rows, 1), (bx, 1, 1),
                [("ptr", "a"), ("ptr", "out"), ("ptr", "mode"), ("i32", width), ("i32", j)],
                bufs, ref=ref, timed=name == "full")


# gemv -----------------------------------------------------------------------
def gemv_case(name):
    rows, cols, bx = (70, 33, 32) if name == "small" else (8192, 2048, 64)
    r = rng_for("gemv", name)
    bufs = {"A": Buf(ints_f32(r, rows * cols, -8, 7)), "x": Buf(ints_f32(r, cols, -8, 7)),
            "y": Buf(filled("f", rows, SENTINEL), out=True)}

    def ref(c):
        A, x, y = c.bufs["A"].data, c.bufs["x"].data, out_copy(c, "y")
        for row in range(rows):
            put(y, row, sum(at(A, row * cols + k) * at(x, k) for k in range(cols)))
        return {"y": y}

    return Case(name, (cdiv(rows, bx), 1, 1), (bx, 1, 1),
                [("ptr", "A"), ("ptr", "x"), ("ptr", "y"), ("i32", rows), ("i32", cols)], bufs,
                ref=ref, timed=name == "full")


# histogram_shared_atomics ---------------------------------------------------
def histogram_case(name):
    n, grid, bx = (3000, 3, 128) if name == "small" else (1 << 25, 528, 256)
    r = rng_for("histogram_shared_atomics", name)
    data = array.array("B")
    data.frombytes(r.randbytes(n))
    bufs = {"data": Buf(data), "hist": Buf(filled("I", 256, 0), out=True)}

    def ref(c):
        hist = out_copy(c, "hist")
        for i in range(n):
            hist[at(data, i)] += 1
        return {"hist": hist}

    return Case(name, (grid, 1, 1), (bx, 1, 1),
                [("ptr", "data"), ("i64", n), ("ptr", "hist")], bufs, ref=ref,
                timed=name == "full")


# interproc_shared_callee ----------------------------------------------------
def attend_case(name):
    nblk = 3 if name == "small" else 8192
    r = rng_for("interproc_shared_callee", name)
    bufs = {"q": Buf(ints_f32(r, nblk * 16, -8, 7)),
            "keys": Buf(ints_f32(r, nblk * 64 * 16, -8, 7)),
            "values": Buf(ints_f32(r, nblk * 64 * 16, -8, 7)),
            "out": Buf(filled("f", nblk * 17, SENTINEL), out=True)}

    def ref(c):
        q, k, v = (c.bufs[b].data for b in ("q", "keys", "values"))
        out = out_copy(c, "out")
        for b in range(nblk):
            base = b * 64 * 16
            sq = [at(q, b * 16 + d) for d in range(16)]
            score = [sum(sq[d] * at(k, base + t * 16 + d) for d in range(16)) for t in range(64)]
            for t in range(16):
                put(out, b * 17 + t, sum(score[kk] * at(v, base + kk * 16 + t) for kk in range(64)))
            put(out, b * 17 + 16, sum(x * x for x in sq))
        return {"out": out}

    return Case(name, (nblk, 1, 1), (64, 1, 1),
                [("ptr", "q"), ("ptr", "keys"), ("ptr", "values"), ("ptr", "out")], bufs,
                ref=ref, timed=name == "full")


# lavamd_like ----------------------------------------------------------------
def lavamd_case(name):
    nboxes, npb, per_box, bx = (4, 3, 20, 8) if name == "small" else (256, 27, 128, 128)
    alpha2 = 0.5
    r = rng_for("lavamd_like", name)
    xyz = dyadic_f32(r, nboxes * per_box * 4, 0.0, 1.0)
    qs = dyadic_f32(r, nboxes * per_box, -1.0, 1.0)
    for p in range(nboxes * per_box):
        xyz[p * 4 + 3] = qs[p]
    # Neighbour lists: the home box first (as lavaMD), then random boxes,
    # about one in eight left empty (-1, which the kernel skips).
    nbs = array.array("i")
    for home in range(nboxes):
        for k in range(npb):
            if k == 0:
                nbs.append(home)
            else:
                nbs.append(-1 if r.random() < 0.125 else r.randrange(nboxes))
    bufs = {"pos": Buf(xyz), "neighbours": Buf(nbs),
            "force": Buf(filled("f", nboxes * per_box * 4, 0.0), out=True, tol=FLOAT_TOL)}

    def ref(c):
        force = [float(v) for v in c.bufs["force"].data]
        for home in range(nboxes):
            for k in range(npb):
                nb = at(nbs, home * npb + k)
                if nb < 0:
                    continue
                for i in range(per_box):
                    me = [at(xyz, (home * per_box + i) * 4 + f) for f in range(4)]
                    o = (home * per_box + i) * 4
                    for jj in range(per_box):
                        st = [at(xyz, (nb * per_box + jj) * 4 + f) for f in range(4)]
                        dx, dy, dz = me[0] - st[0], me[1] - st[1], me[2] - st[2]
                        s = st[3] / (alpha2 + dx * dx + dy * dy + dz * dz)
                        at(force, o + 3)
                        force[o] += s
                        force[o + 1] += s * dx
                        force[o + 2] += s * dy
                        force[o + 3] += s * dz
        return {"force": array.array("f", force)}

    return Case(name, (nboxes, 1, 1), (bx, 1, 1),
                [("ptr", "pos"), ("ptr", "neighbours"), ("i32", npb), ("ptr", "force"),
                 ("i32", per_box), ("f32", alpha2)], bufs, shmem=per_box * 16, ref=ref,
                timed=name == "full")


# nbody_tile -----------------------------------------------------------------
def nbody_case(name):
    n = 300 if name == "small" else 16384 - 37  # not a multiple of the tile
    soft2 = 0.01
    r = rng_for("nbody_tile", name)
    bodies = dyadic_f32(r, n * 4, -1.0, 1.0)
    masses = dyadic_f32(r, n, 0.25, 1.25)
    for i in range(n):
        bodies[i * 4 + 3] = masses[i]
    bufs = {"bodies": Buf(bodies),
            "acc": Buf(filled("f", 3 * n, SENTINEL), out=True, tol=FLOAT_TOL)}

    def ref(c):
        acc = out_copy(c, "acc")
        pts = [[at(bodies, j * 4 + f) for f in range(4)] for j in range(n)]
        for i in range(n):
            me = pts[i]
            ax = ay = az = 0.0
            for p in pts:
                dx, dy, dz = p[0] - me[0], p[1] - me[1], p[2] - me[2]
                r2 = dx * dx + dy * dy + dz * dz + soft2
                s = p[3] / (r2 * r2 ** 0.5)
                ax += s * dx
                ay += s * dy
                az += s * dz
            put(acc, 3 * i, ax)
            put(acc, 3 * i + 1, ay)
            put(acc, 3 * i + 2, az)
        return {"acc": acc}

    return Case(name, (cdiv(n, 256), 1, 1), (256, 1, 1),
                [("ptr", "bodies"), ("ptr", "acc"), ("i32", n), ("f32", soft2)], bufs, ref=ref,
                timed=name == "full")


# reduce_shared --------------------------------------------------------------
def reduce_case(name):
    n, grid = (5000, 3) if name == "small" else (1 << 24, 1056)
    r = rng_for("reduce_shared", name)
    bufs = {"in": Buf(ints_f32(r, n, -8, 7)),
            "partial": Buf(filled("f", grid, SENTINEL), out=True)}

    def ref(c):
        src, part = c.bufs["in"].data, out_copy(c, "partial")
        sums = [0.0] * grid
        for i in range(n):
            sums[(i % (grid * 256)) // 256] += at(src, i)
        for b in range(grid):
            put(part, b, sums[b])
        return {"partial": part}

    return Case(name, (grid, 1, 1), (256, 1, 1),
                [("ptr", "in"), ("ptr", "partial"), ("i64", n)], bufs, ref=ref,
                timed=name == "full")


# spmv_ell64 -----------------------------------------------------------------
def spmv_case(name):
    rows, width, groups = (50, 10, 3) if name == "small" else (1 << 18, 20, 3)
    ncols = 32768
    r = rng_for("spmv_ell64", name)
    bufs = {"val": Buf(ints_f32(r, width * rows, -8, 7)), "col": Buf(ell_cols(r, width * rows)),
            "x": Buf(ints_f32(r, ncols, -8, 7)), "y": Buf(filled("f", rows, 0.0), out=True)}

    def ref(c):
        val, col, x = (c.bufs[b].data for b in ("val", "col", "x"))
        y = out_copy(c, "y")
        per_group = cdiv(width, groups)
        for t in range(rows * groups):
            row, group = t // groups, t % groups
            first = group * per_group
            s = 0.0
            for slot in range(first, min(first + per_group, width)):
                cc = at(col, slot * rows + row)
                if cc >= 0:
                    s += at(val, slot * rows + row) * at(x, cc)
            y[row] += s
        return {"y": y}

    return Case(name, (cdiv(rows * groups, 128), 1, 1), (128, 1, 1),
                [("ptr", "val"), ("ptr", "col"), ("ptr", "x"), ("ptr", "y"), ("i64", rows),
                 ("i64", width), ("i64", groups)], bufs, ref=ref, timed=name == "full")


# stencil2d_5pt_shared -------------------------------------------------------
def jacobi2d_case(name):
    w, h = (45, 35) if name == "small" else (4000, 3000)
    r = rng_for("stencil2d_5pt_shared", name)
    bufs = {"in": Buf(ints_f32(r, w * h, -8, 7)),
            "out": Buf(filled("f", w * h, SENTINEL), out=True)}
    fifth = f32(0.2)

    def ref(c):
        src, out = c.bufs["in"].data, out_copy(c, "out")
        for y in range(1, h - 1):
            for x in range(1, w - 1):
                s = (at(src, y * w + x) + at(src, y * w + x - 1) + at(src, y * w + x + 1)
                     + at(src, (y - 1) * w + x) + at(src, (y + 1) * w + x))
                put(out, y * w + x, f32(fifth * s))
        return {"out": out}

    return Case(name, (cdiv(w, 16), cdiv(h, 16), 1), (16, 16, 1),
                [("ptr", "in"), ("ptr", "out"), ("i32", w), ("i32", h)], bufs, ref=ref,
                timed=name == "full")


# stencil3d_7pt --------------------------------------------------------------
def heat3d_case(name):
    nx, ny, nz = (37, 19, 6) if name == "small" else (512, 512, 64)
    centre, side = 0.25, 0.125  # powers of two: the products stay exact
    r = rng_for("stencil3d_7pt", name)
    n = nx * ny * nz
    bufs = {"in": Buf(ints_f32(r, n, -8, 7)), "out": Buf(filled("f", n, SENTINEL), out=True)}

    def ref(c):
        src, out = c.bufs["in"].data, out_copy(c, "out")
        for y in range(1, ny - 1):
            for x in range(1, nx - 1):
                for z in range(1, nz - 1):
                    o = (z * ny + y) * nx + x
                    s = (at(src, o - 1) + at(src, o + 1) + at(src, o - nx) + at(src, o + nx)
                         + at(src, o - nx * ny) + at(src, o + nx * ny))
                    put(out, o, centre * at(src, o) + side * s)
        return {"out": out}

    return Case(name, (cdiv(nx, 32), cdiv(ny, 8), 1), (32, 8, 1),
                [("ptr", "in"), ("ptr", "out"), ("i32", nx), ("i32", ny), ("i32", nz),
                 ("f32", centre), ("f32", side)], bufs, ref=ref, timed=name == "full")


# transpose_tile -------------------------------------------------------------
def transpose_case(name):
    w, h = (70, 45) if name == "small" else (4000, 3000)
    bufs = {"in": Buf(iota_bits(w * h)), "out": Buf(filled("f", w * h, SENTINEL), out=True)}

    def ref(c):
        src, out = c.bufs["in"].data, out_copy(c, "out")
        for y in range(h):
            for x in range(w):
                put(out, x * h + y, at(src, y * w + x))
        return {"out": out}

    return Case(name, (cdiv(w, 32), cdiv(h, 32), 1), (32, 8, 1),
                [("ptr", "in"), ("ptr", "out"), ("i32", w), ("i32", h)], bufs, ref=ref,
                timed=name == "full")


EXACT = "byte-identical (integer-valued float data: exact in any order)"
KERNELS = {
    "conv2d_constant": Kernel("conv5x5", conv2d_case, ("small", "full"), EXACT),
    "div64_index": Kernel("permute_zxy", div64_case, ("small", "wide64", "full"),
                          "byte-identical (a copy; wide64: divisor > 2^32)"),
    "fig4_matmul_tiles": Kernel("matmul_tiles", matmul_case, ("small", "full"), EXACT),
    "fig5_submatrix_i64": Kernel("submatrix_i64", submatrix_case("fig5_submatrix_i64", "i64"),
                                 ("small", "full"), EXACT),
    "fig6_submatrix_i32": Kernel("submatrix_i32", submatrix_case("fig6_submatrix_i32", "i32"),
                                 ("small", "full"), EXACT),
    "fig6_submatrix_i32_bounded": Kernel(
        "submatrix_i32_bounded",
        submatrix_case("fig6_submatrix_i32_bounded", "i32", "weights3x3b"),
        ("small", "full"), EXACT),
    "fig7_speculation": Kernel("guarded_pairs", fig7_case, ("small", "full"),
                               EXACT + "; float atomics"),
    "gemv": Kernel("gemv", gemv_case, ("small", "full"), EXACT),
    "histogram_shared_atomics": Kernel("histogram256", histogram_case, ("small", "full"),
                                       "byte-identical (integer)"),
    "interproc_shared_callee": Kernel("attend64", attend_case, ("small", "full"), EXACT),
    "lavamd_like": Kernel("lavamd_like", lavamd_case, ("small", "full"),
                          f"within {FLOAT_TOL:g} of max|out| (a division; FMA contraction)"),
    "nbody_tile": Kernel("nbody_accel", nbody_case, ("small", "full"),
                         f"within {FLOAT_TOL:g} of max|out| (rsqrt.approx; FMA contraction)"),
    "reduce_shared": Kernel("block_sum", reduce_case, ("small", "full"), EXACT),
    "spmv_ell64": Kernel("spmv_ell", spmv_case, ("small", "full"), EXACT + "; float atomics"),
    "stencil2d_5pt_shared": Kernel("jacobi2d", jacobi2d_case, ("small", "full"), EXACT),
    "stencil3d_7pt": Kernel("heat3d", heat3d_case, ("small", "full"), EXACT),
    "transpose_tile": Kernel("transpose32", transpose_case, ("small", "full"),
                             "byte-identical (a copy)"),
}

# ---------------------------------------------------------------- PTX checks

PARAM_TYPES = {
    "ptr": {"u64", "b64", "s64"},
    "i64": {"u64", "b64", "s64"},
    "i32": {"u32", "b32", "s32"},
    "f32": {"f32", "b32"},
}


class SpecError(Exception):
    pass


def entry_params(ptx, entry):
    m = re.search(r"\.entry\s+" + re.escape(entry) + r"\s*\((.*?)\)", ptx, re.S)
    if m is None:
        raise SpecError(f"no .entry {entry} in the PTX")
    return re.findall(r"\.param\s+\.(\w+)", m.group(1))


def check_ptx(ptx, kernel, case, compiler):
    """The spec's arguments and __constant__ symbols against the PTX."""
    got = entry_params(ptx, kernel.entry)
    want = [kind for kind, _ in case.args]
    if len(got) != len(want) or any(g not in PARAM_TYPES[w] for g, w in zip(got, want)):
        raise SpecError(f"{compiler}: .entry {kernel.entry} takes {got}, the spec passes {want}")
    for sym, data in case.consts.items():
        decl = r"\.const\s+(?:\.align\s+\d+\s+)?\.b8\s+" + re.escape(sym) + r"\[(\d+)\]"
        m = re.search(decl, ptx)
        if m is None:
            raise SpecError(f"{compiler}: no .const {sym} in the PTX")
        if int(m.group(1)) != len(data) * data.itemsize:
            raise SpecError(f"{compiler}: .const {sym} has {m.group(1)} bytes, "
                            f"the spec gives {len(data) * data.itemsize}")


def visible_consts(ptx, syms):
    """The PTX with its module-local __constant__ symbols made .visible
    (NVRTC's whole-program PTX declares them without it): a fallback for a
    driver whose cuModuleGetGlobal does not find local symbols. Only the
    declarations' linkage changes."""
    for sym in syms:
        ptx = re.sub(r"^(\s*)\.const(\s+(?:\.align\s+\d+\s+)?\.b8\s+" + re.escape(sym) + r"\[)",
                     r"\1.visible .const\2", ptx, flags=re.M)
    return ptx


# ---------------------------------------------------------------- comparison


def compare(tc, a, b, tol):
    """Compares two outputs given as bytes of typecode tc. Byte-identical
    is the cheap common case; otherwise the differing elements are found
    chunk by chunk and described."""
    if a == b:
        return {"identical": True, "ok": True}
    if len(a) != len(b):
        return {"identical": False, "ok": False, "why": f"sizes {len(a)} vs {len(b)}"}
    xa, xb = array.array(tc), array.array(tc)
    xa.frombytes(a)
    xb.frombytes(b)
    item, chunk = xa.itemsize, 4096
    ndiff, first, max_abs = 0, [], 0.0
    for s in range(0, len(xa), chunk):
        if a[s * item:(s + chunk) * item] == b[s * item:(s + chunk) * item]:
            continue
        for i in range(s, min(s + chunk, len(xa))):
            u, v = xa[i], xb[i]
            if u == v:
                continue
            ndiff += 1
            if len(first) < 5:
                first.append([i, u, v])
            d = abs(u - v) if u == u and v == v else float("inf")
            max_abs = max(max_abs, d)
    r = {"identical": False, "ndiff": ndiff, "n": len(xa), "first": first, "max_abs": max_abs}
    if ndiff == 0:  # e.g. +0.0 / -0.0, or NaN payloads: equal values, other bits
        r["ok"] = tol is not None
        r["why"] = "same values, other bits"
        return r
    if tc == "f":
        scale = max(max((abs(v) for v in xa), default=0.0), max((abs(v) for v in xb), default=0.0))
        r["scale"] = scale
        r["norm"] = max_abs / scale if scale > 0 else float("inf")
    r["ok"] = tol is not None and r.get("norm", float("inf")) <= tol
    return r


# ---------------------------------------------------------------- CUDA driver

STICKY = {700, 702, 714, 715, 716, 717, 718, 719, 720, 999}


class CudaError(Exception):
    def __init__(self, fn, code, name):
        super().__init__(f"{fn} failed: {code} {name}")
        self.code = code
        self.sticky = code in STICKY


class Cuda:
    """The few driver calls the harness makes, with checked results."""

    SIGS = {
        "cuInit": [ctypes.c_uint],
        "cuDriverGetVersion": [ctypes.POINTER(ctypes.c_int)],
        "cuDeviceGetCount": [ctypes.POINTER(ctypes.c_int)],
        "cuDeviceGet": [ctypes.POINTER(ctypes.c_int), ctypes.c_int],
        "cuDeviceGetName": [ctypes.c_char_p, ctypes.c_int, ctypes.c_int],
        "cuDeviceGetAttribute": [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_int],
        "cuDevicePrimaryCtxRetain": [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int],
        "cuCtxSetCurrent": [ctypes.c_void_p],
        "cuCtxSynchronize": [],
        "cuModuleLoadDataEx": [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p, ctypes.c_uint,
                               ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_void_p)],
        "cuModuleGetFunction": [ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p,
                                ctypes.c_char_p],
        "cuModuleGetGlobal_v2": [ctypes.POINTER(ctypes.c_uint64),
                                 ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p,
                                 ctypes.c_char_p],
        "cuModuleUnload": [ctypes.c_void_p],
        "cuFuncGetAttribute": [ctypes.POINTER(ctypes.c_int), ctypes.c_int, ctypes.c_void_p],
        "cuMemAlloc_v2": [ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t],
        "cuMemFree_v2": [ctypes.c_uint64],
        "cuMemcpyHtoD_v2": [ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t],
        "cuMemcpyDtoH_v2": [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_size_t],
        "cuLaunchKernel": [ctypes.c_void_p] + [ctypes.c_uint] * 7
        + [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)],
        "cuEventCreate": [ctypes.POINTER(ctypes.c_void_p), ctypes.c_uint],
        "cuEventRecord": [ctypes.c_void_p, ctypes.c_void_p],
        "cuEventSynchronize": [ctypes.c_void_p],
        "cuEventElapsedTime": [ctypes.POINTER(ctypes.c_float), ctypes.c_void_p, ctypes.c_void_p],
        "cuGetErrorName": [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)],
    }

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.fns = {}
        for fn, argtypes in self.SIGS.items():
            f = getattr(self.lib, fn, None)
            if f is None and fn == "cuEventElapsedTime":
                f = getattr(self.lib, "cuEventElapsedTime_v2")
            if f is None:
                raise OSError(f"{path} has no {fn}")
            f.argtypes = argtypes
            f.restype = ctypes.c_int
            self.fns[fn] = f

    def __call__(self, fn, *args):
        code = self.fns[fn](*args)
        if code != 0:
            name = ctypes.c_char_p()
            if self.fns["cuGetErrorName"](code, ctypes.byref(name)) != 0 or not name.value:
                label = "?"
            else:
                label = name.value.decode()
            raise CudaError(fn, code, label)

    def out_int(self, fn, *args):
        v = ctypes.c_int()
        self(fn, ctypes.byref(v), *args)
        return v.value


def device_info(cu):
    dev = ctypes.c_int()
    cu("cuDeviceGet", ctypes.byref(dev), 0)
    name = ctypes.create_string_buffer(256)
    cu("cuDeviceGetName", name, 256, dev.value)
    attr = {"cc_major": 75, "cc_minor": 76, "sms": 16, "clock_khz": 13}
    info = {k: cu.out_int("cuDeviceGetAttribute", a, dev.value) for k, a in attr.items()}
    info["name"] = name.value.decode()
    info["cuda_driver_api"] = cu.out_int("cuDriverGetVersion")
    return dev.value, info


JIT_INFO, JIT_INFO_SIZE, JIT_ERR, JIT_ERR_SIZE, JIT_VERBOSE = 3, 4, 5, 6, 12


def load_module(cu, ptx):
    """cuModuleLoadDataEx on PTX text; returns (module, JIT info log); the
    error log goes into the exception."""
    size = 16384
    info, err = ctypes.create_string_buffer(size), ctypes.create_string_buffer(size)
    opts = (ctypes.c_int * 5)(JIT_INFO, JIT_INFO_SIZE, JIT_ERR, JIT_ERR_SIZE, JIT_VERBOSE)
    vals = (ctypes.c_void_p * 5)(ctypes.cast(info, ctypes.c_void_p), size,
                                 ctypes.cast(err, ctypes.c_void_p), size, 1)
    image = ctypes.create_string_buffer(ptx.encode())
    mod = ctypes.c_void_p()
    try:
        cu("cuModuleLoadDataEx", ctypes.byref(mod), ctypes.cast(image, ctypes.c_void_p), 5, opts,
           vals)
    except CudaError as e:
        e.args = (f"{e.args[0]}: {err.value.decode(errors='replace').strip()}",)
        raise
    return mod, info.value.decode(errors="replace").strip()


class DeviceCase:
    """One case's buffers on the device (each followed by a canary)."""

    def __init__(self, cu, case):
        self.cu, self.case, self.ptr = cu, case, {}
        for name, buf in case.bufs.items():
            nbytes = len(buf.data) * buf.data.itemsize
            p = ctypes.c_uint64()
            cu("cuMemAlloc_v2", ctypes.byref(p), nbytes + CANARY)
            self.ptr[name] = p.value
            self.upload(name)

    def upload(self, name):
        blob = self.case.bufs[name].data.tobytes() + CANARY_BYTES
        self.cu("cuMemcpyHtoD_v2", self.ptr[name], blob, len(blob))

    def download(self, name):
        """(contents, canary intact?)."""
        buf = self.case.bufs[name].data
        nbytes = len(buf) * buf.itemsize
        host = ctypes.create_string_buffer(nbytes + CANARY)
        self.cu("cuMemcpyDtoH_v2", host, self.ptr[name], nbytes + CANARY)
        raw = host.raw
        return raw[:nbytes], raw[nbytes:] == CANARY_BYTES

    def params(self):
        """kernelParams: an array of pointers to each argument's value."""
        kinds = {"i32": ctypes.c_int32, "i64": ctypes.c_int64, "f32": ctypes.c_float}
        self._vals = [ctypes.c_uint64(self.ptr[v]) if k == "ptr" else kinds[k](v)
                      for k, v in self.case.args]
        return (ctypes.c_void_p * len(self._vals))(
            *[ctypes.addressof(v) for v in self._vals])

    def free(self):
        for p in self.ptr.values():
            try:
                self.cu("cuMemFree_v2", p)
            except CudaError:
                pass


def launch(cu, func, case, params):
    cu("cuLaunchKernel", func, *case.grid, *case.block, case.shmem, None, params, None)


# ---------------------------------------------------------------- worker


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def read_ptx(ptx_dir, stem, compilers):
    return {c: (Path(ptx_dir) / stem / f"{c}.ptx").read_text() for c in compilers}


def build_case(kernel, name):
    t = time.time()
    case = kernel.cases(name)
    return case, time.time() - t


def compare_case(case, outputs, ref_out):
    """Pairwise comparisons per output buffer, and against the reference."""
    res = {}
    for bname, buf in case.bufs.items():
        if not buf.out:
            continue
        tc, per = buf.data.typecode, {}
        for a, b in PAIRS:
            if a in outputs and b in outputs:
                per[f"{a}-{b}"] = compare(tc, outputs[a][bname], outputs[b][bname], buf.tol)
        if ref_out is not None:
            want = ref_out[bname].tobytes()
            for c in COMPILERS:
                if c in outputs:
                    per[f"{c}-ref"] = compare(tc, outputs[c][bname], want, buf.tol)
        res[bname] = per
    return res


def dry_run_kernel(stem, ptx_dir, compilers):
    kernel = KERNELS[stem]
    out = {"kernel": stem, "entry": kernel.entry, "cases": {}}
    ptx = read_ptx(ptx_dir, stem, compilers)
    for name in kernel.case_names:
        case, t_build = build_case(kernel, name)
        for c in compilers:
            check_ptx(ptx[c], kernel, case, c)
        info = {"build_s": round(t_build, 3),
                "bytes": sum(len(b.data) * b.data.itemsize for b in case.bufs.values()),
                "grid": case.grid, "block": case.block, "shmem": case.shmem}
        if case.ref is not None and name != "full":
            t = time.time()
            ref_out = case.ref(case)
            info["ref_s"] = round(time.time() - t, 3)
            for bname, data in ref_out.items():
                init = case.bufs[bname].data
                if data.typecode != init.typecode or len(data) != len(init):
                    raise SpecError(f"{name}: reference {bname} has the wrong type or size")
                if data.tobytes() == init.tobytes():
                    raise SpecError(f"{name}: reference leaves {bname} unchanged")
        out["cases"][name] = info
    return out


def worker(args):
    """Runs one kernel for the compilers asked; returns the result dict."""
    stem, compilers = args.worker, args.compilers.split(",")
    kernel = KERNELS[stem]
    res = {"kernel": stem, "entry": kernel.entry, "compilers": {}, "cases": {}}
    if args.dry_run:
        return dry_run_kernel(stem, args.ptx_dir, compilers)
    ptx = read_ptx(args.ptx_dir, stem, compilers)
    cu = Cuda(os.environ.get("GPU_USERPATH_LIBCUDA", "libcuda.so.1"))
    cu("cuInit", 0)
    dev, res["device"] = device_info(cu)
    ctx = ctypes.c_void_p()
    cu("cuDevicePrimaryCtxRetain", ctypes.byref(ctx), dev)
    cu("cuCtxSetCurrent", ctx)

    funcs, mods = {}, {}
    syms = list(kernel.cases(kernel.case_names[0]).consts)
    for c in compilers:
        info = res["compilers"][c] = {}
        try:
            t = time.time()
            mod, jitlog = load_module(cu, ptx[c])
            info["jit_s"] = round(time.time() - t, 3)
            info["jit_log"] = jitlog[-600:]
            f = ctypes.c_void_p()
            cu("cuModuleGetFunction", ctypes.byref(f), mod, kernel.entry.encode())
            info["regs"] = cu.out_int("cuFuncGetAttribute", 4, f)
            info["local_bytes"] = cu.out_int("cuFuncGetAttribute", 3, f)
            info["static_shared_bytes"] = cu.out_int("cuFuncGetAttribute", 1, f)
            for sym in syms:  # fall back to .visible constants when not found
                p, n = ctypes.c_uint64(), ctypes.c_size_t()
                try:
                    cu("cuModuleGetGlobal_v2", ctypes.byref(p), ctypes.byref(n), mod, sym.encode())
                except CudaError as e:
                    if e.sticky:
                        raise
                    log(f"{stem}/{c}: {sym} not found ({e}); reloading with .visible constants")
                    cu("cuModuleUnload", mod)
                    mod, _ = load_module(cu, visible_consts(ptx[c], syms))
                    cu("cuModuleGetFunction", ctypes.byref(f), mod, kernel.entry.encode())
                    info["patched_visible_consts"] = True
                    break
            mods[c], funcs[c] = mod, f
            info["status"] = "loaded"
        except CudaError as e:
            info["status"] = "load-failed"
            info["error"] = str(e)
            log(f"{stem}/{c}: {e}")
            if e.sticky:
                res["fatal"] = {"compiler": c, "error": str(e)}
                return res

    for name in kernel.case_names:
        case, t_build = build_case(kernel, name)
        for c in funcs:
            check_ptx(ptx[c], kernel, case, c)
        cres = res["cases"][name] = {"build_s": round(t_build, 3), "grid": case.grid,
                                     "block": case.block, "shmem": case.shmem, "problems": []}
        dcase = DeviceCase(cu, case)
        try:
            outputs = {}
            params = dcase.params()
            for c in funcs:
                try:
                    for bname, buf in case.bufs.items():
                        if buf.out:
                            dcase.upload(bname)
                    for sym, data in case.consts.items():
                        p, n = ctypes.c_uint64(), ctypes.c_size_t()
                        cu("cuModuleGetGlobal_v2", ctypes.byref(p), ctypes.byref(n), mods[c],
                           sym.encode())
                        blob = data.tobytes()
                        if n.value != len(blob):
                            raise SpecError(f"{c}: {sym} has {n.value} bytes on the device")
                        cu("cuMemcpyHtoD_v2", p.value, blob, len(blob))
                    launch(cu, funcs[c], case, params)
                    cu("cuCtxSynchronize")
                    outs = {}
                    for bname, buf in case.bufs.items():
                        if buf.out:
                            data, canary = dcase.download(bname)
                            outs[bname] = data
                            if not canary:
                                cres["problems"].append(f"{c}: wrote past the end of {bname}")
                            if data == buf.data.tobytes():
                                cres["problems"].append(f"{c}: left {bname} unchanged")
                    outputs[c] = outs
                except CudaError as e:
                    cres["problems"].append(f"{c}: {e}")
                    log(f"{stem}/{name}/{c}: {e}")
                    if e.sticky:
                        res["fatal"] = {"compiler": c, "case": name, "error": str(e)}
                        return res
            for bname, buf in case.bufs.items():
                if not buf.out:
                    data, canary = dcase.download(bname)
                    if data != buf.data.tobytes() or not canary:
                        cres["problems"].append(f"input {bname} or its canary was overwritten")
            ref_out = None
            if case.ref is not None and name != "full":
                ref_out = case.ref(case)
            cres["compare"] = compare_case(case, outputs, ref_out)
            cres["ran"] = sorted(outputs)
            if case.timed and len(outputs) > 0:
                res["timing"] = time_case(cu, case, {c: funcs[c] for c in outputs}, params,
                                          args.warmup, args.reps)
        finally:
            dcase.free()
    return res


def time_case(cu, case, funcs, params, warmup, reps):
    order = [c for c in COMPILERS if c in funcs]
    for _ in range(warmup):
        for c in order:
            launch(cu, funcs[c], case, params)
    cu("cuCtxSynchronize")
    ev0, ev1 = ctypes.c_void_p(), ctypes.c_void_p()
    cu("cuEventCreate", ctypes.byref(ev0), 0)
    cu("cuEventCreate", ctypes.byref(ev1), 0)
    times = {c: [] for c in order}
    ms = ctypes.c_float()
    for rep in range(reps):
        k = rep % len(order)
        for c in order[k:] + order[:k]:
            cu("cuEventRecord", ev0, None)
            launch(cu, funcs[c], case, params)
            cu("cuEventRecord", ev1, None)
            cu("cuEventSynchronize", ev1)
            cu("cuEventElapsedTime", ctypes.byref(ms), ev0, ev1)
            times[c].append(ms.value)
    cu("cuCtxSynchronize")
    out = {}
    for c, ts in times.items():
        ts = sorted(ts)
        out[c] = {"median_ms": statistics.median(ts), "min_ms": ts[0],
                  "p10_ms": ts[len(ts) // 10], "p90_ms": ts[(9 * len(ts)) // 10], "n": len(ts)}
    return out


# ---------------------------------------------------------------- parent


def run_kernel(stem, args, deadline, logf):
    """Runs the worker for `stem`, again without a compiler that poisoned the
    context. Returns the merged result."""
    remaining = list(COMPILERS)
    merged = {"kernel": stem, "entry": KERNELS[stem].entry, "faults": [], "compilers": {}}
    while remaining:
        left = deadline - time.time()
        if left < 5:
            merged["faults"].append({"error": "out of time budget before this run"})
            break
        tmp = Path(args.out) / f".worker-{stem}.json"
        cmd = [sys.executable, __file__, "--worker", stem, "--compilers", ",".join(remaining),
               "--ptx-dir", args.ptx_dir, "--result", str(tmp), "--reps", str(args.reps),
               "--warmup", str(args.warmup)] + (["--dry-run"] if args.dry_run else [])
        t = time.time()
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=min(args.kernel_timeout_s, left), text=True)
            logf.write(p.stdout)
            rc = p.returncode
        except subprocess.TimeoutExpired as e:
            logf.write((e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes)
                       else (e.stdout or ""))
            merged["faults"].append({"compilers": list(remaining),
                                     "error": f"timed out after {time.time() - t:.0f} s"})
            break
        logf.flush()
        if not tmp.exists():
            merged["faults"].append({"compilers": list(remaining),
                                     "error": f"worker exited {rc} without a result",
                                     "log_tail": p.stdout[-1500:]})
            break
        res = json.loads(tmp.read_text())
        tmp.unlink()
        merged["wall_s"] = round(merged.get("wall_s", 0) + time.time() - t, 2)
        for k, v in res.items():
            if k == "compilers":
                merged["compilers"].update(v)
            elif k not in ("fatal", "kernel"):
                merged[k] = v
        if "fatal" in res:
            merged["faults"].append(res["fatal"])
            remaining.remove(res["fatal"]["compiler"])
            continue
        if "worker_error" in res:
            merged["faults"].append({"compilers": list(remaining), "error": res["worker_error"]})
        break
    return merged


def verdict(r, dry):
    """(ok, problems) for one kernel's merged result: ok when all three
    compilers ran every case, agreed with each other (and with the reference
    on the small cases), left inputs and canaries intact and wrote their
    outputs."""
    problems = []
    for f in r["faults"]:
        who = f.get("compiler") or ",".join(f.get("compilers", []))
        problems.append(f"FAULT {who}: {f['error'][:300]}")
    if dry:
        return not problems, problems
    for c in COMPILERS:
        info = r["compilers"].get(c, {})
        if info.get("status") != "loaded":
            problems.append(f"{c}: not loaded: {info.get('error', 'no result')[:300]}")
    for name in KERNELS[r["kernel"]].case_names:
        cres = r.get("cases", {}).get(name)
        if cres is None:
            problems.append(f"{name}: did not run")
            continue
        problems += [f"{name}: {p}" for p in cres["problems"]]
        for bname, per in cres.get("compare", {}).items():
            for pair, cmp in per.items():
                if cmp["ok"]:
                    continue
                what = (f"{cmp.get('ndiff', '?')} of {cmp.get('n', '?')} differ, "
                        f"first [i, a, b]: {cmp.get('first')}")
                if "norm" in cmp:
                    what += f", max|a-b|/max|x| = {cmp['norm']:.2e}"
                tag = "MISCOMPILE? " if pair == "plugin-stock" else ""
                problems.append(f"{tag}{name}/{bname}: {pair} mismatch ({what})")
        missing = [c for c in COMPILERS if c not in cres.get("ran", [])]
        if missing:
            problems.append(f"{name}: no output from {', '.join(missing)}")
    return not problems, problems


def pair_cells(r):
    """(all pairs agree, compilers equal to the reference on every small
    case, plugin = stock bit for bit, worst normalised difference between
    compilers or None when all are byte-identical)."""
    agree, bitwise, worst, ref_ok = True, True, None, set(COMPILERS)
    for name, cres in r.get("cases", {}).items():
        for c in COMPILERS:
            if c not in cres.get("ran", []):
                ref_ok.discard(c)
        for per in cres.get("compare", {}).values():
            for pair, cmp in per.items():
                if pair.endswith("-ref"):
                    if not cmp["ok"]:
                        ref_ok.discard(pair[:-4])
                    continue
                agree &= cmp["ok"]
                if pair == "plugin-stock":
                    bitwise &= cmp["identical"]
                if "norm" in cmp:
                    worst = max(worst or 0.0, cmp["norm"])
    return agree, len(ref_ok), bitwise, worst


def diff_cell(agree, worst):
    if worst is None:
        return "0" if agree else "bits differ"
    return f"{worst:.1e}"


def fmt_ms(t, c):
    return f"{t[c]['median_ms']:.4f}" if t and c in t else "-"


def ratio(t, a, b):
    if not t or a not in t or b not in t or t[b]["median_ms"] <= 0:
        return "-"
    return f"{t[a]['median_ms'] / t[b]['median_ms']:.3f}"


def markdown(report):
    meta = report["meta"]
    dev = meta.get("device") or {}
    lines = [
        f"Device: {dev.get('name', '?')} (compute capability {dev.get('cc_major', '?')}."
        f"{dev.get('cc_minor', '?')}, {dev.get('sms', '?')} SMs); nvidia-smi: "
        f"{meta.get('driver') or '?'}; CUDA driver API version {dev.get('cuda_driver_api', '?')}; "
        f"{meta['date']}; ONE run; times are the median of {meta['reps']} launches after "
        f"{meta['warmup']} warm-up launches, the three compilers interleaved.",
        "",
        "| kernel | verdict | compilers agree | = reference (small) | plugin = stock bitwise "
        "| max diff (norm.) | stock ms | plugin ms | nvrtc ms | plugin/stock | plugin/nvrtc "
        "| regs s/p/n |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report["kernels"]:
        ok, problems = r["verdict"]
        agree, nref, bitwise, worst = pair_cells(r)
        t = r.get("timing")
        regs = "/".join(str(r["compilers"].get(c, {}).get("regs", "-")) for c in COMPILERS)
        lines.append(
            f"| {r['kernel']} | {'ok' if ok else '**FAIL**'} | {'yes' if agree else '**no**'} "
            f"| {nref}/3 | {'yes' if bitwise else '**no**'} "
            f"| {diff_cell(agree, worst)} | {fmt_ms(t, 'stock')} "
            f"| {fmt_ms(t, 'plugin')} | {fmt_ms(t, 'nvrtc')} | {ratio(t, 'plugin', 'stock')} "
            f"| {ratio(t, 'plugin', 'nvrtc')} | {regs} |")
    lines += ["", "Comparison rule per kernel:", ""]
    lines += [f"- {r['kernel']}: {KERNELS[r['kernel']].note}" for r in report["kernels"]]
    bad = [r for r in report["kernels"] if not r["verdict"][0]]
    if bad:
        lines += ["", "Problems:", ""]
        for r in bad:
            lines += [f"- {r['kernel']}: {p}" for p in r["verdict"][1]]
    return "\n".join(lines) + "\n"


def nvidia_smi():
    try:
        p = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.sm,clocks.max.sm",
                            "--format=csv,noheader"], capture_output=True, text=True, timeout=20)
        return p.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None


def probe():
    try:
        cu = Cuda(os.environ.get("GPU_USERPATH_LIBCUDA", "libcuda.so.1"))
        cu("cuInit", 0)
        return cu.out_int("cuDeviceGetCount") > 0
    except (OSError, CudaError):
        return False


def main():
    ap = argparse.ArgumentParser(prog=NAME, description=__doc__.split("\n\n")[0])
    ap.add_argument("--ptx-dir", default="target/bench/userpath")
    ap.add_argument("--out", default="target/bench/userpath-gpu")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--probe", action="store_true")
    ap.add_argument("--reps", type=int, default=50)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--budget-s", type=float, default=300.0)
    ap.add_argument("--kernel-timeout-s", type=float, default=90.0)
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--compilers", default=",".join(COMPILERS), help=argparse.SUPPRESS)
    ap.add_argument("--result", help=argparse.SUPPRESS)
    ap.add_argument("kernels", nargs="*")
    args = ap.parse_args()

    if args.probe:
        return 0 if probe() else 1
    if args.reps < 1 or args.warmup < 0:
        ap.error("--reps must be at least 1 and --warmup at least 0")
    if args.worker:
        if args.worker not in KERNELS or not args.result:
            ap.error("--worker needs a known kernel and --result")
        try:
            res = worker(args)
        except Exception as e:  # reported, never lost: the parent records it
            import traceback
            traceback.print_exc()
            res = {"kernel": args.worker, "worker_error": f"{type(e).__name__}: {e}"}
        Path(args.result).write_text(json.dumps(res))
        return 0

    unknown = [k for k in args.kernels if k not in KERNELS]
    if unknown:
        ap.error(f"unknown kernel(s) {unknown}; known: {sorted(KERNELS)}")
    stems = args.kernels or sorted(KERNELS)
    missing = [f"{s}/{c}.ptx" for s in stems for c in COMPILERS
               if not (Path(args.ptx_dir) / s / f"{c}.ptx").is_file()]
    if missing:
        print(f"{NAME}: missing PTX in {args.ptx_dir}: {missing[:4]}... "
              "(run scripts/bench-userpath.sh first)", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    deadline = time.time() + args.budget_s
    report = {"meta": {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                       "reps": args.reps, "warmup": args.warmup, "dry_run": args.dry_run,
                       "driver": None if args.dry_run else nvidia_smi(), "device": None},
              "kernels": []}
    all_ok = True
    with open(out / "userpath-gpu.log", "w") as logf:
        for stem in stems:
            log(f"{stem} ...")
            r = run_kernel(stem, args, deadline, logf)
            if r.get("device") and not report["meta"]["device"]:
                report["meta"]["device"] = r["device"]
            r["verdict"] = verdict(r, args.dry_run)
            all_ok &= r["verdict"][0]
            ok, problems = r["verdict"]
            log(f"{stem}: {'ok' if ok else 'FAIL'}" + "".join(f"\n    {p}" for p in problems))
            report["kernels"].append(r)
            (out / "userpath-gpu.json").write_text(json.dumps(report, indent=1))
            if not args.dry_run:
                (out / "userpath-gpu.md").write_text(markdown(report))
    if not args.dry_run:
        print(markdown(report))
    unspecified = sorted(d.name for d in Path(args.ptx_dir).iterdir()
                         if (d / "stock.ptx").is_file() and d.name not in KERNELS)
    if unspecified and not args.kernels:
        all_ok = False
        print(f"{NAME}: kernels with PTX but no spec here (add them to KERNELS): {unspecified}")
    if args.dry_run:
        verdict_text = "dry run passed" if all_ok else "dry run FAILED (see above)"
    else:
        verdict_text = "all kernels ran and agree" if all_ok else "FAILURES (see above)"
    print(f"{NAME}: {verdict_text}; outputs in {out}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())

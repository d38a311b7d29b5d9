#!/usr/bin/env python3
"""Generate unrolled-loop NVPTX code for scripts/bench-straightline.sh.

The module holds exactly N instructions (unless N is below one function's
fixed prologue and epilogue) in ceil(N / per_function) kernels of about
per_function instructions each, made of the forms the straight-line passes of
gpucc (paper section 3.4) look for, as unrolled CUDA loops leave them:

- slsr-mul `(b + c) * s`, slsr-add `b + c * s` (mul or shl) and slsr-gep
  `&B[c * s]`, four members each with shared b, s and constants c, c+1, ...
  (what `slsr` rewrites);
- nary `(a + b) + c` after `a + c`, `smax(smax(a, b), c)` after `smax(a, c)`
  (three different operands), and `&A[sext(a + b)]` after `&A[sext(a)]` (what
  `nary-reassociate` rewrites);
- the paper's Figure 5, `a[(c + y) + (b + x) * n]` unrolled 3x3 in i32 with
  sext, and GEP indices `x + c`, `(x << 2) | c` and `sext(i +nsw c)` (what
  `separate-const-offset-from-gep` splits);
- an if/else whose arms and join hold members of one slsr-mul family, so a
  candidate's basis does not always dominate it;
- the paper's Figure 7: two if-thens, `&a[i]` loaded under one condition and
  `&a[i + j]` under another (what `speculative-execution` hoists: the
  address arithmetic of each arm, not its load).

Other shapes (`--shape`): `gep-chain`, kernels of long GEP chains (each
GEP off the last, with indices `y + c`, `sext(i +nsw c)` and `x << 1 | 1`,
loaded every few links: what `separate-const-offset-from-gep` splits and
`slsr` sees); `nary-tree`, kernels of deep add and mul trees over a dozen
values, each summed again in another order and with one term left out
(what `nary-reassociate` reassociates, one dominating sum per level). With
`--per-function`, any shape comes as many small functions (`40`) or a few
huge ones (`20000`).

Kernels take `ptr addrspace(1)` buffers and scalars; indices come from the
thread and block ids. Every result feeds a running i64 checksum (`xor`; loads
are of i64 elements) that is stored to `out[tid]`, so nothing is dead. Each piece gets
its own base (`b xor K`), so families of different pieces differ.

usage: gen_straightline.py N [--per-function K] [--shape mixed|gep-chain|nary-tree] [-o FILE]
"""
import argparse
import sys

DATALAYOUT = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
TRIPLE = "nvptx64-nvidia-cuda"

DECLS = """\
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i64 @llvm.smax.i64(i64, i64)
"""


class Body:
    """One function body: its lines, instruction count and running sum."""

    def __init__(self):
        self.lines = []
        self.count = 0
        self.acc = "%acc0"
        self.k = 0
        self.block = "entry"

    def ins(self, text):
        self.lines.append(f"  {text}")
        self.count += 1

    def label(self, name):
        self.lines.append(f"{name}:")
        self.block = name

    def fresh(self):
        self.k += 1
        return self.k

    def fold(self, k, value):
        """Mixes an i64 value into the running checksum. An `xor`, not an `add`: a chain of
        a hundred adds would make each SCEV expression of the chain grow with it, and the
        SCEV-based passes (slsr, nary-reassociate) would pay for that quadratically per
        function, measuring the checksum rather than the forms."""
        name = f"%acc{k}.{self.count}"
        self.ins(f"{name} = xor i64 {self.acc}, {value}")
        self.acc = name

    def base(self, k):
        """A base of its own for piece k."""
        self.ins(f"%b{k} = xor i64 %b, {1000 + k}")
        return f"%b{k}"

    # --- the pieces; each appends its instructions ---

    def slsr_mul(self):
        k = self.fresh()
        b = self.base(k)
        for c in range(4):
            self.ins(f"%mt{k}.{c} = add i64 {b}, {c + 1}")
            self.ins(f"%mm{k}.{c} = mul i64 %mt{k}.{c}, %s")
            self.fold(k, f"%mm{k}.{c}")

    def slsr_add(self):
        k = self.fresh()
        b = self.base(k)
        for c in range(4):
            if c == 1:
                self.ins(f"%at{k}.{c} = shl i64 %s, 1")
            else:
                self.ins(f"%at{k}.{c} = mul i64 %s, {c + 1}")
            self.ins(f"%ay{k}.{c} = add i64 {b}, %at{k}.{c}")
            self.fold(k, f"%ay{k}.{c}")

    def slsr_gep(self):
        k = self.fresh()
        for c in range(4):
            self.ins(f"%gi{k}.{c} = mul nsw i64 %y, {c + 2 + k % 3}")
            self.ins(f"%gp{k}.{c} = getelementptr inbounds i64, ptr addrspace(1) %rowx, "
                     f"i64 %gi{k}.{c}")
            self.ins(f"%gl{k}.{c} = load i64, ptr addrspace(1) %gp{k}.{c}, align 8")
            self.fold(k, f"%gl{k}.{c}")

    def nary_add(self):
        k = self.fresh()
        b = self.base(k)
        self.ins(f"%na{k} = add i64 {b}, %x")
        self.fold(k, f"%na{k}")
        self.ins(f"%nb{k} = add i64 {b}, %s")
        self.ins(f"%nc{k} = add i64 %nb{k}, %x")
        self.fold(k, f"%nc{k}")

    def nary_max(self):
        k = self.fresh()
        b = self.base(k)
        self.ins(f"%xa{k} = call i64 @llvm.smax.i64(i64 {b}, i64 %y)")
        self.fold(k, f"%xa{k}")
        self.ins(f"%xb{k} = call i64 @llvm.smax.i64(i64 {b}, i64 %s)")
        self.ins(f"%xc{k} = call i64 @llvm.smax.i64(i64 %xb{k}, i64 %y)")
        self.fold(k, f"%xc{k}")

    def nary_gep(self):
        k = self.fresh()
        self.ins(f"%ra{k} = sext i32 %i to i64")
        self.ins(f"%rp{k} = getelementptr inbounds i64, ptr addrspace(1) %in, i64 %ra{k}")
        self.ins(f"%rl{k} = load i64, ptr addrspace(1) %rp{k}, align 8")
        self.fold(k, f"%rl{k}")
        self.ins(f"%rs{k} = add nsw i32 %i, %m{k % 4}")
        self.ins(f"%re{k} = sext i32 %rs{k} to i64")
        self.ins(f"%rq{k} = getelementptr inbounds i64, ptr addrspace(1) %in, i64 %re{k}")
        self.ins(f"%rm{k} = load i64, ptr addrspace(1) %rq{k}, align 8")
        self.fold(k, f"%rm{k}")

    def figure5(self):
        """sum += a[(c + y) + (b + x) * n] for b, c in 0..3 (i32, sext)."""
        k = self.fresh()
        for b in range(3):
            self.ins(f"%fx{k}.{b} = add nsw i32 %i, {b}")
            self.ins(f"%fm{k}.{b} = mul nsw i32 %fx{k}.{b}, %n")
            for c in range(3):
                t = f"{k}.{b}.{c}"
                self.ins(f"%fy{t} = add nsw i32 %j, {c}")
                self.ins(f"%fi{t} = add nsw i32 %fy{t}, %fm{k}.{b}")
                self.ins(f"%fe{t} = sext i32 %fi{t} to i64")
                self.ins(f"%fp{t} = getelementptr inbounds i64, ptr addrspace(1) %in, i64 %fe{t}")
                self.ins(f"%fl{t} = load i64, ptr addrspace(1) %fp{t}, align 8")
                self.fold(k, f"%fl{t}")

    def const_offset(self):
        k = self.fresh()
        self.ins(f"%cs{k} = shl i64 %x, 2")
        for c in range(4):
            form = (k + c) % 3
            if form == 0:
                self.ins(f"%ci{k}.{c} = add i64 %x, {c + 1}")
                idx = f"%ci{k}.{c}"
            elif form == 1:
                self.ins(f"%ci{k}.{c} = or i64 %cs{k}, {c}")
                idx = f"%ci{k}.{c}"
            else:
                self.ins(f"%cj{k}.{c} = add nsw i32 %i, {c + 3}")
                self.ins(f"%ci{k}.{c} = sext i32 %cj{k}.{c} to i64")
                idx = f"%ci{k}.{c}"
            self.ins(f"%cp{k}.{c} = getelementptr inbounds [64 x i64], ptr addrspace(1) %in, "
                     f"i64 %y, i64 {idx}")
            self.ins(f"%cl{k}.{c} = load i64, ptr addrspace(1) %cp{k}.{c}, align 8")
            self.fold(k, f"%cl{k}.{c}")

    def diamond(self):
        k = self.fresh()
        b = self.base(k)

        def member(c, tag):
            self.ins(f"%dt{k}{tag}.{c} = add i64 {b}, {c}")
            self.ins(f"%dm{k}{tag}.{c} = mul i64 %dt{k}{tag}.{c}, %s")
            return f"%dm{k}{tag}.{c}"

        first = member(1, "p")
        self.fold(k, first)
        self.ins(f"%dc{k} = icmp ult i32 %i, {16 + k % 16}")
        self.ins(f"br i1 %dc{k}, label %dthen{k}, label %delse{k}")
        self.label(f"dthen{k}")
        then = member(2, "t")
        self.ins(f"br label %djoin{k}")
        self.label(f"delse{k}")
        other = member(3, "e")
        self.ins(f"br label %djoin{k}")
        self.label(f"djoin{k}")
        self.ins(f"%dv{k} = phi i64 [ {then}, %dthen{k} ], [ {other}, %delse{k} ]")
        self.fold(k, f"%dv{k}")
        self.fold(k, member(2, "j"))
        self.fold(k, member(4, "j"))

    def if_then(self):
        """Figure 7: if (c1) sum += a[i + k]; if (c2) sum += a[i + k + j]."""
        k = self.fresh()
        for arm, extra in enumerate(("", "%y")):
            t = f"{k}.{arm}"
            before = self.block
            self.ins(f"%ic{t} = icmp ult i32 %j, {8 + (k + arm) % 16}")
            self.ins(f"br i1 %ic{t}, label %ithen{t}, label %ijoin{t}")
            self.label(f"ithen{t}")
            self.ins(f"%ia{t} = add i64 %x, {k}")
            idx = f"%ia{t}"
            if extra:
                self.ins(f"%ib{t} = add i64 %ia{t}, {extra}")
                idx = f"%ib{t}"
            self.ins(f"%ip{t} = getelementptr inbounds i64, ptr addrspace(1) %in, i64 {idx}")
            self.ins(f"%il{t} = load i64, ptr addrspace(1) %ip{t}, align 8")
            self.ins(f"br label %ijoin{t}")
            self.label(f"ijoin{t}")
            self.ins(f"%iv{t} = phi i64 [ %il{t}, %ithen{t} ], [ 0, %{before} ]")
            self.fold(k, f"%iv{t}")

    def gep_chain(self):
        """A chain of 12 GEPs, each off the last, with constant offsets to split."""
        k = self.fresh()
        prev = "%in"
        for d in range(12):
            t = f"{k}.{d}"
            form = (k + d) % 3
            if form == 0:
                self.ins(f"%qi{t} = add i64 %y, {d + 1}")
            elif form == 1:
                self.ins(f"%qj{t} = add nsw i32 %i, {d + 2}")
                self.ins(f"%qi{t} = sext i32 %qj{t} to i64")
            else:
                self.ins(f"%qs{t} = shl i64 %x, 1")
                self.ins(f"%qi{t} = or i64 %qs{t}, 1")
            self.ins(f"%qp{t} = getelementptr inbounds i64, ptr addrspace(1) {prev}, i64 %qi{t}")
            prev = f"%qp{t}"
            if d % 3 == 2:
                self.ins(f"%ql{t} = load i64, ptr addrspace(1) {prev}, align 8")
                self.fold(k, f"%ql{t}")

    def nary_tree(self):
        """Sums (and products) of 12 values, each again in another order, one term out."""
        k = self.fresh()
        b = self.base(k)
        vals = [f"%tv{k}.{v}" for v in range(12)]
        for v, name in enumerate(vals):
            self.ins(f"{name} = xor i64 {b}, {v * 7 + 3}")
        for op in ("add", "mul"):
            for order in range(3):
                seq = vals[order:] + vals[:order]
                if order:
                    seq = seq[:-1]  # one term left out: the dominating sums differ
                acc = seq[0]
                for d, name in enumerate(seq[1:]):
                    t = f"{k}.{op}{order}.{d}"
                    self.ins(f"%tt{t} = {op} i64 {acc}, {name}")
                    acc = f"%tt{t}"
                self.fold(k, acc)

    SHAPES = {
        "gep-chain": ("gep_chain",),
        "nary-tree": ("nary_tree",),
    }

    PIECES = ("slsr_mul", "const_offset", "nary_add", "slsr_gep", "figure5", "slsr_add",
              "nary_gep", "diamond", "if_then", "nary_max", "const_offset", "slsr_mul", "nary_add",
              "if_then")


PROLOGUE = [
    "%tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
    "%ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()",
    "%bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()",
    "%i = and i32 %tx, 31",
    "%j = and i32 %ty, 31",
    "%x = zext i32 %i to i64",
    "%y = zext i32 %j to i64",
    "%m0 = and i32 %bx, 7",
    "%m1 = add nsw i32 %m0, 1",
    "%m2 = add nsw i32 %m0, 2",
    "%m3 = add nsw i32 %m0, 3",
    "%rowx = getelementptr inbounds [64 x i64], ptr addrspace(1) %in, i64 %x",
    "%acc0 = xor i64 %b, %s",
]
EPILOGUE_COUNT = 3
SHAPE = "mixed"


def function(out, index, budget):
    """Writes kernel `index` with `budget` instructions (more if below the minimum)."""
    out.write(f"define ptx_kernel void @kernel{index}(ptr addrspace(1) %in, "
              "ptr addrspace(1) %out, i64 %b, i64 %s, i32 %n) {\n")
    body = Body()
    body.label("entry")
    for line in PROLOGUE:
        body.ins(line)
    left = budget - body.count - EPILOGUE_COUNT
    j = 0
    while True:
        trial = Body()
        trial.k, trial.acc, trial.block = body.k, body.acc, body.block
        pieces = Body.SHAPES.get(SHAPE, Body.PIECES)
        getattr(trial, pieces[(index + j) % len(pieces)])()
        if trial.count > left:
            break
        body.lines += trial.lines
        body.count += trial.count
        body.k, body.acc, body.block = trial.k, trial.acc, trial.block
        left -= trial.count
        j += 1
    # Pad to the exact budget with arithmetic on the running sum.
    for m in range(max(left, 0)):
        body.ins(f"%pad{m} = xor i64 {body.acc}, {m + 1}")
        body.acc = f"%pad{m}"
    body.ins("%op = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %x")
    body.ins(f"store i64 {body.acc}, ptr addrspace(1) %op, align 8")
    body.ins("ret void")
    out.write("\n".join(body.lines))
    out.write("\n}\n\n")
    return body.count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of instructions in the module")
    ap.add_argument("--per-function", type=int, default=300)
    ap.add_argument("--shape", choices=("mixed", "gep-chain", "nary-tree"), default="mixed")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    global SHAPE
    SHAPE = a.shape
    if a.n < 1 or a.per_function < 1:
        ap.error("N and --per-function must be positive")
    nfuncs = -(-a.n // a.per_function)
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    total = 0
    with out:
        out.write(f"; about {a.n} instructions in {nfuncs} unrolled-loop kernels of "
                  f"{a.per_function}, shape {a.shape}; see scripts/gen_straightline.py\n")
        out.write(f'target datalayout = "{DATALAYOUT}"\n')
        out.write(f'target triple = "{TRIPLE}"\n\n')
        out.write(DECLS + "\n")
        left = a.n
        for i in range(nfuncs):
            budget = min(left, a.per_function)
            total += function(out, i, budget)
            left -= budget
    print(f"gen_straightline: {total} instructions in {nfuncs} functions", file=sys.stderr)


if __name__ == "__main__":
    main()

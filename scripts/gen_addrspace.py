#!/usr/bin/env python3
"""Generate a CUDA-like NVPTX module, for scripts/bench-infer-address-spaces.sh.

The module holds N instructions in ceil(N / per_function) functions of about
per_function instructions each (exactly N in all, unless N is below the size of
a function's fixed prologue and epilogue). It looks like what clang emits for
CUDA device code before memory-space inference:

- kernels (`ptx_kernel`) take `ptr addrspace(1)` arguments and turn them
  generic with `addrspacecast` at entry; each kernel has its own
  `internal addrspace(3)` arrays (`__shared__ float tile[256]`, `buf[256]`, a
  counter), also cast to generic at entry (the counter as a constant
  expression, as clang writes it);
- every fourth function is an `internal` device function taking a generic
  pointer, called twice by the kernel before it with two shared pointers
  (what the module-level pass specializes; the function-level passes cannot);
- the bodies are built from these pieces, in turn: GEP chains from a global
  load to a shared store; a select between two shared pointers; a loop with
  pointer induction variables over shared and global memory (pointer phis);
  atomicrmw on shared and global memory; memcpy from global to shared; and a
  phi of a shared and a global pointer, which must stay generic.

Every value feeds a running float sum that is stored or returned, so nothing is
dead. All loads and stores go through generic pointers; none is in
addrspace(3) before inference.

usage: gen_addrspace.py N [--per-function K] [-o FILE]
"""
import argparse
import sys

DATALAYOUT = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
TRIPLE = "nvptx64-nvidia-cuda"
HELPER_EVERY = 4  # function i is an internal device function if i % 4 == 3

DECLS = """\
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
"""


def is_helper(i):
    return i % HELPER_EVERY == HELPER_EVERY - 1


class Piece:
    """A piece of a body: its lines, its instruction count, and the state after it."""

    def __init__(self, acc, block):
        self.lines = []
        self.count = 0
        self.acc = acc
        self.block = block

    def ins(self, text):
        self.lines.append(f"  {text}")
        self.count += 1

    def label(self, name):
        self.lines.append(f"{name}:")
        self.block = name


class Body:
    """Shared state of one function body while its pieces are generated."""

    def __init__(self, index, helper, callee):
        self.index = index
        self.helper = helper
        self.callee = callee  # index of the device function this kernel calls
        # Generic pointers into shared memory (a helper's %p is shared only
        # through its callers) and into global memory.
        self.shared = ["%p", "%tile.g"] if helper else ["%tile.g", "%buf.g"]
        self.glob = ["%g"] if helper else ["%in.g", "%out.g"]
        self.k = 0

    def name(self):
        self.k += 1
        return self.k

    # --- the pieces; each returns a Piece, built from (acc, block) ---

    def gep_chain(self, acc, block):
        p, k = Piece(acc, block), self.name()
        g, s = self.glob[k % len(self.glob)], self.shared[k % len(self.shared)]
        p.ins(f"%a{k} = getelementptr inbounds float, ptr {g}, i64 %tid")
        p.ins(f"%b{k} = getelementptr inbounds float, ptr %a{k}, i64 %stride")
        p.ins(f"%v{k} = load float, ptr %b{k}, align 4")
        p.ins(f"%x{k} = fadd float {acc}, %v{k}")
        p.ins(f"%c{k} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 %lane")
        p.ins(f"%d{k} = getelementptr inbounds float, ptr %c{k}, i64 {k % 4}")
        p.ins(f"store float %x{k}, ptr %d{k}, align 4")
        p.ins(f"%e{k} = load float, ptr %c{k}, align 4")
        p.ins(f"%f{k} = fmul float %x{k}, %e{k}")
        p.acc = f"%f{k}"
        return p

    def select(self, acc, block):
        p, k = Piece(acc, block), self.name()
        p.ins(f"%sc{k} = icmp ult i64 %lane, {64 + k % 128}")
        p.ins(f"%sp{k} = select i1 %sc{k}, ptr {self.shared[0]}, ptr {self.shared[1]}")
        p.ins(f"%sg{k} = getelementptr inbounds float, ptr %sp{k}, i64 %lane")
        p.ins(f"%sv{k} = load float, ptr %sg{k}, align 4")
        p.ins(f"%sa{k} = fadd float {acc}, %sv{k}")
        p.ins(f"store float %sa{k}, ptr %sg{k}, align 4")
        p.acc = f"%sa{k}"
        return p

    def loop(self, acc, block):
        p, k = Piece(acc, block), self.name()
        s, g = self.shared[k % len(self.shared)], self.glob[0]
        p.ins(f"%ls{k} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 %lane")
        p.ins(f"%lg{k} = getelementptr inbounds float, ptr {g}, i64 %tid")
        p.ins(f"br label %loop{k}")
        p.label(f"loop{k}")
        p.ins(f"%li{k} = phi i64 [ 0, %{block} ], [ %li.next{k}, %loop{k} ]")
        p.ins(f"%lp{k} = phi ptr [ %ls{k}, %{block} ], [ %lp.next{k}, %loop{k} ]")
        p.ins(f"%lq{k} = phi ptr [ %lg{k}, %{block} ], [ %lq.next{k}, %loop{k} ]")
        p.ins(f"%la{k} = phi float [ {acc}, %{block} ], [ %la.next{k}, %loop{k} ]")
        p.ins(f"%lv{k} = load float, ptr %lq{k}, align 4")
        p.ins(f"%lw{k} = load float, ptr %lp{k}, align 4")
        p.ins(f"%lm{k} = fmul float %lv{k}, %lw{k}")
        p.ins(f"%la.next{k} = fadd float %la{k}, %lm{k}")
        p.ins(f"store float %la.next{k}, ptr %lp{k}, align 4")
        p.ins(f"%lp.next{k} = getelementptr inbounds float, ptr %lp{k}, i64 1")
        p.ins(f"%lq.next{k} = getelementptr inbounds float, ptr %lq{k}, i64 %stride")
        p.ins(f"%li.next{k} = add nuw nsw i64 %li{k}, 1")
        p.ins(f"%ld{k} = icmp eq i64 %li.next{k}, %n")
        p.ins(f"br i1 %ld{k}, label %exit{k}, label %loop{k}")
        p.label(f"exit{k}")
        p.acc = f"%la.next{k}"
        return p

    def atomic(self, acc, block):
        p, k = Piece(acc, block), self.name()
        s, g = self.shared[k % len(self.shared)], self.glob[-1]
        p.ins(f"%at{k} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 %lane")
        p.ins(f"%ao{k} = atomicrmw fadd ptr %at{k}, float {acc} monotonic, align 4")
        if self.helper:
            p.ins(f"%ac{k} = atomicrmw add ptr %cnt.g, i32 1 monotonic, align 4")
        else:
            cnt = f"ptr addrspacecast (ptr addrspace(3) @k{self.index}.cnt to ptr)"
            p.ins(f"%ac{k} = atomicrmw add {cnt}, i32 1 monotonic, align 4")
        p.ins(f"%ag{k} = getelementptr inbounds float, ptr {g}, i64 %tid")
        p.ins(f"%ax{k} = atomicrmw fadd ptr %ag{k}, float %ao{k} monotonic, align 4")
        p.ins(f"%acf{k} = uitofp i32 %ac{k} to float")
        p.ins(f"%aa{k} = fadd float %ax{k}, %acf{k}")
        p.acc = f"%aa{k}"
        return p

    def memcpy(self, acc, block):
        p, k = Piece(acc, block), self.name()
        s, g = self.shared[(k + 1) % len(self.shared)], self.glob[0]
        p.ins(f"%ms{k} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 {16 * (k % 16)}")
        p.ins(f"%mg{k} = getelementptr inbounds float, ptr {g}, i64 %tid")
        p.ins(f"call void @llvm.memcpy.p0.p0.i64(ptr align 4 %ms{k}, ptr align 4 %mg{k}, "
              "i64 64, i1 false)")
        p.ins("call void @llvm.nvvm.barrier0()")
        p.ins(f"%mv{k} = load float, ptr %ms{k}, align 4")
        p.ins(f"%ma{k} = fadd float {acc}, %mv{k}")
        p.acc = f"%ma{k}"
        return p

    def mixed(self, acc, block):
        """A phi of a shared and a global pointer: the access stays generic."""
        p, k = Piece(acc, block), self.name()
        s, g = self.shared[-1], self.glob[0]
        p.ins(f"%xc{k} = icmp slt i64 %tid, %n")
        p.ins(f"br i1 %xc{k}, label %then{k}, label %else{k}")
        p.label(f"then{k}")
        p.ins(f"%xt{k} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 %lane")
        p.ins(f"br label %join{k}")
        p.label(f"else{k}")
        p.ins(f"%xe{k} = getelementptr inbounds float, ptr {g}, i64 %tid")
        p.ins(f"br label %join{k}")
        p.label(f"join{k}")
        p.ins(f"%xp{k} = phi ptr [ %xt{k}, %then{k} ], [ %xe{k}, %else{k} ]")
        p.ins(f"%xv{k} = load float, ptr %xp{k}, align 4")
        p.ins(f"%xa{k} = fadd float {acc}, %xv{k}")
        p.ins(f"store float %xa{k}, ptr %xp{k}, align 4")
        p.acc = f"%xa{k}"
        return p

    def call(self, acc, block):
        """Two calls of the next device function, with two shared pointers."""
        p, k = Piece(acc, block), self.name()
        cur = acc
        for j, s in enumerate(self.shared):
            p.ins(f"%hs{k}.{j} = getelementptr inbounds [256 x float], ptr {s}, i64 0, i64 %lane")
            p.ins(f"%hr{k}.{j} = call float @dev{self.callee}(ptr %hs{k}.{j}, ptr %in.g, "
                  "i64 %n, i64 %stride)")
            p.ins(f"%ha{k}.{j} = fadd float {cur}, %hr{k}.{j}")
            cur = f"%ha{k}.{j}"
        p.acc = cur
        return p

    PIECES = ("gep_chain", "select", "loop", "gep_chain", "atomic", "memcpy", "mixed",
              "loop", "select", "gep_chain")


def prologue(i, helper):
    lines = ["entry:"]
    if helper:
        body = [
            f"%tile.g = addrspacecast ptr addrspace(3) @k{i}.tile to ptr",
            f"%cnt.g = addrspacecast ptr addrspace(3) @k{i}.cnt to ptr",
        ]
    else:
        body = [
            "%in.g = addrspacecast ptr addrspace(1) %in to ptr",
            "%out.g = addrspacecast ptr addrspace(1) %out to ptr",
            f"%tile.g = addrspacecast ptr addrspace(3) @k{i}.tile to ptr",
            f"%buf.g = addrspacecast ptr addrspace(3) @k{i}.buf to ptr",
        ]
    body += [
        "%tid32 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()",
        "%tid = zext i32 %tid32 to i64",
        "%lane = and i64 %tid, 255",
    ]
    return lines + [f"  {b}" for b in body], len(body)


def epilogue(helper, acc):
    if helper:
        return [f"  ret float {acc}"], 1
    return [
        "  %og = getelementptr inbounds float, ptr %out.g, i64 %tid",
        f"  store float {acc}, ptr %og, align 4",
        "  ret void",
    ], 3



def function(out, i, budget, callee):
    """Writes function i with `budget` instructions (more if below the minimum)."""
    helper = is_helper(i)
    out.write(f"@k{i}.tile = internal addrspace(3) global [256 x float] undef, align 4\n")
    if not helper:
        out.write(f"@k{i}.buf = internal addrspace(3) global [256 x float] undef, align 4\n")
    out.write(f"@k{i}.cnt = internal addrspace(3) global i32 undef, align 4\n\n")
    if helper:
        out.write(f"define internal float @dev{i}(ptr %p, ptr %g, i64 %n, i64 %stride) {{\n")
    else:
        out.write(f"define ptx_kernel void @kernel{i}(ptr addrspace(1) %in, "
                  "ptr addrspace(1) %out, i64 %n, i64 %stride) {\n")
    lines, count = prologue(i, helper)
    body = Body(i, helper, callee)
    acc, block = "0.000000e+00", "entry"
    epi_count = 1 if helper else 3
    left = budget - count - epi_count
    pieces = (["call"] if callee is not None else []) + list(Body.PIECES)
    j = 0
    while True:
        kind = pieces[j] if j < len(pieces) else Body.PIECES[(j - len(pieces)) % len(Body.PIECES)]
        p = getattr(body, kind)(acc, block)
        if p.count > left:
            break
        lines += p.lines
        count += p.count
        left -= p.count
        acc, block = p.acc, p.block
        j += 1
    # Pad to the exact budget with arithmetic on the running sum.
    for m in range(max(left, 0)):
        lines.append(f"  %pad{m} = fadd float {acc}, {float(m + 1):e}")
        acc = f"%pad{m}"
        count += 1
    epi, n = epilogue(helper, acc)
    lines += epi
    count += n
    out.write("\n".join(lines))
    out.write("\n}\n\n")
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of instructions in the module")
    ap.add_argument("--per-function", type=int, default=200)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    if a.n < 1 or a.per_function < 1:
        ap.error("N and --per-function must be positive")
    nfuncs = -(-a.n // a.per_function)
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    total = 0
    with out:
        out.write(f"; about {a.n} instructions in {nfuncs} CUDA-like functions of "
                  f"{a.per_function}; see scripts/gen_addrspace.py\n")
        out.write(f'target datalayout = "{DATALAYOUT}"\n')
        out.write(f'target triple = "{TRIPLE}"\n\n')
        out.write(DECLS + "\n")
        left = a.n
        for i in range(nfuncs):
            budget = min(left, a.per_function)
            callee = i + 1 if (not is_helper(i) and is_helper(i + 1)
                               and i + 1 < nfuncs) else None
            total += function(out, i, budget, callee)
            left -= budget
    print(f"gen_addrspace: {total} instructions in {nfuncs} functions", file=sys.stderr)


if __name__ == "__main__":
    main()

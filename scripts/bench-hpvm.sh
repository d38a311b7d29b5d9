#!/usr/bin/env bash
# Benchmark (not a test): the 1-D convolution written as an HPVM graph
# (examples/hpvm/conv1d.c) against the same kernel written in CUDA with the
# same `long` index width (examples/hpvm/conv1d_cuda.cu), in one run:
#   hpvm   clang-N -O0 (HPVM-C, -ffp-contract=fast as CUDA's default),
#          gpucc-hpvm-gen, SROA/InstCombine/SimplifyCFG,
#          gpucc-hpvm-lower<constmem>, opt -O3, llc -O3 -mcpu=sm_80
#          -> kernels `leaf` (global form) and `leaf_const` (constant memory)
#   cuda   clang-N -x cuda --cuda-device-only -O3 --cuda-gpu-arch=sm_80
#   cuda-route  the same CUDA source along the HPVM route: clang -O0
#          (-disable-O0-optnone), opt -O3, llc -O3 (what the front end and
#          pipeline alone do, without the lowering)
# then ptxas -v -arch=sm_80 (PyPI nvidia-cuda-nvcc-cu12). Reports, per
# kernel, registers, shared and PTX instructions, and which memory spaces
# the hot loop (the convolution loop: the PTX block with the most fma)
# reads. Verdict: each HPVM kernel uses at most the registers of the CUDA
# kernel compiled along the same route (like for like), and the constant
# form's hot loop reads ld.shared and ld.const.
#
# usage: scripts/bench-hpvm.sh
# env:   GPUCC_LLVM=16|22, LLVM_BIN, GPUCC_PLUGIN, BENCH_NO_BUILD=1,
#        BENCH_DIR (default target/bench), PTXAS.
# Exit status: 0 (also when the verdict is not met; it is printed); 2 on error.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
BENCH_NAME=bench-hpvm
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || die "cannot enter $ROOT"
LLVM_MAJOR="${GPUCC_LLVM:-16}"
[[ "$LLVM_MAJOR" =~ ^(16|22)$ ]] || die "GPUCC_LLVM='$LLVM_MAJOR' is not 16 or 22"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-$LLVM_MAJOR/bin}"
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PLUGIN="${GPUCC_PLUGIN:-}"
[[ "$#" -eq 0 ]] || {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
  exit 0
}

bench_build
PTXAS_BIN="$(tool PTXAS '*/nvidia/cuda_nvcc/bin/ptxas' nvidia-cuda-nvcc-cu12)"
[[ -n "$PTXAS_BIN" ]] || die "no ptxas (PTXAS, or pip install nvidia-cuda-nvcc-cu12)"
# clang 22 without a CUDA installation assumes a PTX ISA older than sm_80 needs.
EXTRA=()
C_EXTRA=()
if [[ "$LLVM_MAJOR" != 16 ]]; then
  EXTRA=(--cuda-feature=+ptx70)
  C_EXTRA=(-Xclang -target-feature -Xclang +ptx70)
fi
OUT="$BENCH_DIR/hpvm-llvm$LLVM_MAJOR"
mkdir -p "$OUT"

"$LLVM_BIN/clang" --target=nvptx64-nvidia-cuda -march=sm_80 "${C_EXTRA[@]}" -ffp-contract=fast -x c -O0 \
  -Xclang -disable-O0-optnone -include include/hpvm.h -S -emit-llvm \
  examples/hpvm/conv1d.c -o "$OUT/conv1d.hpvm-c.ll"
"$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" \
  -passes='gpucc-hpvm-gen,function(sroa,instcombine,simplifycfg),gpucc-hpvm-lower<constmem>,default<O3>' \
  "$OUT/conv1d.hpvm-c.ll" -o "$OUT/conv1d.hpvm.bc"
"$LLVM_BIN/llc" -O3 -mcpu=sm_80 "$OUT/conv1d.hpvm.bc" -o "$OUT/hpvm.ptx"
"$LLVM_BIN/clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
  "${EXTRA[@]}" -O3 -S examples/hpvm/conv1d_cuda.cu -o "$OUT/cuda.ptx"
"$LLVM_BIN/clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
  "${EXTRA[@]}" -O0 -Xclang -disable-O0-optnone -S -emit-llvm examples/hpvm/conv1d_cuda.cu \
  -o "$OUT/cuda-route.ll"
"$LLVM_BIN/opt" -passes='default<O3>' "$OUT/cuda-route.ll" -o "$OUT/cuda-route.bc"
"$LLVM_BIN/llc" -O3 -mcpu=sm_80 "$OUT/cuda-route.bc" -o "$OUT/cuda-route.ptx"
for c in hpvm cuda cuda-route; do
  "$PTXAS_BIN" -v -arch=sm_80 "$OUT/$c.ptx" -o "$OUT/$c.cubin" >"$OUT/$c.ptxas" 2>&1 ||
    die "ptxas failed on $OUT/$c.ptx (see $OUT/$c.ptxas)"
done

python3 - "$OUT" "$LLVM_MAJOR" <<'PY'
import re, sys
from pathlib import Path
out, major = Path(sys.argv[1]), sys.argv[2]

def ptxas(name):
    """{kernel: (registers, shared bytes)} from ptxas -v."""
    res, cur = {}, None
    for line in (out / f"{name}.ptxas").read_text().splitlines():
        m = re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            cur = m.group(1)
        m = re.search(r"Used (\d+) registers(?:.*?(\d+) bytes smem)?", line)
        if m and cur:
            res[cur] = (int(m.group(1)), int(m.group(2) or 0))
    return res

def kernels(name):
    """{kernel: [lines of its body]}."""
    res, cur = {}, None
    for line in (out / f"{name}.ptx").read_text().splitlines():
        m = re.match(r"\.visible \.entry (\w+)\(", line)
        if m:
            cur = m.group(1)
            res[cur] = []
        elif cur:
            res[cur].append(line)
            if line.startswith("}"):
                cur = None
    return res

def hot_loop(body):
    """Memory spaces read in the PTX block with the most fma."""
    blocks, cur = [], []
    for line in body:
        if re.match(r"\$L\w+:", line):
            blocks.append(cur)
            cur = []
        cur.append(line)
    blocks.append(cur)
    best = max(blocks, key=lambda b: sum("fma." in l for l in b))
    spaces = sorted({m.group(1) for l in best for m in [re.search(r"\bld\.(\w+)", l)] if m})
    return spaces

def instrs(body):
    return sum(1 for l in body if re.match(r"\s+[a-z@]", l) and not l.strip().startswith("//"))

rows = []
for comp, k in (("hpvm", "leaf"), ("hpvm", "leaf_const"), ("cuda", "conv1d"),
                ("cuda-route", "conv1d")):
    regs, smem = ptxas(comp)[k]
    body = kernels(comp)[k]
    rows.append((comp, k, regs, smem, instrs(body), ",".join(hot_loop(body))))
print(f"bench-hpvm (LLVM {major}): conv1d as an HPVM graph against CUDA (long IDs), sm_80")
print("| compiler | kernel | registers | shared B | PTX instrs | hot loop reads |")
print("|---|---|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(str(x) for x in r) + " |")
cuda = rows[3][2]
ok = all(r[2] <= cuda for r in rows[:2]) and {"shared", "const"} <= set(rows[1][5].split(","))
print(f"verdict: {'MET' if ok else 'NOT MET'} (HPVM kernels <= {cuda} registers, the CUDA twin "
      f"along the same route; clang -O3 direct: {rows[2][2]}; "
      f"leaf_const's hot loop reads ld.shared and ld.const)")
PY

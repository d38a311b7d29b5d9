#!/usr/bin/env bash
# Benchmark (not a test): the code that the `gpucc` pipeline makes, against
# LLVM 16's own copies of the same passes and against none of them, on the
# CUDA kernels of bench/kernels (one file per kernel, each saying what it
# exercises).
#
# Method (the one of test/ptx): llc -O3 for NVPTX runs its own copies of the
# paper's IR passes, so we cut llc's pipeline around them. For each kernel:
#   clang-16 -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80
#            -O3 -S -emit-llvm                                 -> clang.ll
#   llc -O3 -march=nvptx64 -mcpu=sm_80 -stop-after=nvptx-lower-alloca -> split.mir
#   the IR inside split.mir                                   -> split.ll
# then three configurations of split.ll, in the same run:
#   none      nothing
#   upstream  opt -passes='infer-address-spaces,function(separate-const-offset-
#             from-gep,speculative-execution,slsr,gvn,nary-reassociate,early-cse)'
#   gpucc     opt -load-pass-plugin=PLUGIN -passes=gpucc (whatever the suite
#             holds today; new passes are picked up without editing this script)
# and each goes on with llc -O3 -march=nvptx64 -mcpu=sm_80
# -start-before=atomic-expand to PTX.
#
# What the cut skips, in LLVM 16 (NVPTXPassConfig::addIRPasses, printed by
# `llc -O3 -march=nvptx64 -mcpu=sm_80 -debug-pass=Structure`): after SROA and
# nvptx-lower-alloca come infer-address-spaces, nvptx-atomic-lower (atomics on
# local memory), separate-const-offset-from-gep, speculative-execution, slsr,
# gvn, nary-reassociate and early-cse, then atomic-expand. The first llc stops
# after nvptx-lower-alloca and the second starts at atomic-expand, so exactly
# those eight passes run in neither. Everything after the cut runs in all three
# configurations: loop-reduce, consthoist, a second GVN (addEarlyCSEOrGVNPass
# at -O3), the load/store vectorizer, SROA, and CodeGenPrepare, which bypasses
# every 64-bit division (NVPTX asks for 64 -> 32 bit bypass) in "none" and
# "upstream" alike; gpucc's own bypass leaves its slow path as a <1 x i64>
# division that CodeGenPrepare does not bypass again. As a check of the cut,
# the script also runs the whole `llc -O3` on clang.ll and says for how many
# kernels its PTX equals the "upstream" configuration's.
#
# Metrics per kernel and configuration: PTX instructions (statements in
# function bodies; no directives, labels, braces or comments), memory
# instructions (ld, ldu, st, atom, red) with no state space ("generic") and
# with one of .global .shared .local .const .param ("specific"), cvta address
# conversions, 64-bit divisions (div/rem .s64/.u64) and branches; from NVIDIA's
# `ptxas -v -arch=sm_80` the registers of the kernel (largest entry function)
# and the spill bytes; and the SASS instructions of ptxas's cubin (nvdisasm,
# NOP padding left out). PTX counts charge memory-space inference one
# `cvta.to.global` per global pointer parameter, which costs nothing in SASS
# (there the generic and global addresses are the same), so the SASS count is
# printed beside them. ptxas also checks that every PTX file assembles.
#
# Tools: ptxas from the PyPI wheel nvidia-cuda-nvcc-cu12 and nvdisasm from
# nvidia-cuda-nvdisasm, both in target/ptxas-venv, which the script creates
# and fills with pip when they are missing (PTXAS / NVDISASM name others). If
# pip cannot install them (no network), registers and SASS print as n/a and
# the rest of the benchmark runs as usual.
#
# Verdict, per kernel: gpucc is no worse than upstream (PTX instructions no
# more than upstream's; registers at most upstream's + 2, when ptxas ran); and
# in total, gpucc's PTX instructions are strictly fewer than "none"'s. The
# chart (PTX instructions, SASS instructions and registers per kernel, three
# bars each) goes to docs/codequality.svg when the whole corpus runs, else to
# BENCH_DIR/codequality/.
#
# --projection adds, for information, a fourth configuration: today's gpucc
# followed by upstream's straight-line passes (opt -passes='gpucc,function(
# separate-const-offset-from-gep,...,early-cse)'), an estimate of gpucc once
# its own straight-line passes are in the suite.
#
# usage: scripts/bench-codequality.sh [--strict] [--projection] [KERNEL...]
#        KERNEL: file stems of bench/kernels/*.cu (default: all)
# env:   LLVM_BIN (default /usr/lib/llvm-16/bin), GPUCC_PLUGIN,
#        BENCH_NO_BUILD=1 to use an existing plugin as is,
#        BENCH_DIR (default target/bench; outputs in BENCH_DIR/codequality/K/),
#        PTXAS, NVDISASM (tools to use instead of target/ptxas-venv's; set
#        empty: none, and no pip), CQ_SVG (where the chart goes).
# Exit status: 0, also when the verdict is not met (it is printed); with
# --strict, 1 when it is not met; 2 on error (a tool failed, PTX rejected).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
BENCH_NAME=bench-codequality
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || die "cannot enter $ROOT"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-16/bin}"
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PLUGIN="${GPUCC_PLUGIN:-}"

FLAGS=()
KERNELS=()
for arg in "$@"; do
  case "$arg" in
    --strict | --projection) FLAGS+=("$arg") ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    -*) die "unknown option '$arg' (expected --strict, --projection or kernel names)" ;;
    *) KERNELS+=("$arg") ;;
  esac
done

# bench_build installs and builds for LLVM_MAJOR (bench_init sets it in the
# other benchmarks); this one measures against LLVM 16's llc pipeline only.
LLVM_MAJOR=16
bench_build
for tool in clang opt llc; do
  [[ -x "$LLVM_BIN/$tool" ]] || die "$LLVM_BIN/$tool not found (LLVM 16 expected)"
done
"$LLVM_BIN/llc" --version | grep -q 'LLVM version 16\.' ||
  die "$LLVM_BIN/llc is not LLVM 16"

PTXAS_BIN="$(tool PTXAS '*/nvidia/cuda_nvcc/bin/ptxas' nvidia-cuda-nvcc-cu12)"
NVDISASM_BIN=""
if [[ -n "$PTXAS_BIN" ]]; then
  NVDISASM_BIN="$(tool NVDISASM '*/nvidia/*/bin/nvdisasm' nvidia-cuda-nvdisasm)"
fi
[[ -n "$PTXAS_BIN" ]] || echo "$BENCH_NAME: no ptxas: registers will be n/a" >&2
[[ -n "$NVDISASM_BIN" ]] || echo "$BENCH_NAME: no nvdisasm: SASS counts will be n/a" >&2

SVG="${CQ_SVG:-}"
if [[ -z "$SVG" ]]; then
  if [[ "${#KERNELS[@]}" -eq 0 ]]; then
    SVG="$ROOT/docs/codequality.svg"
  else
    SVG="$BENCH_DIR/codequality/codequality.svg"
  fi
fi
mkdir -p "$BENCH_DIR/codequality"

python3 "$ROOT/scripts/codequality.py" --llvm-bin "$LLVM_BIN" --plugin "$PLUGIN" \
  --kernels "$ROOT/bench/kernels" --out "$BENCH_DIR/codequality" --ptxas "$PTXAS_BIN" \
  --nvdisasm "$NVDISASM_BIN" --svg "$SVG" "${FLAGS[@]}" "${KERNELS[@]}"

#!/usr/bin/env bash
# Benchmark (not a test): the code a user gets, on the CUDA kernels of
# bench/kernels, from three compilers in the same run:
#   stock   clang-16 -x cuda --cuda-device-only -nocudainc -nocudalib
#           --cuda-gpu-arch=sm_80 -O3 -S K.cu         (clang and llc, whole)
#   plugin  the same plus -fpass-plugin=libgpucc_passes.so: the plugin's
#           auto-pipeline adds `gpucc` at the optimizer-last extension point
#           (README, "The clang and rustc auto-pipeline"); llc then runs as
#           in stock, its own copies of the GPU passes included
#   nvrtc   NVIDIA's NVRTC 12.9 (PyPI wheel nvidia-cuda-nvrtc-cu12==12.9.86,
#           through Python's ctypes), options --gpu-architecture=compute_80
#           -default-device, with bench/kernels/gpu_nvrtc.h standing in for
#           gpu.h (our few lines mapping the corpus's tid_x(), KERNEL,
#           atomic_add ... onto CUDA's threadIdx, atomicAdd ...)
# Unlike scripts/bench-codequality.sh, which cuts llc in two to compare the
# passes alone, this is the user's path end to end, with NVIDIA's compiler
# as the peer.
#
# Each PTX goes through ptxas -v -arch=sm_80 (12.9, PyPI nvidia-cuda-nvcc-cu12)
# to a cubin and nvdisasm (PyPI nvidia-cuda-nvdisasm, 13.x) to SASS.
# Metrics per kernel and compiler: PTX instructions (as bench-codequality
# counts them), registers, spill bytes and stack frame bytes (ptxas -v), SASS
# instructions (NOP padding left out) and SASS instructions per iteration
# of the kernel's hot loop. Static counts mislead when one compiler unrolls
# and another does not, hence the last one: each kernel names what one
# source iteration of its hot loop moves in memory (`// hot-loop: lds=16` in
# its header comment, `none` for a kernel without a loop); the loop is found
# in the SASS (innermost backward-branch range moving a whole multiple of
# that), its unroll factor is that multiple, and SASS/iter is its
# instructions divided by the factor. scripts/userpath.py's header has the
# details.
#
# Verdict per kernel: the plugin's SASS/iter (the whole SASS count for a
# kernel without a loop) is at most stock's and at most NVRTC's. A compiler
# whose SASS has no loop matching the annotation (it unrolled the hot loop
# completely) gets n/a there and does not take part in that comparison.
#
# Outputs: BENCH_DIR/userpath/K/{stock,plugin,nvrtc}.{ptx,ptxas,sass,hot.sass}
# (hot.sass: the counted loop), a table on stdout (also in Markdown) and a
# chart (SASS/iter, SASS, registers) to docs/userpath.svg when the whole
# corpus runs on LLVM 16, else to the output folder.
#
# Tools: ptxas, nvdisasm and NVRTC from PyPI wheels in target/ptxas-venv,
# installed there with pip when missing (PTXAS, NVDISASM, NVRTC_LIB name
# others). Unlike bench-codequality, this benchmark needs all three: it dies
# (status 2) without them.
#
# Code growth (--growth, issue 32): the same three compilers on
# bench/growth, real-style kernels where unrolling may only add code
# (templated reductions with `int` indices, scalar products, touch kernels,
# Walsh stages, bitonic sorts, 64-bit divisions in the body; one countable
# control). The verdict there is the plugin's static SASS at most 1.10x
# stock's and no more registers, unless its SASS per hot-loop iteration
# drops.
#
# usage: scripts/bench-userpath.sh [--strict] [--growth] [KERNEL...]
#        KERNEL: file stems of bench/kernels/*.cu (bench/growth with
#        --growth; default: all)
# env:   GPUCC_LLVM=16|22 (default 16: clang-16 and the LLVM 16 plugin; 22:
#        clang-22 with --cuda-feature=+ptx70 and the llvm22 build),
#        LLVM_BIN, GPUCC_PLUGIN, BENCH_NO_BUILD=1 (use the built plugin as
#        is), BENCH_DIR (default target/bench), PTXAS, NVDISASM, NVRTC_LIB,
#        UP_SVG (where the chart goes).
# Exit status: 0, also when a verdict is not met (it is printed); with
# --strict, 1 when one is not met; 2 on error.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
BENCH_NAME=bench-userpath
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || die "cannot enter $ROOT"
LLVM_MAJOR="${GPUCC_LLVM:-16}"
[[ "$LLVM_MAJOR" =~ ^(16|22)$ ]] || die "GPUCC_LLVM='$LLVM_MAJOR' is not 16 or 22"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-$LLVM_MAJOR/bin}"
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PLUGIN="${GPUCC_PLUGIN:-}"

FLAGS=()
KERNELS=()
GROWTH=0
for arg in "$@"; do
  case "$arg" in
    --strict) FLAGS+=("$arg") ;;
    --growth) GROWTH=1 ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    -*) die "unknown option '$arg' (expected --strict or kernel names)" ;;
    *) KERNELS+=("$arg") ;;
  esac
done

bench_build
[[ -x "$LLVM_BIN/clang" ]] || die "$LLVM_BIN/clang not found (LLVM $LLVM_MAJOR expected)"
"$LLVM_BIN/clang" --version | grep -q "version $LLVM_MAJOR\." ||
  die "$LLVM_BIN/clang is not LLVM $LLVM_MAJOR"

PTXAS_BIN="$(tool PTXAS '*/nvidia/cuda_nvcc/bin/ptxas' nvidia-cuda-nvcc-cu12)"
NVDISASM_BIN="$(tool NVDISASM '*/nvidia/*/bin/nvdisasm' nvidia-cuda-nvdisasm)"
NVRTC_SO="$(tool NVRTC_LIB '*/nvidia/cuda_nvrtc/lib/libnvrtc.so.12' \
  nvidia-cuda-nvrtc-cu12==12.9.86)"
[[ -n "$PTXAS_BIN" ]] || die "no ptxas (PTXAS, or pip install nvidia-cuda-nvcc-cu12)"
[[ -n "$NVDISASM_BIN" ]] || die "no nvdisasm (NVDISASM, or pip install nvidia-cuda-nvdisasm)"
[[ -n "$NVRTC_SO" ]] || die "no NVRTC (NVRTC_LIB, or pip install nvidia-cuda-nvrtc-cu12)"

CORPUS="$ROOT/bench/kernels"
if [[ "$LLVM_MAJOR" == 16 ]]; then
  OUT="$BENCH_DIR/userpath"
else
  OUT="$BENCH_DIR/userpath-llvm$LLVM_MAJOR"
fi
if ((GROWTH)); then
  CORPUS="$ROOT/bench/growth"
  FLAGS+=(--growth)
  OUT="$OUT-growth"
fi
SVG="${UP_SVG:-}"
if [[ -z "$SVG" ]]; then
  if [[ "${#KERNELS[@]}" -eq 0 && "$LLVM_MAJOR" == 16 && "$GROWTH" == 0 ]]; then
    SVG="$ROOT/docs/userpath.svg"
  else
    SVG="$OUT/userpath.svg"
  fi
fi
mkdir -p "$OUT"

python3 "$ROOT/scripts/userpath.py" --llvm-bin "$LLVM_BIN" --llvm-major "$LLVM_MAJOR" \
  --plugin "$PLUGIN" --kernels "$CORPUS" --out "$OUT" --ptxas "$PTXAS_BIN" \
  --nvdisasm "$NVDISASM_BIN" --nvrtc "$NVRTC_SO" --svg "$SVG" "${FLAGS[@]}" "${KERNELS[@]}"

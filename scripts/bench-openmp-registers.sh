#!/usr/bin/env bash
# Benchmark (not a test): registers, stack and spills of OpenMP target kernels
# (issue 7) in generic form, after LLVM 16's `openmp-opt` SPMDization, after
# ours (`gpucc-openmp-opt`), next to the native SPMD form and to CUDA. The
# corpus is bench/openmp: one OpenMP kernel per .c file, each saying what it
# exercises (a "Native twin: STEM" line names its combined-construct twin),
# plus the CUDA twins (*.cu).
#
# Method, per OpenMP kernel K.c (outputs in BENCH_DIR/openmp-registers/K/):
#   1. Device IR, unoptimized but ready for -O2 (no optnone), before the
#      device runtime is linked:
#        clang-16 -fopenmp --offload-arch=sm_80 --offload-device-only -nogpulib
#                 -O2 -Xclang -disable-llvm-passes -S -emit-llvm   -> raw.ll
#      clang 16's device -O2 would run openmp-opt inside default<O2>; we stop
#      it here so that each configuration below chooses its OpenMP pass.
#   2. Pre-link, one configuration each (what clang's device compile does):
#        generic  opt -passes='default<O2>' -openmp-opt-disable
#        llvm16   opt -passes=openmp-opt, then the same default<O2>
#        ours     opt -load-pass-plugin PLUGIN -passes=gpucc-openmp-opt, then
#                 the same default<O2>
#      `-openmp-opt-disable` (LLVM 16's cl::opt) turns off the openmp-opt and
#      openmp-opt-cgscc passes that default<O2> contains, so "generic" is the
#      kernel exactly as clang emits it, and the other two differ from it only
#      by the one OpenMP pass, run first, on raw.ll. (Emitting at -O0 would
#      mark every function optnone; -O1 has no openmp-opt but also a weaker
#      pipeline: neither compares like with like.) As a check the script also
#      runs plain default<O2> (openmp-opt and openmp-opt-cgscc where clang puts
#      them, after early SROA/EarlyCSE) and prints a note for every kernel
#      where it ends with other figures than "llvm16".
#   3. Link as clang's offload linker does with -foffload-lto:
#        llvm-link pre.bc flags.ll /usr/lib/llvm-16/lib/libomptarget-nvptx-sm_80.bc
#      where flags.ll defines the runtime's configuration constants
#      (__omp_rtl_debug_kind, __omp_rtl_assume_no_thread_state,
#      __omp_rtl_assume_no_nested_parallelism) as weak_odr hidden constants 0,
#      clang's defaults: clang emits them only when it has a host IR file and a
#      GPU library, so a device-only -nogpulib compile leaves them external,
#      and an external debug_kind keeps every runtime assertion (74 registers
#      and 160 bytes of stack for the generic vector add instead of 54 and 56).
#   4. Post-link: opt -passes='internalize,default<O2>' -openmp-opt-disable
#      -internalize-public-api-list=<the kernels>: only the kernels stay
#      visible, so the runtime is inlined and folded into them. OpenMP passes
#      run before linking only, as clang does pre-link, and not again here:
#      LLVM 16's openmp-opt crashes on some modules with an internalized
#      runtime (issue 7), and a post-link openmp-opt would SPMDize the
#      "generic" configuration too. default<O2> rather than lto<O2> (what
#      clang-linker-wrapper runs): it is what issue 7 measured (lto<O2> gives
#      the generic vector add 48 registers instead of 54; the SPMD forms are
#      the same).
#   5. llc-16 -O3 -march=nvptx64 -mcpu=sm_80 -> PTX; ptxas -v -arch=sm_80 ->
#      the kernel's registers, stack frame bytes and spill bytes (stores +
#      loads) from its "entry function" report.
# The native SPMD figure of a kernel is its twin's "llvm16" configuration
# (what clang -O2 makes of the combined construct). The CUDA kernels are
# compiled with clang-16 -x cuda --cuda-device-only -nocudainc -nocudalib
# --cuda-gpu-arch=sm_80 -O3 -S (PTX) and ptxas alone: no runtime.
#
# "ours" is measured when the plugin knows `gpucc-openmp-opt`; when opt says
# the pass name is unknown the column reads "n/a (gpucc-openmp-opt not in this
# build)" and the verdict is not applicable. Nothing in this script names the
# plugin's other passes: the column appears by itself once the pass exists.
#
# Verdict: ours uses at most LLVM 16's registers on every OpenMP kernel (and
# opt, llc and ptxas succeed on it). The script also says whether the vector
# add reproduces issue 7's figures (generic 54, LLVM 16 40, native 36, CUDA 12
# registers with LLVM 16 and ptxas 12.9 on sm_80).
#
# Tools: ptxas from the PyPI wheel nvidia-cuda-nvcc-cu12 in target/ptxas-venv,
# created and filled by pip when missing (bench-lib.sh's `tool`, shared with
# bench-codequality.sh); PTXAS names another. Without ptxas the benchmark
# cannot measure anything and stops.
#
# usage: scripts/bench-openmp-registers.sh [--strict] [KERNEL...]
#        KERNEL: file stems of bench/openmp/*.c and *.cu (default: all)
# env:   LLVM_BIN (default /usr/lib/llvm-16/bin), GPUCC_PLUGIN (default
#        target/release/libgpucc_passes.so), BENCH_BUILD=1 to run
#        `cargo build --release` first (default: use the plugin as it is; a
#        missing plugin makes "ours" n/a), BENCH_DIR (default target/bench),
#        PTXAS, OMP_DEVICE_RTL (default
#        LLVM_BIN/../lib/libomptarget-nvptx-sm_80.bc).
# Exit status: 0, also when the verdict is not met (it is printed); with
# --strict, 1 when it is not met; 2 on error (a tool failed on a
# configuration other than ours, ptxas missing).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
BENCH_NAME=bench-openmp-registers
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || die "cannot enter $ROOT"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-16/bin}"
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PLUGIN="${GPUCC_PLUGIN:-$ROOT/target/release/libgpucc_passes.so}"
RTL="${OMP_DEVICE_RTL:-$LLVM_BIN/../lib/libomptarget-nvptx-sm_80.bc}"

FLAGS=()
KERNELS=()
for arg in "$@"; do
  case "$arg" in
    --strict) FLAGS+=("$arg") ;;
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    -*) die "unknown option '$arg' (expected --strict or kernel names)" ;;
    *) KERNELS+=("$arg") ;;
  esac
done

"$ROOT/scripts/install-deps.sh"
if [[ "${BENCH_BUILD:-0}" == 1 ]]; then
  cargo build --release
fi
for t in clang opt llc llvm-link llvm-dis; do
  [[ -x "$LLVM_BIN/$t" ]] || die "$LLVM_BIN/$t not found (LLVM 16 expected)"
done
"$LLVM_BIN/opt" --version | grep -q 'LLVM version 16\.' || die "$LLVM_BIN/opt is not LLVM 16"
[[ -f "$RTL" ]] || die "OpenMP device runtime not found: $RTL (libomp-16-dev)"

PTXAS_BIN="$(tool PTXAS '*/nvidia/cuda_nvcc/bin/ptxas' nvidia-cuda-nvcc-cu12)"
[[ -n "$PTXAS_BIN" ]] || die "no ptxas (pip could not install nvidia-cuda-nvcc-cu12; set PTXAS)"

mkdir -p "$BENCH_DIR/openmp-registers"
python3 "$ROOT/scripts/openmp_registers.py" --llvm-bin "$LLVM_BIN" --plugin "$PLUGIN" \
  --corpus "$ROOT/bench/openmp" --out "$BENCH_DIR/openmp-registers" --rtl "$RTL" \
  --ptxas "$PTXAS_BIN" "${FLAGS[@]}" "${KERNELS[@]}"

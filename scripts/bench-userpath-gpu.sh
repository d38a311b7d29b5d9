#!/usr/bin/env bash
# Benchmark (not a test): the user-path kernels RUN on a GPU. Where
# scripts/bench-userpath.sh counts the static code of each kernel of
# bench/kernels from three compilers (stock clang-16 -O3, the same with our
# plugin, NVIDIA's NVRTC 12.9), this runs those three PTX files of each
# kernel on the GPU and
#   (1) checks that they compute the same thing: every output of plugin,
#       stock and NVRTC is compared with the others; integer outputs and
#       float outputs of exact arithmetic byte for byte, and float outputs
#       of inexact arithmetic within 1e-4 of the output's largest magnitude
#       (lavamd_like: a division; nbody_tile: rsqrt.approx; there FMA
#       contraction legitimately differs between compilers). The inputs are
#       chosen so that float arithmetic is exact wherever it can be
#       (integer-valued data: sums of products are then exact in any order,
#       with or without FMA, float atomics included). Small cases are also
#       compared with a Python reference of the kernel, every buffer carries
#       a canary against out-of-bounds writes, inputs must stay unchanged;
#   (2) times them: the median of 50 launches after 5 warm-up launches per
#       compiler, the compilers interleaved, each launch between two CUDA
#       events, reported as ratios plugin/stock and plugin/nvrtc from the
#       same run on the same device.
# A plugin/stock mismatch is a miscompile by the plugin (the table marks it
# "MISCOMPILE?" with the first differing elements).
#
# How: scripts/gpu_userpath.py (its header has the details) drives the CUDA
# driver API through Python's ctypes on libcuda.so.1 only: cuModuleLoadDataEx
# JIT-compiles the PTX for the GPU at hand, so the machine needs a driver
# but no CUDA toolkit, ptxas or numpy. Each kernel runs in its own process,
# so a faulting kernel loses only its own run (the fault is recorded and the
# kernel runs again without that compiler). The parameters, sizes and
# contents of each kernel's buffers are a table in that file (KERNELS).
#
# Steps: the PTX first (scripts/bench-userpath.sh, which builds the plugin
# unless BENCH_NO_BUILD=1; BENCH_NO_PTX=1 uses the PTX already in
# BENCH_DIR/userpath), then, when libcuda finds a GPU, the harness; without
# one it says so, runs the harness's --dry-run (the specs against the PTX
# entry signatures and __constant__ symbols, every case built, the Python
# references run) and exits 0 when that passes.
#
# Outputs: BENCH_DIR/userpath-gpu/userpath-gpu.{json,md,log}. The committed
# results of one run are docs/userpath-gpu.md.
#
# usage: scripts/bench-userpath-gpu.sh [KERNEL...]
#        KERNEL: file stems of bench/kernels/*.cu (default: all)
# env:   BENCH_DIR (default target/bench), BENCH_NO_BUILD, BENCH_NO_PTX,
#        GPU_USERPATH_ARGS (more arguments for gpu_userpath.py, e.g.
#        "--reps 100"), and what bench-userpath.sh reads (LLVM 16 only: the
#        PTX is taken from BENCH_DIR/userpath).
# Exit status: 0 when every kernel ran and the compilers agreed (or, without
# a GPU, when the dry run passed); 1 when a kernel failed or disagreed;
# 2 on error.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PTX_DIR="$BENCH_DIR/userpath"
OUT="$BENCH_DIR/userpath-gpu"

for arg in "$@"; do
  case "$arg" in
    -h | --help)
      sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    -*)
      echo "bench-userpath-gpu: unknown option '$arg' (expected kernel names)" >&2
      exit 2
      ;;
  esac
done

if [[ "${BENCH_NO_PTX:-}" != 1 ]]; then
  # The chart goes beside the PTX: this run must not rewrite docs/userpath.svg.
  GPUCC_LLVM=16 BENCH_DIR="$BENCH_DIR" UP_SVG="$PTX_DIR/userpath.svg" \
    scripts/bench-userpath.sh "$@"
fi

# shellcheck disable=SC2086 # GPU_USERPATH_ARGS is split on purpose
if python3 scripts/gpu_userpath.py --probe; then
  python3 scripts/gpu_userpath.py --ptx-dir "$PTX_DIR" --out "$OUT" ${GPU_USERPATH_ARGS:-} "$@"
else
  echo "bench-userpath-gpu: no CUDA GPU here (libcuda.so.1 missing or no device);" \
    "checking the harness with --dry-run instead of running the kernels"
  python3 scripts/gpu_userpath.py --dry-run --ptx-dir "$PTX_DIR" --out "$OUT" "$@"
fi

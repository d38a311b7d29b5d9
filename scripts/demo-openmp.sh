#!/usr/bin/env bash
# Demo: OpenMP offloading through clang itself, with and without the plugin.
# Compiles OpenMP programs (default: bench/openmp/vecadd_spmd.c, rowdot.c and
# vecadd_generic.c) for sm_80 at -O2 twice, with stock clang and with
# -fpass-plugin, and prints
# per kernel the OpenMP device runtime calls (`__kmpc_*`) left in its device
# IR, and the registers, shared memory and barriers ptxas reports for it.
#
#   scripts/demo-openmp.sh [16|22] [FILE.c...]
#
# The commands (LLVM 16; PLUGIN = scripts/plugin.sh 16):
#   device compile  clang-16 -fopenmp --offload-arch=sm_80 -O2 -foffload-lto
#                     [-fpass-plugin=PLUGIN] -c F.c -o F.o
#   device link     clang-16 -fopenmp --offload-arch=sm_80 -O2 -foffload-lto
#                     F.o -o F -save-temps
# with ptxas (and libdevice) from the PyPI wheel nvidia-cuda-nvcc-cu12 on PATH,
# which clang takes for a CUDA installation. The link is clang-linker-wrapper
# (clang-tools-16): LTO of the device code with the device runtime
# (libomptarget.devicertl, libomp-16-dev), then ptxas; it then needs NVIDIA's
# nvlink and fatbinary, which the wheel does not have, so without a CUDA
# installation it stops there, and -save-temps keeps the linked PTX
# (F.nvptx64-nvidia-cuda.sm_80.s), which ptxas -v reports on. The runtime calls
# are counted in the device compile's IR (the same flags plus
# --offload-device-only -nogpulib -S -emit-llvm).
#
# LLVM 22 (PLUGIN = scripts/plugin.sh 22): Debian's LLVM 22 ships neither an
# NVPTX device runtime nor libomp, so there is no device link to show; the
# demo stops at the device compile:
#   clang-22 -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 -O2
#     --offload-device-only -nogpulib [-fpass-plugin=PLUGIN] -S F.c -o F.s
# and runs ptxas -v -c (relocatable: the stock kernel calls the runtime,
# which is not linked; its figures leave the runtime's own code out).
#
# The plugin's auto-pipeline runs the OpenMP passes at the pipeline-start
# point of the device compile (README, "OpenMP offloading through clang").
#
# Fresh machine: installs LLVM N with scripts/install-deps.sh, clang-tools-16
# (clang-linker-wrapper) with apt when it is missing, builds the plugin with
# scripts/plugin.sh, and ptxas into target/ptxas-venv with pip. Env: PTXAS
# (another ptxas), GPUCC_PLUGIN (another plugin), DEMO_DIR (outputs; default
# target/demo-openmp-N).
set -euo pipefail

major=16
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
  major=$1
  shift
fi
case "$major" in
  16 | 22) ;;
  *)
    echo "demo-openmp: unsupported LLVM '$major' (16 or 22)" >&2
    exit 2
    ;;
esac
# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
BENCH_NAME=demo-openmp
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || die "cannot enter $ROOT"
FILES=("$@")
[[ ${#FILES[@]} -gt 0 ]] || FILES=(bench/openmp/vecadd_spmd.c bench/openmp/rowdot.c bench/openmp/vecadd_generic.c)

"$ROOT/scripts/install-deps.sh" "$major"
LLVM_BIN=/usr/lib/llvm-$major/bin
CLANG=$LLVM_BIN/clang
PLUGIN="${GPUCC_PLUGIN:-$("$ROOT/scripts/plugin.sh" "$major" | tail -n 1)}"
[[ -f "$PLUGIN" ]] || die "no plugin at $PLUGIN"
PTXAS_BIN="$(tool PTXAS '*/nvidia/cuda_nvcc/bin/ptxas' nvidia-cuda-nvcc-cu12)"
[[ -n "$PTXAS_BIN" ]] || die "no ptxas (pip could not install nvidia-cuda-nvcc-cu12; set PTXAS)"
OUT="${DEMO_DIR:-$ROOT/target/demo-openmp-$major}"
mkdir -p "$OUT"

link=0
if [[ $major == 16 ]]; then
  if [[ ! -x $LLVM_BIN/clang-linker-wrapper ]]; then
    echo "demo-openmp: installing clang-tools-16 (clang-linker-wrapper) for the device link" >&2
    if [[ "$(id -u)" -eq 0 ]]; then
      DEBIAN_FRONTEND=noninteractive apt-get install -y clang-tools-16 >&2 || true
    elif command -v sudo >/dev/null 2>&1; then
      sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y clang-tools-16 >&2 || true
    fi
  fi
  if [[ -x $LLVM_BIN/clang-linker-wrapper ]]; then
    link=1
  else
    echo "demo-openmp: no clang-linker-wrapper; figures of the device compile only" >&2
  fi
fi

# What clang-16 and clang-22 need for device code without a CUDA installation.
nvptx=(-fopenmp --offload-arch=sm_80 -O2 -Wno-pass-failed)
[[ $major == 22 ]] && nvptx+=(--cuda-feature=+ptx70)

# run_one SRC CFG: the outputs of one configuration (stock or plugin) in
# OUT/STEM/CFG: device.ll (device compile IR) and ptxas.txt (ptxas -v).
run_one() {
  local src=$1 cfg=$2 stem dir
  stem=$(basename "$src" .c)
  dir=$OUT/$stem/$cfg
  rm -rf "$dir"
  mkdir -p "$dir"
  local plugin=()
  [[ $cfg == plugin ]] && plugin=(-fpass-plugin="$PLUGIN")
  "$CLANG" "${nvptx[@]}" --offload-device-only -nogpulib "${plugin[@]}" -S -emit-llvm \
    "$src" -o "$dir/device.ll"
  if [[ $link == 1 ]]; then
    (
      cd "$dir"
      export PATH="$(dirname "$PTXAS_BIN"):$PATH"
      "$CLANG" "${nvptx[@]}" -foffload-lto "${plugin[@]}" -Wno-unknown-cuda-version \
        -c "$ROOT/$src" -o "$stem.o"
      "$CLANG" "${nvptx[@]}" -foffload-lto -Wno-unknown-cuda-version "$stem.o" -o "$stem" \
        -save-temps >link.log 2>&1 || true
    )
    local ptx=$dir/$stem.nvptx64-nvidia-cuda.sm_80.s
    [[ -f $ptx ]] || die "the device link left no PTX ($dir/link.log)"
    "$PTXAS_BIN" -v -arch=sm_80 "$ptx" -o "$dir/device.cubin" >"$dir/ptxas.txt" 2>&1 ||
      die "ptxas failed on $ptx ($dir/ptxas.txt)"
  else
    "$CLANG" "${nvptx[@]}" --offload-device-only -nogpulib "${plugin[@]}" -S "$src" \
      -o "$dir/device.s"
    "$PTXAS_BIN" -v -c -arch=sm_80 "$dir/device.s" -o "$dir/device.o" >"$dir/ptxas.txt" 2>&1 ||
      die "ptxas failed on $dir/device.s ($dir/ptxas.txt)"
  fi
}

if [[ $link == 1 ]]; then
  how="device IR of the device compile; ptxas -v after the device link (LTO with the runtime)"
else
  how="device IR and ptxas -v -c of the device compile (no device runtime linked)"
fi
echo "demo-openmp: LLVM $major, sm_80, -O2; $how; plugin $PLUGIN"
for src in "${FILES[@]}"; do
  [[ -f $src ]] || die "no such file: $src"
  run_one "$src" stock
  run_one "$src" plugin
  stem=$(basename "$src" .c)
  python3 "$ROOT/scripts/demo_openmp.py" --label "$src (clang-$major)" \
    "$OUT/$stem/stock/device.ll" "$OUT/$stem/stock/ptxas.txt" \
    "$OUT/$stem/plugin/device.ll" "$OUT/$stem/plugin/ptxas.txt"
done

#!/usr/bin/env bash
# Demo: gpucc's 64-bit division bypass on a CUDA kernel.
#
# Installs LLVM N / clang N if missing (N = 16 unless given), builds the
# plugin for it (scripts/plugin.sh N), compiles examples/div64.cu to NVPTX IR
# with clang-N, runs `opt -passes=gpucc` with the plugin, and shows the IR and
# the PTX (llc-N -O3 -mcpu=sm_80) before and after, then a one-line summary
# counted from the files. Outputs stay in target/demo/.
#
# usage: scripts/demo.sh [16|22]
# env:   GPUCC_PLUGIN (default: what scripts/plugin.sh N builds),
#        GPUCC_NO_BUILD=1 to skip building.
# Exit status: non-zero if a step fails or the pass bypasses nothing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

MAJOR="${1:-16}"
LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-$MAJOR/bin}"
OUT="$ROOT/target/demo-llvm$MAJOR"
SRC="$ROOT/examples/div64.cu"
PTX_FLAGS=(-O3 -march=nvptx64 -mcpu=sm_80)

section() { printf '\n==== %s\n' "$*"; }
die() {
  printf 'demo: %s\n' "$*" >&2
  exit 1
}
# Prints how many lines of file $2 match the extended regex $1 (0 if none).
count() { grep -cE -- "$1" "$2" || true; }
# Prints the function definitions of an .ll file, without metadata/attributes.
functions() { awk '/^define /{f=1} f{print} /^}/{if (f) print ""; f=0}' "$1"; }
# Prints the PTX lines that matter here: kernel names, the 64-bit checks and
# the divisions/remainders, each with its line number.
ptx_lines() { grep -nE '\.entry|and\.b64.*-4294967296|(div|rem)\.[su](32|64)' "$1" || true; }

section "installing dependencies (scripts/install-deps.sh $MAJOR)"
"$ROOT/scripts/install-deps.sh" "$MAJOR"

if [[ -n "${GPUCC_PLUGIN:-}" ]]; then
  PLUGIN="$GPUCC_PLUGIN"
else
  section "building the plugin (scripts/plugin.sh $MAJOR)"
  PLUGIN="$("$ROOT/scripts/plugin.sh" "$MAJOR")"
fi
[[ -f "$PLUGIN" ]] || die "plugin not found: $PLUGIN"

mkdir -p "$OUT"
ll_before="$OUT/div64.ll"
ll_after="$OUT/div64.gpucc.ll"
ptx_before="$OUT/div64.ptx"
ptx_after="$OUT/div64.gpucc.ptx"
ptx_nocgp="$OUT/div64.no-bypass.ptx"

section "compiling $(basename "$SRC") for sm_80 (clang-$MAJOR -O2)"
(
  set -x
  "$LLVM_BIN/clang" -x cuda --cuda-device-only -nocudainc -nocudalib \
    --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 -S -emit-llvm "$SRC" -o "$ll_before"
)

section "running the gpucc pipeline"
(
  set -x
  "$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" -passes=gpucc -S "$ll_before" -o "$ll_after"
)

section "PTX (llc ${PTX_FLAGS[*]})"
# Before: what upstream llc makes of clang's IR. Its CodeGenPrepare already
# bypasses 64-bit divisions for NVPTX, at codegen time. No bypass at all:
# --disable-cgp, for the cost of the plain 64-bit divisions.
"$LLVM_BIN/llc" "${PTX_FLAGS[@]}" "$ll_before" -o "$ptx_before"
"$LLVM_BIN/llc" "${PTX_FLAGS[@]}" --disable-cgp "$ll_before" -o "$ptx_nocgp"
"$LLVM_BIN/llc" "${PTX_FLAGS[@]}" "$ll_after" -o "$ptx_after"
printf 'wrote %s\n' "${ll_before#"$ROOT/"}" "${ll_after#"$ROOT/"}" \
  "${ptx_before#"$ROOT/"}" "${ptx_after#"$ROOT/"}" "${ptx_nocgp#"$ROOT/"}"

section "IR before (clang-$MAJOR -O2), functions of ${ll_before#"$ROOT/"}"
functions "$ll_before"
section "IR after -passes=gpucc, functions of ${ll_after#"$ROOT/"}"
functions "$ll_after"

section "PTX before: upstream llc (its CodeGenPrepare bypass), relevant lines"
ptx_lines "$ptx_before"
section "PTX before, without any bypass (llc --disable-cgp), relevant lines"
ptx_lines "$ptx_nocgp"
section "PTX after gpucc, relevant lines"
ptx_lines "$ptx_after"

# --- Counting --------------------------------------------------------------
# IR: 64-bit div/rem instructions, 32-bit udiv/urem (the fast paths) and the
# runtime checks `and i64 (a | b), -4294967296` (upper 32 bits all zero?).
IR_DIV64='= [su](div|rem) (exact )?i64 '
IR_SLOW='= [su](div|rem) (exact )?(i64|<1 x i64>) '
IR_DIV32='= u(div|rem) (exact )?i32 '
IR_CHECK='= and i64 .*, -4294967296$'
PTX_FAST='(div|rem)\.u32[[:space:]]'
PTX_SLOW='(div|rem)\.[su]64[[:space:]]'
PTX_CHECK='and\.b64.*-4294967296'

total=$(count "$IR_DIV64" "$ll_before")
fast=$(($(count "$IR_DIV32" "$ll_after") - $(count "$IR_DIV32" "$ll_before")))
checks=$(($(count "$IR_CHECK" "$ll_after") - $(count "$IR_CHECK" "$ll_before")))
slow_ir=$(count "$IR_SLOW" "$ll_after")
bypassed=$((fast < total ? fast : total))
ptx_fast=$(count "$PTX_FAST" "$ptx_after")
ptx_slow=$(count "$PTX_SLOW" "$ptx_after")
ptx_checks=$(count "$PTX_CHECK" "$ptx_after")

section "summary"
printf 'IR:  before: %d i64 div/rem; after: %d i64 div/rem (slow paths), %d new i32 udiv/urem (fast paths), %d new checks\n' \
  "$total" "$slow_ir" "$fast" "$checks"
printf 'PTX: upstream llc alone: div/rem.u32 %d, div/rem.[su]64 %d, checks %d; without any bypass: div/rem.[su]64 %d\n' \
  "$(count "$PTX_FAST" "$ptx_before")" "$(count "$PTX_SLOW" "$ptx_before")" \
  "$(count "$PTX_CHECK" "$ptx_before")" "$(count "$PTX_SLOW" "$ptx_nocgp")"
if ((ptx_fast > fast)); then
  printf 'note: llc added %d fast paths of its own: it bypassed the slow paths again\n' \
    "$((ptx_fast - fast))"
fi
printf 'gpucc: %d of %d 64-bit divisions/remainders bypassed (%d checks); PTX: div/rem.u32 fast paths %d, div/rem.s64/.u64 slow paths %d, 64-bit checks %d\n' \
  "$bypassed" "$total" "$checks" "$ptx_fast" "$ptx_slow" "$ptx_checks"

((bypassed > 0)) || die "the gpucc pipeline bypassed no division"

#!/usr/bin/env bash
# Builds the gpucc-passes plugin for one LLVM and prints its path (last line).
#
#   scripts/plugin.sh 16   -> target/release/libgpucc_passes.so        (links libLLVM-16)
#   scripts/plugin.sh 22   -> target/llvm22/release/libgpucc_passes.so (links no libLLVM:
#                             loads into opt-22, clang-22 and rustc's own LLVM 22)
#
# Installs LLVM N with scripts/install-deps.sh when it is missing, then runs
# `cargo build --release` with the feature of that LLVM (16 is the default
# feature and builds in Cargo's default target dir; every other LLVM has its
# own, target/llvmN). Progress goes to stderr; stdout is the path alone, so
#   opt-22 -load-pass-plugin=$(scripts/plugin.sh 22) ...
# works. The library reports its LLVM in its plugin version (0.1.0+llvm22)
# and refuses, with a message naming both versions, to load into another.
#
# usage: scripts/plugin.sh MAJOR [cargo build options...]
# env:   GPUCC_NO_BUILD=1  print the path without building (it must exist)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

if [[ $# -lt 1 ]]; then
  echo "usage: scripts/plugin.sh MAJOR   (16, 19 or 22)" >&2
  exit 2
fi
major="$1"
shift
case "$major" in
  16)
    features=()
    target_dir="$ROOT/target"
    ;;
  19 | 22)
    features=(--no-default-features --features "llvm$major")
    target_dir="$ROOT/target/llvm$major"
    ;;
  *)
    echo "plugin.sh: unsupported LLVM '$major' (supported: 16, 19, 22)" >&2
    exit 2
    ;;
esac
lib="$target_dir/release/libgpucc_passes.so"

if [[ "${GPUCC_NO_BUILD:-0}" != 1 ]]; then
  "$ROOT/scripts/install-deps.sh" "$major" >&2
  CARGO_TARGET_DIR="$target_dir" cargo build --release "${features[@]}" "$@" >&2
fi
if [[ ! -f "$lib" ]]; then
  echo "plugin.sh: $lib was not built" >&2
  exit 1
fi
echo "$lib"

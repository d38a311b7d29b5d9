#!/usr/bin/env bash
# Builds the two Rust example crates with cargo, the LLVM 22 plugin loaded into
# rustc through RUSTFLAGS, and checks what the plugin did:
#
#   examples/rust-gpu   (nvptx64, #![no_core]): the auto-pipeline runs gpucc on
#                       the device module: rustc's IR has the 32-bit fast path
#                       of div64's u64 division, and submatrix_sum multiplies
#                       by n once; the PTX loads each row at [%rd], [%rd+4],
#                       [%rd+8].
#   examples/rust-host  (x86_64): built without the plugin, with
#                       -C passes=gpucc-straight-line and with
#                       -C passes=gpucc-bypass-slow-division<force>; all three
#                       print the same line.
#
# usage: scripts/rust-examples.sh          (exit status 1 on any failed check)
# env:   GPUCC_PLUGIN  an LLVM 22 library (default: scripts/plugin.sh 22)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PLUGIN="${GPUCC_PLUGIN:-$("$ROOT/scripts/plugin.sh" 22)}"
export RUSTC_BOOTSTRAP=1
failed=0
check() { # check WHAT COMMAND...
  local what="$1"
  shift
  if "$@"; then
    echo "rust-examples: ok: $what"
  else
    echo "rust-examples: FAILED: $what"
    failed=1
  fi
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The device crate: .cargo/config.toml sets the target, sm_80 and the emits;
# RUSTFLAGS replaces config rustflags, so it repeats them.
gpu="$ROOT/examples/rust-gpu"
(cd "$gpu" && RUSTFLAGS="-C target-cpu=sm_80 --emit=asm,llvm-ir -Z llvm-plugins=$PLUGIN" \
  cargo build --release -q)
deps="$gpu/target/nvptx64-nvidia-cuda/release/deps"
ll="$(ls -t "$deps"/gpucc_rust_gpu_example-*.ll | head -n 1)"
ptx="$(ls -t "$deps"/gpucc_rust_gpu_example-*.s | head -n 1)"
# The IR of function $2 of module $1, into $tmp/$2.ll.
function_ir() { awk -v f="$2" '$0 ~ "define .*@" f "\\(" {p=1} p {print} p && /^}/ {exit}' "$1" > "$tmp/$2.ll"; }
function_ir "$ll" div64
function_ir "$ll" submatrix_sum
check "div64: 32-bit fast path in rustc's IR" grep -q 'udiv i32' "$tmp/div64.ll"
check "div64: <1 x i64> slow path in rustc's IR" grep -q 'udiv <1 x i64>' "$tmp/div64.ll"
check "submatrix_sum: one multiplication by n" \
  test "$(grep -c ' = mul i64' "$tmp/submatrix_sum.ll")" = 1
check "submatrix_sum: loads at [%rd+4]" grep -q 'ld.global.b32.*+4\]' "$ptx"
check "submatrix_sum: loads at [%rd+8]" grep -q 'ld.global.b32.*+8\]' "$ptx"

# The host crate, three ways.
host="$ROOT/examples/rust-host"
build_host() { # build_host OUT RUSTFLAGS
  (cd "$host" && RUSTFLAGS="$2" cargo build --release -q && cp target/release/divmix "$1")
}
build_host "$tmp/none" ""
build_host "$tmp/sl" "-Z llvm-plugins=$PLUGIN -C passes=gpucc-straight-line"
build_host "$tmp/bypass" "-Z llvm-plugins=$PLUGIN -C passes=gpucc-bypass-slow-division<force>"
for b in none sl bypass; do "$tmp/$b" > "$tmp/$b.out"; done
check "host output with gpucc-straight-line unchanged" cmp -s "$tmp/none.out" "$tmp/sl.out"
check "host output with gpucc-bypass-slow-division<force> unchanged" \
  cmp -s "$tmp/none.out" "$tmp/bypass.out"
echo "rust-examples: host prints: $(cat "$tmp/none.out")"
if ((failed)); then
  echo "rust-examples: FAILED"
  exit 1
fi
echo "rust-examples: OK"

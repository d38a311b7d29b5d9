#!/usr/bin/env bash
# Installs what gpucc-passes needs on a Debian 12 (bookworm) machine: LLVM 16
# (opt, llc, FileCheck, llvm-stress, headers for the C++ shim), clang 16 (the
# CUDA demo, the shim's compiler) and python3 (conformance runner, benchmark
# generator).
#
# Idempotent: when everything is already there it installs nothing and does not
# touch apt. Run as root, or as a user with sudo.
#
# usage: scripts/install-deps.sh
set -euo pipefail

LLVM_DIR=/usr/lib/llvm-16
LLVM_PACKAGES=(llvm-16 llvm-16-dev llvm-16-tools clang-16 libomp-16-dev)

log() { printf 'install-deps: %s\n' "$*" >&2; }

# Runs "$@" as root: directly when we are root, through sudo when it exists.
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    log "need root to run '$*', and sudo is not installed"
    return 1
  fi
}

apt_updated=0
apt_install() {
  if [[ "$apt_updated" -eq 0 ]]; then
    log "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update
    apt_updated=1
  fi
  log "apt-get install -y $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
}

# Files that prove the LLVM packages are installed (one per package, roughly:
# llvm-16, llvm-16-tools, clang-16, llvm-16-dev).
llvm_needed=(
  "$LLVM_DIR/bin/opt"
  "$LLVM_DIR/bin/llc"
  "$LLVM_DIR/bin/FileCheck"
  "$LLVM_DIR/bin/llvm-stress"
  "$LLVM_DIR/bin/clang"
  "$LLVM_DIR/include/llvm/IR/PassManager.h"
)
llvm_missing=()
for f in "${llvm_needed[@]}"; do
  [[ -e "$f" ]] || llvm_missing+=("$f")
done

if [[ "${#llvm_missing[@]}" -eq 0 ]]; then
  log "LLVM 16 and clang 16 already installed"
else
  log "missing: ${llvm_missing[*]}"
  apt_install "${LLVM_PACKAGES[@]}"
fi

if command -v python3 >/dev/null 2>&1; then
  log "python3 already installed ($(command -v python3))"
else
  apt_install python3
fi

# Not installed here: the Rust toolchain. Say so early rather than fail later.
if ! command -v cargo >/dev/null 2>&1; then
  log "warning: cargo not found; install a Rust toolchain (rustup) to build the plugin"
fi

for f in "${llvm_needed[@]}"; do
  if [[ ! -e "$f" ]]; then
    log "still missing after install: $f"
    exit 1
  fi
done
log "ok"

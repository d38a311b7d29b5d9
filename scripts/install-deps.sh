#!/usr/bin/env bash
# Installs what gpucc-passes needs on a Debian 12 (bookworm) machine, for each
# LLVM the plugin is built for: LLVM N (opt, llc, lli, FileCheck, llvm-stress,
# headers for the C++ shim) and clang N (the CUDA demo, the auto-pipeline
# tests), plus python3 (conformance runner, benchmark generators). LLVM 16 also
# brings libomp-16-dev (the OpenMP device runtime the OpenMP tests link; LLVM 22
# packages ship none).
#
# Idempotent: when everything is already there it installs nothing and does not
# touch apt. Run as root, or as a user with sudo.
#
# usage: scripts/install-deps.sh [MAJOR...]     (default: 16 22, every LLVM we test)
set -euo pipefail

VERSIONS=("$@")
[[ ${#VERSIONS[@]} -gt 0 ]] || VERSIONS=(16 22)

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

# The Debian packages of LLVM $1, and the files that prove they are there.
packages_of() {
  local v="$1"
  case "$v" in
    16) echo "llvm-16 llvm-16-dev llvm-16-tools clang-16 libomp-16-dev" ;;
    *) echo "llvm-$v llvm-$v-dev llvm-$v-tools clang-$v" ;;
  esac
}
needed_of() {
  local dir="/usr/lib/llvm-$1"
  echo "$dir/bin/opt $dir/bin/llc $dir/bin/lli $dir/bin/FileCheck $dir/bin/llvm-stress" \
    "$dir/bin/clang $dir/bin/llvm-config $dir/include/llvm/IR/PassManager.h"
}

missing_any() {
  local f
  for f in $(needed_of "$1"); do
    [[ -e "$f" ]] || return 0
  done
  return 1
}

to_install=()
for v in "${VERSIONS[@]}"; do
  case "$v" in
    16 | 19 | 22) ;;
    *)
      log "unsupported LLVM '$v' (supported: 16 19 22)"
      exit 2
      ;;
  esac
  if missing_any "$v"; then
    log "LLVM $v: missing files, installing"
    # shellcheck disable=SC2207
    to_install+=($(packages_of "$v"))
  else
    log "LLVM $v and clang $v already installed"
  fi
done
command -v python3 >/dev/null 2>&1 || to_install+=(python3)
if [[ ${#to_install[@]} -gt 0 ]]; then
  apt_install "${to_install[@]}"
fi

# Not installed here: the Rust toolchain. Say so early rather than fail later.
if ! command -v cargo >/dev/null 2>&1; then
  log "warning: cargo not found; install a Rust toolchain (rustup) to build the plugin"
fi

for v in "${VERSIONS[@]}"; do
  for f in $(needed_of "$v"); do
    if [[ ! -e "$f" ]]; then
      log "still missing after install: $f"
      exit 1
    fi
  done
done
log "ok"

#!/usr/bin/env bash
# Scores a built gpucc-passes plugin against the LLVM 16 conformance tests.
#
# usage: scripts/conformance.sh [PLUGIN.so] [score.py options, e.g. --llvm 22, --filter REGEX, -v]
#
# Builds nothing. PLUGIN defaults to target/release/libgpucc_passes.so, else
# target/debug/libgpucc_passes.so. Runs ../shared/conformance/score.py (next to the repository)
# with the plugin's absolute path and prints its per-folder results and final
# `conformance: N/M scored tests passed` line; exits with score.py's status (1 unless every
# scored test passes). Without ../shared it prints a note and exits 0.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
score="$root/../shared/conformance/score.py"

if [[ ! -f "$score" ]]; then
    echo "conformance: $score not found; skipping (the suite lives in ../shared/conformance)"
    exit 0
fi

plugin=""
if [[ $# -gt 0 && "$1" != -* ]]; then
    plugin="$1"
    shift
else
    for candidate in "$root/target/release/libgpucc_passes.so" "$root/target/debug/libgpucc_passes.so"; do
        if [[ -f "$candidate" ]]; then
            plugin="$candidate"
            break
        fi
    done
fi
if [[ -z "$plugin" || ! -f "$plugin" ]]; then
    echo "conformance: plugin not found${plugin:+: $plugin}; build it first (cargo build --release)" >&2
    exit 1
fi
plugin="$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")"

echo "conformance: scoring $plugin"
status=0
python3 "$score" --plugin "$plugin" "$@" || status=$?
exit "$status"

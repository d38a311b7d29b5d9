#!/usr/bin/env bash
# Benchmark (not a test): the host program examples/rust-host (divmix) built
# by rustc without the plugin and with `-C passes=gpucc-bypass-slow-division<force>`
# (the LLVM 22 plugin loaded with -Z llvm-plugins), run on this machine's CPU.
#
# Both builds must print the same line (checked first). Then the two binaries
# run ROUNDS rounds each, interleaved, RUNS times; the best wall time of each
# and the ratio bypass/none are printed, with the CPU model. Whether the
# bypass pays on a host depends on the CPU's 64-bit divider: x86's own
# CodeGenPrepare already bypasses 64-bit divisions for CPUs whose tuning asks
# for it (llc's idivq-to-divl), and recent cores divide 64-bit numbers about as
# fast as 32-bit ones.
#
# usage: scripts/bench-rustc-host.sh [ROUNDS]      (default 200)
# env:   RUNS (default 5), GPUCC_PLUGIN (default: scripts/plugin.sh 22),
#        RUSTC_TARGET_CPU (optional -C target-cpu= for both builds)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${1:-200}"
RUNS="${RUNS:-5}"
PLUGIN="${GPUCC_PLUGIN:-$("$ROOT/scripts/plugin.sh" 22)}"
export RUSTC_BOOTSTRAP=1
cpu_flag=()
[[ -n "${RUSTC_TARGET_CPU:-}" ]] && cpu_flag=(-C "target-cpu=$RUSTC_TARGET_CPU")

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
host="$ROOT/examples/rust-host"
build() { # build OUT EXTRA_RUSTFLAGS
  (cd "$host" && RUSTFLAGS="${cpu_flag[*]} $2" cargo build --release -q &&
    cp target/release/divmix "$1")
}
build "$tmp/none" ""
build "$tmp/bypass" "-Z llvm-plugins=$PLUGIN -C passes=gpucc-bypass-slow-division<force>"

none_out="$("$tmp/none" "$ROUNDS")"
bypass_out="$("$tmp/bypass" "$ROUNDS")"
if [[ "$none_out" != "$bypass_out" ]]; then
  echo "bench-rustc-host: outputs differ:" >&2
  echo "  none:   $none_out" >&2
  echo "  bypass: $bypass_out" >&2
  exit 1
fi

# Seconds (3 decimals) one run of $1 takes.
seconds() {
  local start end
  start=$(date +%s%N)
  "$1" "$ROUNDS" > /dev/null
  end=$(date +%s%N)
  awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
}
best_none=""
best_bypass=""
for ((r = 0; r < RUNS; r++)); do
  t=$(seconds "$tmp/none")
  [[ -z "$best_none" ]] || (($(awk -v a="$t" -v b="$best_none" 'BEGIN{print (a<b)}'))) &&
    best_none=$t
  t=$(seconds "$tmp/bypass")
  [[ -z "$best_bypass" ]] || (($(awk -v a="$t" -v b="$best_bypass" 'BEGIN{print (a<b)}'))) &&
    best_bypass=$t
done
cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
echo "bench-rustc-host: $cpu; rustc $(rustc --version | cut -d' ' -f2); ${RUSTC_TARGET_CPU:-default} target cpu"
echo "bench-rustc-host: divmix $ROUNDS rounds, best of $RUNS: none ${best_none}s, bypass ${best_bypass}s"
awk -v b="$best_bypass" -v n="$best_none" \
  'BEGIN { printf "bench-rustc-host: bypass/none = %.3f\n", b / n }'
echo "bench-rustc-host: output (same for both): $none_out"

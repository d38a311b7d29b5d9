#!/usr/bin/env bash
# Benchmark-sized fuzz + differential run of tests/fuzz.rs (CI runs the same tests with
# GPUCC_FUZZ_N=500 GPUCC_DIFF_N=200 through `cargo test --release`).
#
#   verifier fuzz   GPUCC_FUZZ_N llvm-stress modules (+ N/10 divgen programs), NVPTX and host,
#                   every pipeline of STRESS_PIPELINES under `opt -verify-each`
#   differential    GPUCC_DIFF_N divgen programs under lli, before and after every pipeline of
#                   DIFF_PIPELINES; stdout must match byte for byte
#   poison          tests/soundness.rs: GPUCC_POISON_N programs of each generator (divgen, slgen,
#                   gepgen, spacegen, shapegen) through every pass and pipeline, checked for
#                   refinement by the poison-aware interpreter (GPUCC_POISON_INPUTS inputs per
#                   function, default 16 here); no violation, opt failure or refusal allowed
#
# usage: scripts/fuzz.sh [FUZZ_N [DIFF_N [POISON_N]]]     (defaults 5000, 2000 and 10000)
# env:   GPUCC_FUZZ_SEED / GPUCC_DIFF_SEED     first seed (default 0; move it to explore)
#        GPUCC_FUZZ_JOBS                       child processes at once (default: nproc)
#        GPUCC_FUZZ_BATCH / GPUCC_DIFF_BATCH   modules per opt / lli run (default 8; 1: none)
#        GPUCC_FUZZ_PIPELINES / GPUCC_DIFF_PIPELINES   '|'-separated, replace the tables
#        GPUCC_PLUGIN, LLVM_BIN                plugin and LLVM 16 bin directory
#        GPUCC_POISON_SEED                     first seed of the poison check (default 0)
#        GPUCC_FUZZ_TESTS                      which of "fuzz soundness" to run (default both)
# Prints both fuzz-summary lines and one final summary line; the full log goes to
# target/fuzz-<time>.log, failing inputs to target/tmp/fuzz-failures/.
# Exit status: that of cargo test.
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

export GPUCC_FUZZ_N="${1:-${GPUCC_FUZZ_N:-5000}}"
export GPUCC_DIFF_N="${2:-${GPUCC_DIFF_N:-2000}}"
export GPUCC_POISON_N="${3:-${GPUCC_POISON_N:-10000}}"
export GPUCC_POISON_INPUTS="${GPUCC_POISON_INPUTS:-16}"
tests="${GPUCC_FUZZ_TESTS:-fuzz soundness}"
export GPUCC_FUZZ_JOBS="${GPUCC_FUZZ_JOBS:-$(nproc)}"

mkdir -p target
log="target/fuzz-$(date +%Y%m%d-%H%M%S).log"
start=$(date +%s)
# One test at a time: the heavy tests share the cores through a lock anyway, and the
# summary lines stay readable.
status=0
for t in $tests; do
  cargo test --release --test "$t" -- --nocapture --test-threads=1 2>&1 | tee -a "$log"
  rc=${PIPESTATUS[0]}
  [ "$rc" -eq 0 ] || status=$rc
done
elapsed=$(( $(date +%s) - start ))

stress="$(grep -o 'fuzz-summary stress:.*' "$log" | tail -n 1)"
diff="$(grep -o 'fuzz-summary differential:.*' "$log" | tail -n 1)"
verdict=PASS
[ "$status" -eq 0 ] || verdict=FAIL
echo
case " $tests " in *" fuzz "*)
  echo "${stress:-fuzz-summary stress: (did not finish)}"
  echo "${diff:-fuzz-summary differential: (did not finish)}" ;;
esac
grep -o 'poison-summary .*' "$log" || true
echo "fuzz.sh: $verdict in ${elapsed}s (fuzz_n=$GPUCC_FUZZ_N diff_n=$GPUCC_DIFF_N \
poison_n=$GPUCC_POISON_N poison_inputs=$GPUCC_POISON_INPUTS jobs=$GPUCC_FUZZ_JOBS tests=$tests) log=$log"
exit "$status"

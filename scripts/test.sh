#!/usr/bin/env bash
# Runs every test of gpucc-passes: the one command for CI and developers.
#
# Steps, in order (a failing step does not stop the later ones, except that
# nothing needing the plugin runs when the release build fails):
#   deps         scripts/install-deps.sh (LLVM 16, clang 16, python3)
#   fmt          cargo fmt --check
#   build        cargo build --release
#   clippy       cargo clippy --release -- -D warnings
#   test         cargo test --release (unit tests and tests/: test/ir, test/ptx, ...)
#                with GPUCC_PLUGIN=target/release/libgpucc_passes.so
#   conformance  scripts/conformance.sh, when it exists: the full score, reported
#                (set GPUCC_STRICT_CONFORMANCE=1 to fail on a less than full score)
#   bypass-conformance
#                ../shared/conformance/score.py --filter bypass-slow-div: must be N/N
#   demo         scripts/demo.sh (the README's first command) on the plugin just built
# fmt and clippy are skipped with a warning when rustup cannot install them;
# the conformance steps are skipped with a warning when ../shared is absent.
#
# usage: scripts/test.sh
# Exit status: 0 when every step that ran passed, 1 otherwise. The last lines
# are 'test.sh: OK' or 'test.sh: FAILED (steps)', and the cargo test count,
# 'tests: N passed, M failed, K skipped' (last on success).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

PLUGIN="$ROOT/target/release/libgpucc_passes.so"
SHARED="$ROOT/../shared"
export GPUCC_PLUGIN="$PLUGIN"

passed=()
failed=()
skipped=()

banner() { printf '\n==== test.sh: %s\n' "$*"; }
warn() { printf 'test.sh: warning: %s\n' "$*" >&2; }

# step NAME COMMAND...: runs the command, records whether it passed.
step() {
  local name="$1"
  shift
  banner "$name: $*"
  local start=$SECONDS
  if "$@"; then
    passed+=("$name")
    printf 'test.sh: %s passed (%ds)\n' "$name" "$((SECONDS - start))"
    return 0
  fi
  failed+=("$name")
  printf 'test.sh: %s FAILED (%ds)\n' "$name" "$((SECONDS - start))"
  return 1
}

skip() {
  skipped+=("$1")
  warn "skipping $1: $2"
}

# Makes `cargo fmt` / `cargo clippy` available if rustup can add them.
ensure_component() {
  local cargo_sub="$1" component="$2"
  if cargo "$cargo_sub" --version >/dev/null 2>&1; then
    return 0
  fi
  if command -v rustup >/dev/null 2>&1; then
    rustup component add "$component" >&2 || true
  fi
  cargo "$cargo_sub" --version >/dev/null 2>&1
}

# cargo test --release, its output kept to count the tests it ran.
TEST_LOG="$(mktemp)"
trap 'rm -f "$TEST_LOG"' EXIT
cargo_test() {
  cargo test --release 2>&1 | tee "$TEST_LOG"
}

# Adds up the 'test result: ok. N passed; M failed; K ignored' lines of cargo
# test and prints 'tests: N passed, M failed, K skipped'.
test_counts() {
  awk '/^test result:/ {
         for (i = 1; i <= NF; i++) {
           if ($(i + 1) ~ /^passed;?$/) p += $i
           if ($(i + 1) ~ /^failed;?$/) f += $i
           if ($(i + 1) ~ /^ignored;?$/) k += $i
         }
       }
       END { printf "tests: %d passed, %d failed, %d skipped\n", p, f, k }' "$TEST_LOG"
}

# The bypass folder of the conformance suite must pass completely. score.py's
# last line is 'conformance: N/M scored tests passed'.
demo() {
  GPUCC_NO_BUILD=1 GPUCC_PLUGIN="$PLUGIN" "$ROOT/scripts/demo.sh" >/dev/null
}

bypass_conformance() {
  local out last
  out="$(python3 "$SHARED/conformance/score.py" --plugin "$PLUGIN" --filter bypass-slow-div)"
  printf '%s\n' "$out"
  last="$(printf '%s\n' "$out" | tail -n 1)"
  if [[ "$last" =~ ([0-9]+)/([0-9]+) ]] && ((BASH_REMATCH[2] > 0)) &&
    [[ "${BASH_REMATCH[1]}" == "${BASH_REMATCH[2]}" ]]; then
    return 0
  fi
  printf 'test.sh: bypass conformance is not complete: %s\n' "$last"
  return 1
}

# The full conformance score, printed; fails only if the script itself fails
# to produce a score, or under GPUCC_STRICT_CONFORMANCE=1.
conformance() {
  local out rc score
  out="$(bash "$ROOT/scripts/conformance.sh" 2>&1)"
  rc=$?
  printf '%s\n' "$out"
  score="$(printf '%s\n' "$out" | grep -E '^conformance: [0-9]+/[0-9]+' | tail -n 1)"
  if [[ -z "$score" ]]; then
    if ((rc == 0)); then
      warn "scripts/conformance.sh printed no 'conformance: N/M' score"
      return 0
    fi
    printf 'test.sh: scripts/conformance.sh failed (exit %d) without a score\n' "$rc"
    return 1
  fi
  conformance_score="$score"
  if ((rc != 0)) && [[ "${GPUCC_STRICT_CONFORMANCE:-0}" == 1 ]]; then
    return 1
  fi
  return 0
}

step deps "$ROOT/scripts/install-deps.sh"

if ! command -v cargo >/dev/null 2>&1; then
  failed+=(cargo)
  printf 'test.sh: cargo not found: install a Rust toolchain\n' >&2
else
  if ensure_component fmt rustfmt; then
    step fmt cargo fmt --check
  else
    skip fmt "rustfmt is not installed and rustup could not add it"
  fi

  build_ok=0
  step build cargo build --release && build_ok=1

  if ensure_component clippy clippy; then
    step clippy cargo clippy --release -- -D warnings
  else
    skip clippy "clippy is not installed and rustup could not add it"
  fi

  if ((build_ok)); then
    step test cargo_test

    conformance_score=""
    if [[ -f "$ROOT/scripts/conformance.sh" ]]; then
      step conformance conformance
    else
      skip conformance "scripts/conformance.sh does not exist"
    fi

    if [[ -f "$SHARED/conformance/score.py" ]]; then
      step bypass-conformance bypass_conformance
    else
      skip bypass-conformance "$SHARED/conformance/score.py not found"
    fi

    # The README's first command, on the plugin just built: it exits non-zero
    # if the example's divisions are not bypassed.
    step demo demo
  else
    skip demo "the release build failed"
    skip test "the release build failed"
    skip conformance "the release build failed"
    skip bypass-conformance "the release build failed"
  fi
fi

banner "summary"
printf 'passed:  %s\n' "${passed[*]:-none}"
printf 'skipped: %s\n' "${skipped[*]:-none}"
printf 'failed:  %s\n' "${failed[*]:-none}"
if [[ -n "${conformance_score:-}" ]]; then
  printf '%s\n' "$conformance_score"
fi
if ((${#failed[@]} > 0)); then
  test_counts
  printf 'test.sh: FAILED (%s)\n' "${failed[*]}"
  exit 1
fi
printf 'test.sh: OK\n'
test_counts

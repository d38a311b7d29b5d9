#!/usr/bin/env bash
# Runs every test of gpucc-passes, on every LLVM the plugin is built for: the
# one command for CI and developers.
#
# Steps, in order (a failing step does not stop the later ones, except that
# nothing needing a plugin runs when its build fails):
#   deps            scripts/install-deps.sh (LLVM 16 and 22, their clang, python3)
#   fmt             cargo fmt --check
#   then for each LLVM N of GPUCC_LLVMS (default "16 22"):
#   build-N         scripts/plugin.sh N (16: target/release, 22: target/llvm22/release)
#   clippy-N        cargo clippy --release --all-targets with that LLVM's feature, -D warnings
#   doc-N           cargo doc --release --no-deps with that feature, RUSTDOCFLAGS=-D warnings
#   test-N          cargo test --release with that feature: unit tests and tests/
#                   (test/ir and test/ptx under LLVM N, fuzz, differential, OpenMP
#                   decisions), GPUCC_PLUGIN pointing at the library just built
#   conformance-N   ../shared/conformance/score.py --llvm N: every scored upstream
#                   test must pass (67/67 on 16, 110/110 on 22). Upstream
#                   expectations found unsound are scored against corrected copies
#                   in ../shared (superseded.txt); the project keeps no allow-list.
#                   (The OpenMP decisions, omp_decisions.py, 0 worse, are a test of
#                   test-N: tests/omp_decisions.rs.)
#   demo-N          scripts/demo.sh N (the README's first command) on that library
#   rust-examples   (LLVM 22) scripts/rust-examples.sh: the Rust crates built by
#                   cargo with the plugin in rustc
# fmt and clippy are skipped with a warning when rustup cannot install them;
# the conformance steps are skipped with a warning when ../shared is absent,
# and fail when it is absent under CI (CI=true).
#
# usage: scripts/test.sh
# env:   GPUCC_LLVMS   the LLVMs to test (default "16 22")
# Exit status: 0 when every step that ran passed, 1 otherwise. The last lines
# are 'test.sh: OK' or 'test.sh: FAILED (steps)', and the cargo test count,
# 'tests: N passed, M failed, K skipped' (last on success).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 1

SHARED="$ROOT/../shared"
LLVMS=(${GPUCC_LLVMS:-16 22})

passed=()
skipped=()
failed=()

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

# The cargo options that pick LLVM $1 (its feature and its target dir).
cargo_for() {
  if [[ "$1" == 16 ]]; then
    CARGO_FOR=()
    TARGET_FOR="$ROOT/target"
  else
    CARGO_FOR=(--no-default-features --features "llvm$1")
    TARGET_FOR="$ROOT/target/llvm$1"
  fi
}

# cargo test --release for LLVM $1, its output kept to count the tests it ran.
TEST_LOG="$(mktemp)"
trap 'rm -f "$TEST_LOG"' EXIT
cargo_test() {
  cargo_for "$1"
  CARGO_TARGET_DIR="$TARGET_FOR" GPUCC_PLUGIN="$PLUGIN" \
    cargo test --release "${CARGO_FOR[@]}" 2>&1 | tee -a "$TEST_LOG"
}

clippy() {
  cargo_for "$1"
  CARGO_TARGET_DIR="$TARGET_FOR" cargo clippy --release --all-targets "${CARGO_FOR[@]}" \
    -- -D warnings
}

# The API docs for LLVM $1, warning-free (broken and private intra-doc links
# are warnings).
doc() {
  cargo_for "$1"
  RUSTDOCFLAGS="-D warnings" CARGO_TARGET_DIR="$TARGET_FOR" \
    cargo doc --release --no-deps "${CARGO_FOR[@]}"
}

build() {
  PLUGIN="$("$ROOT/scripts/plugin.sh" "$1")"
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
  GPUCC_PLUGIN="$PLUGIN" "$ROOT/scripts/demo.sh" "$1" >/dev/null
}

rust_examples() {
  GPUCC_PLUGIN="$PLUGIN" "$ROOT/scripts/rust-examples.sh"
}

# The full conformance score: fails unless score.py scores every test and
# all of them pass (its last line is 'conformance: N/M scored tests passed').
conformance() {
  local out rc score
  out="$(bash "$ROOT/scripts/conformance.sh" "$PLUGIN" --llvm "$1" 2>&1)"
  rc=$?
  printf '%s\n' "$out"
  score="$(printf '%s\n' "$out" | grep -E '^conformance: [0-9]+/[0-9]+' | tail -n 1)"
  if [[ -z "$score" ]]; then
    printf 'test.sh: scripts/conformance.sh printed no score (exit %d)\n' "$rc"
    return 1
  fi
  conformance_scores+=("LLVM $1 $score")
  if ((rc != 0)) || ! [[ "$score" =~ ([0-9]+)/([0-9]+) ]] ||
    ((BASH_REMATCH[1] != BASH_REMATCH[2] || BASH_REMATCH[2] == 0)); then
    printf 'test.sh: conformance on LLVM %s is %s: every upstream test must pass\n' "$1" "$score"
    return 1
  fi
  return 0
}

step deps "$ROOT/scripts/install-deps.sh" "${LLVMS[@]}"

conformance_scores=()
if ! command -v cargo >/dev/null 2>&1; then
  failed+=(cargo)
  printf 'test.sh: cargo not found: install a Rust toolchain\n' >&2
else
  if ensure_component fmt rustfmt; then
    step fmt cargo fmt --check
  else
    skip fmt "rustfmt is not installed and rustup could not add it"
  fi
  have_clippy=0
  if ensure_component clippy clippy; then
    have_clippy=1
  fi

  for v in "${LLVMS[@]}"; do
    PLUGIN=""
    build_ok=0
    step "build-$v" build "$v" && build_ok=1

    if ((have_clippy)); then
      step "clippy-$v" clippy "$v"
    else
      skip "clippy-$v" "clippy is not installed and rustup could not add it"
    fi
    step "doc-$v" doc "$v"

    if ((!build_ok)); then
      for s in test conformance demo; do
        skip "$s-$v" "the LLVM $v build failed"
      done
      continue
    fi
    step "test-$v" cargo_test "$v"

    if [[ -f "$SHARED/conformance/score.py" ]]; then
      step "conformance-$v" conformance "$v"
    elif [[ -n "${CI:-}" ]]; then
      failed+=("conformance-$v")
      printf 'test.sh: conformance-%s FAILED: %s not found under CI\n' "$v" "$SHARED/conformance/score.py"
    else
      skip "conformance-$v" "$SHARED/conformance/score.py not found"
    fi

    # The README's first command, on the library just built: it exits
    # non-zero if the example's divisions are not bypassed.
    step "demo-$v" demo "$v"
    if [[ "$v" == 22 ]]; then
      step rust-examples rust_examples
    fi
  done
fi

banner "summary"
printf 'passed:  %s\n' "${passed[*]:-none}"
printf 'skipped: %s\n' "${skipped[*]:-none}"
printf 'failed:  %s\n' "${failed[*]:-none}"
for c in "${conformance_scores[@]}"; do
  printf '%s\n' "$c"
done
if ((${#failed[@]} > 0)); then
  test_counts
  printf 'test.sh: FAILED (%s)\n' "${failed[*]}"
  exit 1
fi
printf 'test.sh: OK\n'
test_counts

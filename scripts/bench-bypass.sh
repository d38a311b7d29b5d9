#!/usr/bin/env bash
# Benchmark (not a test): does gpucc-bypass-slow-division scale linearly?
#
# For modules with 10k, 100k and 1M i64 divisions/remainders (100 per function,
# nvptx64 triple, operands are function arguments; see scripts/gen_divs.py) it
# times, best of $RUNS wall-clock runs each (at least 10 for modules that take
# under 0.5 s, where process-start noise is of the size of the net time):
#   verify    opt -passes=verify -disable-output          (parse cost baseline)
#   ours      opt -load-pass-plugin=PLUGIN -passes=gpucc-bypass-slow-division -disable-output
#   upstream  opt -codegenprepare -mtriple=nvptx64-nvidia-cuda -disable-output
#             (legacy PM; CodeGenPrepare does the same bypass plus other work)
# and prints raw and net (minus verify) times, the net-time ratio between
# consecutive sizes (PASS if a 10x larger module takes at most 12x the time) and
# ours/upstream. Modules are fed as bitcode, which parses faster than text.
#
# usage: scripts/bench-bypass.sh [SIZE...]     (default: 10000 100000 1000000)
# env:   RUNS (default 3), BENCH_DIR (default target/bench), GPUCC_PLUGIN,
#        BENCH_NO_BUILD=1 to use an existing plugin as is.
# Exit status: 0 if every scaling step passes, 1 if one does not, 2 on error.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-16/bin}"
RUNS="${RUNS:-3}"
BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
PLUGIN="${GPUCC_PLUGIN:-$ROOT/target/release/libgpucc_passes.so}"
if [[ "$#" -gt 0 ]]; then
  SIZES=("$@")
else
  SIZES=(10000 100000 1000000)
fi

die() {
  printf 'bench-bypass: %s\n' "$*" >&2
  exit 2
}

for n in "${SIZES[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "size '$n' is not a positive integer"
done
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS='$RUNS' is not a positive integer"

"$ROOT/scripts/install-deps.sh"
if [[ "${BENCH_NO_BUILD:-0}" != 1 ]]; then
  cargo build --release
fi
[[ -f "$PLUGIN" ]] || die "plugin not found: $PLUGIN"

mkdir -p "$BENCH_DIR"
for n in "${SIZES[@]}"; do
  bc="$BENCH_DIR/divs-$n.bc"
  if [[ ! -f "$bc" || "$ROOT/scripts/gen_divs.py" -nt "$bc" ]]; then
    echo "bench-bypass: generating $n divisions -> $bc" >&2
    python3 "$ROOT/scripts/gen_divs.py" "$n" -o "$BENCH_DIR/divs-$n.ll"
    "$LLVM_BIN/llvm-as" "$BENCH_DIR/divs-$n.ll" -o "$bc"
    rm -f "$BENCH_DIR/divs-$n.ll"
  fi
done

# Timing and the table. The commands run with stdout/stderr captured; a failing
# command aborts the benchmark with its stderr shown.
python3 - "$LLVM_BIN/opt" "$PLUGIN" "$RUNS" "$BENCH_DIR" "${SIZES[@]}" <<'PY'
import subprocess, sys, time

opt, plugin, runs, bench_dir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
sizes = [int(s) for s in sys.argv[5:]]
ALLOWED = 1.2  # a step may cost 1.2x its size ratio (12x for 10x the divisions)
FAST, MIN_FAST_RUNS = 0.5, 10  # seconds; rounds for a module that runs faster

def cmds(bc):
    return {
        "verify": [opt, "-passes=verify", "-disable-output", bc],
        "ours": [opt, f"-load-pass-plugin={plugin}",
                 "-passes=gpucc-bypass-slow-division", "-disable-output", bc],
        "upstream": [opt, "-codegenprepare", "-mtriple=nvptx64-nvidia-cuda",
                     "-disable-output", bc],
    }

def run(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"bench-bypass: failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")
    return dt

def count_checks(cmd_out):
    """Runtime checks in the printed module: `and i64 %x, -4294967296`."""
    p = subprocess.run(cmd_out, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"bench-bypass: failed: {' '.join(cmd_out)}\n{p.stderr}")
    return sum(1 for l in p.stdout.splitlines() if "and i64" in l and "-4294967296" in l)

# Sanity: on the smallest module both passes must really bypass, or we would be
# timing a no-op. The generator pairs div and rem, so expect n/2 checks each.
small = f"{bench_dir}/divs-{sizes[0]}.bc"
checks = {}
for name in ("ours", "upstream"):
    c = [x for x in cmds(small)[name] if x != "-disable-output"] + ["-S", "-o", "-"]
    checks[name] = count_checks(c)
print(f"checks inserted for {sizes[0]} divisions: ours {checks['ours']}, "
      f"upstream {checks['upstream']}")
if checks["ours"] == 0:
    sys.exit("bench-bypass: gpucc-bypass-slow-division inserted no checks: nothing to time")

rows = []
for n in sizes:
    bc = f"{bench_dir}/divs-{n}.bc"
    # Rounds interleave the three commands, so that a change in machine load
    # hits all three alike. Fast modules get at least MIN_FAST_RUNS rounds: there
    # the net time is a few tens of milliseconds, close to process-start noise.
    times = {name: [] for name in cmds(bc)}
    rounds = runs
    r = 0
    while r < rounds:
        for name, cmd in cmds(bc).items():
            times[name].append(run(cmd))
        if r == 0 and max(t[0] for t in times.values()) < FAST:
            rounds = max(runs, MIN_FAST_RUNS)
        r += 1
    best = {name: min(t) for name, t in times.items()}
    row = {"n": n, "rounds": rounds, **best,
           "ours_net": best["ours"] - best["verify"],
           "up_net": best["upstream"] - best["verify"]}
    rows.append(row)
    print(f"  measured {n} (best of {rounds}): verify {best['verify']:.3f}s, ours {best['ours']:.3f}s, "
          f"upstream {best['upstream']:.3f}s", file=sys.stderr, flush=True)

def ratio(a, b):
    return a / b if b > 0 else float("inf")

print()
print(f"best of {runs} wall-clock runs (at least {MIN_FAST_RUNS} for modules under {FAST}s); "
      "net = raw - verify (parse baseline); times in seconds")
hdr = (f"{'divisions':>10} {'verify':>8} {'ours':>8} {'ours net':>9} {'upstream':>9} "
       f"{'up net':>8} {'ours/up':>8} {'us/div':>7} {'step':>6} {'scaling':>8}")
print(hdr)
print("-" * len(hdr))
ok = True
for i, r in enumerate(rows):
    step = ""
    verdict = ""
    if i > 0:
        prev = rows[i - 1]
        size_ratio = r["n"] / prev["n"]
        t = ratio(r["ours_net"], prev["ours_net"])
        step = f"{t:.1f}x"
        passed = t <= ALLOWED * size_ratio
        verdict = "PASS" if passed else "FAIL"
        ok &= passed
    per_div_us = r["ours_net"] / r["n"] * 1e6
    print(f"{r['n']:>10} {r['verify']:>8.3f} {r['ours']:>8.3f} {r['ours_net']:>9.3f} "
          f"{r['upstream']:>9.3f} {r['up_net']:>8.3f} {ratio(r['ours_net'], r['up_net']):>8.2f} "
          f"{per_div_us:>7.2f} {step:>6} {verdict:>8}")
print()
for i in range(1, len(rows)):
    a, b = rows[i - 1], rows[i]
    print(f"scaling {b['n']}/{a['n']}: size x{b['n'] / a['n']:g}, ours net time "
          f"x{ratio(b['ours_net'], a['ours_net']):.2f} (allowed x{ALLOWED * b['n'] / a['n']:g}), "
          f"upstream x{ratio(b['up_net'], a['up_net']):.2f}")
print(f"bench-bypass: {'PASS' if ok else 'FAIL'} (linear scaling of gpucc-bypass-slow-division)")
sys.exit(0 if ok else 1)
PY

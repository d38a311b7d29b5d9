#!/usr/bin/env bash
# Benchmark (not a test): does gpucc-bypass-slow-division scale linearly?
#
# For modules with 10k, 100k and 1M i64 divisions/remainders (100 per function,
# nvptx64 triple, operands are function arguments; see scripts/gen_divs.py) it
# runs these three commands:
#   verify    opt -passes=verify -disable-output          (parse cost baseline)
#   ours      opt -load-pass-plugin=PLUGIN -passes=gpucc-bypass-slow-division -disable-output
#   upstream  opt -codegenprepare -mtriple=nvptx64-nvidia-cuda -disable-output
#             (legacy PM; CodeGenPrepare does the same bypass plus other work;
#             on LLVM 22 the new PM's function(codegenprepare))
# Modules are fed as bitcode, which parses faster than text.
#
# Wall time: best of $RUNS runs each ($RUNS_LARGE for modules of 1M divisions or
# more; at least 10 for modules that take under 0.5 s, where process-start noise
# is of the size of the net time), the three commands interleaved round by
# round. Printed as raw and net (minus verify) times and ours/upstream.
#
# Instructions: when valgrind is installed (nothing is installed for it), each
# command also runs once under `valgrind --tool=callgrind`, and the `Collected`
# instruction count is printed net of verify, per division and ours/upstream.
# Modules of 1M divisions or more are left out unless GPUCC_BENCH_CALLGRIND_1M=1
# (about 10 minutes there). Instruction counts do not depend on machine load.
#
# Verdict: each step between consecutive sizes passes if a 10x larger module
# costs ours at most 12x as much net. The step is decided by instruction counts
# when both sizes have them, by wall time otherwise; the output says which. Wall
# time scaling is always printed. Wall time at 1M on a small shared machine is
# memory-bound (opt holds ~1.7 GB) and noisy.
#
# usage: scripts/bench-bypass.sh [SIZE...]     (default: 10000 100000 1000000)
# env:   RUNS (default 3), RUNS_LARGE (default 5, sizes >= 1000000),
#        GPUCC_LLVM (16 or 22, default 16: the LLVM whose opt runs ours and upstream),
#        BENCH_DIR (default target/bench, target/bench-llvm22 for 22), GPUCC_PLUGIN,
#        BENCH_NO_BUILD=1 to use an existing plugin as is,
#        GPUCC_BENCH_CALLGRIND_1M=1 to count instructions at 1M divisions too,
#        GPUCC_BENCH_HEAP_SHIFTS=K (1-32, default 1) to average each count over K heap layouts
#        (scripts/bench-lib.sh, bench_shift_lib),
#        VALGRIND (default: valgrind from PATH; set it empty to skip callgrind),
#        BENCH_CSV (where the net costs go, for scripts/chart-compile-time.py;
#        default BENCH_DIR/bench-bypass.csv).
# Exit status: 0 if every scaling step passes, 1 if one does not, 2 on error.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
bench_init bench-bypass "$@"
bench_build
bench_generate divs gen_divs.py divisions

# Timing, instruction counts and the tables, after the harness of bench-lib.sh.
bench_python <<'PY'
def cmds(bc):
    return {
        "verify": [opt, "-passes=verify", "-disable-output", bc],
        "ours": [opt, f"-load-pass-plugin={plugin}",
                 "-passes=gpucc-bypass-slow-division", "-disable-output", bc],
        # LLVM 16 has CodeGenPrepare in the legacy pass manager only.
        "upstream": ([opt, "-codegenprepare", "-mtriple=nvptx64-nvidia-cuda",
                      "-disable-output", bc] if llvm_major == 16 else
                     [opt, "-mtriple=nvptx64-nvidia-cuda",
                      "-passes=require<profile-summary>,function(codegenprepare)",
                      "-disable-output", bc]),
    }

def count_checks(cmd_out):
    """Runtime checks in the printed module: `and i64 %x, -4294967296`."""
    p = subprocess.run(cmd_out, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"bench-bypass: failed: {' '.join(cmd_out)}\n{p.stderr}")
    return sum(1 for l in p.stdout.splitlines() if "and i64" in l and "-4294967296" in l)

# Sanity: on the smallest module both passes must really bypass, or we would be
# timing a no-op. The generator pairs div and rem, so expect n/2 checks each.
small = bc_of(sizes[0])
checks = {}
for name in ("ours", "upstream"):
    c = [x for x in cmds(small)[name] if x != "-disable-output"] + ["-S", "-o", "-"]
    checks[name] = count_checks(c)
print(f"checks inserted for {sizes[0]} divisions: ours {checks['ours']}, "
      f"upstream {checks['upstream']}")
if checks["ours"] == 0:
    sys.exit("bench-bypass: gpucc-bypass-slow-division inserted no checks: nothing to time")

# Wall time.
rows = []
for n in sizes:
    best, rounds = best_times(n, cmds(bc_of(n)))
    rows.append({"n": n, "rounds": rounds, **best,
                 "ours_net": best["ours"] - best["verify"],
                 "up_net": best["upstream"] - best["verify"]})

# Instruction counts.
irs = callgrind_counts(lambda n: cmds(bc_of(n)), ", ~10 min")
for ir in irs.values():
    ir["ours_net"] = ir["ours"] - ir["verify"]
    ir["up_net"] = ir["upstream"] - ir["verify"]

write_csv([("bypass-slow-division", "ours", "ours_net"),
           ("bypass-slow-division", "upstream", "up_net")],
          "i64 divisions", {r["n"]: r for r in rows}, irs)

# Wall-time table.
print()
print(f"wall time: {rounds_desc('divisions')}, commands interleaved; net = raw - verify "
      "(parse baseline); times in seconds")
print_header(f"{'divisions':>10} {'runs':>4} {'verify':>8} {'ours':>8} {'ours net':>9} "
             f"{'upstream':>9} {'up net':>8} {'ours/up':>8} {'us/div':>7} {'step':>6}")
for i, r in enumerate(rows):
    step = f"{ratio(r['ours_net'], rows[i - 1]['ours_net']):.1f}x" if i > 0 else ""
    per_div_us = r["ours_net"] / r["n"] * 1e6
    print(f"{r['n']:>10} {r['rounds']:>4} {r['verify']:>8.3f} {r['ours']:>8.3f} {r['ours_net']:>9.3f} "
          f"{r['upstream']:>9.3f} {r['up_net']:>8.3f} {ratio(r['ours_net'], r['up_net']):>8.2f} "
          f"{per_div_us:>7.2f} {step:>6}")

# Instruction table.
print()
if instruction_table_title(irs):
    print_header(f"{'divisions':>10} {'verify':>9} {'ours':>9} {'ours net':>9} {'upstream':>9} "
                 f"{'up net':>9} {'ours/up':>8} {'ours/div':>9} {'up/div':>7} {'step':>6}")
    for n, prev in instruction_rows(irs, 10):
        ir = irs[n]
        step = f"{ratio(ir['ours_net'], irs[prev]['ours_net']):.2f}x" if prev else ""
        M = 1e6
        print(f"{n:>10} {ir['verify'] / M:>8.1f}M {ir['ours'] / M:>8.1f}M "
              f"{ir['ours_net'] / M:>8.1f}M {ir['upstream'] / M:>8.1f}M {ir['up_net'] / M:>8.1f}M "
              f"{ratio(ir['ours_net'], ir['up_net']):>8.2f} {ir['ours_net'] / n:>9.0f} "
              f"{ir['up_net'] / n:>7.0f} {step:>6}")

# Verdict, step by step: instructions where both sizes have them, else wall time.
print()
ok = True
for a, b, size_ratio, allowed, measure in scaling_steps(rows, irs):
    wall = ratio(b["ours_net"], a["ours_net"])
    wall_up = ratio(b["up_net"], a["up_net"])
    if measure == "instructions":
        t = ratio(irs[b["n"]]["ours_net"], irs[a["n"]]["ours_net"])
        t_up = ratio(irs[b["n"]]["up_net"], irs[a["n"]]["up_net"])
    else:
        t, t_up = wall, wall_up
    passed = t <= allowed
    ok &= passed
    print(f"scaling {b['n']}/{a['n']}: {'PASS' if passed else 'FAIL'} decided by {measure}: "
          f"size x{size_ratio:g}, ours net x{t:.2f} (allowed x{allowed:g}), "
          f"upstream x{t_up:.2f}")
    if measure == "instructions":
        print(f"  wall time (information only): ours net x{wall:.2f}, upstream x{wall_up:.2f}")
if any(n >= LARGE for n in sizes):
    print(f"note: wall time at {LARGE} divisions on a 2-core shared machine is memory-bound "
          "(opt holds ~1.7 GB) and noisy (one upstream run: 5.8 s, then 8.1 s minutes later).")
finish(ok, "gpucc-bypass-slow-division")
PY

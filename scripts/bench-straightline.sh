#!/usr/bin/env bash
# Benchmark (not a test): how does the compile time of gpucc's straight-line
# passes (paper sections 3.4 and 3.5) compare with their LLVM 16 twins, and
# does each scale linearly?
#
#   ours (OURS_PREFIX + name)                upstream
#   gpucc-separate-const-offset-from-gep     separate-const-offset-from-gep
#   gpucc-slsr                               slsr
#   gpucc-nary-reassociate                   nary-reassociate
#   gpucc-speculative-execution              speculative-execution
#
# For NVPTX modules of 10k, 100k and 1M instructions (kernels of about 300
# instructions of unrolled-loop code: SLSR families, nary-reassociation
# candidates, the paper's Figure 5, GEPs with constant offsets, an if/else, the
# paper's Figure 7 if-thens; see scripts/gen_straightline.py) it times, in one
# run and interleaved round by round, `opt -passes=verify -disable-output` (the
# parse baseline) and each pass, ours (with -load-pass-plugin=PLUGIN) and
# upstream, all -disable-output on bitcode. Upstream's `<lower-gep>` variant has no opt name in LLVM 16, so it
# is not timed.
#
# Ours not there yet: a pass of ours that `opt` rejects with `unknown pass
# name` (the passes are being written) is printed as `not available` and left
# out; upstream is still timed. Any other opt error stops the benchmark.
#
# Sanity: before timing, the smallest module goes through each pass (upstream,
# and ours where available) with -S; the benchmark stops if a pass changed no
# line of it (a line counts as changed when its text or its block is new, so
# that hoisting counts), so it never times a no-op. The numbers of lines each
# pass wrote are printed.
#
# Wall time: best of $RUNS runs each ($RUNS_LARGE for 1M instructions or more;
# at least 10 for modules under 0.5 s), net of verify. Instructions: when
# valgrind is installed, each command also runs once under callgrind (event Ir,
# net of verify); 1M-instruction modules only with GPUCC_BENCH_CALLGRIND_1M=1.
# For each pass and size it prints ours/upstream, and each command's growth per
# 10x (its step). Ours loads the plugin and verify does not: that costs about
# 0.3M instructions (it binds lazily), under 1% of a pass at 1M.
#
# The pass alone: the same callgrind runs also count what runs inside the
# function-pass adaptor (`ModuleToFunctionPassAdaptor::run`): the pass, what it
# asks of LLVM, and the pass manager around it, without the parse. Net of
# verify, the whole-process figure also carries the parse's own noise: with the
# plugin loaded, the heap lies elsewhere, and the parser's pointer-keyed hash
# tables (value handles, names) probe differently, which moved `opt
# -passes=verify` on the 1M module by 1.9M instructions (2026-11-27), a few
# percent of a pass's net cost. The benchmark counts verify with the plugin
# loaded too, and prints that shift. The pass-alone table charges ours the
# plugin's loading, measured once (verify of a one-function module with and
# without the plugin). It leaves out what a pass defers to the end of the run
# (the analyses it keeps cached, the IR it leaves to free): a third table
# therefore counts the whole process net of verify with the plugin loaded, ours
# charged the loading.
#
# Verdict: a step above 12x for a 10x larger module is FLAGGED for every
# command (nary-reassociate repeats until nothing changes, so it is the one to
# watch). The exit status is 1 if one of ours is flagged, decided by
# instruction counts where both sizes have them, else by wall time; upstream's
# flags are information only.
#
# usage: scripts/bench-straightline.sh [SIZE...]
#        (instructions per module; default: 10000 100000 1000000)
# env:   OURS_PREFIX (default gpucc-), RUNS (default 3), RUNS_LARGE (default 5),
#        GPUCC_LLVM (16 or 22, default 16: the LLVM whose opt runs ours and upstream),
#        BENCH_DIR (default target/bench, target/bench-llvm22 for 22), GPUCC_PLUGIN, BENCH_NO_BUILD=1,
#        GPUCC_BENCH_CALLGRIND_1M=1, VALGRIND (empty: no callgrind), BENCH_CSV,
#        GPUCC_BENCH_HEAP_SHIFTS=K (1-32, default 1: average each callgrind count over K heap
#        layouts, the heap moved 0 to 31 pages; scripts/bench-lib.sh, bench_shift_lib),
#        BENCH_GEN_ARGS (generator options for another module shape, e.g.
#        '--shape gep-chain', '--shape nary-tree', '--per-function 40' for
#        many small functions, '--per-function 20000' for a few huge ones;
#        scripts/gen_straightline.py),
#        BENCH_PASSES (comma-separated short names, default all: sepgep, slsr,
#        nary, specexec; the others are neither timed nor counted).
# The net costs (wall and instructions) also go to BENCH_DIR/bench-straightline.csv
# (or BENCH_CSV) for scripts/chart-compile-time.py.
#
# Exit status: 0 if no step of ours is flagged, 1 if one is, 2 on error.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
bench_init bench-straightline "$@"
export OURS_PREFIX="${OURS_PREFIX-gpucc-}"
bench_build
bench_generate straightline gen_straightline.py instructions

# Availability, sanity check, timing, instruction counts, tables and verdict,
# after the harness of bench-lib.sh.
bench_python <<'PY'
import os

PASSES = (("sepgep", "separate-const-offset-from-gep"), ("slsr", "slsr"),
          ("nary", "nary-reassociate"), ("specexec", "speculative-execution"))
only = [p for p in os.environ.get("BENCH_PASSES", "").split(",") if p]
unknown = [p for p in only if p not in dict(PASSES)]
if unknown:
    sys.exit(f"bench-straightline: BENCH_PASSES names {', '.join(unknown)} "
             f"(expected some of {', '.join(short for short, _ in PASSES)})")
if only:
    PASSES = tuple((short, name) for short, name in PASSES if short in only)
prefix = os.environ.get("OURS_PREFIX", "gpucc-")
TINY = "define void @f() {\n  ret void\n}\n"


def ours_cmd(name, bc, *extra):
    return [opt, f"-load-pass-plugin={plugin}", f"-passes={prefix}{name}", *extra, bc]


def up_cmd(name, bc, *extra):
    return [opt, f"-passes={name}", *extra, bc]


def available(name):
    """Whether opt knows our pass (`unknown pass name` means not yet)."""
    cmd = [opt, f"-load-pass-plugin={plugin}", f"-passes={prefix}{name}", "-disable-output"]
    p = subprocess.run(cmd, input=TINY, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode == 0:
        return True
    if "unknown pass name" in p.stderr:
        return False
    fail(cmd, p)


ours_ok = {short: available(name) for short, name in PASSES}
for short, name in PASSES:
    state = "available" if ours_ok[short] else "not available (opt: unknown pass name)"
    print(f"ours {prefix}{name}: {state}")


def cmds(bc):
    c = {"verify": [opt, "-passes=verify", "-disable-output", bc]}
    for short, name in PASSES:
        c[f"up-{short}"] = up_cmd(name, bc, "-disable-output")
        if ours_ok[short]:
            c[f"ours-{short}"] = ours_cmd(name, bc, "-disable-output")
    return c


def printed(cmd):
    """The module cmd prints, as (block, line) pairs: an instruction that
    speculative-execution hoists keeps its text but changes block."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(cmd, p)
    block, out = "", []
    for l in p.stdout.splitlines():
        if not l or l.startswith(";"):
            continue
        if l.startswith("define "):
            block = l
        elif re.match(r"[-\w.$]+:", l):
            block = l.split(":")[0]
        out.append((block, l))
    return out


# Sanity: every pass must change the smallest module, or we would time a no-op.
small = bc_of(sizes[0])
base = printed([opt, "-passes=verify", "-S", "-o", "-", small])
base_set = set(base)
for short, name in PASSES:
    runs_of = [("upstream", up_cmd(name, small, "-S", "-o", "-"))]
    if ours_ok[short]:
        runs_of.append(("ours", ours_cmd(name, small, "-S", "-o", "-")))
    for who, c in runs_of:
        wrote = sum(1 for l in printed(c) if l not in base_set)
        print(f"sanity {sizes[0]} instructions: {who} {name} wrote {wrote} of "
              f"{len(base)} lines")
        if wrote == 0:
            sys.exit(f"bench-straightline: {who} {name} changed nothing: nothing to time")

# Wall time.
rows = []
for n in sizes:
    best, rounds = best_times(n, cmds(bc_of(n)))
    net = {k: v - best["verify"] for k, v in best.items() if k != "verify"}
    rows.append({"n": n, "rounds": rounds, "raw": best, "net": net})

# Instruction counts: each command's whole process and, for the passes, the
# part inside the function-pass adaptor (the pass alone: what it costs LLVM and
# itself, and the pass manager around it; not the parse).
ADAPTOR = "llvm::ModuleToFunctionPassAdaptor::run*"
inside = {}


def count(n, cmd_name, cmd):
    if cmd_name.startswith("verify"):
        return instructions(cmd)
    whole, part = instructions_inside(cmd, ADAPTOR)
    inside.setdefault(n, {})[cmd_name] = part
    return whole


def counted(n):
    """The commands counted: those timed, and verify with the plugin loaded
    (how much the parse moves when the plugin is there)."""
    c = cmds(bc_of(n))
    v = c["verify"]
    return {"verify": v, "verify-plugin": v[:1] + [f"-load-pass-plugin={plugin}"] + v[1:],
            **{k: cmd for k, cmd in c.items() if k != "verify"}}


irs = {}
shift = {}
for n, raw in callgrind_counts(counted, count=count).items():
    shift[n] = raw.pop("verify-plugin") - raw["verify"]
    irs[n] = {"raw": raw, "net": {k: v - raw["verify"] for k, v in raw.items() if k != "verify"}}
# Loading the plugin, charged to ours in the pass-alone table: `opt
# -passes=verify` on a one-function module, with the plugin and without.
loading = None
if irs:
    tiny = os.path.join(bench_dir, "tiny.ll")
    with open(tiny, "w") as fh:
        fh.write(TINY)
    bare = [opt, "-passes=verify", "-disable-output", tiny]
    loading = (instructions(bare[:1] + [f"-load-pass-plugin={plugin}"] + bare[1:])
               - instructions(bare))


def cell(net, key, fmt):
    return fmt(net[key]) if key in net else "n/a"


def step(cur, prev, key):
    if prev is None or key not in cur or key not in prev:
        return ""
    return f"{ratio(cur[key], prev[key]):.2f}x"


print()
print(f"wall time: {rounds_desc('instructions')}, commands interleaved; net = raw - verify "
      "(parse baseline); times in seconds; step = net / net of the previous size")
for short, name in PASSES:
    print()
    print(f"{name}: upstream `{name}` vs ours `{prefix}{name}`"
          + ("" if ours_ok[short] else " (ours not available)"))
    print_header(f"{'instrs':>8} {'runs':>4} {'verify':>7} {'up net':>7} {'ours net':>8} "
                 f"{'ours/up':>7} {'up step':>7} {'ours step':>9}")
    prev = None
    for r in rows:
        net, up, ours = r["net"], f"up-{short}", f"ours-{short}"
        rel = f"{ratio(net[ours], net[up]):.2f}" if ours in net else "n/a"
        print(f"{r['n']:>8} {r['rounds']:>4} {r['raw']['verify']:>7.3f} {net[up]:>7.3f} "
              f"{cell(net, ours, lambda v: f'{v:.3f}'):>8} {rel:>7} "
              f"{step(net, prev, up):>7} {step(net, prev, ours):>9}")
        prev = net

print()
if instruction_table_title(irs, "; /ins = net per IR instruction"):
    for short, name in PASSES:
        print()
        print(f"{name}:")
        print_header(f"{'instrs':>8} {'verify':>8} {'up net':>8} {'ours net':>8} "
                     f"{'ours/up':>7} {'up/ins':>6} {'ours/ins':>8} {'up step':>7} "
                     f"{'ours step':>9}")
        for n, prev in instruction_rows(irs, 8):
            net, up, ours = irs[n]["net"], f"up-{short}", f"ours-{short}"
            pnet = irs[prev]["net"] if prev else None
            M = 1e6
            rel = f"{ratio(net[ours], net[up]):.2f}" if ours in net else "n/a"
            print(f"{n:>8} {irs[n]['raw']['verify'] / M:>7.1f}M {net[up] / M:>7.1f}M "
                  f"{cell(net, ours, lambda v: f'{v / M:.1f}M'):>8} {rel:>7} "
                  f"{net[up] / n:>6.0f} {cell(net, ours, lambda v: f'{v / n:.0f}'):>8} "
                  f"{step(net, pnet, up):>7} {step(net, pnet, ours):>9}")

if irs:
    print()
    print("the pass alone: instructions inside the function-pass adaptor "
          f"(`{ADAPTOR}`: the pass, what it asks of LLVM, the pass manager around it; "
          "not the parse), from the same callgrind runs; ours + load = ours and the "
          f"plugin's loading ({loading / 1e6:.2f}M: `opt -passes=verify` of a one-function "
          "module with the plugin minus without); M = 10^6")
    print()
    print("with the plugin loaded, `opt -passes=verify` itself costs (minus the same without "
          "it, minus the loading): "
          + ", ".join(f"{(shift[n] - loading) / 1e6:+.2f}M at {n}" for n in sorted(shift))
          + " (the parse's heap layout; ours' whole-process net above carries it)")
    print()
    print("the whole process net of verify with the plugin loaded (the parse moves alike), "
          "ours charged the loading: ours (whole - verify with the plugin + load) against "
          "upstream (whole - verify); it keeps what a pass leaves to the end of the run (the "
          "analyses it keeps, the IR it leaves to free), which the pass-alone table does not")
    print_header(f"{'pass':<31} " + " ".join(f"{n:>10}" for n in sorted(shift)))
    for short, name in PASSES:
        cells = []
        for n in sorted(shift):
            raw = irs[n]["raw"]
            if f"ours-{short}" not in raw:
                cells.append(f"{'n/a':>10}")
                continue
            ours = raw[f"ours-{short}"] - (raw["verify"] + shift[n]) + loading
            cells.append(f"{ratio(ours, irs[n]['net'][f'up-{short}']):>10.3f}")
        print(f"{name:<31} " + " ".join(cells))
    for short, name in PASSES:
        print()
        print(f"{name}:")
        print_header(f"{'instrs':>8} {'up pass':>8} {'ours pass':>9} {'ours+load':>9} "
                     f"{'ours/up':>7} {'(ours+load)/up':>14}")
        for n in sorted(inside):
            part, up, ours = inside[n], f"up-{short}", f"ours-{short}"
            M = 1e6
            if ours not in part:
                print(f"{n:>8} {part[up] / M:>7.2f}M {'n/a':>9}")
                continue
            print(f"{n:>8} {part[up] / M:>7.2f}M {part[ours] / M:>8.2f}M "
                  f"{(part[ours] + loading) / M:>8.2f}M {ratio(part[ours], part[up]):>7.3f} "
                  f"{ratio(part[ours] + loading, part[up]):>14.3f}")

write_csv([(name, who, f"{key}-{short}") for short, name in PASSES
           for who, key in (("ours", "ours"), ("upstream", "up"))],
          "IR instructions", {r["n"]: r["net"] for r in rows},
          {n: v["net"] for n, v in irs.items()})

# Verdict: per pass and step; a step above the allowed growth is flagged.
print()
ok = True
for a, b, size_ratio, allowed, measure in scaling_steps(rows, irs):
    if measure == "instructions":
        na, nb = irs[a["n"]]["net"], irs[b["n"]]["net"]
    else:
        na, nb = a["net"], b["net"]
    for short, name in PASSES:
        parts = []
        for who in ("up", "ours"):
            key = f"{who}-{short}"
            if key not in na:
                parts.append(f"{who} not available")
                continue
            g = ratio(nb[key], na[key])
            flag = g > allowed
            if flag and who == "ours":
                ok = False
            parts.append(f"{who} x{g:.2f}" + (" FLAG" if flag else ""))
        print(f"growth {b['n']}/{a['n']} {name} (by {measure}, size x{size_ratio:g}, "
              f"allowed x{allowed:g}): " + ", ".join(parts))
if any(n >= LARGE for n in sizes) and not callgrind_1m:
    print(f"note: the step to {LARGE} instructions is decided on wall time, noisy on a shared "
          "machine; GPUCC_BENCH_CALLGRIND_1M=1 decides it on instruction counts.")
if not all(ours_ok.values()):
    missing = ", ".join(f"{prefix}{name}" for short, name in PASSES if not ours_ok[short])
    print(f"note: not available yet, so not timed: {missing}")
finish(ok, f"the {prefix} straight-line passes that are available")
PY

# shellcheck shell=bash
# What the benchmark scripts share (scripts/bench-*.sh):
# sourced by them, not run. It defines functions only; a benchmark calls them in
# this order:
#   bench_init NAME "$@"           settings from the environment and arguments
#   bench_build                    dependencies and the plugin
#   bench_generate PREFIX GEN UNIT the bitcode modules
#   bench_python <<'PY' ... PY     its Python program, after the shared harness
# The environment and arguments they read are documented in each benchmark.
#
# The code-quality and OpenMP register benchmarks (bench-codequality.sh,
# bench-openmp-registers.sh) use only die, which needs BENCH_NAME, and the
# NVIDIA tool helpers at the end (venv_tool, tool: ptxas and nvdisasm from
# PyPI wheels in ROOT/target/ptxas-venv), which also need ROOT.

# die MESSAGE...: prints "NAME: MESSAGE" to stderr (NAME from bench_init) and
# exits with status 2, the benchmarks' status for an error.
die() {
  printf '%s: %s\n' "$BENCH_NAME" "$*" >&2
  exit 2
}

# bench_init NAME [SIZE...]: sets the settings every benchmark uses and checks
# them, dying on a bad one; NAME prefixes the messages. Sets BENCH_NAME, ROOT
# (the repository, also made the working directory), LLVM_MAJOR (from
# GPUCC_LLVM, default 16: ours and upstream both run in that LLVM's opt),
# LLVM_BIN, RUNS,
# RUNS_LARGE, CALLGRIND_1M (from GPUCC_BENCH_CALLGRIND_1M), BENCH_DIR, PLUGIN
# (from GPUCC_PLUGIN), SIZES (the arguments; default 10000 100000 1000000) and
# VALGRIND (default: valgrind from PATH; empty, with a note on stderr, when
# there is none: instruction counts need it, and without them the verdict
# rests on wall time), HEAP_SHIFTS (from GPUCC_BENCH_HEAP_SHIFTS, 1 to 32,
# default 1: how many heap layouts each callgrind count averages; see
# bench_shift_lib) and SHIFT_LIB (the library that moves the heap, built when
# HEAP_SHIFTS is above 1; else empty).
bench_init() {
  BENCH_NAME="$1"
  shift
  ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  cd "$ROOT" || die "cannot enter $ROOT"

  LLVM_MAJOR="${GPUCC_LLVM:-16}"
  [[ "$LLVM_MAJOR" =~ ^(16|22)$ ]] || die "GPUCC_LLVM='$LLVM_MAJOR' is not 16 or 22"
  export LLVM_MAJOR
  LLVM_BIN="${LLVM_BIN:-/usr/lib/llvm-$LLVM_MAJOR/bin}"
  RUNS="${RUNS:-3}"
  RUNS_LARGE="${RUNS_LARGE:-5}"
  CALLGRIND_1M="${GPUCC_BENCH_CALLGRIND_1M:-0}"
  # Bitcode is per LLVM (16 cannot read 22's).
  if [[ "$LLVM_MAJOR" == 16 ]]; then
    BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench}"
  else
    BENCH_DIR="${BENCH_DIR:-$ROOT/target/bench-llvm$LLVM_MAJOR}"
  fi
  PLUGIN="${GPUCC_PLUGIN:-}"
  if [[ "$#" -gt 0 ]]; then
    SIZES=("$@")
  else
    SIZES=(10000 100000 1000000)
  fi

  local n
  for n in "${SIZES[@]}"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "size '$n' is not a positive integer"
  done
  [[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "RUNS='$RUNS' is not a positive integer"
  [[ "$RUNS_LARGE" =~ ^[1-9][0-9]*$ ]] ||
    die "RUNS_LARGE='$RUNS_LARGE' is not a positive integer"
  [[ "$CALLGRIND_1M" == 0 || "$CALLGRIND_1M" == 1 ]] ||
    die "GPUCC_BENCH_CALLGRIND_1M='$CALLGRIND_1M' is not 0 or 1"

  HEAP_SHIFTS="${GPUCC_BENCH_HEAP_SHIFTS:-1}"
  [[ "$HEAP_SHIFTS" =~ ^[1-9][0-9]*$ && "$HEAP_SHIFTS" -le 32 ]] ||
    die "GPUCC_BENCH_HEAP_SHIFTS='$HEAP_SHIFTS' is not a whole number from 1 to 32"

  if [[ -z "${VALGRIND+set}" ]]; then
    VALGRIND="$(command -v valgrind || true)"
  fi
  if [[ -n "$VALGRIND" ]]; then
    command -v "$VALGRIND" >/dev/null 2>&1 || die "VALGRIND='$VALGRIND' is not a command"
  else
    echo "$BENCH_NAME: valgrind not found (or VALGRIND empty): wall time only" >&2
  fi
  SHIFT_LIB=""
  if [[ "$HEAP_SHIFTS" -gt 1 && -n "$VALGRIND" ]]; then
    bench_shift_lib
  fi
}

# bench_shift_lib: builds BENCH_DIR/libheapshift.so (with cc) and sets
# SHIFT_LIB to it: a library that, preloaded, allocates GPUCC_HEAP_SHIFT bytes
# (when set and positive) before the program starts, and keeps them, so that
# everything the program allocates after lies that much further on. Callgrind
# runs each command once per shift (GPUCC_BENCH_HEAP_SHIFTS) and counts their
# mean: the parse's pointer-keyed hash tables probe differently with every
# heap layout, and any one layout (a loaded plugin moves it, as does a longer
# `-passes=` string) is a draw from that spread, not the command's cost.
bench_shift_lib() {
  mkdir -p "$BENCH_DIR"
  SHIFT_LIB="$BENCH_DIR/libheapshift.so"
  local src="$BENCH_DIR/heapshift.c"
  cat >"$src" <<'C'
#include <stdlib.h>
/* Preloaded by the benchmarks (scripts/bench-lib.sh): moves the heap by
   GPUCC_HEAP_SHIFT bytes, one block allocated before main and kept. */
__attribute__((constructor)) static void gpucc_heap_shift(void) {
  const char *s = getenv("GPUCC_HEAP_SHIFT");
  long n = s ? atol(s) : 0;
  if (n > 0) {
    volatile char *p = malloc((size_t)n);
    if (p)
      p[0] = 0;
  }
}
C
  cc -O2 -shared -fPIC -o "$SHIFT_LIB" "$src" || die "cannot build $SHIFT_LIB (cc)"
}

# bench_build: installs LLVM_MAJOR and builds the plugin for it
# (scripts/plugin.sh; BENCH_NO_BUILD=1 takes the library as built), unless
# GPUCC_PLUGIN named one, and dies if PLUGIN does not exist.
bench_build() {
  "$ROOT/scripts/install-deps.sh" "$LLVM_MAJOR"
  if [[ -z "$PLUGIN" ]]; then
    if [[ "${BENCH_NO_BUILD:-0}" == 1 ]]; then
      PLUGIN="$(GPUCC_NO_BUILD=1 "$ROOT/scripts/plugin.sh" "$LLVM_MAJOR")"
    else
      PLUGIN="$("$ROOT/scripts/plugin.sh" "$LLVM_MAJOR")"
    fi
  fi
  [[ -f "$PLUGIN" ]] || die "plugin not found: $PLUGIN"
}

# bench_generate PREFIX GENERATOR UNIT: makes BENCH_DIR/PREFIX-N.bc for each N
# in SIZES with `python3 scripts/GENERATOR N` and llvm-as, unless it exists and
# is newer than the generator; UNIT names what N counts in the progress
# message. Sets BENCH_PREFIX, which tells bench_python's bc_of the file names.
bench_generate() {
  local prefix="$1" gen="$ROOT/scripts/$2" unit="$3" n bc ll slug
  # BENCH_GEN_ARGS: more generator options (a module shape); the modules
  # made with them are named after them, so no other run reuses them.
  local -a gen_args
  read -r -a gen_args <<<"${BENCH_GEN_ARGS:-}"
  slug="$(printf '%s' "${gen_args[*]}" | tr -c 'A-Za-z0-9' '_' | sed 's/__*/_/g; s/^_//; s/_$//')"
  prefix="$prefix${slug:+-$slug}"
  BENCH_PREFIX="$prefix"
  mkdir -p "$BENCH_DIR"
  for n in "${SIZES[@]}"; do
    bc="$BENCH_DIR/$prefix-$n.bc"
    ll="$BENCH_DIR/$prefix-$n.ll"
    if [[ ! -f "$bc" || "$gen" -nt "$bc" ]]; then
      echo "$BENCH_NAME: generating $n $unit -> $bc" >&2
      python3 "$gen" "$n" "${gen_args[@]}" -o "$ll"
      "$LLVM_BIN/llvm-as" "$ll" -o "$bc"
      rm -f "$ll"
    fi
  done
}

# bench_python: runs the Python program read from stdin (the benchmark's
# measurements, tables and verdict) after the harness that bench_harness_py
# prints, with the settings as its arguments; returns the program's status.
bench_python() {
  { bench_harness_py; cat; } | HEAP_SHIFTS="$HEAP_SHIFTS" SHIFT_LIB="$SHIFT_LIB" python3 - "$BENCH_NAME" "$LLVM_BIN/opt" "$PLUGIN" \
    "$RUNS" "$RUNS_LARGE" "$BENCH_DIR" "$BENCH_PREFIX" "$VALGRIND" "$CALLGRIND_1M" \
    "${SIZES[@]}"
}

# bench_harness_py: prints the Python code that starts each benchmark's
# program: the settings from the arguments, the constants, and the helpers
# below. Each helper says what it does; a command is a list of words, and the
# commands of a module a dict from name to command, "verify" (the parse
# baseline) first. A failing command aborts the benchmark with its stderr shown.
bench_harness_py() {
  cat <<'PY'
import re, subprocess, sys, time

import os
bench_name, opt, plugin = sys.argv[1], sys.argv[2], sys.argv[3]
llvm_major = int(os.environ.get("LLVM_MAJOR", "16"))
runs, runs_large = int(sys.argv[4]), int(sys.argv[5])
bench_dir, bench_prefix = sys.argv[6], sys.argv[7]
valgrind, callgrind_1m = sys.argv[8], sys.argv[9] == "1"
heap_shifts, shift_lib = int(os.environ.get("HEAP_SHIFTS", "1")), os.environ.get("SHIFT_LIB", "")
# The heap shifts of the callgrind runs (bench_shift_lib): none when
# heap_shifts is 1, else heap_shifts page-sized steps (less malloc's 16-byte
# header), 0 to 31 pages, spread by a fixed stride so that any count takes the
# same ones.
SHIFTS = [None] if heap_shifts == 1 or not shift_lib else \
    [0] + [4096 * (1 + 7 * i % 31) - 16 for i in range(heap_shifts - 1)]
sizes = [int(s) for s in sys.argv[10:]]
ALLOWED = 1.2  # a step may cost 1.2x its size ratio (12x for a 10x larger module)
FAST, MIN_FAST_RUNS = 0.5, 10  # seconds; rounds for a module that runs faster
LARGE = 1_000_000  # modules this big get runs_large rounds, callgrind only on request

def bc_of(n):
    """The bitcode module of size n (made by bench_generate)."""
    return f"{bench_dir}/{bench_prefix}-{n}.bc"

def fail(cmd, p):
    """Aborts the benchmark: cmd failed, p is its CompletedProcess."""
    sys.exit(f"{bench_name}: failed ({p.returncode}): {' '.join(cmd)}\n{p.stderr}")

def run(cmd):
    """Wall time of cmd in seconds, its output captured."""
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    dt = time.perf_counter() - t0
    if p.returncode != 0:
        fail(cmd, p)
    return dt

COLLECTED = re.compile(r"^==\d+== Collected : (\d+)\s*$", re.M)

def shifted_env(shift):
    """The environment of a callgrind run with the heap moved by shift bytes
    (None: as it is)."""
    if shift is None:
        return None
    env = dict(os.environ, GPUCC_HEAP_SHIFT=str(shift))
    env["LD_PRELOAD"] = " ".join(filter(None, [shift_lib, os.environ.get("LD_PRELOAD", "")]))
    return env

def over_shifts(cmd, one):
    """one(shift) for each heap shift, averaged (rounded to whole
    instructions; tuples element by element); with more than one shift, the
    spread of the first element is printed to stderr."""
    got = [one(s) for s in SHIFTS]
    if len(got) == 1:
        return got[0]
    firsts = [g[0] if isinstance(g, tuple) else g for g in got]
    mean = sum(firsts) / len(firsts)
    # The standard error of the mean (sample standard deviation / sqrt(k)).
    sem = (sum((x - mean) ** 2 for x in firsts) / (len(firsts) - 1) / len(firsts)) ** 0.5
    print(f"    {len(got)} heap shifts of {os.path.basename(cmd[0])} "
          f"{' '.join(os.path.basename(w) for w in cmd[1:] if w.startswith('-'))}: "
          f"mean {mean / 1e6:.2f}M (standard error {sem / 1e6:.2f}M), "
          f"min {min(firsts) / 1e6:.2f}M, max {max(firsts) / 1e6:.2f}M",
          file=sys.stderr, flush=True)
    if isinstance(got[0], tuple):
        return tuple(round(sum(col) / len(col)) for col in zip(*got))
    return round(sum(got) / len(got))

def instructions(cmd):
    """Instructions executed by cmd, as callgrind counts them (event Ir); the
    mean over the heap shifts (SHIFTS)."""
    def one(shift):
        vg = [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] + cmd
        p = subprocess.run(vg, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=shifted_env(shift))
        m = COLLECTED.findall(p.stderr)
        if p.returncode != 0 or len(m) != 1:
            fail(vg, p)
        return int(m[0])
    return over_shifts(cmd, one)

def instructions_inside(cmd, fn):
    """(all, inside): the instructions executed by cmd, and those executed
    within the first call of function fn and what it calls (fn: a callgrind
    pattern ending in `*`), as callgrind counts them, from one run: callgrind
    dumps its counts before fn and again after it, and the middle part is
    fn's. (Callgrind keeps one trigger per pattern, so the trigger after fn
    names it by a second pattern: the first one without its namespace.)
    Each is the mean over the heap shifts (SHIFTS)."""
    return over_shifts(cmd, lambda shift: instructions_inside_once(cmd, fn, shift))

def instructions_inside_once(cmd, fn, shift):
    """instructions_inside(cmd, fn) with the heap moved by shift bytes."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg")
        after = "*" + fn.split("::", 1)[-1]
        vg = [valgrind, "--tool=callgrind", f"--callgrind-out-file={out}",
              f"--dump-before={fn}", f"--dump-after={after}"] + cmd
        p = subprocess.run(vg, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env=shifted_env(shift))
        m = COLLECTED.findall(p.stderr)
        if p.returncode != 0 or len(m) != 1:
            fail(vg, p)
        total, inside = 0, None
        for name in os.listdir(d):
            text = open(os.path.join(d, name)).read()
            part = int(re.search(r"^totals: (\d+)", text, re.M).group(1))
            total += part
            if re.search(r"^desc: Trigger: --dump-after=", text, re.M):
                inside = part
        if total != int(m[0]) or inside is None:
            sys.exit(f"bench: callgrind's parts of {' '.join(cmd)} do not add up "
                     f"({total} against {m[0]}; the part within {fn}: {inside})")
        return total, inside

def ratio(a, b):
    return a / b if b > 0 else float("inf")

def best_times(n, commands):
    """(best wall time of each command, rounds) on the module of size n.

    Rounds interleave the commands, so that a change in machine load hits all
    alike. Fast modules get at least MIN_FAST_RUNS rounds: there the net time
    is a few tens of milliseconds, close to process-start noise."""
    times = {cmd_name: [] for cmd_name in commands}
    rounds = runs_large if n >= LARGE else runs
    r = 0
    while r < rounds:
        for cmd_name, cmd in commands.items():
            times[cmd_name].append(run(cmd))
        if r == 0 and max(t[0] for t in times.values()) < FAST:
            rounds = max(rounds, MIN_FAST_RUNS)
        r += 1
    best = {cmd_name: min(t) for cmd_name, t in times.items()}
    print(f"  measured {n} (best of {rounds}): "
          + ", ".join(f"{k} {v:.3f}s" for k, v in best.items()), file=sys.stderr, flush=True)
    return best, rounds

def callgrind_counts(commands_of, skip_note="", count=None):
    """{n: {command name: instructions}} for the sizes callgrind measures:
    none without valgrind, those under LARGE unless callgrind_1m. One run per
    command (the count does not depend on load); call it after the timing, so
    that it does not compete with it for the CPU. commands_of(n) gives the
    commands of size n; skip_note ends the note on a skipped size; count(n,
    name, cmd), when given, counts a command instead of instructions(cmd)."""
    counts = {}
    if not valgrind:
        return counts
    for n in sizes:
        if n >= LARGE and not callgrind_1m:
            print(f"  callgrind: skipping {n} (set GPUCC_BENCH_CALLGRIND_1M=1{skip_note})",
                  file=sys.stderr, flush=True)
            continue
        t0 = time.perf_counter()
        counts[n] = {cmd_name: count(n, cmd_name, cmd) if count else instructions(cmd)
                     for cmd_name, cmd in commands_of(n).items()}
        print(f"  callgrind {n} ({time.perf_counter() - t0:.0f}s): "
              + ", ".join(f"{k} {v}" for k, v in counts[n].items()), file=sys.stderr, flush=True)
    return counts

def rounds_desc(unit):
    """How many wall-clock runs were taken, for the wall-time table's title."""
    desc = f"best of {runs} wall-clock runs"
    if any(n >= LARGE for n in sizes):
        desc += f" ({runs_large} for {LARGE} {unit} or more"
        desc += f", at least {MIN_FAST_RUNS} for modules under {FAST}s)"
    else:
        desc += f" (at least {MIN_FAST_RUNS} for modules under {FAST}s)"
    return desc

def instruction_table_title(irs, note=""):
    """Prints the instruction table's title line (note ends it); False, after
    saying why, when there is no table."""
    if not valgrind:
        print("instructions: valgrind not found, not measured (verdict on wall time)")
        return False
    if not irs:
        print("instructions: no size measured (verdict on wall time)")
        return False
    runs_desc = "one run each" if len(SHIFTS) == 1 else \
        f"the mean of {len(SHIFTS)} runs each, the heap moved 0 to 31 pages"
    print(f"instructions: callgrind `Collected` count (event Ir), {runs_desc}; "
          "net = raw - verify; M = 10^6" + note)
    return True

def print_header(hdr):
    """Prints a table's header line, underlined."""
    print(hdr)
    print("-" * len(hdr))

def instruction_rows(irs, width):
    """(n, the previous measured size or None) for each size in irs, in order,
    for the instruction table's rows. A size not in irs gets a "not measured"
    row, its first column `width` wide, and the size after it no previous."""
    prev = None
    for n in sizes:
        if n not in irs:
            print(f"{n:>{width}}  (not measured: set GPUCC_BENCH_CALLGRIND_1M=1)")
            prev = None
            continue
        yield n, prev
        prev = n

def scaling_steps(rows, irs):
    """The verdict's steps: (a, b, size ratio, allowed cost ratio, measure) for
    consecutive rows a and b; measure, what decides the step, is "instructions"
    where irs has both sizes, else "wall time"."""
    for a, b in zip(rows, rows[1:]):
        size_ratio = b["n"] / a["n"]
        measure = "instructions" if a["n"] in irs and b["n"] in irs else "wall time"
        yield a, b, size_ratio, ALLOWED * size_ratio, measure

def write_csv(series, unit, wall, irs):
    """Writes the net costs to BENCH_CSV (default BENCH_DIR/NAME.csv), one line
    per pass, side, size: what scripts/chart-compile-time.py draws. series is
    [(pass, "ours" or "upstream", command name)]; wall {n: {command name: net
    seconds}}; irs {n: {command name: net instructions}} (sizes callgrind did
    not measure are left empty); unit names what the sizes count."""
    import csv, os
    path = os.environ.get("BENCH_CSV") or f"{bench_dir}/{bench_name}.csv"
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["pass", "who", "size", "unit", "wall_net_s", "instructions_net"])
        for pass_name, who, key in series:
            for n in sizes:
                if key not in wall.get(n, {}):
                    continue
                ir = irs.get(n, {}).get(key)
                w.writerow([pass_name, who, n, unit, f"{wall[n][key]:.4f}",
                            "" if ir is None else ir])
    print(f"{bench_name}: net costs written to {path}", file=sys.stderr)

def finish(ok, what):
    """Prints the overall verdict on the linear scaling of `what` and exits
    with 0 if ok, 1 if not."""
    print(f"{bench_name}: {'PASS' if ok else 'FAIL'} (linear scaling of {what})")
    sys.exit(0 if ok else 1)

PY
}

# venv_tool PATTERN PACKAGE: prints the tool of ROOT/target/ptxas-venv whose
# path matches PATTERN, after installing PACKAGE there with pip if it is missing;
# prints nothing (and says why on stderr) when that fails, e.g. offline.
venv_tool() {
  local pattern="$1" package="$2" venv="$ROOT/target/ptxas-venv" found
  found="$(find "$venv" -path "$pattern" -type f 2>/dev/null | head -n 1)"
  if [[ -z "$found" ]]; then
    echo "$BENCH_NAME: installing $package into $venv (pip)" >&2
    if { [[ -x "$venv/bin/pip" ]] || python3 -m venv "$venv"; } >&2 &&
      timeout 600 "$venv/bin/pip" install --quiet --disable-pip-version-check \
        "$package" >&2; then
      found="$(find "$venv" -path "$pattern" -type f | head -n 1)"
    fi
    [[ -n "$found" ]] || echo "$BENCH_NAME: could not install $package (no network?)" >&2
  fi
  printf '%s' "$found"
}

# tool VAR PATTERN PACKAGE: the tool named by the environment variable VAR
# when it is set (empty: none), else venv_tool PATTERN PACKAGE.
tool() {
  local var="$1"
  if [[ -n "${!var+set}" ]]; then
    [[ -z "${!var}" || -x "${!var}" ]] || die "$var='${!var}' is not an executable"
    printf '%s' "${!var}"
  else
    venv_tool "$2" "$3"
  fi
}

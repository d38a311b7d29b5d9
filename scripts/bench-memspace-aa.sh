#!/usr/bin/env bash
# Benchmark (not a test): what does gpucc-memspace-aa cost when a pass asks it
# every question, how does it compare with LLVM 16's AMDGPU alias analysis, and
# does it answer more NoAlias?
#
# Modules: the CUDA-like NVPTX modules of scripts/gen_addrspace.py (10k, 100k,
# 1M instructions, about 200 per function, every access through a generic
# pointer cast from shared or global memory, as clang emits them before
# memory-space inference), and an amdgcn copy of each: triple and datalayout
# of amdgcn-amd-amdhsa, `amdgpu_kernel` for `ptx_kernel`, and the AMDGPU
# thread-id and barrier intrinsics for NVVM's (made with llvm-dis, sed and
# llvm-as next to the NVPTX bitcode). The querying pass is `aa-eval`, which
# asks the alias analysis stack about every pair of pointers and every
# (pointer, call) pair of each function: quadratic in a function's pointers,
# so linear in module size for functions of a fixed size.
#
# Commands, on each module, -disable-output on bitcode:
#   verify    opt -passes=verify                                (parse baseline)
#   basic     opt -aa-pipeline=basic-aa -passes=aa-eval         (without ours)
#   ours      opt -load-pass-plugin=PLUGIN -aa-pipeline=basic-aa,gpucc-memspace-aa
#             -passes=aa-eval                                   (with ours)
#   upstream  opt -aa-pipeline=basic-aa,amdgpu-aa -passes=aa-eval
#             (amdgcn; on NVPTX, basic-aa,nvptx-aa where the LLVM has it:
#             20 and later, so not 16)
#   first     ours first: -aa-pipeline=gpucc-memspace-aa,basic-aa
#   upfirst   upstream's AA first: amdgpu-aa,basic-aa (amdgcn), nvptx-aa,basic-aa
#             (NVPTX, LLVM 20 and later)
# An AA placed first answers before basic-aa, and a query it settles never
# reaches basic-aa: LLVM 20 and later put NVPTX's AA there in the default
# pipeline to save compile time. The FIRST table compares ours and upstream's
# AA in that place.
# The commands (six on amdgcn, four on NVPTX, six with nvptx-aa) are
# interleaved round by round, so a change of machine load hits all alike.
# `net` is a command's cost minus verify's on the same module. Ratios: ours/basic (with / without our AA,
# the whole aa-eval run), and on amdgcn ours/up (net against net) and aa/aa
# (the AA's own share, (ours - basic) / (upstream - basic): what our AA costs
# against what upstream's costs).
#
# Answers: on the smallest module each aa-eval configuration runs once more,
# and its summary (how many alias queries answered NoAlias, MayAlias,
# PartialAlias, MustAlias; ModRef queries NoModRef, Mod, Ref, ModRef) is
# printed. The benchmark stops if ours answers no more NoAlias than BasicAA
# alone on either target: it would be timing a no-op.
#
# Wall time: best of $RUNS rounds ($RUNS_LARGE for 1M instructions or more; at
# least 10 for modules whose commands take under 0.5 s). Instructions: when
# valgrind is installed, each command also runs once under callgrind and the
# `Collected` count is printed net of verify; sizes of 1M or more only with
# GPUCC_BENCH_CALLGRIND_1M=1.
#
# Verdict: each step between consecutive sizes passes if a 10x larger module
# costs ours (net, NVPTX and amdgcn) at most 12x as much, decided by
# instruction counts where both sizes have them, else by wall time. The ratios
# against upstream are information only.
#
# Cost: aa-eval takes about 10 s a run at 1M instructions and 50x that under
# callgrind, so the default sizes are 10k and 100k (about 4 minutes on a quiet
# 2-core machine, most of it callgrind at 100k); add 1000000 for a second step
# (about 5 more minutes, decided by wall time unless GPUCC_BENCH_CALLGRIND_1M=1,
# which costs half an hour more).
#
# usage: scripts/bench-memspace-aa.sh [SIZE...]
#        (instructions per module; default: 10000 100000)
# env:   RUNS (default 3), RUNS_LARGE (default 5, sizes >= 1000000),
#        BENCH_DIR (default target/bench), GPUCC_PLUGIN,
#        BENCH_NO_BUILD=1 to use an existing plugin as is,
#        GPUCC_BENCH_CALLGRIND_1M=1 to count instructions at 1M instructions too,
#        GPUCC_BENCH_HEAP_SHIFTS=K (1-32, default 1) to average each count over K heap layouts
#        (scripts/bench-lib.sh, bench_shift_lib),
#        VALGRIND (default: valgrind from PATH; set it empty to skip callgrind).
# Exit status: 0 if every scaling step passes, 1 if one does not, 2 on error.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=bench-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/bench-lib.sh"
if [[ "$#" -eq 0 ]]; then
  set -- 10000 100000
fi
bench_init bench-memspace-aa "$@"
bench_build
bench_generate addrspace gen_addrspace.py instructions

# The amdgcn copies, remade when the NVPTX module is newer (or this script).
AMDGPU_DATALAYOUT="e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64"
AMDGPU_DATALAYOUT+="-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512"
AMDGPU_DATALAYOUT+="-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"
for n in "${SIZES[@]}"; do
  nv="$BENCH_DIR/addrspace-$n.bc"
  amd="$BENCH_DIR/addrspace-amdgcn-$n.bc"
  if [[ ! -f "$amd" || "$nv" -nt "$amd" || "${BASH_SOURCE[0]}" -nt "$amd" ]]; then
    echo "bench-memspace-aa: retargeting $nv -> $amd" >&2
    "$LLVM_BIN/llvm-dis" "$nv" -o - |
      sed -e 's/^target triple = .*/target triple = "amdgcn-amd-amdhsa"/' \
        -e "s/^target datalayout = .*/target datalayout = \"$AMDGPU_DATALAYOUT\"/" \
        -e 's/\bptx_kernel\b/amdgpu_kernel/g' \
        -e 's/llvm\.nvvm\.read\.ptx\.sreg\.tid\.x/llvm.amdgcn.workitem.id.x/g' \
        -e 's/llvm\.nvvm\.barrier0/llvm.amdgcn.s.barrier/g' |
      "$LLVM_BIN/llvm-as" -o "$amd"
  fi
done

# Answers, timing, instruction counts and the tables, after the harness of
# bench-lib.sh.
bench_python <<'PY'
TARGETS = ("nv", "amd")  # column prefixes: nvptx64 and amdgcn
# LLVM 20 and later have an NVPTX alias analysis, `nvptx-aa`, which their
# default AA pipeline runs before basic-aa; LLVM 16 has none.
NVPTX_AA = llvm_major >= 20
OURS = ("nv ours", "amd ours")  # the verdict is on both

def amd_of(n):
    """The amdgcn copy of the module of size n (made above)."""
    return f"{bench_dir}/{bench_prefix}-amdgcn-{n}.bc"

def aa_eval(aa, bc, with_plugin):
    load = [f"-load-pass-plugin={plugin}"] if with_plugin else []
    return [opt] + load + [f"-aa-pipeline={aa}", "-passes=aa-eval", "-disable-output", bc]

def cmds(n):
    nv, amd = bc_of(n), amd_of(n)
    return {
        "nv verify": [opt, "-passes=verify", "-disable-output", nv],
        "nv basic": aa_eval("basic-aa", nv, False),
        "nv ours": aa_eval("basic-aa,gpucc-memspace-aa", nv, True),
        "amd verify": [opt, "-passes=verify", "-disable-output", amd],
        "amd basic": aa_eval("basic-aa", amd, False),
        "amd ours": aa_eval("basic-aa,gpucc-memspace-aa", amd, True),
        "amd upstream": aa_eval("basic-aa,amdgpu-aa", amd, False),
        # The AA first, before basic-aa (FIRST below).
        "nv first": aa_eval("gpucc-memspace-aa,basic-aa", nv, True),
        "amd first": aa_eval("gpucc-memspace-aa,basic-aa", amd, True),
        "amd upfirst": aa_eval("amdgpu-aa,basic-aa", amd, False),
        **({"nv upstream": aa_eval("basic-aa,nvptx-aa", nv, False),
            "nv upfirst": aa_eval("nvptx-aa,basic-aa", nv, False)} if NVPTX_AA else {}),
    }

def net_of(raw):
    """Each aa-eval command's cost minus the verify of its target."""
    return {k: v - raw[k.split()[0] + " verify"] for k, v in raw.items()
            if not k.endswith("verify")}

SUMMARY = {
    "alias": re.compile(r"^\s*(\d+) Total Alias Queries Performed", re.M),
    "no": re.compile(r"^\s*(\d+) no alias responses", re.M),
    "may": re.compile(r"^\s*(\d+) may alias responses", re.M),
    "partial": re.compile(r"^\s*(\d+) partial alias responses", re.M),
    "must": re.compile(r"^\s*(\d+) must alias responses", re.M),
    "modref": re.compile(r"^\s*(\d+) Total ModRef Queries Performed", re.M),
    "nomr": re.compile(r"^\s*(\d+) no mod/ref responses", re.M),
    "mod": re.compile(r"^\s*(\d+) mod responses", re.M),
    "ref": re.compile(r"^\s*(\d+) ref responses", re.M),
    "mr": re.compile(r"^\s*(\d+) mod & ref responses", re.M),
}

def answers(cmd):
    """aa-eval's summary counts of one run of cmd."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        fail(cmd, p)
    out = {}
    for key, rx in SUMMARY.items():
        m = rx.findall(p.stderr)
        if len(m) != 1:
            fail(cmd, p)
        out[key] = int(m[0])
    return out

def pct(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"

# Answers on the smallest module: ours must add NoAlias on both targets, or
# there is nothing to time.
small = sizes[0]
print(f"aa-eval answers, {small} instructions (one run each; alias queries, then ModRef "
      "queries of (pointer, call) pairs):")
print_header(f"{'target':<8} {'aa-pipeline':<28} {'alias q':>8} {'NoAlias':>8} {'MayAlias':>8} "
             f"{'Partial':>8} {'Must':>6} | {'modref q':>8} {'NoModRef':>8} {'Mod':>6} "
             f"{'Ref':>6} {'ModRef':>6}")
summary = {}
for name, cmd in cmds(small).items():
    if name.endswith("verify"):
        continue
    a = summary[name] = answers(cmd)
    target = "nvptx64" if name.startswith("nv") else "amdgcn"
    aa = cmd[cmd.index("-passes=aa-eval") - 1].split("=", 1)[1]
    print(f"{target:<8} {aa:<28} {a['alias']:>8} {pct(a['no'], a['alias']):>8} "
          f"{pct(a['may'], a['alias']):>8} {pct(a['partial'], a['alias']):>8} "
          f"{pct(a['must'], a['alias']):>6} | {a['modref']:>8} {pct(a['nomr'], a['modref']):>8} "
          f"{pct(a['mod'], a['modref']):>6} {pct(a['ref'], a['modref']):>6} "
          f"{pct(a['mr'], a['modref']):>6}")
for t in TARGETS:
    base, ours = summary[f"{t} basic"], summary[f"{t} ours"]
    if ours["no"] <= base["no"]:
        sys.exit(f"bench-memspace-aa: on {t} our AA adds no NoAlias answer: nothing to time")
    print(f"{'nvptx64' if t == 'nv' else 'amdgcn'}: NoAlias {pct(base['no'], base['alias'])} "
          f"without gpucc-memspace-aa, {pct(ours['no'], ours['alias'])} with it "
          f"(+{ours['no'] - base['no']} of {ours['alias']} queries)"
          + (f"; basic-aa,amdgpu-aa: "
             f"{pct(summary['amd upstream']['no'], summary['amd upstream']['alias'])}"
             if t == "amd" else ""))

# Wall time.
rows = []
for n in sizes:
    best, rounds = best_times(n, cmds(n))
    rows.append({"n": n, "rounds": rounds, "raw": best, "net": net_of(best)})

# Instruction counts.
irs = {n: {"raw": raw, "net": net_of(raw)} for n, raw in callgrind_counts(cmds).items()}

def aa_share(net):
    """(ours - basic) / (upstream - basic) on amdgcn, as text: what our AA costs in the
    aa-eval run against what amdgpu-aa costs; "n/a" when upstream's share is not positive
    (wall-time noise swallows it on small modules)."""
    ours, up = net["amd ours"] - net["amd basic"], net["amd upstream"] - net["amd basic"]
    return f"{ours / up:.2f}" if up > 0 else "n/a"

def ratios(net):
    """ours/basic per target, and on amdgcn ours/upstream and the AAs' own shares."""
    return (f"{ratio(net['nv ours'], net['nv basic']):>7.2f} "
            f"{ratio(net['amd ours'], net['amd basic']):>7.2f} "
            f"{ratio(net['amd ours'], net['amd upstream']):>7.2f} {aa_share(net):>6}")

RATIO_HDR = f"{'nv o/b':>7} {'amd o/b':>7} {'ours/up':>7} {'aa/aa':>6}"
STEP_HDR = f"{'nv step':>7} {'amd step':>8}"

def steps(net, prev, digits):
    """ours' net / prev (the previous size's) per target; blank if prev is None."""
    s = {k: f"{ratio(net[k], prev[k]):.{digits}f}x" if prev is not None else "" for k in OURS}
    return f"{s['nv ours']:>7} {s['amd ours']:>8}"

# Wall-time table.
print()
print(f"wall time: {rounds_desc('instructions')}, commands interleaved; raw verify, then net = "
      "raw - verify of the same target; o/b = ours net / basic net (with / without our AA); "
      "ours/up = ours net / upstream net (amdgcn); aa/aa = (ours - basic) / (upstream - basic) "
      "(amdgcn: the two AAs' own cost); times in seconds")
print_header(f"{'instrs':>8} {'runs':>4} {'nv ver':>7} {'basic':>7} {'ours':>7} {'amd ver':>7} "
             f"{'basic':>7} {'ours':>7} {'upstr':>7} {RATIO_HDR} {STEP_HDR}")
for i, r in enumerate(rows):
    raw, net = r["raw"], r["net"]
    prev = rows[i - 1]["net"] if i > 0 else None
    print(f"{r['n']:>8} {r['rounds']:>4} {raw['nv verify']:>7.3f} {net['nv basic']:>7.3f} "
          f"{net['nv ours']:>7.3f} {raw['amd verify']:>7.3f} {net['amd basic']:>7.3f} "
          f"{net['amd ours']:>7.3f} {net['amd upstream']:>7.3f} {ratios(net)} "
          f"{steps(net, prev, 1)}")

# Instruction table.
print()
if instruction_table_title(irs, "; columns as in the wall-time table; /ins = ours net per IR "
                                "instruction"):
    print_header(f"{'instrs':>8} {'nv ver':>8} {'basic':>8} {'ours':>8} {'amd ver':>8} "
                 f"{'basic':>8} {'ours':>8} {'upstr':>8} {RATIO_HDR} {'nv/ins':>6} "
                 f"{'amd/ins':>7} {STEP_HDR}")
    for n, prev in instruction_rows(irs, 8):
        raw, net = irs[n]["raw"], irs[n]["net"]
        M = 1e6
        print(f"{n:>8} {raw['nv verify'] / M:>7.1f}M {net['nv basic'] / M:>7.1f}M "
              f"{net['nv ours'] / M:>7.1f}M {raw['amd verify'] / M:>7.1f}M "
              f"{net['amd basic'] / M:>7.1f}M {net['amd ours'] / M:>7.1f}M "
              f"{net['amd upstream'] / M:>7.1f}M {ratios(net)} {net['nv ours'] / n:>6.0f} "
              f"{net['amd ours'] / n:>7.0f} {steps(net, irs[prev]['net'] if prev else None, 2)}")

# FIRST: the AA before basic-aa. A query it answers (NoAlias) never reaches
# basic-aa, so an AA that answers more saves basic-aa's work; LLVM 20 and
# later register NVPTX's AA there for that reason ("to reduce compile time").
# Ours and upstream's AA in the same place: ours first / upstream first, net
# (amdgcn, and nvptx64 where the LLVM has nvptx-aa), and ours first / basic-aa
# alone.
FIRST = [("amdgcn", "amd", "amdgpu-aa")] + ([("nvptx64", "nv", "nvptx-aa")] if NVPTX_AA else [])
print()
print("the AA first (-aa-pipeline=AA,basic-aa), ours against upstream's in the same place; "
      "net costs; first/up = ours first / upstream first; first/basic = ours first / "
      "basic-aa alone")
for measure, table, fmt in (("instructions", irs, lambda v: f"{v / 1e6:.1f}M"),
                            ("wall time", {r["n"]: r for r in rows}, lambda v: f"{v:.3f}s")):
    if not table:
        continue
    print(f"{measure}:")
    print_header(f"{'instrs':>8} {'target':<8} {'upstream AA':<11} {'basic':>9} "
                 f"{'up first':>9} {'ours first':>10} {'first/up':>8} {'first/basic':>11}")
    for n in sizes:
        if n not in table:
            continue
        net = table[n]["net"]
        for name, t, up_aa in FIRST:
            print(f"{n:>8} {name:<8} {up_aa:<11} {fmt(net[f'{t} basic']):>9} "
                  f"{fmt(net[f'{t} upfirst']):>9} {fmt(net[f'{t} first']):>10} "
                  f"{ratio(net[f'{t} first'], net[f'{t} upfirst']):>8.3f} "
                  f"{ratio(net[f'{t} first'], net[f'{t} basic']):>11.3f}")

# Verdict, step by step: instructions where both sizes have them, else wall time.
print()
ok = True
for a, b, size_ratio, allowed, measure in scaling_steps(rows, irs):
    if measure == "instructions":
        na, nb = irs[a["n"]]["net"], irs[b["n"]]["net"]
    else:
        na, nb = a["net"], b["net"]
    t = {k: ratio(nb[k], na[k]) for k in na}
    passed = all(t[k] <= allowed for k in OURS)
    ok &= passed
    print(f"scaling {b['n']}/{a['n']}: {'PASS' if passed else 'FAIL'} decided by {measure}: "
          f"size x{size_ratio:g}, ours net x{t['nv ours']:.2f} (nvptx64), "
          f"x{t['amd ours']:.2f} (amdgcn) (allowed x{allowed:g}); basic x{t['nv basic']:.2f}, "
          f"upstream x{t['amd upstream']:.2f}")

# Against upstream's AMDGPU AA: reported, never fatal.
for r in rows:
    n = r["n"]
    net, by = r["net"], "wall time"
    if n in irs:  # instruction counts do not depend on load: they decide
        net, by = irs[n]["net"], "instructions"
    print(f"amdgcn at {n}, by {by}: aa-eval with ours costs "
          f"{ratio(net['amd ours'], net['amd upstream']):.2f}x aa-eval with amdgpu-aa "
          f"(net); our AA's own share / amdgpu-aa's: {aa_share(net)} (information only)")
if any(n >= LARGE for n in sizes):
    print(f"note: wall time at {LARGE} instructions on a small shared machine is noisy"
          + ("" if callgrind_1m else
             "; GPUCC_BENCH_CALLGRIND_1M=1 decides that step on instruction counts") + ".")
finish(ok, "gpucc-memspace-aa")
PY

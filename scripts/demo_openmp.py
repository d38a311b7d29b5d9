#!/usr/bin/env python3
"""The table of scripts/demo-openmp.sh: per OpenMP kernel, the OpenMP device
runtime calls left in its device IR and what ptxas reports for it (registers,
shared memory, barriers), stock clang next to clang with the plugin.

usage: demo_openmp.py --label TEXT STOCK_LL STOCK_PTXAS PLUGIN_LL PLUGIN_PTXAS

*_LL: the device IR of the device compile (clang -S -emit-llvm); a kernel's
runtime calls are the `call ... @__kmpc_*` sites in the kernel and in every
function defined in the module that it reaches (its outlined regions).
*_PTXAS: the text of `ptxas -v` on the device code (its entry-function reports).
"""
import argparse
import re
import sys

DEFINE = re.compile(r"^define [^@]*@([\w.$]+)\(")
REF = re.compile(r"@([\w.$]+)")
KMPC_CALL = re.compile(r"\bcall\b[^@]*@(__kmpc_\w+)\(")


def functions(ll_text):
    """Maps each defined function's name to its body lines."""
    bodies, current = {}, None
    for line in ll_text.splitlines():
        m = DEFINE.match(line)
        if m:
            current = m.group(1)
            bodies[current] = [line]
        elif current is not None:
            bodies[current].append(line)
            if line.startswith("}"):
                current = None
    return bodies


def kmpc_calls(ll_text):
    """Maps each kernel to its reachable __kmpc_ call sites."""
    bodies = functions(ll_text)
    # A kernel has its launch data beside it: @K_exec_mode (LLVM 16) or
    # @K_kernel_environment (LLVM 17+); outlined regions share the prefix.
    launch = set(re.findall(r"^@([\w.$]+?)_(?:exec_mode|kernel_environment) =", ll_text, re.M))
    result = {}
    for kernel in sorted(n for n in bodies if n in launch):
        seen, todo, calls = {kernel}, [kernel], []
        while todo:
            for line in bodies[todo.pop()][1:]:
                calls += KMPC_CALL.findall(line)
                for ref in REF.findall(line):
                    if ref in bodies and ref not in seen:
                        seen.add(ref)
                        todo.append(ref)
        result[kernel] = calls
    return result


def ptxas_figures(text):
    """Maps each entry function to (registers, shared bytes, barriers)."""
    figures, entries, entry = {}, set(), None
    for line in text.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            entry = m.group(1)
            entries.add(entry)
            continue
        # Device functions (the runtime's, when not inlined) have reports too.
        m = re.search(r"Function properties for (\S+)", line)
        if m:
            entry = m.group(1) if m.group(1) in entries else None
            continue
        m = re.search(r"Used (\d+) registers", line)
        if m and entry:
            smem = re.search(r"(\d+) bytes smem", line)
            bars = re.search(r"used (\d+) barriers", line)
            figures[entry] = (int(m.group(1)), int(smem.group(1)) if smem else 0,
                              int(bars.group(1)) if bars else 0)
            entry = None
    return figures


def summary(calls):
    """`N (name xK, ...)` for a list of call names."""
    if not calls:
        return "0"
    counts = {}
    for c in calls:
        counts[c] = counts.get(c, 0) + 1
    return f"{len(calls)} (" + ", ".join(
        f"{n}" + (f" x{k}" if k > 1 else "") for n, k in sorted(counts.items())) + ")"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--label", required=True)
    ap.add_argument("stock_ll")
    ap.add_argument("stock_ptxas")
    ap.add_argument("plugin_ll")
    ap.add_argument("plugin_ptxas")
    a = ap.parse_args()
    read = lambda p: open(p, encoding="utf-8", errors="replace").read()
    calls = {"stock": kmpc_calls(read(a.stock_ll)), "plugin": kmpc_calls(read(a.plugin_ll))}
    regs = {"stock": ptxas_figures(read(a.stock_ptxas)),
            "plugin": ptxas_figures(read(a.plugin_ptxas))}
    kernels = sorted(set(calls["stock"]) | set(calls["plugin"]))
    if not kernels:
        print(f"{a.label}: no OpenMP kernel in the device IR", file=sys.stderr)
        return 1
    print(f"== {a.label}")
    for k in kernels:
        print(f"kernel {k}")
        for cfg in ("stock", "plugin"):
            r = regs[cfg].get(k)
            ptx = (f"{r[0]} registers, {r[1]} B shared, {r[2]} barriers" if r
                   else "no ptxas report")
            print(f"  {cfg:6}  __kmpc_ calls {summary(calls[cfg].get(k, []))}; {ptx}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

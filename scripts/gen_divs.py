#!/usr/bin/env python3
"""Generate an NVPTX module with many 64-bit divisions, for scripts/bench-bypass.sh.

The module has ceil(N / per_function) functions. Each takes 16 i64 arguments and
divides pairs of them, so no operand is constant and nothing folds: the k-th
operation of a function is sdiv, srem, udiv, urem for k = 0, 1, 2, 3 (mod 4),
and operations 2m and 2m+1 share operands (a div/rem pair, which the bypass
guards with a single check). Every result feeds a running sum that the function
returns, so nothing is dead. All operations sit in the entry block; the bypass
splits it once per check.

usage: gen_divs.py N [--per-function K] [-o FILE]
"""
import argparse
import itertools
import sys

DATALAYOUT = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
TRIPLE = "nvptx64-nvidia-cuda"
NARGS = 16
OPS = ("sdiv", "srem", "udiv", "urem")
# Ordered pairs of distinct arguments: 240 of them, enough for 480 operations
# per function before an operand pair repeats.
PAIRS = [(i, j) for i, j in itertools.permutations(range(NARGS), 2)]


def function(out, index, count):
    args = ", ".join(f"i64 %a{i}" for i in range(NARGS))
    out.write(f"define i64 @divs{index}({args}) {{\nentry:\n")
    acc = None
    for k in range(count):
        x, y = PAIRS[(k // 2) % len(PAIRS)]
        out.write(f"  %d{k} = {OPS[k % 4]} i64 %a{x}, %a{y}\n")
        if acc is None:
            acc = f"%d{k}"
        else:
            out.write(f"  %s{k} = add i64 {acc}, %d{k}\n")
            acc = f"%s{k}"
    out.write(f"  ret i64 {acc}\n}}\n\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of i64 divisions/remainders")
    ap.add_argument("--per-function", type=int, default=100)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    if a.n < 1 or a.per_function < 1:
        ap.error("N and --per-function must be positive")
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    with out:
        out.write(f"; {a.n} i64 divisions/remainders, {a.per_function} per function\n")
        out.write(f'target datalayout = "{DATALAYOUT}"\n')
        out.write(f'target triple = "{TRIPLE}"\n\n')
        left, index = a.n, 0
        while left > 0:
            count = min(left, a.per_function)
            function(out, index, count)
            left -= count
            index += 1


if __name__ == "__main__":
    main()

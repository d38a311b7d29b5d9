; The user's path (clang -O3 -fpass-plugin) on the transpose of the
; benchmark corpus: clang hoists the common test `x < w` around the
; unrolled copies into the tile; gpucc-flatten-guards folds it back into
; each copy's own test, so each copy branches on one `and.pred` (LLVM 16) or
; `or.pred` (LLVM 22, of the negated tests) of the two tests, and no branch
; skips several copies at once before the barrier (ptxas then needs no
; BSSY/BSYNC reconvergence there: 80 -> 76 SASS instructions on LLVM 16,
; `scripts/bench-userpath.sh transpose_tile`). Stock clang keeps the nested
; form: LLVM 16 combines no copy's tests, LLVM 22 only the first copy's.
; awk counts, before the barrier, the predicate combinations and the
; conditional branches.
;
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
; RUN:     --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/transpose_tile.cu -o %t.plugin.ptx
; RUN: awk '/bar[.]sync/ { exit } /(and|or)[.]pred/ { c++ } /^[ \t]*@.* bra/ { b++ } END { print "combined", c + 0, "branches", b + 0 }' \
; RUN:     %t.plugin.ptx | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/transpose_tile.cu -o %t.stock.ptx
; RUN: awk '/bar[.]sync/ { exit } /(and|or)[.]pred/ { c++ } /^[ \t]*@.* bra/ { b++ } END { print "combined", c + 0, "branches", b + 0 }' \
; RUN:     %t.stock.ptx | FileCheck --check-prefix=STOCK %s
;
; Four copies, each guarded by its own combined test, one branch each.
; CHECK: combined 4 branches 4
; Stock: fewer combined tests, and a branch around the nested copies.
; STOCK: combined {{[0-1]}} branches 5

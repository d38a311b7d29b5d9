; The user's path (clang -O3 -fpass-plugin) on the grid-stride reduction of
; the benchmark corpus: gpucc-unroll-grid-stride, at the vectorizer-start
; point, asks LLVM's unroller to unroll the loop 8 times (LLVM's own runtime
; count for its size); it pays the trip count's division once and reads
; eight elements per trip. Stock clang keeps
; one load per trip and no division. awk prints how many loads each block
; has.
;
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
; RUN:     --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/reduce_shared.cu -o %t.plugin.ptx
; RUN: FileCheck --check-prefix=DIV %s < %t.plugin.ptx
; RUN: FileCheck --check-prefix=NC %s < %t.plugin.ptx
; RUN: awk '/^[$]L__BB/ { b = $1 } /ld[.]global[.](nc[.])?[bf]32/ { n[b]++ } END { for (k in n) print "loads", k, n[k] }' \
; RUN:     %t.plugin.ptx | sort | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/reduce_shared.cu -o %t.stock.ptx
; RUN: awk '/^[$]L__BB/ { b = $1 } /ld[.]global[.](nc[.])?[bf]32/ { n[b]++ } END { for (k in n) print "loads", k, n[k] }' \
; RUN:     %t.stock.ptx | sort | FileCheck --check-prefix=STOCK %s
; RUN: FileCheck --check-prefix=STOCKDIV %s < %t.stock.ptx
;
; DIV: div.u{{32|64}}
; Every read of `in`, the eighth copy's too (eight GEPs from the argument,
; beyond what llc looks through), goes through the read-only cache: the
; work of gpucc-invariant-loads.
; NC-NOT: ld.global.{{[bf]}}32
; CHECK: loads $L__BB0_{{[0-9]+}}: 8
; STOCK-NOT: loads {{.*}}: 8
; STOCK: loads $L__BB0_{{[0-9]+}}: 1
; STOCK-NOT: loads
; STOCKDIV-NOT: div.u

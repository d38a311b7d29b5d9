; The user's path (clang -O3 -fpass-plugin) on the 7-point stencil of the
; benchmark corpus: gpucc-rotate-loads carries the centre and the lower
; plane from the previous z step, so the loop loads 5 values per step
; instead of 7. awk prints how many global loads each block has.
;
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
; RUN:     --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/stencil3d_7pt.cu -o %t.plugin.ptx
; RUN: awk '/^[$]L__BB/ { b = $1 } /ld[.]global[.]nc[.][bf]32/ { n[b]++ } END { for (k in n) print "loads", k, n[k] }' \
; RUN:     %t.plugin.ptx | sort | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/stencil3d_7pt.cu -o %t.stock.ptx
; RUN: awk '/^[$]L__BB/ { b = $1 } /ld[.]global[.]nc[.][bf]32/ { n[b]++ } END { for (k in n) print "loads", k, n[k] }' \
; RUN:     %t.stock.ptx | sort | FileCheck --check-prefix=STOCK %s
;
; The loop's block has 5 loads; the other two loads of the first step
; are in the preheader's block.
; CHECK: loads $L__BB0_{{[0-9]+}}: 5
; STOCK: loads $L__BB0_{{[0-9]+}}: 7

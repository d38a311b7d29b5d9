; The graph-to-kernel path end to end on examples/hpvm/conv1d.c: clang -O0
; (HPVM-C), gpucc-hpvm-gen, SROA/InstCombine, gpucc-hpvm-lower<constmem>,
; the O3 pipeline and llc. Kernel `leaf` reads the tile with ld.shared and
; the coefficients and input with ld.global; `leaf_const` reads the
; coefficients with ld.const; both synchronize once with bar.sync 0.
;
; RUN: clang --target=nvptx64-nvidia-cuda -x c -O0 -Xclang -disable-O0-optnone \
; RUN:     -include %S/../../../include/hpvm.h -S -emit-llvm \
; RUN:     %S/../../../examples/hpvm/conv1d.c -o %t.ll
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-hpvm-gen,function(sroa,instcombine,simplifycfg),gpucc-hpvm-lower<constmem>,default<O3>' \
; RUN:     %t.ll -o %t.bc
; RUN: llc -mcpu=sm_80 %t.bc -o %t.ptx
; RUN: awk '/^[.]visible [.]entry/ { k = $3 } /ld[.](shared|const|global)|bar[.]sync/ { split($1, a, "."); print k, a[1] "." a[2] }' \
; RUN:     %t.ptx | sort -u | FileCheck %s

; CHECK:      leaf( bar.sync
; CHECK-NEXT: leaf( ld.global
; CHECK-NEXT: leaf( ld.shared
; CHECK-NEXT: leaf_const( bar.sync
; CHECK-NEXT: leaf_const( ld.const
; CHECK-NEXT: leaf_const( ld.global
; CHECK-NEXT: leaf_const( ld.shared

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s \
; RUN:   | llc -march=nvptx64 -mcpu=sm_80 | FileCheck --check-prefix=PTX %s
;
; The paper's running example (gpucc §3.4, Figures 5 and 6): the 3x3 stencil
;   for x, y in {0, 1, 2}: s += a[(c + y) + (b + x) * n]
; fully unrolled. The input below is that loop nest's IR (each address
; computed from scratch, nsw arithmetic, inbounds GEPs) after upstream
; `opt -passes=separate-const-offset-from-gep,slsr,gvn`: the y offsets are
; GEP constants off each row's base &a[(c) + (b + x) * n], and SLSR made
; the row products b*n, b*n + n, b*n + 2n. Each row base is still a fresh
; &a[c + (b*n + k*n)]. Global reassociation sees that the previous row base
; already computes &a[c + b*n + (k-1)*n] and makes each row one GEP by n from
; the last: Figure 6's shape. The 9 loads then address [%rd], [%rd+4],
; [%rd+8] off three row registers, each one add from the last.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @stencil(
; CHECK:         %m00 = mul nsw i64 %b, %n
; CHECK-NEXT:    %i00 = add i64 %c, %m00
; CHECK-NEXT:    %p00 = getelementptr float, ptr %a, i64 %i00
; CHECK:         %p10 = getelementptr float, ptr %p00, i64 %n
; CHECK:         %p20 = getelementptr float, ptr %p10, i64 %n
; CHECK-NOT:     %m10 =
; CHECK-NOT:     %i20 =
; CHECK:         ret float
; What the PTX gains: one multiplication (b * n); each row is the last one
; plus 4n bytes. (llc's own NVPTX pipeline runs LLVM's straight-line passes
; too, so this shape is what users get either way; the IR checks above are
; the ones that pin this pass. LLVM 22's llc folds the add into a mad and
; loads floats as b32.)
; PTX-LABEL: .func {{.*}}stencil(
; PTX:         {{mul|mad}}.lo.s64
; PTX-NOT:     {{mul|mad}}.lo.s64
; PTX:         ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW0:%rd[0-9]+]]{{\]}};
; PTX:         ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW0]]+4{{\]}};
; PTX:         ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW0]]+8{{\]}};
; PTX:         add.s64 [[ROW1:%rd[0-9]+]], [[ROW0]], [[STRIDE:%rd[0-9]+]];
; PTX-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW1]]{{\]}};
; PTX:         ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW1]]+8{{\]}};
; PTX:         add.s64 [[ROW2:%rd[0-9]+]], [[ROW1]], [[STRIDE]];
; PTX-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW2]]{{\]}};
; PTX:         ld.{{f32|b32}} {{%[fr][0-9]+}}, {{\[}}[[ROW2]]+8{{\]}};
; PTX-NOT:     {{mul|mad}}.lo.s64
define float @stencil(ptr %a, i64 %b, i64 %c, i64 %n) {
entry:
  %m00 = mul nsw i64 %b, %n
  %i00 = add i64 %c, %m00
  %p00 = getelementptr float, ptr %a, i64 %i00
  %v00 = load float, ptr %p00, align 4
  %s00 = fadd float 0.000000e+00, %v00
  %p013 = getelementptr inbounds float, ptr %p00, i64 1
  %v01 = load float, ptr %p013, align 4
  %s01 = fadd float %s00, %v01
  %p026 = getelementptr inbounds float, ptr %p00, i64 2
  %v02 = load float, ptr %p026, align 4
  %s02 = fadd float %s01, %v02
  %m10 = add i64 %m00, %n
  %i10 = add i64 %c, %m10
  %p10 = getelementptr float, ptr %a, i64 %i10
  %v10 = load float, ptr %p10, align 4
  %s10 = fadd float %s02, %v10
  %p119 = getelementptr inbounds float, ptr %p10, i64 1
  %v11 = load float, ptr %p119, align 4
  %s11 = fadd float %s10, %v11
  %p1212 = getelementptr inbounds float, ptr %p10, i64 2
  %v12 = load float, ptr %p1212, align 4
  %s12 = fadd float %s11, %v12
  %m20 = add i64 %m10, %n
  %i20 = add i64 %c, %m20
  %p20 = getelementptr float, ptr %a, i64 %i20
  %v20 = load float, ptr %p20, align 4
  %s20 = fadd float %s12, %v20
  %p2115 = getelementptr inbounds float, ptr %p20, i64 1
  %v21 = load float, ptr %p2115, align 4
  %s21 = fadd float %s20, %v21
  %p2218 = getelementptr inbounds float, ptr %p20, i64 2
  %v22 = load float, ptr %p2218, align 4
  %s22 = fadd float %s21, %v22
  ret float %s22
}

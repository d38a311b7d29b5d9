; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -disable-separate-const-offset-from-gep \
; RUN:   | FileCheck %s
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -disable-separate-const-offset-from-gep %s -o - \
; RUN:   | FileCheck --check-prefix=UNSPLIT%llvm %s
;
; The paper's Figure 5 (a fully unrolled 3x3 submatrix load, int indices) in
; PTX. After the split, each row has one base register and the column
; offsets ride in the loads' immediates: `ld.f32 [%rd+4]`, `[%rd+8]`
; (`ld.b32` in LLVM 22). llc's own copy of the upstream pass is switched
; off in both runs (-disable-separate-const-offset-from-gep, which
; upstream's pass reads), so the difference is this pass; llc's SLSR and GVN
; still run in both.
;
; CHECK-LABEL: submatrix_i32(
; CHECK:         ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0:%rd[0-9]+]]];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0]]+4];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0]]+8];
; CHECK:         ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1:%rd[0-9]+]]];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1]]+4];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1]]+8];
; CHECK:         ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW2:%rd[0-9]+]]];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW2]]+4];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW2]]+8];
;
; Without the split, LLVM 16's llc computes every load's address itself.
; LLVM 22's folds these offsets on its own, so there only the split's result
; is pinned.
; UNSPLIT16-LABEL: submatrix_i32(
; UNSPLIT16-NOT:   +4]
; UNSPLIT16-NOT:   +8]
; UNSPLIT16:       ret;
; UNSPLIT22-LABEL: submatrix_i32(
; UNSPLIT22:       ret;

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @submatrix_i32(ptr %a, i32 %b, i32 %c, i32 %n) {
entry:
  %row0 = mul nsw i32 %b, %n
  %i00 = add nsw i32 %c, %row0
  %e00 = sext i32 %i00 to i64
  %p00 = getelementptr inbounds float, ptr %a, i64 %e00
  %v00 = load float, ptr %p00, align 4
  %c1 = add nsw i32 %c, 1
  %i01 = add nsw i32 %c1, %row0
  %e01 = sext i32 %i01 to i64
  %p01 = getelementptr inbounds float, ptr %a, i64 %e01
  %v01 = load float, ptr %p01, align 4
  %c2 = add nsw i32 %c, 2
  %i02 = add nsw i32 %c2, %row0
  %e02 = sext i32 %i02 to i64
  %p02 = getelementptr inbounds float, ptr %a, i64 %e02
  %v02 = load float, ptr %p02, align 4
  %b1 = add nsw i32 %b, 1
  %row1 = mul nsw i32 %b1, %n
  %i10 = add nsw i32 %c, %row1
  %e10 = sext i32 %i10 to i64
  %p10 = getelementptr inbounds float, ptr %a, i64 %e10
  %v10 = load float, ptr %p10, align 4
  %i11 = add nsw i32 %c1, %row1
  %e11 = sext i32 %i11 to i64
  %p11 = getelementptr inbounds float, ptr %a, i64 %e11
  %v11 = load float, ptr %p11, align 4
  %i12 = add nsw i32 %c2, %row1
  %e12 = sext i32 %i12 to i64
  %p12 = getelementptr inbounds float, ptr %a, i64 %e12
  %v12 = load float, ptr %p12, align 4
  %b2 = add nsw i32 %b, 2
  %row2 = mul nsw i32 %b2, %n
  %i20 = add nsw i32 %c, %row2
  %e20 = sext i32 %i20 to i64
  %p20 = getelementptr inbounds float, ptr %a, i64 %e20
  %v20 = load float, ptr %p20, align 4
  %i21 = add nsw i32 %c1, %row2
  %e21 = sext i32 %i21 to i64
  %p21 = getelementptr inbounds float, ptr %a, i64 %e21
  %v21 = load float, ptr %p21, align 4
  %i22 = add nsw i32 %c2, %row2
  %e22 = sext i32 %i22 to i64
  %p22 = getelementptr inbounds float, ptr %a, i64 %e22
  %v22 = load float, ptr %p22, align 4
  %s0 = fadd float %v00, %v01
  %s1 = fadd float %s0, %v02
  %s2 = fadd float %s1, %v10
  %s3 = fadd float %s2, %v11
  %s4 = fadd float %s3, %v12
  %s5 = fadd float %s4, %v20
  %s6 = fadd float %s5, %v21
  %s7 = fadd float %s6, %v22
  ret float %s7
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefix=DEAD %s
;
; The paper's Figure 5: a fully unrolled 3x3 submatrix load,
;   for x in 0..3: for y in 0..3: sum += a[(c + y) + (b + x) * n];
; and what this pass alone does to it (Figure 6 is the result of the whole
; §3.4 trio). Every load whose index holds a constant y gets the row's
; variadic base `c + (b + x) * n` and a constant offset of y floats, which
; the backend folds into `ld.f32 [%rd+4*y]`. The rows stay separate: a
; constant under `* n` cannot leave the multiply (that is SLSR's job). The
; rebuilt bases equal the y = 0 address, ready for GVN or EarlyCSE.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; 64-bit indices: `(c + y) + row` splits into `c + row`, plus y.
; CHECK-LABEL: @submatrix_i64(
; CHECK:         %row0 = mul i64 %b, %n
; CHECK-NEXT:    %i00 = add i64 %c, %row0
; CHECK-NEXT:    %p00 = getelementptr inbounds float, ptr %a, i64 %i00
; CHECK-NEXT:    %v00 = load float, ptr %p00
; CHECK-NEXT:    [[I01:%.*]] = add i64 %c, %row0
; CHECK-NEXT:    [[B01:%.*]] = getelementptr float, ptr %a, i64 [[I01]]
; V16-NEXT:      %p01 = getelementptr float, ptr [[B01]], i64 1
; V22-NEXT:      %p01 = getelementptr i8, ptr [[B01]], i64 4
; CHECK-NEXT:    %v01 = load float, ptr %p01
; CHECK-NEXT:    [[I02:%.*]] = add i64 %c, %row0
; CHECK-NEXT:    [[B02:%.*]] = getelementptr float, ptr %a, i64 [[I02]]
; V16-NEXT:      %p02 = getelementptr float, ptr [[B02]], i64 2
; V22-NEXT:      %p02 = getelementptr i8, ptr [[B02]], i64 8
; CHECK:         %row1 = mul i64 %b1, %n
; CHECK-NEXT:    %i10 = add i64 %c, %row1
; CHECK-NEXT:    %p10 = getelementptr inbounds float, ptr %a, i64 %i10
; CHECK:         [[I11:%.*]] = add i64 %c, %row1
; CHECK-NEXT:    [[B11:%.*]] = getelementptr float, ptr %a, i64 [[I11]]
; V16-NEXT:      %p11 = getelementptr float, ptr [[B11]], i64 1
; V22-NEXT:      %p11 = getelementptr i8, ptr [[B11]], i64 4
; CHECK:         [[I12:%.*]] = add i64 %c, %row1
; CHECK-NEXT:    [[B12:%.*]] = getelementptr float, ptr %a, i64 [[I12]]
; V16-NEXT:      %p12 = getelementptr float, ptr [[B12]], i64 2
; V22-NEXT:      %p12 = getelementptr i8, ptr [[B12]], i64 8
; CHECK:         %row2 = mul i64 %b2, %n
; CHECK-NEXT:    %i20 = add i64 %c, %row2
; CHECK-NEXT:    %p20 = getelementptr inbounds float, ptr %a, i64 %i20
; CHECK:         [[I21:%.*]] = add i64 %c, %row2
; CHECK-NEXT:    [[B21:%.*]] = getelementptr float, ptr %a, i64 [[I21]]
; V16-NEXT:      %p21 = getelementptr float, ptr [[B21]], i64 1
; V22-NEXT:      %p21 = getelementptr i8, ptr [[B21]], i64 4
; CHECK:         [[I22:%.*]] = add i64 %c, %row2
; CHECK-NEXT:    [[B22:%.*]] = getelementptr float, ptr %a, i64 [[I22]]
; V16-NEXT:      %p22 = getelementptr float, ptr [[B22]], i64 2
; V22-NEXT:      %p22 = getelementptr i8, ptr [[B22]], i64 8
; CHECK:         ret float
define float @submatrix_i64(ptr %a, i64 %b, i64 %c, i64 %n) {
entry:
  %row0 = mul i64 %b, %n
  %i00 = add i64 %c, %row0
  %p00 = getelementptr inbounds float, ptr %a, i64 %i00
  %v00 = load float, ptr %p00, align 4
  %c1 = add i64 %c, 1
  %i01 = add i64 %c1, %row0
  %p01 = getelementptr inbounds float, ptr %a, i64 %i01
  %v01 = load float, ptr %p01, align 4
  %c2 = add i64 %c, 2
  %i02 = add i64 %c2, %row0
  %p02 = getelementptr inbounds float, ptr %a, i64 %i02
  %v02 = load float, ptr %p02, align 4
  %b1 = add i64 %b, 1
  %row1 = mul i64 %b1, %n
  %i10 = add i64 %c, %row1
  %p10 = getelementptr inbounds float, ptr %a, i64 %i10
  %v10 = load float, ptr %p10, align 4
  %i11 = add i64 %c1, %row1
  %p11 = getelementptr inbounds float, ptr %a, i64 %i11
  %v11 = load float, ptr %p11, align 4
  %i12 = add i64 %c2, %row1
  %p12 = getelementptr inbounds float, ptr %a, i64 %i12
  %v12 = load float, ptr %p12, align 4
  %b2 = add i64 %b, 2
  %row2 = mul i64 %b2, %n
  %i20 = add i64 %c, %row2
  %p20 = getelementptr inbounds float, ptr %a, i64 %i20
  %v20 = load float, ptr %p20, align 4
  %i21 = add i64 %c1, %row2
  %p21 = getelementptr inbounds float, ptr %a, i64 %i21
  %v21 = load float, ptr %p21, align 4
  %i22 = add i64 %c2, %row2
  %p22 = getelementptr inbounds float, ptr %a, i64 %i22
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

; 32-bit indices as clang emits them for `int`: sext((c +nsw y) +nsw row).
; The sext distributes over the nsw adds, the 1 or 2 leaves, and
; `sext c + sext row` is reunited with the y = 0 index into `sext(%i00)`:
; the same value as the y = 0 address.
; CHECK-LABEL: @submatrix_i32(
; CHECK:         %row0 = mul nsw i32 %b, %n
; CHECK-NEXT:    %i00 = add nsw i32 %c, %row0
; CHECK-NEXT:    %e00 = sext i32 %i00 to i64
; CHECK-NEXT:    %p00 = getelementptr inbounds float, ptr %a, i64 %e00
; CHECK-NEXT:    %v00 = load float, ptr %p00
; CHECK-NEXT:    [[E01:%.*]] = sext i32 %i00 to i64
; CHECK-NEXT:    [[B01:%.*]] = getelementptr float, ptr %a, i64 [[E01]]
; V16-NEXT:      %p01 = getelementptr float, ptr [[B01]], i64 1
; V22-NEXT:      %p01 = getelementptr i8, ptr [[B01]], i64 4
; CHECK-NEXT:    %v01 = load float, ptr %p01
; CHECK-NEXT:    [[E02:%.*]] = sext i32 %i00 to i64
; CHECK-NEXT:    [[B02:%.*]] = getelementptr float, ptr %a, i64 [[E02]]
; V16-NEXT:      %p02 = getelementptr float, ptr [[B02]], i64 2
; V22-NEXT:      %p02 = getelementptr i8, ptr [[B02]], i64 8
; CHECK:         %i10 = add nsw i32 %c, %row1
; CHECK-NEXT:    %e10 = sext i32 %i10 to i64
; CHECK:         [[E11:%.*]] = sext i32 %i10 to i64
; CHECK-NEXT:    [[B11:%.*]] = getelementptr float, ptr %a, i64 [[E11]]
; V16-NEXT:      %p11 = getelementptr float, ptr [[B11]], i64 1
; V22-NEXT:      %p11 = getelementptr i8, ptr [[B11]], i64 4
; CHECK:         [[E12:%.*]] = sext i32 %i10 to i64
; CHECK-NEXT:    [[B12:%.*]] = getelementptr float, ptr %a, i64 [[E12]]
; V16-NEXT:      %p12 = getelementptr float, ptr [[B12]], i64 2
; V22-NEXT:      %p12 = getelementptr i8, ptr [[B12]], i64 8
; CHECK:         %i20 = add nsw i32 %c, %row2
; CHECK-NEXT:    %e20 = sext i32 %i20 to i64
; CHECK-NEXT:    %p20 = getelementptr inbounds float, ptr %a, i64 %e20
; CHECK:         [[E21:%.*]] = sext i32 %i20 to i64
; CHECK-NEXT:    [[B21:%.*]] = getelementptr float, ptr %a, i64 [[E21]]
; V16-NEXT:      %p21 = getelementptr float, ptr [[B21]], i64 1
; V22-NEXT:      %p21 = getelementptr i8, ptr [[B21]], i64 4
; CHECK:         [[E22:%.*]] = sext i32 %i20 to i64
; CHECK-NEXT:    [[B22:%.*]] = getelementptr float, ptr %a, i64 [[E22]]
; V16-NEXT:      %p22 = getelementptr float, ptr [[B22]], i64 2
; V22-NEXT:      %p22 = getelementptr i8, ptr [[B22]], i64 8
; CHECK:         ret float

; The `c + y` adds died with the old indices, and nothing else is left over.
; DEAD-NOT: add {{(nsw )?}}i{{32|64}} %c, {{1|2}}
; DEAD-NOT: sext i32 %c
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

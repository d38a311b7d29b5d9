; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-missed=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=MISSED %s
;
; &p[i + j] becomes &D[j] when a dominating D = &p[i] exists (either split of
; the add). An index sext(i + j) splits only when the add cannot overflow as
; a signed add (nsw, or known from the operands); zext(i + j) only when
; i + j is known non-negative. The rest of the index is scaled from the
; indexed type to the result's element type. Refused: non-dominating D,
; element sizes that do not divide (foldable GEPs: refuses-foldable-gep.ll).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)
declare void @llvm.assume(i1)

; CHECK-LABEL: @reuses_dominating_gep(
; CHECK:         %d = getelementptr float, ptr %p, i64 %i
; CHECK-NEXT:    call void @use(ptr %d)
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 %j
; CHECK-NEXT:    call void @use(ptr %g)
define void @reuses_dominating_gep(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr float, ptr %p, i64 %i
  call void @use(ptr %d)
  %ij = add i64 %j, %i
  %g = getelementptr float, ptr %p, i64 %ij
  call void @use(ptr %g)
  ret void
}

; sext(i +nsw j) = sext(i) + sext(j): the rest is sign-extended.
; CHECK-LABEL: @splits_sext_of_nsw_add(
; CHECK:         %d = getelementptr float, ptr %p, i64 %si
; CHECK:         [[SJ:%.*]] = sext i32 %j to i64
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[SJ]]
define void @splits_sext_of_nsw_add(ptr %p, i32 %i, i32 %j) {
  %si = sext i32 %i to i64
  %d = getelementptr float, ptr %p, i64 %si
  call void @use(ptr %d)
  %ij = add nsw i32 %i, %j
  %s = sext i32 %ij to i64
  %g = getelementptr float, ptr %p, i64 %s
  call void @use(ptr %g)
  ret void
}

; zext of a sum known non-negative (assumptions): i + j cannot overflow, and
; D indexes with zext(i), as InstCombine writes a sext of a non-negative i.
; CHECK-LABEL: @splits_zext_of_non_negative_add(
; CHECK:         %d = getelementptr float, ptr %p, i64 %zi
; CHECK:         [[SJ:%.*]] = sext i32 %j to i64
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[SJ]]
define void @splits_zext_of_non_negative_add(ptr %p, i32 %i, i32 %j) {
  %inn = icmp sgt i32 %i, -1
  call void @llvm.assume(i1 %inn)
  %ij = add i32 %i, %j
  %ijnn = icmp sgt i32 %ij, -1
  call void @llvm.assume(i1 %ijnn)
  %zi = zext i32 %i to i64
  %d = getelementptr float, ptr %p, i64 %zi
  call void @use(ptr %d)
  %z = zext i32 %ij to i64
  %g = getelementptr float, ptr %p, i64 %z
  call void @use(ptr %g)
  ret void
}

; Row index of a 2-D array: one row is 32 floats, so j moves 32 elements.
; CHECK-LABEL: @scales_row_index(
; CHECK:         %d = getelementptr [32 x float], ptr %p, i64 %i, i64 %k
; CHECK:         [[J32:%.*]] = mul i64 %j, 32
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[J32]]
define void @scales_row_index(ptr %p, i64 %i, i64 %j, i64 %k) {
  %d = getelementptr [32 x float], ptr %p, i64 %i, i64 %k
  call void @use(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr [32 x float], ptr %p, i64 %ij, i64 %k
  call void @use(ptr %g)
  ret void
}

; A constant rest is folded: {float, float}[i + 3].x is D + 6 floats.
; CHECK-LABEL: @folds_constant_rest(
; CHECK:         %d = getelementptr { float, float }, ptr %p, i64 %i
; CHECK:         %g = getelementptr float, ptr %d, i64 6
define void @folds_constant_rest(ptr %p, i64 %i) {
  %d = getelementptr { float, float }, ptr %p, i64 %i
  call void @use(ptr %d)
  %i3 = add i64 %i, 3
  %g = getelementptr { float, float }, ptr %p, i64 %i3, i32 0
  call void @use(ptr %g)
  ret void
}

; A wide index is truncated to the 64-bit index type.
; CHECK-LABEL: @truncates_wide_index(
; CHECK:         [[TJ:%.*]] = trunc i128 %j to i64
; CHECK-NEXT:    %g = getelementptr float, ptr %d, i64 [[TJ]]
define void @truncates_wide_index(ptr %p, i128 %i, i128 %j) {
  %d = getelementptr float, ptr %p, i128 %i
  call void @use(ptr %d)
  %ij = add i128 %i, %j
  %g = getelementptr float, ptr %p, i128 %ij
  call void @use(ptr %g)
  ret void
}

; Negative: sext(i + j) may differ from sext(i) + sext(j).
; CHECK-LABEL: @refuses_sext_of_wrapping_add(
; CHECK:         %g = getelementptr float, ptr %p, i64 %s
; MISSED: remark: {{.*}}%g: index %ij is not split: the add may overflow
define void @refuses_sext_of_wrapping_add(ptr %p, i32 %i, i32 %j) {
  %si = sext i32 %i to i64
  %d = getelementptr float, ptr %p, i64 %si
  call void @use(ptr %d)
  %ij = add i32 %i, %j
  %s = sext i32 %ij to i64
  %g = getelementptr float, ptr %p, i64 %s
  call void @use(ptr %g)
  ret void
}

; Negative: zext(i + j) of a sum not known non-negative is not a sum.
; CHECK-LABEL: @refuses_zext_of_unknown_sign(
; CHECK:         %g = getelementptr float, ptr %p, i64 %z
define void @refuses_zext_of_unknown_sign(ptr %p, i32 %i, i32 %j) {
  %zi = zext i32 %i to i64
  %d = getelementptr float, ptr %p, i64 %zi
  call void @use(ptr %d)
  %ij = add nsw i32 %i, %j
  %z = zext i32 %ij to i64
  %g = getelementptr float, ptr %p, i64 %z
  call void @use(ptr %g)
  ret void
}

; Negative: &p[i] is computed on one branch only.
; CHECK-LABEL: @refuses_non_dominating_gep(
; CHECK:       join:
; CHECK-NEXT:    %ij = add i64 %i, %j
; CHECK-NEXT:    %g = getelementptr float, ptr %p, i64 %ij
define void @refuses_non_dominating_gep(ptr %p, i64 %i, i64 %j, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %d = getelementptr float, ptr %p, i64 %i
  call void @use(ptr %d)
  br label %join
join:
  %ij = add i64 %i, %j
  %g = getelementptr float, ptr %p, i64 %ij
  call void @use(ptr %g)
  ret void
}

; Negative: a 12-byte row step is not a whole number of 8-byte elements.
; CHECK-LABEL: @refuses_uneven_element_size(
; CHECK:         %g = getelementptr <{ i32, i64 }>, ptr %p, i64 %ij, i32 1
define void @refuses_uneven_element_size(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr <{ i32, i64 }>, ptr %p, i64 %i, i32 1
  call void @use(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr <{ i32, i64 }>, ptr %p, i64 %ij, i32 1
  call void @use(ptr %g)
  ret void
}

; Negative: the result's element type has size zero, so no element count
; reaches D + 4 * j (LLVM 16 divides by that size and crashes).
; CHECK-LABEL: @refuses_zero_sized_element(
; CHECK:         %g = getelementptr { i32, {} }, ptr %p, i64 %ij, i32 1
define void @refuses_zero_sized_element(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr { i32, {} }, ptr %p, i64 %i, i32 1
  call void @use(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr { i32, {} }, ptr %p, i64 %ij, i32 1
  call void @use(ptr %g)
  ret void
}

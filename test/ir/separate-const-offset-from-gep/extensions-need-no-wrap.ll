; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A sext distributes over `add nsw`/`sub nsw` and a zext over `add nuw`/
; `sub nuw`; without the flag the narrow operation may wrap and the
; constant stays inside. The GEPs here are not inbounds, so upstream's
; inbounds exception (tested in sext-add-without-nsw.ll) does not apply.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; sext(i +nsw 1) = sext(i) + 1
; CHECK-LABEL: @sext_of_add_nsw(
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 4
define ptr @sext_of_add_nsw(ptr %p, i32 %i) {
  %a = add nsw i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; sext(i + 1) with i = INT_MAX is INT_MIN, not 2^31: nothing moves.
; CHECK-LABEL: @sext_of_add_without_nsw_refused(
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; CHECK-NEXT:    ret ptr %q
define ptr @sext_of_add_without_nsw_refused(ptr %p, i32 %i) {
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; A narrow index is sign-extended to 64 bits first (as the GEP does), so an
; i32 index needs nsw as well.
; CHECK-LABEL: @narrow_index_needs_nsw(
; CHECK-NEXT:    %a = add i32 %i, 8
; CHECK-NEXT:    %idxprom = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %idxprom
; CHECK-NEXT:    ret ptr %q
define ptr @narrow_index_needs_nsw(ptr %p, i32 %i) {
  %a = add i32 %i, 8
  %q = getelementptr float, ptr %p, i32 %a
  ret ptr %q
}

; zext(i +nuw 3) = zext(i) + 3
; CHECK-LABEL: @zext_of_add_nuw(
; CHECK-NEXT:    [[I:%.*]] = zext i32 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 3
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 12
define ptr @zext_of_add_nuw(ptr %p, i32 %i) {
  %a = add nuw i32 %i, 3
  %s = zext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; nsw does not help a zext.
; CHECK-LABEL: @zext_of_add_nsw_refused(
; CHECK-NEXT:    %a = add nsw i32 %i, 3
; CHECK-NEXT:    %s = zext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
define ptr @zext_of_add_nsw_refused(ptr %p, i32 %i) {
  %a = add nsw i32 %i, 3
  %s = zext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; zext(i -nuw 1) = zext(i) - 1, but a constant subtracted under a zext stays
; where it is, as upstream leaves it (LLVM 16 negated the 1 before extending
; it and offset by +4294967295 floats; LLVM 22 does not trace the sub).
; CHECK-LABEL: @zext_of_sub_nuw_refused(
; CHECK-NEXT:    %a = sub nuw i32 %i, 1
; CHECK-NEXT:    %s = zext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
define ptr @zext_of_sub_nuw_refused(ptr %p, i32 %i) {
  %a = sub nuw i32 %i, 1
  %s = zext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; A constant the zext'ed sub subtracts from is taken: zext(5 -nuw i) =
; 5 - zext(i).
; CHECK-LABEL: @zext_of_sub_from_constant(
; CHECK-NEXT:    [[I:%.*]] = zext i32 %i to i64
; CHECK-NEXT:    [[N:%.*]] = sub i64 0, [[I]]
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[N]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 20
define ptr @zext_of_sub_from_constant(ptr %p, i32 %i) {
  %a = sub nuw i32 5, %i
  %s = zext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; sext(i -nsw INT16_MIN) = sext(i) + 2^15 (LLVM 16: - 2^15).
; CHECK-LABEL: @sext_of_sub_int_min(
; CHECK-NEXT:    [[I:%.*]] = sext i16 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr i8, ptr %p, i64 [[I]]
; CHECK-NEXT:    %q = getelementptr i8, ptr [[BASE]], i64 32768
define ptr @sext_of_sub_int_min(ptr %p, i16 %i) {
  %a = sub nsw i16 %i, -32768
  %s = sext i16 %a to i64
  %q = getelementptr i8, ptr %p, i64 %s
  ret ptr %q
}

; sext(zext(a +nuw 3)) = zext(a) + 3: the zext makes the sext harmless, so
; nuw suffices.
; CHECK-LABEL: @sext_of_zext(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %i to i48
; CHECK-NEXT:    [[S:%.*]] = sext i48 [[Z]] to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[S]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 3
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 12
define ptr @sext_of_zext(ptr %p, i32 %i) {
  %a = add nuw i32 %i, 3
  %z = zext i32 %a to i48
  %s = sext i48 %z to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; zext(sext(a +nsw 2)) needs nuw too: with a = -3 the inner value is -1,
; whose zext is 2^48 - 1, not zext(sext(-3)) + 2.
; CHECK-LABEL: @zext_of_sext_needs_both(
; CHECK-NEXT:    %a = add nsw i32 %i, 2
; CHECK-NEXT:    %s = sext i32 %a to i48
; CHECK-NEXT:    %z = zext i48 %s to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %z
define ptr @zext_of_sext_needs_both(ptr %p, i32 %i) {
  %a = add nsw i32 %i, 2
  %s = sext i32 %a to i48
  %z = zext i48 %s to i64
  %q = getelementptr float, ptr %p, i64 %z
  ret ptr %q
}

; d + sext(a +nsw (b +nsw (c +nsw 8))) => (d + sext a + sext b + sext c) + 8:
; the sext is pushed to every leaf.
; CHECK-LABEL: @sext_pushed_to_every_leaf(
; CHECK-DAG:     [[A:%.*]] = sext i32 %a to i64
; CHECK-DAG:     [[B:%.*]] = sext i32 %b to i64
; CHECK-DAG:     [[C:%.*]] = sext i32 %c to i64
; CHECK:         [[BC:%.*]] = add i64 [[B]], [[C]]
; CHECK-NEXT:    [[ABC:%.*]] = add i64 [[A]], [[BC]]
; CHECK-NEXT:    [[I:%.*]] = add i64 %d, [[ABC]]
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 8
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 32
define ptr @sext_pushed_to_every_leaf(ptr %p, i32 %a, i32 %b, i32 %c, i64 %d) {
  %c8 = add nsw i32 %c, 8
  %bc = add nsw i32 %b, %c8
  %abc = add nsw i32 %a, %bc
  %s = sext i32 %abc to i64
  %i = add i64 %d, %s
  %q = getelementptr float, ptr %p, i64 %i
  ret ptr %q
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -pass-remarks-missed=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --allow-empty --check-prefix=REMARK%llvm %s
;
; A GEP sign-extends an index narrower than its index type. A stride delta
; between two such indices S and S' is exact only when S + (S' - S) does not
; wrap in the narrow type: sext(S') = sext(S) + sext(S' - S) needs it, and
; &p[i + i] rebuilt as &p[i] + 4 * sext(i) points 2^34 bytes away from the
; original when i + i wraps. Upstream LLVM 22 takes such deltas always (its
; slsr-var-delta.ll); here they need proof: scalar evolution, or the nsw of
; the instructions computing S' (which hold wherever the GEP is defined).
; LLVM 16's model has no stride deltas (unchanged on LLVM 16).

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @usep(ptr)

; REMARK16-NOT: remark
; REMARK22: remark: {{.*}}%y (%p + 4 * %i2 bytes) not rewritten from basis %x: its index is sign-extended, and the difference of the indices may wrap before it is
; REMARK22-NOT: remark

; i + i may wrap: refused.
; CHECK-LABEL: @index_may_wrap(
; CHECK:         %i2 = add i32 %i, %i
; CHECK-NEXT:    %y = getelementptr float, ptr %p, i32 %i2
define void @index_may_wrap(ptr %p, i32 %i) {
  %x = getelementptr float, ptr %p, i32 %i
  call void @usep(ptr %x)
  %i2 = add i32 %i, %i
  %y = getelementptr float, ptr %p, i32 %i2
  call void @usep(ptr %y)
  ret void
}

; i +nsw i cannot wrap where y is defined: rebuilt.
; CHECK-LABEL: @nsw_index(
; V16:           %i2 = add nsw i32 %i, %i
; V16-NEXT:      %y = getelementptr float, ptr %p, i32 %i2
; V22:           [[I:%.*]] = sext i32 %i to i64
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[I]], 2
; V22-NEXT:      %y = getelementptr i8, ptr %x, i64 [[BUMP]]
define void @nsw_index(ptr %p, i32 %i) {
  %x = getelementptr float, ptr %p, i32 %i
  call void @usep(ptr %x)
  %i2 = add nsw i32 %i, %i
  %y = getelementptr float, ptr %p, i32 %i2
  call void @usep(ptr %y)
  ret void
}

; An unrolled sum: j2 = j1 +nsw n, so sext(j2) = sext(j1) + sext(n) even
; though j1 itself may wrap: rebuilt.
; CHECK-LABEL: @unrolled_sum(
; V16:           %y = getelementptr float, ptr %p, i64 %e2
; V22:           [[N:%.*]] = sext i32 %n to i64
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[N]], 2
; V22-NEXT:      %y = getelementptr i8, ptr %x, i64 [[BUMP]]
define void @unrolled_sum(ptr %p, i32 %b, i32 %c, i32 %n) {
  %j1 = add i32 %b, %c
  %e1 = sext i32 %j1 to i64
  %x = getelementptr float, ptr %p, i64 %e1
  call void @usep(ptr %x)
  %j2 = add nsw i32 %j1, %n
  %e2 = sext i32 %j2 to i64
  %y = getelementptr float, ptr %p, i64 %e2
  call void @usep(ptr %y)
  ret void
}

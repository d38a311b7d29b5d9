; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-analysis=gpucc-separate-const-offset-from-gep \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-separate-const-offset-from-gep<lower-gep>' \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=LOWER %s
;
; Every decision is reported: passed `Split` (and `Lowered` with lower-gep),
; `Reordered`, `Reunited` and `ProvedNoWrap` (see proves-no-wrap-from-guards.ll);
; missed `NeedsNoWrap` (a constant stays behind an add without nsw/nuw that
; nothing proves cannot wrap, and the remark says which flag would free it) and
; `OffsetNotFoldable` (see refuses-unfoldable-offset.ll); analysis `Stats`.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: remark: {{.*}}split %q into a variadic base and a constant offset of 20 bytes
; CHECK-NEXT: remark: {{.*}}@split: 1 of 1 GEPs with a variable index split (0 lowered, 0 swapped), 0 reordered, 0 refused; 0 sext sums reunited
; LOWER: remark: {{.*}}lowered %q into single-index GEPs plus a constant offset of 20 bytes
define ptr @split(ptr %p, i64 %i) {
  %a = add i64 %i, 5
  %q = getelementptr inbounds float, ptr %p, i64 %a
  ret ptr %q
}

; CHECK: remark: {{.*}}the constant in %a stays in %q's index: the sext around it does not distribute over an operation without nsw, and no guard, range or access around the GEP proves that it cannot wrap; mark it nsw if it cannot wrap
; CHECK-NEXT: remark: {{.*}}@needs_nsw: 0 of 1 GEPs with a variable index split
define ptr @needs_nsw(ptr %p, i32 %i) {
  %a = add i32 %i, 5
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; CHECK: remark: {{.*}}the constant in %a stays in %q's index: the zext around it does not distribute over an operation without nuw; mark it nuw if it cannot wrap
define ptr @needs_nuw(ptr %p, i32 %i) {
  %a = add i32 %i, 5
  %s = zext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; CHECK: remark: {{.*}}%r = sext of %d, which computes the same sum without overflow
; CHECK-NEXT: remark: {{.*}}@reunited: 0 of 1 GEPs with a variable index split (0 lowered, 0 swapped), 0 reordered, 0 refused; 1 sext sums reunited
define i64 @reunited(i32 %a, i32 %b, ptr %o) {
  %d = add nsw i32 %a, %b
  %pd = getelementptr inbounds i32, ptr %o, i32 %d
  %v = load i32, ptr %pd
  %sa = sext i32 %a to i64
  %sb = sext i32 %b to i64
  %r = add i64 %sa, %sb
  ret i64 %r
}

; CHECK: remark: {{.*}}%q now adds its variable indices first and the constant offset of %c last
; CHECK-NEXT: remark: {{.*}}@reordered: 0 of 1 GEPs with a variable index split (0 lowered, 0 swapped), 1 reordered, 0 refused; 0 sext sums reunited
define ptr @reordered(ptr %p, i64 %i) {
  %c = getelementptr float, ptr %p, i64 5
  %q = getelementptr float, ptr %c, i64 %i
  ret ptr %q
}

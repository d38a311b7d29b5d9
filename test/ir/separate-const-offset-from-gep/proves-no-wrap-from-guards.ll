; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; `sext(x + c)` without nsw is `sext(x) + c` only when `x + c` cannot wrap.
; The branch conditions that guard the GEP can say so (analysis/no_wrap.rs):
; `x < n - 2` with `n - 2` computed nsw puts x at most INT_MAX - 3. Each
; guard is tried at its boundary: one more and the add may wrap, and the
; constant stays (missed remark NeedsNoWrap). The split GEPs keep no
; inbounds: x itself may be negative.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; if (x < n - 2) ... p[x + 2]: split.
; CHECK-LABEL: @symbolic_guard(
; CHECK:       then:
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 8
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it: scalar evolution proves it
; REMARK-NEXT: remark: {{.*}}split %q into a variadic base and a constant offset of 8 bytes
define float @symbolic_guard(ptr %p, i32 %x, i32 %n) {
entry:
  %n2 = add nsw i32 %n, -2
  %in = icmp slt i32 %x, %n2
  br i1 %in, label %then, label %exit
then:
  %a = add i32 %x, 2
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; The same guard allows x = INT_MAX - 3: x + 4 may wrap. Refused.
; CHECK-LABEL: @symbolic_guard_one_too_far(
; CHECK:       then:
; CHECK-NEXT:    %a = add i32 %x, 4
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index: the sext around it does not distribute over an operation without nsw, and no guard, range or access around the GEP proves that it cannot wrap; mark it nsw if it cannot wrap
define float @symbolic_guard_one_too_far(ptr %p, i32 %x, i32 %n) {
entry:
  %n2 = add nsw i32 %n, -2
  %in = icmp slt i32 %x, %n2
  br i1 %in, label %then, label %exit
then:
  %a = add i32 %x, 4
  %s = sext i32 %a to i64
  %q = getelementptr inbounds float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; x < INT_MAX - c + 1 (c = 2): x + 2 is at most INT_MAX. Split.
; CHECK-LABEL: @constant_guard_at_the_limit(
; CHECK:       then:
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 8
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it
; REMARK-NEXT: remark: {{.*}}split %q
define float @constant_guard_at_the_limit(ptr %p, i32 %x) {
entry:
  %in = icmp slt i32 %x, 2147483646
  br i1 %in, label %then, label %exit
then:
  %a = add i32 %x, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; x < INT_MAX - c + 2: x = INT_MAX - 1 wraps. Refused.
; CHECK-LABEL: @constant_guard_off_by_one(
; CHECK:       then:
; CHECK-NEXT:    %a = add i32 %x, 2
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index
define float @constant_guard_off_by_one(ptr %p, i32 %x) {
entry:
  %in = icmp slt i32 %x, 2147483647
  br i1 %in, label %then, label %exit
then:
  %a = add i32 %x, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; if (x >= n - 2) return; ... p[x + 2]: the false edge guards too. Split.
; CHECK-LABEL: @early_return_guard(
; CHECK:       body:
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 8
define float @early_return_guard(ptr %p, i32 %x, i32 %n) {
entry:
  %n2 = add nsw i32 %n, -2
  %out = icmp sge i32 %x, %n2
  br i1 %out, label %exit, label %body
body:
  %a = add i32 %x, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; if (x > 1 && y > 1 && x < n - 2) as clang emits it (`and`, `select ...,
; false`): x - 2 and x + 2 both fit. Split.
; CHECK-LABEL: @guards_combined(
; CHECK:       then:
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %qlo = getelementptr float, ptr [[B]], i64 -2
; V22-NEXT:      %qlo = getelementptr i8, ptr [[B]], i64 -8
; CHECK:         [[X2:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B2:%.*]] = getelementptr float, ptr %p, i64 [[X2]]
; V16-NEXT:      %qhi = getelementptr float, ptr [[B2]], i64 2
; V22-NEXT:      %qhi = getelementptr i8, ptr [[B2]], i64 8
; REMARK: remark: {{.*}}%lo cannot wrap where %qlo uses it
; REMARK: remark: {{.*}}%hi cannot wrap where %qhi uses it
define float @guards_combined(ptr %p, i32 %x, i32 %y, i32 %n) {
entry:
  %c1 = icmp sgt i32 %x, 1
  %c2 = icmp sgt i32 %y, 1
  %c12 = and i1 %c1, %c2
  %n2 = add nsw i32 %n, -2
  %c3 = icmp slt i32 %x, %n2
  %c123 = select i1 %c12, i1 %c3, i1 false
  br i1 %c123, label %then, label %exit
then:
  %lo = add i32 %x, -2
  %slo = sext i32 %lo to i64
  %qlo = getelementptr float, ptr %p, i64 %slo
  %vlo = load float, ptr %qlo
  %hi = add i32 %x, 2
  %shi = sext i32 %hi to i64
  %qhi = getelementptr float, ptr %p, i64 %shi
  %vhi = load float, ptr %qhi
  %r = fadd float %vlo, %vhi
  ret float %r
exit:
  ret float 0.0
}

; if (x <u 1000): x is in [0, 999]. Split.
; CHECK-LABEL: @unsigned_guard(
; CHECK:       then:
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[X]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 20
define float @unsigned_guard(ptr %p, i32 %x) {
entry:
  %in = icmp ult i32 %x, 1000
  br i1 %in, label %then, label %exit
then:
  %a = add i32 %x, 5
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

; The guard is on one way into the block only: it does not hold there.
; Refused.
; CHECK-LABEL: @guard_not_dominating(
; CHECK:       join:
; CHECK-NEXT:    %a = add i32 %x, 2
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index
define float @guard_not_dominating(ptr %p, i32 %x, i32 %n, i1 %c) {
entry:
  br i1 %c, label %check, label %join
check:
  %n2 = add nsw i32 %n, -2
  %in = icmp slt i32 %x, %n2
  br i1 %in, label %join, label %exit
join:
  %a = add i32 %x, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  %v = load float, ptr %q
  ret float %v
exit:
  ret float 0.0
}

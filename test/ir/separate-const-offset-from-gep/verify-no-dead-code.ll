; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -reassociate-geps-verify-no-dead-code -S %s | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: sed -e 's/^; DEAD: //' %s > %t.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -reassociate-geps-verify-no-dead-code -disable-output %t.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=ERR %s
;
; Upstream's -reassociate-geps-verify-no-dead-code (read from libLLVM): after
; the pass, any trivially dead instruction stops opt, as LLVM 16's tests
; expect. The pass deletes what a split leaves dead: the old index and the
; part of its expression nobody else uses (`%x1`, `%y2` and `%s` here), but
; keeps what is still used (`%b5`). Dead code that was in the input counts
; too, so the option is for inputs free of it (the second run).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @leaves_nothing_dead(
; CHECK-NEXT:    %y2 = add nsw i32 %y, 2
; CHECK-NEXT:    %b5 = add i64 %b, 5
; CHECK-NEXT:    store i64 %b5, ptr %out
; CHECK-NEXT:    [[Y:%.*]] = sext i32 %y2 to i64
; CHECK-NEXT:    [[X:%.*]] = sext i32 %x to i64
; CHECK-NEXT:    [[S:%.*]] = add i64 [[X]], [[Y]]
; CHECK-NEXT:    [[I:%.*]] = add i64 [[S]], %b5
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 4
; CHECK-NEXT:    ret ptr %q
define ptr @leaves_nothing_dead(ptr %p, i32 %x, i32 %y, i64 %b, ptr %out) {
  %x1 = add nsw i32 %x, 1
  %y2 = add nsw i32 %y, 2
  %s = add nsw i32 %x1, %y2
  %e = sext i32 %s to i64
  %b5 = add i64 %b, 5
  store i64 %b5, ptr %out
  %i = add i64 %e, %b5
  %q = getelementptr inbounds float, ptr %p, i64 %i
  ret ptr %q
}

; ERR: LLVM ERROR: gpucc-separate-const-offset-from-gep: dead instruction detected (-reassociate-geps-verify-no-dead-code): %unused = add i64 %b, 1
define void @dead_on_input(i64 %b) {
; DEAD: %unused = add i64 %b, 1
  ret void
}

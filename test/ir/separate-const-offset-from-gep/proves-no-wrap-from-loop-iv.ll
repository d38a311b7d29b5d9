; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; An induction variable's bounds, from scalar evolution (its willNotOverflow
; at the GEP): `i + 1` without nsw cannot wrap while `i < n`.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; for (int i = 0; i < n; ++i) p[i + 1] = 0, the i + 1 without nsw: i stays
; below n <= INT_MAX. Split.
; CHECK-LABEL: @counted_loop(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 4
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it: scalar evolution proves it (ranges, induction variables, the conditions guarding the GEP); its constant leaves the sext
define void @counted_loop(ptr %p, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  store float 0.0, ptr %q
  %i.next = add nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; for (i = 0; i < 100; ++i) p[i + 7]: i is at most 99. Split.
; CHECK-LABEL: @constant_trip_count(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 7
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 28
define void @constant_trip_count(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = add i32 %i, 7
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  store float 0.0, ptr %q
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 100
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; for (i = start; i != end; ++i) with a wrapping increment: i can be
; INT_MAX. Refused.
; CHECK-LABEL: @unbounded_loop(
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i32
; CHECK-NEXT:    %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index
define void @unbounded_loop(ptr %p, i32 %start, i32 %end) {
entry:
  br label %loop
loop:
  %i = phi i32 [ %start, %entry ], [ %i.next, %loop ]
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  store float 0.0, ptr %q
  %i.next = add i32 %i, 1
  %more = icmp ne i32 %i.next, %end
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; A load is never hoisted, even from a pointer known to be dereferenceable: it
; is not on upstream's allow-list (the address may be invalid on the path that
; skips the arm). Whatever uses the load stays with it; instructions that do
; not depend on it still move.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @load_and_its_user_stay(
; CHECK:       entry:
; CHECK-NEXT:    %k = add i32 %x, 1
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %v = load i32, ptr %p
; CHECK-NEXT:    %u = add i32 %v, 1
; CHECK-NEXT:    store i32 %u, ptr %p
define void @load_and_its_user_stay(ptr %p, i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %v = load i32, ptr %p
  %u = add i32 %v, 1
  %k = add i32 %x, 1
  store i32 %u, ptr %p
  store i32 %k, ptr %p
  br label %exit
exit:
  ret void
}

; Not even a load from a dereferenceable, aligned argument moves.
; CHECK-LABEL: @dereferenceable_load_stays(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
define i32 @dereferenceable_load_stays(ptr dereferenceable(4) align 4 %p, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %v = load i32, ptr %p, align 4
  br label %exit
exit:
  %r = phi i32 [ %v, %then ], [ 0, %entry ]
  ret i32 %r
}

; Integer division may trap: it is not on the list either.
; CHECK-LABEL: @division_stays(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %q = udiv i32 %x, %y
define i32 @division_stays(i32 %x, i32 %y, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %q = udiv i32 %x, %y
  br label %exit
exit:
  %r = phi i32 [ %q, %then ], [ 0, %entry ]
  ret i32 %r
}

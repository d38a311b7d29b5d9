; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; Beyond upstream: a hoisted call now runs on the path that skipped its arm,
; where its operands may be poison (here %y = x + 1 nsw overflows exactly when
; the guard is false). `noundef` on an argument or on the result, and `!range`
; on the result, would turn that poison into immediate undefined behaviour, so
; the hoisted call loses them. Upstream LLVM 16 keeps them (a miscompile). A
; call that stays keeps everything.

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.ctpop.i32(i32)
declare i32 @llvm.abs.i32(i32, i1)

; CHECK-LABEL: @hoisted_call_loses_noundef(
; CHECK:       entry:
; CHECK-NEXT:    %small = icmp
; CHECK-NEXT:    %y = add nsw i32 %x, 1
; CHECK-NEXT:    %n = call i32 @llvm.ctpop.i32(i32 %y){{$}}
; CHECK-NEXT:    br i1 %small, label %then, label %exit
define i32 @hoisted_call_loses_noundef(i32 %x) {
entry:
  %small = icmp slt i32 %x, 2147483647
  br i1 %small, label %then, label %exit
then:
  %y = add nsw i32 %x, 1
  %n = call noundef i32 @llvm.ctpop.i32(i32 noundef %y), !range !0
  br label %exit
exit:
  %r = phi i32 [ %n, %then ], [ 0, %entry ]
  ret i32 %r
}

; abs(INT_MIN, is_int_min_poison=true) is poison; with noundef it would be UB
; on the path where the guard excluded INT_MIN.
; CHECK-LABEL: @hoisted_abs_loses_noundef(
; CHECK:       entry:
; CHECK-NEXT:    %ok = icmp
; CHECK-NEXT:    %a = call i32 @llvm.abs.i32(i32 %x, i1 true)
; CHECK-NEXT:    br i1 %ok, label %then, label %exit
define i32 @hoisted_abs_loses_noundef(i32 %x) {
entry:
  %ok = icmp ne i32 %x, -2147483648
  br i1 %ok, label %then, label %exit
then:
  %a = call noundef i32 @llvm.abs.i32(i32 %x, i1 true)
  br label %exit
exit:
  %r = phi i32 [ %a, %then ], [ 0, %entry ]
  ret i32 %r
}

; The arm is refused (too many loads left behind): its call keeps noundef.
; CHECK-LABEL: @call_that_stays_keeps_facts(
; CHECK:       then:
; CHECK:         %n = call noundef i32 @llvm.ctpop.i32(i32 noundef %y), !range ![[R:[0-9]+]]
define i32 @call_that_stays_keeps_facts(ptr %p, i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %y = add nsw i32 %x, 1
  %n = call noundef i32 @llvm.ctpop.i32(i32 noundef %y), !range !0
  %l1 = load volatile i32, ptr %p
  %l2 = load volatile i32, ptr %p
  %l3 = load volatile i32, ptr %p
  %l4 = load volatile i32, ptr %p
  %l5 = load volatile i32, ptr %p
  br label %exit
exit:
  %r = phi i32 [ %n, %then ], [ 0, %entry ]
  ret i32 %r
}

!0 = !{i32 0, i32 33}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -verify-each -S %s \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -verify-each -S %s \
; RUN:   | FileCheck --check-prefix=SUITE %s
;
; Unusual but valid CFGs stay valid: a self-referential division in an
; unreachable block, a division after phis, a division feeding a loop phi, a
; block ending in invoke, and a successor with repeated-predecessor phis.
; The whole `gpucc` suite (GVN and EarlyCSE reshape the phis around the
; bypass) still bypasses each division and leaves valid IR.

target triple = "nvptx64-nvidia-cuda"
; CHECK-LABEL: @self_ref(
; SUITE-LABEL: @self_ref(
; SUITE:       bypass.join:
; CHECK:       bypass.join:
; CHECK-NEXT:    %q = phi i64
define i64 @self_ref(i64 %b) {
entry:
  ret i64 0
dead:
  %q = udiv i64 %q, %b
  %r = urem i64 %q, %b
  br label %dead
}
; CHECK-LABEL: @after_phi(
; SUITE-LABEL: @after_phi(
; SUITE:       bypass.join:
; CHECK:         %p2 = phi i64
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %p
; CHECK-NEXT:    or i64 [[FRZ]], %b
define i64 @after_phi(i64 %a, i64 %b, i1 %c) {
entry:
  br i1 %c, label %l, label %m
l:
  br label %m
m:
  %p = phi i64 [ %a, %entry ], [ %b, %l ]
  %p2 = phi i64 [ 1, %entry ], [ 2, %l ]
  %q = sdiv i64 %p, %b
  ret i64 %q
}
; CHECK-LABEL: @loop(
; SUITE-LABEL: @loop(
; SUITE:       bypass.join:
; CHECK:         %acc = phi i64 [ %a, %entry ], [ %q, %bypass.join ]
define i64 @loop(i64 %a, i64 %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i64 [ %a, %entry ], [ %q, %loop ]
  %q = udiv i64 %acc, %b
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %q
}
declare i32 @__gxx_personality_v0(...)
declare void @g()
; CHECK-LABEL: @eh(
; SUITE-LABEL: @eh(
; SUITE:       bypass.join:
; CHECK:         invoke void @g()
; CHECK:       lp:
; CHECK-NEXT:    landingpad
; CHECK-NEXT:    cleanup
; CHECK-NEXT:    [[FRZ:%.*]] = freeze i64 %a
; CHECK-NEXT:    or i64 [[FRZ]], %b
define i64 @eh(i64 %a, i64 %b) personality ptr @__gxx_personality_v0 {
entry:
  %q = udiv i64 %a, %b
  invoke void @g() to label %ok unwind label %lp
ok:
  ret i64 %q
lp:
  %l = landingpad { ptr, i32 } cleanup
  %r = urem i64 %a, %b
  ret i64 %r
}
; CHECK-LABEL: @switchy(
; SUITE-LABEL: @switchy(
; SUITE:       bypass.join:
; CHECK:         %p = phi i64 [ 1, %entry ], [ 1, %entry ], [ %q, %bypass.join ], [ %q, %bypass.join ]
define i64 @switchy(i64 %a, i64 %b, i32 %s) {
entry:
  switch i32 %s, label %d [ i32 0, label %x
                            i32 1, label %x ]
x:
  %p = phi i64 [ 1, %entry ], [ 1, %entry ], [ %q, %d ], [ %q, %d ]
  ret i64 %p
d:
  %q = sdiv i64 %a, %b
  switch i32 %s, label %x [ i32 5, label %x ]
}

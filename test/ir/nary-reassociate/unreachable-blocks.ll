; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -verify-each -S %s | FileCheck %s
;
; Blocks the entry cannot reach are not in the dominator tree: they are never
; walked, nothing in them is reused, and code in them that uses a rewritten
; value (or itself, as unreachable code may) is left valid.

declare void @use(i32)

; CHECK-LABEL: @reachable_code_still_rewritten(
; CHECK:       entry:
; CHECK:         %abc = add i32 %ac, %b
; CHECK:       dead:
; CHECK-NEXT:    %self = add i32 %self, %abc
; CHECK-NEXT:    %ab2 = add i32 %a, %b
; CHECK-NEXT:    %ab2c = add i32 %ab2, %c
define void @reachable_code_still_rewritten(i32 %a, i32 %b, i32 %c) {
entry:
  %ac = add i32 %a, %c
  call void @use(i32 %ac)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
dead:
  %self = add i32 %self, %abc
  %ab2 = add i32 %a, %b
  %ab2c = add i32 %ab2, %c
  call void @use(i32 %ab2c)
  br label %dead
}

; A candidate only in unreachable code is never found.
; CHECK-LABEL: @candidate_in_dead_code(
; CHECK:       dead:
; CHECK-NEXT:    %ac = add i32 %a, %c
; CHECK:       live:
; CHECK-NEXT:    %ab = add i32 %a, %b
; CHECK-NEXT:    %abc = add i32 %ab, %c
define void @candidate_in_dead_code(i32 %a, i32 %b, i32 %c) {
entry:
  br label %live
dead:
  %ac = add i32 %a, %c
  call void @use(i32 %ac)
  br label %live
live:
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; Self-referential min/max and GEPs in unreachable code do not trouble the
; matchers.
; CHECK-LABEL: @cycles_in_dead_code(
; CHECK:         ret void
define void @cycles_in_dead_code(ptr %p) {
entry:
  ret void
dead:
  %m = call i32 @llvm.smax.i32(i32 %m, i32 %m)
  %s = select i1 %c, i32 %s, i32 %m
  %c = icmp sgt i32 %s, %m
  %g = getelementptr float, ptr %g, i32 %m
  br label %dead
}

declare i32 @llvm.smax.i32(i32, i32)

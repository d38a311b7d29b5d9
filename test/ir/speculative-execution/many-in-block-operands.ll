; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-speculative-execution<max-speculation-cost=100;max-not-hoisted=10>' -S %s | FileCheck %s
;
; An instruction moves only when each of its operands from the arm moves too.
; The pass asks for the operands that live in the arm in one shim call, with
; room for four; these GEPs have six such operands, so the answer comes in a
; second call. Every one must still be looked at: the last index decides.

target triple = "nvptx64-nvidia-cuda"

; All six operands move, so the GEP does.
; CHECK-LABEL: @six_hoisted_operands(
; CHECK:       entry:
; CHECK:         %g = getelementptr [4 x [4 x [4 x [4 x [4 x i32]]]]], ptr %base, i64 %i1, i64 %i2, i64 %i3, i64 %i4, i64 %i5
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    store i32 0, ptr %g
define void @six_hoisted_operands(ptr %p, i64 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %base = getelementptr i8, ptr %p, i64 %a
  %i1 = add i64 %a, 1
  %i2 = add i64 %a, 2
  %i3 = add i64 %a, 3
  %i4 = add i64 %a, 4
  %i5 = add i64 %a, 5
  %g = getelementptr [4 x [4 x [4 x [4 x [4 x i32]]]]], ptr %base, i64 %i1, i64 %i2, i64 %i3, i64 %i4, i64 %i5
  store i32 0, ptr %g
  br label %exit
exit:
  ret void
}

; The last index is loaded: it stays, and so does the GEP; the other five
; operands move.
; CHECK-LABEL: @last_of_six_stays(
; CHECK:       entry:
; CHECK:         %i4 = add i64 %a, 4
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %i5 = load i64, ptr %q
; CHECK-NEXT:    %g = getelementptr
; CHECK-NEXT:    store i32 0, ptr %g
define void @last_of_six_stays(ptr %p, ptr %q, i64 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %base = getelementptr i8, ptr %p, i64 %a
  %i1 = add i64 %a, 1
  %i2 = add i64 %a, 2
  %i3 = add i64 %a, 3
  %i4 = add i64 %a, 4
  %i5 = load i64, ptr %q
  %g = getelementptr [4 x [4 x [4 x [4 x [4 x i32]]]]], ptr %base, i64 %i1, i64 %i2, i64 %i3, i64 %i4, i64 %i5
  store i32 0, ptr %g
  br label %exit
exit:
  ret void
}

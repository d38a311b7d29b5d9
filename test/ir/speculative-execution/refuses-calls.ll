; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; A call moves only when LLVM says it is safe to speculate: a call of a
; `speculatable` function (llvm.ctpop, llvm.fabs). A call with unknown side
; effects never moves, nor does a readnone call of a function that is not
; speculatable (it might not return), nor inline assembly; their users stay too.

target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.ctpop.i32(i32)
declare float @llvm.fabs.f32(float)
declare i32 @unknown(i32)
declare i32 @pure(i32) nounwind readnone

; CHECK-LABEL: @speculatable_intrinsics_move(
; CHECK:       entry:
; CHECK-NEXT:    %n = call i32 @llvm.ctpop.i32(i32 %x)
; CHECK-NEXT:    %a = call float @llvm.fabs.f32(float %f)
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    store i32 %n, ptr %p
define void @speculatable_intrinsics_move(ptr %p, i32 %x, float %f, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %n = call i32 @llvm.ctpop.i32(i32 %x)
  %a = call float @llvm.fabs.f32(float %f)
  store i32 %n, ptr %p
  store float %a, ptr %p
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: @unknown_call_stays(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %r = call i32 @unknown(i32 %x)
; CHECK-NEXT:    %s = add i32 %r, 1
define i32 @unknown_call_stays(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %r = call i32 @unknown(i32 %x)
  %s = add i32 %r, 1
  br label %exit
exit:
  %m = phi i32 [ %s, %then ], [ 0, %entry ]
  ret i32 %m
}

; readnone is not enough: the function may loop forever or be undefined for
; some inputs.
; CHECK-LABEL: @readnone_call_stays(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %r = call i32 @pure(i32 %x)
define i32 @readnone_call_stays(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %r = call i32 @pure(i32 %x)
  br label %exit
exit:
  %m = phi i32 [ %r, %then ], [ 0, %entry ]
  ret i32 %m
}

; CHECK-LABEL: @inline_asm_stays(
; CHECK:       entry:
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %r = call i32 asm "mov.u32 $0, $1;", "=r,r"(i32 %x)
define i32 @inline_asm_stays(i32 %x, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %r = call i32 asm "mov.u32 $0, $1;", "=r,r"(i32 %x)
  br label %exit
exit:
  %m = phi i32 [ %r, %then ], [ 0, %entry ]
  ret i32 %m
}

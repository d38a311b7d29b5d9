; RUN: not env GPUCC_INJECT_PANIC=gpucc-bypass-slow-division %opt -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-bypass-slow-division -disable-output %s 2>&1 | FileCheck %s
; RUN: not env GPUCC_INJECT_PANIC=gpucc-bypass-slow-division %opt -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc -disable-output %s 2>&1 | FileCheck %s
;
; A panic inside a pass must not unwind into LLVM (that aborts opt with
; status 134 and a stack dump): it becomes an LLVM error naming the pass, and
; opt exits with status 1. `not` fails on a crash, so an abort fails this test.

target triple = "nvptx64-nvidia-cuda"

; CHECK: LLVM ERROR: gpucc-bypass-slow-division: internal error: GPUCC_INJECT_PANIC asked gpucc-bypass-slow-division to panic
; CHECK-NOT: Stack dump
define i64 @f(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %q
}

; RUN: opt -S %s -o %t.before.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-state-machine -S %s | FileCheck %s
;
; A module without __kmpc_target_init is not OpenMP device code: byte for
; byte unchanged, even with functions named like the worker loop's runtime
; entry points and an indirect call.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @kernel(ptr %f)
; CHECK-NEXT:    call void %f(i16 0, i32 0)
; CHECK-NEXT:    call void @__kmpc_barrier_simple_generic(ptr null, i32 0)
; CHECK-NEXT:    ret void
; CHECK-NOT:   worker
define void @kernel(ptr %f) {
  call void %f(i16 0, i32 0)
  call void @__kmpc_barrier_simple_generic(ptr null, i32 0)
  ret void
}

declare void @__kmpc_barrier_simple_generic(ptr, i32)

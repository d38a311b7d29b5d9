; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 | FileCheck %s
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 %s -o - | FileCheck --check-prefix=UPSTREAM %s
;
; A noinline device function called only with __shared__ pointers loads with
; ld.shared after our inter-procedural specialization; llc alone (which runs
; LLVM 16's per-function inference) keeps a generic ld.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] zeroinitializer, align 4

; CHECK-LABEL: .func  (.param .b32 func_retval0) sum(
; CHECK:         ld.shared.{{[fb]}}32
; CHECK-NOT:     ld.{{[fb]}}32
; CHECK:         // -- End function
; UPSTREAM-LABEL: .func  (.param .b32 func_retval0) sum(
; UPSTREAM:         ld.{{[fb]}}32
define internal float @sum(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %idx = zext i32 %i to i64
  %q = getelementptr float, ptr %p, i64 %idx
  %v = load float, ptr %q, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret float %acc.next
}

define void @kernel(ptr addrspace(1) %out, i32 %n) {
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  %half = getelementptr float, ptr %t, i64 128
  %a = call float @sum(ptr %t, i32 %n)
  %b = call float @sum(ptr %half, i32 %n)
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @kernel, !"kernel", i32 1}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces \
; RUN:     -pass-remarks=gpucc-infer-address-spaces -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-infer-address-spaces)' -S %s \
; RUN:   | FileCheck --check-prefix=LOCAL %s
;
; At module level, an internal function whose generic pointer parameter
; always receives one specific space gets a parameter of that space, and its
; accesses use it. The function-level pass alone stays inside each function.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] zeroinitializer, align 4
@out = internal addrspace(1) global float 0.0, align 4

; REMARK: remark: {{.*}}@sum: every call passes pointers of one space; parameters #0 -> addrspace(3) specialized
; REMARK: remark: {{.*}}@store_to: every call passes pointers of one space; parameters #1 -> addrspace(1) specialized

; Called twice, both times with shared pointers: the parameter becomes shared.
; CHECK-LABEL: define internal float @sum(ptr addrspace(3) %p, i32 %n)
; CHECK:         %q = getelementptr float, ptr addrspace(3) %p, i64 %idx
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; CHECK-NOT:     addrspacecast
; LOCAL-LABEL: define internal float @sum(ptr %p, i32 %n)
; LOCAL:         load float, ptr %q
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

; Only the pointer parameter (#1) that always gets global memory moves.
; CHECK-LABEL: define internal void @store_to(float %v, ptr addrspace(1) %dst)
; CHECK-NEXT:    store float %v, ptr addrspace(1) %dst, align 4
define internal void @store_to(float %v, ptr %dst) noinline {
  store float %v, ptr %dst, align 4
  ret void
}

; Callers pass the specific pointers directly.
; CHECK-LABEL: define void @kernel(
; CHECK:         %a = call float @sum(ptr addrspace(3) @tile, i32 %n)
; CHECK:         %b = call float @sum(ptr addrspace(3) %half, i32 %n)
; CHECK:         call void @store_to(float %s, ptr addrspace(1) @out)
define void @kernel(i32 %n) {
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  %half = getelementptr float, ptr %t, i64 128
  %a = call float @sum(ptr %t, i32 %n)
  %b = call float @sum(ptr %half, i32 %n)
  %s = fadd float %a, %b
  call void @store_to(float %s, ptr addrspacecast (ptr addrspace(1) @out to ptr))
  ret void
}

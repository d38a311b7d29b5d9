; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Where the target knows an argument's space (TTI getAssumedAddrSpace: in
; LLVM 22, NVPTX and AMDGPU kernel pointer arguments are global, NVPTX
; `byval` arguments of device functions local), the argument is an address
; expression: a cast at the top of the entry block names its space (the
; signature stays), accesses use the cast, and any other user gets a cast
; back right after it. Casts of several arguments come in the order the
; arguments are met. LLVM 16's targets assume nothing of arguments, so there
; nothing moves. A kernel's `byval` argument is the kernel's own copy: no
; space is assumed.

target triple = "nvptx64-nvidia-cuda"

declare void @use(ptr)

; CHECK-LABEL: @kernel_arguments(
; V16-NEXT:      %v = load i32, ptr %in, align 4
; V16-NEXT:      store i32 %v, ptr %out, align 4
; V22-NEXT:      [[IN:%.*]] = addrspacecast ptr %in to ptr addrspace(1)
; V22-NEXT:      [[OUT:%.*]] = addrspacecast ptr %out to ptr addrspace(1)
; V22-NEXT:      [[OUTG:%.*]] = addrspacecast ptr addrspace(1) [[OUT]] to ptr
; V22-NEXT:      %v = load i32, ptr addrspace(1) [[IN]], align 4
; V22-NEXT:      store i32 %v, ptr addrspace(1) [[OUT]], align 4
; V22-NEXT:      call void @use(ptr [[OUTG]])
; V16-NEXT:      call void @use(ptr %out)
; CHECK-NEXT:    %w = load i32, ptr %own, align 4
define ptx_kernel void @kernel_arguments(ptr %in, ptr %out, ptr byval(i32) %own) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr %out, align 4
  call void @use(ptr %out)
  %w = load i32, ptr %own, align 4
  ret void
}

; A device function's byval argument is in local memory.
; CHECK-LABEL: @device_byval(
; V16-NEXT:      %w = load i32, ptr %own, align 4
; V22-NEXT:      [[OWN:%.*]] = addrspacecast ptr %own to ptr addrspace(5)
; V22-NEXT:      %w = load i32, ptr addrspace(5) [[OWN]], align 4
define i32 @device_byval(ptr byval(i32) %own) {
  %w = load i32, ptr %own, align 4
  ret i32 %w
}

; A device function's plain pointer argument: no assumption.
; CHECK-LABEL: @refuses_device_argument(
; CHECK-NEXT:    %w = load i32, ptr %p, align 4
define i32 @refuses_device_argument(ptr %p) {
  %w = load i32, ptr %p, align 4
  ret i32 %w
}

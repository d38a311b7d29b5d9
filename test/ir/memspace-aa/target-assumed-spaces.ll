; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa -passes=aa-eval \
; RUN:     -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; What the target assumes of a generic value (TTI getAssumedAddrSpace) is a
; leaf of the space walk. LLVM 22's NVPTX says more than LLVM 16's: a kernel
; pointer argument is global, a device function's `byval` argument and an
; alloca are local. The kernel argument rule answers first on every LLVM:
; host-visible (global or constant), so it still may alias constant memory
; and never shared memory, as on LLVM 16. The other two follow the target:
; local on LLVM 22 (disjoint from shared), unknown on LLVM 16.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: Function: kernel_argument: 3 pointers
; CHECK-NEXT:  NoAlias:  i32* %in, i32 addrspace(3)* %sh
; CHECK-NEXT:  MayAlias: i32 addrspace(4)* %c, i32* %in
define ptx_kernel void @kernel_argument(ptr %in, ptr addrspace(3) %sh, ptr addrspace(4) %c) {
  %a = load i32, ptr %in
  %b = load i32, ptr addrspace(3) %sh
  %d = load i32, ptr addrspace(4) %c
  ret void
}

; CHECK-LABEL: Function: device_byval: 2 pointers
; V16-NEXT:    MayAlias: i32* %own, i32 addrspace(3)* %sh
; V22-NEXT:    NoAlias:  i32* %own, i32 addrspace(3)* %sh
define void @device_byval(ptr byval(i32) %own, ptr addrspace(3) %sh) {
  %a = load i32, ptr %own
  %b = load i32, ptr addrspace(3) %sh
  ret void
}

; CHECK-LABEL: Function: flat_alloca: 2 pointers
; V16-NEXT:    MayAlias: i32* %a, i32 addrspace(3)* %sh
; V22-NEXT:    NoAlias:  i32* %a, i32 addrspace(3)* %sh
define void @flat_alloca(ptr addrspace(3) %sh) {
  %a = alloca i32
  store i32 0, ptr %a
  %b = load i32, ptr addrspace(3) %sh
  ret void
}

; A device function's plain argument: no assumption, anything.
; CHECK-LABEL: Function: refuses_device_argument: 2 pointers
; CHECK-NEXT:  MayAlias: i32* %p, i32 addrspace(3)* %sh
define void @refuses_device_argument(ptr %p, ptr addrspace(3) %sh) {
  %a = load i32, ptr %p
  %b = load i32, ptr addrspace(3) %sh
  ret void
}

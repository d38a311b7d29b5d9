; RUN: opt -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa -passes=aa-eval \
; RUN:     -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
;
; A generic kernel argument is host-visible (global or constant memory, never
; local or shared), except a `byval` one: it points to the kernel's own copy
; of the value, which NVPTX lowering places in param or local memory. Cast to
; local, it is the same memory, so the answer must stay MayAlias (BasicAA
; says MustAlias here). A plain kernel pointer argument keeps the rule.

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32 }

; CHECK-LABEL: Function: k_byval
; CHECK: MayAlias: i32 addrspace(5)* %l, i32* %s
define void @k_byval(ptr byval(%struct.S) %s) {
  %l = addrspacecast ptr %s to ptr addrspace(5)
  store i32 1, ptr %s
  store i32 2, ptr addrspace(5) %l
  ret void
}

; CHECK-LABEL: Function: k_plain
; CHECK: NoAlias: i32* %p, i32 addrspace(5)* %q
define void @k_plain(ptr %p, ptr addrspace(5) %q) {
  store i32 1, ptr %p
  store i32 2, ptr addrspace(5) %q
  ret void
}

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @k_byval, !"kernel", i32 1}
!1 = !{ptr @k_plain, !"kernel", i32 1}

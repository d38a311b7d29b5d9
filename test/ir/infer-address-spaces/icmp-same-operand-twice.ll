; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | opt -S -passes=verify | FileCheck %s
;
; (The third line re-reads the printed IR: a constant cast within one space
; verifies in memory but does not parse.)
;
; An icmp that uses the same shared pointer on both sides compares it with
; itself in shared space: both operands move together, never one of them
; alone (which would compare ptr addrspace(3) with ptr, invalid IR).

@tile = internal addrspace(3) global [256 x float] undef

; p == p with p a shared GEP: a shared compare of %a with itself.
; CHECK-LABEL: @icmp_shared_gep_with_itself(
; CHECK-NOT:     addrspacecast
; CHECK:         %a = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %c = icmp eq ptr addrspace(3) %a, %a
define i1 @icmp_shared_gep_with_itself(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %c = icmp eq ptr %a, %a
  ret i1 %c
}

; The cast itself on both sides.
; CHECK-LABEL: @icmp_shared_cast_with_itself(
; CHECK-NOT:     addrspacecast
; CHECK:         %c = icmp ule ptr addrspace(3) @tile, @tile
define i1 @icmp_shared_cast_with_itself() {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %c = icmp ule ptr %p, %p
  ret i1 %c
}

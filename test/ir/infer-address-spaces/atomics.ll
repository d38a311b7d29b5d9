; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; atomicrmw and cmpxchg whose address is proven shared or global use that
; space; ordering, syncscope and alignment are kept. Volatile atomics are in
; volatile.ll; stored pointer values in store-value-stays-generic.ll.

@tile = internal addrspace(3) global [256 x i32] undef
@gbuf = addrspace(1) global [256 x float] undef

; atomicAdd on a __shared__ counter.
; CHECK-LABEL: @atomicrmw_add_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %old = atomicrmw add ptr addrspace(3) %q, i32 %x seq_cst, align 4
define i32 @atomicrmw_add_shared(i64 %i, i32 %x) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %old = atomicrmw add ptr %q, i32 %x seq_cst, align 4
  ret i32 %old
}

; atomicAdd(float) on global memory, with a syncscope.
; CHECK-LABEL: @atomicrmw_fadd_global(
; CHECK-NOT:     addrspacecast
; CHECK:         %old = atomicrmw fadd ptr addrspace(1) @gbuf, float %x syncscope("agent") monotonic, align 4
define float @atomicrmw_fadd_global(float %x) {
  %p = addrspacecast ptr addrspace(1) @gbuf to ptr
  %old = atomicrmw fadd ptr %p, float %x syncscope("agent") monotonic, align 4
  ret float %old
}

; atomicCAS on a __shared__ word keeps both orderings.
; CHECK-LABEL: @cmpxchg_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %r = cmpxchg ptr addrspace(3) @tile, i32 %a, i32 %b acq_rel monotonic, align 4
define { i32, i1 } @cmpxchg_shared(i32 %a, i32 %b) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %r = cmpxchg ptr %p, i32 %a, i32 %b acq_rel monotonic, align 4
  ret { i32, i1 } %r
}

; A weak cmpxchg on a global argument stays weak.
; CHECK-LABEL: @cmpxchg_weak_global(
; CHECK-NOT:     addrspacecast
; CHECK:         %r = cmpxchg weak ptr addrspace(1) %g, i64 %a, i64 %b seq_cst seq_cst, align 8
define { i64, i1 } @cmpxchg_weak_global(ptr addrspace(1) %g, i64 %a, i64 %b) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %r = cmpxchg weak ptr %p, i64 %a, i64 %b seq_cst seq_cst, align 8
  ret { i64, i1 } %r
}

; An atomic on an unknown generic pointer stays generic.
; CHECK-LABEL: @atomicrmw_unknown_stays_generic(
; CHECK:         %old = atomicrmw max ptr %p, i32 %x seq_cst, align 4
define i32 @atomicrmw_unknown_stays_generic(ptr %p, i32 %x) {
  %old = atomicrmw max ptr %p, i32 %x seq_cst, align 4
  ret i32 %old
}

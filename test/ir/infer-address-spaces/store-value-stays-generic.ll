; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A pointer that is stored (the value operand of store, atomicrmw xchg,
; cmpxchg) escapes as a generic pointer and keeps its generic type; only the
; address operand moves to a specific space.

@tile = internal addrspace(3) global [256 x float] undef

; Storing a shared pointer into a global slot: the slot is written as global;
; the stored value is still the generic %q.
; CHECK-LABEL: @store_shared_pointer_to_global_slot(
; CHECK:         %q = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    store ptr %q, ptr addrspace(1) %slot, align 8
define void @store_shared_pointer_to_global_slot(ptr addrspace(1) %slot, i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %s = addrspacecast ptr addrspace(1) %slot to ptr
  store ptr %q, ptr %s, align 8
  ret void
}

; A pointer stored into the memory it points to: the address becomes shared,
; the value stays the generic cast.
; CHECK-LABEL: @store_pointer_into_itself(
; CHECK:         %p = addrspacecast ptr addrspace(3) @tile to ptr
; CHECK-NEXT:    store ptr %p, ptr addrspace(3) @tile, align 8
define void @store_pointer_into_itself() {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  store ptr %p, ptr %p, align 8
  ret void
}

; The same GEP as address and value: the address is the shared clone, the
; value some generic pointer.
; CHECK-LABEL: @store_gep_into_itself(
; CHECK:         %q = getelementptr ptr, ptr addrspace(3) @tile, i64 %i
; CHECK:         store ptr {{%.*}}, ptr addrspace(3) %q, align 8
define void @store_gep_into_itself(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr ptr, ptr %p, i64 %i
  store ptr %q, ptr %q, align 8
  ret void
}

; atomicrmw xchg of a shared pointer into a global slot: the slot is global,
; the exchanged value stays generic.
; CHECK-LABEL: @xchg_shared_pointer_into_global_slot(
; CHECK:         %q = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    %old = atomicrmw xchg ptr addrspace(1) %slot, ptr %q seq_cst, align 8
define ptr @xchg_shared_pointer_into_global_slot(ptr addrspace(1) %slot, i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %s = addrspacecast ptr addrspace(1) %slot to ptr
  %old = atomicrmw xchg ptr %s, ptr %q seq_cst, align 8
  ret ptr %old
}

; cmpxchg of pointers: the compared and new values stay generic.
; CHECK-LABEL: @cmpxchg_shared_pointer_into_global_slot(
; CHECK:         %q = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    %r = cmpxchg ptr addrspace(1) %slot, ptr %expected, ptr %q seq_cst monotonic, align 8
define { ptr, i1 } @cmpxchg_shared_pointer_into_global_slot(ptr addrspace(1) %slot, ptr %expected, i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %s = addrspacecast ptr addrspace(1) %slot to ptr
  %r = cmpxchg ptr %s, ptr %expected, ptr %q seq_cst monotonic, align 8
  ret { ptr, i1 } %r
}

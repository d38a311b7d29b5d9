; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A load or store whose generic address is a GEP chain over an addrspacecast
; from a specific space reads or writes that space directly: the GEPs are
; cloned into the space under their own names and the casts disappear. Both
; targets number shared/LDS 3 and global 1; each RUN line sets the triple.

@tile = internal addrspace(3) global [256 x float] undef
@grid = internal addrspace(3) global [16 x [16 x float]] undef

; The load reads shared memory through a shared GEP; no cast is left.
; CHECK-LABEL: @load_through_gep_of_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    ret float %v
define float @load_through_gep_of_shared(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  ret float %v
}

; The store writes shared memory through a shared GEP; no cast is left.
; CHECK-LABEL: @store_through_gep_of_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    store float %x, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    ret void
define void @store_through_gep_of_shared(i64 %i, float %x) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store float %x, ptr %q, align 4
  ret void
}

; tile[r][c + 1] through two GEPs: both are cloned into shared, in order.
; CHECK-LABEL: @load_through_gep_chain(
; CHECK-NOT:     addrspacecast
; CHECK:         %row = getelementptr inbounds [16 x float], ptr addrspace(3) @grid, i64 %r, i64 %c
; CHECK-NEXT:    %next = getelementptr inbounds float, ptr addrspace(3) %row, i64 1
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %next, align 4
define float @load_through_gep_chain(i64 %r, i64 %c) {
  %p = addrspacecast ptr addrspace(3) @grid to ptr
  %row = getelementptr inbounds [16 x float], ptr %p, i64 %r, i64 %c
  %next = getelementptr inbounds float, ptr %row, i64 1
  %v = load float, ptr %next, align 4
  ret float %v
}

; A load and a store through the same GEP share one shared clone.
; CHECK-LABEL: @load_and_store_share_clone(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    %w = fadd float %v, 1.000000e+00
; CHECK-NEXT:    store float %w, ptr addrspace(3) %q, align 4
; CHECK-NOT:     getelementptr
define void @load_and_store_share_clone(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr %q, align 4
  ret void
}

; A generic view of a shared pointer argument is read as shared.
; CHECK-LABEL: @load_through_shared_argument(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds i32, ptr addrspace(3) %s, i64 %i
; CHECK-NEXT:    %v = load i32, ptr addrspace(3) %q, align 4
define i32 @load_through_shared_argument(ptr addrspace(3) %s, i64 %i) {
  %p = addrspacecast ptr addrspace(3) %s to ptr
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

; A generic view of a global pointer argument is written as global.
; CHECK-LABEL: @store_through_global_argument(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds double, ptr addrspace(1) %g, i64 %i
; CHECK-NEXT:    store double %x, ptr addrspace(1) %q, align 8
define void @store_through_global_argument(ptr addrspace(1) %g, i64 %i, double %x) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %q = getelementptr inbounds double, ptr %p, i64 %i
  store double %x, ptr %q, align 8
  ret void
}

; Loads straight through the cast (no GEP) use the shared global itself.
; CHECK-LABEL: @load_through_cast_only(
; CHECK-NOT:     addrspacecast
; CHECK:         %v = load float, ptr addrspace(3) @tile, align 4
define float @load_through_cast_only() {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %v = load float, ptr %p, align 4
  ret float %v
}

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,AMDGPU %s
;
; A volatile access moves only where the target says it has a volatile
; variant (TTI hasVolatileVariant). Upstream asks that question about the
; access's current, generic address space (0), not the inferred one, so:
; - NVPTX answers yes for every volatile load and store: they move to the
;   inferred space, whichever it is (global, shared, const, local);
; - NVPTX answers no for volatile atomicrmw/cmpxchg: they stay generic;
; - AMDGPU answers no for everything: every volatile access stays generic.
; Volatile memset/memcpy/memmove are never rewritten, on either target.
; Non-volatile accesses beside them move as usual.

@sh = internal addrspace(3) global [64 x i32] undef
@gl = addrspace(1) global [64 x i32] undef
@co = addrspace(4) global [64 x i32] zeroinitializer

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

; volatile load of shared memory.
; CHECK-LABEL:  @volatile_load_shared(
; NVPTX-NOT:      addrspacecast
; NVPTX:          %v = load volatile i32, ptr addrspace(3) @sh, align 4
; AMDGPU:         %p = addrspacecast ptr addrspace(3) @sh to ptr
; AMDGPU-NEXT:    %v = load volatile i32, ptr %p, align 4
define i32 @volatile_load_shared() {
  %p = addrspacecast ptr addrspace(3) @sh to ptr
  %v = load volatile i32, ptr %p, align 4
  ret i32 %v
}

; volatile store to shared memory.
; CHECK-LABEL:  @volatile_store_shared(
; NVPTX-NOT:      addrspacecast
; NVPTX:          store volatile i32 %x, ptr addrspace(3) @sh, align 4
; AMDGPU:         %p = addrspacecast ptr addrspace(3) @sh to ptr
; AMDGPU-NEXT:    store volatile i32 %x, ptr %p, align 4
define void @volatile_store_shared(i32 %x) {
  %p = addrspacecast ptr addrspace(3) @sh to ptr
  store volatile i32 %x, ptr %p, align 4
  ret void
}

; volatile load and store of global memory through a GEP (on AMDGPU the GEP
; is still cloned into global, and both accesses use generic casts of it).
; CHECK-LABEL:  @volatile_load_store_global(
; NVPTX-NOT:      addrspacecast
; NVPTX:          %q = getelementptr inbounds i32, ptr addrspace(1) @gl, i64 %i
; NVPTX-NEXT:     %v = load volatile i32, ptr addrspace(1) %q, align 4
; NVPTX-NEXT:     store volatile i32 %v, ptr addrspace(1) %q, align 4
; AMDGPU:         %v = load volatile i32, ptr {{%[^ ,]+}}, align 4
; AMDGPU-NEXT:    store volatile i32 %v, ptr {{%[^ ,]+}}, align 4
define void @volatile_load_store_global(i64 %i) {
  %p = addrspacecast ptr addrspace(1) @gl to ptr
  %q = getelementptr inbounds i32, ptr %p, i64 %i
  %v = load volatile i32, ptr %q, align 4
  store volatile i32 %v, ptr %q, align 4
  ret void
}

; volatile load of constant memory: NVPTX moves it too (the variant is asked
; for space 0, not 4).
; CHECK-LABEL:  @volatile_load_const(
; NVPTX-NOT:      addrspacecast
; NVPTX:          %v = load volatile i32, ptr addrspace(4) @co, align 4
; AMDGPU:         %p = addrspacecast ptr addrspace(4) @co to ptr
; AMDGPU-NEXT:    %v = load volatile i32, ptr %p, align 4
define i32 @volatile_load_const() {
  %p = addrspacecast ptr addrspace(4) @co to ptr
  %v = load volatile i32, ptr %p, align 4
  ret i32 %v
}

; volatile load and store of a local (private) alloca: NVPTX moves both.
; CHECK-LABEL:  @volatile_local(
; NVPTX-NOT:      addrspacecast
; NVPTX:          store volatile i32 %x, ptr addrspace(5) %a, align 4
; NVPTX-NEXT:     %v = load volatile i32, ptr addrspace(5) %a, align 4
; AMDGPU:         %p = addrspacecast ptr addrspace(5) %a to ptr
; AMDGPU-NEXT:    store volatile i32 %x, ptr %p, align 4
; AMDGPU-NEXT:    %v = load volatile i32, ptr %p, align 4
define i32 @volatile_local(i32 %x) {
  %a = alloca i32, align 4, addrspace(5)
  %p = addrspacecast ptr addrspace(5) %a to ptr
  store volatile i32 %x, ptr %p, align 4
  %v = load volatile i32, ptr %p, align 4
  ret i32 %v
}

; A plain store beside a volatile load of the same shared word: the plain
; store moves on both targets; the volatile load only on NVPTX.
; CHECK-LABEL:  @volatile_beside_plain(
; NVPTX-NOT:      addrspacecast
; NVPTX:          %v = load volatile i32, ptr addrspace(3) @sh, align 4
; AMDGPU:         %p = addrspacecast ptr addrspace(3) @sh to ptr
; AMDGPU-NEXT:    %v = load volatile i32, ptr %p, align 4
; CHECK-NEXT:     store i32 %x, ptr addrspace(3) @sh, align 4
define i32 @volatile_beside_plain(i32 %x) {
  %p = addrspacecast ptr addrspace(3) @sh to ptr
  %v = load volatile i32, ptr %p, align 4
  store i32 %x, ptr %p, align 4
  ret i32 %v
}

; volatile atomicrmw stays generic on both targets.
; CHECK-LABEL:  @volatile_atomicrmw_shared(
; CHECK:          %p = addrspacecast ptr addrspace(3) @sh to ptr
; CHECK-NEXT:     %old = atomicrmw volatile add ptr %p, i32 %x seq_cst, align 4
define i32 @volatile_atomicrmw_shared(i32 %x) {
  %p = addrspacecast ptr addrspace(3) @sh to ptr
  %old = atomicrmw volatile add ptr %p, i32 %x seq_cst, align 4
  ret i32 %old
}

; volatile cmpxchg stays generic on both targets.
; CHECK-LABEL:  @volatile_cmpxchg_global(
; CHECK:          %p = addrspacecast ptr addrspace(1) @gl to ptr
; CHECK-NEXT:     %r = cmpxchg volatile ptr %p, i32 %a, i32 %b seq_cst monotonic, align 4
define { i32, i1 } @volatile_cmpxchg_global(i32 %a, i32 %b) {
  %p = addrspacecast ptr addrspace(1) @gl to ptr
  %r = cmpxchg volatile ptr %p, i32 %a, i32 %b seq_cst monotonic, align 4
  ret { i32, i1 } %r
}

; volatile memset stays generic on both targets.
; CHECK-LABEL:  @volatile_memset_shared(
; CHECK:          %p = addrspacecast ptr addrspace(3) @sh to ptr
; CHECK-NEXT:     call void @llvm.memset.p0.i64(ptr align 4 %p, i8 0, i64 %n, i1 true)
define void @volatile_memset_shared(i64 %n) {
  %p = addrspacecast ptr addrspace(3) @sh to ptr
  call void @llvm.memset.p0.i64(ptr align 4 %p, i8 0, i64 %n, i1 true)
  ret void
}

; volatile memcpy stays p0.p0 on both targets, even with both sides known.
; CHECK-LABEL:  @volatile_memcpy_global_to_shared(
; CHECK:          call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 %n, i1 true)
; CHECK-NOT:      @llvm.memcpy.p3
define void @volatile_memcpy_global_to_shared(i64 %n) {
  %d = addrspacecast ptr addrspace(3) @sh to ptr
  %s = addrspacecast ptr addrspace(1) @gl to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 %n, i1 true)
  ret void
}

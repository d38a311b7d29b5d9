; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=AMDGPU,AMDGPU%llvm %s
; RUN: opt -mtriple=r600-- -data-layout=e-p:64:64 -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=AMDGPU,AMDGPU%llvm %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa,basic-aa -passes=instcombine -S %s \
; RUN:   | FileCheck --check-prefix=BOTH %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa -passes=instcombine -S %s \
; RUN:   | FileCheck --check-prefix=OURS %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa -passes=instcombine -S %s \
; RUN:   | FileCheck --check-prefix=BASIC %s
;
; gpucc-memspace-aa on AMDGPU (amdgcn, and r600, which answers the same;
; r600's TTI has no flat space, the rules' number 0 stands in; its run gets
; 64-bit pointers so that LLVM 22's verifier takes the i64 ptrmask below),
; asked alone:
;   0 flat, 1 global, 2 region (GDS), 3 LDS, 4 constant, 5 private,
;   6 constant-32-bit, 7 buffer fat pointer (and in LLVM 22 8 buffer
;   resource, 9 buffer strided pointer).
;   Region is NoAlias with every other space, flat included (GDS is not in
;   the flat aperture); LDS and private alias only flat and themselves;
;   global, constant, constant-32-bit and buffer alias each other and flat;
;   a space above the table MayAlias everything; a space aliases itself.
; Read-only memory, through InstCombine, which deletes a store to memory the
; AA's ModRef mask says no one writes ("it must store what is there"):
; constant 4 and constant-32-bit 6 (declared, or the space a generic pointer
; is cast from, or the underlying object of a pointer the space walk cannot
; see through, like llvm.ptrmask), and a kernel argument that is noalias and
; readonly/readnone. basic-aa knows noalias readonly arguments of any
; function but not spaces, so three RUNs: both AAs, ours alone (kernel
; arguments only) and basic-aa alone (no address spaces).

; Each of the 36 pairs of distinct spaces, once.
; AMDGPU-LABEL: Function: space_pairs: 9 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32* %flat, i32 addrspace(1)* %glob
; AMDGPU-NEXT:  NoAlias:  i32* %flat, i32 addrspace(2)* %region
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(2)* %region
; AMDGPU-NEXT:  MayAlias: i32* %flat, i32 addrspace(3)* %lds
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(3)* %lds
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(3)* %lds, i32 addrspace(2)* %region
; AMDGPU-NEXT:  MayAlias: i32 addrspace(4)* %const, i32* %flat
; AMDGPU-NEXT:  MayAlias: i32 addrspace(4)* %const, i32 addrspace(1)* %glob
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(2)* %region
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(3)* %lds
; AMDGPU-NEXT:  MayAlias: i32* %flat, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(5)* %priv, i32 addrspace(2)* %region
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(3)* %lds, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  MayAlias: i32 addrspace(6)* %const32, i32* %flat
; AMDGPU-NEXT:  MayAlias: i32 addrspace(6)* %const32, i32 addrspace(1)* %glob
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(6)* %const32, i32 addrspace(2)* %region
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(6)* %const32, i32 addrspace(3)* %lds
; AMDGPU-NEXT:  MayAlias: i32 addrspace(4)* %const, i32 addrspace(6)* %const32
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(6)* %const32, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %buf, i32* %flat
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %buf, i32 addrspace(1)* %glob
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(7)* %buf, i32 addrspace(2)* %region
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(7)* %buf, i32 addrspace(3)* %lds
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %buf, i32 addrspace(4)* %const
; AMDGPU-NEXT:  NoAlias:  i32 addrspace(7)* %buf, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %buf, i32 addrspace(6)* %const32
; AMDGPU-NEXT:  MayAlias: i32* %flat, i32 addrspace(999)* %odd
; AMDGPU-NEXT:  MayAlias: i32 addrspace(1)* %glob, i32 addrspace(999)* %odd
; AMDGPU-NEXT:  MayAlias: i32 addrspace(999)* %odd, i32 addrspace(2)* %region
; AMDGPU-NEXT:  MayAlias: i32 addrspace(3)* %lds, i32 addrspace(999)* %odd
; AMDGPU-NEXT:  MayAlias: i32 addrspace(4)* %const, i32 addrspace(999)* %odd
; AMDGPU-NEXT:  MayAlias: i32 addrspace(999)* %odd, i32 addrspace(5)* %priv
; AMDGPU-NEXT:  MayAlias: i32 addrspace(6)* %const32, i32 addrspace(999)* %odd
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %buf, i32 addrspace(999)* %odd
define void @space_pairs(ptr %flat, ptr addrspace(1) %glob, ptr addrspace(2) %region,
                         ptr addrspace(3) %lds, ptr addrspace(4) %const,
                         ptr addrspace(5) %priv, ptr addrspace(6) %const32,
                         ptr addrspace(7) %buf, ptr addrspace(999) %odd) {
  %v0 = load i32, ptr %flat
  %v1 = load i32, ptr addrspace(1) %glob
  %v2 = load i32, ptr addrspace(2) %region
  %v3 = load i32, ptr addrspace(3) %lds
  %v4 = load i32, ptr addrspace(4) %const
  %v5 = load i32, ptr addrspace(5) %priv
  %v6 = load i32, ptr addrspace(6) %const32
  %v7 = load i32, ptr addrspace(7) %buf
  %v999 = load i32, ptr addrspace(999) %odd
  ret void
}

; Spaces above the LLVM's AMDGPU table alias anything, even region memory:
; 8 and up in LLVM 16. LLVM 22's AMDGPU defines 8 (buffer resource) and 9
; (buffer strided pointer), global-like: they alias global and each other
; but not region or LDS; 10 is its first unknown number.
; AMDGPU-LABEL:  Function: buffer_spaces_and_beyond: 6 pointers, 0 call sites
; AMDGPU-NEXT:   NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(2)* %region
; AMDGPU-NEXT:   NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(3)* %lds
; AMDGPU-NEXT:   NoAlias:  i32 addrspace(3)* %lds, i32 addrspace(2)* %region
; AMDGPU-NEXT:   MayAlias: i32 addrspace(1)* %glob, i32 addrspace(8)* %rsrc
; AMDGPU16-NEXT: MayAlias: i32 addrspace(2)* %region, i32 addrspace(8)* %rsrc
; AMDGPU16-NEXT: MayAlias: i32 addrspace(3)* %lds, i32 addrspace(8)* %rsrc
; AMDGPU22-NEXT: NoAlias:  i32 addrspace(2)* %region, i32 addrspace(8)* %rsrc
; AMDGPU22-NEXT: NoAlias:  i32 addrspace(3)* %lds, i32 addrspace(8)* %rsrc
; AMDGPU-NEXT:   MayAlias: i32 addrspace(1)* %glob, i32 addrspace(9)* %strided
; AMDGPU16-NEXT: MayAlias: i32 addrspace(2)* %region, i32 addrspace(9)* %strided
; AMDGPU16-NEXT: MayAlias: i32 addrspace(3)* %lds, i32 addrspace(9)* %strided
; AMDGPU22-NEXT: NoAlias:  i32 addrspace(2)* %region, i32 addrspace(9)* %strided
; AMDGPU22-NEXT: NoAlias:  i32 addrspace(3)* %lds, i32 addrspace(9)* %strided
; AMDGPU-NEXT:   MayAlias: i32 addrspace(8)* %rsrc, i32 addrspace(9)* %strided
; AMDGPU-NEXT:   MayAlias: i32 addrspace(1)* %glob, i32 addrspace(10)* %ten
; AMDGPU-NEXT:   MayAlias: i32 addrspace(2)* %region, i32 addrspace(10)* %ten
; AMDGPU-NEXT:   MayAlias: i32 addrspace(3)* %lds, i32 addrspace(10)* %ten
; AMDGPU-NEXT:   MayAlias: i32 addrspace(8)* %rsrc, i32 addrspace(10)* %ten
; AMDGPU-NEXT:   MayAlias: i32 addrspace(9)* %strided, i32 addrspace(10)* %ten
define void @buffer_spaces_and_beyond(ptr addrspace(1) %glob, ptr addrspace(2) %region,
                                      ptr addrspace(3) %lds, ptr addrspace(8) %rsrc,
                                      ptr addrspace(9) %strided, ptr addrspace(10) %ten) {
  %v1 = load i32, ptr addrspace(1) %glob
  %v2 = load i32, ptr addrspace(2) %region
  %v3 = load i32, ptr addrspace(3) %lds
  %v8 = load i32, ptr addrspace(8) %rsrc
  %v9 = load i32, ptr addrspace(9) %strided
  %v10 = load i32, ptr addrspace(10) %ten
  ret void
}

; A space aliases itself (region, LDS and private too).
; AMDGPU-LABEL: Function: same_flat: 2 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32* %a, i32* %b
define void @same_flat(ptr %a, ptr %b) {
  %va = load i32, ptr %a
  %vb = load i32, ptr %b
  ret void
}

; AMDGPU-LABEL: Function: same_region: 2 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32 addrspace(2)* %a, i32 addrspace(2)* %b
define void @same_region(ptr addrspace(2) %a, ptr addrspace(2) %b) {
  %va = load i32, ptr addrspace(2) %a
  %vb = load i32, ptr addrspace(2) %b
  ret void
}

; AMDGPU-LABEL: Function: same_lds: 2 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32 addrspace(3)* %a, i32 addrspace(3)* %b
define void @same_lds(ptr addrspace(3) %a, ptr addrspace(3) %b) {
  %va = load i32, ptr addrspace(3) %a
  %vb = load i32, ptr addrspace(3) %b
  ret void
}

; AMDGPU-LABEL: Function: same_private: 2 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32 addrspace(5)* %a, i32 addrspace(5)* %b
define void @same_private(ptr addrspace(5) %a, ptr addrspace(5) %b) {
  %va = load i32, ptr addrspace(5) %a
  %vb = load i32, ptr addrspace(5) %b
  ret void
}

; AMDGPU-LABEL: Function: same_buffer: 2 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: i32 addrspace(7)* %a, i32 addrspace(7)* %b
define void @same_buffer(ptr addrspace(7) %a, ptr addrspace(7) %b) {
  %va = load i32, ptr addrspace(7) %a
  %vb = load i32, ptr addrspace(7) %b
  ret void
}

; The ModRef mask: an unknown call may write global memory and what a flat
; pointer reaches, never constant (4) or constant-32-bit (6) memory. Param
; space 101 means nothing to AMDGPU, so it is writable here.
; AMDGPU-LABEL: Function: read_only_vs_call: 5 pointers, 1 call sites
; AMDGPU:       Both ModRef: Ptr: i32* %glob <-> call void @opaque()
; AMDGPU-NEXT:  NoModRef:    Ptr: i32* %const <-> call void @opaque()
; AMDGPU-NEXT:  NoModRef:    Ptr: i32* %const32 <-> call void @opaque()
; AMDGPU-NEXT:  Both ModRef: Ptr: i32* %p101 <-> call void @opaque()
; AMDGPU-NEXT:  Both ModRef: Ptr: i32* %flat <-> call void @opaque()
define void @read_only_vs_call(ptr addrspace(1) %glob, ptr addrspace(4) %const,
                               ptr addrspace(6) %const32, ptr addrspace(101) %p101,
                               ptr %flat) {
  %v1 = load i32, ptr addrspace(1) %glob
  %v4 = load i32, ptr addrspace(4) %const
  %v6 = load i32, ptr addrspace(6) %const32
  %v101 = load i32, ptr addrspace(101) %p101
  %v0 = load i32, ptr %flat
  call void @opaque()
  ret void
}

declare void @opaque()

; *c = v with c in constant memory: deleted with our AA only.
; BOTH-LABEL:  @store_to_constant(
; BOTH-NEXT:     ret void
; OURS-LABEL:  @store_to_constant(
; OURS-NEXT:     ret void
; BASIC-LABEL: @store_to_constant(
; BASIC-NEXT:    store i32 %v, ptr addrspace(4) %c, align 4
define void @store_to_constant(ptr addrspace(4) %c, i32 %v) {
  store i32 %v, ptr addrspace(4) %c, align 4
  ret void
}

; A flat pointer cast from constant-32-bit memory is constant-32-bit.
; BOTH-LABEL:  @store_to_flat_from_const32(
; BOTH-NEXT:     ret void
; OURS-LABEL:  @store_to_flat_from_const32(
; OURS-NEXT:     ret void
; BASIC-LABEL: @store_to_flat_from_const32(
; BASIC:         store i32 %v, ptr %q, align 4
define void @store_to_flat_from_const32(ptr addrspace(6) %c, i32 %v) {
  %p = addrspacecast ptr addrspace(6) %c to ptr
  %q = getelementptr inbounds i32, ptr %p, i64 2
  store i32 %v, ptr %q, align 4
  ret void
}

; llvm.ptrmask stops the space walk (the masked pointer is generic to it),
; but its underlying object is still the constant argument.
; BOTH-LABEL:  @store_to_masked_constant(
; BOTH-NEXT:     ret void
; OURS-LABEL:  @store_to_masked_constant(
; OURS-NEXT:     ret void
; BASIC-LABEL: @store_to_masked_constant(
; BASIC:         store i32 %v, ptr %m, align 4
define void @store_to_masked_constant(ptr addrspace(4) %c, i32 %v) {
  %p = addrspacecast ptr addrspace(4) %c to ptr
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -16)
  store i32 %v, ptr %m, align 4
  ret void
}

; The same through global memory: writable, kept by every AA.
; BOTH-LABEL:  @store_to_masked_global(
; BOTH:          store i32 %v, ptr %m, align 4
; OURS-LABEL:  @store_to_masked_global(
; OURS:          store i32 %v, ptr %m, align 4
define void @store_to_masked_global(ptr addrspace(1) %g, i32 %v) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %m = call ptr @llvm.ptrmask.p0.i64(ptr %p, i64 -16)
  store i32 %v, ptr %m, align 4
  ret void
}

declare ptr @llvm.ptrmask.p0.i64(ptr, i64)

; A noalias readonly kernel argument: nothing else reaches its memory and the
; kernel does not write it, so it is constant for the kernel's life.
; BOTH-LABEL:  @kernel_noalias_readonly(
; BOTH-NEXT:     ret void
; OURS-LABEL:  @kernel_noalias_readonly(
; OURS-NEXT:     ret void
define amdgpu_kernel void @kernel_noalias_readonly(ptr addrspace(1) noalias readonly %in, i32 %v) {
  store i32 %v, ptr addrspace(1) %in, align 4
  ret void
}

; readnone counts as readonly.
; OURS-LABEL:  @kernel_noalias_readnone(
; OURS-NEXT:     ret void
define amdgpu_kernel void @kernel_noalias_readnone(ptr addrspace(1) noalias readnone %in, i32 %v) {
  store i32 %v, ptr addrspace(1) %in, align 4
  ret void
}

; readonly without noalias: another pointer may write the memory; kept.
; BOTH-LABEL:  @kernel_readonly(
; BOTH-NEXT:     store i32 %v, ptr addrspace(1) %in, align 4
; OURS-LABEL:  @kernel_readonly(
; OURS-NEXT:     store i32 %v, ptr addrspace(1) %in, align 4
; BASIC-LABEL: @kernel_readonly(
; BASIC-NEXT:    store i32 %v, ptr addrspace(1) %in, align 4
define amdgpu_kernel void @kernel_readonly(ptr addrspace(1) readonly %in, i32 %v) {
  store i32 %v, ptr addrspace(1) %in, align 4
  ret void
}

; noalias readonly on a device function: our rule is for kernels only (the
; store stays with our AA alone); basic-aa's rule holds for any function.
; BOTH-LABEL:  @device_noalias_readonly(
; BOTH-NEXT:     ret void
; OURS-LABEL:  @device_noalias_readonly(
; OURS-NEXT:     store i32 %v, ptr addrspace(1) %in, align 4
; BASIC-LABEL: @device_noalias_readonly(
; BASIC-NEXT:    ret void
define void @device_noalias_readonly(ptr addrspace(1) noalias readonly %in, i32 %v) {
  store i32 %v, ptr addrspace(1) %in, align 4
  ret void
}

; A plain global store is never deleted.
; BOTH-LABEL:  @store_to_global(
; BOTH-NEXT:     store i32 %v, ptr addrspace(1) %g, align 4
; OURS-LABEL:  @store_to_global(
; OURS-NEXT:     store i32 %v, ptr addrspace(1) %g, align 4
; BASIC-LABEL: @store_to_global(
; BASIC-NEXT:    store i32 %v, ptr addrspace(1) %g, align 4
define void @store_to_global(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g, align 4
  ret void
}

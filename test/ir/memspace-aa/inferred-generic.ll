; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=CHECK,NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=CHECK,AMDGPU %s
;
; Beyond upstream's AA, which answers from the declared space only: a generic
; pointer is classified by walking back through addrspacecast, bitcast, GEP,
; phi and select (instructions and constant expressions) to the values it is
; derived from. One space at every source: the pointer is in that space.
; Two spaces, or a source the walk cannot see through (an argument, a call,
; a load from writable memory): generic, MayAlias. Undef sources are ignored.
; The walk visits at most 32 values.
; Host-visible leaves: a generic kernel argument (on NVPTX a kernel is marked
; in !nvvm.annotations or has the ptx_kernel calling convention; on AMDGPU it
; has the amdgpu_kernel calling convention) and
; a generic pointer loaded from constant memory (4, and param 101 on NVPTX)
; were made by the host, so they point to global or constant memory: NoAlias
; with shared/LDS, local/private and region, MayAlias with global. (On
; AMDGPU the TTI already assumes a pointer loaded from constant memory is
; global.)
; Shared (3) is LDS (3) on AMDGPU and global is 1 on both, so the walk's
; cases share the CHECK prefix; kernel markers are per target.

@tile = internal addrspace(3) global [64 x float] undef
@other = internal addrspace(3) global [64 x float] undef
@gdata = addrspace(1) global [64 x float] zeroinitializer

; &tile[i][j] through two GEPs on the generic cast: shared.
; CHECK-LABEL: Function: gep_chain: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float* %elt, float addrspace(1)* %g
define void @gep_chain(ptr addrspace(1) %g, i64 %i, i64 %j) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %row = getelementptr inbounds [64 x float], ptr %base, i64 0, i64 %i
  %elt = getelementptr inbounds float, ptr %row, i64 %j
  %v = load float, ptr %elt
  store float %v, ptr addrspace(1) %g
  ret void
}

; for (p = tile; ...; p++) *g = *p;   the phi's sources are the cast and
; its own increment: shared.
; CHECK-LABEL: Function: loop_phi: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float addrspace(1)* %g, float* %p
define void @loop_phi(ptr addrspace(1) %g, i32 %n) {
entry:
  %start = addrspacecast ptr addrspace(3) @tile to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %start, %entry ], [ %p.next, %loop ]
  %v = load float, ptr %p
  store float %v, ptr addrspace(1) %g
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; c ? tile : other, two shared arrays: shared.
; CHECK-LABEL: Function: select_two_shared: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float addrspace(1)* %g, float* %sel
define void @select_two_shared(ptr addrspace(1) %g, i1 %c) {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %b = addrspacecast ptr addrspace(3) @other to ptr
  %sel = select i1 %c, ptr %a, ptr %b
  %v = load float, ptr %sel
  store float %v, ptr addrspace(1) %g
  ret void
}

; &tile[5] as a constant expression (GEP of a cast global): shared.
; CHECK-LABEL: Function: constexpr_gep: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float addrspace(1)* %g, float* getelementptr inbounds ([64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 5)
define void @constexpr_gep(ptr addrspace(1) %g) {
  %v = load float, ptr getelementptr inbounds ([64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 5)
  store float %v, ptr addrspace(1) %g
  ret void
}

; c ? tile : undef: the undef may be anything, so it adds no space.
; CHECK-LABEL: Function: select_shared_or_undef: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float addrspace(1)* %g, float* %p
define void @select_shared_or_undef(ptr addrspace(1) %g, i1 %c) {
  %sh = addrspacecast ptr addrspace(3) @tile to ptr
  %p = select i1 %c, ptr %sh, ptr undef
  %v = load float, ptr %p
  store float %v, ptr addrspace(1) %g
  ret void
}

; A phi of a shared and a global pointer may point into either space: it
; MayAlias both; the two specific pointers stay NoAlias.
; CHECK-LABEL: Function: phi_shared_or_global: 3 pointers, 0 call sites
; CHECK-NEXT:  MayAlias: float addrspace(1)* %g, float* %p
; CHECK-NEXT:  MayAlias: float* %p, float addrspace(3)* @other
; CHECK-NEXT:  NoAlias:  float addrspace(1)* %g, float addrspace(3)* @other
define void @phi_shared_or_global(ptr addrspace(1) %g, i1 %c) {
entry:
  %sh = addrspacecast ptr addrspace(3) @tile to ptr
  br i1 %c, label %then, label %join

then:
  %gg = addrspacecast ptr addrspace(1) %g to ptr
  br label %join

join:
  %p = phi ptr [ %gg, %then ], [ %sh, %entry ]
  %v = load float, ptr %p
  store float %v, ptr addrspace(1) %g
  %w = load float, ptr addrspace(3) @other
  ret void
}

; A generic argument of a device (non-kernel) function: a caller may pass a
; shared pointer. MayAlias with both spaces.
; CHECK-LABEL: Function: device_generic_arg: 3 pointers, 0 call sites
; CHECK-NEXT:  MayAlias: float addrspace(1)* %g, float* %p
; CHECK-NEXT:  MayAlias: float* %p, float addrspace(3)* @tile
; CHECK-NEXT:  NoAlias:  float addrspace(1)* %g, float addrspace(3)* @tile
define void @device_generic_arg(ptr %p, ptr addrspace(1) %g) {
  %v = load float, ptr %p
  store float %v, ptr addrspace(1) %g
  store float %v, ptr addrspace(3) @tile
  ret void
}

; A pointer loaded from constant memory is host-visible (NVPTX) or global
; (AMDGPU's assumption): NoAlias with shared, MayAlias with global. One
; loaded from global memory may be anything.
; CHECK-LABEL: Function: loaded_pointers: 6 pointers, 0 call sites
; CHECK:       NoAlias:  float* %from.const, float addrspace(3)* @tile
; CHECK-NEXT:  MayAlias: float* %from.global, float addrspace(3)* @tile
; CHECK:       MayAlias: float* %from.const, float addrspace(1)* @gdata
; CHECK-NEXT:  MayAlias: float* %from.global, float addrspace(1)* @gdata
define void @loaded_pointers(ptr addrspace(4) %tab, ptr addrspace(1) %gtab) {
  %from.const = load ptr, ptr addrspace(4) %tab
  %from.global = load ptr, ptr addrspace(1) %gtab
  %v = load float, ptr %from.const
  %w = load float, ptr %from.global
  store float %v, ptr addrspace(3) @tile
  store float %w, ptr addrspace(1) @gdata
  ret void
}

; NVPTX kernel (marked in !nvvm.annotations): its generic argument is
; host-visible: NoAlias with shared and local, MayAlias with global. The
; annotation means nothing to AMDGPU, where it is an ordinary argument.
; CHECK-LABEL: Function: nvvm_kernel_arg: 4 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: float addrspace(1)* %g, float* %in
; NVPTX-NEXT:  NoAlias:  float* %in, float addrspace(3)* @tile
; NVPTX-NEXT:  NoAlias:  float addrspace(1)* %g, float addrspace(3)* @tile
; NVPTX-NEXT:  NoAlias:  float* %in, float addrspace(5)* %loc
; AMDGPU-NEXT: MayAlias: float addrspace(1)* %g, float* %in
; AMDGPU-NEXT: MayAlias: float* %in, float addrspace(3)* @tile
; AMDGPU-NEXT: NoAlias:  float addrspace(1)* %g, float addrspace(3)* @tile
; AMDGPU-NEXT: MayAlias: float* %in, float addrspace(5)* %loc
define void @nvvm_kernel_arg(ptr %in, ptr addrspace(1) %g, ptr addrspace(5) %loc) {
  %v = load float, ptr %in
  store float %v, ptr addrspace(1) %g
  store float %v, ptr addrspace(3) @tile
  store float %v, ptr addrspace(5) %loc
  ret void
}

; The ptx_kernel calling convention marks a kernel too; a GEP off the
; argument is still host-visible.
; NVPTX-LABEL: Function: ptx_kernel_arg: 2 pointers, 0 call sites
; NVPTX-NEXT:  NoAlias: float* %elt, float addrspace(3)* @tile
define ptx_kernel void @ptx_kernel_arg(ptr %in, i64 %i) {
  %elt = getelementptr inbounds float, ptr %in, i64 %i
  %v = load float, ptr %elt
  store float %v, ptr addrspace(3) @tile
  ret void
}

; A pointer kept in kernel parameter space (101) was written by the host.
; NVPTX-LABEL: Function: loaded_from_param: 3 pointers, 0 call sites
; NVPTX:       NoAlias: float* %p, float addrspace(3)* @tile
define void @loaded_from_param(ptr addrspace(101) %prm) {
  %p = load ptr, ptr addrspace(101) %prm
  %v = load float, ptr %p
  store float %v, ptr addrspace(3) @tile
  ret void
}

; Host-visible or shared: mixed, MayAlias with shared.
; NVPTX-LABEL: Function: kernel_arg_or_shared: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: float* %p, float addrspace(3)* @tile
define ptx_kernel void @kernel_arg_or_shared(ptr %in, i1 %c) {
  %sh = addrspacecast ptr addrspace(3) @tile to ptr
  %p = select i1 %c, ptr %in, ptr %sh
  %v = load float, ptr %p
  store float %v, ptr addrspace(3) @tile
  ret void
}

; AMDGPU kernel: a flat argument is NoAlias with LDS, private and region,
; MayAlias with global. On NVPTX the calling convention is not a kernel's.
; CHECK-LABEL:  Function: amdgpu_kernel_arg: 5 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: float* %elt, float addrspace(1)* %g
; AMDGPU-NEXT:  NoAlias:  float* %elt, float addrspace(3)* @tile
; AMDGPU:       NoAlias:  float* %elt, float addrspace(5)* %priv
; AMDGPU:       NoAlias:  float* %elt, float addrspace(2)* %gds
; NVPTX-NEXT:   MayAlias: float* %elt, float addrspace(1)* %g
; NVPTX-NEXT:   MayAlias: float* %elt, float addrspace(3)* @tile
; NVPTX:        MayAlias: float* %elt, float addrspace(5)* %priv
define amdgpu_kernel void @amdgpu_kernel_arg(ptr %in, ptr addrspace(1) %g,
                                            ptr addrspace(2) %gds, ptr addrspace(5) %priv) {
  %elt = getelementptr inbounds float, ptr %in, i64 4
  %v = load float, ptr %elt
  store float %v, ptr addrspace(1) %g
  store float %v, ptr addrspace(3) @tile
  store float %v, ptr addrspace(5) %priv
  store float %v, ptr addrspace(2) %gds
  ret void
}

; A flat argument of an AMDGPU device function may be LDS or private.
; AMDGPU-LABEL: Function: amdgpu_device_arg: 3 pointers, 0 call sites
; AMDGPU-NEXT:  MayAlias: float* %in, float addrspace(3)* @tile
; AMDGPU-NEXT:  MayAlias: float* %in, float addrspace(5)* %priv
define void @amdgpu_device_arg(ptr %in, ptr addrspace(5) %priv) {
  %v = load float, ptr %in
  store float %v, ptr addrspace(3) @tile
  store float %v, ptr addrspace(5) %priv
  ret void
}

; The walk limit: %p30 is 30 GEPs over the cast, 32 values down to @tile,
; and is still shared; %p31 needs 33 and counts as generic.
; CHECK-LABEL: Function: walk_32_values: 2 pointers, 0 call sites
; CHECK-NEXT:  NoAlias: float addrspace(1)* %g, float* %p30
; CHECK-LABEL: Function: walk_33_values: 2 pointers, 0 call sites
; CHECK-NEXT:  MayAlias: float addrspace(1)* %g, float* %p31
define void @walk_32_values(ptr addrspace(1) %g) {
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  %p1 = getelementptr inbounds i8, ptr %p0, i64 1
  %p2 = getelementptr inbounds i8, ptr %p1, i64 1
  %p3 = getelementptr inbounds i8, ptr %p2, i64 1
  %p4 = getelementptr inbounds i8, ptr %p3, i64 1
  %p5 = getelementptr inbounds i8, ptr %p4, i64 1
  %p6 = getelementptr inbounds i8, ptr %p5, i64 1
  %p7 = getelementptr inbounds i8, ptr %p6, i64 1
  %p8 = getelementptr inbounds i8, ptr %p7, i64 1
  %p9 = getelementptr inbounds i8, ptr %p8, i64 1
  %p10 = getelementptr inbounds i8, ptr %p9, i64 1
  %p11 = getelementptr inbounds i8, ptr %p10, i64 1
  %p12 = getelementptr inbounds i8, ptr %p11, i64 1
  %p13 = getelementptr inbounds i8, ptr %p12, i64 1
  %p14 = getelementptr inbounds i8, ptr %p13, i64 1
  %p15 = getelementptr inbounds i8, ptr %p14, i64 1
  %p16 = getelementptr inbounds i8, ptr %p15, i64 1
  %p17 = getelementptr inbounds i8, ptr %p16, i64 1
  %p18 = getelementptr inbounds i8, ptr %p17, i64 1
  %p19 = getelementptr inbounds i8, ptr %p18, i64 1
  %p20 = getelementptr inbounds i8, ptr %p19, i64 1
  %p21 = getelementptr inbounds i8, ptr %p20, i64 1
  %p22 = getelementptr inbounds i8, ptr %p21, i64 1
  %p23 = getelementptr inbounds i8, ptr %p22, i64 1
  %p24 = getelementptr inbounds i8, ptr %p23, i64 1
  %p25 = getelementptr inbounds i8, ptr %p24, i64 1
  %p26 = getelementptr inbounds i8, ptr %p25, i64 1
  %p27 = getelementptr inbounds i8, ptr %p26, i64 1
  %p28 = getelementptr inbounds i8, ptr %p27, i64 1
  %p29 = getelementptr inbounds i8, ptr %p28, i64 1
  %p30 = getelementptr inbounds i8, ptr %p29, i64 1
  %v = load float, ptr %p30
  store float %v, ptr addrspace(1) %g
  ret void
}

define void @walk_33_values(ptr addrspace(1) %g) {
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  %p1 = getelementptr inbounds i8, ptr %p0, i64 1
  %p2 = getelementptr inbounds i8, ptr %p1, i64 1
  %p3 = getelementptr inbounds i8, ptr %p2, i64 1
  %p4 = getelementptr inbounds i8, ptr %p3, i64 1
  %p5 = getelementptr inbounds i8, ptr %p4, i64 1
  %p6 = getelementptr inbounds i8, ptr %p5, i64 1
  %p7 = getelementptr inbounds i8, ptr %p6, i64 1
  %p8 = getelementptr inbounds i8, ptr %p7, i64 1
  %p9 = getelementptr inbounds i8, ptr %p8, i64 1
  %p10 = getelementptr inbounds i8, ptr %p9, i64 1
  %p11 = getelementptr inbounds i8, ptr %p10, i64 1
  %p12 = getelementptr inbounds i8, ptr %p11, i64 1
  %p13 = getelementptr inbounds i8, ptr %p12, i64 1
  %p14 = getelementptr inbounds i8, ptr %p13, i64 1
  %p15 = getelementptr inbounds i8, ptr %p14, i64 1
  %p16 = getelementptr inbounds i8, ptr %p15, i64 1
  %p17 = getelementptr inbounds i8, ptr %p16, i64 1
  %p18 = getelementptr inbounds i8, ptr %p17, i64 1
  %p19 = getelementptr inbounds i8, ptr %p18, i64 1
  %p20 = getelementptr inbounds i8, ptr %p19, i64 1
  %p21 = getelementptr inbounds i8, ptr %p20, i64 1
  %p22 = getelementptr inbounds i8, ptr %p21, i64 1
  %p23 = getelementptr inbounds i8, ptr %p22, i64 1
  %p24 = getelementptr inbounds i8, ptr %p23, i64 1
  %p25 = getelementptr inbounds i8, ptr %p24, i64 1
  %p26 = getelementptr inbounds i8, ptr %p25, i64 1
  %p27 = getelementptr inbounds i8, ptr %p26, i64 1
  %p28 = getelementptr inbounds i8, ptr %p27, i64 1
  %p29 = getelementptr inbounds i8, ptr %p28, i64 1
  %p30 = getelementptr inbounds i8, ptr %p29, i64 1
  %p31 = getelementptr inbounds i8, ptr %p30, i64 1
  %v = load float, ptr %p31
  store float %v, ptr addrspace(1) %g
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @nvvm_kernel_arg, !"kernel", i32 1}

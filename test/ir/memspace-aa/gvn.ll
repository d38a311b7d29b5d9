; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa,gpucc-memspace-aa -passes=gvn -S %s \
; RUN:   | FileCheck --check-prefixes=OURS,OURS-NVPTX %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa,basic-aa -passes=gvn -S %s \
; RUN:   | FileCheck --check-prefixes=OURS,OURS-NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa,gpucc-memspace-aa -passes=gvn -S %s \
; RUN:   | FileCheck --check-prefixes=OURS,OURS-AMDGPU %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=basic-aa \
; RUN:     -passes=gvn -S %s | FileCheck --check-prefixes=KEPT,KEPT%llvm %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin -aa-pipeline=basic-aa \
; RUN:     -passes=gvn -S %s | FileCheck --check-prefixes=KEPT,KEPT%llvm %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=basic-aa,gpucc-memspace-aa -passes=gvn -S %s \
; RUN:   | FileCheck --check-prefixes=KEPT,KEPT%llvm %s
;
; What the AA buys: GVN forwards a load to a later load of the same address
; when nothing in between may write it. In
;   a = tile[i]; *g = x; b = tile[i];
; tile is __shared__ but reached through a generic pointer, and g is global.
; basic-aa sees two unrelated objects (an external global and an argument)
; and keeps the reload; gpucc-memspace-aa proves the generic pointer shared,
; so the global store cannot write it and b becomes a. The same with a
; kernel's pointer argument (host-visible) across a shared store. A store
; through a generic pointer of unknown origin still blocks the forwarding,
; and a host triple gets nothing from the AA.
; Shared is 3 on both GPU targets, so the IR is the same for both.

@tile = external addrspace(3) global [0 x float]

; OURS-LABEL:  @reload_shared_across_global_store(
; OURS:          %a = load float, ptr %p, align 4
; OURS-NEXT:     store float %x, ptr addrspace(1) %g, align 4
; OURS-NEXT:     %s = fadd float %a, %a
; KEPT-LABEL:  @reload_shared_across_global_store(
; KEPT:          %a = load float, ptr %p, align 4
; KEPT-NEXT:     store float %x, ptr addrspace(1) %g, align 4
; KEPT-NEXT:     %b = load float, ptr %p, align 4
; KEPT-NEXT:     %s = fadd float %a, %b
define float @reload_shared_across_global_store(ptr addrspace(1) %g, i64 %i, float %x) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds float, ptr %base, i64 %i
  %a = load float, ptr %p, align 4
  store float %x, ptr addrspace(1) %g, align 4
  %b = load float, ptr %p, align 4
  %s = fadd float %a, %b
  ret float %s
}

; The same in a loop: p walks tile through a phi; the reload inside the body
; is still forwarded. (LLVM 22's basic-aa alone forwards this one too.)
; OURS-LABEL:  @reload_through_loop_phi(
; OURS:        loop:
; OURS:          %a = load float, ptr %p, align 4
; OURS-NEXT:     store float %a, ptr addrspace(1) %g, align 4
; OURS-NEXT:     %s = fadd float %a, %a
; KEPT-LABEL:  @reload_through_loop_phi(
; KEPT:        loop:
; KEPT16:        %b = load float, ptr %p, align 4
; KEPT22:        %s = fadd float %a, %a
define float @reload_through_loop_phi(ptr addrspace(1) %g, i32 %n) {
entry:
  %start = addrspacecast ptr addrspace(3) @tile to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %start, %entry ], [ %p.next, %loop ]
  %a = load float, ptr %p, align 4
  store float %a, ptr addrspace(1) %g, align 4
  %b = load float, ptr %p, align 4
  %s = fadd float %a, %b
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret float %s
}

; A kernel's generic argument points to global or constant memory, never to
; shared: the shared store does not write it. ptx_kernel is a kernel on
; NVPTX only, amdgpu_kernel on AMDGPU only; the other target keeps the reload.
; OURS-NVPTX-LABEL:  @ptx_kernel_reload_across_shared_store(
; OURS-NVPTX:          %a = load float, ptr %in, align 4
; OURS-NVPTX-NEXT:     store float %x, ptr addrspace(3) @tile, align 4
; OURS-NVPTX-NEXT:     %s = fadd float %a, %a
; OURS-AMDGPU-LABEL: @ptx_kernel_reload_across_shared_store(
; OURS-AMDGPU:         %b = load float, ptr %in, align 4
; KEPT-LABEL:        @ptx_kernel_reload_across_shared_store(
; KEPT:                %b = load float, ptr %in, align 4
define ptx_kernel void @ptx_kernel_reload_across_shared_store(ptr %in, ptr addrspace(1) %out, float %x) {
  %a = load float, ptr %in, align 4
  store float %x, ptr addrspace(3) @tile, align 4
  %b = load float, ptr %in, align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; OURS-NVPTX-LABEL:  @amdgpu_kernel_reload_across_shared_store(
; OURS-NVPTX:          %b = load float, ptr %in, align 4
; OURS-AMDGPU-LABEL: @amdgpu_kernel_reload_across_shared_store(
; OURS-AMDGPU:         %a = load float, ptr %in, align 4
; OURS-AMDGPU-NEXT:    store float %x, ptr addrspace(3) @tile, align 4
; OURS-AMDGPU-NEXT:    %s = fadd float %a, %a
; KEPT-LABEL:        @amdgpu_kernel_reload_across_shared_store(
; KEPT:                %b = load float, ptr %in, align 4
define amdgpu_kernel void @amdgpu_kernel_reload_across_shared_store(ptr %in, ptr addrspace(1) %out, float %x) {
  %a = load float, ptr %in, align 4
  store float %x, ptr addrspace(3) @tile, align 4
  %b = load float, ptr %in, align 4
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %out, align 4
  ret void
}

; A store through a generic pointer of unknown origin may write tile[i].
; OURS-LABEL:  @reload_across_generic_store(
; OURS:          %b = load float, ptr %p, align 4
; OURS-NEXT:     %s = fadd float %a, %b
; KEPT-LABEL:  @reload_across_generic_store(
; KEPT:          %b = load float, ptr %p, align 4
define float @reload_across_generic_store(ptr %q, i64 %i, float %x) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds float, ptr %base, i64 %i
  %a = load float, ptr %p, align 4
  store float %x, ptr %q, align 4
  %b = load float, ptr %p, align 4
  %s = fadd float %a, %b
  ret float %s
}

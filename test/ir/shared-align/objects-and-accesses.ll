; gpucc-shared-align: shared-memory objects get 16-byte alignment (at most
; their size) where the module decides their placement, and every load and
; store gets the alignment its address provably has.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-shared-align -S %s | FileCheck --check-prefixes=CHECK,GPU %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-shared-align -S %s | FileCheck --check-prefixes=CHECK,GPU %s
;
; Host modules are left as they are, byte for byte.
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-shared-align -S < %s > %t.host.ll
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -passes=verify -S < %s > %t.host.untouched.ll
; RUN: diff %t.host.untouched.ll %t.host.ll
;
; Idempotent: a second run changes nothing.
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-shared-align -S < %s > %t.once.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-shared-align -S < %t.once.ll > %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll

%particle = type { float, float, float, float }

; Dynamic shared memory (CUDA `extern __shared__`): the declaration is the
; only one there is, so it decides the alignment.
; GPU: @stage = external addrspace(3) global [0 x %particle], align 16
@stage = external addrspace(3) global [0 x %particle], align 4

; Static definitions: 16 bytes at most, and never more than the size.
; GPU: @tile = internal addrspace(3) global [64 x float] undef, align 16
; GPU: @twelve = internal addrspace(3) global [3 x float] undef, align 8
; GPU: @two = internal addrspace(3) global i16 undef, align 2
@tile = internal addrspace(3) global [64 x float] undef, align 4
@twelve = internal addrspace(3) global [3 x float] undef, align 4
@two = internal addrspace(3) global i16 undef, align 1

; A sized declaration is defined in another module (-fgpu-rdc), which
; decides its alignment; a section may pack objects; global memory is not
; shared memory.
; CHECK: @elsewhere = external addrspace(3) global [16 x float], align 4
; CHECK: @packed = internal addrspace(3) global [16 x float] undef, section "packed", align 4
; CHECK: @global = internal addrspace(1) global [16 x float] undef, align 4
@elsewhere = external addrspace(3) global [16 x float], align 4
@packed = internal addrspace(3) global [16 x float] undef, section "packed", align 4
@global = internal addrspace(1) global [16 x float] undef, align 4

; The four fields of particle j: 16, 4, 8 and 4 bytes aligned.
; CHECK-LABEL: define float @fields(
; GPU:         load float, ptr addrspace(3) %x, align 16
; GPU-NEXT:    load float, ptr addrspace(3) %y, align 4
; GPU-NEXT:    load float, ptr addrspace(3) %z, align 8
; GPU-NEXT:    load float, ptr addrspace(3) %q, align 4
define float @fields(i64 %j) {
  %x = getelementptr inbounds [0 x %particle], ptr addrspace(3) @stage, i64 0, i64 %j
  %y = getelementptr inbounds [0 x %particle], ptr addrspace(3) @stage, i64 0, i64 %j, i32 1
  %z = getelementptr inbounds [0 x %particle], ptr addrspace(3) @stage, i64 0, i64 %j, i32 2
  %q = getelementptr inbounds [0 x %particle], ptr addrspace(3) @stage, i64 0, i64 %j, i32 3
  %vx = load float, ptr addrspace(3) %x, align 4
  %vy = load float, ptr addrspace(3) %y, align 4
  %vz = load float, ptr addrspace(3) %z, align 4
  %vq = load float, ptr addrspace(3) %q, align 4
  %a = fadd float %vx, %vy
  %b = fadd float %vz, %vq
  %r = fadd float %a, %b
  ret float %r
}

; Offsets decide: 4*(4*i) is 16-aligned, 4*(4*i+1) only 4, a byte offset
; of 8*i 8; an unknown byte offset proves nothing beyond 1, so the load
; keeps the alignment it states. Stores too. Known bits do not look through
; an addrspacecast (the pipeline runs gpucc-infer-address-spaces first), and
; global memory's objects keep their alignment.
; CHECK-LABEL: define void @offsets(
; GPU:         store float %v, ptr addrspace(3) %a16, align 16
; GPU-NEXT:    store float %v, ptr addrspace(3) %a4, align 4
; GPU-NEXT:    store float %v, ptr addrspace(3) %a8, align 8
; GPU-NEXT:    store float %v, ptr addrspace(3) %any, align 4
; GPU-NEXT:    load i16, ptr addrspace(3) @two, align 2
; GPU-NEXT:    load float, ptr %generic, align 4
; GPU-NEXT:    load float, ptr addrspace(3) @elsewhere, align 4
; GPU-NEXT:    load float, ptr addrspace(3) @packed, align 4
; GPU-NEXT:    load float, ptr addrspace(1) @global, align 4
define void @offsets(i64 %i, i64 %k, float %v) {
  %i4 = shl i64 %i, 2
  %i41 = or i64 %i4, 1
  %a16 = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %i4
  %a4 = getelementptr inbounds [64 x float], ptr addrspace(3) @tile, i64 0, i64 %i41
  %b8 = shl i64 %i, 3
  %a8 = getelementptr inbounds i8, ptr addrspace(3) @tile, i64 %b8
  %any = getelementptr inbounds i8, ptr addrspace(3) @tile, i64 %k
  %generic = addrspacecast ptr addrspace(3) @tile to ptr
  store float %v, ptr addrspace(3) %a16, align 4
  store float %v, ptr addrspace(3) %a4, align 4
  store float %v, ptr addrspace(3) %a8, align 4
  store float %v, ptr addrspace(3) %any, align 4
  %s = load i16, ptr addrspace(3) @two, align 1
  %g = load float, ptr %generic, align 4
  %e = load float, ptr addrspace(3) @elsewhere, align 4
  %p = load float, ptr addrspace(3) @packed, align 4
  %gl = load float, ptr addrspace(1) @global, align 4
  ret void
}

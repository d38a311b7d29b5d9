; The remarks of gpucc-shared-align: one per realigned object, one per
; function whose accesses were raised; nothing where nothing changed.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-shared-align -pass-remarks=gpucc-shared-align \
; RUN:     -disable-output %s 2>&1 | FileCheck %s --implicit-check-not=remark
;
; A parameter is an error naming the pass.
; RUN: not opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-shared-align<align=8>' -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=PARAM %s
; PARAM: gpucc-shared-align: unknown parameter 'align'

; CHECK: remark: <unknown>:0:0: aligned shared object @buf to 16 bytes (was 4)
; CHECK: remark: <unknown>:0:0: raised 1 loads and stores to the alignment their addresses provably have

@buf = internal addrspace(3) global [32 x float] undef, align 4

define float @reads() {
  %v = load float, ptr addrspace(3) @buf, align 4
  ret float %v
}

define float @unknown(ptr addrspace(3) %p) {
  %v = load float, ptr addrspace(3) %p, align 4
  ret float %v
}

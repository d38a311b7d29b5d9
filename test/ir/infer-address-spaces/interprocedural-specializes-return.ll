; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces \
; RUN:     -pass-remarks=gpucc-infer-address-spaces -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; An internal function whose every return is a pointer into one specific
; space returns that space, so its callers' accesses move there too. One
; that may return either of two spaces keeps its generic return.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [256 x float] zeroinitializer, align 4
@glob = internal addrspace(1) global [256 x float] zeroinitializer, align 4

; REMARK: remark: {{.*}}@row: every return is a pointer into addrspace(3); return type specialized
; REMARK-NOT: @either{{.*}}return type specialized

; CHECK-LABEL: define internal ptr addrspace(3) @row(i64 %r)
; CHECK-NEXT:    %p = getelementptr [16 x float], ptr addrspace(3) @tile, i64 %r
; CHECK-NEXT:    ret ptr addrspace(3) %p
define internal ptr @row(i64 %r) noinline {
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr [16 x float], ptr %t, i64 %r
  ret ptr %p
}

; Two returns of two spaces: stays generic.
; CHECK-LABEL: define internal ptr @either(i1 %c)
define internal ptr @either(i1 %c) noinline {
  br i1 %c, label %s, label %g
s:
  ret ptr addrspacecast (ptr addrspace(3) @tile to ptr)
g:
  ret ptr addrspacecast (ptr addrspace(1) @glob to ptr)
}

; The caller loads from shared memory through the specialized result.
; CHECK-LABEL: define float @kernel(
; CHECK:         %p = call ptr addrspace(3) @row(i64 %r)
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(3) %p, i64 3
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; CHECK:         %e = call ptr @either(i1 %c)
; CHECK-NEXT:    %w = load float, ptr %e, align 4
define float @kernel(i64 %r, i1 %c) {
  %p = call ptr @row(i64 %r)
  %q = getelementptr float, ptr %p, i64 3
  %v = load float, ptr %q, align 4
  %e = call ptr @either(i1 %c)
  %w = load float, ptr %e, align 4
  %s = fadd float %v, %w
  ret float %s
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr,gvn,gpucc-nary-reassociate -S %s \
; RUN:   | FileCheck --check-prefix=NOSPEC %s
;
; The paper's Figure 7 through the whole pipeline: `a[i] = 0` under one
; condition and `a[i + j] += 1` under another. Neither address dominates the
; other, so the straight-line passes alone see nothing to share (NOSPEC).
; Speculative execution hoists both address computations into the
; dominating blocks, and global reassociation then builds q = &a[i + j] as
; &p[j] from p = &a[i]. The stores and the load stay in their arms. Reusing
; p for q drops p's `inbounds` (a + i may be out of bounds where a + i + j is
; not), so the CHECK lines accept either. With LLVM 22's SLSR, q is p plus a
; stride delta of j (4j bytes) before global reassociation looks (V22), and
; the new GEP must not be inbounds: p, hoisted out of its branch, may point
; outside the object where q does not (i = -1, j = 1), and an inbounds GEP
; off it would make the load of q undefined (upstream LLVM 22 keeps q's
; inbounds there).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @figure7(
; CHECK:       entry:
; CHECK-NEXT:    [[P:%[^ ]+]] = getelementptr {{(inbounds )?}}float, ptr addrspace(1) %a, i64 %i
; CHECK-NEXT:    br i1 %c1
; CHECK:       then1:
; CHECK-NEXT:    store float 0.000000e+00, ptr addrspace(1) [[P]]
; CHECK:       join1:
; V16-NEXT:      [[Q:%[^ ]+]] = getelementptr {{(inbounds )?}}float, ptr addrspace(1) [[P]], i64 %j
; V22-NEXT:      [[J4:%[^ ]+]] = shl i64 %j, 2
; V22-NEXT:      [[Q:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P]], i64 [[J4]]
; CHECK-NEXT:    br i1 %c2
; CHECK:       then2:
; CHECK-NEXT:    [[V:%[^ ]+]] = load float, ptr addrspace(1) [[Q]]
; CHECK-NEXT:    [[W:%[^ ]+]] = fadd float [[V]], 1.000000e+00
; CHECK-NEXT:    store float [[W]], ptr addrspace(1) [[Q]]

; NOSPEC-LABEL: define void @figure7(
; NOSPEC:       then1:
; NOSPEC-NEXT:    %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
; NOSPEC:       then2:
; NOSPEC-NEXT:    %ij = add i64 %i, %j
; NOSPEC-NEXT:    %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
define void @figure7(ptr addrspace(1) %a, i64 %i, i64 %j, i1 %c1, i1 %c2) {
entry:
  br i1 %c1, label %then1, label %join1

then1:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.0, ptr addrspace(1) %p, align 4
  br label %join1

join1:
  br i1 %c2, label %then2, label %exit

then2:
  %ij = add i64 %i, %j
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
  %v = load float, ptr addrspace(1) %q, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A returned pointer is a root of the search in LLVM 22 (as upstream from
; LLVM 18 on, llvm/llvm-project#70610): a returned select of two shared
; pointers becomes a shared select and the `ret` gets a cast back. LLVM 16's
; upstream only rewrites a returned constant expression and its suite pins
; the select staying generic; we give each what it pins
; (llvm::INFER_SPACES_UPSTREAM).

; CHECK-LABEL: @returned_select(
; V16-NEXT:      %c0 = addrspacecast ptr addrspace(3) %a to ptr
; V16-NEXT:      %c1 = addrspacecast ptr addrspace(3) %b to ptr
; V16-NEXT:      %s = select i1 %c, ptr %c0, ptr %c1
; V16-NEXT:      ret ptr %s
; V22-NEXT:      %s = select i1 %c, ptr addrspace(3) %a, ptr addrspace(3) %b
; V22-NEXT:      [[G:%.*]] = addrspacecast ptr addrspace(3) %s to ptr
; V22-NEXT:      ret ptr [[G]]
define ptr @returned_select(i1 %c, ptr addrspace(3) %a, ptr addrspace(3) %b) {
  %c0 = addrspacecast ptr addrspace(3) %a to ptr
  %c1 = addrspacecast ptr addrspace(3) %b to ptr
  %s = select i1 %c, ptr %c0, ptr %c1
  ret ptr %s
}

; A returned pointer of unknown space stays on every LLVM.
; CHECK-LABEL: @refuses_returned_unknown(
; CHECK-NEXT:    %q = getelementptr i8, ptr %p, i64 4
; CHECK-NEXT:    ret ptr %q
define ptr @refuses_returned_unknown(ptr %p) {
  %q = getelementptr i8, ptr %p, i64 4
  ret ptr %q
}

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A select or phi that merges two different spaces (shared and global), or a
; specific space with an unknown generic pointer, may point into either: it
; and the accesses through it stay generic. merging-spaces.ll is the sibling.

@tile = internal addrspace(3) global [256 x float] undef
@gbuf = addrspace(1) global [256 x float] undef

; shared or global: the select and the load stay generic.
; CHECK-LABEL: @select_shared_or_global(
; CHECK:         %a = addrspacecast ptr addrspace(3) @tile to ptr
; CHECK-NEXT:    %b = addrspacecast ptr addrspace(1) @gbuf to ptr
; CHECK-NEXT:    %s = select i1 %c, ptr %a, ptr %b
; CHECK-NEXT:    %v = load float, ptr %s, align 4
define float @select_shared_or_global(i1 %c) {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %b = addrspacecast ptr addrspace(1) @gbuf to ptr
  %s = select i1 %c, ptr %a, ptr %b
  %v = load float, ptr %s, align 4
  ret float %v
}

; phi of shared and global: the phi and the load stay generic.
; CHECK-LABEL: @phi_shared_or_global(
; CHECK:       join:
; CHECK-NEXT:    %p = phi ptr [ %a, %then ], [ %b, %else ]
; CHECK-NEXT:    %v = load float, ptr %p, align 4
define float @phi_shared_or_global(i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  br label %join

else:
  %b = addrspacecast ptr addrspace(1) @gbuf to ptr
  br label %join

join:
  %p = phi ptr [ %a, %then ], [ %b, %else ]
  %v = load float, ptr %p, align 4
  ret float %v
}

; shared or an unknown generic argument: stays generic.
; CHECK-LABEL: @select_shared_or_unknown(
; CHECK:         %s = select i1 %c, ptr %a, ptr %g
; CHECK-NEXT:    %v = load float, ptr %s, align 4
define float @select_shared_or_unknown(i1 %c, ptr %g) {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %s = select i1 %c, ptr %a, ptr %g
  %v = load float, ptr %s, align 4
  ret float %v
}

; A pointer IV that starts in shared but may be reset to a generic argument
; inside the loop: the cycle is generic, so phi, GEP and load stay generic.
; CHECK-LABEL: @loop_iv_reset_to_unknown(
; CHECK:         %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
; CHECK:         %v = load float, ptr %p, align 4
; CHECK:         %p.inc = getelementptr inbounds float, ptr %p, i64 1
; CHECK-NEXT:    %p.next = select i1 %reset, ptr %g, ptr %p.inc
; CHECK-NOT:     addrspace(3) %p
define float @loop_iv_reset_to_unknown(ptr %g, i32 %n) {
entry:
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %reset = fcmp olt float %v, 0.0
  %p.inc = getelementptr inbounds float, ptr %p, i64 1
  %p.next = select i1 %reset, ptr %g, ptr %p.inc
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret float %sum.next
}

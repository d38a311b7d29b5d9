; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A select or phi whose inputs all point into one space points into it too:
; it is cloned into that space (keeping its name) and so are its users.
; refuses-mixed-spaces.ll has the merges that must stay generic.

@tile = internal addrspace(3) global [256 x float] undef
@tile2 = internal addrspace(3) global [256 x float] undef

; select of two shared tiles is a shared select.
; CHECK-LABEL: @select_two_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %s = select i1 %c, ptr addrspace(3) @tile, ptr addrspace(3) @tile2
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr addrspace(3) %s, i64 %i
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
define float @select_two_shared(i1 %c, i64 %i) {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %b = addrspacecast ptr addrspace(3) @tile2 to ptr
  %s = select i1 %c, ptr %a, ptr %b
  %q = getelementptr inbounds float, ptr %s, i64 %i
  %v = load float, ptr %q, align 4
  ret float %v
}

; select of two GEPs into the same shared tile.
; CHECK-LABEL: @select_two_shared_geps(
; CHECK-NOT:     addrspacecast
; CHECK:         %a = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %b = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %j
; CHECK-NEXT:    %s = select i1 %c, ptr addrspace(3) %a, ptr addrspace(3) %b
; CHECK-NEXT:    store float %x, ptr addrspace(3) %s, align 4
define void @select_two_shared_geps(i1 %c, i64 %i, i64 %j, float %x) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr inbounds float, ptr %p, i64 %i
  %b = getelementptr inbounds float, ptr %p, i64 %j
  %s = select i1 %c, ptr %a, ptr %b
  store float %x, ptr %s, align 4
  ret void
}

; phi of two shared tiles from two predecessors is a shared phi.
; CHECK-LABEL: @phi_two_shared(
; CHECK-NOT:     addrspacecast
; CHECK:       join:
; CHECK-NEXT:    %p = phi ptr addrspace(3) [ @tile, %then ], [ @tile2, %else ]
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %p, align 4
define float @phi_two_shared(i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  br label %join

else:
  %b = addrspacecast ptr addrspace(3) @tile2 to ptr
  br label %join

join:
  %p = phi ptr [ %a, %then ], [ %b, %else ]
  %v = load float, ptr %p, align 4
  ret float %v
}

; phi of two global arguments is a global phi.
; CHECK-LABEL: @phi_two_global(
; CHECK-NOT:     addrspacecast
; CHECK:       join:
; CHECK-NEXT:    %p = phi ptr addrspace(1) [ %x, %then ], [ %y, %entry ]
; CHECK-NEXT:    store i32 7, ptr addrspace(1) %p, align 4
define void @phi_two_global(i1 %c, ptr addrspace(1) %x, ptr addrspace(1) %y) {
entry:
  %gx = addrspacecast ptr addrspace(1) %x to ptr
  %gy = addrspacecast ptr addrspace(1) %y to ptr
  br i1 %c, label %then, label %join

then:
  br label %join

join:
  %p = phi ptr [ %gx, %then ], [ %gy, %entry ]
  store i32 7, ptr %p, align 4
  ret void
}

; null can be cast to any space, so shared-or-null is shared; the null
; operand becomes a constant cast.
; CHECK-LABEL: @select_shared_or_null(
; CHECK-NOT:     addrspacecast ptr addrspace(3) @tile
; CHECK:         %s = select i1 %c, ptr addrspace(3) @tile, ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %s, align 4
define float @select_shared_or_null(i1 %c) {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %s = select i1 %c, ptr %a, ptr null
  %v = load float, ptr %s, align 4
  ret float %v
}

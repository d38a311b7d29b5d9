; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A pointer icmp whose two sides are in the same specific space compares in
; that space; a constant other side (null, a constant cast of a shared
; global) is cast into it. refuses-icmp-mixed-spaces.ll is the sibling.

@tile = internal addrspace(3) global [256 x float] undef
@tile2 = internal addrspace(3) global [256 x float] undef

; p < q for two pointers into the same shared tile.
; CHECK-LABEL: @icmp_two_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         %a = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %b = getelementptr float, ptr addrspace(3) @tile, i64 %j
; CHECK-NEXT:    %c = icmp ult ptr addrspace(3) %a, %b
; CHECK-NEXT:    ret i1 %c
define i1 @icmp_two_shared(i64 %i, i64 %j) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %b = getelementptr float, ptr %p, i64 %j
  %c = icmp ult ptr %a, %b
  ret i1 %c
}

; Two different shared tiles compare as shared pointers.
; CHECK-LABEL: @icmp_two_shared_tiles(
; CHECK-NOT:     addrspacecast ptr addrspace(3) @tile to ptr
; CHECK:         %c = icmp eq ptr addrspace(3) @tile, @tile2
define i1 @icmp_two_shared_tiles() {
  %a = addrspacecast ptr addrspace(3) @tile to ptr
  %b = addrspacecast ptr addrspace(3) @tile2 to ptr
  %c = icmp eq ptr %a, %b
  ret i1 %c
}

; Against null: null becomes a constant cast to shared.
; CHECK-LABEL: @icmp_shared_with_null(
; CHECK-NOT:     addrspacecast ptr addrspace(3) @tile to ptr
; CHECK:         %a = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %c = icmp eq ptr addrspace(3) %a, addrspacecast (ptr null to ptr addrspace(3))
define i1 @icmp_shared_with_null(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %c = icmp eq ptr %a, null
  ret i1 %c
}

; null on the left-hand side works the same way.
; CHECK-LABEL: @icmp_null_with_shared(
; CHECK-NOT:     addrspacecast ptr addrspace(3) @tile to ptr
; CHECK:         %c = icmp ne ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)), %a
define i1 @icmp_null_with_shared(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %c = icmp ne ptr null, %a
  ret i1 %c
}

; A constant-expression cast of another shared global is a castable constant.
; CHECK-LABEL: @icmp_shared_with_constant_cast(
; CHECK:         %c = icmp eq ptr addrspace(3) @tile, @tile2
define i1 @icmp_shared_with_constant_cast() {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %c = icmp eq ptr %p, addrspacecast (ptr addrspace(3) @tile2 to ptr)
  ret i1 %c
}

; A shared loop pointer compared with a shared end pointer (p != end).
; CHECK-LABEL: @icmp_loop_pointer_with_end(
; CHECK:         %end = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %n
; CHECK:         %p = phi ptr addrspace(3) [ @tile, %entry ], [ %p.next, %loop ]
; CHECK:         %more = icmp ne ptr addrspace(3) %p.next, %end
define void @icmp_loop_pointer_with_end(i64 %n) {
entry:
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %end = getelementptr inbounds float, ptr %base, i64 %n
  br label %loop

loop:
  %p = phi ptr [ %base, %entry ], [ %p.next, %loop ]
  store float 0.0, ptr %p, align 4
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %more = icmp ne ptr %p.next, %end
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

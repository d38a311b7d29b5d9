; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; Unreachable blocks (where an instruction may use itself) and phis that
; feed themselves must neither crash the pass nor leave invalid IR (the
; harness reruns each RUN line with -verify-each). A value whose only inputs
; are itself proves nothing and stays generic; a self-phi with one shared
; input is shared.

@tile = internal addrspace(3) global [256 x float] undef

; A dead block using the shared pointer is rewritten like a live one.
; CHECK-LABEL: @unreachable_block_uses_shared(
; CHECK:         %v = load float, ptr addrspace(3) @tile, align 4
; CHECK:       dead:
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %w = load float, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    store float %w, ptr addrspace(3) %q, align 4
define float @unreachable_block_uses_shared(i64 %i) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %v = load float, ptr %p, align 4
  ret float %v

dead:
  %q = getelementptr float, ptr %p, i64 %i
  %w = load float, ptr %q, align 4
  store float %w, ptr %q, align 4
  br label %dead
}

; A GEP of itself in a dead block: no space is known; left alone.
; CHECK-LABEL: @unreachable_self_gep(
; CHECK:       dead:
; CHECK-NEXT:    %g = getelementptr float, ptr %g, i64 1
; CHECK-NEXT:    %w = load float, ptr %g, align 4
define float @unreachable_self_gep() {
entry:
  ret float 0.0

dead:
  %g = getelementptr float, ptr %g, i64 1
  %w = load float, ptr %g, align 4
  br label %dead
}

; A phi whose only input is itself: left alone.
; CHECK-LABEL: @unreachable_self_phi(
; CHECK:       dead:
; CHECK-NEXT:    %p = phi ptr [ %p, %dead ]
; CHECK-NEXT:    %w = load float, ptr %p, align 4
define float @unreachable_self_phi() {
entry:
  ret float 0.0

dead:
  %p = phi ptr [ %p, %dead ]
  %w = load float, ptr %p, align 4
  br label %dead
}

; A dead cycle seeded with a shared constant cast is shared.
; CHECK-LABEL: @unreachable_cycle_from_shared(
; CHECK:       dead:
; CHECK-NEXT:    %p = phi ptr addrspace(3) [ %q, %dead ], [ @tile, %dead.entry ]
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(3) %p, i64 1
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
define float @unreachable_cycle_from_shared() {
entry:
  ret float 0.0

dead:
  %p = phi ptr [ %q, %dead ], [ addrspacecast (ptr addrspace(3) @tile to ptr), %dead.entry ]
  %q = getelementptr float, ptr %p, i64 1
  %v = load float, ptr %q, align 4
  br label %dead

dead.entry:
  br label %dead
}

; A loop phi that keeps its own value on the back edge: shared.
; CHECK-LABEL: @loop_self_phi(
; CHECK-NOT:     addrspacecast
; CHECK:         %p = phi ptr addrspace(3) [ @tile, %entry ], [ %p, %loop ]
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %p, align 4
define float @loop_self_phi(i32 %n) {
entry:
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %p0, %entry ], [ %p, %loop ]
  %v = load float, ptr %p, align 4
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret float %v
}

; Two phis feeding each other around a loop, seeded with shared: both shared.
; CHECK-LABEL: @two_phi_cycle(
; CHECK-NOT:     addrspacecast
; CHECK:         %pa = phi ptr addrspace(3) [ @tile, %entry ], [ %pb, %b ]
; CHECK-NEXT:    %va = load float, ptr addrspace(3) %pa, align 4
; CHECK:         %pb = phi ptr addrspace(3) [ %pa, %a ]
define float @two_phi_cycle(i1 %c) {
entry:
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  br label %a

a:
  %pa = phi ptr [ %p0, %entry ], [ %pb, %b ]
  %va = load float, ptr %pa, align 4
  br i1 %c, label %b, label %exit

b:
  %pb = phi ptr [ %pa, %a ]
  br label %a

exit:
  ret float %va
}

; A reachable phi with one input from a dead self-referential GEP. Upstream
; LLVM 16 crashes here (it leaves the phi a null operand); only survival and
; valid IR are pinned, not the space chosen.
; CHECK-LABEL: @dead_self_gep_feeds_live_phi(
; CHECK:       join:
; CHECK-NEXT:    %p = phi ptr
; CHECK-NEXT:    %v = load float, ptr {{.*}}%p, align 4
define float @dead_self_gep_feeds_live_phi() {
entry:
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  br label %join

dead:
  %g = getelementptr float, ptr %g, i64 1
  br label %join

join:
  %p = phi ptr [ %p0, %entry ], [ %g, %dead ]
  %v = load float, ptr %p, align 4
  ret float %v
}

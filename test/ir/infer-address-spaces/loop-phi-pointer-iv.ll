; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; gpucc paper, Figure 4: a pointer induction variable walking a __shared__
; array,
;   float *p = &tile[0];
;   for (...) { sum += *p; p += stride; }
; The loop phi and its increment form a cycle; the optimistic inference
; still proves the phi shared, so the phi, the GEP and the load all move to
; addrspace(3).

@tile = internal addrspace(3) global [256 x float] undef

; p = &tile[0]; p += stride: phi, increment and load are shared.
; CHECK-LABEL: @figure4_pointer_iv(
; CHECK-NOT:     addrspacecast
; CHECK:       loop:
; CHECK:         %p = phi ptr addrspace(3) [ @tile, %entry ], [ %p.next, %loop ]
; CHECK:         %v = load float, ptr addrspace(3) %p, align 4
; CHECK:         %p.next = getelementptr inbounds float, ptr addrspace(3) %p, i64 %stride
; CHECK-NOT:     addrspacecast
; CHECK:         ret float %sum.next
define float @figure4_pointer_iv(i32 %n, i64 %stride) {
entry:
  %p0 = addrspacecast ptr addrspace(3) @tile to ptr
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %p.next = getelementptr inbounds float, ptr %p, i64 %stride
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret float %sum.next
}

; p = &tile[start]; walking down and storing: the start GEP is cloned too.
; CHECK-LABEL: @pointer_iv_from_offset_stores(
; CHECK-NOT:     addrspacecast
; CHECK:         %start = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %off
; CHECK:         %p = phi ptr addrspace(3) [ %start, %entry ], [ %p.next, %loop ]
; CHECK:         store float 0.000000e+00, ptr addrspace(3) %p, align 4
; CHECK:         %p.next = getelementptr inbounds float, ptr addrspace(3) %p, i64 -1
define void @pointer_iv_from_offset_stores(i64 %off, i32 %n) {
entry:
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %start = getelementptr inbounds float, ptr %base, i64 %off
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %start, %entry ], [ %p.next, %loop ]
  store float 0.0, ptr %p, align 4
  %p.next = getelementptr inbounds float, ptr %p, i64 -1
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Nested loops: the inner IV restarts from the outer IV every outer trip;
; both phis are shared.
; CHECK-LABEL: @nested_pointer_ivs(
; CHECK-NOT:     addrspacecast
; CHECK:       outer:
; CHECK:         %row = phi ptr addrspace(3) [ @tile, %entry ], [ %row.next, %outer.latch ]
; CHECK:       inner:
; CHECK:         %p = phi ptr addrspace(3) [ %row, %outer ], [ %p.next, %inner ]
; CHECK:         load float, ptr addrspace(3) %p, align 4
; CHECK:         %p.next = getelementptr inbounds float, ptr addrspace(3) %p, i64 1
; CHECK:         %row.next = getelementptr inbounds float, ptr addrspace(3) %row, i64 16
; CHECK-NOT:     addrspacecast
define float @nested_pointer_ivs(i32 %rows) {
entry:
  %t = addrspacecast ptr addrspace(3) @tile to ptr
  br label %outer

outer:
  %r = phi i32 [ 0, %entry ], [ %r.next, %outer.latch ]
  %row = phi ptr [ %t, %entry ], [ %row.next, %outer.latch ]
  %acc = phi float [ 0.0, %entry ], [ %sum.next, %outer.latch ]
  br label %inner

inner:
  %k = phi i32 [ 0, %outer ], [ %k.next, %inner ]
  %p = phi ptr [ %row, %outer ], [ %p.next, %inner ]
  %sum = phi float [ %acc, %outer ], [ %sum.next, %inner ]
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %p.next = getelementptr inbounds float, ptr %p, i64 1
  %k.next = add nuw nsw i32 %k, 1
  %k.done = icmp eq i32 %k.next, 16
  br i1 %k.done, label %outer.latch, label %inner

outer.latch:
  %row.next = getelementptr inbounds float, ptr %row, i64 16
  %r.next = add nuw nsw i32 %r, 1
  %r.done = icmp eq i32 %r.next, %rows
  br i1 %r.done, label %exit, label %outer

exit:
  ret float %sum.next
}

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -verify-each -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -verify-each -S %s | FileCheck %s
;
; A user that reads a moved expression in several operands and keeps a
; generic pointer gets ONE cast back, shared by all those operands. A phi
; with several edges from one block must see the same value on each of them
; (distinct casts broke the verifier: "PHI node has multiple entries for the
; same basic block with different incoming values").

@tile = internal addrspace(3) global [256 x double] undef

declare void @use(ptr)
declare void @use3(ptr, ptr, ptr)

; Three switch edges from %bb0 reach %end: one cast feeds all three.
; CHECK-LABEL: @phi_edges_from_one_block(
; CHECK:       bb0:
; CHECK-NEXT:    %gep = getelementptr double, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %gep to ptr
; CHECK-NOT:     addrspacecast
; CHECK:       end:
; CHECK-NEXT:    %r = phi ptr [ null, %bb1 ], [ [[G]], %bb0 ], [ [[G]], %bb0 ], [ [[G]], %bb0 ]
define void @phi_edges_from_one_block(i64 %i, i32 %k) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  br label %bb0

bb0:
  %gep = getelementptr double, ptr %p, i64 %i
  switch i32 %k, label %end [
    i32 1, label %end
    i32 4, label %end
    i32 5, label %bb1
  ]

bb1:
  %v = load double, ptr %gep, align 8
  br label %end

end:
  %r = phi ptr [ null, %bb1 ], [ %gep, %bb0 ], [ %gep, %bb0 ], [ %gep, %bb0 ]
  call void @use(ptr %r)
  ret void
}

; A call passing the pointer three times gets one cast for all three.
; CHECK-LABEL: @call_with_repeated_argument(
; CHECK:         %gep = getelementptr double, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %gep to ptr
; CHECK-NEXT:    %v = load double, ptr addrspace(3) %gep, align 8
; CHECK-NEXT:    call void @use3(ptr [[G]], ptr [[G]], ptr [[G]])
; CHECK-NOT:     addrspacecast
define double @call_with_repeated_argument(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %gep = getelementptr double, ptr %p, i64 %i
  %v = load double, ptr %gep, align 8
  call void @use3(ptr %gep, ptr %gep, ptr %gep)
  ret double %v
}

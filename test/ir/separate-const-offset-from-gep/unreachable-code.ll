; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s | FileCheck %s
;
; Blocks the entry cannot reach may hold IR that is only valid there (an add
; using itself); the pass skips them and does not crash (LLVM 16's
; crash-in-unreachable-code.ll). Reachable GEPs are still split.

; 64-bit indices in every address space, whatever the target's default.
target datalayout = "e"
target triple = "amdgcn-amd-amdhsa"

@gv = external local_unnamed_addr addrspace(3) global [16 x i8], align 16

; CHECK-LABEL: @self_referencing_add(
; CHECK:       dead:
; CHECK-NEXT:    %p = getelementptr inbounds [16 x i8], ptr addrspace(3) @gv, i32 0, i32 %inc
; CHECK-NEXT:    %inc = add nuw nsw i32 %inc, 16
define amdgpu_kernel void @self_referencing_add() {
entry:
  ret void

dead:
  %p = getelementptr inbounds [16 x i8], ptr addrspace(3) @gv, i32 0, i32 %inc
  %inc = add nuw nsw i32 %inc, 16
  br label %dead
}

; CHECK-LABEL: @reachable_beside_unreachable(
; CHECK:       entry:
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr i8, ptr addrspace(3) %p, i64 %i
; CHECK-NEXT:    %q = getelementptr i8, ptr addrspace(3) [[BASE]], i64 8
; CHECK:       dead:
; CHECK-NEXT:    %j = add i64 %i, 4
; CHECK-NEXT:    %r = getelementptr inbounds i8, ptr addrspace(3) %p, i64 %j
define amdgpu_kernel void @reachable_beside_unreachable(ptr addrspace(3) %p, i64 %i) {
entry:
  %a = add i64 %i, 8
  %q = getelementptr inbounds i8, ptr addrspace(3) %p, i64 %a
  store i8 0, ptr addrspace(3) %q
  ret void

dead:
  %j = add i64 %i, 4
  %r = getelementptr inbounds i8, ptr addrspace(3) %p, i64 %j
  store i8 1, ptr addrspace(3) %r
  ret void
}

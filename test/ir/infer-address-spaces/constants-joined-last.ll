; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A flat constant operand of a phi (null, poison) is joined last: when the
; other operands agree on a space and the constant can be cast to it, the
; phi moves, with the constant cast (as for a select, and as upstream does
; from LLVM 22 on, llvm/llvm-project#159548). A constant that cannot be
; cast (a flat global) keeps the phi generic, and so do constants alone.

@tile = internal addrspace(3) global [64 x i32] undef
@flat_global = addrspace(0) global i32 0

; null on one edge: the phi and the store move to shared.
; CHECK-LABEL: @phi_with_null(
; CHECK:         %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK:         %r = phi ptr addrspace(3) [ %q, %then ], [ addrspacecast (ptr null to ptr addrspace(3)), %entry ]
; CHECK-NEXT:    store i32 1, ptr addrspace(3) %r, align 4
define void @phi_with_null(i1 %c, i64 %i) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %r = phi ptr [ %q, %then ], [ null, %entry ]
  store i32 1, ptr %r, align 4
  ret void
}

; poison is every space's.
; CHECK-LABEL: @phi_with_poison(
; CHECK:         %r = phi ptr addrspace(3) [ %q, %then ], [ poison, %entry ]
; CHECK-NEXT:    store i32 1, ptr addrspace(3) %r, align 4
define void @phi_with_poison(i1 %c, i64 %i) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  br i1 %c, label %then, label %join
then:
  %q = getelementptr i32, ptr %p, i64 %i
  br label %join
join:
  %r = phi ptr [ %q, %then ], [ poison, %entry ]
  store i32 1, ptr %r, align 4
  ret void
}

; A flat global is not in shared memory: the phi stays generic, the shared
; GEP gets a cast back.
; CHECK-LABEL: @refuses_phi_with_flat_global(
; CHECK:         %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK:         %r = phi ptr [ [[G]], %then ], [ @flat_global, %entry ]
; CHECK-NEXT:    store i32 1, ptr %r, align 4
define void @refuses_phi_with_flat_global(i1 %c, i64 %i) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  br i1 %c, label %then, label %join
then:
  %q = getelementptr i32, ptr %p, i64 %i
  br label %join
join:
  %r = phi ptr [ %q, %then ], [ @flat_global, %entry ]
  store i32 1, ptr %r, align 4
  ret void
}

; Constants alone name no space: nothing moves.
; CHECK-LABEL: @refuses_phi_of_constants_only(
; CHECK:         %r = phi ptr [ null, %then ], [ poison, %entry ]
; CHECK-NEXT:    store i32 1, ptr %r, align 4
define void @refuses_phi_of_constants_only(i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %r = phi ptr [ null, %then ], [ poison, %entry ]
  store i32 1, ptr %r, align 4
  ret void
}

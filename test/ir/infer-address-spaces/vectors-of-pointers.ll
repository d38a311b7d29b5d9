; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; Vectors of pointers (all lanes in one space) move like pointers: vector
; GEPs, phis, selects and casts are address expressions, and vector compares
; and masked gathers are roots. A `zeroinitializer` casts to any space; a
; vector constant with a lane of another space does not. LLVM 16's
; upstream moves scalar pointers only (its AMDGPU/icmp.ll pins a vector
; compare staying generic, a TODO there), so there they all stay: a
; per-version difference (llvm::INFER_SPACES_UPSTREAM, llvm/llvm-project#62302).

@tile = internal addrspace(3) global [64 x i32] undef
@other = internal addrspace(3) global i32 0

; A vector GEP off a shared base feeds a masked gather.
; CHECK-LABEL: @gather_from_vector_gep(
; V16:           %base = addrspacecast ptr addrspace(3) @tile to ptr
; V16-NEXT:      %ptrs = getelementptr i32, ptr %base, <4 x i64> %i
; V16-NEXT:      call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %ptrs,
; V22:           %ptrs = getelementptr i32, ptr addrspace(3) @tile, <4 x i64> %i
; V22-NEXT:      call <4 x i32> @llvm.masked.gather.v4i32.v4p3(<4 x ptr addrspace(3)> align 4 %ptrs,
define <4 x i32> @gather_from_vector_gep(<4 x i64> %i, <4 x i1> %m) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %ptrs = getelementptr i32, ptr %base, <4 x i64> %i
  %v = call <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr> %ptrs, i32 4, <4 x i1> %m, <4 x i32> poison)
  ret <4 x i32> %v
}

; A vector induction variable through a loop phi, compared with a bound.
; CHECK-LABEL: @vector_loop(
; V16:         loop:
; V16-NEXT:      %now = phi <2 x ptr> [ %begin, %entry ], [ %next, %loop ]
; V16:           %veq = icmp eq <2 x ptr> %next, %end
; V22:         loop:
; V22-NEXT:      %now = phi <2 x ptr addrspace(3)> [ %b, %entry ], [ %next, %loop ]
; V22-NEXT:      %next = getelementptr i32, <2 x ptr addrspace(3)> %now, i64 1
; V22-NEXT:      %veq = icmp eq <2 x ptr addrspace(3)> %next, %e
define void @vector_loop(<2 x ptr addrspace(3)> %b, <2 x ptr addrspace(3)> %e) {
entry:
  %begin = addrspacecast <2 x ptr addrspace(3)> %b to <2 x ptr>
  %end = addrspacecast <2 x ptr addrspace(3)> %e to <2 x ptr>
  br label %loop
loop:
  %now = phi <2 x ptr> [ %begin, %entry ], [ %next, %loop ]
  %next = getelementptr i32, <2 x ptr> %now, i64 1
  %veq = icmp eq <2 x ptr> %next, %end
  %done = extractelement <2 x i1> %veq, i32 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; zeroinitializer is null in every lane: the compare moves, the constant is
; cast lane by lane.
; CHECK-LABEL: @compare_with_zeroinitializer(
; V16:           %r = icmp eq <2 x ptr> %c, zeroinitializer
; V22:           %r = icmp eq <2 x ptr addrspace(3)> %p, <ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3)), ptr addrspace(3) addrspacecast (ptr null to ptr addrspace(3))>
define <2 x i1> @compare_with_zeroinitializer(<2 x ptr addrspace(3)> %p) {
  %c = addrspacecast <2 x ptr addrspace(3)> %p to <2 x ptr>
  %r = icmp eq <2 x ptr> %c, zeroinitializer
  ret <2 x i1> %r
}

; A lane of a flat global cannot be cast to shared: the compare stays.
; CHECK-LABEL: @refuses_compare_with_mixed_constant(
; CHECK:         %c = addrspacecast <2 x ptr addrspace(3)> %p to <2 x ptr>
; CHECK-NEXT:    %r = icmp eq <2 x ptr> %c, <ptr null, ptr @flat>
define <2 x i1> @refuses_compare_with_mixed_constant(<2 x ptr addrspace(3)> %p) {
  %c = addrspacecast <2 x ptr addrspace(3)> %p to <2 x ptr>
  %r = icmp eq <2 x ptr> %c, <ptr null, ptr @flat>
  ret <2 x i1> %r
}

@flat = addrspace(0) global i32 0

declare <4 x i32> @llvm.masked.gather.v4i32.v4p0(<4 x ptr>, i32, <4 x i1>, <4 x i32>)

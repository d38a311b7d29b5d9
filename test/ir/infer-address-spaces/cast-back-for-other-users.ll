; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; Once an expression is cloned into a specific space for the accesses that
; can use it, every other user that needs a generic pointer (a call argument,
; a return, a ptrtoint, a cast to another space) gets an addrspacecast of the
; clone back to generic, placed after the clone (after the phis for a phi).
; A cast to the inferred space itself folds away. An expression used by no
; access at all is left generic.

@tile = internal addrspace(3) global [256 x float] undef

declare void @use(ptr)

; The load uses the shared GEP; the call gets a generic cast of it.
; CHECK-LABEL: @call_argument_gets_cast_back(
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    call void @use(ptr [[G]])
define float @call_argument_gets_cast_back(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  call void @use(ptr %q)
  ret float %v
}

; A returned pointer gets the cast back.
; CHECK-LABEL: @returned_pointer_gets_cast_back(
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK-NEXT:    store float 1.000000e+00, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    ret ptr [[G]]
define ptr @returned_pointer_gets_cast_back(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store float 1.0, ptr %q, align 4
  ret ptr %q
}

; ptrtoint takes the generic address, so it gets the cast back.
; CHECK-LABEL: @ptrtoint_gets_cast_back(
; CHECK:         [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK:         store float 1.000000e+00, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    %n = ptrtoint ptr [[G]] to i64
define i64 @ptrtoint_gets_cast_back(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store float 1.0, ptr %q, align 4
  %n = ptrtoint ptr %q to i64
  ret i64 %n
}

; The cast back of a shared phi goes after the phis of its block.
; CHECK-LABEL: @phi_feeding_call(
; CHECK:       join:
; CHECK-NEXT:    %r = phi ptr addrspace(3) [ %q, %then ], [ @tile, %entry ]
; CHECK-NEXT:    %k = phi i32 [ 1, %then ], [ 0, %entry ]
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %r to ptr
; CHECK-NEXT:    call void @use(ptr [[G]])
; CHECK-NEXT:    %v = load float, ptr addrspace(3) %r, align 4
define float @phi_feeding_call(i1 %c, i64 %i) {
entry:
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  br i1 %c, label %then, label %join

then:
  %q = getelementptr inbounds float, ptr %p, i64 %i
  br label %join

join:
  %r = phi ptr [ %q, %then ], [ %p, %entry ]
  %k = phi i32 [ 1, %then ], [ 0, %entry ]
  call void @use(ptr %r)
  %v = load float, ptr %r, align 4
  ret float %v
}

; A cast to another specific space keeps a generic operand: the cast back.
; CHECK-LABEL: @cast_to_other_space_gets_cast_back(
; CHECK:         [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK:         store float 1.000000e+00, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    %r = addrspacecast ptr [[G]] to ptr addrspace(1)
define ptr addrspace(1) @cast_to_other_space_gets_cast_back(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  store float 1.0, ptr %q, align 4
  %r = addrspacecast ptr %q to ptr addrspace(1)
  ret ptr addrspace(1) %r
}

; A cast back to the inferred space is the clone itself: no cast is left.
; CHECK-LABEL: @cast_to_inferred_space_folds(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    ret ptr addrspace(3) %q
define ptr addrspace(3) @cast_to_inferred_space_folds(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %r = addrspacecast ptr %q to ptr addrspace(3)
  ret ptr addrspace(3) %r
}

; The same with a shared argument and a store in between.
; CHECK-LABEL: @round_trip_through_generic(
; CHECK-NOT:     addrspacecast
; CHECK:         %q = getelementptr float, ptr addrspace(3) %s, i64 %i
; CHECK-NEXT:    store float 0.000000e+00, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    ret ptr addrspace(3) %q
define ptr addrspace(3) @round_trip_through_generic(ptr addrspace(3) %s, i64 %i) {
  %p = addrspacecast ptr addrspace(3) %s to ptr
  %q = getelementptr float, ptr %p, i64 %i
  store float 0.0, ptr %q, align 4
  %r = addrspacecast ptr %q to ptr addrspace(3)
  ret ptr addrspace(3) %r
}

; Only a call uses the pointer: no access wants a clone; nothing changes.
; CHECK-LABEL: @call_only_user_left_alone(
; CHECK:         %p = addrspacecast ptr addrspace(3) @tile to ptr
; CHECK-NEXT:    %q = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    call void @use(ptr %q)
define void @call_only_user_left_alone(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  call void @use(ptr %q)
  ret void
}

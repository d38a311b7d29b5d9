; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-separate-const-offset-from-gep,gvn' -S %s \
; RUN:   | FileCheck --check-prefixes=GVN,GVN%llvm %s
;
; `gep inbounds p, a + 5` splits into `b = gep p, a` and `gep ?, b, 5`. With
; p at the start of its object and a = -4, the original is in bounds (p + 4)
; but b = p - 16 is not, so `inbounds` on `b + 5` would be poison where the
; input was not (LangRef: the base of an inbounds GEP must be in bounds too).
; LLVM 16 kept it anyway (fixed upstream by llvm/llvm-project#130616). The
; constant GEP keeps `inbounds` only when every step from the object to the
; original address is non-negative: the constant, and every variable index
; left in the base. From LLVM 22 on (llvm/llvm-project#130617) the variadic
; base keeps it then too, as upstream's does; LLVM 16's base never has it.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@array = addrspace(3) global [32 x [32 x float]] zeroinitializer

; A signed index may be negative: neither GEP is inbounds.
; CHECK-LABEL: @signed_index_drops_inbounds(
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 %a
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 20
; CHECK-NEXT:    ret ptr %q
define ptr @signed_index_drops_inbounds(ptr %p, i64 %a) {
  %i = add i64 %a, 5
  %q = getelementptr inbounds float, ptr %p, i64 %i
  ret ptr %q
}

; A zero-extended index is never negative: the constant GEP stays inbounds.
; CHECK-LABEL: @zext_index_keeps_inbounds(
; V16:           [[B:%.*]] = getelementptr float, ptr %p, i64 {{%.*}}
; V22:           [[B:%.*]] = getelementptr inbounds float, ptr %p, i64 {{%.*}}
; V16-NEXT:      %q = getelementptr inbounds float, ptr [[B]], i64 5
; V22-NEXT:      %q = getelementptr inbounds i8, ptr [[B]], i64 20
define ptr @zext_index_keeps_inbounds(ptr %p, i32 %a) {
  %i = add nuw i32 %a, 5
  %z = zext i32 %i to i64
  %q = getelementptr inbounds float, ptr %p, i64 %z
  ret ptr %q
}

; Known non-negative by a mask: inbounds kept.
; CHECK-LABEL: @masked_index_keeps_inbounds(
; V16:           [[B:%.*]] = getelementptr float, ptr %p, i64 %m
; V22:           [[B:%.*]] = getelementptr inbounds float, ptr %p, i64 %m
; V16-NEXT:      %q = getelementptr inbounds float, ptr [[B]], i64 3
; V22-NEXT:      %q = getelementptr inbounds i8, ptr [[B]], i64 12
define ptr @masked_index_keeps_inbounds(ptr %p, i64 %a) {
  %m = and i64 %a, 1023
  %i = add i64 %m, 3
  %q = getelementptr inbounds float, ptr %p, i64 %i
  ret ptr %q
}

; Two indices, one non-negative (zext) and one not (a plain i64): one
; possibly negative step is enough to drop inbounds.
; CHECK-LABEL: @one_signed_index_of_two(
; CHECK:         [[B:%.*]] = getelementptr [32 x [32 x float]], ptr addrspace(3) @array, i64 0, i64 {{%.*}}, i64 %y
; V16-NEXT:      %q = getelementptr float, ptr addrspace(3) [[B]], i64 32
; V22-NEXT:      %q = getelementptr i8, ptr addrspace(3) [[B]], i64 128
define ptr addrspace(3) @one_signed_index_of_two(i32 %x, i64 %y) {
  %x1 = add nuw i32 %x, 1
  %zx = zext i32 %x1 to i64
  %q = getelementptr inbounds [32 x [32 x float]], ptr addrspace(3) @array, i64 0, i64 %zx, i64 %y
  ret ptr addrspace(3) %q
}

; Both indices zero-extended: every step is non-negative, inbounds kept.
; CHECK-LABEL: @all_indices_non_negative(
; V16:           [[B:%.*]] = getelementptr [32 x [32 x float]], ptr addrspace(3) @array, i64 0, i64 {{%.*}}, i64 {{%.*}}
; V22:           [[B:%.*]] = getelementptr inbounds [32 x [32 x float]], ptr addrspace(3) @array, i64 0, i64 {{%.*}}, i64 {{%.*}}
; V16-NEXT:      %q = getelementptr inbounds float, ptr addrspace(3) [[B]], i64 33
; V22-NEXT:      %q = getelementptr inbounds i8, ptr addrspace(3) [[B]], i64 132
define ptr addrspace(3) @all_indices_non_negative(i32 %x, i32 %y) {
  %x1 = add nuw i32 %x, 1
  %zx = zext i32 %x1 to i64
  %y1 = add nuw i32 %y, 1
  %zy = zext i32 %y1 to i64
  %q = getelementptr inbounds [32 x [32 x float]], ptr addrspace(3) @array, i64 0, i64 %zx, i64 %zy
  ret ptr addrspace(3) %q
}

; A negative constant steps back from the base: no inbounds, even with a
; non-negative index.
; CHECK-LABEL: @negative_constant_drops_inbounds(
; CHECK:         [[B:%.*]] = getelementptr float, ptr %p, i64 %m
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 -2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 -8
define ptr @negative_constant_drops_inbounds(ptr %p, i64 %a) {
  %m = and i64 %a, 1023
  %i = add i64 %m, -2
  %q = getelementptr inbounds float, ptr %p, i64 %i
  ret ptr %q
}

; A GEP that was not inbounds never gains it.
; CHECK-LABEL: @not_inbounds_stays_so(
; V16:           %q = getelementptr float, ptr {{%.*}}, i64 3
; V22:           %q = getelementptr i8, ptr {{%.*}}, i64 12
define ptr @not_inbounds_stays_so(ptr %p, i64 %a) {
  %m = and i64 %a, 1023
  %i = add i64 %m, 3
  %q = getelementptr float, ptr %p, i64 %i
  ret ptr %q
}

; After GVN the two loads share one base; the offset GEPs keep no inbounds.
; GVN-LABEL: @shared_base_after_gvn(
; GVN:         [[B:%.*]] = getelementptr float, ptr %p, i64 %a
; GVN-NEXT:    %l0 = load float, ptr [[B]]
; GVN16-NEXT:  [[Q:%.*]] = getelementptr float, ptr [[B]], i64 1
; GVN22-NEXT:  [[Q:%.*]] = getelementptr i8, ptr [[B]], i64 4
; GVN-NEXT:    %l1 = load float, ptr [[Q]]
define float @shared_base_after_gvn(ptr %p, i64 %a) {
  %q0 = getelementptr inbounds float, ptr %p, i64 %a
  %l0 = load float, ptr %q0
  %i = add i64 %a, 1
  %q1 = getelementptr inbounds float, ptr %p, i64 %i
  %l1 = load float, ptr %q1
  %s = fadd float %l0, %l1
  ret float %s
}

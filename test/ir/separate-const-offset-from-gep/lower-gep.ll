; RUN: opt -load-pass-plugin=%plugin -mtriple=nvptx64-nvidia-cuda \
; RUN:   -passes='gpucc-separate-const-offset-from-gep<lower-gep>' -S %s \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -mtriple=aarch64-linux-gnu \
; RUN:   -passes='gpucc-separate-const-offset-from-gep<lower-gep>' -S %s \
; RUN:   | FileCheck %s
;
; With lower-gep the split GEP is lowered to one step per non-zero index,
; each scaled to bytes (shl for a power of two, mul otherwise), then one
; step for the constant offset, which now includes struct field offsets.
; Every step is a single-index `gep i8` (BasicAA understands those), on
; every target: LLVM 16 lowered to ptrtoint, adds and inttoptr on targets
; that do not use alias analysis in codegen (NVPTX), which upstream dropped
; (llvm/llvm-project#151477) and no LLVM 16 conformance test pins. The
; addressing-mode check is skipped.

target datalayout = "e-i64:64-p9:128:128:128:64-ni:7"

%S = type { i32, [10 x float], i64 }

; &p[i + 1][j + 2].f[i]: 1 * 560 + 2 * 56 + 4 (field 1) = 676 bytes.
; CHECK-LABEL: @lowered(
; CHECK-NEXT:    [[I:%.*]] = mul i64 %i, 560
; CHECK-NEXT:    [[G1:%.*]] = getelementptr i8, ptr %p, i64 [[I]]
; CHECK-NEXT:    [[J:%.*]] = mul i64 %j, 56
; CHECK-NEXT:    [[G2:%.*]] = getelementptr i8, ptr [[G1]], i64 [[J]]
; CHECK-NEXT:    [[K:%.*]] = shl i64 %i, 2
; CHECK-NEXT:    [[G3:%.*]] = getelementptr i8, ptr [[G2]], i64 [[K]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[G3]], i64 676
; CHECK-NEXT:    ret ptr [[Q]]
define ptr @lowered(ptr %p, i64 %i, i64 %j) {
  %i1 = add i64 %i, 1
  %j2 = add i64 %j, 2
  %q = getelementptr inbounds [10 x %S], ptr %p, i64 %i1, i64 %j2, i32 1, i64 %i
  ret ptr %q
}

; A struct field alone is reason enough to lower; zero indices get no step.
; CHECK-LABEL: @field_only(
; CHECK-NEXT:    [[I:%.*]] = mul i64 %i, 56
; CHECK-NEXT:    [[G1:%.*]] = getelementptr i8, ptr %p, i64 [[I]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[G1]], i64 48
define ptr @field_only(ptr %p, i64 %i) {
  %q = getelementptr inbounds [10 x %S], ptr %p, i64 0, i64 %i, i32 2
  ret ptr %q
}

; Non-integral pointers are lowered the same way.
; CHECK-LABEL: @non_integral(
; CHECK-NEXT:    [[I:%.*]] = shl i64 %i, 2
; CHECK-NEXT:    [[G1:%.*]] = getelementptr i8, ptr addrspace(7) %p, i64 [[I]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr addrspace(7) [[G1]], i64 12
define ptr addrspace(7) @non_integral(ptr addrspace(7) %p, i64 %i) {
  %a = add i64 %i, 3
  %q = getelementptr inbounds float, ptr addrspace(7) %p, i64 %a
  ret ptr addrspace(7) %q
}

; So are pointers wider than their index.
; CHECK-LABEL: @pointer_wider_than_index(
; CHECK-NEXT:    [[I:%.*]] = shl i64 %i, 2
; CHECK-NEXT:    [[G1:%.*]] = getelementptr i8, ptr addrspace(9) %p, i64 [[I]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr addrspace(9) [[G1]], i64 12
define ptr addrspace(9) @pointer_wider_than_index(ptr addrspace(9) %p, i64 %i) {
  %a = add i64 %i, 3
  %q = getelementptr inbounds float, ptr addrspace(9) %p, i64 %a
  ret ptr addrspace(9) %q
}

; Without a constant anywhere nothing is lowered.
; CHECK-LABEL: @nothing_to_extract(
; CHECK-NEXT:    %q = getelementptr inbounds [10 x %S], ptr %p, i64 %i, i64 %j, i32 0
; CHECK-NEXT:    ret ptr %q
define ptr @nothing_to_extract(ptr %p, i64 %i, i64 %j) {
  %q = getelementptr inbounds [10 x %S], ptr %p, i64 %i, i64 %j, i32 0
  ret ptr %q
}

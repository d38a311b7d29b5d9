; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The constants of all sequential indices add up, in bytes, to one offset,
; expressed in elements of the GEP's result type when it divides evenly and
; in bytes (`gep i8`, named uglygep) when not. Struct field indices stay in
; the variadic base: fields have different types. (i64 is 4-byte aligned
; here, as in LLVM 16's default data layout, so %Leaf is 12 bytes, %Inner
; 16, %Mid 24.)

target datalayout = "e-i64:32:64"
target triple = "nvptx64-nvidia-cuda"

%S = type { float, double }
%Packed = type <{ [3 x i32], [8 x i64] }>
%Outer = type { i32, i32, ptr, [100 x %Mid] }
%Mid = type { i64, %Inner }
%Inner = type { %Leaf, i32 }
%Leaf = type { i64, i32 }

@grid = global [32 x [32 x float]] zeroinitializer
@structs = global [1024 x %S] zeroinitializer

; grid[x + 1][y + 2] => &grid[x][y] + (32 + 2) floats
; CHECK-LABEL: @two_indices(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [32 x [32 x float]], ptr @grid, i64 0, i64 %x, i64 %y
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 34
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 136
define ptr @two_indices(i64 %x, i64 %y) {
  %x1 = add nsw i64 %x, 1
  %y2 = add nsw i64 %y, 2
  %q = getelementptr inbounds [32 x [32 x float]], ptr @grid, i64 0, i64 %x1, i64 %y2
  ret ptr %q
}

; A constant first index counts too: (p + 1)[x][y + 1] => 32 + 1 floats.
; CHECK-LABEL: @constant_index_joins(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [32 x float], ptr %p, i64 0, i64 %y
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 33
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 132
define ptr @constant_index_joins(ptr %p, i64 %y) {
  %y1 = add i64 %y, 1
  %q = getelementptr [32 x float], ptr %p, i64 1, i64 %y1
  ret ptr %q
}

; &structs[i + 5].d: the field index stays; 5 * 16 bytes = 10 doubles.
; CHECK-LABEL: @struct_field_stays(
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [1024 x %S], ptr @structs, i64 0, i64 [[I]], i32 1
; V16-NEXT:      %q = getelementptr double, ptr [[BASE]], i64 10
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 80
define ptr @struct_field_stays(i32 %i) {
  %a = add nsw i32 %i, 5
  %s = sext i32 %a to i64
  %q = getelementptr inbounds [1024 x %S], ptr @structs, i64 0, i64 %s, i32 1
  ret ptr %q
}

; &s[i + 1].b[j + 3] in a packed struct: 76 + 3 * 8 = 100 bytes is not a
; multiple of 8, so the offset is in bytes (from LLVM 22 on it always is).
; CHECK-LABEL: @packed_struct_offset_in_bytes(
; CHECK:         [[BASE:%.*]] = getelementptr [1024 x %Packed], ptr %s, i64 0, i64 {{%.*}}, i32 1, i64 {{%.*}}
; V16-NEXT:      %uglygep = getelementptr i8, ptr [[BASE]], i64 100
; V16-NEXT:      ret ptr %uglygep
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 100
; V22-NEXT:      ret ptr %q
define ptr @packed_struct_offset_in_bytes(ptr %s, i32 %i, i32 %j) {
  %j3 = add nsw i32 %j, 3
  %j3.ext = sext i32 %j3 to i64
  %i1 = add nsw i32 %i, 1
  %i1.ext = sext i32 %i1 to i64
  %q = getelementptr inbounds [1024 x %Packed], ptr %s, i64 0, i64 %i1.ext, i32 1, i64 %j3.ext
  ret ptr %q
}

; A negative offset is divided as a signed number: -2 * 24 bytes is -3
; elements of %Inner (16 bytes), not (2^64 - 48) / 16 (@sign_mod_unsign of
; LLVM 16's NVPTX/split-gep.ll).
; CHECK-LABEL: @negative_offset(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr %Outer, ptr %p, i64 0, i32 3, i64 %i, i32 1
; V16-NEXT:      %q = getelementptr %Inner, ptr [[BASE]], i64 -3
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 -48
define ptr @negative_offset(ptr %p, i64 %i) {
  %a = add nsw i64 %i, -2
  %q = getelementptr inbounds %Outer, ptr %p, i64 0, i32 3, i64 %a, i32 1
  ret ptr %q
}

; An index wider than the pointer is truncated first (i65 1 becomes i64 1,
; and then part of the offset: 2416 bytes, 151 %Inner).
; CHECK-LABEL: @wide_constant_index(
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr %Outer, ptr %p, i64 0, i32 3, i64 %i, i32 1
; V16-NEXT:      %q = getelementptr %Inner, ptr [[BASE]], i64 151
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 2416
; CHECK-NOT:     trunc
define ptr @wide_constant_index(ptr %p, i64 %i) {
  %q = getelementptr inbounds %Outer, ptr %p, i65 1, i32 3, i64 %i, i32 1
  ret ptr %q
}

; The same index used twice is rebuilt for each position.
; CHECK-LABEL: @same_index_twice(
; CHECK-NEXT:    [[I1:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[I2:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[BASE:%.*]] = getelementptr [32 x [32 x float]], ptr @grid, i64 0, i64 [[I1]], i64 [[I2]]
; V16-NEXT:      %q = getelementptr float, ptr [[BASE]], i64 99
; V22-NEXT:      %q = getelementptr i8, ptr [[BASE]], i64 396
define ptr @same_index_twice(i32 %i) {
  %a = add nsw i32 %i, 3
  %s = sext i32 %a to i64
  %q = getelementptr inbounds [32 x [32 x float]], ptr @grid, i64 0, i64 %s, i64 %s
  ret ptr %q
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; A basis must have the candidate's form, type, base and stride: an i32 and
; an i64 computation of the same numbers, an add and a GEP of the same
; address, or GEPs in different address spaces never pair up. Strides are
; compared by their scalar evolution, as bases are (LLVM 22; LLVM 16 compared
; stride values): s and s + 0 are one stride. Vector adds, muls and GEPs are
; no candidates (as upstream).

target triple = "nvptx64-nvidia-cuda"

declare void @use32(i32)
declare void @use64(i64)
declare void @usep(ptr)
declare void @usep1(ptr addrspace(1))
declare void @usev(<2 x i32>)
declare void @usevp(<2 x ptr>)

; b + 2s in i32, then the same numbers widened to i64: different types and
; bases, no rewrite.
; CHECK-LABEL: @i32_and_i64_do_not_mix(
; CHECK:         %y3 = mul i64 %sw, 3
; CHECK-NEXT:    %y = add i64 %bw, %y3
define void @i32_and_i64_do_not_mix(i32 %b, i32 %s) {
  %s2 = mul i32 %s, 2
  %x = add i32 %b, %s2
  call void @use32(i32 %x)
  %bw = sext i32 %b to i64
  %sw = sext i32 %s to i64
  %y3 = mul i64 %sw, 3
  %y = add i64 %bw, %y3
  call void @use64(i64 %y)
  ret void
}

; An integer add and a GEP computing the same address are different forms.
; CHECK-LABEL: @add_and_gep_do_not_mix(
; CHECK:         %y = getelementptr i8, ptr %in, i64 %s3
define void @add_and_gep_do_not_mix(ptr %in, i64 %s) {
  %a = ptrtoint ptr %in to i64
  %s2 = mul i64 %s, 2
  %x = add i64 %a, %s2
  call void @use64(i64 %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr i8, ptr %in, i64 %s3
  call void @usep(ptr %y)
  ret void
}

; The same memory seen through addrspace(1) and the generic space: different
; bases and types.
; CHECK-LABEL: @address_spaces_do_not_mix(
; CHECK:         %y = getelementptr inbounds float, ptr %gen, i64 %s3
define void @address_spaces_do_not_mix(ptr addrspace(1) %glob, i64 %s) {
  %x = getelementptr inbounds float, ptr addrspace(1) %glob, i64 %s
  call void @usep1(ptr addrspace(1) %x)
  %gen = addrspacecast ptr addrspace(1) %glob to ptr
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr inbounds float, ptr %gen, i64 %s3
  call void @usep(ptr %y)
  ret void
}

; s and s + 0 are one stride: b + 3t is b + 2s plus t. (LLVM 22's model
; reads it as 3s + b too, which is 2s + b plus a base delta of s, and takes
; that, the last candidate of equal cost.)
; CHECK-LABEL: @strides_are_compared_by_scalar_evolution(
; V16:           %t = add i32 %s, 0
; V16-NEXT:      %y = add i32 %x, %t
; V22:           %y = add i32 %x, %s
define void @strides_are_compared_by_scalar_evolution(i32 %b, i32 %s) {
  %s2 = mul i32 %s, 2
  %x = add i32 %b, %s2
  call void @use32(i32 %x)
  %t = add i32 %s, 0
  %t3 = mul i32 %t, 3
  %y = add i32 %b, %t3
  call void @use32(i32 %y)
  ret void
}

; Vectors are left alone.
; CHECK-LABEL: @vectors_are_no_candidates(
; CHECK:         %y = add <2 x i32> %b, %s3
; CHECK:         %q = getelementptr i32, <2 x ptr> %v, <2 x i64> %i3
define void @vectors_are_no_candidates(<2 x i32> %b, <2 x i32> %s, <2 x ptr> %v, <2 x i64> %i) {
  %s2 = mul <2 x i32> %s, <i32 2, i32 2>
  %x = add <2 x i32> %b, %s2
  call void @usev(<2 x i32> %x)
  %s3 = mul <2 x i32> %s, <i32 3, i32 3>
  %y = add <2 x i32> %b, %s3
  call void @usev(<2 x i32> %y)
  %p = getelementptr i32, <2 x ptr> %v, <2 x i64> %i
  call void @usevp(<2 x ptr> %p)
  %i3 = mul nsw <2 x i64> %i, <i64 3, i64 3>
  %q = getelementptr i32, <2 x ptr> %v, <2 x i64> %i3
  call void @usevp(<2 x ptr> %q)
  ret void
}

; Element types may differ, though: GEPs over i32 and i64 from one pointer
; share base and stride, and the byte difference is what counts.
; CHECK-LABEL: @element_types_may_differ(
; V16:           %x = getelementptr inbounds i32, ptr %in, i64 %s
; V16-NEXT:      %y = getelementptr inbounds i32, ptr %x, i64 %s
; V22:           %x = getelementptr i32, ptr %in, i64 %s
; V22-NEXT:      [[BUMP:%.*]] = shl i64 %s, 2
; V22-NEXT:      %y = getelementptr inbounds i8, ptr %x, i64 [[BUMP]]
define void @element_types_may_differ(ptr %in, i64 %s) {
  %x = getelementptr inbounds i32, ptr %in, i64 %s
  %y = getelementptr inbounds i64, ptr %in, i64 %s
  call void @usep(ptr %y)
  ret void
}

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; The GEP form of Table 3, B + i * S bytes. LLVM 16's model (V16) reads an
; index S * c or S << k (with nsw), or the sext of one of those, as stride S,
; and rebuilds a GEP from a dominating one with the same B and S as
; &X[(i' - i) * S], in elements of X's type when the byte difference divides
; evenly, else in bytes. LLVM 22's (V22) takes each index as it is, reaches
; &B[2s] from &B[s] by a stride delta (s, a value at hand) or a base delta,
; and always rebuilds in bytes; a reused basis GEP loses its inbounds unless
; poison in it is undefined behaviour anyway. LLVM 16's keeps it where the
; basis lies between B and the candidate (&B[s] between B and &B[3s]), as
; upstream 16 does, and drops it where a rewrite depends on it otherwise
; (@chain_keeps_only_implied_inbounds). Other indices, constant or not,
; belong to B.

target datalayout = "e-i64:64-v16:16-v32:32-n16:32:64-p1:32:32:32"
target triple = "nvptx64-nvidia-cuda"

%pair = type <{ i64, i32 }>

declare void @use(ptr)
declare void @use1(ptr addrspace(1))

; in[s], then in[3 * s]: the second is one add of 2 * s from the first. In
; LLVM 22's model that is a stride delta of 2s, which no value holds.
; CHECK-LABEL: @basis_in_dominating_block(
; V16:         %p1 = getelementptr inbounds i32, ptr %in, i64 %s
; V22:         %p1 = getelementptr inbounds i32, ptr %in, i64 %s
; CHECK:       next:
; V16-NEXT:      [[BUMP:%.*]] = shl i64 %s, 1
; V16-NEXT:      %p3 = getelementptr inbounds i32, ptr %p1, i64 [[BUMP]]
; V22-NEXT:      %s3 = mul nsw i64 %s, 3
; V22-NEXT:      %p3 = getelementptr inbounds i32, ptr %in, i64 %s3
define void @basis_in_dominating_block(ptr %in, i64 %s) {
entry:
  %p1 = getelementptr inbounds i32, ptr %in, i64 %s
  call void @use(ptr %p1)
  br label %next
next:
  %s3 = mul nsw i64 %s, 3
  %p3 = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @use(ptr %p3)
  ret void
}

; in[(long)s], in[(long)(s * 2)]: the i32 product is sign-extended, which
; distributes over the multiplication because it is nsw.
; CHECK-LABEL: @sign_extended_index(
; V16:           %p1 = getelementptr inbounds float, ptr %in, i64 %e1
; V16-NEXT:      [[S:%.*]] = sext i32 %s to i64
; V16-NEXT:      %p2 = getelementptr inbounds float, ptr %p1, i64 [[S]]
; V22:           %p1 = getelementptr float, ptr %in, i64 %e1
; V22-NEXT:      [[S:%.*]] = sext i32 %s to i64
; V22-NEXT:      [[BUMP:%.*]] = shl i64 [[S]], 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr %p1, i64 [[BUMP]]
define void @sign_extended_index(ptr %in, i32 %s) {
  %e1 = sext i32 %s to i64
  %p1 = getelementptr inbounds float, ptr %in, i64 %e1
  %s2 = shl nsw i32 %s, 1
  %e2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %in, i64 %e2
  call void @use(ptr %p2)
  ret void
}

; An index narrower than the pointer's index type is sign-extended too. (In
; LLVM 22's model the stride delta is 2s, which no value holds.)
; CHECK-LABEL: @implicitly_extended_index(
; V16:         %p1 = getelementptr inbounds float, ptr %in, i32 %s
; V22:         %p1 = getelementptr inbounds float, ptr %in, i32 %s
; V16-NEXT:      [[S:%.*]] = sext i32 %s to i64
; V16-NEXT:      [[BUMP:%.*]] = shl i64 [[S]], 1
; V16-NEXT:      %p3 = getelementptr inbounds float, ptr %p1, i64 [[BUMP]]
; V22-NEXT:      %s3 = mul nsw i32 %s, 3
; V22-NEXT:      %p3 = getelementptr inbounds float, ptr %in, i32 %s3
define void @implicitly_extended_index(ptr %in, i32 %s) {
  %p1 = getelementptr inbounds float, ptr %in, i32 %s
  %s3 = mul nsw i32 %s, 3
  %p3 = getelementptr inbounds float, ptr %in, i32 %s3
  call void @use(ptr %p3)
  ret void
}

; Without nsw, sext(s * 2) is not 2 * sext(s): the second GEP is no candidate
; of stride s (V16), and no stride delta of s from the first (V22).
; CHECK-LABEL: @wrapping_index_is_not_factored(
; CHECK:         %s2 = shl i32 %s, 1
; CHECK-NEXT:    %e2 = sext i32 %s2 to i64
; CHECK-NEXT:    %p2 = getelementptr inbounds float, ptr %in, i64 %e2
define void @wrapping_index_is_not_factored(ptr %in, i32 %s) {
  %e1 = sext i32 %s to i64
  %p1 = getelementptr inbounds float, ptr %in, i64 %e1
  %s2 = shl i32 %s, 1
  %e2 = sext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %in, i64 %e2
  call void @use(ptr %p2)
  ret void
}

; A zero-extended index is not looked through (as upstream): zext(s * 2) is
; its own stride, unrelated to zext(s).
; CHECK-LABEL: @zero_extended_index_is_a_stride_of_its_own(
; CHECK:         %p2 = getelementptr inbounds float, ptr %in, i64 %z2
define void @zero_extended_index_is_a_stride_of_its_own(ptr %in, i32 %s) {
  %z1 = zext i32 %s to i64
  %p1 = getelementptr inbounds float, ptr %in, i64 %z1
  %s2 = shl nuw nsw i32 %s, 1
  %z2 = zext i32 %s2 to i64
  %p2 = getelementptr inbounds float, ptr %in, i64 %z2
  call void @use(ptr %p2)
  ret void
}

; int in[10][5]: in[s][t], in[2s][t], in[3s][t]. Each row is 20 bytes, five
; i32 elements: the bump is 5 * s elements (20 * s bytes). Upstream LLVM 16
; keeps the rebuilt GEPs inbounds because their bases are, which is unsound:
; t may take in[s][t] out of the array where in[2s][t] is in (s = 5,
; t = -50), and its own slsr-gep.ll pins that. Both rows ask for proof, and
; in[s][t] is not on in[2s][t]'s way: no inbounds.
; CHECK-LABEL: @two_dimensional(
; V16:           %p0 = getelementptr [10 x [5 x i32]], ptr %in, i64 0, i64 %s, i64 %t
; V16-NEXT:      [[BUMP:%.*]] = mul i64 %s, 5
; V16-NEXT:      %p1 = getelementptr i32, ptr %p0, i64 [[BUMP]]
; V16-NEXT:      [[BUMP2:%.*]] = mul i64 %s, 5
; V16-NEXT:      %p2 = getelementptr i32, ptr %p1, i64 [[BUMP2]]
; V22:           %p0 = getelementptr [10 x [5 x i32]], ptr %in, i64 0, i64 %s, i64 %t
; V22-NEXT:      [[BUMP:%.*]] = mul i64 %s, 20
; V22-NEXT:      %p1 = getelementptr i8, ptr %p0, i64 [[BUMP]]
; V22-NEXT:      [[BUMP2:%.*]] = mul i64 %s, 20
; V22-NEXT:      %p2 = getelementptr i8, ptr %p1, i64 [[BUMP2]]
define void @two_dimensional(ptr %in, i64 %s, i64 %t) {
  %p0 = getelementptr inbounds [10 x [5 x i32]], ptr %in, i64 0, i64 %s, i64 %t
  %s2 = shl nsw i64 %s, 1
  %p1 = getelementptr inbounds [10 x [5 x i32]], ptr %in, i64 0, i64 %s2, i64 %t
  %s3 = mul nsw i64 %s, 3
  %p2 = getelementptr inbounds [10 x [5 x i32]], ptr %in, i64 0, i64 %s3, i64 %t
  call void @use(ptr %p2)
  ret void
}

; A packed %pair is 12 bytes. &in[2s].first - &in[s].first = 12 * s bytes,
; which is no whole number of 8-byte i64s: that bump is in bytes. For .second
; it is 3 * s i32s (V16). LLVM 22 reaches .second from .first by a base
; delta of 8 bytes instead.
; CHECK-LABEL: @byte_bump_when_elements_do_not_divide(
; V16:           %f1 = getelementptr inbounds [4 x %pair], ptr %in, i64 0, i64 %s, i32 0
; V22:           %f1 = getelementptr [4 x %pair], ptr %in, i64 0, i64 %s, i32 0
; CHECK-NEXT:    [[BUMP:%.*]] = mul i64 %s, 12
; V16-NEXT:      %f2 = getelementptr inbounds i8, ptr %f1, i64 [[BUMP]]
; V22-NEXT:      %f2 = getelementptr i8, ptr %f1, i64 [[BUMP]]
; V16:           %g1 = getelementptr [4 x %pair], ptr %in, i64 0, i64 %s, i32 1
; V16-NEXT:      [[BUMP2:%.*]] = mul i64 %s, 3
; V16-NEXT:      %g2 = getelementptr i32, ptr %g1, i64 [[BUMP2]]
; V22:           %g1 = getelementptr inbounds i8, ptr %f1, i64 8
; V22-NEXT:      %g2 = getelementptr inbounds i8, ptr %f2, i64 8
define void @byte_bump_when_elements_do_not_divide(ptr %in, i64 %s) {
  %f1 = getelementptr inbounds [4 x %pair], ptr %in, i64 0, i64 %s, i32 0
  %s2 = shl nsw i64 %s, 1
  %f2 = getelementptr inbounds [4 x %pair], ptr %in, i64 0, i64 %s2, i32 0
  call void @use(ptr %f2)
  %g1 = getelementptr inbounds [4 x %pair], ptr %in, i64 0, i64 %s, i32 1
  %g2 = getelementptr inbounds [4 x %pair], ptr %in, i64 0, i64 %s2, i32 1
  call void @use(ptr %g2)
  ret void
}

; An index wider than the index type (i64 on a 32-bit address space) is
; truncated by the GEP: it is no stride.
; CHECK-LABEL: @truncated_index_is_not_factored(
; CHECK:         %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %s2
define void @truncated_index_is_not_factored(ptr addrspace(1) %in, i64 %s) {
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %s
  %s2 = mul nsw i64 %s, 2
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %s2
  call void @use1(ptr addrspace(1) %p2)
  ret void
}

; if (c) use(&in[s]); else use(&in[2 * s]);
; Sibling blocks: no basis.
; CHECK-LABEL: @no_basis_in_sibling_block(
; CHECK:       else:
; CHECK-NEXT:    %s2 = shl nsw i64 %s, 1
; CHECK-NEXT:    %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
define void @no_basis_in_sibling_block(i1 %c, ptr %in, i64 %s) {
entry:
  br i1 %c, label %then, label %else
then:
  %p1 = getelementptr inbounds i32, ptr %in, i64 %s
  call void @use(ptr %p1)
  ret void
else:
  %s2 = shl nsw i64 %s, 1
  %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @use(ptr %p2)
  ret void
}

; in[s] in one arm of an if, in[3 * s] in the other: neither block dominates
; the other, so in[s] is no basis and in[3 * s] keeps its own multiply; after
; the join, in[5 * s] is dominated by neither arm either.
; CHECK-LABEL: @basis_in_sibling_block(
; CHECK:       then:
; CHECK-NEXT:    %p1 = getelementptr inbounds i32, ptr %in, i64 %s
; CHECK:       else:
; CHECK-NEXT:    %s3 = mul nsw i64 %s, 3
; CHECK-NEXT:    %p3 = getelementptr inbounds i32, ptr %in, i64 %s3
; CHECK:       join:
; CHECK-NEXT:    %s5 = mul nsw i64 %s, 5
; CHECK-NEXT:    %p5 = getelementptr inbounds i32, ptr %in, i64 %s5
define void @basis_in_sibling_block(ptr %in, i64 %s, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  %p1 = getelementptr inbounds i32, ptr %in, i64 %s
  call void @use(ptr %p1)
  br label %join
else:
  %s3 = mul nsw i64 %s, 3
  %p3 = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @use(ptr %p3)
  br label %join
join:
  %s5 = mul nsw i64 %s, 5
  %p5 = getelementptr inbounds i32, ptr %in, i64 %s5
  call void @use(ptr %p5)
  ret void
}

; in[2s], in[3s], then in[s]: in[3s] is rebuilt from in[2s], and in[s] from
; the rebuilt in[3s]. Neither basis lies between in and in[s] (s = 100 with
; a 1 KiB in: in[2s] is in, in[3s] past the end, in[s] in), so along the
; chain to in[s] both lose inbounds, and the nsw of 2s goes too (4s would
; read 2 * sext(s) only with it). Upstream 16 keeps all three, and in[s]
; becomes poison (tests/poison.rs, slsr_drops_inbounds_a_chain_does_not_imply).
; CHECK-LABEL: @chain_keeps_only_implied_inbounds(
; V16:           %s2 = shl i64 %s, 1
; V16-NEXT:      %x = getelementptr i32, ptr %in, i64 %s2
; V16:           %y = getelementptr i32, ptr %x, i64 %s
; V16:           %z = getelementptr i32, ptr %y,
define void @chain_keeps_only_implied_inbounds(ptr %in, i64 %s) {
  %s2 = shl nsw i64 %s, 1
  %x = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @use(ptr %x)
  %s3 = mul nsw i64 %s, 3
  %y = getelementptr inbounds i32, ptr %in, i64 %s3
  call void @use(ptr %y)
  %z = getelementptr inbounds i32, ptr %in, i64 %s
  call void @use(ptr %z)
  ret void
}

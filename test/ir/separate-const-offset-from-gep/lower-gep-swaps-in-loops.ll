; RUN: opt -load-pass-plugin=%plugin -mtriple=amdgcn-amd-amdhsa \
; RUN:   -passes='gpucc-separate-const-offset-from-gep<lower-gep>' -S %s | FileCheck %s
;
; With lower-gep and GEP lowering, inside a loop whose base pointer is
; loop-invariant (and used only here), the constant step is moved next to
; the base: `(base + iv*4) + 20` becomes `(base + 20) + iv*4`, so LICM can
; hoist `base + 20` (upstream's swapGEPOperand). `base + 20` is inbounds
; when 20 bytes stay within the base's object; upstream (LLVM 16 and 22)
; asks only that the object's size be known, and marks @past_the_end and
; @null_base inbounds too (LLVM 22's AMDGPU/lower-gep.ll pins the latter).

@a = global [100 x float] zeroinitializer
@tiny = global [4 x float] zeroinitializer

; CHECK-LABEL: @global_base(
; CHECK:       loop:
; CHECK:         [[S:%.*]] = shl i64 %iv, 2
; CHECK-NEXT:    [[C:%.*]] = getelementptr inbounds i8, ptr @a, i64 20
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[C]], i64 [[S]]
; CHECK-NEXT:    store float 0.000000e+00, ptr [[Q]]
define void @global_base(i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add i64 %iv, 5
  %q = getelementptr inbounds [100 x float], ptr @a, i64 0, i64 %x
  store float 0.0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The object of an argument has no known size: swapped, not inbounds.
; CHECK-LABEL: @argument_base(
; CHECK:         [[S:%.*]] = shl i64 %iv, 2
; CHECK-NEXT:    [[C:%.*]] = getelementptr i8, ptr %p, i64 20
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[C]], i64 [[S]]
define void @argument_base(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add i64 %iv, 5
  %q = getelementptr inbounds float, ptr %p, i64 %x
  store float 0.0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; 40 bytes past a 16-byte object: swapped, not inbounds.
; CHECK-LABEL: @past_the_end(
; CHECK:         [[S:%.*]] = shl i64 %iv, 2
; CHECK-NEXT:    [[C:%.*]] = getelementptr i8, ptr @tiny, i64 40
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[C]], i64 [[S]]
define void @past_the_end(i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ -10, %entry ], [ %iv.next, %loop ]
  %x = add i64 %iv, 10
  %q = getelementptr inbounds [4 x float], ptr @tiny, i64 0, i64 %x
  store float 0.0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Null in address space 0 is an object of no bytes: `null + 2044` is
; outside it, and `getelementptr inbounds i8, ptr null, i64 2044` would be
; poison where the original is not (for %x = 0 it is null itself).
; CHECK-LABEL: @null_base(
; CHECK:         [[S:%.*]] = shl i64 %iv, 2
; CHECK-NEXT:    [[C:%.*]] = getelementptr i8, ptr null, i64 2044
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[C]], i64 [[S]]
define void @null_base(i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add nsw i64 %iv, 511
  %q = getelementptr inbounds float, ptr null, i64 %x
  store float 0.0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Outside loops the constant step stays last.
; CHECK-LABEL: @straight_line(
; CHECK-NEXT:    [[S:%.*]] = shl i64 %i, 2
; CHECK-NEXT:    [[V:%.*]] = getelementptr i8, ptr @a, i64 [[S]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[V]], i64 20
define ptr @straight_line(i64 %i) {
  %x = add i64 %i, 5
  %q = getelementptr inbounds [100 x float], ptr @a, i64 0, i64 %x
  ret ptr %q
}

; A base used twice in the loop: hoisting one `base + c` would not free a
; register, so no swap.
; CHECK-LABEL: @base_used_twice(
; CHECK:         [[S:%.*]] = shl i64 %iv, 2
; CHECK-NEXT:    [[V:%.*]] = getelementptr i8, ptr %p, i64 [[S]]
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[V]], i64 20
define void @base_used_twice(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add i64 %iv, 5
  %q = getelementptr inbounds float, ptr %p, i64 %x
  store float 0.0, ptr %q
  store float 1.0, ptr %p
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A loop-invariant index: the whole address is invariant, nothing to gain.
; CHECK-LABEL: @invariant_index(
; CHECK:         [[V:%.*]] = getelementptr i8, ptr %p, i64 %k
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[V]], i64 5
define void @invariant_index(ptr %p, i64 %k, i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add i64 %k, 5
  %q = getelementptr inbounds i8, ptr %p, i64 %x
  store i8 0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; As upstream, "invariant" is asked of the scaled index, which sits in the
; loop: `shl %k, 2` is not invariant there, so this one is swapped.
; CHECK-LABEL: @scaled_invariant_index(
; CHECK:         [[S:%.*]] = shl i64 %k, 2
; CHECK-NEXT:    [[C:%.*]] = getelementptr i8, ptr %p, i64 20
; CHECK-NEXT:    [[Q:%.*]] = getelementptr i8, ptr [[C]], i64 [[S]]
define void @scaled_invariant_index(ptr %p, i64 %k, i64 %n) {
entry:
  br label %loop
loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %loop ]
  %x = add i64 %k, 5
  %q = getelementptr inbounds float, ptr %p, i64 %x
  store float 0.0, ptr %q
  %iv.next = add i64 %iv, 1
  %c = icmp slt i64 %iv.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

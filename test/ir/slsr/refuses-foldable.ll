; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -pass-remarks-missed=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefixes=REMARK,REMARK%llvm %s
;
; A candidate the target computes inside a memory access ([reg + 2*reg],
; [reg + 4*reg + 8] on x86) costs nothing: it is not rewritten, though it
; still serves as a basis. The target decides (TTI's isLegalAddressingMode),
; on x86 here, where scales 1, 2, 4 and 8 fold. (The remark names the
; candidate that would have been rewritten: LLVM 22's model reads %z as
; 4s + b too, and &in[2s] as in + 4 * (2s) bytes.)

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; REMARK16:      remark: {{.*}}%z (%b + 4 * %s) not rewritten from basis %x: it folds into the target's addressing mode, so computing it is already cheap
; REMARK16-NEXT: remark: {{.*}}%p2 (%in + 8 * %s bytes) not rewritten from basis %p1: it folds into the target's addressing mode
; REMARK16-NEXT: remark: {{.*}}%p2 (@table + 8 * %s bytes) not rewritten from basis %p1: it folds into the target's addressing mode
; REMARK22:      remark: {{.*}}%z ((4 * %s) + 1 * %b) not rewritten from basis %x: it folds into the target's addressing mode, so computing it is already cheap
; REMARK22-NEXT: remark: {{.*}}%p2 (%in + 4 * %s2 bytes) not rewritten from basis %p1: it folds into the target's addressing mode
; REMARK22-NEXT: remark: {{.*}}%p2 (@table + 4 * %s2 bytes) not rewritten from basis %p1: it folds into the target's addressing mode
; REMARK-NOT:    remark

@table = dso_local global [100 x i32] zeroinitializer
@extern_table = external global [100 x i32]

declare void @use(i64)
declare void @usep(ptr)

; b + 2s and b + 4s fold; b + 3s does not, and comes from the closer b + 4s.
; CHECK-LABEL: @add_that_folds_is_kept(
; CHECK:         %x = add i64 %b, %s2
; CHECK:         %z = add i64 %b, %s4
; CHECK:         %y = sub i64 %z, %s
define void @add_that_folds_is_kept(i64 %b, i64 %s) {
  %s2 = mul i64 %s, 2
  %x = add i64 %b, %s2
  call void @use(i64 %x)
  %s4 = shl i64 %s, 2
  %z = add i64 %b, %s4
  call void @use(i64 %z)
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3
  call void @use(i64 %y)
  ret void
}

; &in[s] and &in[2s]: [reg + 4*reg] folds.
; CHECK-LABEL: @gep_that_folds_is_kept(
; CHECK:         %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
define void @gep_that_folds_is_kept(ptr %in, i64 %s) {
  %p1 = getelementptr inbounds i32, ptr %in, i64 %s
  call void @usep(ptr %p1)
  %s2 = mul nsw i64 %s, 2
  %p2 = getelementptr inbounds i32, ptr %in, i64 %s2
  call void @usep(ptr %p2)
  ret void
}

; Two variable indices need two scaled registers: no addressing mode has
; them, so in[2s][t] is rewritten.
; CHECK-LABEL: @gep_with_two_variable_indices_does_not_fold(
; V16:           [[BUMP:%.*]] = mul i64 %s, 5
; V16-NEXT:      %p2 = getelementptr i32, ptr %p1, i64 [[BUMP]]
; V22:           [[BUMP:%.*]] = mul i64 %s, 20
; V22-NEXT:      %p2 = getelementptr i8, ptr %p1, i64 [[BUMP]]
define void @gep_with_two_variable_indices_does_not_fold(ptr %in, i64 %s, i64 %t) {
  %p1 = getelementptr inbounds [10 x [5 x i32]], ptr %in, i64 0, i64 %s, i64 %t
  call void @usep(ptr %p1)
  %s2 = shl nsw i64 %s, 1
  %p2 = getelementptr inbounds [10 x [5 x i32]], ptr %in, i64 0, i64 %s2, i64 %t
  call void @usep(ptr %p2)
  ret void
}

; Off a global, x86 folds [table + 4*reg] as well.
; CHECK-LABEL: @gep_off_a_global(
; CHECK:         %p2 = getelementptr inbounds [100 x i32], ptr @table, i64 0, i64 %s2
define void @gep_off_a_global(i64 %s) {
  %p1 = getelementptr inbounds [100 x i32], ptr @table, i64 0, i64 %s
  call void @usep(ptr %p1)
  %s2 = mul nsw i64 %s, 2
  %p2 = getelementptr inbounds [100 x i32], ptr @table, i64 0, i64 %s2
  call void @usep(ptr %p2)
  ret void
}

; A global that may be preempted is reached through the GOT, an extra load:
; nothing folds into that, and &extern_table[2s] is rewritten.
; CHECK-LABEL: @gep_off_a_preemptible_global(
; V16:           %p2 = getelementptr inbounds i32, ptr %p1, i64 %s
; V22:           [[BUMP:%.*]] = shl i64 %s, 2
; V22-NEXT:      %p2 = getelementptr inbounds i8, ptr %p1, i64 [[BUMP]]
define void @gep_off_a_preemptible_global(i64 %s) {
  %p1 = getelementptr inbounds [100 x i32], ptr @extern_table, i64 0, i64 %s
  call void @usep(ptr %p1)
  %s2 = mul nsw i64 %s, 2
  %p2 = getelementptr inbounds [100 x i32], ptr @extern_table, i64 0, i64 %s2
  call void @usep(ptr %p2)
  ret void
}

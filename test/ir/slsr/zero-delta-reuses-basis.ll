; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; A candidate that computes what its basis does (a delta of zero) is
; replaced by the basis, with no new instruction (LLVM 22; LLVM 16 built an
; add of 0 * S). The basis keeps its flags where poison in it is undefined
; behaviour anyway (x is loaded through).

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; b + 2s, written twice.
; CHECK-LABEL: @same_sum_twice(
; CHECK:         %x = add i32 %b, %s2
; CHECK-NEXT:    call void @use(i32 %x)
; CHECK-NEXT:    call void @use(i32 %x)
define void @same_sum_twice(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  call void @use(i32 %x)
  %t2 = mul i32 %s, 2
  %y = add i32 %b, %t2
  call void @use(i32 %y)
  ret void
}

; in + off, written twice: the second is x (and x + 32 stays as it is, a
; constant offset the load folds).
; CHECK-LABEL: @same_byte_address_twice(
; CHECK:         %x = getelementptr inbounds i8, ptr %in, i64 %off
; CHECK-NEXT:    %lx = load i8, ptr %x
; CHECK-NEXT:    %y1 = getelementptr inbounds i8, ptr %x, i64 32
define i8 @same_byte_address_twice(ptr %in, i64 %off) {
  %x = getelementptr inbounds i8, ptr %in, i64 %off
  %lx = load i8, ptr %x
  %y = getelementptr i8, ptr %in, i64 %off
  %y1 = getelementptr inbounds i8, ptr %y, i64 32
  %ly = load i8, ptr %y1
  %r = add i8 %lx, %ly
  ret i8 %r
}

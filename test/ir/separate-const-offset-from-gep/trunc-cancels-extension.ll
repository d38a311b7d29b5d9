; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
;
; An extension only adds high bits. When the index is truncated back to at
; most the extension's source width, those bits are cut off again, so the
; operation below needs no nsw/nuw: addrspace(3) pointers here have 32-bit
; indices, and trunc(sext(y + 1) to i64) to i32 is y + 1 modulo 2^32, which
; is what the 32-bit address arithmetic computes anyway. (Upstream splits it
; too, believing an inbounds index non-negative; LLVM 22's
; AMDGPU/split-gep-and-gvn.ll.)

target datalayout = "e-p3:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @sext_cut_off(
; CHECK-NEXT:    [[S:%.*]] = sext i32 %y to i64
; CHECK-NEXT:    [[T:%.*]] = trunc i64 [[S]] to i32
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr addrspace(3) %p, i32 [[T]]
; V16-NEXT:      %q = getelementptr float, ptr addrspace(3) [[B]], i32 1
; V22-NEXT:      %q = getelementptr i8, ptr addrspace(3) [[B]], i32 4
define ptr addrspace(3) @sext_cut_off(ptr addrspace(3) %p, i32 %y) {
  %a = add i32 %y, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr addrspace(3) %p, i64 %s
  ret ptr addrspace(3) %q
}

; The same for a zext.
; CHECK-LABEL: @zext_cut_off(
; CHECK-NEXT:    [[Z:%.*]] = zext i32 %y to i64
; CHECK-NEXT:    [[T:%.*]] = trunc i64 [[Z]] to i32
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr addrspace(3) %p, i32 [[T]]
; V16-NEXT:      %q = getelementptr float, ptr addrspace(3) [[B]], i32 -1
; V22-NEXT:      %q = getelementptr i8, ptr addrspace(3) [[B]], i32 -4
define ptr addrspace(3) @zext_cut_off(ptr addrspace(3) %p, i32 %y) {
  %a = add i32 %y, -1
  %z = zext i32 %a to i64
  %q = getelementptr float, ptr addrspace(3) %p, i64 %z
  ret ptr addrspace(3) %q
}

; From 16 bits, the sign extension reaches bit 31, which the trunc keeps:
; y = 32767 gives -32768, not 32768. Without nsw nothing moves.
; CHECK-LABEL: @sext_partly_kept(
; CHECK-NEXT:    %a = add i16 %y, 1
; CHECK-NEXT:    %s = sext i16 %a to i64
; CHECK-NEXT:    %idxprom = trunc i64 %s to i32
; CHECK-NEXT:    %q = getelementptr float, ptr addrspace(3) %p, i32 %idxprom
define ptr addrspace(3) @sext_partly_kept(ptr addrspace(3) %p, i16 %y) {
  %a = add i16 %y, 1
  %s = sext i16 %a to i64
  %q = getelementptr float, ptr addrspace(3) %p, i64 %s
  ret ptr addrspace(3) %q
}

; A 64-bit index keeps every extended bit: nsw is needed.
; CHECK-LABEL: @sext_kept(
; CHECK-NEXT:    %a = add i32 %y, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
define ptr @sext_kept(ptr %p, i32 %y) {
  %a = add i32 %y, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

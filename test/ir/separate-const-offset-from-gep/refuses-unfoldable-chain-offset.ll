; RUN: opt -load-pass-plugin=%plugin -mcpu=gfx90a -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -S %s | FileCheck %s
;
; A base offset is absorbed (absorbs-constant-offset-base.ll), and a GEP
; chain reordered (reorders-gep-chains.ll), only if the target can fold the
; resulting offset into the access: gfx90a's global accesses take at most
; 4095 bytes. Then the GEPs stay as they are (as upstream 22.1.8, which does
; not retry without the base offset either).

target datalayout = "e"
target triple = "amdgcn-amd-amdhsa"

; 4090 + 4 * 10 bytes is too far.
; CHECK-LABEL: @base_offset_too_far(
; CHECK-NEXT:    %b = getelementptr i8, ptr addrspace(1) %p, i64 4090
; CHECK-NEXT:    %a = add i64 %i, 10
; CHECK-NEXT:    %q = getelementptr i32, ptr addrspace(1) %b, i64 %a
define ptr addrspace(1) @base_offset_too_far(ptr addrspace(1) %p, i64 %i) {
  %b = getelementptr i8, ptr addrspace(1) %p, i64 4090
  %a = add i64 %i, 10
  %q = getelementptr i32, ptr addrspace(1) %b, i64 %a
  ret ptr addrspace(1) %q
}

; 4 * 1100 bytes is too far to move into the access.
; CHECK-LABEL: @reorder_too_far(
; CHECK-NEXT:    %c = getelementptr i32, ptr addrspace(1) %p, i64 1100
; CHECK-NEXT:    %q = getelementptr i32, ptr addrspace(1) %c, i64 %i
define ptr addrspace(1) @reorder_too_far(ptr addrspace(1) %p, i64 %i) {
  %c = getelementptr i32, ptr addrspace(1) %p, i64 1100
  %q = getelementptr i32, ptr addrspace(1) %c, i64 %i
  ret ptr addrspace(1) %q
}

; Within reach, both happen.
; CHECK-LABEL: @within_reach(
; CHECK-NOT:     getelementptr i8, ptr addrspace(1) %p, i64 4000
; CHECK:         ret
define void @within_reach(ptr addrspace(1) %p, i64 %i, ptr %out) {
  %b = getelementptr i8, ptr addrspace(1) %p, i64 4000
  %a = add i64 %i, 10
  %q = getelementptr i32, ptr addrspace(1) %b, i64 %a
  store ptr addrspace(1) %q, ptr %out
  %c = getelementptr i32, ptr addrspace(1) %p, i64 1000
  %r = getelementptr i32, ptr addrspace(1) %c, i64 %i
  store ptr addrspace(1) %r, ptr %out
  ret void
}

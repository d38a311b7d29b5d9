; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck %s
;
; Scalar evolution reads `or disjoint %r4, %col` as an add, so &p[r4 | col]
; is &p[r4 + col]; but reusing it for the plain add is no rewrite: without
; its flag the `or` may differ from the add (where the bits overlap), and
; with it it is poison there. The basis is refused (LLVM 22's
; canReuseInstruction; its slsr-invalid.ll), and an add nsw basis is reused
; without its flag instead.

target triple = "nvptx64-nvidia-cuda"

declare void @usep(ptr)

; CHECK-LABEL: @disjoint_or_basis_is_refused(
; CHECK:         %o = or disjoint i32 %r4, %col
; CHECK:         %y = getelementptr i8, ptr %p, i64 %za
define void @disjoint_or_basis_is_refused(ptr %p, i32 %row, i32 %col) {
  %r4 = shl nuw nsw i32 %row, 2
  %o = or disjoint i32 %r4, %col
  %zo = zext nneg i32 %o to i64
  %x = getelementptr i8, ptr %p, i64 %zo
  call void @usep(ptr %x)
  %a = add i32 %r4, %col
  %za = zext i32 %a to i64
  %y = getelementptr i8, ptr %p, i64 %za
  call void @usep(ptr %y)
  ret void
}

; REQUIRES: llvm22
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; llvm.fake.use (LLVM 20 on) is variadic and not overloaded: every operand
; that reads a moved pointer takes the pointer in its space, and an operand
; of unknown space stays generic.

@tile = internal addrspace(3) global [64 x i32] undef

; CHECK-LABEL: @fake_use_twice(
; CHECK:         %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    store i32 0, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    call void (...) @llvm.fake.use(ptr addrspace(3) %q, ptr %other, ptr addrspace(3) %q)
define void @fake_use_twice(i64 %i, ptr %other) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %q, align 4
  call void (...) @llvm.fake.use(ptr %q, ptr %other, ptr %q)
  ret void
}

declare void @llvm.fake.use(...)

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; Generic intrinsics that take a pointer move to its space, switching to the
; overload of the new pointer type: masked load and store, prefetch and
; is.constant (as upstream from LLVM 18-20 on; we do it on every LLVM). A
; call the pass does not know keeps a generic pointer (a cast back).
; (The input is LLVM 16's masked-intrinsic form, with the alignment an
; operand; LLVM 22 reads it as an `align` attribute.)

@tile = internal addrspace(3) global [64 x i32] undef

; CHECK-LABEL: @masked_load_store(
; CHECK:         %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    %v = call <4 x i32> @llvm.masked.load.v4i32.p3(ptr addrspace(3) {{(align 4 )?}}%q, {{(i32 4, )?}}<4 x i1> %m, <4 x i32> zeroinitializer)
; CHECK-NEXT:    call void @llvm.masked.store.v4i32.p3(<4 x i32> %v, ptr addrspace(3) {{(align 4 )?}}%q, {{(i32 4, )?}}<4 x i1> %m)
define void @masked_load_store(i64 %i, <4 x i1> %m) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  %v = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr %q, i32 4, <4 x i1> %m, <4 x i32> zeroinitializer)
  call void @llvm.masked.store.v4i32.p0(<4 x i32> %v, ptr %q, i32 4, <4 x i1> %m)
  ret void
}

; CHECK-LABEL: @prefetch(
; CHECK:         call void @llvm.prefetch.p3(ptr addrspace(3) %q, i32 0, i32 0, i32 1)
define void @prefetch(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  call void @llvm.prefetch.p0(ptr %q, i32 0, i32 0, i32 1)
  ret void
}

; CHECK-LABEL: @is_constant(
; CHECK:         %k = call i1 @llvm.is.constant.p3(ptr addrspace(3) %q)
define i1 @is_constant(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  %k = call i1 @llvm.is.constant.p0(ptr %q)
  ret i1 %k
}

; An unknown callee gets the generic pointer back.
; CHECK-LABEL: @refuses_unknown_call(
; CHECK:         %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr addrspace(3) %q to ptr
; CHECK-NEXT:    store i32 0, ptr addrspace(3) %q, align 4
; CHECK-NEXT:    call void @opaque(ptr [[G]])
define void @refuses_unknown_call(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %q, align 4
  call void @opaque(ptr %q)
  ret void
}

declare void @opaque(ptr)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p0(<4 x i32>, ptr, i32, <4 x i1>)
declare void @llvm.prefetch.p0(ptr, i32, i32, i32)
declare i1 @llvm.is.constant.p0(ptr)

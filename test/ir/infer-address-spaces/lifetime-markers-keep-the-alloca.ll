; REQUIRES: llvm22
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces \
; RUN:     -verify-each -S %s | FileCheck %s
;
; LLVM 22's NVPTX target says a (generic) alloca is local memory; accesses
; move to a local cast of it. A lifetime marker must name the alloca itself
; (LLVM 22's verifier), so it keeps the alloca, never a cast back.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @lifetime_of_flat_alloca(
; CHECK-NEXT:    %a = alloca i32, align 4
; CHECK-NEXT:    [[L:%.*]] = addrspacecast ptr %a to ptr addrspace(5)
; CHECK-NEXT:    call void @llvm.lifetime.start.p0(ptr %a)
; CHECK-NEXT:    store i32 1, ptr addrspace(5) [[L]], align 4
; CHECK-NEXT:    %v = load i32, ptr addrspace(5) [[L]], align 4
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %a)
define i32 @lifetime_of_flat_alloca() {
  %a = alloca i32, align 4
  call void @llvm.lifetime.start.p0(ptr %a)
  store i32 1, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  call void @llvm.lifetime.end.p0(ptr %a)
  ret i32 %v
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

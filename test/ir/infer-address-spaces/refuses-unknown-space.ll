; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A generic address not derived from a specific space (an argument, a pointer
; loaded from memory, a call result) may point anywhere: its loads and stores
; stay generic and nothing is cloned.

declare ptr @get()

; A generic pointer argument stays generic.
; CHECK-LABEL: @load_through_generic_argument(
; CHECK:         %q = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    %v = load float, ptr %q, align 4
; CHECK-NOT:     addrspace
define float @load_through_generic_argument(ptr %p, i64 %i) {
  %q = getelementptr inbounds float, ptr %p, i64 %i
  %v = load float, ptr %q, align 4
  ret float %v
}

; A pointer loaded from (even shared) memory is not known to point anywhere.
; CHECK-LABEL: @store_through_loaded_pointer(
; CHECK:         %p = load ptr, ptr addrspace(3) %slot, align 8
; CHECK-NEXT:    store float %x, ptr %p, align 4
define void @store_through_loaded_pointer(ptr addrspace(3) %slot, float %x) {
  %p = load ptr, ptr addrspace(3) %slot, align 8
  store float %x, ptr %p, align 4
  ret void
}

; A pointer returned by a call stays generic.
; CHECK-LABEL: @load_through_call_result(
; CHECK:         %p = call ptr @get()
; CHECK-NEXT:    %v = load i32, ptr %p, align 4
define i32 @load_through_call_result() {
  %p = call ptr @get()
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

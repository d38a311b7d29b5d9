; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     '-passes=function(gpucc-infer-address-spaces)' -S %s | FileCheck %s
;
; An optnone function is left as it is, at module level too (where the pass
; walks the functions itself; the pass manager skips optnone functions only
; for function passes). Nor does the inter-procedural part change an optnone
; function's signature, or a function an optnone caller calls.

@tile = internal addrspace(3) global [64 x i32] undef

; CHECK-LABEL: @optnone_unchanged(
; CHECK-NEXT:    %p = addrspacecast ptr addrspace(3) @tile to ptr
; CHECK-NEXT:    %q = getelementptr i32, ptr %p, i64 %i
; CHECK-NEXT:    store i32 0, ptr %q, align 4
define void @optnone_unchanged(i64 %i) #0 {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %q, align 4
  ret void
}

; The same body without optnone moves.
; CHECK-LABEL: @optimized(
; CHECK-NEXT:    %q = getelementptr i32, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    store i32 0, ptr addrspace(3) %q, align 4
define void @optimized(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr i32, ptr %p, i64 %i
  store i32 0, ptr %q, align 4
  ret void
}

; Every call passes a shared pointer, but the callee is optnone: its
; parameter stays generic.
; CHECK-LABEL: define internal void @optnone_callee(ptr %x)
define internal void @optnone_callee(ptr %x) #0 {
  store i32 0, ptr %x, align 4
  ret void
}

; An optnone caller: its callee is not specialized either (that would edit
; the caller).
; CHECK-LABEL: define internal void @called_from_optnone(ptr %x)
define internal void @called_from_optnone(ptr %x) noinline {
  store i32 0, ptr %x, align 4
  ret void
}

; CHECK-LABEL: @calls(
; CHECK:         call void @optnone_callee(ptr
; CHECK-SAME:      addrspacecast (ptr addrspace(3) @tile to ptr)
define void @calls() {
  call void @optnone_callee(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
  ret void
}

; CHECK-LABEL: @optnone_caller(
; CHECK-NEXT:    call void @called_from_optnone(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
define void @optnone_caller() #0 {
  call void @called_from_optnone(ptr addrspacecast (ptr addrspace(3) @tile to ptr))
  ret void
}

attributes #0 = { noinline optnone }

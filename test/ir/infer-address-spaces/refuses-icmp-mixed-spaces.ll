; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A pointer icmp whose other side is in another space, or unknown, stays a
; generic comparison; the shared side is cast back to generic for it.

@tile = internal addrspace(3) global [256 x float] undef
@gbuf = addrspace(1) global [256 x float] undef

; shared vs global: generic compare of the cast-back shared GEP.
; CHECK-LABEL: @icmp_shared_with_global(
; CHECK:         %a = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[A:%.*]] = addrspacecast ptr addrspace(3) %a to ptr
; CHECK-NEXT:    %c = icmp eq ptr [[A]], %g
; CHECK-NOT:     icmp eq ptr addrspace
define i1 @icmp_shared_with_global(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) @gbuf to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %c = icmp eq ptr %a, %g
  ret i1 %c
}

; shared vs an unknown generic argument: generic compare.
; CHECK-LABEL: @icmp_shared_with_unknown(
; CHECK:         %a = getelementptr float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    [[A:%.*]] = addrspacecast ptr addrspace(3) %a to ptr
; CHECK-NEXT:    %c = icmp eq ptr [[A]], %x
define i1 @icmp_shared_with_unknown(i64 %i, ptr %x) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %a = getelementptr float, ptr %p, i64 %i
  %c = icmp eq ptr %a, %x
  ret i1 %c
}

; Two unknown generic pointers: nothing changes.
; CHECK-LABEL: @icmp_two_unknown(
; CHECK-NEXT:    %c = icmp ult ptr %x, %y
define i1 @icmp_two_unknown(ptr %x, ptr %y) {
  %c = icmp ult ptr %x, %y
  ret i1 %c
}

; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; memset/memcpy/memmove through casted pointers switch to the overload for the
; inferred spaces (llvm.memcpy.p3.p1 ...); each pointer operand moves on its
; own, an unknown one stays generic, and the call keeps its attributes and
; metadata. Volatile ones are in volatile.ll.

@tile = internal addrspace(3) global [256 x float] undef
@tile2 = internal addrspace(3) global [256 x float] undef
@gbuf = addrspace(1) global [256 x float] undef

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)

; memset of a shared tile uses the shared overload.
; CHECK-LABEL: @memset_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 @tile, i8 0, i64 %n, i1 false)
define void @memset_shared(i64 %n) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  call void @llvm.memset.p0.i64(ptr align 4 %p, i8 0, i64 %n, i1 false)
  ret void
}

; memset through a GEP into the tile.
; CHECK-LABEL: @memset_shared_gep(
; CHECK:         %q = getelementptr inbounds float, ptr addrspace(3) @tile, i64 %i
; CHECK-NEXT:    call void @llvm.memset.p3.i64(ptr addrspace(3) align 4 %q, i8 -1, i64 64, i1 false)
define void @memset_shared_gep(i64 %i) {
  %p = addrspacecast ptr addrspace(3) @tile to ptr
  %q = getelementptr inbounds float, ptr %p, i64 %i
  call void @llvm.memset.p0.i64(ptr align 4 %q, i8 -1, i64 64, i1 false)
  ret void
}

; Staging a tile: memcpy from global to shared is p3.p1.
; CHECK-LABEL: @memcpy_global_to_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) align 4 @tile, ptr addrspace(1) align 4 @gbuf, i64 %n, i1 false)
define void @memcpy_global_to_shared(i64 %n) {
  %d = addrspacecast ptr addrspace(3) @tile to ptr
  %s = addrspacecast ptr addrspace(1) @gbuf to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 %n, i1 false)
  ret void
}

; Only the destination is known: p3.p0, the source stays generic.
; CHECK-LABEL: @memcpy_unknown_source(
; CHECK:         call void @llvm.memcpy.p3.p0.i64(ptr addrspace(3) align 4 @tile, ptr align 4 %src, i64 %n, i1 false)
define void @memcpy_unknown_source(ptr %src, i64 %n) {
  %d = addrspacecast ptr addrspace(3) @tile to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %src, i64 %n, i1 false)
  ret void
}

; Only the source is known: p0.p1, the destination stays generic.
; CHECK-LABEL: @memcpy_unknown_destination(
; CHECK:         call void @llvm.memcpy.p0.p1.i64(ptr align 4 %dst, ptr addrspace(1) align 4 @gbuf, i64 %n, i1 false)
define void @memcpy_unknown_destination(ptr %dst, i64 %n) {
  %s = addrspacecast ptr addrspace(1) @gbuf to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %dst, ptr align 4 %s, i64 %n, i1 false)
  ret void
}

; memmove between two shared tiles is p3.p3.
; CHECK-LABEL: @memmove_shared_to_shared(
; CHECK-NOT:     addrspacecast
; CHECK:         call void @llvm.memmove.p3.p3.i64(ptr addrspace(3) align 4 @tile, ptr addrspace(3) align 4 @tile2, i64 %n, i1 false)
define void @memmove_shared_to_shared(i64 %n) {
  %d = addrspacecast ptr addrspace(3) @tile to ptr
  %s = addrspacecast ptr addrspace(3) @tile2 to ptr
  call void @llvm.memmove.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 %n, i1 false)
  ret void
}

; The rewritten call keeps its !tbaa (and other) metadata.
; CHECK-LABEL: @memcpy_keeps_metadata(
; CHECK:         call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) align 4 @tile, ptr addrspace(1) align 4 @gbuf, i64 64, i1 false), !tbaa [[TBAA:![0-9]+]]
define void @memcpy_keeps_metadata() {
  %d = addrspacecast ptr addrspace(3) @tile to ptr
  %s = addrspacecast ptr addrspace(1) @gbuf to ptr
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %d, ptr align 4 %s, i64 64, i1 false), !tbaa !0
  ret void
}

; CHECK: [[TBAA]] = !{[[FLOAT:![0-9]+]], [[FLOAT]], i64 0}
!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2}
!2 = !{!"tbaa root"}

; An Alloc node whose size is one of its inputs: the leaf's memory becomes
; the kernel's dynamic shared memory (one extern array), the size input
; stays a kernel parameter, and @<kernel>_shared_bytes gives the host the
; bytes to launch with, from the Alloc node's inputs.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s | FileCheck %s

; CHECK:       @rev_dynamic_shared = external addrspace(3) global [0 x i8], align 16
; CHECK-LABEL: define i64 @rev_shared_bytes(i64 %0, i64 %1)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    ret i64 %1
; CHECK-LABEL: void @rev(ptr %p, i64 %bytes)
; CHECK:         getelementptr inbounds i32, ptr addrspacecast (ptr addrspace(3) @rev_dynamic_shared to ptr), i64 %t
; CHECK:         call void @llvm.nvvm.barrier

target triple = "nvptx64-nvidia-cuda"

define void @rev(ptr %p, ptr %tile, i64 %bytes) {
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %n = call i64 @llvm.hpvm.getNumNodeInstances.x(ptr %self)
  %src = getelementptr inbounds i32, ptr %p, i64 %t
  %v = load i32, ptr %src
  %dst = getelementptr inbounds i32, ptr %tile, i64 %t
  store i32 %v, ptr %dst
  call void @llvm.hpvm.barrier()
  %r = sub i64 %n, 1
  %rt = sub i64 %r, %t
  %back = getelementptr inbounds i32, ptr %tile, i64 %rt
  %w = load i32, ptr %back
  store i32 %w, ptr %src
  ret void
}

define void @alloc(i64 %unused, i64 %bytes) {
  %m = call ptr @llvm.hpvm.malloc(i64 %bytes)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 %bytes)
  ret void
}

define void @grid(ptr %p, i64 %bytes) {
  %a = call ptr @llvm.hpvm.createNode(ptr @alloc)
  %l = call ptr @llvm.hpvm.createNode1D(ptr @rev, i64 128)
  call void @llvm.hpvm.bind.input(ptr %a, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  %e0 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 0, i32 1, i1 false)
  %e1 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 1, i32 2, i1 false)
  ret void
}

define void @root(ptr %p, i64 %bytes, i64 %blocks) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @grid, i64 %blocks)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 1, i32 1, i1 false)
  ret void
}

declare ptr @llvm.hpvm.getNode()
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare i64 @llvm.hpvm.getNumNodeInstances.x(ptr)
declare void @llvm.hpvm.barrier() convergent nounwind
declare void @llvm.hpvm.return(i32, ...)
declare ptr @llvm.hpvm.malloc(i64)
declare ptr @llvm.hpvm.createNode(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)
declare ptr @llvm.hpvm.createEdge(ptr, ptr, i1, i32, i32, i1)

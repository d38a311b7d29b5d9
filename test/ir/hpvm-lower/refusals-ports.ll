; A binding or an edge to an input the leaf does not have (IR written in the
; notation directly, without gpucc-hpvm-gen's port checks) refuses the leaf
; with a remark instead of lowering it with the binding ignored.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -pass-remarks=gpucc-hpvm-lower -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 \
; RUN:   | FileCheck %s

; CHECK-DAG: leaf @bind.leaf not lowered: binding to input 7, which does not exist
; CHECK-DAG: leaf @edge.leaf not lowered: edge to input 5, which does not exist
; CHECK-DAG: leaf @ok.leaf lowered to kernel @ok_leaf
; CHECK-NOT: lowered to kernel

target triple = "nvptx64-nvidia-cuda"

define void @bind.leaf(ptr %p, i64 %n) {
  ret void
}
define void @bind.grid(ptr %p, i64 %n) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @bind.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 7, i1 false)
  ret void
}
define void @bind.root(ptr %p, i64 %n) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @bind.grid, i64 4)
  ret void
}

define void @edge.alloc() {
  %m = call ptr @llvm.hpvm.malloc(i64 64)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 64)
  ret void
}
define void @edge.leaf(ptr %p, i64 %n) {
  ret void
}
define void @edge.grid(ptr %p, i64 %n) {
  %a = call ptr @llvm.hpvm.createNode(ptr @edge.alloc)
  %l = call ptr @llvm.hpvm.createNode1D(ptr @edge.leaf, i64 32)
  %e = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 0, i32 5, i1 false)
  ret void
}
define void @edge.root(ptr %p, i64 %n) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @edge.grid, i64 4)
  ret void
}

define void @ok.leaf(ptr %p, i64 %n) {
  ret void
}
define void @ok.grid(ptr %p, i64 %n) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @ok.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  ret void
}
define void @ok.root(ptr %p, i64 %n) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @ok.grid, i64 4)
  ret void
}

declare ptr @llvm.hpvm.malloc(i64)
declare void @llvm.hpvm.return(i32, ...)
declare ptr @llvm.hpvm.createNode(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare ptr @llvm.hpvm.createEdge(ptr, ptr, i1, i32, i32, i1)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)

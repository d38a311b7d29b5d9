; gpucc-hpvm-lower refuses, with a missed remark naming the leaf and the
; reason, each shape it cannot lower (docs/hpvm.md §4), and leaves the
; module's graph in place (not every leaf lowered).
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s \
; RUN:   | FileCheck --check-prefix=KEPT %s

; CHECK-DAG: leaf @sib.a not lowered: its outputs feed sibling edges
; CHECK-DAG: leaf @sib.b not lowered: input 0 is fed by a sibling that is not an Alloc node
; CHECK-DAG: leaf @stream.leaf not lowered: a streaming binding
; CHECK-DAG: leaf @cond.leaf not lowered: a barrier under control flow that may depend on the instance
; CHECK-DAG: leaf @flat.leaf not lowered: a barrier in a leaf whose parent has one instance (no block to synchronize)
; CHECK-DAG: leaf @malloc.leaf not lowered: llvm.hpvm.malloc outside an Alloc node
; CHECK-DAG: leaf @escape.leaf not lowered: a node handle escapes (used by other than an HPVM query)
; CHECK-DAG: leaf @atomic.leaf not lowered: llvm.hpvm.atomic.add (atomics are not lowered)
; CHECK-DAG: leaf @deep.leaf not lowered: its parent @deep.grid is not the grid: @deep.mid, which creates it, has several instances
; CHECK-DAG: leaf @grand.leaf not lowered: llvm.hpvm.getNodeInstanceID.x of a node other than the leaf or its parent
; CHECK-DAG: leaf @single.leaf not lowered: a single-instance leaf is no kernel
; CHECK-DAG: leaf @stream.edge.b not lowered: a streaming edge

; Nothing lowered: the graph functions and the intrinsics stay.
; KEPT: define void @sib.a(
; KEPT-NOT: define void @sib.a.hpvm.leaf
; KEPT: call ptr @llvm.hpvm.createNode1D(

target triple = "nvptx64-nvidia-cuda"

; A leaf whose output feeds a sibling; the sibling fed by a non-Alloc node.
define void @sib.a(i64 %x) {
  call void (i32, ...) @llvm.hpvm.return(i32 1, i64 %x)
  ret void
}
define void @sib.b(i64 %y) {
  ret void
}
define void @sib.grid(i64 %x) {
  %a = call ptr @llvm.hpvm.createNode1D(ptr @sib.a, i64 32)
  %b = call ptr @llvm.hpvm.createNode1D(ptr @sib.b, i64 32)
  call void @llvm.hpvm.bind.input(ptr %a, i32 0, i32 0, i1 false)
  %e = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %b, i1 true, i32 0, i32 0, i1 false)
  ret void
}
define void @sib.root(i64 %x) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @sib.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}

; A streaming binding.
define void @stream.leaf(i64 %x) {
  ret void
}
define void @stream.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @stream.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 true)
  ret void
}

; A streaming edge (from an Alloc node).
define void @stream.alloc() {
  %m = call ptr @llvm.hpvm.malloc(i64 64)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 64)
  ret void
}
define void @stream.edge.b(ptr %p, i64 %s) {
  ret void
}
define void @stream.edge.grid() {
  %a = call ptr @llvm.hpvm.createNode(ptr @stream.alloc)
  %b = call ptr @llvm.hpvm.createNode1D(ptr @stream.edge.b, i64 32)
  %e = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %b, i1 true, i32 0, i32 0, i1 true)
  ret void
}

; A barrier that only some instances reach.
define void @cond.leaf(i64 %x) {
entry:
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %c = icmp slt i64 %t, 5
  br i1 %c, label %sync, label %done
sync:
  call void @llvm.hpvm.barrier()
  br label %done
done:
  ret void
}
define void @cond.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @cond.leaf, i64 32)
  ret void
}

; A barrier in a flat leaf (single-instance parent, count not a constant).
define void @flat.leaf(i64 %n) {
  call void @llvm.hpvm.barrier()
  ret void
}
define void @flat.root(i64 %n) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @flat.leaf, i64 %n)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}

; Memory allocated in a leaf.
define void @malloc.leaf(i64 %x) {
  %m = call ptr @llvm.hpvm.malloc(i64 16)
  ret void
}
define void @malloc.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @malloc.leaf, i64 32)
  ret void
}

; A node handle stored to memory.
define void @escape.leaf(ptr %p) {
  %self = call ptr @llvm.hpvm.getNode()
  store ptr %self, ptr %p
  ret void
}
define void @escape.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @escape.leaf, i64 32)
  ret void
}

; An HPVM atomic.
define void @atomic.leaf(ptr %p) {
  %old = call i32 @llvm.hpvm.atomic.add(ptr %p, i32 1)
  ret void
}
define void @atomic.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @atomic.leaf, i64 32)
  ret void
}

; Four levels: the leaf's parent is not the grid.
define void @deep.leaf(i64 %x) {
  ret void
}
define void @deep.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @deep.leaf, i64 32)
  ret void
}
define void @deep.mid(i64 %x) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @deep.grid, i64 4)
  ret void
}
define void @deep.root(i64 %x) {
  %m = call ptr @llvm.hpvm.createNode1D(ptr @deep.mid, i64 4)
  ret void
}

; The ID of the grandparent.
define void @grand.leaf(i64 %x) {
  %self = call ptr @llvm.hpvm.getNode()
  %p = call ptr @llvm.hpvm.getParentNode(ptr %self)
  %gp = call ptr @llvm.hpvm.getParentNode(ptr %p)
  %id = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %gp)
  ret void
}
define void @grand.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @grand.leaf, i64 32)
  ret void
}

; A leaf with one instance.
define void @single.leaf(i64 %x) {
  ret void
}
define void @single.grid(i64 %x) {
  %l = call ptr @llvm.hpvm.createNode(ptr @single.leaf)
  ret void
}

declare ptr @llvm.hpvm.getNode()
declare ptr @llvm.hpvm.getParentNode(ptr)
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare void @llvm.hpvm.barrier() convergent nounwind
declare void @llvm.hpvm.return(i32, ...)
declare ptr @llvm.hpvm.malloc(i64)
declare ptr @llvm.hpvm.createNode(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)
declare ptr @llvm.hpvm.createEdge(ptr, ptr, i1, i32, i32, i1)
declare i32 @llvm.hpvm.atomic.add(ptr, i32)

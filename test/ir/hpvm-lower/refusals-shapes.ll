; The refusals of docs/hpvm.md §4 that refusals.ll does not reach: a leaf
; created by two nodes, an Alloc size computed inside the Alloc node, two
; dynamically sized allocations for one leaf, and a flat leaf whose instance
; count the kernel cannot know (computed in the parent, or not passed to the
; leaf). Each leaf is left alone with a missed remark naming the reason, and
; since not every leaf lowers, nothing of the graph is deleted. @ok.leaf (a
; well-formed leaf in the same module) still lowers: a refusal is per leaf.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -pass-remarks=gpucc-hpvm-lower -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s \
; RUN:   | FileCheck --check-prefix=KEPT %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s \
; RUN:   | FileCheck --check-prefix=NONE %s

; CHECK-DAG: leaf @twice.leaf not lowered: it is instantiated by 2 nodes
; CHECK-DAG: leaf @asize.leaf not lowered: the size of @asize.alloc's memory is neither a constant nor one of its inputs
; CHECK-DAG: leaf @dyn2.leaf not lowered: more than one dynamically sized shared allocation
; CHECK-DAG: leaf @fcount.leaf not lowered: an instance count that is neither a constant nor an input of the parent
; CHECK-DAG: leaf @fbind.leaf not lowered: an instance count that the leaf does not receive as an input
; CHECK-DAG: leaf @ok.leaf lowered to kernel @ok_leaf (leaf = block, parent = grid; no shared memory)
; CHECK-NOT: lowered to kernel

; Nothing of the graph is deleted; the refused leaves stay as they were.
; KEPT-DAG: define void @twice.root(
; KEPT-DAG: define void @twice.leaf(
; KEPT-DAG: define void @asize.alloc(
; KEPT-DAG: define void @dyn2.leaf(ptr %a, i64 %as, ptr %b, i64 %bs)
; KEPT-DAG: define void @fcount.leaf(
; KEPT-DAG: define void @fbind.leaf(
; KEPT-DAG: call ptr @llvm.hpvm.createNode1D(ptr @dyn2.leaf, i64 32)
; KEPT-DAG: @llvm.nvvm.read.ptx.sreg.tid.x()
; No kernel for a refused leaf; the lowered one comes last (a new function).
; NONE-NOT: define {{.*}}@{{twice|asize|dyn2|fcount|fbind}}_leaf(
; NONE:     define {{.*}}@ok_leaf(ptr %p)

target triple = "nvptx64-nvidia-cuda"

; One leaf function, two createNode calls.
define void @twice.leaf(ptr %p) {
  ret void
}
define void @twice.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @twice.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}
define void @twice.grid2(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @twice.leaf, i64 64)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}
define void @twice.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @twice.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  %h = call ptr @llvm.hpvm.createNode1D(ptr @twice.grid2, i64 4)
  call void @llvm.hpvm.bind.input(ptr %h, i32 0, i32 0, i1 false)
  ret void
}

; The Alloc node's size is computed from its input, not the input itself.
define void @asize.alloc(i64 %n) {
  %bytes = mul i64 %n, 4
  %m = call ptr @llvm.hpvm.malloc(i64 %bytes)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 %bytes)
  ret void
}
define void @asize.leaf(ptr %tile, i64 %bytes) {
  ret void
}
define void @asize.grid(i64 %n) {
  %a = call ptr @llvm.hpvm.createNode(ptr @asize.alloc)
  %l = call ptr @llvm.hpvm.createNode1D(ptr @asize.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %a, i32 0, i32 0, i1 false)
  %e0 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 0, i32 0, i1 false)
  %e1 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 1, i32 1, i1 false)
  ret void
}
define void @asize.root(i64 %n) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @asize.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}

; Two Alloc nodes whose sizes are their inputs: two dynamic allocations, but
; a launch has one dynamic shared memory.
define void @dyn2.alloc(i64 %bytes) {
  %m = call ptr @llvm.hpvm.malloc(i64 %bytes)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 %bytes)
  ret void
}
define void @dyn2.leaf(ptr %a, i64 %as, ptr %b, i64 %bs) {
  ret void
}
define void @dyn2.grid(i64 %x, i64 %y) {
  %a = call ptr @llvm.hpvm.createNode(ptr @dyn2.alloc)
  %b = call ptr @llvm.hpvm.createNode(ptr @dyn2.alloc)
  %l = call ptr @llvm.hpvm.createNode1D(ptr @dyn2.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %a, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %b, i32 1, i32 0, i1 false)
  %e0 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 0, i32 0, i1 false)
  %e1 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 1, i32 1, i1 false)
  %e2 = call ptr @llvm.hpvm.createEdge(ptr %b, ptr %l, i1 true, i32 0, i32 2, i1 false)
  %e3 = call ptr @llvm.hpvm.createEdge(ptr %b, ptr %l, i1 true, i32 1, i32 3, i1 false)
  ret void
}
define void @dyn2.root(i64 %x, i64 %y) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @dyn2.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 1, i32 1, i1 false)
  ret void
}

; A flat leaf whose count is computed in its single-instance parent.
define void @fcount.leaf(ptr %p, i64 %n) {
  ret void
}
define void @fcount.root(ptr %p, i64 %n) {
  %m = mul i64 %n, 2
  %l = call ptr @llvm.hpvm.createNode1D(ptr @fcount.leaf, i64 %m)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  ret void
}

; A flat leaf whose count is an input of the parent that the leaf never gets:
; the bounds guard would have nothing to compare with.
define void @fbind.leaf(ptr %p) {
  ret void
}
define void @fbind.root(ptr %p, i64 %n) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @fbind.leaf, i64 %n)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}

; A well-formed leaf next to them still lowers.
define void @ok.leaf(ptr %p) {
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %q = getelementptr inbounds i32, ptr %p, i64 %t
  store i32 1, ptr %q
  ret void
}
define void @ok.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @ok.leaf, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}
define void @ok.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @ok.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}

declare ptr @llvm.hpvm.getNode()
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare void @llvm.hpvm.return(i32, ...)
declare ptr @llvm.hpvm.malloc(i64)
declare ptr @llvm.hpvm.createNode(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)
declare ptr @llvm.hpvm.createEdge(ptr, ptr, i1, i32, i32, i1)

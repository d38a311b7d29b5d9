; A leaf under a grid node runs one instance per thread of a block, so its
; constant instance counts must make a block CUDA can launch: no count of 0,
; x and y at most 1024, z at most 64, and at most 1024 threads in all.
; Otherwise the leaf is refused (a kernel whose block cannot be launched is
; no lowering). 32 x 32 (1024 threads) is the largest square that lowers. A
; leaf of a single-instance parent with counts that fit no block (1 x 1 x 128
; threads: 128 in all, but z beyond 64) lowers flat instead of as one block.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -pass-remarks=gpucc-hpvm-lower -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s \
; RUN:   | FileCheck --check-prefix=IR %s

; CHECK-DAG: leaf @wide.leaf not lowered: one instance per thread of a block: 2048 instances in x, more than 1024
; CHECK-DAG: leaf @square.leaf not lowered: one instance per thread of a block: 4096 instances, more than 1024 threads
; CHECK-DAG: leaf @deep.leaf not lowered: one instance per thread of a block: 128 instances in z, more than 64
; CHECK-DAG: leaf @none.leaf not lowered: one instance per thread of a block: 0 instances in y
; CHECK-DAG: leaf @full.leaf lowered to kernel @full_leaf (leaf = block, parent = grid; no shared memory)
; CHECK-DAG: leaf @flatz.leaf lowered to kernel @flatz_leaf ({{.*}}flat{{.*}})
; CHECK-NOT: lowered to kernel

; IR-LABEL: define {{.*}}void @full_leaf(
; IR:         call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
; The flat leaf: its z is ctaid.z * ntid.z + tid.z, guarded by < 128.
; IR-LABEL: define {{.*}}void @flatz_leaf(
; IR-DAG:     call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
; IR-DAG:     call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; IR-DAG:     icmp ult i64 {{.*}}, 128

target triple = "nvptx64-nvidia-cuda"

define void @wide.leaf(ptr %p) {
  ret void
}
define void @wide.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @wide.leaf, i64 2048)
  ret void
}
define void @wide.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @wide.grid, i64 4)
  ret void
}

define void @square.leaf(ptr %p) {
  ret void
}
define void @square.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode2D(ptr @square.leaf, i64 64, i64 64)
  ret void
}
define void @square.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @square.grid, i64 4)
  ret void
}

define void @deep.leaf(ptr %p) {
  ret void
}
define void @deep.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode3D(ptr @deep.leaf, i64 1, i64 1, i64 128)
  ret void
}
define void @deep.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @deep.grid, i64 4)
  ret void
}

define void @none.leaf(ptr %p) {
  ret void
}
define void @none.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode2D(ptr @none.leaf, i64 32, i64 0)
  ret void
}
define void @none.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @none.grid, i64 4)
  ret void
}

define void @full.leaf(ptr %p) {
  %self = call ptr @llvm.hpvm.getNode()
  %y = call i64 @llvm.hpvm.getNodeInstanceID.y(ptr %self)
  %a = getelementptr inbounds float, ptr %p, i64 %y
  store float 1.0, ptr %a
  ret void
}
define void @full.grid(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode2D(ptr @full.leaf, i64 32, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}
define void @full.root(ptr %p) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @full.grid, i64 4)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}

define void @flatz.leaf(ptr %p) {
  %self = call ptr @llvm.hpvm.getNode()
  %z = call i64 @llvm.hpvm.getNodeInstanceID.z(ptr %self)
  %a = getelementptr inbounds float, ptr %p, i64 %z
  store float 1.0, ptr %a
  ret void
}
define void @flatz.root(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode3D(ptr @flatz.leaf, i64 1, i64 1, i64 128)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}

declare ptr @llvm.hpvm.getNode()
declare i64 @llvm.hpvm.getNodeInstanceID.y(ptr)
declare i64 @llvm.hpvm.getNodeInstanceID.z(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare ptr @llvm.hpvm.createNode2D(ptr, i64, i64)
declare ptr @llvm.hpvm.createNode3D(ptr, i64, i64, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)

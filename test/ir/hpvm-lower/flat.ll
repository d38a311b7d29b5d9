; A leaf whose parent has one instance and more instances than a block
; holds lowers flat: id = ctaid * ntid + tid, a guard id < n at entry (n is
; the leaf's input that carries the count), the parent's ID 0 and count 1.
; Counts that are constants and fit a block lower as one block instead.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -pass-remarks=gpucc-hpvm-lower -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s

; REMARK: leaf @saxpy lowered to kernel @saxpy (flat: one thread per instance, bounds-checked; no shared memory)
; REMARK: leaf @small lowered to kernel @small (leaf = block, parent = grid; no shared memory)

; CHECK-LABEL: void @saxpy(ptr %x, ptr %y, float %a, i64 %n)
; CHECK:       entry:
; CHECK-NEXT:    %ctaid.x{{[0-9]*}} = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT:    [[C:%.*]] = zext i32 %ctaid.x{{[0-9]*}} to i64
; CHECK-NEXT:    %ntid.x{{[0-9]*}} = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    [[N:%.*]] = zext i32 %ntid.x{{[0-9]*}} to i64
; CHECK-NEXT:    %tid.x{{[0-9]*}} = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[T:%.*]] = zext i32 %tid.x{{[0-9]*}} to i64
; CHECK-NEXT:    [[M:%.*]] = mul nuw i64 [[C]], [[N]]
; CHECK-NEXT:    [[ID:%.*]] = add nuw i64 [[M]], [[T]]
; CHECK-NEXT:    [[IN:%.*]] = icmp ult i64 [[ID]], %n
; CHECK-NEXT:    br i1 [[IN]], label %hpvm.in, label %hpvm.out
; CHECK:       hpvm.in:
; CHECK:         %i = add nuw i64
; CHECK:         getelementptr inbounds float, ptr %x, i64 %i
; CHECK:         %blocks = add i64 1, 0
; CHECK:       hpvm.out:
; CHECK-NEXT:    ret void
; CHECK-LABEL: void @small(ptr %p)
; CHECK:         %t = zext i32 %tid.x to i64
; CHECK-NOT:     hpvm.out

target triple = "nvptx64-nvidia-cuda"

define void @saxpy(ptr %x, ptr %y, float %a, i64 %n) {
entry:
  %self = call ptr @llvm.hpvm.getNode()
  %parent = call ptr @llvm.hpvm.getParentNode(ptr %self)
  %i = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %pid = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %parent)
  %pn = call i64 @llvm.hpvm.getNumNodeInstances.x(ptr %parent)
  %xp = getelementptr inbounds float, ptr %x, i64 %i
  %yp = getelementptr inbounds float, ptr %y, i64 %i
  %xv = load float, ptr %xp
  %yv = load float, ptr %yp
  %r = call float @llvm.fmuladd.f32(float %a, float %xv, float %yv)
  store float %r, ptr %yp
  %blocks = add i64 %pn, %pid
  ret void
}

define void @root(ptr %x, ptr %y, float %a, i64 %n) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @saxpy, i64 %n)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 2, i32 2, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 3, i32 3, i1 false)
  ret void
}

define void @small(ptr %p) {
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %q = getelementptr inbounds i32, ptr %p, i64 %t
  store i32 1, ptr %q
  call void @llvm.hpvm.barrier()
  ret void
}

define void @root2(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @small, i64 256)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare ptr @llvm.hpvm.getNode()
declare ptr @llvm.hpvm.getParentNode(ptr)
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare i64 @llvm.hpvm.getNumNodeInstances.x(ptr)
declare void @llvm.hpvm.barrier() convergent nounwind
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)

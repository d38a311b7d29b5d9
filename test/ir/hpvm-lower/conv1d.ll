; gpucc-hpvm-lower on the 1-D convolution of examples/hpvm/conv1d.c, written
; in HPVM's IR notation (docs/hpvm.md §1): root -> grid (one instance per
; block) -> Alloc node (the tile) + leaf (one instance per thread). The leaf
; becomes kernel @leaf: tid/ctaid/ntid for the IDs, one bar.sync for the
; barrier, a static shared tile for the Alloc node's memory, no HPVM call
; left, the graph functions gone. With constmem a second kernel @leaf_const
; reads `coef` (same address for every thread) from the addrspace(4) pool;
; `in` (indexed by the thread) and `out` (written) stay global.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' -S %s \
; RUN:   | FileCheck --check-prefixes=CONST,CV%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' \
; RUN:     -pass-remarks=gpucc-hpvm-lower -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s

; REMARK-DAG: remark: {{.*}}%in of @leaf stays in global memory: its address is not uniform across the block (LLVM's uniformity analysis)
; REMARK-DAG: remark: {{.*}}%coef of @leaf is read from constant memory in @leaf_const
; REMARK-DAG: remark: {{.*}}%out of @leaf stays in global memory: it is written through, or stored
; REMARK-DAG: remark: {{.*}}leaf @leaf lowered to kernel @leaf (leaf = block, parent = grid; input 6: static shared tile of 288 bytes; constant form @leaf_const for 1 pointer(s))

; CHECK:      @leaf_shared6 = internal addrspace(3) global [288 x i8] undef, align 16
; CHECK-NOT:  @grid
; CHECK-NOT:  @root
; CHECK-NOT:  @alloc
; CHECK-NOT:  llvm.hpvm
; V16-LABEL:  define void @leaf(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k)
; V22-LABEL:  define ptx_kernel void @leaf(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k)
; CHECK:        %tid.x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:   %t = zext i32 %tid.x to i64
; CHECK-NEXT:   %ntid.x = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:   %bs = zext i32 %ntid.x to i64
; CHECK-NEXT:   %ctaid.x = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT:   %b = zext i32 %ctaid.x to i64
; CHECK:        getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @leaf_shared6 to ptr), i64 %t
; CHECK:      join:
; V16-NEXT:     call void @llvm.nvvm.barrier0()
; V22-NEXT:     call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NOT:    call void @llvm.nvvm.barrier
; CHECK:        ret void
; CHECK-NOT:  llvm.hpvm
; V16:        !nvvm.annotations = !{![[K:[0-9]+]]}
; V16:        ![[K]] = !{ptr @leaf, !"kernel", i32 1}

; CONST:      @leaf_const_pool = addrspace(4) externally_initialized global [65536 x i8] zeroinitializer, align 16
; CV16-LABEL: define void @leaf_const(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k)
; CV22-LABEL: define ptx_kernel void @leaf_const(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k)
; CONST:        getelementptr inbounds float, ptr %in, i64 %i
; CONST:        getelementptr inbounds float, ptr addrspacecast (ptr addrspace(4) @leaf_const_pool to ptr), i64 %j
; CONST:        getelementptr inbounds float, ptr %out, i64 %i
; CONST-LABEL: define i1 @leaf_const_fits(i64 %0)
; CONST:        add i64 %0, 15
; CONST:        and i64 {{.*}}, -16
; CONST:        icmp ule i64 {{.*}}, 65536
; CV16:       !nvvm.annotations = !{![[K1:[0-9]+]], ![[K2:[0-9]+]]}
; CV16-DAG:   ![[K1]] = !{ptr @leaf, !"kernel", i32 1}
; CV16-DAG:   ![[K2]] = !{ptr @leaf_const, !"kernel", i32 1}

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @leaf(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, ptr %tile, i64 %tile_bytes, i64 %n, i64 %k) {
entry:
  call void @llvm.hpvm.hint(i32 1)
  call void (i32, ...) @llvm.hpvm.attributes(i32 3, ptr %in, ptr %coef, ptr %tile, i32 2, ptr %out, ptr %tile)
  %self = call ptr @llvm.hpvm.getNode()
  %parent = call ptr @llvm.hpvm.getParentNode(ptr %self)
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %bs = call i64 @llvm.hpvm.getNumNodeInstances.x(ptr %self)
  %b = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %parent)
  %base = mul nsw i64 %b, %bs
  %i = add nsw i64 %base, %t
  %nk = add nsw i64 %n, %k
  %len = add nsw i64 %nk, -1
  %inside = icmp slt i64 %i, %len
  br i1 %inside, label %load, label %halo.test

load:
  %src = getelementptr inbounds float, ptr %in, i64 %i
  %v = load float, ptr %src, align 4
  %dst = getelementptr inbounds float, ptr %tile, i64 %t
  store float %v, ptr %dst, align 4
  br label %halo.test

halo.test:
  %k1 = add nsw i64 %k, -1
  %ish = icmp slt i64 %t, %k1
  %ih = add nsw i64 %i, %bs
  %hin = icmp slt i64 %ih, %len
  %h = and i1 %ish, %hin
  br i1 %h, label %halo, label %join

halo:
  %hsrc = getelementptr inbounds float, ptr %in, i64 %ih
  %hv = load float, ptr %hsrc, align 4
  %th = add nsw i64 %t, %bs
  %hdst = getelementptr inbounds float, ptr %tile, i64 %th
  store float %hv, ptr %hdst, align 4
  br label %join

join:
  call void @llvm.hpvm.barrier()
  %out.ok = icmp slt i64 %i, %n
  br i1 %out.ok, label %loop, label %done

loop:
  %acc = phi float [ %acc.next, %body ], [ 0.000000e+00, %join ]
  %j = phi i64 [ %j.next, %body ], [ 0, %join ]
  %more = icmp slt i64 %j, %k
  br i1 %more, label %body, label %store

body:
  %cp = getelementptr inbounds float, ptr %coef, i64 %j
  %c = load float, ptr %cp, align 4
  %tj = add nsw i64 %t, %j
  %xp = getelementptr inbounds float, ptr %tile, i64 %tj
  %x = load float, ptr %xp, align 4
  %acc.next = call float @llvm.fmuladd.f32(float %c, float %x, float %acc)
  %j.next = add nuw nsw i64 %j, 1
  br label %loop

store:
  %op = getelementptr inbounds float, ptr %out, i64 %i
  store float %acc, ptr %op, align 4
  br label %done

done:
  call void (i32, ...) @llvm.hpvm.return(i32 0)
  ret void
}

define void @alloc(i64 %bytes) {
  call void @llvm.hpvm.hint(i32 1)
  %m = call ptr @llvm.hpvm.malloc(i64 288)
  call void (i32, ...) @llvm.hpvm.return(i32 2, ptr %m, i64 288)
  ret void
}

define void @grid(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %tile_bytes, i64 %n, i64 %k) {
  call void @llvm.hpvm.hint(i32 1)
  %a = call ptr @llvm.hpvm.createNode(ptr @alloc)
  %l = call ptr @llvm.hpvm.createNode1D(ptr @leaf, i64 64)
  call void @llvm.hpvm.bind.input(ptr %a, i32 6, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 2, i32 2, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 3, i32 3, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 4, i32 4, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 5, i32 5, i1 false)
  %e0 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 0, i32 6, i1 false)
  %e1 = call ptr @llvm.hpvm.createEdge(ptr %a, ptr %l, i1 true, i32 1, i32 7, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 7, i32 8, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 8, i32 9, i1 false)
  call void (i32, ...) @llvm.hpvm.return(i32 0)
  ret void
}

define void @root(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %tile_bytes, i64 %n, i64 %k, i64 %nblocks) {
  call void @llvm.hpvm.hint(i32 0)
  %g = call ptr @llvm.hpvm.createNode1D(ptr @grid, i64 %nblocks)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 2, i32 2, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 3, i32 3, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 4, i32 4, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 5, i32 5, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 6, i32 6, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 7, i32 7, i1 false)
  call void @llvm.hpvm.bind.input(ptr %g, i32 8, i32 8, i1 false)
  call void (i32, ...) @llvm.hpvm.return(i32 0)
  ret void
}

declare float @llvm.fmuladd.f32(float, float, float)
declare void @llvm.hpvm.hint(i32) #0
declare void @llvm.hpvm.attributes(i32, ...) #0
declare ptr @llvm.hpvm.getNode() #1
declare ptr @llvm.hpvm.getParentNode(ptr) #1
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr) #1
declare i64 @llvm.hpvm.getNumNodeInstances.x(ptr) #1
declare void @llvm.hpvm.barrier() #2
declare void @llvm.hpvm.return(i32, ...) #0
declare ptr @llvm.hpvm.malloc(i64) #0
declare ptr @llvm.hpvm.createNode(ptr) #0
declare ptr @llvm.hpvm.createNode1D(ptr, i64) #0
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1) #0
declare ptr @llvm.hpvm.createEdge(ptr, ptr, i1, i32, i32, i1) #0

attributes #0 = { nounwind }
attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { convergent nounwind }

; gpucc-hpvm-gen on HPVM-C compiled by stock clang at -O0: every __hpvm__
; call becomes its llvm.hpvm.* intrinsic with the notation's operand types,
; the intrinsics are declared with what they promise (queries memory(none)
; nounwind willreturn, the barrier convergent), no __hpvm__ declaration is
; left, and one remark per node says what the graph is. Then the whole
; path: sroa/instcombine and gpucc-hpvm-lower give kernel @leaf.
;
; RUN: clang --target=nvptx64-nvidia-cuda -x c -O0 -Xclang -disable-O0-optnone \
; RUN:     -include %S/../../../include/hpvm.h -S -emit-llvm \
; RUN:     %S/../../../examples/hpvm/conv1d.c -o %t.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -S %t.ll | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -pass-remarks=gpucc-hpvm-gen \
; RUN:     -disable-output %t.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-hpvm-gen,function(sroa,instcombine,simplifycfg),gpucc-hpvm-lower' \
; RUN:     -S %t.ll | FileCheck --check-prefix=LOWER %s

; REMARK: node @alloc (one instance) created in @grid
; REMARK: node @leaf (1-D) created in @grid
; REMARK: node @grid (1-D) created in @root

; CHECK-NOT:   __hpvm__
; CHECK-LABEL: define{{.*}} void @leaf(
; CHECK:         call void @llvm.hpvm.hint(i32 1)
; CHECK:         call void (i32, ...) @llvm.hpvm.attributes(i32 3, ptr
; CHECK:         call ptr @llvm.hpvm.getNode()
; CHECK:         call ptr @llvm.hpvm.getParentNode(ptr
; CHECK:         call i64 @llvm.hpvm.getNodeInstanceID.x(ptr
; CHECK:         call i64 @llvm.hpvm.getNumNodeInstances.x(ptr
; CHECK:         call void @llvm.hpvm.barrier()
; CHECK:         call void (i32, ...) @llvm.hpvm.return(i32 0)
; CHECK-LABEL: define{{.*}} void @alloc(
; CHECK:         [[M:%.*]] = call ptr @llvm.hpvm.malloc(i64 288)
; CHECK:         call void (i32, ...) @llvm.hpvm.return(i32 2, ptr {{%.*}}, i64 288)
; CHECK-LABEL: define{{.*}} void @grid(
; CHECK:         call ptr @llvm.hpvm.createNode(ptr @alloc)
; CHECK:         call ptr @llvm.hpvm.createNode1D(ptr @leaf, i64 64)
; CHECK:         call void @llvm.hpvm.bind.input(ptr {{%.*}}, i32 6, i32 0, i1 false)
; CHECK:         call ptr @llvm.hpvm.createEdge(ptr {{%.*}}, ptr {{%.*}}, i1 true, i32 0, i32 6, i1 false)
; CHECK:         call ptr @llvm.hpvm.createEdge(ptr {{%.*}}, ptr {{%.*}}, i1 true, i32 1, i32 7, i1 false)
; CHECK:         call void @llvm.hpvm.bind.input(ptr {{%.*}}, i32 8, i32 9, i1 false)
; CHECK-LABEL: define{{.*}} void @root(
; CHECK:         call ptr @llvm.hpvm.createNode1D(ptr @grid, i64 {{%.*}})
; CHECK-DAG:   declare ptr @llvm.hpvm.getNode() #[[PURE:[0-9]+]]
; CHECK-DAG:   declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr) #[[PURE]]
; CHECK-DAG:   declare void @llvm.hpvm.barrier() #[[BAR:[0-9]+]]
; CHECK-DAG:   attributes #[[PURE]] = { nounwind willreturn memory(none) }
; CHECK-DAG:   attributes #[[BAR]] = { convergent nounwind }

; LOWER-NOT:   llvm.hpvm
; LOWER:       @leaf_shared6 = internal addrspace(3) global [288 x i8] undef, align 16
; LOWER:       void @leaf(ptr
; LOWER:         call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; LOWER:         call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; LOWER:         call void @llvm.nvvm.barrier
; LOWER-NOT:   llvm.hpvm

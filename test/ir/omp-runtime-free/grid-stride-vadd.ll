; REQUIRES: llvm16
; `target teams distribute parallel for` (Inputs/vadd.c): the SPMD kernel
; clang emits becomes a grid-stride loop over the outlined body, and no call
; of the OpenMP device runtime is left anywhere in the module's kernel.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/vadd.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/vadd.ll \
; RUN:   | FileCheck %s --check-prefix=NORUNTIME
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free \
; RUN:   -pass-remarks=gpucc-omp-runtime-free -disable-output %S/Inputs/vadd.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; The result verifies, and O2 folds the distribute loop (it runs once) into
; straight code around the grid-stride loop.
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-omp-runtime-free,default<O2>' -S \
; RUN:   %S/Inputs/vadd.ll | FileCheck %s --check-prefix=O2

; The host still reads the launch mode: SPMD.
; CHECK: @__omp_offloading_{{.*}}_vadd_l4_exec_mode = weak protected constant i8 2

; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vadd_l4(
; init is gone; every SPMD thread got -1 from it.
; CHECK:         icmp eq i32 -1, -1
; The distribute init: one chunk, the whole space (stride = ub - lb + 1).
; CHECK:         %dist.lb = load i32, ptr [[LB:%.*]], align 4
; CHECK-NEXT:    %dist.ub = load i32, ptr [[UB:%.*]], align 4
; CHECK-NEXT:    %dist.span = sub i32 %dist.ub, %dist.lb
; CHECK-NEXT:    %dist.trip = add i32 %dist.span, 1
; CHECK-NEXT:    store i32 %dist.trip, ptr [[STRIDE:%.*]], align 4
; The thread's first iteration and the grid stride, in 64 bits, clamped to
; 2^31 so that the 32-bit IV cannot wrap.
; CHECK:         %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-NEXT:    %ntid{{[0-9]*}} = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT:    %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK:         %grid.base = mul nuw i64 %ctaid64, %ntid64
; CHECK-NEXT:    %grid.off = add nuw i64 %grid.base, %tid64
; CHECK-NEXT:    %grid.stride = mul nuw i64 %nctaid64, %ntid64
; CHECK-NEXT:    %grid.off.clamped = call i64 @llvm.umin.i64(i64 %grid.off, i64 2147483648)
; CHECK-NEXT:    %grid.stride.clamped = call i64 @llvm.umin.i64(i64 %grid.stride, i64 2147483648)
; CHECK-NEXT:    %grid.ub = trunc i64 [[UB64:%.*]] to i32
; CHECK-NEXT:    %grid.off32 = trunc i64 %grid.off.clamped to i32
; CHECK-NEXT:    %grid.stride32 = trunc i64 %grid.stride.clamped to i32
; The lower bound clang stored (0) plus the offset.
; CHECK-NEXT:    %grid.i0 = add nuw i32 0, %grid.off32
; CHECK-NEXT:    %grid.enter = icmp ule i32 %grid.i0, %grid.ub
; CHECK-NEXT:    %grid.ub.nonneg = icmp sge i32 %grid.ub, 0
; CHECK-NEXT:    %grid.enter.ok = and i1 %grid.ub.nonneg, %grid.enter
; CHECK-NEXT:    br i1 %grid.enter.ok, label %grid.body, label %grid.exit
; CHECK:       grid.body:
; CHECK-NEXT:    %grid.i = phi i32 [ %grid.i0, %{{.*}} ], [ %grid.next, %grid.body ]
; CHECK-NEXT:    %grid.i64 = zext i32 %grid.i to i64
; The body runs for lower bound = upper bound = i.
; CHECK-NEXT:    call void @__omp_outlined__1(ptr %omp.tid, ptr %omp.tid, i64 %grid.i64, i64 %grid.i64, i64 %{{.*}}, ptr %arg3, ptr %arg4, ptr %arg5)
; CHECK-NEXT:    %grid.next = add nuw i32 %grid.i, %grid.stride32
; CHECK-NEXT:    %grid.more = icmp ule i32 %grid.next, %grid.ub
; CHECK-NEXT:    br i1 %grid.more, label %grid.body, label %grid.exit

; The outlined body: its init leaves the bounds as given (stride 1), and the
; back edge of its loop is cut: it runs once.
; CHECK-LABEL: define internal void @__omp_outlined__1(
; CHECK:         store i32 1, ptr [[FSTRIDE:%[0-9]+]], align 4
; CHECK:         br i1 true, label %[[EXIT:[0-9]+]], label %[[HEAD:[0-9]+]]

; NORUNTIME-NOT: call {{.*}}@__kmpc_
; NORUNTIME-NOT: call {{.*}}@omp_

; REMARK: remark: <unknown>:0:0: kernel __omp_offloading_{{.*}}_vadd_l4 runs as a grid-stride loop without the OpenMP device runtime (32-bit induction variable)

; O2-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vadd_l4(
; O2-NOT:     call {{.*}}@__omp_outlined__1
; O2:       grid.body{{.*}}:
; O2:         load double
; O2:         load double
; O2:         store double
; O2:         %grid.next{{.*}} = add nuw i32
; O2-NOT:   phi i64
; O2:         ret void

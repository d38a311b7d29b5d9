; REQUIRES: llvm16
; A row-wise dot product, `#pragma omp simd reduction(+:s)` inside the combined
; construct (Inputs/rowdot.c). gpucc-omp-simd-groups makes the kernel
; runtime-free and gives each row to a group of 32 lanes (no simdlen): the
; lanes stride the row by 32, start their partial sums at -0.0 (lane 0 at the
; original start), combine them with a 5-step shfl.sync.bfly butterfly on both
; halves of the double, and lane 0 stores y[i]. The kernel runs the groups
; when a block holds one (ntid >= 32), the plain loop otherwise.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/rowdot.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks=gpucc-omp-simd-groups \
; RUN:   -disable-output %S/Inputs/rowdot.ll 2>&1 | FileCheck %s --check-prefix=REMARK
; The sequential body keeps its loop, without the vectorize hints:
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/rowdot.ll \
; RUN:   | FileCheck %s --check-prefix=PLAIN

; CHECK-LABEL: define internal void @__omp_outlined__(
; CHECK:         %simd.blocks.ok = icmp uge i32 %ntid{{[0-9]*}}, 32
; CHECK-NEXT:    br i1 %simd.blocks.ok, label %simd.grid, label %plain.grid
; CHECK:       simd.grid:
; CHECK-NEXT:    %simd.gid = lshr i32 %tid, 5
; CHECK-NEXT:    %simd.groups = lshr i32 %ntid{{[0-9]*}}, 5
; CHECK-NEXT:    %simd.in.group = icmp ult i32 %simd.gid, %simd.groups
; CHECK:         %grid.enter.group = and i1 %simd.in.group,
; CHECK:         call void @__omp_outlined__1.simd(
; CHECK:       plain.grid:
; CHECK:         call void @__omp_outlined__1(

; CHECK-LABEL: define internal void @__omp_outlined__1.simd(
; CHECK:         %simd.tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    %simd.lane = and i32 %simd.tid, 31
; CHECK-NEXT:    %simd.lane0 = icmp eq i32 %simd.lane, 0
; CHECK:       simd.guard:
; CHECK-NEXT:    %simd.n = call i32 @llvm.smax.i32(i32 [[N:%.*]], i32 1)
; CHECK-NEXT:    %simd.start = add nuw i32 0, %simd.lane
; CHECK-NEXT:    %simd.enter = icmp ult i32 %simd.start, %simd.n
; CHECK-NEXT:    %simd.red.start = select i1 %simd.lane0, double 0.000000e+00, double -0.000000e+00
; CHECK-NEXT:    br i1 %simd.enter, label %[[BODY:.*]], label %simd.exit
; CHECK:       [[BODY]]:
; CHECK-NEXT:    [[S:%.*]] = phi double [ [[NEXT:%.*]], %[[BODY]] ], [ %simd.red.start, %simd.guard ]
; CHECK-NEXT:    [[L:%.*]] = phi i32 [ %simd.next, %[[BODY]] ], [ %simd.start, %simd.guard ]
; CHECK:         [[NEXT]] = call double @llvm.fmuladd.f64(double {{.*}}, double {{.*}}, double [[S]])
; CHECK-NEXT:    %simd.next = add nuw i32 [[L]], 32
; CHECK-NEXT:    %simd.more = icmp ult i32 %simd.next, %simd.n
; CHECK-NEXT:    br i1 %simd.more, label %[[BODY]], label %simd.exit
; CHECK:       simd.exit:
; CHECK-NEXT:    %simd.partial = phi double [ [[NEXT]], %[[BODY]] ], [ %simd.red.start, %simd.guard ]
; CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %simd.lo, i32 16, i32 31)
; CHECK-NEXT:    call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %simd.hi, i32 16, i32 31)
; CHECK:         %simd.red = fadd double %simd.partial, %simd.other
; CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 8, i32 31)
; CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 4, i32 31)
; CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 2, i32 31)
; CHECK:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
; CHECK-NEXT:    call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
; CHECK-NOT:     @llvm.nvvm.shfl
; CHECK:         [[TOTAL:%simd.red[0-9]+]] = fadd double
; CHECK-NEXT:    br label
; The reduction's value after the loop is the group's total; lane 0 stores it.
; CHECK:         fadd double [[TOTAL]], 0.000000e+00
; CHECK:         br i1 %simd.lane0, label %simd.lane0.store, label %simd.lane0.cont
; CHECK:       simd.lane0.store:
; CHECK-NEXT:    store double
; CHECK-NEXT:    br label %simd.lane0.cont

; PLAIN-LABEL: define internal void @__omp_outlined__1(
; PLAIN-NOT:     shfl
; PLAIN:         call double @llvm.fmuladd.f64(
; PLAIN-NOT:     !llvm.loop
; PLAIN:       }

; REMARK: remark: <unknown>:0:0: kernel __omp_offloading_{{.*}}_rowdot_l3 runs as a grid-stride loop without the OpenMP device runtime (32-bit induction variable)
; REMARK: remark: <unknown>:0:0: kernel __omp_offloading_{{.*}}_rowdot_l3: each OpenMP thread of its simd loop is a group of 32 lanes

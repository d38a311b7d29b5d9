; REQUIRES: llvm16
; The IV types: a `long` loop (Inputs/long-index.c, the _8 entry points) and an
; `unsigned` one (Inputs/unsigned-index.c, _4u) run the grid-stride loop in 64
; bits, without clamping (no wrap: ub < 2^63 after `ub >= 0`, resp. < 2^32);
; `a[i] += b[i] * i` (Inputs/accumulate.c) in 32 bits like the vector add.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/long-index.ll \
; RUN:   | FileCheck %s --check-prefix=LONG
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/unsigned-index.ll \
; RUN:   | FileCheck %s --check-prefix=UNSIGNED
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/accumulate.ll \
; RUN:   | FileCheck %s --check-prefix=ACC

; LONG-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_scale_l3(
; LONG-NOT:     call {{.*}}@__kmpc_
; LONG-NOT:     llvm.umin
; LONG:         %grid.i0 = add nuw i64 0, %grid.off
; LONG-NEXT:    %grid.enter = icmp ule i64 %grid.i0, [[UB:%.*]]
; LONG-NEXT:    %grid.ub.nonneg = icmp sge i64 [[UB]], 0
; LONG:       grid.body:
; LONG-NEXT:    %grid.i = phi i64
; LONG-NEXT:    call void @__omp_outlined__1(ptr %omp.tid, ptr %omp.tid, i64 %grid.i, i64 %grid.i,
; LONG-NEXT:    %grid.next = add nuw i64 %grid.i, %grid.stride
; LONG-NEXT:    %grid.more = icmp ule i64 %grid.next, [[UB]]
; LONG-LABEL: define internal void @__omp_outlined__1(
; LONG-NOT:     call {{.*}}@__kmpc_
; LONG:         store i64 1, ptr

; UNSIGNED-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_fill_l3(
; UNSIGNED-NOT:     call {{.*}}@__kmpc_
; UNSIGNED:         %grid.ub32 = trunc i64 {{.*}} to i32
; UNSIGNED-NEXT:    %grid.ub = zext i32 %grid.ub32 to i64
; UNSIGNED-NEXT:    %grid.i0 = add nuw i64 0, %grid.off
; UNSIGNED-NEXT:    %grid.enter = icmp ule i64 %grid.i0, %grid.ub
; UNSIGNED-NEXT:    br i1 %grid.enter, label %grid.body, label %grid.exit
; UNSIGNED:         %grid.next = add nuw i64 %grid.i, %grid.stride
; UNSIGNED-LABEL: define internal void @__omp_outlined__1(
; UNSIGNED-NOT:     call {{.*}}@__kmpc_

; ACC-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_accumulate_l3(
; ACC-NOT:     call {{.*}}@__kmpc_
; ACC:         %grid.next = add nuw i32 %grid.i, %grid.stride32
; ACC-LABEL: define internal void @__omp_outlined__1(
; ACC-NOT:     call {{.*}}@__kmpc_
; ACC:         br i1 true,

; dist_schedule(static) (Inputs/dist-static.c, distribute schedule 92): the
; same grid-stride loop.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -S %S/Inputs/dist-static.ll \
; RUN:   | FileCheck %s --check-prefix=DIST
; DIST-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_blocked_l5(
; DIST-NOT:     call {{.*}}@__kmpc_
; DIST:         %grid.next = add nuw i32 %grid.i, %grid.stride32
; DIST-LABEL: define internal void @__omp_outlined__1(
; DIST-NOT:     call {{.*}}@__kmpc_

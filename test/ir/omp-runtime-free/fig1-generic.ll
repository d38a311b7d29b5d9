; REQUIRES: llvm16
; The seed's Fig. 1 (Inputs/fig1-generic.ll: target teams { pi; distribute
; parallel for }). gpucc-openmp-opt makes the generic kernel SPMD with a guarded
; region: thread 0 stores n, c, a and pi (thread-invariant: arguments and a
; constant) into team-shared variables, and a barrier publishes them.
; gpucc-omp-runtime-free forwards the stores: the kernel's own loads read the
; stored value, the parallel region gets a private copy per thread, the
; variables, the guard and the barrier go, and the distribute loop
; (schedule 92) becomes the grid-stride loop of the combined construct.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt,gpucc-omp-runtime-free -S \
; RUN:   %S/Inputs/fig1-generic.ll | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt,gpucc-omp-runtime-free \
; RUN:   -pass-remarks=gpucc-omp-runtime-free -disable-output %S/Inputs/fig1-generic.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; Without the runtime-free pass the guard and the barrier are there:
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/fig1-generic.ll \
; RUN:   | FileCheck %s --check-prefix=SPMD

; CHECK-NOT: addrspace(3)
; CHECK-LABEL: define weak_odr protected {{.*}}void @__omp_offloading_{{.*}}_gen_l{{[0-9]+}}(
; CHECK-DAG:     %omp.private = alloca i32
; CHECK-DAG:     %omp.private1 = alloca ptr
; CHECK-DAG:     %omp.private2 = alloca ptr
; CHECK-DAG:     %omp.private3 = alloca double
; CHECK-NOT:     call {{.*}}@__kmpc_
; CHECK:         [[N:%[0-9]+]] = trunc i64 %{{[0-9]+}} to i32
; CHECK-NEXT:    br label %region.barrier
; The kernel's own load of n reads the stored value.
; CHECK:       region.exit:
; CHECK-NEXT:    icmp sgt i32 [[N]], 0
; CHECK-NOT:     call {{.*}}@__kmpc_
; CHECK:         store i32 [[N]], ptr %omp.private, align 4
; CHECK:         store double 0x400921FB54442D18, ptr %omp.private3, align 8
; CHECK:       grid.body:
; CHECK:         call void @{{.*}}outlined{{.*}}(ptr %omp.tid, ptr %omp.tid, i64 %grid.i64, i64 %grid.i64, ptr %omp.private, ptr %omp.private1, ptr %omp.private2, ptr %omp.private3)
; CHECK-NOT:     call {{.*}}@__kmpc_
; CHECK:         ret void
; CHECK-NOT:   define {{.*}}_wrapper(

; REMARK: remark: <unknown>:0:0: kernel __omp_offloading_{{.*}}_gen_l{{[0-9]+}} runs as a grid-stride loop without the OpenMP device runtime (32-bit induction variable)

; SPMD: addrspace(3) global
; SPMD: call i32 @__kmpc_get_hardware_thread_id_in_block()
; SPMD: call void @__kmpc_barrier_simple_spmd(

; REQUIRES: llvm22
; refuses-unknown-call.ll on clang-22's output (Inputs/llvm22/unknown-call.ll):
; the external @log_progress in the sequential part keeps the kernel generic
; (ExecMode stays 1) and OMP121 names it, with the assumption spelled as
; clang-22 takes it. The kernel gets a custom state machine instead of the
; runtime's: UseGenericStateMachine becomes 0 in the kernel environment (init
; and deinit are unchanged), the workers compare the work function with the
; kernel's one parallel region, and an indirect call stays as the fallback
; (@log_progress might start regions of its own).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/llvm22/unknown-call.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-missed=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:   -disable-output %S/Inputs/llvm22/unknown-call.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; Without the state-machine rewrite nothing changes.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -openmp-opt-disable-state-machine-rewrite \
; RUN:   -S %S/Inputs/llvm22/unknown-call.ll | FileCheck %s --check-prefix=KEPT

; CHECK: @[[ENV:__omp_offloading_.*_unknown_l6_kernel_environment]] = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 1,
; CHECK-NOT: addrspace(3) global
; CHECK-LABEL: define weak_odr protected ptx_kernel void @__omp_offloading_{{.*}}_unknown_l6(
; CHECK:         [[TID:%[0-9]+]] = tail call i32 @__kmpc_target_init(ptr nonnull @[[ENV]], ptr %0)
; CHECK:       worker.wait:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_generic(ptr @1, i32 [[TID]])
; CHECK-NEXT:    call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
; CHECK:         icmp eq ptr %worker.work_fn, @__omp_offloading_{{.*}}_unknown_l6_omp_outlined_omp_outlined_wrapper
; CHECK:         call void @__omp_offloading_{{.*}}_unknown_l6_omp_outlined_omp_outlined_wrapper(i16 0, i32 [[TID]])
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 [[TID]])
; CHECK:         call void @__kmpc_kernel_end_parallel()
; CHECK:       thread.user_code:
; CHECK-NOT:     __kmpc_get_hardware_thread_id_in_block
; CHECK:         call void @log_progress(
; CHECK:         call void @__kmpc_parallel_60(
; CHECK:         call void @__kmpc_target_deinit()

; REMARK: remark: {{.*}}Value has potential side effects preventing SPMD-mode execution of kernel __omp_offloading_{{.*}}_unknown_l6 (call to @log_progress). Add `{{\[\[}}omp::assume("ompx_spmd_amenable")]]` to the called function to override. [OMP121]
; REMARK: remark: {{.*}}Generic-mode kernel is executed with a customized state machine that requires a fallback (1 known parallel region, 1 call that may start unknown ones). [OMP132]
; REMARK: remark: {{.*}}Call of a function without a body may contain unknown parallel regions. Use `{{\[\[}}omp::assume("omp_no_parallelism")]]` to override. [OMP133]
; REMARK-NOT: OMP120

; KEPT: _unknown_l6_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1,
; KEPT-NOT: worker.wait

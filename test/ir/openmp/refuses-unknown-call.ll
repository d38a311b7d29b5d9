; REQUIRES: llvm16
; The sequential part calls an external function (Inputs/unknown-call.c): it
; may have side effects or depend on the thread, so the kernel stays generic
; and OMP121 names the call. It gets a custom state machine instead of the
; runtime's: the workers compare the work function with the kernel's one
; parallel region and call it directly; since @log_progress might start a
; parallel region of its own, an indirect call stays as the fallback (OMP132).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/unknown-call.ll \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-missed=gpucc-openmp-opt -pass-remarks-analysis=gpucc-openmp-opt \
; RUN:   -disable-output %S/Inputs/unknown-call.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

; CHECK: @__omp_offloading_{{.*}}_unknown_l6_exec_mode = weak protected constant i8 1
; CHECK-NOT: addrspace(3) global
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_unknown_l6(
; CHECK:         [[TID:%[0-9]+]] = tail call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:       worker.wait:
; CHECK:         call i1 @__kmpc_kernel_parallel(ptr %worker.work_fn.addr)
; CHECK:         icmp eq ptr %worker.work_fn, @__omp_outlined__1_wrapper
; CHECK:         call void @__omp_outlined__1_wrapper(i16 0, i32 [[TID]])
; CHECK:       worker.region.fallback:
; CHECK-NEXT:    call void %worker.work_fn(i16 0, i32 [[TID]])
; CHECK:         call void @__kmpc_kernel_end_parallel()
; CHECK:       thread.user_code:
; CHECK:         call align 16 dereferenceable_or_null(4) ptr @__kmpc_alloc_shared(i64 4)
; CHECK-NOT:     __kmpc_get_hardware_thread_id_in_block
; CHECK:         call void @log_progress(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 1)

; REMARK: remark: {{.*}}Value has potential side effects preventing SPMD-mode execution of kernel __omp_offloading_{{.*}}_unknown_l6 (call to @log_progress). Add `__attribute__((assume("ompx_spmd_amenable")))` to the called function to override. [OMP121]
; REMARK: remark: {{.*}}[OMP132]
; REMARK-NOT: OMP120

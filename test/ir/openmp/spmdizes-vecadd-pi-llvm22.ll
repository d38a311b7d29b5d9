; REQUIRES: llvm22
; The vector add of spmdizes-vecadd-pi.ll, from clang-22
; (Inputs/llvm22/vecadd-pi*.ll): LLVM 17+'s device ABI keeps the launch
; configuration in @<kernel>_kernel_environment, whose
; ConfigurationEnvironmentTy starts { i8 UseGenericStateMachine,
; i8 MayUseNestedParallelism, i8 ExecMode, ... }; init takes a pointer to it
; and deinit takes nothing. SPMD mode is written there: ExecMode generic (1)
; becomes generic-SPMD (3) and the generic state machine is switched off;
; MayUseNestedParallelism stays as clang wrote it (1, the safe answer), and
; the init and deinit calls are unchanged. The rest is as on LLVM 16: shared
; copies of the globalized variables, one guarded region, one barrier.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/llvm22/vecadd-pi.ll \
; RUN:   | FileCheck %s --check-prefixes=CHECK,NVPTX
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/llvm22/vecadd-pi-amdgpu.ll \
; RUN:   | FileCheck %s --check-prefixes=CHECK,AMDGPU
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-analysis=gpucc-openmp-opt -disable-output %S/Inputs/llvm22/vecadd-pi.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

; There is no exec-mode global to write in this ABI.
; CHECK-NOT: _exec_mode =
; CHECK: @[[ENV:__omp_offloading_.*_vecadd_l4_kernel_environment]] = weak_odr protected {{(addrspace\(1\) )?}}constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 3, i32 1, i32 {{128|256}}, i32 0, i32 0, i32 0, i32 0 },
; CHECK-COUNT-5: @globalized_shared{{.*}} = internal addrspace(3) global [{{4|8}} x i8] poison, align 16
; CHECK-NOT: _exec_mode =

; NVPTX-LABEL: define weak_odr protected ptx_kernel void @__omp_offloading_{{.*}}_vecadd_l4(
; AMDGPU-LABEL: define weak_odr protected amdgpu_kernel void @__omp_offloading_{{.*}}_vecadd_l4(
; CHECK-SAME:    ptr noalias noundef [[DYN:%[0-9]+]],
; NVPTX:         call i32 @__kmpc_target_init(ptr nonnull @[[ENV]], ptr [[DYN]])
; AMDGPU:        call i32 @__kmpc_target_init(ptr addrspacecast (ptr addrspace(1) @[[ENV]] to ptr), ptr [[DYN]])
; CHECK-NOT:     @__kmpc_alloc_shared
; CHECK:         [[TID:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT:    [[MAIN:%.*]] = icmp eq i32 [[TID]], 0
; CHECK-NEXT:    br i1 [[MAIN]], label %region.guarded, label %region.barrier
; CHECK:       region.guarded:
; CHECK:         store double 3.141590e+00, ptr addrspacecast (ptr addrspace(3) @globalized_shared{{.*}} to ptr)
; CHECK-NEXT:    br label %region.barrier
; CHECK:       region.barrier:
; The barrier names the source location the kernel environment holds.
; NVPTX-NEXT:    call void @__kmpc_barrier_simple_spmd(ptr @1, i32 [[TID]])
; AMDGPU-NEXT:   call void @__kmpc_barrier_simple_spmd(ptr addrspacecast (ptr addrspace(1) @1 to ptr), i32 [[TID]])
; LLVM 22 starts parallel regions with __kmpc_parallel_60, now on every thread.
; CHECK:         call void @__kmpc_parallel_60(
; CHECK-NOT:     @__kmpc_free_shared
; CHECK:         call void @__kmpc_target_deinit()
; CHECK:       declare i32 @__kmpc_get_hardware_thread_id_in_block()

; REMARK: remark: {{.*}}Replaced globalized variable {{.*}} with a team-wide shared-memory global
; REMARK: remark: {{.*}}Guarded side effects in sequential code
; REMARK: remark: {{.*}}Transformed generic-mode kernel to SPMD-mode. [OMP120]
; REMARK: remark: {{.*}}1 kernels: 1 SPMDized, 0 kept generic; 1 guarded regions, 5 globalized

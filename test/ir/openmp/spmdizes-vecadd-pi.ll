; REQUIRES: llvm16
; The 2015 paper's vector add: `target teams { double pi = 3.14159;
; distribute parallel for ... }` (Inputs/vecadd-pi.c). The sequential part
; only fills globalized variables, so the kernel runs in SPMD mode: the
; variables become one shared-memory copy per team, thread 0 writes them,
; and a barrier publishes them before every thread runs the loop.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/vecadd-pi.ll \
; RUN:   | FileCheck %s --check-prefixes=CHECK,NVPTX
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/vecadd-pi-amdgpu.ll \
; RUN:   | FileCheck %s --check-prefixes=CHECK,AMDGPU
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks=gpucc-openmp-opt \
; RUN:   -pass-remarks-analysis=gpucc-openmp-opt -disable-output %S/Inputs/vecadd-pi.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK

; Generic (1) becomes generic-SPMD (3), as LLVM 16 writes it.
; CHECK: @__omp_offloading_{{.*}}_vecadd_l4_exec_mode = weak protected {{(addrspace\(1\) )?}}constant i8 3
; Five globalized variables (n, a, b, pi, c) become team-wide shared memory.
; CHECK-COUNT-5: @globalized_shared{{.*}} = internal addrspace(3) global [{{4|8}} x i8] poison, align 16

; CHECK-LABEL: define weak_odr protected {{(amdgpu_kernel )?}}void @__omp_offloading_{{.*}}_vecadd_l4(
; CHECK:         call i32 @__kmpc_target_init(ptr {{.*}}@1{{.*}}, i8 2, i1 false)
; CHECK-NOT:     @__kmpc_alloc_shared
; CHECK:         [[TID:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT:    [[MAIN:%.*]] = icmp eq i32 [[TID]], 0
; CHECK-NEXT:    br i1 [[MAIN]], label %region.guarded, label %region.barrier
; CHECK:       region.guarded:
; CHECK:         store double 3.141590e+00, ptr addrspacecast (ptr addrspace(3) @globalized_shared{{.*}} to ptr)
; CHECK-NEXT:    br label %region.barrier
; CHECK:       region.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(ptr {{.*}}@1{{.*}}, i32 [[TID]])
; The parallel region is still started through the runtime, now by every thread.
; CHECK:         call void @__kmpc_parallel_51(
; CHECK-NOT:     @__kmpc_free_shared
; CHECK:         call void @__kmpc_target_deinit(ptr {{.*}}@1{{.*}}, i8 2)
; NVPTX:       declare i32 @__kmpc_get_hardware_thread_id_in_block()
; AMDGPU:      declare i32 @__kmpc_get_hardware_thread_id_in_block()

; REMARK: remark: {{.*}}Replaced globalized variable {{.*}} with a team-wide shared-memory global
; REMARK: remark: {{.*}}Guarded side effects in sequential code
; REMARK: remark: {{.*}}Transformed generic-mode kernel to SPMD-mode. [OMP120]
; REMARK: remark: {{.*}}1 kernels: 1 SPMDized, 0 kept generic; 1 guarded regions, 5 globalized

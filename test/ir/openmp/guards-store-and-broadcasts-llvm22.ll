; REQUIRES: llvm22
; guards-store-and-broadcasts.ll on clang-22's output
; (Inputs/llvm22/guarded-store*.ll): the store and the atomic capture of the
; sequential part run on thread 0 in a guarded region, the captured value is
; broadcast through shared memory, and the kernel environment says SPMD
; (ExecMode 3, no generic state machine). The kernel's first argument is now
; the dynamic environment; the device pointers follow.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/llvm22/guarded-store.ll \
; RUN:   | FileCheck %s
; The same source at -O0 for AMDGPU: stack slots in addrspace(5) behind
; addrspacecasts; the guarded code is in the outlined body.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S \
; RUN:   %S/Inputs/llvm22/guarded-store-O0-amdgpu.ll | FileCheck %s --check-prefix=O0

; CHECK: @[[ENV:__omp_offloading_.*_ticket_l5_kernel_environment]] = {{.*}} { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 3,
; CHECK: @[[BCAST:guarded.broadcast]] = internal addrspace(3) global i32 poison, align 8

; CHECK-LABEL: define weak_odr protected ptx_kernel void @__omp_offloading_{{.*}}_ticket_l5(
; CHECK-SAME:    ptr noalias noundef [[DYN:%[0-9]+]], ptr noundef [[FLAG:%[0-9]+]], ptr noundef [[COUNTER:%[0-9]+]],
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @[[ENV]], ptr [[DYN]])
; CHECK:         [[TID:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT:    [[MAIN:%.*]] = icmp eq i32 [[TID]], 0
; CHECK-NEXT:    br i1 [[MAIN]], label %region.guarded{{[0-9]*}}, label %region.barrier{{[0-9]*}}
; CHECK:       region.guarded{{[0-9]*}}:
; flag[0] = 1, by thread 0 only.
; CHECK:         store i32 1, ptr [[FLAG]], align 4
; first = counter[0]++, by thread 0 only; its value goes to shared memory.
; CHECK-NEXT:    [[FIRST:%.*]] = atomicrmw add ptr [[COUNTER]], i32 1 monotonic
; CHECK-NEXT:    store i32 [[FIRST]], ptr addrspace(3) @[[BCAST]]
; CHECK:       region.barrier{{[0-9]*}}:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(ptr @1, i32 [[TID]])
; CHECK-NEXT:    [[B:%.*]] = load i32, ptr addrspace(3) @[[BCAST]]
; Every thread tests the broadcast value, not its own (undefined) one.
; CHECK:         icmp eq i32 [[B]], 0
; if (first == 0) flag[0] = 2: guarded again.
; CHECK:       region.guarded{{[0-9]*}}:
; CHECK-NEXT:    store i32 2, ptr [[FLAG]], align 4
; CHECK:         call void @__kmpc_target_deinit()

; O0: _ticket_l5_kernel_environment = weak_odr protected addrspace(1) constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 3,
; O0-LABEL: define internal void @__omp_offloading_{{.*}}_ticket_l5_omp_outlined(
; O0:       region.guarded:
; O0:         atomicrmw add ptr {{.*}}, i32 1 monotonic
; O0-NEXT:    store i32 {{.*}}, ptr addrspace(3) @guarded.broadcast
; O0:       region.barrier:
; O0-NEXT:    call void @__kmpc_barrier_simple_spmd(
; O0-NEXT:    {{.*}} = load i32, ptr addrspace(3) @guarded.broadcast

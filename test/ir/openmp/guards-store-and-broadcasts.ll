; REQUIRES: llvm16
; A store and an atomic capture on device memory in the sequential part
; (Inputs/guarded-store.c). In SPMD mode one thread must do them: thread 0
; runs them in a guarded region, a barrier follows, and the captured value,
; which later sequential code tests (`if (first == 0)`), is broadcast to the
; team through a shared-memory (addrspace(3)) global.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/guarded-store.ll \
; RUN:   | FileCheck %s
; The same source at -O0 for AMDGPU: every local lives in an addrspace(5)
; stack slot reached through an addrspacecast; stores to the slots stay on
; every thread, pointers loaded back from them are traced to what was stored.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S \
; RUN:   %S/Inputs/guarded-store-O0-amdgpu.ll | FileCheck %s --check-prefix=O0

; CHECK: @__omp_offloading_{{.*}}_ticket_l5_exec_mode = weak protected constant i8 3
; CHECK: @[[BCAST:guarded.broadcast]] = internal addrspace(3) global i32 poison, align 8

; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_ticket_l5(
; CHECK-SAME:    ptr noundef [[FLAG:%[0-9]+]], ptr noundef [[COUNTER:%[0-9]+]],
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
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
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)

; O0: _ticket_l5_exec_mode = weak protected addrspace(1) constant i8 3
; O0-LABEL: define internal void @__omp_outlined__(
; O0-SAME:    ptr noundef [[FLAGARG:%[0-9]+]], ptr noundef [[COUNTERARG:%[0-9]+]],
; Spilling the arguments to private slots is not guarded.
; O0:         store ptr [[FLAGARG]], ptr [[FLAGSLOT:%[0-9]+]], align 8
; O0-NEXT:    store ptr [[COUNTERARG]], ptr [[COUNTERSLOT:%[0-9]+]], align 8
; O0-NOT:     {{^}}region.guarded:
; O0:       region.guarded:
; O0:         [[F:%.*]] = load ptr, ptr [[FLAGSLOT]]
; O0-NEXT:    [[FP:%.*]] = getelementptr inbounds i32, ptr [[F]], i64 0
; O0-NEXT:    store i32 1, ptr [[FP]]
; O0-NEXT:    [[C:%.*]] = load ptr, ptr [[COUNTERSLOT]]
; O0-NEXT:    [[CP:%.*]] = getelementptr inbounds i32, ptr [[C]], i64 0
; O0-NEXT:    [[FIRST:%.*]] = atomicrmw add ptr [[CP]], i32 1 monotonic
; O0-NEXT:    store i32 [[FIRST]], ptr addrspace(3) @guarded.broadcast
; O0:       region.barrier:
; O0-NEXT:    call void @__kmpc_barrier_simple_spmd(
; O0-NEXT:    [[B:%.*]] = load i32, ptr addrspace(3) @guarded.broadcast
; `first` lives in a private slot: every thread stores the broadcast value.
; O0:       region.exit:
; O0-NEXT:    store i32 [[B]], ptr

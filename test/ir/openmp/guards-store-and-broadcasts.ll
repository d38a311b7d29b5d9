; A store and an atomic capture on device memory in the sequential part
; (Inputs/guarded-store.c). In SPMD mode one thread must do them: thread 0
; runs them in a guarded region, a barrier follows, and the captured value,
; which later sequential code tests (`if (first == 0)`), is broadcast to the
; team through a shared-memory (addrspace(3)) global.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/guarded-store.ll \
; RUN:   | FileCheck %s

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

; REQUIRES: llvm16
; A LULESH-like kernel (Inputs/lulesh-ifs.c): three ifs in the sequential part
; overwrite globalized constants. Each conditional store is guarded where it
; is, inside its branch (control flow in sequential code is the same on every
; thread, so every thread reaches each barrier). The first branch's region
; follows the previous region's barrier with no read in between, so it needs no
; barrier before it; the second branch is after a join and gets one.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/Inputs/lulesh-ifs.ll \
; RUN:   | FileCheck %s

; CHECK: @__omp_offloading_{{.*}}_lulesh_l5_exec_mode = weak protected constant i8 3
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_lulesh_l5(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; The initial values c1 = 0, c2 = 1, c3 = 2/3, written once.
; CHECK:       region.guarded:
; CHECK:         store double 0.000000e+00, ptr addrspacecast (ptr addrspace(3) @[[C1:globalized_shared[0-9]*]] to ptr)
; CHECK-NEXT:    store double 1.000000e+00, ptr addrspacecast (ptr addrspace(3) @[[C2:globalized_shared[0-9]*]] to ptr)
; CHECK-NEXT:    store double 0x3FE5555555555555, ptr addrspacecast (ptr addrspace(3) @[[C3:globalized_shared[0-9]*]] to ptr)
; CHECK:       region.barrier:
; if (emin < 0.0) c1 = -emin;
; CHECK:         fcmp olt double
; CHECK:         [[NEG:%.*]] = fneg double
; CHECK-NEXT:    [[T1:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT:    icmp eq i32 [[T1]], 0
; CHECK:       region.guarded{{[0-9]+}}:
; CHECK-NEXT:    store double [[NEG]], ptr addrspacecast (ptr addrspace(3) @[[C1]] to ptr)
; CHECK:         call void @__kmpc_barrier_simple_spmd(ptr @1, i32 [[T1]])
; if (pmin > 1e-7) c2 = pmin;
; CHECK:         fcmp ogt double
; CHECK:         [[T2:%.*]] = call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(ptr @1, i32 [[T2]])
; CHECK-NEXT:    icmp eq i32 [[T2]], 0
; CHECK:       region.guarded{{[0-9]+}}:
; CHECK-NEXT:    store i64 {{%.*}}, ptr addrspacecast (ptr addrspace(3) @[[C2]] to ptr)
; if (clamp) c3 = 1.0;
; CHECK:       region.guarded{{[0-9]+}}:
; CHECK-NEXT:    store double 1.000000e+00, ptr addrspacecast (ptr addrspace(3) @[[C3]] to ptr)
; CHECK:         call void @__kmpc_parallel_51(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)

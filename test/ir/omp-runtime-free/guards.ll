; REQUIRES: llvm16
; Kernels that gpucc-openmp-opt SPMDizes with guarded regions (inputs of
; test/ir/openmp). The 2015 paper's vector add (vecadd-pi: five globalized
; variables, all thread-invariant) loses its guard, barrier and shared
; memory and becomes runtime-free; the others keep the runtime, and say why:
; guarded-store's region does more than store thread-invariant values (an
; atomic ticket, a store to user memory), and lulesh-ifs stores a value
; computed from memory, which the pass does not forward.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt,gpucc-omp-runtime-free -S \
; RUN:   %S/../openmp/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=PI
; After InstCombine, which sinks the computation of a stored value (`trunc`
; of the kernel argument n) into the guarded region, the computation moves
; back out before the guard and the region still goes:
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-openmp-opt,function(instcombine)' -S \
; RUN:   %S/../openmp/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=SUNK
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-openmp-opt,function(instcombine),gpucc-omp-runtime-free' -S \
; RUN:   %S/../openmp/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=PI
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt,gpucc-omp-runtime-free \
; RUN:   -pass-remarks-missed=gpucc-omp-runtime-free -S %S/../openmp/Inputs/guarded-store.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=STORE,KEPT
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt,gpucc-omp-runtime-free \
; RUN:   -pass-remarks-missed=gpucc-omp-runtime-free -S %S/../openmp/Inputs/lulesh-ifs.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=LULESH,KEPT

; PI-NOT: addrspace(3)
; PI-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vecadd_l4(
; PI-NOT:     call {{.*}}@__kmpc_
; PI:       grid.body:
; PI-NOT:     call {{.*}}@__kmpc_
; PI:         ret void

; SUNK:      region.guarded:
; SUNK-NEXT:   trunc i64 %0 to i32

; STORE: keeps the OpenMP runtime: a guarded region or barrier is left (its call of __kmpc_get_hardware_thread_id_in_block)
; LULESH: keeps the OpenMP runtime: a guarded region stores what the pass cannot forward (store double
; KEPT: call void @__kmpc_barrier_simple_spmd(
; KEPT: call void @__kmpc_distribute_static_init_4(

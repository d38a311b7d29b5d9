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

;
; Forwarding needs the guard's store to be the variable's only one, and the
; variable read in the teams region only (one edit each, between the passes):
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/../openmp/Inputs/vecadd-pi.ll \
; RUN:   | sed 's/^\(region.exit: .*\)$/\1\n  store i32 7, ptr addrspacecast (ptr addrspace(3) @globalized_shared to ptr), align 4/' \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=RESTORE,KEPT
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %S/../openmp/Inputs/vecadd-pi.ll \
; RUN:   | sed 's/^\(define internal void @__omp_outlined__1(.*\)$/\1\n  %%peek = load i32, ptr addrspacecast (ptr addrspace(3) @globalized_shared to ptr), align 4/' \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=ELSEWHERE,KEPT
; RESTORE: keeps the OpenMP runtime: a team-shared variable is stored outside its guarded region
; ELSEWHERE: keeps the OpenMP runtime: a team-shared variable is used outside the teams region (@globalized_shared)

; SUNK:      region.guarded:
; SUNK-NEXT:   trunc i64 %0 to i32

; STORE: keeps the OpenMP runtime: a guarded region or barrier is left (its call of __kmpc_get_hardware_thread_id_in_block)
; LULESH: keeps the OpenMP runtime: a guarded region stores what the pass cannot forward (store double
; KEPT: call void @__kmpc_barrier_simple_spmd(
; KEPT: call void @__kmpc_distribute_static_init_4(

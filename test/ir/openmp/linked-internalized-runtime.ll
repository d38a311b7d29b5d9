; REQUIRES: llvm16
; The vector add linked with the NVPTX device runtime and internalized (every
; runtime function defined, internal). LLVM 16's openmp-opt segfaults on this
; module (in Attributor::manifestAttributes). Runtime functions are known by
; name even when defined, so the kernel is still SPMDized, and the runtime's
; own bodies are not rewritten.
; RUN: llvm-link %S/Inputs/vecadd-pi.ll /usr/lib/llvm-16/lib/libomptarget-nvptx-sm_80.bc -o %t.linked.bc
; RUN: opt -passes=internalize '-internalize-public-api-list=__omp_offloading_*' %t.linked.bc -o %t.int.bc
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -verify-each -S %t.int.bc \
; RUN:   -o %t.out.ll
; RUN: FileCheck %s < %t.out.ll
; The runtime's functions are the same before and after (only the kernel changed).
; RUN: opt -S %t.int.bc | sed -n '/^define internal .*@__kmpc_parallel_51(/,/^}/p' > %t.before
; RUN: sed -n '/^define internal .*@__kmpc_parallel_51(/,/^}/p' %t.out.ll | diff - %t.before

; CHECK: @__omp_offloading_{{.*}}_vecadd_l4_exec_mode = {{.*}}constant i8 3
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vecadd_l4(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; CHECK:       region.guarded:
; CHECK:         store double 3.141590e+00, ptr addrspacecast (ptr addrspace(3) @globalized_shared{{.*}} to ptr)
; CHECK:       region.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)
; CHECK:       define internal {{.*}}i32 @__kmpc_target_init(

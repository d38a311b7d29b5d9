; REQUIRES: llvm16
; The vector add linked with the NVPTX device runtime, not internalized (the
; runtime's functions keep their external definitions). LLVM 16's openmp-opt
; takes about 15 s here and then leaves a module the verifier rejects
; ("Attributes 'readnone and writeonly' are incompatible!" on
; @omp_get_place_proc_ids, which it gives both). Ours SPMDizes
; the kernel, verifies after the pass, and leaves the runtime's bodies and
; attributes alone.
; RUN: llvm-link %S/Inputs/vecadd-pi.ll /usr/lib/llvm-16/lib/libomptarget-nvptx-sm_80.bc -o %t.linked.bc
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -verify-each -S %t.linked.bc \
; RUN:   -o %t.out.ll
; RUN: FileCheck %s < %t.out.ll
; The runtime's functions, the one upstream breaks included, are the same before and after.
; RUN: opt -S %t.linked.bc | sed -n '/^define .*@omp_get_place_proc_ids(/,/^}/p' > %t.before
; RUN: sed -n '/^define .*@omp_get_place_proc_ids(/,/^}/p' %t.out.ll | diff - %t.before
; RUN: opt -S %t.linked.bc | sed -n '/^define .*@__kmpc_parallel_51(/,/^}/p' > %t.before51
; RUN: sed -n '/^define .*@__kmpc_parallel_51(/,/^}/p' %t.out.ll | diff - %t.before51

; CHECK: @__omp_offloading_{{.*}}_vecadd_l4_exec_mode = {{.*}}constant i8 3
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vecadd_l4(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; CHECK:       region.guarded:
; CHECK:       region.barrier:
; CHECK-NEXT:    call void @__kmpc_barrier_simple_spmd(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 2)
; CHECK:       define {{.*}}void @omp_get_place_proc_ids(

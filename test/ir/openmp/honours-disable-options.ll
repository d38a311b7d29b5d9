; REQUIRES: llvm16
; SPMDization is switched off by the pass parameter `no-spmdization` and by
; LLVM's own -openmp-opt-disable-spmdization / -openmp-opt-disable (the
; upstream tests pass those to us); without deglobalization a kernel with
; globalized variables cannot be SPMD either (OMP121 says why).
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-spmdization>' -S \
; RUN:   %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=GENERIC
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -openmp-opt-disable-spmdization -S \
; RUN:   %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=GENERIC
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -openmp-opt-disable -S \
; RUN:   %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=OFF
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-spmdization;no-state-machine-rewrite>' \
; RUN:   -S %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=OFF
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-deglobalization>' -S \
; RUN:   %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=GENERIC
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-deglobalization>' \
; RUN:   -pass-remarks-missed=gpucc-openmp-opt -disable-output %S/Inputs/vecadd-pi.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; LLVM's -openmp-opt-shared-limit caps the shared memory the globalized
; variables may take (the vector add needs 36 bytes).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -openmp-opt-shared-limit=16 \
; RUN:   -pass-remarks-missed=gpucc-openmp-opt -S %S/Inputs/vecadd-pi.ll -o %t.limited.ll 2>&1 \
; RUN:   | FileCheck %s --check-prefix=LIMIT
; RUN: FileCheck %s --check-prefix=GENERIC < %t.limited.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -openmp-opt-shared-limit=36 -S \
; RUN:   %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=SPMD
; An explicit parameter beats the command-line option.
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<spmdization>' \
; RUN:   -openmp-opt-disable-spmdization -S %S/Inputs/vecadd-pi.ll | FileCheck %s --check-prefix=SPMD

; GENERIC: _vecadd_l4_exec_mode = weak protected constant i8 1
; GENERIC: call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; GENERIC: call {{.*}}ptr @__kmpc_alloc_shared(i64 4)
; OFF: _vecadd_l4_exec_mode = weak protected constant i8 1
; OFF: call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 true)
; OFF-NOT: __kmpc_kernel_parallel
; SPMD: _vecadd_l4_exec_mode = weak protected constant i8 3
; SPMD: call i32 @__kmpc_target_init(ptr nonnull @1, i8 2, i1 false)
; REMARK: (globalized variable and deglobalization is disabled). [OMP121]
; LIMIT: (its globalized variables need 36 bytes of shared memory, over the limit of 16 (-openmp-opt-shared-limit)). [OMP121]

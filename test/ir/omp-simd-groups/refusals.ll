; REQUIRES: llvm16
; What gpucc-omp-simd-groups refuses: each names its reason in a missed remark,
; the kernel is still made runtime-free, and no shuffle appears.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-safelen.ll 2>&1 | FileCheck %s --check-prefixes=SAFELEN,NONE
; SAFELEN: gets no SIMD groups: its simd loop has safelen (a width without parallel accesses)
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-call.ll 2>&1 | FileCheck %s --check-prefixes=CALL,NONE
; CALL: gets no SIMD groups: its simd loop calls weight
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-carried.ll 2>&1 | FileCheck %s --check-prefixes=CARRIED,NONE
; CARRIED: gets no SIMD groups: its simd loop carries a scalar that is not a reduction
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-prefix-store.ll 2>&1 | FileCheck %s --check-prefixes=PREFIX,NONE
; PREFIX: gets no SIMD groups: the code before its simd loop writes memory
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/two-loops.ll 2>&1 | FileCheck %s --check-prefixes=TWO,NONE
; TWO: gets no SIMD groups: it has 2 simd loops, not one
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-read-after.ll 2>&1 | FileCheck %s --check-prefixes=READ,NONE
; READ: gets no SIMD groups: the code after its simd loop reads memory after lane 0 wrote some
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-nested.ll 2>&1 | FileCheck %s --check-prefixes=NESTED,NONE
; NESTED: gets no SIMD groups: its simd loop has a nested loop
; `ordered simd` after the always-inliner (Inputs/refuse-ordered.ll): the
; loop reads the element before the one it writes.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -S %S/Inputs/refuse-ordered.ll 2>&1 | FileCheck %s --check-prefixes=ORDERED,NONE
; ORDERED: gets no SIMD groups: its simd loop stores to {{.*}} and loads another element of it (a loop-carried dependence, as `ordered simd` makes)
;
; Made from Inputs/rowdot.ll with one edit each: an atomic in the loop, a
; loop already vectorized, and a store to private memory in the loop.
; RUN: sed 's/^\(  %32 = call double @llvm.fmuladd.f64.*\)$/\1\n  %%ticket = atomicrmw add ptr %8, i32 1 monotonic/' %S/Inputs/rowdot.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=ATOMIC,NONE
; ATOMIC: gets no SIMD groups: its simd loop has an atomic
; RUN: sed 's/"llvm.loop.vectorize.enable", i1 true}/"llvm.loop.isvectorized", i32 1}/' %S/Inputs/rowdot.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=VECTORIZED,NONE
; VECTORIZED: gets no SIMD groups: its simd loop is already vectorized
; RUN: sed 's/^\(  %32 = call double @llvm.fmuladd.f64.*\)$/\1\n  store i32 0, ptr %12/' %S/Inputs/rowdot.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=PRIVATE,NONE
; PRIVATE: gets no SIMD groups: its simd loop writes private memory

; NONE-NOT: @llvm.nvvm.shfl
; NONE-NOT: @__omp_outlined__1.simd
; NONE: define weak_odr protected void @__omp_offloading_
; NONE-NOT: call {{.*}}@__kmpc_
; NONE-NOT: @llvm.nvvm.shfl
; NONE-NOT: @__omp_outlined__1.simd

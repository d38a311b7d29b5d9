; REQUIRES: llvm16
; Every refusal of gpucc-omp-runtime-free on clang-generated kernels
; (Inputs/refuse-*.c and the vector add for AMDGPU and with
; -fopenmp-target-debug): each names its reason in a missed remark, and the
; kernel keeps its runtime calls.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-reduction.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,REDUCTION
; REDUCTION: remark: {{.*}}keeps the OpenMP runtime: it calls the OpenMP runtime's __kmpc_
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-lastprivate.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,LASTPRIVATE
; LASTPRIVATE: remark: {{.*}}keeps the OpenMP runtime: it calls the OpenMP runtime's __kmpc_alloc_shared
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-if.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,IF
; IF: remark: {{.*}}keeps the OpenMP runtime: its parallel region has an if clause
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-num-threads.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,NUM_THREADS
; NUM_THREADS: remark: {{.*}}keeps the OpenMP runtime: its parallel region has a num_threads clause
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-schedule.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,SCHEDULE
; SCHEDULE: remark: {{.*}}keeps the OpenMP runtime: its loop schedule is 33 with chunk 4, not 33 (static) with chunk 1
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-dist-schedule.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,DIST_SCHEDULE
; DIST_SCHEDULE: remark: {{.*}}keeps the OpenMP runtime: its distribute chunk is not the hardware block size
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-thread-num.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,THREAD_NUM
; THREAD_NUM: remark: {{.*}}keeps the OpenMP runtime: it calls the OpenMP runtime's omp_get_thread_num
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-external.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,EXTERNAL
; EXTERNAL: remark: {{.*}}keeps the OpenMP runtime: it calls the unknown external function hidden
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/refuse-critical.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,CRITICAL
; CRITICAL: remark: {{.*}}keeps the OpenMP runtime: it calls the OpenMP runtime's __kmpc_
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/fig1-generic.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,GENERIC
; GENERIC: remark: {{.*}}keeps the OpenMP runtime: it is not an SPMD-mode kernel
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/vadd-amdgpu.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,AMDGPU
; AMDGPU: remark: {{.*}}keeps the OpenMP runtime: target 'amdgcn-amd-amdhsa' is not NVPTX
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free \
; RUN:   -S %S/Inputs/vadd-debug.ll 2>&1 | FileCheck %s --check-prefixes=KEPT,DEBUG
; DEBUG: remark: {{.*}}keeps the OpenMP runtime: runtime debugging may be enabled (__omp_rtl_debug_kind is not 0)

; The runtime is still started, and the worksharing loops still call it.
; KEPT: call i32 @__kmpc_target_init(
; KEPT: call void @__kmpc_{{distribute|for}}_static_init_{{4|8}}

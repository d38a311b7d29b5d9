; REQUIRES: llvm16
; Refusals that clang does not emit by itself, made from the vector add
; (Inputs/vadd.ll, Inputs/long-index.ll) with one edit each: the pass must
; name the reason and leave the runtime calls alone.
;
; The is-last flag is read (what lastprivate does):
; RUN: sed 's/^\(  call void @__kmpc_distribute_static_init_4(.*\)$/\1\n  %last = load volatile i32, ptr %8/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=LAST,KEPT
; LAST: keeps the OpenMP runtime: it reads the is-last flag (lastprivate)
;
; A lower bound that is negative, and one that is not a constant:
; RUN: sed 's/store i32 0, ptr %5, align 4/store i32 -5, ptr %5, align 4/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=NEGLB,KEPT
; NEGLB: keeps the OpenMP runtime: its lower bound is negative
; RUN: sed 's/store i32 0, ptr %5, align 4/store i32 %16, ptr %5, align 4/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=VARLB,KEPT
; VARLB: keeps the OpenMP runtime: its lower bound is not a constant the pass can read
;
; Code outside the loop writes global memory (every thread would race on it):
; RUN: sed 's/^\(  %14 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1)\)$/\1\n  store double 0.0, ptr %3/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=WRITE,KEPT
; WRITE: keeps the OpenMP runtime: code outside the loop writes memory (store double 0.000000e+00, ptr %3
;
; The body reads the hardware thread id (a target intrinsic):
; RUN: sed 's/^\(  %32 = call double @llvm.fmuladd.f64.*\)$/\1\n  %%sreg = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()/; $ a declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=SREG,KEPT
; SREG: keeps the OpenMP runtime: it calls the target intrinsic llvm.nvvm.read.ptx.sreg.tid.x, which may observe the thread layout
;
; The outlined region is also referenced elsewhere (another caller could see
; the rewritten worksharing init):
; RUN: sed '$ a @keep = global ptr @__omp_outlined__1' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=ELSEWHERE,KEPT
; ELSEWHERE: keeps the OpenMP runtime: the outlined region __omp_outlined__1 is used elsewhere
;
; A distribute chunk other than the block size, and an increment other than 1:
; RUN: sed 's/i32 1, i32 %20)/i32 1, i32 64)/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CHUNK,KEPT
; CHUNK: keeps the OpenMP runtime: its distribute chunk is not the hardware block size
; RUN: sed 's/i32 1, i32 %20)/i32 2, i32 %20)/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=INCR,KEPT
; INCR: keeps the OpenMP runtime: its distribute increment is not 1
;
; Different IV types in the two loops, and an unsigned 64-bit IV:
; RUN: sed 's/__kmpc_for_static_init_4(/__kmpc_for_static_init_4u(/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=MIXED,KEPT
; MIXED: keeps the OpenMP runtime: its distribute and for loops use different IV types
; RUN: sed 's/static_init_8(/static_init_8u(/' %S/Inputs/long-index.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=U64,KEPT
; U64: keeps the OpenMP runtime: its loop has an unsigned 64-bit IV (a grid stride could wrap)
;
; A second parallel region in the distribute loop:
; RUN: sed 's/^\(  call void @__kmpc_parallel_51(.*\)$/\1\n\1/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=TWO,KEPT
; TWO: keeps the OpenMP runtime: it has 2 parallel regions, not one
;
; Another distribute schedule (93):
; RUN: sed 's/i32 91,/i32 93,/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=SCHED,KEPT
; SCHED: keeps the OpenMP runtime: its distribute schedule is 93, not 91 (static, chunk = block size) or 92 (static)
;
; An indirect call in the body (through a pointer the pass cannot resolve):
; RUN: sed 's/^\(  %32 = call double @llvm.fmuladd.f64.*\)$/\1\n  %%fp = load ptr, ptr %6\n  call void %%fp()/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=INDIRECT,KEPT
; INDIRECT: keeps the OpenMP runtime: an indirect call or inline asm
;
; The body reads team-shared memory (which team runs an iteration would show):
; RUN: sed 's/^\(  %32 = call double @llvm.fmuladd.f64.*\)$/\1\n  %%xh = load double, ptr addrspace(3) @team_tile/; $ a @team_tile = internal addrspace(3) global double poison' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=SHARED,KEPT
; SHARED: keeps the OpenMP runtime: it uses team-shared memory (@team_tile)
;
; Code outside the loop calls a function of the module:
; RUN: sed 's/^\(  %14 = tail call i32 @__kmpc_global_thread_num(ptr nonnull @1)\)$/\1\n  call void @helper()/; $ a define internal void @helper() {\n  ret void\n}' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=CALLS,KEPT
; CALLS: keeps the OpenMP runtime: code outside the loop calls helper
;
; The outlined region's loop has a second loop before it (another shape):
; RUN: sed 's/^\(  %13 = trunc i64 %4 to i32\)$/\1\n  br label %%lp\nlp:\n  %%k = phi i32 [ 0, %%8 ], [ %%k1, %%lp ]\n  %%k1 = add i32 %%k, 1\n  %%kdone = icmp eq i32 %%k1, 4\n  br i1 %%kdone, label %%after, label %%lp\nafter:/; s/\[ %21, %15 \]/[ %21, %15 ]/' %S/Inputs/vadd.ll \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-omp-runtime-free -pass-remarks-missed=gpucc-omp-runtime-free -S 2>&1 \
; RUN:   | FileCheck %s --check-prefixes=LOOPS,KEPT
; LOOPS: keeps the OpenMP runtime: the outlined loop has another shape: 2 top-level loops, not one

; KEPT: call {{.*}}@__kmpc_target_init(
; KEPT: call void @__kmpc_distribute_static_init_{{4|8}}

; `target teams distribute parallel for simd` (Inputs/triad.c): clang reads
; the is-last flag for the implicit lastprivate of the simd loop variable,
; and stores the last value only to a dead private copy. The pipeline-start
; cleanup (SimplifyCFG, InstCombine) deletes that read, so the kernel is
; runtime-free at -O1, -O2 and -O3; the runtime-free rewrite alone, on the
; same IR after only SROA and EarlyCSE, refuses it for the flag.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O1>' -S %S/Inputs/llvm%llvm/triad.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -S %S/Inputs/llvm%llvm/triad.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>' -S %S/Inputs/llvm%llvm/triad.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='function(sroa,early-cse),gpucc-omp-runtime-free' \
; RUN:   -pass-remarks-missed=gpucc-omp-runtime-free -disable-output %S/Inputs/llvm%llvm/triad.ll \
; RUN:   2>&1 | FileCheck --check-prefix=UNCLEANED %s

; CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_triad_l4(
; CHECK:         @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK-NOT:   call {{.*}}@__kmpc_

; UNCLEANED: remark: {{.*}}keeps the OpenMP runtime: {{.*}}lastprivate

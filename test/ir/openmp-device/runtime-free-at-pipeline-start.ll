; The combined construct, as clang's device compile hands it to the plugin at
; the pipeline-start point (Inputs/vadd.c; the IR is the same at -O1, -O2 and
; -O3): every default pipeline (and -foffload-lto's pre-link one) leaves the kernel runtime-free, with no
; cleanup chosen by hand before it, and so does -passes=gpucc-openmp-device.
; Its remarks are gpucc-omp-simd-groups', which runs the runtime-free rewrite.
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O1>' -S %S/Inputs/llvm%llvm/vadd.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -S %S/Inputs/llvm%llvm/vadd.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O3>' -S %S/Inputs/llvm%llvm/vadd.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='lto-pre-link<O2>' -S %S/Inputs/llvm%llvm/vadd.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=gpucc-openmp-device -S %S/Inputs/llvm%llvm/vadd.ll \
; RUN:   | FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes='default<O2>' -pass-remarks=gpucc-omp-simd-groups \
; RUN:   -disable-output %S/Inputs/llvm%llvm/vadd.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; Switched off, the kernel keeps the runtime as clang's own pipeline leaves it.
; RUN: env GPUCC_AUTO_PIPELINE=0 %opt -load-pass-plugin=%plugin -passes='default<O2>' -S \
; RUN:   %S/Inputs/llvm%llvm/vadd.ll | FileCheck --check-prefix=STOCK %s

; The kernel reads the grid's shape itself and calls nothing of the runtime.
; CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_vadd_l3(
; CHECK:         @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK-NOT:   call {{.*}}@__kmpc_
; REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_vadd_l3 runs as a grid-stride loop without the OpenMP device runtime

; STOCK: call {{.*}}@__kmpc_

; REQUIRES: llvm22
; gpucc-omp-simd-groups on clang-22's output (Inputs/llvm22/): the dot product
; gets groups of 32 lanes with a butterfly and a lane-0 store, the simdlen(8)
; row scale groups of 8 with the group's own mask, and the refusals name their
; reasons as on LLVM 16.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/llvm22/rowdot.ll \
; RUN:   | FileCheck %s --check-prefix=DOT
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/llvm22/rowscale.ll \
; RUN:   | FileCheck %s --check-prefix=SCALE
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -disable-output %S/Inputs/llvm22/refuse-safelen.ll 2>&1 | FileCheck %s --check-prefix=SAFELEN
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -pass-remarks-missed=gpucc-omp-simd-groups \
; RUN:   -disable-output %S/Inputs/llvm22/refuse-carried.ll 2>&1 | FileCheck %s --check-prefix=CARRIED

; DOT-LABEL: define internal void @{{.*}}.simd(
; DOT:         %simd.lane = and i32 %simd.tid, 31
; DOT:         %simd.next = add nuw i32 %{{.*}}, 32
; DOT:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %simd.lo, i32 16, i32 31)
; DOT:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
; DOT:         br i1 %simd.lane0, label %simd.lane0.store, label %simd.lane0.cont

; SCALE-LABEL: define internal void @{{.*}}.simd(
; SCALE:         %simd.mask = shl i32 255, %simd.base
; SCALE:         %simd.next = add nuw i32 %{{.*}}, 8

; SAFELEN: gets no SIMD groups: its simd loop has safelen (a width without parallel accesses)
; CARRIED: gets no SIMD groups: its simd loop carries a scalar that is not a reduction

; REQUIRES: llvm16
; Group sizes other than 32: simdlen(8) (Inputs/rowscale.c, no reduction: only
; the stride changes; the member mask is the group's 8 lanes of its warp), a
; constant trip count of 5 (Inputs/small-trip.c: 8 lanes), and an integer max
; reduction (Inputs/minmax.c: smax, identity INT_MIN, one 32-bit shuffle per
; step).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/rowscale.ll \
; RUN:   | FileCheck %s --check-prefix=SCALE
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/small-trip.ll \
; RUN:   | FileCheck %s --check-prefix=TRIP
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-omp-simd-groups -S %S/Inputs/minmax.ll \
; RUN:   | FileCheck %s --check-prefix=MAX

; SCALE-LABEL: define internal void @__omp_outlined__(
; SCALE:         %simd.blocks.ok = icmp uge i32 %ntid{{[0-9]*}}, 8
; SCALE:         %simd.gid = lshr i32 %tid, 3
; SCALE-LABEL: define internal void @__omp_outlined__1.simd(
; SCALE:         %simd.lane = and i32 %simd.tid, 7
; SCALE-NEXT:    %simd.warp.lane = and i32 %simd.tid, 31
; SCALE-NEXT:    %simd.base = and i32 %simd.warp.lane, 24
; SCALE-NEXT:    %simd.mask = shl i32 255, %simd.base
; SCALE:         %simd.next = add nuw i32 %{{.*}}, 8
; SCALE-NOT:     @llvm.nvvm.shfl
; SCALE:       }

; TRIP-LABEL: define internal void @__omp_outlined__1.simd(
; TRIP:         %simd.lane = and i32 %simd.tid, 7
; TRIP:         %simd.n = call i32 @llvm.smax.i32(i32 5, i32 1)
; TRIP:         %simd.next = add nuw i32 %{{.*}}, 8

; MAX-LABEL: define internal void @__omp_outlined__1.simd(
; MAX:         %simd.red.start = select i1 %simd.lane0, i32 -2147483648, i32 -2147483648
; MAX:         %simd.shfl = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 16, i32 31)
; MAX:         call i32 @llvm.smax.i32(i32 %simd.partial, i32
; MAX:         call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %{{.*}}, i32 1, i32 31)
; MAX:         br i1 %simd.lane0, label %simd.lane0.store

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -start-after=infer-address-spaces \
; RUN:   | FileCheck %s
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -start-after=infer-address-spaces %s -o - \
; RUN:   | FileCheck --check-prefix=GENERIC %s
; The project's measuring method: llc up to nvptx-lower-alloca, take the IR
; out of the MIR file, run our pass, then llc from atomic-expand on (which
; skips llc's own infer-address-spaces).
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -stop-after=nvptx-lower-alloca %s -o %t.mir
; RUN: sed -n '/^--- |$/,/^\.\.\.$/p' %t.mir | sed '1d;$d' | sed 's/^  //' > %t.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces %t.ll \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -start-before=atomic-expand -o - \
; RUN:   | FileCheck --check-prefix=SPLIT %s
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -start-before=atomic-expand %t.ll -o - \
; RUN:   | FileCheck --check-prefix=GENERIC %s
; SPLIT-LABEL: .visible .entry matmul_tiles(
; SPLIT:       // %dot
; SPLIT-NOT:     {{(ld|st)\.[fb]32}}
; SPLIT:         ld.shared.{{[fb]}}32
; SPLIT:         ld.shared.{{[fb]}}32
; SPLIT-NOT:     ld.{{[fb]}}32
; SPLIT:         ret;
;
; gpucc paper, Figure 4, in a tiled matrix multiply: each thread stages one
; element of A and B into __shared__ tiles, then walks its row of tileA and
; its column of tileB with pointer increments,
;   float *pa = &tileA[ty][0], *pb = &tileB[0][tx];
;   for (k = 0; k < 16; ++k) { sum += *pa * *pb; pa += 1; pb += 16; }
; The front end's pointers are generic (addrspacecast right after each
; __shared__ global; kernel parameters cast to global and back, as
; nvptx-lower-args leaves them). After gpucc-infer-address-spaces the PTX
; has no generic ld.f32/st.f32 at all: ld.global/st.shared to stage the
; tiles, ld.shared.f32 in the dot-product loop, st.global for C.
;
; llc -O3 runs upstream's own infer-address-spaces, so the second RUN line
; starts llc after it (-start-after=infer-address-spaces): the address
; spaces in the PTX then come from our pass alone. The GENERIC line is the
; control: the same llc on the raw input keeps generic ld.f32 in the loop,
; so the -start-after line would catch a pass that did nothing.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tileA = internal addrspace(3) global [256 x float] undef
@tileB = internal addrspace(3) global [256 x float] undef

; CHECK-LABEL: .visible .entry matmul_tiles(
; CHECK-NOT:     {{(ld|st)\.[fb]32}}
; CHECK:         ld.global.{{[fb]}}32
; CHECK:         ld.global.{{[fb]}}32
; CHECK:         st.shared.{{[fb]}}32
; CHECK:         st.shared.{{[fb]}}32
; CHECK:       $L__BB0_[[DOT:[0-9]+]]:{{.*}}// %dot
; CHECK-NOT:     {{(ld|st)\.[fb]32}}
; CHECK:         ld.shared.{{[fb]}}32
; CHECK:         ld.shared.{{[fb]}}32
; CHECK-NOT:     {{(ld|st)\.[fb]32}}
; CHECK:         bra{{.*}}$L__BB0_[[DOT]];
; CHECK-NOT:     {{(ld|st)\.[fb]32}}
; CHECK:         st.global.{{[fb]}}32
; CHECK-NOT:     {{(ld|st)\.[fb]32}}
; CHECK:         ret;

; GENERIC-LABEL: .visible .entry matmul_tiles(
; GENERIC:       // %dot
; GENERIC-NOT:   ld.shared.{{[fb]}}32
; GENERIC:       ld.{{[fb]}}32
; GENERIC:       ld.{{[fb]}}32
; GENERIC:       ret;

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.barrier0()

; C[ty][tx] = sum over the n/16 tiles t of sum_k A_t[ty][k] * B_t[k][tx].
define void @matmul_tiles(ptr %A, ptr %B, ptr %C, i32 %n) {
entry:
  %A.global = addrspacecast ptr %A to ptr addrspace(1)
  %A.gen = addrspacecast ptr addrspace(1) %A.global to ptr
  %B.global = addrspacecast ptr %B to ptr addrspace(1)
  %B.gen = addrspacecast ptr addrspace(1) %B.global to ptr
  %C.global = addrspacecast ptr %C to ptr addrspace(1)
  %C.gen = addrspacecast ptr addrspace(1) %C.global to ptr
  %tA = addrspacecast ptr addrspace(3) @tileA to ptr
  %tB = addrspacecast ptr addrspace(3) @tileB to ptr
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %ty16 = shl nuw nsw i32 %ty, 4
  %slot = add nuw nsw i32 %ty16, %tx
  %slot64 = zext i32 %slot to i64
  %ty16.64 = zext i32 %ty16 to i64
  %tx64 = zext i32 %tx to i64
  ; this thread's element of each tile; the start of its row / column
  %a.dst = getelementptr inbounds float, ptr %tA, i64 %slot64
  %b.dst = getelementptr inbounds float, ptr %tB, i64 %slot64
  %row.start = getelementptr inbounds float, ptr %tA, i64 %ty16.64
  %col.start = getelementptr inbounds float, ptr %tB, i64 %tx64
  %ntiles = lshr i32 %n, 4
  %any = icmp ne i32 %ntiles, 0
  br i1 %any, label %tile, label %done

tile:
  %t = phi i32 [ 0, %entry ], [ %t.next, %tile.end ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %tile.end ]
  ; tileA[ty][tx] = A[t*256 + slot]; tileB[ty][tx] = B[t*256 + slot]
  %base = shl i32 %t, 8
  %src = add i32 %base, %slot
  %src64 = zext i32 %src to i64
  %a.src = getelementptr inbounds float, ptr %A.gen, i64 %src64
  %b.src = getelementptr inbounds float, ptr %B.gen, i64 %src64
  %a.val = load float, ptr %a.src, align 4
  %b.val = load float, ptr %b.src, align 4
  store float %a.val, ptr %a.dst, align 4
  store float %b.val, ptr %b.dst, align 4
  call void @llvm.nvvm.barrier0()
  br label %dot

dot:
  %k = phi i32 [ 0, %tile ], [ %k.next, %dot ]
  %pa = phi ptr [ %row.start, %tile ], [ %pa.next, %dot ]
  %pb = phi ptr [ %col.start, %tile ], [ %pb.next, %dot ]
  %sum = phi float [ %acc, %tile ], [ %sum.next, %dot ]
  %x = load float, ptr %pa, align 4
  %y = load float, ptr %pb, align 4
  %xy = fmul float %x, %y
  %sum.next = fadd float %sum, %xy
  %pa.next = getelementptr inbounds float, ptr %pa, i64 1
  %pb.next = getelementptr inbounds float, ptr %pb, i64 16
  %k.next = add nuw nsw i32 %k, 1
  %k.done = icmp eq i32 %k.next, 16
  br i1 %k.done, label %tile.end, label %dot

tile.end:
  %acc.next = phi float [ %sum.next, %dot ]
  call void @llvm.nvvm.barrier0()
  %t.next = add nuw nsw i32 %t, 1
  %t.done = icmp eq i32 %t.next, %ntiles
  br i1 %t.done, label %done, label %tile

done:
  %result = phi float [ 0.0, %entry ], [ %acc.next, %tile.end ]
  %c.dst = getelementptr inbounds float, ptr %C.gen, i64 %slot64
  store float %result, ptr %c.dst, align 4
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @matmul_tiles, !"kernel", i32 1}

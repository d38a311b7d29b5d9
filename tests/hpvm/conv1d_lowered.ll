; conv1d_lowered.ll: the 1-D convolution of examples/hpvm/conv1d.c written by
; hand in the form docs/hpvm.md §3 gives gpucc-hpvm-lower's output, for
; `scripts/hpvm_emulate.py --kernel` (tests/hpvm_emulator.rs). It tests the
; emulator without the lowering pass: the same driver, schedule and
; comparison run this module instead of the pass's, so a failure here is the
; emulator's (or the reference's), not the lowering's.
;
; What §3 fixes and this module has:
; - kernels `@leaf` (global form) and `@leaf_const` (constant form): the
;   leaf's parameters minus the Alloc-fed tile pointer and its constant byte
;   size, so (in, in_bytes, coef, coef_bytes, out, out_bytes, n, k);
; - the tile `@leaf_shared6` (input 6 of the leaf), internal addrspace(3),
;   align 16. Its 544 bytes are the tile of -DBS=128 ((128 + 8) floats),
;   enough for the emulator's block sizes 32, 64 and 128, since the kernel
;   takes the block size from ntid.x as the leaf takes it from
;   getNumNodeInstances.x;
; - `@leaf_const_pool`, addrspace(4), 65536 bytes, externally initialized:
;   `coef` (the only qualifying input) is read at offset 0;
; - `i1 @leaf_const_fits(i64 coef_bytes)`: coef_bytes rounded up to 16 is at
;   most 65536;
; - special registers `llvm.nvvm.read.ptx.sreg.*`; the global form waits at
;   `llvm.nvvm.barrier0`, the constant form at LLVM 22's spelling of the
;   same barrier, `llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)`, so that
;   both names the emulator renames are exercised;
; - kernel marking as on LLVM 16 (`!nvvm.annotations`).
; Unlike the pass's output the loop multiplies and adds separately (the
; emulator's inputs are small integers: every sum is exact either way).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@leaf_shared6 = internal addrspace(3) global [544 x i8] undef, align 16
@leaf_const_pool = addrspace(4) externally_initialized global [65536 x i8] zeroinitializer, align 16

define void @leaf(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bs = zext i32 %ntid to i64
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = zext i32 %ctaid to i64
  %base = mul i64 %b, %bs
  %i = add i64 %base, %t
  %k1 = add i64 %k, -1
  %len = add i64 %n, %k1
  %own = icmp slt i64 %i, %len
  br i1 %own, label %load, label %halo.test

load:
  %in.i = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %in.i, align 4
  %tile.t = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t
  store float %v, ptr addrspace(3) %tile.t, align 4
  br label %halo.test

halo.test:
  %i.bs = add i64 %i, %bs
  %low = icmp slt i64 %t, %k1
  %inside = icmp slt i64 %i.bs, %len
  %halo = and i1 %low, %inside
  br i1 %halo, label %halo.load, label %sync

halo.load:
  %in.h = getelementptr float, ptr %in, i64 %i.bs
  %h = load float, ptr %in.h, align 4
  %t.bs = add i64 %t, %bs
  %tile.h = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t.bs
  store float %h, ptr addrspace(3) %tile.h, align 4
  br label %sync

sync:
  call void @llvm.nvvm.barrier0()
  %active = icmp slt i64 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i64 [ 0, %sync ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %sync ], [ %acc.next, %body ]
  %more = icmp slt i64 %j, %k
  br i1 %more, label %body, label %store

body:
  %coef.j = getelementptr float, ptr %coef, i64 %j
  %c = load float, ptr %coef.j, align 4
  %t.j = add i64 %t, %j
  %tile.j = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t.j
  %x = load float, ptr addrspace(3) %tile.j, align 4
  %prod = fmul float %c, %x
  %acc.next = fadd float %acc, %prod
  %j.next = add i64 %j, 1
  br label %loop

store:
  %out.i = getelementptr float, ptr %out, i64 %i
  store float %acc, ptr %out.i, align 4
  br label %exit

exit:
  ret void
}

define void @leaf_const(ptr %in, i64 %in_bytes, ptr %coef, i64 %coef_bytes, ptr %out, i64 %out_bytes, i64 %n, i64 %k) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = zext i32 %tid to i64
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %bs = zext i32 %ntid to i64
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %b = zext i32 %ctaid to i64
  %base = mul i64 %b, %bs
  %i = add i64 %base, %t
  %k1 = add i64 %k, -1
  %len = add i64 %n, %k1
  %own = icmp slt i64 %i, %len
  br i1 %own, label %load, label %halo.test

load:
  %in.i = getelementptr float, ptr %in, i64 %i
  %v = load float, ptr %in.i, align 4
  %tile.t = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t
  store float %v, ptr addrspace(3) %tile.t, align 4
  br label %halo.test

halo.test:
  %i.bs = add i64 %i, %bs
  %low = icmp slt i64 %t, %k1
  %inside = icmp slt i64 %i.bs, %len
  %halo = and i1 %low, %inside
  br i1 %halo, label %halo.load, label %sync

halo.load:
  %in.h = getelementptr float, ptr %in, i64 %i.bs
  %h = load float, ptr %in.h, align 4
  %t.bs = add i64 %t, %bs
  %tile.h = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t.bs
  store float %h, ptr addrspace(3) %tile.h, align 4
  br label %sync

sync:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %active = icmp slt i64 %i, %n
  br i1 %active, label %loop, label %exit

loop:
  %j = phi i64 [ 0, %sync ], [ %j.next, %body ]
  %acc = phi float [ 0.0, %sync ], [ %acc.next, %body ]
  %more = icmp slt i64 %j, %k
  br i1 %more, label %body, label %store

body:
  %coef.j = getelementptr float, ptr addrspace(4) @leaf_const_pool, i64 %j
  %c = load float, ptr addrspace(4) %coef.j, align 4
  %t.j = add i64 %t, %j
  %tile.j = getelementptr float, ptr addrspace(3) @leaf_shared6, i64 %t.j
  %x = load float, ptr addrspace(3) %tile.j, align 4
  %prod = fmul float %c, %x
  %acc.next = fadd float %acc, %prod
  %j.next = add i64 %j, 1
  br label %loop

store:
  %out.i = getelementptr float, ptr %out, i64 %i
  store float %acc, ptr %out.i, align 4
  br label %exit

exit:
  ret void
}

define i1 @leaf_const_fits(i64 %coef_bytes) {
entry:
  %up = add i64 %coef_bytes, 15
  %rounded = and i64 %up, -16
  %fits = icmp ule i64 %rounded, 65536
  ret i1 %fits
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

!nvvm.annotations = !{!0, !1}
!0 = !{ptr @leaf, !"kernel", i32 1}
!1 = !{ptr @leaf_const, !"kernel", i32 1}

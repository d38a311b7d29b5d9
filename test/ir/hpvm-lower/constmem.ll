; gpucc-hpvm-lower<constmem> on every kind of candidate (docs/hpvm.md §3):
; two qualifying pointers (%b read at a constant index, %h at another) share
; the pool, %h at %b's size rounded up to 16, and the host guard sums both
; rounded sizes; every other pointer stays global with the reason: indexed by
; the thread (%a), no byte size after it (%c), passed to a call (%d), never
; read (%e), used by something other than a GEP or load (%f), written (%out).
; After infer-address-spaces the pool's loads are addrspace(4) loads.
;
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' \
; RUN:     -pass-remarks=gpucc-hpvm-lower -pass-remarks-missed=gpucc-hpvm-lower -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>,function(infer-address-spaces)' -S %s \
; RUN:   | FileCheck --check-prefix=AS %s

; REMARK: %a of @k stays in global memory: its address is not uniform across the block (LLVM's uniformity analysis)
; REMARK-NEXT: %b of @k is read from constant memory in @k_const
; REMARK-NEXT: %c of @k stays in global memory: no byte size follows it
; REMARK-NEXT: %d of @k stays in global memory: it is passed to a call
; REMARK-NEXT: %e of @k stays in global memory: it is never read
; REMARK-NEXT: %f of @k stays in global memory: it is used by PtrToInt
; REMARK-NEXT: %h of @k is read from constant memory in @k_const
; REMARK-NEXT: %out of @k stays in global memory: it is written through, or stored
; REMARK-NEXT: leaf @k lowered to kernel @k ({{.*}}constant form @k_const for 2 pointer(s))
; An integer after a pointer that cannot be a byte size (i128) refuses it.
; REMARK-NEXT: %w of @w stays in global memory: the i128 after it is no byte size (8 to 64 bits)
; REMARK-NEXT: %o of @w stays in global memory: it is written through, or stored
; REMARK-NEXT: leaf @w lowered to kernel @w (leaf = block, parent = grid; no shared memory)
; REMARK-NOT:  @w_const

; CHECK:       @k_const_pool = addrspace(4) externally_initialized global [65536 x i8] zeroinitializer, align 16
; The global form keeps every parameter.
; CHECK-LABEL: void @k(
; CHECK:         getelementptr inbounds float, ptr %b, i64 3
; CHECK:         getelementptr inbounds float, ptr %h, i64 1
; CHECK-LABEL: void @k_const(
; CHECK:         [[UP:%.*]] = add i64 %b_bytes, 15
; CHECK-NEXT:    [[R:%.*]] = and i64 [[UP]], -16
; CHECK-NEXT:    [[AT:%.*]] = getelementptr i8, ptr addrspace(4) @k_const_pool, i64 [[R]]
; CHECK-NEXT:    [[H:%.*]] = addrspacecast ptr addrspace(4) [[AT]] to ptr
; CHECK:         getelementptr inbounds float, ptr %a, i64 %t
; CHECK:         getelementptr inbounds float, ptr addrspacecast (ptr addrspace(4) @k_const_pool to ptr), i64 3
; CHECK:         load float, ptr %c
; CHECK:         call void @use(ptr %d)
; CHECK:         ptrtoint ptr %f to i64
; CHECK:         getelementptr inbounds float, ptr [[H]], i64 1
; CHECK:         getelementptr inbounds float, ptr %out, i64 %t
; The guard clamps each size before its rounding can wrap: (size_t)-1 rounds
; up to 0, so the test is on the size itself.
; CHECK-LABEL: define i1 @k_const_fits(i64 %0, i64 %1)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[U0:%.*]] = add i64 %0, 15
; CHECK-NEXT:    [[R0:%.*]] = and i64 [[U0]], -16
; CHECK-NEXT:    [[B0:%.*]] = icmp ugt i64 %0, 65536
; CHECK-NEXT:    [[C0:%.*]] = select i1 [[B0]], i64 65552, i64 [[R0]]
; CHECK-NEXT:    [[U1:%.*]] = add i64 %1, 15
; CHECK-NEXT:    [[R1:%.*]] = and i64 [[U1]], -16
; CHECK-NEXT:    [[B1:%.*]] = icmp ugt i64 %1, 65536
; CHECK-NEXT:    [[C1:%.*]] = select i1 [[B1]], i64 65552, i64 [[R1]]
; CHECK-NEXT:    [[S:%.*]] = add i64 [[C0]], [[C1]]
; CHECK-NEXT:    %fits = icmp ule i64 [[S]], 65536
; CHECK-NEXT:    ret i1 %fits

; AS-LABEL: void @k_const(
; (LLVM 22's infer-address-spaces also puts a kernel's own pointers in addrspace(1).)
; AS:         %va = load float, ptr {{(addrspace\(1\) )?}}%
; AS-NEXT:    %pb = getelementptr inbounds float, ptr addrspace(4) @k_const_pool, i64 3
; AS-NEXT:    %vb = load float, ptr addrspace(4) %pb
; AS-NEXT:    %vc = load float, ptr {{(addrspace\(1\) )?}}%
; AS:         %ph = getelementptr inbounds float, ptr addrspace(4) %{{.*}}, i64 1
; AS-NEXT:    %vh = load float, ptr addrspace(4) %ph
; AS-LABEL: define i1 @k_const_fits(
; AS-NOT:   @w_const

target triple = "nvptx64-nvidia-cuda"

define void @k(ptr %a, i64 %a_bytes, ptr %b, i64 %b_bytes, ptr %c, ptr %d, i64 %d_bytes, ptr %e, i64 %e_bytes, ptr %f, i64 %f_bytes, ptr %h, i64 %h_bytes, ptr %out, i64 %out_bytes) {
  %self = call ptr @llvm.hpvm.getNode()
  %parent = call ptr @llvm.hpvm.getParentNode(ptr %self)
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %blk = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %parent)
  %pa = getelementptr inbounds float, ptr %a, i64 %t
  %va = load float, ptr %pa
  %pb = getelementptr inbounds float, ptr %b, i64 3
  %vb = load float, ptr %pb
  %vc = load float, ptr %c
  call void @use(ptr %d)
  %fi = ptrtoint ptr %f to i64
  %s1 = fadd float %va, %vb
  %ph = getelementptr inbounds float, ptr %h, i64 1
  %vh = load float, ptr %ph
  %s2a = fadd float %s1, %vc
  %s2 = fadd float %s2a, %vh
  %po = getelementptr inbounds float, ptr %out, i64 %t
  store float %s2, ptr %po
  ret void
}
define void @grid(ptr %a, i64 %a_bytes, ptr %b, i64 %b_bytes, ptr %c, ptr %d, i64 %d_bytes, ptr %e, i64 %e_bytes, ptr %f, i64 %f_bytes, ptr %h, i64 %h_bytes, ptr %out, i64 %out_bytes) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @k, i64 64)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 2, i32 2, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 3, i32 3, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 4, i32 4, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 5, i32 5, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 6, i32 6, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 7, i32 7, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 8, i32 8, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 9, i32 9, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 10, i32 10, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 11, i32 11, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 12, i32 12, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 13, i32 13, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 14, i32 14, i1 false)
  ret void
}
define void @root(ptr %a, i64 %a_bytes, ptr %b, i64 %b_bytes, ptr %c, ptr %d, i64 %d_bytes, ptr %e, i64 %e_bytes, ptr %f, i64 %f_bytes, ptr %h, i64 %h_bytes, ptr %out, i64 %out_bytes, i64 %blocks) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @grid, i64 %blocks)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}
define void @w(ptr %w, i128 %wb, ptr %o, i64 %ob) {
  %v = load float, ptr %w
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %po = getelementptr inbounds float, ptr %o, i64 %t
  store float %v, ptr %po
  ret void
}
define void @w.grid(ptr %w, i128 %wb, ptr %o, i64 %ob) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @w, i64 32)
  call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 2, i32 2, i1 false)
  call void @llvm.hpvm.bind.input(ptr %l, i32 3, i32 3, i1 false)
  ret void
}
define void @w.root(ptr %w, i128 %wb, ptr %o, i64 %ob) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @w.grid, i64 2)
  call void @llvm.hpvm.bind.input(ptr %g, i32 0, i32 0, i1 false)
  ret void
}
declare void @use(ptr)
declare ptr @llvm.hpvm.getNode()
declare ptr @llvm.hpvm.getParentNode(ptr)
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)
declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1)

; A leaf whose name PTX rejects (`scale.rows`) becomes kernel @scale_rows, and
; under constmem two uniformly read inputs share the pool: the first at 0,
; the second after the first's size rounded up to 16; the host guard adds
; both rounded sizes. `x`, indexed by the thread, stays global.
;
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmem>' -S %s \
; RUN:   | llc -mcpu=sm_80 | FileCheck --check-prefix=PTX %s

; CHECK-LABEL: void @scale_rows_const(ptr %x, i64 %xb, ptr %a, i64 %ab, ptr %b, i64 %bb)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    [[U:%.*]] = add i64 %ab, 15
; CHECK-NEXT:    [[R:%.*]] = and i64 [[U]], -16
; CHECK-NEXT:    [[B:%.*]] = getelementptr i8, ptr addrspace(4) @scale_rows_const_pool, i64 [[R]]
; CHECK-NEXT:    [[BG:%.*]] = addrspacecast ptr addrspace(4) [[B]] to ptr
; CHECK:         load float, ptr addrspacecast (ptr addrspace(4) @scale_rows_const_pool to ptr)
; CHECK:         load float, ptr [[BG]]
; CHECK:         getelementptr inbounds float, ptr %x, i64 %t
; CHECK-LABEL: define i1 @scale_rows_const_fits(i64 %0, i64 %1)
; CHECK:         icmp ule i64 {{.*}}, 65536

; PTX: .entry scale_rows(
; PTX: .entry scale_rows_const(
; PTX: ld.const.{{[bf]}}32

target triple = "nvptx64-nvidia-cuda"

define void @scale.rows(ptr %x, i64 %xb, ptr %a, i64 %ab, ptr %b, i64 %bb) {
entry:
  %self = call ptr @llvm.hpvm.getNode()
  %t = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %self)
  %av = load float, ptr %a
  %bv = load float, ptr %b
  %xp = getelementptr inbounds float, ptr %x, i64 %t
  %xv = load float, ptr %xp
  %m = fmul float %xv, %av
  %r = fadd float %m, %bv
  store float %r, ptr %xp
  ret void
}

define void @grid(ptr %x, i64 %xb, ptr %a, i64 %ab, ptr %b, i64 %bb) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @scale.rows, i64 128)
  ret void
}

define void @root(ptr %x, i64 %xb, ptr %a, i64 %ab, ptr %b, i64 %bb, i64 %n) {
  %g = call ptr @llvm.hpvm.createNode1D(ptr @grid, i64 %n)
  ret void
}

declare ptr @llvm.hpvm.getNode()
declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr)
declare ptr @llvm.hpvm.createNode1D(ptr, i64)

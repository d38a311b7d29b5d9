; gpucc-invariant-loads marks a kernel's loads from its noalias readonly
; pointer arguments !invariant.load, however many steps the address takes;
; anything that may reach other memory is left alone.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-invariant-loads -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-invariant-loads -pass-remarks=gpucc-invariant-loads -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; Without the pass, llc 16 reads the end of the long chain with a plain
; ld.global; with it, that load is ld.global.nc too: one more. llc 22 looks
; further back by itself: no difference there.
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 %s -o %t.plain.ptx
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-invariant-loads %s | llc -O3 -march=nvptx64 -mcpu=sm_80 -o %t.nc.ptx
; RUN: echo $(grep -c 'ld.global.nc' %t.nc.ptx) $(grep -c 'ld.global.nc' %t.plain.ptx) \
; RUN:   | awk '{ print "nc loads added:", $1 - $2 }' \
; RUN:   | FileCheck --check-prefix=NC%llvm %s
; NC16: nc loads added: 1
; NC22: nc loads added: 0
; AMDGPU modules come back byte for byte.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-invariant-loads -S < %s > %t.amdgpu.ll
; RUN: opt -mtriple=amdgcn-amd-amdhsa -passes=verify -S < %s > %t.amdgpu.untouched.ll
; RUN: diff %t.amdgpu.untouched.ll %t.amdgpu.ll

target triple = "nvptx64-nvidia-cuda"

; Eight steps from %in, then through a phi and a select of two such
; pointers: all invariant. A load of %out (written) and one of %maybe (not
; noalias) are not.
; CHECK-LABEL: define ptx_kernel void @chain(
; CHECK:         load float, ptr addrspace(1) %p0, align 4, !invariant.load [[EMPTY:![0-9]+]]
; CHECK:         load float, ptr addrspace(1) %p8, align 4, !invariant.load [[EMPTY]]
; CHECK:         load float, ptr addrspace(1) %sel, align 4, !invariant.load [[EMPTY]]
; CHECK:         load float, ptr addrspace(1) %q, align 4, !invariant.load [[EMPTY]]
; CHECK:         load float, ptr addrspace(1) %o, align 4{{$}}
; CHECK:         load float, ptr addrspace(1) %m, align 4{{$}}
; CHECK:         load volatile float, ptr addrspace(1) %p1, align 4{{$}}
; CHECK:         load float, ptr addrspace(1) %mixed, align 4{{$}}
; REMARK: remark: <unknown>:0:0: marked 4 loads from read-only kernel arguments invariant
define ptx_kernel void @chain(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out,
                              ptr addrspace(1) readonly %maybe, i64 %s, i1 %c, i64 %n) {
entry:
  %p0 = getelementptr float, ptr addrspace(1) %in, i64 %s
  %v0 = load float, ptr addrspace(1) %p0, align 4
  %p1 = getelementptr float, ptr addrspace(1) %p0, i64 %s
  %p2 = getelementptr float, ptr addrspace(1) %p1, i64 %s
  %p3 = getelementptr float, ptr addrspace(1) %p2, i64 %s
  %p4 = getelementptr float, ptr addrspace(1) %p3, i64 %s
  %p5 = getelementptr float, ptr addrspace(1) %p4, i64 %s
  %p6 = getelementptr float, ptr addrspace(1) %p5, i64 %s
  %p7 = getelementptr float, ptr addrspace(1) %p6, i64 %s
  %p8 = getelementptr float, ptr addrspace(1) %p7, i64 %s
  %v8 = load float, ptr addrspace(1) %p8, align 4
  %sel = select i1 %c, ptr addrspace(1) %p2, ptr addrspace(1) %p5
  %vs = load float, ptr addrspace(1) %sel, align 4
  br label %loop

loop:
  %q = phi ptr addrspace(1) [ %in, %entry ], [ %q.next, %loop ]
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %vq = load float, ptr addrspace(1) %q, align 4
  %acc.next = fadd float %acc, %vq
  %q.next = getelementptr float, ptr addrspace(1) %q, i64 %s
  %i.next = add i64 %i, 1
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %o = getelementptr float, ptr addrspace(1) %out, i64 1
  %vo = load float, ptr addrspace(1) %o, align 4
  %m = getelementptr float, ptr addrspace(1) %maybe, i64 1
  %vm = load float, ptr addrspace(1) %m, align 4
  %vv = load volatile float, ptr addrspace(1) %p1, align 4
  %mixed = select i1 %c, ptr addrspace(1) %p2, ptr addrspace(1) %o
  %vx = load float, ptr addrspace(1) %mixed, align 4
  %s1 = fadd float %v0, %v8
  %s2 = fadd float %s1, %vs
  %s3 = fadd float %s2, %acc.next
  %s4 = fadd float %s3, %vo
  %s5 = fadd float %s4, %vm
  %s6 = fadd float %s5, %vv
  %s7 = fadd float %s6, %vx
  store float %s7, ptr addrspace(1) %out, align 4
  ret void
}

; A device function's noalias readonly argument promises less: left alone.
; CHECK-LABEL: define float @device(
; CHECK:         load float, ptr addrspace(1) %in, align 4{{$}}
define float @device(ptr addrspace(1) noalias readonly %in) {
  %v = load float, ptr addrspace(1) %in, align 4
  ret float %v
}

; CHECK: [[EMPTY]] = !{}

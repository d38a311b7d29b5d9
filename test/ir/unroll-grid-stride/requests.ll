; gpucc-unroll-grid-stride asks LLVM's unroller (llvm.loop.unroll.count) to
; unroll loops whose induction variable steps by a run-time value, and only
; those; with the unroller after it, the loop reads eight elements per trip.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-unroll-grid-stride<count=4>' -S %s | FileCheck --check-prefix=FOUR %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -pass-remarks=gpucc-unroll-grid-stride \
; RUN:     -pass-remarks-missed=gpucc-unroll-grid-stride -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-unroll-grid-stride,loop-unroll<O3>' -S %s \
; RUN:   | FileCheck --check-prefix=UNROLLED %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -passes='loop-unroll<O3>' -S %s \
; RUN:   | FileCheck --check-prefix=ROLLED %s
;
; Host code is left alone, byte for byte.
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -S < %s > %t.host.ll
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -passes=verify -S < %s > %t.host.untouched.ll
; RUN: diff %t.host.untouched.ll %t.host.ll
;
; A count outside 2..32 is an error naming the pass and the parameter.
; RUN: not opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes='gpucc-unroll-grid-stride<count=1>' -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=BAD %s
; BAD: gpucc-unroll-grid-stride: {{.*}}count{{.*}}2 to 32

; The grid-stride sum: i += stride, stride known only at run time. Other
; properties of the loop ID (mustprogress) stay. Its 8 instructions get
; LLVM's own runtime count, 8 (8 x 8 <= 75); <count=4> asks for 4.
; CHECK-LABEL: define float @sum(
; CHECK:         br i1 %more, label %loop, label %exit, !llvm.loop [[SUM:![0-9]+]]
; FOUR-LABEL: define float @sum(
; FOUR:         br i1 %more, label %loop, label %exit, !llvm.loop [[SUM4:![0-9]+]]
; REMARK: remark: <unknown>:0:0: grid-stride loop: requested unroll count 8
; UNROLLED-LABEL: define float @sum(
; UNROLLED:       udiv
; UNROLLED-COUNT-8: load float
; UNROLLED:       br i1 {{.*}}, !llvm.loop
; ROLLED-LABEL: define float @sum(
; ROLLED-COUNT-1: load float
; ROLLED-NOT:     load float
; ROLLED-LABEL: define float @constant_step(
define float @sum(ptr addrspace(1) %in, i64 %start, i64 %stride, i64 %n) {
entry:
  %any = icmp slt i64 %start, %n
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !0

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  ret float %r
}

; A constant step: LLVM's own heuristics decide; nothing is requested.
; CHECK-LABEL: define float @constant_step(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
define float @constant_step(ptr addrspace(1) %in, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nsw i64 %i, 3
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret float %acc.next
}

; Left alone, each with a missed remark: a loop with an atomic, one that
; calls a function, one with a barrier, one with the user's pragma, one too
; large.
; CHECK-LABEL: define void @atomic(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
; REMARK: remark: <unknown>:0:0: grid-stride loop not unrolled: it has atomic operations
define void @atomic(ptr addrspace(3) %bins, i64 %start, i64 %stride, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  %b = and i64 %i, 63
  %p = getelementptr inbounds i32, ptr addrspace(3) %bins, i64 %b
  %old = atomicrmw add ptr addrspace(3) %p, i32 1 monotonic
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

declare void @work(i64)

; CHECK-LABEL: define void @calls(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
; REMARK: remark: <unknown>:0:0: grid-stride loop not unrolled: it calls a function or synchronizes
define void @calls(i64 %start, i64 %stride, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  call void @work(i64 %i)
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: define void @barrier(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
; REMARK: remark: <unknown>:0:0: grid-stride loop not unrolled: it calls a function or synchronizes
define void @barrier(i64 %start, i64 %stride, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  call void @llvm.nvvm.barrier0()
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define float @pragma(
; CHECK:         br i1 %more, label %loop, label %exit, !llvm.loop [[KEEP:![0-9]+]]
; REMARK: remark: <unknown>:0:0: grid-stride loop not unrolled: it already has unroll metadata
define float @pragma(ptr addrspace(1) %in, i64 %start, i64 %stride, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !2

exit:
  ret float %acc.next
}

; CHECK-LABEL: define float @large(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
; REMARK: remark: <unknown>:0:0: grid-stride loop not unrolled: 52 instructions (at most 48)
define float @large(ptr addrspace(1) %in, i64 %start, i64 %stride, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %a45, %loop ]
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %i
  %v = load float, ptr addrspace(1) %p, align 4
  %a1 = fadd float %acc, %v
  %a2 = fmul float %a1, %v
  %a3 = fadd float %a2, %v
  %a4 = fmul float %a3, %v
  %a5 = fadd float %a4, %v
  %a6 = fmul float %a5, %v
  %a7 = fadd float %a6, %v
  %a8 = fmul float %a7, %v
  %a9 = fadd float %a8, %v
  %a10 = fmul float %a9, %v
  %a11 = fadd float %a10, %v
  %a12 = fmul float %a11, %v
  %a13 = fadd float %a12, %v
  %a14 = fmul float %a13, %v
  %a15 = fadd float %a14, %v
  %a16 = fmul float %a15, %v
  %a17 = fadd float %a16, %v
  %a18 = fmul float %a17, %v
  %a19 = fadd float %a18, %v
  %a20 = fmul float %a19, %v
  %a21 = fadd float %a20, %v
  %a22 = fmul float %a21, %v
  %a23 = fadd float %a22, %v
  %a24 = fmul float %a23, %v
  %a25 = fadd float %a24, %v
  %a26 = fmul float %a25, %v
  %a27 = fadd float %a26, %v
  %a28 = fmul float %a27, %v
  %a29 = fadd float %a28, %v
  %a30 = fmul float %a29, %v
  %a31 = fadd float %a30, %v
  %a32 = fmul float %a31, %v
  %a33 = fadd float %a32, %v
  %a34 = fmul float %a33, %v
  %a35 = fadd float %a34, %v
  %a36 = fmul float %a35, %v
  %a37 = fadd float %a36, %v
  %a38 = fmul float %a37, %v
  %a39 = fadd float %a38, %v
  %a40 = fmul float %a39, %v
  %a41 = fadd float %a40, %v
  %a42 = fmul float %a41, %v
  %a43 = fadd float %a42, %v
  %a44 = fmul float %a43, %v
  %a45 = fadd float %a44, %v
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret float %a45
}

; CHECK-DAG: [[SUM]] = distinct !{[[SUM]], [[MP:![0-9]+]], [[COUNT:![0-9]+]]}
; CHECK-DAG: [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG: [[COUNT]] = !{!"llvm.loop.unroll.count", i32 8}
; CHECK-DAG: [[KEEP]] = distinct !{[[KEEP]], [[DISABLE:![0-9]+]]}
; CHECK-DAG: [[DISABLE]] = !{!"llvm.loop.unroll.disable"}
; FOUR-DAG: [[SUM4]] = distinct !{[[SUM4]], {{![0-9]+}}, [[COUNT4:![0-9]+]]}
; FOUR-DAG: [[COUNT4]] = !{!"llvm.loop.unroll.count", i32 4}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.mustprogress"}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.unroll.disable"}

; gpucc-unroll-grid-stride asks for unrolling only where it pays (issue 32):
; - the body must be cheap against the loop overhead it saves (three
;   64-bit divisions: the overhead is noise, the code triples);
; - the bound must not be a small constant (a block-stride walk over a
;   256-entry shared tile runs one trip per thread in a block of 256).
; Each refusal is a missed remark naming the reason. @countable is the
; control: an i64 index with nsw, a computable trip count, a cheap body; and
; @unsigned_index is unrolled although scalar evolution cannot count its
; trips (the index may wrap: every copy keeps its exit test), since such
; loops still gain per iteration on bench/growth.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-unroll-grid-stride -pass-remarks-missed=gpucc-unroll-grid-stride \
; RUN:     -pass-remarks=gpucc-unroll-grid-stride -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s

; REMARK: grid-stride loop: requested unroll count 8
; REMARK: grid-stride loop not unrolled: its body costs {{[0-9]+}} (latency)
; REMARK: grid-stride loop not unrolled: it runs to the constant 256
; REMARK: grid-stride loop: requested unroll count 8

; for (unsigned i = tid; i < n; i += stride) acc += in[i];
; CHECK-LABEL: define float @unsigned_index(
; CHECK:         br i1 %more, label %loop, label %exit, !llvm.loop
define float @unsigned_index(ptr addrspace(1) %in, i32 %start, i32 %stride, i32 %n) {
entry:
  %any = icmp ult i32 %start, %n
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i32 [ %start, %entry ], [ %i.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %w = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %in, i64 %w
  %v = load float, ptr addrspace(1) %p, align 4
  %acc.next = fadd float %acc, %v
  %i.next = add i32 %i, %stride
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  ret float %r
}

; for (long i = tid; i < n; i += stride) out[i] = in[i] / a + in[i] / b + in[i] % c;
; (mustprogress, as clang gives C++ loops: the trip count is computable.)
; CHECK-LABEL: define void @three_divisions(
; CHECK:         br i1 %more, label %loop, label %exit, !llvm.loop [[PLAIN:![0-9]+]]{{$}}
define void @three_divisions(ptr addrspace(1) %in, ptr addrspace(1) %out, i64 %start,
                             i64 %stride, i64 %n, i64 %a, i64 %b, i64 %c) {
entry:
  %any = icmp slt i64 %start, %n
  br i1 %any, label %loop, label %exit

loop:
  %i = phi i64 [ %start, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i64, ptr addrspace(1) %in, i64 %i
  %v = load i64, ptr addrspace(1) %p, align 8
  %d1 = sdiv i64 %v, %a
  %d2 = sdiv i64 %v, %b
  %d3 = srem i64 %v, %c
  %s1 = add i64 %d1, %d2
  %s2 = add i64 %s1, %d3
  %q = getelementptr inbounds i64, ptr addrspace(1) %out, i64 %i
  store i64 %s2, ptr addrspace(1) %q, align 8
  %i.next = add nsw i64 %i, %stride
  %more = icmp slt i64 %i.next, %n
  br i1 %more, label %loop, label %exit, !llvm.loop !0

exit:
  ret void
}

; for (long b = tid; b < 256; b += ntid) bins[b] = 0;
; CHECK-LABEL: define void @shared_tile_init(
; CHECK:         br i1 %more, label %loop, label %exit{{$}}
define void @shared_tile_init(ptr addrspace(3) %bins, i64 %start, i64 %ntid) {
entry:
  %any = icmp slt i64 %start, 256
  br i1 %any, label %loop, label %exit

loop:
  %b = phi i64 [ %start, %entry ], [ %b.next, %loop ]
  %p = getelementptr inbounds i32, ptr addrspace(3) %bins, i64 %b
  store i32 0, ptr addrspace(3) %p, align 4
  %b.next = add nsw i64 %b, %ntid
  %more = icmp slt i64 %b.next, 256
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define float @countable(
; CHECK:         br i1 %more, label %loop, label %exit, !llvm.loop [[COUNT:![0-9]+]]
; CHECK-DAG:   [[PLAIN]] = distinct !{[[PLAIN]], [[MP:![0-9]+]]}
; CHECK-DAG:   [[MP]] = !{!"llvm.loop.mustprogress"}
; CHECK-DAG:   [[COUNT]] = distinct !{[[COUNT]], [[MP]], [[UC:![0-9]+]]}
; CHECK-DAG:   [[UC]] = !{!"llvm.loop.unroll.count", i32 8}
define float @countable(ptr addrspace(1) %in, i64 %start, i64 %stride, i64 %n) {
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
  br i1 %more, label %loop, label %exit, !llvm.loop !1

exit:
  %r = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  ret float %r
}

!0 = distinct !{!0, !2}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.mustprogress"}

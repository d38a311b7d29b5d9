; gpucc-flatten-guards folds an outer guard into the guards of the copies it
; protects (transpose's `if (x < w) { if (y < h) copy0; if (y + 8 < h)
; copy1; }`), with `select`, so that no copy is nested and a poison inner
; test under a false outer one is never branched on.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -S %s | FileCheck %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -S %s | FileCheck --check-prefix=HOST %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -pass-remarks=gpucc-flatten-guards -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: not opt -load-pass-plugin=%plugin -passes='gpucc-flatten-guards<count=2>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=BADPARAM %s

; REMARK: remark: {{.*}}folded the guard of %entry into its 2 inner guards (7 instructions run unguarded)
; REMARK: remark: {{.*}}folded the guard of %entry into its 2 inner guards (3 instructions run unguarded)
; REMARK: remark: {{.*}}folded the guard of %entry into its 2 inner guards (3 instructions run unguarded)
; REMARK-NOT: remark
; BADPARAM: gpucc-flatten-guards{{.*}}count

declare void @llvm.nvvm.barrier0()

; CHECK-LABEL: @two_copies(
; CHECK:       entry:
; CHECK-NEXT:    %c = icmp slt i32 %x, %w
; CHECK-NEXT:    br label %s0
; CHECK:       s0:
; CHECK:         [[G0:%guard[0-9]*]] = select i1 %c, i1 %c0, i1 false
; CHECK-NEXT:    br i1 [[G0]], label %b0, label %s1
; CHECK:       s1:
; CHECK-NEXT:    %y1 = add nsw i32 %y, 8
; CHECK:         [[G1:%guard[0-9]*]] = select i1 %c, i1 %c1, i1 false
; CHECK-NEXT:    br i1 [[G1]], label %b1, label %join
; CHECK:       join:
; CHECK-NEXT:    call void @llvm.nvvm.barrier
; HOST-LABEL: @two_copies(
; HOST:         br i1 %c, label %s0, label %join
; HOST-NOT:     select
define void @two_copies(ptr %in, ptr addrspace(3) %t, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  %i0 = sext i32 %y to i64
  %p0 = getelementptr float, ptr %in, i64 %i0
  br i1 %c0, label %b0, label %s1
b0:
  %v0 = load float, ptr %p0, align 4
  store float %v0, ptr addrspace(3) %t, align 4
  br label %s1
s1:
  %y1 = add nsw i32 %y, 8
  %c1 = icmp slt i32 %y1, %h
  %i1 = sext i32 %y1 to i64
  %p1 = getelementptr float, ptr %in, i64 %i1
  br i1 %c1, label %b1, label %join
b1:
  %v1 = load float, ptr %p1, align 4
  %q1 = getelementptr float, ptr addrspace(3) %t, i64 8
  store float %v1, ptr addrspace(3) %q1, align 4
  br label %join
join:
  call void @llvm.nvvm.barrier0()
  ret void
}

; The region runs when %c is false, and the first body sits on its test's
; false side: each select keeps the body's edge off when the region did not
; run. A constant branch with an empty dead side (what full unrolling
; leaves) is walked through.
; CHECK-LABEL: @inverted(
; CHECK:       entry:
; CHECK-NEXT:    %c = icmp sge i32 %x, %w
; CHECK-NEXT:    br label %s0
; CHECK:         [[G0:%guard[0-9]*]] = select i1 %c, i1 true, i1 %c0
; CHECK-NEXT:    br i1 [[G0]], label %s1, label %b0
; CHECK:       s1:
; CHECK-NEXT:    br i1 true, label %s2, label %dead
; CHECK:         [[G1:%guard[0-9]*]] = select i1 %c, i1 false, i1 %c1
; CHECK-NEXT:    br i1 [[G1]], label %b1, label %join
define void @inverted(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp sge i32 %x, %w
  br i1 %c, label %join, label %s0
s0:
  %c0 = icmp sge i32 %y, %h
  br i1 %c0, label %s1, label %b0
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  br i1 true, label %s2, label %dead
dead:
  br label %join
s2:
  %y1 = add i32 %y, 8
  %c1 = icmp slt i32 %y1, %h
  br i1 %c1, label %b1, label %join
b1:
  %q = getelementptr i32, ptr %out, i64 1
  store i32 1, ptr %q, align 4
  br label %join
join:
  ret void
}

; Phis inside the region (a value merged after a body) stay inside it.
; CHECK-LABEL: @phi_inside(
; CHECK:         br label %s0
; CHECK:         select i1 %c, i1 %c0, i1 false
; CHECK:         select i1 %c, i1 %c1, i1 false
define void @phi_inside(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  %v = load i32, ptr %out, align 4
  br label %s1
s1:
  %m = phi i32 [ %v, %b0 ], [ 7, %s0 ]
  %c1 = icmp slt i32 %m, %h
  %y1 = add i32 %y, %m
  br i1 %c1, label %b1, label %join
b1:
  store i32 %y1, ptr %out, align 4
  br label %join
join:
  ret void
}

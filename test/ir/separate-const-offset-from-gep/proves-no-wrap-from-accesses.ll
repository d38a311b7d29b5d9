; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; The convolution's rows (bench/kernels/conv2d_constant.cu, reduced to three
; rows and one column offset): after InstCombine, row y + dy loads
; p[sext(((y + dy) *nsw w + x) + 2)] with no nsw on either add. No single
; fact bounds that, but together they do (analysis/no_wrap.rs): the guards
; give x >= 2, y >= 2 and x <= w - 3, and the loads of the other rows run in
; the same block, so their `mul nsw` rows are exact: (y + 1) * w <= INT_MAX.
; Then (y - 1) * w + x + 2 <= y * w - 1 and y * w + x + 2 <= (y + 1) * w - 1
; fit; the last row has nothing above it (y = 2, w = 536870911, x = 4 make
; it INT_MAX + 1) and keeps its constant. Each variant takes one fact away.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @opaque()

; Rows y - 1 and y are split; row y + 1 is refused.
; CHECK-LABEL: @rows(
; CHECK:         [[Iqm:%.*]] = sext i32 %im to i64
; CHECK-NEXT:    [[Bqm:%.*]] = getelementptr float, ptr %p, i64 [[Iqm]]
; V16-NEXT:      %qm = getelementptr float, ptr [[Bqm]], i64 2
; V22-NEXT:      %qm = getelementptr i8, ptr [[Bqm]], i64 8
; CHECK:         [[Iq0:%.*]] = sext i32 %i0 to i64
; CHECK-NEXT:    [[Bq0:%.*]] = getelementptr float, ptr %p, i64 [[Iq0]]
; V16-NEXT:      %q0 = getelementptr float, ptr [[Bq0]], i64 2
; V22-NEXT:      %q0 = getelementptr i8, ptr [[Bq0]], i64 8
; CHECK:         %ap = add i32 %ip, 2
; CHECK-NEXT:    %sp = sext i32 %ap to i64
; CHECK-NEXT:    %qp = getelementptr inbounds float, ptr %p, i64 %sp
; REMARK: remark: {{.*}}%am cannot wrap where %qm uses it: what is known around the GEP bounds it (value ranges, the conditions guarding it, the accesses that run with it); its constant leaves the sext
; REMARK: remark: {{.*}}%a0 cannot wrap where %q0 uses it: what is known around the GEP bounds it
; REMARK: remark: {{.*}}the constant in %ap stays in %qp's index: the sext around it does not distribute over an operation without nsw, and no guard, range or access around the GEP proves that it cannot wrap; mark it nsw if it cannot wrap
define float @rows(ptr %p, i32 %x, i32 %y, i32 %w) {
entry:
  %gx = icmp sgt i32 %x, 1
  %gy = icmp sgt i32 %y, 1
  %gxy = and i1 %gx, %gy
  %w2 = add nsw i32 %w, -2
  %gw = icmp slt i32 %x, %w2
  %g = select i1 %gxy, i1 %gw, i1 false
  br i1 %g, label %body, label %exit
body:
  %ym = add nsw i32 %y, -1
  %rm = mul nsw i32 %ym, %w
  %im = add i32 %rm, %x
  %am = add i32 %im, 2
  %sm = sext i32 %am to i64
  %qm = getelementptr inbounds float, ptr %p, i64 %sm
  %vm = load float, ptr %qm
  %r0 = mul nsw i32 %y, %w
  %i0 = add i32 %r0, %x
  %a0 = add i32 %i0, 2
  %s0 = sext i32 %a0 to i64
  %q0 = getelementptr inbounds float, ptr %p, i64 %s0
  %v0 = load float, ptr %q0
  %yp = add nsw i32 %y, 1
  %rp = mul nsw i32 %yp, %w
  %ip = add i32 %rp, %x
  %ap = add i32 %ip, 2
  %sp = sext i32 %ap to i64
  %qp = getelementptr inbounds float, ptr %p, i64 %sp
  %vp = load float, ptr %qp
  %s1 = fadd float %vm, %v0
  %r = fadd float %s1, %vp
  ret float %r
exit:
  ret float 0.0
}

; The guard weakened to x < w: y * w + x + 2 may be (y + 1) * w + 1, one
; past what row y + 1 bounds. Row y - 1 still fits (below y * w + 1).
; CHECK-LABEL: @weak_guard(
; CHECK:         [[Iqm:%.*]] = sext i32 %im to i64
; CHECK-NEXT:    [[Bqm:%.*]] = getelementptr float, ptr %p, i64 [[Iqm]]
; V16-NEXT:      %qm = getelementptr float, ptr [[Bqm]], i64 2
; V22-NEXT:      %qm = getelementptr i8, ptr [[Bqm]], i64 8
; CHECK:         %a0 = add i32 %i0, 2
; CHECK-NEXT:    %s0 = sext i32 %a0 to i64
; CHECK-NEXT:    %q0 = getelementptr inbounds float, ptr %p, i64 %s0
; CHECK:         %ap = add i32 %ip, 2
; CHECK-NEXT:    %sp = sext i32 %ap to i64
; CHECK-NEXT:    %qp = getelementptr inbounds float, ptr %p, i64 %sp
; REMARK: remark: {{.*}}%am cannot wrap where %qm uses it
; REMARK: remark: {{.*}}the constant in %a0 stays in %q0's index
; REMARK: remark: {{.*}}the constant in %ap stays in %qp's index
define float @weak_guard(ptr %p, i32 %x, i32 %y, i32 %w) {
entry:
  %gx = icmp sgt i32 %x, 1
  %gy = icmp sgt i32 %y, 1
  %gxy = and i1 %gx, %gy
  %w2 = add nsw i32 %w, -2
  %gw = icmp slt i32 %x, %w
  %g = select i1 %gxy, i1 %gw, i1 false
  br i1 %g, label %body, label %exit
body:
  %ym = add nsw i32 %y, -1
  %rm = mul nsw i32 %ym, %w
  %im = add i32 %rm, %x
  %am = add i32 %im, 2
  %sm = sext i32 %am to i64
  %qm = getelementptr inbounds float, ptr %p, i64 %sm
  %vm = load float, ptr %qm
  %r0 = mul nsw i32 %y, %w
  %i0 = add i32 %r0, %x
  %a0 = add i32 %i0, 2
  %s0 = sext i32 %a0 to i64
  %q0 = getelementptr inbounds float, ptr %p, i64 %s0
  %v0 = load float, ptr %q0
  %yp = add nsw i32 %y, 1
  %rp = mul nsw i32 %yp, %w
  %ip = add i32 %rp, %x
  %ap = add i32 %ip, 2
  %sp = sext i32 %ap to i64
  %qp = getelementptr inbounds float, ptr %p, i64 %sp
  %vp = load float, ptr %qp
  %s1 = fadd float %vm, %v0
  %r = fadd float %s1, %vp
  ret float %r
exit:
  ret float 0.0
}

; A call that may not return comes before row y + 1's load: that load may
; never run, and row y loses its bound. Row y - 1 keeps row y's.
; CHECK-LABEL: @last_row_after_call(
; CHECK:         [[Iqm:%.*]] = sext i32 %im to i64
; CHECK-NEXT:    [[Bqm:%.*]] = getelementptr float, ptr %p, i64 [[Iqm]]
; V16-NEXT:      %qm = getelementptr float, ptr [[Bqm]], i64 2
; V22-NEXT:      %qm = getelementptr i8, ptr [[Bqm]], i64 8
; CHECK:         %a0 = add i32 %i0, 2
; CHECK-NEXT:    %s0 = sext i32 %a0 to i64
; CHECK-NEXT:    %q0 = getelementptr inbounds float, ptr %p, i64 %s0
; REMARK: remark: {{.*}}%am cannot wrap where %qm uses it
; REMARK: remark: {{.*}}the constant in %a0 stays in %q0's index
define float @last_row_after_call(ptr %p, i32 %x, i32 %y, i32 %w) {
entry:
  %gx = icmp sgt i32 %x, 1
  %gy = icmp sgt i32 %y, 1
  %gxy = and i1 %gx, %gy
  %w2 = add nsw i32 %w, -2
  %gw = icmp slt i32 %x, %w2
  %g = select i1 %gxy, i1 %gw, i1 false
  br i1 %g, label %body, label %exit
body:
  %ym = add nsw i32 %y, -1
  %rm = mul nsw i32 %ym, %w
  %im = add i32 %rm, %x
  %am = add i32 %im, 2
  %sm = sext i32 %am to i64
  %qm = getelementptr inbounds float, ptr %p, i64 %sm
  %vm = load float, ptr %qm
  %r0 = mul nsw i32 %y, %w
  %i0 = add i32 %r0, %x
  %a0 = add i32 %i0, 2
  %s0 = sext i32 %a0 to i64
  %q0 = getelementptr inbounds float, ptr %p, i64 %s0
  %v0 = load float, ptr %q0
  call void @opaque()
  %yp = add nsw i32 %y, 1
  %rp = mul nsw i32 %yp, %w
  %ip = add i32 %rp, %x
  %ap = add i32 %ip, 2
  %sp = sext i32 %ap to i64
  %qp = getelementptr inbounds float, ptr %p, i64 %sp
  %vp = load float, ptr %qp
  %s1 = fadd float %vm, %v0
  %r = fadd float %s1, %vp
  ret float %r
exit:
  ret float 0.0
}

; Row y + 1 is loaded on one path only: it bounds nothing.
; CHECK-LABEL: @last_row_conditional(
; CHECK:         [[Iqm:%.*]] = sext i32 %im to i64
; CHECK-NEXT:    [[Bqm:%.*]] = getelementptr float, ptr %p, i64 [[Iqm]]
; V16-NEXT:      %qm = getelementptr float, ptr [[Bqm]], i64 2
; V22-NEXT:      %qm = getelementptr i8, ptr [[Bqm]], i64 8
; CHECK:         %a0 = add i32 %i0, 2
; CHECK-NEXT:    %s0 = sext i32 %a0 to i64
; CHECK-NEXT:    %q0 = getelementptr inbounds float, ptr %p, i64 %s0
; REMARK: remark: {{.*}}%am cannot wrap where %qm uses it
; REMARK: remark: {{.*}}the constant in %a0 stays in %q0's index
define float @last_row_conditional(ptr %p, i32 %x, i32 %y, i32 %w) {
entry:
  %gx = icmp sgt i32 %x, 1
  %gy = icmp sgt i32 %y, 1
  %gxy = and i1 %gx, %gy
  %w2 = add nsw i32 %w, -2
  %gw = icmp slt i32 %x, %w2
  %g = select i1 %gxy, i1 %gw, i1 false
  br i1 %g, label %body, label %exit
body:
  %ym = add nsw i32 %y, -1
  %rm = mul nsw i32 %ym, %w
  %im = add i32 %rm, %x
  %am = add i32 %im, 2
  %sm = sext i32 %am to i64
  %qm = getelementptr inbounds float, ptr %p, i64 %sm
  %vm = load float, ptr %qm
  %r0 = mul nsw i32 %y, %w
  %i0 = add i32 %r0, %x
  %a0 = add i32 %i0, 2
  %s0 = sext i32 %a0 to i64
  %q0 = getelementptr inbounds float, ptr %p, i64 %s0
  %v0 = load float, ptr %q0
  %yp = add nsw i32 %y, 1
  %rp = mul nsw i32 %yp, %w
  %ip = add i32 %rp, %x
  %c = fcmp ogt float %v0, 0.0
  br i1 %c, label %last, label %done
last:
  %ap = add i32 %ip, 2
  %sp = sext i32 %ap to i64
  %qp = getelementptr inbounds float, ptr %p, i64 %sp
  %vp = load float, ptr %qp
  br label %done
done:
  %vpp = phi float [ %vp, %last ], [ 0.0, %body ]
  %s1 = fadd float %vm, %v0
  %r = fadd float %s1, %vpp
  ret float %r
exit:
  ret float 0.0
}

; The 3x3 submatrix (bench/kernels/fig6_submatrix_i32.cu), two rows: the
; store to out[(b + 1) * n +nsw (c + 1)] runs after the loads, so that sum
; fits. It bounds row b's b * n + c + 2 (n >= 3), and row b + 1's
; (b + 1) * n + c + 1 but not its (b + 1) * n + c + 2: refused at exactly one
; past the store's index.
; CHECK-LABEL: @submatrix_store(
; CHECK:         [[I:%.*]] = sext i32 %i0 to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %a, i64 [[I]]
; V16-NEXT:      %q0 = getelementptr float, ptr [[B]], i64 2
; V22-NEXT:      %q0 = getelementptr i8, ptr [[B]], i64 8
; CHECK:         %a1 = add i32 %i1, 2
; CHECK-NEXT:    %s1 = sext i32 %a1 to i64
; CHECK-NEXT:    %q1 = getelementptr inbounds float, ptr %a, i64 %s1
; REMARK: remark: {{.*}}%a0 cannot wrap where %q0 uses it
; REMARK: remark: {{.*}}the constant in %a1 stays in %q1's index
define void @submatrix_store(ptr %a, ptr %out, i32 %b, i32 %c, i32 %n) {
entry:
  %bok = icmp sgt i32 %b, -1
  %b2 = add nsw i32 %b, 2
  %gb = icmp slt i32 %b2, %n
  %c2 = add nsw i32 %c, 2
  %gc = icmp slt i32 %c2, %n
  %g1 = and i1 %bok, %gb
  %g = select i1 %g1, i1 %gc, i1 false
  br i1 %g, label %body, label %exit
body:
  %r0 = mul nsw i32 %b, %n
  %i0 = add i32 %r0, %c
  %a0 = add i32 %i0, 2
  %s0 = sext i32 %a0 to i64
  %q0 = getelementptr inbounds float, ptr %a, i64 %s0
  %v0 = load float, ptr %q0
  %b1 = add nsw i32 %b, 1
  %r1 = mul nsw i32 %b1, %n
  %i1 = add i32 %r1, %c
  %a1 = add i32 %i1, 2
  %s1 = sext i32 %a1 to i64
  %q1 = getelementptr inbounds float, ptr %a, i64 %s1
  %v1 = load float, ptr %q1
  %sum = fadd float %v0, %v1
  %c1 = add nsw i32 %c, 1
  %o = add nsw i32 %r1, %c1
  %os = sext i32 %o to i64
  %qo = getelementptr inbounds float, ptr %out, i64 %os
  store float %sum, ptr %qo
  ret void
exit:
  ret void
}

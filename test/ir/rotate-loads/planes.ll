; gpucc-rotate-loads: in a loop marching along z, the load of plane z+1 is
; next iteration's centre, and the centre is next iteration's plane z-1; the
; pass carries both in phis, so one plane load is left in the loop. Only
; loads through a noalias readonly argument, executed in every iteration.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-rotate-loads -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-rotate-loads -pass-remarks=gpucc-rotate-loads -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; Differential: the rewritten march computes what the original does (lli on
; the host, with the triple taken out after the pass).
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-rotate-loads -S %s | sed '/^target triple/d' > %t.rotated.ll
; RUN: sed '/^target triple/d' %s > %t.original.ll
; RUN: lli %t.original.ll > %t.original.out
; RUN: lli %t.rotated.ll > %t.rotated.out
; RUN: diff %t.original.out %t.rotated.out
; RUN: FileCheck --check-prefix=OUT %s < %t.rotated.out
; OUT: sum 802284
;
; Host code is left alone, byte for byte.
; RUN: sed 's/^target triple.*/target triple = "x86_64-unknown-linux-gnu"/' %s > %t.host.in.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-rotate-loads -S < %t.host.in.ll > %t.host.ll
; RUN: opt -passes=verify -S < %t.host.in.ll > %t.host.untouched.ll
; RUN: diff %t.host.untouched.ll %t.host.ll

target triple = "nvptx64-nvidia-cuda"

; out[i(z)] = in[i(z) - p] + 2 * in[i(z)] + in[i(z) + p], i(z) = z * p + x.
; CHECK-LABEL: define void @march(
; CHECK:       pre:
; CHECK:         [[C0:%.*]] = load float, ptr
; CHECK:         [[M0:%.*]] = load float, ptr
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK-NEXT:    [[C:%.*]] = phi float [ [[C0]], %pre ], [ %vp, %loop ]
; CHECK-NEXT:    [[M:%.*]] = phi float [ [[M0]], %pre ], [ [[C]], %loop ]
; CHECK-NOT:     load
; CHECK:         %vp = load float
; CHECK-NOT:     load
; CHECK:         br i1
; REMARK: remark: <unknown>:0:0: load %vc takes the value the previous iteration loaded
; REMARK: remark: <unknown>:0:0: load %vm takes the value the previous iteration loaded
define void @march(ptr noalias readonly %in, ptr noalias %out, i32 %x, i32 %p, i32 %n) {
entry:
  %any = icmp sgt i32 %n, 2
  br i1 %any, label %pre, label %exit

pre:
  br label %loop

loop:
  %z = phi i32 [ 1, %pre ], [ %z.next, %loop ]
  %zp = mul nsw i32 %z, %p
  %ic = add nsw i32 %zp, %x
  %im = sub nsw i32 %ic, %p
  %ip = add nsw i32 %ic, %p
  %sc = sext i32 %ic to i64
  %sm = sext i32 %im to i64
  %sp = sext i32 %ip to i64
  %ac = getelementptr inbounds float, ptr %in, i64 %sc
  %am = getelementptr inbounds float, ptr %in, i64 %sm
  %ap = getelementptr inbounds float, ptr %in, i64 %sp
  %vc = load float, ptr %ac, align 4
  %vm = load float, ptr %am, align 4
  %vp = load float, ptr %ap, align 4
  %c2 = fmul float %vc, 2.0
  %s1 = fadd float %vm, %c2
  %s2 = fadd float %s1, %vp
  %o = getelementptr inbounds float, ptr %out, i64 %sc
  store float %s2, ptr %o, align 4
  %z.next = add nuw nsw i32 %z, 1
  %last = add nsw i32 %n, -1
  %more = icmp slt i32 %z.next, %last
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; Left alone: memory the function writes (no readonly), memory another
; pointer may write (no noalias), and a load that not every iteration runs.
; CHECK-LABEL: define void @written(
; CHECK:       loop:
; CHECK-COUNT-2: load float
; CHECK-LABEL: define void @may_alias(
; CHECK:       loop:
; CHECK-COUNT-2: load float
; CHECK-LABEL: define void @conditional(
; CHECK:       loop:
; CHECK-NEXT:    phi i32
; CHECK-NOT:     phi float
define void @written(ptr noalias %in, i32 %p, i32 %n) {
entry:
  br label %loop

loop:
  %z = phi i32 [ 1, %entry ], [ %z.next, %loop ]
  %ic = mul nsw i32 %z, %p
  %ip = add nsw i32 %ic, %p
  %sc = sext i32 %ic to i64
  %sp = sext i32 %ip to i64
  %ac = getelementptr inbounds float, ptr %in, i64 %sc
  %ap = getelementptr inbounds float, ptr %in, i64 %sp
  %vc = load float, ptr %ac, align 4
  %vp = load float, ptr %ap, align 4
  %s = fadd float %vc, %vp
  store float %s, ptr %ap, align 4
  %z.next = add nuw nsw i32 %z, 1
  %more = icmp slt i32 %z.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define void @may_alias(ptr readonly %in, ptr %out, i32 %p, i32 %n) {
entry:
  br label %loop

loop:
  %z = phi i32 [ 1, %entry ], [ %z.next, %loop ]
  %ic = mul nsw i32 %z, %p
  %ip = add nsw i32 %ic, %p
  %sc = sext i32 %ic to i64
  %sp = sext i32 %ip to i64
  %ac = getelementptr inbounds float, ptr %in, i64 %sc
  %ap = getelementptr inbounds float, ptr %in, i64 %sp
  %vc = load float, ptr %ac, align 4
  %vp = load float, ptr %ap, align 4
  %s = fadd float %vc, %vp
  %o = getelementptr inbounds float, ptr %out, i64 %sc
  store float %s, ptr %o, align 4
  %z.next = add nuw nsw i32 %z, 1
  %more = icmp slt i32 %z.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

define void @conditional(ptr noalias readonly %in, ptr noalias %out, i32 %p, i32 %n, i1 %c) {
entry:
  br label %loop

loop:
  %z = phi i32 [ 1, %entry ], [ %z.next, %latch ]
  %ic = mul nsw i32 %z, %p
  %sc = sext i32 %ic to i64
  %ac = getelementptr inbounds float, ptr %in, i64 %sc
  %vc = load float, ptr %ac, align 4
  br i1 %c, label %then, label %latch

then:
  %ip = add nsw i32 %ic, %p
  %sp = sext i32 %ip to i64
  %ap = getelementptr inbounds float, ptr %in, i64 %sp
  %vp = load float, ptr %ap, align 4
  %o = getelementptr inbounds float, ptr %out, i64 %sc
  store float %vp, ptr %o, align 4
  br label %latch

latch:
  %z.next = add nuw nsw i32 %z, 1
  %more = icmp slt i32 %z.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

; The differential's driver: in[k] = k * 0.5 + 1, a march over 30 planes of
; 7, then the sum of out.
@in = internal global [256 x float] zeroinitializer, align 4
@out = internal global [256 x float] zeroinitializer, align 4
@fmt = private constant [8 x i8] c"sum %g\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  br label %fill

fill:
  %k = phi i64 [ 0, %entry ], [ %k.next, %fill ]
  %kf = sitofp i64 %k to float
  %h = fmul float %kf, 0.5
  %v = fadd float %h, 1.0
  %slot = getelementptr inbounds [256 x float], ptr @in, i64 0, i64 %k
  store float %v, ptr %slot, align 4
  %k.next = add i64 %k, 1
  %full = icmp eq i64 %k.next, 256
  br i1 %full, label %run, label %fill

run:
  call void @march(ptr @in, ptr @out, i32 3, i32 7, i32 30)
  br label %sum

sum:
  %j = phi i64 [ 0, %run ], [ %j.next, %sum ]
  %acc = phi double [ 0.0, %run ], [ %acc.next, %sum ]
  %oslot = getelementptr inbounds [256 x float], ptr @out, i64 0, i64 %j
  %ov = load float, ptr %oslot, align 4
  %od = fpext float %ov to double
  %jd = sitofp i64 %j to double
  %w = fmul double %od, %jd
  %acc.next = fadd double %acc, %w
  %j.next = add i64 %j, 1
  %done = icmp eq i64 %j.next, 256
  br i1 %done, label %print, label %sum

print:
  %r = call i32 (ptr, ...) @printf(ptr @fmt, double %acc.next)
  ret i32 0
}

; Two latches: the header's phis would need a value for each; left alone.
; CHECK-LABEL: define void @two_latches(
; CHECK:       loop:
; CHECK-NOT:     phi float
; CHECK-COUNT-2: load float
define void @two_latches(ptr noalias readonly %in, ptr noalias %out, i32 %p, i32 %n, i1 %c) {
entry:
  br label %loop

loop:
  %z = phi i32 [ 1, %entry ], [ %z.next, %again ], [ %z.next, %latch ]
  %ic = mul nsw i32 %z, %p
  %ip = add nsw i32 %ic, %p
  %sc = sext i32 %ic to i64
  %sp = sext i32 %ip to i64
  %ac = getelementptr inbounds float, ptr %in, i64 %sc
  %ap = getelementptr inbounds float, ptr %in, i64 %sp
  %vc = load float, ptr %ac, align 4
  %vp = load float, ptr %ap, align 4
  %s = fadd float %vc, %vp
  %o = getelementptr inbounds float, ptr %out, i64 %sc
  store float %s, ptr %o, align 4
  %z.next = add nuw nsw i32 %z, 1
  br i1 %c, label %again, label %latch

again:
  br label %loop

latch:
  %more = icmp slt i32 %z.next, %n
  br i1 %more, label %loop, label %exit

exit:
  ret void
}

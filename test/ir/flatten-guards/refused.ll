; gpucc-flatten-guards leaves a guarded region alone when running its
; unguarded part under a false outer test could be observed, when a
; convergent call would run under a different condition, or when the outer
; test saves nothing (one body).
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-flatten-guards -pass-remarks=gpucc-flatten-guards -disable-output %s 2>&1 \
; RUN:   | FileCheck --allow-empty --check-prefix=REMARK %s
; REMARK-NOT: remark

declare void @llvm.nvvm.barrier0()
declare i32 @opaque(i32)

; One body: nothing to fold.
; CHECK-LABEL: @one_body(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @one_body(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %join
b0:
  store i32 0, ptr %out, align 4
  br label %join
join:
  ret void
}

; A load between the copies would run where the guard said not to.
; CHECK-LABEL: @load_between(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @load_between(ptr %out, ptr %in, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  %l = load i32, ptr %in, align 4
  %c1 = icmp slt i32 %l, %h
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  ret void
}

; A division by a variable may trap (the guard may be what rules out zero).
; CHECK-LABEL: @division_between(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @division_between(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp ne i32 %w, 0
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  %q = sdiv i32 %x, %w
  %c1 = icmp slt i32 %q, %h
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  ret void
}

; A call between the copies, even a harmless-looking one, stays guarded.
; CHECK-LABEL: @call_between(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @call_between(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  %k = call i32 @opaque(i32 %y)
  %c1 = icmp slt i32 %k, %h
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  ret void
}

; A barrier in a copy: the threads that reach it together must not change.
; CHECK-LABEL: @barrier_in_body(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @barrier_in_body(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  call void @llvm.nvvm.barrier0()
  br label %s1
s1:
  %c1 = icmp slt i32 %y, 8
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  ret void
}

; A value of the region used after it would be defined where it was not.
; CHECK-LABEL: @used_after(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define i32 @used_after(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h) {
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  %y1 = add i32 %y, 8
  %c1 = icmp slt i32 %y1, %h
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  %r = phi i32 [ 0, %entry ], [ 1, %s1 ], [ 2, %b1 ]
  ret i32 %r
}

; A block of the region entered from outside it.
; CHECK-LABEL: @side_entry(
; CHECK:         br i1 %c, label %s0, label %join
; CHECK-NOT:     select
define void @side_entry(ptr %out, i32 %x, i32 %w, i32 %y, i32 %h, i1 %e) {
pre:
  br i1 %e, label %entry, label %s1
entry:
  %c = icmp slt i32 %x, %w
  br i1 %c, label %s0, label %join
s0:
  %c0 = icmp slt i32 %y, %h
  br i1 %c0, label %b0, label %s1
b0:
  store i32 0, ptr %out, align 4
  br label %s1
s1:
  %c1 = icmp slt i32 %y, 8
  br i1 %c1, label %b1, label %join
b1:
  store i32 1, ptr %out, align 4
  br label %join
join:
  ret void
}

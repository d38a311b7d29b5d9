; gpucc-loop-layout moves an innermost loop's exit block right after the
; loop's latch, so that SelectionDAG can make the back edge the latch's only
; branch; it moves nothing else.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-loop-layout -S %s | FileCheck %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-loop-layout -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-loop-layout -pass-remarks=gpucc-loop-layout -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; Host code is left alone, byte for byte.
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-loop-layout -S < %s > %t.host.ll
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -passes=verify -S < %s > %t.host.untouched.ll
; RUN: diff %t.host.untouched.ll %t.host.ll

; The unroller's shape: the remainder (the unrolled loop's exit) comes
; before the unrolled loop. After: loop, then its exit.
; CHECK-LABEL: define i32 @unrolled(
; CHECK:       entry:
; CHECK:       done:
; CHECK:       loop:
; CHECK:         br i1 %exitcond, label %rem, label %loop
; CHECK-EMPTY:
; CHECK-NEXT:  rem:
; REMARK: remark: <unknown>:0:0: placed loop exit %rem after its latch %loop
define i32 @unrolled(i32 %n) {
entry:
  %big = icmp sgt i32 %n, 4
  br i1 %big, label %loop, label %rem

rem:
  %r = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  br label %done

done:
  ret i32 %r

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 4
  %exitcond = icmp eq i32 %i.next, %n
  br i1 %exitcond, label %rem, label %loop
}

; Already in place: nothing moves.
; CHECK-LABEL: define i32 @in_place(
; CHECK:       loop:
; CHECK:       exit:
; CHECK:       other:
define i32 @in_place(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  br label %other

other:
  ret i32 %i.next
}

; Only the inner loop's exit moves (it is the outer loop's latch here); the
; outer loop's exit stays where it is.
; CHECK-LABEL: define void @nested(
; CHECK:       entry:
; CHECK-NEXT:    br label %outer
; CHECK:       out:
; CHECK:       outer:
; CHECK:       inner:
; CHECK:         br i1 %ic, label %inner, label %outer.latch
; CHECK-EMPTY:
; CHECK-NEXT:  outer.latch:
; REMARK: remark: <unknown>:0:0: placed loop exit %outer.latch after its latch %inner
define void @nested(i32 %n) {
entry:
  br label %outer

outer.latch:
  %o.next = add i32 %o, 1
  %oc = icmp slt i32 %o.next, %n
  br i1 %oc, label %outer, label %out

out:
  ret void

outer:
  %o = phi i32 [ 0, %entry ], [ %o.next, %outer.latch ]
  br label %inner

inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %ic = icmp slt i32 %j.next, %n
  br i1 %ic, label %inner, label %outer.latch
}

; Two loops leave to one block: it follows the first latch in function
; order, and stays there.
; CHECK-LABEL: define void @shared_exit(
; CHECK:       a:
; CHECK:         br i1 %ac, label %a, label %join
; CHECK-EMPTY:
; CHECK-NEXT:  join:
; REMARK: remark: <unknown>:0:0: placed loop exit %join after its latch %a
; CHECK:       b:
; CHECK:         br i1 %bc, label %b, label %join
; CHECK-NEXT:  }
define void @shared_exit(i32 %n, i1 %which) {
entry:
  br i1 %which, label %a, label %b

join:
  ret void

a:
  %i = phi i32 [ 0, %entry ], [ %i.next, %a ]
  %i.next = add i32 %i, 1
  %ac = icmp slt i32 %i.next, %n
  br i1 %ac, label %a, label %join

b:
  %k = phi i32 [ 0, %entry ], [ %k.next, %b ]
  %k.next = add i32 %k, 1
  %bc = icmp slt i32 %k.next, %n
  br i1 %bc, label %b, label %join
}

; A latch without a conditional branch, and a loop whose conditional branch
; is not at the latch: nothing to place.
; CHECK-LABEL: define void @unconditional_latch(
; CHECK:       entry:
; CHECK-NEXT:    br label %head
; CHECK:       exit:
; CHECK:       head:
; CHECK:       latch:
define void @unconditional_latch(i32 %n) {
entry:
  br label %head

exit:
  ret void

head:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %latch, label %exit

latch:
  %i.next = add i32 %i, 1
  br label %head
}

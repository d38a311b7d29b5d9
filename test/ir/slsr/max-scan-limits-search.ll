; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck --check-prefix=DEFAULT %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=2>' -S %s \
; RUN:   | FileCheck --check-prefix=TWO %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=2>' \
; RUN:     -pass-remarks-missed=gpucc-slsr -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=0>' -S %s \
; RUN:   | FileCheck --check-prefix=ZERO %s
;
; One basis search looks at no more than max-scan earlier candidates of its
; key (default 50; upstream LLVM 22 has no bound, LLVM 16 had 50 over all
; candidates), which keeps the pass from going quadratic where many
; candidates share a key. In @far_basis two candidates of %y's key, in blocks
; that do not dominate %y, come between %y and its basis %x.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; DEFAULT-LABEL: @far_basis(
; DEFAULT:         %y = add i32 %x, %s
; TWO-LABEL:     @far_basis(
; TWO:             %y = add i32 %b, %s3
; ZERO-LABEL:    @far_basis(
; ZERO:            %y = add i32 %b, %s3
; REMARK: remark: {{.*}}%y (%b + 3 * %s) not rewritten: its basis %x is more than 2 candidates of its kind back (raise gpucc-slsr<max-scan=N>)
define void @far_basis(i32 %b, i32 %s, i1 %c) {
entry:
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  call void @use(i32 %x)
  br i1 %c, label %then1, label %join1
then1:
  %s7 = mul i32 %s, 7
  %u1 = add i32 %b, %s7
  call void @use(i32 %u1)
  br label %join1
join1:
  br i1 %c, label %then2, label %join2
then2:
  %s9 = mul i32 %s, 9
  %u2 = add i32 %b, %s9
  call void @use(i32 %u2)
  br label %join2
join2:
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

; A close basis is found with max-scan=2 as well.
; DEFAULT-LABEL: @near_basis(
; DEFAULT:         %y = add i32 %x, %s
; TWO-LABEL:     @near_basis(
; TWO:             %y = add i32 %x, %s
; ZERO-LABEL:    @near_basis(
; ZERO:            %y = add i32 %b, %s3
define void @near_basis(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %s3 = mul i32 %s, 3
  %x = add i32 %b, %s2
  call void @use(i32 %x)
  %y = add i32 %b, %s3
  call void @use(i32 %y)
  ret void
}

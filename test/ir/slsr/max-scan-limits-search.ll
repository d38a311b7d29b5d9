; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s | FileCheck --check-prefix=DEFAULT %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=2>' -S %s \
; RUN:   | FileCheck --check-prefix=TWO %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=2>' \
; RUN:     -pass-remarks-missed=gpucc-slsr -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=0>' -S %s \
; RUN:   | FileCheck --check-prefix=ZERO %s
;
; The basis search looks back over at most max-scan candidates (default 50,
; as upstream), which keeps the pass linear. In @far_basis five candidates
; (both readings of %u and of the mul %s3 = %s * 3, and %x read as
; %s2 + 1 * %b) lie between %y and its basis %x.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; DEFAULT-LABEL: @far_basis(
; DEFAULT:         %y = add i32 %x, %s
; TWO-LABEL:     @far_basis(
; TWO:             %y = add i32 %b, %s3
; ZERO-LABEL:    @far_basis(
; ZERO:            %y = add i32 %b, %s3
; REMARK: remark: {{.*}}%y (%b + 3 * %s) not rewritten: its basis %x is more than 2 candidates back (raise gpucc-slsr<max-scan=N>)
define void @far_basis(i32 %b, i32 %s, i32 %c, i32 %d) {
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  call void @use(i32 %x)
  %u = add i32 %c, %d
  call void @use(i32 %u)
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

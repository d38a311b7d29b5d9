; RUN: env GPUCC_BISECT=gpucc-slsr:1 opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:     2>%t.err | FileCheck --check-prefix=BISECT %s
; RUN: FileCheck --check-prefix=SKIPPED %s < %t.err
; RUN: env GPUCC_DEBUG=gpucc-slsr opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=TRACE %s
;
; GPUCC_BISECT=gpucc-slsr:N lets the pass make its first N rewrites only (they
; are made from the last candidate back), to bisect a miscompile down to one
; rewrite; GPUCC_DEBUG=gpucc-slsr traces every candidate and its basis on
; stderr.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)

; BISECT-LABEL: @chain(
; BISECT:         %y = add i32 %b, %s3
; BISECT:         %z = add i32 %y, %s
; SKIPPED: [gpucc-slsr] GPUCC_BISECT: skipping rewrite #2

; TRACE: [gpucc-slsr] add %y (i = 3, S = %s, TwoInstTwoVar): basis %x (index delta)
; TRACE: [gpucc-slsr] add %z (i = 4, S = %s, TwoInstTwoVar): basis %y (index delta)
define void @chain(i32 %b, i32 %s) {
  %s2 = shl i32 %s, 1
  %x = add i32 %b, %s2
  %s3 = mul i32 %s, 3
  %y = add i32 %b, %s3
  %s4 = shl i32 %s, 2
  %z = add i32 %b, %s4
  call void @use(i32 %x)
  call void @use(i32 %y)
  call void @use(i32 %z)
  ret void
}

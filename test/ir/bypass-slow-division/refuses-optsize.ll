; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:     -pass-remarks-missed=gpucc-bypass-slow-division -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; As in CodeGenPrepare, a function optimized for size keeps its divisions: the
; bypass roughly doubles the code of each one.

target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: {{.*}}@sized is optimized for size: its divisions are not bypassed
; REMARK-NEXT: remark: {{.*}}@minimal is optimized for size: its divisions are not bypassed
; REMARK-NOT: remark
; CHECK-LABEL: @sized(
; CHECK-NEXT:    %q = udiv i64 %a, %b
; CHECK-NEXT:    ret i64 %q
define i64 @sized(i64 %a, i64 %b) optsize {
  %q = udiv i64 %a, %b
  ret i64 %q
}

; CHECK-LABEL: @minimal(
; CHECK-NEXT:    %q = udiv i64 %a, %b
define i64 @minimal(i64 %a, i64 %b) minsize optsize {
  %q = udiv i64 %a, %b
  ret i64 %q
}

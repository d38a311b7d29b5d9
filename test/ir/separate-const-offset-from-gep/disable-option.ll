; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -disable-separate-const-offset-from-gep -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefix=ON %s
;
; Upstream's kill switch -disable-separate-const-offset-from-gep (a libLLVM
; option the pass reads) turns this pass off too: no split, no canonical
; index, no reunion.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @off(
; CHECK-NEXT:    %j = add nsw i32 %i, 5
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i32 %j
; ON-LABEL:    @off(
; ON:            [[B:%.*]] = getelementptr float, ptr %p, i64 {{%.*}}
; ON-NEXT:       %q = getelementptr {{.*}}, ptr [[B]]
define ptr @off(ptr %p, i32 %i) {
  %j = add nsw i32 %i, 5
  %q = getelementptr float, ptr %p, i32 %j
  ret ptr %q
}

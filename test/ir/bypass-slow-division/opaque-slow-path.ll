; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<opaque-slow-path>' -S %s \
; RUN:   | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s \
; RUN:   | FileCheck --check-prefix=SCALAR %s
;
; With opaque-slow-path (on in the gpucc pipeline) the slow path divides
; <1 x i64> values: llc's CodeGenPrepare skips vector divisions, so it does
; not bypass our slow path a second time, and type legalization turns the
; vector back into the same div.s64. The bare pass keeps upstream's scalar form.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @div_rem_pair(
; CHECK:       bypass.slow:
; CHECK-NEXT:    [[VA:%.*]] = insertelement <1 x i64> poison, i64 %a, i32 0
; CHECK-NEXT:    [[VB:%.*]] = insertelement <1 x i64> poison, i64 %b, i32 0
; CHECK-NEXT:    [[VQ:%.*]] = sdiv <1 x i64> [[VA]], [[VB]]
; CHECK-NEXT:    [[Q:%.*]] = extractelement <1 x i64> [[VQ]], i32 0
; CHECK-NEXT:    [[VR:%.*]] = srem <1 x i64> [[VA]], [[VB]]
; CHECK-NEXT:    [[R:%.*]] = extractelement <1 x i64> [[VR]], i32 0
; CHECK-NEXT:    br label %bypass.join
; CHECK:       bypass.join:
; CHECK-NEXT:    %q = phi i64 [ {{%.*}}, %bypass.fast ], [ [[Q]], %bypass.slow ]
; CHECK-NEXT:    %r = phi i64 [ {{%.*}}, %bypass.fast ], [ [[R]], %bypass.slow ]
; SCALAR-LABEL: @div_rem_pair(
; SCALAR:       bypass.slow:
; SCALAR-NEXT:    sdiv i64 %a, %b
; SCALAR-NEXT:    srem i64 %a, %b
; SCALAR-NOT:     <1 x i64>
define i64 @div_rem_pair(i64 %a, i64 %b) {
  %q = sdiv i64 %a, %b
  %r = srem i64 %a, %b
  %s = add i64 %q, %r
  ret i64 %s
}

; Harness self-test (upstream passes only): RUN-line continuation, %s %S %t %T, bare tool
; names, `not`, and a quoted `;` inside a pass pipeline. Not a test of the plugin.
; RUN: %opt -S -passes=instcombine %s \
; RUN:   | FileCheck %s
; RUN: opt -S '-passes=simplifycfg<bonus-inst-threshold=1;no-forward-switch-cond>' %s \
; RUN:   -o %t.ll && FileCheck --check-prefix=KEEP %s < %t.ll
; RUN: llvm-as %s -o %T/copy.bc && llvm-dis %T/copy.bc -o - | count 7
; RUN: test "%S" = "$(dirname %s)" && test -f %S/substitutions.ll
; RUN: not opt -passes=no-such-pass %s 2>&1 | %FileCheck --check-prefix=ERR %s

; instcombine folds the add of zero away.
; CHECK-LABEL: @add_zero(
; CHECK-NEXT:    ret i32 %x
; KEEP:          %a = add i32 %x, 0
; ERR: unknown pass name 'no-such-pass'
define i32 @add_zero(i32 %x) {
  %a = add i32 %x, 0
  ret i32 %a
}

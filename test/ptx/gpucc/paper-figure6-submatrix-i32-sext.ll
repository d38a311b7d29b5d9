; The paper's Figure 5/6 example in PTX, through the project's measuring cut:
; llc up to nvptx-lower-alloca, the IR taken out of the MIR file, the `gpucc`
; pipeline, then llc from atomic-expand (which skips llc's own copies of the
; straight-line passes). The input is test/ir/gpucc/paper-figure6-submatrix-i32-sext.ll.
; Every load of the 3x3 block addresses [%rd+imm] off one register per row,
; and one multiply by n remains. Without the passes (NONE), the loads use
; nine separately computed registers and n is multiplied once per row.
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -stop-after=nvptx-lower-alloca \
; RUN:   %S/../../ir/gpucc/paper-figure6-submatrix-i32-sext.ll -o %t.mir
; RUN: sed -n '/^--- |$/,/^\.\.\.$/p' %t.mir | sed '1d;$d' | sed 's/^  //' > %t.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc %t.ll \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -start-before=atomic-expand -o - \
; RUN:   | FileCheck %s
; RUN: llc -O3 -march=nvptx64 -mcpu=sm_80 -start-before=atomic-expand %t.ll -o - \
; RUN:   | FileCheck --check-prefix=NONE %s

; CHECK-LABEL: .visible .func submatrix(
; CHECK:         mad.lo.s32
; CHECK-NOT:     {{mul|mad}}.lo
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW0:%rd[0-9]+]]];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW0]]+4];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW0]]+8];
; CHECK-NOT:     {{mul|mad}}.lo
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW1:%rd[0-9]+]]];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW1]]+4];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW1]]+8];
; CHECK-NOT:     {{mul|mad}}.lo
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW2:%rd[0-9]+]]];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW2]]+4];
; CHECK-NOT:     ld.global
; CHECK:         ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [[[ROW2]]+8];
; CHECK-NOT:     {{ld.global.[fb]32|mul.lo|mad.lo}}

; NONE-LABEL: .visible .func submatrix(
; NONE-COUNT-9: ld.global.{{[fb]}}32 {{%[fr][0-9]+}}, [{{%rd[0-9]+}}];

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -pass-remarks=gpucc-speculative-execution -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=PASSED %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -pass-remarks-missed=gpucc-speculative-execution -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=MISSED %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -pass-remarks-analysis=gpucc-speculative-execution -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=STATS %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=YAML %s < %t.yaml
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -pass-remarks=other-pass -disable-output %s 2>&1 | count 0
;
; Each decision is a remark with a stable name at the instruction it is about:
; passed Hoisted (what moved, from which block into which, at what cost);
; missed NotSafe (an instruction that stays in a block others left, and why),
; TooCostly and TooManyNotHoisted (a whole block refused by a budget); one
; Stats analysis remark per function. Nothing is printed for other passes.

target triple = "nvptx64-nvidia-cuda"

declare i32 @unknown(i32)

; PASSED: remark: spec.cu:3:7: hoisted %idx and %p from %then into %entry (speculation cost 3, limit 7)
; PASSED-NOT: remark
; MISSED: remark: spec.cu:4:9: %v stays in %then: loads are never speculated (the address may be invalid on the path that skips the block)
; MISSED: remark: spec.cu:5:9: %w stays in %then: its operand %v stays
; MISSED: remark: spec.cu:6:9: %r stays in %then: the call may have side effects or trap (only calls of speculatable functions move)
; MISSED: remark: spec.cu:7:3: the store stays in %then: stores are never speculated
; MISSED: remark: spec.cu:13:3: nothing hoisted from %then into %entry: the speculation cost reaches 8 at %r8, over max-speculation-cost=7
; MISSED: remark: spec.cu:23:3: nothing hoisted from %then into %entry: 6 instructions would stay behind, the branch included, over max-not-hoisted=5
; STATS: remark: spec.cu:1:0: @mixed: 2 instructions hoisted from 1 of 1 if-then arms; refused: 0 too costly, 0 with too many instructions left behind
; STATS: remark: spec.cu:10:0: @too_costly: 0 instructions hoisted from 0 of 1 if-then arms; refused: 1 too costly, 0 with too many instructions left behind

; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-speculative-execution
; YAML-NEXT: Name:            Hoisted
; YAML-NEXT: DebugLoc:        { File: spec.cu, Line: 3, Column: 7 }
; YAML-NEXT: Function:        mixed
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-speculative-execution
; YAML-NEXT: Name:            NotSafe
; YAML-NEXT: DebugLoc:        { File: spec.cu, Line: 4, Column: 9 }
; YAML-NEXT: Function:        mixed
; YAML:      Name:            TooCostly
; YAML-NEXT: DebugLoc:        { File: spec.cu, Line: 13, Column: 3 }
; YAML-NEXT: Function:        too_costly
; YAML:      Name:            TooManyNotHoisted
; YAML-NEXT: DebugLoc:        { File: spec.cu, Line: 23, Column: 3 }
; YAML-NEXT: Function:        too_much_left_behind
; YAML:      --- !Analysis
; YAML-NEXT: Pass:            gpucc-speculative-execution
; YAML-NEXT: Name:            Stats

define void @mixed(ptr %a, i64 %i, i1 %c) !dbg !5 {
entry:
  br i1 %c, label %then, label %exit, !dbg !6
then:
  %idx = add i64 %i, 1, !dbg !7
  %p = getelementptr inbounds i32, ptr %a, i64 %idx, !dbg !7
  %v = load i32, ptr %p, !dbg !8
  %w = add i32 %v, 1, !dbg !9
  %r = call i32 @unknown(i32 %w), !dbg !10
  store i32 %r, ptr %p, !dbg !11
  br label %exit, !dbg !11
exit:
  ret void, !dbg !11
}

define i32 @too_costly(i32 %x, i1 %c) !dbg !12 {
entry:
  br i1 %c, label %then, label %exit, !dbg !13
then:
  %r1 = add i32 %x, 1, !dbg !13
  %r2 = add i32 %r1, 2, !dbg !13
  %r3 = add i32 %r2, 3, !dbg !13
  %r4 = add i32 %r3, 4, !dbg !13
  %r5 = add i32 %r4, 5, !dbg !13
  %r6 = add i32 %r5, 6, !dbg !13
  %r7 = add i32 %r6, 7, !dbg !13
  %r8 = add i32 %r7, 8, !dbg !13
  br label %exit, !dbg !13
exit:
  %m = phi i32 [ %r8, %then ], [ 0, %entry ]
  ret i32 %m, !dbg !13
}

define void @too_much_left_behind(ptr %p, i1 %c) !dbg !14 {
entry:
  br i1 %c, label %then, label %exit, !dbg !15
then:
  %l1 = load volatile i32, ptr %p, !dbg !15
  %l2 = load volatile i32, ptr %p, !dbg !15
  %l3 = load volatile i32, ptr %p, !dbg !15
  %l4 = load volatile i32, ptr %p, !dbg !15
  %l5 = load volatile i32, ptr %p, !dbg !15
  br label %exit, !dbg !15
exit:
  ret void, !dbg !15
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "spec.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "mixed", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DILocation(line: 2, column: 3, scope: !5)
!7 = !DILocation(line: 3, column: 7, scope: !5)
!8 = !DILocation(line: 4, column: 9, scope: !5)
!9 = !DILocation(line: 5, column: 9, scope: !5)
!10 = !DILocation(line: 6, column: 9, scope: !5)
!11 = !DILocation(line: 7, column: 3, scope: !5)
!12 = distinct !DISubprogram(name: "too_costly", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!13 = !DILocation(line: 13, column: 3, scope: !12)
!14 = distinct !DISubprogram(name: "too_much_left_behind", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = !DILocation(line: 23, column: 3, scope: !14)

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,DBG%llvm %s
; RUN: opt -strip-debug -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s \
; RUN:   | FileCheck --check-prefix=CHECK %s
;
; Debug intrinsics never change what is hoisted: the same CHECK lines hold with
; and without them (-strip-debug). They cost nothing, never count towards
; max-not-hoisted, and an arm with only debug intrinsics does nothing. As in
; LLVM 16, a dbg.value moves with the arm when every location operand is an
; instruction that moves (or lives outside the arm); one that describes an
; argument, a constant or an instruction that stays, and every dbg.label,
; stays. Upstream differs in one place: its "does nothing" is size() == 1, so
; a dbg.value in the empty arm of @empty_arm_with_dbg_value turns hoisting off
; under -g.
;
; LLVM 22 reads the same input as debug records (#dbg_value, #dbg_label),
; which are no instructions: they never move and never count, and stay in the
; arm, as upstream LLVM 22's do (DBG22 lines). An arm with only records holds
; only its branch, so upstream 22 hoists from @empty_arm_with_dbg_value too.

target triple = "nvptx64-nvidia-cuda"

declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.dbg.label(metadata)

; CHECK-LABEL: @dbg_value_follows_hoisted(
; CHECK:       entry:
; CHECK:         %x = add i32 %a, 1
; DBG16-NEXT:    call void @llvm.dbg.value(metadata i32 %x, metadata ![[X:[0-9]+]]
; CHECK:         br i1 %c, label %then, label %exit
; CHECK:       then:
; DBG22-NEXT:    #dbg_value(i32 %x, ![[X:[0-9]+]]
; DBG16-NEXT:    call void @llvm.dbg.value(metadata i32 %a, metadata ![[Y:[0-9]+]]
; DBG22-NEXT:    #dbg_value(i32 %a, ![[Y:[0-9]+]]
; CHECK:         %l = load i32, ptr %p
; DBG16-NEXT:    call void @llvm.dbg.value(metadata i32 %l, metadata ![[X]]
; DBG16-NEXT:    call void @llvm.dbg.label(
; DBG22-NEXT:    #dbg_value(i32 %l, ![[X]]
; DBG22-NEXT:    #dbg_label(
; CHECK:         store i32 %x, ptr %p
; CHECK:       exit:
define void @dbg_value_follows_hoisted(ptr %p, i32 %a, i1 %c) !dbg !5 {
entry:
  br i1 %c, label %then, label %exit
then:
  %x = add i32 %a, 1, !dbg !10
  call void @llvm.dbg.value(metadata i32 %x, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.value(metadata i32 %a, metadata !9, metadata !DIExpression()), !dbg !10
  %l = load i32, ptr %p, !dbg !10
  call void @llvm.dbg.value(metadata i32 %l, metadata !8, metadata !DIExpression()), !dbg !10
  call void @llvm.dbg.label(metadata !11), !dbg !10
  store i32 %x, ptr %p, !dbg !10
  br label %exit
exit:
  ret void
}

; Four instructions and the branch stay (the max-not-hoisted default of 5)
; and four dbg.values stay with them; they do not count, so %k still moves.
; CHECK-LABEL: @debug_intrinsics_do_not_count(
; CHECK:       entry:
; CHECK:         %k = add i32 %a, 1
; CHECK:         br i1 %c, label %then, label %exit
define void @debug_intrinsics_do_not_count(ptr %p, i32 %a, i1 %c) !dbg !12 {
entry:
  br i1 %c, label %then, label %exit
then:
  %k = add i32 %a, 1, !dbg !13
  %l1 = load volatile i32, ptr %p, !dbg !13
  call void @llvm.dbg.value(metadata i32 %l1, metadata !20, metadata !DIExpression()), !dbg !13
  %l2 = load volatile i32, ptr %p, !dbg !13
  call void @llvm.dbg.value(metadata i32 %l2, metadata !20, metadata !DIExpression()), !dbg !13
  %l3 = load volatile i32, ptr %p, !dbg !13
  call void @llvm.dbg.value(metadata i32 %l3, metadata !20, metadata !DIExpression()), !dbg !13
  call void @llvm.dbg.value(metadata i32 0, metadata !21, metadata !DIExpression()), !dbg !13
  store i32 %k, ptr %p, !dbg !13
  br label %exit
exit:
  ret void
}

; Seven adds cost 7, the default budget; their dbg.values add nothing.
; CHECK-LABEL: @debug_intrinsics_cost_nothing(
; CHECK:       entry:
; CHECK:         %r7 = add i32 %r6, 7
; CHECK:         br i1 %c, label %then, label %exit
define i32 @debug_intrinsics_cost_nothing(i32 %a, i1 %c) !dbg !14 {
entry:
  br i1 %c, label %then, label %exit
then:
  %r1 = add i32 %a, 1, !dbg !15
  call void @llvm.dbg.value(metadata i32 %r1, metadata !22, metadata !DIExpression()), !dbg !15
  %r2 = add i32 %r1, 2, !dbg !15
  call void @llvm.dbg.value(metadata i32 %r2, metadata !22, metadata !DIExpression()), !dbg !15
  %r3 = add i32 %r2, 3, !dbg !15
  call void @llvm.dbg.value(metadata i32 %r3, metadata !22, metadata !DIExpression()), !dbg !15
  %r4 = add i32 %r3, 4, !dbg !15
  %r5 = add i32 %r4, 5, !dbg !15
  %r6 = add i32 %r5, 6, !dbg !15
  %r7 = add i32 %r6, 7, !dbg !15
  call void @llvm.dbg.value(metadata i32 %r7, metadata !22, metadata !DIExpression()), !dbg !15
  br label %exit
exit:
  %m = phi i32 [ %r7, %then ], [ 0, %entry ]
  ret i32 %m
}

; The else arm holds only a dbg.value: it does nothing, so this diamond is an
; if-then and %x moves (upstream LLVM 16 would leave it under -g only).
; CHECK-LABEL: @empty_arm_with_dbg_value(
; CHECK:       entry:
; CHECK:         %x = add i32 %a, 1
; CHECK:         br i1 %c, label %then, label %else
; CHECK:       else:
; DBG16-NEXT:    call void @llvm.dbg.value(metadata i32 0
; DBG22-NEXT:    #dbg_value(i32 0
define i32 @empty_arm_with_dbg_value(i32 %a, i1 %c) !dbg !16 {
entry:
  br i1 %c, label %then, label %else
then:
  %x = add i32 %a, 1, !dbg !17
  br label %exit
else:
  call void @llvm.dbg.value(metadata i32 0, metadata !23, metadata !DIExpression()), !dbg !17
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %else ]
  ret i32 %r
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}

!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "spec.cu", directory: "/tmp")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "dbg_value_follows_hoisted", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DILocalVariable(name: "x", scope: !5, file: !1, line: 2, type: !6)
!9 = !DILocalVariable(name: "y", scope: !5, file: !1, line: 2, type: !6)
!10 = !DILocation(line: 3, column: 5, scope: !5)
!11 = !DILabel(scope: !5, name: "here", file: !1, line: 4)
!12 = distinct !DISubprogram(name: "debug_intrinsics_do_not_count", scope: !1, file: !1, line: 10, type: !4, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!13 = !DILocation(line: 11, column: 5, scope: !12)
!14 = distinct !DISubprogram(name: "debug_intrinsics_cost_nothing", scope: !1, file: !1, line: 20, type: !4, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!15 = !DILocation(line: 21, column: 5, scope: !14)
!16 = distinct !DISubprogram(name: "empty_arm_with_dbg_value", scope: !1, file: !1, line: 30, type: !4, scopeLine: 30, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!17 = !DILocation(line: 31, column: 5, scope: !16)
!20 = !DILocalVariable(name: "x", scope: !12, file: !1, line: 10, type: !6)
!21 = !DILocalVariable(name: "y", scope: !12, file: !1, line: 10, type: !6)
!22 = !DILocalVariable(name: "x", scope: !14, file: !1, line: 20, type: !6)
!23 = !DILocalVariable(name: "x", scope: !16, file: !1, line: 30, type: !6)

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=PASSED %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-missed=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=MISSED %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-analysis=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=STATS %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=YAML %s < %t.yaml
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s \
; RUN:   | FileCheck --check-prefix=DEBUGLOC %s
;
; Every rewrite is a passed remark at the new instruction (which keeps the
; old one's debug location): Reassociated (add, mul), ReassociatedGEP,
; ReassociatedMinMax. Missed remarks say why a dominating match was not
; used: OperandHasOtherUses, MayOverflow, WouldAddPoison; they come from the
; last round only, so each appears once. One Stats analysis remark per
; function that changed.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @usep(ptr)
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.abs.i32(i32, i1)

; PASSED: remark: k.cu:3:7: %abc rewritten as %ac + %b, reusing %ac{{$}}
; PASSED: remark: k.cu:5:7: %g rewritten as %d + %j elements, reusing %d{{$}}
; PASSED: remark: k.cu:7:7: %m rewritten as smax(%mac, %b), reusing %mac{{$}}
; PASSED-NOT: remark

; MISSED: remark: k.cu:11:7: %xyz could reuse %xz, but its operand %xy has other uses and would stay live
; MISSED-NEXT: remark: k.cu:13:7: %g: index %ij is not split: the add may overflow, and sext(a + b) != sext(a) + sext(b) then (an add nsw would allow it)
; MISSED-NEXT: remark: k.cu:17:7: %r could reuse %d, but that can be poison where %r is not
; MISSED-NOT: remark

; STATS: remark: k.cu:1:0: @passed: 3 reassociated (1 add, 0 mul, 1 GEP, 1 min/max) in 2 rounds; poison flags dropped on 0 reused instructions
; STATS-NOT: remark

; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            Reassociated
; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            ReassociatedGEP
; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            ReassociatedMinMax
; YAML:      --- !Analysis
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            Stats
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            OperandHasOtherUses
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            MayOverflow
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-nary-reassociate
; YAML-NEXT: Name:            WouldAddPoison

; DEBUGLOC-LABEL: @passed(
; DEBUGLOC:     %abc = add i32 %ac, %b, !dbg [[L3:![0-9]+]]
; DEBUGLOC:     %g = getelementptr float, ptr %d, i64 %j, !dbg [[L5:![0-9]+]]
; DEBUGLOC:     %m.nary = call i32 @llvm.smax.i32(i32 %mac, i32 %b), !dbg [[L7:![0-9]+]]
; DEBUGLOC-DAG: [[L3]] = !DILocation(line: 3, column: 7,
; DEBUGLOC-DAG: [[L5]] = !DILocation(line: 5, column: 7,
; DEBUGLOC-DAG: [[L7]] = !DILocation(line: 7, column: 7,
define void @passed(i32 %a, i32 %b, i32 %c, ptr %p, i64 %i, i64 %j) !dbg !5 {
  %ac = add i32 %a, %c, !dbg !10
  call void @use(i32 %ac)
  %ab = add i32 %a, %b, !dbg !11
  %abc = add i32 %ab, %c, !dbg !12
  call void @use(i32 %abc)
  %d = getelementptr float, ptr %p, i64 %i, !dbg !13
  call void @usep(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr float, ptr %p, i64 %ij, !dbg !14
  call void @usep(ptr %g)
  %mac = call i32 @llvm.smax.i32(i32 %a, i32 %c), !dbg !15
  call void @use(i32 %mac)
  %mab = call i32 @llvm.smax.i32(i32 %a, i32 %b)
  %m = call i32 @llvm.smax.i32(i32 %mab, i32 %c), !dbg !16
  call void @use(i32 %m)
  ret void
}

define void @missed(i32 %x, i32 %y, i32 %z, ptr %p, i32 %i, i32 %j) !dbg !20 {
  %xz = add i32 %x, %z, !dbg !21
  call void @use(i32 %xz)
  %xy = add i32 %x, %y
  call void @use(i32 %xy)
  %xyz = add i32 %xy, %z, !dbg !22
  call void @use(i32 %xyz)
  %si = sext i32 %i to i64
  %d = getelementptr float, ptr %p, i64 %si
  call void @usep(ptr %d)
  %ij = add i32 %i, %j
  %s = sext i32 %ij to i64
  %g = getelementptr float, ptr %p, i64 %s, !dbg !23
  call void @usep(ptr %g)
  ret void
}

define void @poison(i32 %x, i32 %b, i32 %c) !dbg !30 {
  %ax = call i32 @llvm.abs.i32(i32 %x, i1 true)
  %d = add i32 %ax, %c
  call void @use(i32 %d)
  %ay = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %ab = add i32 %ay, %b
  %r = add i32 %ab, %c, !dbg !31
  call void @use(i32 %r)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/tmp")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "passed", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!6 = !DISubroutineType(types: !2)
!10 = !DILocation(line: 2, column: 7, scope: !5)
!11 = !DILocation(line: 3, column: 3, scope: !5)
!12 = !DILocation(line: 3, column: 7, scope: !5)
!13 = !DILocation(line: 4, column: 7, scope: !5)
!14 = !DILocation(line: 5, column: 7, scope: !5)
!15 = !DILocation(line: 6, column: 7, scope: !5)
!16 = !DILocation(line: 7, column: 7, scope: !5)
!20 = distinct !DISubprogram(name: "missed", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!21 = !DILocation(line: 10, column: 7, scope: !20)
!22 = !DILocation(line: 11, column: 7, scope: !20)
!23 = !DILocation(line: 13, column: 7, scope: !20)
!30 = distinct !DISubprogram(name: "poison", scope: !1, file: !1, line: 16, type: !6, scopeLine: 16, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !2)
!31 = !DILocation(line: 17, column: 7, scope: !30)

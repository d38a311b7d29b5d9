; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -pass-remarks=gpucc-slsr -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=PASSED,PASSED%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -pass-remarks-missed=gpucc-slsr -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=MISSED,MISSED%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -pass-remarks-analysis=gpucc-slsr -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefixes=STATS,STATS%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=YAML %s < %t.yaml
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-slsr -S %s \
; RUN:   | FileCheck --check-prefix=DEBUGLOC %s
;
; Every decision is a remark with a stable name, at the instruction's source
; location: passed Rewritten (at the rewritten instruction, saying which delta
; it used) and FlagsDropped (at a reused instruction that lost its flags);
; missed NoDominatingBasis, SimplestForm, Unprofitable and PoisonousBasis,
; only where a would-be basis exists; one Stats analysis remark per function.
; New instructions take the rewritten one's location. LLVM 16's model
; factors GEP indices and has index deltas only, LLVM 22's has base and
; stride deltas: @poisonous_factored_index and @poisonous_delta meet a
; would-be basis in one each.

target triple = "nvptx64-nvidia-cuda"

declare void @use(i64)
declare void @usep(ptr)

; y = b + 3s is x + s both ways: from x = b + 2s with index delta 1, and
; from x = 2s + b with base delta s. LLVM 22 has both, and takes the last.
; PASSED16:    remark: k.cu:3:7: rewrote %y (%b + 3 * %s) from its basis %x (%b + 2 * %s) as %x + 1 * %s (index delta)
; PASSED22:    remark: k.cu:3:7: rewrote %y ((3 * %s) + 1 * %b) from its basis %x ((2 * %s) + 1 * %b) as %x + %s (base delta)
; PASSED-NEXT: remark: k.cu:13:7: rewrote %q (%b + 2 * %s) from its basis %p (%b + 6 * %s) as %p + -4 * %s (index delta)
; PASSED-NEXT: remark: k.cu:12:7: dropped the poison-generating flags of %p: it is reused by a rewrite, and they may not hold where the rewritten instruction was defined
; PASSED-NEXT: remark: k.cu:11:7: dropped the poison-generating flags of %s6: it is reused by a rewrite, and they may not hold where the rewritten instruction was defined
; PASSED-NOT:  remark

; MISSED:        remark: k.cu:5:7: %t (%b + 1 * %s) not rewritten from basis %x8: the rewrite would cost more than it
; MISSED-NEXT:   remark: k.cu:19:7: %y ((%b + 0) * i64 4) not rewritten from basis %x: it is already in its simplest form
; MISSED-NEXT:   remark: k.cu:8:7: %y2 (%b + 3 * %s) not rewritten: %x2 has the same form, base and stride but does not dominate it
; MISSED16-NEXT: remark: k.cu:17:7: %g2 (%in + 8 * %s bytes) not rewritten from basis %g4: its index %s4 is nsw and may overflow where %g2's does not, and the rewrite needs that flag
; MISSED22-NEXT: remark: k.cu:23:7: %c ((3 * %s) + 1 * %b2) not rewritten from basis %x: the delta %d may be poison where %c is not, and dropping flags does not help
; MISSED-NOT:    remark

; STATS:        remark: k.cu:1:0: @rewritten: 6 candidates, {{[12]}} with a basis, 1 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS-NEXT:   remark: k.cu:4:0: @unprofitable: 4 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS-NEXT:   remark: k.cu:18:0: @simplest: 6 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS-NEXT:   remark: k.cu:6:0: @sibling: 6 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS-NEXT:   remark: k.cu:10:0: @dropped_flags: 6 candidates, 1 with a basis, 1 instructions rewritten, 2 reused instructions lost their poison flags, 0 refused for poison
; STATS16-NEXT: remark: k.cu:15:0: @poisonous_factored_index: 6 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 1 refused for poison
; STATS22-NEXT: remark: k.cu:15:0: @poisonous_factored_index: 4 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS16-NEXT: remark: k.cu:21:0: @poisonous_delta: 8 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 0 refused for poison
; STATS22-NEXT: remark: k.cu:21:0: @poisonous_delta: 8 candidates, 0 with a basis, 0 instructions rewritten, 0 reused instructions lost their poison flags, 1 refused for poison
; STATS-NOT:    remark

; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            Rewritten
; YAML-NEXT: DebugLoc:        { File: k.cu, Line: 3, Column: 7 }
; YAML-NEXT: Function:        rewritten
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            Unprofitable
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            SimplestForm
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            NoDominatingBasis
; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            Rewritten
; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            FlagsDropped
; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            PoisonousBasis
; YAML:      --- !Analysis
; YAML-NEXT: Pass:            gpucc-slsr
; YAML-NEXT: Name:            Stats

; DEBUGLOC-LABEL: @rewritten(
; DEBUGLOC:         %y = add i64 %x, %s, !dbg [[LOC:![0-9]+]]
; DEBUGLOC-LABEL: @dropped_flags(
; DEBUGLOC:         [[BUMP:%.*]] = shl i64 %s, 2, !dbg [[QLOC:![0-9]+]]
; DEBUGLOC-NEXT:    %q = sub i64 %p, [[BUMP]], !dbg [[QLOC]]
; DEBUGLOC:         [[LOC]] = !DILocation(line: 3, column: 7,
; DEBUGLOC:         [[QLOC]] = !DILocation(line: 13, column: 7,

define void @rewritten(i64 %b, i64 %s) !dbg !5 {
  %s2 = shl i64 %s, 1
  %x = add i64 %b, %s2, !dbg !6
  call void @use(i64 %x)
  %s3 = mul i64 %s, 3
  %y = add i64 %b, %s3, !dbg !7
  call void @use(i64 %y)
  ret void
}

define void @unprofitable(i64 %b, i64 %s) !dbg !20 {
  %s8 = shl i64 %s, 3
  %x8 = add i64 %b, %s8
  call void @use(i64 %x8)
  %t = add i64 %b, %s, !dbg !21
  call void @use(i64 %t)
  ret void
}

define void @simplest(i64 %b) !dbg !24 {
  %b2 = add i64 %b, 2
  %x = mul i64 %b2, 4
  call void @use(i64 %x)
  %y = mul i64 %b, 4, !dbg !25
  call void @use(i64 %y)
  ret void
}

define void @sibling(i1 %c, i64 %b, i64 %s) !dbg !22 {
entry:
  br i1 %c, label %then, label %else
then:
  %s2 = shl i64 %s, 1
  %x2 = add i64 %b, %s2
  call void @use(i64 %x2)
  ret void
else:
  %s3 = mul i64 %s, 3
  %y2 = add i64 %b, %s3, !dbg !23
  call void @use(i64 %y2)
  ret void
}

define void @dropped_flags(i64 %b, i64 %s) !dbg !10 {
  %s6 = mul nsw i64 %s, 6, !dbg !11
  %p = add nsw i64 %b, %s6, !dbg !12
  call void @use(i64 %p)
  %s2 = shl i64 %s, 1
  %q = add i64 %b, %s2, !dbg !13
  call void @use(i64 %q)
  ret void
}

define void @poisonous_factored_index(ptr %in, i32 %s) !dbg !15 {
  %s4 = shl nsw i32 %s, 2
  %e4 = sext i32 %s4 to i64
  %g4 = getelementptr inbounds i32, ptr %in, i64 %e4, !dbg !16
  call void @usep(ptr %g4)
  %s2 = shl nsw i32 %s, 1
  %e2 = sext i32 %s2 to i64
  %g2 = getelementptr inbounds i32, ptr %in, i64 %e2, !dbg !17
  call void @usep(ptr %g2)
  ret void
}

define void @poisonous_delta(i64 %b, i64 %b2, i64 %s, i64 %q) !dbg !26 {
  %d = sub i64 %b2, %b
  %z = add i64 %q, %d
  call void @use(i64 %z)
  %m = mul i64 %s, 3
  %x = add i64 %b, %m
  call void @use(i64 %x)
  %c = add i64 %b2, %m, !dbg !27
  call void @use(i64 %c)
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "rewritten", scope: !1, file: !1, line: 1, scopeLine: 1, type: !2, unit: !0)
!6 = !DILocation(line: 2, column: 7, scope: !5)
!7 = !DILocation(line: 3, column: 7, scope: !5)
!10 = distinct !DISubprogram(name: "dropped_flags", scope: !1, file: !1, line: 10, scopeLine: 10, type: !2, unit: !0)
!11 = !DILocation(line: 11, column: 7, scope: !10)
!12 = !DILocation(line: 12, column: 7, scope: !10)
!13 = !DILocation(line: 13, column: 7, scope: !10)
!15 = distinct !DISubprogram(name: "poisonous", scope: !1, file: !1, line: 15, scopeLine: 15, type: !2, unit: !0)
!16 = !DILocation(line: 16, column: 7, scope: !15)
!17 = !DILocation(line: 17, column: 7, scope: !15)
!20 = distinct !DISubprogram(name: "unprofitable", scope: !1, file: !1, line: 4, scopeLine: 4, type: !2, unit: !0)
!21 = !DILocation(line: 5, column: 7, scope: !20)
!22 = distinct !DISubprogram(name: "sibling", scope: !1, file: !1, line: 6, scopeLine: 6, type: !2, unit: !0)
!23 = !DILocation(line: 8, column: 7, scope: !22)
!24 = distinct !DISubprogram(name: "simplest", scope: !1, file: !1, line: 18, scopeLine: 18, type: !2, unit: !0)
!25 = !DILocation(line: 19, column: 7, scope: !24)
!26 = distinct !DISubprogram(name: "poisonous_delta", scope: !1, file: !1, line: 21, scopeLine: 21, type: !2, unit: !0)
!27 = !DILocation(line: 23, column: 7, scope: !26)

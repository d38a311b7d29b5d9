; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:     -pass-remarks=gpucc-bypass-slow-division -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=PASSED %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:     -pass-remarks-analysis=gpucc-bypass-slow-division -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=STATS %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:     -pass-remarks-output=%t.yaml -disable-output %s
; RUN: FileCheck --check-prefix=YAML %s < %t.yaml
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s \
; RUN:   | FileCheck --check-prefix=DEBUGLOC %s
;
; Every decision is a remark with a stable name, attached to the division's
; source location: passed Bypassed/Narrowed/ShortDividend, missed LikelyLong/
; ConstantDivisor, and one Stats analysis remark per function. New
; instructions keep the division's debug location.

target triple = "nvptx64-nvidia-cuda"

; PASSED: remark: div.cu:3:11: sdiv %q: 32-bit fast path when both operands fit in 32 bits, 64-bit slow path otherwise (shared by %q, %r)
; PASSED: remark: div.cu:9:5: udiv %n: both operands are known to fit in 32 bits: narrowed in place, no check (shared by %n)
; PASSED: remark: div.cu:14:5: urem %m: the dividend fits in 32 bits: one 32-bit operation when dividend >= divisor, else no division at all (shared by %m)
; PASSED-NOT: remark

; STATS: remark: div.cu:1:0: @mixed: 2 of 3 64-bit divisions/remainders rewritten: 2 bypassed, 0 narrowed, 0 short-dividend; 1 refused
; STATS: remark: div.cu:7:0: @narrow: 1 of 1 64-bit divisions/remainders rewritten: 0 bypassed, 1 narrowed, 0 short-dividend; 0 refused

; YAML:      --- !Missed
; YAML-NEXT: Pass:            gpucc-bypass-slow-division
; YAML-NEXT: Name:            ConstantDivisor
; YAML-NEXT: DebugLoc:        { File: div.cu, Line: 5, Column: 11 }
; YAML-NEXT: Function:        mixed
; YAML:      --- !Passed
; YAML-NEXT: Pass:            gpucc-bypass-slow-division
; YAML-NEXT: Name:            Bypassed
; YAML-NEXT: DebugLoc:        { File: div.cu, Line: 3, Column: 11 }
; YAML-NEXT: Function:        mixed
; YAML:      --- !Analysis
; YAML-NEXT: Pass:            gpucc-bypass-slow-division
; YAML-NEXT: Name:            Stats

; DEBUGLOC-LABEL: @mixed(
; DEBUGLOC:         [[FRZ:%.*]] = freeze i64 %a, !dbg [[LOC:![0-9]+]]
; DEBUGLOC-NEXT:    or i64 [[FRZ]], %b, !dbg [[LOC]]
; DEBUGLOC:         udiv i32 {{.*}}, !dbg [[LOC]]
; DEBUGLOC:         sdiv i64 %a, %b, !dbg [[LOC]]
; DEBUGLOC:         %q = phi i64 {{.*}}, !dbg [[LOC]]

define i64 @mixed(i64 %a, i64 %b) !dbg !5 {
  %q = sdiv i64 %a, %b, !dbg !8
  %r = srem i64 %a, %b, !dbg !9
  %k = udiv i64 %a, 10, !dbg !10
  %s = add i64 %q, %r
  %t = add i64 %s, %k
  ret i64 %t
}

define i64 @narrow(i32 %a, i32 %b) !dbg !11 {
  %a64 = zext i32 %a to i64
  %b64 = zext i32 %b to i64
  %n = udiv i64 %a64, %b64, !dbg !12
  ret i64 %n
}

define i64 @short(i32 %a, i64 %b) !dbg !13 {
  %a64 = zext i32 %a to i64
  %m = urem i64 %a64, %b, !dbg !14
  ret i64 %m
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, producer: "test", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "div.cu", directory: "/src")
!2 = !DISubroutineType(types: !{})
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "mixed", scope: !1, file: !1, line: 1, scopeLine: 1, type: !2, unit: !0)
!8 = !DILocation(line: 3, column: 11, scope: !5)
!9 = !DILocation(line: 4, column: 11, scope: !5)
!10 = !DILocation(line: 5, column: 11, scope: !5)
!11 = distinct !DISubprogram(name: "narrow", scope: !1, file: !1, line: 7, scopeLine: 7, type: !2, unit: !0)
!12 = !DILocation(line: 9, column: 5, scope: !11)
!13 = distinct !DISubprogram(name: "short", scope: !1, file: !1, line: 12, scopeLine: 12, type: !2, unit: !0)
!14 = !DILocation(line: 14, column: 5, scope: !13)

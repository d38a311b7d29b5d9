; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution -S %s | FileCheck %s
;
; A hoisted instruction loses its source location: it now runs on a path its
; line was not on (it takes the location of what precedes it). A hoisted call
; that may become a real call keeps a line-0 location in the function's scope,
; as LLVM's dropLocation gives it: an inlinable call in a function with debug
; info must have one. What stays in the arm keeps its location.

target triple = "nvptx64-nvidia-cuda"

declare i32 @speculatable_fn(i32) speculatable nounwind readnone
declare float @llvm.fabs.f32(float)

; CHECK-LABEL: @hoisted_arithmetic_loses_location(
; CHECK:       entry:
; CHECK-NEXT:    %x = add i32 %a, 1{{$}}
; CHECK-NEXT:    %f = call float @llvm.fabs.f32(float %g){{$}}
; CHECK-NEXT:    br i1 %c, label %then, label %exit, !dbg
; CHECK:       then:
; CHECK-NEXT:    store i32 %x, ptr %p, align 4, !dbg [[LINE2:![0-9]+]]
define void @hoisted_arithmetic_loses_location(ptr %p, i32 %a, float %g, i1 %c) !dbg !5 {
entry:
  br i1 %c, label %then, label %exit, !dbg !8
then:
  %x = add i32 %a, 1, !dbg !9
  %f = call float @llvm.fabs.f32(float %g), !dbg !9
  store i32 %x, ptr %p, !dbg !9
  store float %f, ptr %p, !dbg !9
  br label %exit, !dbg !9
exit:
  ret void, !dbg !9
}

; CHECK-LABEL: @hoisted_call_keeps_line_zero(
; CHECK:       entry:
; CHECK-NEXT:    %y = call i32 @speculatable_fn(i32 %a), !dbg [[LINE0:![0-9]+]]
; CHECK-NEXT:    br i1 %c, label %then, label %exit
define i32 @hoisted_call_keeps_line_zero(i32 %a, i1 %c) !dbg !10 {
entry:
  br i1 %c, label %then, label %exit, !dbg !11
then:
  %y = call i32 @speculatable_fn(i32 %a), !dbg !12
  br label %exit, !dbg !12
exit:
  %r = phi i32 [ %y, %then ], [ 0, %entry ]
  ret i32 %r, !dbg !12
}

; CHECK-DAG: [[LINE2]] = !DILocation(line: 2, column: 1, scope: !{{[0-9]+}})
; CHECK-DAG: [[LINE0]] = !DILocation(line: 0, scope: !{{[0-9]+}})

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "gpucc-test", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "drops-debug-location.c", directory: "/")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "hoisted_arithmetic_loses_location", scope: null, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 1, column: 1, scope: !5)
!9 = !DILocation(line: 2, column: 1, scope: !5)
!10 = distinct !DISubprogram(name: "hoisted_call_keeps_line_zero", scope: null, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!11 = !DILocation(line: 10, column: 1, scope: !10)
!12 = !DILocation(line: 11, column: 1, scope: !10)

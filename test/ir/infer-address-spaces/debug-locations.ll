; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; New instructions carry the debug location of what they stand for: a clone
; the original's; the cast that names the space a target assumes for a
; value (AMDGPU: a pointer loaded from constant memory) the location of the
; value's definition, not of the next instruction. A cast back to generic
; has none (it stands for no source operation).

@c0 = addrspace(4) global ptr poison
@tile = internal addrspace(3) global [64 x float] undef

; CHECK-LABEL: @assumed_space_cast_takes_the_load_location(
; CHECK:         %p = load ptr, ptr addrspace(4) @c0, align 8, !dbg [[L1:![0-9]+]]
; CHECK-NEXT:    [[G:%.*]] = addrspacecast ptr %p to ptr addrspace(1), !dbg [[L1]]
; CHECK-NEXT:    %v = load float, ptr addrspace(1) [[G]], align 4, !dbg [[L2:![0-9]+]]
define float @assumed_space_cast_takes_the_load_location() !dbg !5 {
  %p = load ptr, ptr addrspace(4) @c0, align 8, !dbg !8
  %v = load float, ptr %p, align 4, !dbg !9
  ret float %v, !dbg !10
}

; CHECK-LABEL: @clone_takes_the_original_location(
; CHECK:         %q = getelementptr float, ptr addrspace(3) @tile, i64 %i, !dbg [[L3:![0-9]+]]
; CHECK-NEXT:    [[B:%.*]] = addrspacecast ptr addrspace(3) %q to ptr{{$}}
define ptr @clone_takes_the_original_location(i64 %i) !dbg !11 {
  %p = addrspacecast ptr addrspace(3) @tile to ptr, !dbg !12
  %q = getelementptr float, ptr %p, i64 %i, !dbg !13
  store float 0.0, ptr %q, align 4, !dbg !14
  call void @use(ptr %q), !dbg !14
  ret ptr null, !dbg !14
}

declare void @use(ptr)

; CHECK-DAG: [[L1]] = !DILocation(line: 1,
; CHECK-DAG: [[L2]] = !DILocation(line: 2,
; CHECK-DAG: [[L3]] = !DILocation(line: 12,

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!4}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "hand", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "a", scope: null, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 1, column: 1, scope: !5)
!9 = !DILocation(line: 2, column: 1, scope: !5)
!10 = !DILocation(line: 3, column: 1, scope: !5)
!11 = distinct !DISubprogram(name: "b", scope: null, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!12 = !DILocation(line: 11, column: 1, scope: !11)
!13 = !DILocation(line: 12, column: 1, scope: !11)
!14 = !DILocation(line: 13, column: 1, scope: !11)

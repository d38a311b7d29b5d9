; RUN: opt -load-pass-plugin=%plugin -passes=gpucc %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -o %t.ptx
; RUN: FileCheck --check-prefix=CHECKS %s < %t.ptx
; RUN: FileCheck --check-prefix=DIV32 %s < %t.ptx
; RUN: FileCheck --check-prefix=REM32 %s < %t.ptx
; RUN: FileCheck --check-prefix=SLOW %s < %t.ptx
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -o %t.twice.ptx
; RUN: FileCheck --check-prefix=TWICE %s < %t.twice.ptx
;
; After the gpucc pipeline, stock llc -O3 (whose CodeGenPrepare bypasses
; 64-bit division on NVPTX) leaves exactly one runtime check per division
; site. Three sites: a div, a rem, and a div+rem pair sharing one check; so
; three conditional branches, each to a div.u32/rem.u32 fast path or a single
; 64-bit slow path.
;
; TWICE pins the mechanism (see passes/bypass_slow_division.rs, "No double
; bypass"): the bare pass keeps upstream's scalar slow path, CodeGenPrepare
; bypasses every slow path again, and the PTX branches twice per site on the
; same predicate (MachineCSE folds the second test, not the second branch).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECKS-LABEL: .visible .entry index_math(
; CHECKS-COUNT-3: @%p{{[0-9]+}} bra
; CHECKS-NOT:     @%p{{[0-9]+}} bra
; CHECKS:         ret;

; DIV32-LABEL: .visible .entry index_math(
; DIV32-COUNT-2: div.u32
; DIV32-NOT:     div.u32
; DIV32:         ret;

; REM32-LABEL: .visible .entry index_math(
; REM32:         rem.u32
; REM32-NOT:     rem.u32
; REM32:         ret;

; One 64-bit operation per site on the slow paths.
; SLOW-LABEL: .visible .entry index_math(
; SLOW:         div.s64
; SLOW-NOT:     div.s64
; SLOW:         rem.u64
; SLOW-NOT:     rem.u64
; SLOW:         div.u64
; SLOW-NOT:     div.u64
; SLOW:         ret;

; TWICE-LABEL: .visible .entry index_math(
; TWICE-COUNT-6: @%p{{[0-9]+}} bra

define void @index_math(ptr addrspace(1) %out, i64 %i, i64 %n, i64 %w, i64 %h) {
entry:
  ; sdiv site
  %blk = sdiv i64 %i, %n
  ; urem site
  %lane = urem i64 %i, %h
  ; div+rem pair: (row, col) of a linear index
  %row = udiv i64 %i, %w
  %col = urem i64 %i, %w
  %p0 = getelementptr i64, ptr addrspace(1) %out, i64 0
  store i64 %blk, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %out, i64 1
  store i64 %lane, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %out, i64 2
  store i64 %row, ptr addrspace(1) %p2
  %p3 = getelementptr i64, ptr addrspace(1) %out, i64 3
  store i64 %col, ptr addrspace(1) %p3
  ret void
}

!nvvm.annotations = !{!0}
!0 = !{ptr @index_math, !"kernel", i32 1}

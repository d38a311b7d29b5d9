; RUN: opt -load-pass-plugin=%plugin -passes='gpucc-speculative-execution<max-speculation-cost=1000;max-not-hoisted=10>' -S %s | FileCheck %s
;
; An arm longer than 64 instructions: the plan keeps the stay bits of the
; first 64 positions in one word and those of later positions in further
; words. An instruction past position 64 that uses one that stays (also past
; 64) must stay; one that uses only hoisted values, from either side of 64,
; must move. Upstream's speculative-execution, with the same budgets, moves
; the same instructions.

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: @past_sixty_four(
; CHECK:       entry:
; CHECK-NEXT:    %v0 = add i32 %a, 0
; CHECK:         %v69 = add i32 %v68, 69
; CHECK-NEXT:    %w = add i32 %v66, %v1
; CHECK-NEXT:    br i1 %c, label %then, label %exit
; CHECK:       then:
; CHECK-NEXT:    %l = load i32, ptr %p
; CHECK-NEXT:    %u = add i32 %l, 1
; CHECK-NEXT:    %x = mul i32 %u, %w
; CHECK-NEXT:    store i32 %x, ptr %p
; CHECK-NEXT:    br label %exit
define void @past_sixty_four(ptr %p, i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %v0 = add i32 %a, 0
  %v1 = add i32 %v0, 1
  %v2 = add i32 %v1, 2
  %v3 = add i32 %v2, 3
  %v4 = add i32 %v3, 4
  %v5 = add i32 %v4, 5
  %v6 = add i32 %v5, 6
  %v7 = add i32 %v6, 7
  %v8 = add i32 %v7, 8
  %v9 = add i32 %v8, 9
  %v10 = add i32 %v9, 10
  %v11 = add i32 %v10, 11
  %v12 = add i32 %v11, 12
  %v13 = add i32 %v12, 13
  %v14 = add i32 %v13, 14
  %v15 = add i32 %v14, 15
  %v16 = add i32 %v15, 16
  %v17 = add i32 %v16, 17
  %v18 = add i32 %v17, 18
  %v19 = add i32 %v18, 19
  %v20 = add i32 %v19, 20
  %v21 = add i32 %v20, 21
  %v22 = add i32 %v21, 22
  %v23 = add i32 %v22, 23
  %v24 = add i32 %v23, 24
  %v25 = add i32 %v24, 25
  %v26 = add i32 %v25, 26
  %v27 = add i32 %v26, 27
  %v28 = add i32 %v27, 28
  %v29 = add i32 %v28, 29
  %v30 = add i32 %v29, 30
  %v31 = add i32 %v30, 31
  %v32 = add i32 %v31, 32
  %v33 = add i32 %v32, 33
  %v34 = add i32 %v33, 34
  %v35 = add i32 %v34, 35
  %v36 = add i32 %v35, 36
  %v37 = add i32 %v36, 37
  %v38 = add i32 %v37, 38
  %v39 = add i32 %v38, 39
  %v40 = add i32 %v39, 40
  %v41 = add i32 %v40, 41
  %v42 = add i32 %v41, 42
  %v43 = add i32 %v42, 43
  %v44 = add i32 %v43, 44
  %v45 = add i32 %v44, 45
  %v46 = add i32 %v45, 46
  %v47 = add i32 %v46, 47
  %v48 = add i32 %v47, 48
  %v49 = add i32 %v48, 49
  %v50 = add i32 %v49, 50
  %v51 = add i32 %v50, 51
  %v52 = add i32 %v51, 52
  %v53 = add i32 %v52, 53
  %v54 = add i32 %v53, 54
  %v55 = add i32 %v54, 55
  %v56 = add i32 %v55, 56
  %v57 = add i32 %v56, 57
  %v58 = add i32 %v57, 58
  %v59 = add i32 %v58, 59
  %v60 = add i32 %v59, 60
  %v61 = add i32 %v60, 61
  %v62 = add i32 %v61, 62
  %v63 = add i32 %v62, 63
  %v64 = add i32 %v63, 64
  %v65 = add i32 %v64, 65
  %v66 = add i32 %v65, 66
  %v67 = add i32 %v66, 67
  %v68 = add i32 %v67, 68
  %v69 = add i32 %v68, 69
  %l = load i32, ptr %p
  %u = add i32 %l, 1
  %w = add i32 %v66, %v1
  %x = mul i32 %u, %w
  store i32 %x, ptr %p
  br label %exit
exit:
  ret void
}

; Bad HPVM-C is an error naming gpucc-hpvm-gen and the call, never a crash:
; a rank above 3, a port that is not a constant, a port beyond the node's
; inputs, an edge between values of different types. (The input is what
; clang -O0 emits for HPVM-C, reduced; sed makes each bad variant.)
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %s
; RUN: sed 's/i32 1, ptr @leaf, i64 32)/i32 4, ptr @leaf, i64 2, i64 2, i64 2, i64 2)/' %s > %t.rank.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.rank.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=RANK %s
; RUN: sed 's/@__hpvm__bindIn(ptr %%l, i32 0, i32 0, i32 0)/@__hpvm__bindIn(ptr %%l, i32 %%k, i32 0, i32 0)/' %s > %t.port.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.port.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=PORT %s
; RUN: sed 's/@__hpvm__bindIn(ptr %%l, i32 0, i32 0, i32 0)/@__hpvm__bindIn(ptr %%l, i32 0, i32 3, i32 0)/' %s > %t.range.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.range.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=RANGE %s
; RUN: sed 's/i32 1, i32 0, i32 1, i32 0)/i32 1, i32 1, i32 1, i32 0)/' %s > %t.type.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.type.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=TYPE %s

; RANK: gpucc-hpvm-gen: in @grid: __hpvm__createNodeND: rank 4: HPVM nodes have at most 3 dimensions
; PORT: gpucc-hpvm-gen: in @grid: operand 1 of llvm.hpvm.bind.input is not a constant
; RANGE: gpucc-hpvm-gen: in @grid: bind.input 0 -> 3: @grid has 2 inputs, @leaf has 3
; TYPE: gpucc-hpvm-gen: in @grid: edge 1 -> 1: i64 to ptr

target triple = "nvptx64-nvidia-cuda"

define void @leaf(i64 %x, ptr %tile, i64 %bytes) {
  ret void
}

define void @alloc() {
  %m = call ptr @__hpvm__malloc(i64 64)
  call void (i32, ...) @__hpvm__return(i32 2, ptr %m, i64 64)
  ret void
}

define void @grid(i64 %x, i32 %k) {
  %a = call ptr (i32, ...) @__hpvm__createNodeND(i32 0, ptr @alloc)
  %l = call ptr (i32, ...) @__hpvm__createNodeND(i32 1, ptr @leaf, i64 32)
  call void @__hpvm__bindIn(ptr %l, i32 0, i32 0, i32 0)
  %e = call ptr @__hpvm__edge(ptr %a, ptr %l, i32 1, i32 0, i32 1, i32 0)
  ret void
}

declare ptr @__hpvm__malloc(i64)
declare void @__hpvm__return(i32, ...)
declare ptr @__hpvm__createNodeND(i32, ...)
declare void @__hpvm__bindIn(ptr, i32, i32, i32)
declare ptr @__hpvm__edge(ptr, ptr, i32, i32, i32, i32)

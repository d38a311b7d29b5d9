; An unknown parameter is a user error: LLVM ERROR naming the pass, exit 1.
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<spmdisation>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; CHECK: LLVM ERROR: gpucc-openmp-opt: unknown parameter 'spmdisation' (expected
target triple = "nvptx64-nvidia-cuda"

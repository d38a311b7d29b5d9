; gpucc-openmp-device takes no parameters: any is a user error, an LLVM ERROR
; naming the pipeline, exit 1.
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-device<fast>' \
; RUN:   -disable-output %s 2>&1 | FileCheck %s
; CHECK: LLVM ERROR: gpucc-openmp-device: unknown parameter 'fast' (expected no parameters)
target triple = "nvptx64-nvidia-cuda"

; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-infer-address-spaces<bogus>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=ERR %s
;
; The pass takes no parameters: an unknown one stops opt with a message naming
; the pass and the parameter and a non-zero exit, never a crash.

; ERR: LLVM ERROR: gpucc-infer-address-spaces: unknown parameter 'bogus' (expected no parameters)
; ERR-NOT: Stack dump

target triple = "nvptx64-nvidia-cuda"

define void @f() {
  ret void
}

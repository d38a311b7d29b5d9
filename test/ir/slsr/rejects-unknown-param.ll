; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scna=3>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan=lots>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=VALUE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-slsr<max-scan>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=FORM %s
;
; A bad parameter stops opt with a message naming the pass, the parameter and
; what is expected, and a non-zero exit; never a crash.

; UNKNOWN: LLVM ERROR: gpucc-slsr: unknown parameter 'max-scna' (expected max-scan=<u32>)
; UNKNOWN-NOT: Stack dump
; VALUE: LLVM ERROR: gpucc-slsr: invalid value 'lots' for parameter 'max-scan' (expected max-scan=<u32>)
; FORM: LLVM ERROR: gpucc-slsr: malformed parameter 'max-scan' (expected max-scan=<u32>)

target triple = "nvptx64-nvidia-cuda"

define void @f() {
  ret void
}

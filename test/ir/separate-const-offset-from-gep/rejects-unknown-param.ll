; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-separate-const-offset-from-gep<lower>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-separate-const-offset-from-gep<lower-gep=1>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=FORM %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-separate-const-offset-from-gep<no-lower-gep>' \
; RUN:     -disable-output %s
;
; The one parameter is the flag `lower-gep` (`no-lower-gep` is the default).
; Anything else stops opt with the pass, the parameter and what is expected.

; UNKNOWN: LLVM ERROR: gpucc-separate-const-offset-from-gep: unknown parameter 'lower' (expected lower-gep or no-lower-gep)
; FORM: LLVM ERROR: gpucc-separate-const-offset-from-gep: malformed parameter 'lower-gep=1' (expected lower-gep or no-lower-gep)

define void @f() {
  ret void
}

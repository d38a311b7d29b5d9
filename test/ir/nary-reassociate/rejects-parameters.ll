; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-nary-reassociate<rounds=3>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-nary-reassociatex' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NOTOURS %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-nary-reassociate<>' -disable-output %s
;
; The pass takes no parameters (upstream has no options either): any given
; is an error naming the pass and the parameter, exit status 1. A name that
; only starts with ours is not ours. Empty brackets mean the defaults.

; UNKNOWN: LLVM ERROR: gpucc-nary-reassociate: unknown parameter 'rounds' (expected no parameters)
; NOTOURS: unknown pass name 'gpucc-nary-reassociatex'

define void @f() {
  ret void
}

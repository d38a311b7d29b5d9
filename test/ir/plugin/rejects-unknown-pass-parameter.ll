; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<bogus>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<force=1>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=FORM %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<force;;>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=EMPTY %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc<fast>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=PIPELINE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-divisionx' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NOTOURS %s
;
; Bad parameters stop opt with a message naming the pass and the parameter,
; and a non-zero exit; never a crash. A name that merely starts with ours is
; not ours: opt reports it as unknown.

; UNKNOWN: LLVM ERROR: gpucc-bypass-slow-division: unknown parameter 'bogus' (expected force or no-force, opaque-slow-path or no-opaque-slow-path)
; FORM: LLVM ERROR: gpucc-bypass-slow-division: malformed parameter 'force=1' (expected force or no-force)
; EMPTY: LLVM ERROR: gpucc-bypass-slow-division: empty parameter
; PIPELINE: LLVM ERROR: gpucc: unknown parameter 'fast' (expected no parameters)
; NOTOURS: unknown pass name 'gpucc-bypass-slow-divisionx'

define void @f() {
  ret void
}

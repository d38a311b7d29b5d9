; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-cost=3>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-speculation-cost=lots>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=VALUE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted=-1>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NEGATIVE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NOVALUE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<only-if-divergent-target=1>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=FLAGVALUE %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<no-max-not-hoisted=2>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NEGATED %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<max-not-hoisted=2;;>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=EMPTY %s
; RUN: not opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-executions' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=NOTOURS %s
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     '-passes=gpucc-speculative-execution<only-if-divergent-target;max-speculation-cost=3;max-not-hoisted=2>' \
; RUN:     -disable-output %s
;
; An unknown or malformed parameter stops opt with a message naming the pass
; and the parameter, and a non-zero exit; never a crash. All three valid
; parameters together are accepted.

; UNKNOWN: LLVM ERROR: gpucc-speculative-execution: unknown parameter 'max-cost' (expected only-if-divergent-target or no-only-if-divergent-target, max-speculation-cost=<u32>, max-not-hoisted=<u32>)
; UNKNOWN-NOT: Stack dump
; VALUE: LLVM ERROR: gpucc-speculative-execution: invalid value 'lots' for parameter 'max-speculation-cost' (expected max-speculation-cost=<u32>)
; NEGATIVE: LLVM ERROR: gpucc-speculative-execution: invalid value '-1' for parameter 'max-not-hoisted' (expected max-not-hoisted=<u32>)
; NOVALUE: LLVM ERROR: gpucc-speculative-execution: malformed parameter 'max-not-hoisted' (expected max-not-hoisted=<u32>)
; FLAGVALUE: LLVM ERROR: gpucc-speculative-execution: malformed parameter 'only-if-divergent-target=1' (expected only-if-divergent-target or no-only-if-divergent-target)
; NEGATED: LLVM ERROR: gpucc-speculative-execution: unknown parameter 'no-max-not-hoisted'
; EMPTY: LLVM ERROR: gpucc-speculative-execution: empty parameter
; NOTOURS: unknown pass name 'gpucc-speculative-executions'

define void @f() {
  ret void
}

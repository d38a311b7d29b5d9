; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -print-changed -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -print-changed=diff \
; RUN:     -disable-output %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck --check-prefix=DIFF %s
;
; -print-changed names our passes that changed the IR, and those that did
; not; -print-changed=diff shows what they changed.

; CHECK-DAG: IR Dump After gpucc-infer-address-spaces on [module]
; CHECK-DAG: IR Dump After gpucc-bypass-slow-division on kernel
; CHECK-DAG: gpucc-nary-reassociate on kernel omitted because no change

; DIFF: IR Dump After gpucc-separate-const-offset-from-gep on kernel
; DIFF: IR Dump After gpucc-speculative-execution on kernel
; DIFF: {{^}}+{{.*}}sext i32

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -print-after-all -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -print-after-all \
; RUN:     -disable-output %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck --check-prefix=SL %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -print-after=gpucc-bypass-slow-division \
; RUN:     -disable-output %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck --check-prefix=ONE %s
;
; -print-after-all prints the IR after each pass of our pipelines, under our
; pass names, and -print-after= selects one of them by name.

; CHECK: IR Dump After gpucc-infer-address-spaces on [module]
; CHECK: IR Dump After gpucc-separate-const-offset-from-gep on kernel
; CHECK: IR Dump After gpucc-speculative-execution on kernel
; CHECK: IR Dump After gpucc-slsr on kernel
; CHECK: IR Dump After gpucc-nary-reassociate on kernel
; CHECK: IR Dump After gpucc-bypass-slow-division on kernel
; CHECK: udiv i32
; CHECK: IR Dump After gpucc-memspace-annotate on kernel

; SL: IR Dump After gpucc-separate-const-offset-from-gep on kernel
; SL: IR Dump After gpucc-nary-reassociate on kernel

; ONE-NOT: IR Dump After gpucc-slsr
; ONE: IR Dump After gpucc-bypass-slow-division on kernel
; ONE: udiv i32
; ONE-NOT: IR Dump After

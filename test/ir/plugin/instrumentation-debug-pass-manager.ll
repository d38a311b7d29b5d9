; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -debug-pass-manager -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -print-pipeline-passes -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir | FileCheck --check-prefix=PIPE %s
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-slsr<max-scan=20>)' \
; RUN:     -print-pipeline-passes -disable-output %S/Inputs/instrumented-kernel.ir \
; RUN:   | FileCheck --check-prefix=PARAM %s
;
; -debug-pass-manager lists each of our passes by name, in the pipeline's
; order; -print-pipeline-passes prints our elements as they were written.

; CHECK: Running pass: gpucc-infer-address-spaces on [module]
; CHECK: Running pass: gpucc-separate-const-offset-from-gep on kernel
; CHECK: Running pass: gpucc-speculative-execution on kernel
; CHECK: Running pass: gpucc-slsr on kernel
; CHECK: Running pass: GVNPass on kernel
; CHECK: Running pass: gpucc-nary-reassociate on kernel
; CHECK: Running pass: EarlyCSEPass on kernel
; CHECK: Running pass: gpucc-rotate-loads on kernel
; CHECK: Running pass: gpucc-bypass-slow-division on kernel
; CHECK: Running pass: gpucc-memspace-annotate on kernel
; CHECK: Running pass: gpucc-invariant-loads on kernel
; CHECK: Running pass: gpucc-flatten-guards on kernel
; CHECK: Running pass: gpucc-loop-layout on kernel
; CHECK: Running pass: gpucc-shared-align

; PIPE: function(gpucc-sreg-ranges),gpucc-infer-address-spaces,function(gpucc-separate-const-offset-from-gep,gpucc-speculative-execution<only-if-divergent-target>,gpucc-slsr,gvn<{{.*}}>,gpucc-nary-reassociate,early-cse<>,gpucc-rotate-loads,gpucc-bypass-slow-division<opaque-slow-path>,gpucc-memspace-annotate,gpucc-invariant-loads,gpucc-flatten-guards,gpucc-loop-layout),gpucc-shared-align

; PARAM: function(gpucc-slsr<max-scan=20>)

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -time-passes -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -time-passes -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck --check-prefix=SL %s
; RUN: opt -load-pass-plugin=%plugin '-passes=default<O2>' -time-passes -disable-output \
; RUN:     %S/Inputs/instrumented-kernel.ir 2>&1 | FileCheck --check-prefix=AUTO %s
;
; -time-passes works around our pipelines and names each of our passes (it
; crashed in llvm::Timer::stopTimer while the pipelines ran as one opaque
; module pass, issue 14). clang's -ftime-report uses the same timers
; (instrumentation-clang-ftime-report.ll).

; CHECK: Pass execution timing report
; CHECK-DAG: gpucc-infer-address-spaces
; CHECK-DAG: gpucc-separate-const-offset-from-gep
; CHECK-DAG: gpucc-speculative-execution
; CHECK-DAG: gpucc-slsr
; CHECK-DAG: GVNPass
; CHECK-DAG: gpucc-nary-reassociate
; CHECK-DAG: EarlyCSEPass
; CHECK-DAG: gpucc-bypass-slow-division
; CHECK-DAG: gpucc-memspace-annotate

; SL: Pass execution timing report
; SL-DAG: gpucc-separate-const-offset-from-gep
; SL-DAG: gpucc-speculative-execution
; SL-DAG: gpucc-slsr
; SL-DAG: gpucc-nary-reassociate

; The auto-pipeline (added by the plugin to default<O2>, as clang and rustc
; run it): a nested pass manager, whose passes are timed by name.
; AUTO: Pass execution timing report
; AUTO-DAG: gpucc-memspace-annotate
; AUTO-DAG: gpucc-slsr
; AUTO-DAG: gpucc-bypass-slow-division

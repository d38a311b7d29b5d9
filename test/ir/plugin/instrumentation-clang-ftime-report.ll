; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin -ftime-report %S/Inputs/auto-pipeline.cu \
; RUN:     -o /dev/null 2>&1 | FileCheck %s
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin -mllvm -print-after=gpucc-bypass-slow-division \
; RUN:     %S/Inputs/auto-pipeline.cu -o /dev/null 2>&1 | FileCheck --check-prefix=PRINT %s
;
; clang's -ftime-report uses LLVM's pass timers: each of our passes inside
; the auto-pipeline shows up by name (the auto-pipeline is an adaptor, which
; the timers skip as they skip pass managers: it crashed them when it was not
; named like one). -mllvm -print-after= picks one of them by name.

; CHECK: Pass execution timing report
; CHECK-DAG: gpucc-bypass-slow-division
; CHECK-DAG: gpucc-slsr
; CHECK-DAG: gpucc-memspace-annotate

; PRINT: IR Dump After gpucc-bypass-slow-division on
; PRINT: udiv i32

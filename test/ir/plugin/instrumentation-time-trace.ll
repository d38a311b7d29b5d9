; RUN: rm -f %t.json
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -time-trace -time-trace-granularity=0 \
; RUN:     -time-trace-file=%t.json \
; RUN:     -disable-output %S/Inputs/instrumented-kernel.ir
; RUN: FileCheck %s < %t.json
;
; -time-trace (Chrome trace JSON) records our passes by name; it aborted
; while our pipelines ran as one opaque module pass (issue 14).

; CHECK-DAG: "name":"gpucc-slsr"
; CHECK-DAG: "name":"gpucc-bypass-slow-division"
; CHECK-DAG: "name":"gpucc-infer-address-spaces"

; REQUIRES: llvm16
; RUN: not /usr/lib/llvm-22/bin/opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck %s
; RUN: not env RUSTC_BOOTSTRAP=1 rustc -Z llvm-plugins=%plugin --crate-type rlib \
; RUN:     --target nvptx64-nvidia-cuda --emit=llvm-ir=%t.ll %S/../rustc/Inputs/div64.rs 2>&1 \
; RUN:   | FileCheck %s
;
; The LLVM 16 library loaded into opt-22, or into rustc (which runs LLVM
; 22): a message that names both versions, and exit status 1, before any
; pass can run against the wrong C++ ABI.

; CHECK: gpucc-passes: this library was built for LLVM 16, but it was loaded into LLVM 22.{{[0-9]+}}.{{[0-9]+}}; build the plugin for that LLVM (scripts/plugin.sh <major>)

define void @f() {
  ret void
}

; REQUIRES: llvm22
; RUN: not /usr/lib/llvm-16/bin/opt -load-pass-plugin=%plugin -passes=gpucc-slsr \
; RUN:     -disable-output %s 2>&1 | FileCheck %s
; RUN: not /usr/lib/llvm-16/bin/clang --target=nvptx64-nvidia-cuda -O2 -S -emit-llvm \
; RUN:     -fpass-plugin=%plugin %s -o /dev/null 2>&1 | FileCheck %s
;
; The LLVM 22 library (which links no libLLVM) loaded into opt-16 or
; clang-16: it binds LLVM's symbols lazily, so it loads, and its version
; check stops the process with a message naming both versions and exit
; status 1, instead of the loader's "undefined symbol" and opt ignoring the
; plugin.

; CHECK: gpucc-passes: this library was built for LLVM 22, but it was loaded into LLVM 16.0.6; build the plugin for that LLVM (scripts/plugin.sh <major>)

define void @f() {
  ret void
}

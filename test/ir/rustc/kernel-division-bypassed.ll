; REQUIRES: llvm22
; RUN: env RUSTC_BOOTSTRAP=1 rustc -Z llvm-plugins=%plugin -C passes=gpucc \
; RUN:     --target nvptx64-nvidia-cuda -C target-cpu=sm_80 -C opt-level=3 --crate-type rlib \
; RUN:     --emit=llvm-ir=%t.ll,asm=%t.ptx %S/Inputs/div64.rs
; RUN: FileCheck --check-prefix=IR %s < %t.ll
; RUN: FileCheck --check-prefix=PTX %s < %t.ptx
; RUN: env RUSTC_BOOTSTRAP=1 rustc --target nvptx64-nvidia-cuda -C target-cpu=sm_80 \
; RUN:     -C opt-level=3 --crate-type rlib --emit=llvm-ir=%t.none.ll %S/Inputs/div64.rs
; RUN: FileCheck --check-prefix=NONE %s < %t.none.ll
;
; rustc with the plugin (-Z llvm-plugins; rustc runs LLVM 22, and so does the
; library under test) and -C passes=gpucc: each u64 division of a kernel
; gets one check that both operands fit 32 bits, a 32-bit fast path, and the
; opaque <1 x i64> slow path. The auto-pipeline also runs gpucc on device
; code: the division is still checked once (the slow path is a vector, which
; the bypass leaves alone). The PTX has div.u32 beside div.u64, one `and` with the
; high-half mask per division. Without the plugin rustc keeps one udiv i64.

; IR-LABEL: define {{.*}}ptx_kernel void @div64(
; IR:         and i64 {{.*}}, -4294967296
; IR-NOT:     and i64 {{.*}}, -4294967296
; IR:         udiv i32
; IR:         udiv <1 x i64>
; IR-LABEL: define {{.*}}ptx_kernel void @two_div64(
; IR-COUNT-2: and i64 {{.*}}, -4294967296
; IR-NOT:     and i64 {{.*}}, -4294967296
; IR:         ret void

; PTX-LABEL: .entry div64(
; PTX:         and.b64{{.*}}-4294967296
; PTX-NOT:     and.b64{{.*}}-4294967296
; PTX-DAG:     div.u32
; PTX-DAG:     div.u64
; PTX-LABEL: .entry two_div64(

; NONE-LABEL: define {{.*}}ptx_kernel void @div64(
; NONE-NOT:     udiv i32
; NONE:         udiv i64
; NONE-NOT:     udiv i32
; NONE:         ret void

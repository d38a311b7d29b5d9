; REQUIRES: llvm22
; RUN: env RUSTC_BOOTSTRAP=1 rustc -C opt-level=3 -o %t.none \
; RUN:     %S/../../../examples/rust-host/src/main.rs
; RUN: env RUSTC_BOOTSTRAP=1 rustc -C opt-level=3 -Z llvm-plugins=%plugin \
; RUN:     -C passes=gpucc-straight-line -o %t.sl %S/../../../examples/rust-host/src/main.rs
; RUN: env RUSTC_BOOTSTRAP=1 rustc -C opt-level=3 -Z llvm-plugins=%plugin \
; RUN:     '-C' 'passes=gpucc-bypass-slow-division<force>' --emit=llvm-ir=%t.bypass.ll,link \
; RUN:     -o %t.bypass %S/../../../examples/rust-host/src/main.rs
; RUN: env RUSTC_BOOTSTRAP=1 rustc -C opt-level=3 -Z llvm-plugins=%plugin \
; RUN:     --emit=llvm-ir=%t.auto.ll %S/../../../examples/rust-host/src/main.rs
; RUN: %t.none 2 > %t.none.out
; RUN: %t.sl 2 > %t.sl.out
; RUN: %t.bypass 2 > %t.bypass.out
; RUN: diff %t.none.out %t.sl.out
; RUN: diff %t.none.out %t.bypass.out
; RUN: FileCheck --check-prefix=OUT %s < %t.none.out
; RUN: FileCheck --check-prefix=BYPASS %s < %t.bypass.ll
; RUN: FileCheck --check-prefix=AUTO %s < %t.auto.ll
;
; A host program (examples/rust-host: 64-bit divisions and an unrolled
; stencil) built by rustc three ways: without the plugin, with
; gpucc-straight-line, and with gpucc-bypass-slow-division<force> (the
; bypass runs on host code only when forced). Each prints the same line.
; The forced build did bypass divisions (32-bit fast paths in its IR);
; loading the plugin without -C passes changes nothing on the host: the
; auto-pipeline runs on GPU modules only.

; OUT: digit_sums={{[0-9]+}} signed_quotients={{-?[0-9]+}} box_filter={{[0-9]+}}

; BYPASS: {{udiv|urem}} i32
; BYPASS: {{sdiv|srem|udiv|urem}} i64

; AUTO-NOT: {{(udiv|urem|sdiv|srem) i32}}
; AUTO-NOT: <1 x i64>

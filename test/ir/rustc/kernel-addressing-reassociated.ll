; REQUIRES: llvm22
; RUN: env RUSTC_BOOTSTRAP=1 rustc -Z llvm-plugins=%plugin --target nvptx64-nvidia-cuda \
; RUN:     -C target-cpu=sm_80 -C opt-level=3 --crate-type rlib \
; RUN:     --emit=llvm-ir=%t.ll,asm=%t.ptx %S/../../../examples/rust-gpu/src/lib.rs
; RUN: FileCheck --check-prefix=PTX %s < %t.ptx
; RUN: FileCheck --check-prefix=IR %s < %t.ll
; RUN: env RUSTC_BOOTSTRAP=1 rustc --target nvptx64-nvidia-cuda -C target-cpu=sm_80 \
; RUN:     -C opt-level=3 --crate-type rlib --emit=llvm-ir=%t.none.ll \
; RUN:     %S/../../../examples/rust-gpu/src/lib.rs
; RUN: FileCheck --check-prefix=NONE %s < %t.none.ll
;
; The Rust kernels of examples/rust-gpu, built by rustc with the plugin and
; no -C passes at all: the auto-pipeline runs gpucc on the NVPTX module by
; itself. submatrix_sum is the gpucc paper's Figure 5 in Rust,
; a[(c + y) + (b + x) * n] over a 3x3 block: after the plugin one
; multiplication by n is left (SLSR steps from row to row by 4n bytes), and the
; second and third load of each row are the row's first address plus 4 and
; 8 bytes. Without the plugin rustc's IR multiplies by n once per row, and
; keeps div64's udiv i64 alone. (llc's NVPTX back end runs LLVM's own
; versions of these passes, and CodeGenPrepare bypasses divisions, so the
; PTX without the plugin catches up here: rustc's IR is where the plugin
; shows.)

; PTX-LABEL: .entry div64(
; PTX:         div.u32
; PTX-LABEL: .entry submatrix_sum(
; PTX:         mul.lo.s64
; PTX-NOT:     mul.lo.s64
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R0:%rd[0-9]+]]];
; PTX-NEXT:    ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R0]]+4];
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R0]]+8];
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R1:%rd[0-9]+]]];
; PTX-NEXT:    ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R1]]+4];
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R1]]+8];
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R2:%rd[0-9]+]]];
; PTX-NEXT:    ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R2]]+4];
; PTX:         ld.global.{{[bf]}}32 {{%(r|f)[0-9]+}}, [[[R2]]+8];
; PTX-NOT:     mul.lo.s64

; IR-LABEL: define {{.*}}ptx_kernel void @div64(
; IR:         udiv i32
; IR:         udiv <1 x i64>
; IR-LABEL: define {{.*}}ptx_kernel void @submatrix_sum(
; IR:         mul i64 %n,
; IR-NOT:     mul i64
; IR:         [[ROW:%.*]] = shl i64 %n, 2
; IR-NEXT:    getelementptr i8, ptr {{(addrspace\(1\) )?}}%{{.*}}, i64 [[ROW]]
; IR-NOT:     mul i64
; IR:         ret void

; NONE-LABEL: define {{.*}}ptx_kernel void @div64(
; NONE-NOT:     udiv i32
; NONE:         udiv i64
; NONE-LABEL: define {{.*}}ptx_kernel void @submatrix_sum(
; NONE-COUNT-3: mul i64
; NONE:         ret void

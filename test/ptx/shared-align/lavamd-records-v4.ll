; The user's path (clang -O3 -fpass-plugin) on the lavaMD-like kernel of the
; benchmark corpus: the j-loop reads each staged particle record from the
; dynamic shared buffer with one ld.shared.v4 (gpucc-shared-align declares the
; buffer .align 16 and proves each record 16-aligned), and stores no force
; inside the loop (memory-space annotation lets LICM keep the four
; accumulators in registers). Stock clang issues four scalar loads.
;
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 \
; RUN:     --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/lavamd_like.cu -o - \
; RUN:   | awk '/^[$]L__BB/ { block = $1 } /ld[.]shared[.]v4.*[+]-16[]]/ && !seen { print "head: " block; seen = 1 } { print }' \
; RUN:   | FileCheck %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O3 -S -fpass-plugin=%plugin \
; RUN:     %S/../../../bench/kernels/lavamd_like.cu -o - | FileCheck --check-prefix=STOCK %s
;
; CHECK:       .extern .shared .align 16 .b8 stage[];
; CHECK-LABEL: .entry lavamd_like(
; The unrolled j-loop: two records per trip, no global store (awk prints the
; label of the block of the first vector load at offset -16 as "head:").
; CHECK:       head: [[LOOP:\$L__BB[0-9_]+]]:
; CHECK-NEXT:    ld.shared.v4.{{[fb]}}32 {{.*}}[[[REC:%rd[0-9]+]]+-16];
; CHECK-NOT:     {{st|red|atom}}.global
; CHECK:         ld.shared.v4.{{[fb]}}32 {{.*}}[[[REC]]];
; CHECK-NOT:     {{st|red|atom}}.global
; CHECK:         bra{{(.uni)?}} {{.*}}[[LOOP]];
;
; STOCK:       .extern .shared .align 4 .b8 stage[];
; STOCK-NOT:   ld.shared.v4

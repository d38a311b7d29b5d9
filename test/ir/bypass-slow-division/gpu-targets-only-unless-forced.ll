; RUN: sed -e 's/TRIPLE/nvptx64-nvidia-cuda/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S \
; RUN:   | FileCheck --check-prefix=BYPASS %s
; RUN: sed -e 's/TRIPLE/nvptx-nvidia-cuda/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S \
; RUN:   | FileCheck --check-prefix=BYPASS %s
; RUN: sed -e 's/TRIPLE/amdgcn-amd-amdhsa/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S \
; RUN:   | FileCheck --check-prefix=BYPASS %s
; RUN: sed -e 's/TRIPLE/x86_64-unknown-linux-gnu/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S \
; RUN:   | FileCheck --check-prefix=KEEP %s
; RUN: sed -e 's/TRIPLE/x86_64-unknown-linux-gnu/' %s \
; RUN:   | opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<force>' -S \
; RUN:   | FileCheck --check-prefix=BYPASS %s
; RUN: sed -e 's/TRIPLE/x86_64-unknown-linux-gnu/' %s \
; RUN:   | opt -load-pass-plugin=%plugin '-passes=gpucc-bypass-slow-division<force;no-force>' -S \
; RUN:   | FileCheck --check-prefix=KEEP %s
; RUN: sed -e 's/TRIPLE/amdgcn-amd-amdhsa/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -amdgpu-bypass-slow-div=0 -S \
; RUN:   | FileCheck --check-prefix=KEEP %s
; RUN: sed -e 's/TRIPLE/x86_64-unknown-linux-gnu/' %s \
; RUN:   | opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:         -pass-remarks-missed=gpucc-bypass-slow-division -disable-output 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; NVPTX and AMDGPU (whose 64-bit division is slow) are bypassed; other targets
; only with <force>. On AMDGPU upstream's -amdgpu-bypass-slow-div=0 turns it off.

target triple = "TRIPLE"

; BYPASS-LABEL: @f(
; BYPASS:         icmp eq i64
; BYPASS:         udiv i32
; BYPASS:         udiv i64 %a, %b
; KEEP-LABEL:   @f(
; KEEP-NEXT:      %q = udiv i64 %a, %b
; KEEP-NEXT:      ret i64 %q
; REMARK: remark: {{.*}}not a GPU target: 64-bit divisions are left alone (use gpucc-bypass-slow-division<force> to bypass them anyway)
define i64 @f(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %q
}

; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<only-if-divergent-target>' \
; RUN:     -mtriple=x86_64-unknown-linux-gnu -S %s | FileCheck --check-prefix=OFF %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<only-if-divergent-target>' \
; RUN:     -mtriple=nvptx64-nvidia-cuda -S %s | FileCheck --check-prefix=ON %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<only-if-divergent-target>' \
; RUN:     -mtriple=amdgcn-amd-amdhsa -S %s | FileCheck --check-prefix=ON %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -spec-exec-only-if-divergent-target -mtriple=x86_64-unknown-linux-gnu -S %s \
; RUN:   | FileCheck --check-prefix=OFF %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-speculative-execution \
; RUN:     -mtriple=x86_64-unknown-linux-gnu -S %s | FileCheck --check-prefix=ON %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<no-only-if-divergent-target>' \
; RUN:     -spec-exec-only-if-divergent-target -mtriple=x86_64-unknown-linux-gnu -S %s \
; RUN:   | FileCheck --check-prefix=ON %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-speculative-execution<only-if-divergent-target>' \
; RUN:     -mtriple=x86_64-unknown-linux-gnu -pass-remarks-missed=gpucc-speculative-execution \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
;
; With only-if-divergent-target (the parameter, or upstream's
; -spec-exec-only-if-divergent-target) the pass runs only where TTI says
; branches diverge: NVPTX and AMDGPU hoist, x86 is left alone. Without it the
; pass runs everywhere; `no-only-if-divergent-target` beats the option.

; ON-LABEL: @f(
; ON:       entry:
; ON-NEXT:    %x = add i32 %a, 3
; ON-NEXT:    br i1 %c, label %then, label %exit
; OFF-LABEL: @f(
; OFF:       entry:
; OFF-NEXT:    br i1 %c, label %then, label %exit
; OFF:       then:
; OFF-NEXT:    %x = add i32 %a, 3
; REMARK: remark: <unknown>:0:0: @f: nothing speculated: only-if-divergent-target is set and the target has no divergent branches
define i32 @f(i32 %a, i1 %c) {
entry:
  br i1 %c, label %then, label %exit
then:
  %x = add i32 %a, 3
  br label %exit
exit:
  %r = phi i32 [ %x, %then ], [ 0, %entry ]
  ret i32 %r
}

; Bad input to gpucc-hpvm-lower is an error naming the pass, never a crash:
; a module for another target, an unknown parameter, a node that names no
; function.
;
; RUN: not opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-hpvm-lower -disable-output %s 2>&1 | FileCheck --check-prefix=TARGET %s
; RUN: not opt -load-pass-plugin=%plugin -passes='gpucc-hpvm-lower<constmemory>' \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=PARAM %s
; RUN: sed 's/ptr @leaf, i64 32/ptr %%p, i64 32/' %s > %t.ll
; RUN: not opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -passes=gpucc-hpvm-lower \
; RUN:     -disable-output %t.ll 2>&1 | FileCheck --check-prefix=NOFN %s

; TARGET: gpucc-hpvm-lower: the module's target is 'x86_64-unknown-linux-gnu'; HPVM leaves lower to NVPTX kernels
; PARAM: gpucc-hpvm-lower: unknown parameter 'constmemory'
; NOFN: gpucc-hpvm-lower: in @root: llvm.hpvm.createNode1D does not name a function

define void @leaf(i64 %x) {
  ret void
}

define void @root(ptr %p) {
  %l = call ptr @llvm.hpvm.createNode1D(ptr @leaf, i64 32)
  ret void
}

declare ptr @llvm.hpvm.createNode1D(ptr, i64)

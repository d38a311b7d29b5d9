; RUN: llvm-dis /usr/lib/llvm-16/lib/libomptarget-nvptx-sm_80.bc -o - | sed 's/ optnone//' > %t.nv.ll
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-infer-address-spaces)' -verify-each \
; RUN:     -S %t.nv.ll -o %t.ours.ll
; RUN: opt -passes=infer-address-spaces -S %t.nv.ll -o %t.upstream.ll
; RUN: grep -c 'load .*, ptr addrspace(3)' %t.upstream.ll > %t.count
; RUN: grep -c 'load .*, ptr addrspace(3)' %t.ours.ll | diff - %t.count
; RUN: grep -v 'llvm.memcpy' %t.ours.ll > %t.ours.nomemcpy
; RUN: grep -v 'llvm.memcpy' %t.upstream.ll | diff - %t.ours.nomemcpy
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-infer-address-spaces)' -verify-each \
; RUN:     -S /usr/lib/llvm-16/lib/libomptarget-amdgpu-gfx90a.bc -o %t.amd.ours.ll
; RUN: opt -passes=infer-address-spaces -S /usr/lib/llvm-16/lib/libomptarget-amdgpu-gfx90a.bc \
; RUN:     -o %t.amd.upstream.ll
; RUN: diff %t.amd.ours.ll %t.amd.upstream.ll
; The whole gpucc pipeline (with inter-procedural specialization) on both:
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -verify-each -disable-output %t.nv.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -verify-each -disable-output \
; RUN:     /usr/lib/llvm-16/lib/libomptarget-amdgpu-gfx90a.bc
;
; A differential run on real device code: LLVM 16's OpenMP device runtime
; (from libomp-16-dev), tens of thousands of lines of NVPTX and AMDGPU IR.
; The pass must stay verifier-clean, give output identical to upstream's on
; AMDGPU, and on NVPTX move exactly as many loads to shared memory and
; differ only on memcpy lines: rewritten memcpy calls keep their call-site
; attributes, which upstream drops when it rebuilds the call.
;
; `optnone` is stripped from the NVPTX input because LLVM 16's pass rewrites
; uses of a constant expression in *every* function while it runs on one,
; including optnone functions the pass manager never gives it (a bug: a
; function pass must not change other functions). Ours stays in its function.

; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/lavamd.cu -o %t.plugin.ll
; RUN: FileCheck --check-prefix=PLUGIN %s < %t.plugin.ll
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm %S/Inputs/lavamd.cu -o %t.none.ll
; RUN: FileCheck --check-prefix=NOPLUGIN %s < %t.none.ll
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 -S -emit-llvm -fpass-plugin=%plugin \
; RUN:     %S/Inputs/lavamd.cu -o %t.off.ll
; RUN: diff %t.none.ll %t.off.ll
; RUN: echo $(grep -c ' = load ' %t.plugin.ll) $(grep -c ' = load ' %t.none.ll) \
; RUN:   | awk '{ print ($1 < $2) ? "fewer loads" : ("not fewer: " $0) }' \
; RUN:   | FileCheck --check-prefix=FEWER %s
;
; End to end: what gpucc-memspace-annotate buys in clang's own -O2 pipeline,
; where a plugin cannot add an alias analysis but the default AA stack reads
; scoped-noalias metadata. Inputs/lavamd.cu is the force loop of a lavaMD-
; like kernel:
;   for (j = 0; j < 128; j++) { ...rB_shared[j]...; fA->v += qB_shared[j] * vij; ...x, y, z }
; fA points into global memory (a generic kernel argument: host-visible;
; LLVM 22's target says global, and memory-space inference moves it there),
; rB_shared/qB_shared into `extern __shared__` memory.
;
; Without the plugin nothing proves that the stores to fA->v/x/y/z do not
; write shared memory: the inner loop stores all four accumulators on every
; iteration and reloads qB_shared[j] after each store (4 stores, 4 loads of
; qB_shared[j]). With the plugin (the gpucc pipeline runs at the peephole
; extension point on device code: memory-space inference turns the shared
; accesses into addrspace(3), the annotation marks them disjoint from the
; host-visible fA accesses) LICM keeps the four accumulators in registers:
; no store in the loop, one load of qB_shared[j], and the four stores move
; to the loop exit before __syncthreads(). The whole kernel then has
; strictly fewer loads (stores are as many: they moved, not vanished).
; GPUCC_AUTO_PIPELINE=0 gives the plugin-less output, byte for byte.
;
; The difference needs a shared array with external linkage (`extern
; __shared__`, or a non-static one at namespace scope). With an internal one
; (`static __shared__`, or `__shared__` declared inside the kernel, as
; Rodinia's lavaMD does) clang's GlobalsAA already proves it is not fv, and
; both builds keep the accumulators in registers.

; After the first barrier the preheader enters the inner loop. The single-
; block inner loop: rB_shared[j] (4 floats), the exp, one qB_shared[j], no
; store. (Its terminator branches back to itself, so what lies between its
; label and that branch is the loop body.) gpucc-loop-layout places the
; loop's exit right after it: the exit stores the accumulators once, then
; the second barrier.
; PLUGIN-LABEL: define {{.*}}void @lava(
; PLUGIN:         tail call void @llvm.nvvm.barrier{{0|.cta.sync.aligned.all}}(
; PLUGIN:         br label %[[LOOP:[0-9]+]]
; PLUGIN:       {{^}}[[LOOP]]:{{ +}}; preds = %{{[0-9]+}}, %[[LOOP]]{{$}}
; PLUGIN-NOT:     store
; PLUGIN-COUNT-4: load float, ptr addrspace(3)
; PLUGIN-NOT:     {{store|load}}
; PLUGIN:         call contract float @llvm.nvvm.ex2.approx.f
; PLUGIN-NOT:     {{store|load}}
; PLUGIN:         load float, ptr addrspace(3)
; PLUGIN-NOT:     {{store|load}}
; PLUGIN:         br i1 %{{[0-9]+}}, label %[[EXIT:[0-9]+]], label %[[LOOP]], !llvm.loop
; PLUGIN-EMPTY:
; PLUGIN-NEXT:    {{^}}[[EXIT]]:{{ +}}; preds = %[[LOOP]]{{$}}
; PLUGIN-NEXT:    store float %{{[0-9]+}}, ptr {{(addrspace\(1\) )?}}%{{[0-9]+}}, align 4, {{.*}}!alias.scope
; PLUGIN-NEXT:    store float %{{[0-9]+}}, ptr {{(addrspace\(1\) )?}}%{{[0-9]+}}, align 4, {{.*}}!alias.scope
; PLUGIN-NEXT:    store float %{{[0-9]+}}, ptr {{(addrspace\(1\) )?}}%{{[0-9]+}}, align 4, {{.*}}!alias.scope
; PLUGIN-NEXT:    store float %{{[0-9]+}}, ptr {{(addrspace\(1\) )?}}%{{[0-9]+}}, align 4, {{.*}}!alias.scope
; PLUGIN-NEXT:    tail call void @llvm.nvvm.barrier{{0|.cta.sync.aligned.all}}(

; NOPLUGIN-LABEL: define {{.*}}void @lava(
; NOPLUGIN:         tail call void @llvm.nvvm.barrier{{0|.cta.sync.aligned.all}}(
; NOPLUGIN:         br label %[[LOOP:[0-9]+]]
; NOPLUGIN-EMPTY:
; NOPLUGIN-NEXT:    {{^}}[[EXIT:[0-9]+]]:{{ +}}; preds = %[[LOOP]]{{$}}
; NOPLUGIN-NEXT:    tail call void @llvm.nvvm.barrier{{0|.cta.sync.aligned.all}}(
; NOPLUGIN:       {{^}}[[LOOP]]:{{ +}}; preds = %{{[0-9]+}}, %[[LOOP]]{{$}}
; NOPLUGIN-NOT:     store
; NOPLUGIN:         call contract float @llvm.nvvm.ex2.approx.f
; NOPLUGIN-NOT:     store
; NOPLUGIN:         [[Q:%[0-9]+]] = getelementptr inbounds {{(nuw )?}}float, ptr getelementptr
; NOPLUGIN-NEXT:    load float, ptr [[Q]], align 4
; NOPLUGIN:         store float
; NOPLUGIN-NEXT:    load float, ptr [[Q]], align 4
; NOPLUGIN:         store float
; NOPLUGIN-NEXT:    load float, ptr [[Q]], align 4
; NOPLUGIN:         store float
; NOPLUGIN-NEXT:    load float, ptr [[Q]], align 4
; NOPLUGIN:         store float
; NOPLUGIN-NOT:     {{store|load}}
; NOPLUGIN:         br i1 %{{[0-9]+}}, label %[[EXIT]], label %[[LOOP]], !llvm.loop

; FEWER: {{^fewer loads$}}

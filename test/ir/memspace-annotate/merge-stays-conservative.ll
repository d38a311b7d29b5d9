; RUN: opt -load-pass-plugin=%plugin \
; RUN:     '-passes=gpucc-memspace-annotate,simplifycfg<sink-common-insts>' -S %s \
; RUN:   | FileCheck --check-prefix=MERGED %s
; RUN: opt -load-pass-plugin=%plugin \
; RUN:     '-passes=gpucc-memspace-annotate,simplifycfg<sink-common-insts>' -S %s \
; RUN:   | opt -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata \
; RUN:         -print-all-alias-modref-info -disable-output 2>&1 \
; RUN:   | FileCheck --check-prefix=MERGED-AA %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-memspace-annotate -S %s \
; RUN:   | opt -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata \
; RUN:         -print-all-alias-modref-info -disable-output 2>&1 \
; RUN:   | FileCheck --check-prefix=UNMERGED-AA %s
;
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-memspace-annotate),inline' -S %s \
; RUN:   | FileCheck --check-prefix=INLINED %s
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-memspace-annotate),inline' -S %s \
; RUN:   | opt -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata \
; RUN:         -print-all-alias-modref-info -disable-output 2>&1 \
; RUN:   | FileCheck --check-prefix=INLINED-AA %s
; RUN: opt -load-pass-plugin=%plugin '-passes=function(gpucc-memspace-annotate),inline' -S %s \
; RUN:   | grep -c '!"gpucc.memspace.nvptx.as1"' | FileCheck --check-prefix=ONE-AS1-NODE %s
;
; Our metadata must stay sound when later passes move or copy the accesses.
;
; (a) Merging. SimplifyCFG's sinking turns
;       if (c) { left();  *g = x; }  else { right(); tile[0] = x; }
;     into one store through phi(g, tile) in the join block, and combines
;     the two stores' metadata: the union of !alias.scope and the
;     intersection of !noalias. The merged store so claims both the global
;     and the shared scope and is disjoint from neither: scoped-noalias-aa
;     answers MayAlias against a shared and a global load, where each
;     original store was NoAlias with the load in the other space.
;
; (b) Inlining. @scale's accesses carry our scopes, and its %dst is
;     noalias. The inliner turns the noalias parameter into a fresh domain
;     of its own (scope "scale: %dst"), adds that scope to the inlined
;     accesses, and deep-copies their scope lists; our named scopes come out
;     the same nodes (one per class in the module). The inlined accesses keep
;     our lists plus the inliner's, so scoped-noalias-aa alone still proves
;     both facts: shared vs global (ours) and src vs dst (the noalias
;     parameter's). The caller's own accesses after the call get nothing of
;     the inliner's: the noalias promise ends with the call.

target triple = "nvptx64-nvidia-cuda"

@tile = external addrspace(3) global [0 x float]

declare void @left()
declare void @right()

; MERGED-LABEL: @merge_global_and_shared_stores(
; MERGED:       join:
; MERGED-NEXT:    [[P:%.*]] = phi ptr [ %sh, %else ], [ %gl, %then ]
; MERGED-NEXT:    store float %x, ptr [[P]], align 4, !alias.scope [[MERGED_S:![0-9]+]], !noalias [[MERGED_N:![0-9]+]]{{$}}
; MERGED-NEXT:    %a = load float, ptr addrspace(3) @tile, align 4, !alias.scope [[S3:![0-9]+]], !noalias [[N3:![0-9]+]]{{$}}
; MERGED-NEXT:    %b = load float, ptr addrspace(1) %g2, align 4, !alias.scope [[S1:![0-9]+]], !noalias [[N1:![0-9]+]]{{$}}
;
; MERGED-DAG: [[DOM:![0-9]+]] = !{!"gpucc.memspace.nvptx"}
; MERGED-DAG: [[AS1:![0-9]+]] = !{!"gpucc.memspace.nvptx.as1", [[DOM]]}
; MERGED-DAG: [[AS3:![0-9]+]] = !{!"gpucc.memspace.nvptx.as3", [[DOM]]}
; MERGED-DAG: [[AS4:![0-9]+]] = !{!"gpucc.memspace.nvptx.as4", [[DOM]]}
; MERGED-DAG: [[AS5:![0-9]+]] = !{!"gpucc.memspace.nvptx.as5", [[DOM]]}
; MERGED-DAG: [[AS7:![0-9]+]] = !{!"gpucc.memspace.nvptx.as7", [[DOM]]}
; MERGED-DAG: [[AS101:![0-9]+]] = !{!"gpucc.memspace.nvptx.as101", [[DOM]]}
; MERGED-DAG: [[HV:![0-9]+]] = !{!"gpucc.memspace.nvptx.host-visible", [[DOM]]}
; MERGED-DAG: [[MERGED_S]] = !{[[AS3]], [[AS1]]}
; MERGED-DAG: [[MERGED_N]] = !{[[AS4]], [[AS5]], [[AS101]]}
; MERGED-DAG: [[S3]] = !{[[AS3]]}
; MERGED-DAG: [[N3]] = !{[[AS1]], [[AS4]], [[AS5]], [[AS101]], [[HV]]}
; MERGED-DAG: [[S1]] = !{[[AS1]]}
; MERGED-DAG: [[N1]] = !{[[AS3]], [[AS4]], [[AS5]], [[AS7]], [[AS101]]}
;
; MERGED-AA-LABEL: Function: merge_global_and_shared_stores:
; MERGED-AA:       MayAlias: %a = load float, ptr addrspace(3) @tile, {{.*}} <-> store float %x, ptr %{{.*}}
; MERGED-AA-NEXT:  MayAlias: %b = load float, ptr addrspace(1) %g2, {{.*}} <-> store float %x, ptr %{{.*}}
;
; UNMERGED-AA-LABEL: Function: merge_global_and_shared_stores:
; UNMERGED-AA:       NoAlias:  %a = load float, ptr addrspace(3) @tile, {{.*}} <-> store float %x, ptr %gl, {{.*}}
; UNMERGED-AA-NEXT:  MayAlias: %a = load float, ptr addrspace(3) @tile, {{.*}} <-> store float %x, ptr %sh, {{.*}}
; UNMERGED-AA-NEXT:  MayAlias: %b = load float, ptr addrspace(1) %g2, {{.*}} <-> store float %x, ptr %gl, {{.*}}
; UNMERGED-AA-NEXT:  NoAlias:  %b = load float, ptr addrspace(1) %g2, {{.*}} <-> store float %x, ptr %sh, {{.*}}
define float @merge_global_and_shared_stores(ptr addrspace(1) %g, ptr addrspace(1) %g2, i1 %c, float %x) {
entry:
  %sh = addrspacecast ptr addrspace(3) @tile to ptr
  %gl = addrspacecast ptr addrspace(1) %g to ptr
  br i1 %c, label %then, label %else

then:
  call void @left()
  store float %x, ptr %gl, align 4
  br label %join

else:
  call void @right()
  store float %x, ptr %sh, align 4
  br label %join

join:
  %a = load float, ptr addrspace(3) @tile, align 4
  %b = load float, ptr addrspace(1) %g2, align 4
  %s = fadd float %a, %b
  ret float %s
}

; dst[i] = src[i] * s[i], with dst noalias.
define internal void @scale(ptr addrspace(1) noalias %dst, ptr addrspace(1) %src,
                            ptr addrspace(3) %s, i64 %i) {
  %d = getelementptr inbounds float, ptr addrspace(1) %dst, i64 %i
  %a = getelementptr inbounds float, ptr addrspace(1) %src, i64 %i
  %t = getelementptr inbounds float, ptr addrspace(3) %s, i64 %i
  %x = load float, ptr addrspace(1) %a, align 4
  %y = load float, ptr addrspace(3) %t, align 4
  %m = fmul float %x, %y
  store float %m, ptr addrspace(1) %d, align 4
  ret void
}

; INLINED-NOT:  define internal void @scale(
; INLINED-LABEL: @caller(
; INLINED:         call void @llvm.experimental.noalias.scope.decl(metadata [[DECL:![0-9]+]])
; INLINED:         %x.i = load float, ptr addrspace(1) %a.i, align 4, !alias.scope [[S1:![0-9]+]], !noalias [[X_N:![0-9]+]]{{$}}
; INLINED-NEXT:    %y.i = load float, ptr addrspace(3) %t.i, align 4, !alias.scope [[S3:![0-9]+]], !noalias [[Y_N:![0-9]+]]{{$}}
; INLINED-NEXT:    %m.i = fmul float %x.i, %y.i
; INLINED-NEXT:    store float %m.i, ptr addrspace(1) %d.i, align 4, !alias.scope [[M_S:![0-9]+]], !noalias [[N1:![0-9]+]]{{$}}
; INLINED-NEXT:    %again = load float, ptr addrspace(1) %in, align 4, !alias.scope [[S1]], !noalias [[N1]]{{$}}
; INLINED-NEXT:    store float %again, ptr addrspace(3) @tile, align 4, !alias.scope [[S3]], !noalias [[N3:![0-9]+]]{{$}}
;
; INLINED-DAG: [[DECL]] = !{[[DST:![0-9]+]]}
; INLINED-DAG: [[DST]] = distinct !{[[DST]], [[INL_DOM:![0-9]+]], !"scale: %dst"}
; INLINED-DAG: [[INL_DOM]] = distinct !{[[INL_DOM]], !"scale"}
; INLINED-DAG: [[DOM:![0-9]+]] = !{!"gpucc.memspace.nvptx"}
; INLINED-DAG: [[AS1:![0-9]+]] = !{!"gpucc.memspace.nvptx.as1", [[DOM]]}
; INLINED-DAG: [[AS3:![0-9]+]] = !{!"gpucc.memspace.nvptx.as3", [[DOM]]}
; INLINED-DAG: [[AS4:![0-9]+]] = !{!"gpucc.memspace.nvptx.as4", [[DOM]]}
; INLINED-DAG: [[AS5:![0-9]+]] = !{!"gpucc.memspace.nvptx.as5", [[DOM]]}
; INLINED-DAG: [[AS7:![0-9]+]] = !{!"gpucc.memspace.nvptx.as7", [[DOM]]}
; INLINED-DAG: [[AS101:![0-9]+]] = !{!"gpucc.memspace.nvptx.as101", [[DOM]]}
; INLINED-DAG: [[HV:![0-9]+]] = !{!"gpucc.memspace.nvptx.host-visible", [[DOM]]}
; INLINED-DAG: [[S1]] = !{[[AS1]]}
; INLINED-DAG: [[X_N]] = !{[[AS3]], [[AS4]], [[AS5]], [[AS7]], [[AS101]], [[DST]]}
; INLINED-DAG: [[S3]] = !{[[AS3]]}
; INLINED-DAG: [[Y_N]] = !{[[AS1]], [[AS4]], [[AS5]], [[AS101]], [[HV]], [[DST]]}
; INLINED-DAG: [[M_S]] = !{[[AS1]], [[DST]]}
; INLINED-DAG: [[N1]] = !{[[AS3]], [[AS4]], [[AS5]], [[AS7]], [[AS101]]}
; INLINED-DAG: [[N3]] = !{[[AS1]], [[AS4]], [[AS5]], [[AS101]], [[HV]]}
;
; ONE-AS1-NODE: {{^1$}}
;
; src[i] vs dst[i], both global: NoAlias only by the inliner's scope.
; Global vs shared (src[i] vs tile[0], s[i] vs dst[i], ...): NoAlias by
; ours. The caller's reload of in[0] after the call: MayAlias with the
; inlined store (in may be out). tile[0] vs s[i]: both shared, MayAlias.
; INLINED-AA-LABEL: Function: caller:
; INLINED-AA:       NoAlias:  %x.i = load float, {{.*}} <-> store float %m.i, {{.*}}
; INLINED-AA-NEXT:  NoAlias:  %x.i = load float, {{.*}} <-> store float %again, {{.*}}
; INLINED-AA-NEXT:  NoAlias:  %y.i = load float, {{.*}} <-> store float %m.i, {{.*}}
; INLINED-AA-NEXT:  MayAlias: %y.i = load float, {{.*}} <-> store float %again, {{.*}}
; INLINED-AA-NEXT:  MayAlias: %again = load float, {{.*}} <-> store float %m.i, {{.*}}
; INLINED-AA-NEXT:  NoAlias:  %again = load float, {{.*}} <-> store float %again, {{.*}}
; INLINED-AA-NEXT:  NoAlias:  store float %again, {{.*}} <-> store float %m.i, {{.*}}
define void @caller(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %i) {
  call void @scale(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(3) @tile, i64 %i)
  %again = load float, ptr addrspace(1) %in, align 4
  store float %again, ptr addrspace(3) @tile, align 4
  ret void
}

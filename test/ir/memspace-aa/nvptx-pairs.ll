; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=NVPTX %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -aa-pipeline=gpucc-memspace-aa -passes=aa-eval -print-all-alias-modref-info \
; RUN:     -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=HOST --implicit-check-not=NoAlias --implicit-check-not=NoModRef %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=licm -S %s | FileCheck --check-prefix=LICM-OURS %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin -aa-pipeline=basic-aa \
; RUN:     -passes=licm -S %s | FileCheck --check-prefix=LICM-BASIC %s
;
; gpucc-memspace-aa on NVPTX, one pointer per address space, asked alone
; (no basic-aa behind it) so every answer is its own:
;   global 1, shared 3, const 4, local 5 and param 101 are pairwise NoAlias;
;   shared-cluster 7 overlaps shared 3 (a cluster's distributed shared memory
;   holds every block's shared memory) and is NoAlias with 1, 4, 5, 101;
;   generic 0 and a space NVPTX does not define (999) MayAlias everything;
;   two pointers in the same space MayAlias.
; Const 4 and param 101 are read-only: the AA's ModRef mask says no call
; writes them (NoModRef below), and LICM hoists their loads out of a loop
; that stores through a generic pointer, although the AA itself says the
; generic store MayAlias them. basic-aa alone keeps the loads in the loop.
; On a host triple the same IR gets MayAlias and ModRef everywhere.

; Each of the 28 pairs of distinct spaces, once.
; NVPTX-LABEL: Function: space_pairs: 8 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32* %gen, i32 addrspace(1)* %glob
; NVPTX-NEXT:  MayAlias: i32* %gen, i32 addrspace(3)* %shared
; NVPTX-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(3)* %shared
; NVPTX-NEXT:  MayAlias: i32 addrspace(4)* %const, i32* %gen
; NVPTX-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(1)* %glob
; NVPTX-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(3)* %shared
; NVPTX-NEXT:  MayAlias: i32* %gen, i32 addrspace(5)* %local
; NVPTX-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(5)* %local
; NVPTX-NEXT:  NoAlias:  i32 addrspace(5)* %local, i32 addrspace(3)* %shared
; NVPTX-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(5)* %local
; NVPTX-NEXT:  MayAlias: i32 addrspace(7)* %cluster, i32* %gen
; NVPTX-NEXT:  NoAlias:  i32 addrspace(7)* %cluster, i32 addrspace(1)* %glob
; NVPTX-NEXT:  MayAlias: i32 addrspace(7)* %cluster, i32 addrspace(3)* %shared
; NVPTX-NEXT:  NoAlias:  i32 addrspace(7)* %cluster, i32 addrspace(4)* %const
; NVPTX-NEXT:  NoAlias:  i32 addrspace(7)* %cluster, i32 addrspace(5)* %local
; NVPTX-NEXT:  MayAlias: i32* %gen, i32 addrspace(101)* %param
; NVPTX-NEXT:  NoAlias:  i32 addrspace(1)* %glob, i32 addrspace(101)* %param
; NVPTX-NEXT:  NoAlias:  i32 addrspace(101)* %param, i32 addrspace(3)* %shared
; NVPTX-NEXT:  NoAlias:  i32 addrspace(4)* %const, i32 addrspace(101)* %param
; NVPTX-NEXT:  NoAlias:  i32 addrspace(5)* %local, i32 addrspace(101)* %param
; NVPTX-NEXT:  NoAlias:  i32 addrspace(7)* %cluster, i32 addrspace(101)* %param
; NVPTX-NEXT:  MayAlias: i32* %gen, i32 addrspace(999)* %odd
; NVPTX-NEXT:  MayAlias: i32 addrspace(1)* %glob, i32 addrspace(999)* %odd
; NVPTX-NEXT:  MayAlias: i32 addrspace(999)* %odd, i32 addrspace(3)* %shared
; NVPTX-NEXT:  MayAlias: i32 addrspace(4)* %const, i32 addrspace(999)* %odd
; NVPTX-NEXT:  MayAlias: i32 addrspace(5)* %local, i32 addrspace(999)* %odd
; NVPTX-NEXT:  MayAlias: i32 addrspace(7)* %cluster, i32 addrspace(999)* %odd
; NVPTX-NEXT:  MayAlias: i32 addrspace(999)* %odd, i32 addrspace(101)* %param
; HOST-LABEL:  Function: space_pairs: 8 pointers, 0 call sites
; HOST:        MayAlias: i32 addrspace(1)* %glob, i32 addrspace(3)* %shared
; HOST:        MayAlias: i32 addrspace(4)* %const, i32 addrspace(101)* %param
define void @space_pairs(ptr %gen, ptr addrspace(1) %glob, ptr addrspace(3) %shared,
                         ptr addrspace(4) %const, ptr addrspace(5) %local,
                         ptr addrspace(7) %cluster, ptr addrspace(101) %param,
                         ptr addrspace(999) %odd) {
  %v0 = load i32, ptr %gen
  %v1 = load i32, ptr addrspace(1) %glob
  %v3 = load i32, ptr addrspace(3) %shared
  %v4 = load i32, ptr addrspace(4) %const
  %v5 = load i32, ptr addrspace(5) %local
  %v7 = load i32, ptr addrspace(7) %cluster
  %v101 = load i32, ptr addrspace(101) %param
  %v999 = load i32, ptr addrspace(999) %odd
  ret void
}

; Two pointers of one space may be the same pointer, whichever the space.
; NVPTX-LABEL: Function: same_generic: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32* %a, i32* %b
define void @same_generic(ptr %a, ptr %b) {
  %va = load i32, ptr %a
  %vb = load i32, ptr %b
  ret void
}

; NVPTX-LABEL: Function: same_global: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(1)* %a, i32 addrspace(1)* %b
define void @same_global(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %va = load i32, ptr addrspace(1) %a
  %vb = load i32, ptr addrspace(1) %b
  ret void
}

; NVPTX-LABEL: Function: same_shared: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(3)* %a, i32 addrspace(3)* %b
define void @same_shared(ptr addrspace(3) %a, ptr addrspace(3) %b) {
  %va = load i32, ptr addrspace(3) %a
  %vb = load i32, ptr addrspace(3) %b
  ret void
}

; NVPTX-LABEL: Function: same_const: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(4)* %a, i32 addrspace(4)* %b
define void @same_const(ptr addrspace(4) %a, ptr addrspace(4) %b) {
  %va = load i32, ptr addrspace(4) %a
  %vb = load i32, ptr addrspace(4) %b
  ret void
}

; NVPTX-LABEL: Function: same_local: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(5)* %a, i32 addrspace(5)* %b
define void @same_local(ptr addrspace(5) %a, ptr addrspace(5) %b) {
  %va = load i32, ptr addrspace(5) %a
  %vb = load i32, ptr addrspace(5) %b
  ret void
}

; NVPTX-LABEL: Function: same_cluster: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(7)* %a, i32 addrspace(7)* %b
define void @same_cluster(ptr addrspace(7) %a, ptr addrspace(7) %b) {
  %va = load i32, ptr addrspace(7) %a
  %vb = load i32, ptr addrspace(7) %b
  ret void
}

; NVPTX-LABEL: Function: same_param: 2 pointers, 0 call sites
; NVPTX-NEXT:  MayAlias: i32 addrspace(101)* %a, i32 addrspace(101)* %b
define void @same_param(ptr addrspace(101) %a, ptr addrspace(101) %b) {
  %va = load i32, ptr addrspace(101) %a
  %vb = load i32, ptr addrspace(101) %b
  ret void
}

; The ModRef mask: an unknown call may write global and generic memory, but
; neither const nor param memory, nor a generic pointer cast from const.
; NVPTX-LABEL: Function: read_only_vs_call: 5 pointers, 1 call sites
; NVPTX:       Both ModRef: Ptr: i32* %glob <-> call void @opaque()
; NVPTX-NEXT:  NoModRef:    Ptr: i32* %const <-> call void @opaque()
; NVPTX-NEXT:  NoModRef:    Ptr: i32* %param <-> call void @opaque()
; NVPTX-NEXT:  NoModRef:    Ptr: i32* %from.const <-> call void @opaque()
; NVPTX-NEXT:  Both ModRef: Ptr: i32* %gen <-> call void @opaque()
; HOST-LABEL:  Function: read_only_vs_call: 5 pointers, 1 call sites
; HOST:        Both ModRef: Ptr: i32* %const <-> call void @opaque()
define void @read_only_vs_call(ptr addrspace(1) %glob, ptr addrspace(4) %const,
                               ptr addrspace(101) %param, ptr %gen) {
  %v1 = load i32, ptr addrspace(1) %glob
  %v4 = load i32, ptr addrspace(4) %const
  %v101 = load i32, ptr addrspace(101) %param
  %cast = addrspacecast ptr addrspace(4) %const to ptr
  %from.const = getelementptr inbounds i32, ptr %cast, i64 1
  %vc = load i32, ptr %from.const
  %v0 = load i32, ptr %gen
  call void @opaque()
  ret void
}

declare void @opaque()

; for (i = 0; i < n; i++) out[i] = *c;   with c in const memory.
; The store through the generic %slot MayAlias %c, yet it cannot write const
; memory: the load is loop-invariant and LICM hoists it.
; NVPTX-LABEL: Function: hoist_const_load:
; NVPTX:       MayAlias: i32 addrspace(4)* %c, i32* %slot
; LICM-OURS-LABEL: @hoist_const_load(
; LICM-OURS:       entry:
; LICM-OURS-NEXT:    %v = load i32, ptr addrspace(4) %c, align 4
; LICM-OURS-NEXT:    br label %loop
; LICM-OURS:       loop:
; LICM-OURS-NOT:     load
; LICM-OURS:         store i32 %v, ptr %slot, align 4
; LICM-BASIC-LABEL: @hoist_const_load(
; LICM-BASIC:       entry:
; LICM-BASIC-NEXT:    br label %loop
; LICM-BASIC:       loop:
; LICM-BASIC:         %v = load i32, ptr addrspace(4) %c, align 4
; LICM-BASIC:         store i32 %v, ptr %slot, align 4
define void @hoist_const_load(ptr %out, ptr addrspace(4) %c, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr addrspace(4) %c, align 4
  %slot = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %v, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; The same with a kernel parameter in param space (101).
; LICM-OURS-LABEL: @hoist_param_load(
; LICM-OURS:       entry:
; LICM-OURS-NEXT:    %v = load i32, ptr addrspace(101) %prm, align 4
; LICM-OURS-NEXT:    br label %loop
; LICM-OURS:       loop:
; LICM-OURS-NOT:     load
; LICM-OURS:         store i32 %v, ptr %slot, align 4
; LICM-BASIC-LABEL: @hoist_param_load(
; LICM-BASIC:       loop:
; LICM-BASIC:         %v = load i32, ptr addrspace(101) %prm, align 4
; LICM-BASIC:         store i32 %v, ptr %slot, align 4
define void @hoist_param_load(ptr %out, ptr addrspace(101) %prm, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr addrspace(101) %prm, align 4
  %slot = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %v, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Global memory is writable: the load stays in the loop with either AA.
; LICM-OURS-LABEL: @keep_global_load(
; LICM-OURS:       entry:
; LICM-OURS-NEXT:    br label %loop
; LICM-OURS:       loop:
; LICM-OURS:         %v = load i32, ptr addrspace(1) %g, align 4
; LICM-OURS:         store i32 %v, ptr %slot, align 4
define void @keep_global_load(ptr %out, ptr addrspace(1) %g, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr addrspace(1) %g, align 4
  %slot = getelementptr inbounds i32, ptr %out, i32 %i
  store i32 %v, ptr %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

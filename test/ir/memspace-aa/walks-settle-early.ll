; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa \
; RUN:     -passes=aa-eval -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck %s
;
; The AA result folds each walk into a class as it walks, and stops the
; second pointer's walk once the answer is settled: once every class the
; walk may still end in aliases the first pointer. A walk that disagrees
; ends generic, so "settled" needs generic to alias the first pointer too.
; On AMDGPU it does not always: region memory (GDS, space 2) is outside the
; flat aperture, so a flat pointer and a region pointer are NoAlias (as
; amdgpu-aa says). `%mix`, a select of a flat pointer cast from region and
; one cast from global, is generic: NoAlias with the region pointer `%r`,
; although its first leaf, region, aliases `%r`. A walk that stopped at that
; leaf would say MayAlias. `%xim` is `%mix` with the choices swapped, so
; that either leaf comes first (the walk visits a select's false choice
; first); both query orders (aa-eval asks alias(later, earlier): `%r` first
; or last); and `%rr`, whose leaves all say region: MayAlias with `%r`.

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7"

; CHECK-LABEL: Function: region_first: 4 pointers
; CHECK-DAG:   NoAlias: i32* %mix, i32 addrspace(2)* %r
; CHECK-DAG:   NoAlias: i32 addrspace(2)* %r, i32* %xim
; CHECK-DAG:   MayAlias: i32 addrspace(2)* %r, i32* %rr
define void @region_first(ptr addrspace(2) %r, ptr addrspace(2) %r2, ptr addrspace(1) %g, i1 %c) {
  %rf = addrspacecast ptr addrspace(2) %r2 to ptr
  %gf = addrspacecast ptr addrspace(1) %g to ptr
  %mix = select i1 %c, ptr %rf, ptr %gf
  %xim = select i1 %c, ptr %gf, ptr %rf
  %rr = select i1 %c, ptr %rf, ptr %rf
  %a = load i32, ptr addrspace(2) %r
  %b = load i32, ptr %mix
  %e = load i32, ptr %xim
  %d = load i32, ptr %rr
  ret void
}

; CHECK-LABEL: Function: region_last: 4 pointers
; CHECK-DAG:   NoAlias: i32* %mix, i32 addrspace(2)* %r
; CHECK-DAG:   NoAlias: i32 addrspace(2)* %r, i32* %xim
; CHECK-DAG:   MayAlias: i32 addrspace(2)* %r, i32* %rr
define void @region_last(ptr addrspace(2) %r, ptr addrspace(2) %r2, ptr addrspace(1) %g, i1 %c) {
  %rf = addrspacecast ptr addrspace(2) %r2 to ptr
  %gf = addrspacecast ptr addrspace(1) %g to ptr
  %mix = select i1 %c, ptr %rf, ptr %gf
  %xim = select i1 %c, ptr %gf, ptr %rf
  %rr = select i1 %c, ptr %rf, ptr %rf
  %b = load i32, ptr %mix
  %e = load i32, ptr %xim
  %d = load i32, ptr %rr
  %a = load i32, ptr addrspace(2) %r
  ret void
}

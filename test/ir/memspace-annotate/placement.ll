; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S %s | FileCheck --check-prefix=NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S %s | FileCheck --check-prefixes=AMDGPU,AMDGPU%llvm %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S %s \
; RUN:   | FileCheck --check-prefix=HOST --implicit-check-not=gpucc.memspace.amdgpu %s
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S < %s > %t.host.ll
; RUN: opt -mtriple=x86_64-unknown-linux-gnu -passes=verify -S < %s > %t.host.untouched.ll
; RUN: diff %t.host.untouched.ll %t.host.ll
;
; Idempotent: twice in one run, or again on the printed result (the scopes
; are named, not distinct, so they survive the round trip through text),
; gives the output of one run.
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S < %s > %t.nvptx.once.ll
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate,gpucc-memspace-annotate -S < %s > %t.nvptx.twice.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-memspace-annotate -S \
; RUN:     < %t.nvptx.once.ll > %t.nvptx.again.ll
; RUN: diff %t.nvptx.once.ll %t.nvptx.twice.ll
; RUN: diff %t.nvptx.once.ll %t.nvptx.again.ll
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -S < %s > %t.amdgpu.once.ll
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate,gpucc-memspace-annotate -S < %s > %t.amdgpu.twice.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-memspace-annotate -S \
; RUN:     < %t.amdgpu.once.ll > %t.amdgpu.again.ll
; RUN: diff %t.amdgpu.once.ll %t.amdgpu.twice.ll
; RUN: diff %t.amdgpu.once.ll %t.amdgpu.again.ll
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -pass-remarks=gpucc-memspace-annotate \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK-NVPTX %s
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-memspace-annotate -pass-remarks=gpucc-memspace-annotate \
; RUN:     -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK-AMDGPU %s
;
; Where gpucc-memspace-annotate puts its metadata, and exactly which. One
; domain per target, one named scope per class (each known space, and
; host-visible memory). An access whose pointer is in class C gets
;   !alias.scope !{C}   and   !noalias !{every scoped class C never aliases}
; with the classes in the order global, shared/LDS, ..., host-visible.
; Annotated: load, store (its address, not the stored pointer), atomicrmw,
; cmpxchg, memset, memcpy and memmove (both pointers: the scope lists both
; classes, !noalias what neither aliases). Accesses through generic pointers
; of unknown origin, or in a space the target does not define (999, and 101
; on AMDGPU), get nothing. Metadata of another domain stays, ours follows it;
; an access that already has one of our scopes is left alone. Host triples
; get nothing at all (the output is opt's without the pass). The same IR is
; read as NVPTX and as AMDGPU, and the lists differ (global and constant are
; disjoint on NVPTX, not on AMDGPU).

; NVPTX-LABEL: @kinds(
; NVPTX:         %v1 = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[S1:![0-9]+]], !noalias [[N1:![0-9]+]]{{$}}
; NVPTX-NEXT:    store i32 %x, ptr addrspace(3) %s, align 4, !alias.scope [[S3:![0-9]+]], !noalias [[N3:![0-9]+]]{{$}}
; NVPTX-NEXT:    %v4 = load i32, ptr addrspace(4) %c, align 4, !alias.scope [[S4:![0-9]+]], !noalias [[N4:![0-9]+]]{{$}}
; NVPTX-NEXT:    store i32 %x, ptr addrspace(5) %l, align 4, !alias.scope [[S5:![0-9]+]], !noalias [[N5:![0-9]+]]{{$}}
; NVPTX-NEXT:    store i32 %x, ptr addrspace(7) %cl, align 4, !alias.scope [[S7:![0-9]+]], !noalias [[N3]]{{$}}
; NVPTX-NEXT:    %v101 = load i32, ptr addrspace(101) %prm, align 4, !alias.scope [[S101:![0-9]+]], !noalias [[N101:![0-9]+]]{{$}}
; NVPTX-NEXT:    %vg = load i32, ptr %gen, align 4{{$}}
; NVPTX-NEXT:    %vo = load i32, ptr addrspace(999) %odd, align 4{{$}}
; NVPTX-NEXT:    store ptr %gen, ptr addrspace(1) %g, align 8, !alias.scope [[S1]], !noalias [[N1]]{{$}}
; NVPTX-NEXT:    store ptr addrspace(1) %g, ptr %gen, align 8{{$}}
; NVPTX-NEXT:    %old = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4, !alias.scope [[S1]], !noalias [[N1]]{{$}}
; NVPTX-NEXT:    %pair = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 monotonic monotonic, align 4, !alias.scope [[S3]], !noalias [[N3]]{{$}}
; NVPTX-NEXT:    call void @llvm.memset.p5.i64(ptr addrspace(5) %l, i8 0, i64 16, i1 false), !alias.scope [[S5]], !noalias [[N5]]{{$}}
; NVPTX-NEXT:    call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) %s, ptr addrspace(1) %g, i64 16, i1 false), !alias.scope [[S3_1:![0-9]+]], !noalias [[N3_1:![0-9]+]]{{$}}
; NVPTX-NEXT:    call void @llvm.memmove.p1.p4.i64(ptr addrspace(1) %g, ptr addrspace(4) %c, i64 16, i1 false), !alias.scope [[S1_4:![0-9]+]], !noalias [[N1_4:![0-9]+]]{{$}}
; NVPTX-NEXT:    call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %g, ptr addrspace(1) %g2, i64 16, i1 false), !alias.scope [[S1]], !noalias [[N1]]{{$}}
; NVPTX-NEXT:    call void @llvm.memcpy.p0.p1.i64(ptr %gen, ptr addrspace(1) %g, i64 16, i1 false){{$}}
; NVPTX-NEXT:    ret void
;
; AMDGPU-LABEL: @kinds(
; AMDGPU:        %v1 = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[S1:![0-9]+]], !noalias [[N1:![0-9]+]]{{$}}
; AMDGPU-NEXT:   store i32 %x, ptr addrspace(3) %s, align 4, !alias.scope [[S3:![0-9]+]], !noalias [[N3:![0-9]+]]{{$}}
; AMDGPU-NEXT:   %v4 = load i32, ptr addrspace(4) %c, align 4, !alias.scope [[S4:![0-9]+]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   store i32 %x, ptr addrspace(5) %l, align 4, !alias.scope [[S5:![0-9]+]], !noalias [[N5:![0-9]+]]{{$}}
; AMDGPU-NEXT:   store i32 %x, ptr addrspace(7) %cl, align 4, !alias.scope [[S7:![0-9]+]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   %v101 = load i32, ptr addrspace(101) %prm, align 4{{$}}
; AMDGPU-NEXT:   %vg = load i32, ptr %gen, align 4{{$}}
; AMDGPU-NEXT:   %vo = load i32, ptr addrspace(999) %odd, align 4{{$}}
; AMDGPU-NEXT:   store ptr %gen, ptr addrspace(1) %g, align 8, !alias.scope [[S1]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   store ptr addrspace(1) %g, ptr %gen, align 8{{$}}
; AMDGPU-NEXT:   %old = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4, !alias.scope [[S1]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   %pair = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 monotonic monotonic, align 4, !alias.scope [[S3]], !noalias [[N3]]{{$}}
; AMDGPU-NEXT:   call void @llvm.memset.p5.i64(ptr addrspace(5) %l, i8 0, i64 16, i1 false), !alias.scope [[S5]], !noalias [[N5]]{{$}}
; AMDGPU-NEXT:   call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) %s, ptr addrspace(1) %g, i64 16, i1 false), !alias.scope [[S3_1:![0-9]+]], !noalias [[N3_1:![0-9]+]]{{$}}
; AMDGPU-NEXT:   call void @llvm.memmove.p1.p4.i64(ptr addrspace(1) %g, ptr addrspace(4) %c, i64 16, i1 false), !alias.scope [[S1_4:![0-9]+]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %g, ptr addrspace(1) %g2, i64 16, i1 false), !alias.scope [[S1]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   call void @llvm.memcpy.p0.p1.i64(ptr %gen, ptr addrspace(1) %g, i64 16, i1 false){{$}}
; AMDGPU-NEXT:   ret void
;
; HOST-LABEL: @kinds(
; HOST:         %v1 = load i32, ptr addrspace(1) %g, align 4{{$}}
; HOST-NEXT:    store i32 %x, ptr addrspace(3) %s, align 4{{$}}
; HOST:         %pair = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 monotonic monotonic, align 4{{$}}
define void @kinds(ptr %gen, ptr addrspace(1) %g, ptr addrspace(1) %g2, ptr addrspace(3) %s,
                   ptr addrspace(4) %c, ptr addrspace(5) %l, ptr addrspace(7) %cl,
                   ptr addrspace(101) %prm, ptr addrspace(999) %odd, i32 %x) {
  %v1 = load i32, ptr addrspace(1) %g, align 4
  store i32 %x, ptr addrspace(3) %s, align 4
  %v4 = load i32, ptr addrspace(4) %c, align 4
  store i32 %x, ptr addrspace(5) %l, align 4
  store i32 %x, ptr addrspace(7) %cl, align 4
  %v101 = load i32, ptr addrspace(101) %prm, align 4
  %vg = load i32, ptr %gen, align 4
  %vo = load i32, ptr addrspace(999) %odd, align 4
  store ptr %gen, ptr addrspace(1) %g, align 8
  store ptr addrspace(1) %g, ptr %gen, align 8
  %old = atomicrmw add ptr addrspace(1) %g, i32 1 monotonic, align 4
  %pair = cmpxchg ptr addrspace(3) %s, i32 0, i32 1 monotonic monotonic, align 4
  call void @llvm.memset.p5.i64(ptr addrspace(5) %l, i8 0, i64 16, i1 false)
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) %s, ptr addrspace(1) %g, i64 16, i1 false)
  call void @llvm.memmove.p1.p4.i64(ptr addrspace(1) %g, ptr addrspace(4) %c, i64 16, i1 false)
  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %g, ptr addrspace(1) %g2, i64 16, i1 false)
  call void @llvm.memcpy.p0.p1.i64(ptr %gen, ptr addrspace(1) %g, i64 16, i1 false)
  ret void
}

declare void @llvm.memset.p5.i64(ptr addrspace(5), i8, i64, i1)
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)
declare void @llvm.memmove.p1.p4.i64(ptr addrspace(1), ptr addrspace(4), i64, i1)
declare void @llvm.memcpy.p1.p1.i64(ptr addrspace(1), ptr addrspace(1), i64, i1)
declare void @llvm.memcpy.p0.p1.i64(ptr, ptr addrspace(1), i64, i1)

@tile = external addrspace(3) global [0 x i32]

; Generic pointers the AA classifies: &tile[i] through a cast is shared; a
; pointer loaded from constant memory is host-visible on NVPTX, global on
; AMDGPU (the TTI assumes so).
; NVPTX-LABEL: @inferred(
; NVPTX:         %v = load i32, ptr %p, align 4, !alias.scope [[S3]], !noalias [[N3]]{{$}}
; NVPTX-NEXT:    %q = load ptr, ptr addrspace(4) %tab, align 8, !alias.scope [[S4]], !noalias [[N4]]{{$}}
; NVPTX-NEXT:    store i32 %v, ptr %q, align 4, !alias.scope [[SHV:![0-9]+]], !noalias [[NHV:![0-9]+]]{{$}}
; AMDGPU-LABEL: @inferred(
; AMDGPU:        %v = load i32, ptr %p, align 4, !alias.scope [[S3]], !noalias [[N3]]{{$}}
; AMDGPU-NEXT:   %q = load ptr, ptr addrspace(4) %tab, align 8, !alias.scope [[S4]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   store i32 %v, ptr %q, align 4, !alias.scope [[S1]], !noalias [[N1]]{{$}}
define void @inferred(i64 %i, ptr addrspace(4) %tab) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %p = getelementptr inbounds i32, ptr %base, i64 %i
  %v = load i32, ptr %p, align 4
  %q = load ptr, ptr addrspace(4) %tab, align 8
  store i32 %v, ptr %q, align 4
  ret void
}

; A kernel's generic argument is host-visible, on its own target only.
; NVPTX-LABEL: @ptx_kernel_arg(
; NVPTX:         %v = load i32, ptr %in, align 4, !alias.scope [[SHV]], !noalias [[NHV]]{{$}}
; AMDGPU-LABEL: @ptx_kernel_arg(
; AMDGPU:        %v = load i32, ptr %in, align 4{{$}}
define ptx_kernel void @ptx_kernel_arg(ptr %in) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr addrspace(3) @tile, align 4
  ret void
}

; On AMDGPU host-visible memory is disjoint from the same spaces as global
; memory (region, LDS, private), so its !noalias is global's.
; NVPTX-LABEL: @amdgpu_kernel_arg(
; NVPTX:         %v = load i32, ptr %in, align 4{{$}}
; AMDGPU-LABEL: @amdgpu_kernel_arg(
; AMDGPU:        %v = load i32, ptr %in, align 4, !alias.scope [[SHV:![0-9]+]], !noalias [[N1]]{{$}}
; AMDGPU-NEXT:   store i32 %v, ptr addrspace(2) %gds, align 4, !alias.scope [[S2:![0-9]+]], !noalias [[N2:![0-9]+]]{{$}}
; AMDGPU-NEXT:   store i32 %v, ptr addrspace(6) %c32, align 4, !alias.scope [[S6:![0-9]+]], !noalias [[N1]]{{$}}
define amdgpu_kernel void @amdgpu_kernel_arg(ptr %in, ptr addrspace(2) %gds, ptr addrspace(6) %c32) {
  %v = load i32, ptr %in, align 4
  store i32 %v, ptr addrspace(2) %gds, align 4
  store i32 %v, ptr addrspace(6) %c32, align 4
  ret void
}

; Metadata of another domain (a user's, or an inliner's) stays first, ours
; is appended. The second store already lists a user scope in !alias.scope
; and nothing in !noalias: it gets both lists.
; NVPTX-LABEL: @existing(
; NVPTX:         %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[EX_S1:![0-9]+]], !noalias [[EX_N1:![0-9]+]]{{$}}
; NVPTX-NEXT:    store i32 %x, ptr addrspace(3) %s, align 4, !alias.scope [[S3]], !noalias [[EX_N3:![0-9]+]]{{$}}
; NVPTX-NEXT:    store i32 %v, ptr addrspace(3) %s, align 4, !alias.scope [[EX_S3:![0-9]+]], !noalias [[N3]]{{$}}
; HOST-LABEL: @existing(
; HOST:         %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[H_A:![0-9]+]], !noalias [[H_B:![0-9]+]]{{$}}
; HOST-NEXT:    store i32 %x, ptr addrspace(3) %s, align 4, !noalias [[H_A]]{{$}}
; HOST-NEXT:    store i32 %v, ptr addrspace(3) %s, align 4, !alias.scope [[H_B]]{{$}}
define void @existing(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 %x) {
  %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope !0, !noalias !3
  store i32 %x, ptr addrspace(3) %s, align 4, !noalias !0
  store i32 %v, ptr addrspace(3) %s, align 4, !alias.scope !3
  ret void
}

; An access that already carries one of our scopes is left alone, even if
; its class has changed since: this load was annotated host-visible while
; its pointer was a generic kernel argument, and a later pass rewrote the
; pointer to global. Its hand-written nodes are the pass's own (named scopes
; are uniqued by content). On AMDGPU the NVPTX scopes are another domain's:
; AMDGPU's global lists are appended.
; NVPTX-LABEL: @already_annotated(
; NVPTX:         %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[SHV]], !noalias [[NHV]]{{$}}
; AMDGPU-LABEL: @already_annotated(
; AMDGPU:        %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope [[PRE_S:![0-9]+]], !noalias [[PRE_N:![0-9]+]]{{$}}
; HOST-LABEL: @already_annotated(
; HOST:         %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope !5, !noalias !8{{$}}
define void @already_annotated(ptr addrspace(1) %g) {
  %v = load i32, ptr addrspace(1) %g, align 4, !alias.scope !5, !noalias !8
  ret void
}

; Nothing to annotate (on NVPTX, @amdgpu_kernel_arg neither): no remark.
define i32 @only_generic(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"user: a"}
!2 = distinct !{!2, !"user domain"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"user: b"}
!5 = !{!6}
!6 = !{!"gpucc.memspace.nvptx.host-visible", !7}
!7 = !{!"gpucc.memspace.nvptx"}
!8 = !{!9, !10, !11}
!9 = !{!"gpucc.memspace.nvptx.as3", !7}
!10 = !{!"gpucc.memspace.nvptx.as5", !7}
!11 = !{!"gpucc.memspace.nvptx.as7", !7}

; The nodes. Classes in the order 1, 3, 4, 5, 7, 101, host-visible (NVPTX)
; and 1, 2, 3, 4, 5, 6, 7, host-visible (AMDGPU).
; NVPTX-DAG: [[USER_DOM:![0-9]+]] = distinct !{[[USER_DOM]], !"user domain"}
; NVPTX-DAG: [[USER_A:![0-9]+]] = distinct !{[[USER_A]], [[USER_DOM]], !"user: a"}
; NVPTX-DAG: [[USER_B:![0-9]+]] = distinct !{[[USER_B]], [[USER_DOM]], !"user: b"}
; NVPTX-DAG: [[DOM:![0-9]+]] = !{!"gpucc.memspace.nvptx"}
; NVPTX-DAG: [[AS1:![0-9]+]] = !{!"gpucc.memspace.nvptx.as1", [[DOM]]}
; NVPTX-DAG: [[AS3:![0-9]+]] = !{!"gpucc.memspace.nvptx.as3", [[DOM]]}
; NVPTX-DAG: [[AS4:![0-9]+]] = !{!"gpucc.memspace.nvptx.as4", [[DOM]]}
; NVPTX-DAG: [[AS5:![0-9]+]] = !{!"gpucc.memspace.nvptx.as5", [[DOM]]}
; NVPTX-DAG: [[AS7:![0-9]+]] = !{!"gpucc.memspace.nvptx.as7", [[DOM]]}
; NVPTX-DAG: [[AS101:![0-9]+]] = !{!"gpucc.memspace.nvptx.as101", [[DOM]]}
; NVPTX-DAG: [[HV:![0-9]+]] = !{!"gpucc.memspace.nvptx.host-visible", [[DOM]]}
; NVPTX-DAG: [[S1]] = !{[[AS1]]}
; NVPTX-DAG: [[N1]] = !{[[AS3]], [[AS4]], [[AS5]], [[AS7]], [[AS101]]}
; NVPTX-DAG: [[S3]] = !{[[AS3]]}
; NVPTX-DAG: [[N3]] = !{[[AS1]], [[AS4]], [[AS5]], [[AS101]], [[HV]]}
; NVPTX-DAG: [[S4]] = !{[[AS4]]}
; NVPTX-DAG: [[N4]] = !{[[AS1]], [[AS3]], [[AS5]], [[AS7]], [[AS101]]}
; NVPTX-DAG: [[S5]] = !{[[AS5]]}
; NVPTX-DAG: [[N5]] = !{[[AS1]], [[AS3]], [[AS4]], [[AS7]], [[AS101]], [[HV]]}
; NVPTX-DAG: [[S7]] = !{[[AS7]]}
; NVPTX-DAG: [[S101]] = !{[[AS101]]}
; NVPTX-DAG: [[N101]] = !{[[AS1]], [[AS3]], [[AS4]], [[AS5]], [[AS7]]}
; NVPTX-DAG: [[SHV]] = !{[[HV]]}
; NVPTX-DAG: [[NHV]] = !{[[AS3]], [[AS5]], [[AS7]]}
; NVPTX-DAG: [[S3_1]] = !{[[AS3]], [[AS1]]}
; NVPTX-DAG: [[N3_1]] = !{[[AS4]], [[AS5]], [[AS101]]}
; NVPTX-DAG: [[S1_4]] = !{[[AS1]], [[AS4]]}
; NVPTX-DAG: [[N1_4]] = !{[[AS3]], [[AS5]], [[AS7]], [[AS101]]}
; NVPTX-DAG: [[EX_S1]] = !{[[USER_A]], [[AS1]]}
; NVPTX-DAG: [[EX_N1]] = !{[[USER_B]], [[AS3]], [[AS4]], [[AS5]], [[AS7]], [[AS101]]}
; NVPTX-DAG: [[EX_N3]] = !{[[USER_A]], [[AS1]], [[AS4]], [[AS5]], [[AS101]], [[HV]]}
; NVPTX-DAG: [[EX_S3]] = !{[[USER_B]], [[AS3]]}
;
; AMDGPU-DAG: [[DOM:![0-9]+]] = !{!"gpucc.memspace.amdgpu"}
; AMDGPU-DAG: [[AS1:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as1", [[DOM]]}
; AMDGPU-DAG: [[AS2:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as2", [[DOM]]}
; AMDGPU-DAG: [[AS3:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as3", [[DOM]]}
; AMDGPU-DAG: [[AS4:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as4", [[DOM]]}
; AMDGPU-DAG: [[AS5:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as5", [[DOM]]}
; AMDGPU-DAG: [[AS6:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as6", [[DOM]]}
; AMDGPU-DAG: [[AS7:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as7", [[DOM]]}
; AMDGPU22-DAG: [[AS8:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as8", [[DOM]]}
; AMDGPU22-DAG: [[AS9:![0-9]+]] = !{!"gpucc.memspace.amdgpu.as9", [[DOM]]}
; AMDGPU-DAG: [[HV:![0-9]+]] = !{!"gpucc.memspace.amdgpu.host-visible", [[DOM]]}
; AMDGPU-DAG: [[S1]] = !{[[AS1]]}
; AMDGPU-DAG: [[N1]] = !{[[AS2]], [[AS3]], [[AS5]]}
; AMDGPU-DAG: [[S2]] = !{[[AS2]]}
; AMDGPU16-DAG: [[N2]] = !{[[AS1]], [[AS3]], [[AS4]], [[AS5]], [[AS6]], [[AS7]], [[HV]]}
; AMDGPU22-DAG: [[N2]] = !{[[AS1]], [[AS3]], [[AS4]], [[AS5]], [[AS6]], [[AS7]], [[AS8]], [[AS9]], [[HV]]}
; AMDGPU-DAG: [[S3]] = !{[[AS3]]}
; AMDGPU16-DAG: [[N3]] = !{[[AS1]], [[AS2]], [[AS4]], [[AS5]], [[AS6]], [[AS7]], [[HV]]}
; AMDGPU22-DAG: [[N3]] = !{[[AS1]], [[AS2]], [[AS4]], [[AS5]], [[AS6]], [[AS7]], [[AS8]], [[AS9]], [[HV]]}
; AMDGPU-DAG: [[S4]] = !{[[AS4]]}
; AMDGPU-DAG: [[S5]] = !{[[AS5]]}
; AMDGPU16-DAG: [[N5]] = !{[[AS1]], [[AS2]], [[AS3]], [[AS4]], [[AS6]], [[AS7]], [[HV]]}
; AMDGPU22-DAG: [[N5]] = !{[[AS1]], [[AS2]], [[AS3]], [[AS4]], [[AS6]], [[AS7]], [[AS8]], [[AS9]], [[HV]]}
; AMDGPU-DAG: [[S6]] = !{[[AS6]]}
; AMDGPU-DAG: [[S7]] = !{[[AS7]]}
; AMDGPU-DAG: [[SHV]] = !{[[HV]]}
; AMDGPU-DAG: [[S3_1]] = !{[[AS3]], [[AS1]]}
; AMDGPU-DAG: [[N3_1]] = !{[[AS2]], [[AS5]]}
; AMDGPU-DAG: [[S1_4]] = !{[[AS1]], [[AS4]]}
; AMDGPU-DAG: [[NV_DOM:![0-9]+]] = !{!"gpucc.memspace.nvptx"}
; AMDGPU-DAG: [[NV_HV:![0-9]+]] = !{!"gpucc.memspace.nvptx.host-visible", [[NV_DOM]]}
; AMDGPU-DAG: [[NV_AS3:![0-9]+]] = !{!"gpucc.memspace.nvptx.as3", [[NV_DOM]]}
; AMDGPU-DAG: [[NV_AS5:![0-9]+]] = !{!"gpucc.memspace.nvptx.as5", [[NV_DOM]]}
; AMDGPU-DAG: [[NV_AS7:![0-9]+]] = !{!"gpucc.memspace.nvptx.as7", [[NV_DOM]]}
; AMDGPU-DAG: [[PRE_S]] = !{[[NV_HV]], [[AS1]]}
; AMDGPU-DAG: [[PRE_N]] = !{[[NV_AS3]], [[NV_AS5]], [[NV_AS7]], [[AS2]], [[AS3]], [[AS5]]}

; REMARK-NVPTX:      remark: <unknown>:0:0: @kinds: memory-space scopes on 13 accesses (by space: 6 as1, 3 as3, 2 as4, 2 as5, 1 as7, 1 as101)
; REMARK-NVPTX-NEXT: remark: <unknown>:0:0: @inferred: memory-space scopes on 3 accesses (by space: 1 as3, 1 as4, 1 host-visible)
; REMARK-NVPTX-NEXT: remark: <unknown>:0:0: @ptx_kernel_arg: memory-space scopes on 2 accesses (by space: 1 as3, 1 host-visible)
; REMARK-NVPTX-NEXT: remark: <unknown>:0:0: @existing: memory-space scopes on 3 accesses (by space: 1 as1, 2 as3)
; REMARK-NVPTX-NOT:  remark
; REMARK-AMDGPU:      remark: <unknown>:0:0: @kinds: memory-space scopes on 12 accesses (by space: 6 as1, 3 as3, 2 as4, 2 as5, 1 as7)
; REMARK-AMDGPU-NEXT: remark: <unknown>:0:0: @inferred: memory-space scopes on 3 accesses (by space: 1 as1, 1 as3, 1 as4)
; REMARK-AMDGPU-NEXT: remark: <unknown>:0:0: @ptx_kernel_arg: memory-space scopes on 1 access (by space: 1 as3)
; REMARK-AMDGPU-NEXT: remark: <unknown>:0:0: @amdgpu_kernel_arg: memory-space scopes on 3 accesses (by space: 1 as2, 1 as6, 1 host-visible)
; REMARK-AMDGPU-NEXT: remark: <unknown>:0:0: @existing: memory-space scopes on 3 accesses (by space: 1 as1, 2 as3)
; REMARK-AMDGPU-NEXT: remark: <unknown>:0:0: @already_annotated: memory-space scopes on 1 access (by space: 1 as1)
; REMARK-AMDGPU-NOT:  remark

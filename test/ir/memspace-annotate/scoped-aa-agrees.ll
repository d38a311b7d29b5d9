; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-memspace-annotate -S %s \
; RUN:   | opt -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata \
; RUN:         -print-all-alias-modref-info -disable-output 2>&1 \
; RUN:   | FileCheck --check-prefix=SCOPED %s
; RUN: opt -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata \
; RUN:     -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=UNANNOTATED --implicit-check-not=NoAlias %s
; RUN: opt -load-pass-plugin=%plugin -aa-pipeline=gpucc-memspace-aa -passes=aa-eval \
; RUN:     -print-all-alias-modref-info -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=MEMSPACE %s
;
; The metadata says what the AA says. After gpucc-memspace-annotate,
; scoped-noalias-aa alone (clang's default AA stack always has it; it knows
; nothing of address spaces) must answer NoAlias for exactly the access
; pairs gpucc-memspace-aa proves disjoint, and MayAlias for the others: same
; class, or an access through a generic pointer of unknown origin (which
; gets no metadata). The kernel below has one access per class:
;   %unknown   load from global (as1)       the table of pointers
;   %a         load from shared (as3)       generic, derived from @tile
;   %b         load host-visible            a generic kernel argument
;   %k         load from const (as4)
;   stores     global %g, local (as5) %l, shared %sh, generic %unknown
;              (loaded from writable memory: anything), global %g2
; SCOPED lists every load/store and store/store pair aa-eval asks about;
; MEMSPACE lists the AA's answers for the underlying pointers, which match
; pair by pair (%table for %unknown's load, %sh for %a, %in for %b, %c for
; %k). Without the pass, scoped-noalias-aa knows nothing: no NoAlias at all.

target triple = "nvptx64-nvidia-cuda"

@tile = external addrspace(3) global [0 x float]

; SCOPED-LABEL: Function: agree:
; SCOPED:      MayAlias: %unknown = load ptr, ptr addrspace(1) %table, align 8, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %unknown = load ptr, ptr addrspace(1) %table, align 8, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %unknown = load ptr, ptr addrspace(1) %table, align 8, !alias.scope {{.*}} <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %unknown = load ptr, ptr addrspace(1) %table, align 8, !alias.scope {{.*}} <-> store float %a, ptr %unknown, align 4{{$}}
; SCOPED-NEXT: MayAlias: %unknown = load ptr, ptr addrspace(1) %table, align 8, !alias.scope {{.*}} <-> store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %a = load float, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %a = load float, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %a = load float, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %a = load float, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %a, ptr %unknown, align 4{{$}}
; SCOPED-NEXT: NoAlias:  %a = load float, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %b = load float, ptr %in, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %b = load float, ptr %in, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %b = load float, ptr %in, align 4, !alias.scope {{.*}} <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %b = load float, ptr %in, align 4, !alias.scope {{.*}} <-> store float %a, ptr %unknown, align 4{{$}}
; SCOPED-NEXT: MayAlias: %b = load float, ptr %in, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %k = load float, ptr addrspace(4) %c, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %k = load float, ptr addrspace(4) %c, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  %k = load float, ptr addrspace(4) %c, align 4, !alias.scope {{.*}} <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: %k = load float, ptr addrspace(4) %c, align 4, !alias.scope {{.*}} <-> store float %a, ptr %unknown, align 4{{$}}
; SCOPED-NEXT: NoAlias:  %k = load float, ptr addrspace(4) %c, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  store float %k, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  store float %k, ptr %sh, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: store float %a, ptr %unknown, align 4 <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: store float %a, ptr %unknown, align 4 <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: store float %a, ptr %unknown, align 4 <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}} <-> store float %a, ptr addrspace(1) %g, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}} <-> store float %b, ptr addrspace(5) %l, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: NoAlias:  store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}} <-> store float %k, ptr %sh, align 4, !alias.scope {{.*}}
; SCOPED-NEXT: MayAlias: store float %b, ptr addrspace(1) %g2, align 4, !alias.scope {{.*}} <-> store float %a, ptr %unknown, align 4{{$}}

; UNANNOTATED-LABEL: Function: agree:
; UNANNOTATED:       MayAlias: %a = load float, ptr %sh, align 4 <-> store float %a, ptr addrspace(1) %g, align 4

; MEMSPACE-LABEL: Function: agree: 8 pointers, 0 call sites
; MEMSPACE-NEXT: NoAlias:  float* %sh, ptr addrspace(1)* %table
; MEMSPACE-NEXT: MayAlias: float* %in, ptr addrspace(1)* %table
; MEMSPACE-NEXT: NoAlias:  float* %in, float* %sh
; MEMSPACE-NEXT: NoAlias:  float addrspace(4)* %c, ptr addrspace(1)* %table
; MEMSPACE-NEXT: NoAlias:  float addrspace(4)* %c, float* %sh
; MEMSPACE-NEXT: MayAlias: float addrspace(4)* %c, float* %in
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g, ptr addrspace(1)* %table
; MEMSPACE-NEXT: NoAlias:  float addrspace(1)* %g, float* %sh
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g, float* %in
; MEMSPACE-NEXT: NoAlias:  float addrspace(4)* %c, float addrspace(1)* %g
; MEMSPACE-NEXT: NoAlias:  float addrspace(5)* %l, ptr addrspace(1)* %table
; MEMSPACE-NEXT: NoAlias:  float addrspace(5)* %l, float* %sh
; MEMSPACE-NEXT: NoAlias:  float* %in, float addrspace(5)* %l
; MEMSPACE-NEXT: NoAlias:  float addrspace(4)* %c, float addrspace(5)* %l
; MEMSPACE-NEXT: NoAlias:  float addrspace(1)* %g, float addrspace(5)* %l
; MEMSPACE-NEXT: MayAlias: ptr addrspace(1)* %table, float* %unknown
; MEMSPACE-NEXT: MayAlias: float* %sh, float* %unknown
; MEMSPACE-NEXT: MayAlias: float* %in, float* %unknown
; MEMSPACE-NEXT: MayAlias: float addrspace(4)* %c, float* %unknown
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g, float* %unknown
; MEMSPACE-NEXT: MayAlias: float addrspace(5)* %l, float* %unknown
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g2, ptr addrspace(1)* %table
; MEMSPACE-NEXT: NoAlias:  float addrspace(1)* %g2, float* %sh
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g2, float* %in
; MEMSPACE-NEXT: NoAlias:  float addrspace(4)* %c, float addrspace(1)* %g2
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g, float addrspace(1)* %g2
; MEMSPACE-NEXT: NoAlias:  float addrspace(1)* %g2, float addrspace(5)* %l
; MEMSPACE-NEXT: MayAlias: float addrspace(1)* %g2, float* %unknown

define ptx_kernel void @agree(ptr %in, ptr addrspace(1) %g, ptr addrspace(1) %g2,
                              ptr addrspace(5) %l, ptr addrspace(4) %c,
                              ptr addrspace(1) %table, i64 %i) {
  %base = addrspacecast ptr addrspace(3) @tile to ptr
  %sh = getelementptr inbounds float, ptr %base, i64 %i
  %unknown = load ptr, ptr addrspace(1) %table, align 8
  %a = load float, ptr %sh, align 4
  %b = load float, ptr %in, align 4
  %k = load float, ptr addrspace(4) %c, align 4
  store float %a, ptr addrspace(1) %g, align 4
  store float %b, ptr addrspace(5) %l, align 4
  store float %k, ptr %sh, align 4
  store float %a, ptr %unknown, align 4
  store float %b, ptr addrspace(1) %g2, align 4
  ret void
}

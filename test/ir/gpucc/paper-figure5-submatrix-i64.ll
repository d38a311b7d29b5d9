; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -S %s | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -S %s | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -S %s | FileCheck --check-prefix=INPUT %s
;
; The gpucc paper's running example (Figures 5 and 6), 64-bit indices: the
; fully unrolled 3x3 submatrix load `a[(c + y) + (b + x) * n]`, x, y in 0..2,
; as clang emits it (a). Pointer-arithmetic reassociation moves each `+ y`
; into a GEP offset (b); SLSR turns `(b + x) * n` into the previous row plus
; `n` (c); global reassociation and CSE rebuild each row from the one before
; (d). Afterwards one multiply by n remains, p01/p02 are p00 + 1/2 elements,
; p10 is p00 + n elements, p11/p12 are p10 + 1/2, and so on. (LLVM 22's
; SLSR gets there first, by a stride delta of n: p10 is p00 + 4n bytes, with
; 4n computed once.)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; INPUT-COUNT-3: mul i64

; CHECK-LABEL: define void @submatrix(
; CHECK:         [[R0:%[^ ]+]] = mul i64 %b, %n
; CHECK-NOT:     mul
; CHECK:         [[I00:%[^ ]+]] = add i64 %c, [[R0]]
; CHECK-NEXT:    [[P00:%[^ ]+]] = getelementptr {{(inbounds )?}}float, ptr addrspace(1) %a, i64 [[I00]]
; CHECK-NEXT:    load float, ptr addrspace(1) [[P00]]
; V16-NEXT:      [[P01:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P00]], i64 1
; V22-NEXT:      [[P01:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P00]], i64 4
; CHECK-NEXT:    load float, ptr addrspace(1) [[P01]]
; V16-NEXT:      [[P02:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P00]], i64 2
; V22-NEXT:      [[P02:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P00]], i64 8
; CHECK-NEXT:    load float, ptr addrspace(1) [[P02]]
; V16-NEXT:      [[P10:%[^ ]+]] = getelementptr {{(inbounds )?}}float, ptr addrspace(1) [[P00]], i64 %n
; V22-NEXT:      [[ROW:%[^ ]+]] = shl i64 %n, 2
; V22-NEXT:      [[P10:%[^ ]+]] = getelementptr {{(inbounds )?}}i8, ptr addrspace(1) [[P00]], i64 [[ROW]]
; CHECK-NEXT:    load float, ptr addrspace(1) [[P10]]
; V16-NEXT:      [[P11:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P10]], i64 1
; V22-NEXT:      [[P11:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P10]], i64 4
; CHECK-NEXT:    load float, ptr addrspace(1) [[P11]]
; V16-NEXT:      [[P12:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P10]], i64 2
; V22-NEXT:      [[P12:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P10]], i64 8
; CHECK-NEXT:    load float, ptr addrspace(1) [[P12]]
; V16-NEXT:      [[P20:%[^ ]+]] = getelementptr {{(inbounds )?}}float, ptr addrspace(1) [[P10]], i64 %n
; V22-NEXT:      [[P20:%[^ ]+]] = getelementptr {{(inbounds )?}}i8, ptr addrspace(1) [[P10]], i64 [[ROW]]
; CHECK-NEXT:    load float, ptr addrspace(1) [[P20]]
; V16-NEXT:      [[P21:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P20]], i64 1
; V22-NEXT:      [[P21:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P20]], i64 4
; CHECK-NEXT:    load float, ptr addrspace(1) [[P21]]
; V16-NEXT:      [[P22:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P20]], i64 2
; V22-NEXT:      [[P22:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P20]], i64 8
; CHECK-NEXT:    load float, ptr addrspace(1) [[P22]]
; CHECK-NOT:     mul
; CHECK:         ret void

define void @submatrix(ptr addrspace(1) %a, i64 %b, i64 %c, i64 %n, ptr addrspace(1) %out) {
entry:
  %r0 = mul i64 %b, %n
  %i00 = add i64 %c, %r0
  %p00 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i00
  %v00 = load float, ptr addrspace(1) %p00, align 4
  %c1 = add i64 %c, 1
  %i01 = add i64 %c1, %r0
  %p01 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i01
  %v01 = load float, ptr addrspace(1) %p01, align 4
  %c2 = add i64 %c, 2
  %i02 = add i64 %c2, %r0
  %p02 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i02
  %v02 = load float, ptr addrspace(1) %p02, align 4
  %b1 = add i64 %b, 1
  %r1 = mul i64 %b1, %n
  %i10 = add i64 %c, %r1
  %p10 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i10
  %v10 = load float, ptr addrspace(1) %p10, align 4
  %i11 = add i64 %c1, %r1
  %p11 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i11
  %v11 = load float, ptr addrspace(1) %p11, align 4
  %i12 = add i64 %c2, %r1
  %p12 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i12
  %v12 = load float, ptr addrspace(1) %p12, align 4
  %b2 = add i64 %b, 2
  %r2 = mul i64 %b2, %n
  %i20 = add i64 %c, %r2
  %p20 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i20
  %v20 = load float, ptr addrspace(1) %p20, align 4
  %i21 = add i64 %c1, %r2
  %p21 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i21
  %v21 = load float, ptr addrspace(1) %p21, align 4
  %i22 = add i64 %c2, %r2
  %p22 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i22
  %v22 = load float, ptr addrspace(1) %p22, align 4
  %s0 = fadd float %v00, %v01
  %s1 = fadd float %s0, %v02
  %s2 = fadd float %s1, %v10
  %s3 = fadd float %s2, %v11
  %s4 = fadd float %s3, %v12
  %s5 = fadd float %s4, %v20
  %s6 = fadd float %s5, %v21
  %s7 = fadd float %s6, %v22
  store float %s7, ptr addrspace(1) %out, align 4
  ret void
}

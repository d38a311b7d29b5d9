; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -S %s | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-straight-line -S %s | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -S %s | FileCheck --check-prefix=INPUT %s
;
; The paper's running example with `int` indices: every index is an `nsw`
; i32 expression sign-extended to i64 for the GEP, as clang emits for
; `a[(c + y) + (b + x) * n]`. The column offsets still come out of the sext
; (nsw lets sext distribute over `+ y`), so p01/p02 are p00 + 1/2. The rows
; differ by `n` inside the sext; SLSR may not keep `nsw` on `i00 + n` (it
; does not follow from the input's flags), so a row start stays a GEP off
; %a over a sext of the previous row's index plus n: one multiply by n in
; all, no 64-bit multiply, and every p_i a constant GEP off p00, p10 or p20.
; LLVM 22's SLSR does better: the row index i10 is i00 +nsw n (through the
; input's flags), so sext(i10) = sext(i00) + sext(n), and a row is the last
; row plus 4 * sext(n) bytes, one stride delta (V22).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; INPUT-COUNT-3: mul nsw i32

; CHECK-LABEL: define void @submatrix(
; CHECK:         [[R0:%[^ ]+]] = mul {{(nsw )?}}i32 %b, %n
; CHECK-NOT:     mul
; CHECK:         [[I00:%[^ ]+]] = add nsw i32 %c, [[R0]]
; CHECK-NEXT:    [[X00:%[^ ]+]] = sext i32 [[I00]] to i64
; CHECK-NEXT:    [[P00:%[^ ]+]] = getelementptr inbounds float, ptr addrspace(1) %a, i64 [[X00]]
; CHECK-NEXT:    load float, ptr addrspace(1) [[P00]]
; V16-NEXT:      [[P01:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P00]], i64 1
; V22-NEXT:      [[P01:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P00]], i64 4
; CHECK-NEXT:    load float, ptr addrspace(1) [[P01]]
; V16-NEXT:      [[P02:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P00]], i64 2
; V22-NEXT:      [[P02:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P00]], i64 8
; CHECK-NEXT:    load float, ptr addrspace(1) [[P02]]
; V16-NEXT:      [[I10:%[^ ]+]] = add i32 [[I00]], %n
; V16-NEXT:      [[X10:%[^ ]+]] = sext i32 [[I10]] to i64
; V16-NEXT:      [[P10:%[^ ]+]] = getelementptr inbounds float, ptr addrspace(1) %a, i64 [[X10]]
; V22-NEXT:      [[N:%[^ ]+]] = sext i32 %n to i64
; V22-NEXT:      [[ROW:%[^ ]+]] = shl i64 [[N]], 2
; V22-NEXT:      [[P10:%[^ ]+]] = getelementptr {{(inbounds )?}}i8, ptr addrspace(1) [[P00]], i64 [[ROW]]
; CHECK-NEXT:    load float, ptr addrspace(1) [[P10]]
; V16-NEXT:      [[P11:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P10]], i64 1
; V22-NEXT:      [[P11:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P10]], i64 4
; CHECK-NEXT:    load float, ptr addrspace(1) [[P11]]
; V16-NEXT:      [[P12:%[^ ]+]] = getelementptr float, ptr addrspace(1) [[P10]], i64 2
; V22-NEXT:      [[P12:%[^ ]+]] = getelementptr i8, ptr addrspace(1) [[P10]], i64 8
; CHECK-NEXT:    load float, ptr addrspace(1) [[P12]]
; V16-NEXT:      [[I20:%[^ ]+]] = add i32 [[I10]], %n
; V16-NEXT:      [[X20:%[^ ]+]] = sext i32 [[I20]] to i64
; V16-NEXT:      [[P20:%[^ ]+]] = getelementptr inbounds float, ptr addrspace(1) %a, i64 [[X20]]
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

define void @submatrix(ptr addrspace(1) %a, i32 %b, i32 %c, i32 %n, ptr addrspace(1) %out) {
entry:
  %r0 = mul nsw i32 %b, %n
  %i00 = add nsw i32 %c, %r0
  %x00 = sext i32 %i00 to i64
  %p00 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x00
  %v00 = load float, ptr addrspace(1) %p00, align 4
  %c1 = add nsw i32 %c, 1
  %i01 = add nsw i32 %c1, %r0
  %x01 = sext i32 %i01 to i64
  %p01 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x01
  %v01 = load float, ptr addrspace(1) %p01, align 4
  %c2 = add nsw i32 %c, 2
  %i02 = add nsw i32 %c2, %r0
  %x02 = sext i32 %i02 to i64
  %p02 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x02
  %v02 = load float, ptr addrspace(1) %p02, align 4
  %b1 = add nsw i32 %b, 1
  %r1 = mul nsw i32 %b1, %n
  %i10 = add nsw i32 %c, %r1
  %x10 = sext i32 %i10 to i64
  %p10 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x10
  %v10 = load float, ptr addrspace(1) %p10, align 4
  %i11 = add nsw i32 %c1, %r1
  %x11 = sext i32 %i11 to i64
  %p11 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x11
  %v11 = load float, ptr addrspace(1) %p11, align 4
  %i12 = add nsw i32 %c2, %r1
  %x12 = sext i32 %i12 to i64
  %p12 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x12
  %v12 = load float, ptr addrspace(1) %p12, align 4
  %b2 = add nsw i32 %b, 2
  %r2 = mul nsw i32 %b2, %n
  %i20 = add nsw i32 %c, %r2
  %x20 = sext i32 %i20 to i64
  %p20 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x20
  %v20 = load float, ptr addrspace(1) %p20, align 4
  %i21 = add nsw i32 %c1, %r2
  %x21 = sext i32 %i21 to i64
  %p21 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x21
  %v21 = load float, ptr addrspace(1) %p21, align 4
  %i22 = add nsw i32 %c2, %r2
  %x22 = sext i32 %i22 to i64
  %p22 = getelementptr inbounds float, ptr addrspace(1) %a, i64 %x22
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

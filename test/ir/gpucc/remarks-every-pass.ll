; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -pass-remarks-output=%t.yaml \
; RUN:   -disable-output %s
; RUN: grep -E '^(--- |Pass:|Name:|Function:)' %t.yaml | paste - - - - \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc -pass-remarks='gpucc-.*' \
; RUN:   -disable-output %s 2>&1 | FileCheck --check-prefixes=TEXT,TEXT%llvm %s
;
; Every pass of the `gpucc` pipeline reports what it did, in the YAML
; remarks file (-pass-remarks-output, no -pass-remarks filter needed) and on
; stderr: memory-space inference on the generic pointer into global memory,
; GEP splitting, SLSR and global reassociation on the paper's Figure 5,
; speculative execution on Figure 7, the division bypass on a 64-bit
; division, and memory-space annotation on every access. (With LLVM 22's
; SLSR, whose base and stride deltas reach what global reassociation reached
; on LLVM 16, SLSR rebuilds those addresses and global reassociation finds
; nothing left: V22.)

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; One line per remark: kind, pass, name, function.
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-infer-address-spaces {{.*}}Name: Inferred {{.*}}Function: submatrix
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-separate-const-offset-from-gep {{.*}}Name: Split {{.*}}Function: submatrix
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-slsr {{.*}}Name: Rewritten {{.*}}Function: submatrix
; V16-DAG:   !Passed {{.*}}Pass: gpucc-nary-reassociate {{.*}}Name: Reassociated {{.*}}Function: submatrix
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-speculative-execution {{.*}}Name: Hoisted {{.*}}Function: figure7
; V16-DAG:   !Passed {{.*}}Pass: gpucc-nary-reassociate {{.*}}Name: ReassociatedGEP {{.*}}Function: figure7
; V22-DAG:   !Passed {{.*}}Pass: gpucc-slsr {{.*}}Name: Rewritten {{.*}}Function: figure7
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-bypass-slow-division {{.*}}Name: Bypassed {{.*}}Function: div64
; CHECK-DAG: !Passed {{.*}}Pass: gpucc-memspace-annotate {{.*}}Name: Annotated {{.*}}Function: submatrix
; CHECK-DAG: !Missed {{.*}}Pass: gpucc-speculative-execution {{.*}}Name: NotSafe {{.*}}Function: figure7
; CHECK-DAG: !Analysis {{.*}}Pass: gpucc-slsr {{.*}}Name: Stats {{.*}}Function: submatrix

; TEXT-DAG: remark: {{.*}}10 generic address expressions moved to specific spaces
; TEXT-DAG: remark: {{.*}}split %p01 into a variadic base and a constant offset of 4 bytes
; TEXT-DAG: remark: {{.*}}rewrote %r1 ((%b + 1) * %n) from its basis %r0
; TEXT16-DAG: remark: {{.*}}rewritten as {{.*}} reusing
; TEXT22-DAG: remark: {{.*}}rewrote %q (%a + 4 * %ij bytes) from its basis %p (%a + 4 * %i bytes) as %p + 4 * %j bytes (stride delta)

define void @submatrix(ptr addrspace(1) %ga, i64 %b, i64 %c, i64 %n, ptr addrspace(1) %out) {
entry:
  %a = addrspacecast ptr addrspace(1) %ga to ptr
  %r0 = mul i64 %b, %n
  %i00 = add i64 %c, %r0
  %p00 = getelementptr inbounds float, ptr %a, i64 %i00
  %v00 = load float, ptr %p00, align 4
  %c1 = add i64 %c, 1
  %i01 = add i64 %c1, %r0
  %p01 = getelementptr inbounds float, ptr %a, i64 %i01
  %v01 = load float, ptr %p01, align 4
  %c2 = add i64 %c, 2
  %i02 = add i64 %c2, %r0
  %p02 = getelementptr inbounds float, ptr %a, i64 %i02
  %v02 = load float, ptr %p02, align 4
  %b1 = add i64 %b, 1
  %r1 = mul i64 %b1, %n
  %i10 = add i64 %c, %r1
  %p10 = getelementptr inbounds float, ptr %a, i64 %i10
  %v10 = load float, ptr %p10, align 4
  %i11 = add i64 %c1, %r1
  %p11 = getelementptr inbounds float, ptr %a, i64 %i11
  %v11 = load float, ptr %p11, align 4
  %i12 = add i64 %c2, %r1
  %p12 = getelementptr inbounds float, ptr %a, i64 %i12
  %v12 = load float, ptr %p12, align 4
  %b2 = add i64 %b, 2
  %r2 = mul i64 %b2, %n
  %i20 = add i64 %c, %r2
  %p20 = getelementptr inbounds float, ptr %a, i64 %i20
  %v20 = load float, ptr %p20, align 4
  %i21 = add i64 %c1, %r2
  %p21 = getelementptr inbounds float, ptr %a, i64 %i21
  %v21 = load float, ptr %p21, align 4
  %i22 = add i64 %c2, %r2
  %p22 = getelementptr inbounds float, ptr %a, i64 %i22
  %v22 = load float, ptr %p22, align 4
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

define void @figure7(ptr addrspace(1) %a, i64 %i, i64 %j, i1 %c1, i1 %c2) {
entry:
  br i1 %c1, label %then1, label %join1

then1:
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %i
  store float 0.0, ptr addrspace(1) %p, align 4
  br label %join1

join1:
  br i1 %c2, label %then2, label %exit

then2:
  %ij = add i64 %i, %j
  %q = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ij
  %v = load float, ptr addrspace(1) %q, align 4
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %q, align 4
  br label %exit

exit:
  ret void
}

define i64 @div64(i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  ret i64 %q
}

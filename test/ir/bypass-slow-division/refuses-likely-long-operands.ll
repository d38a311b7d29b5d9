; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-bypass-slow-division \
; RUN:     -pass-remarks-missed=gpucc-bypass-slow-division -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; Operands that will hardly ever fit in 32 bits are not worth a branch: a bit
; known set in the upper half, or a hash-like value (xor, mul by a constant
; wider than 32 bits, or phis of those).

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; REMARK: remark: {{.*}}udiv %q kept 64-bit: divisor %h looks like a hash value
; CHECK-LABEL: @xor_divisor(
; CHECK-NEXT:    %h = xor i64 %a, %b
; CHECK-NEXT:    %q = udiv i64 %c, %h
; CHECK-NEXT:    ret i64 %q
define i64 @xor_divisor(i64 %a, i64 %b, i64 %c) {
  %h = xor i64 %a, %b
  %q = udiv i64 %c, %h
  ret i64 %q
}

; REMARK: remark: {{.*}}urem %r kept 64-bit: dividend %h looks like a hash value
; CHECK-LABEL: @mul_by_wide_constant(
; CHECK-NEXT:    %h = mul i64 %a, 5229553307
; CHECK-NEXT:    %r = urem i64 %h, %n
; CHECK-NEXT:    ret i64 %r
define i64 @mul_by_wide_constant(i64 %a, i64 %n) {
  %h = mul i64 %a, 5229553307
  %r = urem i64 %h, %n
  ret i64 %r
}

; A mul by a narrow constant is not a hash: bypassed.
; CHECK-LABEL: @mul_by_narrow_constant(
; CHECK:         icmp eq i64
; CHECK:         urem i32
define i64 @mul_by_narrow_constant(i64 %a, i64 %n) {
  %h = mul i64 %a, -42
  %r = urem i64 %h, %n
  ret i64 %r
}

; REMARK: remark: {{.*}}sdiv %q kept 64-bit: dividend %big has a bit known to be set in its upper half
; CHECK-LABEL: @known_high_bit(
; CHECK-NEXT:    %big = or i64 %a, 4294967296
; CHECK-NEXT:    %q = sdiv i64 %big, %b
define i64 @known_high_bit(i64 %a, i64 %b) {
  %big = or i64 %a, 4294967296
  %q = sdiv i64 %big, %b
  ret i64 %q
}

; Signed: a value known negative has its top bit set.
; CHECK-LABEL: @known_negative(
; CHECK:         %q = srem i64 %neg, %b
; CHECK-NOT:     icmp
define i64 @known_negative(i32 %a, i64 %b) {
  %a64 = zext i32 %a to i64
  %neg = sub i64 -1, %a64
  %q = srem i64 %neg, %b
  ret i64 %q
}

; An FNV-style loop: the phi's incoming values are all hash-like (or undef).
; CHECK-LABEL: @hash_through_phi(
; CHECK:       exit:
; CHECK-NEXT:    %q = urem i64 %h, %n
define i64 @hash_through_phi(i64 %seed, i64 %n, i1 %c) {
entry:
  %h0 = xor i64 %seed, 14695981039346656037
  br label %loop
loop:
  %h = phi i64 [ %h0, %entry ], [ %h1, %loop ], [ undef, %other ]
  %h1 = mul i64 %h, 1099511628211
  br i1 %c, label %loop, label %exit
other:
  br label %loop
exit:
  %q = urem i64 %h, %n
  ret i64 %q
}

; A phi that merges a hash with a plain value is bypassed.
; CHECK-LABEL: @phi_of_hash_and_plain(
; CHECK:       merge:
; CHECK:         icmp eq i64
; CHECK:         udiv i32
define i64 @phi_of_hash_and_plain(i64 %a, i64 %b, i64 %n, i1 %c) {
entry:
  br i1 %c, label %hash, label %merge
hash:
  %h = xor i64 %a, %b
  br label %merge
merge:
  %v = phi i64 [ %a, %entry ], [ %h, %hash ]
  %q = udiv i64 %v, %n
  ret i64 %q
}

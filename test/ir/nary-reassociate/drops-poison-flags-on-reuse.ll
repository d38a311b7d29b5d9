; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; A reused D must not be poison where the expression it replaces is not.
; LLVM 16 reuses D with all its flags (a miscompile: `add nsw %a, %c` is
; poison when a + c overflows, (a + b) + c may be fine); like LLVM 19 we drop
; D's poison-generating flags, unless poison in D is undefined behaviour
; anyway (then D cannot be poison where it matters). New instructions never
; get nsw/nuw; a new GEP is inbounds only if the old one was and D is an
; inbounds GEP (kept) into the same object: LLVM 16 copies the old GEP's
; inbounds even onto a D outside the object, e.g. &p[-1] for p[-1 + 1].

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare void @use(i32)
declare void @use_noundef(i32 noundef)
declare void @usep(ptr)

; CHECK-LABEL: @drops_nsw_of_reused_add(
; CHECK:         %ac = add i32 %a, %c
; CHECK-NEXT:    call void @use(i32 %ac)
; CHECK-NEXT:    %abc = add i32 %ac, %b
; REMARK: remark: {{.*}}%abc rewritten as %ac + %b, reusing %ac (dropped poison-generating flags of %ac)
define void @drops_nsw_of_reused_add(i32 %a, i32 %b, i32 %c) {
  %ac = add nsw nuw i32 %a, %c
  call void @use(i32 %ac)
  %ab = add nsw i32 %a, %b
  %abc = add nsw i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; Flags are dropped down D's operand tree, as far as the expression's own
; leaves: (a + c) was computed as (a * 1) + c here.
; CHECK-LABEL: @drops_flags_below_d(
; CHECK:         %a1 = mul i32 %a, 1
; CHECK-NEXT:    %ac = add i32 %a1, %c
; CHECK:         %abc = add i32 %ac, %b
define void @drops_flags_below_d(i32 %a, i32 %b, i32 %c) {
  %a1 = mul nsw i32 %a, 1
  %ac = add nuw i32 %a1, %c
  call void @use(i32 %ac)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; Passing D to a noundef parameter makes poison in D undefined behaviour:
; its nsw stays.
; CHECK-LABEL: @keeps_flags_when_poison_is_ub(
; CHECK:         %ac = add nsw i32 %a, %c
; CHECK-NEXT:    call void @use_noundef(i32 %ac)
; CHECK-NEXT:    %abc = add i32 %ac, %b
define void @keeps_flags_when_poison_is_ub(i32 %a, i32 %b, i32 %c) {
  %ac = add nsw i32 %a, %c
  call void @use_noundef(i32 %ac)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; D = &p[i] is loaded from (poison would be UB): it stays inbounds, and so
; does the new &D[j], both in p's object.
; CHECK-LABEL: @inbounds_from_inbounds_d(
; CHECK:         %d = getelementptr inbounds float, ptr %p, i64 %i
; CHECK-NEXT:    %x = load float, ptr %d
; CHECK:         %g = getelementptr inbounds float, ptr %d, i64 %j
define float @inbounds_from_inbounds_d(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr inbounds float, ptr %p, i64 %i
  %x = load float, ptr %d
  %ij = add i64 %i, %j
  %g = getelementptr inbounds float, ptr %p, i64 %ij
  call void @usep(ptr %g)
  ret float %x
}

; D is not inbounds: &D[j] is not either (LLVM 16 makes it inbounds).
; CHECK-LABEL: @not_inbounds_from_plain_d(
; CHECK:         %d = getelementptr float, ptr %p, i64 %i
; CHECK:         %g = getelementptr float, ptr %d, i64 %j
define void @not_inbounds_from_plain_d(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr float, ptr %p, i64 %i
  call void @usep(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr inbounds float, ptr %p, i64 %ij
  call void @usep(ptr %g)
  ret void
}

; D's inbounds is dropped (poison in D is no UB here), so the new GEP is
; plain too.
; CHECK-LABEL: @drops_inbounds_of_reused_gep(
; CHECK:         %d = getelementptr float, ptr %p, i64 %i
; CHECK:         %g = getelementptr float, ptr %d, i64 %j
define void @drops_inbounds_of_reused_gep(ptr %p, i64 %i, i64 %j) {
  %d = getelementptr inbounds float, ptr %p, i64 %i
  call void @usep(ptr %d)
  %ij = add i64 %i, %j
  %g = getelementptr inbounds float, ptr %p, i64 %ij
  call void @usep(ptr %g)
  ret void
}

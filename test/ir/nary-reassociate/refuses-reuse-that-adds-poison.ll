; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-nary-reassociate \
; RUN:     -pass-remarks-missed=gpucc-nary-reassociate -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=MISSED %s
;
; When D computes the wanted value through an operation that can make
; poison by itself (not through droppable flags), D is not reused: here
; abs(x, true) is poison for INT_MIN where abs(x, false) is INT_MIN, and
; scalar evolution calls both smax(x, -x). LLVM 16 reuses D (a miscompile
; for x = INT_MIN).

declare void @use(i32)
declare i32 @llvm.abs.i32(i32, i1)

; CHECK-LABEL: @refuses_poisonous_d(
; CHECK:         %ab = add i32 %ay, %b
; CHECK-NEXT:    %abc = add i32 %ab, %c
; MISSED: remark: {{.*}}%abc could reuse %d, but that can be poison where %abc is not
define void @refuses_poisonous_d(i32 %x, i32 %b, i32 %c) {
  %ax = call i32 @llvm.abs.i32(i32 %x, i1 true)
  %d = add i32 %ax, %c
  call void @use(i32 %d)
  %ay = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %ab = add i32 %ay, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

; The refused D is off the stack; an earlier, safe D for the same value is
; still found beneath it.
; CHECK-LABEL: @falls_back_to_older_d(
; CHECK:         %safe = add i32 %ay0, %c
; CHECK:         %abc = add i32 %safe, %b
define void @falls_back_to_older_d(i32 %x, i32 %b, i32 %c) {
  %ay0 = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %safe = add i32 %ay0, %c
  call void @use(i32 %safe)
  %ax = call i32 @llvm.abs.i32(i32 %x, i1 true)
  %d = add i32 %ax, %c
  call void @use(i32 %d)
  %ay = call i32 @llvm.abs.i32(i32 %x, i1 false)
  %ab = add i32 %ay, %b
  %abc = add i32 %ab, %c
  call void @use(i32 %abc)
  ret void
}

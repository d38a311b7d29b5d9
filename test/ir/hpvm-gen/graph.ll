; gpucc-hpvm-gen on a graph written directly in HPVM-C's call form: the
; well-formed graph is renamed with exact operands (bind.output's port order,
; i32 flags to i1, i32 counts widened to i64) and the intrinsics get their
; promises; then each malformed variant (sed) stops with an error naming the
; pass: a node without a body, a node returning a value, a __hpvm__return
; whose count disagrees with its values, two __hpvm__return calls, and node
; functions that create themselves (directly, and through a child).
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -S %s | FileCheck %s
; RUN: sed 's/ptr @leaf, i32 %%n,/ptr @ext, i32 %%n,/' %s > %t.body.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.body.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=BODY %s
; RUN: sed 's/ptr @leaf, i32 %%n,/ptr @leafr, i32 %%n,/' %s > %t.void.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.void.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=VOID %s
; RUN: sed 's/@__hpvm__return(i32 1, ptr %%p)/@__hpvm__return(i32 2, ptr %%p)/' %s > %t.count.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.count.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=COUNT %s
; RUN: sed 's/^  ret void ; leaf$/  call void (i32, ...) @__hpvm__return(i32 0)\n  ret void/' %s > %t.two.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.two.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=TWO %s
; RUN: sed 's/ptr @leaf, i32 %%n,/ptr @grid, i32 %%n,/' %s > %t.self.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.self.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=SELF %s
; RUN: sed 's/^  ret void ; leaf$/  %%c = call ptr (i32, ...) @__hpvm__createNodeND(i32 0, ptr @grid)\n  ret void/' %s > %t.cycle.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.cycle.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=CYCLE %s

; CHECK-LABEL: define void @leaf(ptr %p, i64 %b, i32 %n)
; CHECK-NEXT:    call void (i32, ...) @llvm.hpvm.return(i32 1, ptr %p)
; CHECK-LABEL: define void @grid(ptr %q, i64 %c, i32 %n)
; CHECK-NEXT:    [[W:%.*]] = sext i32 %n to i64
; CHECK-NEXT:    %l = call ptr @llvm.hpvm.createNode2D(ptr @leaf, i64 [[W]], i64 4)
; CHECK-NEXT:    call void @llvm.hpvm.bind.input(ptr %l, i32 0, i32 0, i1 false)
; CHECK-NEXT:    call void @llvm.hpvm.bind.input(ptr %l, i32 1, i32 1, i1 false)
; CHECK-NEXT:    call void @llvm.hpvm.bind.input(ptr %l, i32 2, i32 2, i1 false)
; CHECK-NEXT:    call void @llvm.hpvm.bind.output(ptr %l, i32 0, i32 0, i1 false)
; CHECK-NEXT:    call void (i32, ...) @llvm.hpvm.return(i32 1, ptr %q)
; CHECK-NOT:   __hpvm__
; CHECK:       declare void @llvm.hpvm.return(i32, ...) #[[PLAIN:[0-9]+]]
; CHECK:       declare ptr @llvm.hpvm.createNode2D(ptr, i64, i64) #[[PLAIN]]
; CHECK:       declare void @llvm.hpvm.bind.input(ptr, i32, i32, i1) #[[PLAIN]]
; CHECK:       declare void @llvm.hpvm.bind.output(ptr, i32, i32, i1) #[[PLAIN]]
; CHECK:       attributes #[[PLAIN]] = { nounwind }

; BODY: gpucc-hpvm-gen: in @grid: node @ext: it has no body
; VOID: gpucc-hpvm-gen: in @grid: node @leafr returns a value: node functions return void
; COUNT: gpucc-hpvm-gen: in @leaf: __hpvm__return: the count is not 1, its number of values
; TWO: gpucc-hpvm-gen: in @leaf: 2 __hpvm__return calls: a node names its outputs once
; SELF: gpucc-hpvm-gen: in @grid: node @grid creates itself (in @grid)
; CYCLE: gpucc-hpvm-gen: in @grid: node @leaf creates itself (in @grid)

target triple = "nvptx64-nvidia-cuda"

define void @leaf(ptr %p, i64 %b, i32 %n) {
  call void (i32, ...) @__hpvm__return(i32 1, ptr %p)
  ret void ; leaf
}

define i32 @leafr(ptr %p, i64 %b, i32 %n) {
  call void (i32, ...) @__hpvm__return(i32 0)
  ret i32 0
}

declare void @ext(ptr, i64, i32)

define void @grid(ptr %q, i64 %c, i32 %n) {
  %l = call ptr (i32, ...) @__hpvm__createNodeND(i32 2, ptr @leaf, i32 %n, i32 4)
  call void @__hpvm__bindIn(ptr %l, i32 0, i32 0, i32 0)
  call void @__hpvm__bindIn(ptr %l, i32 1, i32 1, i32 0)
  call void @__hpvm__bindIn(ptr %l, i32 2, i32 2, i32 0)
  call void @__hpvm__bindOut(ptr %l, i32 0, i32 0, i32 0)
  call void (i32, ...) @__hpvm__return(i32 1, ptr %q)
  ret void
}

declare void @__hpvm__return(i32, ...)
declare ptr @__hpvm__createNodeND(i32, ...)
declare void @__hpvm__bindIn(ptr, i32, i32, i32)
declare void @__hpvm__bindOut(ptr, i32, i32, i32)

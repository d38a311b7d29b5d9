; gpucc-hpvm-gen on calls declared other than by include/hpvm.h: an ID
; query declared returning int (i32) becomes the i64 intrinsic, truncated for
; its users; a handle declared returning an integer is an error naming the
; pass, not a broken module.
;
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -S %s | FileCheck %s
; RUN: sed 's/^  %%s = call ptr @__hpvm__getNode()$/  %%s0 = call i64 @__hpvm__getNode()\n  %%s = inttoptr i64 %%s0 to ptr/; s/^declare ptr @__hpvm__getNode()$/declare i64 @__hpvm__getNode()/' %s > %t.ptr.ll
; RUN: not opt -load-pass-plugin=%plugin -passes=gpucc-hpvm-gen -disable-output %t.ptr.ll 2>&1 \
; RUN:   | FileCheck --check-prefix=PTR %s

; CHECK-LABEL: define void @leaf(ptr %p)
; CHECK-NEXT:    %s = call ptr @llvm.hpvm.getNode()
; CHECK-NEXT:    %x = call i64 @llvm.hpvm.getNodeInstanceID.x(ptr %s)
; CHECK-NEXT:    [[T:%.*]] = trunc i64 %x to i32
; CHECK-NEXT:    %q = getelementptr i32, ptr %p, i32 [[T]]
; CHECK-NEXT:    store i32 [[T]], ptr %q
; CHECK:       declare i64 @llvm.hpvm.getNodeInstanceID.x(ptr) #[[PURE:[0-9]+]]
; CHECK:       attributes #[[PURE]] = { nounwind willreturn memory(none) }

; PTR: gpucc-hpvm-gen: in @leaf: __hpvm__getNode is declared returning i64, the intrinsic returns ptr (use include/hpvm.h)

target triple = "nvptx64-nvidia-cuda"

define void @leaf(ptr %p) {
  %s = call ptr @__hpvm__getNode()
  %x = call i32 @__hpvm__getNodeInstanceID_x(ptr %s)
  %q = getelementptr i32, ptr %p, i32 %x
  store i32 %x, ptr %q
  ret void
}

declare ptr @__hpvm__getNode()
declare i32 @__hpvm__getNodeInstanceID_x(ptr)

; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep -S %s \
; RUN:   | FileCheck --check-prefixes=CHECK,V%llvm %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks=gpucc-separate-const-offset-from-gep \
; RUN:   -pass-remarks-missed=gpucc-separate-const-offset-from-gep -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; An add without nsw cannot wrap when the range of its other operand keeps
; it away from the limit: masks, shifts, and NVPTX's special registers (the
; PTX ISA's limits: tid.x < 1024, ctaid.y < 65535, ...; LLVM 22 declares
; them as the intrinsics' `range`, LLVM 16 does not know them, and
; analysis/no_wrap.rs has them from the shim's table). The GEPs are not
; inbounds, so upstream's inbounds exception plays no part.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()

; (v & 1023) + 5 is at most 1028. Split.
; CHECK-LABEL: @masked(
; CHECK-NEXT:    %m = and i32 %v, 1023
; CHECK-NEXT:    [[M:%.*]] = sext i32 %m to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[M]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 5
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 20
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it
; REMARK-NEXT: remark: {{.*}}split %q into a variadic base and a constant offset of 20 bytes
define ptr @masked(ptr %p, i32 %v) {
  %m = and i32 %v, 1023
  %a = add i32 %m, 5
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; (v & 1023) - 5 is at least -5: a sub of a constant too. Split.
; CHECK-LABEL: @masked_sub(
; CHECK-NEXT:    %m = and i32 %v, 1023
; CHECK-NEXT:    [[M:%.*]] = sext i32 %m to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[M]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 -5
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 -20
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it
; REMARK-NEXT: remark: {{.*}}split %q into a variadic base and a constant offset of -20 bytes
define ptr @masked_sub(ptr %p, i32 %v) {
  %m = and i32 %v, 1023
  %a = sub i32 %m, 5
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; threadIdx.x + 1 is at most 1024. Split.
; CHECK-LABEL: @thread_index(
; CHECK-NEXT:    %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:    [[T:%.*]] = sext i32 %t to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[T]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 4
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it
; REMARK-NEXT: remark: {{.*}}split %q
define ptr @thread_index(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add i32 %t, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; blockIdx.y * blockDim.y + threadIdx.y + 1 is below 2^26 (blockIdx.y <
; 65535, blockDim.y <= 1024), whatever the adds' flags. Split.
; CHECK-LABEL: @block_row_y(
; CHECK:         %i = add i32 %bn, %t
; CHECK-NEXT:    [[I:%.*]] = sext i32 %i to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[I]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 1
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 4
; REMARK: remark: {{.*}}%a cannot wrap where %q uses it
; REMARK-NEXT: remark: {{.*}}split %q
define ptr @block_row_y(ptr %p) {
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; In x, blockIdx.x goes up to 2^31 - 2: blockIdx.x * blockDim.x wraps, and
; so may the add. Refused.
; CHECK-LABEL: @block_row_x(
; CHECK:         %a = add i32 %i, 1
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index: the sext around it does not distribute over an operation without nsw, and no guard, range or access around the GEP proves that it cannot wrap
define ptr @block_row_x(ptr %p) {
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %bn = mul i32 %b, %n
  %i = add i32 %bn, %t
  %a = add i32 %i, 1
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; v >> 2 is below 2^30: + 2 fits. Split.
; CHECK-LABEL: @quarter_range(
; CHECK-NEXT:    %h = lshr i32 %v, 2
; CHECK-NEXT:    [[H:%.*]] = sext i32 %h to i64
; CHECK-NEXT:    [[B:%.*]] = getelementptr float, ptr %p, i64 [[H]]
; V16-NEXT:      %q = getelementptr float, ptr [[B]], i64 2
; V22-NEXT:      %q = getelementptr i8, ptr [[B]], i64 8
define ptr @quarter_range(ptr %p, i32 %v) {
  %h = lshr i32 %v, 2
  %a = add i32 %h, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

; v >> 1 reaches INT_MAX: + 2 may wrap. Refused.
; CHECK-LABEL: @half_range(
; CHECK-NEXT:    %h = lshr i32 %v, 1
; CHECK-NEXT:    %a = add i32 %h, 2
; CHECK-NEXT:    %s = sext i32 %a to i64
; CHECK-NEXT:    %q = getelementptr float, ptr %p, i64 %s
; REMARK: remark: {{.*}}the constant in %a stays in %q's index
define ptr @half_range(ptr %p, i32 %v) {
  %h = lshr i32 %v, 1
  %a = add i32 %h, 2
  %s = sext i32 %a to i64
  %q = getelementptr float, ptr %p, i64 %s
  ret ptr %q
}

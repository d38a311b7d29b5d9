; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-separate-const-offset-from-gep %s \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -disable-separate-const-offset-from-gep \
; RUN:   | FileCheck --allow-unused-prefixes --check-prefixes=CHECK,CHECK%llvm %s
;
; A 3x3 convolution as clang -O3 leaves it (bench/kernels/conv2d_constant.cu
; has the 5x5 one): row y + dy loads a[sext(((y + dy) *nsw w + x) + dx)],
; adds without nsw. The guards (x > 0, y > 0, x < w - 1) and the exact
; `mul nsw` of the rows loaded after it prove that rows y - 1 and y cannot
; wrap (test/ir/separate-const-offset-from-gep/proves-no-wrap-from-accesses.ll),
; so their column offsets ride in the loads' immediates: `[%rd-4]`, `[%rd]`,
; `[%rd+4]` off one register per row. Nothing bounds row y + 1: LLVM 16's
; llc computes each of its three addresses (llc's own copy of the upstream
; pass is off, -disable-separate-const-offset-from-gep). LLVM 22's llc folds
; that row by itself, so there only the proved rows are pinned.
;
; CHECK-LABEL: conv3x3(
; CHECK:         ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0:%rd[0-9]+]]+-4];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0]]];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW0]]+4];
; CHECK:         ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1:%rd[0-9]+]]+-4];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1]]];
; CHECK-NEXT:    ld.{{f32|b32}} {{%[fr][0-9]+}}, [[[ROW1]]+4];
; CHECK16-COUNT-3: mul.wide.s32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 4;
; CHECK16-NOT:   +4]
; CHECK16:       ret;

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define float @conv3x3(ptr %a, i32 %x, i32 %y, i32 %w) {
entry:
  %gx = icmp sgt i32 %x, 0
  %gy = icmp sgt i32 %y, 0
  %gxy = and i1 %gx, %gy
  %w1 = add nsw i32 %w, -1
  %gw = icmp slt i32 %x, %w1
  %g = select i1 %gxy, i1 %gw, i1 false
  br i1 %g, label %body, label %exit
body:
  %ym = add nsw i32 %y, -1
  %rm = mul nsw i32 %ym, %w
  %im = add i32 %rm, %x
  %aml = add i32 %im, -1
  %sml = sext i32 %aml to i64
  %pml = getelementptr inbounds float, ptr %a, i64 %sml
  %vml = load float, ptr %pml, align 4
  %smc = sext i32 %im to i64
  %pmc = getelementptr inbounds float, ptr %a, i64 %smc
  %vmc = load float, ptr %pmc, align 4
  %amr = add i32 %im, 1
  %smr = sext i32 %amr to i64
  %pmr = getelementptr inbounds float, ptr %a, i64 %smr
  %vmr = load float, ptr %pmr, align 4
  %r0 = mul nsw i32 %y, %w
  %i0 = add i32 %r0, %x
  %a0l = add i32 %i0, -1
  %s0l = sext i32 %a0l to i64
  %p0l = getelementptr inbounds float, ptr %a, i64 %s0l
  %v0l = load float, ptr %p0l, align 4
  %s0c = sext i32 %i0 to i64
  %p0c = getelementptr inbounds float, ptr %a, i64 %s0c
  %v0c = load float, ptr %p0c, align 4
  %a0r = add i32 %i0, 1
  %s0r = sext i32 %a0r to i64
  %p0r = getelementptr inbounds float, ptr %a, i64 %s0r
  %v0r = load float, ptr %p0r, align 4
  %yp = add nsw i32 %y, 1
  %rp = mul nsw i32 %yp, %w
  %ip = add i32 %rp, %x
  %apl = add i32 %ip, -1
  %spl = sext i32 %apl to i64
  %ppl = getelementptr inbounds float, ptr %a, i64 %spl
  %vpl = load float, ptr %ppl, align 4
  %spc = sext i32 %ip to i64
  %ppc = getelementptr inbounds float, ptr %a, i64 %spc
  %vpc = load float, ptr %ppc, align 4
  %apr = add i32 %ip, 1
  %spr = sext i32 %apr to i64
  %ppr = getelementptr inbounds float, ptr %a, i64 %spr
  %vpr = load float, ptr %ppr, align 4
  %t0 = fadd float %vml, %vmc
  %t1 = fadd float %t0, %vmr
  %t2 = fadd float %t1, %v0l
  %t3 = fadd float %t2, %v0c
  %t4 = fadd float %t3, %v0r
  %t5 = fadd float %t4, %vpl
  %t6 = fadd float %t5, %vpc
  %t7 = fadd float %t6, %vpr
  ret float %t7
exit:
  ret float 0.0
}

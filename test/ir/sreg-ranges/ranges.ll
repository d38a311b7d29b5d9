; gpucc-sreg-ranges states the PTX ISA's limits of the special registers as
; !range metadata; a read that already has one keeps it; other calls and
; other targets are left alone. With the ranges, InstCombine knows that
; threadIdx.y + 8 cannot wrap.
;
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-sreg-ranges -S %s | FileCheck %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes='function(gpucc-sreg-ranges,instcombine)' -S %s \
; RUN:   | FileCheck --check-prefix=COMBINED %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -passes=instcombine -S %s \
; RUN:   | FileCheck --check-prefix=ALONE%llvm %s
; RUN: opt -mtriple=nvptx64-nvidia-cuda -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-sreg-ranges -pass-remarks=gpucc-sreg-ranges -disable-output %s 2>&1 \
; RUN:   | FileCheck --check-prefix=REMARK %s
;
; AMDGPU and host modules come back byte for byte.
; RUN: opt -mtriple=amdgcn-amd-amdhsa -load-pass-plugin=%plugin \
; RUN:     -passes=gpucc-sreg-ranges -S < %s > %t.amdgpu.ll
; RUN: opt -mtriple=amdgcn-amd-amdhsa -passes=verify -S < %s > %t.amdgpu.untouched.ll
; RUN: diff %t.amdgpu.untouched.ll %t.amdgpu.ll

; CHECK-LABEL: define void @reads(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[TID:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[TIDZ:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[NTID:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[NTIDZ:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !range [[CTAIDX:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !range [[CTAIDY:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !range [[NCTAIDX:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z(), !range [[NCTAIDZ:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range [[LANE:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.warpsize(), !range [[WARP:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[MINE:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.clock(){{$}}
; CHECK: call i32 @other(){{$}}
; REMARK: remark: <unknown>:0:0: stated the value range of 10 special-register reads
define void @reads(ptr %out) {
  %a = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %e = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %f = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %g = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %h = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %i = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %j = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %k = call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range !0
  %l = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %m = call i32 @other()
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %s6 = add i32 %s5, %g
  %s7 = add i32 %s6, %h
  %s8 = add i32 %s7, %i
  %s9 = add i32 %s8, %j
  %s10 = add i32 %s9, %k
  %s11 = add i32 %s10, %l
  %s12 = add i32 %s11, %m
  store i32 %s12, ptr %out
  ret void
}

; The row index of a tiled transpose: ty + 8 cannot wrap once ty < 1024 is
; known, so InstCombine marks it nuw and nsw. LLVM 16 does not know it on
; its own; LLVM 22 states the range on the intrinsic itself.
; COMBINED-LABEL: define i64 @row(
; COMBINED:         add nuw nsw i32 %ty, 8
; ALONE16-LABEL:  define i64 @row(
; ALONE16:          add i32 %ty, 8
; ALONE22-LABEL:  define i64 @row(
; ALONE22:          add nuw nsw i32 %ty, 8
define i64 @row() {
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %r = add i32 %ty, 8
  %z = zext i32 %r to i64
  ret i64 %z
}

; CHECK-DAG: [[TID]] = !{i32 0, i32 1024}
; CHECK-DAG: [[TIDZ]] = !{i32 0, i32 64}
; CHECK-DAG: [[NTID]] = !{i32 1, i32 1025}
; CHECK-DAG: [[NTIDZ]] = !{i32 1, i32 65}
; CHECK-DAG: [[CTAIDX]] = !{i32 0, i32 2147483647}
; CHECK-DAG: [[CTAIDY]] = !{i32 0, i32 65535}
; CHECK-DAG: [[NCTAIDX]] = !{i32 1, i32 -2147483648}
; CHECK-DAG: [[NCTAIDZ]] = !{i32 1, i32 65536}
; CHECK-DAG: [[LANE]] = !{i32 0, i32 32}
; CHECK-DAG: [[WARP]] = !{i32 32, i32 33}
; CHECK-DAG: [[MINE]] = !{i32 0, i32 100}

!0 = !{i32 0, i32 100}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i32 @other()

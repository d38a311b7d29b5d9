; REQUIRES: llvm22
; folds-runtime-queries.ll in LLVM 17+'s device ABI: each kernel's mode is
; read from its @<kernel>_kernel_environment (ExecMode 2 SPMD, 1 generic),
; also after SPMDization wrote 3 there. __kmpc_is_spmd_exec_mode() is folded
; where every reaching kernel agrees on the mode: @spmd_only (an SPMD kernel
; and one that becomes SPMD: 1), @generic_only (a kernel that stays generic:
; 0), kept in @both. __kmpc_parallel_level() is 0 in sequential code in either
; mode: folded in @level_seq, kept in @level_par (inside a parallel region).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin '-passes=gpucc-openmp-opt<no-folding>' -S %s \
; RUN:   | FileCheck %s --check-prefix=NOFOLD

target triple = "nvptx64-nvidia-cuda"

%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@ident = private constant [4 x i8] zeroinitializer
@out = global i8 0
@level = global i16 0
@already_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@becomes_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@stays_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }

; The SPMD kernel is untouched; the generic one without blockers becomes
; generic-SPMD; the one calling @unknown stays generic.
; CHECK: @already_kernel_environment = {{.*}} { i8 0, i8 1, i8 2,
; CHECK: @becomes_kernel_environment = {{.*}} { i8 0, i8 1, i8 3,
; CHECK: @stays_kernel_environment = {{.*}} { i8 {{[01]}}, i8 1, i8 1,

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i8 @__kmpc_is_spmd_exec_mode()
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare void @unknown()
declare i16 @__kmpc_parallel_level(ptr, i32)

define weak ptx_kernel void @already(ptr %dyn) {
  %r = call i32 @__kmpc_target_init(ptr @already_kernel_environment, ptr %dyn)
  call void @spmd_only()
  call void @both()
  call void @level_seq()
  call void @__kmpc_target_deinit()
  ret void
}

define weak ptx_kernel void @becomes(ptr %dyn) {
  %args = alloca [0 x ptr]
  %r = call i32 @__kmpc_target_init(ptr @becomes_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void @__kmpc_parallel_60(ptr @ident, i32 0, i32 1, i32 -1, i32 -1, ptr @region, ptr @region_wrapper, ptr %args, i64 0, i32 0)
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @stays(ptr %dyn) {
  %r = call i32 @__kmpc_target_init(ptr @stays_kernel_environment, ptr %dyn)
  call void @unknown()
  call void @generic_only()
  call void @both()
  call void @__kmpc_target_deinit()
  ret void
}

; Reached through the parallel region of @becomes.
define internal void @region(ptr %tid, ptr %bound) {
  call void @spmd_only()
  call void @level_par()
  ret void
}

define internal void @region_wrapper(i16 %a, i32 %b) {
  ret void
}

; CHECK-LABEL: define internal void @spmd_only(
; CHECK-NEXT:    store i8 1, ptr @out
; NOFOLD-LABEL: define internal void @spmd_only(
; NOFOLD-NEXT:    call i8 @__kmpc_is_spmd_exec_mode()
define internal void @spmd_only() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @generic_only(
; CHECK-NEXT:    store i8 0, ptr @out
define internal void @generic_only() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @both(
; CHECK-NEXT:    call i8 @__kmpc_is_spmd_exec_mode()
define internal void @both() {
  %m = call i8 @__kmpc_is_spmd_exec_mode()
  store i8 %m, ptr @out
  ret void
}

; CHECK-LABEL: define internal void @level_seq(
; CHECK-NEXT:    store i16 0, ptr @level
define internal void @level_seq() {
  %l = call i16 @__kmpc_parallel_level(ptr @ident, i32 0)
  store i16 %l, ptr @level
  ret void
}

; CHECK-LABEL: define internal void @level_par(
; CHECK-NEXT:    call i16 @__kmpc_parallel_level(
define internal void @level_par() {
  %l = call i16 @__kmpc_parallel_level(ptr @ident, i32 0)
  store i16 %l, ptr @level
  ret void
}

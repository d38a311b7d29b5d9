; REQUIRES: llvm22
; An indirect call in sequential code counts as calls of its possible
; targets when they are known; their bodies are then classified like direct
; callees'. Known: a select (or phi) of functions, exactly; else the call's
; !callees list (calling anything else is undefined), without local functions
; whose address cannot reach this call. Unknown targets keep the kernel
; generic (spmdization_indirect.ll of LLVM 22's suite has the same shapes).
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %s | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:   -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK

target triple = "nvptx64-nvidia-cuda"

%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@ident = private constant [4 x i8] zeroinitializer
@G = global i32 0
@escaped = global ptr null
@selected_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@selected_with_blocker_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@listed_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@listed_escaping_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }
@unlisted_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0 }, ptr @ident, ptr null }

; Both selected functions run safely on every thread; the store of @writes_g
; to device memory is guarded in its body (its address only feeds the call).
; CHECK: @selected_kernel_environment = {{.*}} { i8 0, i8 1, i8 3,
; One selected function calls an unknown function: generic.
; CHECK: @selected_with_blocker_kernel_environment = {{.*}} { i8 {{[01]}}, i8 1, i8 1,
; !callees names @external_ok and @local_unreachable; the latter is local and
; only called directly elsewhere, so the call can only reach @external_ok.
; CHECK: @listed_kernel_environment = {{.*}} { i8 0, i8 1, i8 3,
; !callees names @local_escaping, whose address is stored to memory: kept,
; and it calls an unknown function.
; CHECK: @listed_escaping_kernel_environment = {{.*}} { i8 {{[01]}}, i8 1, i8 1,
; No select, no list: the target is unknown.
; CHECK: @unlisted_kernel_environment = {{.*}} { i8 {{[01]}}, i8 1, i8 1,

; CHECK-LABEL: define internal void @writes_g(
; CHECK:         call i32 @__kmpc_get_hardware_thread_id_in_block()
; CHECK:       region.guarded:
; CHECK-NEXT:    store i32 1, ptr @G

; REMARK-DAG: remark: {{.*}}execution of kernel selected_with_blocker (call to @unknown).
; REMARK-DAG: remark: {{.*}}execution of kernel listed_escaping (call to @unknown).
; REMARK-DAG: remark: {{.*}}execution of kernel unlisted (indirect call or inline assembly).
; REMARK-NOT: kernel selected (
; REMARK-NOT: kernel listed (

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare void @unknown()

define weak ptx_kernel void @selected(ptr %dyn, i1 %c) {
  %r = call i32 @__kmpc_target_init(ptr @selected_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  %fp = select i1 %c, ptr @private_only, ptr @writes_g
  call void %fp()
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @selected_with_blocker(ptr %dyn, i1 %c) {
  %r = call i32 @__kmpc_target_init(ptr @selected_with_blocker_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  %fp = select i1 %c, ptr @private_only, ptr @calls_unknown
  call void %fp()
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @listed(ptr %dyn, ptr %fp) {
  %r = call i32 @__kmpc_target_init(ptr @listed_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void %fp(), !callees !0
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @listed_escaping(ptr %dyn, ptr %fp) {
  %r = call i32 @__kmpc_target_init(ptr @listed_escaping_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  store ptr @local_escaping, ptr @escaped
  call void %fp(), !callees !1
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define weak ptx_kernel void @unlisted(ptr %dyn, ptr %fp) {
  %r = call i32 @__kmpc_target_init(ptr @unlisted_kernel_environment, ptr %dyn)
  %user = icmp eq i32 %r, -1
  br i1 %user, label %body, label %exit
body:
  call void %fp()
  call void @__kmpc_target_deinit()
  br label %exit
exit:
  ret void
}

define internal void @private_only() {
  %x = alloca i32
  store i32 1, ptr %x
  ret void
}

define internal void @writes_g() {
  store i32 1, ptr @G
  ret void
}

define internal void @calls_unknown() {
  call void @unknown()
  ret void
}

define void @external_ok() {
  %x = alloca i32
  store i32 2, ptr %x
  ret void
}

; Only called directly, by a function no kernel reaches.
define internal void @local_unreachable() {
  call void @unknown()
  ret void
}

define void @calls_local_unreachable() {
  call void @local_unreachable()
  ret void
}

define internal void @local_escaping() {
  call void @unknown()
  ret void
}

!0 = !{ptr @external_ok, ptr @local_unreachable}
!1 = !{ptr @external_ok, ptr @local_escaping}

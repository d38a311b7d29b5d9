; REQUIRES: llvm16
; A kernel without its `@<kernel>_exec_mode` global (the vector add with the
; global and its @llvm.compiler.used entry deleted). The host reads the launch
; mode there, so switching the kernel alone would launch it wrongly: it is
; left generic, with a remark. It still gets the custom state machine, which
; does not change the launch mode. LLVM 16's openmp-opt segfaults on this
; input.
; RUN: sed -e '/_exec_mode = /d' -e '/^@llvm.compiler.used/d' %S/Inputs/vecadd-pi.ll > %t.in.ll
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -S %t.in.ll | FileCheck %s
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt -pass-remarks-missed=gpucc-openmp-opt \
; RUN:   -disable-output %t.in.ll 2>&1 | FileCheck %s --check-prefix=REMARK

; CHECK-NOT: {{^@.*}}_exec_mode =
; CHECK-NOT: addrspace(3) global
; CHECK-LABEL: define weak_odr protected void @__omp_offloading_{{.*}}_vecadd_l4(
; CHECK:         call i32 @__kmpc_target_init(ptr nonnull @1, i8 1, i1 false)
; CHECK:         call i1 @__kmpc_kernel_parallel(
; CHECK:         call void @__kmpc_target_deinit(ptr nonnull @1, i8 1)

; REMARK: remark: {{.*}}kernel __omp_offloading_{{.*}}_vecadd_l4 has no @__omp_offloading_{{.*}}_vecadd_l4_exec_mode global (the host reads the launch mode there); left in generic mode

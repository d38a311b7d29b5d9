; The user's path: clang's device compile with -fpass-plugin makes the
; combined construct runtime-free at -O1, -O2 and -O3, and under -foffload-lto
; (whose pre-link pipeline starts at the same point), where stock clang keeps
; the runtime's calls. Host code and -O0 are left alone.
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O1 -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck %s
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O2 -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck %s
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O3 -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck %s
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O2 -foffload-lto -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck %s
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O2 -S -emit-llvm %S/Inputs/vadd.c -o - | FileCheck --check-prefix=STOCK %s
; RUN: clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 --offload-device-only -nogpulib \
; RUN:   -O0 -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck --check-prefix=STOCK %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -fopenmp --offload-arch=sm_80 --cuda-feature=+ptx70 \
; RUN:   --offload-device-only -nogpulib -O2 -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/vadd.c \
; RUN:   -o - | FileCheck --check-prefix=STOCK %s
; RUN: clang -fopenmp --offload-arch=sm_80 --offload-host-only -O2 -S -emit-llvm \
; RUN:   -fpass-plugin=%plugin %S/Inputs/vadd.c -o - | FileCheck --check-prefix=HOST %s

; CHECK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_vadd_l3(
; CHECK:         @llvm.nvvm.read.ptx.sreg.nctaid.x()
; CHECK-NOT:   call {{.*}}@__kmpc_

; STOCK-LABEL: define {{.*}}@__omp_offloading_{{.*}}_vadd_l3(
; STOCK:         call {{.*}}@__kmpc_target_init(

; The host still launches the kernel through libomptarget.
; HOST: call {{.*}}@__tgt_target_kernel(

; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/auto-pipeline.cu -o - \
; RUN:   | FileCheck --check-prefix=DEVICE %s
; RUN: clang -x cuda --cuda-host-only -nocudainc -nocudalib -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/auto-pipeline.cu -o - \
; RUN:   | FileCheck --check-prefix=HOST %s
; RUN: env GPUCC_AUTO_PIPELINE=0 clang -x cuda --cuda-device-only -nocudainc -nocudalib \
; RUN:     --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 -S -emit-llvm -fpass-plugin=%plugin \
; RUN:     %S/Inputs/auto-pipeline.cu -o - | FileCheck --check-prefix=OFF %s
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O2 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin -fplugin=%plugin -mllvm -gpucc-auto-pipeline=false \
; RUN:     %S/Inputs/auto-pipeline.cu -o - | FileCheck --check-prefix=OFF %s
; RUN: clang -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_80 --cuda-feature=+ptx70 -O0 \
; RUN:     -S -emit-llvm -fpass-plugin=%plugin %S/Inputs/auto-pipeline.cu -o - \
; RUN:   | FileCheck --check-prefix=OFF %s
; RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O2 -x c++ -S -emit-llvm \
; RUN:     -fpass-plugin=%plugin %S/Inputs/auto-pipeline.cu -o - \
; RUN:   | FileCheck --check-prefix=DEVICE %s
;
; When clang loads the plugin, the gpucc pipeline runs by itself on GPU
; device code (nvptx64 and amdgcn) at -O1 and above, and never on host code.
; GPUCC_AUTO_PIPELINE=0, or -mllvm -gpucc-auto-pipeline=false (which needs the
; plugin loaded early with -fplugin=), switches it off. The pipeline's opaque
; <1 x i64> slow path shows that it ran.

; DEVICE-LABEL: @kernel_div(
; DEVICE:         udiv i32
; DEVICE:         sdiv <1 x i64>

; HOST-LABEL: @host_div(
; HOST-NOT:     udiv i32
; HOST-NOT:     <1 x i64>
; HOST:         sdiv i64
; HOST-NOT:     udiv i32

; OFF-LABEL: @kernel_div(
; OFF-NOT:     udiv i32
; OFF-NOT:     <1 x i64>
; OFF:         sdiv i64
; OFF-NOT:     udiv i32

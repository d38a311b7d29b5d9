; REQUIRES: llvm16
; What the SPMDized vector add (test/ir/openmp/Inputs/vecadd-pi.ll) becomes
; in PTX: the globalized variables are `.shared` arrays in the kernel, thread 0
; fills them with `st.shared` (pi is the 64-bit pattern of 3.14159), and every
; thread then meets at the SPMD barrier. No generic-mode state machine runs:
; init is called with mode 2.
; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-openmp-opt %S/../../ir/openmp/Inputs/vecadd-pi.ll \
; RUN:   | llc -O3 -march=nvptx64 -mcpu=sm_80 -o %t.ptx
; RUN: FileCheck %s < %t.ptx

; CHECK-LABEL: .entry __omp_offloading_{{.*}}_vecadd_l4(
; CHECK-COUNT-5: .shared .align 16 .b8 globalized_shared{{[0-9]*}}[{{4|8}}];
; init(ident, mode = 2 (SPMD), use_generic_state_machine = 0)
; CHECK:         mov.u32 [[MODE:%r[0-9]+]], 2;
; CHECK-NEXT:    mov.u32 [[GSM:%r[0-9]+]], 0;
; CHECK:         st.param.b32 [param1+0], [[MODE]];
; CHECK:         st.param.b32 [param2+0], [[GSM]];
; CHECK:         __kmpc_target_init,
; CHECK:         __kmpc_get_hardware_thread_id_in_block,
; CHECK:         setp.ne.s32 [[P:%p[0-9]+]], [[TID:%r[0-9]+]], 0;
; CHECK-NEXT:    @[[P]] bra [[BARRIER:\$L__BB0_[0-9]+]];
; CHECK:         st.shared.u64 [globalized_shared{{[0-9]*}}], {{%rd[0-9]+}};
; CHECK:         mov.u64 [[PI:%rd[0-9]+]], 4614256650576692846;
; CHECK-NEXT:    st.shared.u64 [globalized_shared{{[0-9]*}}], [[PI]];
; CHECK:       [[BARRIER]]:
; CHECK:         __kmpc_barrier_simple_spmd,
; CHECK:         ld.shared.u32 {{%r[0-9]+}}, [globalized_shared];

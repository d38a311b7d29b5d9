; RUN: opt -load-pass-plugin=%plugin -passes=gpucc-infer-address-spaces -S %s | FileCheck %s
;
; A signature changes only when every caller is known and agrees: not for
; external functions, mixed spaces, address-taken functions, or a generic
; argument of unknown origin.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@tile = internal addrspace(3) global [64 x float] zeroinitializer, align 4
@gbl = internal addrspace(1) global [64 x float] zeroinitializer, align 4
@fp = internal global ptr @taken

; External linkage: other modules may call it with anything.
; CHECK-LABEL: define float @external(ptr %p)
define float @external(ptr %p) noinline {
  %v = load float, ptr %p, align 4
  ret float %v
}

; One caller passes shared, another global: stays generic.
; CHECK-LABEL: define internal float @mixed(ptr %p)
define internal float @mixed(ptr %p) noinline {
  %v = load float, ptr %p, align 4
  ret float %v
}

; Its address escapes: an indirect call could pass anything.
; CHECK-LABEL: define internal float @taken(ptr %p)
define internal float @taken(ptr %p) noinline {
  %v = load float, ptr %p, align 4
  ret float %v
}

; Called with a pointer from an argument of unknown space.
; CHECK-LABEL: define internal float @unknown(ptr %p)
define internal float @unknown(ptr %p) noinline {
  %v = load float, ptr %p, align 4
  ret float %v
}

define float @kernel(ptr %anything) {
  %s = addrspacecast ptr addrspace(3) @tile to ptr
  %g = addrspacecast ptr addrspace(1) @gbl to ptr
  %a = call float @external(ptr %s)
  %b = call float @mixed(ptr %s)
  %c = call float @mixed(ptr %g)
  %d = call float @taken(ptr %s)
  %e = call float @unknown(ptr %anything)
  %x = fadd float %a, %b
  %y = fadd float %c, %d
  %z = fadd float %x, %y
  %r = fadd float %z, %e
  ret float %r
}

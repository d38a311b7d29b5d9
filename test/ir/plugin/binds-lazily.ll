; The plugin binds the LLVM functions it calls when a run first calls one, not
; all of them when it loads: build.rs links it with `-z lazy`, and
; .cargo/config.toml asks rustc for partial RELRO, under which rustc calls
; shared-library functions through the PLT (under full RELRO it calls them
; through the GOT, which the loader fills at load time). Loading the plugin is
; part of what every `opt`, `clang` or `rustc` run with it pays
; (docs/benchmarks.md, speculative execution).
;
; RUN: readelf -dW %plugin | FileCheck --check-prefix=DYN %s
; RUN: readelf -rW %plugin | grep -w LLVMGetFirstBasicBlock | FileCheck --check-prefix=REL %s
; RUN: %opt -load-pass-plugin=%plugin -disable-output -passes=gpucc-speculative-execution %s

; DYN: (NEEDED)
; DYN-NOT: (BIND_NOW)
; DYN-NOT: {{FLAGS_1.*NOW}}

; REL: R_X86_64_JUMP_SLOT
; REL-NOT: R_X86_64_GLOB_DAT

define void @f(i1 %c, i32 %x) {
entry:
  br i1 %c, label %then, label %join
then:
  %y = add i32 %x, 1
  br label %join
join:
  ret void
}

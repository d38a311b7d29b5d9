//! `gpucc-memspace-annotate`: memory-space facts as scoped-noalias metadata.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.3. A plugin cannot add an alias
//! analysis to clang's default AA stack, but that stack always includes
//! `scoped-noalias-aa`. So this pass writes what `gpucc-memspace-aa` knows
//! into `!alias.scope` / `!noalias` metadata, where clang's GVN, DSE and LICM
//! (and llc's IR passes) read it.
//!
//! One domain per target (`!{!"gpucc.memspace.nvptx"}`) and one scope per
//! memory class that names a definite part of memory: each known specific
//! space and host-visible memory (see `analysis::memspace`). Scopes and
//! domains are identified by name, not `distinct`, so they mean the same in
//! every function and module. An access whose pointer is classified `C` gets
//! ```text
//!   !alias.scope !{scope(C)}
//!   !noalias     !{scope(D) for every scoped class D that C never aliases}
//! ```
//! so `scoped-noalias-aa` answers NoAlias for two accesses exactly when
//! `gpucc-memspace-aa`'s rules do (its test: a's `!noalias` covers b's
//! `!alias.scope`), and the rules are symmetric. Accesses through generic or
//! unknown pointers get nothing. A memcpy/memmove touches two classes: its
//! `!alias.scope` lists both and its `!noalias` only what both never alias.
//!
//! Soundness under later passes: LLVM merges metadata of combined accesses by
//! taking the union of `!alias.scope` and the intersection of `!noalias`, so
//! a merged access claims no more than each original; the inliner adds
//! scopes of its own domains and leaves ours alone; and a pointer's space is
//! a fact about the address it holds at run time, true in any function the
//! access lands in. Existing metadata of other domains is kept (we append),
//! and an access that already carries one of our scopes is left alone, so
//! the pass is idempotent.
//!
//! Annotated: loads, stores (the address), `atomicrmw`, `cmpxchg`, memset,
//! memcpy and memmove. Only on NVPTX and AMDGPU (r600 included) modules.
//!
//! *Remarks*: passed `Annotated` (per function: accesses per class).
//! Tests: `test/ir/memspace-annotate/`.

use crate::analysis::memspace::{self, Class, FunctionInfo, Rules};
use crate::llvm::{self, Tti};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::context::ContextRef;
use inkwell::values::{
    BasicMetadataValueEnum, FunctionValue, InstructionOpcode, InstructionValue, MetadataValue,
};

/// The pipeline name.
pub const NAME: &str = "gpucc-memspace-annotate";

/// The pass (no parameters).
pub struct MemSpaceAnnotatePass;

impl FunctionPass for MemSpaceAnnotatePass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        let tti = Tti::new(cx.fam(), f);
        let info = llvm::aa::function_info(f, tti.view());
        let Some(rules) = info.rules else {
            return Changed::No;
        };
        let generic = info.flat;
        let md = Scopes::new(f.get_type().get_context(), rules, generic);
        let mut counts = vec![0u32; rules.scoped_classes().len()];
        let mut total = 0u32;
        for bb in f.get_basic_blocks() {
            for inst in bb.get_instructions() {
                let classes = access_classes(inst, info, &tti);
                if classes.is_empty() {
                    continue;
                }
                if md.annotate(inst, &classes) {
                    total += 1;
                    for c in &classes {
                        if let Some(i) = md.index(*c) {
                            counts[i] += 1;
                        }
                    }
                }
            }
        }
        if total == 0 {
            return Changed::No;
        }
        cx.remark(llvm::RemarkKind::Passed, "Annotated", None, || {
            let parts: Vec<String> = rules
                .scoped_classes()
                .iter()
                .zip(&counts)
                .filter(|(_, n)| **n > 0)
                .map(|(c, n)| format!("{n} {}", class_name(*c)))
                .collect();
            format!(
                "@{}: memory-space scopes on {} access{} (by space: {})",
                f.get_name().to_string_lossy(),
                total,
                if total == 1 { "" } else { "es" },
                parts.join(", ")
            )
        });
        Changed::Yes
    }
}

/// The classes of the memory `inst` accesses; empty when it is not an
/// access we annotate, or one of its pointers is not in a scoped class.
fn access_classes(inst: InstructionValue<'_>, info: FunctionInfo, tti: &Tti<'_>) -> Vec<Class> {
    let pointers: &[u32] = match inst.get_opcode() {
        InstructionOpcode::Load
        | InstructionOpcode::AtomicRMW
        | InstructionOpcode::AtomicCmpXchg => &[0],
        InstructionOpcode::Store => &[1],
        InstructionOpcode::Call => match llvm::mem_intrinsic_kind(inst) {
            1 => &[0],
            2 => &[0, 1],
            _ => &[],
        },
        _ => &[],
    };
    let Some(rules) = info.rules else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(pointers.len());
    for &i in pointers {
        let Some(p) = llvm::pointer_operand(&inst, i) else {
            return Vec::new();
        };
        let c = memspace::classify(p, info, tti.view());
        if !rules.scoped_classes().contains(&c) {
            return Vec::new();
        }
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn class_name(c: Class) -> String {
    match c {
        Class::Space(n) => format!("as{n}"),
        Class::HostVisible => "host-visible".to_string(),
    }
}

/// The domain and scope nodes of one target, and the metadata kinds.
struct Scopes<'ctx> {
    ctx: ContextRef<'ctx>,
    rules: Rules,
    generic: u32,
    /// One scope per `rules.scoped_classes()`, same order.
    scopes: Vec<MetadataValue<'ctx>>,
    alias_scope: u32,
    noalias: u32,
}

impl<'ctx> Scopes<'ctx> {
    fn new(ctx: ContextRef<'ctx>, rules: Rules, generic: u32) -> Self {
        let target = match rules {
            Rules::Nvptx => "nvptx",
            Rules::Amdgpu => "amdgpu",
        };
        let domain = ctx.metadata_node(&[ctx
            .metadata_string(&format!("gpucc.memspace.{target}"))
            .into()]);
        let scopes = rules
            .scoped_classes()
            .iter()
            .map(|c| {
                let name =
                    ctx.metadata_string(&format!("gpucc.memspace.{target}.{}", class_name(*c)));
                ctx.metadata_node(&[name.into(), domain.into()])
            })
            .collect();
        Scopes {
            alias_scope: ctx.get_kind_id("alias.scope"),
            noalias: ctx.get_kind_id("noalias"),
            ctx,
            rules,
            generic,
            scopes,
        }
    }

    fn index(&self, c: Class) -> Option<usize> {
        self.rules.scoped_classes().iter().position(|k| *k == c)
    }

    /// Adds the scopes of `classes` to `inst`. False when it already has one
    /// of ours (left alone).
    fn annotate(&self, inst: InstructionValue<'ctx>, classes: &[Class]) -> bool {
        let old_scopes = list(inst.get_metadata(self.alias_scope));
        if old_scopes.iter().any(|m| self.scopes.contains(m)) {
            return false;
        }
        let mine: Vec<MetadataValue<'ctx>> = classes
            .iter()
            .filter_map(|c| self.index(*c).map(|i| self.scopes[i]))
            .collect();
        // What every accessed class never aliases.
        let never: Vec<MetadataValue<'ctx>> = self
            .rules
            .scoped_classes()
            .iter()
            .zip(&self.scopes)
            .filter(|(d, _)| {
                classes
                    .iter()
                    .all(|c| !self.rules.classes_may_alias(self.generic, *c, **d))
            })
            .map(|(_, m)| *m)
            .collect();
        self.set(inst, self.alias_scope, old_scopes, &mine);
        if !never.is_empty() {
            let old_noalias = list(inst.get_metadata(self.noalias));
            self.set(inst, self.noalias, old_noalias, &never);
        }
        true
    }

    /// Sets metadata `kind` of `inst` to `old` followed by `add`.
    fn set(
        &self,
        inst: InstructionValue<'ctx>,
        kind: u32,
        old: Vec<MetadataValue<'ctx>>,
        add: &[MetadataValue<'ctx>],
    ) {
        let mut all: Vec<BasicMetadataValueEnum<'ctx>> = old.into_iter().map(Into::into).collect();
        for m in add {
            if !all.contains(&(*m).into()) {
                all.push((*m).into());
            }
        }
        let node = self.ctx.metadata_node(&all);
        inst.set_metadata(node, kind)
            .expect("gpucc-memspace-annotate: a metadata node is valid metadata");
    }
}

/// The scope nodes listed by an `!alias.scope` / `!noalias` node.
fn list(node: Option<MetadataValue<'_>>) -> Vec<MetadataValue<'_>> {
    node.and_then(|n| n.get_node_values())
        .map(|values| {
            values
                .into_iter()
                .filter_map(|v| match v {
                    BasicMetadataValueEnum::MetadataValue(m) => Some(m),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

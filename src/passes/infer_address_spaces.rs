//! `gpucc-infer-address-spaces`: memory-space inference.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.2, Algorithm 1; mirrors upstream
//! `Transforms/Scalar/InferAddressSpaces.cpp` of LLVM 16 and LLVM 22.
//!
//! A load through a generic pointer is a generic `ld` in PTX, slower than
//! `ld.shared`/`ld.global` and opaque to alias analysis. CUDA front ends emit
//! generic pointers everywhere (`addrspacecast` right after each `__shared__`
//! global), so the space must be recovered:
//! ```text
//!   %p = addrspacecast ptr addrspace(3) @tile to ptr       %p.i = getelementptr float,
//!   %q = getelementptr float, ptr %p, i64 %i        ==>        ptr addrspace(3) @tile, i64 %i
//!   %v = load float, ptr %q                                 %v = load float, ptr addrspace(3) %p.i
//! ```
//! The analysis (`analysis::infer_spaces`) gives each flat address expression
//! (a pointer or a vector of pointers) a space. This pass then clones every
//! expression whose space is specific into that space, the clone taking the
//! original's name and debug location. Every cycle of the use-def graph
//! passes through a phi, so phis are made first as empty shells, then the
//! other expressions in postorder (their operands are all cloned by then),
//! then the phis' incoming values are filled in. A value whose space the
//! target assumes (a pointer loaded from AMDGPU constant memory; in LLVM 22
//! also kernel pointer arguments, NVPTX allocas and `byval` arguments) gets a
//! cast that names the space: right after it (its debug location), or for
//! an argument at the top of the entry block, in the order the arguments are
//! met. Then the uses move over:
//! - the address of loads, stores (never the stored value), `atomicrmw`,
//!   `cmpxchg` and memset/memcpy/memmove (switching the intrinsic overload);
//!   a volatile access only when the target has a volatile access in the new
//!   space (TTI `hasVolatileVariant`, as upstream);
//! - the address of masked load/store/gather/scatter, `prefetch`,
//!   `is.constant`, `objectsize`, every pointer operand of `fake.use`, and
//!   the target's own intrinsics (TTI `collectFlatAddressOperands`);
//! - `icmp`s whose other side is in the same space or a castable constant
//!   (`null`, `poison`, a `zeroinitializer` vector);
//! - `addrspacecast`s to the inferred space, which disappear;
//! - any other user keeps a flat pointer: one `addrspacecast` of the clone
//!   back to the generic space per user (all its operands that read the
//!   original take it: a phi with several edges from one block must see one
//!   value), right after the clone. A lifetime marker keeps the original
//!   (it must name the alloca itself).
//!
//! Originals left without uses are deleted (dead casts included).
//!
//! GEP clones keep `inbounds`, and keep `nusw`/`nuw` where GEP offsets have
//! the same width in both spaces; where they narrow (AMDGPU flat 64 to LDS 32
//! bits) those two could turn a well-defined offset into poison, so only
//! `inbounds` stays (see `Rewriter::gep_flags`; upstream keeps `inbounds`
//! alone).
//!
//! Target rules come from TTI through the shim (flat space, spaces assumed by
//! the target); upstream's `-assume-default-is-flat-addrspace` makes space 0
//! the flat space on any target. Functions of targets without a flat space,
//! and `optnone` functions (skipped at module level too, as the pass manager
//! skips them for function passes), are left alone.
//!
//! Also handled as upstream: `llvm.ptrmask`, no-op `ptrtoint`/`inttoptr`
//! pairs, and assumptions (`llvm.assume(is.shared(p))`, with the dominator
//! tree only when a pass before us computed it). The inter-procedural
//! specialization is `passes::specialize_spaces`, run by the module-level
//! form of this pass.
//!
//! *One pass for LLVM 16 and LLVM 22.* What LLVM 22's upstream added is done
//! on both where LLVM 16's suite accepts it: the intrinsics above, kernel
//! arguments (only LLVM 22's TTI assumes their space), a flat constant
//! operand of any operator joined last (llvm/llvm-project#159548, #172143),
//! one cast back per user, the lifetime rule, debug locations. Two upstream
//! differences are pinned both ways by the two suites, so each LLVM gets its
//! own (`llvm::INFER_SPACES_UPSTREAM`, one row per LLVM):
//! - `returns_are_roots`: a returned flat expression moves and the `ret`
//!   gets a cast back (LLVM 18 on, llvm/llvm-project#70610); LLVM 16 leaves a
//!   returned instruction alone (its `AMDGPU/select.ll`);
//! - `vectors_of_pointers`: vectors of pointers move (LLVM 17 on,
//!   llvm/llvm-project#62302); LLVM 16 moves scalars only (its
//!   `AMDGPU/icmp.ll`).
//!
//! *Remarks*: passed `Inferred` (per function: how many expressions and
//! accesses moved). Tests: `test/ir/infer-address-spaces/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::infer_spaces::{self, Inference};
use crate::llvm::addr::{self, Addr};
use crate::llvm::analyses::{self, Flags};
use crate::llvm::llvm_sys;
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, ParamError};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, PhiValue,
};
use llvm_sys::prelude::LLVMValueRef;

/// The pipeline name.
pub const NAME: &str = "gpucc-infer-address-spaces";

/// Parameters of `gpucc-infer-address-spaces<...>` (none yet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferParams;

impl InferParams {
    /// Parses the text between `<` and `>`.
    pub fn parse(text: &str) -> Result<Self, ParamError> {
        params::parse(text, &[], |_, _| {})?;
        Ok(InferParams)
    }
}

/// The pass.
pub struct InferAddressSpacesPass {
    _params: InferParams,
}

impl InferAddressSpacesPass {
    pub fn new(params: InferParams) -> Self {
        InferAddressSpacesPass { _params: params }
    }
}

#[derive(Debug, Default)]
struct Stats {
    num_expressions: u64,
    num_accesses: u64,
    num_casts_back: u64,
}

impl FunctionPass for InferAddressSpacesPass {
    fn name(&self) -> &'static str {
        NAME
    }

    fn run<'ctx>(&self, f: FunctionValue<'ctx>, cx: &PassCx<'ctx>) -> Changed {
        if llvm::has_optnone(f) {
            // As the pass manager does for a function pass (the module form
            // of this pass walks every function itself).
            return Changed::No;
        }
        let tti = Tti::new(cx.fam(), f);
        let assume_flat = match llvm::upstream_bool_option("assume-default-is-flat-addrspace") {
            Some((true, _)) => Some(0),
            _ => None,
        };
        let Some(inference) = infer_spaces::infer(f, &tti, assume_flat) else {
            return Changed::No;
        };
        let mut stats = Stats::default();
        let changed = rewrite(f, &inference, &tti, &mut stats);
        if changed {
            cx.remark(RemarkKind::Passed, "Inferred", None, || {
                format!(
                    "@{}: {} generic address expressions moved to specific spaces; {} memory \
                     accesses and comparisons rewritten; {} casts back to generic kept",
                    f.get_name().to_string_lossy(),
                    stats.num_expressions,
                    stats.num_accesses,
                    stats.num_casts_back
                )
            });
        }
        Changed::from_bool(changed)
    }
}

/// The first instruction of `f`'s entry block (which has no phis): argument
/// casts go right before it.
fn entry_anchor<'ctx>(f: FunctionValue<'ctx>) -> Option<InstructionValue<'ctx>> {
    f.get_first_basic_block()?.get_first_instruction()
}

/// The first instruction after `inst` that is not a phi: where a value
/// computed from `inst` can go.
fn after<'ctx>(inst: InstructionValue<'ctx>) -> Option<InstructionValue<'ctx>> {
    let mut at = inst.get_next_instruction();
    while let Some(i) = at.filter(|i| i.get_opcode() == InstructionOpcode::Phi) {
        at = i.get_next_instruction();
    }
    at
}

struct Rewriter<'a, 'ctx> {
    inference: &'a Inference<'ctx>,
    tti: &'a Tti<'a>,
    /// Old flat expression -> its clone in the specific space.
    clones: FxHashMap<LLVMValueRef, Addr<'ctx>>,
    /// The entry block's first instruction before the rewrite: casts of
    /// arguments go before it, in the order the arguments are met.
    entry: Option<InstructionValue<'ctx>>,
}

impl<'ctx> Rewriter<'_, 'ctx> {
    /// Do GEP offsets in `space` have another width than in the flat space
    /// (AMDGPU: 64-bit flat, 32-bit LDS and private)?
    fn index_width_changes(&self, space: u32) -> bool {
        self.tti.index_size_bits(space) != self.tti.index_size_bits(self.inference.flat)
    }

    /// `op` in space `space`: its clone, itself, a constant cast, or (if its
    /// clone could not be built) a cast of the original.
    fn operand(&mut self, op: Addr<'ctx>, space: u32) -> Option<Addr<'ctx>> {
        self.operand_of(None, op, space)
    }

    /// `operand`, for operand `op` of `user`: an `llvm.assume` may prove its
    /// space at `user`, which then gets a cast right before it.
    fn operand_of(
        &mut self,
        user: Option<InstructionValue<'ctx>>,
        op: Addr<'ctx>,
        space: u32,
    ) -> Option<Addr<'ctx>> {
        if let Some(c) = self.clones.get(&op.as_value_ref()) {
            return Some(*c);
        }
        if let Some(u) = user {
            let key = (u.as_value_ref(), op.as_value_ref());
            if let Some(&n) = self.inference.predicated.get(&key) {
                return Some(addr::insert_addrspacecast(op, n, u, Some(u)));
            }
        }
        if op.space() == space {
            return Some(op);
        }
        self.cast_after(op, space)
    }

    /// `addrspacecast` of `v` to `space` right after its definition (after
    /// the phis of its block; an argument's at the top of the entry block),
    /// without a debug location; a constant cast for constants.
    fn cast_after(&self, v: Addr<'ctx>, space: u32) -> Option<Addr<'ctx>> {
        if llvm::is_constant(v) {
            return Some(addr::const_addrspacecast(v, space));
        }
        let at = match v.as_instruction() {
            Some(def) => after(def)?,
            None => self.entry?,
        };
        Some(addr::insert_addrspacecast(v, space, at, None))
    }

    /// An empty phi in `space` in place of phi `inst`, taking its name.
    fn phi_shell(&mut self, inst: InstructionValue<'ctx>, space: u32) -> Option<Addr<'ctx>> {
        let old = addr::result_addr(inst)?;
        let n = PhiValue::try_from(inst).ok()?.count_incoming();
        let new = addr::insert_phi(old, space, n, inst, Some(inst));
        llvm::take_name(inst, new);
        Some(new)
    }

    /// Fills the incoming values of `new` (the shell of phi `old`).
    fn fill_phi(&mut self, old: InstructionValue<'ctx>, new: Addr<'ctx>, space: u32) {
        let Ok(phi) = PhiValue::try_from(old) else {
            return;
        };
        for i in 0..phi.count_incoming() {
            let (Some(v), Some((_, bb))) = (addr::addr_operand(&old, i), phi.get_incoming(i))
            else {
                continue;
            };
            // Every incoming value of a phi inferred specific is in that
            // space, castable to it, or an expression cloned into it (whose
            // original, if the clone failed, is an instruction a cast can
            // follow): a phi with an edge missing would be invalid IR.
            let v = self
                .operand(v, space)
                .expect("gpucc-infer-address-spaces: a phi's incoming value moves to its space");
            addr::add_incoming(new, v, bb);
        }
    }

    /// Constant expression `c` rebuilt with its addresses in `space`, looking
    /// into nested expressions (GEP indices computed from addresses, ...);
    /// `None` if nothing in it changes.
    fn clone_constant(
        &mut self,
        c: BasicValueEnum<'ctx>,
        space: u32,
    ) -> Option<BasicValueEnum<'ctx>> {
        if let Some(n) = self.clones.get(&c.as_value_ref()) {
            return Some(n.as_basic());
        }
        if !llvm::is_constant_expr(c) {
            return None;
        }
        let flat = self.inference.flat;
        let me = Addr::new(c);
        match llvm::operator_opcode(c) {
            // Flat, so its source is in `space` by construction.
            Some(InstructionOpcode::AddrSpaceCast) => addr::addr_operand(&c, 0)
                .filter(|src| src.space() == space)
                .map(|src| src.as_basic()),
            Some(InstructionOpcode::BitCast) => {
                let src = addr::addr_operand(&c, 0)?;
                let me = me?;
                Some(match self.clones.get(&src.as_value_ref()) {
                    Some(n) => n.as_basic(),
                    None => addr::const_addrspacecast(me, space).as_basic(),
                })
            }
            // Both sides move to `space`: clones, or constant casts.
            Some(InstructionOpcode::Select) => {
                let mut replace = Vec::new();
                for i in 1..=2u32 {
                    let side = addr::addr_operand(&c, i)?;
                    replace.push((i, self.operand(side, space)?.as_basic()));
                }
                Some(llvm::const_expr_with_operands(
                    c,
                    &replace,
                    Some(space),
                    false,
                ))
            }
            Some(InstructionOpcode::IntToPtr) => infer_spaces::noop_pair_source(me?, self.tti)
                .filter(|src| src.space() == space)
                .map(|src| src.as_basic()),
            _ => {
                let mut replace = Vec::new();
                for (i, op) in llvm::operands(c).into_iter().enumerate() {
                    let new = match self.clones.get(&op.as_value_ref()) {
                        Some(n) => Some(n.as_basic()),
                        None => self.clone_constant(op, space),
                    };
                    if let Some(n) = new {
                        replace.push((u32::try_from(i).ok()?, n));
                    }
                }
                if replace.is_empty() {
                    return None;
                }
                // A flat address follows its operands into `space`; any
                // other result keeps its type.
                let new_space = me.filter(|a| a.space() == flat).map(|_| space);
                Some(llvm::const_expr_with_operands(
                    c,
                    &replace,
                    new_space,
                    self.index_width_changes(space),
                ))
            }
        }
    }

    /// Builds the clone of flat expression `v` in `space`; `None` if `v`
    /// cannot be cloned (it then stays, and its users keep it).
    fn clone(&mut self, v: Addr<'ctx>, space: u32) -> Option<Addr<'ctx>> {
        if llvm::function_of_argument(v).is_some() {
            // The target knows the argument's space: a cast at the top of
            // the entry block makes it explicit (the signature stays).
            return Some(addr::insert_addrspacecast(v, space, self.entry?, None));
        }
        let first = || addr::addr_operand(&v, 0);
        let opcode = llvm::operator_opcode(v)?;
        let Some(inst) = v.as_instruction() else {
            // A constant expression: rebuild it, and the expressions nested
            // in it, in the new space.
            return Addr::new(self.clone_constant(v.as_basic(), space)?);
        };
        if let Some(n) = self.tti.assumed_address_space(v) {
            // The target knows the space of this value (e.g. a pointer
            // loaded from constant memory): make it explicit with a cast
            // right after it, where it is computed (its debug location).
            return Some(addr::insert_addrspacecast(v, n, after(inst)?, Some(inst)));
        }
        match opcode {
            // The source of a cast to flat is already in `space`.
            InstructionOpcode::AddrSpaceCast | InstructionOpcode::BitCast => {
                self.operand(first()?, space)
            }
            InstructionOpcode::GetElementPtr => {
                let base = self.operand_of(Some(inst), first()?, space)?;
                let new = llvm::clone_gep_on(inst, base);
                llvm::take_name(inst, new);
                if let Some(gep) = new.as_instruction() {
                    analyses::set_flags(gep, self.gep_flags(inst, space));
                }
                Some(new)
            }
            InstructionOpcode::Select => {
                let a = self.operand(addr::addr_operand(&v, 1)?, space)?;
                let b = self.operand(addr::addr_operand(&v, 2)?, space)?;
                let new = llvm::clone_select_on(inst, a, b);
                llvm::take_name(inst, new);
                Some(new)
            }
            InstructionOpcode::Call => {
                let base = self.operand_of(Some(inst), first()?, space)?;
                self.tti.ptrmask_in_space(inst, base)
            }
            InstructionOpcode::IntToPtr => {
                // A no-op ptrtoint/inttoptr pair: its source, cast if the
                // source is still generic.
                let src = infer_spaces::noop_pair_source(v, self.tti)?;
                if src.space() == space {
                    return Some(src);
                }
                let new = addr::insert_addrspacecast(src, space, inst, Some(inst));
                llvm::take_name(inst, new);
                Some(new)
            }
            _ => None,
        }
    }

    /// The no-wrap flags the clone in `space` of GEP `gep` keeps. Its address
    /// is the original's (the premise of the whole pass: pointer arithmetic
    /// on a pointer into a space stays in that space), so with offsets of the
    /// same width every flag still holds. Where the offset width changes
    /// (AMDGPU flat 64 -> LDS 32 bits), `nusw` and `nuw` also constrain the
    /// narrower offset computation: an index of 2^31 is fine in 64 bits and
    /// overflows in 32 (`nusw` demands a truncation that keeps the value), so
    /// only `inbounds` is kept there, whose object-size bound keeps every
    /// in-bounds offset within the narrower type (what upstream keeps).
    fn gep_flags(&self, gep: InstructionValue<'ctx>, space: u32) -> Flags {
        let f = analyses::flags(gep);
        if self.index_width_changes(space) {
            Flags {
                inbounds: f.inbounds,
                gep_nusw: f.inbounds,
                ..Flags::default()
            }
        } else {
            Flags {
                inbounds: f.inbounds,
                gep_nusw: f.gep_nusw,
                gep_nuw: f.gep_nuw,
                ..Flags::default()
            }
        }
    }
}

/// Is operand `idx` of `user` the address of a load, store, atomicrmw or
/// cmpxchg that may move? A volatile one only if the target has a volatile
/// variant of it; like upstream we ask about the space the access is in now
/// (`space`: the generic one), which NVPTX answers yes and AMDGPU no.
fn is_access_pointer(user: InstructionValue<'_>, idx: u32, space: u32, tti: &Tti<'_>) -> bool {
    let pointer_operand = match user.get_opcode() {
        InstructionOpcode::Load
        | InstructionOpcode::AtomicRMW
        | InstructionOpcode::AtomicCmpXchg => 0,
        InstructionOpcode::Store => 1,
        _ => return false,
    };
    if idx != pointer_operand {
        return false;
    }
    !user.get_volatile().unwrap_or(false) || tti.has_volatile_variant(user, space)
}

/// Is this memset/memcpy/memmove volatile (its last argument is `true`)?
fn is_volatile_mem_intrinsic(call: InstructionValue<'_>) -> bool {
    llvm::operand(&call, 3)
        .and_then(|v| match v {
            BasicValueEnum::IntValue(i) => i.get_zero_extended_constant(),
            _ => None,
        })
        .is_some_and(|k| k != 0)
}

/// Clones, moves uses, deletes dead originals. Returns whether anything changed.
fn rewrite<'ctx>(
    f: FunctionValue<'ctx>,
    inference: &Inference<'ctx>,
    tti: &Tti<'_>,
    stats: &mut Stats,
) -> bool {
    let mut rw = Rewriter {
        inference,
        tti,
        clones: FxHashMap::default(),
        entry: entry_anchor(f),
    };
    let targets: Vec<(Addr<'ctx>, u32)> = inference
        .postorder
        .iter()
        .filter_map(|&v| match rw.inference.inferred_specific(v) {
            Some(space) if space != inference.flat => Some((v, space)),
            _ => None,
        })
        .collect();
    rw.clones.reserve(targets.len());
    let is_phi = |v: Addr<'ctx>| {
        v.as_instruction()
            .is_some_and(|i| i.get_opcode() == InstructionOpcode::Phi)
    };
    // Phis first, as empty shells: every use-def cycle passes through one.
    for &(v, space) in &targets {
        if let Some(inst) = v.as_instruction().filter(|_| is_phi(v)) {
            if let Some(new) = rw.phi_shell(inst, space) {
                rw.clones.insert(v.as_value_ref(), new);
            }
        }
    }
    let mut rewritten: Vec<(Addr<'ctx>, Addr<'ctx>, u32)> = Vec::new();
    for &(v, space) in &targets {
        if is_phi(v) {
            if let Some(new) = rw.clones.get(&v.as_value_ref()).copied() {
                rewritten.push((v, new, space));
            }
            continue;
        }
        if let Some(new) = rw.clone(v, space) {
            rw.clones.insert(v.as_value_ref(), new);
            rewritten.push((v, new, space));
        }
    }
    if rewritten.is_empty() {
        return false;
    }
    stats.num_expressions = rewritten.len() as u64;
    for &(old, new, space) in &rewritten {
        if let Some(inst) = old.as_instruction().filter(|_| is_phi(old)) {
            rw.fill_phi(inst, new, space);
        }
    }
    let mut dead: Vec<InstructionValue<'ctx>> = Vec::new();
    // A clone may itself be an addrspacecast user of an earlier original
    // (the cast of a no-op ptrtoint/inttoptr pair's source), replaced below
    // by that original's clone: `forward` says what replaced it.
    let mut forward: FxHashMap<LLVMValueRef, Addr<'ctx>> = FxHashMap::default();
    let mut uses = Vec::new();
    let mut flat_operands = Vec::new();
    for &(old, clone, space) in &rewritten {
        let mut new = clone;
        while let Some(f) = forward.get(&new.as_value_ref()) {
            new = *f;
        }
        llvm::uses_of_into(old, &mut uses);
        for &(user, idx) in &uses {
            if new.as_instruction() == Some(user) {
                continue; // the clone is a cast of the original itself
            }
            // An earlier use of the same user may have rewritten this one
            // too (an icmp of a pointer with itself, a cast back shared by
            // all operands of one user).
            if llvm::operand(&user, idx).map(|o| o.as_value_ref()) != Some(old.as_value_ref()) {
                continue;
            }
            if user.get_parent().and_then(|bb| bb.get_parent()) != Some(f) {
                continue; // a constant used in another function
            }
            if rw.clones.contains_key(&user.as_value_ref()) {
                continue; // replaced by its own clone; dies below
            }
            if is_access_pointer(user, idx, inference.flat, tti) {
                user.set_operand(idx, new.as_basic());
                stats.num_accesses += 1;
                continue;
            }
            match user.get_opcode() {
                InstructionOpcode::Call
                    if llvm::mem_intrinsic_kind(user) > idx
                        && idx <= 1
                        && !is_volatile_mem_intrinsic(user)
                        && llvm::rewrite_mem_intrinsic_pointer(user, idx, new) =>
                {
                    stats.num_accesses += 1;
                    continue;
                }
                InstructionOpcode::Call if llvm::mem_intrinsic_kind(user) == 0 => {
                    tti.intrinsic_flat_operands_into(user, &mut flat_operands);
                    if flat_operands.contains(&idx) && tti.rewrite_intrinsic_pointer(user, old, new)
                    {
                        stats.num_accesses += 1;
                        continue;
                    }
                }
                InstructionOpcode::ICmp if idx <= 1 => {
                    let other_idx = 1 - idx;
                    if let Some(other) = addr::addr_operand(&user, other_idx) {
                        let other_new = match rw.clones.get(&other.as_value_ref()) {
                            Some(o) if o.space() == space => Some(*o),
                            _ if llvm::is_constant(other)
                                && !rw.clones.contains_key(&other.as_value_ref())
                                && infer_spaces::constant_castable_to(
                                    other,
                                    space,
                                    inference.flat,
                                ) =>
                            {
                                Some(addr::const_addrspacecast(other, space))
                            }
                            _ => None,
                        };
                        if let Some(o) = other_new {
                            user.set_operand(idx, new.as_basic());
                            user.set_operand(other_idx, o.as_basic());
                            stats.num_accesses += 1;
                            continue;
                        }
                    }
                }
                InstructionOpcode::AddrSpaceCast => {
                    if let Some(res) = addr::result_addr(user) {
                        if res.space() == space {
                            llvm::replace_all_uses(user, new);
                            forward.insert(user.as_value_ref(), new);
                            dead.push(user);
                            continue;
                        }
                    }
                }
                _ => {}
            }
            // Anyone else keeps a generic pointer. An original addrspacecast
            // already is one: the user keeps it. So does a lifetime marker,
            // which must name the alloca itself (LLVM 22's verifier; NVPTX
            // allocas are flat with an assumed local space), not a cast.
            if (llvm::operator_opcode(old) == Some(InstructionOpcode::AddrSpaceCast)
                && old.as_instruction().is_some())
                || llvm::is_lifetime_marker(user)
            {
                continue;
            }
            // A cast of the clone back to generic, right after the clone
            // (which dominates every user of the original; a clone replaced
            // since by what it forwards to still marks the place), or after
            // the original when the clone is not an instruction; for
            // constants a constant cast. One per user: every operand of it
            // that reads `old` gets the same cast (a phi with two edges from
            // one block must see one value on both; later uses of this user
            // are skipped above).
            let Some(cast) = cast_back(&rw, old, clone, new) else {
                continue;
            };
            llvm::replace_uses_in(user, old, cast);
            stats.num_casts_back += 1;
        }
    }
    // Delete dead casts, then dead originals, users before operands (the
    // reverse of postorder), so a chain dies link by link.
    erase_dead(&rewritten, dead);
    true
}

/// `new` (what replaces `old` in its space: its clone `clone`, or what that
/// clone forwards to) cast back to the generic space, for a user of `old`
/// that needs a generic pointer.
fn cast_back<'ctx>(
    rw: &Rewriter<'_, 'ctx>,
    old: Addr<'ctx>,
    clone: Addr<'ctx>,
    new: Addr<'ctx>,
) -> Option<Addr<'ctx>> {
    let flat = rw.inference.flat;
    if llvm::is_constant(new) {
        return Some(addr::const_addrspacecast(new, flat));
    }
    let at = match clone.as_instruction().or(old.as_instruction()) {
        Some(def) => after(def)?,
        None => rw.entry?,
    };
    Some(addr::insert_addrspacecast(new, flat, at, None))
}

/// Erases the originals (and replaced casts) that only feed each other (a
/// self-referencing phi, a chain of GEPs): an original is live if something
/// outside the set uses it, or a live original does.
fn erase_dead<'ctx>(
    rewritten: &[(Addr<'ctx>, Addr<'ctx>, u32)],
    dead_casts: Vec<InstructionValue<'ctx>>,
) {
    // Candidates: the originals and the casts already replaced. Liveness is
    // decided before anything is deleted.
    let mut olds: Vec<InstructionValue<'ctx>> = rewritten
        .iter()
        .filter_map(|(old, _, _)| old.as_instruction())
        .collect();
    olds.extend(dead_casts);
    let index: FxHashMap<LLVMValueRef, usize> = olds
        .iter()
        .enumerate()
        .map(|(i, v)| (v.as_value_ref(), i))
        .collect();
    let mut live = vec![false; olds.len()];
    let mut work: Vec<usize> = Vec::new();
    for (i, old) in olds.iter().enumerate() {
        let used_outside = llvm::any_user(*old, |user| !index.contains_key(&user));
        if used_outside {
            live[i] = true;
            work.push(i);
        }
    }
    while let Some(i) = work.pop() {
        for op in llvm::operands(olds[i]) {
            if let Some(&j) = index.get(&op.as_value_ref()) {
                if !live[j] {
                    live[j] = true;
                    work.push(j);
                }
            }
        }
    }
    let dead: Vec<InstructionValue<'_>> = olds
        .iter()
        .zip(&live)
        .filter(|(_, l)| !**l)
        .map(|(v, _)| *v)
        .collect();
    // Break the cycles first, then erase.
    for d in &dead {
        addr::replace_uses_with_poison(*d);
    }
    llvm::delete_dead(&dead);
}

//! `gpucc-infer-address-spaces`: memory-space inference.
//!
//! Source: gpucc (Wu et al., CGO 2016) §3.2, Algorithm 1; mirrors LLVM 16's
//! `Transforms/Scalar/InferAddressSpaces.cpp`.
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
//! a space. This pass then clones every expression whose space is specific
//! into that space, the clone taking the original's name. Every cycle of the
//! use-def graph passes through a phi, so phis are made first as empty
//! shells, then the other expressions in postorder (their operands are all
//! cloned by then), then the phis' incoming values are filled in. Then the
//! uses move over:
//! - the address of loads, stores (never the stored value), `atomicrmw`,
//!   `cmpxchg` and memset/memcpy/memmove (switching the intrinsic overload);
//!   a volatile access only when the target has a volatile access in the new
//!   space (TTI `hasVolatileVariant`, as upstream);
//! - pointer `icmp`s whose other side is in the same space or a castable
//!   constant (`null`);
//! - `addrspacecast`s to the inferred space, which disappear;
//! - any other user keeps a flat pointer: it gets `addrspacecast` of the
//!   clone back to the generic space.
//!
//! Originals left without uses are deleted (dead casts included).
//!
//! Target rules come from TTI through the shim (flat space, spaces assumed by
//! the target); upstream's `-assume-default-is-flat-addrspace` makes space 0
//! the flat space on any target. Functions of targets without a flat space
//! are left alone.
//!
//! Also handled as upstream: target intrinsics (`collectFlatAddressOperands`,
//! `rewriteIntrinsicWithAddressSpace` through TTI), `llvm.ptrmask`, no-op
//! `ptrtoint`/`inttoptr` pairs, and assumptions (`llvm.assume(is.shared(p))`,
//! with the dominator tree only when a pass before us computed it). The
//! inter-procedural specialization is `passes::specialize_spaces`, run by the
//! module-level form of this pass. Not handled: vectors of pointers.
//!
//! *Remarks*: passed `Inferred` (per function: how many expressions and
//! accesses moved). Tests: `test/ir/infer-address-spaces/`.

use crate::analysis::fxhash::FxHashMap;
use crate::analysis::infer_spaces::{self, Inference};
use crate::llvm::llvm_sys;
use crate::llvm::{self, RemarkKind, Tti};
use crate::params::{self, ParamError};
use crate::passes::{Changed, FunctionPass, PassCx};
use inkwell::builder::Builder;
use inkwell::types::PointerType;
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
    PhiValue, PointerValue,
};
use inkwell::AddressSpace;
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

/// The pointer type of `space` in `p`'s context.
fn ptr_type<'ctx>(p: PointerValue<'ctx>, space: u32) -> PointerType<'ctx> {
    let space = AddressSpace::try_from(space)
        .expect("gpucc-infer-address-spaces: address spaces fit in 24 bits");
    p.get_type().get_context().ptr_type(space)
}

struct Rewriter<'a, 'ctx> {
    inference: &'a Inference<'ctx>,
    tti: &'a Tti<'a>,
    b: Builder<'ctx>,
    /// Old flat expression -> its clone in the specific space.
    clones: FxHashMap<LLVMValueRef, PointerValue<'ctx>>,
}

impl<'ctx> Rewriter<'_, 'ctx> {
    /// `op` in space `space`: its clone, itself, a constant cast, or (if its
    /// clone could not be built) a cast of the original.
    fn operand(&mut self, op: PointerValue<'ctx>, space: u32) -> PointerValue<'ctx> {
        self.operand_of(None, op, space)
    }

    /// `operand`, for operand `op` of `user`: an `llvm.assume` may prove its
    /// space at `user`, which then gets a cast right before it.
    fn operand_of(
        &mut self,
        user: Option<InstructionValue<'ctx>>,
        op: PointerValue<'ctx>,
        space: u32,
    ) -> PointerValue<'ctx> {
        if let Some(c) = self.clones.get(&op.as_value_ref()) {
            return *c;
        }
        if let Some(u) = user {
            let key = (u.as_value_ref(), op.as_value_ref());
            if let Some(&n) = self.inference.predicated.get(&key) {
                self.b.position_before(&u);
                set_location(&self.b, u);
                return self
                    .b
                    .build_address_space_cast(op, ptr_type(op, n), "")
                    .expect("gpucc-infer-address-spaces: builder is positioned");
            }
        }
        if llvm::space_of(op) == space {
            return op;
        }
        if llvm::is_constant(op) {
            return llvm::const_addrspacecast(op, ptr_type(op, space));
        }
        cast_after(&self.b, op, space)
    }

    /// An empty phi in `space` in place of phi `inst`, taking its name.
    fn phi_shell(
        &mut self,
        inst: InstructionValue<'ctx>,
        space: u32,
    ) -> Option<PointerValue<'ctx>> {
        let old = llvm::result_pointer(inst)?;
        self.b.position_before(&inst);
        set_location(&self.b, inst);
        let phi = self.b.build_phi(ptr_type(old, space), "").ok()?;
        let new = phi.as_basic_value().into_pointer_value();
        llvm::take_name(inst, new);
        Some(new)
    }

    /// Fills the incoming values of `new` (the shell of phi `old`).
    fn fill_phi(&mut self, old: InstructionValue<'ctx>, new: PointerValue<'ctx>, space: u32) {
        let (Ok(old), Some(new)) = (PhiValue::try_from(old), new.as_instruction()) else {
            return;
        };
        let new = PhiValue::try_from(new).expect("gpucc-infer-address-spaces: shells are phis");
        for i in 0..old.count_incoming() {
            let Some((BasicValueEnum::PointerValue(p), bb)) = old.get_incoming(i) else {
                continue;
            };
            let v = self.operand(p, space);
            new.add_incoming(&[(&v as &dyn BasicValue<'ctx>, bb)]);
        }
    }

    /// Constant expression `c` rebuilt with its pointers in `space`, looking
    /// into nested expressions (GEP indices computed from addresses, ...);
    /// `None` if nothing in it changes.
    fn clone_constant(
        &mut self,
        c: BasicValueEnum<'ctx>,
        space: u32,
    ) -> Option<BasicValueEnum<'ctx>> {
        if let Some(n) = self.clones.get(&c.as_value_ref()) {
            return Some(n.as_basic_value_enum());
        }
        if !llvm::is_constant_expr(c) {
            return None;
        }
        let first_pointer = || match llvm::operands(c).first() {
            Some(BasicValueEnum::PointerValue(p)) => Some(*p),
            _ => None,
        };
        match llvm::operator_opcode(c) {
            // Flat, so its source is in `space` by construction.
            Some(InstructionOpcode::AddrSpaceCast) => first_pointer()
                .filter(|src| llvm::space_of(*src) == space)
                .map(|src| src.as_basic_value_enum()),
            Some(InstructionOpcode::BitCast) => {
                let src = first_pointer()?;
                let BasicValueEnum::PointerValue(me) = c else {
                    return None;
                };
                Some(match self.clones.get(&src.as_value_ref()) {
                    Some(n) => n.as_basic_value_enum(),
                    None => {
                        llvm::const_addrspacecast(me, ptr_type(me, space)).as_basic_value_enum()
                    }
                })
            }
            // Both sides move to `space`: clones, or constant casts.
            Some(InstructionOpcode::Select) => {
                let BasicValueEnum::PointerValue(me) = c else {
                    return None;
                };
                let ops = llvm::operands(c);
                let mut replace = Vec::new();
                for i in 1..=2u32 {
                    let BasicValueEnum::PointerValue(p) = *ops.get(usize::try_from(i).ok()?)?
                    else {
                        return None;
                    };
                    replace.push((i, self.operand(p, space).as_basic_value_enum()));
                }
                Some(llvm::const_expr_with_operands(
                    c,
                    &replace,
                    ptr_type(me, space),
                ))
            }
            Some(InstructionOpcode::IntToPtr) => {
                let BasicValueEnum::PointerValue(me) = c else {
                    return None;
                };
                infer_spaces::noop_pair_source(me, self.tti)
                    .filter(|src| llvm::space_of(*src) == space)
                    .map(|src| src.as_basic_value_enum())
            }
            _ => {
                let mut replace = Vec::new();
                for (i, op) in llvm::operands(c).into_iter().enumerate() {
                    let new = match self.clones.get(&op.as_value_ref()) {
                        Some(n) => Some(n.as_basic_value_enum()),
                        None => self.clone_constant(op, space),
                    };
                    if let Some(n) = new {
                        replace.push((u32::try_from(i).ok()?, n));
                    }
                }
                if replace.is_empty() {
                    return None;
                }
                let new = match c {
                    BasicValueEnum::PointerValue(p) => {
                        llvm::const_expr_with_operands(c, &replace, ptr_type(p, space))
                    }
                    _ => llvm::const_expr_with_operands(c, &replace, llvm::type_of(c)),
                };
                Some(new)
            }
        }
    }

    /// Builds the clone of flat expression `v` in `space`; `None` if `v`
    /// cannot be cloned (it then stays, and its users keep it).
    fn clone(&mut self, v: PointerValue<'ctx>, space: u32) -> Option<PointerValue<'ctx>> {
        let first = || llvm::pointer_operand(&v, 0);
        let opcode = llvm::operator_opcode(v)?;
        let Some(inst) = v.as_instruction() else {
            // A constant expression: rebuild it, and the expressions nested
            // in it, in the new space.
            return match self.clone_constant(v.as_basic_value_enum(), space)? {
                BasicValueEnum::PointerValue(p) => Some(p),
                _ => None,
            };
        };
        set_location(&self.b, inst);
        if let Some(n) = self.tti.assumed_address_space(v) {
            // The target knows the space of this value (e.g. a pointer
            // loaded from constant memory): make it explicit with a cast.
            let next = inst.get_next_instruction()?;
            self.b.position_before(&next);
            return self.b.build_address_space_cast(v, ptr_type(v, n), "").ok();
        }
        match opcode {
            // The source of a cast to flat is already in `space`.
            InstructionOpcode::AddrSpaceCast | InstructionOpcode::BitCast => {
                Some(self.operand(first()?, space))
            }
            InstructionOpcode::GetElementPtr => {
                let base = self.operand_of(Some(inst), first()?, space);
                let new = llvm::clone_gep_on(inst, base);
                llvm::take_name(inst, new);
                Some(new)
            }
            InstructionOpcode::Select => {
                let a = self.operand(llvm::pointer_operand(&v, 1)?, space);
                let b = self.operand(llvm::pointer_operand(&v, 2)?, space);
                let new = llvm::clone_select_on(inst, a, b);
                llvm::take_name(inst, new);
                Some(new)
            }
            InstructionOpcode::Call => {
                let base = self.operand_of(Some(inst), first()?, space);
                self.tti.ptrmask_in_space(inst, base)
            }
            InstructionOpcode::IntToPtr => {
                // A no-op ptrtoint/inttoptr pair: its source, cast if the
                // source is still generic.
                let src = infer_spaces::noop_pair_source(v, self.tti)?;
                if llvm::space_of(src) == space {
                    return Some(src);
                }
                self.b.position_before(&inst);
                let new = self
                    .b
                    .build_address_space_cast(src, ptr_type(src, space), "")
                    .ok()?;
                llvm::take_name(inst, new);
                Some(new)
            }
            _ => None,
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
    let ctx = f.get_type().get_context();
    let mut rw = Rewriter {
        inference,
        tti,
        b: ctx.create_builder(),
        clones: FxHashMap::default(),
    };
    let targets: Vec<(PointerValue<'ctx>, u32)> = inference
        .postorder
        .iter()
        .filter_map(|&v| match rw.inference.inferred_specific(v) {
            Some(space) if space != inference.flat => Some((v, space)),
            _ => None,
        })
        .collect();
    rw.clones.reserve(targets.len());
    let is_phi = |v: PointerValue<'ctx>| {
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
    let mut rewritten: Vec<(PointerValue<'ctx>, PointerValue<'ctx>, u32)> = Vec::new();
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
    let mut forward: FxHashMap<LLVMValueRef, PointerValue<'ctx>> = FxHashMap::default();
    let mut uses = Vec::new();
    for &(old, new, space) in &rewritten {
        let mut new = new;
        while let Some(f) = forward.get(&new.as_value_ref()) {
            new = *f;
        }
        llvm::uses_of_into(old, &mut uses);
        for &(user, idx) in &uses {
            if new.as_instruction() == Some(user) {
                continue; // the clone is a cast of the original itself
            }
            // An earlier use of the same user may have rewritten this one
            // too (an icmp of a pointer with itself).
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
                user.set_operand(idx, new);
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
                InstructionOpcode::Call
                    if llvm::mem_intrinsic_kind(user) == 0
                        && tti.intrinsic_flat_operands(user).contains(&idx)
                        && tti.rewrite_intrinsic_pointer(user, old, new) =>
                {
                    stats.num_accesses += 1;
                    continue;
                }
                InstructionOpcode::ICmp if idx <= 1 => {
                    let other_idx = 1 - idx;
                    if let Some(BasicValueEnum::PointerValue(other)) =
                        llvm::operand(&user, other_idx)
                    {
                        let other_new = match rw.clones.get(&other.as_value_ref()) {
                            Some(o) if llvm::space_of(*o) == space => Some(*o),
                            _ if llvm::is_constant(other)
                                && !rw.clones.contains_key(&other.as_value_ref())
                                && infer_spaces::constant_castable_to(
                                    other,
                                    space,
                                    inference.flat,
                                ) =>
                            {
                                Some(llvm::const_addrspacecast(other, ptr_type(other, space)))
                            }
                            _ => None,
                        };
                        if let Some(o) = other_new {
                            user.set_operand(idx, new);
                            user.set_operand(other_idx, o);
                            stats.num_accesses += 1;
                            continue;
                        }
                    }
                }
                InstructionOpcode::AddrSpaceCast => {
                    if let Some(res) = llvm::result_pointer(user) {
                        if llvm::space_of(res) == space {
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
            // already is one: the user keeps it.
            if llvm::operator_opcode(old) == Some(InstructionOpcode::AddrSpaceCast)
                && old.as_instruction().is_some()
            {
                continue;
            }
            // The cast goes right after the original (the clone dominates
            // it), where upstream puts it; for a constant, a constant cast.
            // (A clone that casts the original itself comes after it.)
            let new_follows_old = new.as_instruction().is_some_and(|n| {
                llvm::operand(&n, 0).map(|o| o.as_value_ref()) == Some(old.as_value_ref())
            });
            let cast =
                if llvm::is_constant(new) || old.as_instruction().is_none() || new_follows_old {
                    cast_after(&rw.b, new, inference.flat)
                } else {
                    cast_at(&rw.b, new, inference.flat, old)
                };
            user.set_operand(idx, cast);
            stats.num_casts_back += 1;
        }
    }
    // Delete dead casts, then dead originals, users before operands (the
    // reverse of postorder), so a chain dies link by link.
    erase_dead(&rewritten, dead);
    true
}

/// Erases the originals (and replaced casts) that only feed each other (a self-referencing phi,
/// a chain of GEPs): an original is live if something outside the set uses
/// it, or a live original does.
fn erase_dead<'ctx>(
    rewritten: &[(PointerValue<'ctx>, PointerValue<'ctx>, u32)],
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
        if let Some(p) = llvm::result_pointer(*d) {
            llvm::replace_all_uses(*d, p.get_type().get_poison());
        }
    }
    llvm::delete_dead(&dead);
}

/// `addrspacecast` of `v` to `space`, placed right after `v`'s definition
/// (after the phis of its block), or a constant cast for constants.
fn cast_after<'ctx>(b: &Builder<'ctx>, v: PointerValue<'ctx>, space: u32) -> PointerValue<'ctx> {
    cast_at(b, v, space, v)
}

/// `addrspacecast` of `v` to `space`, placed right after the definition of
/// `after` (after the phis of its block), or a constant cast for constants.
fn cast_at<'ctx>(
    b: &Builder<'ctx>,
    v: PointerValue<'ctx>,
    space: u32,
    after: PointerValue<'ctx>,
) -> PointerValue<'ctx> {
    if llvm::is_constant(v) {
        return llvm::const_addrspacecast(v, ptr_type(v, space));
    }
    match after.as_instruction() {
        Some(def) => {
            let mut at = def.get_next_instruction();
            while let Some(i) = at {
                if i.get_opcode() != InstructionOpcode::Phi {
                    break;
                }
                at = i.get_next_instruction();
            }
            let at = at.expect("gpucc-infer-address-spaces: a block ends in a terminator");
            b.position_before(&at);
        }
        None => {
            // An argument: at the top of the entry block.
            let f = llvm::function_of_argument(after)
                .expect("gpucc-infer-address-spaces: a non-instruction clone is an argument");
            let entry = f
                .get_first_basic_block()
                .expect("gpucc: definitions have an entry");
            let mut first = entry.get_first_instruction();
            while let Some(i) = first.filter(|i| i.get_opcode() == InstructionOpcode::Phi) {
                first = i.get_next_instruction();
            }
            b.position_before(&first.expect("gpucc: blocks have a terminator"));
        }
    }
    b.unset_current_debug_location();
    b.build_address_space_cast(v, ptr_type(v, space), "")
        .expect("gpucc-infer-address-spaces: builder is positioned")
}

/// Gives new instructions `inst`'s debug location (or none).
fn set_location<'ctx>(b: &Builder<'ctx>, inst: InstructionValue<'ctx>) {
    match inst.get_debug_location() {
        Some(loc) => b.set_current_debug_location(loc),
        None => b.unset_current_debug_location(),
    }
}

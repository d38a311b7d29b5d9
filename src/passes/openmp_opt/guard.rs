//! Guarded regions and deglobalization for SPMD mode.
//!
//! A *guarded region* is a run of instructions of one block, from the first to
//! the last side effect on shared memory, that one thread executes:
//! ```text
//! head:            ...                                  ; all threads
//!                  %tid = call i32 @__kmpc_get_hardware_thread_id_in_block()
//!                  [call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)]
//!                  %main = icmp eq i32 %tid, 0
//!                  br i1 %main, label %region.guarded, label %region.barrier
//! region.guarded:  store ...; %v = atomicrmw ...        ; thread 0 only
//!                  store i32 %v, ptr addrspace(3) @v.broadcast
//!                  br label %region.barrier
//! region.barrier:  call void @__kmpc_barrier_simple_spmd(ptr @id, i32 %tid)
//!                  %v.b = load i32, ptr addrspace(3) @v.broadcast
//!                  br label %region.exit                ; uses of %v -> %v.b
//! ```
//! The barrier before the region (in brackets) is there when the block reads
//! memory since its start or since the previous region: other threads may
//! still read what thread 0 is about to overwrite (write-after-read).
//!
//! Between two side effects a region may hold side-effect-free instructions
//! (arithmetic, loads) that are used only inside it; an instruction used after
//! the region, an alloca, a phi or a call ends the region (it must run on
//! every thread), and the next side effect starts a new one.
//!
//! The control flow of sequential code is the same on every thread (it only
//! depends on values every thread computes alike: the analysis refuses
//! thread-varying queries), so the barriers are reached by the whole team.

use crate::analysis::openmp as omp;
use crate::llvm;
use crate::llvm::openmp as lomp;
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::basic_block::BasicBlock;
use inkwell::module::Linkage;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::BasicValue as _;
use inkwell::values::{
    BasicValueEnum, CallSiteValue, FunctionValue, InstructionOpcode, InstructionValue,
};
use inkwell::AddressSpace;
use std::collections::HashMap;

const HW_TID: &str = "__kmpc_get_hardware_thread_id_in_block";
const BARRIER: &str = "__kmpc_barrier_simple_spmd";
/// NVPTX shared / AMDGPU LDS.
const SHARED_SPACE: u16 = 3;

/// One guarded region: `first..=last` in one block.
#[derive(Clone, Debug)]
pub struct Region<'ctx> {
    pub first: InstructionValue<'ctx>,
    pub last: InstructionValue<'ctx>,
    /// Side-effect-free instructions between them that later code uses:
    /// moved before `first`, so every thread computes them.
    pub hoist: Vec<InstructionValue<'ctx>>,
}

/// Do existing declarations of the runtime functions the guards call have
/// the types we call them with (`i32 ()`, `void (ptr, i32)`)?
pub fn runtime_declarations_fit(functions: &[FunctionValue<'_>]) -> Result<(), String> {
    for f in functions {
        let name = omp::fn_name(*f);
        let t = f.get_type();
        let ok = match name.as_str() {
            HW_TID => {
                t.count_param_types() == 0 && t.get_return_type().is_some_and(|r| r.is_int_type())
            }
            BARRIER => {
                let ps = t.get_param_types();
                t.get_return_type().is_none()
                    && ps.len() == 2
                    && ps[0].is_pointer_type()
                    && ps[1].is_int_type()
            }
            _ => true,
        };
        if !ok {
            return Err(format!(
                "@{name} has an unexpected type; cannot insert guards"
            ));
        }
    }
    Ok(())
}

/// Groups the guarded instructions (in function, block and instruction order)
/// into regions.
pub fn plan_regions<'ctx>(guarded: &[InstructionValue<'ctx>]) -> Vec<Region<'ctx>> {
    let mut blocks: Vec<BasicBlock<'ctx>> = Vec::new();
    for g in guarded {
        if let Some(b) = g.get_parent() {
            if !blocks.contains(&b) {
                blocks.push(b);
            }
        }
    }
    let mut out = Vec::new();
    for b in blocks {
        let insts = block_instructions(b);
        let pos: HashMap<InstructionValue<'ctx>, usize> =
            insts.iter().enumerate().map(|(i, x)| (*x, i)).collect();
        let is_g: Vec<bool> = insts.iter().map(|x| guarded.contains(x)).collect();
        let mut i = 0;
        while i < insts.len() {
            if !is_g[i] {
                i += 1;
                continue;
            }
            // Grow from guarded instruction i.
            let start = i;
            let mut last = i;
            let mut j = i + 1;
            while j < insts.len() {
                if is_g[j] {
                    last = j;
                } else if !region_safe(insts[j]) {
                    break;
                }
                j += 1;
            }
            // In-between instructions used after the region are hoisted above
            // it when they can be (pure, operands defined before the region);
            // otherwise they end it early.
            let mut end = last;
            let mut hoist: Vec<usize> = Vec::new();
            for k in start + 1..last {
                if is_g[k] || !used_outside(insts[k], b, &pos, start, last) {
                    continue;
                }
                let operands_before = llvm::operands(insts[k]).into_iter().all(|v| {
                    v.as_instruction_value()
                        .and_then(|d| pos.get(&d).copied())
                        .is_none_or(|p| p < start || hoist.contains(&p))
                });
                if is_hoistable(insts[k]) && operands_before {
                    hoist.push(k);
                    continue;
                }
                end = (start..k).rev().find(|&x| is_g[x]).unwrap_or(start);
                hoist.retain(|&h| h < end);
                break;
            }
            out.push(Region {
                first: insts[start],
                last: insts[end],
                hoist: hoist.into_iter().map(|h| insts[h]).collect(),
            });
            i = end + 1;
        }
    }
    out
}

/// May `inst` run before the region instead of inside it? It must not touch
/// memory (a load could read what the region writes).
fn is_hoistable(inst: InstructionValue<'_>) -> bool {
    use InstructionOpcode::*;
    match inst.get_opcode() {
        Call => omp::is_pure_call(inst),
        Load | Phi | Alloca => false,
        _ => region_safe(inst),
    }
}

fn block_instructions<'ctx>(b: BasicBlock<'ctx>) -> Vec<InstructionValue<'ctx>> {
    let mut v = Vec::new();
    let mut i = b.get_first_instruction();
    while let Some(x) = i {
        v.push(x);
        i = x.get_next_instruction();
    }
    v
}

/// May a side-effect-free instruction sit inside a region (run by thread 0 only)?
fn region_safe(inst: InstructionValue<'_>) -> bool {
    use InstructionOpcode::*;
    if inst.get_opcode() == Call {
        return omp::is_pure_call(inst);
    }
    !matches!(
        inst.get_opcode(),
        Phi | Alloca
            | Call
            | Invoke
            | CallBr
            | Store
            | AtomicRMW
            | AtomicCmpXchg
            | Fence
            | Br
            | Switch
            | IndirectBr
            | Return
            | Unreachable
            | Resume
            | LandingPad
            | CatchPad
            | CleanupPad
            | CatchSwitch
            | CatchRet
            | CleanupRet
            | VAArg
    )
}

fn used_outside<'ctx>(
    inst: InstructionValue<'ctx>,
    b: BasicBlock<'ctx>,
    pos: &HashMap<InstructionValue<'ctx>, usize>,
    start: usize,
    last: usize,
) -> bool {
    llvm::uses_of(inst).into_iter().any(|(user, _)| {
        user.get_parent() != Some(b) || pos.get(&user).is_none_or(|&p| p < start || p > last)
    })
}

/// Declares (or finds) a runtime function.
fn runtime_fn<'ctx>(f: FunctionValue<'ctx>, name: &str, barrier: bool) -> FunctionValue<'ctx> {
    let m = lomp::module_of(f).expect("gpucc-openmp-opt: the kernel is inside a module");
    if let Some(g) = m.get_function(name) {
        return g;
    }
    let cx = m.get_context();
    let t = if barrier {
        cx.void_type().fn_type(
            &[
                cx.ptr_type(AddressSpace::default()).into(),
                cx.i32_type().into(),
            ],
            false,
        )
    } else {
        cx.i32_type().fn_type(&[], false)
    };
    m.add_function(name, t, Some(Linkage::External))
}

/// Adds an internal shared-memory (`addrspace(3)`) global of type `ty`.
fn shared_global<'ctx>(
    f: FunctionValue<'ctx>,
    ty: BasicTypeEnum<'ctx>,
    name: &str,
    align: u32,
) -> inkwell::values::GlobalValue<'ctx> {
    let m = lomp::module_of(f).expect("gpucc-openmp-opt: the kernel is inside a module");
    let g = m.add_global(ty, Some(AddressSpace::from(SHARED_SPACE)), name);
    g.set_linkage(Linkage::Internal);
    g.set_initializer(&poison_of(ty));
    g.set_alignment(align);
    g
}

fn poison_of(ty: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    match ty {
        BasicTypeEnum::ArrayType(t) => t.get_poison().into(),
        BasicTypeEnum::FloatType(t) => t.get_poison().into(),
        BasicTypeEnum::IntType(t) => t.get_poison().into(),
        BasicTypeEnum::PointerType(t) => t.get_poison().into(),
        BasicTypeEnum::StructType(t) => t.get_poison().into(),
        BasicTypeEnum::VectorType(t) => t.get_poison().into(),
        BasicTypeEnum::ScalableVectorType(t) => t.get_poison().into(),
    }
}

/// The generic pointer to shared global `g`.
fn generic_ptr<'ctx>(
    g: inkwell::values::GlobalValue<'ctx>,
    ctx_of: InstructionValue<'ctx>,
) -> inkwell::values::PointerValue<'ctx> {
    let cx = ctx_of
        .get_parent()
        .expect("gpucc-openmp-opt: instruction in a block")
        .get_context();
    g.as_pointer_value()
        .const_address_space_cast(cx.ptr_type(AddressSpace::default()))
}

/// Turns `%p = call ptr @__kmpc_alloc_shared(i64 N)` into a team-wide
/// `[N x i8] addrspace(3)` global, and deletes its `__kmpc_free_shared` calls.
pub fn globalize(alloc: InstructionValue<'_>) {
    let Some(f) = alloc.get_parent().and_then(|b| b.get_parent()) else {
        return;
    };
    let Some(size) = omp::const_int_operand(alloc, 0) else {
        return;
    };
    let cx = alloc.get_parent().expect("in a block").get_context();
    let align_kind = Attribute::get_named_enum_kind_id("align");
    let align = CallSiteValue::try_from(alloc)
        .ok()
        .and_then(|cs| cs.get_enum_attribute(AttributeLoc::Return, align_kind))
        .map_or(8, |a| u32::try_from(a.get_enum_value()).unwrap_or(8).max(1));
    let name = llvm::value_name(alloc);
    let name = if name.is_empty() {
        "globalized_shared".to_string()
    } else {
        format!("{name}_shared")
    };
    let ty = cx
        .i8_type()
        .array_type(u32::try_from(size).unwrap_or(u32::MAX));
    let g = shared_global(f, ty.as_basic_type_enum(), &name, align);
    for (user, no) in llvm::uses_of(alloc) {
        if no == 0 && omp::is_call_to(user, "__kmpc_free_shared") {
            user.erase_from_basic_block();
        }
    }
    llvm::replace_all_uses(alloc, generic_ptr(g, alloc));
    alloc.erase_from_basic_block();
}

/// Does anything between the previous synchronization point and `first` read
/// memory that thread 0 may be about to overwrite? The walk goes up through
/// single predecessors (at most [`MAX_WALK_BLOCKS`] blocks), and stops at a
/// barrier or at `__kmpc_target_init` (nothing was read before the kernel
/// started).
fn needs_barrier_before(first: InstructionValue<'_>) -> bool {
    let mut i = first.get_previous_instruction();
    let mut block = first.get_parent();
    let mut walked = 0;
    loop {
        while let Some(x) = i {
            if let Some(answer) = sync_or_read(x) {
                return answer;
            }
            i = x.get_previous_instruction();
        }
        walked += 1;
        let Some(pred) = block.and_then(single_predecessor) else {
            return true;
        };
        if walked > MAX_WALK_BLOCKS {
            return true;
        }
        block = Some(pred);
        i = pred.get_last_instruction();
    }
}

/// How far [`needs_barrier_before`] looks back.
const MAX_WALK_BLOCKS: usize = 8;

/// `Some(false)` at a synchronization point, `Some(true)` at a read of memory
/// that may be shared, `None` otherwise.
fn sync_or_read(x: InstructionValue<'_>) -> Option<bool> {
    match x.get_opcode() {
        InstructionOpcode::Load => {
            let private = llvm::operand(&x, 0)
                .is_some_and(|p| omp::place_of(p, &[], 0) == omp::Place::Private);
            (!private).then_some(true)
        }
        InstructionOpcode::Call => {
            let name = omp::callee(x).map(omp::fn_name).unwrap_or_default();
            if name == BARRIER || name == omp::TARGET_INIT {
                return Some(false);
            }
            let harmless = omp::is_pure_call(x)
                || name.starts_with("llvm.lifetime")
                || name.starts_with("llvm.dbg")
                || name == HW_TID;
            (!harmless).then_some(true)
        }
        InstructionOpcode::AtomicRMW | InstructionOpcode::AtomicCmpXchg => Some(true),
        _ => None,
    }
}

/// The only predecessor of `b`, if it has exactly one.
fn single_predecessor(b: BasicBlock<'_>) -> Option<BasicBlock<'_>> {
    let f = b.get_parent()?;
    let mut found: Option<BasicBlock<'_>> = None;
    for p in f.get_basic_blocks() {
        let Some(t) = p.get_terminator() else {
            continue;
        };
        let n = t.get_num_operands();
        let targets_b = (0..n).any(
            |k| matches!(t.get_operand(k), Some(inkwell::values::Operand::Block(x)) if x == b),
        );
        if targets_b {
            if found.is_some() {
                return None;
            }
            found = Some(p);
        }
    }
    found
}

/// Rewrites region `r` as in the module header. `ident` is the kernel's
/// `__kmpc_target_init` location argument (used when it is a constant).
pub fn guard_region<'ctx>(r: &Region<'ctx>, ident: Option<BasicValueEnum<'ctx>>) {
    let head = r
        .first
        .get_parent()
        .expect("gpucc-openmp-opt: region in a block");
    let f = head
        .get_parent()
        .expect("gpucc-openmp-opt: block in a function");
    let cx = head.get_context();
    let ptr_t = cx.ptr_type(AddressSpace::default());
    let ident: BasicValueEnum<'ctx> = match ident {
        Some(v) if llvm::is_constant(v) && v.is_pointer_value() => v,
        _ => ptr_t.const_null().into(),
    };
    for h in &r.hoist {
        crate::llvm::analyses::move_before(*h, r.first);
    }
    let pre_barrier = needs_barrier_before(r.first);
    let next = r
        .last
        .get_next_instruction()
        .expect("gpucc-openmp-opt: a region never ends with a terminator");
    let region_insts: Vec<InstructionValue<'ctx>> = {
        let mut v = Vec::new();
        let mut i = Some(r.first);
        while let Some(x) = i {
            v.push(x);
            if x == r.last {
                break;
            }
            i = x.get_next_instruction();
        }
        v
    };
    let guarded = llvm::split_block_before(r.first, "region.guarded");
    let exit = llvm::split_block_before(next, "region.exit");
    let barrier_bb = cx.insert_basic_block_after(guarded, "region.barrier");
    let tid_fn = runtime_fn(f, HW_TID, false);
    let barrier_fn = runtime_fn(f, BARRIER, true);
    let b = cx.create_builder();

    // Head: thread id, optional barrier, branch.
    if let Some(t) = head.get_terminator() {
        t.erase_from_basic_block();
    }
    b.position_at_end(head);
    let tid = b
        .build_call(tid_fn, &[], "")
        .expect("gpucc-openmp-opt: builder positioned")
        .try_as_basic_value()
        .basic()
        .expect("gpucc-openmp-opt: thread id is a value")
        .into_int_value();
    if pre_barrier {
        b.build_call(barrier_fn, &[ident.into(), tid.into()], "")
            .expect("gpucc-openmp-opt: builder positioned");
    }
    let is_main = b
        .build_int_compare(
            inkwell::IntPredicate::EQ,
            tid,
            tid.get_type().const_zero(),
            "",
        )
        .expect("gpucc-openmp-opt: builder positioned");
    b.build_conditional_branch(is_main, guarded, barrier_bb)
        .expect("gpucc-openmp-opt: builder positioned");

    // Guarded block: branch to the barrier instead of the exit.
    if let Some(t) = guarded.get_terminator() {
        t.erase_from_basic_block();
    }
    b.position_at_end(guarded);
    b.build_unconditional_branch(barrier_bb)
        .expect("gpucc-openmp-opt: builder positioned");

    // Barrier block.
    b.position_at_end(barrier_bb);
    b.build_call(barrier_fn, &[ident.into(), tid.into()], "")
        .expect("gpucc-openmp-opt: builder positioned");
    // Broadcast values used after the region.
    for x in region_insts {
        let outside: Vec<(InstructionValue<'ctx>, u32)> = llvm::uses_of(x)
            .into_iter()
            .filter(|(u, _)| u.get_parent() != Some(guarded))
            .collect();
        if outside.is_empty() {
            continue;
        }
        let Some(v) = lomp::result_value(x) else {
            continue;
        };
        let ty = llvm::type_of(v);
        let name = llvm::value_name(x);
        let name = if name.is_empty() {
            "guarded".to_string()
        } else {
            name
        };
        let gname = format!("{name}.broadcast");
        let g = shared_global(f, ty, &gname, 8);
        let after = x
            .get_next_instruction()
            .expect("gpucc-openmp-opt: the guarded block ends with a branch");
        b.position_before(&after);
        b.build_store(g.as_pointer_value(), v)
            .expect("gpucc-openmp-opt: builder positioned");
        b.position_at_end(barrier_bb);
        let loaded = b
            .build_load(ty, g.as_pointer_value(), &format!("{name}.b"))
            .expect("gpucc-openmp-opt: builder positioned");
        for (user, no) in outside {
            user.set_operand(no, loaded);
        }
    }
    b.position_at_end(barrier_bb);
    b.build_unconditional_branch(exit)
        .expect("gpucc-openmp-opt: builder positioned");
}

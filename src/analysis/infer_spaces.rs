//! Memory-space inference, the analysis half (gpucc paper §3.2, Algorithm 1;
//! LLVM 16's `InferAddressSpaces.cpp`).
//!
//! A *flat address expression* is a pointer in the generic (flat) address
//! space computed by an *address operator* from other pointers: `phi`,
//! `bitcast`, `addrspacecast`, `getelementptr` and pointer `select`, as
//! instructions or constant expressions. Starting from the pointer operands of
//! memory accesses (loads, stores, atomics, mem intrinsics), pointer `icmp`s,
//! GEP bases and `addrspacecast`s, we collect every flat address expression
//! they reach through address operators, in postorder (operands first).
//!
//! Each one gets a [`Space`]: `Unknown` at first; then, to a fixed point, the
//! join of its pointer operands' spaces, where a pointer that is not a flat
//! address expression contributes its declared space (an `addrspacecast` from
//! `addrspace(3)` contributes 3; a flat argument contributes `Generic`). A
//! `select` with one constant side (`null`, `undef`) takes the other side's
//! space, since the constant can be cast to it. A pointer induction variable
//! that depends on itself through a loop phi (the paper's Figure 4) starts
//! `Unknown`, which is the join's identity, so it converges to its entry
//! value's space:
//! ```text
//!   %p = phi ptr [ %smem, %entry ], [ %p.next, %loop ]   ; smem: shared
//!   %p.next = getelementptr float, ptr %p, i64 1          ; => both shared
//! ```
//! Spaces only move down the lattice (`Unknown > Specific > Generic`), so the
//! worklist terminates; each expression is revisited at most twice per
//! operand change.
//!
//! The result answers "which space is this pointer in?" ([`Inference::space_of`]),
//! for the rewrite in `passes::infer_address_spaces` and for alias analysis.

use super::addr_space::Space;
use super::fxhash::FxHashMap;
use crate::llvm::{self, Tti};
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, PointerValue,
};
use llvm_sys::prelude::LLVMValueRef;

/// The inferred spaces of one function's flat address expressions.
pub struct Inference<'ctx> {
    /// The flat address space.
    pub flat: u32,
    /// Flat address expressions, operands before users.
    pub postorder: Vec<PointerValue<'ctx>>,
    /// The space of each expression in `postorder` (lookup only).
    spaces: FxHashMap<LLVMValueRef, Space>,
    /// (user, flat operand) -> the space an `llvm.assume` valid at the user
    /// proves for the operand (lookup only).
    pub predicated: FxHashMap<(LLVMValueRef, LLVMValueRef), u32>,
}

impl<'ctx> Inference<'ctx> {
    /// The space `p` points into: inferred for flat address expressions, else
    /// declared by its type (the flat space counts as `Generic`).
    pub fn space_of(&self, p: PointerValue<'ctx>) -> Space {
        if let Some(s) = self.spaces.get(&p.as_value_ref()) {
            return *s;
        }
        let declared = llvm::space_of(p);
        if declared == self.flat {
            Space::Generic
        } else {
            Space::Specific(declared)
        }
    }

    /// The specific space inferred for flat expression `p`, if any.
    pub fn inferred_specific(&self, p: PointerValue<'ctx>) -> Option<u32> {
        match self.spaces.get(&p.as_value_ref()) {
            Some(Space::Specific(n)) => Some(*n),
            _ => None,
        }
    }
}

/// Is `v` (a pointer) computed by an address operator we look through?
fn is_address_operator(v: PointerValue<'_>, tti: &Tti<'_>) -> bool {
    match llvm::operator_opcode(v) {
        Some(
            InstructionOpcode::Phi
            | InstructionOpcode::BitCast
            | InstructionOpcode::AddrSpaceCast
            | InstructionOpcode::GetElementPtr
            | InstructionOpcode::Select,
        ) => true,
        Some(InstructionOpcode::Call) if llvm::is_ptrmask(v) => true,
        Some(InstructionOpcode::IntToPtr) if noop_pair_source(v, tti).is_some() => true,
        Some(_) => tti.assumed_address_space(v).is_some(),
        None => false,
    }
}

/// If `v` is `inttoptr (ptrtoint p)` and both casts keep every bit (the
/// integer is pointer-sized in both spaces, and the spaces are equal or the
/// target says a cast between them is free), `p`.
pub fn noop_pair_source<'ctx>(v: PointerValue<'ctx>, tti: &Tti<'_>) -> Option<PointerValue<'ctx>> {
    if llvm::operator_opcode(v) != Some(InstructionOpcode::IntToPtr) {
        return None;
    }
    let BasicValueEnum::IntValue(i) = *llvm::operands(v).first()? else {
        return None;
    };
    if llvm::operator_opcode(i) != Some(InstructionOpcode::PtrToInt) {
        return None;
    }
    let p = as_pointer(*llvm::operands(i).first()?)?;
    let (from, to) = (llvm::space_of(p), llvm::space_of(v));
    let width = i.get_type().get_bit_width();
    let keeps_bits = width == tti.pointer_size_bits(from) && width == tti.pointer_size_bits(to);
    (keeps_bits && (from == to || tti.is_noop_addrspacecast(from, to))).then_some(p)
}

/// The pointer operands an address operator derives its value from.
fn pointer_operands<'ctx>(v: PointerValue<'ctx>, tti: &Tti<'_>) -> Vec<PointerValue<'ctx>> {
    let pick = |indices: &[u32]| -> Vec<PointerValue<'ctx>> {
        indices
            .iter()
            .filter_map(|&i| llvm::operand(&v, i).and_then(as_pointer))
            .collect()
    };
    match llvm::operator_opcode(v) {
        Some(InstructionOpcode::Phi) => llvm::operands(v)
            .into_iter()
            .filter_map(as_pointer)
            .collect(),
        Some(
            InstructionOpcode::BitCast
            | InstructionOpcode::AddrSpaceCast
            | InstructionOpcode::GetElementPtr,
        ) => pick(&[0]),
        Some(InstructionOpcode::Call) if llvm::is_ptrmask(v) => pick(&[0]),
        Some(InstructionOpcode::Select) => pick(&[1, 2]),
        Some(InstructionOpcode::IntToPtr) => noop_pair_source(v, tti).into_iter().collect(),
        _ => Vec::new(),
    }
}

fn as_pointer(v: BasicValueEnum<'_>) -> Option<PointerValue<'_>> {
    match v {
        BasicValueEnum::PointerValue(p) => Some(p),
        _ => None,
    }
}

/// The pointer operands of `inst` that are worth moving to a specific space
/// (the roots of the search), appended to `out` (no allocation per instruction
/// in the hot loop).
fn rewritable_pointer_operands_into<'ctx>(
    inst: InstructionValue<'ctx>,
    tti: &Tti<'_>,
    out: &mut Vec<PointerValue<'ctx>>,
) {
    let pick = |i: usize| {
        u32::try_from(i)
            .ok()
            .and_then(|i| llvm::operand(&inst, i))
            .and_then(as_pointer)
    };
    let picked = match inst.get_opcode() {
        InstructionOpcode::GetElementPtr
        | InstructionOpcode::Load
        | InstructionOpcode::AtomicRMW
        | InstructionOpcode::AtomicCmpXchg
        | InstructionOpcode::AddrSpaceCast => vec![pick(0)],
        InstructionOpcode::Store => vec![pick(1)],
        InstructionOpcode::ICmp => vec![pick(0), pick(1)],
        // LLVM 16 rewrites a returned constant expression (a no-op
        // ptrtoint/inttoptr pair becomes an addrspacecast) but leaves a
        // returned instruction alone; we match both.
        InstructionOpcode::Return => vec![pick(0).filter(|p| llvm::is_constant_expr(*p))],
        InstructionOpcode::IntToPtr => match llvm::result_pointer(inst) {
            Some(v) => vec![noop_pair_source(v, tti)],
            None => vec![],
        },
        InstructionOpcode::Call => match llvm::mem_intrinsic_kind(inst) {
            1 => vec![pick(0)],
            2 => vec![pick(0), pick(1)],
            _ => tti
                .intrinsic_flat_operands(inst)
                .into_iter()
                .map(|i| pick(usize::try_from(i).unwrap_or(usize::MAX)))
                .collect(),
        },
        _ => vec![],
    };
    out.extend(picked.into_iter().flatten());
}

/// A flat address expression with what the fixed point needs of it,
/// computed once: the target's assumed space, whether it is a select, and its
/// pointer operands.
struct Node<'ctx> {
    v: PointerValue<'ctx>,
    assumed: Option<u32>,
    select: bool,
    ops: Vec<PointerValue<'ctx>>,
}

/// Collects the flat address expressions of `f` in postorder.
fn collect<'ctx>(f: FunctionValue<'ctx>, flat: u32, tti: &Tti<'_>) -> Vec<Node<'ctx>> {
    let mut postorder = Vec::new();
    let mut visited: FxHashMap<LLVMValueRef, ()> = FxHashMap::default();
    // (node, operands pushed?)
    let mut stack: Vec<(Node<'ctx>, bool)> = Vec::new();
    let is_flat_expr =
        |p: PointerValue<'ctx>| llvm::space_of(p) == flat && is_address_operator(p, tti);
    let push = |p: PointerValue<'ctx>,
                stack: &mut Vec<(Node<'ctx>, bool)>,
                visited: &mut FxHashMap<LLVMValueRef, ()>| {
        if is_flat_expr(p) && visited.insert(p.as_value_ref(), ()).is_none() {
            let node = Node {
                v: p,
                assumed: None,
                select: false,
                ops: Vec::new(),
            };
            stack.push((node, false));
        }
    };
    let mut roots = Vec::new();
    for bb in f.get_basic_blocks() {
        for inst in bb.get_instructions() {
            roots.clear();
            rewritable_pointer_operands_into(inst, tti, &mut roots);
            for &root in &roots {
                push(root, &mut stack, &mut visited);
                while let Some((_, expanded)) = stack.last() {
                    if *expanded {
                        let (node, _) = stack.pop().expect("gpucc: stack is not empty");
                        postorder.push(node);
                        continue;
                    }
                    let top = stack.last_mut().expect("gpucc: stack is not empty");
                    top.1 = true;
                    let v = top.0.v;
                    top.0.assumed = tti.assumed_address_space(v);
                    top.0.select = llvm::operator_opcode(v) == Some(InstructionOpcode::Select);
                    if top.0.assumed.is_none() {
                        top.0.ops = pointer_operands(v, tti);
                        let ops = top.0.ops.clone();
                        for op in ops {
                            push(op, &mut stack, &mut visited);
                        }
                    }
                }
            }
        }
    }
    postorder
}

/// Can constant `c` be cast to specific space `to` without changing what it
/// points at? Yes for `undef`/`poison` and for its own space; between two
/// specific spaces never; from the flat space for `null`, for an
/// `inttoptr` constant, and for an `addrspacecast` whose source qualifies.
pub fn constant_castable_to(c: PointerValue<'_>, to: u32, flat: u32) -> bool {
    let from = llvm::space_of(c);
    if from == to || llvm::is_undef(c) {
        return true;
    }
    if from != flat && to != flat {
        return false;
    }
    if llvm::is_null_or_undef(c) {
        return true;
    }
    match llvm::operator_opcode(c) {
        Some(InstructionOpcode::AddrSpaceCast) => llvm::operands(c)
            .first()
            .and_then(|o| as_pointer(*o))
            .is_some_and(|src| llvm::is_constant(src) && constant_castable_to(src, to, flat)),
        Some(InstructionOpcode::IntToPtr) => from == flat,
        _ => false,
    }
}

/// Runs the inference on `f`. Returns `None` when the target has no flat
/// address space (and `assume_flat` does not name one).
pub fn infer<'ctx>(
    f: FunctionValue<'ctx>,
    tti: &Tti<'_>,
    assume_flat: Option<u32>,
) -> Option<Inference<'ctx>> {
    let flat = assume_flat.or_else(|| tti.flat_address_space())?;
    let nodes = collect(f, flat, tti);
    let postorder: Vec<PointerValue<'ctx>> = nodes.iter().map(|n| n.v).collect();
    let mut spaces: FxHashMap<LLVMValueRef, Space> = FxHashMap::default();
    spaces.reserve(nodes.len());
    let mut predicated: FxHashMap<(LLVMValueRef, LLVMValueRef), u32> = FxHashMap::default();
    for p in &postorder {
        spaces.insert(p.as_value_ref(), Space::Unknown);
    }
    // Users of each expression among the expressions (for the worklist).
    let mut users: FxHashMap<LLVMValueRef, Vec<usize>> = FxHashMap::default();
    for (i, n) in nodes.iter().enumerate() {
        for op in &n.ops {
            users.entry(op.as_value_ref()).or_default().push(i);
        }
    }
    let space_of = |spaces: &FxHashMap<LLVMValueRef, Space>, p: PointerValue<'ctx>| -> Space {
        match spaces.get(&p.as_value_ref()) {
            Some(s) => *s,
            None => {
                let n = llvm::space_of(p);
                if n == flat {
                    Space::Generic
                } else {
                    Space::Specific(n)
                }
            }
        }
    };
    // Worklist in postorder, processed from the back (as upstream): a
    // vector plus an "in list" flag keeps it deterministic.
    let mut worklist: Vec<usize> = (0..postorder.len()).collect();
    let mut queued = vec![true; postorder.len()];
    while let Some(i) = worklist.pop() {
        queued[i] = false;
        let node = &nodes[i];
        let v = node.v;
        let new = if let Some(n) = node.assumed {
            Space::Specific(n)
        } else if node.select && node.ops.len() == 2 {
            let (a, b) = (node.ops[0], node.ops[1]);
            let (sa, sb) = (space_of(&spaces, a), space_of(&spaces, b));
            // A constant side (even one that is itself an address
            // expression) may be cast to the other side's space, generic
            // included, as upstream does.
            let (ca, cb) = (llvm::is_constant(a), llvm::is_constant(b));
            if (cb && sa == Space::Unknown) || (ca && sb == Space::Unknown) {
                // Wait until the other side is known.
                continue;
            }
            let castable = |c: PointerValue<'ctx>, s: Space| match s {
                Space::Specific(n) => constant_castable_to(c, n, flat),
                Space::Generic => constant_castable_to(c, flat, flat),
                Space::Unknown => false,
            };
            if ca && castable(a, sb) {
                sb
            } else if cb && castable(b, sa) {
                sa
            } else {
                sa.join(sb)
            }
        } else {
            let mut acc = Space::Unknown;
            for &op in &node.ops {
                let mut s = space_of(&spaces, op);
                if s == Space::Generic && !spaces.contains_key(&op.as_value_ref()) {
                    let proven = v
                        .as_instruction()
                        .and_then(|u| tti.predicated_address_space(u, op));
                    if let Some(n) = proven {
                        predicated.insert((v.as_value_ref(), op.as_value_ref()), n);
                        s = Space::Specific(n);
                    }
                }
                acc = acc.join(s);
                if acc == Space::Generic {
                    break;
                }
            }
            acc
        };
        let old = spaces[&v.as_value_ref()];
        if old == new {
            continue;
        }
        spaces.insert(v.as_value_ref(), new);
        for &u in users
            .get(&v.as_value_ref())
            .map(Vec::as_slice)
            .unwrap_or(&[])
        {
            if !queued[u] && spaces[&postorder[u].as_value_ref()] != Space::Generic {
                queued[u] = true;
                worklist.push(u);
            }
        }
    }
    Some(Inference {
        flat,
        postorder,
        spaces,
        predicated,
    })
}

//! Memory-space inference, the analysis half (gpucc paper §3.2, Algorithm 1;
//! LLVM 16's `InferAddressSpaces.cpp`).
//!
//! An *address* is a pointer or a vector of pointers ([`Addr`]). A *flat
//! address expression* is an address in the generic (flat) address space
//! computed by an *address operator* from other addresses: `phi`, `bitcast`,
//! `addrspacecast`, `getelementptr`, `select`, `llvm.ptrmask` and no-op
//! `ptrtoint`/`inttoptr` pairs, as instructions or constant expressions; or
//! a value whose space the target assumes (TTI `getAssumedAddrSpace`: on
//! AMDGPU a pointer loaded from constant memory; in LLVM 22 also AMDGPU and
//! NVPTX kernel pointer arguments, NVPTX `byval` arguments and allocas).
//! Starting from the address operands of memory accesses (loads, stores,
//! atomics, mem intrinsics, the intrinsics of [`Tti::intrinsic_flat_operands`]),
//! `icmp`s of addresses, GEP bases, `addrspacecast`s and returned values
//! (where upstream does, [`llvm::INFER_SPACES_UPSTREAM`]), we collect every
//! flat address expression they reach through address operators, in
//! postorder (operands first).
//!
//! Each one gets a [`Space`]: `Unknown` at first; then, to a fixed point, the
//! join of its operands' spaces, where an address that is not a flat address
//! expression contributes its declared space (an `addrspacecast` from
//! `addrspace(3)` contributes 3; a flat argument contributes `Generic`).
//! A flat constant operand (`null`, `undef`, `zeroinitializer`) is joined
//! last: it does not make the result generic when it can be cast to the
//! space the other operands agree on, so `select c, p, null` and
//! `phi [p, %a], [poison, %b]` take `p`'s space (a select waits for its
//! other side; llvm/llvm-project#159548 did the same for every operator).
//! An operator of constants alone is generic. A pointer induction variable
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
use crate::llvm::addr::{self, Addr};
use crate::llvm::llvm_sys;
use crate::llvm::{self, Tti};
use inkwell::values::{AsValueRef, FunctionValue, InstructionOpcode, InstructionValue};
use llvm_sys::prelude::LLVMValueRef;

/// The inferred spaces of one function's flat address expressions.
pub struct Inference<'ctx> {
    /// The flat address space.
    pub flat: u32,
    /// Flat address expressions, operands before users.
    pub postorder: Vec<Addr<'ctx>>,
    /// Pointer -> its slot in `spaces`, or `NOT_A_NODE` (lookup only).
    index: FxHashMap<LLVMValueRef, u32>,
    /// The space of each expression, by slot.
    spaces: Vec<Space>,
    /// (user, flat operand) -> the space an `llvm.assume` valid at the user
    /// proves for the operand (lookup only).
    pub predicated: FxHashMap<(LLVMValueRef, LLVMValueRef), u32>,
}

impl<'ctx> Inference<'ctx> {
    /// The space `p` points into: inferred for flat address expressions, else
    /// declared by its type (the flat space counts as `Generic`).
    pub fn space_of(&self, p: Addr<'ctx>) -> Space {
        match self.index.get(&p.as_value_ref()) {
            Some(&i) if i != NOT_A_NODE => self.spaces[i as usize],
            _ => declared_space(p, self.flat),
        }
    }

    /// The specific space inferred for flat expression `p`, if any.
    pub fn inferred_specific(&self, p: Addr<'ctx>) -> Option<u32> {
        match self.index.get(&p.as_value_ref()) {
            Some(&i) if i != NOT_A_NODE => match self.spaces[i as usize] {
                Space::Specific(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The space `p`'s type declares (the flat space counts as `Generic`).
fn declared_space(p: Addr<'_>, flat: u32) -> Space {
    match p.space() {
        n if n == flat => Space::Generic,
        n => Space::Specific(n),
    }
}

/// Is `v` (a pointer) computed by an address operator we look through?
fn is_address_operator(v: Addr<'_>, tti: &Tti<'_>) -> bool {
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
        // An argument, when the target knows its space (LLVM 22: kernel
        // pointer arguments; llvm/llvm-project#133991 made arguments
        // address expressions).
        None => llvm::function_of_argument(v).is_some() && tti.assumed_address_space(v).is_some(),
    }
}

/// If `v` is `inttoptr (ptrtoint p)` and both casts keep every bit (the
/// integer is as wide as the pointers, and the spaces are equal or the
/// target says a cast between them is free), `p`.
pub fn noop_pair_source<'ctx>(v: Addr<'ctx>, tti: &Tti<'_>) -> Option<Addr<'ctx>> {
    if llvm::operator_opcode(v) != Some(InstructionOpcode::IntToPtr) {
        return None;
    }
    tti.noop_ptrint_pair_source(v)
}

/// The pointer operands an address operator derives its value from,
/// appended to `out`.
fn pointer_operands_into<'ctx>(v: Addr<'ctx>, tti: &Tti<'_>, out: &mut Vec<Addr<'ctx>>) {
    let mut pick = |i: u32| out.extend(addr::addr_operand(&v, i));
    match llvm::operator_opcode(v) {
        Some(InstructionOpcode::Phi) => {
            for i in 0..llvm::operand_count(&v) {
                pick(i);
            }
        }
        Some(
            InstructionOpcode::BitCast
            | InstructionOpcode::AddrSpaceCast
            | InstructionOpcode::GetElementPtr,
        ) => pick(0),
        Some(InstructionOpcode::Call) if llvm::is_ptrmask(v) => pick(0),
        Some(InstructionOpcode::Select) => {
            pick(1);
            pick(2);
        }
        Some(InstructionOpcode::IntToPtr) => out.extend(noop_pair_source(v, tti)),
        _ => {}
    }
}

/// The address operands of `inst` that are worth moving to a specific space
/// (the roots of the search), appended to `out` (no allocation per
/// instruction in the hot loop; `scratch` is room for operand indices).
fn rewritable_pointer_operands_into<'ctx>(
    inst: InstructionValue<'ctx>,
    tti: &Tti<'_>,
    out: &mut Vec<Addr<'ctx>>,
    scratch: &mut Vec<u32>,
) {
    let mut pick = |i: u32| out.extend(addr::addr_operand(&inst, i));
    match inst.get_opcode() {
        InstructionOpcode::GetElementPtr
        | InstructionOpcode::Load
        | InstructionOpcode::AtomicRMW
        | InstructionOpcode::AtomicCmpXchg
        | InstructionOpcode::AddrSpaceCast => pick(0),
        InstructionOpcode::Store => pick(1),
        InstructionOpcode::ICmp => {
            pick(0);
            pick(1);
        }
        // Upstream from LLVM 18 on searches from any returned address;
        // LLVM 16 rewrites a returned constant expression (a no-op
        // ptrtoint/inttoptr pair becomes an addrspacecast) but leaves a
        // returned instruction alone. We match each.
        InstructionOpcode::Return => out.extend(addr::addr_operand(&inst, 0).filter(|p| {
            llvm::INFER_SPACES_UPSTREAM.returns_are_roots || llvm::is_constant_expr(*p)
        })),
        InstructionOpcode::IntToPtr => {
            out.extend(addr::result_addr(inst).and_then(|v| noop_pair_source(v, tti)))
        }
        InstructionOpcode::Call => match llvm::mem_intrinsic_kind(inst) {
            1 => pick(0),
            2 => {
                pick(0);
                pick(1);
            }
            _ => {
                tti.intrinsic_flat_operands_into(inst, scratch);
                for &i in scratch.iter() {
                    pick(i);
                }
            }
        },
        _ => {}
    }
}

/// A flat address expression with what the fixed point needs of it,
/// computed once: the target's assumed space, whether it is a select, and its
/// pointer operands (`ops[start..start + len]` of [`Graph::ops`]).
struct Node<'ctx> {
    v: Addr<'ctx>,
    assumed: Option<u32>,
    select: bool,
    start: u32,
    len: u32,
}

/// A pointer operand of a node: the operand, and its node when it is a flat
/// address expression itself.
#[derive(Clone, Copy)]
struct Op<'ctx> {
    v: Addr<'ctx>,
    node: Option<u32>,
}

/// The flat address expressions of a function: nodes in discovery order
/// (their slots), their operands in one arena, and the postorder.
struct Graph<'ctx> {
    nodes: Vec<Node<'ctx>>,
    ops: Vec<Op<'ctx>>,
    /// Pointer -> its slot, or [`NOT_A_NODE`].
    index: FxHashMap<LLVMValueRef, u32>,
    /// Slots, operands before users.
    postorder: Vec<u32>,
}

impl<'ctx> Graph<'ctx> {
    fn ops_of(&self, n: &Node<'ctx>) -> &[Op<'ctx>] {
        &self.ops[n.start as usize..(n.start + n.len) as usize]
    }
}

/// The slot in [`Graph::index`] of a pointer that is not a flat address
/// expression.
const NOT_A_NODE: u32 = u32::MAX;

/// Collects the flat address expressions of `f` in postorder.
fn collect<'ctx>(f: FunctionValue<'ctx>, flat: u32, tti: &Tti<'_>) -> Graph<'ctx> {
    let mut g = Graph {
        nodes: Vec::new(),
        ops: Vec::new(),
        index: FxHashMap::default(),
        postorder: Vec::new(),
    };
    // (slot, operands pushed?)
    let mut stack: Vec<(u32, bool)> = Vec::new();
    // The node of `p` (made and put on the stack if new), if `p` is a flat
    // address expression.
    let node_of = |p: Addr<'ctx>, g: &mut Graph<'ctx>, stack: &mut Vec<(u32, bool)>| {
        if p.space() != flat {
            return None;
        }
        if p.is_vector() && !llvm::INFER_SPACES_UPSTREAM.vectors_of_pointers {
            return None; // LLVM 16 moves scalar pointers only
        }
        if let Some(&i) = g.index.get(&p.as_value_ref()) {
            return (i != NOT_A_NODE).then_some(i);
        }
        if !is_address_operator(p, tti) {
            // Remembered, so a pointer used by many accesses (an argument)
            // is classified once.
            g.index.insert(p.as_value_ref(), NOT_A_NODE);
            return None;
        }
        let i = u32::try_from(g.nodes.len()).expect("gpucc: fewer than 2^32 expressions");
        g.index.insert(p.as_value_ref(), i);
        g.nodes.push(Node {
            v: p,
            assumed: None,
            select: false,
            start: 0,
            len: 0,
        });
        stack.push((i, false));
        Some(i)
    };
    let mut roots = Vec::new();
    let mut scratch = Vec::new();
    let mut indices = Vec::new();
    // Only instructions with a flat pointer operand (or an inttoptr) can
    // give roots: `node_of` turns down every other address.
    for inst in addr::flat_pointer_users(f, flat) {
        roots.clear();
        rewritable_pointer_operands_into(inst, tti, &mut roots, &mut indices);
        for &root in &roots {
            node_of(root, &mut g, &mut stack);
            while let Some(&(i, expanded)) = stack.last() {
                if expanded {
                    stack.pop();
                    g.postorder.push(i);
                    continue;
                }
                stack.last_mut().expect("gpucc: stack is not empty").1 = true;
                let v = g.nodes[i as usize].v;
                let assumed = tti.assumed_address_space(v);
                let select = llvm::operator_opcode(v) == Some(InstructionOpcode::Select);
                let start = u32::try_from(g.ops.len()).expect("gpucc: small arena");
                if assumed.is_none() {
                    scratch.clear();
                    pointer_operands_into(v, tti, &mut scratch);
                    for &op in &scratch {
                        let node = node_of(op, &mut g, &mut stack);
                        g.ops.push(Op { v: op, node });
                    }
                }
                let len = u32::try_from(g.ops.len()).expect("gpucc: small arena") - start;
                let n = &mut g.nodes[i as usize];
                (n.assumed, n.select, n.start, n.len) = (assumed, select, start, len);
            }
        }
    }
    g
}

/// Can constant `c` be cast to specific space `to` without changing what it
/// points at? Yes for `undef`/`poison` and for its own space; between two
/// specific spaces never; from the flat space for `null` (and a
/// `zeroinitializer` vector), for an `inttoptr` constant, and for an
/// `addrspacecast` whose source qualifies. Other vector constants: no.
pub fn constant_castable_to(c: Addr<'_>, to: u32, flat: u32) -> bool {
    let from = c.space();
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
        Some(InstructionOpcode::AddrSpaceCast) => addr::addr_operand(&c, 0)
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
    let g = collect(f, flat, tti);
    let n = g.nodes.len();
    let mut spaces = vec![Space::Unknown; n];
    let mut predicated: FxHashMap<(LLVMValueRef, LLVMValueRef), u32> = FxHashMap::default();
    // Users of each expression among the expressions (for the worklist), as
    // `users[user_start[i]..user_start[i + 1]]`.
    let mut user_start = vec![0u32; n + 1];
    for op in &g.ops {
        if let Some(j) = op.node {
            user_start[j as usize + 1] += 1;
        }
    }
    for i in 0..n {
        user_start[i + 1] += user_start[i];
    }
    let mut fill = user_start.clone();
    let mut users = vec![0u32; g.ops.iter().filter(|o| o.node.is_some()).count()];
    for (i, node) in g.nodes.iter().enumerate() {
        for op in g.ops_of(node) {
            if let Some(j) = op.node {
                users[fill[j as usize] as usize] = i as u32;
                fill[j as usize] += 1;
            }
        }
    }
    let space_of = |spaces: &[Space], op: &Op<'ctx>| -> Space {
        match op.node {
            Some(j) => spaces[j as usize],
            None => declared_space(op.v, flat),
        }
    };
    // Worklist in postorder, processed from the back (as upstream): a
    // vector plus an "in list" flag keeps it deterministic.
    let mut worklist: Vec<u32> = g.postorder.clone();
    let mut queued = vec![true; n];
    while let Some(i) = worklist.pop() {
        let i = i as usize;
        queued[i] = false;
        let node = &g.nodes[i];
        let ops = g.ops_of(node);
        let v = node.v;
        let new = if let Some(a) = node.assumed {
            Space::Specific(a)
        } else if node.select && ops.len() == 2 {
            let (a, b) = (ops[0].v, ops[1].v);
            let (sa, sb) = (space_of(&spaces, &ops[0]), space_of(&spaces, &ops[1]));
            // A constant side (even one that is itself an address
            // expression) may be cast to the other side's space, generic
            // included, as upstream does.
            let (ca, cb) = (llvm::is_constant(a), llvm::is_constant(b));
            if (cb && sa == Space::Unknown) || (ca && sb == Space::Unknown) {
                // Wait until the other side is known.
                continue;
            }
            let castable = |c: Addr<'ctx>, s: Space| match s {
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
            // A flat constant that is not an expression itself (`null`,
            // `poison`, a flat global) is joined last (llvm/llvm-project#159548).
            let deferred = |op: &Op<'ctx>| {
                op.node.is_none() && op.v.space() == flat && llvm::is_constant(op.v)
            };
            let mut acc = Space::Unknown;
            let mut any_deferred = false;
            let mut only_deferred = true;
            for op in ops {
                if deferred(op) {
                    any_deferred = true;
                    continue;
                }
                only_deferred = false;
                let mut s = space_of(&spaces, op);
                if s == Space::Generic && op.node.is_none() {
                    let proven = v
                        .as_instruction()
                        .and_then(|u| tti.predicated_address_space(u, op.v));
                    if let Some(n) = proven {
                        predicated.insert((v.as_value_ref(), op.v.as_value_ref()), n);
                        s = Space::Specific(n);
                    }
                }
                acc = acc.join(s);
                if acc == Space::Generic {
                    break;
                }
            }
            match acc {
                // The constants must be castable to the others' space.
                Space::Specific(n)
                    if any_deferred
                        && !ops
                            .iter()
                            .filter(|op| deferred(op))
                            .all(|op| constant_castable_to(op.v, n, flat)) =>
                {
                    Space::Generic
                }
                // Constants alone say nothing specific
                // (llvm/llvm-project#172143).
                Space::Unknown if any_deferred && only_deferred => Space::Generic,
                // Unknown: wait for the other operands.
                other => other,
            }
        };
        if spaces[i] == new {
            continue;
        }
        spaces[i] = new;
        for &u in &users[user_start[i] as usize..user_start[i + 1] as usize] {
            let u = u as usize;
            if !queued[u] && spaces[u] != Space::Generic {
                queued[u] = true;
                worklist.push(u as u32);
            }
        }
    }
    let postorder = g.postorder.iter().map(|&i| g.nodes[i as usize].v).collect();
    Some(Inference {
        flat,
        postorder,
        index: g.index,
        spaces,
        predicated,
    })
}

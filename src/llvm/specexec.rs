//! What `gpucc-speculative-execution` asks LLVM beyond inkwell, over
//! `cpp/specexec.cpp` and LLVM-C: the target's speculation cost of an
//! instruction and its branch divergence, `isSafeToSpeculativelyExecute`,
//! the CFG facts upstream reads (`getSinglePredecessor`,
//! `getSingleSuccessor`) as one [`Shape`] per block, the instructions of an
//! if-then arm with their operands in the arm (and the location operands of
//! debug intrinsics) as [`BlockFacts`], read in one call per arm, the hoist
//! itself, and dropping the facts that would make a hoisted call undefined.

use super::llvm_sys;
use super::Tti;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{AsValueRef, FunctionValue, InstructionValue};
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use llvm_sys::LLVMOpcode;
use std::ffi::{c_int, c_void};
use std::marker::PhantomData;
use std::ptr::NonNull;

extern "C" {
    fn gpucc_specexec_shapes(f: LLVMValueRef, out: *mut Shape<'_>, cap: usize) -> usize;
    fn gpucc_specexec_block(
        bb: LLVMBasicBlockRef,
        tti: *const c_void,
        asked: *const u64,
        with_ops: bool,
        insts: *mut RawInst,
        cap_insts: usize,
        ops: *mut RawOp,
        cap_ops: usize,
        num_ops: *mut usize,
        complete: *mut bool,
    ) -> usize;
    fn gpucc_specexec_hoist(
        insts: *const RawInst,
        n: usize,
        stay: *const u64,
        into: LLVMBasicBlockRef,
    );
    fn gpucc_tti_has_branch_divergence(tti: *const c_void) -> bool;
    fn gpucc_debug_intrinsic_kind(i: LLVMValueRef) -> c_int;
    fn gpucc_drop_ub_implying_facts(i: LLVMValueRef);
}

impl Tti<'_> {
    /// Does the target have divergent branches (LLVM's
    /// `TTI::hasBranchDivergence`: true on GPUs)?
    pub fn has_branch_divergence(&self) -> bool {
        // SAFETY: `raw` is the function's live TTI.
        unsafe { gpucc_tti_has_branch_divergence(self.raw.as_ptr()) }
    }
}

/// The debug intrinsics, as LLVM classifies them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugIntrinsic {
    /// `llvm.dbg.declare`, `llvm.dbg.value`, `llvm.dbg.assign`: they say
    /// where a source variable lives, through location operands.
    Variable,
    /// `llvm.dbg.label`.
    Label,
}

/// What kind of debug intrinsic `inst` is, if any.
pub fn debug_intrinsic(inst: InstructionValue<'_>) -> Option<DebugIntrinsic> {
    // SAFETY: checked casts in the shim.
    match unsafe { gpucc_debug_intrinsic_kind(inst.as_value_ref()) } {
        1 => Some(DebugIntrinsic::Variable),
        2 => Some(DebugIntrinsic::Label),
        _ => None,
    }
}

/// Makes a call that is moved to where its operands may be poison safe to
/// run there: drops the return and parameter attributes whose violation is
/// immediate undefined behaviour (`noundef`, `dereferenceable`, ...) and
/// the return-value metadata (`!range`, `!nonnull`, ...). Other
/// instructions are left alone.
pub fn drop_ub_implying_facts(inst: InstructionValue<'_>) {
    // SAFETY: `inst` is a live instruction; the shim checks it is a call.
    unsafe { gpucc_drop_ub_implying_facts(inst.as_value_ref()) }
}

/// The opcodes this LLVM has that LLVM 16 does not, and that upstream's
/// allow-list of speculated opcodes names. LLVM 22: `ptrtoaddr`
/// (llvm/llvm-project#139357), a cast like `ptrtoint` that does not capture
/// provenance. None for LLVM 16.
#[cfg(feature = "llvm22")]
pub const NEWER_SPECULATED: &[LLVMOpcode] = &[LLVMOpcode::LLVMPtrToAddr];
#[cfg(not(feature = "llvm22"))]
pub const NEWER_SPECULATED: &[LLVMOpcode] = &[];

// ---------------------------------------------------------------------------
// One call per block (`cpp/specexec.cpp`): the facts the pass reads of every
// block, and of every instruction of an if-then arm, in one call each.

/// A block of the function being transformed, by identity: cheap to
/// compare, and made a [`BasicBlock`] only where one is needed.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockId<'ctx> {
    raw: NonNull<llvm_sys::LLVMBasicBlock>,
    _ir: PhantomData<&'ctx ()>,
}

impl<'ctx> BlockId<'ctx> {
    fn as_ptr(self) -> LLVMBasicBlockRef {
        self.raw.as_ptr()
    }

    /// The block itself.
    pub fn block(self) -> BasicBlock<'ctx> {
        // SAFETY: `raw` is a live block of the function (from LLVM-C or the
        // shim, never null).
        unsafe { BasicBlock::new(self.as_ptr()) }.expect("gpucc: a block id is a block")
    }
}

/// A block ending in a conditional branch: its two successors, in operand
/// order, and what the pass asks of each. The shim's `GpuccSpecShape`,
/// written by it as is (an absent block is a null pointer: `Option` of a
/// `repr(transparent)` `NonNull` wrapper has the same layout).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Shape<'ctx> {
    /// The block.
    pub block: BlockId<'ctx>,
    /// The branch's successors.
    pub succ: [BlockId<'ctx>; 2],
    /// The successor of each when its terminator has exactly one successor
    /// slot (LLVM's `getSingleSuccessor`).
    pub single_succ: [Option<BlockId<'ctx>>; 2],
    /// Does exactly one CFG edge enter each (a `switch` with two cases to it
    /// counts twice)? Read where it can be asked: for an arm whose single
    /// successor is the other successor, and for both when they have the
    /// same single successor; false elsewhere.
    pub one_pred_edge: [bool; 2],
    /// In a diamond (exactly one edge enters each, and both have the same
    /// single successor): does each hold nothing but its terminator and
    /// debug intrinsics? False elsewhere, where it is not read.
    pub only_debug: [bool; 2],
}

/// The blocks of a function that end in a conditional branch, with their
/// shapes, in function order, read in one call, in room kept from function
/// to function. Hoisting instructions out of an arm into its predecessor
/// changes no shape (no block or edge comes or goes; a block that gains
/// instructions ends in a conditional branch, so it is nobody's arm), so the
/// shapes of a function stay true while the pass works through them.
#[derive(Default)]
pub struct Branching<'ctx> {
    shapes: Vec<Shape<'ctx>>,
}

impl<'ctx> Branching<'ctx> {
    /// Reads the shapes of `f`.
    pub fn read(&mut self, f: FunctionValue<'ctx>) {
        self.shapes.clear();
        loop {
            let room = self.shapes.capacity();
            // SAFETY: `f` is a live function; the shim writes at most `room`
            // whole entries (every field: live blocks of `f`, never null
            // where `Shape` has no `Option`, C++ `bool`s), the first
            // `min(n, room)`, which then become the vector's length.
            let n = unsafe {
                let n = gpucc_specexec_shapes(f.as_value_ref(), self.shapes.as_mut_ptr(), room);
                self.shapes.set_len(n.min(room));
                n
            };
            if n <= room {
                return;
            }
            self.shapes.clear();
            self.shapes.reserve(n.max(16));
        }
    }

    /// The shapes read, in function order.
    pub fn shapes(&self) -> &[Shape<'ctx>] {
        &self.shapes
    }

    /// The same room, emptied, for the blocks of another function.
    pub fn recycle<'b>(mut self) -> Branching<'b> {
        self.shapes.clear();
        // SAFETY: the vector is empty, and `Shape<'ctx>` and `Shape<'b>`
        // differ only in a lifetime: the same type at run time.
        Branching {
            shapes: unsafe { std::mem::transmute::<Vec<Shape<'ctx>>, Vec<Shape<'b>>>(self.shapes) },
        }
    }
}

/// A set of opcodes (by their LLVM-C numbers, all below 128).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpcodeSet([u64; 2]);

impl OpcodeSet {
    /// The set of `ops`.
    pub fn of(ops: impl IntoIterator<Item = LLVMOpcode>) -> Self {
        let mut set = OpcodeSet::default();
        for op in ops {
            let k = op as usize;
            assert!(k < 128, "gpucc: LLVM-C opcodes are below 128");
            set.0[k / 64] |= 1 << (k % 64);
        }
        set
    }

    /// Is `op` in it?
    pub fn contains(&self, op: LLVMOpcode) -> bool {
        let k = op as usize;
        k < 128 && self.0[k / 64] & (1 << (k % 64)) != 0
    }
}

/// One instruction of a block as the shim read it (`GpuccSpecInst`); what
/// the plan asks of it is in its methods.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct RawInst {
    inst: LLVMValueRef,
    cost: i64,
    deps: u64,
    first_op: u32,
    num_ops: u32,
    opcode: u8,
    class: u8,
    never: u8,
    far: u8,
}

/// `GpuccSpecOp` of the shim.
#[repr(C)]
#[derive(Clone, Copy)]
struct RawOp {
    value: LLVMValueRef,
    at: u32,
}

/// `GpuccSpecOp::Where` values past the positions (`SpecOutside`... in the
/// shim).
const OUTSIDE: u32 = 0xFFFF_FFFD;
const OPAQUE: u32 = 0xFFFF_FFFE;
const LATER: u32 = 0xFFFF_FFFF;

/// What the shim found an instruction of the block to be
/// (`GpuccSpecInst::Class`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Its opcode is one asked about, it is safe to speculate (LLVM's
    /// `isSafeToSpeculativelyExecute` without a context instruction: it
    /// cannot trap and has no side effects), and the target gives it this
    /// size-and-latency cost (`TCK_SizeAndLatency`).
    Candidate(i64),
    /// Its opcode is not one asked about.
    NotAsked,
    /// Asked about, but not safe to speculate.
    Unsafe,
    /// Asked about and safe, but the target has no valid cost for it.
    NoCost,
    /// A debug intrinsic of this kind.
    Debug(DebugIntrinsic),
}

/// Where an operand of an instruction of a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandAt<'ctx> {
    /// This earlier instruction of the block, at this position of the
    /// block's facts.
    Earlier(InstructionValue<'ctx>, usize),
    /// This instruction of the block, which does not come earlier.
    NotEarlier(InstructionValue<'ctx>),
    /// An instruction of another block.
    Outside,
    /// No instruction: an argument, a constant, or an operand that is gone
    /// (only debug intrinsics' location operands are reported so).
    Opaque,
}

/// The operands of an instruction of a block that the plan must look at
/// (for a debug variable intrinsic its location operands, for an instruction
/// of an asked opcode those that are instructions of the block), in brief.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deps {
    /// Bit `p`: one is the earlier instruction at position `p` (< 64).
    pub near: u64,
    /// One is an instruction of the block that does not come earlier, or no
    /// instruction at all ([`Site::Never`]).
    pub never: bool,
    /// One is an earlier instruction at a position of 64 or more: ask
    /// [`BlockFacts::sites`], which has the entries of such instructions.
    pub far: bool,
}

impl RawInst {
    /// Is it a call?
    pub fn is_call(&self) -> bool {
        self.opcode == LLVMOpcode::LLVMCall as u8
    }

    /// What it is.
    pub fn class(&self) -> Class {
        match self.class {
            0 => Class::Candidate(self.cost),
            1 => Class::NotAsked,
            2 => Class::Unsafe,
            3 => Class::NoCost,
            4 => Class::Debug(DebugIntrinsic::Variable),
            _ => Class::Debug(DebugIntrinsic::Label),
        }
    }

    /// Its operands in brief.
    pub fn deps(&self) -> Deps {
        Deps {
            near: self.deps,
            never: self.never != 0,
            far: self.far != 0,
        }
    }
}

/// Where an operand of an instruction of a block is, by position: what the
/// plan needs to know (see [`OperandAt`] for the instructions themselves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// The earlier instruction of the block at this position of the
    /// block's facts.
    Earlier(usize),
    /// An instruction of another block.
    Outside,
    /// An instruction of the block that does not come earlier, or no
    /// instruction at all (an argument, a constant, an operand that is
    /// gone).
    Never,
}

/// The instructions of one block, in order, with what the pass reads of
/// each (one shim call), in room kept from block to block.
#[derive(Default)]
pub struct BlockFacts<'ctx> {
    insts: Vec<RawInst>,
    ops: Vec<RawOp>,
    complete: bool,
    _ir: PhantomData<&'ctx ()>,
}

impl<'ctx> BlockFacts<'ctx> {
    /// Reads the first `room` instructions of `bb` (all of them if it has
    /// fewer; [`BlockFacts::complete`] says which). Instructions that are
    /// no debug intrinsics are classed ([`BlockFacts::class`]) and have
    /// operands only when their opcode is in `asked` (the others have none:
    /// nobody asks). [`RawInst::deps`] has them in brief for every
    /// instruction; the entries ([`BlockFacts::sites`],
    /// [`BlockFacts::operands`]) are read for every instruction only
    /// `with_ops`, else only for those with [`Deps::far`] operands.
    pub fn read(
        &mut self,
        bb: BlockId<'ctx>,
        room: usize,
        tti: &Tti<'_>,
        asked: &OpcodeSet,
        with_ops: bool,
    ) {
        // Positions must stay below the shim's codes (`OUTSIDE`...).
        let room = room.min(1 << 31);
        // Operand entries: most instructions have one or two in the block.
        let room_ops = room.saturating_mul(4);
        self.insts.clear();
        self.insts.reserve(room);
        self.ops.clear();
        self.ops.reserve(room_ops);
        let mut num_ops = 0usize;
        let mut complete = false;
        // SAFETY: `bb` is a live block; both buffers have room for what is
        // passed (reserved above; the shim writes no more); the shim writes
        // whole entries, the first `n` and `num_ops` of them, which are
        // then the vectors' lengths. Entries hold live instructions and
        // values of the block's function, valid opcodes and classes.
        unsafe {
            let n = gpucc_specexec_block(
                bb.as_ptr(),
                tti.raw.as_ptr(),
                asked.0.as_ptr(),
                with_ops,
                self.insts.as_mut_ptr(),
                room,
                self.ops.as_mut_ptr(),
                room_ops,
                &mut num_ops,
                &mut complete,
            );
            self.insts.set_len(n.min(room));
            self.ops.set_len(num_ops.min(room_ops));
        }
        self.complete = complete;
    }

    /// The same room, emptied, for the blocks of another function.
    pub fn recycle<'b>(mut self) -> BlockFacts<'b> {
        self.insts.clear();
        self.ops.clear();
        BlockFacts {
            insts: self.insts,
            ops: self.ops,
            complete: false,
            _ir: PhantomData,
        }
    }

    /// Were all the block's instructions read?
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// How many instructions were read.
    pub fn len(&self) -> usize {
        self.insts.len()
    }

    /// Were none read?
    pub fn is_empty(&self) -> bool {
        self.insts.is_empty()
    }

    /// The instructions read, in order (position `k` is entry `k`).
    pub fn entries(&self) -> &[RawInst] {
        &self.insts
    }

    /// The instruction at position `k`.
    pub fn inst(&self, k: usize) -> InstructionValue<'ctx> {
        // SAFETY: the shim wrote a live instruction of the block.
        unsafe { InstructionValue::new(self.insts[k].inst) }
    }

    /// Is it a call?
    pub fn is_call(&self, k: usize) -> bool {
        self.insts[k].is_call()
    }

    /// What it is.
    pub fn class(&self, k: usize) -> Class {
        self.insts[k].class()
    }

    /// Where its operand entries are, in operand order (the entries of
    /// [`BlockFacts::operands`]).
    pub fn sites(&self, k: usize) -> impl Iterator<Item = Site> + '_ {
        let r = &self.insts[k];
        let first = r.first_op as usize;
        self.ops[first..first + r.num_ops as usize]
            .iter()
            .map(|op| match op.at {
                OUTSIDE => Site::Outside,
                OPAQUE | LATER => Site::Never,
                k => Site::Earlier(k as usize),
            })
    }

    /// Its operand entries, in operand order: for a debug variable
    /// intrinsic each location operand, for an instruction of an asked
    /// opcode each operand that is an instruction of the block.
    pub fn operands(&self, k: usize) -> impl Iterator<Item = OperandAt<'ctx>> + '_ {
        let r = &self.insts[k];
        let first = r.first_op as usize;
        self.ops[first..first + r.num_ops as usize]
            .iter()
            .map(|op| match op.at {
                OUTSIDE => OperandAt::Outside,
                OPAQUE => OperandAt::Opaque,
                // SAFETY: the shim marks only instructions of the block so.
                LATER => OperandAt::NotEarlier(unsafe { InstructionValue::new(op.value) }),
                // SAFETY: as above.
                k => OperandAt::Earlier(unsafe { InstructionValue::new(op.value) }, k as usize),
            })
    }
}

impl BlockFacts<'_> {
    /// Moves the instructions read whose bit in `stay` is clear (bit `k % 64`
    /// of word `k / 64` for position `k`), in order, before the terminator of
    /// `into`, dropping the source location of each that is no debug
    /// intrinsic, in one call.
    pub fn hoist_unmarked(&self, stay: &[u64], into: BlockId<'_>) {
        assert!(
            stay.len() * 64 >= self.insts.len(),
            "gpucc: a stay bit for every instruction"
        );
        // SAFETY: `insts` are live instructions of one function, read by
        // the shim (the entries it wrote); `stay` has a bit for each (checked
        // above); `into` is a block of the same function with a terminator,
        // which is none of the instructions that move.
        unsafe {
            gpucc_specexec_hoist(
                self.insts.as_ptr(),
                self.insts.len(),
                stay.as_ptr(),
                into.as_ptr(),
            )
        }
    }
}

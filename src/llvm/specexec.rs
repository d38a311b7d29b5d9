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
use llvm_sys::core as c;
use llvm_sys::prelude::{LLVMBasicBlockRef, LLVMValueRef};
use llvm_sys::LLVMOpcode;
use std::ffi::{c_int, c_void};
use std::marker::PhantomData;

extern "C" {
    fn gpucc_specexec_shape(bb: LLVMBasicBlockRef, out: *mut RawShape) -> bool;
    fn gpucc_specexec_block(
        bb: LLVMBasicBlockRef,
        tti: *const c_void,
        with_operands: *const u64,
        insts: *mut RawInst,
        cap_insts: usize,
        ops: *mut RawOp,
        cap_ops: usize,
        num_ops: *mut usize,
        complete: *mut bool,
    ) -> usize;
    fn gpucc_specexec_hoist(insts: *const LLVMValueRef, n: usize, before: LLVMValueRef);
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

/// `GpuccSpecShape` of the shim.
#[repr(C)]
struct RawShape {
    succ: [LLVMBasicBlockRef; 2],
    single_succ: [LLVMBasicBlockRef; 2],
    one_pred_edge: [u8; 2],
    only_debug: [u8; 2],
}

/// A block of the function being transformed, by identity: cheap to
/// compare, and made a [`BasicBlock`] only where one is needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockId<'ctx> {
    raw: LLVMBasicBlockRef,
    _ir: PhantomData<&'ctx ()>,
}

impl<'ctx> BlockId<'ctx> {
    fn new(raw: LLVMBasicBlockRef) -> Option<Self> {
        (!raw.is_null()).then_some(BlockId {
            raw,
            _ir: PhantomData,
        })
    }

    /// The block of `bb`.
    pub fn of(bb: BasicBlock<'ctx>) -> Self {
        BlockId {
            raw: bb.as_mut_ptr(),
            _ir: PhantomData,
        }
    }

    /// The block itself.
    pub fn block(self) -> BasicBlock<'ctx> {
        // SAFETY: `raw` is a live block of the function (from LLVM-C or the
        // shim, never null).
        unsafe { BasicBlock::new(self.raw) }.expect("gpucc: a block id is a block")
    }

    /// Its terminator, if it has one.
    pub fn terminator(self) -> Option<InstructionValue<'ctx>> {
        // SAFETY: `raw` is a live block; LLVM-C gives its terminator or null.
        let t = unsafe { c::LLVMGetBasicBlockTerminator(self.raw) };
        // SAFETY: a non-null terminator is a live instruction.
        (!t.is_null()).then(|| unsafe { InstructionValue::new(t) })
    }

    /// The block after it in the function's list, if any.
    pub fn next(self) -> Option<Self> {
        // SAFETY: `raw` is a live block.
        BlockId::new(unsafe { c::LLVMGetNextBasicBlock(self.raw) })
    }
}

/// The blocks of `f`, in function order, walked by links (each `next` is
/// read when it is reached, so instructions may move between blocks on
/// the way; blocks must not be added or erased).
pub fn blocks<'ctx>(f: FunctionValue<'ctx>) -> impl Iterator<Item = BlockId<'ctx>> {
    // SAFETY: `f` is a live function.
    let first = BlockId::new(unsafe { c::LLVMGetFirstBasicBlock(f.as_value_ref()) });
    std::iter::successors(first, |b| b.next())
}

/// A block ending in a conditional branch: its two successors, in operand
/// order, and what the pass asks of each.
#[derive(Clone, Copy, Debug)]
pub struct Shape<'ctx> {
    /// The branch's successors.
    pub succ: [BlockId<'ctx>; 2],
    /// The successor of each when its terminator has exactly one successor
    /// slot (LLVM's `getSingleSuccessor`).
    pub single_succ: [Option<BlockId<'ctx>>; 2],
    /// Does exactly one CFG edge enter each (a `switch` with two cases to it
    /// counts twice)?
    pub one_pred_edge: [bool; 2],
    /// Does each hold nothing but its terminator and debug intrinsics?
    pub only_debug: [bool; 2],
}

/// The shape of `bb` when it ends in a conditional branch; `None` when it
/// ends in anything else (an unconditional branch, a switch, a return) or
/// has no terminator.
pub fn shape(bb: BlockId<'_>) -> Option<Shape<'_>> {
    let mut raw = RawShape {
        succ: [std::ptr::null_mut(); 2],
        single_succ: [std::ptr::null_mut(); 2],
        one_pred_edge: [0; 2],
        only_debug: [0; 2],
    };
    // SAFETY: `bb` is a live block; the shim fills `raw` when it returns
    // true, with blocks of the same function (null for no single successor).
    if !unsafe { gpucc_specexec_shape(bb.raw, &mut raw) } {
        return None;
    }
    Some(Shape {
        succ: [BlockId::new(raw.succ[0])?, BlockId::new(raw.succ[1])?],
        single_succ: [
            BlockId::new(raw.single_succ[0]),
            BlockId::new(raw.single_succ[1]),
        ],
        one_pred_edge: [raw.one_pred_edge[0] != 0, raw.one_pred_edge[1] != 0],
        only_debug: [raw.only_debug[0] != 0, raw.only_debug[1] != 0],
    })
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

/// `GpuccSpecInst` of the shim.
#[repr(C)]
#[derive(Clone, Copy)]
struct RawInst {
    inst: LLVMValueRef,
    opcode: LLVMOpcode,
    debug: c_int,
    first_op: u32,
    num_ops: u32,
    safe: u8,
    cost_valid: u8,
    cost: i64,
}

/// `GpuccSpecOp` of the shim.
#[repr(C)]
#[derive(Clone, Copy)]
struct RawOp {
    value: LLVMValueRef,
    at: u32,
}

/// `GpuccSpecOp::Where` values (`SpecEarlier`... in the shim).
const EARLIER: u32 = 0;
const LATER: u32 = 1;
const OUTSIDE: u32 = 2;

/// Where an operand of an instruction of a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OperandAt<'ctx> {
    /// This earlier instruction of the block.
    Earlier(InstructionValue<'ctx>),
    /// This instruction of the block, which does not come earlier.
    NotEarlier(InstructionValue<'ctx>),
    /// An instruction of another block.
    Outside,
    /// No instruction: an argument, a constant, or an operand that is gone
    /// (only debug intrinsics' location operands are reported so).
    Opaque,
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
    /// no debug intrinsics get their operands, their safety and their cost
    /// under `tti` ([`BlockFacts::safe`], [`BlockFacts::cost`]) only when
    /// their opcode is in `asked` (the others get none: nobody asks).
    pub fn read(&mut self, bb: BlockId<'ctx>, room: usize, tti: &Tti<'_>, asked: &OpcodeSet) {
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
        // values of the block's function and valid opcodes.
        unsafe {
            let n = gpucc_specexec_block(
                bb.raw,
                tti.raw.as_ptr(),
                asked.0.as_ptr(),
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

    /// The instruction at position `k`.
    pub fn inst(&self, k: usize) -> InstructionValue<'ctx> {
        // SAFETY: the shim wrote a live instruction of the block.
        unsafe { InstructionValue::new(self.insts[k].inst) }
    }

    /// Its opcode.
    pub fn opcode(&self, k: usize) -> LLVMOpcode {
        self.insts[k].opcode
    }

    /// Is it safe to speculate (LLVM's `isSafeToSpeculativelyExecute`
    /// without a context instruction: it cannot trap and has no side
    /// effects)? Read only for the opcodes asked about.
    pub fn safe(&self, k: usize) -> bool {
        self.insts[k].safe != 0
    }

    /// The target's size-and-latency cost of it (`TCK_SizeAndLatency`), or
    /// `None` when the target calls it invalid. Read only for the opcodes
    /// asked about, and only when it is safe.
    pub fn cost(&self, k: usize) -> Option<i64> {
        let r = &self.insts[k];
        (r.cost_valid != 0).then_some(r.cost)
    }

    /// What kind of debug intrinsic it is, if any.
    pub fn debug(&self, k: usize) -> Option<DebugIntrinsic> {
        match self.insts[k].debug {
            1 => Some(DebugIntrinsic::Variable),
            2 => Some(DebugIntrinsic::Label),
            _ => None,
        }
    }

    /// Its operand entries, in operand order: for a debug variable
    /// intrinsic each location operand, for any other instruction each
    /// operand that is an instruction of the block.
    pub fn operands(&self, k: usize) -> impl Iterator<Item = OperandAt<'ctx>> + '_ {
        let r = &self.insts[k];
        let first = r.first_op as usize;
        self.ops[first..first + r.num_ops as usize]
            .iter()
            .map(|op| match op.at {
                // SAFETY: the shim marks only instructions of the block so.
                EARLIER => OperandAt::Earlier(unsafe { InstructionValue::new(op.value) }),
                // SAFETY: as above.
                LATER => OperandAt::NotEarlier(unsafe { InstructionValue::new(op.value) }),
                OUTSIDE => OperandAt::Outside,
                _ => OperandAt::Opaque,
            })
    }
}

/// Moves `insts`, in order, before `before`, dropping the source location
/// of each that is no debug intrinsic, in one call.
pub fn hoist(insts: &[InstructionValue<'_>], before: InstructionValue<'_>) {
    // `InstructionValue` is a `repr(transparent)` wrapper of a `Value`, itself
    // one of an `LLVMValueRef` (inkwell), so the slice is one of handles.
    const _: () = assert!(
        std::mem::size_of::<InstructionValue<'static>>() == std::mem::size_of::<LLVMValueRef>()
    );
    // SAFETY: the layouts agree (above); live instructions of one function,
    // and `before` one of it that is none of them.
    unsafe {
        gpucc_specexec_hoist(
            insts.as_ptr().cast::<LLVMValueRef>(),
            insts.len(),
            before.as_value_ref(),
        )
    }
}

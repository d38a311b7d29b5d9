//! The interpreter's own form of a module: what [`super::decode`] reads out of LLVM once, so
//! that running a function never goes back to LLVM (and a decoded module can be shared by
//! threads). Everything the semantics need is resolved here: type layouts, GEP strides and
//! field offsets, flags, attributes that imply undefined behaviour, `!range` metadata.

use std::sync::Arc;

use super::flags::{Flags, GepFlags};

/// Index of a value in a function's frame: the parameters first, then one per instruction.
pub type Slot = usize;
/// Index of a block in its function.
pub type BlockId = usize;
/// Index of a function in [`Module::functions`].
pub type FnId = usize;
/// Index of a memory object: globals first, then functions, then objects made at run time.
pub type ObjId = usize;

/// How a value of a type lies in memory (and, for registers, what shape it has).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// An integer of `bits` bits, stored in `bytes` bytes, little-endian.
    Int { bits: u32, bytes: u64 },
    /// A pointer into address space `space`, `bytes` bytes wide.
    Ptr { space: u32, bytes: u64 },
    /// A fixed vector; lanes are stored at multiples of the element's store size.
    Vector { lanes: u32, elem: Box<Layout> },
    /// A struct or an array: each member at its byte offset.
    Aggregate {
        members: Vec<(u64, Layout)>,
        size: u64,
    },
    /// `void` (calls and returns without a value).
    Void,
}

impl Layout {
    /// Bytes a load or store of this layout touches.
    pub fn store_size(&self) -> u64 {
        match self {
            Layout::Int { bytes, .. } | Layout::Ptr { bytes, .. } => *bytes,
            Layout::Vector { lanes, elem } => u64::from(*lanes) * elem.store_size(),
            Layout::Aggregate { size, .. } => *size,
            Layout::Void => 0,
        }
    }
}

/// Integer binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
}

/// `icmp` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pred {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

/// Casts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

/// `atomicrmw` operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
}

/// One step of a GEP after the pointer operand, its offset in bytes resolved from the type.
#[derive(Clone, Debug)]
pub enum GepStep {
    /// A struct field: its number (rules apply to non-zero indices) and byte offset.
    Field { index: u32, offset: u64 },
    /// An integer index scaled by the indexed type's allocation size.
    Index { index: Operand, stride: u64 },
}

/// Intrinsics and library functions the interpreter knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Builtin {
    MemCpy,
    MemMove,
    MemSet,
    SMax,
    SMin,
    UMax,
    UMin,
    Abs,
    CtPop,
    Ctlz,
    Cttz,
    BSwap,
    FShl,
    FShr,
    /// `llvm.{s,u}{add,sub,mul}.with.overflow`: the operation and whether it is signed.
    WithOverflow(BinOp, bool),
    Assume,
    Expect,
    PtrMask,
    /// `llvm.lifetime.*`, `llvm.dbg.*`, `llvm.donothing`, `fflush`: nothing observable.
    NoOp,
    /// `printf`: an observation of its format and arguments.
    Printf,
    /// A declared `@observe*` function: an observation of its arguments.
    Observe,
    Malloc,
    Free,
}

/// What a call calls.
#[derive(Clone, Debug)]
pub enum Callee {
    Defined(FnId),
    Builtin(Builtin, String),
    /// A declared function the interpreter does not know: running the call refuses.
    Unknown(String),
    /// A pointer: resolved at run time through its provenance.
    Indirect(Operand),
}

/// The closed ranges `[lo, hi)` of a `!range` annotation (wrapping as LangRef says).
pub type Ranges = Vec<(u128, u128)>;

/// An operation: instruction or constant expression.
#[derive(Clone, Debug)]
pub enum Op {
    Bin {
        op: BinOp,
        flags: Flags,
        a: Operand,
        b: Operand,
    },
    ICmp {
        pred: Pred,
        flags: Flags,
        a: Operand,
        b: Operand,
    },
    Cast {
        op: CastOp,
        flags: Flags,
        a: Operand,
        to: Layout,
    },
    Select {
        c: Operand,
        a: Operand,
        b: Operand,
    },
    Freeze {
        a: Operand,
        ty: Layout,
    },
    Gep {
        base: Operand,
        steps: Vec<GepStep>,
        flags: GepFlags,
        /// The pointer index width of the base's address space, in bits.
        index_bits: u32,
    },
    Phi(Vec<(BlockId, Operand)>),
    Load {
        ptr: Operand,
        /// The pointer's address space (also for the other memory operations).
        space: u32,
        ty: Layout,
        align: u64,
        noundef: bool,
        range: Option<Ranges>,
    },
    Store {
        val: Operand,
        ptr: Operand,
        space: u32,
        ty: Layout,
        align: u64,
    },
    Alloca {
        /// The address space of the result (where the object lives).
        space: u32,
        elem_size: u64,
        count: Operand,
        align: u64,
    },
    Call {
        callee: Callee,
        args: Vec<Operand>,
        /// The address space of each pointer argument (0 for the others).
        arg_spaces: Vec<u32>,
        /// Which arguments are `noundef` (at the call or on the callee).
        arg_noundef: Vec<bool>,
        ret: Layout,
        ret_noundef: bool,
        range: Option<Ranges>,
    },
    AtomicRmw {
        op: RmwOp,
        ptr: Operand,
        space: u32,
        val: Operand,
        ty: Layout,
        align: u64,
    },
    CmpXchg {
        ptr: Operand,
        space: u32,
        cmp: Operand,
        new: Operand,
        ty: Layout,
        align: u64,
    },
    ExtractValue {
        agg: Operand,
        path: Vec<u32>,
    },
    InsertValue {
        agg: Operand,
        val: Operand,
        path: Vec<u32>,
    },
    ExtractElement {
        vec: Operand,
        idx: Operand,
    },
    InsertElement {
        vec: Operand,
        val: Operand,
        idx: Operand,
    },
    ShuffleVector {
        a: Operand,
        b: Operand,
        mask: Vec<Option<u32>>,
    },
    Br(BlockId),
    CondBr {
        c: Operand,
        t: BlockId,
        f: BlockId,
    },
    Switch {
        c: Operand,
        default: BlockId,
        cases: Vec<(u128, BlockId)>,
    },
    Ret(Option<Operand>),
    Unreachable,
    /// Decoded, but outside the subset: running it refuses with this reason.
    Refused(String),
}

/// A constant, resolved as far as possible at decode time.
#[derive(Clone, Debug)]
pub enum Const {
    Int {
        bits: u32,
        val: u128,
    },
    /// `poison` or `undef` (both treated as poison; see the module doc) of a layout.
    Poison(Layout),
    Null {
        space: u32,
    },
    Global(ObjId),
    Function(FnId),
    /// Vector, struct or array constant, member by member.
    Vector(Vec<Const>),
    Aggregate(Vec<Const>),
    Expr(Box<Op>),
}

/// An instruction operand.
#[derive(Clone, Debug)]
pub enum Operand {
    Slot(Slot),
    Const(Arc<Const>),
}

/// One instruction: its slot is its position in the function's instruction list plus the
/// parameter count.
#[derive(Clone, Debug)]
pub struct Inst {
    pub op: Op,
    /// The IR name without `%`, empty if unnamed.
    pub name: String,
    /// The instruction as LLVM prints it (for reports).
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct Block {
    pub name: String,
    /// Indices into [`Function::insts`]: phis first, the terminator last.
    pub insts: Vec<usize>,
    /// How many of `insts` are phis.
    pub phis: usize,
}

/// A parameter: its layout and name.
#[derive(Clone, Debug)]
pub struct Param {
    pub layout: Layout,
    pub name: String,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: String,
    pub params: Vec<Param>,
    pub ret: Layout,
    pub blocks: Vec<Block>,
    pub insts: Vec<Inst>,
    /// False for a declaration.
    pub defined: bool,
    /// Why the function cannot run (a parameter or result outside the subset), if it cannot.
    pub refused: Option<String>,
}

/// A global variable: its object's size, alignment, initial bytes and whether it is constant.
#[derive(Clone, Debug)]
pub struct Global {
    pub name: String,
    /// Its address space.
    pub space: u32,
    pub size: u64,
    pub align: u64,
    pub constant: bool,
    pub init: super::memory::Init,
}

/// A decoded module.
#[derive(Clone, Debug)]
pub struct Module {
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    /// Base address of each static object: globals, then functions (see [`ObjId`]).
    pub bases: Vec<u64>,
    /// The target triple (what address spaces mean).
    pub triple: String,
}

impl Module {
    /// The function called `name`, if the module defines or declares it.
    pub fn function(&self, name: &str) -> Option<FnId> {
        self.functions.iter().position(|f| f.name == name)
    }

    /// The object id of function `f`.
    pub fn function_object(&self, f: FnId) -> ObjId {
        self.globals.len() + f
    }

    /// The global called `name`, if any.
    pub fn global(&self, name: &str) -> Option<ObjId> {
        self.globals.iter().position(|g| g.name == name)
    }
}

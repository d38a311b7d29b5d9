//! Reads an LLVM module (text IR, parsed by LLVM through inkwell) into the interpreter's form
//! ([`super::ir`]), walking it with llvm-sys getters. Types are laid out with the module's own
//! data layout; flags come from [`super::flags`]. What is outside the subset is kept as
//! [`Op::Refused`] with the reason (so a function that never reaches it still runs), or as
//! [`Function::refused`] when the function's signature itself is outside.

use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::sync::Arc;

use inkwell::context::Context;
use inkwell::memory_buffer::MemoryBuffer;
// The llvm-sys of the LLVM this build is for, as the library re-exports it.
use gpucc_passes::llvm::llvm_sys;
use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode, LLVMTypeKind};

use super::flags::{gep_flags, int_flags, Flags};
use super::ir::*;
use super::memory::{first_address, place, Byte, Init, HEAP_START};
use super::value::{mask, Ptr};

/// Parses `text` and decodes it. Static objects (globals, functions) that `like` also has get
/// the same base addresses as there, so a source and its transformed module agree on
/// addresses; others go after them.
pub fn parse(text: &str, like: Option<&Module>) -> Result<Module, String> {
    parse_aligned(text, like, &HashMap::new())
}

/// [`parse`], placing each global named in `min_align` (`@name`) at least that aligned. A
/// transformed module may realign a global it owns (`gpucc-shared-align` does): the source and
/// the target share one layout, and it must be the target's, which is the stricter; an object
/// is still never aligned to twice its alignment, so over-claiming accesses are caught.
pub fn parse_aligned(
    text: &str,
    like: Option<&Module>,
    min_align: &HashMap<String, u64>,
) -> Result<Module, String> {
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "poison-input");
    let m = ctx
        .create_module_from_ir(buf)
        .map_err(|e| format!("the module does not parse: {}", e.to_string_lossy()))?;
    // SAFETY: `m` owns a valid module for the rest of this function; the decoder only reads it.
    let raw = m.as_mut_ptr();
    let mut d = Decoder::new(raw);
    d.min_align = min_align.clone();
    let module = d.module(like);
    // SAFETY: the target data was created by `Decoder::new` and nothing uses it afterwards.
    unsafe { LLVMDisposeTargetData(d.td) };
    module
}

/// The declared alignment of every global of `text` (`@name` -> bytes; 0 when none is
/// declared), or nothing when it does not parse.
pub fn global_alignments(text: &str) -> HashMap<String, u64> {
    let ctx = Context::create();
    let buf = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "poison-input");
    let Ok(m) = ctx.create_module_from_ir(buf) else {
        return HashMap::new();
    };
    let mut out = HashMap::new();
    // SAFETY: `m` owns a valid module for the rest of this function; it is only read.
    unsafe {
        let mut g = LLVMGetFirstGlobal(m.as_mut_ptr());
        while !g.is_null() {
            out.insert(format!("@{}", name_of(g)), u64::from(LLVMGetAlignment(g)));
            g = LLVMGetNextGlobal(g);
        }
    }
    out
}

fn c_str(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returns NUL-terminated strings that live at least as long as their value.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// The name of `v` (without `@`/`%`), empty if it has none.
fn name_of(v: LLVMValueRef) -> String {
    let mut len = 0usize;
    // SAFETY: `v` is a live value of the module being decoded.
    let p = unsafe { LLVMGetValueName2(v, &mut len) };
    c_str(p)
}

/// `v` as LLVM prints it.
fn printed(v: LLVMValueRef) -> String {
    // SAFETY: `v` is a live value; the message is ours to dispose of.
    unsafe {
        let p = LLVMPrintValueToString(v);
        let s = c_str(p);
        LLVMDisposeMessage(p);
        s
    }
}

fn type_printed(t: LLVMTypeRef) -> String {
    // SAFETY: `t` is a live type; the message is ours to dispose of.
    unsafe {
        let p = LLVMPrintTypeToString(t);
        let s = c_str(p);
        LLVMDisposeMessage(p);
        s
    }
}

struct Decoder {
    m: LLVMModuleRef,
    td: LLVMTargetDataRef,
    globals: HashMap<LLVMValueRef, ObjId>,
    functions: HashMap<LLVMValueRef, FnId>,
    global_count: usize,
    noundef_attr: u32,
    range_md: u32,
    noundef_md: u32,
    /// Globals (`@name`) to place at least this aligned.
    min_align: HashMap<String, u64>,
}

/// The values of one function: parameters and instructions by slot, blocks by index.
struct Locals {
    slots: HashMap<LLVMValueRef, Slot>,
    blocks: HashMap<LLVMBasicBlockRef, BlockId>,
}

type R<T> = Result<T, String>;

impl Decoder {
    fn new(m: LLVMModuleRef) -> Decoder {
        // SAFETY: `m` is a live module; the data layout string lives as long as it.
        let td = unsafe { LLVMCreateTargetData(LLVMGetDataLayoutStr(m)) };
        let kind = |name: &str| {
            // SAFETY: `name` is a valid buffer of the given length.
            unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len()) }
        };
        let md = |name: &str| {
            let c = CString::new(name).expect("metadata names have no NUL");
            // SAFETY: the module's context is live; `c` is NUL-terminated.
            unsafe {
                LLVMGetMDKindIDInContext(
                    LLVMGetModuleContext(m),
                    c.as_ptr(),
                    u32::try_from(name.len()).expect("short"),
                )
            }
        };
        Decoder {
            m,
            td,
            globals: HashMap::new(),
            functions: HashMap::new(),
            global_count: 0,
            noundef_attr: kind("noundef"),
            range_md: md("range"),
            noundef_md: md("noundef"),
            min_align: HashMap::new(),
        }
    }

    fn module(&mut self, like: Option<&Module>) -> R<Module> {
        // SAFETY (whole function): every ref comes from iterating the live module `self.m`.
        unsafe {
            if LLVMByteOrder(self.td) != LLVMByteOrdering::LLVMLittleEndian {
                return Err("big-endian data layouts are outside the subset".to_string());
            }
            let mut gvs = Vec::new();
            let mut g = LLVMGetFirstGlobal(self.m);
            while !g.is_null() {
                self.globals.insert(g, gvs.len());
                gvs.push(g);
                g = LLVMGetNextGlobal(g);
            }
            self.global_count = gvs.len();
            let mut fvs = Vec::new();
            let mut f = LLVMGetFirstFunction(self.m);
            while !f.is_null() {
                self.functions.insert(f, fvs.len());
                fvs.push(f);
                f = LLVMGetNextFunction(f);
            }

            // Static objects: sizes and alignments, then bases (shared with `like`).
            let mut statics: Vec<(String, u64, u64)> = Vec::new();
            for &g in &gvs {
                let ty = LLVMGlobalGetValueType(g);
                let size = LLVMABISizeOfType(self.td, ty);
                let align = match LLVMGetAlignment(g) {
                    0 => u64::from(LLVMABIAlignmentOfType(self.td, ty)),
                    a => u64::from(a),
                };
                let name = format!("@{}", name_of(g));
                let align = align.max(self.min_align.get(&name).copied().unwrap_or(1));
                statics.push((name, size, align));
            }
            for &f in &fvs {
                statics.push((format!("fn @{}", name_of(f)), 0, 16));
            }
            let bases = assign_bases(&statics, like)?;

            let mut globals = Vec::new();
            for (i, &g) in gvs.iter().enumerate() {
                let (ref name, size, align) = statics[i];
                let init = self
                    .initializer(g, &bases)
                    .map_err(|e| format!("global {name}: {e}"))?;
                globals.push(Global {
                    name: name.trim_start_matches('@').to_string(),
                    space: LLVMGetPointerAddressSpace(LLVMTypeOf(g)),
                    size,
                    align,
                    constant: LLVMIsGlobalConstant(g) != 0,
                    init,
                });
            }
            let mut functions = Vec::new();
            for &f in &fvs {
                functions.push(self.function(f));
            }
            Ok(Module {
                functions,
                globals,
                bases,
                triple: c_str(LLVMGetTarget(self.m)),
            })
        }
    }

    /// The initial contents of global `g`.
    unsafe fn initializer(&self, g: LLVMValueRef, bases: &[u64]) -> R<Init> {
        if LLVMIsDeclaration(g) != 0 {
            return Err("an external global has no known contents".to_string());
        }
        let init = LLVMGetInitializer(g);
        if !LLVMIsAConstantAggregateZero(init).is_null() || !LLVMIsNull(init).eq(&0) {
            return Ok(Init::Zero);
        }
        if LLVMIsUndef(init) != 0 {
            // A writable global's `undef` contents are read as a fixed pattern, one of the
            // values they may hold (the same in source and target; no pipeline here folds
            // loads of a writable global). A constant one stays poison.
            if LLVMIsGlobalConstant(g) == 0 {
                let seed = name_of(g).bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
                });
                return Ok(Init::Pattern(seed));
            }
            return Ok(Init::Poison);
        }
        let layout = self.layout(LLVMTypeOf(init))?;
        let c = self.konst(init)?;
        let mut bytes = vec![Byte::Poison; usize::try_from(layout.store_size()).expect("fits")];
        write_const(&c, &layout, bases, &mut bytes, 0)?;
        Ok(Init::Bytes(Arc::new(bytes)))
    }

    unsafe fn layout(&self, t: LLVMTypeRef) -> R<Layout> {
        Ok(match LLVMGetTypeKind(t) {
            LLVMTypeKind::LLVMIntegerTypeKind => {
                let bits = LLVMGetIntTypeWidth(t);
                if bits > 128 {
                    return Err(format!("integer type i{bits} is wider than 128 bits"));
                }
                Layout::Int {
                    bits,
                    bytes: LLVMStoreSizeOfType(self.td, t),
                }
            }
            LLVMTypeKind::LLVMPointerTypeKind => {
                let space = LLVMGetPointerAddressSpace(t);
                Layout::Ptr {
                    space,
                    bytes: u64::from(LLVMPointerSizeForAS(self.td, space)),
                }
            }
            LLVMTypeKind::LLVMVectorTypeKind => {
                let elem = self.layout(LLVMGetElementType(t))?;
                Layout::Vector {
                    lanes: LLVMGetVectorSize(t),
                    elem: Box::new(elem),
                }
            }
            LLVMTypeKind::LLVMStructTypeKind => {
                let n = LLVMCountStructElementTypes(t);
                let mut members = Vec::new();
                for i in 0..n {
                    let m = self.layout(LLVMStructGetTypeAtIndex(t, i))?;
                    members.push((LLVMOffsetOfElement(self.td, t, i), m));
                }
                Layout::Aggregate {
                    members,
                    size: LLVMABISizeOfType(self.td, t),
                }
            }
            LLVMTypeKind::LLVMArrayTypeKind => {
                let n = gpucc_passes::llvm::array_length(t);
                if n > 65_536 {
                    return Err(format!(
                        "array type {} is too long to hold as a value",
                        type_printed(t)
                    ));
                }
                let et = LLVMGetElementType(t);
                let stride = LLVMABISizeOfType(self.td, et);
                let elem = self.layout(et)?;
                Layout::Aggregate {
                    members: (0..n).map(|i| (i * stride, elem.clone())).collect(),
                    size: LLVMABISizeOfType(self.td, t),
                }
            }
            LLVMTypeKind::LLVMVoidTypeKind => Layout::Void,
            _ => {
                return Err(format!(
                    "type {} is outside the interpreter's subset",
                    type_printed(t)
                ))
            }
        })
    }

    /// A constant operand.
    unsafe fn konst(&self, v: LLVMValueRef) -> R<Const> {
        let ty = LLVMTypeOf(v);
        if LLVMIsUndef(v) != 0 {
            // `poison` and `undef` alike (module doc of `mod.rs`).
            return Ok(Const::Poison(self.layout(ty)?));
        }
        if !LLVMIsAConstantInt(v).is_null() {
            let bits = LLVMGetIntTypeWidth(ty);
            let val = if bits <= 64 {
                u128::from(LLVMConstIntGetZExtValue(v))
            } else {
                // Wider than the C API's getter: read the printed decimal (`i128 -5`).
                let text = printed(v);
                let digits = text.rsplit(' ').next().unwrap_or("");
                let n: i128 = digits
                    .parse()
                    .map_err(|_| format!("cannot read the constant `{text}`"))?;
                super::value::from_signed(n, bits)
            };
            return Ok(Const::Int {
                bits,
                val: val & mask(bits),
            });
        }
        if !LLVMIsAConstantPointerNull(v).is_null() {
            return Ok(Const::Null {
                space: LLVMGetPointerAddressSpace(ty),
            });
        }
        if !LLVMIsAConstantAggregateZero(v).is_null() {
            return Ok(zero_of(&self.layout(ty)?));
        }
        if let Some(&id) = self.globals.get(&v) {
            return Ok(Const::Global(id));
        }
        if let Some(&id) = self.functions.get(&v) {
            return Ok(Const::Function(id));
        }
        let vector = LLVMGetTypeKind(ty) == LLVMTypeKind::LLVMVectorTypeKind;
        if !LLVMIsAConstantDataSequential(v).is_null() {
            let n = if vector {
                LLVMGetVectorSize(ty)
            } else {
                u32::try_from(gpucc_passes::llvm::array_length(ty)).unwrap_or(u32::MAX)
            };
            let elems = (0..n)
                .map(|i| self.konst(LLVMGetAggregateElement(v, i)))
                .collect::<R<Vec<_>>>()?;
            return Ok(if vector {
                Const::Vector(elems)
            } else {
                Const::Aggregate(elems)
            });
        }
        if !LLVMIsAConstantArray(v).is_null()
            || !LLVMIsAConstantStruct(v).is_null()
            || !LLVMIsAConstantVector(v).is_null()
        {
            let n = u32::try_from(LLVMGetNumOperands(v)).expect("operand counts are positive");
            let elems = (0..n)
                .map(|i| self.konst(LLVMGetOperand(v, i)))
                .collect::<R<Vec<_>>>()?;
            return Ok(if vector {
                Const::Vector(elems)
            } else {
                Const::Aggregate(elems)
            });
        }
        if !LLVMIsAConstantExpr(v).is_null() {
            let op = self.op(v, LLVMGetConstOpcode(v), None)?;
            return Ok(Const::Expr(Box::new(op)));
        }
        Err(format!(
            "the constant `{}` is outside the interpreter's subset",
            printed(v)
        ))
    }

    unsafe fn operand(&self, v: LLVMValueRef, locals: Option<&Locals>) -> R<Operand> {
        if let Some(&s) = locals.and_then(|l| l.slots.get(&v)) {
            return Ok(Operand::Slot(s));
        }
        if !LLVMIsAInstruction(v).is_null() || !LLVMIsAArgument(v).is_null() {
            return Err(format!("operand `{}` is not in this function", printed(v)));
        }
        Ok(Operand::Const(Arc::new(self.konst(v)?)))
    }

    unsafe fn function(&self, f: LLVMValueRef) -> Function {
        let name = name_of(f);
        let fty = LLVMGlobalGetValueType(f);
        let mut refused = None;
        let ret = self.layout(LLVMGetReturnType(fty)).unwrap_or_else(|e| {
            refused = Some(format!("@{name} returns {e}"));
            Layout::Void
        });
        let n = LLVMCountParams(f);
        let mut params = Vec::new();
        for i in 0..n {
            let p = LLVMGetParam(f, i);
            let layout = self.layout(LLVMTypeOf(p)).unwrap_or_else(|e| {
                refused.get_or_insert(format!("@{name} parameter {i}: {e}"));
                Layout::Void
            });
            params.push(Param {
                layout,
                name: name_of(p),
            });
        }
        let mut func = Function {
            name: name.clone(),
            params,
            ret,
            blocks: Vec::new(),
            insts: Vec::new(),
            defined: LLVMIsDeclaration(f) == 0,
            refused,
        };
        if !func.defined {
            return func;
        }
        let mut locals = Locals {
            slots: HashMap::new(),
            blocks: HashMap::new(),
        };
        for i in 0..n {
            locals.slots.insert(LLVMGetParam(f, i), locals.slots.len());
        }
        // First pass: number blocks and instructions, so operands may refer forward.
        let mut order: Vec<(LLVMBasicBlockRef, Vec<LLVMValueRef>)> = Vec::new();
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            locals.blocks.insert(bb, order.len());
            let mut insts = Vec::new();
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                locals.slots.insert(i, locals.slots.len());
                insts.push(i);
                i = LLVMGetNextInstruction(i);
            }
            order.push((bb, insts));
            bb = LLVMGetNextBasicBlock(bb);
        }
        for (bb, insts) in &order {
            let mut block = Block {
                name: c_str(LLVMGetBasicBlockName(*bb)),
                insts: Vec::new(),
                phis: 0,
            };
            for &i in insts {
                let opcode = LLVMGetInstructionOpcode(i);
                if opcode == LLVMOpcode::LLVMPHI {
                    block.phis += 1;
                }
                let op = self
                    .op(i, opcode, Some(&locals))
                    .unwrap_or_else(Op::Refused);
                block.insts.push(func.insts.len());
                func.insts.push(Inst {
                    op,
                    name: name_of(i),
                    text: printed(i).trim().to_string(),
                });
            }
            func.blocks.push(block);
        }
        func
    }

    unsafe fn block(&self, b: LLVMBasicBlockRef, locals: Option<&Locals>) -> R<BlockId> {
        locals
            .and_then(|l| l.blocks.get(&b).copied())
            .ok_or_else(|| "a branch to a block of another function".to_string())
    }

    /// Whether attribute `noundef` is on position `idx` (0: the result, `k`: argument `k`)
    /// of call `call` or of its callee `f`.
    unsafe fn noundef(&self, call: LLVMValueRef, f: Option<LLVMValueRef>, idx: u32) -> bool {
        !LLVMGetCallSiteEnumAttribute(call, idx, self.noundef_attr).is_null()
            || f.is_some_and(|f| !LLVMGetEnumAttributeAtIndex(f, idx, self.noundef_attr).is_null())
    }

    /// The intervals of `!range` on `i`, if any.
    unsafe fn ranges(&self, i: LLVMValueRef) -> R<Option<Ranges>> {
        let md = LLVMGetMetadata(i, self.range_md);
        if md.is_null() {
            return Ok(None);
        }
        let n = usize::try_from(LLVMGetMDNodeNumOperands(md)).expect("fits");
        let mut ops = vec![std::ptr::null_mut(); n];
        LLVMGetMDNodeOperands(md, ops.as_mut_ptr());
        let mut out = Vec::new();
        for pair in ops.chunks(2) {
            let ints = pair
                .iter()
                .map(|&v| match self.konst(v)? {
                    Const::Int { val, .. } => Ok(val),
                    _ => Err("a !range bound that is not an integer".to_string()),
                })
                .collect::<R<Vec<_>>>()?;
            if let [lo, hi] = ints[..] {
                out.push((lo, hi));
            }
        }
        Ok(Some(out))
    }

    fn int_layout_bits(l: &Layout) -> Option<u32> {
        match l {
            Layout::Int { bits, .. } => Some(*bits),
            Layout::Vector { elem, .. } => Decoder::int_layout_bits(elem),
            _ => None,
        }
    }

    /// Decodes instruction or constant expression `v` with opcode `opcode`.
    unsafe fn op(&self, v: LLVMValueRef, opcode: LLVMOpcode, locals: Option<&Locals>) -> R<Op> {
        use LLVMOpcode::*;
        let opnd = |k: u32| self.operand(LLVMGetOperand(v, k), locals);
        let text = || printed(v);
        let bin = |op: BinOp, name: &str| -> R<Op> {
            let flags = if matches!(
                op,
                BinOp::Add
                    | BinOp::Sub
                    | BinOp::Mul
                    | BinOp::Shl
                    | BinOp::UDiv
                    | BinOp::SDiv
                    | BinOp::LShr
                    | BinOp::AShr
                    | BinOp::Or
            ) {
                int_flags(&text(), name)?
            } else {
                Flags::default()
            };
            self.layout(LLVMTypeOf(v))?;
            Ok(Op::Bin {
                op,
                flags,
                a: opnd(0)?,
                b: opnd(1)?,
            })
        };
        Ok(match opcode {
            LLVMAdd => bin(BinOp::Add, "add")?,
            LLVMSub => bin(BinOp::Sub, "sub")?,
            LLVMMul => bin(BinOp::Mul, "mul")?,
            LLVMUDiv => bin(BinOp::UDiv, "udiv")?,
            LLVMSDiv => bin(BinOp::SDiv, "sdiv")?,
            LLVMURem => bin(BinOp::URem, "urem")?,
            LLVMSRem => bin(BinOp::SRem, "srem")?,
            LLVMShl => bin(BinOp::Shl, "shl")?,
            LLVMLShr => bin(BinOp::LShr, "lshr")?,
            LLVMAShr => bin(BinOp::AShr, "ashr")?,
            LLVMAnd => bin(BinOp::And, "and")?,
            LLVMOr => bin(BinOp::Or, "or")?,
            LLVMXor => bin(BinOp::Xor, "xor")?,
            LLVMICmp => {
                use LLVMIntPredicate::*;
                let pred = match LLVMGetICmpPredicate(v) {
                    LLVMIntEQ => Pred::Eq,
                    LLVMIntNE => Pred::Ne,
                    LLVMIntUGT => Pred::Ugt,
                    LLVMIntUGE => Pred::Uge,
                    LLVMIntULT => Pred::Ult,
                    LLVMIntULE => Pred::Ule,
                    LLVMIntSGT => Pred::Sgt,
                    LLVMIntSGE => Pred::Sge,
                    LLVMIntSLT => Pred::Slt,
                    LLVMIntSLE => Pred::Sle,
                };
                Op::ICmp {
                    pred,
                    flags: int_flags(&text(), "icmp")?,
                    a: opnd(0)?,
                    b: opnd(1)?,
                }
            }
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast
            | LLVMAddrSpaceCast => {
                let (op, name) = match opcode {
                    LLVMTrunc => (CastOp::Trunc, "trunc"),
                    LLVMZExt => (CastOp::ZExt, "zext"),
                    LLVMSExt => (CastOp::SExt, "sext"),
                    LLVMPtrToInt => (CastOp::PtrToInt, "ptrtoint"),
                    LLVMIntToPtr => (CastOp::IntToPtr, "inttoptr"),
                    LLVMBitCast => (CastOp::BitCast, "bitcast"),
                    _ => (CastOp::AddrSpaceCast, "addrspacecast"),
                };
                let flags = if matches!(op, CastOp::Trunc | CastOp::ZExt) {
                    int_flags(&text(), name)?
                } else {
                    Flags::default()
                };
                let from = self.layout(LLVMTypeOf(LLVMGetOperand(v, 0)))?;
                let to = self.layout(LLVMTypeOf(v))?;
                if op == CastOp::BitCast && from.store_size() != to.store_size() {
                    return Err("a bitcast between types of different sizes".to_string());
                }
                Op::Cast {
                    op,
                    flags,
                    a: opnd(0)?,
                    to,
                }
            }
            LLVMSelect => Op::Select {
                c: opnd(0)?,
                a: opnd(1)?,
                b: opnd(2)?,
            },
            LLVMFreeze => Op::Freeze {
                a: opnd(0)?,
                ty: self.layout(LLVMTypeOf(v))?,
            },
            LLVMPHI => {
                let n = LLVMCountIncoming(v);
                let mut incoming = Vec::new();
                for k in 0..n {
                    incoming.push((
                        self.block(LLVMGetIncomingBlock(v, k), locals)?,
                        self.operand(LLVMGetIncomingValue(v, k), locals)?,
                    ));
                }
                Op::Phi(incoming)
            }
            LLVMGetElementPtr => self.gep(v, locals, &text())?,
            LLVMLoad => Op::Load {
                ptr: opnd(0)?,
                space: space_of(LLVMGetOperand(v, 0)),
                ty: self.layout(LLVMTypeOf(v))?,
                align: u64::from(LLVMGetAlignment(v)),
                noundef: !LLVMGetMetadata(v, self.noundef_md).is_null(),
                range: self.ranges(v)?,
            },
            LLVMStore => Op::Store {
                val: opnd(0)?,
                ptr: opnd(1)?,
                space: space_of(LLVMGetOperand(v, 1)),
                ty: self.layout(LLVMTypeOf(LLVMGetOperand(v, 0)))?,
                align: u64::from(LLVMGetAlignment(v)),
            },
            LLVMAlloca => Op::Alloca {
                space: space_of(v),
                elem_size: LLVMABISizeOfType(self.td, LLVMGetAllocatedType(v)),
                count: opnd(0)?,
                align: u64::from(LLVMGetAlignment(v)),
            },
            LLVMCall => self.call(v, locals)?,
            LLVMAtomicRMW => {
                use llvm_sys::LLVMAtomicRMWBinOp::*;
                let op = match LLVMGetAtomicRMWBinOp(v) {
                    LLVMAtomicRMWBinOpXchg => RmwOp::Xchg,
                    LLVMAtomicRMWBinOpAdd => RmwOp::Add,
                    LLVMAtomicRMWBinOpSub => RmwOp::Sub,
                    LLVMAtomicRMWBinOpAnd => RmwOp::And,
                    LLVMAtomicRMWBinOpOr => RmwOp::Or,
                    LLVMAtomicRMWBinOpXor => RmwOp::Xor,
                    LLVMAtomicRMWBinOpMax => RmwOp::Max,
                    LLVMAtomicRMWBinOpMin => RmwOp::Min,
                    LLVMAtomicRMWBinOpUMax => RmwOp::UMax,
                    LLVMAtomicRMWBinOpUMin => RmwOp::UMin,
                    other => return Err(format!("atomicrmw {other:?} is outside the subset")),
                };
                Op::AtomicRmw {
                    op,
                    ptr: opnd(0)?,
                    space: space_of(LLVMGetOperand(v, 0)),
                    val: opnd(1)?,
                    ty: self.layout(LLVMTypeOf(LLVMGetOperand(v, 1)))?,
                    align: u64::from(LLVMGetAlignment(v)),
                }
            }
            LLVMAtomicCmpXchg => Op::CmpXchg {
                ptr: opnd(0)?,
                space: space_of(LLVMGetOperand(v, 0)),
                cmp: opnd(1)?,
                new: opnd(2)?,
                ty: self.layout(LLVMTypeOf(LLVMGetOperand(v, 1)))?,
                align: u64::from(LLVMGetAlignment(v)),
            },
            LLVMExtractValue | LLVMInsertValue => {
                let n = usize::try_from(LLVMGetNumIndices(v)).expect("fits");
                let path = std::slice::from_raw_parts(LLVMGetIndices(v), n).to_vec();
                if opcode == LLVMExtractValue {
                    Op::ExtractValue {
                        agg: opnd(0)?,
                        path,
                    }
                } else {
                    Op::InsertValue {
                        agg: opnd(0)?,
                        val: opnd(1)?,
                        path,
                    }
                }
            }
            LLVMExtractElement => Op::ExtractElement {
                vec: opnd(0)?,
                idx: opnd(1)?,
            },
            LLVMInsertElement => Op::InsertElement {
                vec: opnd(0)?,
                val: opnd(1)?,
                idx: opnd(2)?,
            },
            LLVMShuffleVector => {
                let n = LLVMGetNumMaskElements(v);
                let undef = LLVMGetUndefMaskElem();
                let mask = (0..n)
                    .map(|k| {
                        let m = LLVMGetMaskValue(v, k);
                        (m != undef).then(|| u32::try_from(m).expect("mask elements are lanes"))
                    })
                    .collect();
                Op::ShuffleVector {
                    a: opnd(0)?,
                    b: opnd(1)?,
                    mask,
                }
            }
            LLVMBr => {
                if LLVMIsConditional(v) != 0 {
                    Op::CondBr {
                        c: self.operand(LLVMGetCondition(v), locals)?,
                        t: self.block(LLVMGetSuccessor(v, 0), locals)?,
                        f: self.block(LLVMGetSuccessor(v, 1), locals)?,
                    }
                } else {
                    Op::Br(self.block(LLVMGetSuccessor(v, 0), locals)?)
                }
            }
            LLVMSwitch => {
                let successors = LLVMGetNumSuccessors(v);
                let mut cases = Vec::new();
                for k in 1..successors {
                    let val = match self.konst(gpucc_passes::llvm::switch_case_value(v, k))? {
                        Const::Int { val, .. } => val,
                        _ => return Err("a switch case that is not an integer".to_string()),
                    };
                    cases.push((val, self.block(LLVMGetSuccessor(v, k), locals)?));
                }
                Op::Switch {
                    c: opnd(0)?,
                    default: self.block(LLVMGetSwitchDefaultDest(v), locals)?,
                    cases,
                }
            }
            LLVMRet => {
                if LLVMGetNumOperands(v) == 0 {
                    Op::Ret(None)
                } else {
                    Op::Ret(Some(opnd(0)?))
                }
            }
            LLVMUnreachable => Op::Unreachable,
            other => {
                return Err(format!(
                    "`{}` ({other:?}) is outside the interpreter's subset",
                    text().trim()
                ))
            }
        })
    }

    unsafe fn gep(&self, v: LLVMValueRef, locals: Option<&Locals>, text: &str) -> R<Op> {
        let base_ty = LLVMTypeOf(LLVMGetOperand(v, 0));
        if LLVMGetTypeKind(base_ty) != LLVMTypeKind::LLVMPointerTypeKind {
            return Err(format!(
                "vector GEP `{}` is outside the subset",
                text.trim()
            ));
        }
        let space = LLVMGetPointerAddressSpace(base_ty);
        let index_bits = 8 * LLVMPointerSizeForAS(self.td, space);
        let mut ty = LLVMGetGEPSourceElementType(v);
        let n = u32::try_from(LLVMGetNumOperands(v)).expect("positive");
        let mut steps = Vec::new();
        for k in 1..n {
            let idx = LLVMGetOperand(v, k);
            if LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMTypeKind::LLVMIntegerTypeKind {
                return Err(format!("vector index in `{}`", text.trim()));
            }
            if k == 1 {
                steps.push(GepStep::Index {
                    index: self.operand(idx, locals)?,
                    stride: LLVMABISizeOfType(self.td, ty),
                });
                continue;
            }
            match LLVMGetTypeKind(ty) {
                LLVMTypeKind::LLVMStructTypeKind => {
                    let field = u32::try_from(LLVMConstIntGetZExtValue(idx))
                        .map_err(|_| "a struct field number past u32".to_string())?;
                    steps.push(GepStep::Field {
                        index: field,
                        offset: LLVMOffsetOfElement(self.td, ty, field),
                    });
                    ty = LLVMStructGetTypeAtIndex(ty, field);
                }
                LLVMTypeKind::LLVMArrayTypeKind => {
                    ty = LLVMGetElementType(ty);
                    steps.push(GepStep::Index {
                        index: self.operand(idx, locals)?,
                        stride: LLVMABISizeOfType(self.td, ty),
                    });
                }
                _ => {
                    return Err(format!(
                        "GEP `{}` indexes into {}, outside the subset",
                        text.trim(),
                        type_printed(ty)
                    ))
                }
            }
        }
        Ok(Op::Gep {
            base: self.operand(LLVMGetOperand(v, 0), locals)?,
            steps,
            flags: gep_flags(text)?,
            index_bits,
        })
    }

    unsafe fn call(&self, v: LLVMValueRef, locals: Option<&Locals>) -> R<Op> {
        let n = LLVMGetNumArgOperands(v);
        let called = LLVMGetCalledValue(v);
        let func = (!LLVMIsAFunction(called).is_null()).then_some(called);
        let callee = match func {
            Some(f) if LLVMIsDeclaration(f) == 0 => Callee::Defined(self.functions[&f]),
            Some(f) => {
                let name = name_of(f);
                match builtin(&name) {
                    Some(b) => Callee::Builtin(b, name),
                    None => Callee::Unknown(name),
                }
            }
            None => Callee::Indirect(self.operand(called, locals)?),
        };
        if printed(v).contains("[ \"") {
            return Err("calls with operand bundles are outside the subset".to_string());
        }
        let mut args = Vec::new();
        let mut arg_spaces = Vec::new();
        let mut arg_noundef = Vec::new();
        for k in 0..n {
            args.push(self.operand(LLVMGetOperand(v, k), locals)?);
            arg_spaces.push(space_of(LLVMGetOperand(v, k)));
            arg_noundef.push(self.noundef(v, func, k + 1));
        }
        Ok(Op::Call {
            callee,
            args,
            arg_spaces,
            arg_noundef,
            ret: self.layout(LLVMTypeOf(v))?,
            ret_noundef: self.noundef(v, func, 0),
            range: self.ranges(v)?,
        })
    }
}

/// The address space of `v`'s type if it is a pointer, else 0.
fn space_of(v: LLVMValueRef) -> u32 {
    // SAFETY: `v` is a live value of the module being decoded.
    unsafe {
        let t = LLVMTypeOf(v);
        if LLVMGetTypeKind(t) == LLVMTypeKind::LLVMPointerTypeKind {
            LLVMGetPointerAddressSpace(t)
        } else {
            0
        }
    }
}

/// The builtin a declared function called `name` is, if the interpreter knows it.
pub fn builtin(name: &str) -> Option<Builtin> {
    let prefix = |p: &str| name.starts_with(p);
    Some(if prefix("llvm.memcpy.") {
        Builtin::MemCpy
    } else if prefix("llvm.memmove.") {
        Builtin::MemMove
    } else if prefix("llvm.memset.") {
        Builtin::MemSet
    } else if prefix("llvm.smax.") {
        Builtin::SMax
    } else if prefix("llvm.smin.") {
        Builtin::SMin
    } else if prefix("llvm.umax.") {
        Builtin::UMax
    } else if prefix("llvm.umin.") {
        Builtin::UMin
    } else if prefix("llvm.abs.") {
        Builtin::Abs
    } else if prefix("llvm.ctpop.") {
        Builtin::CtPop
    } else if prefix("llvm.ctlz.") {
        Builtin::Ctlz
    } else if prefix("llvm.cttz.") {
        Builtin::Cttz
    } else if prefix("llvm.bswap.") {
        Builtin::BSwap
    } else if prefix("llvm.fshl.") {
        Builtin::FShl
    } else if prefix("llvm.fshr.") {
        Builtin::FShr
    } else if prefix("llvm.sadd.with.overflow.") {
        Builtin::WithOverflow(BinOp::Add, true)
    } else if prefix("llvm.uadd.with.overflow.") {
        Builtin::WithOverflow(BinOp::Add, false)
    } else if prefix("llvm.ssub.with.overflow.") {
        Builtin::WithOverflow(BinOp::Sub, true)
    } else if prefix("llvm.usub.with.overflow.") {
        Builtin::WithOverflow(BinOp::Sub, false)
    } else if prefix("llvm.smul.with.overflow.") {
        Builtin::WithOverflow(BinOp::Mul, true)
    } else if prefix("llvm.umul.with.overflow.") {
        Builtin::WithOverflow(BinOp::Mul, false)
    } else if name == "llvm.assume" {
        Builtin::Assume
    } else if prefix("llvm.expect.") {
        Builtin::Expect
    } else if prefix("llvm.ptrmask.") {
        Builtin::PtrMask
    } else if prefix("llvm.lifetime.")
        || prefix("llvm.dbg.")
        || name == "llvm.donothing"
        || name == "llvm.experimental.noalias.scope.decl"
        || name == "fflush"
    {
        Builtin::NoOp
    } else if name == "printf" {
        Builtin::Printf
    } else if prefix("observe") {
        Builtin::Observe
    } else if name == "malloc" {
        Builtin::Malloc
    } else if name == "free" {
        Builtin::Free
    } else {
        return None;
    })
}

/// The zero value of `layout` (`zeroinitializer`).
fn zero_of(layout: &Layout) -> Const {
    match layout {
        Layout::Int { bits, .. } => Const::Int {
            bits: *bits,
            val: 0,
        },
        Layout::Ptr { space, .. } => Const::Null { space: *space },
        Layout::Vector { lanes, elem } => {
            Const::Vector((0..*lanes).map(|_| zero_of(elem)).collect())
        }
        Layout::Aggregate { members, .. } => {
            Const::Aggregate(members.iter().map(|(_, l)| zero_of(l)).collect())
        }
        Layout::Void => Const::Aggregate(Vec::new()),
    }
}

/// Writes the bytes of constant `c` of `layout` into `out` at `at` (a global's initializer).
fn write_const(c: &Const, layout: &Layout, bases: &[u64], out: &mut [Byte], at: usize) -> R<()> {
    let ptr_bytes = |p: Ptr, n: u64, out: &mut [Byte]| {
        for i in 0..usize::try_from(n).expect("fits") {
            out[at + i] = Byte::Ptr {
                ptr: p,
                part: u8::try_from(i).expect("pointers are at most 8 bytes"),
            };
        }
    };
    match (c, layout) {
        (Const::Poison(_), l) => {
            for b in &mut out[at..at + usize::try_from(l.store_size()).expect("fits")] {
                *b = Byte::Poison;
            }
        }
        (Const::Int { val, .. }, Layout::Int { bytes, .. }) => {
            for i in 0..usize::try_from(*bytes).expect("fits") {
                out[at + i] = Byte::Int(u8::try_from((val >> (8 * i)) & 0xFF).expect("a byte"));
            }
        }
        (Const::Null { .. }, Layout::Ptr { bytes, .. }) => {
            for b in &mut out[at..at + usize::try_from(*bytes).expect("fits")] {
                *b = Byte::Int(0);
            }
        }
        (Const::Global(id), Layout::Ptr { bytes, .. }) => ptr_bytes(
            Ptr {
                prov: Some(*id),
                addr: bases[*id],
            },
            *bytes,
            out,
        ),
        (Const::Vector(elems), Layout::Vector { elem, .. }) => {
            let w = usize::try_from(elem.store_size()).expect("fits");
            for (i, e) in elems.iter().enumerate() {
                write_const(e, elem, bases, out, at + i * w)?;
            }
        }
        (Const::Aggregate(elems), Layout::Aggregate { members, .. }) => {
            for (e, (off, l)) in elems.iter().zip(members) {
                write_const(e, l, bases, out, at + usize::try_from(*off).expect("fits"))?;
            }
        }
        _ => {
            return Err(format!(
                "an initializer ({c:?}) outside the subset (function pointers, constant \
                 expressions)"
            ))
        }
    }
    Ok(())
}

/// Base addresses of the static objects `(name, size, align)`: the same as in `like` for the
/// names it has, fresh ones after everything else for the rest.
fn assign_bases(statics: &[(String, u64, u64)], like: Option<&Module>) -> R<Vec<u64>> {
    let mut known: HashMap<String, u64> = HashMap::new();
    let mut next = first_address();
    if let Some(like) = like {
        let names = like
            .globals
            .iter()
            .map(|g| format!("@{}", g.name))
            .chain(like.functions.iter().map(|f| format!("fn @{}", f.name)));
        for (name, &base) in names.zip(&like.bases) {
            known.insert(name, base);
        }
        let (sizes, aligns): (Vec<u64>, Vec<u64>) = like
            .globals
            .iter()
            .map(|g| (g.size, g.align))
            .chain(like.functions.iter().map(|_| (0, 16)))
            .unzip();
        for ((&base, size), _) in like.bases.iter().zip(sizes).zip(aligns) {
            next = next.max(base + size.max(1) + 0x1000);
        }
    }
    let mut bases = Vec::new();
    for (name, size, align) in statics {
        let base = match known.get(name) {
            Some(&b) => b,
            None => {
                let (b, after) = place(next, *size, *align);
                next = after;
                b
            }
        };
        if base + size >= HEAP_START {
            return Err(format!(
                "static objects do not fit below {HEAP_START:#x} ({name} at {base:#x})"
            ));
        }
        bases.push(base);
    }
    Ok(bases)
}

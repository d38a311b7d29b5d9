//! Runs a function of a decoded module, recording what it *observes*: calls of `printf` and of
//! declared `@observe*` functions, and its return value. Memory follows [`super::memory`]; the
//! integer rules are in [`super::value`]; this file adds control flow, GEPs, memory
//! instructions, calls and the UB-implying attributes.

use std::fmt;

use super::ir::*;
use super::memory::{Byte, Init, Kind, Memory, Spaces};
use super::value::{
    binop, from_signed, icmp, in_ranges, int_cast, lanewise, mask, signed, Ptr, Ub, Value,
};

/// Limits and choices of one run.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Instructions executed before the run counts as not terminating.
    pub max_steps: u64,
    /// How `freeze` picks a value for poison: 0 gives zeros, others a seeded pattern.
    pub freeze_seed: u64,
    /// Record every named instruction's value ([`Run::trace`]), for reports.
    pub trace: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_steps: 2_000_000,
            freeze_seed: 0,
            trace: false,
        }
    }
}

/// An observed value: a value, or the text a `%s` conversion of `printf` read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    Val(Value),
    Str(String),
}

/// One observation: what was observed (`printf "%lld\n"`, `@observe_i64`, `return`), the
/// values, and the instruction that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obs {
    pub what: String,
    pub vals: Vec<Seen>,
    pub at: String,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Returned,
    /// Undefined behaviour: what, and where (`@function: instruction`).
    Ub {
        what: String,
        at: String,
    },
    /// More than [`Config::max_steps`] instructions, or calls nested too deep.
    Timeout,
    /// Something outside the interpreter's subset was reached.
    Refused(String),
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Returned => f.write_str("returned"),
            End::Ub { what, at } => write!(f, "undefined behaviour: {what}\n    at {at}"),
            End::Timeout => f.write_str("did not finish within the step limit"),
            End::Refused(why) => write!(f, "refused: {why}"),
        }
    }
}

/// One named instruction's value, as the trace records it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traced {
    pub function: String,
    pub name: String,
    pub text: String,
    pub value: Value,
}

/// Everything one run produced.
#[derive(Clone, Debug)]
pub struct Run {
    pub obs: Vec<Obs>,
    pub end: End,
    /// The number of observations made before the first `freeze` of poison, if one ran.
    pub froze_poison_at: Option<usize>,
    pub trace: Vec<Traced>,
    /// The memory at the end (objects the caller cares about are read from it).
    pub memory: Memory,
    pub steps: u64,
}

/// Why execution stopped early.
enum Stop {
    Ub(String, String),
    Timeout,
    Refused(String),
}

const MAX_DEPTH: usize = 256;

/// A module ready to run, with its memory.
pub struct Machine<'m> {
    m: &'m Module,
    pub mem: Memory,
    cfg: Config,
    obs: Vec<Obs>,
    froze_poison_at: Option<usize>,
    freezes: u64,
    trace: Vec<Traced>,
    steps: u64,
    depth: usize,
}

fn poison_of(l: &Layout) -> Value {
    match l {
        Layout::Vector { lanes, .. } => Value::Vector(vec![Value::Poison; lanes_usize(*lanes)]),
        Layout::Aggregate { members, .. } => {
            Value::Aggregate(members.iter().map(|(_, m)| poison_of(m)).collect())
        }
        Layout::Void => Value::Void,
        _ => Value::Poison,
    }
}

fn lanes_usize(n: u32) -> usize {
    usize::try_from(n).expect("lane counts fit in usize")
}

fn as_int(v: &Value) -> Option<(u32, u128)> {
    match v {
        Value::Int { bits, val } => Some((*bits, *val)),
        _ => None,
    }
}

/// The address space of a pointer layout (or of a vector of pointers), 0 for others.
fn space_of(l: &Layout) -> u32 {
    match l {
        Layout::Ptr { space, .. } => *space,
        Layout::Vector { elem, .. } => space_of(elem),
        _ => 0,
    }
}

fn int_bits(l: &Layout) -> u32 {
    match l {
        Layout::Int { bits, .. } => *bits,
        Layout::Ptr { bytes, .. } => u32::try_from(8 * bytes).expect("small"),
        Layout::Vector { elem, .. } => int_bits(elem),
        _ => 0,
    }
}

/// The integer of `bits` bits that `v` (an integer or a vector of them) spells, lane 0 lowest.
fn to_bits(v: &Value) -> Option<(u32, u128)> {
    match v {
        Value::Int { bits, val } => Some((*bits, *val)),
        Value::Vector(lanes) => {
            let mut total = 0u32;
            let mut acc = 0u128;
            for l in lanes {
                let (b, x) = to_bits(l)?;
                if total + b > 128 {
                    return None;
                }
                acc |= x << total;
                total += b;
            }
            Some((total, acc))
        }
        _ => None,
    }
}

/// `val` re-read as `layout` (the inverse of [`to_bits`]).
fn from_bits(val: u128, layout: &Layout) -> Value {
    match layout {
        Layout::Int { bits, .. } => Value::int(*bits, val),
        Layout::Vector { lanes, elem } => {
            let b = int_bits(elem);
            Value::Vector(
                (0..*lanes)
                    .map(|i| from_bits(val >> (i * b), elem))
                    .collect(),
            )
        }
        _ => Value::Poison,
    }
}

impl<'m> Machine<'m> {
    /// A machine with the module's globals and functions in memory.
    pub fn new(m: &'m Module, cfg: Config) -> Machine<'m> {
        let mut mem = Memory::new(Spaces::of_triple(&m.triple));
        for (g, &base) in m.globals.iter().zip(&m.bases) {
            mem.add_static(
                base,
                g.size,
                Kind::Global(g.name.clone()),
                g.space,
                g.constant,
                g.init.clone(),
            );
        }
        for (f, &base) in m.functions.iter().zip(&m.bases[m.globals.len()..]) {
            mem.add_static(base, 0, Kind::Function(f.name.clone()), 0, true, Init::Zero);
        }
        Machine {
            m,
            mem,
            cfg,
            obs: Vec::new(),
            froze_poison_at: None,
            freezes: 0,
            trace: Vec::new(),
            steps: 0,
            depth: 0,
        }
    }

    /// Calls `f` with `args` and returns everything the run produced.
    pub fn run(mut self, f: FnId, args: Vec<Value>) -> Run {
        let end = match self.call(f, args) {
            Ok(v) => {
                if v != Value::Void {
                    self.obs.push(Obs {
                        what: "return".to_string(),
                        vals: vec![Seen::Val(v)],
                        at: format!("ret of @{}", self.m.functions[f].name),
                    });
                }
                End::Returned
            }
            Err(Stop::Ub(what, at)) => End::Ub { what, at },
            Err(Stop::Timeout) => End::Timeout,
            Err(Stop::Refused(why)) => End::Refused(why),
        };
        Run {
            obs: self.obs,
            end,
            froze_poison_at: self.froze_poison_at,
            trace: self.trace,
            memory: self.mem,
            steps: self.steps,
        }
    }

    fn call(&mut self, f: FnId, args: Vec<Value>) -> Result<Value, Stop> {
        let func = &self.m.functions[f];
        if let Some(why) = &func.refused {
            return Err(Stop::Refused(why.clone()));
        }
        if !func.defined {
            return Err(Stop::Refused(format!(
                "call of the declared function @{}, which the interpreter does not know",
                func.name
            )));
        }
        if self.depth >= MAX_DEPTH {
            return Err(Stop::Timeout);
        }
        self.depth += 1;
        let mut vals = vec![Value::Void; func.params.len() + func.insts.len()];
        for (slot, a) in vals.iter_mut().zip(args) {
            *slot = a;
        }
        let mut allocas = Vec::new();
        let result = self.body(func, &mut vals, &mut allocas);
        for id in allocas {
            self.mem.kill(id);
        }
        self.depth -= 1;
        result
    }

    fn body(
        &mut self,
        func: &'m Function,
        vals: &mut [Value],
        allocas: &mut Vec<ObjId>,
    ) -> Result<Value, Stop> {
        let base = func.params.len();
        let (mut block, mut prev): (BlockId, Option<BlockId>) = (0, None);
        loop {
            let b = &func.blocks[block];
            // Phis read their incoming values all at once, on entry.
            if b.phis > 0 {
                let from = prev.ok_or_else(|| {
                    Stop::Refused(format!("@{}: a phi in the entry block", func.name))
                })?;
                let mut incoming = Vec::with_capacity(b.phis);
                for &i in &b.insts[..b.phis] {
                    let inst = &func.insts[i];
                    let Op::Phi(list) = &inst.op else {
                        unreachable!("poison interpreter: phis come first")
                    };
                    let Some((_, o)) = list.iter().find(|(blk, _)| *blk == from) else {
                        return Err(self.ub(
                            func,
                            inst,
                            Ub("phi without an entry for the predecessor".to_string()),
                        ));
                    };
                    incoming.push(self.operand(o, vals)?);
                }
                for (&i, v) in b.insts[..b.phis].iter().zip(incoming) {
                    self.record(func, &func.insts[i], &v);
                    vals[base + i] = v;
                }
            }
            let mut next = None;
            for &i in &b.insts[b.phis..] {
                self.steps += 1;
                if self.steps > self.cfg.max_steps {
                    return Err(Stop::Timeout);
                }
                let inst = &func.insts[i];
                match &inst.op {
                    Op::Br(t) => next = Some(*t),
                    Op::CondBr { c, t, f } => {
                        next = Some(match self.operand(c, vals)? {
                            Value::Int { val, .. } => {
                                if val != 0 {
                                    *t
                                } else {
                                    *f
                                }
                            }
                            _ => return Err(self.ub(func, inst, Ub("branch on poison".into()))),
                        });
                    }
                    Op::Switch { c, default, cases } => {
                        let Value::Int { val, .. } = self.operand(c, vals)? else {
                            return Err(self.ub(func, inst, Ub("switch on poison".into())));
                        };
                        next = Some(
                            cases
                                .iter()
                                .find(|(k, _)| *k == val)
                                .map_or(*default, |(_, t)| *t),
                        );
                    }
                    Op::Ret(v) => {
                        return match v {
                            Some(o) => self.operand(o, vals),
                            None => Ok(Value::Void),
                        };
                    }
                    Op::Unreachable => {
                        return Err(self.ub(func, inst, Ub("reached `unreachable`".into())))
                    }
                    op => {
                        let v = self.eval(op, vals, allocas).map_err(|e| match e {
                            Err2::Ub(u) => self.ub(func, inst, u),
                            Err2::Stop(s) => s,
                        })?;
                        self.record(func, inst, &v);
                        vals[base + i] = v;
                    }
                }
                if next.is_some() {
                    break;
                }
            }
            prev = Some(block);
            block = next.ok_or_else(|| {
                Stop::Refused(format!("@{}: a block without a terminator", func.name))
            })?;
        }
    }

    fn ub(&self, func: &Function, inst: &Inst, u: Ub) -> Stop {
        Stop::Ub(u.0, format!("@{}: {}", func.name, inst.text))
    }

    fn record(&mut self, func: &Function, inst: &Inst, v: &Value) {
        if self.cfg.trace && !matches!(v, Value::Void) {
            self.trace.push(Traced {
                function: func.name.clone(),
                name: inst.name.clone(),
                text: inst.text.clone(),
                value: v.clone(),
            });
        }
    }

    fn operand(&self, o: &Operand, vals: &[Value]) -> Result<Value, Stop> {
        match o {
            Operand::Slot(s) => Ok(vals[*s].clone()),
            Operand::Const(c) => self.konst(c),
        }
    }

    fn konst(&self, c: &Const) -> Result<Value, Stop> {
        Ok(match c {
            Const::Int { bits, val } => Value::int(*bits, *val),
            Const::Poison(l) => poison_of(l),
            Const::Null { .. } => Value::Ptr(Ptr {
                prov: None,
                addr: 0,
            }),
            Const::Global(id) => Value::Ptr(self.mem.start(*id)),
            Const::Function(f) => Value::Ptr(self.mem.start(self.m.function_object(*f))),
            Const::Vector(cs) => {
                Value::Vector(cs.iter().map(|c| self.konst(c)).collect::<Result<_, _>>()?)
            }
            Const::Aggregate(cs) => {
                Value::Aggregate(cs.iter().map(|c| self.konst(c)).collect::<Result<_, _>>()?)
            }
            Const::Expr(op) => self.const_expr(op)?,
        })
    }

    /// A constant expression: evaluated like an instruction (it cannot touch memory).
    fn const_expr(&self, op: &Op) -> Result<Value, Stop> {
        match self.pure(op, &[]) {
            Ok(Some(v)) => Ok(v),
            Ok(None) => Err(Stop::Refused(format!(
                "a constant expression outside the subset: {op:?}"
            ))),
            Err(Err2::Ub(u)) => Err(Stop::Ub(u.0, "a constant expression".to_string())),
            Err(Err2::Stop(s)) => Err(s),
        }
    }

    /// The operations that neither touch memory nor observe: `None` for the others.
    fn pure(&self, op: &Op, vals: &[Value]) -> Result<Option<Value>, Err2> {
        let get = |o: &Operand| self.operand(o, vals).map_err(Err2::Stop);
        Ok(Some(match op {
            Op::Bin { op, flags, a, b } => {
                let (a, b) = (get(a)?, get(b)?);
                lanewise(&a, &b, &mut |x, y| binop(*op, *flags, x, y))?
            }
            Op::ICmp { pred, flags, a, b } => {
                let (a, b) = (get(a)?, get(b)?);
                lanewise(&a, &b, &mut |x, y| Ok(icmp(*pred, *flags, x, y)))?
            }
            Op::Cast { op, flags, a, to } => self.cast(*op, *flags, &get(a)?, to),
            Op::Select { c, a, b } => select(&get(c)?, get(a)?, get(b)?),
            Op::Gep {
                base,
                steps,
                flags,
                index_bits,
            } => {
                let base = get(base)?;
                let mut idx = Vec::with_capacity(steps.len());
                for s in steps {
                    idx.push(match s {
                        GepStep::Field { index, offset } => (None, *index, *offset),
                        GepStep::Index { index, stride } => (Some(get(index)?), 0, *stride),
                    });
                }
                gep(&self.mem, &base, &idx, *flags, *index_bits)
            }
            Op::ExtractValue { agg, path } => {
                let mut v = get(agg)?;
                for &k in path {
                    v = match v {
                        Value::Aggregate(mut m) => m.swap_remove(usize::try_from(k).expect("fits")),
                        _ => Value::Poison,
                    };
                }
                v
            }
            Op::InsertValue { agg, val, path } => {
                let mut v = get(agg)?;
                insert_at(&mut v, path, get(val)?);
                v
            }
            Op::ExtractElement { vec, idx } => match (get(vec)?, as_int(&get(idx)?)) {
                (Value::Vector(lanes), Some((_, k))) => usize::try_from(k)
                    .ok()
                    .and_then(|k| lanes.get(k).cloned())
                    .unwrap_or(Value::Poison),
                _ => Value::Poison,
            },
            Op::InsertElement { vec, val, idx } => {
                let (v, x, i) = (get(vec)?, get(val)?, get(idx)?);
                match (v, as_int(&i)) {
                    (Value::Vector(mut lanes), Some((_, k))) => {
                        match usize::try_from(k).ok().filter(|&k| k < lanes.len()) {
                            Some(k) => {
                                lanes[k] = x;
                                Value::Vector(lanes)
                            }
                            None => Value::Vector(vec![Value::Poison; lanes.len()]),
                        }
                    }
                    (Value::Vector(lanes), None) => Value::Vector(vec![Value::Poison; lanes.len()]),
                    _ => Value::Poison,
                }
            }
            Op::ShuffleVector { a, b, mask } => {
                let (Value::Vector(x), Value::Vector(y)) = (get(a)?, get(b)?) else {
                    return Ok(Some(Value::Vector(vec![Value::Poison; mask.len()])));
                };
                Value::Vector(
                    mask.iter()
                        .map(|m| match m {
                            None => Value::Poison,
                            Some(k) => {
                                let k = usize::try_from(*k).expect("fits");
                                if k < x.len() {
                                    x[k].clone()
                                } else {
                                    y.get(k - x.len()).cloned().unwrap_or(Value::Poison)
                                }
                            }
                        })
                        .collect(),
                )
            }
            _ => return Ok(None),
        }))
    }

    fn eval(&mut self, op: &Op, vals: &[Value], allocas: &mut Vec<ObjId>) -> Result<Value, Err2> {
        if let Some(v) = self.pure(op, vals)? {
            return Ok(v);
        }
        let get = |o: &Operand, me: &Self| me.operand(o, vals).map_err(Err2::Stop);
        match op {
            Op::Freeze { a, ty } => {
                let a = get(a, self)?;
                Ok(self.freeze(a, ty))
            }
            Op::Load {
                ptr,
                space,
                ty,
                align,
                noundef,
                range,
            } => {
                let p = pointer(&get(ptr, self)?, "load")?;
                let bytes = self.mem.read(p, ty.store_size(), *align, *space)?;
                let v = self.mem.decode(&bytes, ty);
                check_result(v, *noundef, range.as_deref(), "load")
            }
            Op::Store {
                val,
                ptr,
                space,
                ty,
                align,
            } => {
                let v = get(val, self)?;
                let p = pointer(&get(ptr, self)?, "store")?;
                self.mem.write(p, &Memory::encode(&v, ty), *align, *space)?;
                Ok(Value::Void)
            }
            Op::Alloca {
                space,
                elem_size,
                count,
                align,
            } => {
                let Value::Int { val, .. } = get(count, self)? else {
                    return Err(Err2::Ub(Ub("alloca of a poison count".into())));
                };
                let size = u64::try_from(val)
                    .ok()
                    .and_then(|n| n.checked_mul(*elem_size))
                    .ok_or_else(|| Ub("alloca too large".into()))?;
                let id = self.mem.alloc(
                    size,
                    *align,
                    Kind::Alloca(String::new()),
                    *space,
                    Init::Poison,
                )?;
                allocas.push(id);
                Ok(Value::Ptr(self.mem.start(id)))
            }
            Op::Call {
                callee,
                args,
                arg_spaces,
                arg_noundef,
                ret,
                ret_noundef,
                range,
            } => {
                let mut argv = Vec::with_capacity(args.len());
                for (k, a) in args.iter().enumerate() {
                    let v = get(a, self)?;
                    if arg_noundef.get(k).copied().unwrap_or(false) && v.has_poison() {
                        return Err(Err2::Ub(Ub(format!(
                            "poison passed to the noundef argument {k}"
                        ))));
                    }
                    argv.push(v);
                }
                let v = self.call_callee(callee, argv, arg_spaces, ret, vals)?;
                check_result(v, *ret_noundef, range.as_deref(), "call")
            }
            Op::AtomicRmw {
                op,
                ptr,
                space,
                val,
                ty,
                align,
            } => {
                let p = pointer(&get(ptr, self)?, "atomicrmw")?;
                let v = get(val, self)?;
                let old = self
                    .mem
                    .decode(&self.mem.read(p, ty.store_size(), *align, *space)?, ty);
                let new = rmw(*op, &old, &v);
                self.mem
                    .write(p, &Memory::encode(&new, ty), *align, *space)?;
                Ok(old)
            }
            Op::CmpXchg {
                ptr,
                space,
                cmp,
                new,
                ty,
                align,
            } => {
                let p = pointer(&get(ptr, self)?, "cmpxchg")?;
                let (cmp, new) = (get(cmp, self)?, get(new, self)?);
                let old = self
                    .mem
                    .decode(&self.mem.read(p, ty.store_size(), *align, *space)?, ty);
                let same = match (&old, &cmp) {
                    (Value::Poison, _) | (_, Value::Poison) => {
                        // Whether it stores is unknown: the memory holds either value
                        // afterwards, which poison stands for (in a source that is lenient,
                        // and no pass here changes what a cmpxchg compares).
                        let unknown = Memory::encode(&Value::Poison, ty);
                        self.mem.write(p, &unknown, *align, *space)?;
                        return Ok(Value::Aggregate(vec![old, Value::Poison]));
                    }
                    (a, b) => a == b,
                };
                if same {
                    self.mem
                        .write(p, &Memory::encode(&new, ty), *align, *space)?;
                }
                Ok(Value::Aggregate(vec![old, Value::bool(same)]))
            }
            Op::Refused(why) => Err(Err2::Stop(Stop::Refused(why.clone()))),
            Op::Bin { .. }
            | Op::ICmp { .. }
            | Op::Cast { .. }
            | Op::Select { .. }
            | Op::Gep { .. }
            | Op::ExtractValue { .. }
            | Op::InsertValue { .. }
            | Op::ExtractElement { .. }
            | Op::InsertElement { .. }
            | Op::ShuffleVector { .. } => unreachable!("poison interpreter: handled by pure"),
            Op::Phi(_)
            | Op::Br(_)
            | Op::CondBr { .. }
            | Op::Switch { .. }
            | Op::Ret(_)
            | Op::Unreachable => unreachable!("poison interpreter: control flow is run by body"),
        }
    }

    fn cast(&self, op: CastOp, flags: super::flags::Flags, a: &Value, to: &Layout) -> Value {
        match op {
            CastOp::Trunc | CastOp::ZExt | CastOp::SExt => {
                let bits = int_bits(to);
                match a {
                    Value::Vector(lanes) => {
                        Value::Vector(lanes.iter().map(|l| int_cast(op, flags, l, bits)).collect())
                    }
                    _ => int_cast(op, flags, a, bits),
                }
            }
            CastOp::PtrToInt => map_lanes(a, &|v| match v {
                Value::Ptr(p) => Value::int(int_bits(to), u128::from(p.addr)),
                _ => Value::Poison,
            }),
            CastOp::IntToPtr => map_lanes(a, &|v| match v {
                Value::Int { val, .. } => {
                    Value::Ptr(self.mem.typed(self.mem.ptr_at(*val), space_of(to)))
                }
                _ => Value::Poison,
            }),
            CastOp::AddrSpaceCast => map_lanes(a, &|v| match v {
                Value::Ptr(p) => Value::Ptr(self.mem.typed(*p, space_of(to))),
                other => other.clone(),
            }),
            CastOp::BitCast => match (a, to) {
                (Value::Ptr(_), _) | (Value::Poison, Layout::Ptr { .. }) => a.clone(),
                (Value::Poison, _) => poison_of(to),
                _ if a.has_poison() => poison_of(to),
                _ => match to_bits(a) {
                    Some((_, val)) => from_bits(val, to),
                    None => poison_of(to),
                },
            },
        }
    }

    fn freeze(&mut self, a: Value, ty: &Layout) -> Value {
        match (a, ty) {
            (Value::Poison, Layout::Ptr { .. }) => {
                self.froze();
                Value::Ptr(Ptr {
                    prov: None,
                    addr: 0,
                })
            }
            (Value::Poison, Layout::Int { bits, .. }) => {
                self.froze();
                let choice = if self.cfg.freeze_seed == 0 {
                    0
                } else {
                    let z =
                        (self.cfg.freeze_seed ^ self.freezes).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    u128::from(z) | (u128::from(z.rotate_left(17)) << 64)
                };
                Value::int(*bits, choice & mask(*bits))
            }
            (Value::Vector(lanes), Layout::Vector { elem, .. }) => {
                Value::Vector(lanes.into_iter().map(|l| self.freeze(l, elem)).collect())
            }
            (Value::Aggregate(ms), Layout::Aggregate { members, .. }) => Value::Aggregate(
                ms.into_iter()
                    .zip(members)
                    .map(|(m, (_, l))| self.freeze(m, l))
                    .collect(),
            ),
            (v, _) => v,
        }
    }

    fn froze(&mut self) {
        self.freezes += 1;
        if self.froze_poison_at.is_none() {
            self.froze_poison_at = Some(self.obs.len());
        }
    }

    fn call_callee(
        &mut self,
        callee: &Callee,
        args: Vec<Value>,
        spaces: &[u32],
        ret: &Layout,
        vals: &[Value],
    ) -> Result<Value, Err2> {
        match callee {
            Callee::Defined(f) => self.call(*f, args).map_err(Err2::Stop),
            Callee::Builtin(b, name) => self.builtin(*b, name, args, spaces, ret),
            Callee::Unknown(name) => Err(Err2::Stop(Stop::Refused(format!(
                "call of @{name}, a declared function the interpreter does not know"
            )))),
            Callee::Indirect(o) => {
                let p = pointer(&self.operand(o, vals).map_err(Err2::Stop)?, "indirect call")?;
                let f = (0..self.m.functions.len())
                    .find(|&f| {
                        let id = self.m.function_object(f);
                        p.prov == Some(id) && p.addr == self.mem.objects[id].base
                    })
                    .ok_or_else(|| Ub("indirect call of a pointer that is no function".into()))?;
                match &self.m.functions[f] {
                    func if func.defined => self.call(f, args).map_err(Err2::Stop),
                    func => match super::decode::builtin(&func.name) {
                        Some(b) => self.builtin(b, &func.name.clone(), args, spaces, ret),
                        None => Err(Err2::Stop(Stop::Refused(format!(
                            "indirect call of @{}, unknown",
                            func.name
                        )))),
                    },
                }
            }
        }
    }

    fn builtin(
        &mut self,
        b: Builtin,
        name: &str,
        args: Vec<Value>,
        spaces: &[u32],
        ret: &Layout,
    ) -> Result<Value, Err2> {
        let int = |k: usize| as_int(&args[k]);
        let space = |k: usize| spaces.get(k).copied().unwrap_or(0);
        match b {
            Builtin::MemCpy | Builtin::MemMove | Builtin::MemSet => {
                let Some((_, len)) = int(2) else {
                    return Err(Err2::Ub(Ub(format!("{name} with a poison length"))));
                };
                if len == 0 {
                    return Ok(Value::Void);
                }
                let len = u64::try_from(len).map_err(|_| Ub(format!("{name} length too large")))?;
                let dst = pointer(&args[0], name)?;
                let bytes = if b == Builtin::MemSet {
                    let byte = match int(1) {
                        Some((_, v)) => Byte::Int(u8::try_from(v & 0xFF).expect("a byte")),
                        None => Byte::Poison,
                    };
                    vec![byte; usize::try_from(len).map_err(|_| Ub("too large".into()))?]
                } else {
                    let src = pointer(&args[1], name)?;
                    // memcpy's ranges must be equal or disjoint.
                    if b == Builtin::MemCpy
                        && src.prov == dst.prov
                        && src.addr != dst.addr
                        && src.addr < dst.addr.saturating_add(len)
                        && dst.addr < src.addr.saturating_add(len)
                    {
                        return Err(Err2::Ub(Ub("memcpy of overlapping ranges".into())));
                    }
                    self.mem.read(src, len, 1, space(1))?
                };
                self.mem.write(dst, &bytes, 1, space(0))?;
                Ok(Value::Void)
            }
            Builtin::SMax | Builtin::SMin | Builtin::UMax | Builtin::UMin => {
                lanewise(&args[0], &args[1], &mut |x, y| {
                    let (Some((bits, a)), Some((_, c))) = (as_int(x), as_int(y)) else {
                        return Ok(Value::Poison);
                    };
                    let (sa, sc) = (signed(a, bits), signed(c, bits));
                    let pick_a = match b {
                        Builtin::SMax => sa >= sc,
                        Builtin::SMin => sa <= sc,
                        Builtin::UMax => a >= c,
                        _ => a <= c,
                    };
                    Ok(Value::int(bits, if pick_a { a } else { c }))
                })
                .map_err(Err2::Ub)
            }
            Builtin::Abs | Builtin::Ctlz | Builtin::Cttz => {
                let flag = int(1).is_some_and(|(_, v)| v != 0);
                Ok(map_lanes(&args[0], &|x| {
                    let Some((bits, a)) = as_int(x) else {
                        return Value::Poison;
                    };
                    match b {
                        Builtin::Abs => {
                            let s = signed(a, bits);
                            if flag && s == signed(1u128 << (bits - 1), bits) {
                                return Value::Poison;
                            }
                            Value::int(bits, from_signed(s.wrapping_abs(), bits))
                        }
                        _ if flag && a == 0 => Value::Poison,
                        Builtin::Ctlz => {
                            Value::int(bits, u128::from(a.leading_zeros() - (128 - bits)))
                        }
                        _ => Value::int(bits, u128::from(a.trailing_zeros().min(bits))),
                    }
                }))
            }
            Builtin::CtPop => Ok(map_lanes(&args[0], &|x| match as_int(x) {
                Some((bits, a)) => Value::int(bits, u128::from(a.count_ones())),
                None => Value::Poison,
            })),
            Builtin::BSwap => Ok(map_lanes(&args[0], &|x| match as_int(x) {
                Some((bits, a)) => Value::int(bits, a.swap_bytes() >> (128 - bits)),
                None => Value::Poison,
            })),
            Builtin::FShl | Builtin::FShr => {
                let (Some((bits, x)), Some((_, y)), Some((_, z))) = (int(0), int(1), int(2)) else {
                    return Ok(Value::Poison);
                };
                let k = u32::try_from(z % u128::from(bits)).expect("below the width");
                let wide_hi = x;
                let r = match b {
                    Builtin::FShl if k == 0 => x,
                    Builtin::FShl => ((wide_hi << k) | (y >> (bits - k))) & mask(bits),
                    _ if k == 0 => y,
                    _ => ((y >> k) | (x << (bits - k))) & mask(bits),
                };
                Ok(Value::int(bits, r))
            }
            Builtin::WithOverflow(op, is_signed) => {
                let (Some((bits, x)), Some((_, y))) = (int(0), int(1)) else {
                    return Ok(Value::Aggregate(vec![Value::Poison, Value::Poison]));
                };
                let plain = super::flags::Flags::default();
                let checked = super::flags::Flags {
                    nsw: is_signed,
                    nuw: !is_signed,
                    ..plain
                };
                let v = binop(op, plain, &args[0], &args[1]).map_err(Err2::Ub)?;
                let over = binop(op, checked, &Value::int(bits, x), &Value::int(bits, y))
                    .map_err(Err2::Ub)?
                    == Value::Poison;
                Ok(Value::Aggregate(vec![v, Value::bool(over)]))
            }
            Builtin::Assume => match int(0) {
                Some((_, 1)) => Ok(Value::Void),
                _ => Err(Err2::Ub(Ub("llvm.assume of false or poison".into()))),
            },
            Builtin::Expect => Ok(args[0].clone()),
            Builtin::PtrMask => match (&args[0], int(1)) {
                (Value::Ptr(p), Some((_, m))) => Ok(Value::Ptr(Ptr {
                    prov: p.prov,
                    addr: p.addr & u64::try_from(m & u128::from(u64::MAX)).expect("masked"),
                })),
                _ => Ok(Value::Poison),
            },
            Builtin::NoOp => Ok(match ret {
                Layout::Int { bits, .. } => Value::int(*bits, 0),
                _ => Value::Void,
            }),
            Builtin::Printf => {
                let fmt = self.mem.c_string(pointer(&args[0], "printf")?, space(0))?;
                let convs = conversions(&fmt);
                let mut vals = Vec::new();
                for (k, a) in args[1..].iter().enumerate() {
                    let seen = match (convs.get(k), a) {
                        (Some('s'), Value::Ptr(p)) => {
                            Seen::Str(self.mem.c_string(*p, space(k + 1))?)
                        }
                        _ => Seen::Val(a.clone()),
                    };
                    vals.push(seen);
                }
                self.obs.push(Obs {
                    what: format!("printf {fmt:?}"),
                    vals,
                    at: String::new(),
                });
                Ok(Value::int(32, 0))
            }
            Builtin::Observe => {
                self.obs.push(Obs {
                    what: format!("@{name}"),
                    vals: args.into_iter().map(Seen::Val).collect(),
                    at: String::new(),
                });
                Ok(poison_of(ret))
            }
            Builtin::Malloc => {
                let Some((_, n)) = int(0) else {
                    return Err(Err2::Ub(Ub("malloc of a poison size".into())));
                };
                let n = u64::try_from(n).map_err(|_| Ub("malloc too large".into()))?;
                let id = self.mem.alloc(n, 16, Kind::Heap, 0, Init::Poison)?;
                Ok(Value::Ptr(self.mem.start(id)))
            }
            Builtin::Free => {
                let p = match &args[0] {
                    Value::Ptr(p) => *p,
                    _ => return Err(Err2::Ub(Ub("free of poison".into()))),
                };
                if p.prov.is_none() && p.addr == 0 {
                    return Ok(Value::Void);
                }
                match p.prov {
                    Some(id)
                        if self.mem.objects[id].kind == Kind::Heap
                            && self.mem.objects[id].alive
                            && self.mem.objects[id].base == p.addr =>
                    {
                        self.mem.kill(id);
                        Ok(Value::Void)
                    }
                    _ => Err(Err2::Ub(Ub(
                        "free of a pointer malloc did not return".into()
                    ))),
                }
            }
        }
    }
}

/// Either undefined behaviour (to be located by the caller) or an early stop.
enum Err2 {
    Ub(Ub),
    Stop(Stop),
}

impl From<Ub> for Err2 {
    fn from(u: Ub) -> Err2 {
        Err2::Ub(u)
    }
}

fn pointer(v: &Value, what: &str) -> Result<Ptr, Err2> {
    match v {
        Value::Ptr(p) => Ok(*p),
        _ => Err(Err2::Ub(Ub(format!("{what} through a poison pointer")))),
    }
}

/// Applies `noundef` (poison becomes UB) and `!range` (out of range becomes poison).
fn check_result(
    v: Value,
    noundef: bool,
    range: Option<&[(u128, u128)]>,
    what: &str,
) -> Result<Value, Err2> {
    let v = match (range, &v) {
        (Some(r), Value::Int { bits, val }) if !in_ranges(*val, *bits, r) => Value::Poison,
        _ => v,
    };
    if noundef && v.has_poison() {
        return Err(Err2::Ub(Ub(format!(
            "{what} produced poison where the result is noundef"
        ))));
    }
    Ok(v)
}

fn select(c: &Value, a: Value, b: Value) -> Value {
    match (c, a, b) {
        (Value::Int { val, .. }, a, b) => {
            if *val != 0 {
                a
            } else {
                b
            }
        }
        (Value::Vector(cs), Value::Vector(x), Value::Vector(y)) => Value::Vector(
            cs.iter()
                .zip(x.into_iter().zip(y))
                .map(|(c, (a, b))| select(c, a, b))
                .collect(),
        ),
        (Value::Vector(cs), _, _) => Value::Vector(vec![Value::Poison; cs.len()]),
        (_, Value::Vector(x), _) => Value::Vector(vec![Value::Poison; x.len()]),
        _ => Value::Poison,
    }
}

fn map_lanes(v: &Value, f: &dyn Fn(&Value) -> Value) -> Value {
    match v {
        Value::Vector(lanes) => Value::Vector(lanes.iter().map(f).collect()),
        _ => f(v),
    }
}

fn insert_at(v: &mut Value, path: &[u32], x: Value) {
    match (path.split_first(), v) {
        (None, v) => *v = x,
        (Some((k, rest)), Value::Aggregate(m)) => {
            if let Some(slot) = m.get_mut(usize::try_from(*k).expect("fits")) {
                insert_at(slot, rest, x);
            }
        }
        _ => {}
    }
}

fn rmw(op: RmwOp, old: &Value, v: &Value) -> Value {
    let (Some((bits, a)), Some((_, b))) = (as_int(old), as_int(v)) else {
        return match op {
            RmwOp::Xchg => v.clone(),
            _ => Value::Poison,
        };
    };
    let (sa, sb) = (signed(a, bits), signed(b, bits));
    let r = match op {
        RmwOp::Xchg => b,
        RmwOp::Add => a.wrapping_add(b),
        RmwOp::Sub => a.wrapping_sub(b),
        RmwOp::And => a & b,
        RmwOp::Or => a | b,
        RmwOp::Xor => a ^ b,
        RmwOp::Max => from_signed(sa.max(sb), bits),
        RmwOp::Min => from_signed(sa.min(sb), bits),
        RmwOp::UMax => a.max(b),
        RmwOp::UMin => a.min(b),
    };
    Value::int(bits, r)
}

/// The conversion characters of a `printf` format, in order (`%%` is none).
fn conversions(fmt: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        for d in chars.by_ref() {
            if d == '%' {
                break;
            }
            if d.is_ascii_alphabetic() && !"hlLqjzt".contains(d) {
                out.push(d);
                break;
            }
        }
    }
    out
}

/// A GEP from `base` over `steps` (index value or field, field number, byte stride or
/// offset), with LangRef's `inbounds`/`nusw`/`nuw` rules in an index width of
/// `index_bits`.
pub fn gep(
    mem: &Memory,
    base: &Value,
    steps: &[(Option<Value>, u32, u64)],
    flags: super::flags::GepFlags,
    index_bits: u32,
) -> Value {
    let Value::Ptr(p) = base else {
        return Value::Poison;
    };
    let w = index_bits;
    let m = mask(w);
    let mut any_nonzero = false;
    let mut sum: i128 = 0;
    let mut addr = u128::from(p.addr) & m;
    let mut inbounds_path = true;
    for (idx, field, stride) in steps {
        let (off, nonzero) = match idx {
            None => (i128::from(*stride), *field != 0),
            Some(v) => {
                let Some((bits, x)) = as_int(v) else {
                    return Value::Poison;
                };
                // Indices are sign-extended or truncated to the index width.
                let sx = signed(x, bits);
                if bits > w {
                    let t = x & m;
                    if flags.nusw && signed(t, w) != sx {
                        return Value::Poison;
                    }
                    if flags.nuw && t != x {
                        return Value::Poison;
                    }
                }
                let i = if bits > w { signed(x & m, w) } else { sx };
                let stride_i = i128::from(*stride);
                let prod = i.checked_mul(stride_i);
                if flags.nusw && prod.is_none_or(|v| !super::value::fits_signed(v, w)) {
                    return Value::Poison;
                }
                if flags.nuw {
                    let ui = from_signed(i, w);
                    if ui.checked_mul(u128::from(*stride)).is_none_or(|v| v > m) {
                        return Value::Poison;
                    }
                }
                let off = signed(from_signed(i.wrapping_mul(stride_i), w), w);
                (off, x != 0)
            }
        };
        any_nonzero |= nonzero;
        // Offsets add up without wrapping (nusw: signed; nuw: unsigned).
        let new_sum = sum + off;
        if flags.nusw && !super::value::fits_signed(new_sum, w) {
            return Value::Poison;
        }
        if flags.nuw
            && from_signed(sum, w)
                .checked_add(from_signed(off, w))
                .is_none_or(|s| s > m)
        {
            return Value::Poison;
        }
        sum = signed(from_signed(new_sum, w), w);
        // The address plus each offset does not wrap (nusw: unsigned + signed).
        let a = i128::try_from(addr).expect("an index-width address fits in i128");
        if flags.nusw && !(0..=i128::try_from(m).unwrap_or(i128::MAX)).contains(&(a + off)) {
            return Value::Poison;
        }
        if flags.nuw && addr.checked_add(from_signed(off, w)).is_none_or(|s| s > m) {
            return Value::Poison;
        }
        addr = from_signed(a + off, w);
        if flags.inbounds {
            let at = Ptr {
                prov: p.prov,
                addr: u64::try_from(addr).expect("masked to at most 64 bits"),
            };
            inbounds_path &= mem.in_bounds(at);
        }
    }
    if flags.inbounds && any_nonzero && !(mem.in_bounds(*p) && inbounds_path) {
        return Value::Poison;
    }
    // The result keeps the base's provenance; the address wraps in the index width.
    Value::Ptr(Ptr {
        prov: p.prov,
        addr: u64::try_from(addr).expect("masked to at most 64 bits"),
    })
}

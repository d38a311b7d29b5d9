//! Values and the integer semantics of LangRef, flags included: pure functions, so each rule
//! can be tested alone (`tests/poison.rs`).
//!
//! An integer of `bits` bits (1 to 128) is kept as a `u128` masked to its width. Every
//! operation returns [`Value::Poison`] where LangRef says the result is poison and `Err(Ub)`
//! where it says the behaviour is undefined.

use super::flags::Flags;
use super::ir::{BinOp, ObjId, Pred};

/// A pointer: the object it may access (its provenance) and its address. A pointer made from
/// an integer that lies in no object, or null, has no provenance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ptr {
    pub prov: Option<ObjId>,
    pub addr: u64,
}

/// A run-time value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int {
        bits: u32,
        val: u128,
    },
    Ptr(Ptr),
    Poison,
    /// Lanes of a fixed vector.
    Vector(Vec<Value>),
    /// Members of a struct or array.
    Aggregate(Vec<Value>),
    Void,
}

/// Undefined behaviour: what happened, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ub(pub String);

pub fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// `val` (masked to `bits`) read as a signed number.
pub fn signed(val: u128, bits: u32) -> i128 {
    let shift = 128 - bits;
    // Reinterpreting the bits is the point here.
    #[allow(clippy::cast_possible_wrap)]
    let v = (val << shift) as i128;
    v >> shift
}

/// The low `bits` bits of a signed number.
pub fn from_signed(v: i128, bits: u32) -> u128 {
    #[allow(clippy::cast_sign_loss)]
    let u = v as u128;
    u & mask(bits)
}

/// Whether the signed number `v` fits in `bits` bits.
pub fn fits_signed(v: i128, bits: u32) -> bool {
    if bits >= 128 {
        return true;
    }
    let half = 1i128 << (bits - 1);
    (-half..half).contains(&v)
}

impl Value {
    pub fn int(bits: u32, val: u128) -> Value {
        Value::Int {
            bits,
            val: val & mask(bits),
        }
    }

    pub fn bool(b: bool) -> Value {
        Value::int(1, u128::from(b))
    }

    /// Whether the value is poison or holds poison anywhere.
    pub fn has_poison(&self) -> bool {
        match self {
            Value::Poison => true,
            Value::Vector(v) | Value::Aggregate(v) => v.iter().any(Value::has_poison),
            _ => false,
        }
    }
}

fn int_of(v: &Value) -> Option<(u32, u128)> {
    match v {
        Value::Int { bits, val } => Some((*bits, *val)),
        _ => None,
    }
}

/// Applies `f` lane by lane when both are vectors, else once.
pub fn lanewise(
    a: &Value,
    b: &Value,
    f: &mut dyn FnMut(&Value, &Value) -> Result<Value, Ub>,
) -> Result<Value, Ub> {
    match (a, b) {
        (Value::Vector(x), Value::Vector(y)) => Ok(Value::Vector(
            x.iter()
                .zip(y)
                .map(|(p, q)| f(p, q))
                .collect::<Result<_, _>>()?,
        )),
        (Value::Vector(x), Value::Poison) => Ok(Value::Vector(
            x.iter()
                .map(|p| f(p, &Value::Poison))
                .collect::<Result<_, _>>()?,
        )),
        (Value::Poison, Value::Vector(y)) => Ok(Value::Vector(
            y.iter()
                .map(|q| f(&Value::Poison, q))
                .collect::<Result<_, _>>()?,
        )),
        _ => f(a, b),
    }
}

/// `a op b` on integers with `flags` (scalars; see [`lanewise`] for vectors).
pub fn binop(op: BinOp, flags: Flags, a: &Value, b: &Value) -> Result<Value, Ub> {
    // Division and remainder: a poison or zero divisor is UB, even with a poison dividend.
    if matches!(op, BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem) {
        let Some((bits, d)) = int_of(b) else {
            return Err(Ub(format!("{op:?} by a poison divisor")));
        };
        if d == 0 {
            return Err(Ub(format!("{op:?} by zero")));
        }
        let signed_op = matches!(op, BinOp::SDiv | BinOp::SRem);
        let minus_one = signed(d, bits) == -1;
        let Some((_, n)) = int_of(a) else {
            if signed_op && minus_one {
                // A poison dividend may be INT_MIN: INT_MIN / -1 overflows.
                return Err(Ub(format!("{op:?} of a poison dividend by -1")));
            }
            return Ok(Value::Poison);
        };
        let (sn, sd) = (signed(n, bits), signed(d, bits));
        if signed_op && minus_one && sn == signed(1u128 << (bits - 1), bits) {
            return Err(Ub(format!("{op:?} of INT_MIN by -1 overflows")));
        }
        let r = match op {
            BinOp::UDiv => {
                if flags.exact && n % d != 0 {
                    return Ok(Value::Poison);
                }
                n / d
            }
            BinOp::URem => n % d,
            BinOp::SDiv => {
                if flags.exact && sn % sd != 0 {
                    return Ok(Value::Poison);
                }
                from_signed(sn.wrapping_div(sd), bits)
            }
            _ => from_signed(sn.wrapping_rem(sd), bits),
        };
        return Ok(Value::int(bits, r));
    }
    let (Some((bits, x)), Some((_, y))) = (int_of(a), int_of(b)) else {
        return Ok(Value::Poison);
    };
    let (sx, sy) = (signed(x, bits), signed(y, bits));
    let m = mask(bits);
    let poison = Ok(Value::Poison);
    let r = match op {
        BinOp::Add => {
            if flags.nuw && x.checked_add(y).is_none_or(|s| s > m) {
                return poison;
            }
            if flags.nsw && sx.checked_add(sy).is_none_or(|s| !fits_signed(s, bits)) {
                return poison;
            }
            x.wrapping_add(y)
        }
        BinOp::Sub => {
            if flags.nuw && x < y {
                return poison;
            }
            if flags.nsw && sx.checked_sub(sy).is_none_or(|s| !fits_signed(s, bits)) {
                return poison;
            }
            x.wrapping_sub(y)
        }
        BinOp::Mul => {
            if flags.nuw && x.checked_mul(y).is_none_or(|p| p > m) {
                return poison;
            }
            if flags.nsw && sx.checked_mul(sy).is_none_or(|p| !fits_signed(p, bits)) {
                return poison;
            }
            x.wrapping_mul(y)
        }
        BinOp::Shl | BinOp::LShr | BinOp::AShr => {
            if y >= u128::from(bits) {
                return poison;
            }
            let k = u32::try_from(y).expect("a shift amount below 128 fits in u32");
            match op {
                BinOp::Shl => {
                    let r = (x << k) & m;
                    if flags.nuw && r >> k != x {
                        return poison;
                    }
                    if flags.nsw && signed(r, bits) >> k != sx {
                        return poison;
                    }
                    r
                }
                BinOp::LShr => {
                    if flags.exact && x & ((1u128 << k) - 1) != 0 {
                        return poison;
                    }
                    x >> k
                }
                _ => {
                    if flags.exact && x & ((1u128 << k) - 1) != 0 {
                        return poison;
                    }
                    from_signed(sx >> k, bits)
                }
            }
        }
        BinOp::And => x & y,
        BinOp::Or => {
            if flags.disjoint && x & y != 0 {
                return poison;
            }
            x | y
        }
        BinOp::Xor => x ^ y,
        BinOp::UDiv | BinOp::SDiv | BinOp::URem | BinOp::SRem => {
            unreachable!("poison interpreter: divisions are handled above")
        }
    };
    Ok(Value::int(bits, r))
}

/// `icmp pred a, b` on integers or pointers (pointers compare their addresses).
pub fn icmp(pred: Pred, flags: Flags, a: &Value, b: &Value) -> Value {
    let (bits, x, y) = match (a, b) {
        (Value::Int { bits, val: x }, Value::Int { val: y, .. }) => (*bits, *x, *y),
        (Value::Ptr(p), Value::Ptr(q)) => (64, u128::from(p.addr), u128::from(q.addr)),
        _ => return Value::Poison,
    };
    let (sx, sy) = (signed(x, bits), signed(y, bits));
    if flags.samesign && (sx < 0) != (sy < 0) {
        return Value::Poison;
    }
    Value::bool(match pred {
        Pred::Eq => x == y,
        Pred::Ne => x != y,
        Pred::Ugt => x > y,
        Pred::Uge => x >= y,
        Pred::Ult => x < y,
        Pred::Ule => x <= y,
        Pred::Sgt => sx > sy,
        Pred::Sge => sx >= sy,
        Pred::Slt => sx < sy,
        Pred::Sle => sx <= sy,
    })
}

/// `trunc`, `zext`, `sext` of an integer to `to` bits, with their flags.
pub fn int_cast(op: super::ir::CastOp, flags: Flags, a: &Value, to: u32) -> Value {
    use super::ir::CastOp;
    let Some((bits, x)) = int_of(a) else {
        return Value::Poison;
    };
    match op {
        CastOp::Trunc => {
            let r = x & mask(to);
            if flags.nuw && r != x {
                return Value::Poison;
            }
            if flags.nsw && signed(r, to) != signed(x, bits) {
                return Value::Poison;
            }
            Value::int(to, r)
        }
        CastOp::ZExt => {
            if flags.nneg && signed(x, bits) < 0 {
                return Value::Poison;
            }
            Value::int(to, x)
        }
        CastOp::SExt => Value::int(to, from_signed(signed(x, bits), to)),
        _ => unreachable!("poison interpreter: int_cast of a non-integer cast"),
    }
}

/// Whether `val` lies in one of the `!range` intervals (each `[lo, hi)`, wrapping).
pub fn in_ranges(val: u128, bits: u32, ranges: &[(u128, u128)]) -> bool {
    ranges.iter().any(|&(lo, hi)| {
        let (v, lo, hi) = (val & mask(bits), lo & mask(bits), hi & mask(bits));
        if lo < hi {
            lo <= v && v < hi
        } else {
            v >= lo || v < hi
        }
    })
}

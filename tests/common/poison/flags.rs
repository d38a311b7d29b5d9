//! Poison-generating flags, read from the instruction as LLVM prints it.
//!
//! LLVM 16's C API has no getter for `nsw`, `nuw` or `exact` (they came with 17), and the flags
//! newer LLVMs add (`trunc nuw/nsw`, `zext nneg`, `or disjoint`, `icmp samesign`, GEP
//! `nusw`/`nuw`) have none in 16 either. The printed form carries every flag of every version
//! in one place, right after the opcode (`%x = add nuw nsw i64 %a, %b`, `getelementptr inbounds
//! nuw (i8, ptr @g, i64 4)`), so one reader serves every LLVM: a version that prints a new
//! flag gets it read here, and the semantics in `value.rs`/`exec.rs` already act on it.
//! [`FLAG_WORDS`] is the table: which words may follow which opcode. A flag-like word this
//! table does not know (a future one) is an error, never skipped.

/// Flags of integer instructions. Each makes the result poison when its condition fails.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// add, sub, mul, shl, trunc: no signed wrap.
    pub nsw: bool,
    /// add, sub, mul, shl, trunc: no unsigned wrap.
    pub nuw: bool,
    /// udiv, sdiv, lshr, ashr: no non-zero bits lost.
    pub exact: bool,
    /// or: the operands have no common set bit.
    pub disjoint: bool,
    /// zext: the operand is non-negative.
    pub nneg: bool,
    /// icmp: the operands have the same sign.
    pub samesign: bool,
}

/// Flags of a GEP (LangRef: `inbounds` implies `nusw`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GepFlags {
    pub inbounds: bool,
    /// No unsigned-signed wrap (implied by `inbounds`).
    pub nusw: bool,
    /// No unsigned wrap.
    pub nuw: bool,
}

/// The flag words each opcode may carry, in any LLVM we build for.
const FLAG_WORDS: &[(&str, &[&str])] = &[
    ("add", &["nuw", "nsw"]),
    ("sub", &["nuw", "nsw"]),
    ("mul", &["nuw", "nsw"]),
    ("shl", &["nuw", "nsw"]),
    ("udiv", &["exact"]),
    ("sdiv", &["exact"]),
    ("lshr", &["exact"]),
    ("ashr", &["exact"]),
    ("or", &["disjoint"]),
    ("trunc", &["nuw", "nsw"]),
    ("zext", &["nneg"]),
    ("uitofp", &["nneg"]),
    ("icmp", &["samesign"]),
    ("getelementptr", &["inbounds", "nusw", "nuw"]),
];

/// Words that look like flags but change semantics in ways the interpreter does not model.
const REFUSED_WORDS: &[&str] = &["inrange"];

/// The flag words after `opcode` in `printed` (an instruction or a constant expression, as
/// LLVM prints it). `Err` names a word that is a flag of a kind this table does not know.
pub fn flag_words<'t>(printed: &'t str, opcode: &str) -> Result<Vec<&'t str>, String> {
    let allowed = FLAG_WORDS
        .iter()
        .find(|(op, _)| *op == opcode)
        .map_or(&[][..], |(_, words)| *words);
    // The opcode is the first word after `= ` (instructions with a result), or the first word
    // (constant expressions print `<type> <opcode> ...`: skip to the opcode word).
    let body = printed.split_once(" = ").map_or(printed, |(_, rhs)| rhs);
    let mut words = body
        .split(|c: char| c.is_whitespace() || c == '(')
        .filter(|w| !w.is_empty());
    if !words.any(|w| w == opcode) {
        return Err(format!(
            "cannot find opcode `{opcode}` in `{}`",
            printed.trim()
        ));
    }
    let mut found = Vec::new();
    for w in words {
        if allowed.contains(&w) {
            found.push(w);
        } else if REFUSED_WORDS.iter().any(|r| w.starts_with(r)) {
            return Err(format!(
                "`{w}` on `{}` is outside the interpreter's subset",
                printed.trim()
            ));
        } else {
            break;
        }
    }
    Ok(found)
}

/// The integer flags of `printed`.
pub fn int_flags(printed: &str, opcode: &str) -> Result<Flags, String> {
    let mut f = Flags::default();
    for w in flag_words(printed, opcode)? {
        match w {
            "nsw" => f.nsw = true,
            "nuw" => f.nuw = true,
            "exact" => f.exact = true,
            "disjoint" => f.disjoint = true,
            "nneg" => f.nneg = true,
            "samesign" => f.samesign = true,
            other => return Err(format!("flag `{other}` on {opcode}")),
        }
    }
    Ok(f)
}

/// The GEP flags of `printed`.
pub fn gep_flags(printed: &str) -> Result<GepFlags, String> {
    let mut f = GepFlags::default();
    for w in flag_words(printed, "getelementptr")? {
        match w {
            "inbounds" => {
                f.inbounds = true;
                f.nusw = true;
            }
            "nusw" => f.nusw = true,
            "nuw" => f.nuw = true,
            other => return Err(format!("flag `{other}` on getelementptr")),
        }
    }
    Ok(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_flags_of_every_version() {
        let f = int_flags("  %x = add nuw nsw i64 %a, %b", "add").expect("add");
        assert!(f.nuw && f.nsw && !f.exact);
        let f = int_flags("  %x = add i64 %a, %b", "add").expect("add");
        assert_eq!(f, Flags::default());
        assert!(
            int_flags("  %q = udiv exact i32 %a, 4", "udiv")
                .expect("udiv")
                .exact
        );
        assert!(
            int_flags("  %t = trunc nuw nsw i64 %a to i32", "trunc")
                .expect("t")
                .nsw
        );
        assert!(
            int_flags("  %z = zext nneg i32 %a to i64", "zext")
                .expect("z")
                .nneg
        );
        assert!(
            int_flags("  %o = or disjoint i32 %a, 1", "or")
                .expect("or")
                .disjoint
        );
        assert!(
            int_flags("  %c = icmp samesign ult i32 %a, %b", "icmp")
                .expect("c")
                .samesign
        );
        let g = gep_flags("  %p = getelementptr inbounds nuw i8, ptr %q, i64 4").expect("gep");
        assert!(g.inbounds && g.nusw && g.nuw);
        let g = gep_flags("ptr getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 1)")
            .expect("constant gep");
        assert!(g.inbounds && !g.nuw);
        let g = gep_flags("  %p = getelementptr nusw i8, ptr %q, i64 4").expect("nusw");
        assert!(g.nusw && !g.inbounds);
        assert!(
            gep_flags("  %p = getelementptr inbounds inrange(-8, 8) i8, ptr %q, i64 4").is_err()
        );
    }
}

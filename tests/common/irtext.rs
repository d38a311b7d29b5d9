//! The module text that divgen and slgen (`tests/common/divgen.rs`, `tests/common/slgen.rs`)
//! share: both render a program, or a batch of programs run one after another by one `lli`
//! process, as a host-executable module of this form:
//! ```text
//!   ; <generator> batch of programs, seed 3, 4 (tests/common/<generator>.rs)   [header]
//!   target datalayout = "..."
//!   target triple = "..."
//!
//!   @fmt.row = private unnamed_addr constant [...]                            [formats]
//!   @fmt.program = private unnamed_addr constant [14 x i8] c"program %lld\0A\00"
//!   ...                                  the generator's own globals
//!   declare i32 @printf(ptr, ...)                                              [declare_stdio]
//!   declare i32 @fflush(ptr)
//!   define void @emit(i64 %v) noinline { ... }                                 [print_function]
//!   ...                                  the generator's own functions, `@p3.run`, `@p4.run`
//!   define i32 @main() {                                                       [main]
//!     %p3 = call i32 (ptr, ...) @printf(ptr @fmt.program, i64 3)
//!     call void @p3.run()
//!     ...
//! ```
//! In a batch each program's symbols carry [`batch_prefix`] and `@main` prints `program <seed>`
//! before running it ([`batch_output`] is what that prints); a single program has no prefix
//! and no such line.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::fmt::Write as _;

/// The line a batch's `@main` prints before each program (`@fmt.program`).
const PROGRAM_FORMAT: &str = "program %lld\n";

/// Text of one LLVM module, written a line at a time.
#[derive(Default)]
pub struct ModuleText {
    text: String,
}

impl ModuleText {
    /// Appends `args` and a newline.
    pub fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.text
            .write_fmt(args)
            .expect("writing to a String cannot fail");
        self.text.push('\n');
    }

    /// The module written so far.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The first lines: a comment naming `generator` (whose source is
    /// `tests/common/<generator>.rs`), whether this is a batch and the seeds; the datalayout
    /// and the triple (each only if not empty); a blank line.
    pub fn header(
        &mut self,
        generator: &str,
        seeds: &[u64],
        batch: bool,
        triple: &str,
        datalayout: &str,
    ) {
        let seeds: Vec<String> = seeds.iter().map(u64::to_string).collect();
        let what = if batch {
            "batch of programs"
        } else {
            "program"
        };
        self.line(format_args!(
            "; {generator} {what}, seed {} (tests/common/{generator}.rs)",
            seeds.join(", ")
        ));
        if !datalayout.is_empty() {
            self.line(format_args!("target datalayout = \"{datalayout}\""));
        }
        if !triple.is_empty() {
            self.line(format_args!("target triple = \"{triple}\""));
        }
        self.line(format_args!(""));
    }

    /// The `printf` formats: each `(name, text)` of `formats` as a constant `@<name>`, then
    /// `@fmt.program`, which [`ModuleText::main`] prints in a batch.
    pub fn formats(&mut self, formats: &[(&str, &str)]) {
        let program = ("fmt.program", PROGRAM_FORMAT);
        for &(name, text) in formats.iter().chain([&program]) {
            let (len, escaped) = c_string(text);
            self.line(format_args!(
                "@{name} = private unnamed_addr constant [{len} x i8] c\"{escaped}\""
            ));
        }
    }

    /// The C library functions every program calls: `printf`, and `fflush` after each row so
    /// that a crash cuts the output right after the last row that finished.
    pub fn declare_stdio(&mut self) {
        self.line(format_args!("declare i32 @printf(ptr, ...)"));
        self.line(format_args!("declare i32 @fflush(ptr)"));
    }

    /// A blank line, then `@<name>(<ty> %v)`, a `noinline` function that prints `%v` with the
    /// format `@<format>`: the kernels print every value through one, so the calls stay put.
    pub fn print_function(&mut self, name: &str, ty: &str, format: &str) {
        self.line(format_args!(""));
        self.line(format_args!("define void @{name}({ty} %v) noinline {{"));
        self.line(format_args!(
            "  %r = call i32 (ptr, ...) @printf(ptr @{format}, {ty} %v)"
        ));
        self.line(format_args!("  ret void"));
        self.line(format_args!("}}"));
    }

    /// A blank line, then `@main`, which calls `@<prefix>run` of each program of `seeds` in
    /// turn; in a batch the prefix is [`batch_prefix`] and it first prints `program <seed>`.
    pub fn main(&mut self, seeds: &[u64], batch: bool) {
        self.line(format_args!(""));
        self.line(format_args!("define i32 @main() {{"));
        for &seed in seeds {
            if batch {
                self.line(format_args!(
                    "  %p{seed} = call i32 (ptr, ...) @printf(ptr @fmt.program, i64 {seed})"
                ));
            }
            self.line(format_args!(
                "  call void @{}run()",
                symbol_prefix(seed, batch)
            ));
        }
        self.line(format_args!("  ret i32 0"));
        self.line(format_args!("}}"));
    }
}

/// The symbol prefix of the program of `seed` inside a batch.
pub fn batch_prefix(seed: u64) -> String {
    format!("p{seed}.")
}

/// The symbol prefix of the program of `seed`: [`batch_prefix`] in a batch, none alone.
pub fn symbol_prefix(seed: u64, batch: bool) -> String {
    if batch {
        batch_prefix(seed)
    } else {
        String::new()
    }
}

/// What a batch's `@main` prints, given each program's seed and output in order.
pub fn batch_output(programs: impl IntoIterator<Item = (u64, String)>) -> String {
    let mut out = String::new();
    for (seed, output) in programs {
        writeln!(out, "program {seed}").expect("writing to a String cannot fail");
        out.push_str(&output);
    }
    out
}

/// `text` as the body of an LLVM `c"..."` constant with a trailing NUL, and its length.
fn c_string(text: &str) -> (usize, String) {
    let mut escaped = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_graphic() && byte != b'"' && byte != b'\\' || byte == b' ' {
            escaped.push(char::from(byte));
        } else {
            write!(escaped, "\\{byte:02X}").expect("writing to a String cannot fail");
        }
    }
    escaped.push_str("\\00");
    (text.len() + 1, escaped)
}

/// `text` with the poison-generating flags of newer LLVMs added to some of its instructions,
/// where the LLVM under test has them: GEP `nuw` (after `inbounds`) or `nusw`/`nuw` (19),
/// `trunc nuw`/`nsw` (19), `zext nneg` (18), `or disjoint` (18), `icmp samesign` (20).
/// About one eligible instruction in three gets one, picked by `seed` and the line, so the
/// output is deterministic. The flags need not hold: where one is false the original is
/// poison there, and the refinement check lets the target do anything with that value; where
/// it holds, a pass must keep it only if its rewrite keeps it true. On LLVM 16, `text` as is.
pub fn with_newer_flags(text: &str, major: u32, seed: u64) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for (n, line) in text.lines().enumerate() {
        let h = (seed ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_mul(0xbf58_476d_1ce4_e5b9)
            .rotate_left(29);
        let pick = |k: usize| ((h >> 8) % k as u64) as usize;
        let flagged = line
            .split_once(" = ")
            .filter(|_| h.is_multiple_of(3))
            .and_then(|(lhs, rest)| {
                let after = |w: &str| rest.strip_prefix(w);
                let has = |w: &str| rest.starts_with(w);
                let with = |op: &str, f: &str, tail: &str| Some(format!("{lhs} = {op} {f} {tail}"));
                if let Some(t) = after("getelementptr inbounds ").filter(|_| major >= 19) {
                    with("getelementptr inbounds", "nuw", t)
                } else if let Some(t) = after("getelementptr ").filter(|_| major >= 19) {
                    (!has("getelementptr nu")).then_some(()).and_then(|()| {
                        with("getelementptr", ["nusw", "nuw", "nusw nuw"][pick(3)], t)
                    })
                } else if let Some(t) = after("trunc ").filter(|_| major >= 19) {
                    (!has("trunc nuw") && !has("trunc nsw"))
                        .then_some(())
                        .and_then(|()| with("trunc", ["nuw", "nsw", "nuw nsw"][pick(3)], t))
                } else if let Some(t) = after("zext ").filter(|_| major >= 18) {
                    (!has("zext nneg"))
                        .then_some(())
                        .and_then(|()| with("zext", "nneg", t))
                } else if let Some(t) = after("or ").filter(|_| major >= 18) {
                    (!has("or disjoint"))
                        .then_some(())
                        .and_then(|()| with("or", "disjoint", t))
                } else if let Some(t) = after("icmp ").filter(|_| major >= 20) {
                    [
                        "slt ", "sle ", "sgt ", "sge ", "ult ", "ule ", "ugt ", "uge ",
                    ]
                    .iter()
                    .any(|p| t.starts_with(p))
                    .then_some(())
                    .and_then(|()| with("icmp", "samesign", t))
                } else {
                    None
                }
            });
        out.push_str(flagged.as_deref().unwrap_or(line));
        out.push('\n');
    }
    out
}

//! The soundness check of `gpucc-memspace-aa` and `gpucc-memspace-annotate` against BasicAA.
//!
//! BasicAA's MustAlias and PartialAlias are *definite*: it answers them only when it has proved
//! that two locations overlap (the same underlying object at overlapping offsets, seen through
//! GEPs and casts, `addrspacecast` included). A sound AA may never answer NoAlias for such a
//! pair. [`check_module`] runs, on one module:
//!
//! `opt -passes='function(gpucc-memspace-annotate,aa-eval)' -verify-each -evaluate-aa-metadata
//! -print-all-alias-modref-info` three times, with `-aa-pipeline=` `basic-aa`,
//! `gpucc-memspace-aa` and `scoped-noalias-aa`: each function is annotated, verified, and
//! then every pair of its pointers and of its loads and stores is queried.
//!
//! `aa-eval` prints one line per query (pointer pairs, and with `-evaluate-aa-metadata` also
//! load/store instruction pairs carrying their metadata), in an order fixed by the module, so
//! the three outputs line up line by line ([`compare`] insists that they do: same functions,
//! same pairs). Each AA runs *alone*: in a chain, BasicAA's MustAlias would be returned before
//! ours was asked. A *contradiction* is a pair that BasicAA answers MustAlias or PartialAlias
//! and the other AA NoAlias: for `gpucc-memspace-aa` on pointer and instruction pairs, for
//! `scoped-noalias-aa` on the instruction pairs our metadata describes. Both must be zero.
//!
//! Metadata does not change a pointer-pair query (it has no `AAInfo`), so querying the
//! annotated functions checks the AA as if on the original. ModRef lines are parsed (to check
//! that the outputs line up) but not judged: BasicAA's ModRef answers are not definite.
//!
//! Evidence of a failure (input, annotated module, the three outputs, commands) goes to
//! `target/tmp/fuzz-failures/alias/<name>/`.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::fmt;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::fuzz_support::{
    failures_dir, opt_for, opt_output, run_tool, shell_quote, slug, tail, ToolRun,
};

/// Subdirectory of `failures_dir()` for this check.
pub const ALIAS_FAILURES: &str = "alias";
/// Time limit per `opt` run.
const TIMEOUT: Duration = Duration::from_secs(120);
/// The pipelines the check runs.
pub const ANNOTATE: &str = "gpucc-memspace-annotate";
pub const BASIC: &str = "basic-aa";
pub const OURS: &str = "gpucc-memspace-aa";
pub const SCOPED: &str = "scoped-noalias-aa";

/// One answer of `aa-eval`, as it prints them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    NoAlias,
    MayAlias,
    PartialAlias,
    MustAlias,
    NoModRef,
    JustRef,
    JustMod,
    BothModRef,
}

impl Answer {
    /// The words `aa-eval` prints, followed by `:`.
    const WORDS: [(&'static str, Answer); 8] = [
        ("NoAlias", Answer::NoAlias),
        ("MayAlias", Answer::MayAlias),
        ("PartialAlias", Answer::PartialAlias),
        ("MustAlias", Answer::MustAlias),
        ("NoModRef", Answer::NoModRef),
        ("Just Ref", Answer::JustRef),
        ("Just Mod", Answer::JustMod),
        ("Both ModRef", Answer::BothModRef),
    ];

    /// An alias answer (as opposed to a ModRef one).
    pub fn is_alias(self) -> bool {
        matches!(
            self,
            Answer::NoAlias | Answer::MayAlias | Answer::PartialAlias | Answer::MustAlias
        )
    }

    /// BasicAA proved an overlap.
    pub fn is_definite_overlap(self) -> bool {
        matches!(self, Answer::PartialAlias | Answer::MustAlias)
    }
}

/// One query line: the answer and the pair as printed (pointers or instructions).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    pub answer: Answer,
    pub pair: String,
}

impl Query {
    /// An instruction pair (`-evaluate-aa-metadata`) rather than a pointer pair.
    pub fn is_instruction_pair(&self) -> bool {
        self.answer.is_alias() && self.pair.contains(" <-> ")
    }
}

/// The queries of one function, in print order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionQueries {
    pub name: String,
    pub queries: Vec<Query>,
}

/// Parses the stderr of `opt -passes=aa-eval -print-all-alias-modref-info`: `Function: <name>:
/// ...` headers and the query lines under them; the summary report is skipped.
pub fn parse_aa_eval(text: &str) -> Result<Vec<FunctionQueries>, String> {
    let mut out: Vec<FunctionQueries> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("Function: ") {
            // `Function: <name>: <k> pointers, <m> call sites`; names may contain ": ".
            let name = rest
                .rsplit_once(": ")
                .map_or(rest, |(name, _)| name)
                .to_string();
            out.push(FunctionQueries {
                name,
                queries: Vec::new(),
            });
            continue;
        }
        let Some(body) = line.strip_prefix("  ") else {
            continue;
        };
        let Some((answer, pair)) = Answer::WORDS.iter().find_map(|(word, answer)| {
            let rest = body.strip_prefix(word)?;
            // BasicAA's PartialAlias may carry the offset: `PartialAlias (off -4):`.
            let rest = match rest.strip_prefix(" (off ") {
                Some(r) => r.split_once("):")?.1,
                None => rest.strip_prefix(':')?,
            };
            Some((*answer, rest.trim()))
        }) else {
            continue;
        };
        let Some(current) = out.last_mut() else {
            return Err(format!(
                "line {}: a query before any `Function:` header: {line}",
                n + 1
            ));
        };
        current.queries.push(Query {
            answer,
            pair: pair.to_string(),
        });
    }
    Ok(out)
}

/// A pair BasicAA proved overlapping and another AA called NoAlias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    pub function: String,
    pub pair: String,
    pub basic: Answer,
    pub other: Answer,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "@{}: BasicAA {:?}, other {:?}: {}",
            self.function, self.basic, self.other, self.pair
        )
    }
}

/// What a comparison of two `aa-eval` outputs found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Alias queries compared.
    pub pairs: u64,
    /// ... that BasicAA answered MustAlias or PartialAlias.
    pub definite: u64,
    /// ... of which the pair mentions a specific address space: the pairs where a
    /// memory-space rule could go wrong.
    pub definite_in_spaces: u64,
    /// Queries the other AA answered NoAlias.
    pub other_no_alias: u64,
    /// Queries the other AA answered NoAlias and BasicAA did not (what the AA adds).
    pub other_adds: u64,
    pub contradictions: Vec<Contradiction>,
}

impl Comparison {
    pub fn add(&mut self, c: Comparison) {
        self.pairs += c.pairs;
        self.definite += c.definite;
        self.definite_in_spaces += c.definite_in_spaces;
        self.other_no_alias += c.other_no_alias;
        self.other_adds += c.other_adds;
        self.contradictions.extend(c.contradictions);
    }
}

/// Which queries a comparison judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// Every alias query (pointer pairs and instruction pairs).
    AllPairs,
    /// Only instruction pairs (what metadata can speak to).
    InstructionPairs,
}

/// Compares BasicAA's output with another AA's, pair by pair (see the module doc). `Err` when
/// the two do not line up: different functions, query counts or pairs.
pub fn compare(basic: &str, other: &str, judge: Judge) -> Result<Comparison, String> {
    let (b, o) = (parse_aa_eval(basic)?, parse_aa_eval(other)?);
    if b.len() != o.len() {
        return Err(format!(
            "outputs do not line up: {} functions vs {}",
            b.len(),
            o.len()
        ));
    }
    let mut c = Comparison::default();
    for (fb, fo) in b.iter().zip(&o) {
        if fb.name != fo.name || fb.queries.len() != fo.queries.len() {
            return Err(format!(
                "outputs do not line up: @{} ({} queries) vs @{} ({} queries)",
                fb.name,
                fb.queries.len(),
                fo.name,
                fo.queries.len()
            ));
        }
        for (qb, qo) in fb.queries.iter().zip(&fo.queries) {
            if qb.pair != qo.pair || qb.answer.is_alias() != qo.answer.is_alias() {
                return Err(format!(
                    "outputs do not line up in @{}:\n  {:?}: {}\n  {:?}: {}",
                    fb.name, qb.answer, qb.pair, qo.answer, qo.pair
                ));
            }
            let judged = match judge {
                Judge::AllPairs => qb.answer.is_alias(),
                Judge::InstructionPairs => qb.is_instruction_pair(),
            };
            if !judged {
                continue;
            }
            c.pairs += 1;
            let definite = qb.answer.is_definite_overlap();
            if definite {
                c.definite += 1;
                if qb.pair.contains("addrspace(") {
                    c.definite_in_spaces += 1;
                }
            }
            if qo.answer == Answer::NoAlias {
                c.other_no_alias += 1;
                if qb.answer != Answer::NoAlias {
                    c.other_adds += 1;
                }
                if definite {
                    c.contradictions.push(Contradiction {
                        function: fb.name.clone(),
                        pair: qb.pair.clone(),
                        basic: qb.answer,
                        other: qo.answer,
                    });
                }
            }
        }
    }
    Ok(c)
}

/// What [`check_module`] found on one module.
#[derive(Clone, Debug, Default)]
pub struct AliasReport {
    /// `gpucc-memspace-aa` against BasicAA, every alias query.
    pub aa: Comparison,
    /// `scoped-noalias-aa` on the annotated module against BasicAA, instruction pairs.
    pub metadata: Comparison,
    /// Accesses `gpucc-memspace-annotate` gave our scopes to.
    pub annotated: u64,
    pub opt_runs: u64,
}

impl AliasReport {
    pub fn add(&mut self, r: AliasReport) {
        self.aa.add(r.aa);
        self.metadata.add(r.metadata);
        self.annotated += r.annotated;
        self.opt_runs += r.opt_runs;
    }
}

/// A module the check failed on: a tool failure, outputs that do not line up, or
/// contradictions.
#[derive(Debug)]
pub struct AliasFailure {
    pub name: String,
    pub what: String,
    /// Commands and details.
    pub detail: String,
    pub kept: PathBuf,
}

impl fmt::Display for AliasFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {}", self.name, self.what)?;
        for line in self.detail.lines() {
            writeln!(f, "  {line}")?;
        }
        writeln!(f, "  files: {}", self.kept.display())
    }
}

/// `aa-eval` over `aa` on `module` after `gpucc-memspace-annotate`, printing every query
/// (to stderr).
fn aa_eval(aa: &str, module: &str) -> ToolRun {
    let mut cmd: Command = opt_for(&format!("-aa-pipeline={aa} function({ANNOTATE},aa-eval)"));
    cmd.args([
        "-verify-each",
        "-evaluate-aa-metadata",
        "-print-all-alias-modref-info",
        "-disable-output",
    ]);
    run_tool(cmd, module.as_bytes(), TIMEOUT)
}

/// Distinct instructions carrying `!alias.scope` in the instruction pairs of an `aa-eval`
/// output: the accesses the annotations speak for.
pub fn annotated_accesses(text: &str) -> u64 {
    let mut total = 0;
    for f in parse_aa_eval(text).unwrap_or_default() {
        let mut seen = std::collections::BTreeSet::new();
        for q in f.queries.iter().filter(|q| q.is_instruction_pair()) {
            for side in q.pair.split(" <-> ") {
                if side.contains("!alias.scope") {
                    seen.insert(side.trim().to_string());
                }
            }
        }
        total += u64::try_from(seen.len()).expect("counts fit in u64");
    }
    total
}

/// Runs the check on `module` (with a target header), keeping evidence of a failure under
/// `failures_dir()/<kept_under>/<name>/`.
pub fn check_module(
    kept_under: &str,
    name: &str,
    module: &str,
) -> Result<AliasReport, AliasFailure> {
    let dir = failures_dir().join(kept_under).join(slug(name));
    let input = shell_quote(&dir.join("input.ll").to_string_lossy());
    let runs: Vec<ToolRun> = [BASIC, OURS, SCOPED]
        .iter()
        .map(|aa| aa_eval(aa, module))
        .collect();
    let texts: Vec<&str> = runs.iter().map(|r| r.stderr.as_str()).collect();
    let commands: String = runs
        .iter()
        .map(|r| format!("{} < {input}\n", r.command))
        .collect();
    let fail = |what: &str, detail: String| {
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        // The annotated module, for reading the metadata the outputs refer to.
        let annotated = opt_output(ANNOTATE, module).unwrap_or_else(|e| format!("; {e}"));
        let files = [
            ("input.ll", module),
            ("annotated.ll", annotated.as_str()),
            ("basic-aa.txt", texts[0]),
            ("gpucc-memspace-aa.txt", texts[1]),
            ("scoped-noalias-aa.txt", texts[2]),
        ];
        for (file, text) in files {
            let path = dir.join(file);
            std::fs::write(&path, text)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        }
        AliasFailure {
            name: name.to_string(),
            what: what.to_string(),
            detail,
            kept: dir.clone(),
        }
    };
    if let Some(bad) = runs.iter().find(|r| r.status.is_none_or(|s| !s.success())) {
        return Err(fail(
            &format!("opt failed: {}", bad.status_text()),
            format!("{} < {input}\n{}", bad.command, tail(&bad.stderr)),
        ));
    }
    let aa = compare(texts[0], texts[1], Judge::AllPairs);
    let metadata = compare(texts[0], texts[2], Judge::InstructionPairs);
    let (aa, metadata) = match (aa, metadata) {
        (Ok(a), Ok(m)) => (a, m),
        (Err(e), _) | (_, Err(e)) => return Err(fail(&e, commands)),
    };
    if !aa.contradictions.is_empty() || !metadata.contradictions.is_empty() {
        let mut detail = String::new();
        for (who, c) in [(OURS, &aa), ("scoped-noalias-aa (annotated)", &metadata)] {
            for x in c.contradictions.iter().take(10) {
                detail.push_str(&format!("{who}: {x}\n"));
            }
        }
        detail.push_str(&commands);
        let what = format!(
            "unsound NoAlias: {} by gpucc-memspace-aa, {} by the annotations",
            aa.contradictions.len(),
            metadata.contradictions.len()
        );
        return Err(fail(&what, detail));
    }
    Ok(AliasReport {
        aa,
        metadata,
        annotated: annotated_accesses(texts[2]),
        opt_runs: 3,
    })
}

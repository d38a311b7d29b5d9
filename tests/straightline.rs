//! Differential and verifier tests for the straight-line passes of paper §3.4:
//! `gpucc-separate-const-offset-from-gep` (also `<lower-gep>`), `gpucc-slsr` and
//! `gpucc-nary-reassociate`, alone and in gpucc's order.
//!
//! The generator is `tests/common/slgen.rs` (straight-line integer and GEP arithmetic as unrolled
//! GPU loops leave it, with a Rust oracle); the harness is `tests/common/fuzz_support.rs`.
//!
//! - `straight_line_programs_print_the_same_after_each_pipeline`: `GPUCC_SL_N` slgen programs
//!   (default 500, seeds from `GPUCC_SL_SEED`, `GPUCC_SL_BATCH` per module, default 20) run
//!   under `lli` before and after each pipeline (`opt -verify-each`); stdout must match byte
//!   for byte, the original must print what slgen computed in Rust, and every pipeline must
//!   change some programs (else the comparison proves nothing).
//! - `stress_modules_survive_straight_line_pipelines`: `GPUCC_SL_STRESS_N` llvm-stress modules
//!   (default 100, seeds from `GPUCC_FUZZ_SEED`) plus one slgen program per ten, for NVPTX and
//!   the host, through each pipeline with `opt -verify-each`: no crash, no verifier error, no
//!   stderr, deterministic output.
//! - `differential_catches_planted_straight_line_bugs`: edits a line each pipeline rewrote
//!   (a constant offset off by one, a bump of the wrong sign, ...) and requires the comparison
//!   to catch 90% of them: the programs print what the passes rewrite. A pipeline `opt` does
//!   not know yet is replaced here by its upstream twin (said loudly), so this always runs.
//! - `nary_terminates_on_degenerate_min_max`: min/max forms that hang LLVM 16's
//!   nary-reassociate (left out of the default generator, see `slgen::Options`) must not hang
//!   ours, nor change what the programs print (skipped, loudly, in a build without it).
//! - Small checks of the generator (determinism, flag rules), the llc stand-in, the planting
//!   and the skip rule.
//!
//! **Pipelines.** `GPUCC_SL_PIPELINES` (`|`-separated) replaces [`DEFAULT_PIPELINES`], e.g. with
//! the upstream twins, to check the harness against LLVM 16:
//! ```text
//! GPUCC_SL_PIPELINES='separate-const-offset-from-gep|llc:separate-const-offset-from-gep<lower-gep>|slsr|nary-reassociate|separate-const-offset-from-gep,slsr,gvn,nary-reassociate,early-cse'
//! ```
//! A pipeline `opt` rejects with `unknown pass name` is **skipped**, loudly (on the terminal
//! even without `--nocapture`): that is how the default pipelines wait for our passes to land
//! and become live by themselves when they do. Any other `opt` error fails the test.
//!
//! LLVM 16's `opt` has no `separate-const-offset-from-gep<lower-gep>` (the parameter came with
//! LLVM 17), so its upstream twin is reached through `llc`: [`LLC_LOWER_GEP`] runs LLVM 16's
//! `SeparateConstOffsetFromGEP(LowerGEP=true)` alone, as AArch64's `-O3` pipeline creates it
//! (`-aarch64-enable-gep-opt`, `-start-before`/`-stop-after` the pass), then moves the module
//! back to the host and verifies it.
//!
//! Child processes: `GPUCC_FUZZ_JOBS` at a time (default 2). Failing inputs are kept under
//! `target/tmp/fuzz-failures/{straightline,stress,selftest}/`.
//!
//! Run: `cargo test --release --test straightline -- --nocapture`.

#[path = "common/divgen.rs"]
mod divgen;
#[path = "common/fuzz_support.rs"]
mod fuzz_support;
#[path = "common/irtext.rs"]
mod irtext;
#[path = "common/slgen.rs"]
mod slgen;

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use fuzz_support::Expect::Any;
use fuzz_support::LLVM_MAJOR;
use fuzz_support::{
    assert_depends_only_on_the_seed, batch_name, check_pipelines, env_count, exclusive, host, keep,
    opt_for, opt_output, par_map, pipelines_from_env, plugin_path, plugin_text, reset_failures,
    retarget, run_stress_in, run_tool, seed_batches, slug, sort_checks, stress_corpus, tail, tool,
    CorpusModule, Differential, Mismatch, MismatchKind, Origin, Pipeline, Target, TargetKind,
    NVPTX64, SELFTEST_FAILURES, STRESS_FAILURES,
};
use slgen::{expected_batch_output, render_batch, BinOp, Program, Ty};

/// The pipelines under test: each pass alone, the splitter with lowering, and gpucc's order
/// (the paper's §3.4, as LLVM's NVPTX backend runs them, with GVN between).
const DEFAULT_PIPELINES: &[&str] = &[
    "gpucc-separate-const-offset-from-gep",
    "gpucc-separate-const-offset-from-gep<lower-gep>",
    "gpucc-slsr",
    "gpucc-nary-reassociate",
    "gpucc-separate-const-offset-from-gep,gpucc-slsr,gvn,gpucc-nary-reassociate,early-cse",
    // The named subset (with speculative execution) and the whole suite.
    "gpucc-straight-line",
    "gpucc",
];

/// The upstream `SeparateConstOffsetFromGEP` with `LowerGEP = true`, through `llc` (see the
/// module doc): LLVM 16's `opt` cannot name it.
const LLC_LOWER_GEP: &str = "llc:separate-const-offset-from-gep<lower-gep>";

/// Where the differential keeps failing inputs (under `failures_dir()`).
const SL_FAILURES: &str = "straightline";

/// Lines slgen programs print before each program and each kernel call: the context shown
/// with a mismatch.
const CONTEXT: &[&str] = &["program ", "k"];

fn pipelines() -> Vec<String> {
    pipelines_from_env("GPUCC_SL_PIPELINES")
        .unwrap_or_else(|| DEFAULT_PIPELINES.iter().map(|p| (*p).to_string()).collect())
}

/// Writes to the terminal even when the test harness captures `println!` and `eprintln!`
/// (which it does through the macros, not through `std::io::stderr()` itself).
fn loud(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Pipelines: availability, running

/// Whether a pipeline can run here.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Availability {
    Available,
    /// `opt` said `unknown pass name`: the line it printed.
    UnknownPass(String),
}

/// The `unknown pass name` line of `opt`'s stderr, if that is why it failed.
fn unknown_pass_line(stderr: &str) -> Option<String> {
    stderr
        .lines()
        .find(|l| l.contains("unknown pass name"))
        .map(|l| l.trim().to_string())
}

fn availability(pipeline: &str) -> Availability {
    if pipeline == LLC_LOWER_GEP {
        return Availability::Available;
    }
    let mut cmd = opt_for(pipeline);
    cmd.arg("-disable-output");
    let run = run_tool(
        cmd,
        b"define void @f() {\n  ret void\n}\n",
        Duration::from_secs(60),
    );
    match unknown_pass_line(&run.stderr) {
        Some(line) if !run.clean() => Availability::UnknownPass(line),
        _ => Availability::Available,
    }
}

/// The pipelines that can run; the others are announced as skipped.
fn available(pipelines: &[String], test: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in pipelines {
        match availability(p) {
            Availability::Available => out.push(p.clone()),
            Availability::UnknownPass(line) if fuzz_support::needs_plugin(p) => loud(&format!(
                "\n!!!! {test}: SKIPPED pipeline '{p}': opt does not know it yet ({line}).\n\
                 !!!! It runs by itself once the pass lands in the plugin; to validate the \
                 harness now, set GPUCC_SL_PIPELINES to the upstream twins (see \
                 tests/straightline.rs).\n"
            )),
            Availability::UnknownPass(line) => loud(&format!(
                "\n!!!! {test}: SKIPPED pipeline '{p}': LLVM 16's opt has no such pass \
                 ({line}).\n!!!! The upstream splitter with <lower-gep> is reachable as \
                 '{LLC_LOWER_GEP}' (through llc).\n"
            )),
        }
    }
    out
}

/// A module as the host runs it, with AArch64's header, for llc.
const AARCH64: Target = Target {
    name: "aarch64",
    kind: TargetKind::Host,
    triple: "aarch64-unknown-linux-gnu",
    datalayout: "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128",
};

/// The IR that `llc -stop-after=<IR pass>` embeds in its MIR output (a YAML block `--- |`
/// indented by two spaces, ended by `...`).
fn ir_of_mir(mir: &str) -> Option<String> {
    let mut lines = mir.lines().skip_while(|l| *l != "--- |");
    lines.next()?;
    let mut out = String::new();
    for line in lines {
        if line == "..." {
            return Some(out);
        }
        out.push_str(line.strip_prefix("  ").unwrap_or(line));
        out.push('\n');
    }
    None
}

/// [`LLC_LOWER_GEP`] on a host module: the result, back on the host and verified.
fn llc_lower_gep(module: &str) -> Result<String, String> {
    let mut cmd = Command::new(tool("llc"));
    cmd.args([
        "-O3",
        "-aarch64-enable-gep-opt",
        "-start-before=separate-const-offset-from-gep",
        "-stop-after=separate-const-offset-from-gep",
        "-o",
        "-",
    ]);
    let run = run_tool(
        cmd,
        retarget(module, &AARCH64).as_bytes(),
        Duration::from_secs(120),
    );
    if !run.clean() {
        return Err(run.failure_detail());
    }
    let ir = ir_of_mir(&String::from_utf8_lossy(&run.stdout))
        .ok_or_else(|| format!("{}: no IR block in the output", run.command))?;
    opt_output("verify", &retarget(&ir, &host()))
}

/// Runs `pipeline` on the program(s) of `d` and compares with the original.
fn check(
    d: &Differential,
    name: &str,
    pipeline: &str,
) -> Result<fuzz_support::DiffReport, Mismatch> {
    if pipeline != LLC_LOWER_GEP {
        return d.check(pipeline, CONTEXT);
    }
    match llc_lower_gep(d.baseline()) {
        Ok(text) => d.compare(pipeline, &text, CONTEXT),
        Err(detail) => {
            let kept = keep(
                SL_FAILURES,
                &format!("{}-{}.ll", slug(name), slug(pipeline)),
                d.baseline().as_bytes(),
            );
            Err(Mismatch {
                name: name.to_string(),
                pipeline: pipeline.to_string(),
                kind: MismatchKind::OptFails,
                detail,
                kept,
            })
        }
    }
}

/// The module after `pipeline` (opt, or llc for [`LLC_LOWER_GEP`]).
fn transform(pipeline: &str, module: &str) -> Result<String, String> {
    if pipeline == LLC_LOWER_GEP {
        llc_lower_gep(module)
    } else {
        opt_output(pipeline, module)
    }
}

// ---------------------------------------------------------------------------------------------
// The differential test

/// Counts for one pipeline.
#[derive(Default)]
struct Cell {
    programs_changed: u64,
    kernels_changed: u64,
}

#[test]
fn straight_line_programs_print_the_same_after_each_pipeline() {
    let _heavy = exclusive();
    reset_failures(SL_FAILURES);
    let start = Instant::now();
    let n = env_count("GPUCC_SL_N", 500);
    let first = env_count("GPUCC_SL_SEED", 0);
    let batch = env_count("GPUCC_SL_BATCH", 20).max(1);
    let pipelines = available(&pipelines(), "straightline differential");
    if pipelines.is_empty() {
        loud("!!!! straightline differential: every pipeline was skipped; nothing was compared");
        return;
    }
    let batches = seed_batches(first, n, batch);
    let target = host();

    let results = par_map(&batches, |_, seeds| {
        let programs: Vec<Program> = seeds.iter().map(|&s| Program::generate(s)).collect();
        let text = render_batch(&programs, target.triple, target.datalayout);
        let name = batch_name("slgen", seeds);
        let checks = check_pipelines(
            SL_FAILURES,
            &name,
            &text,
            &expected_batch_output(&programs),
            CONTEXT,
            &pipelines,
            |d, p| check(d, &name, p),
        );
        (programs, checks)
    });

    let mut cells: Vec<Cell> = pipelines.iter().map(|_| Cell::default()).collect();
    let (mut rows, mut kernels, mut lines) = (0, 0, 0);
    let mut pieces: BTreeMap<&str, u64> = BTreeMap::new();
    let mut mismatches = Vec::new();
    for (programs, checks) in results {
        for p in &programs {
            rows += p.rows();
            kernels += p.kernels();
            for piece in p.pieces() {
                *pieces.entry(piece).or_default() += 1;
            }
        }
        for (i, report) in sort_checks(checks, &mut mismatches) {
            lines += report.lines;
            for program in &programs {
                let prefix = program.kernel_prefix();
                let changed = report
                    .changed_functions
                    .iter()
                    .filter(|f| f.starts_with(&prefix))
                    .count();
                cells[i].kernels_changed += u64::try_from(changed).expect("small count");
                cells[i].programs_changed += u64::from(changed > 0);
            }
        }
    }

    let mut unchanged = Vec::new();
    println!();
    for (p, cell) in pipelines.iter().zip(&cells) {
        println!(
            "{p:<86} changed {:>5}/{n} programs, {:>5}/{kernels} kernels",
            cell.programs_changed, cell.kernels_changed
        );
        if cell.programs_changed == 0 && mismatches.is_empty() {
            unchanged.push(format!(
                "{p} changed none of {n} programs: the test has no teeth"
            ));
        }
    }
    let pieces: Vec<String> = pieces.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!("pieces: {}", pieces.join(" "));
    println!(
        "straightline-summary differential: programs={n} kernels={kernels} rows={rows} \
         printed-lines={lines} pipelines={} mismatches={} elapsed={:.1}s plugin={}",
        pipelines.len(),
        mismatches.len(),
        start.elapsed().as_secs_f64(),
        plugin_text()
    );

    let mut problems = String::new();
    for m in mismatches.iter().take(10) {
        problems.push_str(&m.to_string());
    }
    for u in &unchanged {
        problems.push_str(u);
        problems.push('\n');
    }
    assert!(
        mismatches.is_empty() && unchanged.is_empty(),
        "{} mismatches, {} pipelines without effect:\n{problems}",
        mismatches.len(),
        unchanged.len()
    );
}

// ---------------------------------------------------------------------------------------------
// Verifier fuzz

#[test]
fn stress_modules_survive_straight_line_pipelines() {
    let _heavy = exclusive();
    let start = Instant::now();
    let n = env_count("GPUCC_SL_STRESS_N", 100);
    let all = pipelines();
    let (llc, opt): (Vec<String>, Vec<String>) = all.into_iter().partition(|p| p == LLC_LOWER_GEP);
    for p in llc {
        println!("{p}: not in the verifier fuzz (it runs through llc, not opt -verify-each)");
    }
    let pipelines: Vec<Pipeline> = available(&opt, "straightline stress")
        .into_iter()
        .map(|text| Pipeline {
            text,
            on_gpu: Any,
            on_host: Any,
        })
        .collect();
    if pipelines.is_empty() {
        loud("!!!! straightline stress: every pipeline was skipped; nothing was run");
        return;
    }
    let crafted = (n / 10).max(2);
    let mut corpus = stress_corpus(n);
    corpus.extend((0..crafted).map(|seed| CorpusModule {
        origin: Origin::Crafted {
            label: format!("slgen seed {seed}"),
        },
        text: Program::generate(seed).render("", ""),
    }));
    let targets = [NVPTX64, host()];
    let report = run_stress_in(STRESS_FAILURES, &corpus, &pipelines, &targets);
    println!("\n{}", report.table());
    println!(
        "straightline-summary stress: modules={} (llvm-stress={n} slgen={crafted}) targets={} \
         pipelines={} opt-runs={} failures={} elapsed={:.1}s plugin={}",
        corpus.len(),
        targets.len(),
        pipelines.len(),
        report.opt_runs,
        report.failures.len(),
        start.elapsed().as_secs_f64(),
        plugin_text()
    );
    let failures: Vec<String> = report
        .failures
        .iter()
        .take(20)
        .map(|f| f.to_string())
        .collect();
    assert!(
        report.failures.is_empty(),
        "{} failures:\n{}",
        report.failures.len(),
        failures.concat()
    );
}

// ---------------------------------------------------------------------------------------------
// Planted bugs

/// Each function's body lines (`define` to `}`), by name.
fn function_lines(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        if line.starts_with("define ") {
            let name = line
                .split('@')
                .nth(1)
                .and_then(|rest| rest.split('(').next())
                .unwrap_or("")
                .to_string();
            current = Some((name, Vec::new()));
        }
        if let Some((_, body)) = current.as_mut() {
            body.push(line.to_string());
        }
        if line == "}" {
            if let Some((name, body)) = current.take() {
                out.insert(name, body);
            }
        }
    }
    out
}

/// The kinds of planted bug, tried in this order on the lines a pipeline wrote.
const PLANTS: [&str; 5] = [
    "constant offset one element off",
    "bump with the wrong sign",
    "product turned into a sum",
    "shift one too far",
    "min and max swapped",
];

/// Plants bug `kind` (an index into [`PLANTS`]) in `line`, or `None` if it does not apply.
fn plant_in(kind: usize, line: &str) -> Option<String> {
    let (lhs, rhs) = line.split_once(" = ")?;
    let mut words: Vec<&str> = rhs.split(' ').collect();
    let op = *words.first()?;
    words.retain(|w| *w != "nsw" && *w != "nuw");
    let bump_last = |rhs: &str| -> Option<String> {
        let (head, last) = rhs.rsplit_once(' ')?;
        let c: i64 = last.parse().ok()?;
        Some(format!("{head} {}", c + 1))
    };
    let new_rhs = match (kind, op) {
        (0, "getelementptr") => bump_last(rhs)?,
        (1, "add" | "sub") => {
            words[0] = if op == "add" { "sub" } else { "add" };
            words.join(" ")
        }
        (2, "mul") => {
            words[0] = "add";
            words.join(" ")
        }
        (3, "shl") => bump_last(&words.join(" "))?,
        (4, "call") if rhs.contains("max.") => rhs.replace("max.", "min."),
        (4, "call") if rhs.contains("min.") => rhs.replace("min.", "max."),
        _ => return None,
    };
    Some(format!("{lhs} = {new_rhs}"))
}

/// A planted bug: the edited module, the kind, and the line before and after.
struct Planted {
    module: String,
    kind: usize,
    from: String,
    to: String,
}

/// `transformed` with one planted bug in a line of a kernel that is not in `baseline`'s
/// version of that kernel (a line the pipeline wrote): the first kind of [`PLANTS`] that
/// applies to some such line, in the first such line.
fn plant(baseline: &str, transformed: &str) -> Option<Planted> {
    let before = function_lines(baseline);
    let mut written: Vec<String> = Vec::new();
    for (name, lines) in function_lines(transformed) {
        if !name.contains(".k") && !name.starts_with('k') {
            continue;
        }
        let old: &[String] = before.get(&name).map_or(&[], Vec::as_slice);
        written.extend(lines.into_iter().filter(|l| !old.contains(l)));
    }
    (0..PLANTS.len()).find_map(|kind| {
        written.iter().find_map(|line| {
            let bad = plant_in(kind, line)?;
            Some(Planted {
                module: transformed.replacen(&format!("{line}\n"), &format!("{bad}\n"), 1),
                kind,
                from: line.trim().to_string(),
                to: bad.trim().to_string(),
            })
        })
    })
}

/// The pipeline the planted-bug test uses for `p`: itself if `opt` knows it, else its upstream
/// twin (our names minus `gpucc-`; the `<lower-gep>` splitter through llc).
fn runnable_twin(p: &str) -> String {
    if availability(p) == Availability::Available {
        return p.to_string();
    }
    let twin = p.replace("gpucc-", "");
    let twin = if twin == "separate-const-offset-from-gep<lower-gep>" {
        LLC_LOWER_GEP.to_string()
    } else {
        twin
    };
    loud(&format!(
        "!!!! straightline planted bugs: '{p}' is not available yet; planting bugs in the \
         output of its upstream twin '{twin}' instead"
    ));
    twin
}

#[test]
fn differential_catches_planted_straight_line_bugs() {
    let _heavy = exclusive();
    let host = host();
    let pipelines: Vec<String> = pipelines().iter().map(|p| runnable_twin(p)).collect();
    // Per pipeline: programs with a planted bug, and how many of those the comparison caught.
    let max_programs = 12;
    let seeds: Vec<u64> = (1000..1000 + max_programs).collect();
    let results = par_map(&seeds, |_, &seed| {
        let text = Program::generate(seed).render(host.triple, host.datalayout);
        let d = Differential::new_in(SELFTEST_FAILURES, &format!("planted-{seed}"), &text)
            .expect("slgen programs run under lli");
        pipelines
            .iter()
            .map(|p| {
                let good = transform(p, &text).expect("the pipeline runs on slgen programs");
                let planted = plant(d.baseline(), &good)?;
                let name = format!("planted-{}", slug(p));
                let caught = match d.compare(&name, &planted.module, CONTEXT) {
                    Ok(_) => false,
                    Err(m) => {
                        assert!(
                            matches!(
                                m.kind,
                                MismatchKind::OutputDiffers | MismatchKind::TransformedFails
                            ),
                            "{m}"
                        );
                        true
                    }
                };
                Some((caught, planted))
            })
            .collect::<Vec<_>>()
    });
    let mut problems = String::new();
    for (i, p) in pipelines.iter().enumerate() {
        let planted: Vec<&(bool, Planted)> = results.iter().filter_map(|r| r[i].as_ref()).collect();
        let caught = planted.iter().filter(|(c, _)| *c).count();
        println!("{p}: planted {}, caught {caught}", planted.len());
        for (kind, what) in PLANTS.iter().enumerate() {
            let of_kind: Vec<&&(bool, Planted)> =
                planted.iter().filter(|(_, x)| x.kind == kind).collect();
            if let Some((_, example)) = of_kind.first() {
                let caught = of_kind.iter().filter(|(c, _)| *c).count();
                println!(
                    "    {what}: caught {caught}/{} (e.g. `{}` -> `{}`)",
                    of_kind.len(),
                    example.from,
                    example.to
                );
            }
        }
        if planted.is_empty() || caught * 10 < planted.len() * 9 {
            problems.push_str(&format!(
                "{p}: caught {caught} of {} planted bugs\n",
                planted.len()
            ));
        }
    }
    assert!(problems.is_empty(), "{problems}");
}

// ---------------------------------------------------------------------------------------------
// The generator and the harness themselves

/// `gpucc-nary-reassociate` keeps the answers to "does this add never overflow (signed) at this
/// GEP?" from one round to the next (`OverflowMemo`). Under `GPUCC_CHECK` it asks every reused
/// answer again and stops with `LLVM ERROR` where the two differ; here it runs so over the
/// compile-time benchmark's generator (`scripts/gen_straightline.py`, the modules the memo was
/// made for) and the lit inputs of the pass. Every run must succeed, and answers must have been
/// reused (else the check checked nothing). What it guards: the memo's keys and what it reuses
/// on these shapes; none of these inputs makes a kept answer go stale, so the stamps that void
/// answers after a rewrite are argued in `OverflowMemo`'s doc, not pinned here.
#[test]
fn nary_kept_overflow_answers_agree_with_fresh_ones() {
    const PASS: &str = "gpucc-nary-reassociate";
    if plugin_path().is_none() {
        loud("nary_kept_overflow_answers_agree_with_fresh_ones: SKIPPED: no plugin built");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nary-overflow-memo");
    std::fs::create_dir_all(&work).expect("scratch directory");
    let generated = work.join("straightline-3000.ll");
    let gen = Command::new("python3")
        .arg(root.join("scripts/gen_straightline.py"))
        .args(["3000", "-o"])
        .arg(&generated)
        .output()
        .expect("python3 runs scripts/gen_straightline.py");
    assert!(
        gen.status.success(),
        "gen_straightline.py: {}",
        String::from_utf8_lossy(&gen.stderr)
    );
    let mut inputs = vec![generated];
    let lit_dir = root.join("test/ir/nary-reassociate");
    let mut lit: Vec<_> = std::fs::read_dir(&lit_dir)
        .expect("test/ir/nary-reassociate")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let other = if LLVM_MAJOR >= 22 {
                "REQUIRES: llvm16"
            } else {
                "REQUIRES: llvm22"
            };
            !text.contains(other)
        })
        .collect();
    lit.sort();
    inputs.extend(lit);
    let mut reused = 0u64;
    for input in &inputs {
        // (Not `run_tool`: it clears GPUCC_DEBUG, which reports the counts.)
        let run = opt_for(PASS)
            .env("GPUCC_CHECK", PASS)
            .env("GPUCC_DEBUG", PASS)
            .arg("-disable-output")
            .arg(input)
            .output()
            .expect("opt runs");
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.success(),
            "{PASS} under GPUCC_CHECK on {} ({}): {}",
            input.display(),
            run.status,
            tail(&stderr)
        );
        reused += stderr
            .lines()
            .filter_map(|l| {
                l.split(": ")
                    .nth(1)?
                    .strip_suffix(" kept overflow answers reused, each checked")
            })
            .filter_map(|n| n.parse::<u64>().ok())
            .sum::<u64>();
    }
    eprintln!(
        "{PASS}: {reused} kept overflow answers reused and checked over {} inputs",
        inputs.len()
    );
    assert!(
        reused > 0,
        "no kept answer was reused: the check checked nothing"
    );
}

#[test]
fn slgen_output_depends_only_on_the_seed() {
    assert_depends_only_on_the_seed(Program::generate, Program::render, Program::expected_output);
}

/// The flag rules the generator keeps flags by, on LangRef's examples.
#[test]
fn wrap_flags_hold_exactly_when_the_exact_result_fits() {
    let o = |op: BinOp, ty: Ty, l: i64, r: i64| {
        let o = op.eval(ty, l, r);
        (o.value, o.nsw, o.nuw)
    };
    let max32 = i64::from(i32::MAX);
    let min32 = i64::from(i32::MIN);
    assert_eq!(o(BinOp::Add, Ty::I32, max32, 1), (min32, false, true));
    assert_eq!(o(BinOp::Add, Ty::I32, -1, 1), (0, true, false));
    assert_eq!(o(BinOp::Add, Ty::I64, i64::MAX, 1), (i64::MIN, false, true));
    assert_eq!(o(BinOp::Sub, Ty::I32, 0, 1), (-1, true, false));
    assert_eq!(o(BinOp::Sub, Ty::I32, min32, 1), (max32, false, true));
    assert_eq!(o(BinOp::Sub, Ty::I64, 5, 3), (2, true, true));
    assert_eq!(o(BinOp::Mul, Ty::I32, 65_536, 65_536), (0, false, false));
    assert_eq!(o(BinOp::Mul, Ty::I32, -1, -1), (1, true, false));
    assert_eq!(o(BinOp::Mul, Ty::I64, -1, 2), (-2, true, false));
    // shl nsw: no shifted-out bit may differ from the result's sign bit.
    assert_eq!(o(BinOp::Shl, Ty::I32, -1, 31), (min32, true, false));
    assert_eq!(o(BinOp::Shl, Ty::I32, 1, 31), (min32, false, true));
    assert_eq!(o(BinOp::Shl, Ty::I32, 3, 31), (min32, false, false));
    assert_eq!(o(BinOp::Shl, Ty::I64, 1, 62), (1 << 62, true, true));
    assert_eq!(o(BinOp::Or, Ty::I32, -16, 3), (-13, false, false));
}

/// Only `unknown pass name` makes a pipeline skippable; other errors are failures.
#[test]
fn only_unknown_pass_names_are_skipped() {
    match availability("gpucc-no-such-pass-yet") {
        Availability::UnknownPass(line) => assert!(
            line.contains("unknown pass name 'gpucc-no-such-pass-yet'"),
            "{line}"
        ),
        other => panic!("a pass opt does not know is {other:?}"),
    }
    assert_eq!(availability("slsr"), Availability::Available);
    assert_eq!(availability(LLC_LOWER_GEP), Availability::Available);
    // A malformed pipeline is an error, not a pass waiting to land.
    assert_eq!(availability("slsr,("), Availability::Available);
    assert!(opt_output("slsr,(", "define void @f() {\n  ret void\n}\n").is_err());
}

/// The llc stand-in really runs the lowering splitter, and unchanged code comes back as the
/// baseline prints it.
#[test]
fn llc_stand_in_lowers_geps() {
    let host = host();
    let text = Program::generate(7).render(host.triple, host.datalayout);
    let out = llc_lower_gep(&text).expect("llc runs the splitter");
    assert!(
        out.contains("getelementptr i8, ptr"),
        "no lowered GEP:\n{out}"
    );
    assert!(out.contains(&format!("target triple = \"{}\"", host.triple)));
    let base = opt_output("verify", &text).expect("slgen programs verify");
    let (a, b) = (function_lines(&base), function_lines(&out));
    assert_eq!(
        a.get("emit64"),
        b.get("emit64"),
        "untouched functions print alike"
    );
}

/// Planting edits exactly one line the pipeline wrote, the first kind of bug first.
#[test]
fn plant_edits_one_rewritten_line() {
    let base = "define void @p1.k0(i64 %x) {\n  %a = add i64 %x, 1\n  ret void\n}\n";
    let after = "define void @p1.k0(i64 %x) {\n  %a = add i64 %x, 1\n  \
                 %b = add nsw i64 %a, %x\n  \
                 %g = getelementptr inbounds i32, ptr %p, i64 5\n  ret void\n}\n";
    let planted = plant(base, after).expect("a rewritten line");
    assert_eq!(planted.kind, 0);
    assert_eq!(
        planted.from,
        "%g = getelementptr inbounds i32, ptr %p, i64 5"
    );
    assert_eq!(planted.to, "%g = getelementptr inbounds i32, ptr %p, i64 6");
    let edited = &planted.module;
    assert!(edited.contains("%a = add i64 %x, 1\n"), "{edited}");
    assert!(edited.contains("%b = add nsw i64 %a, %x\n"), "{edited}");
    assert!(edited.contains("i64 6\n"), "{edited}");
    assert_eq!(
        plant_in(1, "  %b = add nuw nsw i64 %a, %x").as_deref(),
        Some("  %b = sub i64 %a, %x")
    );
    assert_eq!(
        plant_in(3, "  %s = shl nsw i64 %a, 2").as_deref(),
        Some("  %s = shl i64 %a, 3")
    );
    assert_eq!(plant_in(0, "  %s = load i32, ptr %p, align 4"), None);
    assert_eq!(
        plant(base, base).map(|p| p.kind),
        None,
        "nothing rewritten, nothing planted"
    );
}

/// Min/max whose inner pair SCEV folds (`smax(smax(a, a), c)` after `smax(a, c)`, ...):
/// LLVM 16's nary-reassociate never returns on them (so slgen leaves them out by default,
/// [`slgen::Options::degenerate_min_max`]); ours must, and must keep the meaning.
#[test]
fn nary_terminates_on_degenerate_min_max() {
    let _heavy = exclusive();
    let host = host();
    let nary: Vec<String> = pipelines()
        .into_iter()
        .filter(|p| p.contains("nary-reassociate") && p.contains("gpucc-"))
        .collect();
    let nary = available(&nary, "straightline nary termination");
    if nary.is_empty() {
        loud("!!!! straightline nary termination: no gpucc nary pipeline available; skipped");
        return;
    }
    let options = slgen::Options {
        degenerate_min_max: true,
    };
    // Seeds whose programs hold the form (the generator picks it at random).
    let programs: Vec<Program> = (0..400)
        .map(|s| Program::generate_with(s, options))
        .filter(Program::has_min_max_of_one_value)
        .take(4)
        .collect();
    assert!(
        !programs.is_empty(),
        "slgen generated no degenerate min/max"
    );
    let seeds: Vec<u64> = programs.iter().map(|p| p.seed).collect();
    let text = render_batch(&programs, host.triple, host.datalayout);
    let name = format!("degenerate-min-max-{seeds:?}");
    let d = Differential::new_in(SL_FAILURES, &slug(&name), &text).expect("the programs run");
    d.expect_stdout(&expected_batch_output(&programs), CONTEXT)
        .expect("lli prints what slgen computed");
    for p in &nary {
        let mut cmd = opt_for(p);
        cmd.args(["-verify-each", "-S", "-o", "-"]);
        let run = run_tool(cmd, text.as_bytes(), Duration::from_secs(30));
        assert!(
            run.status.is_some(),
            "{p} did not finish in 30 s on degenerate min/max (seeds {seeds:?})"
        );
        let out = String::from_utf8_lossy(&run.stdout);
        assert!(run.clean(), "{}", run.failure_detail());
        if let Err(m) = d.compare(p, &out, CONTEXT) {
            panic!("{m}");
        }
    }
}

//! Fuzz and differential tests for every gpucc pass.
//!
//! The harness lives in `tests/common/fuzz_support.rs`, the generator of division programs in
//! `tests/common/divgen.rs`; this file holds the tables of pipelines under test and the tests.
//!
//! - `stress_modules_survive_every_pipeline`: `GPUCC_FUZZ_N` llvm-stress modules (default 500,
//!   seeds from `GPUCC_FUZZ_SEED`, sizes cycling through `STRESS_SIZES`; each `i64` div/rem
//!   result is stored to `%0` so that it is live, see `keep_divisions_live`), plus one divgen
//!   program per ten of them (dense in `i64` division, which llvm-stress is not), each for
//!   NVPTX and for the host, through every pipeline of [`STRESS_PIPELINES`] with
//!   `opt -verify-each`. Any non-zero exit, crash, timeout, stderr or nondeterministic output
//!   fails the test with the seed, the command and the stderr; so does a pipeline that changes
//!   no module where [`STRESS_PIPELINES`] says it must (the fuzz would not reach the pass).
//!   With `--nocapture` it prints, per pipeline, target and source, how many modules changed
//!   and how many `i64` divisions the inputs held.
//! - `division_programs_print_the_same_after_each_pipeline`: `GPUCC_DIFF_N` divgen programs
//!   (default 200, seeds from `GPUCC_DIFF_SEED`, `GPUCC_DIFF_BATCH` per module, default 8) run
//!   under `lli` before and after each pipeline of [`DIFF_PIPELINES`]; stdout must match byte
//!   for byte, the original must print what divgen computed in Rust, and each program must be
//!   changed by a pipeline marked so.
//! - `differential_catches_planted_bypass_bugs`: edits the pass's output (signed fast path,
//!   33-bit check, ...) and requires the differential to notice: the corpus has teeth.
//! - Small checks that the harness itself can tell changed from unchanged and equal from
//!   different, and that generation is deterministic.
//!
//! Adding a pass: add a line to [`STRESS_PIPELINES`], and to [`DIFF_PIPELINES`] if it rewrites
//! code a host program executes. `GPUCC_FUZZ_PIPELINES` / `GPUCC_DIFF_PIPELINES` (`|`-separated)
//! replace the tables, e.g. with upstream passes while a plugin is being written. Child
//! processes: `GPUCC_FUZZ_JOBS` at a time (default 2); llvm-stress modules per `opt` run:
//! `GPUCC_FUZZ_BATCH` (default 8). Failing inputs are kept under
//! `target/tmp/fuzz-failures/{stress,differential}/`, emptied when the test starts.
//!
//! Run: `cargo test --test fuzz -- --nocapture`; big runs: `scripts/fuzz.sh`.

#[path = "common/divgen.rs"]
mod divgen;
#[path = "common/fuzz_support.rs"]
mod fuzz_support;

use std::time::Instant;

use divgen::{expected_batch_output, render_batch, DivOp, Program};
use fuzz_support::Expect::{self, Any, Changes, Unchanged};
use fuzz_support::{
    env_count, exclusive, host, opt_output, par_map, pipelines_from_env, plugin_path,
    reset_failures, retarget, run_stress, run_stress_in, slug, stress_corpus, stress_corpus_from,
    with_live_divisions, CorpusModule, Differential, MismatchKind, Origin, Pipeline, DIFF_FAILURES,
    NVPTX64, SELFTEST_FAILURES, STRESS_FAILURES,
};

/// Pipelines the verifier fuzz runs: (pipeline, what it must do to the GPU corpus, to the host
/// corpus). `Changes`: at least one module changes; `Unchanged`: none does; `Any`: no claim.
const STRESS_PIPELINES: &[(&str, Expect, Expect)] = &[
    // Without `force` the pass leaves host code alone.
    ("gpucc-bypass-slow-division", Changes, Unchanged),
    ("gpucc-bypass-slow-division<force>", Changes, Changes),
    (
        "gpucc-bypass-slow-division<force;opaque-slow-path>",
        Changes,
        Changes,
    ),
    ("gpucc", Changes, Any),
    // Memory-space inference: function level, and module level (which also
    // specializes across calls). llvm-stress pointers are mostly generic
    // allocas and arguments, so no claim about changes.
    ("function(gpucc-infer-address-spaces)", Any, Unchanged),
    ("gpucc-infer-address-spaces", Any, Unchanged),
];

/// Pipelines the differential test runs on host programs (GPU passes need `force` there):
/// (pipeline, whether it must change every program).
const DIFF_PIPELINES: &[(&str, bool)] = &[
    ("gpucc-bypass-slow-division<force>", true),
    ("gpucc-bypass-slow-division<force;opaque-slow-path>", true),
];

/// Lines divgen programs print before each program and each kernel call: the context shown
/// with a mismatch.
const CONTEXT: &[&str] = &["program ", "k"];

fn stress_pipelines() -> Vec<Pipeline> {
    match pipelines_from_env("GPUCC_FUZZ_PIPELINES") {
        Some(list) => list
            .into_iter()
            .map(|text| Pipeline {
                text,
                on_gpu: Any,
                on_host: Any,
            })
            .collect(),
        None => STRESS_PIPELINES
            .iter()
            .map(|&(text, on_gpu, on_host)| Pipeline {
                text: text.to_string(),
                on_gpu,
                on_host,
            })
            .collect(),
    }
}

fn diff_pipelines() -> Vec<(String, bool)> {
    match pipelines_from_env("GPUCC_DIFF_PIPELINES") {
        Some(list) => list.into_iter().map(|p| (p, false)).collect(),
        None => DIFF_PIPELINES
            .iter()
            .map(|&(p, must)| (p.to_string(), must))
            .collect(),
    }
}

fn plugin_text() -> String {
    plugin_path().map_or_else(|| "none".to_string(), |p| p.display().to_string())
}

/// divgen programs `first..first + n` without a target header, as corpus modules.
fn crafted_corpus(first: u64, n: u64) -> Vec<CorpusModule> {
    (first..first + n)
        .map(|seed| CorpusModule {
            origin: Origin::Crafted {
                label: format!("divgen seed {seed}"),
            },
            text: Program::generate(seed).render("", ""),
        })
        .collect()
}

#[test]
fn stress_modules_survive_every_pipeline() {
    let _heavy = exclusive();
    reset_failures(STRESS_FAILURES);
    let start = Instant::now();
    let n = env_count("GPUCC_FUZZ_N", 500);
    let crafted = (n / 10).max(4);
    let mut corpus: Vec<CorpusModule> = stress_corpus(n)
        .into_iter()
        .map(with_live_divisions)
        .collect();
    corpus.extend(crafted_corpus(env_count("GPUCC_FUZZ_SEED", 0), crafted));
    let pipelines = stress_pipelines();
    let targets = [NVPTX64, host()];
    let report = run_stress(&corpus, &pipelines, &targets);

    println!("\n{}", report.table());
    let unmet = report.unmet_expectations();
    println!(
        "fuzz-summary stress: modules={} (llvm-stress={n} divgen={crafted}) targets={} \
         pipelines={} opt-runs={} failures={} unmet={} elapsed={:.1}s plugin={}",
        corpus.len(),
        targets.len(),
        pipelines.len(),
        report.opt_runs,
        report.failures.len(),
        unmet.len(),
        start.elapsed().as_secs_f64(),
        plugin_text()
    );

    let mut problems = String::new();
    for f in report.failures.iter().take(20) {
        problems.push_str(&f.to_string());
    }
    if report.failures.len() > 20 {
        problems.push_str(&format!("... and {} more\n", report.failures.len() - 20));
    }
    for line in &unmet {
        problems.push_str(line);
        problems.push('\n');
    }
    assert!(
        problems.is_empty(),
        "{} failures, {} unmet expectations:\n{problems}",
        report.failures.len(),
        unmet.len()
    );
}

/// Counts for one differential pipeline.
#[derive(Default)]
struct DiffCell {
    changed: u64,
    fast_paths_added: i64,
}

#[test]
fn division_programs_print_the_same_after_each_pipeline() {
    let _heavy = exclusive();
    reset_failures(DIFF_FAILURES);
    let start = Instant::now();
    let n = env_count("GPUCC_DIFF_N", 200);
    let first = env_count("GPUCC_DIFF_SEED", 0);
    let batch = env_count("GPUCC_DIFF_BATCH", 8).max(1);
    // Programs share `lli` and `opt` runs in batches (process start-up dominates otherwise);
    // the `program <seed>` lines name the program at fault.
    let batches: Vec<Vec<u64>> = (first..first + n)
        .step_by(usize::try_from(batch).expect("batch size fits in usize"))
        .map(|b| (b..(b + batch).min(first + n)).collect())
        .collect();
    let pipelines = diff_pipelines();
    let target = host();

    // Per batch: its programs and the result of each pipeline.
    let results = par_map(&batches, |_, seeds| {
        let programs: Vec<Program> = seeds.iter().map(|&s| Program::generate(s)).collect();
        let text = render_batch(&programs, target.triple, target.datalayout);
        let name = match seeds.as_slice() {
            [one] => format!("divgen-{one}"),
            [a, .., b] => format!("divgen-{a}-to-{b}"),
            [] => "divgen-none".to_string(),
        };
        let checks = Differential::new(&name, &text)
            .and_then(|d| {
                d.expect_stdout(&expected_batch_output(&programs), CONTEXT)?;
                Ok(pipelines
                    .iter()
                    .map(|(p, _)| d.check(p, CONTEXT))
                    .collect::<Vec<_>>())
            })
            .unwrap_or_else(|m| vec![Err(m)]);
        (programs, checks)
    });

    let mut cells: Vec<DiffCell> = pipelines.iter().map(|_| DiffCell::default()).collect();
    let (mut rows, mut divisions, mut lines) = (0, 0, 0);
    let mut mismatches = Vec::new();
    let mut unchanged = Vec::new();
    for (programs, checks) in results {
        rows += programs.iter().map(Program::rows).sum::<usize>();
        divisions += programs.iter().map(Program::divisions).sum::<usize>();
        for (p, check) in checks.into_iter().enumerate() {
            let report = match check {
                Err(m) => {
                    mismatches.push(m);
                    continue;
                }
                Ok(report) => report,
            };
            lines += report.lines;
            let (pipeline, must_change) = &pipelines[p];
            for program in &programs {
                let prefix = program.prefix();
                if report
                    .changed_functions
                    .iter()
                    .any(|f| f.starts_with(&prefix))
                {
                    cells[p].changed += 1;
                } else if *must_change {
                    let seed = program.seed;
                    unchanged.push(format!("{pipeline} left divgen seed {seed} unchanged"));
                }
            }
            cells[p].fast_paths_added += i64::try_from(report.after.i32_udivrem)
                .expect("counts fit in i64")
                - i64::try_from(report.before.i32_udivrem).expect("counts fit in i64");
        }
    }
    for ((pipeline, _), cell) in pipelines.iter().zip(&cells) {
        println!(
            "{pipeline:<52} changed {:>5}/{n} programs, +{} i32 udiv/urem",
            cell.changed, cell.fast_paths_added
        );
    }
    println!(
        "fuzz-summary differential: programs={n} rows={rows} i64-divisions={divisions} \
         printed-lines={lines} pipelines={} mismatches={} unchanged={} elapsed={:.1}s plugin={}",
        pipelines.len(),
        mismatches.len(),
        unchanged.len(),
        start.elapsed().as_secs_f64(),
        plugin_text()
    );

    let mut problems = String::new();
    for m in mismatches.iter().take(10) {
        problems.push_str(&m.to_string());
    }
    for u in unchanged.iter().take(10) {
        problems.push_str(u);
        problems.push('\n');
    }
    assert!(
        mismatches.is_empty() && unchanged.is_empty(),
        "{} mismatches, {} unchanged programs:\n{problems}",
        mismatches.len(),
        unchanged.len()
    );
}

#[test]
fn divgen_output_depends_only_on_the_seed() {
    for seed in 0..20 {
        let (a, b) = (Program::generate(seed), Program::generate(seed));
        let host = host();
        assert_eq!(
            a.render(host.triple, host.datalayout),
            b.render(host.triple, host.datalayout),
            "seed {seed}: two renders differ"
        );
        assert_eq!(a.expected_output(), b.expected_output(), "seed {seed}");
        assert_ne!(
            a.render("", ""),
            Program::generate(seed + 1).render("", ""),
            "seeds {seed} and {} give the same program",
            seed + 1
        );
    }
}

#[test]
fn div_op_eval_refuses_exactly_the_undefined_cases() {
    for op in DivOp::ALL {
        assert_eq!(op.eval(5, 0), None, "{} by zero", op.mnemonic());
    }
    assert_eq!(DivOp::SDiv.eval(i64::MIN, -1), None);
    assert_eq!(DivOp::SRem.eval(i64::MIN, -1), None);
    assert_eq!(DivOp::UDiv.eval(i64::MIN, -1), Some(0));
    assert_eq!(DivOp::URem.eval(i64::MIN, -1), Some(i64::MIN));
    assert_eq!(DivOp::SDiv.eval(-7, 2), Some(-3));
    assert_eq!(DivOp::SRem.eval(-7, 2), Some(-1));
    assert_eq!(DivOp::UDiv.eval(-1, 1 << 32), Some((1 << 32) - 1));
    assert_eq!(DivOp::URem.eval(1 << 32, (1 << 32) - 1), Some(1));
}

/// The change detector must see through printing differences (a no-op pipeline changes
/// nothing) and must see real rewrites (instcombine changes plenty).
#[test]
fn change_detection_ignores_printing_but_sees_rewrites() {
    let _heavy = exclusive();
    let mut corpus: Vec<CorpusModule> = stress_corpus_from(0, 16)
        .into_iter()
        .map(with_live_divisions)
        .collect();
    corpus.extend(crafted_corpus(0, 4));
    let pipelines = [
        Pipeline {
            text: "verify".to_string(),
            on_gpu: Unchanged,
            on_host: Unchanged,
        },
        Pipeline {
            text: "instcombine".to_string(),
            on_gpu: Changes,
            on_host: Changes,
        },
    ];
    let report = run_stress_in(SELFTEST_FAILURES, &corpus, &pipelines, &[NVPTX64, host()]);
    let failures: Vec<String> = report.failures.iter().map(|f| f.to_string()).collect();
    assert!(failures.is_empty(), "{}", failures.concat());
    assert!(
        report.unmet_expectations().is_empty(),
        "{:?}\n{}",
        report.unmet_expectations(),
        report.table()
    );
}

/// A batch that fails is rerun module by module, and the failure names the broken module.
#[test]
fn a_failing_batch_names_its_module() {
    let _heavy = exclusive();
    let mut corpus = stress_corpus_from(0, 8);
    let broken = 5;
    // A type error in one module of the batch: `opt` rejects the whole batch.
    let text = corpus[broken].text.clone();
    let define = text
        .lines()
        .find(|l| l.starts_with("define "))
        .expect("llvm-stress modules define a function");
    corpus[broken].text = text.replacen(
        define,
        &format!("{define}\n  %broken = add i64 0, i32 0"),
        1,
    );
    let pipelines = [Pipeline {
        text: "verify".to_string(),
        on_gpu: Any,
        on_host: Any,
    }];
    let report = run_stress_in(SELFTEST_FAILURES, &corpus, &pipelines, &[NVPTX64]);
    let named: Vec<String> = report
        .failures
        .iter()
        .map(|f| f.origin.to_string())
        .collect();
    assert_eq!(
        named,
        [corpus[broken].origin.to_string()],
        "{}",
        report
            .failures
            .iter()
            .map(|f| f.to_string())
            .collect::<String>()
    );
    assert_eq!(report.cells[0][0][0].failures, 1, "{}", report.table());
}

/// The differential must fail on a wrong transformation and on a wrong expectation.
#[test]
fn differential_reports_a_changed_result() {
    let host = host();
    let programs = [Program::generate(3), Program::generate(4)];
    let text = render_batch(&programs, host.triple, host.datalayout);
    let expected = expected_batch_output(&programs);
    let d = Differential::new_in(SELFTEST_FAILURES, "divgen-3-to-4", &text)
        .expect("divgen 3 and 4 run under lli");
    d.expect_stdout(&expected, CONTEXT)
        .expect("lli prints what divgen computed");

    let wrong = d
        .expect_stdout(&expected.replacen('\n', "x\n", 1), CONTEXT)
        .expect_err("an edited expectation must not match");
    assert_eq!(wrong.kind, MismatchKind::NotAsExpected);

    // Print a wrong value in the second program's first kernel.
    let baseline = d.baseline();
    let at = baseline
        .find("define void @p4.kernel0(")
        .expect("a batch prefixes program 4's kernels");
    let (head, tail) = baseline.split_at(at);
    let edited = tail.replacen("call void @emit(i64 %s0)", "call void @emit(i64 -12345)", 1);
    assert_ne!(edited, tail, "divgen kernels print %s0");
    let miscompiled = format!("{head}{edited}");
    let m = d
        .compare("selftest-edit", &miscompiled, CONTEXT)
        .expect_err("printing a different value must be caught");
    assert_eq!(m.kind, MismatchKind::OutputDiffers, "{m}");
    assert!(m.detail.contains("-12345"), "shows the line: {m}");
    assert!(
        m.detail.contains("program 4 | k0 r0"),
        "names the program: {m}"
    );

    let same = d
        .compare("selftest-same", baseline, CONTEXT)
        .expect("the module compared with itself matches");
    assert!(!same.changed, "an identical module is not a change");
    assert!(
        same.changed_functions.is_empty(),
        "{:?}",
        same.changed_functions
    );
}

/// The differential must catch plausible bypass bugs, planted by editing the real pass's
/// output: a signed fast path, a check that lets 33-bit values through, a remainder computed as
/// a quotient. Each must change what some of the first programs print.
#[test]
fn differential_catches_planted_bypass_bugs() {
    let _heavy = exclusive();
    if pipelines_from_env("GPUCC_DIFF_PIPELINES").is_some() {
        println!("skipped: GPUCC_DIFF_PIPELINES replaces the pass these mutations target");
        return;
    }
    let pipeline = DIFF_PIPELINES[0].0;
    let mutations: [(&str, &str, &str); 4] = [
        ("signed fast path", "= udiv i32 ", "= sdiv i32 "),
        ("signed fast remainder", "= urem i32 ", "= srem i32 "),
        ("33-bit check", "-4294967296", "-8589934592"),
        ("remainder as quotient", "= urem i32 ", "= udiv i32 "),
    ];
    let host = host();
    let mut caught = [0; 4];
    let programs = 6;
    for seed in 0..programs {
        let text = Program::generate(seed).render(host.triple, host.datalayout);
        let d = Differential::new_in(SELFTEST_FAILURES, &format!("mutant-{seed}"), &text)
            .expect("divgen programs run under lli");
        let good = opt_output(pipeline, &text).expect("the pass runs on divgen programs");
        for (i, (what, from, to)) in mutations.iter().enumerate() {
            let bad = good.replace(from, to);
            assert_ne!(bad, good, "seed {seed}: no {from:?} to mutate for {what}");
            if let Err(m) = d.compare(&format!("mutant-{}", slug(what)), &bad, CONTEXT) {
                assert_eq!(m.kind, MismatchKind::OutputDiffers, "{m}");
                caught[i] += 1;
            }
        }
    }
    for ((what, _, _), n) in mutations.iter().zip(caught) {
        println!("planted bug {what:?}: caught in {n}/{programs} programs");
        assert!(
            n > 0,
            "planted bug {what:?} went unnoticed in {programs} programs"
        );
    }
}

/// A module gets exactly one target header, where opt prints it.
#[test]
fn retarget_replaces_the_header() {
    let text = "; ModuleID = 'x'\nsource_filename = \"x\"\ntarget triple = \"old\"\n\n\
                define void @f() {\n  ret void\n}\n";
    let out = retarget(text, &NVPTX64);
    assert_eq!(out.matches("target triple").count(), 1, "{out}");
    assert!(
        out.contains("target triple = \"nvptx64-nvidia-cuda\""),
        "{out}"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[2].starts_with("target datalayout"), "{out}");

    let bare = retarget("define void @f() {\n  ret void\n}\n", &NVPTX64);
    assert!(bare.starts_with("target datalayout"), "{bare}");
    let commented = retarget("; a comment\ndefine void @f() {\n  ret void\n}\n", &NVPTX64);
    assert!(
        commented.starts_with("; a comment\ntarget datalayout"),
        "{commented}"
    );
}

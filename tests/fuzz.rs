//! Fuzz, differential and alias-soundness tests for every gpucc pass.
//!
//! The harness lives in `tests/common/fuzz_support.rs`, the generators of division programs
//! and of address-space programs in `tests/common/divgen.rs` and `tests/common/spacegen.rs`,
//! the alias check in `tests/common/alias_check.rs`; this file holds the tables of pipelines
//! under test and the tests.
//!
//! - `stress_modules_survive_every_pipeline`: `GPUCC_FUZZ_N` llvm-stress modules (default 500,
//!   seeds from `GPUCC_FUZZ_SEED`, sizes cycling through `STRESS_SIZES`; each `i64` div/rem
//!   result is stored to `%0` so that it is live, see `keep_divisions_live`), plus one divgen
//!   program per ten of them (dense in `i64` division, which llvm-stress is not) and, for each
//!   of NVPTX and AMDGPU, one spacegen program per 25 (address-space traffic, which
//!   llvm-stress lacks; twenty to a module) and one shapegen program per 25 (the IR shapes
//!   that break passes, `tests/common/shapegen.rs`; ten to a module), each module for NVPTX
//!   and for the host, through
//!   every pipeline of [`STRESS_PIPELINES`] with `opt -verify-each`. An entry may carry `opt`
//!   flags before its pipeline (`fuzz_support::split_pipeline`): [`MEMSPACE_AA_PIPELINE`] runs
//!   GVN, DSE, MemCpyOpt, EarlyCSE and the load/store vectorizer over
//!   `-aa-pipeline=gpucc-memspace-aa` (on NVPTX only: `Expect::NotRun` skips a target kind
//!   where a pipeline has nothing to test). Any non-zero exit, crash, timeout, stderr or
//!   nondeterministic output fails the test with the seed, the command and the stderr (the
//!   failing module is kept under `target/tmp/fuzz-failures/stress/`); so does a pipeline that changes
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
//! - `memspace_aa_never_contradicts_basic_aa`: `GPUCC_ALIAS_N` spacegen programs per GPU
//!   (default `GPUCC_FUZZ_N / 5`: 100 each for NVPTX and AMDGPU, seeds from `GPUCC_ALIAS_SEED`,
//!   `GPUCC_ALIAS_BATCH` to a module, default 20) and the llvm-stress modules of size up to
//!   `GPUCC_ALIAS_STRESS_SIZE` (default 50; aa-eval prints every pair, so big ones are slow)
//!   as NVPTX, through `alias_check::check_module`: each function is annotated by
//!   `gpucc-memspace-annotate`, then `aa-eval -evaluate-aa-metadata` prints every pointer pair
//!   and load/store pair under `basic-aa`, `gpucc-memspace-aa` and `scoped-noalias-aa`, each
//!   alone. A pair BasicAA proves overlapping (MustAlias, PartialAlias) that our AA, or the
//!   scoped-noalias AA reading our metadata, calls NoAlias is unsound and fails the test, with
//!   the module, the annotated module and the three outputs kept under
//!   `target/tmp/fuzz-failures/alias/`. The test also fails if the generated programs give the
//!   check nothing to judge (no BasicAA-definite pair naming a specific space, no NoAlias our
//!   AA or metadata adds). With `--nocapture` it prints the counts per source and target.
//! - `alias_comparator_*` feed the comparator hand-made `aa-eval` outputs (a NoAlias against a
//!   MustAlias and a PartialAlias must be reported, a MayAlias against a MustAlias must not;
//!   outputs that do not line up are an error), and `alias_check_catches_a_broken_assumption`
//!   runs the whole check with the real plugin on a kernel that casts its generic argument to
//!   shared memory (outside the AA's assumptions): the contradiction must be found.
//! - Small checks that the harness itself can tell changed from unchanged and equal from
//!   different, and that generation is deterministic.
//!
//! Adding a pass: add a line to [`STRESS_PIPELINES`], and to [`DIFF_PIPELINES`] if it rewrites
//! code a host program executes. `GPUCC_FUZZ_PIPELINES` / `GPUCC_DIFF_PIPELINES` (`|`-separated)
//! replace the tables, e.g. with upstream passes while a plugin is being written. Child
//! processes: `GPUCC_FUZZ_JOBS` at a time (default 2); llvm-stress modules per `opt` run:
//! `GPUCC_FUZZ_BATCH` (default 8). Failing inputs are kept under
//! `target/tmp/fuzz-failures/{stress,differential,alias}/`, emptied when the test starts.
//! Adding an alias analysis or an annotating pass: extend `alias_check` to run it beside
//! `gpucc-memspace-aa`, and spacegen if it reasons about IR spacegen does not write.
//!
//! Run: `cargo test --test fuzz -- --nocapture`; big runs: `scripts/fuzz.sh`.

#[path = "common/alias_check.rs"]
mod alias_check;
#[path = "common/divgen.rs"]
mod divgen;
#[path = "common/fuzz_support.rs"]
mod fuzz_support;
#[path = "common/irtext.rs"]
mod irtext;
#[path = "common/shapegen.rs"]
mod shapegen;
#[path = "common/spacegen.rs"]
mod spacegen;

use std::sync::OnceLock;
use std::time::Instant;

use alias_check::{check_module, compare, AliasReport, Answer, Judge, ALIAS_FAILURES};
use divgen::{expected_batch_output, render_batch, DivOp, Program};
use fuzz_support::Expect::{self, Any, Changes, NotRun, Unchanged};
use fuzz_support::{
    assert_depends_only_on_the_seed, batch_name, batch_text, check_pipelines, env_count, exclusive,
    host, opt_output, par_map, pipelines_from_env, plugin_text, reset_failures, retarget,
    run_stress, run_stress_in, seed_batches, slug, sort_checks, stress_corpus, stress_corpus_from,
    with_live_divisions, CorpusModule, Differential, MismatchKind, Origin, Pipeline, Target,
    TargetKind, DIFF_FAILURES, NVPTX64, SELFTEST_FAILURES, STRESS_FAILURES,
};
use spacegen::Gpu;

/// Pipelines the verifier fuzz runs: (pipeline, what it must do to the GPU corpus, to the host
/// corpus). `Changes`: at least one module changes; `Unchanged`: none does; `Any`: no claim;
/// `NotRun`: not run on that kind of target.
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
    // allocas and arguments; the spacegen modules cast shared and global
    // pointers to generic, which the pass undoes.
    ("function(gpucc-infer-address-spaces)", Changes, Unchanged),
    ("gpucc-infer-address-spaces", Changes, Unchanged),
    // Memory-space scopes: on the spacegen modules (llvm-stress pointers are generic and
    // unclassified), never on the host.
    ("gpucc-memspace-annotate", Changes, Unchanged),
    // Our alias analysis alone under the passes that ask it most: no query may crash or
    // mislead a pass into invalid IR. (The changes are GVN's and DSE's.) Not on the host,
    // where the AA answers MayAlias to everything.
    (MEMSPACE_AA_PIPELINE, Changes, NotRun),
    // GEP splitting: llvm-stress writes few GEPs, so no claim about changes;
    // the point is the verifier, no crash, and determinism.
    ("gpucc-separate-const-offset-from-gep", Any, Any),
    ("gpucc-separate-const-offset-from-gep<lower-gep>", Any, Any),
    // Straight-line strength reduction, global reassociation and speculative execution:
    // llvm-stress code is branchy arithmetic, so each may or may not find work.
    ("gpucc-slsr", Any, Any),
    ("gpucc-nary-reassociate", Any, Any),
    ("gpucc-speculative-execution", Any, Any),
    ("gpucc-straight-line", Any, Any),
    // The clang-path passes of issue 16: GPU modules only, so host modules come back byte for
    // byte; on the GPU corpus no claim (few loops, few shared objects), the point is the
    // verifier, no crash and determinism. The unroll request is also run with the unroller
    // that acts on it.
    ("gpucc-shared-align", Any, Unchanged),
    ("gpucc-loop-layout", Any, Unchanged),
    ("gpucc-flatten-guards", Any, Unchanged),
    // HPVM (issue 17): modules without HPVM calls come back byte for byte.
    ("gpucc-hpvm-gen", Any, Unchanged),
    ("gpucc-hpvm-lower<constmem>", Any, Unchanged),
    ("gpucc-rotate-loads", Any, Unchanged),
    ("gpucc-invariant-loads", Any, Unchanged),
    ("gpucc-sreg-ranges", Any, Unchanged),
    ("gpucc-unroll-grid-stride", Any, Unchanged),
    (
        "function(gpucc-unroll-grid-stride,loop-unroll<O3>)",
        Any,
        Any,
    ),
    // OpenMP SPMDization and custom state machines: no fuzz module is OpenMP
    // device code, so every one must come back byte for byte unchanged.
    ("gpucc-openmp-opt", Unchanged, Unchanged),
    ("gpucc-openmp-state-machine", Unchanged, Unchanged),
];

/// Upstream passes that query alias analysis heavily, over `gpucc-memspace-aa` alone. LICM
/// is left out: under `-verify-each` it verifies after every loop, which triples the cost of
/// the pipeline (add it through `GPUCC_FUZZ_PIPELINES` in a long run).
const MEMSPACE_AA_PIPELINE: &str = "-aa-pipeline=gpucc-memspace-aa \
    function(gvn,dse,memcpyopt,early-cse<memssa>,load-store-vectorizer)";

/// Pipelines the differential test runs on host programs (GPU passes need `force` there):
/// (pipeline, whether it must change every program).
const DIFF_PIPELINES: &[(&str, bool)] = &[
    ("gpucc-bypass-slow-division<force>", true),
    ("gpucc-bypass-slow-division<force;opaque-slow-path>", true),
    // The bypass makes if-then-else diamonds around each division: speculative execution
    // hoists out of them, and the straight-line passes work on what it hoisted.
    (
        "function(gpucc-bypass-slow-division<force>),gpucc-straight-line",
        true,
    ),
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

/// shapegen programs `first..first + n`, `per_module` to a module, without a target header.
fn shapegen_modules(first: u64, n: u64, per_module: u64) -> Vec<CorpusModule> {
    fuzz_support::seed_batches(first, n, per_module.max(1))
        .into_iter()
        .map(|seeds| {
            let programs: Vec<shapegen::Program> = seeds
                .iter()
                .map(|&s| shapegen::Program::generate(s))
                .collect();
            CorpusModule {
                origin: Origin::Crafted {
                    label: batch_name("shapegen", &seeds),
                },
                text: shapegen::render_batch(&programs, "", ""),
            }
        })
        .collect()
}

/// The target header of `gpu`'s modules, for [`retarget`].
fn gpu_target(gpu: Gpu) -> Target {
    Target {
        name: gpu.name(),
        kind: TargetKind::Gpu,
        triple: gpu.triple(),
        datalayout: gpu.datalayout(),
    }
}

/// spacegen programs `first..first + n` for `gpu`, `per_module` to a module.
fn spacegen_modules(gpu: Gpu, first: u64, n: u64, per_module: u64) -> Vec<(String, String)> {
    let step = usize::try_from(per_module.max(1)).expect("batch size fits in usize");
    (first..first + n)
        .step_by(step)
        .map(|b| {
            let last = (b + per_module).min(first + n) - 1;
            let programs: Vec<spacegen::Program> = (b..=last)
                .map(|seed| spacegen::Program::generate(seed, gpu))
                .collect();
            let label = format!("spacegen {} seeds {b} to {last}", gpu.name());
            (label, spacegen::render_batch(&programs))
        })
        .collect()
}

/// The `GPUCC_FUZZ_N` llvm-stress modules from `GPUCC_FUZZ_SEED` (division results kept
/// live), generated once per test binary: the verifier fuzz and the alias check share them.
fn stress_inputs() -> &'static [CorpusModule] {
    static CORPUS: OnceLock<Vec<CorpusModule>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        stress_corpus(env_count("GPUCC_FUZZ_N", 500))
            .into_iter()
            .map(with_live_divisions)
            .collect()
    })
}

#[test]
fn stress_modules_survive_every_pipeline() {
    let _heavy = exclusive();
    reset_failures(STRESS_FAILURES);
    let start = Instant::now();
    let n = env_count("GPUCC_FUZZ_N", 500);
    let crafted = (n / 10).max(4);
    let mut corpus: Vec<CorpusModule> = stress_inputs().to_vec();
    let first = env_count("GPUCC_FUZZ_SEED", 0);
    corpus.extend(crafted_corpus(first, crafted));
    // Address-space programs for the memory-space passes (llvm-stress pointers are generic),
    // in modules of twenty, for each GPU (the other's target header replaces the header of
    // half of them: unknown spaces, for the fuzz).
    let spaced = (n / 25).max(4);
    for gpu in Gpu::ALL {
        for (label, text) in spacegen_modules(gpu, first, spaced, 20) {
            corpus.push(CorpusModule {
                origin: Origin::Crafted { label },
                text,
            });
        }
    }
    // The shapes that break passes (tests/common/shapegen.rs): phis with several entries
    // from one switch, one value used twice by one instruction, self-referencing dead code,
    // zero-sized types, undef/poison operands, constant expressions shared by functions.
    let shaped = (n / 25).max(4);
    corpus.extend(shapegen_modules(first, shaped, 10));
    let pipelines = stress_pipelines();
    let targets = [NVPTX64, host()];
    let report = run_stress(&corpus, &pipelines, &targets);

    println!("\n{}", report.table());
    let unmet = report.unmet_expectations();
    println!(
        "fuzz-summary stress: modules={} (llvm-stress={n} divgen={crafted} spacegen={} in \
         modules of 20, shapegen={shaped} in modules of 10) targets={} \
         pipelines={} opt-runs={} failures={} unmet={} elapsed={:.1}s plugin={}",
        corpus.len(),
        2 * spaced,
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

/// One module of the alias check: where it came from (0 spacegen, 1 llvm-stress), its
/// target, a name for the report and its text.
struct AliasUnit {
    source: usize,
    gpu: Gpu,
    name: String,
    text: String,
}

/// The alias check's sources, by [`AliasUnit::source`].
const ALIAS_SOURCES: [&str; 2] = ["spacegen", "llvm-stress"];

#[test]
fn memspace_aa_never_contradicts_basic_aa() {
    let _heavy = exclusive();
    reset_failures(ALIAS_FAILURES);
    let start = Instant::now();
    // 100 per GPU in CI; scripts/fuzz.sh's larger GPUCC_FUZZ_N scales it.
    let n = env_count("GPUCC_ALIAS_N", env_count("GPUCC_FUZZ_N", 500) / 5);
    let first = env_count("GPUCC_ALIAS_SEED", 0);
    let per_module = env_count("GPUCC_ALIAS_BATCH", 20).max(1);
    // llvm-stress modules hold only generic pointers, so the check is nearly vacuous on them,
    // but they reach odd corners (vectors of pointers, selects of constants). aa-eval prints
    // every pair, quadratic in a function's pointers: only sizes up to `GPUCC_ALIAS_STRESS_SIZE`
    // (default 50; 1600 costs 7 s a module), 64 functions per module.
    let max_size = env_count("GPUCC_ALIAS_STRESS_SIZE", 50);
    let stress: Vec<CorpusModule> = stress_inputs()
        .iter()
        .filter(|m| matches!(m.origin, Origin::Stress { size, .. } if u64::from(size) <= max_size))
        .cloned()
        .collect();
    let stress_n = stress.len();
    let mut units = Vec::new();
    for gpu in Gpu::ALL {
        for (name, text) in spacegen_modules(gpu, first, n, per_module) {
            units.push(AliasUnit {
                source: 0,
                gpu,
                name,
                text,
            });
        }
    }
    // Generic pointers classify alike under both targets' rules: NVPTX alone is enough.
    for gpu in [Gpu::Nvptx] {
        for chunk in stress.chunks(64) {
            let name = format!(
                "llvm-stress {} {} to {}",
                gpu.name(),
                chunk[0].origin,
                chunk[chunk.len() - 1].origin
            );
            let text = retarget(&batch_text(chunk), &gpu_target(gpu));
            units.push(AliasUnit {
                source: 1,
                gpu,
                name,
                text,
            });
        }
    }

    let results = par_map(&units, |_, u| {
        check_module(ALIAS_FAILURES, &u.name, &u.text)
    });

    let mut cells: Vec<Vec<AliasReport>> = (0..ALIAS_SOURCES.len())
        .map(|_| Gpu::ALL.iter().map(|_| AliasReport::default()).collect())
        .collect();
    let mut failures = Vec::new();
    for (u, r) in units.iter().zip(results) {
        let g = Gpu::ALL
            .iter()
            .position(|&g| g == u.gpu)
            .expect("a known GPU");
        match r {
            Ok(report) => cells[u.source][g].add(report),
            Err(f) => failures.push(f),
        }
    }
    println!(
        "\n{:<12} {:<8} {:>7} {:>8} {:>9} {:>8} {:>8} | {:>9} {:>8} {:>8} {:>9}",
        "source",
        "target",
        "pairs",
        "definite",
        "def-in-as",
        "ours-no",
        "ours-add",
        "annotated",
        "ld/st",
        "md-def",
        "scoped-no"
    );
    for (s, source) in ALIAS_SOURCES.iter().enumerate() {
        for (g, gpu) in Gpu::ALL.iter().enumerate() {
            let c = &cells[s][g];
            if c.opt_runs == 0 {
                continue;
            }
            println!(
                "{:<12} {:<8} {:>7} {:>8} {:>9} {:>8} {:>8} | {:>9} {:>8} {:>8} {:>9}",
                source,
                gpu.name(),
                c.aa.pairs,
                c.aa.definite,
                c.aa.definite_in_spaces,
                c.aa.other_no_alias,
                c.aa.other_adds,
                c.annotated,
                c.metadata.pairs,
                c.metadata.definite,
                c.metadata.other_no_alias
            );
        }
    }
    println!(
        "(pairs: alias queries; definite: BasicAA MustAlias/PartialAlias; def-in-as: of those, \
         naming a specific space; ours-no / ours-add: gpucc-memspace-aa NoAlias, and where \
         BasicAA did not say it; annotated: accesses with our scopes; ld/st: instruction pairs; \
         md-def: definite among them; scoped-no: scoped-noalias-aa NoAlias on them)"
    );
    let opt_runs: u64 = cells.iter().flatten().map(|c| c.opt_runs).sum();
    println!(
        "fuzz-summary alias: modules={} (spacegen={n} programs per target in modules of \
         {per_module}, llvm-stress={stress_n} of size <= {max_size} on nvptx64) \
         opt-runs={opt_runs} failures={} \
         elapsed={:.1}s plugin={}",
        units.len(),
        failures.len(),
        start.elapsed().as_secs_f64(),
        plugin_text()
    );

    let mut problems: String = failures.iter().take(10).map(|f| f.to_string()).collect();
    // The check has something to check: on each target the generated programs hold pairs
    // that BasicAA proves equal across spaces, and both our AA and our metadata add NoAlias.
    for (g, gpu) in Gpu::ALL.iter().enumerate() {
        let c = &cells[0][g];
        if n > 0 && failures.is_empty() {
            for (what, count) in [
                (
                    "definite pairs naming a specific space",
                    c.aa.definite_in_spaces,
                ),
                (
                    "NoAlias answers of gpucc-memspace-aa beyond BasicAA's",
                    c.aa.other_adds,
                ),
                ("annotated accesses", c.annotated),
                ("NoAlias answers of the annotations", c.metadata.other_adds),
            ] {
                if count == 0 {
                    problems.push_str(&format!(
                        "spacegen on {}: no {what}: the check is vacuous\n",
                        gpu.name()
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} failing modules:\n{problems}",
        failures.len()
    );
}

/// `aa-eval` output for the comparator's self-tests: one function, the given queries.
fn aa_eval_text(function: &str, queries: &[(&str, &str)]) -> String {
    let mut text = format!("Function: {function}: 3 pointers, 0 call sites\n");
    for (answer, pair) in queries {
        text.push_str(&format!("  {answer}:\t{pair}\n"));
    }
    text.push_str(
        "===== Alias Analysis Evaluator Report =====\n  3 Total Alias Queries Performed\n",
    );
    text
}

/// The comparator must report a NoAlias where BasicAA proved MustAlias or PartialAlias, and
/// only there; outputs that do not line up are an error, not a pass.
#[test]
fn alias_comparator_reports_no_alias_against_must_alias() {
    let pairs = [
        "i32* %a, i32 addrspace(3)* %s",
        "i32* %a, i32* %b",
        "i32 addrspace(1)* %g, i32* %b",
    ];
    let basic = aa_eval_text(
        "k",
        &[
            ("MustAlias", pairs[0]),
            ("PartialAlias", pairs[1]),
            ("MayAlias", pairs[2]),
        ],
    );
    let bad = aa_eval_text(
        "k",
        &[
            ("NoAlias", pairs[0]),
            ("NoAlias", pairs[1]),
            ("NoAlias", pairs[2]),
        ],
    );
    let c = compare(&basic, &bad, Judge::AllPairs).expect("the outputs line up");
    assert_eq!(c.pairs, 3);
    assert_eq!(c.definite, 2);
    assert_eq!(c.definite_in_spaces, 1);
    assert_eq!(c.other_adds, 3);
    let found: Vec<(&str, Answer)> = c
        .contradictions
        .iter()
        .map(|x| (x.pair.as_str(), x.basic))
        .collect();
    assert_eq!(
        found,
        [
            (pairs[0], Answer::MustAlias),
            (pairs[1], Answer::PartialAlias)
        ]
    );
    assert_eq!(c.contradictions[0].function, "k");

    // MayAlias where BasicAA says MustAlias, NoAlias where it says MayAlias: sound.
    let good = aa_eval_text(
        "k",
        &[
            ("MayAlias", pairs[0]),
            ("MayAlias", pairs[1]),
            ("NoAlias", pairs[2]),
        ],
    );
    let c = compare(&basic, &good, Judge::AllPairs).expect("the outputs line up");
    assert!(c.contradictions.is_empty(), "{:?}", c.contradictions);
    assert_eq!((c.other_no_alias, c.other_adds), (1, 1));

    // Pointer pairs are not judged where only instruction pairs are.
    let c = compare(&basic, &bad, Judge::InstructionPairs).expect("the outputs line up");
    assert_eq!((c.pairs, c.contradictions.len()), (0, 0));

    // A different pair, a missing line or another function: not comparable.
    let swapped = aa_eval_text("k", &[("MustAlias", pairs[1]), ("PartialAlias", pairs[0])]);
    assert!(compare(&basic, &swapped, Judge::AllPairs).is_err());
    let other = aa_eval_text(
        "f",
        &[
            ("MustAlias", pairs[0]),
            ("PartialAlias", pairs[1]),
            ("MayAlias", pairs[2]),
        ],
    );
    assert!(compare(&basic, &other, Judge::AllPairs).is_err());
}

/// The comparator reads instruction pairs as `-evaluate-aa-metadata` prints them.
#[test]
fn alias_comparator_reads_instruction_pairs() {
    let pair = "%v = load i32, ptr %a, align 4, !alias.scope !0 <->   store i32 %v, ptr \
                addrspace(3) %s, align 4, !alias.scope !3, !noalias !4";
    let basic = format!(
        "Function: k: 2 pointers, 0 call sites\n  MustAlias:\ti32* %a, i32 addrspace(3)* %s\n  \
         MustAlias:   {pair}\n  Both ModRef:  Ptr: i32* %a\t<->  call void @f()\n"
    );
    let scoped = basic.replacen("MustAlias:   ", "NoAlias:   ", 1);
    let c = compare(&basic, &scoped, Judge::InstructionPairs).expect("the outputs line up");
    assert_eq!(c.pairs, 1);
    assert_eq!(c.contradictions.len(), 1, "{c:?}");
    assert_eq!(c.contradictions[0].pair, pair);
}

/// End to end, with the real plugin: a kernel that casts its generic argument to shared
/// memory breaks the rule that host-made pointers never point there. BasicAA proves the two
/// spellings equal and our AA and scopes call them disjoint: the check must say so.
#[test]
fn alias_check_catches_a_broken_assumption() {
    let _heavy = exclusive();
    let module = format!(
        "target datalayout = \"{}\"\ntarget triple = \"{}\"\n\n\
         define ptx_kernel void @cast_host_pointer_to_shared(ptr %p) {{\n\
         \x20 %s = addrspacecast ptr %p to ptr addrspace(3)\n\
         \x20 store i32 0, ptr %p, align 4\n\
         \x20 store i32 1, ptr addrspace(3) %s, align 4\n\
         \x20 ret void\n}}\n",
        Gpu::Nvptx.datalayout(),
        Gpu::Nvptx.triple()
    );
    let f = check_module(SELFTEST_FAILURES, "alias-broken-assumption", &module)
        .expect_err("NoAlias against MustAlias must be reported");
    assert!(
        f.what
            .starts_with("unsound NoAlias: 2 by gpucc-memspace-aa, 1 by the annotations"),
        "{f}"
    );
    assert!(f.kept.join("gpucc-memspace-aa.txt").is_file(), "{f}");

    // The same kernel without the cast is sound, and the AA has something to say about it.
    let fine = module.replace(
        "%s = addrspacecast ptr %p to ptr addrspace(3)",
        "%s = getelementptr i32, ptr addrspace(3) null, i64 1",
    );
    let r = check_module(SELFTEST_FAILURES, "alias-sound", &fine).expect("no contradiction");
    assert!(r.aa.other_adds > 0 && r.metadata.other_adds > 0, "{r:?}");
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
    let batches = seed_batches(first, n, batch);
    let pipelines = diff_pipelines();
    let target = host();

    // Per batch: its programs and the result of each pipeline.
    let results = par_map(&batches, |_, seeds| {
        let programs: Vec<Program> = seeds.iter().map(|&s| Program::generate(s)).collect();
        let text = render_batch(&programs, target.triple, target.datalayout);
        let checks = check_pipelines(
            DIFF_FAILURES,
            &batch_name("divgen", seeds),
            &text,
            &expected_batch_output(&programs),
            CONTEXT,
            &pipelines,
            |d, (p, _)| d.check(p, CONTEXT),
        );
        (programs, checks)
    });

    let mut cells: Vec<DiffCell> = pipelines.iter().map(|_| DiffCell::default()).collect();
    let (mut rows, mut divisions, mut lines) = (0, 0, 0);
    let mut mismatches = Vec::new();
    let mut unchanged = Vec::new();
    for (programs, checks) in results {
        rows += programs.iter().map(Program::rows).sum::<usize>();
        divisions += programs.iter().map(Program::divisions).sum::<usize>();
        for (p, report) in sort_checks(checks, &mut mismatches) {
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
    assert_depends_only_on_the_seed(Program::generate, Program::render, Program::expected_output);
}

#[test]
fn spacegen_output_depends_only_on_the_seed() {
    for gpu in Gpu::ALL {
        for seed in 0..20 {
            let (a, b) = (
                spacegen::Program::generate(seed, gpu),
                spacegen::Program::generate(seed, gpu),
            );
            assert_eq!(a.render(), b.render(), "{} seed {seed}", gpu.name());
            assert_ne!(
                a.render(),
                spacegen::Program::generate(seed + 1, gpu).render(),
                "{} seeds {seed} and {} give the same program",
                gpu.name(),
                seed + 1
            );
        }
    }
}

#[test]
fn shapegen_output_depends_only_on_the_seed() {
    for seed in 0..20 {
        let render = |s: u64| shapegen::render_batch(&[shapegen::Program::generate(s)], "", "");
        assert_eq!(render(seed), render(seed), "seed {seed}");
        assert_ne!(
            render(seed),
            render(seed + 1),
            "seeds {seed} and {}",
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

//! Refinement of every generated corpus under every gpucc pass and pipeline, by the poison-
//! and UB-aware interpreter (`tests/common/poison/`, issue 14): where `lli` only compares what
//! programs print, this also catches a pass that makes a value poison (a kept `nsw`, `nuw`,
//! `exact`, `inbounds`) or adds undefined behaviour, on inputs no `lli` run tries.
//!
//! One test per corpus; each generates `GPUCC_POISON_N` programs (default per corpus below,
//! seeds from `GPUCC_POISON_SEED`), puts them into modules, runs each pipeline of its table
//! with `opt -verify-each`, and checks every generated function of the module against the
//! output on `GPUCC_POISON_INPUTS` inputs per function (default 32):
//!
//! | corpus | generator | target | pipelines |
//! |---|---|---|---|
//! | divisions | `divgen` | nvptx64 | bypass (both forms), speculative execution, `gpucc-straight-line`, `gpucc` |
//! | straight-line | `slgen` | nvptx64 | GEP splitting (both forms), SLSR, nary, speculative execution, gpucc's §3.4 order, `gpucc-straight-line`, `gpucc` |
//! | gep | `gepgen` | host | GEP splitting (both forms) |
//! | spaces | `spacegen` | nvptx64, amdgcn | memory-space inference (function, module), annotation, `gpucc-straight-line`, `gpucc` |
//! | shapes | `shapegen` | nvptx64 | every pass and pipeline |
//!
//! (The interpreter does not care about the target: the GPU passes run on GPU modules, as in
//! clang, instead of needing `force`.)
//!
//! A test fails on any violation (with a shrunk reproducer; the modules are kept under
//! `target/tmp/fuzz-failures/poison/`), on any `opt` failure (crash, verifier), on any
//! refusal (the interpreter met something outside its subset: never skipped), and when a
//! pipeline changes no function of the corpus (the check would prove nothing). It prints one
//! `poison-summary` line per corpus and a table per pipeline.
//!
//! Run: `cargo test --release --test soundness -- --nocapture`; long runs: `scripts/fuzz.sh`
//! (`GPUCC_POISON_N=10000`).

#[path = "common/divgen.rs"]
mod divgen;
#[path = "common/fuzz_support.rs"]
mod fuzz_support;
#[path = "common/gepgen.rs"]
mod gepgen;
#[path = "common/irtext.rs"]
mod irtext;
#[path = "common/poison/mod.rs"]
mod poison;
#[path = "common/shapegen.rs"]
mod shapegen;
#[path = "common/slgen.rs"]
mod slgen;
#[path = "common/spacegen.rs"]
mod spacegen;

use std::collections::BTreeMap;
use std::time::Instant;

use fuzz_support::{
    env_count, exclusive, host, keep, opt_output, par_map, plugin_text, reset_failures, retarget,
    slug, Target, NVPTX64,
};
use poison::refine::{defined_functions, function_text, Counts};
use poison::{Fill, Setup};

const KEPT: &str = "poison";

/// One module of a corpus: its name (for reports), text, and the functions to check.
struct Unit {
    name: String,
    text: String,
    functions: Vec<String>,
}

/// A pipeline and whether it must change some function of the corpus.
type Pipelines<'p> = &'p [(&'p str, bool)];

/// Counts of one pipeline over a corpus.
#[derive(Default)]
struct Cell {
    counts: Counts,
    changed: u64,
    violations: Vec<String>,
    refusals: Vec<String>,
    opt_failures: Vec<String>,
}

/// The functions a generated module wants checked: every function it defines except the
/// drivers (`main`, `*run*`), the printing helpers (`emit*`), and internal functions, which
/// only their callers may call: a module pass may rely on what every call passes them
/// (`gpucc-infer-address-spaces` gives a pointer parameter the one space all calls pass), so
/// they are checked through their callers.
fn checked_functions(text: &str) -> Vec<String> {
    let internal: Vec<String> = text
        .lines()
        .filter(|l| l.starts_with("define internal ") || l.starts_with("define private "))
        .flat_map(defined_functions)
        .collect();
    defined_functions(text)
        .into_iter()
        .filter(|f| f != "main" && !f.contains("run") && !f.starts_with("emit"))
        .filter(|f| !internal.contains(f))
        .collect()
}

/// Known-good argument rows per function, from the generators.
type Known = BTreeMap<String, Vec<Vec<i128>>>;

/// The corpus `label`: `n` programs from `GPUCC_POISON_SEED`, `per_module` to a module;
/// `render` gives a module's text and its functions' known rows. On LLVMs after 16, some
/// instructions get the flags those LLVMs added (`irtext::with_newer_flags`).
fn units_of(
    label: &str,
    n: u64,
    per_module: u64,
    render: impl Fn(&[u64]) -> (String, Known),
) -> (Vec<Unit>, Known) {
    let first = env_count("GPUCC_POISON_SEED", 0);
    let mut known = Known::new();
    let mut flagged = 0;
    let units: Vec<Unit> = fuzz_support::seed_batches(first, n, per_module)
        .into_iter()
        .map(|seeds| {
            let (plain, rows) = render(&seeds);
            let text = irtext::with_newer_flags(&plain, fuzz_support::LLVM_MAJOR, seeds[0]);
            flagged += text
                .lines()
                .zip(plain.lines())
                .filter(|(a, b)| a != b)
                .count();
            known.extend(rows);
            Unit {
                name: fuzz_support::batch_name(label, &seeds),
                functions: checked_functions(&text),
                text,
            }
        })
        .collect();
    if fuzz_support::LLVM_MAJOR > 16 {
        println!("{label}: {flagged} instructions given flags of LLVM 18 to 20 (with_newer_flags)");
    }
    (units, known)
}

/// `base` with the inputs per function and the seed from the environment, and `known`.
fn setup(base: Setup, known: Known) -> Setup {
    Setup {
        inputs: usize::try_from(env_count("GPUCC_POISON_INPUTS", 32)).expect("fits"),
        seed: env_count("GPUCC_POISON_SEED", 0),
        known,
        ..base
    }
}

/// One module through every pipeline: one cell per pipeline.
fn check_unit(unit: &Unit, pipelines: Pipelines<'_>, setup: &Setup, kept: &str) -> Vec<Cell> {
    let mut cells: Vec<Cell> = pipelines.iter().map(|_| Cell::default()).collect();
    // What the module looks like through `opt` with no pass: the baseline "changed" is
    // judged against (this also proves that it parses and verifies).
    let baseline = match opt_output("verify", &unit.text) {
        Ok(b) => b,
        Err(e) => {
            cells[0]
                .opt_failures
                .push(format!("{} [input]: {e}", unit.name));
            return cells;
        }
    };
    let mut outputs: Vec<(usize, String)> = Vec::new();
    for (p, &(pipeline, _)) in pipelines.iter().enumerate() {
        match opt_output(pipeline, &unit.text) {
            Ok(target) => {
                cells[p].changed = unit
                    .functions
                    .iter()
                    .filter(|f| {
                        fuzz_support::normalize(&function_text(&baseline, f))
                            != fuzz_support::normalize(&function_text(&target, f))
                    })
                    .count() as u64;
                outputs.push((p, target));
            }
            Err(e) => cells[p]
                .opt_failures
                .push(format!("{} [{pipeline}]: {e}", unit.name)),
        }
    }
    let texts: Vec<&str> = outputs.iter().map(|(_, t)| t.as_str()).collect();
    let reports = poison::refine::Checker::new(&unit.text, &texts)
        .and_then(|c| c.check(&unit.functions, setup));
    let reports = match reports {
        Ok(r) => r,
        Err(e) => {
            cells[0].refusals.push(format!("{}: {e}", unit.name));
            return cells;
        }
    };
    for ((p, target), r) in outputs.iter().zip(reports) {
        let pipeline = pipelines[*p].0;
        let cell = &mut cells[*p];
        cell.counts += &r.counts;
        for why in r.refusals {
            cell.refusals
                .push(format!("{} [{pipeline}]: {why}", unit.name));
        }
        for v in r.violations {
            let sub = format!("{kept}/{}-{}", slug(&unit.name), slug(pipeline));
            keep(&sub, "source.ll", unit.text.as_bytes());
            keep(&sub, "target.ll", target.as_bytes());
            let report = keep(&sub, "report.txt", v.to_string().as_bytes());
            cell.violations.push(format!(
                "{} [{pipeline}] {v}  kept: {}\n",
                unit.name,
                report
                    .parent()
                    .map_or(String::new(), |d| d.display().to_string())
            ));
        }
    }
    cells
}

/// Runs every pipeline on every unit and checks refinement; fails the test on any problem.
fn run_corpus(corpus: &str, units: &[Unit], pipelines: Pipelines<'_>, setup: &Setup) {
    let _heavy = exclusive();
    let kept = format!("{KEPT}/{}", slug(corpus));
    reset_failures(&kept);
    let start = Instant::now();
    // One job per module: every pipeline's `opt`, then one check of all the outputs (each
    // source run serves every pipeline).
    let results = par_map(units, |_, unit| check_unit(unit, pipelines, setup, &kept));
    let mut cells: Vec<Cell> = pipelines.iter().map(|_| Cell::default()).collect();
    for unit_cells in results {
        for (c, r) in cells.iter_mut().zip(unit_cells) {
            c.counts += &r.counts;
            c.changed += r.changed;
            c.violations.extend(r.violations);
            c.refusals.extend(r.refusals);
            c.opt_failures.extend(r.opt_failures);
        }
    }
    println!(
        "\n{:<74} {:>6} {:>7} {:>8} {:>8} {:>8} {:>8} {:>5} {:>5} {:>5}",
        format!("[{corpus}] pipeline"),
        "funcs",
        "changed",
        "inputs",
        "compared",
        "src-UB",
        "poison",
        "viol",
        "opt",
        "refus"
    );
    let mut problems = String::new();
    let mut total = Counts::default();
    let (mut violations, mut opt_failures, mut refusals) = (0, 0, 0);
    for ((pipeline, must_change), c) in pipelines.iter().zip(&cells) {
        println!(
            "{:<74} {:>6} {:>7} {:>8} {:>8} {:>8} {:>8} {:>5} {:>5} {:>5}",
            pipeline,
            c.counts.functions,
            c.changed,
            c.counts.inputs,
            c.counts.compared,
            c.counts.source_ub,
            c.counts.poison_observations,
            c.violations.len(),
            c.opt_failures.len(),
            c.refusals.len()
        );
        total += &c.counts;
        violations += c.violations.len();
        opt_failures += c.opt_failures.len();
        refusals += c.refusals.len();
        for v in c.violations.iter().take(3) {
            problems.push_str(v);
        }
        for f in c.opt_failures.iter().take(3) {
            problems.push_str(&format!("opt failed: {f}\n"));
        }
        for r in c.refusals.iter().take(3) {
            problems.push_str(&format!("refused: {r}\n"));
        }
        if *must_change && c.changed == 0 && c.counts.functions > 0 {
            problems.push_str(&format!(
                "[{pipeline}] changed no function of the {corpus} corpus: the check proves nothing\n"
            ));
        }
    }
    let mut reasons: Vec<(u64, String)> = total_reasons(&cells);
    reasons.sort_by(|a, b| b.cmp(a));
    for (n, why) in reasons.iter().take(4) {
        println!("  source UB skipped {n:>8} inputs: {why}");
    }
    println!(
        "(funcs: functions checked; changed: of those the pipeline rewrote; src-UB: inputs \
         skipped because the source has undefined behaviour; poison: observations where the \
         source value is poison, on which the target may print anything)"
    );
    println!(
        "poison-summary {corpus}: modules={} functions={} pipelines={} inputs={} compared={} \
         source-ub={} observations={} memory-bytes={} violations={violations} opt-failures={opt_failures} \
         refusals={refusals} elapsed={:.1}s plugin={}",
        units.len(),
        total.functions,
        pipelines.len(),
        total.inputs,
        total.compared,
        total.source_ub,
        total.observations,
        total.bytes,
        start.elapsed().as_secs_f64(),
        plugin_text()
    );
    assert!(problems.is_empty(), "{problems}");
}

/// The reasons inputs were skipped, over all pipelines' cells: (count, reason).
fn total_reasons(cells: &[Cell]) -> Vec<(u64, String)> {
    let mut all = Counts::default();
    for c in cells {
        all += &c.counts;
    }
    all.ub_reasons.into_iter().map(|(k, v)| (v, k)).collect()
}

/// The alias analyses GVN uses on AMDGPU in the spaces corpus: LLVM 16's default for the
/// target without `amdgpu-aa` (see `address_space_programs_refine_under_every_pipeline`).
const AMDGPU_AA: &str = "basic-aa,scoped-noalias-aa,tbaa,gpucc-memspace-aa";

/// The straight-line passes and pipelines, on modules that reach them.
const STRAIGHT_LINE: Pipelines<'static> = &[
    ("gpucc-separate-const-offset-from-gep", true),
    ("gpucc-separate-const-offset-from-gep<lower-gep>", true),
    ("gpucc-slsr", true),
    ("gpucc-nary-reassociate", true),
    ("gpucc-speculative-execution", true),
    (
        "gpucc-separate-const-offset-from-gep,gpucc-slsr,gvn,gpucc-nary-reassociate,early-cse",
        true,
    ),
    ("gpucc-straight-line", true),
    ("gpucc", true),
];

#[test]
fn division_programs_refine_under_every_pipeline() {
    const PIPELINES: Pipelines<'static> = &[
        ("gpucc-bypass-slow-division", true),
        ("gpucc-bypass-slow-division<opaque-slow-path>", true),
        (
            "function(gpucc-bypass-slow-division,gpucc-speculative-execution)",
            true,
        ),
        ("gpucc-straight-line", false),
        ("gpucc", true),
    ];
    let n = env_count("GPUCC_POISON_N", 64);
    let (units, known) = units_of("divgen", n, 8, |seeds| {
        let programs: Vec<divgen::Program> = seeds
            .iter()
            .map(|&s| divgen::Program::generate(s))
            .collect();
        let text = divgen::render_batch(&programs, NVPTX64.triple, NVPTX64.datalayout);
        (text, programs.iter().flat_map(|p| p.batch_rows()).collect())
    });
    let setup = setup(Setup::default(), known);
    run_corpus("divisions", &units, PIPELINES, &setup);
}

#[test]
fn straight_line_programs_refine_under_every_pipeline() {
    let n = env_count("GPUCC_POISON_N", 96);
    let (units, known) = units_of("slgen", n, 16, |seeds| {
        let programs: Vec<slgen::Program> =
            seeds.iter().map(|&s| slgen::Program::generate(s)).collect();
        let text = slgen::render_batch(&programs, NVPTX64.triple, NVPTX64.datalayout);
        (text, programs.iter().flat_map(|p| p.batch_rows()).collect())
    });
    let setup = setup(Setup::default(), known);
    run_corpus("straight-line", &units, STRAIGHT_LINE, &setup);
}

#[test]
fn gep_programs_refine_after_splitting() {
    const PIPELINES: Pipelines<'static> = &[
        ("gpucc-separate-const-offset-from-gep", true),
        ("gpucc-separate-const-offset-from-gep<lower-gep>", true),
    ];
    let n = env_count("GPUCC_POISON_N", 60);
    let targets: [Target; 2] = [host(), NVPTX64];
    // gepgen's functions get a pointer into the middle of a 2 MiB buffer (as its @main).
    let middle = 1 << 20;
    for t in targets {
        let (units, known) = units_of(&format!("gepgen-{}", t.name), n, 6, |seeds| {
            let programs: Vec<gepgen::Program> = seeds
                .iter()
                .map(|&s| gepgen::Program::generate(s))
                .collect();
            let text = retarget(&gepgen::render(&programs), &t);
            (text, programs.iter().flat_map(|p| p.rows(middle)).collect())
        });
        let base = Setup {
            object_size: 1 << 21,
            pointer_offsets: vec![1 << 20],
            ..Setup::default()
        };
        let setup = setup(base, known);
        run_corpus(&format!("gep/{}", t.name), &units, PIPELINES, &setup);
    }
}

#[test]
fn address_space_programs_refine_under_every_pipeline() {
    const PIPELINES: Pipelines<'static> = &[
        ("function(gpucc-infer-address-spaces)", true),
        ("gpucc-infer-address-spaces", true),
        ("gpucc-memspace-annotate", true),
        ("gpucc-straight-line", false),
        ("gpucc", true),
    ];
    let n = env_count("GPUCC_POISON_N", 60);
    for gpu in spacegen::Gpu::ALL {
        let (units, known) = units_of(&format!("spacegen-{}", gpu.name()), n, 20, |seeds| {
            let programs: Vec<spacegen::Program> = seeds
                .iter()
                .map(|&s| spacegen::Program::generate(s, gpu))
                .collect();
            (spacegen::render_batch(&programs), Known::new())
        });
        // Pointer arguments point into objects whose words point at each other, so that the
        // pointers the programs load lead somewhere.
        let base = Setup {
            object_size: 256,
            pointer_offsets: vec![0, 64],
            fill: Fill::PointersToArguments,
            ..Setup::default()
        };
        let mut setup = setup(base, known);
        // Most inputs are skipped (the programs load pointers from uninitialized shared
        // memory): four times the inputs, which is cheap here.
        setup.inputs *= 4;
        // LLVM 16's AMDGPU alias analysis takes a kernel's LDS pointer argument, cast to
        // flat, for one that cannot reach LDS, and GVN acts on it (an upstream defect,
        // `upstream_amdgpu_aa_kernel_lds_argument` in tests/poison.rs): on AMDGPU the
        // pipelines with GVN run over BasicAA, scoped AA and ours instead.
        let pipelines: Vec<(String, bool)> = PIPELINES
            .iter()
            .map(|&(p, must)| {
                let gvn = p == "gpucc" || p == "gpucc-straight-line";
                if gpu == spacegen::Gpu::Amdgpu && gvn {
                    (format!("-aa-pipeline={AMDGPU_AA} {p}"), must)
                } else {
                    (p.to_string(), must)
                }
            })
            .collect();
        let pipelines: Vec<(&str, bool)> =
            pipelines.iter().map(|(p, m)| (p.as_str(), *m)).collect();
        run_corpus(
            &format!("spaces/{}", gpu.name()),
            &units,
            &pipelines,
            &setup,
        );
    }
}

#[test]
fn shape_programs_refine_under_every_pipeline() {
    let n = env_count("GPUCC_POISON_N", 60);
    for t in [NVPTX64, host()] {
        let (units, known) = units_of(&format!("shapegen-{}", t.name), n, 10, |seeds| {
            let programs: Vec<shapegen::Program> = seeds
                .iter()
                .map(|&s| shapegen::Program::generate(s))
                .collect();
            let text = shapegen::render_batch(&programs, t.triple, t.datalayout);
            (text, Known::new())
        });
        let base = Setup {
            object_size: 512,
            pointer_offsets: vec![0, 128],
            ..Setup::default()
        };
        let setup = setup(base, known);
        // On the host the GPU-only passes leave everything alone.
        let pipelines: Vec<(&str, bool)> = shapegen::PIPELINES
            .iter()
            .map(|&(p, must)| (p, must && t.name != "host"))
            .collect();
        run_corpus(&format!("shapes/{}", t.name), &units, &pipelines, &setup);
    }
}

/// The check has teeth: flags planted on the lines a pipeline rewrote (an `nsw` on a rebuilt
/// add, an `inbounds` on a split GEP, `exact` on the bypass's fast division) must be caught.
#[test]
fn planted_flags_are_caught() {
    let _heavy = exclusive();
    let sl: Vec<slgen::Program> = (0..16).map(slgen::Program::generate).collect();
    let sl_text = slgen::render_batch(&sl, NVPTX64.triple, NVPTX64.datalayout);
    let dg: Vec<divgen::Program> = (0..8).map(divgen::Program::generate).collect();
    let dg_text = divgen::render_batch(&dg, NVPTX64.triple, NVPTX64.datalayout);
    let plants: [(&str, &str, &str, &str, &str); 3] = [
        (
            "nsw on a rebuilt add",
            "slsr",
            "gpucc-slsr",
            " = add i64 ",
            " = add nsw i64 ",
        ),
        (
            "inbounds on a split GEP",
            "sepgep",
            "gpucc-separate-const-offset-from-gep",
            " = getelementptr i",
            " = getelementptr inbounds i",
        ),
        (
            "exact on the fast division",
            "bypass",
            "gpucc-bypass-slow-division",
            " = udiv i32 ",
            " = udiv exact i32 ",
        ),
    ];
    for (what, corpus, pipeline, from, to) in plants {
        let (text, known): (&str, Known) = if corpus == "bypass" {
            (&dg_text, dg.iter().flat_map(|p| p.batch_rows()).collect())
        } else {
            (&sl_text, sl.iter().flat_map(|p| p.batch_rows()).collect())
        };
        let good = opt_output(pipeline, text).expect("the pipeline runs");
        let baseline = opt_output("verify", text).expect("the module verifies");
        let old: std::collections::BTreeSet<&str> = baseline.lines().collect();
        // Only lines the pipeline wrote: the plant is a bug of the pass, not of the input.
        let planted: String = good
            .lines()
            .map(|l| {
                if old.contains(l) || l.contains("inbounds") && to.contains("inbounds") {
                    l.to_string()
                } else {
                    l.replace(from, to)
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(
            planted, good,
            "{what}: nothing to plant in {pipeline}'s output"
        );
        let functions = checked_functions(text);
        let setup = setup(Setup::default(), known);
        let clean = poison::check(text, &good, &functions, &setup).expect("checks");
        assert!(
            clean.violations.is_empty(),
            "{what}: the real output must pass"
        );
        let r = poison::check(text, &planted, &functions, &setup).expect("checks");
        println!(
            "planted {what:?} in {pipeline}: caught in {} of {} functions",
            r.violations.len(),
            functions.len()
        );
        assert!(!r.violations.is_empty(), "planted {what:?} went unnoticed");
    }
}

//! Differential test for `gpucc-separate-const-offset-from-gep`: programs full of GEP index
//! arithmetic (`tests/common/gepgen.rs`: constants under add/sub/or, behind sext/zext/trunc, with
//! and without nsw/nuw, inbounds or not) print the same byte offsets under `lli` before and
//! after the pass, with and without `lower-gep`. Each program is first checked against gepgen's
//! own evaluation (LLVM's semantics, poison rows dropped), so the comparison starts from a
//! known-good output.
//!
//! - `gep_programs_print_the_same_after_splitting`: `GPUCC_GEP_N` programs (default 60, seeds
//!   from `GPUCC_GEP_SEED`, 6 per module); no mismatch, and each pipeline must change programs.
//! - `differential_catches_upstream`: upstream's own pass of the LLVM under test (16.0.6 or
//!   22.1.8: the sext-add split without `nsw`, llvm/llvm-project#183402, is still in 22.1.8),
//!   run on the same corpus, miscompiles
//!   some of it (an inbounds sext without nsw, a trunc under a sext, a zext of a sub): the test
//!   must see that, or it has no teeth.
//!
//! Failing inputs are kept under `target/tmp/fuzz-failures/gep-differential/`.
//! Run: `cargo test --release --test gep_differential -- --nocapture`.

#[path = "common/divgen.rs"]
mod divgen;
#[path = "common/fuzz_support.rs"]
mod fuzz_support;
#[path = "common/gepgen.rs"]
mod gepgen;
#[path = "common/irtext.rs"]
mod irtext;

use fuzz_support::{
    check_pipelines, env_count, exclusive, host, opt_output, par_map, reset_failures, retarget,
    seed_batches, DiffReport, Mismatch, MismatchKind,
};
use gepgen::Program;

const PIPELINES: &[&str] = &[
    "gpucc-separate-const-offset-from-gep",
    "gpucc-separate-const-offset-from-gep<lower-gep>",
];

const KEPT: &str = "gep-differential";
const BATCH: u64 = 6;

/// One batch: its programs, the module (for the host, so that `lli` runs it and the target
/// answers addressing-mode questions), and one result per pipeline.
type Batch = (Vec<Program>, String, Vec<Result<DiffReport, Mismatch>>);

/// Runs `pipelines` on batches of programs from seeds `first..first + n`.
fn run(first: u64, n: u64, pipelines: &[&str]) -> Vec<Batch> {
    par_map(&seed_batches(first, n, BATCH), |_, seeds| {
        let programs: Vec<Program> = seeds.iter().map(|&s| Program::generate(s)).collect();
        let text = retarget(&gepgen::render(&programs), &host());
        let checks = check_pipelines(
            KEPT,
            &format!("gepgen-{}", seeds[0]),
            &text,
            &gepgen::expected(&programs),
            &[],
            pipelines,
            |d, p| d.check(p, &[]),
        );
        (programs, text, checks)
    })
}

#[test]
fn gep_programs_print_the_same_after_splitting() {
    let _heavy = exclusive();
    reset_failures(KEPT);
    let n = env_count("GPUCC_GEP_N", 60);
    let first = env_count("GPUCC_GEP_SEED", 0);
    let mut mismatches = Vec::new();
    let mut changed = vec![0usize; PIPELINES.len()];
    // GEPs before and after the plain pass: more after means splits happened (canonical
    // index casts alone also count as changes).
    let (mut geps_before, mut geps_after) = (0usize, 0usize);
    for (programs, text, checks) in run(first, n, PIPELINES) {
        let count = |t: &str| t.matches("= getelementptr").count();
        geps_before += count(&text);
        match opt_output(PIPELINES[0], &text) {
            Ok(out) => geps_after += count(&out),
            Err(e) => mismatches.push(e),
        }
        for (p, check) in checks.into_iter().enumerate() {
            match check {
                Err(m) => mismatches.push(m.to_string()),
                Ok(report) => {
                    changed[p] += programs
                        .iter()
                        .filter(|prog| {
                            prog.function_names()
                                .iter()
                                .any(|f| report.changed_functions.iter().any(|c| c == f))
                        })
                        .count();
                }
            }
        }
    }
    for (pipeline, c) in PIPELINES.iter().zip(&changed) {
        println!("{pipeline:<52} changed {c:>4}/{n} programs");
    }
    println!("GEP instructions: {geps_before} before, {geps_after} after splitting");
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.iter().take(5).cloned().collect::<String>()
    );
    for (pipeline, c) in PIPELINES.iter().zip(&changed) {
        assert!(
            *c > 0,
            "{pipeline} changed no program: the test proves nothing"
        );
    }
    assert!(
        geps_after > geps_before,
        "no GEP was split ({geps_before} GEPs before and {geps_after} after): the test proves \
         nothing"
    );
}

#[test]
fn differential_catches_upstream() {
    let _heavy = exclusive();
    let n = env_count("GPUCC_GEP_N", 60);
    let first = env_count("GPUCC_GEP_SEED", 0);
    let miscompiled = run(first, n, &["separate-const-offset-from-gep"])
        .into_iter()
        .flat_map(|(_, _, checks)| checks)
        .filter(|c| matches!(c, Err(m) if m.kind == MismatchKind::OutputDiffers))
        .count();
    let major = fuzz_support::LLVM_MAJOR;
    println!("LLVM {major}'s separate-const-offset-from-gep: {miscompiled} miscompiled batches");
    assert!(
        miscompiled > 0,
        "LLVM {major}'s pass miscompiles nothing in {n} programs: the corpus lost its teeth"
    );
}

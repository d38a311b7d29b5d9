//! `FileCheck` harness: runs every `test/ir/**/*.ll` and `test/ptx/**/*.ll` against the plugin.
//!
//! - `lit`: one case per file; runs each `; RUN:` line with the substitutions described in
//!   `tests/common/mod.rs` (`%s %t %S %plugin %opt %llc %lli %FileCheck %gpucc`, bare tool names).
//! - `opt_output_is_deterministic` (STYLE.md 2.9): every `test/ir` RUN line whose first stage is
//!   `opt -S` loading the plugin runs that stage in two processes; stdout must match byte for byte.
//! - `opt_output_verifies_after_each_pass` (STYLE.md 2.10): the same stages, in `test/ir` and
//!   `test/ptx`, rerun with `-verify-each`; each must exit 0 (a `not` stage must still fail).
//! - `every_test_file_has_a_case`: rstest expands `#[files]` globs at compile time, so a test file
//!   added after the last build would silently not run; this fails until `tests/lit.rs` is rebuilt.
//!
//! `tests/selftest/*.ll` exercise the harness itself with upstream passes (and keep each glob
//! list non-empty, which rstest requires). Per-case temp dirs live under `target/tmp/lit/`.
//!
//! Run: `cargo test --test lit` (builds the debug plugin first); `GPUCC_PLUGIN=... cargo test
//! --test lit` tests another build; `LLVM_BIN` points at the LLVM if it is not in /usr/lib/llvm-N.
//! The LLVM 22 suite: `CARGO_TARGET_DIR=target/llvm22 cargo test --release --no-default-features
//! --features llvm22 --test lit`.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{
    expand, fresh_case_dir, ll_files_under, load_test, manifest_dir, relative, report, run_shell,
    sanitize, supported, OptStage, Paths, RunLine, Toolchain,
};
use rstest::rstest;

/// Runs `runs` in order in `paths.tmp_dir`, panicking on the first failure.
fn run_all(runs: &[RunLine], paths: &Paths, what: &str) {
    let tc = Toolchain::get();
    for run in runs {
        let command = expand(&run.text, tc, paths);
        let outcome = run_shell(&command, &paths.tmp_dir, tc);
        if !outcome.success() {
            let location = format!("{}:{}", relative(&paths.test), run.line);
            panic!(
                "{}temp dir: {}",
                report(what, &location, &run.text, &command, &outcome, tc),
                paths.tmp_dir.display()
            );
        }
    }
}

/// Runs the RUN lines of `runs[*done..upto]` if `stage` reads temp files they may have written.
fn prepare_temp_files(runs: &[RunLine], done: &mut usize, upto: usize, stage: &str, paths: &Paths) {
    if (stage.contains("%t") || stage.contains("%T")) && *done < upto {
        run_all(
            &runs[*done..upto],
            paths,
            "RUN line failed while preparing temp files",
        );
        *done = upto;
    }
}

/// A fresh case: the test's RUN lines and the paths its substitutions expand to; no RUN lines
/// when the file does not run under this LLVM (`REQUIRES: llvm22`, ...).
fn case(kind: &str, path: &Path) -> (Vec<RunLine>, Paths) {
    let (source, runs) = load_test(path);
    let runs = if supported(&source) { runs } else { Vec::new() };
    let tmp_dir = fresh_case_dir(kind, path);
    (
        runs,
        Paths {
            test: path.to_path_buf(),
            tmp_dir,
        },
    )
}

#[rstest]
fn lit(
    #[files("test/ir/**/*.ll")]
    #[files("test/ptx/**/*.ll")]
    #[files("tests/selftest/*.ll")]
    path: PathBuf,
) {
    let (runs, paths) = case("run", &path);
    run_all(&runs, &paths, "RUN line failed");
}

#[rstest]
fn opt_output_is_deterministic(
    #[files("test/ir/**/*.ll")]
    #[files("tests/selftest/*.ll")]
    path: PathBuf,
) {
    let tc = Toolchain::get();
    let (runs, paths) = case("determinism", &path);
    let mut done = 0;
    for (k, run) in runs.iter().enumerate() {
        let Some(stage) = OptStage::of_run_line(&run.text) else {
            continue;
        };
        if !stage.prints_ir || stage.writes_file {
            continue;
        }
        prepare_temp_files(&runs, &mut done, k, &stage.text, &paths);
        let command = expand(&stage.text, tc, &paths);
        let first = run_shell(&command, &paths.tmp_dir, tc);
        let second = run_shell(&command, &paths.tmp_dir, tc);
        if first.stdout == second.stdout && first.status == second.status {
            continue;
        }
        let location = format!("{}:{}", relative(&path), run.line);
        let kept = [("first", &first), ("second", &second)].map(|(name, outcome)| {
            let file = paths.tmp_dir.join(format!("{name}.out"));
            std::fs::write(&file, &outcome.stdout)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", file.display()));
            file.display().to_string()
        });
        panic!(
            "{location}: opt output differs between two runs of the same input (STYLE.md 2.9: \
             iterate IR order or a BTreeMap, never a HashMap keyed by pointers)\n  \
             stage:    {}\n  expanded: {command}\n  statuses: {} / {}\n  {}\n  \
             outputs:  diff {} {}",
            stage.text,
            first.status_text(tc.timeout),
            second.status_text(tc.timeout),
            first_difference(&first.stdout, &second.stdout),
            kept[0],
            kept[1],
        );
    }
}

#[rstest]
fn opt_output_verifies_after_each_pass(
    #[files("test/ir/**/*.ll")]
    #[files("test/ptx/**/*.ll")]
    #[files("tests/selftest/*.ll")]
    path: PathBuf,
) {
    let tc = Toolchain::get();
    let (runs, paths) = case("verify-each", &path);
    let mut done = 0;
    for (k, run) in runs.iter().enumerate() {
        let Some(stage) = OptStage::of_run_line(&run.text) else {
            continue;
        };
        prepare_temp_files(&runs, &mut done, k, &stage.text, &paths);
        let with_verify = stage.with_option("-verify-each");
        let command = expand(&with_verify, tc, &paths);
        let outcome = run_shell(&command, &paths.tmp_dir, tc);
        if !outcome.success() {
            let what = if stage.expects_failure {
                "`not` opt stage succeeded or crashed under -verify-each"
            } else {
                "opt stage failed under -verify-each (a pass left invalid IR, or opt failed)"
            };
            let location = format!("{}:{}", relative(&path), run.line);
            panic!(
                "{}temp dir: {}",
                report(what, &location, &with_verify, &command, &outcome, tc),
                paths.tmp_dir.display()
            );
        }
    }
}

/// Where two outputs first differ, as line numbers and the two lines.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let a = String::from_utf8_lossy(a);
    let b = String::from_utf8_lossy(b);
    let mut left = a.lines();
    let mut right = b.lines();
    let mut line = 1;
    loop {
        match (left.next(), right.next()) {
            (Some(x), Some(y)) if x == y => line += 1,
            (None, None) => return "stdout identical".to_string(),
            (x, y) => {
                return format!(
                    "first difference at stdout line {line}:\n    first:  {}\n    second: {}",
                    x.unwrap_or("<end of output>"),
                    y.unwrap_or("<end of output>")
                )
            }
        }
    }
}

/// The `#[files]` descriptions compiled into this binary's cases of test fn `function`.
fn compiled_cases(function: &str) -> Vec<String> {
    let exe = std::env::current_exe().expect("lit harness: path of the test binary");
    let listing = Command::new(&exe)
        .arg("--list")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {} --list: {e}", exe.display()));
    assert!(
        listing.status.success(),
        "{} --list failed: {}",
        exe.display(),
        String::from_utf8_lossy(&listing.stderr)
    );
    let prefix = format!("{function}::path_");
    String::from_utf8_lossy(&listing.stdout)
        .lines()
        .filter_map(|line| line.strip_suffix(": test")?.strip_prefix(prefix.as_str()))
        // `path_<index>_<description>`: drop the index.
        .filter_map(|rest| Some(rest.split_once('_')?.1.to_string()))
        .collect()
}

#[test]
fn every_test_file_has_a_case() {
    let root = manifest_dir();
    let on_disk: Vec<PathBuf> = ["test/ir", "test/ptx", "tests/selftest"]
        .iter()
        .flat_map(|dir| ll_files_under(&root.join(dir)))
        .collect();
    let compiled = compiled_cases("lit");
    // rstest cuts descriptions to 64 characters.
    let name_of = |p: &PathBuf| sanitize(&relative(p)).chars().take(64).collect::<String>();
    let missing: Vec<String> = on_disk
        .iter()
        .filter(|p| !compiled.contains(&name_of(p)))
        .map(|p| relative(p))
        .collect();
    assert!(
        missing.is_empty() && compiled.len() == on_disk.len(),
        "the compiled case list is stale ({} cases, {} files on disk; not compiled in: {:?}). \
         rstest expands #[files] globs when tests/lit.rs is compiled: run `touch tests/lit.rs` \
         and test again.",
        compiled.len(),
        on_disk.len(),
        missing
    );
}

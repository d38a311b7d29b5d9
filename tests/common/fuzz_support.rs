//! The fuzz and differential harness every gpucc pass reuses (driven by `tests/fuzz.rs`).
//!
//! Two checks, both over seeded, reproducible inputs:
//!
//! - **Verifier fuzz** ([`run_stress`]): each module of a corpus ([`stress_corpus`]: `llvm-stress
//!   -seed=<i> -size=<s>`, plus crafted modules) is given a target header ([`retarget`]: NVPTX and
//!   the host) and run through every pipeline under test with `opt -verify-each`. A non-zero exit,
//!   a crash signal, a timeout or anything on stderr is a failure that names the seed, the
//!   command and the stderr, and keeps the input under `target/tmp/fuzz-failures/stress/`.
//!   llvm-stress modules share `opt` runs in batches ([`batch_size`]); a failing batch is rerun
//!   module by module to name the seed. Every [`DETERMINISM_EVERY`]th run also runs twice and
//!   must print the same bytes (STYLE.md 2.9). Per pipeline and target it counts the modules
//!   the pipeline changed and the `i64` divisions the corpus offered, so a fuzz run that never
//!   reaches the pass shows up in the numbers.
//! - **Differential execution** ([`Differential`], [`run_differential`]): a host-executable
//!   module runs under `lli` as is and after `opt -passes=<pipeline>`; stdout and exit status
//!   must match byte for byte, and the report says whether the pipeline changed the module at all
//!   (an unchanged module proves nothing). Evidence goes to
//!   `target/tmp/fuzz-failures/differential/`.
//!
//! "Changed" compares `opt -S` of the input with no pass (the baseline) against the pipeline's
//! output, function by function, after [`normalize`] drops what printing alone can change (the
//! `ModuleID` line and the `; preds =` comments, whose order follows use lists).
//!
//! Child processes run at most [`jobs`] at a time (`GPUCC_FUZZ_JOBS`, default 2), each with a
//! timeout, with `GPUCC_DEBUG`/`GPUCC_BISECT` removed from their environment. Tools come from
//! `LLVM_BIN` (default `/usr/lib/llvm-<major>/bin`, the LLVM the plugin is built for); the plugin from `GPUCC_PLUGIN`, else the cdylib
//! Cargo built next to the test binary, else `target/release`, else `target/debug`. The plugin is
//! loaded only for pipelines that name a `gpucc` pass, so upstream passes can stand in. A
//! pipeline entry may start with `opt` flags ([`split_pipeline`]): `-aa-pipeline=gpucc-memspace-aa
//! function(gvn)` runs GVN over our alias analysis.

// Shared by several test binaries; each uses a different part.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// The LLVM major version the plugin under test is built for: its tools run everything.
pub const LLVM_MAJOR: u32 = gpucc_passes::llvm::LLVM_MAJOR;
/// File name of the plugin Cargo builds from this package.
const PLUGIN_FILE: &str = "libgpucc_passes.so";
/// Time limits per child process: generous, since a debug plugin is slow on big modules.
const OPT_TIMEOUT: Duration = Duration::from_secs(120);
const LLI_TIMEOUT: Duration = Duration::from_secs(60);
/// One `opt` input (a batch or a module) in this many runs each pipeline twice, to check
/// determinism.
pub const DETERMINISM_EVERY: usize = 8;
/// `-size` values for llvm-stress, picked by seed; small modules are cheap and numerous, large
/// ones reach deeper CFGs.
pub const STRESS_SIZES: &[u32] = &[10, 25, 50, 100, 200, 400, 800, 1600];
/// Subdirectories of [`failures_dir`] for the two checks.
pub const STRESS_FAILURES: &str = "stress";
pub const DIFF_FAILURES: &str = "differential";
/// ... and for the harness's own tests, whose failures are planted.
pub const SELFTEST_FAILURES: &str = "selftest";
/// Keep at most this many bytes of stderr in a failure report.
const REPORT_BYTES: usize = 4_000;

// ---------------------------------------------------------------------------------------------
// Configuration

/// A whole number from the environment, or `default`; panics on a malformed value.
pub fn env_count(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name} must be a whole number, got {s:?}")),
        Err(_) => default,
    }
}

/// How many child processes run at once (`GPUCC_FUZZ_JOBS`, default 2).
pub fn jobs() -> usize {
    usize::try_from(env_count("GPUCC_FUZZ_JOBS", 2).max(1)).expect("job count fits in usize")
}

/// Pipelines from `var` (`|`-separated) if set: lets upstream passes stand in for ours.
pub fn pipelines_from_env(var: &str) -> Option<Vec<String>> {
    let text = std::env::var(var).ok()?;
    Some(
        text.split('|')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect(),
    )
}

pub fn llvm_bin() -> PathBuf {
    std::env::var_os("LLVM_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(format!("/usr/lib/llvm-{LLVM_MAJOR}/bin")))
}

pub fn tool(name: &str) -> PathBuf {
    llvm_bin().join(name)
}

/// Cargo's target directory (`CARGO_TARGET_TMPDIR` is `<target>/tmp`).
fn target_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    tmp.parent()
        .map_or_else(|| tmp.to_path_buf(), Path::to_path_buf)
}

/// Where failing inputs are kept for triage.
pub fn failures_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("fuzz-failures")
}

/// The plugin to load, if any exists (see the module doc for the search order).
pub fn plugin_path() -> Option<PathBuf> {
    static PLUGIN: OnceLock<Option<PathBuf>> = OnceLock::new();
    PLUGIN
        .get_or_init(|| {
            if let Some(p) = std::env::var_os("GPUCC_PLUGIN") {
                return Some(PathBuf::from(p));
            }
            // `cargo build` puts the library beside `deps/`; `cargo test` alone leaves the
            // one it built for the tests in `deps/`.
            let exe = std::env::current_exe().ok();
            let beside_test = exe
                .as_ref()
                .and_then(|exe| Some(exe.parent()?.parent()?.join(PLUGIN_FILE)));
            let in_deps = exe
                .as_ref()
                .and_then(|exe| Some(exe.parent()?.join(PLUGIN_FILE)));
            let target = target_dir();
            beside_test
                .into_iter()
                .chain(in_deps)
                .chain([
                    target.join("release").join(PLUGIN_FILE),
                    target.join("debug").join(PLUGIN_FILE),
                ])
                .find(|p| p.is_file())
        })
        .clone()
}

/// The plugin's path for summary lines, `none` without one.
pub fn plugin_text() -> String {
    plugin_path().map_or_else(|| "none".to_string(), |p| p.display().to_string())
}

/// Whether `pipeline` names one of our passes (and so needs the plugin).
pub fn needs_plugin(pipeline: &str) -> bool {
    pipeline.contains("gpucc")
}

/// A pipeline entry split into its `opt` flags and its `-passes=` text.
///
/// An entry is a pass pipeline, optionally preceded by `opt` flags, separated by spaces:
/// `-aa-pipeline=gpucc-memspace-aa function(gvn,dse)` runs GVN and DSE over our alias analysis.
/// Pass pipelines never contain spaces, so the one word that is not a flag is the pipeline.
pub fn split_pipeline(entry: &str) -> (Vec<&str>, &str) {
    let (flags, passes): (Vec<&str>, Vec<&str>) =
        entry.split_whitespace().partition(|w| w.starts_with('-'));
    match passes.as_slice() {
        [one] => (flags, one),
        _ => panic!(
            "pipeline entry {entry:?}: expected opt flags and one pass pipeline, \
             separated by spaces"
        ),
    }
}

/// `opt` with the plugin (if the pipeline needs it), the entry's flags and `-passes=`
/// (see [`split_pipeline`]).
pub fn opt_for(pipeline: &str) -> Command {
    let (flags, passes) = split_pipeline(pipeline);
    let mut cmd = Command::new(tool("opt"));
    if needs_plugin(pipeline) {
        let plugin = plugin_path().unwrap_or_else(|| {
            panic!(
                "pipeline {pipeline:?} needs the gpucc plugin, but none was found: set \
                 GPUCC_PLUGIN or build it (cargo build); upstream passes can stand in through \
                 GPUCC_FUZZ_PIPELINES / GPUCC_DIFF_PIPELINES"
            )
        });
        cmd.arg(format!("-load-pass-plugin={}", plugin.display()));
    }
    cmd.args(flags);
    cmd.arg(format!("-passes={passes}"));
    cmd
}

// ---------------------------------------------------------------------------------------------
// Targets

/// Whether a pass should treat the module as GPU code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    Gpu,
    Host,
}

/// A target header for modules: `target triple` and `target datalayout`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub name: &'static str,
    pub kind: TargetKind,
    pub triple: &'static str,
    pub datalayout: &'static str,
}

pub const NVPTX64: Target = Target {
    name: "nvptx64",
    kind: TargetKind::Gpu,
    triple: "nvptx64-nvidia-cuda",
    datalayout: "e-i64:64-i128:128-v16:16-v32:32-n16:32:64",
};

/// The machine the tests run on, so `lli` can execute host modules.
pub fn host() -> Target {
    match (std::env::consts::ARCH, std::env::consts::OS) {
        ("aarch64", "linux") => Target {
            name: "host",
            kind: TargetKind::Host,
            triple: "aarch64-unknown-linux-gnu",
            datalayout: "e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128",
        },
        // Anything else: x86-64 Linux, the machine CI runs on. Another host would need its
        // own line here for lli to run the differential programs.
        _ => Target {
            name: "host",
            kind: TargetKind::Host,
            triple: "x86_64-pc-linux-gnu",
            datalayout: "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
        },
    }
}

/// `text` with its `target triple`/`target datalayout` lines replaced by `target`'s, placed
/// where `opt -S` prints them: after `source_filename`, else after the leading comments.
pub fn retarget(text: &str, target: &Target) -> String {
    let header = format!(
        "target datalayout = \"{}\"\ntarget triple = \"{}\"\n",
        target.datalayout, target.triple
    );
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("target triple") && !l.starts_with("target datalayout"))
        .collect();
    let at = match lines.iter().position(|l| l.starts_with("source_filename")) {
        Some(i) => i + 1,
        None => lines.iter().take_while(|l| l.starts_with(';')).count(),
    };
    let mut out = String::with_capacity(text.len() + header.len());
    for (i, line) in lines.iter().enumerate() {
        if i == at {
            out.push_str(&header);
        }
        out.push_str(line);
        out.push('\n');
    }
    if at == lines.len() {
        out.push_str(&header);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Child processes

/// How one tool invocation went.
#[derive(Debug)]
pub struct ToolRun {
    /// The command line, shell-quoted (its input came on stdin).
    pub command: String,
    /// `None` if it ran past its time limit and was killed.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub elapsed: Duration,
}

impl ToolRun {
    /// Exit status 0 and nothing on stderr.
    pub fn clean(&self) -> bool {
        self.status.is_some_and(|s| s.success()) && self.stderr.trim().is_empty()
    }

    /// "exit status 1", "killed by signal 11 (SIGSEGV)", "timed out after 120s".
    pub fn status_text(&self) -> String {
        use std::os::unix::process::ExitStatusExt as _;
        match self.status {
            None => format!("timed out after {}s", self.elapsed.as_secs()),
            Some(s) => match (s.code(), s.signal()) {
                (Some(code), _) => format!("exit status {code}"),
                (None, Some(sig)) => format!("killed by signal {sig}{}", signal_name(sig)),
                (None, None) => format!("{s}"),
            },
        }
    }

    /// "<command>: <status>" and the end of stderr: what a failure report shows.
    pub fn failure_detail(&self) -> String {
        format!(
            "{}: {}\n{}",
            self.command,
            self.status_text(),
            tail(&self.stderr)
        )
    }

    /// The command with `input` in place of stdin, for a reproduction recipe.
    pub fn command_with_input(&self, input: &Path) -> String {
        format!(
            "{} < {}",
            self.command,
            shell_quote(&input.to_string_lossy())
        )
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        _ => "",
    }
}

pub fn shell_quote(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

fn describe(cmd: &Command) -> String {
    let mut words = vec![shell_quote(&cmd.get_program().to_string_lossy())];
    words.extend(cmd.get_args().map(|a| shell_quote(&a.to_string_lossy())));
    words.join(" ")
}

/// Runs `cmd` with `stdin` as its input, killing it after `timeout`.
pub fn run_tool(mut cmd: Command, stdin: &[u8], timeout: Duration) -> ToolRun {
    let command = describe(&cmd);
    let start = Instant::now();
    let mut child = cmd
        .env_remove("GPUCC_DEBUG")
        .env_remove("GPUCC_BISECT")
        // Crash traces without llvm-symbolizer, which is slow when many runs crash; the
        // reproduction command gives a symbolized trace when one is wanted.
        .env("LLVM_DISABLE_SYMBOLIZATION", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {command}: {e}"));
    let mut input = child.stdin.take().expect("stdin was piped");
    let out = child.stdout.take().expect("stdout was piped");
    let err = child.stderr.take().expect("stderr was piped");
    let (status, stdout, stderr) = std::thread::scope(|s| {
        s.spawn(move || {
            // A tool that fails early stops reading; its exit status tells the story.
            let _ = input.write_all(stdin);
        });
        // Each reader reports end-of-file; both ends closed means the tool has exited (or is
        // about to), so nothing polls and a run costs no more than the tool itself.
        let (closed_tx, closed) = std::sync::mpsc::channel::<()>();
        let reader = |mut pipe: Box<dyn Read + Send>| {
            let closed_tx = closed_tx.clone();
            s.spawn(move || {
                let mut buf = Vec::new();
                let _ = pipe.read_to_end(&mut buf);
                let _ = closed_tx.send(());
                buf
            })
        };
        let stdout = reader(Box::new(out));
        let stderr = reader(Box::new(err));
        let mut timed_out = false;
        for _ in 0..2 {
            let left = timeout.saturating_sub(start.elapsed());
            if closed.recv_timeout(left).is_err() {
                timed_out = true;
                break;
            }
        }
        if timed_out {
            // Our own child, by handle; its pipes close when it dies.
            let _ = child.kill();
        }
        let status = child
            .wait()
            .unwrap_or_else(|e| panic!("cannot wait for {command}: {e}"));
        (
            (!timed_out).then_some(status),
            stdout.join().expect("stdout reader thread"),
            stderr.join().expect("stderr reader thread"),
        )
    });
    ToolRun {
        command,
        status,
        stdout,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed: start.elapsed(),
    }
}

/// The last [`REPORT_BYTES`] of `text`.
pub fn tail(text: &str) -> String {
    if text.len() <= REPORT_BYTES {
        return text.to_string();
    }
    let mut start = text.len() - REPORT_BYTES;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    format!("[... {start} bytes cut ...]\n{}", &text[start..])
}

/// Holds the heavy tests of one binary apart, so two of them never share the [`jobs`] cores.
pub fn exclusive() -> MutexGuard<'static, ()> {
    static HEAVY: Mutex<()> = Mutex::new(());
    HEAVY.lock().unwrap_or_else(PoisonError::into_inner)
}

/// `f` over `items` on [`jobs`] threads; results in input order.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs().min(items.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = f(i, item);
                results.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .into_iter()
        .map(|r| r.expect("par_map: every index is claimed exactly once"))
        .collect()
}

/// Empties `failures_dir()/sub`, so what it holds after a run is from that run.
pub fn reset_failures(sub: &str) {
    let dir = failures_dir().join(sub);
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot clear {}: {e}", dir.display()));
    }
}

/// Writes `text` to `failures_dir()/sub/name` and returns the path.
pub fn keep(sub: &str, name: &str, text: &[u8]) -> PathBuf {
    let dir = failures_dir().join(sub);
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    path
}

/// A file-name-safe rendering of a pipeline or label.
pub fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Module text

/// `text` without what printing alone can change: the `; ModuleID` line, comment-only lines,
/// and `; preds = ...` comments (their order follows use lists).
pub fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.trim_start().starts_with(';') {
            continue;
        }
        let line = match line.find("; preds = ") {
            Some(at) => line[..at].trim_end(),
            None => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Division instructions in a module's text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DivCounts {
    /// Scalar `i64` `sdiv`/`udiv`/`srem`/`urem`.
    pub i64_divrem: u64,
    /// ... of which the divisor is not a constant (the ones a bypass may rewrite).
    pub i64_divrem_variable: u64,
    /// Scalar `i32` `udiv`/`urem` (fast paths a bypass adds).
    pub i32_udivrem: u64,
}

impl std::ops::AddAssign for DivCounts {
    fn add_assign(&mut self, o: DivCounts) {
        self.i64_divrem += o.i64_divrem;
        self.i64_divrem_variable += o.i64_divrem_variable;
        self.i32_udivrem += o.i32_udivrem;
    }
}

/// A division line, split: (result name, opcode, type, divisor operand).
fn parse_division(line: &str) -> Option<(&str, &str, &str, &str)> {
    let (result, rhs) = line.trim_start().split_once(" = ")?;
    let mut words = rhs.split_whitespace();
    let op = words.next()?;
    if !matches!(op, "sdiv" | "udiv" | "srem" | "urem") {
        return None;
    }
    let mut ty = words.next()?;
    if ty == "exact" {
        ty = words.next()?;
    }
    let divisor = rhs.rsplit(", ").next()?;
    Some((result, op, ty, divisor))
}

pub fn count_divisions(text: &str) -> DivCounts {
    let mut counts = DivCounts::default();
    for (_, op, ty, divisor) in text.lines().filter_map(parse_division) {
        match ty {
            "i64" => {
                counts.i64_divrem += 1;
                if divisor.starts_with('%') {
                    counts.i64_divrem_variable += 1;
                }
            }
            "i32" if op.starts_with('u') => counts.i32_udivrem += 1,
            _ => {}
        }
    }
    counts
}

/// llvm-stress leaves most divisions unused, and passes rightly skip dead code. This stores
/// every scalar `i64` div/rem result to the function's first argument (`ptr %0` in every
/// llvm-stress module), right after the division, so that each one is live. `None` when the
/// module has no such division or a different signature.
pub fn keep_divisions_live(text: &str) -> Option<String> {
    let defines: Vec<&str> = text.lines().filter(|l| l.starts_with("define ")).collect();
    if defines.len() != 1 || !defines[0].contains("(ptr %0") {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 1024);
    let mut stores = 0;
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        if let Some((result, _, "i64", _)) = parse_division(line) {
            out.push_str(&format!("  store volatile i64 {result}, ptr %0, align 8\n"));
            stores += 1;
        }
    }
    (stores > 0).then_some(out)
}

/// `module` with [`keep_divisions_live`] applied where it applies.
pub fn with_live_divisions(module: CorpusModule) -> CorpusModule {
    match (&module.origin, keep_divisions_live(&module.text)) {
        (Origin::Stress { seed, size, .. }, Some(text)) => CorpusModule {
            origin: Origin::Stress {
                seed: *seed,
                size: *size,
                live_divisions: true,
            },
            text,
        },
        _ => module,
    }
}

// ---------------------------------------------------------------------------------------------
// Corpus

/// Where a corpus module came from: enough to regenerate it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `llvm-stress -seed=<seed> -size=<size>`, maybe through [`keep_divisions_live`].
    Stress {
        seed: u64,
        size: u32,
        live_divisions: bool,
    },
    /// A module built by the test itself (e.g. `divgen seed 7`).
    Crafted { label: String },
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Stress {
                seed,
                size,
                live_divisions,
            } => {
                write!(f, "llvm-stress -seed={seed} -size={size}")?;
                if *live_divisions {
                    f.write_str(" (i64 div/rem results stored to %0)")?;
                }
                Ok(())
            }
            Origin::Crafted { label } => f.write_str(label),
        }
    }
}

/// Names of the kinds of [`Origin`], indexed by [`Origin::source`].
pub const SOURCES: [&str; 2] = ["llvm-stress", "crafted"];

impl Origin {
    /// Index into [`SOURCES`].
    pub fn source(&self) -> usize {
        match self {
            Origin::Stress { .. } => 0,
            Origin::Crafted { .. } => 1,
        }
    }

    fn slug(&self) -> String {
        match self {
            Origin::Stress { seed, size, .. } => format!("stress-{seed}-{size}"),
            Origin::Crafted { label } => slug(label),
        }
    }
}

/// One module of a corpus, without a target header (see [`retarget`]).
#[derive(Clone, Debug)]
pub struct CorpusModule {
    pub origin: Origin,
    pub text: String,
}

/// The `-size` llvm-stress gets for `seed`.
pub fn stress_size(seed: u64) -> u32 {
    let len = u64::try_from(STRESS_SIZES.len()).expect("table length fits in u64");
    STRESS_SIZES[usize::try_from(seed % len).expect("an index below the table length")]
}

/// `llvm-stress -seed=<seed> -size=<stress_size(seed)>`.
pub fn stress_module(seed: u64) -> Result<CorpusModule, String> {
    let size = stress_size(seed);
    let mut cmd = Command::new(tool("llvm-stress"));
    cmd.arg(format!("-seed={seed}"))
        .arg(format!("-size={size}"))
        .args(["-o", "-"]);
    let run = run_tool(cmd, b"", OPT_TIMEOUT);
    if !run.clean() {
        return Err(format!(
            "{} failed: {}\n{}",
            run.command,
            run.status_text(),
            tail(&run.stderr)
        ));
    }
    Ok(CorpusModule {
        origin: Origin::Stress {
            seed,
            size,
            live_divisions: false,
        },
        text: String::from_utf8(run.stdout).map_err(|e| format!("llvm-stress output: {e}"))?,
    })
}

/// `n` llvm-stress modules, seeds `first_seed..first_seed + n`, generated in parallel.
pub fn stress_corpus_from(first_seed: u64, n: u64) -> Vec<CorpusModule> {
    let seeds: Vec<u64> = (first_seed..first_seed + n).collect();
    par_map(&seeds, |_, &seed| stress_module(seed))
        .into_iter()
        .map(|m| m.unwrap_or_else(|e| panic!("corpus generation: {e}")))
        .collect()
}

/// `n` llvm-stress modules starting at seed `GPUCC_FUZZ_SEED` (default 0).
pub fn stress_corpus(n: u64) -> Vec<CorpusModule> {
    stress_corpus_from(env_count("GPUCC_FUZZ_SEED", 0), n)
}

// ---------------------------------------------------------------------------------------------
// Verifier fuzz

/// What a pipeline must do to a target's corpus as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Change at least one module (the fuzz reaches the pass).
    Changes,
    /// Change no module (e.g. a GPU-only pass on the host).
    Unchanged,
    /// No claim (stand-in pipelines, pipelines still in the works).
    Any,
    /// Not run on this kind of target: nothing there reaches the code under test (e.g. an
    /// alias analysis that answers "may alias" for every host query), and the runs would only
    /// fuzz upstream passes.
    NotRun,
}

/// A pipeline under test and what it should do on each kind of target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pipeline {
    pub text: String,
    pub on_gpu: Expect,
    pub on_host: Expect,
}

impl Pipeline {
    pub fn expect_on(&self, kind: TargetKind) -> Expect {
        match kind {
            TargetKind::Gpu => self.on_gpu,
            TargetKind::Host => self.on_host,
        }
    }
}

/// One failed `opt` run (or a nondeterministic pair of them).
#[derive(Debug)]
pub struct StressFailure {
    pub origin: Origin,
    pub target: &'static str,
    pub pipeline: String,
    pub what: String,
    pub command: String,
    pub stderr: String,
}

impl fmt::Display for StressFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "[{}] {} on {}: {}",
            self.pipeline, self.origin, self.target, self.what
        )?;
        writeln!(f, "  command: {}", self.command)?;
        for line in self.stderr.lines() {
            writeln!(f, "  | {line}")?;
        }
        Ok(())
    }
}

/// Counts for one (pipeline, target) cell.
#[derive(Clone, Debug, Default)]
pub struct CellStats {
    pub modules: u64,
    pub failures: u64,
    pub changed: u64,
    /// Division counts in the inputs.
    pub input: DivCounts,
    /// Modules with at least one `i64` division whose divisor is not a constant.
    pub modules_with_variable_divisor: u64,
    /// `i32` `udiv`/`urem` in the outputs minus those in the inputs.
    pub fast_paths_added: i64,
}

#[derive(Debug)]
pub struct StressReport {
    pub pipelines: Vec<Pipeline>,
    pub targets: Vec<Target>,
    /// `cells[p][t][s]` for `pipelines[p]` on `targets[t]`, modules of source `s`
    /// ([`Origin::source`]).
    pub cells: Vec<Vec<[CellStats; SOURCES.len()]>>,
    pub failures: Vec<StressFailure>,
    pub opt_runs: u64,
    pub elapsed: Duration,
}

impl CellStats {
    fn add(&mut self, c: &CellStats) {
        self.modules += c.modules;
        self.failures += c.failures;
        self.changed += c.changed;
        self.input += c.input;
        self.modules_with_variable_divisor += c.modules_with_variable_divisor;
        self.fast_paths_added += c.fast_paths_added;
    }
}

impl StressReport {
    /// Broken expectations ([`Expect`]), one line each; judged on all sources together.
    pub fn unmet_expectations(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (p, pipeline) in self.pipelines.iter().enumerate() {
            for (t, target) in self.targets.iter().enumerate() {
                let mut cell = CellStats::default();
                for c in &self.cells[p][t] {
                    cell.add(c);
                }
                match pipeline.expect_on(target.kind) {
                    Expect::Changes if cell.changed == 0 && cell.modules > 0 => out.push(format!(
                        "[{}] changed none of {} modules on {}: the fuzz does not reach the pass",
                        pipeline.text, cell.modules, target.name
                    )),
                    Expect::Unchanged if cell.changed > 0 => out.push(format!(
                        "[{}] changed {} of {} modules on {}, where it should change none",
                        pipeline.text, cell.changed, cell.modules, target.name
                    )),
                    _ => {}
                }
            }
        }
        out
    }

    /// A table, one row per pipeline, target and source.
    pub fn table(&self) -> String {
        let row = |cols: [&str; 10]| {
            format!(
                "{:<52} {:<8} {:<11} {:>7} {:>5} {:>7} {:>7} {:>7} {:>7} {:>8}\n",
                cols[0],
                cols[1],
                cols[2],
                cols[3],
                cols[4],
                cols[5],
                cols[6],
                cols[7],
                cols[8],
                cols[9]
            )
        };
        let mut s = row([
            "pipeline", "target", "source", "modules", "fail", "changed", "w/div%v", "i64div",
            "i64div%v", "+i32udiv",
        ]);
        for (p, pipeline) in self.pipelines.iter().enumerate() {
            for (t, target) in self.targets.iter().enumerate() {
                for (source, c) in SOURCES.iter().zip(&self.cells[p][t]) {
                    if c.modules == 0 {
                        continue;
                    }
                    s.push_str(&row([
                        &pipeline.text,
                        target.name,
                        source,
                        &c.modules.to_string(),
                        &c.failures.to_string(),
                        &c.changed.to_string(),
                        &c.modules_with_variable_divisor.to_string(),
                        &c.input.i64_divrem.to_string(),
                        &c.input.i64_divrem_variable.to_string(),
                        &c.fast_paths_added.to_string(),
                    ]));
                }
            }
        }
        s.push_str(
            "(w/div%v: modules with an i64 division by a non-constant; i64div: scalar i64 \
             sdiv/udiv/srem/urem in the inputs; i64div%v: of those, by a non-constant; \
             +i32udiv: i32 udiv/urem the pipeline added)\n",
        );
        s
    }
}

/// llvm-stress modules per `opt` run (`GPUCC_FUZZ_BATCH`, default 8; 1 turns batching off).
///
/// Starting `opt` (mapping libLLVM, loading the plugin) costs more than running a pass on a
/// small module, so llvm-stress modules go to `opt` in batches: each is one uniquely named
/// function (`@autogen_SD<seed>`) and nothing else, so their texts concatenate into a valid
/// module. Function passes see each function exactly as alone. A batch that fails is rerun
/// module by module to name the seed; "changed" and the counts are judged per function.
pub fn batch_size() -> usize {
    usize::try_from(env_count("GPUCC_FUZZ_BATCH", 8).max(1)).expect("batch size fits in usize")
}

/// Modules `opt` sees as one: a batch of llvm-stress modules, or one other module.
struct Unit<'c> {
    members: Vec<Member<'c>>,
    /// The text `opt` gets, before [`retarget`].
    text: String,
}

impl Unit<'_> {
    /// What a failure of the whole unit is filed under.
    fn origin(&self) -> Origin {
        match self.members.as_slice() {
            [(_, m, _)] => m.origin.clone(),
            all => Origin::Crafted {
                label: format!(
                    "batch of {}",
                    all.iter()
                        .map(|(_, m, _)| m.origin.to_string())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
            },
        }
    }

    fn slug(&self) -> String {
        match self.members.as_slice() {
            [(_, m, _)] => m.origin.slug(),
            [(_, first, _), .., (_, last, _)] => {
                format!("batch-{}-to-{}", first.origin.slug(), last.origin.slug())
            }
            [] => "empty".to_string(),
        }
    }
}

/// Names of the functions `text` defines, in order.
fn function_names(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("define "))
        .filter_map(|l| {
            let at = l.find('@')?;
            let end = at + l[at..].find('(')?;
            Some(l[at + 1..end].to_string())
        })
        .collect()
}

/// Each function's text (`define` to `}`), normalized, by name.
fn split_functions(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    for line in text.lines() {
        if line.starts_with("define ") {
            if let Some(name) = function_names(line).pop() {
                current = Some((name, String::new()));
            }
        }
        if let Some((_, body)) = current.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
        if line == "}" {
            if let Some((name, body)) = current.take() {
                out.insert(name, normalize(&body));
            }
        }
    }
    out
}

/// Whether a module can share an `opt` run: an llvm-stress module that is one function and
/// nothing else at top level.
fn can_batch(module: &CorpusModule) -> bool {
    matches!(module.origin, Origin::Stress { .. })
        && function_names(&module.text).len() == 1
        && !module.text.lines().any(|l| {
            ["@", "declare", "attributes", "!", "%", "$"]
                .iter()
                .any(|p| l.starts_with(p))
        })
}

/// A member of a [`Unit`]: corpus index, module, and the functions it defines.
type Member<'c> = (usize, &'c CorpusModule, Vec<String>);

/// Moves the `pending` llvm-stress modules into one unit.
fn flush<'c>(pending: &mut Vec<Member<'c>>, out: &mut Vec<Unit<'c>>) {
    if pending.is_empty() {
        return;
    }
    let members = std::mem::take(pending);
    let text = if members.len() == 1 {
        members[0].1.text.clone()
    } else {
        batch_text(members.iter().map(|(_, m, _)| *m))
    };
    out.push(Unit { members, text });
}

/// llvm-stress modules concatenated into one (each is one uniquely named function; see
/// [`batch_size`]), without a target header.
pub fn batch_text<'c>(modules: impl IntoIterator<Item = &'c CorpusModule>) -> String {
    let mut text = String::from("; a batch of llvm-stress modules (fuzz_support.rs)\n");
    for m in modules {
        let body = m
            .text
            .lines()
            .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"));
        for line in body {
            text.push_str(line);
            text.push('\n');
        }
    }
    text
}

/// The corpus cut into units: llvm-stress modules in batches of `batch`, the rest alone.
fn units(corpus: &[CorpusModule], batch: usize) -> Vec<Unit<'_>> {
    let mut out = Vec::new();
    let mut pending = Vec::new();
    for (i, module) in corpus.iter().enumerate() {
        let names = function_names(&module.text);
        if can_batch(module) && batch > 1 {
            pending.push((i, module, names));
            if pending.len() == batch {
                flush(&mut pending, &mut out);
            }
        } else {
            out.push(Unit {
                members: vec![(i, module, names)],
                text: module.text.clone(),
            });
        }
    }
    flush(&mut pending, &mut out);
    out
}

/// The outcome of one (unit, target) job: stats per member and pipeline, and failures.
struct JobResult {
    /// (corpus index, stats per pipeline) for each member.
    members: Vec<(usize, Vec<CellStats>)>,
    failures: Vec<StressFailure>,
    opt_runs: u64,
}

/// Runs every pipeline on every module of `corpus` for every target, with `-verify-each`;
/// failing inputs go to `failures_dir()/stress`.
pub fn run_stress(
    corpus: &[CorpusModule],
    pipelines: &[Pipeline],
    targets: &[Target],
) -> StressReport {
    run_stress_in(STRESS_FAILURES, corpus, pipelines, targets)
}

/// [`run_stress`], keeping failing inputs in `failures_dir()/<kept_under>`.
pub fn run_stress_in(
    kept_under: &str,
    corpus: &[CorpusModule],
    pipelines: &[Pipeline],
    targets: &[Target],
) -> StressReport {
    let start = Instant::now();
    let units = units(corpus, batch_size());
    let jobs: Vec<(usize, usize)> = (0..units.len())
        .flat_map(|u| (0..targets.len()).map(move |t| (u, t)))
        .collect();
    let results = par_map(&jobs, |_, &(u, t)| {
        stress_job(kept_under, &units[u], u, &targets[t], pipelines)
    });
    let empty = || std::array::from_fn(|_| CellStats::default());
    let mut cells: Vec<Vec<[CellStats; SOURCES.len()]>> = (0..pipelines.len())
        .map(|_| (0..targets.len()).map(|_| empty()).collect())
        .collect();
    let mut failures = Vec::new();
    let mut opt_runs = 0;
    for (&(_, t), r) in jobs.iter().zip(results) {
        for (m, stats) in &r.members {
            let source = corpus[*m].origin.source();
            for (p, c) in stats.iter().enumerate() {
                cells[p][t][source].add(c);
            }
        }
        failures.extend(r.failures);
        opt_runs += r.opt_runs;
    }
    StressReport {
        pipelines: pipelines.to_vec(),
        targets: targets.to_vec(),
        cells,
        failures,
        opt_runs,
        elapsed: start.elapsed(),
    }
}

/// `opt -passes=<pipeline> -verify-each -S` on `input`.
fn run_pipeline(pipeline: &str, input: &str) -> ToolRun {
    let mut cmd = opt_for(pipeline);
    cmd.args(["-verify-each", "-S", "-o", "-"]);
    run_tool(cmd, input.as_bytes(), OPT_TIMEOUT)
}

/// Why a run that is not [`ToolRun::clean`] failed, in a few words.
fn failure_what(run: &ToolRun) -> String {
    if run.status.is_some_and(|s| s.success()) {
        "unexpected stderr (verifier or pass diagnostics)".to_string()
    } else {
        run.status_text()
    }
}

impl StressFailure {
    /// A failure of `run` on `input`, which is kept as `<kept_under>/<name>-<target>.ll`.
    fn filed(
        kept_under: &str,
        origin: Origin,
        name: &str,
        target: &Target,
        input: &str,
        pipeline: &str,
        run: &ToolRun,
    ) -> StressFailure {
        let file = format!("{name}-{}.ll", target.name);
        let saved = keep(kept_under, &file, input.as_bytes());
        StressFailure {
            origin,
            target: target.name,
            pipeline: pipeline.to_string(),
            what: failure_what(run),
            command: run.command_with_input(&saved),
            stderr: tail(&run.stderr),
        }
    }
}

fn difference(after: DivCounts, before: DivCounts) -> i64 {
    i64::try_from(after.i32_udivrem).expect("counts fit in i64")
        - i64::try_from(before.i32_udivrem).expect("counts fit in i64")
}

fn stress_job(
    kept_under: &str,
    unit: &Unit<'_>,
    index: usize,
    target: &Target,
    pipelines: &[Pipeline],
) -> JobResult {
    let input = retarget(&unit.text, target);
    let whole = unit.members.len() == 1;
    let mut result = JobResult {
        members: unit
            .members
            .iter()
            .map(|(i, _, _)| (*i, vec![CellStats::default(); pipelines.len()]))
            .collect(),
        failures: Vec::new(),
        opt_runs: 0,
    };
    let unit_failure = |pipeline: &str, run: &ToolRun| {
        let (origin, name) = (unit.origin(), unit.slug());
        StressFailure::filed(kept_under, origin, &name, target, &input, pipeline, run)
    };

    // The baseline: the input as `opt -S` prints it with no pass. llvm-stress prints with the
    // same writer, so its text is its own baseline (`normalize` hides the rest; pinned by
    // `change_detection_ignores_printing_but_sees_rewrites`). Other modules go through opt,
    // which also proves that they parse and verify before any pass is blamed.
    let baseline = if unit.members.iter().all(|(_, m, _)| can_batch(m)) {
        input.clone()
    } else {
        let mut cmd = Command::new(tool("opt"));
        cmd.args(["-passes=verify", "-S", "-o", "-"]);
        let run = run_tool(cmd, input.as_bytes(), OPT_TIMEOUT);
        result.opt_runs += 1;
        if !run.clean() {
            let mut failure = unit_failure("(none)", &run);
            failure.what = format!("input does not verify: {}", run.status_text());
            result.failures.push(failure);
            return result;
        }
        String::from_utf8_lossy(&run.stdout).into_owned()
    };
    let base_functions = split_functions(&baseline);
    // Division counts of member `k` in `functions` (or in the whole `module` for a lone one).
    let counts = |k: usize, functions: &BTreeMap<String, String>, module: &str| {
        if whole {
            return count_divisions(module);
        }
        let mut sum = DivCounts::default();
        for name in &unit.members[k].2 {
            sum += count_divisions(functions.get(name).map_or("", String::as_str));
        }
        sum
    };
    let input_counts: Vec<DivCounts> = (0..unit.members.len())
        .map(|k| counts(k, &base_functions, &baseline))
        .collect();

    for (p, pipeline) in pipelines.iter().enumerate() {
        if pipeline.expect_on(target.kind) == Expect::NotRun {
            continue;
        }
        for (k, (_, stats)) in result.members.iter_mut().enumerate() {
            let cell = &mut stats[p];
            cell.modules = 1;
            cell.input = input_counts[k];
            cell.modules_with_variable_divisor = u64::from(input_counts[k].i64_divrem_variable > 0);
        }
        let run = run_pipeline(&pipeline.text, &input);
        result.opt_runs += 1;
        if !run.clean() {
            // Name the module: rerun the members of a batch alone.
            let mut named = false;
            if !whole {
                for (k, (_, module, _)) in unit.members.iter().enumerate() {
                    let alone = retarget(&module.text, target);
                    let again = run_pipeline(&pipeline.text, &alone);
                    result.opt_runs += 1;
                    if !again.clean() {
                        named = true;
                        result.members[k].1[p].failures = 1;
                        let (origin, name) = (module.origin.clone(), module.origin.slug());
                        result.failures.push(StressFailure::filed(
                            kept_under,
                            origin,
                            &name,
                            target,
                            &alone,
                            &pipeline.text,
                            &again,
                        ));
                    }
                }
            }
            if !named {
                for (_, stats) in result.members.iter_mut() {
                    stats[p].failures = 1;
                }
                result.failures.push(unit_failure(&pipeline.text, &run));
            }
            continue;
        }
        let output = String::from_utf8_lossy(&run.stdout).into_owned();
        let out_functions = split_functions(&output);
        let module_changed = normalize(&output) != normalize(&baseline);
        for (k, (_, stats)) in result.members.iter_mut().enumerate() {
            let changed = if whole {
                module_changed
            } else {
                unit.members[k]
                    .2
                    .iter()
                    .any(|n| out_functions.get(n) != base_functions.get(n))
            };
            stats[p].changed = u64::from(changed);
            let after = counts(k, &out_functions, &output);
            stats[p].fast_paths_added = difference(after, input_counts[k]);
        }

        if index.is_multiple_of(DETERMINISM_EVERY) {
            let again = run_pipeline(&pipeline.text, &input);
            result.opt_runs += 1;
            if again.stdout != run.stdout {
                for (_, stats) in result.members.iter_mut() {
                    stats[p].failures = 1;
                }
                let mut failure = unit_failure(&pipeline.text, &again);
                failure.what =
                    "nondeterministic: two opt processes printed different modules".to_string();
                result.failures.push(failure);
            }
        }
    }
    result
}

// ---------------------------------------------------------------------------------------------
// Differential execution

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MismatchKind {
    /// The input does not parse or verify: a harness or generator bug.
    BadInput,
    /// The original module does not run cleanly under `lli`: a harness or generator bug.
    OriginalFails,
    /// `opt` failed (crash, error, verifier) on the pipeline.
    OptFails,
    /// The transformed module does not run cleanly under `lli`.
    TransformedFails,
    /// Both ran, but printed different bytes or exited differently: a miscompile.
    OutputDiffers,
    /// The original printed something other than what the caller expected: a generator,
    /// oracle or lli bug (checked by callers with an oracle, e.g. divgen).
    NotAsExpected,
}

/// Why a differential run failed, with files kept under
/// `target/tmp/fuzz-failures/differential/<name>-<pipeline>/`.
#[derive(Debug)]
pub struct Mismatch {
    pub name: String,
    pub pipeline: String,
    pub kind: MismatchKind,
    /// Commands, statuses, stderr and the first differing line.
    pub detail: String,
    pub kept: PathBuf,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} [{}]: {:?}", self.name, self.pipeline, self.kind)?;
        for line in self.detail.lines() {
            writeln!(f, "  {line}")?;
        }
        writeln!(f, "  files: {}", self.kept.display())
    }
}

/// What a successful differential run saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiffReport {
    /// The pipeline changed the module (if not, the comparison proves nothing).
    pub changed: bool,
    /// Lines the program printed.
    pub lines: usize,
    /// Functions whose text the pipeline changed (or added, or removed), by name.
    pub changed_functions: Vec<String>,
    /// Division counts before and after.
    pub before: DivCounts,
    pub after: DivCounts,
}

/// A module checked once (baseline, `lli` run) and then compared against any pipelines.
#[derive(Debug)]
pub struct Differential {
    kept_under: String,
    name: String,
    input: String,
    baseline: String,
    run: ToolRun,
}

/// The first line where `a` and `b` differ: (1-based number, line of a, line of b, context:
/// the last line before it starting with each of `markers`, joined by " | ").
fn first_difference(a: &[u8], b: &[u8], markers: &[&str]) -> (usize, String, String, String) {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    let mut context: Vec<&str> = vec![""; markers.len()];
    let (mut la, mut lb) = (a.lines(), b.lines());
    let mut n = 0;
    loop {
        n += 1;
        match (la.next(), lb.next()) {
            (Some(x), Some(y)) if x == y => {
                for (m, marker) in markers.iter().enumerate() {
                    if x.starts_with(marker) {
                        context[m] = x;
                    }
                }
            }
            (x, y) => {
                let show = |l: Option<&str>| l.map_or("<end of output>".to_string(), String::from);
                return (n, show(x), show(y), context.join(" | "));
            }
        }
    }
}

impl Differential {
    /// Prints `module` through `opt` (the baseline) and runs it with `lli`.
    pub fn new(name: &str, module: &str) -> Result<Differential, Mismatch> {
        Differential::new_in(DIFF_FAILURES, name, module)
    }

    /// [`Differential::new`], keeping evidence in `failures_dir()/<kept_under>`.
    pub fn new_in(kept_under: &str, name: &str, module: &str) -> Result<Differential, Mismatch> {
        let mut cmd = Command::new(tool("opt"));
        cmd.args(["-passes=verify", "-S", "-o", "-"]);
        let baseline = run_tool(cmd, module.as_bytes(), OPT_TIMEOUT);
        let mut d = Differential {
            kept_under: kept_under.to_string(),
            name: name.to_string(),
            input: module.to_string(),
            baseline: String::from_utf8_lossy(&baseline.stdout).into_owned(),
            run: baseline,
        };
        if !d.run.clean() {
            let detail = d.run.failure_detail();
            return Err(d.mismatch("(none)", MismatchKind::BadInput, detail, None));
        }
        d.run = lli(&d.input);
        if !d.run.clean() {
            let detail = d.run.failure_detail();
            return Err(d.mismatch("(none)", MismatchKind::OriginalFails, detail, None));
        }
        Ok(d)
    }

    /// The module as `opt -S` prints it with no pass.
    pub fn baseline(&self) -> &str {
        &self.baseline
    }

    /// What the original module printed.
    pub fn stdout(&self) -> &[u8] {
        &self.run.stdout
    }

    /// Fails with [`MismatchKind::NotAsExpected`] unless the original printed `expected`.
    /// `markers`: prefixes of output lines (e.g. a row header) whose last occurrence before
    /// the first difference the report shows as context.
    pub fn expect_stdout(&self, expected: &str, markers: &[&str]) -> Result<(), Mismatch> {
        if self.run.stdout == expected.as_bytes() {
            return Ok(());
        }
        let (n, got, want, context) =
            first_difference(&self.run.stdout, expected.as_bytes(), markers);
        let detail = format!(
            "lli on the original disagrees with the expected output at line {n}\n\
             after: {context}\nlli:      {got}\nexpected: {want}"
        );
        let kept = self.mismatch("expected", MismatchKind::NotAsExpected, detail, None);
        std::fs::write(kept.kept.join("expected.out"), expected).expect("write expected.out");
        Err(kept)
    }

    /// Runs `pipeline` on the module (`-verify-each`) and the result under `lli`; compares
    /// with the original (`markers` as for [`Differential::expect_stdout`]).
    pub fn check(&self, pipeline: &str, markers: &[&str]) -> Result<DiffReport, Mismatch> {
        let opt = run_pipeline(pipeline, &self.input);
        if !opt.clean() {
            let detail = opt.failure_detail();
            return Err(self.mismatch(pipeline, MismatchKind::OptFails, detail, None));
        }
        let transformed = String::from_utf8_lossy(&opt.stdout).into_owned();
        self.compare(pipeline, &transformed, markers)
    }

    /// Runs an already transformed module (`pipeline` only labels the report) under `lli` and
    /// compares with the original.
    pub fn compare(
        &self,
        pipeline: &str,
        transformed: &str,
        markers: &[&str],
    ) -> Result<DiffReport, Mismatch> {
        let run = lli(transformed);
        let same_status = run.status.map(|s| s.code()) == self.run.status.map(|s| s.code());
        if run.status.is_some() && (run.stdout != self.run.stdout || !same_status) {
            let (n, orig, new, context) = first_difference(&self.run.stdout, &run.stdout, markers);
            let detail = format!(
                "outputs differ at line {n} ({} vs {})\nafter:       {context}\n\
                 original:    {orig}\ntransformed: {new}\n{}",
                self.run.status_text(),
                run.status_text(),
                tail(&run.stderr)
            );
            let kept = Some((transformed, &run));
            return Err(self.mismatch(pipeline, MismatchKind::OutputDiffers, detail, kept));
        }
        if !run.clean() {
            // Timed out, or the same output but something on stderr.
            let detail = run.failure_detail();
            let kept = Some((transformed, &run));
            return Err(self.mismatch(pipeline, MismatchKind::TransformedFails, detail, kept));
        }
        let (before, after) = (
            split_functions(&self.baseline),
            split_functions(transformed),
        );
        let changed_functions = before
            .keys()
            .chain(after.keys())
            .filter(|name| before.get(*name) != after.get(*name))
            .cloned()
            .collect::<BTreeSet<String>>()
            .into_iter()
            .collect();
        Ok(DiffReport {
            changed: normalize(transformed) != normalize(&self.baseline),
            changed_functions,
            lines: run.stdout.iter().filter(|&&b| b == b'\n').count(),
            before: count_divisions(&self.baseline),
            after: count_divisions(transformed),
        })
    }

    /// Keeps the evidence and builds the error.
    fn mismatch(
        &self,
        pipeline: &str,
        kind: MismatchKind,
        detail: String,
        transformed: Option<(&str, &ToolRun)>,
    ) -> Mismatch {
        let dir = failures_dir().join(&self.kept_under).join(format!(
            "{}-{}",
            slug(&self.name),
            slug(pipeline)
        ));
        std::fs::create_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        let write = |file: &str, bytes: &[u8]| {
            let path = dir.join(file);
            std::fs::write(&path, bytes)
                .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        };
        write("original.ll", self.input.as_bytes());
        write("original.out", &self.run.stdout);
        if let Some((text, run)) = transformed {
            write("transformed.ll", text.as_bytes());
            write("transformed.out", &run.stdout);
        }
        let repro = format!(
            "reproduce: {} -S {} | {}",
            describe(&opt_for(pipeline)),
            shell_quote(&dir.join("original.ll").to_string_lossy()),
            tool("lli").display()
        );
        Mismatch {
            name: self.name.clone(),
            pipeline: pipeline.to_string(),
            kind,
            detail: format!("{detail}\n{repro}"),
            kept: dir,
        }
    }
}

/// `module` after `opt -passes=<pipeline> -verify-each -S`, or why that failed.
pub fn opt_output(pipeline: &str, module: &str) -> Result<String, String> {
    let run = run_pipeline(pipeline, module);
    if run.clean() {
        Ok(String::from_utf8_lossy(&run.stdout).into_owned())
    } else {
        Err(run.failure_detail())
    }
}

/// `lli` on `module` (from stdin).
fn lli(module: &str) -> ToolRun {
    run_tool(Command::new(tool("lli")), module.as_bytes(), LLI_TIMEOUT)
}

/// Runs `module_text` under `lli` before and after `pipeline` and compares the outputs.
pub fn run_differential(module_text: &str, pipeline: &str) -> Result<DiffReport, Mismatch> {
    Differential::new("module", module_text)?.check(pipeline, &[])
}

// ---------------------------------------------------------------------------------------------
// Differential tests of generated programs (divgen, slgen, gepgen)

/// Seeds `first..first + n` in consecutive groups of `batch` (the last one may be shorter):
/// the programs that share one module, one `lli` and one `opt` run per pipeline.
pub fn seed_batches(first: u64, n: u64, batch: u64) -> Vec<Vec<u64>> {
    (first..first + n)
        .step_by(usize::try_from(batch).expect("batch size fits in usize"))
        .map(|b| (b..(b + batch).min(first + n)).collect())
        .collect()
}

/// The name of a module of `generator`'s programs of `seeds` in reports and kept files:
/// `<generator>-<seed>` or `<generator>-<first>-to-<last>`.
pub fn batch_name(generator: &str, seeds: &[u64]) -> String {
    match seeds {
        [one] => format!("{generator}-{one}"),
        [a, .., b] => format!("{generator}-{a}-to-{b}"),
        [] => format!("{generator}-none"),
    }
}

/// The differential on one module of generated programs: `lli` on the original must print
/// `expected` (the generator's oracle), then `check` runs each of `pipelines` against it.
/// One result per pipeline; if the original already fails, that one mismatch instead.
/// Evidence goes to `failures_dir()/<kept_under>`; `markers` as for
/// [`Differential::expect_stdout`].
pub fn check_pipelines<P>(
    kept_under: &str,
    name: &str,
    module: &str,
    expected: &str,
    markers: &[&str],
    pipelines: &[P],
    check: impl Fn(&Differential, &P) -> Result<DiffReport, Mismatch>,
) -> Vec<Result<DiffReport, Mismatch>> {
    Differential::new_in(kept_under, name, module)
        .and_then(|d| {
            d.expect_stdout(expected, markers)?;
            Ok(pipelines.iter().map(|p| check(&d, p)).collect())
        })
        .unwrap_or_else(|m| vec![Err(m)])
}

/// The reports of `checks` (one per pipeline, as [`check_pipelines`] returns them), each with
/// its pipeline's index; the mismatches are moved to `mismatches`.
pub fn sort_checks(
    checks: Vec<Result<DiffReport, Mismatch>>,
    mismatches: &mut Vec<Mismatch>,
) -> Vec<(usize, DiffReport)> {
    let mut reports = Vec::new();
    for (i, check) in checks.into_iter().enumerate() {
        match check {
            Ok(report) => reports.push((i, report)),
            Err(m) => mismatches.push(m),
        }
    }
    reports
}

/// Fails unless a generator's output depends only on the seed, for seeds `0..20`: two
/// programs of one seed render the same module (for the host) and print the same, and
/// consecutive seeds give different modules (without a target header).
pub fn assert_depends_only_on_the_seed<P>(
    generate: impl Fn(u64) -> P,
    render: impl Fn(&P, &str, &str) -> String,
    expected_output: impl Fn(&P) -> String,
) {
    let host = host();
    for seed in 0..20 {
        let (a, b) = (generate(seed), generate(seed));
        assert_eq!(
            render(&a, host.triple, host.datalayout),
            render(&b, host.triple, host.datalayout),
            "seed {seed}: two renders differ"
        );
        assert_eq!(expected_output(&a), expected_output(&b), "seed {seed}");
        assert_ne!(
            render(&a, "", ""),
            render(&generate(seed + 1), "", ""),
            "seeds {seed} and {} give the same program",
            seed + 1
        );
    }
}

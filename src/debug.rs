//! Debug output and bisection, for release builds of LLVM where `-debug-only`
//! does not exist.
//!
//! * `GPUCC_DEBUG=gpucc-bypass-slow-division,...` (or `all`) makes [`trace`]
//!   write the named passes' decisions to **stderr** (stdout is where
//!   `opt -S -o -` writes IR).
//! * `GPUCC_BISECT=<pass>:<n>` lets pass `<pass>` make its first `n`
//!   rewrites only (per process), like SLSR's `slsr-counter`: bisect a
//!   miscompile down to one rewrite.
//! * `GPUCC_CHECK=<pass>,...` (or `all`) makes the named passes check their
//!   caches against fresh answers ([`self_check`]).

use once_cell::sync::Lazy;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The passes a comma-separated environment variable names (none if unset).
fn pass_list(var: &str) -> Vec<String> {
    std::env::var(var)
        .map(|v| {
            v.split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// Does `list` name `pass`, or say `all`?
fn names(list: &[String], pass: &str) -> bool {
    list.iter().any(|p| p == pass || p == "all")
}

static DEBUG: Lazy<Vec<String>> = Lazy::new(|| pass_list("GPUCC_DEBUG"));

/// Is debug output on for `pass`?
pub fn enabled(pass: &str) -> bool {
    names(&DEBUG, pass)
}

/// Writes one line of `pass`'s debug output to stderr, if enabled.
pub fn trace(pass: &str, msg: impl FnOnce() -> String) {
    if enabled(pass) {
        eprintln!("[{pass}] {}", msg());
    }
}

static BISECT: Lazy<Option<(String, u64)>> = Lazy::new(|| {
    let v = std::env::var("GPUCC_BISECT").ok()?;
    let (pass, n) = v.rsplit_once(':')?;
    Some((pass.to_string(), n.parse().ok()?))
});

static COUNTS: Lazy<Mutex<HashMap<String, AtomicU64>>> = Lazy::new(Default::default);

/// Does `GPUCC_BISECT` name `pass` (so that [`allow_rewrite`] may say no)?
pub fn bisecting(pass: &str) -> bool {
    BISECT.as_ref().is_some_and(|(target, _)| target == pass)
}

/// May `pass` make one more rewrite? Always yes unless `GPUCC_BISECT` names
/// it and its budget is spent.
pub fn allow_rewrite(pass: &str) -> bool {
    let Some((target, limit)) = BISECT.as_ref() else {
        return true;
    };
    if target != pass {
        return true;
    }
    let mut counts = COUNTS.lock().unwrap_or_else(|e| e.into_inner());
    let n = counts
        .entry(pass.to_string())
        .or_default()
        .fetch_add(1, Ordering::Relaxed);
    let ok = n < *limit;
    if !ok {
        eprintln!("[{pass}] GPUCC_BISECT: skipping rewrite #{}", n + 1);
    }
    ok
}

static CHECK: Lazy<Vec<String>> = Lazy::new(|| pass_list("GPUCC_CHECK"));

/// Does `GPUCC_CHECK` name `pass` (or say `all`)? The pass then also
/// recomputes what it would reuse from a cache, and stops (a panic, which
/// comes out as `LLVM ERROR`) where the two answers differ. Slow: for tests.
pub fn self_check(pass: &str) -> bool {
    names(&CHECK, pass)
}

/// Fault injection for the test that pins [`crate::guarded`]: when
/// `GPUCC_INJECT_PANIC` names `pass`, the pass panics before touching the IR.
/// The panic must come out as `LLVM ERROR: <pass>: internal error: ...` with
/// exit status 1, never as an abort (test/ir/plugin/panic-becomes-llvm-error.ll).
pub fn maybe_inject_panic(pass: &str) {
    static INJECT: Lazy<Option<String>> = Lazy::new(|| std::env::var("GPUCC_INJECT_PANIC").ok());
    if INJECT.as_deref() == Some(pass) {
        panic!("GPUCC_INJECT_PANIC asked {pass} to panic");
    }
}

//! A small lit-like runner for the `FileCheck` tests in `test/ir` and `test/ptx`.
//!
//! It understands the subset of lit our tests use (STYLE.md 2.11):
//!
//! - `; RUN:` lines, with a trailing `\` continuing onto the next `RUN:` line;
//! - substitutions `%s` (test file), `%S`/`%p` (its directory), `%t` (a temporary path prefix
//!   unique to the case), `%T` (the case's temporary directory), `%%`, `%plugin` (our cdylib),
//!   `%opt`, `%llc`, `%lli`, `%FileCheck` (the tools of the LLVM the plugin is built for),
//!   `%gpucc` (`opt -load-pass-plugin=<plugin>`) and `%llvm` (that LLVM's major version, for
//!   per-version FileCheck prefixes: `--check-prefixes=CHECK,V%llvm` with `V16:` and `V22:`
//!   lines where the output differs);
//! - bare tool names at command position (`opt`, `FileCheck`, `not`, ...) resolve to that LLVM's
//!   binaries, as `../shared/conformance/run.py` does;
//! - `; REQUIRES: llvm22` (or `llvm16`) restricts a file to one LLVM, and `; UNSUPPORTED:
//!   llvm16` excludes one, for inputs that only some versions parse ([`supported`]).
//!
//! The suite runs once per LLVM: the test binary is built with the plugin's feature
//! (`gpucc_passes::llvm::LLVM_MAJOR`), and everything follows from it.
//!
//! Each RUN line runs as `bash -o pipefail -c <line>` in a fresh per-case directory under
//! Cargo's `CARGO_TARGET_TMPDIR` (left in place afterwards for inspection). A failing line panics
//! with the raw and expanded command, its exit status, stdout and stderr (`FileCheck`'s diagnostics).
//!
//! The same module finds the `opt` stage of a RUN line, so that `tests/lit.rs` can rerun it for
//! the determinism (STYLE.md 2.9) and `-verify-each` (STYLE.md 2.10) checks.
//!
//! Environment: `LLVM_BIN` (default `/usr/lib/llvm-<major>/bin`), `GPUCC_PLUGIN` (default: the
//! cdylib Cargo built next to this test binary), `GPUCC_LIT_TIMEOUT` (seconds per command,
//! default 300).

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The LLVM major version the plugin under test is built for.
pub const LLVM_MAJOR: u32 = gpucc_passes::llvm::LLVM_MAJOR;

/// Where that LLVM lives unless `LLVM_BIN` says otherwise (Debian's layout).
pub fn default_llvm_bin() -> PathBuf {
    PathBuf::from(format!("/usr/lib/llvm-{LLVM_MAJOR}/bin"))
}

/// File name of the plugin Cargo builds from this package.
const PLUGIN_FILE: &str = "libgpucc_passes.so";

/// Tools that resolve to `LLVM_BIN` when they appear bare at command position.
const TOOLS: &[&str] = &[
    "opt",
    "llc",
    "lli",
    "FileCheck",
    "not",
    "count",
    "llvm-as",
    "llvm-dis",
    "llvm-link",
    "llvm-extract",
    "llvm-stress",
    "llvm-mc",
    "llvm-diff",
    "split-file",
    "clang",
];

/// Keep at most this many bytes of each stream in a failure report.
const REPORT_BYTES: usize = 24_000;

/// The toolchain and plugin every case runs against; checked once per test binary.
#[derive(Debug)]
pub struct Toolchain {
    /// Directory holding the `opt`, `llc`, `FileCheck`, ... of [`LLVM_MAJOR`].
    pub llvm_bin: PathBuf,
    /// Absolute path of the gpucc-passes cdylib.
    pub plugin: PathBuf,
    /// Wall-clock limit for one shell command.
    pub timeout: Duration,
}

impl Toolchain {
    /// The validated toolchain; panics with a clear message if the LLVM or the plugin is missing.
    pub fn get() -> &'static Toolchain {
        static TOOLCHAIN: OnceLock<Toolchain> = OnceLock::new();
        TOOLCHAIN.get_or_init(Toolchain::discover)
    }

    fn discover() -> Toolchain {
        let llvm_bin = std::env::var_os("LLVM_BIN").map_or_else(default_llvm_bin, PathBuf::from);
        for tool in ["opt", "llc", "FileCheck", "not"] {
            let exe = llvm_bin.join(tool);
            assert!(
                exe.is_file(),
                "LLVM {LLVM_MAJOR} not found: {} does not exist. Run scripts/install-deps.sh \
                 {LLVM_MAJOR}, or point LLVM_BIN at its bin directory.",
                exe.display()
            );
        }
        let version = Command::new(llvm_bin.join("opt"))
            .arg("--version")
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}/opt --version: {e}", llvm_bin.display()));
        let version = String::from_utf8_lossy(&version.stdout);
        assert!(
            version.contains(&format!("LLVM version {LLVM_MAJOR}.")),
            "{}/opt is not LLVM {LLVM_MAJOR} (it says {:?}); point LLVM_BIN at LLVM \
             {LLVM_MAJOR}'s bin directory",
            llvm_bin.display(),
            version.trim()
        );

        let plugin = match std::env::var_os("GPUCC_PLUGIN") {
            Some(p) => PathBuf::from(p),
            None => default_plugin(),
        };
        assert!(
            plugin.is_file(),
            "gpucc plugin not found at {}. `cargo test --test lit` builds it before running \
             integration tests; set GPUCC_PLUGIN to test another build.",
            plugin.display()
        );
        let plugin = std::fs::canonicalize(&plugin)
            .unwrap_or_else(|e| panic!("cannot resolve plugin path {}: {e}", plugin.display()));

        let timeout = match std::env::var("GPUCC_LIT_TIMEOUT") {
            Ok(s) => s
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("GPUCC_LIT_TIMEOUT must be whole seconds, got {s:?}")),
            Err(_) => 300,
        };
        Toolchain {
            llvm_bin,
            plugin,
            timeout: Duration::from_secs(timeout),
        }
    }

    fn tool(&self, name: &str) -> String {
        self.llvm_bin.join(name).to_string_lossy().into_owned()
    }
}

/// The cdylib Cargo built with this test binary.
///
/// The test binary is `target/<profile>/deps/lit-<hash>`. For an integration test, Cargo builds
/// the package's library, cdylib included, into that same `deps/` directory; only `cargo build`
/// also copies it to `target/<profile>/`, where it may be older, so `deps/` comes first.
fn default_plugin() -> PathBuf {
    let exe = std::env::current_exe().expect("lit harness: path of the test binary");
    let deps = exe
        .parent()
        .expect("lit harness: the test binary lives in a directory");
    let candidates = [
        deps.join(PLUGIN_FILE),
        deps.parent().unwrap_or(deps).join(PLUGIN_FILE),
    ];
    candidates
        .iter()
        .find(|p| p.is_file())
        .unwrap_or(&candidates[0])
        .clone()
}

/// One logical RUN line: continuations joined, with the line number where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunLine {
    /// 1-based line number of the first `RUN:` of this command.
    pub line: usize,
    /// The command as written, before substitution.
    pub text: String,
}

/// Collects the `RUN:` commands of a test file, joining `\` continuations.
///
/// A `RUN:` keyword counts when only comment markers (`;`, `//`, `#`) and blanks precede it on
/// its line, so a `CHECK:` line that mentions `RUN:` is not a command.
pub fn parse_run_lines(source: &str) -> Result<Vec<RunLine>, String> {
    let mut runs = Vec::new();
    let mut pending: Option<RunLine> = None;
    for (index, line) in source.lines().enumerate() {
        let number = index + 1;
        let body = line
            .trim_start_matches(|c: char| c.is_whitespace() || c == ';' || c == '/' || c == '#')
            .strip_prefix("RUN:");
        let Some(body) = body else {
            if let Some(p) = pending.take() {
                return Err(format!(
                    "line {}: RUN line ends with `\\` but line {number} is not a RUN line",
                    p.line
                ));
            }
            continue;
        };
        let body = body.trim();
        let (body, continues) = match body.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (body, false),
        };
        let mut run = match pending.take() {
            Some(mut p) => {
                if !body.is_empty() {
                    p.text.push(' ');
                    p.text.push_str(body);
                }
                p
            }
            None => RunLine {
                line: number,
                text: body.to_string(),
            },
        };
        if continues {
            pending = Some(run);
        } else {
            run.text = run.text.trim().to_string();
            if !run.text.is_empty() {
                runs.push(run);
            }
        }
    }
    if let Some(p) = pending {
        return Err(format!(
            "line {}: RUN line ends with `\\` at end of file",
            p.line
        ));
    }
    Ok(runs)
}

/// Paths that `%`-substitutions of one case expand to.
#[derive(Clone, Debug)]
pub struct Paths {
    /// Absolute path of the test file (`%s`).
    pub test: PathBuf,
    /// Fresh directory for this case (`%T`); `%t` is a file prefix inside it.
    pub tmp_dir: PathBuf,
}

impl Paths {
    /// `%t`: `<tmp_dir>/<test file name>.tmp`, as lit spells it.
    pub fn tmp_prefix(&self) -> PathBuf {
        let name = self
            .test
            .file_name()
            .map_or_else(|| "test".to_string(), |n| n.to_string_lossy().into_owned());
        self.tmp_dir.join(format!("{name}.tmp"))
    }

    fn test_dir(&self) -> PathBuf {
        self.test
            .parent()
            .map_or_else(|| PathBuf::from("/"), Path::to_path_buf)
    }
}

/// Shell quoting context at a point of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Quote {
    None,
    Single,
    Double,
}

/// Characters that end a word outside quotes.
fn is_shell_meta(c: char) -> bool {
    c.is_whitespace() || matches!(c, '|' | '&' | ';' | '(' | ')' | '<' | '>')
}

/// Whether `word` can be written to the shell without quotes.
fn is_plain_word(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._+-=,:@%".contains(c))
}

/// Writes `words` (joined by spaces) so that the shell reads them back unchanged in `quote`.
fn push_words(out: &mut String, words: &[String], quote: Quote) {
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match quote {
            Quote::None if is_plain_word(word) => out.push_str(word),
            Quote::None => {
                out.push('\'');
                out.push_str(&word.replace('\'', r"'\''"));
                out.push('\'');
            }
            Quote::Single => out.push_str(&word.replace('\'', r"'\''")),
            Quote::Double => {
                for c in word.chars() {
                    if matches!(c, '"' | '\\' | '$' | '`') {
                        out.push('\\');
                    }
                    out.push(c);
                }
            }
        }
    }
}

/// The value of the `%` substitution at the start of `rest`, and its length in bytes.
fn percent_substitution(rest: &str, tc: &Toolchain, paths: &Paths) -> Option<(Vec<String>, usize)> {
    let path = |p: &Path| vec![p.to_string_lossy().into_owned()];
    // Named substitutions must end at a word boundary; longest first so `%plugin` beats `%p`.
    let named: [(&str, Vec<String>); 7] = [
        (
            "%gpucc",
            vec![
                tc.tool("opt"),
                format!("-load-pass-plugin={}", tc.plugin.to_string_lossy()),
            ],
        ),
        ("%plugin", path(&tc.plugin)),
        ("%FileCheck", vec![tc.tool("FileCheck")]),
        ("%opt", vec![tc.tool("opt")]),
        ("%llc", vec![tc.tool("llc")]),
        ("%lli", vec![tc.tool("lli")]),
        ("%llvm", vec![LLVM_MAJOR.to_string()]),
    ];
    for (key, value) in named {
        if let Some(after) = rest.strip_prefix(key) {
            let boundary = !after
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            if boundary {
                return Some((value, key.len()));
            }
        }
    }
    // Single-letter substitutions apply anywhere, as in lit (`%t.bc`, `%t2`).
    let value = match rest.get(..2)? {
        "%%" => vec!["%".to_string()],
        "%s" => path(&paths.test),
        "%S" | "%p" => path(&paths.test_dir()),
        "%t" => path(&paths.tmp_prefix()),
        "%T" => path(&paths.tmp_dir),
        _ => return None,
    };
    Some((value, 2))
}

/// The bare tool name at the start of `rest`, if it is a whole word.
fn tool_at(rest: &str) -> Option<&'static str> {
    // Longest first, so `llvm-as` is not read as a prefix of something longer.
    let mut tools: Vec<&'static str> = TOOLS.to_vec();
    tools.sort_by_key(|t| std::cmp::Reverse(t.len()));
    tools.into_iter().find(|tool| {
        rest.strip_prefix(tool)
            .is_some_and(|after| after.chars().next().is_none_or(is_shell_meta))
    })
}

/// Expands a RUN line into the shell command that runs it.
///
/// One left-to-right pass tracks shell quoting, so substituted paths are quoted correctly and a
/// `;` inside `'-passes=p<a;b>'` is not taken for a command separator.
pub fn expand(text: &str, tc: &Toolchain, paths: &Paths) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut quote = Quote::None;
    let mut command_position = true;
    // After `not`, a `--crash` flag still precedes the command.
    let mut after_not = false;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().expect("lit harness: index inside text");
        if c == '%' {
            if let Some((words, len)) = percent_substitution(rest, tc, paths) {
                push_words(&mut out, &words, quote);
                command_position = false;
                after_not = false;
                i += len;
                continue;
            }
        }
        match quote {
            Quote::Single => {
                if c == '\'' {
                    quote = Quote::None;
                }
            }
            Quote::Double => {
                if c == '"' {
                    quote = Quote::None;
                } else if c == '\\' {
                    if let Some(next) = rest[1..].chars().next() {
                        out.push(c);
                        out.push(next);
                        i += 1 + next.len_utf8();
                        continue;
                    }
                }
            }
            Quote::None => {
                if c.is_whitespace() {
                    // Blanks keep the current position.
                } else if matches!(c, '|' | '&' | ';' | '(') {
                    command_position = true;
                    after_not = false;
                } else if command_position {
                    if after_not && rest.starts_with("--crash") {
                        out.push_str("--crash");
                        i += "--crash".len();
                        continue;
                    }
                    if let Some(tool) = tool_at(rest) {
                        out.push_str(&tc.tool(tool));
                        i += tool.len();
                        after_not = tool == "not";
                        command_position = after_not;
                        continue;
                    }
                    command_position = false;
                    after_not = false;
                }
                match c {
                    '\'' => quote = Quote::Single,
                    '"' => quote = Quote::Double,
                    '\\' => {
                        if let Some(next) = rest[1..].chars().next() {
                            out.push(c);
                            out.push(next);
                            i += 1 + next.len_utf8();
                            continue;
                        }
                    }
                    _ => {}
                }
            }
        }
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The first stage of a RUN line: the text before the first `|`, `;` or `&&` outside quotes.
pub fn first_stage(text: &str) -> &str {
    let mut quote = Quote::None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (Quote::Single, '\'') | (Quote::Double, '"') => quote = Quote::None,
            (Quote::Double | Quote::None, '\\') => escaped = true,
            (Quote::None, '\'') => quote = Quote::Single,
            (Quote::None, '"') => quote = Quote::Double,
            (Quote::None, '|' | ';') => return text[..i].trim_end(),
            (Quote::None, '&') if text[i..].starts_with("&&") => return text[..i].trim_end(),
            _ => {}
        }
    }
    text.trim_end()
}

/// An `opt` invocation that loads our plugin, found at the start of a RUN line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptStage {
    /// The stage as written, e.g. `not %gpucc -passes=... %s 2>&1`.
    pub text: String,
    /// Whether it starts with `not` (a failure is expected).
    pub expects_failure: bool,
    /// Whether it prints textual IR (`-S`).
    pub prints_ir: bool,
    /// Whether it writes its output to a file (`-o <file>`) instead of stdout.
    pub writes_file: bool,
    /// Byte offset just after the `opt` word, where extra options can go.
    insert_at: usize,
}

impl OptStage {
    /// Recognises `[not [--crash]] (opt|%opt|%gpucc|.../opt) ...` loading the plugin.
    pub fn of_run_line(run: &str) -> Option<OptStage> {
        let text = first_stage(run);
        let mut words = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    words.push((s, &text[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push((s, &text[s..]));
        }
        let mut at = 0;
        let expects_failure = words.first().is_some_and(|(_, w)| *w == "not");
        if expects_failure {
            at += 1;
            if words.get(at).is_some_and(|(_, w)| *w == "--crash") {
                at += 1;
            }
        }
        let (offset, command) = *words.get(at)?;
        let is_opt = matches!(command, "opt" | "%opt" | "%gpucc") || command.ends_with("/opt");
        let loads_plugin =
            command == "%gpucc" || text.contains("%plugin") || text.contains("-load-pass-plugin");
        if !is_opt || !loads_plugin {
            return None;
        }
        let args: Vec<&str> = words[at + 1..].iter().map(|(_, w)| *w).collect();
        let prints_ir = args.contains(&"-S");
        let writes_file = args.iter().enumerate().any(|(k, w)| {
            (*w == "-o" && args.get(k + 1).is_some_and(|f| *f != "-"))
                || (w.starts_with("-o=") && *w != "-o=-")
        });
        Some(OptStage {
            text: text.to_string(),
            expects_failure,
            prints_ir,
            writes_file,
            insert_at: offset + command.len(),
        })
    }

    /// The stage with `option` added right after the `opt` word.
    pub fn with_option(&self, option: &str) -> String {
        let (head, tail) = self.text.split_at(self.insert_at);
        format!("{head} {option}{tail}")
    }
}

/// What one shell command did.
#[derive(Debug)]
pub struct Outcome {
    /// Exit status; `None` when it was killed after the time limit.
    pub status: Option<ExitStatus>,
    /// Everything it wrote to stdout.
    pub stdout: Vec<u8>,
    /// Everything it wrote to stderr.
    pub stderr: Vec<u8>,
}

impl Outcome {
    /// Whether the command exited with status 0.
    pub fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// The exit status in words.
    pub fn status_text(&self, timeout: Duration) -> String {
        match self.status {
            None => format!("killed after the {}s time limit", timeout.as_secs()),
            Some(s) => match s.code() {
                Some(code) => format!("exit status {code}"),
                None => format!("{s}"),
            },
        }
    }
}

/// Runs `command` with `bash -o pipefail -c` in `cwd`, stdin closed, the LLVM under test first
/// on `PATH`.
pub fn run_shell(command: &str, cwd: &Path, tc: &Toolchain) -> Outcome {
    use std::os::unix::process::CommandExt as _;

    let path = match std::env::var_os("PATH") {
        Some(old) => {
            let mut dirs = vec![tc.llvm_bin.clone()];
            dirs.extend(std::env::split_paths(&old));
            std::env::join_paths(dirs).expect("lit harness: PATH entries contain no separator")
        }
        None => tc.llvm_bin.clone().into_os_string(),
    };
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", command])
        .current_dir(cwd)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        // Own process group, so a timeout can kill the whole pipeline.
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start bash for {command:?}: {e}"));

    let drain = |stream: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut s) = stream {
                // A read error only truncates what we can show; the exit status still decides.
                let _ = s.read_to_end(&mut buf);
            }
            buf
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );

    let deadline = Instant::now() + tc.timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => {
                // Kill the process group (negative pid), then reap bash.
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", child.id())])
                    .status();
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => panic!("cannot wait for bash running {command:?}: {e}"),
        }
    };
    Outcome {
        status,
        stdout: stdout.join().expect("lit harness: stdout reader thread"),
        stderr: stderr.join().expect("lit harness: stderr reader thread"),
    }
}

/// The last `REPORT_BYTES` of a stream, as text.
fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= REPORT_BYTES {
        return text.into_owned();
    }
    let mut start = text.len() - REPORT_BYTES;
    while !text.is_char_boundary(start) {
        start += 1;
    }
    format!("[... {start} bytes cut ...]\n{}", &text[start..])
}

/// A failure report: where, what ran, how it ended, and what it printed.
pub fn report(
    what: &str,
    location: &str,
    raw: &str,
    expanded: &str,
    outcome: &Outcome,
    tc: &Toolchain,
) -> String {
    let mut msg = String::new();
    // Writing to a String cannot fail.
    let _ = writeln!(
        msg,
        "{location}: {what} ({})",
        outcome.status_text(tc.timeout)
    );
    let _ = writeln!(msg, "  RUN:      {raw}");
    let _ = writeln!(msg, "  expanded: {expanded}");
    for (name, bytes) in [("stdout", &outcome.stdout), ("stderr", &outcome.stderr)] {
        if bytes.is_empty() {
            let _ = writeln!(msg, "--- {name}: (empty)");
        } else {
            let _ = writeln!(msg, "--- {name}:\n{}", tail(bytes).trim_end());
        }
    }
    msg
}

/// Root of the package, which `test/` and `tests/` hang off.
pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `path` relative to the package root, for messages and directory names.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(manifest_dir())
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// `text` as rstest writes it into a test name (its `sanitize_ident`): blanks dropped, quotes
/// and punctuation turned into `_`, anything else outside `[A-Za-z0-9_]` dropped.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '"' | '\'' => out.push_str("__"),
            c if c.is_alphanumeric() || c == '_' => out.push(c),
            ':' | '(' | ')' | '{' | '}' | '[' | ']' | ',' | '.' | '*' | '+' | '/' | '-' | '%'
            | '^' | '!' | '&' | '|' => out.push('_'),
            _ => {}
        }
    }
    out
}

/// A fresh, empty directory for one case: `target/tmp/lit/<kind>/<test path>`.
pub fn fresh_case_dir(kind: &str, test: &Path) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lit")
        .join(kind)
        .join(sanitize(&relative(test)));
    if dir.exists() {
        std::fs::remove_dir_all(&dir)
            .unwrap_or_else(|e| panic!("cannot clear temp dir {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create temp dir {}: {e}", dir.display()));
    dir
}

/// Reads a test file and its RUN lines, panicking with a useful message on any problem.
pub fn load_test(path: &Path) -> (String, Vec<RunLine>) {
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}. rstest expands #[files] globs when tests/lit.rs is compiled; \
             after adding, renaming or deleting test files run `touch tests/lit.rs`.",
            path.display()
        )
    });
    let runs = parse_run_lines(&source).unwrap_or_else(|e| panic!("{}:{e}", relative(path)));
    assert!(
        !runs.is_empty(),
        "{}: no `; RUN:` lines; every test must run something",
        relative(path)
    );
    (source, runs)
}

/// Does a test file with `source` run under [`LLVM_MAJOR`]? `REQUIRES: llvmN` lines (all must
/// name this version) and `UNSUPPORTED: llvmN` lines (none may), each on a comment line of its
/// own, decide, as lit's features do.
pub fn supported(source: &str) -> bool {
    supported_under(source, LLVM_MAJOR)
}

/// [`supported`] for LLVM `major`.
pub fn supported_under(source: &str, major: u32) -> bool {
    let this = format!("llvm{major}");
    let mut ok = true;
    for line in source.lines() {
        let body = line.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        let (list, wanted) = if let Some(l) = body.strip_prefix("REQUIRES:") {
            (l, true)
        } else if let Some(l) = body.strip_prefix("UNSUPPORTED:") {
            (l, false)
        } else {
            continue;
        };
        for feature in list.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            if (feature == this) != wanted {
                ok = false;
            }
        }
    }
    ok
}

/// Every `*.ll` file under `dir` (recursively), sorted; empty if `dir` does not exist.
pub fn ll_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("cannot list {}: {e}", d.display()))
                .path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ll") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod unit {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case::no_directive("; RUN: opt %s", 16, true)]
    #[case::requires_this("; REQUIRES: llvm22\n; RUN: opt %s", 22, true)]
    #[case::requires_other("; REQUIRES: llvm22\n; RUN: opt %s", 16, false)]
    #[case::unsupported_this("; UNSUPPORTED: llvm16\n; RUN: opt %s", 16, false)]
    #[case::unsupported_other("; UNSUPPORTED: llvm16\n; RUN: opt %s", 22, true)]
    #[case::check_line_is_not_a_directive("; CHECK: REQUIRES: llvm22 ; nope", 16, true)]
    fn requires_and_unsupported_pick_the_llvm(
        #[case] source: &str,
        #[case] major: u32,
        #[case] runs: bool,
    ) {
        assert_eq!(supported_under(source, major), runs);
    }

    fn fake_toolchain() -> Toolchain {
        Toolchain {
            llvm_bin: PathBuf::from("/L"),
            plugin: PathBuf::from("/P/libgpucc_passes.so"),
            timeout: Duration::from_secs(1),
        }
    }

    fn fake_paths() -> Paths {
        Paths {
            test: PathBuf::from("/R/test/ir/slsr/a.ll"),
            tmp_dir: PathBuf::from("/T"),
        }
    }

    #[rstest]
    #[case::plain(
        "%opt -S %s | FileCheck %s",
        "/L/opt -S /R/test/ir/slsr/a.ll | /L/FileCheck /R/test/ir/slsr/a.ll"
    )]
    #[case::bare_tools_and_not(
        "not opt -passes=x %s 2>&1 | FileCheck --check-prefix=ERR %s",
        "/L/not /L/opt -passes=x /R/test/ir/slsr/a.ll 2>&1 \
         | /L/FileCheck --check-prefix=ERR /R/test/ir/slsr/a.ll"
    )]
    #[case::not_crash("not --crash opt %s", "/L/not --crash /L/opt /R/test/ir/slsr/a.ll")]
    #[case::gpucc(
        "%gpucc -passes=gpucc-slsr -S %s",
        "/L/opt -load-pass-plugin=/P/libgpucc_passes.so -passes=gpucc-slsr -S /R/test/ir/slsr/a.ll"
    )]
    #[case::plugin_beats_p(
        "-load-pass-plugin=%plugin %p",
        "-load-pass-plugin=/P/libgpucc_passes.so /R/test/ir/slsr"
    )]
    #[case::temp(
        "llvm-as %s -o %t.bc && llvm-dis < %t.bc > %T/x",
        "/L/llvm-as /R/test/ir/slsr/a.ll -o /T/a.ll.tmp.bc && /L/llvm-dis < /T/a.ll.tmp.bc > /T/x"
    )]
    #[case::tool_name_as_argument("opt -passes=count opt", "/L/opt -passes=count opt")]
    #[case::quoted_semicolon(
        "opt '-passes=p<a;opt>' %s",
        "/L/opt '-passes=p<a;opt>' /R/test/ir/slsr/a.ll"
    )]
    #[case::subshell_and_or(
        "(opt %s || true) ; count 0 < %t",
        "(/L/opt /R/test/ir/slsr/a.ll || true) ; /L/count 0 < /T/a.ll.tmp"
    )]
    #[case::percent_escape(
        "printf '%%d' | FileCheck %s",
        "printf '%d' | /L/FileCheck /R/test/ir/slsr/a.ll"
    )]
    #[case::unknown_percent_kept("echo %x %optional", "echo %x %optional")]
    #[case::prefix_is_not_tool(
        "opt-viewer %s; llvm-as-x",
        "opt-viewer /R/test/ir/slsr/a.ll; llvm-as-x"
    )]
    fn expands(#[case] raw: &str, #[case] want: &str) {
        assert_eq!(expand(raw, &fake_toolchain(), &fake_paths()), want);
    }

    #[test]
    fn quotes_paths_with_spaces_for_their_context() {
        let paths = Paths {
            test: PathBuf::from("/R/a b's.ll"),
            tmp_dir: PathBuf::from("/T"),
        };
        let tc = fake_toolchain();
        assert_eq!(expand("cat %s", &tc, &paths), r"cat '/R/a b'\''s.ll'");
        assert_eq!(expand("cat '%s'", &tc, &paths), r"cat '/R/a b'\''s.ll'");
        assert_eq!(expand("cat \"%s\"", &tc, &paths), "cat \"/R/a b's.ll\"");
    }

    #[rstest]
    #[case::single("; RUN: opt %s\n", &[(1, "opt %s")])]
    #[case::continuation(
        "; RUN: opt -S %s \\\n; RUN:   | FileCheck %s\n; CHECK: x\n",
        &[(1, "opt -S %s | FileCheck %s")]
    )]
    #[case::two_and_comment_styles(
        "  ;RUN: a\n// RUN: b \\\n//RUN: c\n; CHECK: RUN: not-a-command\n",
        &[(1, "a"), (2, "b c")]
    )]
    #[case::empty_run_dropped("; RUN:\n; RUN: a\n", &[(2, "a")])]
    fn parses_run_lines(#[case] source: &str, #[case] want: &[(usize, &str)]) {
        let got = parse_run_lines(source).expect("valid RUN lines");
        let got: Vec<(usize, &str)> = got.iter().map(|r| (r.line, r.text.as_str())).collect();
        assert_eq!(got, want);
    }

    #[rstest]
    #[case::dangling_before_other_line("; RUN: a \\\n; CHECK: b\n")]
    #[case::dangling_at_end("; RUN: a \\\n")]
    fn rejects_dangling_continuation(#[case] source: &str) {
        assert!(parse_run_lines(source).is_err());
    }

    #[rstest]
    #[case::pipe("opt -S %s | FileCheck %s", "opt -S %s")]
    #[case::quoted_pipe_and_semicolon(
        "opt '-passes=a<b;c>' \"x|y\" | f",
        "opt '-passes=a<b;c>' \"x|y\""
    )]
    #[case::and("opt %s && echo", "opt %s")]
    #[case::redirect_kept("not opt %s 2>&1 | FileCheck %s", "not opt %s 2>&1")]
    #[case::no_pipe("opt %s", "opt %s")]
    fn finds_first_stage(#[case] run: &str, #[case] want: &str) {
        assert_eq!(first_stage(run), want);
    }

    #[rstest]
    #[case::gpucc("%gpucc -passes=x -S %s | FileCheck %s", Some((false, true, false)))]
    #[case::opt_plugin(
        "not %opt -load-pass-plugin=%plugin -S %s 2>&1 | FileCheck %s",
        Some((true, true, false))
    )]
    #[case::bare_opt_plugin(
        "opt -load-pass-plugin %plugin -disable-output %s",
        Some((false, false, false))
    )]
    #[case::writes_file("%gpucc -S %s -o %t.ll", Some((false, true, true)))]
    #[case::stdout_dash("%gpucc -S %s -o -", Some((false, true, false)))]
    #[case::no_plugin("%opt -S -passes=instcombine %s", None)]
    #[case::not_opt("llc %s | FileCheck %s", None)]
    #[case::plugin_only_later("llc %s | opt -load-pass-plugin=%plugin", None)]
    fn recognises_opt_stage(#[case] run: &str, #[case] want: Option<(bool, bool, bool)>) {
        let got =
            OptStage::of_run_line(run).map(|s| (s.expects_failure, s.prints_ir, s.writes_file));
        assert_eq!(got, want);
    }

    #[rstest]
    #[case::gpucc("%gpucc -S %s | x", "%gpucc -verify-each -S %s")]
    #[case::not_crash(
        "not --crash %opt -load-pass-plugin=%plugin %s",
        "not --crash %opt -verify-each -load-pass-plugin=%plugin %s"
    )]
    fn inserts_option_after_opt(#[case] run: &str, #[case] want: &str) {
        let stage = OptStage::of_run_line(run).expect("an opt stage");
        assert_eq!(stage.with_option("-verify-each"), want);
    }
}

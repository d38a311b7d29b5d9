//! The refinement check: a transformed module may only be *more defined* than its source.
//!
//! Each function under test runs in the source module and in the target module (the source
//! after `opt`) on the same generated inputs. An input on which the source has undefined
//! behaviour (or does not finish) proves nothing and is skipped. On every other input:
//! - the target must not have undefined behaviour, and must finish;
//! - it must make the same observations in the same order (`printf`, `@observe*`, the return
//!   value, then the bytes of every object the caller can see: the pointer arguments' objects
//!   and the writable globals), each value identical to the source's or the source's being
//!   poison (a poison source value may become anything);
//! - after the source freezes poison its observations are no longer checked (a `freeze` may
//!   pick a different value in each module), and a target that freezes poison where the source
//!   did not is run twice, with two different choices, and must pass both times.
//!
//! A violation is shrunk (input values toward 0, pointer offsets toward their first choice)
//! and reported with the source and target functions, the first differing observation, and the
//! first named instructions whose values differ (names survive most passes).

use std::collections::BTreeMap;
use std::fmt;

use super::exec::{Config, End, Machine, Obs, Run, Seen, Traced};
use super::ir::{FnId, Layout, Module, ObjId};
use super::memory::{Byte, Init, Kind, Memory, Spaces};
use super::value::{from_signed, Ptr, Value};

/// How the objects behind pointer arguments start out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Pseudo-random integer bytes.
    Pattern,
    /// Every 8-byte slot holds a pointer to one of the argument objects (so loaded pointers
    /// point somewhere real).
    PointersToArguments,
}

/// What the check generates and how far it runs.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Inputs per function (before shrinking).
    pub inputs: usize,
    /// Bytes of the object behind each pointer argument.
    pub object_size: u64,
    /// Offsets of pointer arguments into their objects: drawn from these most of the time,
    /// else (if `random_offsets`) any multiple of 8 in the object.
    pub pointer_offsets: Vec<u64>,
    pub random_offsets: bool,
    pub fill: Fill,
    /// Seeds the inputs (with the function's name).
    pub seed: u64,
    pub max_steps: u64,
    /// Known inputs per function (a generator's rows): half of the inputs are these, as
    /// they are at first, then with one or two arguments redrawn, so the inputs explore
    /// around the ones that run without undefined behaviour.
    pub known: BTreeMap<String, Vec<Input>>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            inputs: 48,
            object_size: 256,
            pointer_offsets: vec![0, 128],
            random_offsets: true,
            fill: Fill::Pattern,
            seed: 0,
            max_steps: 200_000,
            known: BTreeMap::new(),
        }
    }
}

/// One input: a number per parameter (for a pointer, its byte offset into its object).
pub type Input = Vec<i128>;

/// A broken refinement, shrunk, with what is needed to reproduce it.
#[derive(Clone, Debug)]
pub struct Violation {
    pub function: String,
    pub what: String,
    /// Parameters as `type %name`, and the input.
    pub params: Vec<String>,
    pub input: Input,
    pub source_end: String,
    pub target_end: String,
    pub source_obs: Option<Obs>,
    pub target_obs: Option<Obs>,
    /// The first named instructions whose values differ, as lines.
    pub differences: Vec<String>,
    pub source_text: String,
    pub target_text: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "refinement violated in @{}: {}",
            self.function, self.what
        )?;
        let args: Vec<String> = self
            .params
            .iter()
            .zip(&self.input)
            .map(|(p, v)| format!("{p} = {v}"))
            .collect();
        writeln!(f, "  smallest input: {}", args.join(", "))?;
        writeln!(f, "  source: {}", self.source_end)?;
        writeln!(f, "  target: {}", self.target_end)?;
        if let Some(o) = &self.source_obs {
            writeln!(f, "  source observed: {}", show_obs(o))?;
        }
        if let Some(o) = &self.target_obs {
            writeln!(f, "  target observed: {}", show_obs(o))?;
        }
        if !self.differences.is_empty() {
            writeln!(f, "  first values that differ (by instruction name):")?;
            for d in &self.differences {
                writeln!(f, "    {d}")?;
            }
        }
        writeln!(f, "  source function:")?;
        for l in self.source_text.lines() {
            writeln!(f, "    | {l}")?;
        }
        writeln!(f, "  target function:")?;
        for l in self.target_text.lines() {
            writeln!(f, "    | {l}")?;
        }
        Ok(())
    }
}

fn show_seen(s: &Seen) -> String {
    match s {
        Seen::Str(t) => format!("{t:?}"),
        Seen::Val(v) => show_value(v),
    }
}

/// A value as reports print it: integers signed, pointers as object+offset.
pub fn show_value(v: &Value) -> String {
    match v {
        Value::Int { bits, val } => {
            format!("i{bits} {}", super::value::signed(*val, *bits))
        }
        Value::Ptr(p) => match p.prov {
            Some(id) => format!("ptr(object {id}, {:#x})", p.addr),
            None => format!("ptr(no object, {:#x})", p.addr),
        },
        Value::Poison => "poison".to_string(),
        Value::Vector(l) => format!(
            "<{}>",
            l.iter().map(show_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Aggregate(l) => {
            format!(
                "{{{}}}",
                l.iter().map(show_value).collect::<Vec<_>>().join(", ")
            )
        }
        Value::Void => "void".to_string(),
    }
}

fn show_obs(o: &Obs) -> String {
    let vals: Vec<String> = o.vals.iter().map(show_seen).collect();
    let at = if o.at.is_empty() {
        String::new()
    } else {
        format!("  ({})", o.at)
    };
    format!("{} [{}]{at}", o.what, vals.join(", "))
}

/// Counts of one check (add them up with `+=`).
#[derive(Clone, Debug, Default)]
pub struct Counts {
    /// Functions checked, and those the target no longer has (inlined or deleted).
    pub functions: u64,
    pub missing: u64,
    /// Inputs run, and of those: the source had UB, did not finish; compared.
    pub inputs: u64,
    pub source_ub: u64,
    pub source_timeout: u64,
    pub compared: u64,
    /// Observations compared, and of those where the source value held poison.
    pub observations: u64,
    pub poison_observations: u64,
    /// Bytes of caller-visible memory compared at the end.
    pub bytes: u64,
    /// Why the source had undefined behaviour, by reason (digits dropped), for reports.
    pub ub_reasons: BTreeMap<String, u64>,
}

impl std::ops::AddAssign<&Counts> for Counts {
    fn add_assign(&mut self, o: &Counts) {
        self.functions += o.functions;
        self.missing += o.missing;
        self.inputs += o.inputs;
        self.source_ub += o.source_ub;
        self.source_timeout += o.source_timeout;
        self.compared += o.compared;
        self.observations += o.observations;
        self.poison_observations += o.poison_observations;
        self.bytes += o.bytes;
        for (k, v) in &o.ub_reasons {
            *self.ub_reasons.entry(k.clone()).or_insert(0) += v;
        }
    }
}

/// The result of one check.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub counts: Counts,
    pub violations: Vec<Violation>,
    /// Things outside the interpreter's subset that a run reached (never silently skipped).
    pub refusals: Vec<String>,
}

/// A source module and the modules made from it (one per pipeline), decoded.
pub struct Checker {
    pub source: Module,
    source_text: String,
    /// Each target and its text, or why it does not decode.
    targets: Vec<Result<(Module, String), String>>,
}

impl Checker {
    /// Parses the source and each target; the targets share the source's static addresses.
    pub fn new(source_text: &str, target_texts: &[&str]) -> Result<Checker, String> {
        // The shared layout honours the strictest alignment any module declares.
        let mut min_align: std::collections::HashMap<String, u64> = Default::default();
        for t in target_texts {
            for (name, align) in super::decode::global_alignments(t) {
                let slot = min_align.entry(name).or_insert(1);
                *slot = (*slot).max(align);
            }
        }
        let source = super::decode::parse_aligned(source_text, None, &min_align)
            .map_err(|e| format!("source: {e}"))?;
        let targets = target_texts
            .iter()
            .map(|t| {
                super::decode::parse(t, Some(&source))
                    .map(|m| (m, (*t).to_string()))
                    .map_err(|e| format!("target: {e}"))
            })
            .collect();
        Ok(Checker {
            source,
            source_text: source_text.to_string(),
            targets,
        })
    }

    /// Checks `functions` against every target (each source run serves them all): one
    /// report per target. A target that does not decode gets a refusal.
    pub fn check(&self, functions: &[String], setup: &Setup) -> Result<Vec<Report>, String> {
        let mut reports: Vec<Report> = self
            .targets
            .iter()
            .map(|t| {
                let mut r = Report::default();
                if let Err(e) = t {
                    r.refusals.push(e.clone());
                }
                r
            })
            .collect();
        for name in functions {
            self.check_function(name, setup, &mut reports)?;
        }
        Ok(reports)
    }

    fn target(&self, t: usize) -> &(Module, String) {
        self.targets[t]
            .as_ref()
            .expect("poison check: only decoded targets are run")
    }
}

/// Checks `functions` of `source_text` against `target_text`.
pub fn check(
    source_text: &str,
    target_text: &str,
    functions: &[String],
    setup: &Setup,
) -> Result<Report, String> {
    let c = Checker::new(source_text, &[target_text])?;
    if let Err(e) = &c.targets[0] {
        return Err(e.clone());
    }
    Ok(c.check(functions, setup)?
        .pop()
        .expect("poison check: one report per target"))
}

/// What comparing one input gave.
enum Verdict {
    /// The source has undefined behaviour (why), or does not finish (`None`).
    Skip {
        ub: Option<String>,
    },
    Same {
        observations: u64,
        poison: u64,
        bytes: u64,
    },
    Violated(String, Option<Obs>, Option<Obs>),
    Refused(String),
}

/// FNV-1a, for stable per-function seeds.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        u64::try_from((u128::from(self.next()) * u128::from(n)) >> 64).expect("below n")
    }

    fn small(&mut self, n: u64) -> i128 {
        i128::from(self.below(2 * n + 1)) - i128::from(n)
    }
}

/// A value for an integer parameter of `bits` bits: small numbers, boundaries, random ones.
fn draw_int(rng: &mut Rng, bits: u32) -> i128 {
    if bits == 1 {
        return i128::from(rng.below(2));
    }
    let half = |k: u32| 1i128 << k.min(126);
    let edges = [
        0,
        1,
        -1,
        2,
        -2,
        half(bits - 1) - 1,
        -half(bits - 1),
        -half(bits - 1) + 1,
        half(bits - 1) - 2,
        half(bits / 2),
        -half(bits / 2),
        half(bits - 2),
        255,
        256,
        65_535,
        65_536,
        2_147_483_647,
        2_147_483_648,
        4_294_967_295,
        4_294_967_296,
    ];
    let v = match rng.below(10) {
        0..=3 => rng.small(10),
        4..=5 => edges[usize::try_from(rng.below(20)).expect("small")],
        6..=7 => i128::from(rng.next().cast_signed()) * i128::from(rng.below(2) + 1),
        _ => rng.small(1000),
    };
    super::value::signed(from_signed(v, bits), bits)
}

/// Input `n` of a function with `params`: drawn values, half of the time laid over one of
/// the `known` rows (as it is on the first pass over them, then with one or two arguments
/// redrawn).
fn draw_input(
    rng: &mut Rng,
    params: &[super::ir::Param],
    known: Option<&Vec<Input>>,
    n: usize,
    setup: &Setup,
) -> Input {
    let mut input: Input = params
        .iter()
        .map(|p| match p.layout {
            Layout::Int { bits, .. } => draw_int(rng, bits),
            _ => {
                let offs = &setup.pointer_offsets;
                if !offs.is_empty() && (!setup.random_offsets || rng.below(4) != 0) {
                    i128::from(offs[usize::try_from(rng.below(offs.len() as u64)).expect("small")])
                } else {
                    i128::from(8 * rng.below(setup.object_size / 8 + 1))
                }
            }
        })
        .collect();
    if let Some(known) = known.filter(|_| n.is_multiple_of(2)) {
        let row = &known[(n / 2) % known.len()];
        if row.len() == input.len() {
            let keep: Vec<usize> = if n / 2 < known.len() {
                Vec::new()
            } else {
                (0..1 + rng.below(2))
                    .map(|_| usize::try_from(rng.below(row.len() as u64)).expect("small"))
                    .collect()
            };
            for (k, v) in row.iter().enumerate() {
                if !keep.contains(&k) {
                    input[k] = *v;
                }
            }
        }
    }
    input
}

impl Checker {
    fn check_function(
        &self,
        name: &str,
        setup: &Setup,
        reports: &mut [Report],
    ) -> Result<(), String> {
        let Some(sf) = self.source.function(name) else {
            return Err(format!("the source has no function @{name}"));
        };
        // The function in each target still checked: gone once one violation (one
        // reproducer is enough to act on) or refusal is found.
        let mut active: Vec<Option<FnId>> = Vec::with_capacity(self.targets.len());
        for (t, target) in self.targets.iter().enumerate() {
            reports[t].counts.functions += 1;
            let tf = target
                .as_ref()
                .ok()
                .and_then(|(m, _)| m.function(name).filter(|&f| m.functions[f].defined));
            if tf.is_none() && target.is_ok() {
                reports[t].counts.missing += 1;
            }
            active.push(tf);
        }
        let params = &self.source.functions[sf].params;
        for p in params {
            if !matches!(p.layout, Layout::Int { .. } | Layout::Ptr { .. }) {
                for (t, a) in active.iter().enumerate() {
                    if a.is_some() {
                        reports[t].refusals.push(format!(
                            "@{name}: parameter %{} has a type the input generator does not make",
                            p.name
                        ));
                    }
                }
                return Ok(());
            }
        }
        let cfg = Config {
            max_steps: setup.max_steps,
            ..Config::default()
        };
        let mut rng = Rng(setup.seed ^ fnv(name));
        let known = setup.known.get(name).filter(|k| !k.is_empty());
        for n in 0..setup.inputs {
            if active.iter().all(Option::is_none) {
                break;
            }
            let input = draw_input(&mut rng, params, known, n, setup);
            let (s, s_objs) = Checker::run(&self.source, sf, &input, setup, cfg);
            for (t, a) in active.iter_mut().enumerate() {
                let Some(tf) = *a else { continue };
                let r = &mut reports[t];
                r.counts.inputs += 1;
                let verdict = match &s.end {
                    End::Ub { what, .. } => Verdict::Skip {
                        ub: Some(what.clone()),
                    },
                    End::Timeout => Verdict::Skip { ub: None },
                    End::Refused(why) => Verdict::Refused(format!("source: {why}")),
                    End::Returned => self.judge_target(t, tf, &s, &s_objs, &input, setup),
                };
                match verdict {
                    Verdict::Skip { ub } => match ub {
                        Some(why) => {
                            r.counts.source_ub += 1;
                            let key: String = why.chars().filter(|c| !c.is_ascii_digit()).collect();
                            *r.counts.ub_reasons.entry(key).or_insert(0) += 1;
                        }
                        None => r.counts.source_timeout += 1,
                    },
                    Verdict::Same {
                        observations,
                        poison,
                        bytes,
                    } => {
                        r.counts.compared += 1;
                        r.counts.observations += observations;
                        r.counts.poison_observations += poison;
                        r.counts.bytes += bytes;
                    }
                    Verdict::Refused(why) => {
                        r.refusals.push(format!("@{name}: {why}"));
                        *a = None;
                    }
                    Verdict::Violated(..) => {
                        r.counts.compared += 1;
                        let small = self.shrink(t, sf, tf, input.clone(), setup);
                        r.violations.push(self.explain(t, sf, tf, small, setup));
                        *a = None;
                    }
                }
            }
        }
        Ok(())
    }

    /// Runs `f` of `m` on `input`, with the argument objects of `setup`; also returns the ids
    /// of the argument objects.
    fn run(m: &Module, f: FnId, input: &Input, setup: &Setup, cfg: Config) -> (Run, Vec<ObjId>) {
        let mut machine = Machine::new(m, cfg);
        let flat = machine.mem.spaces == Spaces::Flat;
        let params = &m.functions[f].params;
        let mut objects = Vec::new();
        for (k, p) in params.iter().enumerate() {
            if let Layout::Ptr { space, .. } = p.layout {
                // A generic pointer argument points into global memory (host-made), a
                // specific one into its own space.
                let home = if space == 0 && !flat { 1 } else { space };
                let id = machine
                    .mem
                    .alloc(setup.object_size, 16, Kind::Argument(k), home, Init::Zero)
                    .expect("argument objects fit in memory");
                objects.push(id);
            }
        }
        // Stored pointers lead into global memory (where host-made pointers point): the
        // objects of generic and global arguments.
        let starts: Vec<Ptr> = objects
            .iter()
            .filter(|&&id| flat || machine.mem.objects[id].home == 1)
            .map(|&id| machine.mem.start(id))
            .collect();
        for (i, &id) in objects.iter().enumerate() {
            let init = match setup.fill {
                Fill::Pattern => Init::Pattern(setup.seed ^ (i as u64).wrapping_mul(0x1234_5678)),
                Fill::PointersToArguments => Init::Pointers(std::sync::Arc::new(
                    starts
                        .iter()
                        .cycle()
                        .skip(i % starts.len().max(1))
                        .take(starts.len())
                        .copied()
                        .collect(),
                )),
            };
            machine.mem.objects[id].reset(init);
        }
        let mut next_obj = objects.iter();
        let args: Vec<Value> = params
            .iter()
            .zip(input)
            .map(|(p, &v)| match p.layout {
                Layout::Int { bits, .. } => Value::int(bits, from_signed(v, bits)),
                _ => {
                    let id = *next_obj.next().expect("one object per pointer parameter");
                    let base = machine.mem.objects[id].base;
                    Value::Ptr(Ptr {
                        prov: Some(id),
                        addr: base.wrapping_add(u64::try_from(v).unwrap_or(0)),
                    })
                }
            })
            .collect();
        (machine.run(f, args), objects)
    }

    /// Runs the source and target `t` on `input` and judges.
    fn compare(&self, t: usize, sf: FnId, tf: FnId, input: &Input, setup: &Setup) -> Verdict {
        let cfg = Config {
            max_steps: setup.max_steps,
            ..Config::default()
        };
        let (s, s_objs) = Checker::run(&self.source, sf, input, setup, cfg);
        match &s.end {
            End::Ub { what, .. } => Verdict::Skip {
                ub: Some(what.clone()),
            },
            End::Timeout => Verdict::Skip { ub: None },
            End::Refused(why) => Verdict::Refused(format!("source: {why}")),
            End::Returned => self.judge_target(t, tf, &s, &s_objs, input, setup),
        }
    }

    /// Runs target `t` on `input` and judges it against the source's run `s`; a target that
    /// froze poison runs again with another choice, which must pass too.
    fn judge_target(
        &self,
        t: usize,
        tf: FnId,
        s: &Run,
        s_objs: &[ObjId],
        input: &Input,
        setup: &Setup,
    ) -> Verdict {
        let target_cfg = Config {
            max_steps: setup.max_steps.saturating_mul(4),
            ..Config::default()
        };
        let tm = &self.target(t).0;
        let (tr, t_objs) = Checker::run(tm, tf, input, setup, target_cfg);
        let first = self.judge(tm, s, s_objs, &tr, &t_objs);
        if !matches!(first, Verdict::Same { .. }) || tr.froze_poison_at.is_none() {
            return first;
        }
        let again = Config {
            freeze_seed: 0x5EED,
            ..target_cfg
        };
        let (t2, t2_objs) = Checker::run(tm, tf, input, setup, again);
        match self.judge(tm, s, s_objs, &t2, &t2_objs) {
            Verdict::Same { .. } => first,
            other => other,
        }
    }

    fn judge(&self, tm: &Module, s: &Run, s_objs: &[ObjId], t: &Run, t_objs: &[ObjId]) -> Verdict {
        match &t.end {
            End::Ub { what, at } => {
                return Verdict::Violated(
                    format!(
                    "the target has undefined behaviour ({what} at {at}) where the source has none"
                ),
                    None,
                    None,
                )
            }
            End::Timeout => {
                return Verdict::Violated(
                    "the target does not finish where the source does".to_string(),
                    None,
                    None,
                )
            }
            End::Refused(why) => return Verdict::Refused(format!("target: {why}")),
            End::Returned => {}
        }
        let limit = s.froze_poison_at.unwrap_or(usize::MAX);
        let (mut observations, mut poison) = (0, 0);
        let n = s.obs.len().max(t.obs.len());
        for i in 0..n.min(limit) {
            let (so, to) = (s.obs.get(i), t.obs.get(i));
            let (Some(so), Some(to)) = (so, to) else {
                return Verdict::Violated(
                    format!(
                        "observation {i}: the source makes {} observations, the target {}",
                        s.obs.len(),
                        t.obs.len()
                    ),
                    so.cloned(),
                    to.cloned(),
                );
            };
            observations += 1;
            if so
                .vals
                .iter()
                .any(|v| matches!(v, Seen::Val(x) if x.has_poison()))
            {
                poison += 1;
            }
            let same_shape = so.what == to.what && so.vals.len() == to.vals.len();
            let refined = so
                .vals
                .iter()
                .zip(&to.vals)
                .all(|(a, b)| refines(&s.memory, a, &t.memory, b));
            if !same_shape || !refined {
                return Verdict::Violated(
                    format!("observation {i} differs"),
                    Some(so.clone()),
                    Some(to.clone()),
                );
            }
        }
        let mut bytes = 0;
        if limit == usize::MAX {
            match self.compare_memory(tm, s, s_objs, t, t_objs) {
                Ok(n) => bytes = n,
                Err(why) => return Verdict::Violated(why, None, None),
            }
        }
        Verdict::Same {
            observations,
            poison,
            bytes,
        }
    }

    /// The first byte of a caller-visible object where the target does not refine the source
    /// (`Err`), or how many bytes were compared.
    fn compare_memory(
        &self,
        tm: &Module,
        s: &Run,
        s_objs: &[ObjId],
        t: &Run,
        t_objs: &[ObjId],
    ) -> Result<u64, String> {
        let mut compared = 0;
        let mut pairs: Vec<(String, ObjId, ObjId)> = s_objs
            .iter()
            .zip(t_objs)
            .enumerate()
            .map(|(k, (&a, &b))| (format!("pointer argument #{k}'s object"), a, b))
            .collect();
        for (gid, g) in self.source.globals.iter().enumerate() {
            if g.constant {
                continue;
            }
            if let Some(tg) = tm.global(&g.name) {
                pairs.push((format!("@{}", g.name), gid, tg));
            }
        }
        for (label, a, b) in pairs {
            let (so, to) = (&s.memory.objects[a], &t.memory.objects[b]);
            let mut offsets: Vec<u64> = so.touched().iter().map(|(o, _)| *o).collect();
            offsets.extend(to.touched().iter().map(|(o, _)| *o));
            offsets.sort_unstable();
            offsets.dedup();
            for off in offsets {
                let (x, y) = (so.byte_at(off), to.byte_at(off));
                let same = match (x, y) {
                    (Byte::Poison, _) => true,
                    (Byte::Ptr { ptr: p, part: i }, Byte::Ptr { ptr: q, part: j }) => {
                        i == j && canon(&s.memory, p) == canon(&t.memory, q)
                    }
                    // A pointer byte read as an integer and stored back loses its
                    // provenance (and GVN may store a pointer's integer where the source
                    // stored the pointer): a byte is the same when it spells the same
                    // integer (a pointer loaded from integer bytes finds its object by
                    // address).
                    (Byte::Int(b), Byte::Ptr { .. }) => y.as_int() == Some(b),
                    (Byte::Ptr { .. }, Byte::Int(b)) => x.as_int() == Some(b),
                    _ => x == y,
                };
                compared += 1;
                if !same {
                    return Err(format!(
                        "memory differs at the end: {label}, byte {off}: source {x:?}, target {y:?}"
                    ));
                }
            }
        }
        Ok(compared)
    }

    /// `input` made smaller while the target still fails on it the same way ([`kind`]).
    fn shrink(&self, t: usize, sf: FnId, tf: FnId, mut input: Input, setup: &Setup) -> Input {
        let params = &self.source.functions[sf].params;
        let want = kind(&self.compare(t, sf, tf, &input, setup));
        let fails = |i: &Input| kind(&self.compare(t, sf, tf, i, setup)) == want;
        let mut budget = 300;
        let mut progress = true;
        while progress && budget > 0 {
            progress = false;
            for k in 0..input.len() {
                let v = input[k];
                let goal = match params[k].layout {
                    Layout::Ptr { .. } => {
                        i128::from(setup.pointer_offsets.first().copied().unwrap_or(0))
                    }
                    _ => 0,
                };
                let mut candidates = vec![goal, goal + (v - goal) / 2];
                if (v - goal).abs() > 1 {
                    candidates.push(v - (v - goal).signum());
                }
                if matches!(params[k].layout, Layout::Ptr { .. }) {
                    candidates.retain(|c| c % 8 == 0 || *c == goal);
                }
                for c in candidates {
                    if c == v || budget == 0 {
                        continue;
                    }
                    budget -= 1;
                    let mut next = input.clone();
                    next[k] = c;
                    if fails(&next) {
                        input = next;
                        progress = true;
                        break;
                    }
                }
            }
        }
        input
    }

    /// The report of a violation on `input`.
    fn explain(&self, t: usize, sf: FnId, tf: FnId, input: Input, setup: &Setup) -> Violation {
        let (tm, target_text) = self.target(t);
        let cfg = Config {
            max_steps: setup.max_steps,
            trace: true,
            ..Config::default()
        };
        let (s, s_objs) = Checker::run(&self.source, sf, &input, setup, cfg);
        let target_cfg = Config {
            max_steps: setup.max_steps.saturating_mul(4),
            ..cfg
        };
        let (mut tr, mut t_objs) = Checker::run(tm, tf, &input, setup, target_cfg);
        let mut verdict = self.judge(tm, &s, &s_objs, &tr, &t_objs);
        if matches!(verdict, Verdict::Same { .. }) {
            // It failed with the other freeze choice.
            let again = Config {
                freeze_seed: 0x5EED,
                ..target_cfg
            };
            (tr, t_objs) = Checker::run(tm, tf, &input, setup, again);
            verdict = self.judge(tm, &s, &s_objs, &tr, &t_objs);
        }
        let (what, so, to) = match verdict {
            Verdict::Violated(w, so, to) => (w, so, to),
            _ => ("(did not reproduce while tracing)".to_string(), None, None),
        };
        let func = &self.source.functions[sf];
        Violation {
            function: func.name.clone(),
            what,
            params: func
                .params
                .iter()
                .map(|p| {
                    let ty = match p.layout {
                        Layout::Int { bits, .. } => format!("i{bits}"),
                        _ => "ptr (byte offset into its object)".to_string(),
                    };
                    format!("{ty} %{}", p.name)
                })
                .collect(),
            input,
            source_end: s.end.to_string(),
            target_end: tr.end.to_string(),
            source_obs: so,
            target_obs: to,
            differences: first_differences(&s.memory, &s.trace, &tr.memory, &tr.trace),
            source_text: function_text(&self.source_text, &func.name),
            target_text: function_text(target_text, &tm.functions[tf].name),
        }
    }
}

/// What kind of failure a verdict is, for shrinking: undefined behaviour, no end, or which
/// observation differs and whether the target's is poison there.
fn kind(v: &Verdict) -> Option<String> {
    let Verdict::Violated(what, _, to) = v else {
        return None;
    };
    let head = what.split(" (").next().unwrap_or(what);
    let poison = to.as_ref().is_some_and(|o| {
        o.vals
            .iter()
            .any(|s| matches!(s, Seen::Val(x) if x.has_poison()))
    });
    Some(format!("{head} {poison}"))
}

/// A pointer with its object named the same way in both modules (object ids differ when
/// one module has more globals or functions): by symbol for static objects, by the order of
/// creation for the others.
fn canon(mem: &Memory, p: Ptr) -> (Option<String>, u64) {
    let name = p.prov.map(|id| match &mem.objects[id].kind {
        Kind::Global(n) => format!("@{n}"),
        Kind::Function(n) => format!("fn @{n}"),
        _ => format!("#{}", id - mem.statics()),
    });
    (name, p.addr)
}

/// Whether target observation `t` refines source observation `s`.
fn refines(sm: &Memory, s: &Seen, tm: &Memory, t: &Seen) -> bool {
    match (s, t) {
        (Seen::Val(a), Seen::Val(b)) => value_refines(sm, a, tm, b),
        _ => s == t,
    }
}

fn value_refines(sm: &Memory, a: &Value, tm: &Memory, b: &Value) -> bool {
    match (a, b) {
        (Value::Poison, _) => true,
        (Value::Vector(x), Value::Vector(y)) | (Value::Aggregate(x), Value::Aggregate(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| value_refines(sm, p, tm, q))
        }
        (Value::Ptr(p), Value::Ptr(q)) => canon(sm, *p) == canon(tm, *q),
        _ => a == b,
    }
}

/// The first (up to three) named instructions whose target value does not refine the source
/// value of the same name and occurrence.
fn first_differences(
    sm: &Memory,
    source: &[Traced],
    tm: &Memory,
    target: &[Traced],
) -> Vec<String> {
    let mut seen: BTreeMap<(String, String, usize), &Traced> = BTreeMap::new();
    let mut count: BTreeMap<(String, String), usize> = BTreeMap::new();
    for e in source.iter().filter(|e| !e.name.is_empty()) {
        let k = count
            .entry((e.function.clone(), e.name.clone()))
            .or_insert(0);
        seen.insert((e.function.clone(), e.name.clone(), *k), e);
        *k += 1;
    }
    count.clear();
    let mut out = Vec::new();
    for e in target.iter().filter(|e| !e.name.is_empty()) {
        let k = count
            .entry((e.function.clone(), e.name.clone()))
            .or_insert(0);
        let key = (e.function.clone(), e.name.clone(), *k);
        *k += 1;
        if let Some(s) = seen.get(&key) {
            if !value_refines(sm, &s.value, tm, &e.value) {
                out.push(format!(
                    "%{}: source {}, target {}\n      source: {}\n      target: {}",
                    e.name,
                    show_value(&s.value),
                    show_value(&e.value),
                    s.text,
                    e.text
                ));
                if out.len() == 3 {
                    break;
                }
            }
        }
    }
    out
}

/// The text of function `@name` in module `text` (`define` to `}`).
pub fn function_text(text: &str, name: &str) -> String {
    let mut out = String::new();
    let mut inside = false;
    let needle = format!("@{name}(");
    let quoted = format!("@\"{name}\"(");
    for line in text.lines() {
        if line.starts_with("define ") && (line.contains(&needle) || line.contains(&quoted)) {
            inside = true;
        }
        if inside {
            out.push_str(line);
            out.push('\n');
            if line == "}" {
                break;
            }
        }
    }
    out
}

/// Names of the functions `text` defines, in order.
pub fn defined_functions(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("define "))
        .filter_map(|l| {
            let at = l.find('@')?;
            let end = at + l[at..].find('(')?;
            Some(l[at + 1..end].trim_matches('"').to_string())
        })
        .collect()
}

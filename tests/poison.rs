//! The poison-aware interpreter and refinement check (`tests/common/poison/`), and its
//! calibration against LLVM 16's own passes.
//!
//! - `semantics_*`: small functions whose observations under LangRef's rules are known: each
//!   rule the interpreter implements (wrap flags, `exact`, shifts, division UB, GEP
//!   `inbounds`, memory UB, `noundef`, `!range`, branches on poison, `freeze`, ...).
//! - `refuses_*`: what is outside the subset is refused by name, never skipped.
//! - `calibration_*`: the check run on LLVM 16's upstream passes (`opt-16 -passes=...`, no
//!   plugin) on inputs that reproduce bugs LLVM fixed after 16. Each must be flagged, with a
//!   reproducer that names the offending value; and on the same shape where upstream is
//!   right, the check must report nothing. If one of these fails, the checker lost its teeth
//!   (or gained false alarms).
//!
//! Run: `cargo test --release --test poison -- --nocapture`.

#[path = "common/fuzz_support.rs"]
mod fuzz_support;
#[path = "common/poison/mod.rs"]
mod poison;

use poison::exec::{Config, End, Machine, Seen};
use poison::value::Value;
use poison::{check, Setup};

const NVPTX: &str = "target datalayout = \"e-i64:64-i128:128-v16:16-v32:32-n16:32:64\"\n\
                     target triple = \"nvptx64-nvidia-cuda\"\n";

/// Runs `@f` of `ir` on integer arguments; returns the observed values and the end.
fn run(ir: &str, args: &[(u32, i128)]) -> (Vec<Value>, End) {
    let m = poison::decode::parse(ir, None).unwrap_or_else(|e| panic!("{e}\n{ir}"));
    let f = m.function("f").expect("the test module defines @f");
    let argv = args
        .iter()
        .map(|&(bits, v)| Value::int(bits, poison::value::from_signed(v, bits)))
        .collect();
    let r = Machine::new(&m, Config::default()).run(f, argv);
    let vals = r
        .obs
        .iter()
        .flat_map(|o| o.vals.iter())
        .map(|s| match s {
            Seen::Val(v) => v.clone(),
            Seen::Str(t) => panic!("unexpected string {t}"),
        })
        .collect();
    (vals, r.end)
}

fn int(bits: u32, v: i128) -> Value {
    Value::int(bits, poison::value::from_signed(v, bits))
}

/// `@f` observing the value of `body`'s `%r` through `@observe`.
fn observing(sig: &str, body: &str) -> String {
    format!(
        "declare void @observe(i64)\ndeclare void @observe32(i32)\n\
         define void @f({sig}) {{\n{body}\n  ret void\n}}\n"
    )
}

#[test]
fn semantics_wrap_flags_make_poison_exactly_on_overflow() {
    let ir = observing(
        "i32 %a, i32 %b",
        "  %s = add nsw i32 %a, %b\n  call void @observe32(i32 %s)\n\
         %u = add nuw i32 %a, %b\n  call void @observe32(i32 %u)\n\
         %m = mul nsw i32 %a, %b\n  call void @observe32(i32 %m)\n\
         %d = sub nuw i32 %a, %b\n  call void @observe32(i32 %d)",
    );
    let (v, end) = run(&ir, &[(32, i128::from(i32::MAX)), (32, 1)]);
    assert_eq!(end, End::Returned);
    assert_eq!(
        v,
        [
            Value::Poison,
            int(32, i128::from(i32::MIN)),
            int(32, i128::from(i32::MAX)),
            int(32, 2147483646)
        ]
    );
    let (v, _) = run(&ir, &[(32, -1), (32, 1)]);
    assert_eq!(v, [int(32, 0), Value::Poison, int(32, -1), int(32, -2)]);
    let (v, _) = run(&ir, &[(32, 3), (32, 5)]);
    assert_eq!(v, [int(32, 8), int(32, 8), int(32, 15), Value::Poison]);
}

#[test]
fn semantics_shifts_exact_and_division() {
    let ir = observing(
        "i32 %a, i32 %b",
        "  %s = shl nsw i32 %a, %b\n  call void @observe32(i32 %s)\n\
         %l = lshr exact i32 %a, %b\n  call void @observe32(i32 %l)\n\
         %q = udiv exact i32 %a, 4\n  call void @observe32(i32 %q)",
    );
    // Shift amount past the width: poison.
    let (v, _) = run(&ir, &[(32, 6), (32, 32)]);
    assert_eq!(v[..2], [Value::Poison, Value::Poison]);
    // 6 >> 1 is exact, 6 / 4 is not; 6 << 1 keeps the sign.
    let (v, _) = run(&ir, &[(32, 6), (32, 1)]);
    assert_eq!(v, [int(32, 12), int(32, 3), Value::Poison]);
    // shl nsw: shifting a bit into the sign bit is poison.
    let (v, _) = run(&ir, &[(32, 1 << 30), (32, 1)]);
    assert_eq!(v[0], Value::Poison);

    let div = observing(
        "i32 %a, i32 %b",
        "  %q = sdiv i32 %a, %b\n  call void @observe32(i32 %q)",
    );
    assert!(matches!(run(&div, &[(32, 5), (32, 0)]).1, End::Ub { .. }));
    assert!(matches!(
        run(&div, &[(32, i128::from(i32::MIN)), (32, -1)]).1,
        End::Ub { .. }
    ));
    assert_eq!(run(&div, &[(32, -7), (32, 2)]).0, [int(32, -3)]);
    // A poison divisor is UB even for udiv; a poison dividend is only poison.
    let p = observing(
        "i32 %a",
        "  %x = add nsw i32 %a, 1\n  %q = udiv i32 7, %x\n  call void @observe32(i32 %q)",
    );
    assert!(matches!(
        run(&p, &[(32, i128::from(i32::MAX))]).1,
        End::Ub { .. }
    ));
    let p = observing(
        "i32 %a",
        "  %x = add nsw i32 %a, 1\n  %q = udiv i32 %x, 7\n  call void @observe32(i32 %q)",
    );
    assert_eq!(run(&p, &[(32, i128::from(i32::MAX))]).0, [Value::Poison]);
}

#[test]
fn semantics_wide_integers_and_casts() {
    let ir = observing(
        "i64 %a",
        "  %w = sext i64 %a to i128\n  %m = mul nsw i128 %w, 170141183460469231731687303715884105727\n\
         %t = trunc i128 %m to i64\n  call void @observe(i64 %t)\n\
         %z = zext i64 %a to i128\n  %s = shl i128 %z, 64\n  %h = lshr i128 %s, 64\n\
         %k = trunc i128 %h to i64\n  call void @observe(i64 %k)\n\
         %c = icmp slt i128 %s, 0\n  %e = zext i1 %c to i64\n  call void @observe(i64 %e)",
    );
    // 1 * (2^127 - 1) fits in i128; 2 * it does not.
    let (v, _) = run(&ir, &[(64, 1)]);
    assert_eq!(v, [int(64, -1), int(64, 1), int(64, 0)]);
    let (v, _) = run(&ir, &[(64, 2)]);
    assert_eq!(v[0], Value::Poison);
    let (v, _) = run(&ir, &[(64, -1)]);
    assert_eq!(v[1..], [int(64, -1), int(64, 1)]);
}

#[test]
fn semantics_select_branch_and_freeze_on_poison() {
    let ir = observing(
        "i32 %a",
        "  %p = add nsw i32 %a, 1\n  %c = icmp sgt i32 %p, 0\n\
         %s = select i1 %c, i32 1, i32 2\n  call void @observe32(i32 %s)\n\
         %f = freeze i32 %p\n  call void @observe32(i32 %f)\n\
         %k = select i1 true, i32 5, i32 %p\n  call void @observe32(i32 %k)",
    );
    let (v, end) = run(&ir, &[(32, i128::from(i32::MAX))]);
    assert_eq!(end, End::Returned);
    assert_eq!(v, [Value::Poison, int(32, 0), int(32, 5)]);

    let br = "declare void @observe32(i32)\n\
              define void @f(i32 %a) {\n  %p = add nsw i32 %a, 1\n  %c = icmp sgt i32 %p, 0\n\
              br i1 %c, label %t, label %e\nt:\n  call void @observe32(i32 1)\n  ret void\n\
              e:\n  ret void\n}\n";
    assert!(matches!(
        run(br, &[(32, i128::from(i32::MAX))]).1,
        End::Ub { .. }
    ));
    assert_eq!(run(br, &[(32, 5)]).0, [int(32, 1)]);
}

/// GEP `inbounds`: the base and every step must stay within [0, size] of the object.
#[test]
fn semantics_inbounds_gep_rules() {
    let ir = format!(
        "{NVPTX}@g = global [16 x i32] zeroinitializer\ndeclare void @observe(i64)\n\
         define void @f(i64 %i, i64 %j) {{\n\
         %p = getelementptr inbounds [16 x i32], ptr @g, i64 0, i64 %i\n\
         %q = getelementptr inbounds i32, ptr %p, i64 %j\n\
         %qi = ptrtoint ptr %q to i64\n  %gi = ptrtoint ptr @g to i64\n  %d = sub i64 %qi, %gi\n\
         call void @observe(i64 %d)\n\
         %r = getelementptr inbounds [4 x i32], ptr @g, i64 %i, i64 %j\n\
         %ri = ptrtoint ptr %r to i64\n  %e = sub i64 %ri, %gi\n  call void @observe(i64 %e)\n\
         %n = getelementptr i32, ptr @g, i64 %i\n\
         %o = getelementptr inbounds i32, ptr %n, i64 0\n\
         %oi = ptrtoint ptr %o to i64\n  %h = sub i64 %oi, %gi\n  call void @observe(i64 %h)\n\
         ret void\n}}\n"
    );
    // In bounds, one past the end included (64 bytes): %q; not %r at 3 * 16 + 13 * 4.
    let (v, _) = run(&ir, &[(64, 3), (64, 13)]);
    assert_eq!(v, [int(64, 64), Value::Poison, int(64, 12)]);
    let (v, _) = run(&ir, &[(64, 3), (64, 1)]);
    assert_eq!(v, [int(64, 16), int(64, 52), int(64, 12)]);
    // %p is out of bounds (poison) though %p + j would be back in: both GEPs from it poison;
    // the two-index GEP's first step 4 * 16 = 64 is in bounds, 64 + 4 * -20 is not.
    let (v, _) = run(&ir, &[(64, 20), (64, -20)]);
    assert_eq!(v, [Value::Poison, Value::Poison, int(64, 80)]);
    // [4 x i32] steps: i = -1 goes below the object first, then j = 8 comes back: poison.
    let (v, _) = run(&ir, &[(64, -1), (64, 8)]);
    assert_eq!(v[1], Value::Poison);
    // A GEP with all-zero indices is the base itself, even from an out-of-bounds base.
    let (v, _) = run(&ir, &[(64, 40), (64, 0)]);
    assert_eq!(v[2], int(64, 160));
}

/// nusw (implied by inbounds): index * stride must not wrap in the index width.
#[test]
fn semantics_gep_index_arithmetic_must_not_wrap() {
    let ir = format!(
        "{NVPTX}@g = global [16 x i8] zeroinitializer\ndeclare void @observe(i64)\n\
         define void @f(i64 %i) {{\n\
         %p = getelementptr inbounds i64, ptr @g, i64 %i\n\
         %pi = ptrtoint ptr %p to i64\n  %gi = ptrtoint ptr @g to i64\n  %d = sub i64 %pi, %gi\n\
         call void @observe(i64 %d)\n  ret void\n}}\n"
    );
    // 2^61 * 8 wraps to 0: in bounds by address, but the multiplication overflowed.
    let (v, _) = run(&ir, &[(64, 1 << 61)]);
    assert_eq!(v, [Value::Poison]);
    let (v, _) = run(&ir, &[(64, 2)]);
    assert_eq!(v, [int(64, 16)]);
}

#[test]
fn semantics_memory_undefined_behaviour() {
    let ir = format!(
        "{NVPTX}declare void @observe32(i32)\n\
         define void @f(i64 %i) {{\n  %b = alloca [4 x i32], align 4\n\
         %p = getelementptr [4 x i32], ptr %b, i64 0, i64 %i\n\
         store i32 7, ptr %p, align 4\n  %v = load i32, ptr %p, align 4\n\
         call void @observe32(i32 %v)\n\
         %u = getelementptr i32, ptr %b, i64 1\n  %w = load i32, ptr %u, align 4\n\
         call void @observe32(i32 %w)\n  ret void\n}}\n"
    );
    let (v, end) = run(&ir, &[(64, 0)]);
    assert_eq!(end, End::Returned);
    // Uninitialized memory reads as poison.
    assert_eq!(v, [int(32, 7), Value::Poison]);
    assert!(
        matches!(run(&ir, &[(64, 4)]).1, End::Ub { .. }),
        "out of bounds"
    );
    assert!(
        matches!(run(&ir, &[(64, -1)]).1, End::Ub { .. }),
        "before the object"
    );
    // Misaligned: align 8 on an object aligned to exactly 4.
    let mis = ir.replace(
        "store i32 7, ptr %p, align 4",
        "store i32 7, ptr %p, align 8",
    );
    let ends: Vec<bool> = (0..2)
        .map(|i| matches!(run(&mis, &[(64, i)]).1, End::Ub { .. }))
        .collect();
    assert!(
        ends.iter().any(|&u| u),
        "one of two adjacent i32 slots is misaligned for 8"
    );
    let null = observing(
        "i32 %a",
        "  %v = load i32, ptr null, align 4\n  call void @observe32(i32 %v)",
    );
    assert!(matches!(run(&null, &[(32, 0)]).1, End::Ub { .. }));
}

#[test]
fn semantics_noundef_and_range() {
    let ir = "declare i32 @llvm.abs.i32(i32, i1)\ndeclare void @observe32(i32)\n\
              define void @f(i32 %x) {\n\
              %a = call i32 @llvm.abs.i32(i32 %x, i1 true), !range !0\n\
              call void @observe32(i32 %a)\n\
              %b = call noundef i32 @llvm.abs.i32(i32 %x, i1 true)\n\
              call void @observe32(i32 %b)\n  ret void\n}\n!0 = !{i32 0, i32 10}\n";
    assert_eq!(run(ir, &[(32, -3)]).0, [int(32, 3), int(32, 3)]);
    // 12 is outside the range: poison, not UB.
    let (v, end) = run(ir, &[(32, 12)]);
    assert_eq!((v[0].clone(), end), (Value::Poison, End::Returned));
    // abs(INT_MIN, true) is poison; noundef makes it UB.
    assert!(matches!(
        run(ir, &[(32, i128::from(i32::MIN))]).1,
        End::Ub { .. }
    ));
}

#[test]
fn semantics_printf_phi_switch_and_vectors() {
    let ir = "@fmt = private constant [6 x i8] c\"%lld\\0A\\00\"\ndeclare i32 @printf(ptr, ...)\n\
              define void @f(i64 %a) {\nentry:\n\
              switch i64 %a, label %d [ i64 1, label %j\n i64 2, label %j ]\n\
              d:\n  br label %j\n\
              j:\n  %p = phi i64 [ 10, %entry ], [ 10, %entry ], [ 20, %d ]\n\
              %v = insertelement <1 x i64> poison, i64 %a, i32 0\n\
              %q = udiv <1 x i64> <i64 100>, %v\n  %e = extractelement <1 x i64> %q, i32 0\n\
              %s = add i64 %p, %e\n\
              %r = call i32 (ptr, ...) @printf(ptr @fmt, i64 %s)\n  ret void\n}\n";
    assert_eq!(run(ir, &[(64, 2)]).0, [int(64, 60)]);
    assert_eq!(run(ir, &[(64, 5)]).0, [int(64, 40)]);
    assert!(matches!(run(ir, &[(64, 0)]).1, End::Ub { .. }));
}

/// Flags LLVM 16 cannot parse but later LLVMs print (`trunc nuw/nsw`, `zext nneg`,
/// `or disjoint`, `icmp samesign`): the rules are in place for when the reader meets them.
#[test]
fn semantics_of_newer_flags() {
    use poison::flags::Flags;
    use poison::ir::{BinOp, CastOp, Pred};
    use poison::value::{binop, icmp, int_cast};
    let nuw = Flags {
        nuw: true,
        ..Flags::default()
    };
    let nsw = Flags {
        nsw: true,
        ..Flags::default()
    };
    // trunc nuw: the dropped bits must be zero; trunc nsw: the value must fit signed.
    assert_eq!(int_cast(CastOp::Trunc, nuw, &int(16, 255), 8), int(8, -1));
    assert_eq!(
        int_cast(CastOp::Trunc, nuw, &int(16, 256), 8),
        Value::Poison
    );
    assert_eq!(
        int_cast(CastOp::Trunc, nsw, &int(16, -128), 8),
        int(8, -128)
    );
    assert_eq!(
        int_cast(CastOp::Trunc, nsw, &int(16, 128), 8),
        Value::Poison
    );
    // zext nneg: the operand must be non-negative.
    let nneg = Flags {
        nneg: true,
        ..Flags::default()
    };
    assert_eq!(int_cast(CastOp::ZExt, nneg, &int(8, 5), 32), int(32, 5));
    assert_eq!(int_cast(CastOp::ZExt, nneg, &int(8, -1), 32), Value::Poison);
    // or disjoint: no common set bit.
    let disjoint = Flags {
        disjoint: true,
        ..Flags::default()
    };
    assert_eq!(
        binop(BinOp::Or, disjoint, &int(8, 4), &int(8, 3)),
        Ok(int(8, 7))
    );
    assert_eq!(
        binop(BinOp::Or, disjoint, &int(8, 5), &int(8, 3)),
        Ok(Value::Poison)
    );
    // icmp samesign: the operands' signs must agree.
    let samesign = Flags {
        samesign: true,
        ..Flags::default()
    };
    assert_eq!(
        icmp(Pred::Ult, samesign, &int(8, 1), &int(8, 2)),
        Value::bool(true)
    );
    assert_eq!(
        icmp(Pred::Ult, samesign, &int(8, -1), &int(8, 2)),
        Value::Poison
    );
}

/// GEP `nusw` without `inbounds` and GEP `nuw` (later LLVMs): no wrap of the offset
/// arithmetic or of the address, but leaving the object is fine.
#[test]
fn semantics_of_newer_gep_flags() {
    use poison::exec::gep;
    use poison::flags::GepFlags;
    use poison::memory::{Init, Kind, Memory, Spaces};
    let mut mem = Memory::new(Spaces::Flat);
    let id = mem
        .alloc(64, 16, Kind::Heap, 0, Init::Zero)
        .expect("an object fits");
    let base = Value::Ptr(mem.start(id));
    let step = |i: i128| vec![(Some(int(64, i)), 0, 4)];
    let nusw = GepFlags {
        nusw: true,
        ..GepFlags::default()
    };
    let nuw = GepFlags {
        nuw: true,
        ..GepFlags::default()
    };
    // Out of the object but no wrap: fine for nusw (only inbounds asks for the object).
    assert!(matches!(
        gep(&mem, &base, &step(100), nusw, 64),
        Value::Ptr(_)
    ));
    // index * 4 overflows signed: poison for nusw.
    assert_eq!(gep(&mem, &base, &step(1 << 62), nusw, 64), Value::Poison);
    // A negative offset is a huge unsigned one: poison for nuw, fine for nusw.
    assert_eq!(gep(&mem, &base, &step(-1), nuw, 64), Value::Poison);
    assert!(matches!(
        gep(&mem, &base, &step(-1), nusw, 64),
        Value::Ptr(_)
    ));
    // The address plus a negative offset below zero wraps: poison for nusw.
    let low = Value::Ptr(poison::value::Ptr {
        prov: None,
        addr: 8,
    });
    assert_eq!(gep(&mem, &low, &step(-4), nusw, 64), Value::Poison);
    assert!(matches!(
        gep(&mem, &low, &step(-2), nusw, 64),
        Value::Ptr(_)
    ));
}

#[test]
fn refuses_what_is_outside_the_subset() {
    let ir = "define void @f(i32 %a) {\n  %x = sitofp i32 %a to float\n  ret void\n}\n";
    let End::Refused(why) = run(ir, &[(32, 1)]).1 else {
        panic!("floating point must be refused")
    };
    assert!(why.contains("sitofp"), "{why}");
    let ir = "declare void @mystery(i32)\ndefine void @f(i32 %a) {\n  call void @mystery(i32 %a)\n  ret void\n}\n";
    let End::Refused(why) = run(ir, &[(32, 1)]).1 else {
        panic!("unknown calls must be refused")
    };
    assert!(why.contains("@mystery"), "{why}");
}

/// A target that is more poisonous than its source is caught, with a reproducer naming the
/// value; the same module against itself is fine.
#[test]
fn check_reports_a_planted_flag_with_a_small_input() {
    let src = observing(
        "i32 %a, i32 %b",
        "  %s = add i32 %a, %b\n  %t = mul i32 %s, 3\n  call void @observe32(i32 %t)",
    );
    let tgt = src.replace("add i32", "add nsw i32");
    let r = check(&src, &src, &["f".to_string()], &Setup::default()).expect("parses");
    assert!(r.violations.is_empty(), "{:?}", r.violations);
    assert!(r.counts.compared > 0);
    let r = check(&src, &tgt, &["f".to_string()], &Setup::default()).expect("parses");
    let v = r.violations.first().expect("the planted nsw is caught");
    let text = v.to_string();
    assert!(text.contains("%s: source"), "{text}");
    assert!(text.contains("target poison"), "{text}");
    // The input still overflows the add (shrinking kept the failure).
    let sum = v.input[0] + v.input[1];
    assert!(
        !(i128::from(i32::MIN)..=i128::from(i32::MAX)).contains(&sum),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// Calibration against upstream's own passes
//
// Each calibration input reproduces an upstream bug of LLVM 16. On an LLVM that has the bug the
// check must flag it; on one where upstream fixed it (LLVM 22 for most), the same input through
// the fixed pass must give no violation, which checks the checker for false alarms too.

/// Does upstream's pass on the LLVM under test still have a bug that `fixed_in` fixed
/// (`None`: not fixed in any LLVM we build for)?
fn upstream_has_bug(fixed_in: Option<u32>) -> bool {
    fixed_in.is_none_or(|v| fuzz_support::LLVM_MAJOR < v)
}

/// On an LLVM whose upstream `pass` is fixed, checks that `module` gives no violation and
/// returns `false`; otherwise returns `true` and the caller checks the flagged violation.
fn calibrate_fixed(pass: &str, module: &str, setup: &Setup, fixed_in: Option<u32>) -> bool {
    if upstream_has_bug(fixed_in) {
        return true;
    }
    let out = fuzz_support::opt_output(pass, module)
        .unwrap_or_else(|e| panic!("opt -passes={pass} failed: {e}"));
    let r = check(module, &out, &["f".to_string()], setup)
        .unwrap_or_else(|e| panic!("check failed: {e}"));
    assert!(r.refusals.is_empty(), "{:?}", r.refusals);
    assert!(
        r.violations.is_empty(),
        "LLVM {}'s {pass} has the fix, yet the check flags it:\n{}",
        fuzz_support::LLVM_MAJOR,
        r.violations[0]
    );
    println!(
        "{pass} (fixed upstream): {} inputs, {} compared, 0 violations",
        r.counts.inputs, r.counts.compared
    );
    false
}

/// Runs upstream `pass` (no plugin) on `module` and checks `@f`.
fn calibrate(pass: &str, module: &str, setup: &Setup) -> poison::Report {
    let out = fuzz_support::opt_output(pass, module)
        .unwrap_or_else(|e| panic!("opt -passes={pass} failed: {e}"));
    assert_ne!(
        fuzz_support::normalize(&out)
            .lines()
            .filter(|l| !l.starts_with("target"))
            .collect::<Vec<_>>(),
        fuzz_support::normalize(module)
            .lines()
            .filter(|l| !l.starts_with("target"))
            .collect::<Vec<_>>(),
        "{pass} left the calibration input unchanged: it no longer reproduces"
    );
    let r = check(module, &out, &["f".to_string()], setup)
        .unwrap_or_else(|e| panic!("check failed: {e}"));
    assert!(r.refusals.is_empty(), "{:?}", r.refusals);
    println!(
        "{pass}: {} inputs, {} compared, {} violations",
        r.counts.inputs,
        r.counts.compared,
        r.violations.len()
    );
    for v in &r.violations {
        println!("{v}");
    }
    r
}

/// Setup for functions taking a pointer into a 1 KiB object, at its start or middle.
fn pointer_setup() -> Setup {
    Setup {
        inputs: 200,
        object_size: 1024,
        pointer_offsets: vec![0, 512],
        ..Setup::default()
    }
}

/// llvm/llvm-project#130616 (fixed in LLVM 21): separate-const-offset-from-gep splits `gep inbounds p, i + 5`
/// into `gep (gep p, i), 5` and keeps `inbounds` on the constant GEP. With `p` at the start
/// of its object and `i = -5`, the source GEP is `p` itself; the target's inbounds GEP starts
/// from `p - 20`, outside the object: poison.
#[test]
fn calibration_split_gep_keeps_inbounds() {
    let module = format!(
        "{NVPTX}declare void @observe(i64)\n\
         define void @f(ptr %p, i64 %i) {{\n  %j = add i64 %i, 5\n\
         %q = getelementptr inbounds i32, ptr %p, i64 %j\n\
         %qi = ptrtoint ptr %q to i64\n  %pi = ptrtoint ptr %p to i64\n  %r = sub i64 %qi, %pi\n\
         call void @observe(i64 %r)\n  ret void\n}}\n"
    );
    if !calibrate_fixed(
        "separate-const-offset-from-gep",
        &module,
        &pointer_setup(),
        Some(21),
    ) {
        return;
    }
    let r = calibrate("separate-const-offset-from-gep", &module, &pointer_setup());
    let v = r
        .violations
        .first()
        .expect("upstream's kept inbounds must be flagged");
    let text = v.to_string();
    assert!(text.contains("observation 0 differs"), "{text}");
    assert!(text.contains("target poison"), "{text}");
    // Shrunk to the object's start with a small negative index.
    assert_eq!(v.input[0], 0, "{text}");
    assert!((-5..0).contains(&v.input[1]), "{text}");

    // Where upstream is right: the index is known non-negative (zext), so the split GEPs stay
    // in bounds whenever the original does.
    let fine = module
        .replace(
            "define void @f(ptr %p, i64 %i)",
            "define void @f(ptr %p, i32 %n)",
        )
        .replace(
            "%j = add i64 %i, 5",
            "%i = zext i32 %n to i64\n  %j = add nuw i64 %i, 5",
        );
    let r = calibrate("separate-const-offset-from-gep", &fine, &pointer_setup());
    assert!(r.violations.is_empty());
    assert!(r.counts.compared > 50, "{:?}", r.counts);
}

/// llvm/llvm-project#183402 (fixed after LLVM 22.1.8, so flagged on every LLVM we build for):
/// LLVM 16 takes the index of an inbounds GEP to be
/// non-negative and distributes `sext` over an `add` without `nsw`: `sext(a + 1)` becomes
/// `sext(a) + 1`, a different address when `a + 1` wraps (`a = 127` in `i8`), though the
/// source GEP is in bounds (its base is in the middle of the object).
#[test]
fn calibration_split_gep_sext_without_nsw() {
    let module = format!(
        "{NVPTX}declare void @observe(i64)\n\
         define void @f(ptr %p, i8 %a) {{\n  %s = add i8 %a, 1\n  %x = sext i8 %s to i64\n\
         %q = getelementptr inbounds i32, ptr %p, i64 %x\n\
         %qi = ptrtoint ptr %q to i64\n  %pi = ptrtoint ptr %p to i64\n  %r = sub i64 %qi, %pi\n\
         call void @observe(i64 %r)\n  ret void\n}}\n"
    );
    // The base in the middle of the object, so that the split's own inbounds problem
    // (#130616, above) never shows: every `p + 4 * a` is in bounds.
    let setup = Setup {
        pointer_offsets: vec![512],
        random_offsets: false,
        ..pointer_setup()
    };
    let r = calibrate("separate-const-offset-from-gep", &module, &setup);
    let v = r
        .violations
        .first()
        .expect("upstream's sext distribution must be flagged");
    assert_eq!(v.input[1], 127, "{v}");
    assert!(
        v.to_string()
            .contains("target observed: @observe [i64 512]"),
        "{v}"
    );

    // With nsw on the add, the distribution is right.
    let fine = module.replace("%s = add i8 %a, 1", "%s = add nsw i8 %a, 1");
    let r = calibrate("separate-const-offset-from-gep", &fine, &setup);
    assert!(r.violations.is_empty());
    assert!(r.counts.compared > 100, "{:?}", r.counts);
}

/// Ours proves `nsw` for an add that lacks it before splitting `sext(a + c)`
/// (`analysis::no_wrap`): from a guard, or from a store after the GEP whose
/// index is computed `nsw`. Each proof is checked at its boundary on `i8`,
/// where the checker reaches the limit: with the bound one weaker, ours must
/// refuse, and upstream, which splits without a proof
/// (llvm/llvm-project#183402), must be flagged at the wrapping input; with
/// the bound as it is, ours splits and nothing is flagged.
#[test]
fn split_gep_no_wrap_proofs_hold_at_their_boundaries() {
    // p + 4 * sext(a + 2), observed, under `a < limit`: a + 2 fits for
    // limit 126, wraps at a = 126 for limit 127.
    let guarded = |limit: i32| {
        format!(
            "{NVPTX}declare void @observe(i64)\n\
             define void @f(ptr %p, i8 %a) {{\nentry:\n  %in = icmp slt i8 %a, {limit}\n\
             br i1 %in, label %then, label %exit\nthen:\n  %s = add i8 %a, 2\n\
             %x = sext i8 %s to i64\n  %q = getelementptr inbounds i32, ptr %p, i64 %x\n\
             %qi = ptrtoint ptr %q to i64\n  %pi = ptrtoint ptr %p to i64\n\
             %r = sub i64 %qi, %pi\n  call void @observe(i64 %r)\n  br label %exit\n\
             exit:\n  ret void\n}}\n"
        )
    };
    // The 3x3 submatrix's rows b and b + 1 in i8: the store after the GEP
    // writes out[(b + 1) * n +nsw (c + 1)], so (b + 1) * n + c + 1 fits and
    // bounds the GEP's (b + 1) * n + c + k for k = 1, not for k = 2 (b = 0,
    // n = 66, c = 60 make it 128).
    let stored = |k: i32| {
        format!(
            "{NVPTX}declare void @observe(i64)\n\
             define void @f(ptr %p, i8 %b, i8 %c, i8 %n) {{\nentry:\n\
             %bok = icmp sgt i8 %b, -1\n  %b2 = add nsw i8 %b, 2\n  %gb = icmp slt i8 %b2, %n\n\
             %c2 = add nsw i8 %c, 2\n  %gc = icmp slt i8 %c2, %n\n  %g1 = and i1 %bok, %gb\n\
             %g = select i1 %g1, i1 %gc, i1 false\n  br i1 %g, label %body, label %exit\n\
             body:\n  %b1 = add nsw i8 %b, 1\n  %r1 = mul nsw i8 %b1, %n\n\
             %i1 = add i8 %r1, %c\n  %t = add i8 %i1, {k}\n  %x = sext i8 %t to i64\n\
             %q = getelementptr inbounds i32, ptr %p, i64 %x\n  %c1 = add nsw i8 %c, 1\n\
             %o = add nsw i8 %r1, %c1\n  %os = sext i8 %o to i64\n\
             %qo = getelementptr inbounds i32, ptr %p, i64 %os\n  store i32 0, ptr %qo, align 4\n\
             %qi = ptrtoint ptr %q to i64\n  %pi = ptrtoint ptr %p to i64\n\
             %r = sub i64 %qi, %pi\n  call void @observe(i64 %r)\n  ret void\n\
             exit:\n  ret void\n}}\n"
        )
    };
    // The base in the middle of a 1 KiB object: every p + 4 * i8 is in it.
    let setup = |known: Vec<Vec<i128>>| Setup {
        inputs: 300,
        object_size: 1024,
        pointer_offsets: vec![512],
        random_offsets: false,
        known: [("f".to_string(), known)].into_iter().collect(),
        ..Setup::default()
    };
    let cases = [
        (
            "guard",
            guarded(126),
            guarded(127),
            "%s = add i8 %a, 2",
            setup(vec![vec![512, 125], vec![512, 126], vec![512, -128]]),
        ),
        (
            "store",
            stored(1),
            stored(2),
            "%t = add i8 %i1,",
            setup(vec![vec![512, 0, 60, 66], vec![512, 1, 40, 43]]),
        ),
    ];
    for (name, proved, weak, add, setup) in cases {
        let ours = fuzz_support::opt_output("gpucc-separate-const-offset-from-gep", &proved)
            .expect("ours runs");
        assert!(!ours.contains(add), "{name}: ours should split:\n{ours}");
        let r = check(&proved, &ours, &["f".to_string()], &setup).expect("checks");
        assert!(r.refusals.is_empty(), "{name}: {:?}", r.refusals);
        assert!(r.violations.is_empty(), "{name}: {}", r.violations[0]);
        assert!(r.counts.compared > 100, "{name}: {:?}", r.counts);

        let ours = fuzz_support::opt_output("gpucc-separate-const-offset-from-gep", &weak)
            .expect("ours runs");
        assert!(ours.contains(add), "{name}: ours must refuse:\n{ours}");
        let r = check(&weak, &ours, &["f".to_string()], &setup).expect("checks");
        assert!(r.violations.is_empty(), "{name}: {}", r.violations[0]);

        let r = calibrate("separate-const-offset-from-gep", &weak, &setup);
        let v = r
            .violations
            .first()
            .unwrap_or_else(|| panic!("{name}: upstream's split past the bound must be flagged"));
        assert!(
            v.to_string().contains("observation 0 differs"),
            "{name}: {v}"
        );
        println!("{name}: flagged at {:?}", v.input);
    }
}

/// llvm/llvm-project#98156 (fixed in LLVM 19): nary-reassociate rewrites `(a + b) + c` as
/// `x + b` where `x = add nsw a, c` has the same SCEV, and keeps `x`'s `nsw`: where `a + c`
/// overflows but `(a + b) + c` does not, the target observes poison.
#[test]
fn calibration_nary_reuses_nsw_instruction() {
    let module = format!(
        "{NVPTX}declare void @observe32(i32)\n\
         define void @f(i32 %a, i32 %b, i32 %c) {{\n  %x = add nsw i32 %a, %c\n\
         call void @observe32(i32 %x)\n  %ab = add i32 %a, %b\n  %abc = add i32 %ab, %c\n\
         call void @observe32(i32 %abc)\n  ret void\n}}\n"
    );
    let setup = Setup {
        inputs: 400,
        ..Setup::default()
    };
    if !calibrate_fixed("nary-reassociate", &module, &setup, Some(19)) {
        return;
    }
    let r = calibrate("nary-reassociate", &module, &setup);
    let v = r
        .violations
        .first()
        .expect("upstream's reuse of the nsw add must be flagged");
    let text = v.to_string();
    assert!(text.contains("observation 1 differs"), "{text}");
    assert!(text.contains("%abc: source"), "{text}");

    // Without nsw on the reused add, the reuse is right.
    let fine = module.replace("add nsw i32 %a, %c", "add i32 %a, %c");
    let r = calibrate("nary-reassociate", &fine, &setup);
    assert!(r.violations.is_empty());
}

/// The bug class of llvm/llvm-project#137604: speculative-execution hoists a call whose
/// result is `noundef` out of the arm that guards it: `abs(INT_MIN, true)` is poison, and
/// `noundef` turns that into undefined behaviour on the path that skipped the arm. #137604
/// (LLVM 21) taught `isSafeToSpeculativelyExecute` about such attributes, but LLVM 22.1.8's
/// speculative-execution still hoists this call and keeps `noundef`: flagged on every LLVM we
/// build for (ours drops the attribute; `test/ir/speculative-execution`).
#[test]
fn calibration_speculation_keeps_noundef() {
    let module = format!(
        "{NVPTX}declare i32 @llvm.abs.i32(i32, i1)\ndeclare void @observe32(i32)\n\
         define void @f(i32 %x) {{\nentry:\n  %ok = icmp ne i32 %x, -2147483648\n\
         br i1 %ok, label %then, label %exit\nthen:\n\
         %a = call noundef i32 @llvm.abs.i32(i32 %x, i1 true)\n  br label %exit\nexit:\n\
         %r = phi i32 [ %a, %then ], [ 0, %entry ]\n  call void @observe32(i32 %r)\n\
         ret void\n}}\n"
    );
    let r = calibrate("speculative-execution", &module, &Setup::default());
    let v = r
        .violations
        .first()
        .expect("upstream's hoisted noundef call must be flagged");
    let text = v.to_string();
    assert!(
        text.contains("the target has undefined behaviour"),
        "{text}"
    );
    assert_eq!(v.input[0], i128::from(i32::MIN), "{text}");

    // Without noundef, hoisting is right (the poison is never observed).
    let fine = module.replace("call noundef i32", "call i32");
    let r = calibrate("speculative-execution", &fine, &Setup::default());
    assert!(r.violations.is_empty());
}

/// Not a fixed bug but a finding of the long run (upstream, not ours): LLVM 16's AMDGPU alias
/// analysis answers NoAlias between a flat pointer whose underlying object is a kernel
/// argument and any LDS pointer, "kernel arguments won't alias LDS", even when the argument
/// is itself an LDS pointer cast to flat. GVN then forwards a stale value across an LDS store
/// to the same address. The check must see it under the default AMDGPU alias analysis, and
/// nothing with BasicAA alone (where the gpucc corpus of tests/soundness.rs runs GVN on
/// AMDGPU).
#[test]
fn upstream_amdgpu_aa_kernel_lds_argument() {
    let module = "target datalayout = \"e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-\
                  p6:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-\
                  v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7\"\n\
                  target triple = \"amdgcn-amd-amdhsa\"\n\
                  declare void @observe32(i32)\n\
                  define amdgpu_kernel void @f(ptr addrspace(3) %a, ptr addrspace(3) %b, i1 %c, \
                  i32 %x) {\n  %g = addrspacecast ptr addrspace(3) %a to ptr\n\
                  store i32 1, ptr %g, align 4\n\
                  %q = select i1 %c, ptr addrspace(3) %a, ptr addrspace(3) %b\n\
                  store i32 %x, ptr addrspace(3) %q, align 4\n\
                  %v = load i32, ptr %g, align 4\n  call void @observe32(i32 %v)\n\
                  ret void\n}\n";
    // LLVM 22.1.8's AMDGPU alias analysis no longer answers NoAlias here (not bisected).
    if !calibrate_fixed("gvn", module, &Setup::default(), Some(22)) {
        return;
    }
    let r = calibrate("gvn", module, &Setup::default());
    let v = r
        .violations
        .first()
        .expect("GVN over LLVM 16's amdgpu-aa must be flagged");
    assert_eq!(v.input[2], 1, "the select picks %a: {v}");
    let basic =
        fuzz_support::opt_output("-aa-pipeline=basic-aa function(gvn)", module).expect("gvn runs");
    let r = check(module, &basic, &["f".to_string()], &Setup::default()).expect("checks");
    assert!(r.violations.is_empty(), "{:?}", r.violations);
}

/// Found by the poison check on LLVM 22 (generated programs with `zext nneg`), in ours and in
/// upstream's bypass alike: the check `(a | b) >> 32 == 0` branches on the dividend, and a
/// poison dividend makes that branch undefined behaviour where the division itself only gave
/// poison. Upstream's CodeGenPrepare (LLVM 16 and 22.1.8) branches on it as it is; its own
/// `CodeGenPrepare/NVPTX/bypass-slow-div-special-cases.ll` pins the unfrozen check. Ours
/// freezes the dividend for the check (`test/ir/bypass-slow-division/poison-dividend-is-frozen.ll`).
#[test]
fn upstream_bypass_branches_on_a_poison_dividend() {
    let module = format!(
        "{NVPTX}declare void @observe(i64)\n\
         define void @f(i64 %x, i64 %y, i32 %b) {{\n  %a = add nuw i64 %x, %y\n\
         %b1 = zext i32 %b to i64\n  %q = sdiv i64 %a, %b1\n\
         call void @observe(i64 %q)\n  ret void\n}}\n"
    );
    let mut cgp = std::process::Command::new(fuzz_support::tool("opt"));
    if fuzz_support::LLVM_MAJOR == 16 {
        cgp.arg("-codegenprepare");
    } else {
        cgp.arg("-passes=require<profile-summary>,function(codegenprepare)");
    }
    let out = cgp
        .args(["-S", "-o", "-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("piped")
                .write_all(module.as_bytes())?;
            child.wait_with_output()
        })
        .expect("opt runs codegenprepare");
    let upstream = String::from_utf8(out.stdout).expect("text IR");
    assert!(
        upstream.contains("icmp eq i64") && !upstream.contains("freeze"),
        "upstream's bypass changed: {upstream}"
    );
    let setup = Setup {
        inputs: 400,
        ..Setup::default()
    };
    let r = check(&module, &upstream, &["f".to_string()], &setup).expect("checks");
    let v = r
        .violations
        .first()
        .expect("upstream's branch on a poison dividend must be flagged");
    assert!(v.to_string().contains("branch on poison"), "{v}");

    let ours = fuzz_support::opt_output("gpucc-bypass-slow-division", &module).expect("ours runs");
    assert!(ours.contains("freeze i64 %a"), "{ours}");
    let r = check(&module, &ours, &["f".to_string()], &setup).expect("checks");
    assert!(r.violations.is_empty(), "{}", r.violations[0]);
    assert!(r.counts.compared > 100, "{:?}", r.counts);
}

/// `gpucc-flatten-guards` runs the code between guarded copies where the outer guard was false,
/// so its values may now be poison there (`%y1 = add nsw` overflows for `y = 100`); each copy's
/// new test is `select %c, %ck, false`, which is `false` then. The checker agrees with that
/// rewrite on inputs that make the unguarded adds overflow, and flags the same rewrite with
/// `and` (a branch on poison), so this test has teeth.
#[test]
fn flatten_guards_never_branches_on_poison() {
    let module = format!(
        "{NVPTX}declare void @observe(i64)\n\
         define void @f(ptr %p, i8 %x, i8 %w, i8 %y, i8 %h) {{\nentry:\n\
         %c = icmp slt i8 %x, %w\n  br i1 %c, label %s0, label %join\n\
         s0:\n  %y1 = add nsw i8 %y, 100\n  %c0 = icmp slt i8 %y1, %h\n\
         br i1 %c0, label %b0, label %s1\n\
         b0:\n  call void @observe(i64 1)\n  br label %s1\n\
         s1:\n  %y2 = add nsw i8 %y, 120\n  %c1 = icmp slt i8 %y2, %h\n\
         br i1 %c1, label %b1, label %join\n\
         b1:\n  call void @observe(i64 2)\n  br label %join\n\
         join:\n  call void @observe(i64 0)\n  ret void\n}}\n"
    );
    let setup = Setup {
        inputs: 300,
        known: [(
            "f".to_string(),
            vec![
                // Region off, both adds overflow.
                vec![0, 5, 1, 100, 0],
                // Region on, no overflow, both copies run.
                vec![0, 0, 1, 0, 127],
                // Region on, the second add overflows (poison, no branch taken on it in
                // the source either: the source is undefined there too).
                vec![0, 0, 1, 20, 127],
            ],
        )]
        .into_iter()
        .collect(),
        ..Setup::default()
    };
    let ours = fuzz_support::opt_output("gpucc-flatten-guards", &module).expect("ours runs");
    assert!(
        ours.contains("select i1 %c, i1 %c0, i1 false") && ours.contains("br label %s0"),
        "the region should be flattened:\n{ours}"
    );
    let r = check(&module, &ours, &["f".to_string()], &setup).expect("checks");
    assert!(r.refusals.is_empty(), "{:?}", r.refusals);
    assert!(r.violations.is_empty(), "{}", r.violations[0]);
    assert!(r.counts.compared > 100, "{:?}", r.counts);

    let with_and = ours.replace("select i1 %c, i1 %c0, i1 false", "and i1 %c, %c0");
    assert_ne!(with_and, ours);
    let r = check(&module, &with_and, &["f".to_string()], &setup).expect("checks");
    assert!(
        !r.violations.is_empty(),
        "an `and` of a poison inner test must be flagged"
    );
    println!(
        "flatten-guards: `and` flagged at {:?}",
        r.violations[0].input
    );
}

// ---------------------------------------------------------------------------------------------
// gpucc-slsr: the flags a candidate implies stay (issue 28)

/// `@f(ptr %p, i64 %s)` computing `body`'s GEPs (each named in `observed`) and observing each
/// one's byte offset from `%p`.
fn gep_offsets(body: &str, observed: &[&str]) -> String {
    let mut text = format!(
        "{NVPTX}declare void @observe(i64)\ndefine void @f(ptr %p, i64 %s) {{\n\
         %pi = ptrtoint ptr %p to i64\n{body}\n"
    );
    for g in observed {
        text.push_str(&format!(
            "  %{g}.i = ptrtoint ptr %{g} to i64\n  %{g}.d = sub i64 %{g}.i, %pi\n\
             call void @observe(i64 %{g}.d)\n"
        ));
    }
    text.push_str("  ret void\n}\n");
    text
}

/// A 1 KiB object, `%p` at its start or middle, and inputs on both sides of its ends.
fn slsr_setup() -> Setup {
    Setup {
        inputs: 300,
        object_size: 1024,
        pointer_offsets: vec![0, 512],
        known: [(
            "f".to_string(),
            vec![
                vec![0, 40],
                vec![0, 100],
                vec![0, 200],
                vec![512, -40],
                vec![512, -100],
                vec![512, 60],
            ],
        )]
        .into_iter()
        .collect(),
        ..Setup::default()
    }
}

/// Runs `gpucc-slsr` on `module`, checks that `@f` refines, and returns the output.
fn ours_slsr_refines(module: &str) -> String {
    let ours = fuzz_support::opt_output("gpucc-slsr", module).expect("gpucc-slsr runs");
    let r = check(module, &ours, &["f".to_string()], &slsr_setup()).expect("checks");
    assert!(r.refusals.is_empty(), "{:?}", r.refusals);
    assert!(r.violations.is_empty(), "{}\n{ours}", r.violations[0]);
    assert!(r.counts.compared > 100, "{:?}", r.counts);
    ours
}

/// `&p[s]` lies between `p` and `&p[2s]`: wherever `&p[2s]` is in its object, so is `&p[s]`.
/// LLVM 16's row keeps the reused basis's `inbounds` (as upstream 16 does), LLVM 22's drops
/// it (as upstream 22 does); on both the rebuilt candidate keeps its own.
#[test]
fn slsr_keeps_the_inbounds_a_candidate_implies() {
    let module = gep_offsets(
        "  %x = getelementptr inbounds i32, ptr %p, i64 %s\n  %s2 = shl nsw i64 %s, 1\n\
         %y = getelementptr inbounds i32, ptr %p, i64 %s2",
        &["x", "y"],
    );
    let ours = ours_slsr_refines(&module);
    if fuzz_support::LLVM_MAJOR < 22 {
        assert!(
            ours.contains("%x = getelementptr inbounds i32, ptr %p, i64 %s\n")
                && ours.contains("%y = getelementptr inbounds i32, ptr %x, i64 %s\n"),
            "{ours}"
        );
    } else {
        assert!(
            ours.contains("%x = getelementptr i32, ptr %p, i64 %s\n")
                && ours.contains("%y = getelementptr inbounds i8, ptr %x, i64"),
            "{ours}"
        );
    }
}

/// `&b[sext(3s)]` and `&b[sext(4s)]` from `&b[sext(2s)]` (nsw multiples): reduced on both
/// LLVMs (LLVM 22 as a stride delta `sext(s)`, as upstream 22), the last rewrite keeping
/// `inbounds`: `&b[sext(3s)]` lies between `b` and `&b[sext(4s)]`.
#[test]
fn slsr_reduces_sext_of_nsw_multiples_and_keeps_implied_inbounds() {
    let mut body = String::new();
    for m in 2..=4 {
        body.push_str(&format!(
            "  %s{m} = mul nsw i32 %n, {m}\n  %t{m} = sext i32 %s{m} to i64\n\
             %q{m} = getelementptr inbounds i32, ptr %p, i64 %t{m}\n"
        ));
    }
    let module = gep_offsets(
        &format!("  %n = trunc i64 %s to i32\n{body}"),
        &["q2", "q3", "q4"],
    );
    let ours = ours_slsr_refines(&module);
    assert!(
        ours.contains("ptr %q2, i64") && ours.contains("ptr %q3, i64"),
        "not reduced:\n{ours}"
    );
    let q4 = ours.lines().find(|l| l.contains("%q4 = ")).expect("q4");
    assert!(q4.contains("getelementptr inbounds"), "{ours}");
}

/// A chain: `&p[2s]`, then `&p[3s]` from it, then `&p[s]` from the rebuilt `&p[3s]`. The
/// first is not between `p` and `&p[s]`: with `s = 100` and `p` at the start of 1 KiB,
/// `&p[2s]` is in, `&p[3s]` past the end and `&p[s]` in. Keeping `&p[2s]`'s (or `&p[3s]`'s)
/// `inbounds` makes the rebuilt `&p[s]` poison. Upstream 16 keeps them; ours does not.
#[test]
fn slsr_drops_inbounds_a_chain_does_not_imply() {
    let module = gep_offsets(
        "  %s2 = shl nsw i64 %s, 1\n  %x = getelementptr inbounds i32, ptr %p, i64 %s2\n\
         %s3 = mul nsw i64 %s, 3\n  %y = getelementptr inbounds i32, ptr %p, i64 %s3\n\
         %z = getelementptr inbounds i32, ptr %p, i64 %s",
        &["x", "y", "z"],
    );
    let ours = ours_slsr_refines(&module);
    assert!(ours.contains("ptr %x, i64"), "not reduced:\n{ours}");
    if upstream_has_bug(Some(22)) {
        let r = calibrate("slsr", &module, &slsr_setup());
        let v = r
            .violations
            .first()
            .expect("upstream 16's kept inbounds along the chain must be flagged");
        assert!(v.to_string().contains("%z"), "{v}");
    }
}

/// `&b[sext(-2s)]` from `&b[sext(-s)]`: negative nsw multiples, reduced on LLVM 22 by the
/// stride delta `-s` (exact where `-2s` does not wrap), and on LLVM 16 by an index delta.
#[test]
fn slsr_reduces_negative_nsw_multiples() {
    let module = gep_offsets(
        "  %n = trunc i64 %s to i32\n  %m1 = mul nsw i32 %n, -1\n  %e1 = sext i32 %m1 to i64\n\
         %q1 = getelementptr inbounds i32, ptr %p, i64 %e1\n  %m2 = mul nsw i32 %n, -2\n\
         %e2 = sext i32 %m2 to i64\n  %q2 = getelementptr inbounds i32, ptr %p, i64 %e2",
        &["q1", "q2"],
    );
    let ours = ours_slsr_refines(&module);
    assert!(ours.contains("ptr %q1, i64"), "not reduced:\n{ours}");
}

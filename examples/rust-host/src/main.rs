//! divmix: 64-bit divisions whose operands mostly fit in 32 bits, the case
//! the division bypass is for, plus the index arithmetic of an unrolled
//! stencil, the case the straight-line passes are for. Prints one line of
//! results that must be the same whatever passes compiled it.
//!
//! usage: divmix [ROUNDS]   (default 3; the benchmark uses more)

use std::hint::black_box;

/// A small, deterministic generator (xorshift64*), so every build sees the
/// same numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Digit sums in a mix of bases: `u64` division and remainder by small
/// divisors of small values, one in 64 of the values wide.
fn digit_sums(values: &[u64], bases: &[u64]) -> u64 {
    let mut total = 0u64;
    for (i, &v) in values.iter().enumerate() {
        let base = bases[i % bases.len()];
        let mut x = v;
        while x != 0 {
            total = total.wrapping_add(x % base);
            x /= base;
        }
    }
    total
}

/// Signed quotients of values that fit in 32 bits, one in 64 not.
fn signed_quotients(values: &[i64], divisors: &[i64]) -> i64 {
    let mut total = 0i64;
    for (i, &v) in values.iter().enumerate() {
        let d = divisors[i % divisors.len()];
        total = total.wrapping_add(v / d).wrapping_add(v % d);
    }
    total
}

/// A 3x3 box filter over a row-major grid, unrolled by hand the way a
/// compiler leaves `for x in 0..3 { for y in 0..3 { .. } }`.
fn box_filter(grid: &[u32], rows: usize, cols: usize) -> u64 {
    let mut total = 0u64;
    for b in 0..rows - 2 {
        for c in 0..cols - 2 {
            let at = |x: usize, y: usize| u64::from(grid[(c + y) + (b + x) * cols]);
            total = total.wrapping_add(
                at(0, 0)
                    + at(0, 1)
                    + at(0, 2)
                    + at(1, 0)
                    + at(1, 1)
                    + at(1, 2)
                    + at(2, 0)
                    + at(2, 1)
                    + at(2, 2),
            );
        }
    }
    total
}

fn main() {
    let rounds: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().expect("ROUNDS is a whole number"))
        .unwrap_or(3);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let n = 1 << 16;
    let wide = |r: &mut Rng, k: u64| {
        if k % 64 == 63 {
            r.next()
        } else {
            r.next() >> 40
        }
    };
    let values: Vec<u64> = (0..n).map(|k| wide(&mut rng, k)).collect();
    let bases: Vec<u64> = (0..61).map(|k| 2 + k).collect();
    let svalues: Vec<i64> = (0..n)
        .map(|k| {
            let v = wide(&mut rng, k) as i64;
            if k % 3 == 0 {
                -v
            } else {
                v
            }
        })
        .collect();
    let divisors: Vec<i64> = (0..97)
        .map(|k| if k % 2 == 0 { 3 + k } else { -(5 + k) })
        .collect();
    let (rows, cols) = (256, 256);
    let grid: Vec<u32> = (0..rows * cols)
        .map(|_| (rng.next() >> 48) as u32)
        .collect();

    let (mut a, mut s, mut f) = (0u64, 0i64, 0u64);
    for _ in 0..rounds {
        a = a.wrapping_add(digit_sums(black_box(&values), black_box(&bases)));
        s = s.wrapping_add(signed_quotients(black_box(&svalues), black_box(&divisors)));
        f = f.wrapping_add(box_filter(black_box(&grid), rows, cols));
    }
    println!("digit_sums={a} signed_quotients={s} box_filter={f}");
}

//! Facts about mathematical integers, and proofs that they imply another:
//! the arithmetic behind `analysis::no_wrap`.
//!
//! A [`Poly`] is a polynomial of degree at most 2 with integer coefficients
//! over integer variables (`3*y*w - 2*w + x + 7`). [`Facts`] holds each
//! variable's bounds and facts `p >= 0`; [`Facts::implies_ge0`] proves a goal
//! `g >= 0` by refuting `g <= -1` together with the facts:
//!
//! 1. keep the facts that share a variable with the goal, directly or
//!    through other kept facts (at most [`MAX_FACTS`]);
//! 2. tighten each variable's bounds from the facts (*bound propagation*: in
//!    `w - x - 3 >= 0` with `x >= 2`, `w >= 5`);
//! 3. bound each product `a*b` by *McCormick's inequalities*: from `a >= la`
//!    and `b >= lb`, `(a - la)*(b - lb) >= 0`, so `a*b >= lb*a + la*b -
//!    la*lb`, which is linear in `a`, `b` and the product; likewise for the
//!    three other pairs of bounds;
//! 4. treat each monomial (`x`, `y*w`) as a variable of its own and
//!    eliminate them one at a time (*Fourier–Motzkin*): `P + a*m >= 0` and
//!    `N - b*m >= 0` (`a, b > 0`) give `b*P + a*N >= 0`. When a fact with
//!    no variable left is negative, the system has no solution, so the goal
//!    holds.
//!
//! Every step only weakens the system or derives what follows from it, so a
//! refutation is a proof; running out of budget (too many facts, rows, or
//! coefficients too large for `i128`) answers "not proved", never a wrong
//! "proved". Since the variables are integers, a derived row `sum(c_i*m_i) +
//! k >= 0` whose coefficients share a factor `g` becomes `sum(c_i/g * m_i) +
//! floor(k/g) >= 0` (what the Omega test calls tightening): `2x - 1 >= 0`
//! and `1 - 2x >= 0` have a rational solution (`x = 1/2`) but no integer one.
//!
//! Worked example (the shape of a 5x5 convolution's row `y - 2`): with `x >=
//! 2`, `y >= 2`, `w - x - 3 >= 0` (the guard `x < w - 2`) and `MAX - y*w -
//! 2*w >= 0` (the row `y + 2` is computed with `mul nsw`), the goal `MAX -
//! (y*w - 2*w + x + 2) >= 0` follows: propagation gives `w >= 5`, and the
//! goal is `(MAX - y*w - 2*w) + (w - x - 3) + 3*w + 1`, a sum of facts and
//! the bound `w >= 5` scaled by 3. Pinned by the tests at the end.
#![forbid(unsafe_code)]

use std::collections::BTreeMap;

/// A variable (an integer the caller names).
pub type Var = u32;

/// A monomial: one variable, or the product of two (`Two(a, b)`, `a <= b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mono {
    One(Var),
    Two(Var, Var),
}

impl Mono {
    fn degree(self) -> u32 {
        match self {
            Mono::One(_) => 1,
            Mono::Two(..) => 2,
        }
    }

    fn times(self, other: Mono) -> Option<Mono> {
        match (self, other) {
            (Mono::One(a), Mono::One(b)) => Some(Mono::Two(a.min(b), a.max(b))),
            _ => None,
        }
    }
}

/// Coefficients and constants stay below this magnitude (2^100), so that a
/// product of two of them by small factors cannot overflow `i128` unseen.
const LIMIT: i128 = 1 << 100;

fn checked(x: i128) -> Option<i128> {
    (x.abs() < LIMIT).then_some(x)
}

/// A polynomial of degree at most 2: `sum(coefficient * monomial) +
/// constant`, terms sorted by monomial, no zero coefficient.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly {
    terms: Vec<(Mono, i128)>,
    constant: i128,
}

impl Poly {
    pub fn constant(c: i128) -> Poly {
        Poly {
            terms: Vec::new(),
            constant: c,
        }
    }

    pub fn var(v: Var) -> Poly {
        Poly {
            terms: vec![(Mono::One(v), 1)],
            constant: 0,
        }
    }

    /// The constant, when the polynomial is one.
    pub fn as_constant(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn degree(&self) -> u32 {
        self.terms
            .iter()
            .map(|(m, _)| m.degree())
            .max()
            .unwrap_or(0)
    }

    /// The variables it mentions, in order, each once.
    pub fn vars(&self) -> Vec<Var> {
        let mut vs: Vec<Var> = Vec::new();
        for (m, _) in &self.terms {
            match *m {
                Mono::One(a) => vs.push(a),
                Mono::Two(a, b) => vs.extend([a, b]),
            }
        }
        vs.sort_unstable();
        vs.dedup();
        vs
    }

    /// `self + k * other`, or `None` when a coefficient grows too large.
    fn add_scaled(&self, other: &Poly, k: i128) -> Option<Poly> {
        let mut terms = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut i, mut j) = (0, 0);
        while i < self.terms.len() || j < other.terms.len() {
            let left = self.terms.get(i);
            let right = other.terms.get(j);
            let (m, c) = match (left, right) {
                (Some(&(ma, ca)), Some(&(mb, cb))) if ma == mb => {
                    i += 1;
                    j += 1;
                    (ma, checked(ca + checked(cb.checked_mul(k)?)?)?)
                }
                (Some(&(ma, ca)), Some(&(mb, _))) if ma < mb => {
                    i += 1;
                    (ma, ca)
                }
                (Some(&(ma, ca)), None) => {
                    i += 1;
                    (ma, ca)
                }
                (_, Some(&(mb, cb))) => {
                    j += 1;
                    (mb, checked(cb.checked_mul(k)?)?)
                }
                (None, None) => unreachable!("gpucc: the loop condition"),
            };
            if c != 0 {
                terms.push((m, c));
            }
        }
        let constant = checked(self.constant + checked(other.constant.checked_mul(k)?)?)?;
        Some(Poly { terms, constant })
    }

    pub fn add(&self, other: &Poly) -> Option<Poly> {
        self.add_scaled(other, 1)
    }

    pub fn sub(&self, other: &Poly) -> Option<Poly> {
        self.add_scaled(other, -1)
    }

    pub fn add_constant(&self, c: i128) -> Option<Poly> {
        self.add(&Poly::constant(c))
    }

    pub fn scale(&self, k: i128) -> Option<Poly> {
        Poly::default().add_scaled(self, k)
    }

    /// The product, when its degree stays at most 2.
    pub fn mul(&self, other: &Poly) -> Option<Poly> {
        if self.degree() + other.degree() > 2 {
            return None;
        }
        let mut out = self.scale(other.constant)?;
        for &(mb, cb) in &other.terms {
            // The constant part of `self` times `cb * mb`.
            let part = Poly {
                terms: vec![(mb, 1)],
                constant: 0,
            };
            out = out.add_scaled(&part, checked(self.constant.checked_mul(cb)?)?)?;
            for &(ma, ca) in &self.terms {
                let m = ma.times(mb)?;
                let part = Poly {
                    terms: vec![(m, 1)],
                    constant: 0,
                };
                out = out.add_scaled(&part, checked(ca.checked_mul(cb)?)?)?;
            }
        }
        Some(out)
    }
}

/// Bounds of a variable; `None` is unbounded on that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Bounds {
    lo: Option<i128>,
    hi: Option<i128>,
}

/// At most this many facts take part in one proof (the first found, in the
/// order they were given): Fourier–Motzkin grows quadratically per step.
pub const MAX_FACTS: usize = 96;
/// A proof gives up when an elimination step would leave more rows.
const MAX_ROWS: usize = 2048;
/// Rounds of bound propagation.
const ROUNDS: usize = 4;

/// Variables with bounds, and facts `p >= 0` about them.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    bounds: Vec<Bounds>,
    facts: Vec<Poly>,
}

impl Facts {
    pub fn new() -> Facts {
        Facts::default()
    }

    /// A new variable within `[lo, hi]`.
    pub fn new_var(&mut self, lo: i128, hi: i128) -> Var {
        let v = Var::try_from(self.bounds.len()).expect("gpucc: fewer than 2^32 variables");
        self.bounds.push(Bounds {
            lo: Some(lo),
            hi: Some(hi),
        });
        v
    }

    /// Narrows the bounds of `v` to `[lo, hi]` (intersected).
    pub fn narrow(&mut self, v: Var, lo: i128, hi: i128) {
        let b = &mut self.bounds[v as usize];
        b.lo = Some(b.lo.map_or(lo, |l| l.max(lo)));
        b.hi = Some(b.hi.map_or(hi, |h| h.min(hi)));
    }

    /// The bounds of `v`.
    pub fn bounds(&self, v: Var) -> (Option<i128>, Option<i128>) {
        let b = self.bounds[v as usize];
        (b.lo, b.hi)
    }

    pub fn count(&self) -> usize {
        self.facts.len()
    }

    /// Adds the fact `p >= 0`.
    pub fn assume_ge0(&mut self, p: Poly) {
        if p.as_constant().is_none() {
            self.facts.push(p);
        }
    }

    /// Adds `lo <= p <= hi`.
    pub fn assume_range(&mut self, p: &Poly, lo: i128, hi: i128) {
        if let Some(low) = p.add_constant(-lo) {
            self.assume_ge0(low);
        }
        if let Some(high) = p.scale(-1).and_then(|q| q.add_constant(hi)) {
            self.assume_ge0(high);
        }
    }

    /// Adds `a == b`.
    pub fn assume_eq(&mut self, a: &Poly, b: &Poly) {
        if let Some(d) = a.sub(b) {
            if let Some(n) = d.scale(-1) {
                self.assume_ge0(n);
            }
            self.assume_ge0(d);
        }
    }

    /// Do the facts imply `goal >= 0`? (Module docs.)
    pub fn implies_ge0(&self, goal: &Poly) -> bool {
        if let Some(c) = goal.as_constant() {
            return c >= 0;
        }
        let relevant = self.relevant(goal);
        let mut bounds = self.bounds.clone();
        propagate(&mut bounds, &relevant);
        let mut rows: Vec<Poly> = relevant.iter().map(|p| (*p).clone()).collect();
        let mut vars: Vec<Var> = goal.vars();
        let mut monos: Vec<Mono> = goal.terms.iter().map(|&(m, _)| m).collect();
        for p in &relevant {
            vars.extend(p.vars());
            monos.extend(p.terms.iter().map(|&(m, _)| m));
        }
        vars.sort_unstable();
        vars.dedup();
        monos.sort_unstable();
        monos.dedup();
        for &v in &vars {
            let b = bounds[v as usize];
            let x = Poly::var(v);
            if let Some(lo) = b.lo {
                rows.extend(x.add_constant(-lo));
            }
            if let Some(hi) = b.hi {
                rows.extend(x.scale(-1).and_then(|q| q.add_constant(hi)));
            }
        }
        for &m in &monos {
            if let Mono::Two(a, b) = m {
                rows.extend(mccormick(a, b, bounds[a as usize], bounds[b as usize]));
            }
        }
        // The negated goal: -goal - 1 >= 0.
        match goal.scale(-1).and_then(|q| q.add_constant(-1)) {
            Some(neg) => rows.push(neg),
            None => return false,
        }
        refute(&rows)
    }

    /// The facts connected to `goal` through shared variables, in the order
    /// they were given.
    fn relevant(&self, goal: &Poly) -> Vec<&Poly> {
        let mut seen_var = vec![false; self.bounds.len()];
        let mut taken = vec![false; self.facts.len()];
        for v in goal.vars() {
            seen_var[v as usize] = true;
        }
        let vars: Vec<Vec<Var>> = self.facts.iter().map(Poly::vars).collect();
        let mut count = 0;
        loop {
            let mut grew = false;
            for (i, vs) in vars.iter().enumerate() {
                if taken[i] || count >= MAX_FACTS {
                    continue;
                }
                if vs.iter().any(|&v| seen_var[v as usize]) {
                    taken[i] = true;
                    count += 1;
                    for &v in vs {
                        seen_var[v as usize] = true;
                    }
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        self.facts
            .iter()
            .zip(taken)
            .filter_map(|(p, t)| t.then_some(p))
            .collect()
    }
}

fn floor_div(a: i128, b: i128) -> i128 {
    let (q, r) = (a / b, a % b);
    if r != 0 && ((r < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// The bounds of monomial `m` from its variables' bounds.
fn mono_bounds(m: Mono, bounds: &[Bounds]) -> Bounds {
    match m {
        Mono::One(v) => bounds[v as usize],
        Mono::Two(a, b) => {
            let (x, y) = (bounds[a as usize], bounds[b as usize]);
            if let (Some(xl), Some(xh), Some(yl), Some(yh)) = (x.lo, x.hi, y.lo, y.hi) {
                let corners = [
                    xl.checked_mul(yl),
                    xl.checked_mul(yh),
                    xh.checked_mul(yl),
                    xh.checked_mul(yh),
                ];
                if corners.iter().all(|c| c.is_some_and(|c| c.abs() < LIMIT)) {
                    let cs = corners.map(|c| c.expect("gpucc: checked above"));
                    let mut lo = *cs.iter().min().expect("four corners");
                    let hi = *cs.iter().max().expect("four corners");
                    if a == b {
                        // A square is never negative.
                        lo = lo.max(0);
                    }
                    return Bounds {
                        lo: Some(lo),
                        hi: Some(hi),
                    };
                }
            }
            let non_negative = |z: Bounds| z.lo.is_some_and(|l| l >= 0);
            if a == b || (non_negative(x) && non_negative(y)) {
                let lo = if a == b {
                    0
                } else {
                    x.lo.zip(y.lo)
                        .and_then(|(p, q)| p.checked_mul(q))
                        .unwrap_or(0)
                };
                return Bounds {
                    lo: Some(lo),
                    hi: None,
                };
            }
            Bounds { lo: None, hi: None }
        }
    }
}

/// Tightens the variables' bounds from the facts, a few rounds.
fn propagate(bounds: &mut [Bounds], facts: &[&Poly]) {
    for _ in 0..ROUNDS {
        let mut changed = false;
        for p in facts {
            // max(c*m) of each term, and how many are unbounded above.
            let maxes: Vec<Option<i128>> = p
                .terms
                .iter()
                .map(|&(m, c)| {
                    let b = mono_bounds(m, bounds);
                    let side = if c > 0 { b.hi } else { b.lo };
                    side.and_then(|s| s.checked_mul(c))
                        .filter(|x| x.abs() < LIMIT)
                })
                .collect();
            let unbounded = maxes.iter().filter(|x| x.is_none()).count();
            if unbounded > 1 {
                continue;
            }
            let total: i128 = maxes.iter().flatten().sum::<i128>() + p.constant;
            for (j, &(m, c)) in p.terms.iter().enumerate() {
                let Mono::One(v) = m else { continue };
                // c*v >= -(constant + sum of the other terms' maxima).
                let others = match maxes[j] {
                    Some(mj) if unbounded == 0 => total - mj,
                    None if unbounded == 1 => total,
                    _ => continue,
                };
                let rhs = -others;
                let b = &mut bounds[v as usize];
                if c > 0 {
                    let lo = ceil_div(rhs, c);
                    if b.lo.is_none_or(|l| lo > l) && lo.abs() < LIMIT {
                        b.lo = Some(lo);
                        changed = true;
                    }
                } else {
                    let hi = floor_div(rhs, c);
                    if b.hi.is_none_or(|h| hi < h) && hi.abs() < LIMIT {
                        b.hi = Some(hi);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// McCormick's inequalities for `a*b` (module docs), those whose bounds
/// are known.
fn mccormick(a: Var, b: Var, x: Bounds, y: Bounds) -> Vec<Poly> {
    let prod = Poly {
        terms: vec![(Mono::Two(a, b), 1)],
        constant: 0,
    };
    let (pa, pb) = (Poly::var(a), Poly::var(b));
    let mut out = Vec::new();
    if a == b {
        out.push(prod.clone());
    }
    // (a - p)(b - q) >= 0 when both factors have the same sign:
    // a*b - q*a - p*b + p*q >= 0; `sign` -1 flips it for opposite signs.
    let mut pair = |p: Option<i128>, q: Option<i128>, sign: i128| {
        let (Some(p), Some(q)) = (p, q) else { return };
        let row = (|| {
            let r = prod
                .add_scaled(&pa, q.checked_neg()?)?
                .add_scaled(&pb, p.checked_neg()?)?
                .add_constant(checked(p.checked_mul(q)?)?)?;
            r.scale(sign)
        })();
        out.extend(row);
    };
    pair(x.lo, y.lo, 1); // (a - la)(b - lb) >= 0
    pair(x.hi, y.hi, 1); // (a - ha)(b - hb) >= 0: both factors <= 0
    pair(x.lo, y.hi, -1); // (a - la)(b - hb) <= 0
    pair(x.hi, y.lo, -1); // (a - ha)(b - lb) <= 0
    out
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Rows `sum(c * column) + k >= 0`, keyed by their terms, keeping the
/// tightest (least) `k` for each.
type Rows = BTreeMap<Vec<(u32, i128)>, i128>;

/// Adds row `terms + k >= 0` after integer tightening. Returns false when it
/// is a contradiction (no terms, `k < 0`).
fn insert(rows: &mut Rows, terms: Vec<(u32, i128)>, k: i128) -> bool {
    if terms.is_empty() {
        return k >= 0;
    }
    let g = terms.iter().fold(0, |g, &(_, c)| gcd(g, c));
    let (terms, k) = if g > 1 {
        (
            terms.into_iter().map(|(v, c)| (v, c / g)).collect(),
            floor_div(k, g),
        )
    } else {
        (terms, k)
    };
    rows.entry(terms)
        .and_modify(|old| *old = (*old).min(k))
        .or_insert(k);
    true
}

/// Is the system `p >= 0` for every `p` in `polys` infeasible over the
/// integers? Fourier–Motzkin over the monomials (module docs); `false` also
/// when the budget runs out.
fn refute(polys: &[Poly]) -> bool {
    let mut cols: Vec<Mono> = polys
        .iter()
        .flat_map(|p| p.terms.iter().map(|&(m, _)| m))
        .collect();
    cols.sort_unstable();
    cols.dedup();
    let col = |m: Mono| u32::try_from(cols.binary_search(&m).expect("a known monomial")).ok();
    let mut rows = Rows::new();
    for p in polys {
        let Some(terms) = p
            .terms
            .iter()
            .map(|&(m, c)| col(m).map(|i| (i, c)))
            .collect::<Option<Vec<_>>>()
        else {
            return false;
        };
        if !insert(&mut rows, terms, p.constant) {
            return true;
        }
    }
    loop {
        // Count the rows where each column appears with each sign.
        let mut counts: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
        for terms in rows.keys() {
            for &(v, c) in terms {
                let e = counts.entry(v).or_default();
                if c > 0 {
                    e.0 += 1;
                } else {
                    e.1 += 1;
                }
            }
        }
        let Some((&v, _)) = counts.iter().min_by_key(|(_, &(p, n))| p * n) else {
            return false; // no variable left and no contradiction
        };
        let mut next = Rows::new();
        let mut pos = Vec::new();
        let mut neg = Vec::new();
        for (terms, &k) in &rows {
            match terms.iter().find(|&&(w, _)| w == v) {
                None => {
                    next.insert(terms.clone(), k);
                }
                Some(&(_, c)) if c > 0 => pos.push((terms, k, c)),
                Some(&(_, c)) => neg.push((terms, k, -c)),
            }
        }
        if next.len() + pos.len() * neg.len() > MAX_ROWS {
            return false;
        }
        for &(pt, pk, a) in &pos {
            for &(nt, nk, b) in &neg {
                // b*P + a*N: the column cancels.
                let Some(combined) = combine(pt, pk, b, nt, nk, a, v) else {
                    return false;
                };
                if !insert(&mut next, combined.0, combined.1) {
                    return true;
                }
            }
        }
        rows = next;
    }
}

/// `b*(pt + pk) + a*(nt + nk)` without column `v`, or `None` on overflow.
fn combine(
    pt: &[(u32, i128)],
    pk: i128,
    b: i128,
    nt: &[(u32, i128)],
    nk: i128,
    a: i128,
    v: u32,
) -> Option<(Vec<(u32, i128)>, i128)> {
    let mut out: Vec<(u32, i128)> = Vec::with_capacity(pt.len() + nt.len());
    let (mut i, mut j) = (0, 0);
    while i < pt.len() || j < nt.len() {
        let (w, c) = match (pt.get(i), nt.get(j)) {
            (Some(&(x, cx)), Some(&(y, cy))) if x == y => {
                i += 1;
                j += 1;
                (x, cx.checked_mul(b)?.checked_add(cy.checked_mul(a)?)?)
            }
            (Some(&(x, cx)), Some(&(y, _))) if x < y => {
                i += 1;
                (x, cx.checked_mul(b)?)
            }
            (Some(&(x, cx)), None) => {
                i += 1;
                (x, cx.checked_mul(b)?)
            }
            (_, Some(&(y, cy))) => {
                j += 1;
                (y, cy.checked_mul(a)?)
            }
            (None, None) => unreachable!("gpucc: the loop condition"),
        };
        if w != v && c != 0 {
            checked(c)?;
            out.push((w, c));
        }
    }
    let k = checked(pk.checked_mul(b)?.checked_add(nk.checked_mul(a)?)?)?;
    Some((out, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: i128 = i32::MAX as i128;
    const MIN: i128 = i32::MIN as i128;

    fn v(x: Var) -> Poly {
        Poly::var(x)
    }

    fn c(k: i128) -> Poly {
        Poly::constant(k)
    }

    /// An i32 variable.
    fn int(f: &mut Facts) -> Var {
        f.new_var(MIN, MAX)
    }

    #[test]
    fn polynomials_multiply_and_cancel() {
        // (y - 2) * w - (y + 2) * w = -4w
        let (y, w) = (0, 1);
        let a = v(y).add_constant(-2).unwrap().mul(&v(w)).unwrap();
        let b = v(y).add_constant(2).unwrap().mul(&v(w)).unwrap();
        assert_eq!(a.sub(&b).unwrap(), v(w).scale(-4).unwrap());
        // Degree 3 is refused.
        let sq = v(y).mul(&v(y)).unwrap();
        assert_eq!(sq.mul(&v(w)), None);
    }

    #[test]
    fn bounds_alone_prove_a_small_add() {
        // x in [0, 1023]: x + 5 <= MAX.
        let mut f = Facts::new();
        let x = f.new_var(0, 1023);
        let goal = c(MAX).sub(&v(x).add_constant(5).unwrap()).unwrap();
        assert!(f.implies_ge0(&goal));
        // An unbounded i32 does not.
        let y = int(&mut f);
        let goal = c(MAX).sub(&v(y).add_constant(5).unwrap()).unwrap();
        assert!(!f.implies_ge0(&goal));
    }

    /// `if (x < n - 2) ... x + 2`: the guard proves it, `x + 3` it does not.
    #[test]
    fn a_guard_proves_exactly_up_to_its_bound() {
        let mut f = Facts::new();
        let (x, n) = (int(&mut f), int(&mut f));
        // n - 2 is computed with nsw: it is in range.
        let n2 = v(n).add_constant(-2).unwrap();
        f.assume_range(&n2, MIN, MAX);
        // x < n - 2, i.e. n - 2 - x - 1 >= 0.
        f.assume_ge0(n2.sub(&v(x)).unwrap().add_constant(-1).unwrap());
        let fits = |k: i128| c(MAX).sub(&v(x).add_constant(k).unwrap()).unwrap();
        assert!(f.implies_ge0(&fits(2)));
        assert!(f.implies_ge0(&fits(3)));
        assert!(!f.implies_ge0(&fits(4)));
    }

    /// The off-by-one boundary: `x < MAX - c + 1` leaves `x + c` one past.
    #[test]
    fn constant_guard_boundary() {
        let mut f = Facts::new();
        let x = int(&mut f);
        // x < MAX - 4 + 1, i.e. x <= MAX - 4: x + 4 fits, x + 5 does not.
        f.assume_ge0(c(MAX - 4).sub(&v(x)).unwrap());
        let fits = |k: i128| c(MAX).sub(&v(x).add_constant(k).unwrap()).unwrap();
        assert!(f.implies_ge0(&fits(4)));
        assert!(!f.implies_ge0(&fits(5)));
    }

    /// The 5x5 convolution of the module docs: rows y-2 .. y+1 fit, y+2 not.
    #[test]
    fn convolution_rows_need_a_larger_row() {
        let mut f = Facts::new();
        let (x, y, w) = (int(&mut f), int(&mut f), int(&mut f));
        f.assume_ge0(v(x).add_constant(-2).unwrap()); // x > 1
        f.assume_ge0(v(y).add_constant(-2).unwrap()); // y > 1
        f.assume_ge0(v(w).sub(&v(x)).unwrap().add_constant(-3).unwrap()); // x < w - 2
        for dy in -2..=2 {
            // (y + dy) * w computed with mul nsw.
            let row = v(y).add_constant(dy).unwrap().mul(&v(w)).unwrap();
            f.assume_range(&row, MIN, MAX);
        }
        for dy in -2..=2 {
            let idx = v(y)
                .add_constant(dy)
                .unwrap()
                .mul(&v(w))
                .unwrap()
                .add(&v(x))
                .unwrap();
            let up = c(MAX).sub(&idx.add_constant(2).unwrap()).unwrap();
            let down = idx.add_constant(-2 - MIN).unwrap();
            assert_eq!(f.implies_ge0(&up), dy < 2, "row {dy}, upper");
            assert!(f.implies_ge0(&down), "row {dy}, lower");
        }
    }

    /// The 3x3 submatrix: `b >= 0`, `b + 2 < n`, `c + 2 < n`, and a store
    /// through `(b + 1) * n +nsw (c + 1)`: rows 0 and 1 fit, row 2 does not.
    #[test]
    fn submatrix_rows_need_the_store() {
        let mut f = Facts::new();
        let b = f.new_var(0, 67_108_863);
        let (c_, n) = (int(&mut f), int(&mut f));
        for x in [b, c_] {
            let x2 = v(x).add_constant(2).unwrap();
            f.assume_range(&x2, MIN, MAX);
            f.assume_ge0(v(n).sub(&x2).unwrap().add_constant(-1).unwrap());
        }
        let row = |dx: i128| v(b).add_constant(dx).unwrap().mul(&v(n)).unwrap();
        for dx in 0..=2 {
            f.assume_range(&row(dx), MIN, MAX);
        }
        let store = row(1).add(&v(c_)).unwrap().add_constant(1).unwrap();
        f.assume_range(&store, MIN, MAX);
        for dx in 0..=2 {
            let idx = row(dx).add(&v(c_)).unwrap();
            let up = c(MAX).sub(&idx.add_constant(2).unwrap()).unwrap();
            let down = idx.add_constant(-MIN).unwrap();
            assert_eq!(f.implies_ge0(&up), dx < 2, "row {dx}, upper");
            assert!(f.implies_ge0(&down), "row {dx}, lower");
        }
        // Without b >= 0 the lower bound of row 0 is lost.
        let mut g = Facts::new();
        let b = int(&mut g);
        let (c_, n) = (int(&mut g), int(&mut g));
        g.assume_range(&v(b).mul(&v(n)).unwrap(), MIN, MAX);
        g.assume_ge0(v(n).sub(&v(c_)).unwrap().add_constant(-3).unwrap());
        let idx = v(b).mul(&v(n)).unwrap().add(&v(c_)).unwrap();
        assert!(!g.implies_ge0(&idx.add_constant(-MIN).unwrap()));
    }

    #[test]
    fn integer_tightening_refutes_what_rationals_allow() {
        // 2x >= 1 and 2x <= 1: x = 1/2 only.
        let mut f = Facts::new();
        let x = int(&mut f);
        f.assume_ge0(v(x).scale(2).unwrap().add_constant(-1).unwrap());
        f.assume_ge0(v(x).scale(-2).unwrap().add_constant(1).unwrap());
        // Anything follows from no integer solution.
        assert!(f.implies_ge0(&v(x).add_constant(-1000).unwrap()));
    }

    #[test]
    fn squares_are_non_negative() {
        let mut f = Facts::new();
        let x = int(&mut f);
        assert!(f.implies_ge0(&v(x).mul(&v(x)).unwrap()));
        assert!(!f.implies_ge0(&v(x).mul(&v(x)).unwrap().add_constant(-1).unwrap()));
    }

    /// A small deterministic generator (no dependency for one test).
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % n
        }

        fn int(&mut self, lo: i128, hi: i128) -> i128 {
            lo + i128::from(self.below(u64::try_from(hi - lo + 1).expect("small range")))
        }
    }

    /// A random polynomial over `vars` with small coefficients, one product
    /// term at most.
    fn random_poly(rng: &mut Lcg, vars: &[Var]) -> Poly {
        let mut p = c(rng.int(-10, 10));
        for &x in vars {
            if rng.below(3) > 0 {
                p = p.add(&v(x).scale(rng.int(-3, 3)).unwrap()).unwrap();
            }
        }
        if rng.below(3) == 0 {
            let a = vars[rng.below(vars.len() as u64) as usize];
            let b = vars[rng.below(vars.len() as u64) as usize];
            let prod = v(a).mul(&v(b)).unwrap().scale(rng.int(-2, 2)).unwrap();
            p = p.add(&prod).unwrap();
        }
        p
    }

    fn eval(p: &Poly, at: &[i128]) -> i128 {
        p.terms
            .iter()
            .map(|&(m, k)| match m {
                Mono::One(a) => k * at[a as usize],
                Mono::Two(a, b) => k * at[a as usize] * at[b as usize],
            })
            .sum::<i128>()
            + p.constant
    }

    /// Soundness against brute force: whenever the facts are said to imply
    /// the goal, every integer point of the box that satisfies the facts
    /// satisfies the goal. (Completeness is not claimed: the relaxation may
    /// miss proofs.)
    #[test]
    fn proofs_hold_on_every_point_of_small_boxes() {
        let mut rng = Lcg(0x5eed);
        let (mut proved, mut cases) = (0, 0);
        for _ in 0..4000 {
            let n = 2 + rng.below(2) as usize;
            let mut f = Facts::new();
            let bounds: Vec<(i128, i128)> = (0..n)
                .map(|_| {
                    let lo = rng.int(-6, 2);
                    (lo, lo + rng.int(0, 8))
                })
                .collect();
            let vars: Vec<Var> = bounds.iter().map(|&(lo, hi)| f.new_var(lo, hi)).collect();
            for _ in 0..rng.below(4) + 1 {
                f.assume_ge0(random_poly(&mut rng, &vars));
            }
            let goal = random_poly(&mut rng, &vars);
            cases += 1;
            if !f.implies_ge0(&goal) {
                continue;
            }
            proved += 1;
            // Every point of the box.
            let mut at: Vec<i128> = bounds.iter().map(|b| b.0).collect();
            loop {
                if f.facts.iter().all(|p| eval(p, &at) >= 0) {
                    assert!(
                        eval(&goal, &at) >= 0,
                        "{f:?} does not imply {goal:?} at {at:?}"
                    );
                }
                let mut k = 0;
                while k < n {
                    if at[k] < bounds[k].1 {
                        at[k] += 1;
                        break;
                    }
                    at[k] = bounds[k].0;
                    k += 1;
                }
                if k == n {
                    break;
                }
            }
        }
        println!("{proved} of {cases} goals proved");
        // The test means something only if many goals were proved.
        assert!(proved > cases / 10, "{proved} of {cases} proved");
    }

    #[test]
    fn huge_coefficients_give_up_instead_of_overflowing() {
        let mut f = Facts::new();
        let x = f.new_var(-(1 << 90), 1 << 90);
        let y = f.new_var(-(1 << 90), 1 << 90);
        let big = v(x).scale(1 << 60).unwrap().add(&v(y)).unwrap();
        f.assume_ge0(big.clone());
        assert!(!f.implies_ge0(&v(y).add_constant(1 << 95).unwrap().scale(-1).unwrap()));
    }
}

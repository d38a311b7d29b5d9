//! Natural loops of one function, as the loop passes of the clang path need
//! them: each back edge `latch -> header` (the header dominates the latch)
//! with the blocks of its loop, in function order, so that what the passes
//! do depends on the function alone.
//!
//! This is a small version of LLVM's LoopInfo, computed from the CFG and the
//! dominator tree the caller passes as a predicate: the loop of a back edge
//! is the header plus every block that reaches the latch backwards without
//! passing the header. A loop is *innermost* when no other back edge has
//! both ends in it.

use crate::analysis::fxhash::FxHashMap;
use inkwell::basic_block::BasicBlock;
use inkwell::values::{FunctionValue, Operand};

/// One back edge and its natural loop.
pub struct Loop {
    /// The block whose terminator branches back.
    pub latch: usize,
    /// The block it branches to, which dominates it.
    pub header: usize,
    /// `body[b]`: is block `b` (function order) in the loop?
    pub body: Vec<bool>,
    /// Does no other back edge lie inside this loop?
    pub innermost: bool,
}

/// The CFG of a function, by block index in function order, and its loops.
pub struct Loops<'ctx> {
    pub blocks: Vec<BasicBlock<'ctx>>,
    pub succs: Vec<Vec<usize>>,
    pub preds: Vec<Vec<usize>>,
    /// In function order of the latches (then of the headers).
    pub loops: Vec<Loop>,
}

/// The successors of `bb`'s terminator, in operand order.
pub fn successors<'ctx>(bb: BasicBlock<'ctx>) -> Vec<BasicBlock<'ctx>> {
    let Some(term) = bb.get_terminator() else {
        return Vec::new();
    };
    (0..term.get_num_operands())
        .filter_map(|i| match term.get_operand(i) {
            Some(Operand::Block(b)) => Some(b),
            _ => None,
        })
        .collect()
}

impl<'ctx> Loops<'ctx> {
    /// The loops of `f`; `dominates(a, b)` answers whether block `a`
    /// dominates block `b`.
    pub fn of(
        f: FunctionValue<'ctx>,
        dominates: impl Fn(BasicBlock<'ctx>, BasicBlock<'ctx>) -> bool,
    ) -> Self {
        let blocks: Vec<BasicBlock<'ctx>> = f.get_basic_block_iter().collect();
        let index: FxHashMap<BasicBlock<'ctx>, usize> =
            blocks.iter().enumerate().map(|(i, &b)| (b, i)).collect();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|&b| {
                successors(b)
                    .iter()
                    .filter_map(|s| index.get(s).copied())
                    .collect()
            })
            .collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
        for (b, ss) in succs.iter().enumerate() {
            for &s in ss {
                if !preds[s].contains(&b) {
                    preds[s].push(b);
                }
            }
        }
        let mut edges: Vec<(usize, usize)> = Vec::new();
        for (l, ss) in succs.iter().enumerate() {
            for &h in ss {
                if !edges.contains(&(l, h)) && dominates(blocks[h], blocks[l]) {
                    edges.push((l, h));
                }
            }
        }
        let bodies: Vec<Vec<bool>> = edges
            .iter()
            .map(|&(l, h)| natural_loop(l, h, &preds))
            .collect();
        let loops = edges
            .iter()
            .zip(&bodies)
            .map(|(&(latch, header), body)| {
                let innermost = !edges
                    .iter()
                    .any(|&(l, h)| (l, h) != (latch, header) && body[l] && body[h]);
                Loop {
                    latch,
                    header,
                    body: body.clone(),
                    innermost,
                }
            })
            .collect();
        Loops {
            blocks,
            succs,
            preds,
            loops,
        }
    }
}

/// The natural loop of back edge `latch -> header`.
fn natural_loop(latch: usize, header: usize, preds: &[Vec<usize>]) -> Vec<bool> {
    let mut body = vec![false; preds.len()];
    body[header] = true;
    let mut stack = vec![latch];
    while let Some(b) = stack.pop() {
        if body[b] {
            continue;
        }
        body[b] = true;
        stack.extend(preds[b].iter().copied().filter(|&p| !body[p]));
    }
    body
}

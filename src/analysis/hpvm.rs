//! The HPVM dataflow graph of a module, read from its `llvm.hpvm.*` calls
//! (the notation of `docs/hpvm.md` §1), for `gpucc-hpvm-gen` (which checks
//! it) and `gpucc-hpvm-lower` (which lowers its leaves).
//!
//! A *node* is a `createNode{,1D,2D,3D}` call: the function it instantiates,
//! its rank and instance counts, and the function that creates it (its
//! parent). Bindings (`bind.input`/`bind.output`) and edges (`createEdge`)
//! name nodes by their handles; a handle is the call's result, or at `-O0`
//! a load of the one stack slot it was stored to. Everything is kept in
//! module order, so what the passes do depends on the module alone.

use crate::llvm;
use inkwell::values::{
    AsValueRef, BasicValue, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue,
};

/// The prefix of every HPVM intrinsic.
pub const PREFIX: &str = "llvm.hpvm.";

/// One `createNode*` call.
pub struct Node<'ctx> {
    pub call: InstructionValue<'ctx>,
    /// The function instantiated.
    pub func: FunctionValue<'ctx>,
    /// 0 (one instance), 1, 2 or 3.
    pub rank: u32,
    /// The instance count of each dimension.
    pub counts: Vec<BasicValueEnum<'ctx>>,
    /// The function that creates the node.
    pub parent: FunctionValue<'ctx>,
}

/// One `bind.input` (parent input -> node input) or `bind.output` (node
/// output -> parent output).
pub struct Bind<'ctx> {
    pub call: InstructionValue<'ctx>,
    pub input: bool,
    /// Index into [`Graph::nodes`], when the handle resolves.
    pub node: Option<usize>,
    /// The parent's port and the node's port.
    pub parent_port: u32,
    pub node_port: u32,
    pub streaming: bool,
}

/// One `createEdge` between siblings.
pub struct Edge<'ctx> {
    pub call: InstructionValue<'ctx>,
    pub src: Option<usize>,
    pub dst: Option<usize>,
    pub one_to_one: bool,
    pub src_out: u32,
    pub dst_in: u32,
    pub streaming: bool,
}

/// The graph of one module.
pub struct Graph<'ctx> {
    pub nodes: Vec<Node<'ctx>>,
    pub binds: Vec<Bind<'ctx>>,
    pub edges: Vec<Edge<'ctx>>,
}

/// The HPVM intrinsic `inst` calls (`"createNode1D"`, ...), if any.
pub fn intrinsic(inst: InstructionValue<'_>) -> Option<String> {
    let f = callee(inst)?;
    let name = f.get_name().to_str().ok()?;
    name.strip_prefix(PREFIX).map(str::to_string)
}

/// The function a call instruction calls directly.
pub fn callee<'ctx>(inst: InstructionValue<'ctx>) -> Option<FunctionValue<'ctx>> {
    if inst.get_opcode() != InstructionOpcode::Call {
        return None;
    }
    let n = llvm::operand_count(&inst);
    match llvm::operand(&inst, n.checked_sub(1)?)? {
        BasicValueEnum::PointerValue(p) => llvm::openmp_sm::as_function(p),
        _ => None,
    }
}

/// The arguments of call `inst`.
pub fn args<'ctx>(inst: InstructionValue<'ctx>) -> Vec<BasicValueEnum<'ctx>> {
    let n = llvm::operand_count(&inst);
    (0..n.saturating_sub(1))
        .filter_map(|i| llvm::operand(&inst, i))
        .collect()
}

/// The value of an integer constant that fits `u32`.
pub fn const_u32(v: BasicValueEnum<'_>) -> Option<u32> {
    match v {
        BasicValueEnum::IntValue(i) if i.is_const() => {
            u32::try_from(i.get_zero_extended_constant()?).ok()
        }
        _ => None,
    }
}

/// The instruction a node handle comes from: `v` itself, or at `-O0` the
/// value stored to the stack slot `v` is loaded from (one store only).
pub fn handle_source<'ctx>(v: BasicValueEnum<'ctx>) -> Option<InstructionValue<'ctx>> {
    let inst = v.as_instruction_value()?;
    if inst.get_opcode() != InstructionOpcode::Load {
        return Some(inst);
    }
    let slot = llvm::operand(&inst, 0)?.as_instruction_value()?;
    if slot.get_opcode() != InstructionOpcode::Alloca {
        return Some(inst);
    }
    let mut stored = None;
    for (user, no) in llvm::uses_of(slot) {
        match user.get_opcode() {
            InstructionOpcode::Store if no == 1 => {
                if stored.is_some() {
                    return None;
                }
                stored = llvm::operand(&user, 0)?.as_instruction_value();
            }
            InstructionOpcode::Load => {}
            _ => return None,
        }
    }
    stored
}

/// The outputs of node function `f`: the operands of its `llvm.hpvm.return`
/// after the count (none without one).
pub fn outputs<'ctx>(f: FunctionValue<'ctx>) -> Vec<BasicValueEnum<'ctx>> {
    calls_in(f)
        .into_iter()
        .find(|(_, name)| name == "return")
        .map(|(c, _)| args(c).into_iter().skip(1).collect())
        .unwrap_or_default()
}

/// Every HPVM call of `f`, in order, with its intrinsic name.
pub fn calls_in<'ctx>(f: FunctionValue<'ctx>) -> Vec<(InstructionValue<'ctx>, String)> {
    let mut out = Vec::new();
    for bb in f.get_basic_block_iter() {
        for i in std::iter::successors(bb.get_first_instruction(), |i| i.get_next_instruction()) {
            if let Some(name) = intrinsic(i) {
                out.push((i, name));
            }
        }
    }
    out
}

/// The rank of a `createNode*` intrinsic name.
pub fn node_rank(name: &str) -> Option<u32> {
    match name {
        "createNode" => Some(0),
        "createNode1D" => Some(1),
        "createNode2D" => Some(2),
        "createNode3D" => Some(3),
        _ => None,
    }
}

impl<'ctx> Graph<'ctx> {
    /// The graph of the definitions `functions`; `Err` names a call whose
    /// operands are not what the notation says.
    pub fn build(functions: &[FunctionValue<'ctx>]) -> Result<Graph<'ctx>, String> {
        let mut g = Graph {
            nodes: Vec::new(),
            binds: Vec::new(),
            edges: Vec::new(),
        };
        let mut later = Vec::new();
        for &f in functions {
            for (call, name) in calls_in(f) {
                if let Some(rank) = node_rank(&name) {
                    let a = args(call);
                    let func = match a.first() {
                        Some(BasicValueEnum::PointerValue(p)) => llvm::openmp_sm::as_function(*p),
                        _ => None,
                    }
                    .ok_or_else(|| {
                        format!(
                            "in @{}: llvm.hpvm.{name} does not name a function",
                            fname(f)
                        )
                    })?;
                    g.nodes.push(Node {
                        call,
                        func,
                        rank,
                        counts: a[1..].to_vec(),
                        parent: f,
                    });
                } else if matches!(name.as_str(), "bind.input" | "bind.output" | "createEdge") {
                    later.push((call, name, f));
                }
            }
        }
        for (call, name, f) in later {
            let a = args(call);
            let port = |k: usize| {
                a.get(k).copied().and_then(const_u32).ok_or_else(|| {
                    format!(
                        "in @{}: operand {k} of llvm.hpvm.{name} is not a constant",
                        fname(f)
                    )
                })
            };
            if name == "createEdge" {
                g.edges.push(Edge {
                    call,
                    src: a.first().and_then(|&v| g.node_of(v)),
                    dst: a.get(1).and_then(|&v| g.node_of(v)),
                    one_to_one: port(2)? != 0,
                    src_out: port(3)?,
                    dst_in: port(4)?,
                    streaming: port(5)? != 0,
                });
            } else {
                let input = name == "bind.input";
                let (p, n) = if input {
                    (port(1)?, port(2)?)
                } else {
                    (port(2)?, port(1)?)
                };
                g.binds.push(Bind {
                    call,
                    input,
                    node: a.first().and_then(|&v| g.node_of(v)),
                    parent_port: p,
                    node_port: n,
                    streaming: port(3)? != 0,
                });
            }
        }
        Ok(g)
    }

    /// The node whose handle `v` is.
    pub fn node_of(&self, v: BasicValueEnum<'ctx>) -> Option<usize> {
        let src = handle_source(v)?;
        self.nodes
            .iter()
            .position(|n| n.call.as_value_ref() == src.as_value_ref())
    }

    /// The nodes that instantiate `f`.
    pub fn nodes_of(&self, f: FunctionValue<'ctx>) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&i| self.nodes[i].func == f)
            .collect()
    }

    /// Does `f` create nodes?
    pub fn creates_nodes(&self, f: FunctionValue<'ctx>) -> bool {
        self.nodes.iter().any(|n| n.parent == f)
    }
}

/// `f`'s name.
pub fn fname(f: FunctionValue<'_>) -> String {
    f.get_name().to_string_lossy().into_owned()
}

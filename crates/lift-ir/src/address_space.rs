//! Address-space inference: Algorithm 1 of the CGO'17 paper over one
//! low-level [`Stage`], and its verifier.
//!
//! **In:** a low-level stage. **Out:** a side table ([`AddressSpaces`])
//! giving every node of the stage's tree its [`Placement`]: for an
//! expression, the address space its value lives in; for a function, the
//! address space of what it returns where it is applied. Nodes are
//! numbered by [`Nodes`], a pre-order walk of the tree (an expression,
//! then its function, then its arguments; a function, then the function
//! or lambda body nested in it), so node 0 is the stage's body.
//!
//! The rules, as in the paper (Algorithm 1), with nessie's adaptations
//! marked:
//! - `Input`s are global (a kernel parameter that is a scalar is passed by
//!   value: private, the paper's rule for scalar parameters); literals are
//!   private; a lambda's parameters take the placement of its arguments.
//! - `toGlobal(f)`, `toLocal(f)`, `toPrivate(f)` set the space `f` writes
//!   to (`writeTo`); maps, `iterate`'s body and `atomicMax` pass it on.
//! - A user function (or `id`) writes where `writeTo` says. Without an
//!   enclosing `to*` it returns a scalar in private memory (nessie: user
//!   functions return scalars, which a work-item keeps in registers; the
//!   paper's default to global arises only for arrays, which nessie's
//!   rules always write under a `to*` or into the stage's result).
//! - The stage's body writes global memory (its result buffers).
//! - `reduceSeq` and `scanSeq` accumulate in private memory: the paper's
//!   "the memory of the initializer", which is a literal (private) in
//!   every reduction the rules make; nessie's IR defines the accumulator
//!   as private, so a `scanSeq` from an array element also accumulates
//!   privately. `scanSeq` writes its prefixes where `writeTo` says.
//! - `iterate` writes its buffers in the memory of its input (the paper
//!   passes `writeTo`; nessie's reduction tree has no `toLocal` in the
//!   body, its input is local).
//! - A map's result is where its function's results are.
//! - Data layout patterns are views: `split`, `join`, `gather`, `pad`,
//!   `scatter` and `joinSegments` keep their argument's placement, `zip`
//!   is the tuple of its arguments' placements, `get(i)` picks component
//!   `i`; `generate` and `segments` compute their elements from the
//!   kernel's global inputs when read (global). The arguments of an
//!   application are computed before it and get no `writeTo`, except
//!   those of the output views (`join`, `split`, `scatter`,
//!   `joinSegments`), which write into the memory their result is in.
//!
//! [`verify`] rejects what no OpenCL program can do: a `toLocal` outside
//! a `mapWrg`, local memory written by a `mapGlb` or outside any work
//! group, a parallel map whose result is in private memory, and a stage
//! whose result is not in global memory.

use std::collections::HashMap;
use std::fmt;

use flatten::ir::VarType;

use crate::ir::{Expr, Fun, LiftKernel, ParamId, Stage};

/// One OpenCL address space.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    Global,
    Local,
    Private,
}

impl fmt::Display for AddressSpace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AddressSpace::Global => "global",
            AddressSpace::Local => "local",
            AddressSpace::Private => "private",
        })
    }
}

/// Where a value lives: one address space, or a tuple of placements (a
/// `zip` of arrays in different memories; `get(i)` picks one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    In(AddressSpace),
    Tuple(Vec<Placement>),
}

impl Placement {
    /// A `zip` of values placed so: one space when they all share it.
    pub fn tuple(items: Vec<Placement>) -> Placement {
        match items.first() {
            Some(Placement::In(s)) if items.iter().all(|p| *p == Placement::In(*s)) => Placement::In(*s),
            _ => Placement::Tuple(items),
        }
    }

    /// Component `i`: a tuple's item, or the space of a tuple kept in one
    /// memory.
    pub fn get(&self, i: usize) -> Option<Placement> {
        match self {
            Placement::In(s) => Some(Placement::In(*s)),
            Placement::Tuple(items) => items.get(i).cloned(),
        }
    }

    /// The one address space of the value, if it has one.
    pub fn single(&self) -> Option<AddressSpace> {
        match self {
            Placement::In(s) => Some(*s),
            Placement::Tuple(_) => None,
        }
    }

    /// Whether any component is in `space`.
    pub fn touches(&self, space: AddressSpace) -> bool {
        match self {
            Placement::In(s) => *s == space,
            Placement::Tuple(items) => items.iter().any(|p| p.touches(space)),
        }
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Placement::In(s) => write!(f, "{s}"),
            Placement::Tuple(items) => {
                let items: Vec<String> = items.iter().map(|p| p.to_string()).collect();
                write!(f, "({})", items.join(", "))
            }
        }
    }
}

/// A node of a stage's tree, numbered by [`Nodes`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

#[derive(Copy, Clone, Debug)]
pub enum Node<'a> {
    Expr(&'a Expr),
    Fun(&'a Fun),
}

/// The nodes of a stage's tree in pre-order: an expression, then (for an
/// application) its function and its arguments in order; a function,
/// then the lambda body or the function nested in it. The identity of a
/// node is its place in this walk; [`Nodes::expr_id`] and
/// [`Nodes::fun_id`] find it for a node of the tree the numbering borrows
/// (by address: the tree cannot change while it is borrowed).
#[derive(Default)]
pub struct Nodes<'a> {
    nodes: Vec<Node<'a>>,
    exprs: HashMap<usize, NodeId>,
    funs: HashMap<usize, NodeId>,
}

impl<'a> Nodes<'a> {
    pub fn new(body: &'a Expr) -> Nodes<'a> {
        let mut nodes = Nodes::default();
        nodes.walk_expr(body);
        nodes
    }

    fn next(&self) -> NodeId {
        NodeId(self.nodes.len() as u32)
    }

    fn walk_expr(&mut self, e: &'a Expr) {
        self.exprs.insert(std::ptr::from_ref(e) as usize, self.next());
        self.nodes.push(Node::Expr(e));
        if let Expr::Apply(f, args) = e {
            self.walk_fun(f);
            for a in args {
                self.walk_expr(a);
            }
        }
    }

    fn walk_fun(&mut self, f: &'a Fun) {
        self.funs.insert(std::ptr::from_ref(f) as usize, self.next());
        self.nodes.push(Node::Fun(f));
        match f {
            Fun::Lambda(_, body) => self.walk_expr(body),
            _ => {
                if let Some(g) = nested_fun(f) {
                    self.walk_fun(g);
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn get(&self, id: NodeId) -> Option<Node<'a>> {
        self.nodes.get(id.0 as usize).copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = (NodeId, Node<'a>)> + '_ {
        self.nodes.iter().enumerate().map(|(i, n)| (NodeId(i as u32), *n))
    }

    /// The id of an expression of the numbered tree.
    pub fn expr_id(&self, e: &Expr) -> Option<NodeId> {
        self.exprs.get(&(std::ptr::from_ref(e) as usize)).copied()
    }

    /// The id of a function of the numbered tree.
    pub fn fun_id(&self, f: &Fun) -> Option<NodeId> {
        self.funs.get(&(std::ptr::from_ref(f) as usize)).copied()
    }
}

/// The function a pattern applies (`f` of `mapLcl(0)(f)`); `None` for a
/// lambda (whose body is an expression), a user function and the
/// first-order patterns.
pub fn nested_fun(f: &Fun) -> Option<&Fun> {
    match f {
        Fun::Map(g)
        | Fun::Reduce(g)
        | Fun::PartRed(g, _)
        | Fun::Scan(g)
        | Fun::MapGlb(_, g)
        | Fun::MapWrg(_, g)
        | Fun::MapLcl { f: g, .. }
        | Fun::MapSeq(g)
        | Fun::ReduceSeq(g)
        | Fun::ScanSeq(g)
        | Fun::SegReduceTeams(g, _)
        | Fun::SegReduceMerge(g, _)
        | Fun::SegReduceChunks(g, _)
        | Fun::ScanLookback(g, _)
        | Fun::Iterate(_, g)
        | Fun::ToGlobal(g)
        | Fun::ToLocal(g)
        | Fun::ToPrivate(g)
        | Fun::AtomicMax(g) => Some(g),
        Fun::Lambda(..)
        | Fun::User(_)
        | Fun::Id
        | Fun::Generate(..)
        | Fun::Segments(_)
        | Fun::RadixCounts(_)
        | Fun::RadixScatter(..)
        | Fun::SegmentIds(_)
        | Fun::MapTileSegmentIds(..)
        | Fun::Split(_)
        | Fun::Join
        | Fun::GatherStride(_)
        | Fun::Scatter(..)
        | Fun::JoinSegments(..)
        | Fun::Pad(..)
        | Fun::Filter(_)
        | Fun::FilterLookback(..)
        | Fun::Filters(_)
        | Fun::FiltersLookback(..)
        | Fun::Horizontal(_)
        | Fun::HorizontalLookback(..)
        | Fun::Zip
        | Fun::Get(_) => None,
    }
}

/// The output-view patterns: their argument writes into the memory their
/// result is in.
fn is_output_view(f: &Fun) -> bool {
    matches!(f, Fun::Join | Fun::Split(_) | Fun::Scatter(..) | Fun::JoinSegments(..))
}

#[derive(Debug, thiserror::Error)]
#[error("address spaces of stage `{stage}`: {message}")]
pub struct AddressSpaceError {
    pub stage: String,
    pub message: String,
}

/// The placement of every node of a stage, indexed by [`NodeId`].
#[derive(Clone, Debug)]
pub struct AddressSpaces {
    placements: Vec<Placement>,
}

impl AddressSpaces {
    pub fn of(&self, id: NodeId) -> Option<&Placement> {
        self.placements.get(id.0 as usize)
    }

    pub fn len(&self) -> usize {
        self.placements.len()
    }

    pub fn is_empty(&self) -> bool {
        self.placements.is_empty()
    }
}

/// Infers the placement of every node of `stage`'s body, numbered by
/// `nodes` (made from that body).
pub fn infer(kernel: &LiftKernel, stage: &Stage, nodes: &Nodes<'_>) -> Result<AddressSpaces, AddressSpaceError> {
    let mut infer = Infer { kernel, stage, nodes, params: HashMap::new(), placements: vec![None; nodes.len()] };
    infer.expr(&stage.body, Some(AddressSpace::Global))?;
    let mut placements = Vec::new();
    for (i, p) in infer.placements.into_iter().enumerate() {
        match p {
            Some(p) => placements.push(p),
            None => return infer_error(stage, format!("node {i} was never reached")),
        }
    }
    Ok(AddressSpaces { placements })
}

fn infer_error<T>(stage: &Stage, message: String) -> Result<T, AddressSpaceError> {
    Err(AddressSpaceError { stage: stage.name.clone(), message })
}

struct Infer<'k, 'n, 't> {
    kernel: &'k LiftKernel,
    stage: &'k Stage,
    nodes: &'n Nodes<'t>,
    params: HashMap<ParamId, Placement>,
    placements: Vec<Option<Placement>>,
}

impl Infer<'_, '_, '_> {
    fn error<T>(&self, message: String) -> Result<T, AddressSpaceError> {
        infer_error(self.stage, message)
    }

    fn expr(&mut self, e: &Expr, write_to: Option<AddressSpace>) -> Result<Placement, AddressSpaceError> {
        let p = match e {
            Expr::Param(p) => match self.params.get(p) {
                Some(p) => p.clone(),
                None => {
                    return self.error(format!(
                        "parameter `{}` used outside its lambda",
                        self.kernel.params[p.0 as usize].name
                    ));
                }
            },
            Expr::Input(v) => match self.kernel.flat.var(*v).ty {
                VarType::Scalar(_) if self.kernel.flat.params.contains(v) => Placement::In(AddressSpace::Private),
                _ => Placement::In(AddressSpace::Global),
            },
            Expr::Value(_) => Placement::In(AddressSpace::Private),
            Expr::Apply(f, args) => {
                let pass = if is_output_view(f) { write_to } else { None };
                let mut placed = Vec::new();
                for a in args {
                    placed.push(self.expr(a, pass)?);
                }
                self.apply(f, placed, write_to)?
            }
        };
        let Some(id) = self.nodes.expr_id(e) else {
            return self.error("an expression outside the numbered tree".to_string());
        };
        self.placements[id.0 as usize] = Some(p.clone());
        Ok(p)
    }

    fn one(&self, f: &Fun, args: Vec<Placement>) -> Result<Placement, AddressSpaceError> {
        match <[Placement; 1]>::try_from(args) {
            Ok([x]) => Ok(x),
            Err(args) => self.error(format!("`{}` takes one argument, got {}", f.name(), args.len())),
        }
    }

    fn two(&self, f: &Fun, args: Vec<Placement>) -> Result<[Placement; 2], AddressSpaceError> {
        match <[Placement; 2]>::try_from(args) {
            Ok(pair) => Ok(pair),
            Err(args) => self.error(format!("`{}` takes (init, array), got {} arguments", f.name(), args.len())),
        }
    }

    /// The placement of `f` applied to arguments placed so, writing to
    /// `write_to`.
    fn apply(
        &mut self,
        f: &Fun,
        args: Vec<Placement>,
        write_to: Option<AddressSpace>,
    ) -> Result<Placement, AddressSpaceError> {
        use AddressSpace::*;
        let p = match f {
            Fun::Lambda(params, body) => {
                if params.len() != args.len() {
                    return self.error(format!("lambda of {} parameters applied to {}", params.len(), args.len()));
                }
                for (p, a) in params.iter().zip(args) {
                    self.params.insert(*p, a);
                }
                self.expr(body, write_to)?
            }
            Fun::User(_) | Fun::Id => Placement::In(write_to.unwrap_or(Private)),
            Fun::ToGlobal(g) => self.apply(g, args, Some(Global))?,
            Fun::ToLocal(g) => self.apply(g, args, Some(Local))?,
            Fun::ToPrivate(g) => self.apply(g, args, Some(Private))?,
            Fun::AtomicMax(g) => self.apply(g, args, write_to)?,
            Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapLcl { f: g, .. } | Fun::MapSeq(g) => {
                // An element of an array is where the array is.
                let x = self.one(f, args)?;
                self.apply(g, vec![x], write_to)?
            }
            Fun::ReduceSeq(g) | Fun::ScanSeq(g) => {
                let [_, xs] = self.two(f, args)?;
                self.apply(g, vec![Placement::In(Private), xs], Some(Private))?;
                match f {
                    Fun::ScanSeq(_) => Placement::In(write_to.unwrap_or(Private)),
                    _ => Placement::In(Private),
                }
            }
            Fun::SegReduceTeams(g, _) | Fun::SegReduceMerge(g, _) | Fun::SegReduceChunks(g, _) => {
                // Private accumulators, combined in local memory, each
                // segment's value written where `writeTo` says.
                let [_, segs] = self.two(f, args)?;
                self.apply(g, vec![Placement::In(Private), segs], Some(Private))?;
                Placement::In(write_to.unwrap_or(Global))
            }
            // Local histograms and ranks; the result where `writeTo`
            // says.
            Fun::RadixCounts(_) | Fun::RadixScatter(..) | Fun::SegmentIds(_) | Fun::MapTileSegmentIds(..) => {
                Placement::In(write_to.unwrap_or(Global))
            }
            Fun::ScanLookback(g, _) => {
                // Private accumulators, the tile in local memory, the
                // scan written where `writeTo` says.
                let [_, xs] = self.two(f, args)?;
                self.apply(g, vec![Placement::In(Private), xs], Some(Private))?;
                Placement::In(write_to.unwrap_or(Global))
            }
            Fun::FilterLookback(..) | Fun::FiltersLookback(..) => {
                self.one(f, args)?;
                Placement::In(write_to.unwrap_or(Global))
            }
            // Its operators run on private values; the tile is local.
            Fun::HorizontalLookback(..) => Placement::In(write_to.unwrap_or(Global)),
            Fun::Iterate(_, g) => {
                let x = self.one(f, args)?;
                let Some(space) = x.single() else {
                    return self.error(format!("`iterate` over memory of several address spaces ({x})"));
                };
                self.apply(g, vec![x.clone()], Some(space))?;
                x
            }
            Fun::Split(_)
            | Fun::Join
            | Fun::GatherStride(_)
            | Fun::Pad(..)
            | Fun::Scatter(..)
            | Fun::JoinSegments(..) => self.one(f, args)?,
            Fun::Zip => Placement::tuple(args),
            Fun::Get(i) => {
                let x = self.one(f, args)?;
                match x.get(*i) {
                    Some(p) => p,
                    None => return self.error(format!("`get({i})` of a value placed {x}")),
                }
            }
            Fun::Generate(..) | Fun::Segments(_) => Placement::In(Global),
            Fun::Map(_)
            | Fun::Reduce(_)
            | Fun::PartRed(..)
            | Fun::Scan(_)
            | Fun::Filter(_)
            | Fun::Filters(_)
            | Fun::Horizontal(_) => {
                return self.error(format!("high-level pattern `{}` in a low-level stage", f.name()));
            }
        };
        let Some(id) = self.nodes.fun_id(f) else {
            return self.error(format!("a `{}` outside the numbered tree", f.name()));
        };
        self.placements[id.0 as usize] = Some(p.clone());
        Ok(p)
    }
}

/// The functions that write data (the others are views or pass their
/// writes on).
fn is_writer(f: &Fun) -> bool {
    matches!(
        f,
        Fun::User(_)
            | Fun::Id
            | Fun::ReduceSeq(_)
            | Fun::ScanSeq(_)
            | Fun::Iterate(..)
            | Fun::SegReduceTeams(..)
            | Fun::SegReduceMerge(..)
            | Fun::SegReduceChunks(..)
            | Fun::RadixCounts(_)
            | Fun::RadixScatter(..)
            | Fun::SegmentIds(_)
            | Fun::MapTileSegmentIds(..)
            | Fun::ScanLookback(..)
            | Fun::FilterLookback(..)
            | Fun::FiltersLookback(..)
            | Fun::HorizontalLookback(..)
    )
}

/// Rejects placements no OpenCL kernel can have (see the module doc).
pub fn verify(stage: &Stage, nodes: &Nodes<'_>, spaces: &AddressSpaces) -> Result<(), AddressSpaceError> {
    let mut check = Verify { stage, nodes, spaces, enclosing: Vec::new() };
    check.expr(&stage.body)?;
    match spaces.of(NodeId(0)) {
        Some(Placement::In(AddressSpace::Global)) => Ok(()),
        Some(p) => infer_error(stage, format!("the stage's result is in {p} memory, not global")),
        None => infer_error(stage, "no placement for the stage's body".to_string()),
    }
}

struct Verify<'s, 'n, 't> {
    stage: &'s Stage,
    nodes: &'n Nodes<'t>,
    spaces: &'s AddressSpaces,
    /// The parallel maps around the current node, outermost first.
    enclosing: Vec<&'static str>,
}

impl Verify<'_, '_, '_> {
    fn expr(&mut self, e: &Expr) -> Result<(), AddressSpaceError> {
        if let Expr::Apply(f, args) = e {
            self.fun(f)?;
            for a in args {
                self.expr(a)?;
            }
        }
        Ok(())
    }

    fn placement(&self, f: &Fun) -> Result<&Placement, AddressSpaceError> {
        match self.nodes.fun_id(f).and_then(|id| self.spaces.of(id)) {
            Some(p) => Ok(p),
            None => infer_error(self.stage, format!("no placement for a `{}`", f.name())),
        }
    }

    fn fun(&mut self, f: &Fun) -> Result<(), AddressSpaceError> {
        let in_wrg = self.enclosing.contains(&"mapWrg");
        let in_glb = self.enclosing.contains(&"mapGlb");
        let placed = self.placement(f)?.clone();
        if matches!(f, Fun::ToLocal(_)) && !in_wrg {
            return infer_error(
                self.stage,
                "`toLocal` outside a `mapWrg`: local memory belongs to a work-group".into(),
            );
        }
        if is_writer(f) && placed.touches(AddressSpace::Local) {
            if in_glb {
                return infer_error(
                    self.stage,
                    format!(
                        "a `mapGlb` writes local memory (by `{}`): its work-items are not one work-group",
                        f.name()
                    ),
                );
            }
            if !in_wrg {
                return infer_error(self.stage, format!("`{}` writes local memory outside a `mapWrg`", f.name()));
            }
        }
        let parallel = matches!(f, Fun::MapGlb(..) | Fun::MapWrg(..) | Fun::MapLcl { .. });
        if parallel && placed == Placement::In(AddressSpace::Private) {
            return infer_error(
                self.stage,
                format!("a `{}` writes its result to private memory, which other work-items cannot read", f.name()),
            );
        }
        if parallel {
            self.enclosing.push(f.name());
        }
        let result = match f {
            Fun::Lambda(_, body) => self.expr(body),
            _ => match nested_fun(f) {
                Some(g) => self.fun(g),
                None => Ok(()),
            },
        };
        if parallel {
            self.enclosing.pop();
        }
        result
    }
}

/// The table as text, one node a line in pre-order, indented by depth:
/// `#id  placement  node`.
pub fn print_table(kernel: &LiftKernel, nodes: &Nodes<'_>, spaces: &AddressSpaces) -> String {
    let mut out = String::new();
    let mut depth = HashMap::new();
    depth.insert(NodeId(0), 0usize);
    for (id, node) in nodes.iter() {
        let d = depth.get(&id).copied().unwrap_or(0);
        let label = match node {
            Node::Expr(Expr::Apply(..)) => "apply".to_string(),
            Node::Expr(e) => crate::print::print_expr(kernel, e),
            Node::Fun(Fun::Lambda(params, _)) => {
                let names: Vec<&str> = params.iter().map(|p| kernel.params[p.0 as usize].name.as_str()).collect();
                format!("λ {}.", names.join(", "))
            }
            Node::Fun(Fun::User(u)) => kernel.user_fun(*u).name.clone(),
            Node::Fun(f) => f.name().to_string(),
        };
        let placed = spaces.of(id).map_or("?".to_string(), |p| p.to_string());
        out.push_str(&format!("#{:<3} {:<8} {}{}\n", id.0, placed, "  ".repeat(d), label));
        // Children are one level deeper.
        let children: Vec<NodeId> = match node {
            Node::Expr(Expr::Apply(f, args)) => {
                std::iter::once(nodes.fun_id(f)).chain(args.iter().map(|a| nodes.expr_id(a))).flatten().collect()
            }
            Node::Expr(_) => vec![],
            Node::Fun(Fun::Lambda(_, body)) => nodes.expr_id(body).into_iter().collect(),
            Node::Fun(f) => nested_fun(f).and_then(|g| nodes.fun_id(g)).into_iter().collect(),
        };
        for c in children {
            depth.insert(c, d + 1);
        }
    }
    out
}

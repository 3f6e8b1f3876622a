//! The Lift IR: expressions, functions (lambdas, user functions and
//! patterns) and types with symbolic lengths.
//!
//! A Lift program here is one fused flat kernel ([`LiftKernel`]): the user
//! functions its patterns call (the flat thunks, compiled to C by the
//! backend) and one [`Stage`] per OpenCL launch. High-level Lift has one
//! stage per SOAC with the algorithmic patterns only (`map`, `reduce`,
//! `generate`); the rewrite rules of [`crate::rules`] turn it into
//! low-level Lift, whose stages use only the OpenCL patterns (`mapGlb`,
//! `mapWrg`, `mapLcl`, `mapSeq`, `reduceSeq`, `iterate`, `toLocal`, ...)
//! and which the backend prints as C.
//!
//! Arrays are values of the kernel ([`Expr::Input`]: a parameter or the
//! result of an earlier stage, in global memory) or views built by data
//! layout patterns (`split`, `join`, `gather`, `pad`, `generate`,
//! `segments`) that cost nothing until a pattern reads them.

use flatten::ir::{Const, GExpr, KVar, Scalar, Thunk};

use crate::arith::{ArithExpr, Var};

/// A Lift type. Array lengths are [`ArithExpr`]s over the kernel's size
/// variables and the variables patterns bind (`[float]_{n / 128}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Scalar(Scalar),
    /// The element of an array over several flat arrays: the values of a
    /// thunk with several results, an operator over several accumulators.
    Tuple(Vec<Type>),
    Array(Box<Type>, ArithExpr),
    /// `[[t]_{len_j}]_count`: `count` segments of a flat array, segment `j`
    /// of length `lengths[j]` starting at `offsets[j]` (the arrays of a
    /// segment descriptor); the array type indexed by segment offsets.
    Segmented(Box<Type>, ArithExpr),
}

impl Type {
    pub fn array(elem: Type, len: impl Into<ArithExpr>) -> Type {
        Type::Array(Box::new(elem), len.into())
    }

    /// The scalar components of a scalar or tuple type, in order.
    pub fn components(&self) -> Option<Vec<Scalar>> {
        match self {
            Type::Scalar(s) => Some(vec![*s]),
            Type::Tuple(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(item.components()?);
                }
                Some(out)
            }
            _ => None,
        }
    }

    /// A scalar for one component, a tuple for several.
    pub fn of_components(components: &[Scalar]) -> Type {
        match components {
            [s] => Type::Scalar(*s),
            _ => Type::Tuple(components.iter().map(|s| Type::Scalar(*s)).collect()),
        }
    }

    pub fn elem(&self) -> Option<(&Type, &ArithExpr)> {
        match self {
            Type::Array(elem, len) => Some((elem, len)),
            _ => None,
        }
    }
}

/// A variable bound by a [`Fun::Lambda`]. Indexes [`LiftKernel::params`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ParamId(pub u32);

/// A user function. Indexes [`LiftKernel::user_funs`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct UserFunId(pub u32);

/// A scalar function of the flat kernel: a thunk or `ONCE`'s body. Its
/// free variables (arrays, lengths, scalars of the kernel) are read where
/// it is called; the backend compiles it to one C function.
#[derive(Clone, Debug, PartialEq)]
pub struct UserFun {
    /// Unique in the kernel, readable (`pull_sum`, `op_sum`).
    pub name: String,
    pub params: Vec<Scalar>,
    /// One scalar, or several (a tuple).
    pub results: Vec<Scalar>,
    pub def: UserFunDef,
}

#[derive(Clone, Debug, PartialEq)]
pub enum UserFunDef {
    /// A flat thunk: a pull thunk (one int parameter, the index) or an
    /// operator (`2k` parameters).
    Thunk(Thunk),
    /// `ONCE`'s body: no parameters.
    Once(GExpr),
}

impl UserFun {
    pub fn result_type(&self) -> Type {
        Type::of_components(&self.results)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct ParamInfo {
    pub name: String,
}

/// An expression: a value of the kernel, a literal, a lambda parameter, or
/// a function applied to arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Param(ParamId),
    /// An array or scalar variable of the flat kernel, in global memory (a
    /// parameter, or a result of an earlier stage).
    Input(KVar),
    /// A scalar or tuple literal (a reduction's neutral element).
    Value(Vec<Const>),
    Apply(Fun, Vec<Expr>),
}

impl Expr {
    pub fn apply(fun: Fun, args: Vec<Expr>) -> Expr {
        Expr::Apply(fun, args)
    }

    pub fn apply1(fun: Fun, arg: Expr) -> Expr {
        Expr::Apply(fun, vec![arg])
    }
}

/// A function: a lambda, a user function, or a pattern. Patterns taking a
/// function are higher-order (`map(f)`); the others take only their
/// arguments and parameters (`split(128)`).
#[derive(Clone, Debug, PartialEq)]
pub enum Fun {
    Lambda(Vec<ParamId>, Box<Expr>),
    User(UserFunId),
    /// The identity on scalars: what a `map` of it writes is a copy.
    Id,

    // Algorithmic patterns.
    Map(Box<Fun>),
    /// `reduce(f)(z, xs)`: `[t]_1`, the combination of `xs` by `f` from `z`.
    Reduce(Box<Fun>),
    /// `partRed(f, m)(z, xs)`: `[t]_m`, partial reductions.
    PartRed(Box<Fun>, ArithExpr),
    /// `scan(f)(z, xs)`: `[t]_n`, the exclusive prefix combinations
    /// (`[z, z f x0, ...]`).
    Scan(Box<Fun>),
    /// `filter(keep)(xs)`: `[t]_kept`, the elements `x` of `xs` with
    /// `keep(x) ≠ 0`, in order; their number is also the scalar
    /// `count` of the kernel (see [`Filter`]).
    Filter(Filter),
    /// `generate(n, f)`: `[f(0), ..., f(n-1)]`, the flat IR's pull thunk as an
    /// array; with a parameterless `f` (ONCE), `n` copies of `f()`.
    Generate(ArithExpr, UserFunId),
    /// `segments(f)(offsets, lengths)`: `[[f(offsets[j] + k) : k < lengths[j]] : j]`.
    Segments(UserFunId),

    // OpenCL patterns.
    MapGlb(u32, Box<Fun>),
    MapWrg(u32, Box<Fun>),
    /// `barrier`: whether a barrier follows the loop (set by
    /// [`crate::barriers`]; the rules start with one after every `mapLcl`).
    MapLcl {
        dim: u32,
        f: Box<Fun>,
        barrier: bool,
    },
    MapSeq(Box<Fun>),
    /// `reduceSeq(f)(z, xs)`: a sequential loop with the accumulator in
    /// private memory; `[t]_1`.
    ReduceSeq(Box<Fun>),
    /// `scanSeq(f)(z, xs)`: the exclusive scan by one work-item, the
    /// accumulator in private memory, each prefix written as it goes.
    ScanSeq(Box<Fun>),
    /// `iterate(n, f)`: `f` applied `n` times, each time to the previous
    /// result; in two buffers of the input's memory, swapped.
    Iterate(ArithExpr, Box<Fun>),
    ToGlobal(Box<Fun>),
    ToLocal(Box<Fun>),
    ToPrivate(Box<Fun>),

    // Data layout patterns (views).
    Split(ArithExpr),
    Join,
    /// `gather(reorderStride(s))`: element `p` of the result is element
    /// `(p mod s) * (n / s) + p / s` of the argument (of length `n`, a
    /// multiple of `s`): chunk `t` of length `s` of the result holds
    /// elements `t, t + n/s, t + 2n/s, ...` (a coalesced read when thread
    /// `t` reduces chunk `t`).
    GatherStride(ArithExpr),
    /// `scatter(target, m)`: an output view of length `m` (a size): element
    /// `i` of the argument is written at position `target(i)` when that is
    /// not negative (and the guard, if any, holds), and nowhere otherwise.
    /// `target` is a user function from the index to an int. Positions
    /// nothing is written at keep what the memory held.
    Scatter(UserFunId, ArithExpr, Option<Guard>),
    /// `atomicMax(f)`: `f`'s writes combine with what the memory holds by
    /// `max`, atomically, on 32-bit counters that start at zero (claims:
    /// which of several writers of one position wins).
    AtomicMax(Box<Fun>),
    /// `joinSegments(n, offsets)`: the inverse of `segments`: an array of
    /// segments joined into the flat array of `n` elements, segment `j`
    /// from position `offsets[j]`.
    JoinSegments(ArithExpr, KVar),
    /// `pad(n, z)`: the argument extended to length `n` with copies of `z`.
    Pad(ArithExpr, Vec<Const>),
    /// `segReduceTeams(f, teams)(z, segs)`: `[t]_count`, each segment of
    /// `segs` (a `segments` view) reduced by `f` from `z`, by teams of
    /// `teams.lanes` work-items (see [`Teams`] and `crate::seg_reduce`).
    SegReduceTeams(Box<Fun>, Teams),
    /// `segReduceMerge(f, tiles)(z, segs)`: `[t]_count`, each segment of
    /// `segs` (a `segments` view) reduced by `f` from `z`, by work-groups
    /// taking equal shares of the segments and elements together (see
    /// [`MergeTiles`] and `crate::seg_reduce`).
    SegReduceMerge(Box<Fun>, MergeTiles),
    /// `segReduceChunks(f, chunks)(z, segs)`: `[t]_{chunks.chunks}`, element
    /// `c` the reduction by `f` from `z` of the `chunks.chunk` elements
    /// `c·K ..` of `segs`' flat elements when they all lie in one segment
    /// (in the order of a work-group, `crate::seg_reduce::TeamOrder`),
    /// else `z`: the partials a long segment's fold takes in place of
    /// those elements (`segReduce-long-chunks`, see `crate::seg_reduce`).
    SegReduceChunks(Box<Fun>, LongChunks),
    /// `radixCounts(tiles)(digits)`: `[int]_{D·T}` for `D = 2^bits` digits
    /// and `T = tiles.tiles` tiles of `tiles.tile_len()` consecutive
    /// elements: element `d·T + t` counts the digits `d` of tile `t`
    /// (digit-major, so that the exclusive scan of the counts is where
    /// each tile's values of each digit go). See `crate::radix`.
    RadixCounts(RadixTiles),
    /// `radixScatter(tiles, starts)(digits, values)`: `[t]_n`, value `i`
    /// (digit `d`, tile `t`) written at `starts[d·T + t]` plus the number
    /// of earlier elements of tile `t` with digit `d`: a stable scatter by
    /// digit, `starts` the exclusive scan of `radixCounts`. See
    /// `crate::radix`.
    RadixScatter(RadixTiles, KVar),
    /// `segmentIds(tiles)()`: `[int]_n`, element `p` the segment of
    /// position `p` of the descriptor whose offsets are `tiles.offsets`:
    /// the last `j` with `offsets[j] <= p`, 0 where there is none. Each
    /// work-group takes a tile of consecutive positions (see
    /// [`SegmentIdTiles`] and `crate::segment_ids`).
    SegmentIds(SegmentIdTiles),
    /// `mapTileSegmentIds(tiles, f)()`: `[t]_n`, element `p` the value
    /// `f(p, s)` of user function `f` (of the position and its segment),
    /// `s` the segment of `p` as `segmentIds(tiles)` gives it: each
    /// work-group finds its tile's segments as `segmentIds` does, into
    /// local memory, and applies `f` to the tile's positions in the same
    /// launch, no array of ids between (`map-tile-segment-ids`, see
    /// `crate::segment_ids`).
    MapTileSegmentIds(SegmentIdTiles, UserFunId),
    /// `scanLookback(f, chain)(z, xs)`: `scan(f)(z, xs)` in one launch,
    /// tiles chained by decoupled look-back (`scan-lookback`, see
    /// [`Lookback`] and `crate::lookback`). With `chain.heads`, the scan
    /// restarts from `z` at each segment's first position: the segmented
    /// exclusive scan (`segScan-lookback`).
    ScanLookback(Box<Fun>, Lookback),
    /// `filterLookback(keep, chain)(xs)`: `filter(keep)(xs)` in one
    /// launch: the tiles' counts chained by decoupled look-back, each tile
    /// writing its kept elements from its offset (`filter-lookback`).
    FilterLookback(Filter, Lookback),
    /// `filters(keeps)(xs)`: the filters `filter(keep_i)(xs)` of one array
    /// at once (`horizontal-filters`, see `crate::lower`): `[(t.., t..,
    /// ..)]_n`, the element's components once per filter; the components
    /// of filter `i` hold its kept elements in order from position 0, as
    /// many as its `kept`, and padding after them (the result buffers
    /// have the capacity `n`). Each `count` is written.
    Filters(Vec<Filter>),
    /// `filtersLookback(keeps, chain)(xs)`: `filters(keeps)(xs)` in one
    /// launch: each element pulled once, every filter's flag computed, the
    /// tiles' counts (one component per filter) chained by one decoupled
    /// look-back (`filters-lookback`).
    FiltersLookback(Vec<Filter>, Lookback),
    /// `horizontal(parts)(xs_1, .., xs_K)`: the members of one traversal
    /// (`lookback-horizontal`, see `crate::lookback`), part `i` over
    /// `xs_i` (all of one length `n`): `[(t.., ..)]_n`, the components of
    /// each part's result side by side (a scan's prefixes, a group of
    /// filters' kept elements padded as `filters` pads them, a map's
    /// elements; a reduction writes its scalars besides, see [`Part`]).
    Horizontal(Vec<Part>),
    /// `horizontalLookback(parts, chain)(xs_1, ..)`: `horizontal(parts)`
    /// in one launch: each tile pulls every part's elements once, and one
    /// decoupled look-back chains the tuple of the parts' carries (a
    /// scan's or reduction's value, a filter's count).
    HorizontalLookback(Vec<Part>, Lookback),
    Zip,
    Get(usize),
}

impl Fun {
    pub fn map(f: Fun) -> Fun {
        Fun::Map(Box::new(f))
    }
    pub fn map_seq(f: Fun) -> Fun {
        Fun::MapSeq(Box::new(f))
    }
    pub fn map_lcl(dim: u32, f: Fun) -> Fun {
        Fun::MapLcl { dim, f: Box::new(f), barrier: true }
    }
    pub fn map_wrg(dim: u32, f: Fun) -> Fun {
        Fun::MapWrg(dim, Box::new(f))
    }
    pub fn map_glb(dim: u32, f: Fun) -> Fun {
        Fun::MapGlb(dim, Box::new(f))
    }
    pub fn reduce_seq(f: Fun) -> Fun {
        Fun::ReduceSeq(Box::new(f))
    }
    pub fn to_local(f: Fun) -> Fun {
        Fun::ToLocal(Box::new(f))
    }
    pub fn to_global(f: Fun) -> Fun {
        Fun::ToGlobal(Box::new(f))
    }

    /// The pattern's name as printed.
    pub fn name(&self) -> &'static str {
        match self {
            Fun::Lambda(..) => "λ",
            Fun::User(_) => "userFun",
            Fun::Id => "id",
            Fun::Map(_) => "map",
            Fun::Reduce(_) => "reduce",
            Fun::Scan(_) => "scan",
            Fun::ScanSeq(_) => "scanSeq",
            Fun::PartRed(..) => "partRed",
            Fun::Generate(..) => "generate",
            Fun::Segments(_) => "segments",
            Fun::MapGlb(..) => "mapGlb",
            Fun::MapWrg(..) => "mapWrg",
            Fun::MapLcl { .. } => "mapLcl",
            Fun::MapSeq(_) => "mapSeq",
            Fun::ReduceSeq(_) => "reduceSeq",
            Fun::Iterate(..) => "iterate",
            Fun::ToGlobal(_) => "toGlobal",
            Fun::ToLocal(_) => "toLocal",
            Fun::ToPrivate(_) => "toPrivate",
            Fun::Split(_) => "split",
            Fun::Join => "join",
            Fun::GatherStride(_) => "gather",
            Fun::Pad(..) => "pad",
            Fun::SegReduceTeams(..) => "segReduceTeams",
            Fun::SegReduceMerge(..) => "segReduceMerge",
            Fun::SegReduceChunks(..) => "segReduceChunks",
            Fun::RadixCounts(_) => "radixCounts",
            Fun::RadixScatter(..) => "radixScatter",
            Fun::SegmentIds(_) => "segmentIds",
            Fun::MapTileSegmentIds(..) => "mapTileSegmentIds",
            Fun::Filter(_) => "filter",
            Fun::ScanLookback(..) => "scanLookback",
            Fun::FilterLookback(..) => "filterLookback",
            Fun::Filters(_) => "filters",
            Fun::FiltersLookback(..) => "filtersLookback",
            Fun::Horizontal(_) => "horizontal",
            Fun::HorizontalLookback(..) => "horizontalLookback",
            Fun::JoinSegments(..) => "joinSegments",
            Fun::Scatter(..) => "scatter",
            Fun::AtomicMax(_) => "atomicMax",
            Fun::Zip => "zip",
            Fun::Get(_) => "get",
        }
    }

    /// Whether this is one of the OpenCL patterns or a data layout pattern
    /// (everything low-level Lift may contain).
    pub fn is_low_level(&self) -> bool {
        !matches!(
            self,
            Fun::Map(_)
                | Fun::Reduce(_)
                | Fun::PartRed(..)
                | Fun::Scan(_)
                | Fun::Filter(_)
                | Fun::Filters(_)
                | Fun::Horizontal(_)
        )
    }
}

/// A member of one traversal (`Fun::Horizontal`), over its own array
/// `xs` of the traversal's length.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// `scan(op)(z, xs)`: its exclusive prefixes, `#z` components of the
    /// traversal's result.
    Scan { op: Fun, neutral: Vec<Const> },
    /// `reduce(op)(z, xs)`: no component of the result; its value goes to
    /// `results`, scalars of the kernel written besides (as a filter's
    /// count).
    Reduce { op: Fun, neutral: Vec<Const>, results: Vec<KVar> },
    /// `filters(keeps)(xs)`: each filter's written columns, its kept
    /// elements from position 0 (see `Fun::Filters`). `from_index`: the
    /// columns of `xs` whose value is the element's position (a pull
    /// `i => i`), which a look-back writes from the position instead of
    /// holding them in its tile (empty at the high level).
    Filters { keeps: Vec<Filter>, from_index: Vec<usize> },
    /// `map(id)(xs)`.
    Map,
}

impl Part {
    /// The components of the part's carry along a look-back, given its
    /// elements' components: a scan's or reduction's accumulator, a count
    /// per filter, nothing for a map.
    pub fn carried(&self) -> Vec<Scalar> {
        match self {
            Part::Scan { neutral, .. } | Part::Reduce { neutral, .. } => neutral.iter().map(|c| c.scalar()).collect(),
            Part::Filters { keeps, .. } => vec![Scalar::Int; keeps.len()],
            Part::Map => Vec::new(),
        }
    }
}

/// How `segReduceTeams` spreads segments over work-items: work-groups of
/// `group_size` work-items (a power of two) split into teams of `lanes`
/// (a power of two, at most `group_size`, chosen when the kernel runs);
/// each team reduces one segment at a time, the `groups` work-groups
/// striding over the segments together. Lane `j` of a team reduces
/// elements `j, j + lanes, ...` of its segment when `strided` (coalesced
/// reads, for a commutative operator), else the `j`-th of `lanes`
/// contiguous chunks of `⌈len / lanes⌉` elements; the team then combines
/// its lanes' values in order, by a tree in local memory (lane `j` with
/// lane `j + h` for `h = 1, 2, 4, ...`, where `j` is a multiple of `2h`).
#[derive(Clone, Debug, PartialEq)]
pub struct Teams {
    pub lanes: ArithExpr,
    pub groups: ArithExpr,
    pub group_size: i64,
    pub strided: bool,
    /// A lane pulls up to this many of its elements before it folds any
    /// (their loads in flight together), then folds them in order.
    pub batch: i64,
    /// The pull thunk with its reads at the element's position hoisted
    /// out, where it has any (`hoist-element-reads`).
    pub hoisted: Option<HoistedPull>,
    /// The partials of aligned chunks an earlier stage wrote
    /// (`segReduce-long-chunks`): a segment of at least two chunks is left
    /// to the whole group, which folds them in place of their elements.
    pub long: Option<LongPartials>,
    /// `segReduce-binned`: the segments longer than the list's bound are
    /// left to a second stage that reduces each with a whole work-group;
    /// this stage lists them (a team's lane 0 appends its segment) or, if
    /// [`LongList::serves`], is that second stage. `None`: the group
    /// reduces its teams' long segments itself.
    pub list: Option<LongList>,
    /// Whether a segment of more than `LONG_STEPS · lanes` elements (a long
    /// row among short ones) is left to the whole group after the teams
    /// (`crate::seg_reduce::TeamOrder::is_long`); false where the stage's
    /// guard keeps such segments out (`segReduce-by-shape`), so that the
    /// kernel has no code for them.
    pub group_long: bool,
    /// `segReduce-by-shape`'s teams where the team is narrower than the
    /// group: a segment of more elements than the bound sets the flag and
    /// the stage gives up (see [`GiveUp`]).
    pub gives_up: Option<Box<GiveUp>>,
    /// `segReduce-warp-teams`, `Some(k)`: the host launches this stage
    /// only where `lanes` is at most `crate::seg_reduce::WARP_LANES`, so
    /// that a team lies in one NVIDIA warp; there the kernel combines a
    /// team's lanes by warp shuffles, takes no barrier, and each warp
    /// reads the give-up flag every `k` steps (a power of two; note [warp
    /// teams] in `crate::seg_reduce`). Only with `group_long` false and no
    /// list.
    pub warp: Option<u16>,
    /// Where the device compiler is NVIDIA's, the hoisted element reads
    /// (`hoist-element-reads`) are streaming loads (`ld.global.cs`: evict
    /// first from L1 and L2), so that the elements read once do not
    /// evict what the pull gathers (SpMV's vector); plain loads elsewhere
    /// (note [streaming element reads] in `crate::seg_reduce`).
    pub stream: bool,
}

/// A teams' stage that gives up on long segments (`segReduce-by-shape`,
/// see `crate::seg_reduce`): a team whose segment has more than `bound`
/// elements (a host size) sets `flag` (a kernel counter, zeroed before
/// the kernel's first stage, written by `atomic_max` of 1) and every
/// work-group stops at its next step once it reads the flag set; a later
/// stage under the device guard `flag > 0` writes every segment's value.
/// The stage's values are those of its teams where no segment is long
/// (the flag stays 0), and are not read otherwise. The flag depends on the
/// lengths alone, never on timing. The groups take their steps'
/// segments by ticket from the session's look-back arena (`tickets`, of
/// [`crate::lookback::STATUS_FRONT`] words: the ticket word, no status),
/// so that a few groups cover any number of segments and stop together
/// (note [teams take tickets] in `crate::seg_reduce`).
#[derive(Clone, Debug, PartialEq)]
pub struct GiveUp {
    pub flag: KVar,
    pub bound: ArithExpr,
    pub tickets: KVar,
    /// Whether the groups take their steps by ticket (else they stride
    /// over them and take none).
    pub tickets_on: bool,
    /// The merge's tiles' splits, which the groups that stop on the flag
    /// write (note [splits where teams give up] in `crate::seg_reduce`),
    /// where the merge has no launch of its own for them.
    pub splits: Option<GiveUpSplits>,
}

/// The splits of `segReduceMerge`'s `tiles` tiles of `tile` items each
/// (its [`MergeTiles::splits`], `tiles + 1` of them), written by a teams'
/// stage that gave up: split `t` is the thunk `split` at `(t, lo, hi)`
/// for any bracket `lo ≤ split ≤ hi` (the search of the thunk the merge's
/// own splits' stage maps where it has one, from that bracket: note
/// [splits from samples] in `crate::seg_reduce`).
#[derive(Clone, Debug, PartialEq)]
pub struct GiveUpSplits {
    pub splits: KVar,
    pub split: UserFunId,
    pub tile: i64,
    pub tiles: ArithExpr,
}

impl GiveUp {
    /// The flag's value after the stage, given the bound's value.
    pub fn flag_of(lengths: impl IntoIterator<Item = usize>, bound: i64) -> i64 {
        i64::from(lengths.into_iter().any(|len| len as i64 > bound))
    }
}

/// The long segments' list of `segReduce-binned` (see
/// `crate::seg_reduce`): the teams' stage appends the index of every
/// segment of more than `bound` elements to `ids` (`atomic_inc` of the
/// one 32-bit `counter`, a kernel counter zeroed before the kernel's
/// first stage) and leaves its value unwritten; the serving stage's
/// work-groups of `group_size` work-items stride over the listed
/// segments, each reduced by the whole group (in the order of
/// `crate::seg_reduce::TeamOrder` as wide as the group, or from the chunk
/// partials of `long` where it spans two chunks: `segReduce-long-chunks`),
/// and write them. Which segment is listed does not depend on timing, only
/// the list's order does, and each listed segment is reduced in a fixed
/// order: the results do not depend on the order of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct LongList {
    pub counter: KVar,
    pub ids: KVar,
    /// A host size: segments of more elements are listed.
    pub bound: ArithExpr,
    /// The work-items of a serving work-group (a power of two).
    pub group_size: i64,
    /// The serving stage's chunk partials (`segReduce-long-chunks`).
    pub long: Option<LongPartials>,
    /// Whether this is the serving stage (else the teams' stage that
    /// lists).
    pub serves: bool,
}

impl LongList {
    /// Whether a segment of `len` elements is listed, given the bound's
    /// value.
    pub fn is_listed(len: usize, bound: i64) -> bool {
        len as i64 > bound
    }
}

/// The chunk partials a segmented reduction's whole-group fold of a long
/// run reads (`segReduce-long-chunks`, see `crate::seg_reduce`): one
/// array per component of the accumulator, element `c` the reduction of
/// the flat elements `c·chunk .. (c + 1)·chunk` where they lie in one
/// segment.
#[derive(Clone, Debug, PartialEq)]
pub struct LongPartials {
    pub chunk: i64,
    pub partials: Vec<KVar>,
}

/// How `segReduceChunks` spreads its chunks: `groups` work-groups of
/// `group_size` work-items striding over `chunks` chunks of `chunk`
/// consecutive flat elements, each chunk inside one segment reduced by
/// the whole group (`strided` when the operator commutes, `batch`
/// elements a work-item pulled together, as [`Teams`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LongChunks {
    pub chunk: i64,
    pub chunks: ArithExpr,
    pub groups: ArithExpr,
    pub group_size: i64,
    pub strided: bool,
    pub batch: i64,
    pub hoisted: Option<HoistedPull>,
}

/// A segmented reduction's pull thunk with the reads it makes at the
/// element's position taken out (`hoist-element-reads`, see
/// `crate::seg_reduce`): `pull` takes the position `p`, then
/// `arrays[0][p], arrays[1][p], ...`, and computes what the segments'
/// pull thunk does at `p`. A kernel loads those values for a batch of
/// elements before it calls `pull` on any of them, so that the loads are
/// in flight together (a check in the pull that may fault, a branch and a
/// write of the error flag, no longer orders them). Each of `arrays` has
/// the segments' `n` elements, so every load is in bounds.
#[derive(Clone, Debug, PartialEq)]
pub struct HoistedPull {
    pub pull: UserFunId,
    pub arrays: Vec<KVar>,
}

/// How `segReduceMerge` spreads a segmented reduction over work-groups
/// (`segReduce-merge`, see `crate::seg_reduce`): the merge of the
/// segments' ends with the elements (`#segments + n` items, a segment's
/// end after its elements) is cut into tiles of `group_size · items`
/// items (found by a merge-path search of the offsets, an earlier stage's
/// `splits`). A work-group takes tiles by ticket; it stages its tile in
/// local memory, `items` merge items per work-item, writes the segments
/// that end in the tile and publishes the tile's carry-out (the fold of
/// its items after its last segment end) in `status`. A segment that
/// began in earlier tiles gets their carry-outs as its carry-in, by
/// look-back (note [merge carries] in `crate::seg_reduce`). Every
/// combination keeps the order of the elements (any associative
/// operator) and is the same whatever the timing.
#[derive(Clone, Debug, PartialEq)]
pub struct MergeTiles {
    pub group_size: i64,
    pub items: i64,
    /// The work-groups, at most `tiles` (at least 1), each taking tiles
    /// by ticket until none is left.
    pub groups: ArithExpr,
    /// The number of tiles, `⌈(#segments + n) / (group_size · items)⌉`.
    pub tiles: ArithExpr,
    /// An int array of `tiles + 1` elements an earlier stage wrote: the
    /// merge-path split of each tile's first diagonal (and of the end),
    /// the number of segment ends before it. Tile `g` holds the items
    /// from diagonal `g · group_size · items` on: the ends of segments
    /// `splits[g] .. splits[g + 1]` and the elements between.
    pub splits: KVar,
    /// As [`Teams::hoisted`]: the tile's `items` of a work-item are
    /// pulled together.
    pub hoisted: Option<HoistedPull>,
    /// The tiles' carry-outs and the ticket: a view of the session's
    /// look-back arena, as [`Lookback::status`] (`lift_ir::lookback`'s
    /// front, then one record of the accumulator's components a tile).
    pub status: KVar,
    /// As [`Teams::stream`]: the hoisted element reads are streaming
    /// loads where the compiler is NVIDIA's.
    pub stream: bool,
}

impl MergeTiles {
    /// The merge items of a tile (and of a chunk).
    pub fn tile_len(&self) -> i64 {
        self.group_size * self.items
    }
}

/// How a radix pass (`radixCounts`, `radixScatter`) spreads its `n`
/// elements over work-groups: `tiles` work-groups of `group_size`
/// work-items (a power of two, at least the number of digits), each
/// taking one tile of `items · group_size` consecutive elements (the last
/// tile shorter), `items` per work-item.
#[derive(Clone, Debug, PartialEq)]
pub struct RadixTiles {
    /// Bits per digit: `2^bits` digits.
    pub bits: u32,
    pub group_size: i64,
    pub items: i64,
    /// `⌈n / tile_len⌉`, at least 1 (a size variable).
    pub tiles: ArithExpr,
}

impl RadixTiles {
    pub fn digits(&self) -> i64 {
        1 << self.bits
    }

    pub fn tile_len(&self) -> i64 {
        self.group_size * self.items
    }
}

/// How `segmentIds` spreads its `n` positions over work-groups: `tiles`
/// work-groups of `group_size` work-items, each taking one tile of `items
/// · group_size` consecutive positions (the last tile shorter), searching
/// the `count` offsets once for the tile's first segment.
#[derive(Clone, Debug, PartialEq)]
pub struct SegmentIdTiles {
    pub offsets: KVar,
    /// The number of segments, `#offsets` (a size).
    pub count: ArithExpr,
    /// The number of positions (a size).
    pub n: ArithExpr,
    pub group_size: i64,
    pub items: i64,
    /// `⌈n / tile_len⌉` (a size variable): at least 1 for `segmentIds`,
    /// 0 for an empty `mapTileSegmentIds` (no launch).
    pub tiles: ArithExpr,
}

impl SegmentIdTiles {
    pub fn tile_len(&self) -> i64 {
        self.group_size * self.items
    }
}

/// What `filter` keeps: the elements on which user function `keep` (from
/// an element's components to an int) is not 0. `count` is a scalar of the
/// kernel (an int) that the pattern also writes: the number kept, whose
/// size variable `kept` is the result's length (read back by the host).
/// With `before`, the pattern also writes the number kept before each
/// offset (the flat `FILTER .. BEFORE offsets`). `columns`: the
/// components of a kept element the filter writes, in order (`None`: all
/// of them); `keep` still sees every component (note [unwritten filter
/// columns] in `crate::lower`).
#[derive(Clone, Debug, PartialEq)]
pub struct Filter {
    pub keep: UserFunId,
    pub count: KVar,
    pub kept: ArithExpr,
    pub before: Option<Before>,
    pub columns: Option<Vec<usize>>,
}

impl Filter {
    /// The components of an element of `elems` components that the filter
    /// writes.
    pub fn written(&self, elems: usize) -> Vec<usize> {
        match &self.columns {
            Some(columns) => columns.clone(),
            None => (0..elems).collect(),
        }
    }

    /// The written components of `items` (an element's components).
    pub fn project<T: Clone>(&self, items: &[T]) -> Vec<T> {
        self.written(items.len()).iter().filter_map(|&c| items.get(c).cloned()).collect()
    }
}

/// A filter's counts before offsets: `counts[j]` (an int array of the
/// kernel, `segments` long, written besides the result like `count`) is
/// the number of kept positions below `offsets[j]` (an int array,
/// nondecreasing; all of them where `offsets[j]` is past the input).
#[derive(Clone, Debug, PartialEq)]
pub struct Before {
    pub offsets: KVar,
    pub counts: KVar,
    pub segments: ArithExpr,
}

/// A single-pass scan by decoupled look-back (Merrill & Garland 2016):
/// `tiles` work-groups of `group_size` work-items, each scanning a tile of
/// `group_size · items` contiguous elements in local memory. A work-group
/// takes its tile's number from the ticket counter at the front of
/// `status` (so every smaller tile belongs to a group already running),
/// publishes its tile's aggregate and then its inclusive prefix in the
/// status words after it, and finds its exclusive prefix by reading its
/// predecessors' statuses backwards, a window at a time, until a prefix.
/// `status` names the launch's ticket and statuses, 32-bit words of the
/// session's look-back arena (no buffer of the kernel, never zeroed between
/// launches; its length in `LiftKernel::lengths`): the ticket and a word of
/// padding ([`crate::lookback::STATUS_FRONT`]), then per tile two records
/// (aggregate, prefix) of a 64-bit word pair per component, each word the
/// launch's epoch shifted up 32 bits or'ed with 32 bits of the value, so
/// that a record is valid exactly when all its words carry the launch's
/// epoch: no word is rewritten within a launch, and no fence orders one
/// word after another.
#[derive(Clone, Debug, PartialEq)]
pub struct Lookback {
    pub group_size: i64,
    pub items: i64,
    pub tiles: ArithExpr,
    pub status: KVar,
    /// The segments of a segmented scan (`segScan-lookback`); `None` for
    /// a scan or a filter.
    pub heads: Option<SegHeads>,
    /// A map riding on an unsegmented scan (`map-scan-horizontal`, note
    /// [horizontal filters] in `crate::lower`): a user function of the
    /// position, computed where the tile is loaded; its values are the
    /// scan's result's last components (`[(acc.., along(i)..)]_n`). `None`
    /// for a filter, a segmented scan and a scan alone.
    pub along: Option<UserFunId>,
    /// `lookback-warp`: on NVIDIA the group scans its work-items' totals
    /// by warp shuffles and one warp looks back, without a barrier a
    /// window (`Config::warp_lookback`; note [warp look-back] in
    /// `crate::lookback`). Elsewhere the kernel is the same as without.
    pub warp: bool,
}

/// The segments a segmented `scanLookback` restarts at: `count` segments
/// of the scanned array, dense and in order, segment `j` from position
/// `offsets[j]` (an int array of the kernel). A position is a segment's
/// head when some `offsets[j]` equals it (an empty segment starts where
/// the next one does, so it adds no head of its own). Each tile finds its
/// heads from the descriptor: the first segment starting in it by a
/// search of `offsets`, then the offsets up to its end; the status words
/// carry (whether the tile has a head, value) pairs, the tile's values
/// only the values.
#[derive(Clone, Debug, PartialEq)]
pub struct SegHeads {
    pub offsets: KVar,
    pub count: ArithExpr,
}

/// A condition on a write of `scatter`: `counter[at(i)] == key(i)` (or
/// `!=`), with `counter` a claims array an earlier `atomicMax` wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Guard {
    pub counter: KVar,
    pub at: UserFunId,
    pub key: UserFunId,
    pub equal: bool,
}

/// How a size variable gets its value when the kernel runs.
#[derive(Clone, Debug, PartialEq)]
pub enum SizeDef {
    /// The length of an array of the flat kernel.
    LengthOf(KVar),
    /// The value of an int scalar of the flat kernel (a parameter, or the
    /// scalar result of an earlier SOAC).
    ValueOf(KVar),
    /// Chosen by a rewrite rule (a number of work-groups, a chunk length):
    /// an expression of the other size variables.
    Derived(ArithExpr),
}

#[derive(Clone, Debug)]
pub struct SizeVarDef {
    pub var: Var,
    pub def: SizeDef,
}

/// One OpenCL launch: `result = body`, the body's value written to global
/// memory (the stage's result array, one buffer per tuple component).
#[derive(Clone, Debug)]
pub struct Stage {
    /// Names the `__kernel` function (`dotp_fused_partial`).
    pub name: String,
    pub body: Expr,
    /// Where the result goes: the flat kernel's variables, one per tuple
    /// component (an array result, or a scalar result stored as `[t]_1`),
    /// or fresh temporaries of the kernel.
    pub result: Vec<KVar>,
    /// Whether the result is scalars (a one-element array per component).
    pub scalar_result: bool,
    /// A size the stage runs under: when it is 0 the launch is skipped
    /// and the results keep what an earlier stage wrote (one of two
    /// lowerings of a SOAC that write the same result, chosen when the
    /// kernel runs from the sizes: `segReduce-by-shape`). `None`: always.
    pub when: Option<ArithExpr>,
    /// A condition read on the device before anything else (one value for
    /// the whole launch): where it is false every work-group returns at
    /// once and the results keep what another stage wrote
    /// (`segReduce-by-shape`: merge under the flag of the teams that gave
    /// up, never read back to the host). `None`: always.
    pub guard: Option<DeviceGuard>,
}

/// A stage's device-side condition: `unless ≠ 0 || (value ≤ bound) ==
/// at_most`, `value` a scalar of a kernel variable an earlier stage wrote
/// (read only where `unless` is 0: the stage that writes it may have been
/// skipped), `unless` and `bound` sizes known to the host.
#[derive(Clone, Debug)]
pub struct DeviceGuard {
    pub value: KVar,
    pub bound: ArithExpr,
    /// Whether the stage runs where `value ≤ bound` (else where `value >
    /// bound`).
    pub at_most: bool,
    pub unless: ArithExpr,
}

impl DeviceGuard {
    /// Whether the stage runs, given the sizes' values and (lazily) the
    /// value's.
    pub fn holds<E>(&self, unless: i64, bound: i64, value: impl FnOnce() -> Result<i64, E>) -> Result<bool, E> {
        Ok(unless != 0 || (value()? <= bound) == self.at_most)
    }
}

/// A fused flat kernel in Lift.
#[derive(Clone, Debug)]
pub struct LiftKernel {
    pub name: String,
    pub params: Vec<ParamInfo>,
    pub user_funs: Vec<UserFun>,
    pub sizes: Vec<SizeVarDef>,
    /// The lengths of the array results of the stages.
    pub lengths: Vec<(KVar, ArithExpr)>,
    /// The 32-bit counters (claims) of the kernel, zeroed before its
    /// first stage: written only by `atomicMax`, read by guards, copies
    /// and user functions (a segmented scan's head flags).
    pub counters: Vec<KVar>,
    /// Buffers longer than their array (a scan writes its padding): the
    /// number of elements to allocate.
    pub capacities: Vec<(KVar, ArithExpr)>,
    /// The flat kernel, with any temporaries the rules added (partial
    /// results between stages) as new variables.
    pub flat: flatten::ir::Kernel,
    pub stages: Vec<Stage>,
    /// The rewrite rules applied, in order, by name.
    pub rules_applied: Vec<String>,
}

impl LiftKernel {
    pub fn user_fun(&self, id: UserFunId) -> &UserFun {
        &self.user_funs[id.0 as usize]
    }

    pub fn new_param(&mut self, name: &str) -> ParamId {
        self.params.push(ParamInfo { name: name.to_string() });
        ParamId(self.params.len() as u32 - 1)
    }

    /// The size variable whose value is `def`, made on first use.
    pub fn size_var(&mut self, name: &str, def: SizeDef, range: crate::arith::Range) -> Var {
        if let Some(existing) = self.sizes.iter().find(|s| s.def == def) {
            return existing.var.clone();
        }
        let mut unique = name.to_string();
        let mut k = 1;
        // Unique among the size variables and the flat kernel's variables
        // (as the backend names them in C: `name` or `name_{index}`).
        let clashes = |candidate: &str| {
            self.sizes.iter().any(|s| s.var.name() == candidate)
                || self.flat.vars.iter().enumerate().any(|(i, v)| {
                    v.name == candidate || format!("{}_{i}", v.name) == candidate || format!("v{}", v.name) == candidate
                })
        };
        while clashes(&unique) {
            unique = format!("{name}_{k}");
            k += 1;
        }
        let var = Var::new(unique, range);
        self.sizes.push(SizeVarDef { var: var.clone(), def });
        var
    }

    pub fn size_def(&self, var: &Var) -> Option<&SizeDef> {
        self.sizes.iter().find(|s| s.var.id() == var.id()).map(|s| &s.def)
    }
}

//! The printer: Lift in the paper's notation, composition chains with `o`
//! and `$` (`join o mapWrg(0)(...) o split(256) $ generate(n, pull)`).

use std::fmt::Write;

use flatten::ir::Const;

use crate::ir::{Expr, Fun, LiftKernel, SizeDef, Type};

/// A flat kernel variable's name, with its number appended when another
/// variable of the kernel has the same name (as the backend names it in C).
pub fn var_name(kernel: &LiftKernel, v: flatten::ir::KVar) -> String {
    let name = &kernel.flat.var(v).name;
    if kernel.flat.vars.iter().filter(|w| w.name == *name).count() > 1 {
        format!("{name}_{}", v.0)
    } else {
        name.clone()
    }
}

/// `, long = (chunk, partials)`, where a long run's fold reads chunk
/// partials (`segReduce-long-chunks`).
fn print_long(kernel: &LiftKernel, long: Option<&crate::ir::LongPartials>) -> String {
    let Some(l) = long else { return String::new() };
    let names: Vec<String> = l.partials.iter().map(|v| var_name(kernel, *v)).collect();
    format!(", long = ({}, {})", l.chunk, names.join(" "))
}

/// `, lists = (ids, counter, > bound, group)` (the teams' stage of
/// `segReduce-binned`) or `, serves = (...)`, or nothing.
fn print_list(kernel: &LiftKernel, list: Option<&crate::ir::LongList>) -> String {
    let Some(l) = list else { return String::new() };
    format!(
        ", {} = ({}, {}, > {}, {}{})",
        if l.serves { "serves" } else { "lists" },
        var_name(kernel, l.ids),
        var_name(kernel, l.counter),
        l.bound,
        l.group_size,
        print_long(kernel, l.long.as_ref())
    )
}

/// `, hoisted = pull(a, b)`: a segmented reduction's hoisted pull and the
/// arrays it is given the values of, or nothing.
fn print_hoisted(kernel: &LiftKernel, hoisted: Option<&crate::ir::HoistedPull>) -> String {
    let Some(h) = hoisted else { return String::new() };
    let arrays: Vec<String> = h.arrays.iter().map(|a| var_name(kernel, *a)).collect();
    format!(", hoisted = {}({})", kernel.user_fun(h.pull).name, arrays.join(", "))
}

pub fn print_type(ty: &Type) -> String {
    match ty {
        Type::Scalar(s) => s.to_string(),
        Type::Tuple(items) => format!("({})", items.iter().map(print_type).collect::<Vec<_>>().join(", ")),
        Type::Array(elem, len) => format!("[{}]_{{{len}}}", print_type(elem)),
        Type::Segmented(elem, count) => format!("[[{}]_{{lengths[j]}}]_{{{count}}}", print_type(elem)),
    }
}

fn print_value(values: &[Const]) -> String {
    match values {
        [v] => v.to_string(),
        _ => format!("({})", values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

fn print_lookback(kernel: &LiftKernel, c: &crate::ir::Lookback) -> String {
    let heads = match &c.heads {
        Some(h) => format!(", heads = {} of {}", var_name(kernel, h.offsets), h.count),
        None => String::new(),
    };
    let along = match c.along {
        Some(f) => format!(", along = {}", kernel.user_fun(f).name),
        None => String::new(),
    };
    let warp = if c.warp { ", warp" } else { "" };
    format!(
        "tiles = {} of {} x {}, ticket and status = {}{heads}{along}{warp}",
        c.tiles,
        c.group_size,
        c.items,
        var_name(kernel, c.status)
    )
}

pub fn print_expr(kernel: &LiftKernel, expr: &Expr) -> String {
    // A chain f1 $ f2 $ ... $ x of one-argument applications prints as
    // f1 o f2 o ... $ x.
    let mut funs = Vec::new();
    let mut cur = expr;
    while let Expr::Apply(f, args) = cur {
        if args.len() != 1 {
            break;
        }
        funs.push(print_fun(kernel, f));
        cur = &args[0];
    }
    let tail = match cur {
        Expr::Param(p) => kernel.params[p.0 as usize].name.clone(),
        Expr::Input(v) => var_name(kernel, *v),
        Expr::Value(values) => print_value(values),
        Expr::Apply(f, args) => {
            let args: Vec<String> = args.iter().map(|a| print_expr(kernel, a)).collect();
            format!("{}({})", print_fun(kernel, f), args.join(", "))
        }
    };
    if funs.is_empty() { tail } else { format!("{} $ {}", funs.join(" o "), tail) }
}

pub fn print_fun(kernel: &LiftKernel, fun: &Fun) -> String {
    let f = |g: &Fun| print_fun(kernel, g);
    match fun {
        Fun::Lambda(params, body) => {
            let names: Vec<&str> = params.iter().map(|p| kernel.params[p.0 as usize].name.as_str()).collect();
            format!("(λ {}. {})", names.join(" "), print_expr(kernel, body))
        }
        Fun::User(id) => kernel.user_fun(*id).name.clone(),
        Fun::Id => "id".into(),
        Fun::Map(g) => format!("map({})", f(g)),
        Fun::Reduce(g) => format!("reduce({})", f(g)),
        Fun::Scan(g) => format!("scan({})", f(g)),
        Fun::ScanSeq(g) => format!("scanSeq({})", f(g)),
        Fun::PartRed(g, m) => format!("partRed({}, {m})", f(g)),
        Fun::Generate(n, u) => format!("generate({n}, {})", kernel.user_fun(*u).name),
        Fun::Segments(u) => format!("segments({})", kernel.user_fun(*u).name),
        Fun::MapGlb(d, g) => format!("mapGlb({d})({})", f(g)),
        Fun::MapWrg(d, g) => format!("mapWrg({d})({})", f(g)),
        Fun::MapLcl { dim, f: g, barrier } => {
            format!("mapLcl({dim})({}){}", f(g), if *barrier { "" } else { "[no barrier]" })
        }
        Fun::MapSeq(g) => format!("mapSeq({})", f(g)),
        Fun::ReduceSeq(g) => format!("reduceSeq({})", f(g)),
        Fun::Iterate(n, g) => format!("iterate({n})({})", f(g)),
        Fun::ToGlobal(g) => format!("toGlobal({})", f(g)),
        Fun::ToLocal(g) => format!("toLocal({})", f(g)),
        Fun::ToPrivate(g) => format!("toPrivate({})", f(g)),
        Fun::Split(n) => format!("split({n})"),
        Fun::Join => "join".into(),
        Fun::GatherStride(s) => format!("gather(reorderStride({s}))"),
        Fun::Scatter(t, m, None) => format!("scatter({}, {m})", kernel.user_fun(*t).name),
        Fun::Scatter(t, m, Some(g)) => format!(
            "scatter({}, {m}, if {}[{}(i)] {} {}(i))",
            kernel.user_fun(*t).name,
            var_name(kernel, g.counter),
            kernel.user_fun(g.at).name,
            if g.equal { "==" } else { "/=" },
            kernel.user_fun(g.key).name
        ),
        Fun::AtomicMax(g) => format!("atomicMax({})", f(g)),
        Fun::JoinSegments(n, o) => format!("joinSegments({n}, {})", var_name(kernel, *o)),
        Fun::Pad(n, z) => format!("pad({n}, {})", print_value(z)),
        Fun::SegReduceTeams(g, t) => format!(
            "segReduceTeams({}, lanes = {}, groups = {}, {}, {}, batch = {}{}{}{}{}{}{})",
            f(g),
            t.lanes,
            t.groups,
            t.group_size,
            if t.strided { "strided" } else { "chunked" },
            t.batch,
            print_hoisted(kernel, t.hoisted.as_ref()),
            print_long(kernel, t.long.as_ref()),
            print_list(kernel, t.list.as_ref()),
            if t.group_long { "" } else { ", no long segments" },
            match &t.gives_up {
                Some(g) => format!(
                    ", gives up = ({}, > {}){}{}",
                    var_name(kernel, g.flag),
                    g.bound,
                    if g.tickets_on { format!(", tickets = {}", var_name(kernel, g.tickets)) } else { String::new() },
                    match &g.splits {
                        Some(s) =>
                            format!(", splits = ({}, tiles of {}, {})", var_name(kernel, s.splits), s.tile, s.tiles),
                        None => String::new(),
                    }
                ),
                None => String::new(),
            },
            match t.warp {
                Some(k) => format!(", warp, flag every {k} steps"),
                None => String::new(),
            } + if t.stream { ", streaming reads" } else { "" }
        ),
        Fun::SegReduceMerge(g, t) => {
            format!(
                "segReduceMerge({}, groups = {}, {}, items = {}, tiles = {}, splits = {}, status = {}{}{})",
                f(g),
                t.groups,
                t.group_size,
                t.items,
                t.tiles,
                var_name(kernel, t.splits),
                var_name(kernel, t.status),
                print_hoisted(kernel, t.hoisted.as_ref()),
                if t.stream { ", streaming reads" } else { "" },
            )
        }
        Fun::SegReduceChunks(g, t) => format!(
            "segReduceChunks({}, chunk = {}, chunks = {}, groups = {}, {}, {}, batch = {}{})",
            f(g),
            t.chunk,
            t.chunks,
            t.groups,
            t.group_size,
            if t.strided { "strided" } else { "chunked" },
            t.batch,
            print_hoisted(kernel, t.hoisted.as_ref())
        ),
        Fun::RadixCounts(t) => format!("radixCounts({})", radix_tiles(t)),
        Fun::RadixScatter(t, starts) => format!("radixScatter({}, {})", radix_tiles(t), var_name(kernel, *starts)),
        Fun::SegmentIds(t) => format!(
            "segmentIds({}, {}, tiles = {}, {} × {})",
            var_name(kernel, t.offsets),
            t.n,
            t.tiles,
            t.group_size,
            t.items
        ),
        Fun::MapTileSegmentIds(t, f) => format!(
            "mapTileSegmentIds({}, {}, {}, tiles = {}, {} × {})",
            kernel.user_fun(*f).name,
            var_name(kernel, t.offsets),
            t.n,
            t.tiles,
            t.group_size,
            t.items
        ),
        Fun::Filter(k) => format!(
            "filter({}, {}{})",
            kernel.user_fun(k.keep).name,
            var_name(kernel, k.count),
            print_before(kernel, k)
        ),
        Fun::ScanLookback(g, c) => format!("scanLookback({}, {})", f(g), print_lookback(kernel, c)),
        Fun::FilterLookback(k, c) => format!(
            "filterLookback({}, {}{}, {})",
            kernel.user_fun(k.keep).name,
            var_name(kernel, k.count),
            print_before(kernel, k),
            print_lookback(kernel, c)
        ),
        Fun::Filters(keeps) => format!("filters({})", print_keeps(kernel, keeps)),
        Fun::FiltersLookback(keeps, c) => {
            format!("filtersLookback({}, {})", print_keeps(kernel, keeps), print_lookback(kernel, c))
        }
        Fun::Horizontal(parts) => format!("horizontal({})", print_parts(kernel, parts)),
        Fun::HorizontalLookback(parts, c) => {
            format!("horizontalLookback({}, {})", print_parts(kernel, parts), print_lookback(kernel, c))
        }
        Fun::Zip => "zip".into(),
        Fun::Get(i) => format!("get({i})"),
    }
}

fn radix_tiles(t: &crate::ir::RadixTiles) -> String {
    format!("bits = {}, tiles = {}, {} × {}", t.bits, t.tiles, t.group_size, t.items)
}

/// The whole kernel: its sizes, user functions and stages.
pub fn print_kernel(kernel: &LiftKernel) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "kernel {} {{", kernel.name);
    for size in &kernel.sizes {
        let def = match &size.def {
            SizeDef::LengthOf(v) => format!("#{}", var_name(kernel, *v)),
            SizeDef::ValueOf(v) => var_name(kernel, *v),
            SizeDef::Derived(e) => e.to_string(),
        };
        let _ = writeln!(out, "  size {} = {def}", size.var.name());
    }
    for uf in &kernel.user_funs {
        let params: Vec<String> = uf.params.iter().map(|s| s.to_string()).collect();
        let results: Vec<String> = uf.results.iter().map(|s| s.to_string()).collect();
        let _ = writeln!(out, "  userFun {}({}) -> ({})", uf.name, params.join(", "), results.join(", "));
    }
    if !kernel.rules_applied.is_empty() {
        let _ = writeln!(out, "  // rules: {}", kernel.rules_applied.join(", "));
    }
    for stage in &kernel.stages {
        let results: Vec<String> = stage.result.iter().map(|v| var_name(kernel, *v)).collect();
        let mut when = stage.when.as_ref().map_or(String::new(), |w| format!(" when {w}"));
        if let Some(g) = &stage.guard {
            let op = if g.at_most { "<=" } else { ">" };
            let _ = write!(when, " if {} {op} {}", var_name(kernel, g.value), g.bound);
            if !g.unless.is_cst(0) {
                let _ = write!(when, " unless {}", g.unless);
            }
        }
        let _ = writeln!(
            out,
            "  stage {}{when}: ({}) = {}",
            stage.name,
            results.join(", "),
            print_expr(kernel, &stage.body)
        );
    }
    out.push_str("}\n");
    out
}

/// `[keep_a: count_a, keep_b: count_b]`: the filters of `filters`.
/// A traversal's parts: `[scan(op), reduce(op): r, filters[..], map]`.
fn print_parts(kernel: &LiftKernel, parts: &[crate::ir::Part]) -> String {
    use crate::ir::Part;
    let op = |f: &Fun| match f {
        Fun::User(id) => kernel.user_fun(*id).name.clone(),
        other => other.name().to_string(),
    };
    let items: Vec<String> = parts
        .iter()
        .map(|p| match p {
            Part::Scan { op: f, .. } => format!("scan({})", op(f)),
            Part::Reduce { op: f, results, .. } => {
                let rs: Vec<String> = results.iter().map(|r| var_name(kernel, *r)).collect();
                format!("reduce({}): {}", op(f), rs.join(", "))
            }
            Part::Filters { keeps, from_index } if from_index.is_empty() => {
                format!("filters{}", print_keeps(kernel, keeps))
            }
            Part::Filters { keeps, from_index } => {
                format!("filters{} index columns {from_index:?}", print_keeps(kernel, keeps))
            }
            Part::Map => "map".into(),
        })
        .collect();
    format!("[{}]", items.join(", "))
}

fn print_keeps(kernel: &LiftKernel, keeps: &[crate::ir::Filter]) -> String {
    let parts: Vec<String> = keeps
        .iter()
        .map(|k| format!("{}: {}{}", kernel.user_fun(k.keep).name, var_name(kernel, k.count), print_before(kernel, k)))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// ` before offsets: counts`: what a filter counts before offsets, if it
/// does; then ` columns [c, ..]`, the components it writes, if not all.
fn print_before(kernel: &LiftKernel, k: &crate::ir::Filter) -> String {
    let mut out = match &k.before {
        Some(b) => format!(" before {}: {}", var_name(kernel, b.offsets), var_name(kernel, b.counts)),
        None => String::new(),
    };
    if let Some(columns) = &k.columns {
        let columns: Vec<String> = columns.iter().map(usize::to_string).collect();
        let _ = write!(out, " columns [{}]", columns.join(", "));
    }
    out
}

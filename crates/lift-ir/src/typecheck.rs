//! Type checking: the type of every expression, with array lengths as
//! [`ArithExpr`]s (`split(256) $ xs : [[float]_256]_{n / 256}`).
//!
//! Every pattern checks what it can: the arity and types of user function
//! calls, that a reduction's operator maps the accumulator type to itself,
//! and that `join`, `split`, `get` and `zip` get arrays and tuples of the
//! right shape. Lengths are checked only where they can be compared
//! (`zip`'s lengths must be equal as expressions).

use std::collections::HashMap;

use flatten::ir::{Const, VarType};

use crate::arith::{ArithExpr, Range, Var};
use crate::ir::{Expr, Fun, LiftKernel, ParamId, SizeDef, Stage, Type};

#[derive(Debug, thiserror::Error)]
#[error("Lift type error in kernel `{kernel}`: {message}")]
pub struct TypeError {
    pub kernel: String,
    pub message: String,
}

pub struct TypeChecker<'a> {
    kernel: &'a LiftKernel,
    params: HashMap<ParamId, Type>,
}

impl<'a> TypeChecker<'a> {
    pub fn new(kernel: &'a LiftKernel) -> TypeChecker<'a> {
        TypeChecker { kernel, params: HashMap::new() }
    }

    /// A checker that knows the types of some lambda parameters already
    /// (a code generator inside a lambda's body).
    pub fn with_params(kernel: &'a LiftKernel, params: HashMap<ParamId, Type>) -> TypeChecker<'a> {
        TypeChecker { kernel, params }
    }

    fn error<T>(&self, message: String) -> Result<T, TypeError> {
        Err(TypeError { kernel: self.kernel.name.clone(), message })
    }

    /// The type of a flat kernel variable read as a Lift input.
    pub fn input_type(&self, v: flatten::ir::KVar) -> Result<Type, TypeError> {
        match self.kernel.flat.var(v).ty {
            VarType::Scalar(s) => Ok(Type::Scalar(s)),
            VarType::Array(s) => match input_length(self.kernel, v) {
                Some(len) => Ok(Type::array(Type::Scalar(s), len)),
                None => self.error(format!("no length known for array `{}`", self.kernel.flat.var(v).name)),
            },
        }
    }

    pub fn expr(&mut self, expr: &Expr) -> Result<Type, TypeError> {
        match expr {
            Expr::Param(p) => match self.params.get(p) {
                Some(t) => Ok(t.clone()),
                None => {
                    self.error(format!("parameter `{}` used outside its lambda", self.kernel.params[p.0 as usize].name))
                }
            },
            Expr::Input(v) => self.input_type(*v),
            Expr::Value(values) => {
                Ok(Type::of_components(&values.iter().map(|c: &Const| c.scalar()).collect::<Vec<_>>()))
            }
            Expr::Apply(f, args) => {
                let mut types = Vec::new();
                for a in args {
                    types.push(self.expr(a)?);
                }
                self.apply(f, types)
            }
        }
    }

    fn one(&self, f: &Fun, args: &[Type]) -> Result<Type, TypeError> {
        match args {
            [t] => Ok(t.clone()),
            _ => self.error(format!("`{}` takes one argument, got {}", f.name(), args.len())),
        }
    }

    fn array(&self, f: &Fun, t: &Type) -> Result<(Type, ArithExpr), TypeError> {
        match t {
            Type::Array(elem, len) => Ok(((**elem).clone(), len.clone())),
            // A segment, seen from inside a map over segments: its length
            // is a variable bound per segment.
            Type::Segmented(elem, count) => Ok((
                Type::array((**elem).clone(), ArithExpr::var(&Var::new("len_j", Range::at_least(0)))),
                count.clone(),
            )),
            _ => self.error(format!("`{}` expects an array, got {}", f.name(), crate::print::print_type(t))),
        }
    }

    /// The type of `f` applied to arguments of types `args`.
    pub fn apply(&mut self, f: &Fun, args: Vec<Type>) -> Result<Type, TypeError> {
        match f {
            Fun::Lambda(params, body) => {
                if params.len() != args.len() {
                    return self.error(format!("lambda of {} parameters applied to {}", params.len(), args.len()));
                }
                for (p, t) in params.iter().zip(args) {
                    self.params.insert(*p, t);
                }
                self.expr(body)
            }
            Fun::User(id) => {
                let uf = self.kernel.user_fun(*id);
                let got: Option<Vec<_>> =
                    args.iter().map(|t| t.components()).collect::<Option<Vec<_>>>().map(|v| v.concat());
                if got.as_deref() != Some(&uf.params[..]) {
                    return self.error(format!("user function `{}` applied to arguments of the wrong types", uf.name));
                }
                Ok(uf.result_type())
            }
            Fun::Id | Fun::ToGlobal(_) | Fun::ToLocal(_) | Fun::ToPrivate(_) => match f {
                Fun::Id => {
                    let t = self.one(f, &args)?;
                    if t.components().is_none() {
                        return self.error("`id` applied to an array".to_string());
                    }
                    Ok(t)
                }
                Fun::ToGlobal(g) | Fun::ToLocal(g) | Fun::ToPrivate(g) => self.apply(g, args),
                _ => unreachable!(),
            },
            Fun::Map(g) | Fun::MapGlb(_, g) | Fun::MapWrg(_, g) | Fun::MapSeq(g) | Fun::MapLcl { f: g, .. } => {
                let t = self.one(f, &args)?;
                let (elem, len) = self.array(f, &t)?;
                let out = self.apply(g, vec![elem])?;
                Ok(Type::array(out, len))
            }
            Fun::Reduce(g) | Fun::ReduceSeq(g) | Fun::PartRed(g, _) | Fun::Scan(g) | Fun::ScanSeq(g) => {
                let [z, xs] = &args[..] else {
                    return self.error(format!("`{}` takes (init, array)", f.name()));
                };
                let (elem, n) = self.array(f, xs)?;
                let acc = self.apply(g, vec![z.clone(), elem])?;
                if acc != *z {
                    return self.error(format!("the operator of `{}` does not return its accumulator type", f.name()));
                }
                let out_len = match f {
                    Fun::PartRed(_, m) => m.clone(),
                    Fun::Scan(_) | Fun::ScanSeq(_) => n,
                    _ => ArithExpr::one(),
                };
                Ok(Type::array(acc, out_len))
            }
            Fun::ScanLookback(g, chain) => {
                let [z, xs] = &args[..] else {
                    return self.error("`scanLookback` takes (init, array)".to_string());
                };
                let (elem, n) = self.array(f, xs)?;
                let acc = self.apply(g, vec![z.clone(), elem])?;
                if acc != *z {
                    return self.error("the operator of `scanLookback` does not return its accumulator type".into());
                }
                match chain.along {
                    None => Ok(Type::array(acc, n)),
                    Some(along) => {
                        let mapped = self.apply(&Fun::User(along), vec![Type::Scalar(flatten::ir::Scalar::Int)])?;
                        let (Some(mut comps), Some(more)) = (acc.components(), mapped.components()) else {
                            return self.error("`scanLookback` along a map of arrays".into());
                        };
                        comps.extend(more);
                        Ok(Type::array(Type::of_components(&comps), n))
                    }
                }
            }
            Fun::Filter(k) | Fun::FilterLookback(k, _) => {
                let xs = self.one(f, &args)?;
                let (elem, _) = self.array(f, &xs)?;
                let keep = self.apply(&Fun::User(k.keep), vec![elem.clone()])?;
                if keep != Type::Scalar(flatten::ir::Scalar::Int) {
                    return self.error(format!("the keep function of `{}` does not give an int", f.name()));
                }
                let elem = match (&k.columns, elem.components()) {
                    (None, _) => elem,
                    (Some(_), Some(comps)) => Type::of_components(&k.project(&comps)),
                    (Some(_), None) => return self.error(format!("`{}` of an array of arrays", f.name())),
                };
                Ok(Type::array(elem, k.kept.clone()))
            }
            Fun::Filters(keeps) | Fun::FiltersLookback(keeps, _) => {
                let xs = self.one(f, &args)?;
                let (elem, n) = self.array(f, &xs)?;
                let mut items = Vec::new();
                for k in keeps {
                    let keep = self.apply(&Fun::User(k.keep), vec![elem.clone()])?;
                    if keep != Type::Scalar(flatten::ir::Scalar::Int) {
                        return self.error(format!("a keep function of `{}` does not give an int", f.name()));
                    }
                    let Some(comps) = elem.components() else {
                        return self.error(format!("`{}` of an array of arrays", f.name()));
                    };
                    items.extend(k.project(&comps));
                }
                Ok(Type::array(Type::of_components(&items), n))
            }
            Fun::Horizontal(parts) | Fun::HorizontalLookback(parts, _) => {
                if parts.len() != args.len() || parts.is_empty() {
                    return self.error(format!("`{}` takes an array per part", f.name()));
                }
                let (mut items, mut length) = (Vec::new(), None);
                for (part, xs) in parts.iter().zip(&args) {
                    let (elem, n) = self.array(f, xs)?;
                    length.get_or_insert(n);
                    let Some(comps) = elem.components() else {
                        return self.error(format!("`{}` of an array of arrays", f.name()));
                    };
                    match part {
                        crate::ir::Part::Scan { op, .. } | crate::ir::Part::Reduce { op, .. } => {
                            let acc = Type::of_components(&part.carried());
                            if acc != elem || self.apply(op, vec![acc.clone(), elem])? != acc {
                                return self.error(format!("an operator of `{}` does not keep its type", f.name()));
                            }
                            if matches!(part, crate::ir::Part::Scan { .. }) {
                                items.extend(comps);
                            }
                        }
                        crate::ir::Part::Filters { keeps, .. } => {
                            for k in keeps {
                                let keep = self.apply(&Fun::User(k.keep), vec![elem.clone()])?;
                                if keep != Type::Scalar(flatten::ir::Scalar::Int) {
                                    return self
                                        .error(format!("a keep function of `{}` does not give an int", f.name()));
                                }
                                items.extend(k.project(&comps));
                            }
                        }
                        crate::ir::Part::Map => items.extend(comps),
                    }
                }
                let Some(n) = length else { return self.error(format!("`{}` of no part", f.name())) };
                Ok(Type::array(Type::of_components(&items), n))
            }
            Fun::SegReduceTeams(g, _) | Fun::SegReduceMerge(g, _) | Fun::SegReduceChunks(g, _) => {
                let name = f.name();
                let [z, segs] = &args[..] else {
                    return self.error(format!("`{name}` takes (init, segments)"));
                };
                let Type::Segmented(_, count) = segs else {
                    return self.error(format!("`{name}` of an array that is not `segments`"));
                };
                let (elem, _) = self.array(f, segs)?;
                let (elem, _) = self.array(f, &elem)?;
                let acc = self.apply(g, vec![z.clone(), elem])?;
                if acc != *z {
                    return self.error(format!("the operator of `{name}` does not return its accumulator type"));
                }
                match f {
                    Fun::SegReduceChunks(_, chunks) => Ok(Type::array(acc, chunks.chunks.clone())),
                    _ => Ok(Type::array(acc, count.clone())),
                }
            }
            Fun::RadixCounts(tiles) => {
                let [digits] = &args[..] else {
                    return self.error("`radixCounts` takes (digits)".to_string());
                };
                let (elem, _) = self.array(f, digits)?;
                if elem != Type::Scalar(flatten::ir::Scalar::Int) {
                    return self.error("`radixCounts` of digits that are not ints".to_string());
                }
                Ok(Type::array(Type::Scalar(flatten::ir::Scalar::Int), ArithExpr::cst(tiles.digits()) * &tiles.tiles))
            }
            Fun::SegmentIds(tiles) => {
                if !args.is_empty() {
                    return self.error("`segmentIds` takes no arguments".to_string());
                }
                Ok(Type::array(Type::Scalar(flatten::ir::Scalar::Int), tiles.n.clone()))
            }
            Fun::MapTileSegmentIds(tiles, f) => {
                if !args.is_empty() {
                    return self.error("`mapTileSegmentIds` takes no arguments".to_string());
                }
                let uf = self.kernel.user_fun(*f);
                if uf.params != [flatten::ir::Scalar::Int, flatten::ir::Scalar::Int] {
                    return self
                        .error(format!("`mapTileSegmentIds` of `{}`, not a function of (position, segment)", uf.name));
                }
                Ok(Type::array(uf.result_type(), tiles.n.clone()))
            }
            Fun::RadixScatter(..) => {
                let [digits, values] = &args[..] else {
                    return self.error("`radixScatter` takes (digits, values)".to_string());
                };
                let (elem, n) = self.array(f, digits)?;
                let (value, m) = self.array(f, values)?;
                if elem != Type::Scalar(flatten::ir::Scalar::Int) || n != m {
                    return self.error("`radixScatter` of digits that are not ints or not one per value".to_string());
                }
                Ok(Type::array(value, n))
            }
            Fun::Generate(n, id) => {
                if !args.is_empty() {
                    return self.error("`generate` takes no argument".to_string());
                }
                Ok(Type::array(self.kernel.user_fun(*id).result_type(), n.clone()))
            }
            Fun::Segments(id) => {
                let [offsets, lengths] = &args[..] else {
                    return self.error("`segments` takes (offsets, lengths)".to_string());
                };
                // A segment descriptor's arrays have one length (note [segment
                // descriptors]), even when their size variables differ.
                let (_, count) = self.array(f, lengths)?;
                self.array(f, offsets)?;
                Ok(Type::Segmented(Box::new(self.kernel.user_fun(*id).result_type()), count))
            }
            Fun::Iterate(times, g) => {
                let t = self.one(f, &args)?;
                let (elem, len) = self.array(f, &t)?;
                // The body on an array of symbolic length m must give m / c.
                let m = ArithExpr::var(&Var::new("m", Range::at_least(1)));
                let out = self.apply(g, vec![Type::array(elem.clone(), m.clone())])?;
                let (out_elem, out_len) = self.array(f, &out)?;
                if out_elem != elem {
                    return self.error("the body of `iterate` changes the element type".to_string());
                }
                let Some(factor) = (1..=64).find(|c| out_len == &m / *c) else {
                    return self.error(format!("the body of `iterate` maps length m to {out_len}, not m / c"));
                };
                Ok(Type::array(elem, &len / ArithExpr::cst(factor).pow(times.clone())))
            }
            Fun::Split(c) => {
                let t = self.one(f, &args)?;
                let (elem, len) = self.array(f, &t)?;
                Ok(Type::array(Type::array(elem, c.clone()), &len / c))
            }
            Fun::Join => {
                let t = self.one(f, &args)?;
                let (inner, outer) = self.array(f, &t)?;
                let (elem, m) = self.array(f, &inner)?;
                Ok(Type::array(elem, m * outer))
            }
            Fun::GatherStride(_) => {
                let t = self.one(f, &args)?;
                self.array(f, &t)?;
                Ok(t)
            }
            Fun::AtomicMax(g) => self.apply(g, args),
            Fun::Scatter(target, m, _) => {
                let t = self.one(f, &args)?;
                let (elem, _) = self.array(f, &t)?;
                let uf = self.kernel.user_fun(*target);
                if uf.params != [flatten::ir::Scalar::Int] || uf.results != [flatten::ir::Scalar::Int] {
                    return self.error(format!("the target function `{}` of `scatter` is not int -> int", uf.name));
                }
                Ok(Type::array(elem, m.clone()))
            }
            Fun::JoinSegments(n, _) => {
                let t = self.one(f, &args)?;
                let (inner, _) = self.array(f, &t)?;
                let (elem, _) = self.array(f, &inner)?;
                Ok(Type::array(elem, n.clone()))
            }
            Fun::Pad(n, z) => {
                let t = self.one(f, &args)?;
                let (elem, _) = self.array(f, &t)?;
                if elem.components() != Some(z.iter().map(|c| c.scalar()).collect()) {
                    return self.error("`pad`'s value has not the element type".to_string());
                }
                Ok(Type::array(elem, n.clone()))
            }
            Fun::Zip => {
                let mut elems = Vec::new();
                let mut len: Option<ArithExpr> = None;
                for t in &args {
                    let (e, l) = self.array(f, t)?;
                    if len.as_ref().is_some_and(|len| *len != l) {
                        return self.error("`zip` of arrays of different lengths".to_string());
                    }
                    len = Some(l);
                    elems.push(e);
                }
                match len {
                    Some(len) => Ok(Type::array(Type::Tuple(elems), len)),
                    None => self.error("`zip` of nothing".to_string()),
                }
            }
            Fun::Get(i) => match self.one(f, &args)? {
                Type::Tuple(items) if *i < items.len() => Ok(items[*i].clone()),
                t => self.error(format!("`get({i})` of {}", crate::print::print_type(&t))),
            },
        }
    }
}

/// The length of an array variable of the flat kernel: a parameter's is a
/// size variable; an earlier stage's result has the length its stage gave.
pub fn input_length(kernel: &LiftKernel, v: flatten::ir::KVar) -> Option<ArithExpr> {
    if let Some(s) = kernel.sizes.iter().find(|s| s.def == SizeDef::LengthOf(v)) {
        return Some(ArithExpr::var(&s.var));
    }
    kernel.lengths.iter().find(|(w, _)| *w == v).map(|(_, len)| len.clone())
}

/// Checks every stage: its body has a type, an array whose elements have
/// as many components as the stage has results.
pub fn check_kernel(kernel: &LiftKernel) -> Result<Vec<Type>, TypeError> {
    let mut types = Vec::new();
    for stage in &kernel.stages {
        types.push(check_stage(kernel, stage)?);
    }
    Ok(types)
}

pub fn check_stage(kernel: &LiftKernel, stage: &Stage) -> Result<Type, TypeError> {
    let mut checker = TypeChecker::new(kernel);
    let t = checker.expr(&stage.body)?;
    let components = match &t {
        Type::Array(elem, _) => elem.components(),
        _ => None,
    };
    if components.map(|c| c.len()) != Some(stage.result.len()) {
        return Err(TypeError {
            kernel: kernel.name.clone(),
            message: format!(
                "stage `{}` has type {} for {} results",
                stage.name,
                crate::print::print_type(&t),
                stage.result.len()
            ),
        });
    }
    Ok(t)
}

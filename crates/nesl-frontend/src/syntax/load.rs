//! `load`: a program's forms, with the forms of the files it loads read in
//! place, as NESL 3.1's top level reads them.
//!
//! `load EXPR;` names a file by a string expression: a literal, `++` of
//! such expressions, or a name bound earlier in the same file by a
//! top-level `name = EXPR;` of such an expression (NESL's own test reads
//! `load dir ++ "primes";`). The name is looked up relative to the folder of
//! the loading file, with `.nesl` added if the name has none and no file
//! has the name as written. A name that does not exist there (an absolute
//! path of another machine, as in NESL's testexamps.nesl) resolves by its
//! file name in the loading file's folder. A file loaded again, directly
//! or through the files it loads, is an error (it would never end).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diagnostic::{Diagnostic, ErrorClass};
use crate::source::{FileId, SourceMap};
use crate::syntax::ast::{BinaryOp, Expr, ExprKind, ItemKind, Module, PatternKind};
use crate::syntax::parse_file_recovering;

/// How deeply loads may nest.
const MAX_LOAD_DEPTH: usize = 32;

/// Parses `file` of `sources` and every file it loads (added to `sources`),
/// into one module whose forms are in the order NESL reads them.
pub fn parse_program(sources: &mut SourceMap, file: FileId) -> Result<Module, Vec<Diagnostic>> {
    let (module, diagnostics) = parse_program_recovering(sources, file);
    if diagnostics.is_empty() { Ok(module) } else { Err(diagnostics) }
}

/// Like [`parse_program`], but goes on after an erroneous form or `load`,
/// as NESL 3.1's `load` does (note [erroneous forms] in `lib.rs`): the
/// forms that parse, in order, and the diagnostics of those that do not.
pub fn parse_program_recovering(sources: &mut SourceMap, file: FileId) -> (Module, Vec<Diagnostic>) {
    let mut loading = Vec::new();
    expand(sources, file, &mut loading)
}

fn expand(sources: &mut SourceMap, file: FileId, loading: &mut Vec<PathBuf>) -> (Module, Vec<Diagnostic>) {
    let (module, mut diagnostics) = parse_file_recovering(sources, file);
    if !module.items.iter().any(|item| matches!(item.kind, ItemKind::Load { .. })) {
        return (module, diagnostics);
    }
    let folder = Path::new(&sources.file(file).name).parent().map(Path::to_path_buf).unwrap_or_default();
    let mut strings: HashMap<String, String> = HashMap::new();
    let mut items = Vec::with_capacity(module.items.len());
    for item in module.items {
        match &item.kind {
            ItemKind::Load { path } => {
                let Some(name) = constant_string(path, &strings) else {
                    diagnostics.push(
                        Diagnostic::new(ErrorClass::Unsupported, "nessie cannot tell which file this `load` reads")
                            .with_primary(path.span, "not a constant string")
                            .with_help(
                                "write the file's name as a string, `++` of strings, or a name bound earlier to one",
                            ),
                    );
                    continue;
                };
                let Some(found) = resolve(&folder, &name) else {
                    diagnostics.push(
                        Diagnostic::new(ErrorClass::Name, format!("`load`: no file `{name}`"))
                            .with_primary(path.span, "this file does not exist")
                            .with_help(format!(
                                "a relative name is read beside the loading file, in `{}`",
                                folder.display()
                            )),
                    );
                    continue;
                };
                let canonical = found.canonicalize().unwrap_or_else(|_| found.clone());
                if loading.contains(&canonical) || loading.len() >= MAX_LOAD_DEPTH {
                    diagnostics.push(
                        Diagnostic::new(ErrorClass::Name, format!("`{}` loads itself", found.display()))
                            .with_primary(path.span, "loaded again here, while it is being loaded"),
                    );
                    continue;
                }
                let text = match std::fs::read_to_string(&found) {
                    Ok(text) => text,
                    Err(error) => {
                        diagnostics.push(
                            Diagnostic::new(
                                ErrorClass::Name,
                                format!("`load`: cannot read `{}`: {error}", found.display()),
                            )
                            .with_primary(path.span, "this file"),
                        );
                        continue;
                    }
                };
                let loaded = sources.add(found.to_string_lossy().to_string(), text, false);
                loading.push(canonical);
                let (module, errors) = expand(sources, loaded, loading);
                loading.pop();
                items.extend(module.items);
                diagnostics.extend(errors);
            }
            ItemKind::Binding { pattern, value } => {
                if let PatternKind::Var(name) = &pattern.kind {
                    match constant_string(value, &strings) {
                        Some(text) => strings.insert(name.name.clone(), text),
                        None => strings.remove(&name.name),
                    };
                }
                items.push(item);
            }
            _ => items.push(item),
        }
    }
    (Module { items }, diagnostics)
}

/// The value of a string expression built of literals, `++` and names of
/// earlier constant strings.
fn constant_string(expr: &Expr, strings: &HashMap<String, String>) -> Option<String> {
    match &expr.kind {
        ExprKind::String(bytes) => Some(String::from_utf8_lossy(bytes).into_owned()),
        ExprKind::Var(name) => strings.get(&name.name).cloned(),
        ExprKind::Binary { op: BinaryOp::Append, lhs, rhs, .. } => {
            Some(constant_string(lhs, strings)? + &constant_string(rhs, strings)?)
        }
        _ => None,
    }
}

/// The file a loaded name means (see the module documentation).
fn resolve(folder: &Path, name: &str) -> Option<PathBuf> {
    let written = Path::new(name);
    let with_extension = |path: &Path| -> Option<PathBuf> {
        if path.is_file() {
            return Some(path.to_path_buf());
        }
        let mut nesl = path.as_os_str().to_owned();
        nesl.push(".nesl");
        let nesl = PathBuf::from(nesl);
        nesl.is_file().then_some(nesl)
    };
    let direct = if written.is_absolute() { written.to_path_buf() } else { folder.join(written) };
    with_extension(&direct).or_else(|| with_extension(&folder.join(written.file_name()?)))
}

//! The text of a generated program as one OpenCL C compiler sees it: the
//! branches of the conditions on the compiler (`__NV_CL_C_VERSION`,
//! `NESSIE_NV_SM`) taken, for tests of the C that only NVIDIA builds.

/// The compiler a text is preprocessed for: another vendor's, or
/// NVIDIA's with `NESSIE_NV_SM` defined as given (note [architecture
/// define] in `runtime::cl::program`; `None` where the build does not
/// define it).
#[derive(Clone, Copy)]
pub enum Compiler {
    Portable,
    Nvidia(Option<u32>),
}

pub use Compiler::{Nvidia, Portable};

/// Whether `condition`, one of the conditions the generated code tests,
/// holds for `compiler`; `None` for any other condition.
fn holds(condition: &str, compiler: Compiler) -> Option<bool> {
    let nvidia = matches!(compiler, Nvidia(_));
    let sm80 = matches!(compiler, Nvidia(Some(sm)) if sm >= 80);
    match condition {
        "__NV_CL_C_VERSION" | "defined(__NV_CL_C_VERSION)" => Some(nvidia),
        "defined(__NV_CL_C_VERSION) && defined(NESSIE_NV_SM) && NESSIE_NV_SM >= 80" => Some(sm80),
        _ => None,
    }
}

/// The text of `source` that `compiler` sees: the branches of the
/// conditions on the compiler chosen, every other directive kept. Panics
/// on an unbalanced branch.
pub fn preprocess(source: &str, compiler: Compiler) -> String {
    // For each open `#if...`: whether it is ours, whether its lines are
    // kept, and whether one of its branches was taken.
    let mut open: Vec<(bool, bool, bool)> = Vec::new();
    let mut text = String::new();
    for line in source.lines() {
        let directive = line.trim_start();
        let kept = open.iter().all(|&(_, keep, _)| keep);
        let ours = open.last().is_some_and(|&(ours, _, _)| ours);
        let condition = directive.strip_prefix("#ifdef ").or_else(|| directive.strip_prefix("#if "));
        if let Some(holds) = condition.and_then(|c| holds(c.trim(), compiler)) {
            open.push((true, holds, holds));
        } else if let (true, Some(c)) = (ours, directive.strip_prefix("#elif ")) {
            let holds = holds(c.trim(), compiler).expect("an #elif on the compiler");
            let last = open.last_mut().expect("an open #if");
            last.1 = !last.2 && holds;
            last.2 |= holds;
        } else if ours && directive == "#else" {
            let last = open.last_mut().expect("an open #if");
            last.1 = !last.2;
            last.2 = true;
        } else if ours && directive == "#endif" {
            open.pop();
        } else {
            if directive.starts_with("#if") {
                open.push((false, true, true));
            } else if directive.starts_with("#endif") {
                assert!(open.pop().is_some(), "an #endif without its #if");
            }
            if kept {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(open.is_empty(), "an #if left open");
    text
}

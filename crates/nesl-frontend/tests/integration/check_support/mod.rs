//! Helpers shared by the checker's tests: parse a prelude and a user file
//! from strings, check them, and look at the result.

#![allow(dead_code)]

use nesl_frontend::source::{FileId, SourceMap};
use nesl_frontend::tast::{Program, print_program};
use nesl_frontend::{Diagnostic, syntax};

/// A small prelude for tests that should not depend on the real one.
pub const MINI_PRELUDE: &str = "
% A tiny library for the checker's tests. %
function __pad(str, n) : ([char], int) -> [char] = str;
function identity(x) : a -> a :: (a in any) = x;
function __double(x) = x + x;
function twice(x) = __double(x);
";

/// The result of checking one user file.
pub struct Checked {
    pub sources: SourceMap,
    pub user: FileId,
    pub result: Result<Program, Vec<Diagnostic>>,
}

impl Checked {
    /// The program; panics with the rendered diagnostics if there were any.
    pub fn program(&self) -> &Program {
        match &self.result {
            Ok(p) => p,
            Err(_) => panic!("unexpected errors:\n{}", self.render()),
        }
    }

    pub fn diagnostics(&self) -> &[Diagnostic] {
        match &self.result {
            Ok(p) => panic!("expected errors, but the program checked:\n{}", print_program(p)),
            Err(diags) => diags,
        }
    }

    /// Every diagnostic rendered, without colour.
    pub fn render(&self) -> String {
        match &self.result {
            Ok(_) => String::new(),
            Err(diags) => diags.iter().map(|d| d.render(&self.sources, false)).collect::<Vec<_>>().join("\n"),
        }
    }

    /// `line:col` of each diagnostic's primary span, with its message.
    pub fn positions(&self) -> Vec<String> {
        self.diagnostics()
            .iter()
            .map(|d| match d.primary_span() {
                Some(s) => {
                    let file = self.sources.file(s.file);
                    format!("{}:{}", file.line_col(s.lo as usize), d.message)
                }
                None => format!("?:{}", d.message),
            })
            .collect()
    }

    pub fn print(&self) -> String {
        print_program(self.program())
    }

    /// The type of each top-level item, in NESL syntax.
    pub fn item_types(&self) -> Vec<String> {
        let program = self.program();
        program.items.iter().map(|item| program.type_name(program.item_type(item))).collect()
    }

    /// The function instance called `name`.
    pub fn function(&self, name: &str) -> &nesl_frontend::tast::Function {
        let program = self.program();
        match program.functions.iter().find(|(_, f)| f.instance == name) {
            Some((_, f)) => f,
            None => panic!("no instance `{name}` among {:?}", self.instances()),
        }
    }

    /// The instance names of the program's functions, sorted.
    pub fn instances(&self) -> Vec<String> {
        let mut names: Vec<String> = self.program().functions.iter().map(|(_, f)| f.instance.clone()).collect();
        names.sort();
        names
    }
}

/// Checks `user` against `prelude`, going on after a broken form as
/// `nesl_frontend::compile` does.
pub fn check_with(prelude: &str, user: &str) -> Checked {
    let mut sources = SourceMap::new();
    let prelude_file = sources.add("<prelude>", prelude, true);
    let user_file = sources.add("test.nesl", user, false);
    let result = (|| {
        let prelude = syntax::parse_file(&sources, prelude_file)?;
        let (user, syntax_errors) = syntax::parse_program_recovering(&mut sources, user_file);
        nesl_frontend::check_parsed(&sources, &prelude, &user, syntax_errors)
    })();
    Checked { sources, user: user_file, result }
}

/// Checks `user` against the small test prelude.
pub fn check(user: &str) -> Checked {
    check_with(MINI_PRELUDE, user)
}

/// Checks `user` against the real prelude.
pub fn check_real(user: &str) -> Checked {
    check_with(nesl_frontend::PRELUDE_SOURCE, user)
}

//! `nessie run`: compile a program and print the value of each top-level form.

use std::io::Write;

use nesl_frontend::eval::Output;
use nesl_frontend::tast::Program;
use nesl_frontend::value::Value;

use crate::cli::{Backend, RunArgs};
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

pub fn run(session: &mut Session, args: &RunArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let front = pipeline::front_end(session, &mut pipeline::no_emit)?;
    let program = &front.program;
    let result = match args.common.backend {
        Backend::Interp => {
            let mut printer = ResultPrinter { program, out };
            nesl_frontend::eval::run(program, &session.sources, &mut printer).map_err(|d| Failure::Program(vec![d]))
        }
        Backend::Flat => {
            let flat = pipeline::flatten(session, program, &mut pipeline::no_emit)?;
            let mut printer = ResultPrinter { program, out };
            flatten::eval::run(&flat, &mut printer).map_err(|e| match e {
                flatten::eval::EvalError::Fault(d) => Failure::Program(vec![d]),
                flatten::eval::EvalError::Internal(e) => Failure::Internal(e.to_string()),
            })
        }
        Backend::Opencl => Err(Failure::Internal(
            "not supported yet: the OpenCL backend is not built yet; use `--backend interp`".to_string(),
        )),
    };
    let _ = out.flush();
    result
}

/// Prints results in the format of CONTRACT.md, in program order with the
/// program's own output.
pub struct ResultPrinter<'a> {
    pub program: &'a Program,
    pub out: &'a mut dyn Write,
}

impl Output for ResultPrinter<'_> {
    fn print(&mut self, text: &[u8]) {
        let _ = self.out.write_all(text);
    }

    fn item(&mut self, item: usize, value: &Value) {
        let line = self.program.format_item(&self.program.items[item], value);
        let _ = writeln!(self.out, "{line}");
    }
}

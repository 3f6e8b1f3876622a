//! `nessie compile FILE -o DIR`: write the generated OpenCL and host plan,
//! and the IR of any stage asked for with `--emit`.

use std::path::Path;

use crate::cli::{CompileArgs, Stage};
use crate::failure::Failure;
use crate::session::Session;

pub fn compile(session: &mut Session, args: &CompileArgs) -> Result<(), Failure> {
    let stem = args.common.file.file_stem().and_then(|s| s.to_str()).unwrap_or("program").to_string();
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| Failure::Usage(format!("cannot create `{}`: {e}", args.out_dir.display())))?;
    let compiled = session.front_end()?;
    for &stage in &args.emit {
        let text = match stage {
            Stage::Ast => nesl_frontend::syntax::print_module(&compiled.ast),
            Stage::Typed => nesl_frontend::tast::print_program(&compiled.program),
            other => {
                return Err(Failure::Internal(format!(
                    "not supported yet: the `{}` stage is not built yet",
                    other.name()
                )));
            }
        };
        write_file(&args.out_dir.join(format!("{stem}.{}", stage.name())), &text)?;
    }
    Err(Failure::Internal("not supported yet: OpenCL code generation is not built yet".to_string()))
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Usage(format!("cannot write `{}`: {e}", path.display())))
}

//! `nessie compile FILE -o DIR`: write the generated OpenCL and host plan,
//! and the IR of any stage asked for with `--emit`.

use std::path::Path;

use crate::cli::{CompileArgs, Stage};
use crate::failure::Failure;
use crate::pipeline;
use crate::session::Session;

pub fn compile(session: &mut Session, args: &CompileArgs) -> Result<(), Failure> {
    let stem = args.common.file.file_stem().and_then(|s| s.to_str()).unwrap_or("program").to_string();
    std::fs::create_dir_all(&args.out_dir)
        .map_err(|e| Failure::Usage(format!("cannot create `{}`: {e}", args.out_dir.display())))?;
    let mut write_error = None;
    let mut emit = |stage: Stage, text: &dyn Fn() -> String| {
        if args.emit.contains(&stage) && write_error.is_none() {
            let path = args.out_dir.join(format!("{stem}.{}", stage.name()));
            write_error = write_file(&path, &text()).err();
        }
    };
    let result = (|| {
        let front = pipeline::front_end(session, &mut emit)?;
        let _flat = pipeline::flatten(session, &front.program, &mut emit)?;
        Err(Failure::Internal("not supported yet: OpenCL code generation is not built yet".to_string()))
    })();
    if let Some(e) = write_error {
        return Err(e);
    }
    result
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Usage(format!("cannot write `{}`: {e}", path.display())))
}

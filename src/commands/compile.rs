//! `nessie compile FILE -o DIR`: write the generated OpenCL and host plan,
//! and the IR of any stage asked for with `--emit`.
//!
//! DIR receives one `KERNEL.cl` per compiled kernel (OpenCL C 1.2 that
//! compiles on its own), `plan.json` (the host plan:
//! `opencl_backend::plan_json`), and `STEM.STAGE` for every `--emit STAGE`
//! (`norm2.fused`). A stage's file is written as soon as the stage has
//! run, so the IR of the stages before a failure is there to look at.

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
        pipeline::compile(
            session,
            &front.program,
            args.common.schedule_kind(),
            &mut emit,
            &mut pipeline::warn_on_stderr,
        )
    })();
    if let Some(e) = write_error {
        return Err(e);
    }
    let (fused, compiled) = result?;
    for kernel in &compiled.kernels {
        write_file(&args.out_dir.join(kernel.file_name()), &kernel.source)?;
    }
    let plan = opencl_backend::plan_json::write_plan_pretty(&fused.program, &compiled.kernels);
    write_file(&args.out_dir.join("plan.json"), &plan)
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Usage(format!("cannot write `{}`: {e}", path.display())))
}

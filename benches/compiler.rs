//! How long nessie takes to compile the example programs: the whole way
//! from source to OpenCL C with the default ILP schedule (`compile`, the
//! figure to keep under 100 ms per example), then stage by stage: the front
//! end (parse, type-check, monomorphise), flattening, fusion under each
//! schedule (the ILP is the one that can get slow), and code generation
//! through Lift to OpenCL C.
//!
//! `cargo bench --bench compiler` (criterion; `-- dotp` picks one program,
//! `-- compile/` the whole compile of each; add `--warm-up-time 1
//! --measurement-time 2` for a quick run).
//! Run time on the device is measured by `nessie run --stats` and
//! `scripts/gpu/`, not here.

use std::hint::black_box;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use flatten::ir::FlatProgram;
use fusion::ScheduleKind;
use nesl_frontend::syntax::ast::Module;
use nesl_frontend::tast::Program;
use nesl_frontend::{FileId, SourceMap};

/// One example program, loaded once.
struct Example {
    name: String,
    sources: SourceMap,
    prelude: Module,
    file: FileId,
}

impl Example {
    fn load(path: &Path) -> Example {
        let text = std::fs::read_to_string(path).expect("the example programs are readable");
        let mut sources = SourceMap::new();
        let prelude_file = sources.add(nesl_frontend::PRELUDE_NAME, nesl_frontend::PRELUDE_SOURCE, true);
        let file = sources.add(path.display().to_string(), text, false);
        let prelude = nesl_frontend::syntax::parse_file(&sources, prelude_file).expect("the prelude parses");
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("program").to_string();
        Example { name, sources, prelude, file }
    }

    fn front_end(&self) -> Program {
        let ast = nesl_frontend::syntax::parse_file(&self.sources, self.file).expect("the examples parse");
        nesl_frontend::check::check_program(&self.sources, &self.prelude, &ast).expect("the examples type-check")
    }

    fn flatten(&self, program: &Program) -> FlatProgram {
        flatten::flatten_program(program, &self.sources).expect("the examples flatten")
    }

    /// Source to OpenCL C, as `nessie compile` does it (the prelude is
    /// parsed once, as the driver's session does); `None` when code
    /// generation refuses the program.
    fn compile(&self) -> Option<opencl_backend::CompiledProgram> {
        let fused = fusion::fuse(&self.flatten(&self.front_end()), ScheduleKind::ilp()).expect("the examples fuse");
        opencl_backend::compile_program(&fused.program).ok()
    }
}

fn examples() -> Vec<Example> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("examples/ exists")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "nesl"))
        .collect();
    paths.sort();
    paths.iter().map(|path| Example::load(path)).collect()
}

fn stages(c: &mut Criterion) {
    let examples = examples();
    let mut group = c.benchmark_group("compile");
    for example in &examples {
        if example.compile().is_none() {
            // Said, not skipped silently: the table lacks this row.
            eprintln!("the compile of {} is not measured: code generation refuses it", example.name);
            continue;
        }
        group.bench_function(BenchmarkId::from_parameter(&example.name), |b| b.iter(|| black_box(example.compile())));
    }
    group.finish();

    let mut group = c.benchmark_group("front-end");
    for example in &examples {
        group.bench_function(BenchmarkId::from_parameter(&example.name), |b| b.iter(|| black_box(example.front_end())));
    }
    group.finish();

    let mut group = c.benchmark_group("flatten");
    for example in &examples {
        let program = example.front_end();
        group.bench_function(BenchmarkId::from_parameter(&example.name), |b| {
            b.iter(|| black_box(example.flatten(&program)))
        });
    }
    group.finish();

    for schedule in ScheduleKind::all() {
        let mut group = c.benchmark_group(format!("fuse-{}", schedule.name()));
        for example in &examples {
            let flat = example.flatten(&example.front_end());
            group.bench_function(BenchmarkId::from_parameter(&example.name), |b| {
                b.iter(|| black_box(fusion::fuse(&flat, schedule).expect("the examples fuse")))
            });
        }
        group.finish();
    }

    let mut group = c.benchmark_group("codegen");
    for example in &examples {
        let fused = fusion::fuse(&example.flatten(&example.front_end()), ScheduleKind::ilp()).expect("fuses").program;
        if let Err(e) = opencl_backend::compile_program(&fused) {
            // Said, not skipped silently: the table lacks this row.
            eprintln!("codegen of {} is not measured: {e}", example.name);
            continue;
        }
        group.bench_function(BenchmarkId::from_parameter(&example.name), |b| {
            b.iter(|| black_box(opencl_backend::compile_program(&fused).expect("compiled once already")))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = stages
}
criterion_main!(benches);

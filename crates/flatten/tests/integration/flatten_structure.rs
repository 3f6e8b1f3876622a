//! The shape of what flattening makes, construct by construct: which SOACs,
//! how many kernels, what the thunks read (before fusion). Each test
//! flattens a small NESL program and inspects the flat IR and its print.

use flatten::ir::print::print_program;
use flatten::ir::{Block, FlatProgram, HostExpr, HostFunction, Kernel, Soac, Stmt};
use nesl_frontend::SourceMap;

fn flatten_source(source: &str) -> FlatProgram {
    let mut sources = SourceMap::new();
    let file = sources.add("test.nesl", source, false);
    let compiled =
        nesl_frontend::compile(&mut sources, file).unwrap_or_else(|d| panic!("{}", d[0].render(&sources, false)));
    flatten::flatten_program(&compiled.program, &sources).unwrap_or_else(|e| panic!("{e}"))
}

/// The SOACs of every kernel, by name, sorted.
fn soac_names(program: &FlatProgram) -> Vec<&'static str> {
    let mut names: Vec<&'static str> =
        program.kernels.iter().flat_map(|k| k.body.iter().map(|b| b.soac.name())).collect();
    names.sort();
    names
}

fn function<'a>(program: &'a FlatProgram, name: &str) -> &'a HostFunction {
    program.functions.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("no function {name}"))
}

/// The kernels a block runs, in order (nested blocks included).
fn runs<'a>(program: &'a FlatProgram, block: &Block) -> Vec<&'a Kernel> {
    let mut out = Vec::new();
    for stmt in &block.stmts {
        if let Stmt::Let { expr, .. } = stmt {
            match expr {
                HostExpr::Run { kernel, .. } => out.push(program.kernel(*kernel)),
                HostExpr::If { then_block, else_block, .. } => {
                    out.extend(runs(program, then_block));
                    out.extend(runs(program, else_block));
                }
                HostExpr::Time { block } => out.extend(runs(program, block)),
                _ => {}
            }
        }
    }
    out
}

fn kernel_text(kernel: &Kernel) -> String {
    flatten::ir::print::print_kernel(kernel)
}

#[test]
fn dot_product_is_one_map_and_one_reduce() {
    let p = flatten_source(
        "function dotp(a, b) = sum({x * y : x in a; y in b});
         dotp([1.0, 2.0], [3.0, 4.0]);",
    );
    assert_eq!(soac_names(&p), ["MAP", "REDUCE"]);
    let text = print_program(&p);
    assert!(text.contains("MAP { i => (a[i] * b[i]) } (#a)"), "{text}");
    assert!(text.contains("REDUCE { i => mapped[i] } (0.0) { (a, b) => (a + b) } (#mapped)"), "{text}");
    // The generators' lengths are checked on the host.
    assert!(text.contains("generators of different lengths"), "{text}");
}

#[test]
fn norm2_is_the_lambda_cu_fragment() {
    let p = flatten_source(
        "function norm2(xs) =
           let sum1 = sum(xs);
               gts = {x : x in xs | x > 0.0};
               sum2 = sum(gts)
           in ({x / sum1 : x in xs}, {x / sum2 : x in xs});
         norm2([1.0, -2.0, 3.0]);",
    );
    // Three distinct kernels, five runs, as in the paper.
    assert_eq!(soac_names(&p), ["FILTER", "MAP", "REDUCE"]);
    let norm2 = function(&p, "norm2");
    assert_eq!(runs(&p, &norm2.body).len(), 5);
    let text = print_program(&p);
    assert!(text.contains("FILTER { i => xs[i] } { x => (x > 0.0) } (#xs)"), "{text}");
    assert!(text.contains("MAP { i => (xs[i] / sum1) } (#xs)"), "{text}");
}

#[test]
fn sparse_mxv_is_a_segmented_reduction_over_the_matrix_reading_v_in_place() {
    let p = flatten_source(
        "function smvm(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};
         smvm([[(0, 1.0), (2, 2.0)], [(1, 3.0)]], [1.0, 2.0, 3.0]);",
    );
    let smvm = p.functions.iter().find(|f| f.name.starts_with("smvm")).expect("smvm");
    let kernels = runs(&p, &smvm.body);
    let soacs: Vec<&str> = kernels.iter().map(|k| k.body[0].soac.name()).collect();
    assert_eq!(soacs, ["MAP", "SEG_REDUCE"]);
    // The products read v by a gather with a bounds check: no copy of v.
    let map = kernel_text(kernels[0]);
    assert!(map.contains("let j = m_elements_1[i] in assert ((j >= 0) and (j < #v))"), "{map}");
    assert!(map.contains("(m_elements_2[i] * v[j])"), "{map}");
    assert!(map.contains("(#m_elements_1)"), "{map}");
    // The sum is over the matrix's own segment descriptor.
    let Soac::SegReduce { segments, .. } = &kernels[1].body[0].soac else { panic!() };
    assert_eq!(kernels[1].var(segments.lengths).name, "m_lengths");
    assert_eq!(kernels[1].var(segments.offsets).name, "m_offsets");
}

#[test]
fn scalar_functions_with_conditionals_are_inlined_into_one_map() {
    let p = flatten_source(
        "function cnd(x) = if x < 0.0 then 1.0 - exp(x) else exp(-x);
         function price(s, k) = s * cnd(s - k) - k * cnd(k - s);
         {price(s, k) : s in [1.0, 2.0]; k in [1.5, 0.5]};",
    );
    assert_eq!(soac_names(&p), ["MAP"]);
    assert!(p.functions.is_empty(), "scalar functions are inlined, not called");
    let text = print_program(&p);
    assert!(text.contains("(if (x_"), "a GPU if: {text}");
}

#[test]
fn an_outer_variable_is_read_in_place_through_segment_of() {
    let p = flatten_source(
        "function table(xs, ys) = {{x * y : x in xs} : y in ys};
         table([1, 2, 3], [10, 20]);",
    );
    let text = print_program(&p);
    // The inner instances read xs within their segment and y through
    // segment_of: neither is copied per instance by a kernel of its own.
    assert!(!text.contains("gather"), "{text}");
    assert!(text.contains("segment_of(offsets"), "{text}");
}

#[test]
fn a_filter_in_a_lifted_context_counts_each_segment() {
    let p = flatten_source(
        "function positives(m) = {{x : x in row | x > 0} : row in m};
         positives([[1, -2, 3], [-4]]);",
    );
    let names = soac_names(&p);
    assert!(names.contains(&"FILTER"), "{names:?}");
    let text = print_program(&p);
    // Each row's count comes from the FILTER's own counts before each
    // row's offset (note [counts from the filter]): no SEG_REDUCE, no
    // search of the kept positions; the rows' offsets are those counts
    // (`offsets-from-before`), no scan.
    assert!(!text.contains("SEG_REDUCE"), "{text}");
    assert!(!text.contains("SCAN"), "{text}");
    assert!(text.contains("BEFORE m_offsets"), "{text}");
    assert!(
        text.contains("MAP { s => ((if ((s + 1) < #before) then before[(s + 1)] else #x) - before[s]) } (#before)"),
        "{text}"
    );
    assert!(text.contains("return (lengths, before, x)"), "{text}");
    assert!(!text.contains("segment_of(kept"), "{text}");
}

#[test]
fn a_conditional_with_sequence_code_splits_the_instances_and_merges() {
    let p = flatten_source(
        "function last(s) = if #s == 0 then -1 else max_index(s);
         {last(s) : s in [[3, 1], [] int, [5]]};",
    );
    let text = print_program(&p);
    assert!(text.contains("then_instances"), "{text}");
    assert!(text.contains("else_instances"), "{text}");
    assert!(text.contains("SCAN { i => btoi("), "the rank of each instance in its branch: {text}");
    assert!(text.contains("SEG_REDUCE"), "max_index runs on the else instances only: {text}");
}

/// The kernels of the lifted version of `name` that compute an element total on the
/// device: the `ONCE` over a scanned descriptor (`total`) and the masked
/// `REDUCE` of rule `masked-total` (note [host-known totals]).
fn totals<'a>(program: &'a FlatProgram, name: &str) -> (Vec<&'a Kernel>, Vec<&'a Kernel>) {
    let lifted = program.functions.iter().find(|f| f.name.starts_with(name) && f.name.ends_with('^'));
    let lifted = lifted.unwrap_or_else(|| panic!("no lifted {name}: {}", print_program(program)));
    let kernels = runs(program, &lifted.body);
    let named = |suffix: &str| kernels.iter().copied().filter(|k| k.name.contains(suffix)).collect::<Vec<_>>();
    let masked = named("_masked_total");
    let scanned = named("_total").into_iter().filter(|k| !k.name.contains("_masked_total")).collect();
    (scanned, masked)
}

#[test]
fn a_split_conditional_knows_its_branches_and_merged_totals() {
    // Rule `masked-total` for the branches' sequences of the instances
    // they select (the then branch gathers `s`, the else branch appends it
    // to itself), and `each-once-total` for the merge: no scanned total is
    // left.
    let p = flatten_source(
        "function g(s) = if #s <= 2 then s else s ++ s;
         {g(s) : s in [[3, 1], [] int, [5, 6, 7]]};",
    );
    let (scanned, masked) = totals(&p, "g");
    let text = print_program(&p);
    assert_eq!(masked.len(), 2, "the then branch gathers s, the else branch appends it: {text}");
    assert!(scanned.is_empty(), "{text}");
    let (then_total, else_total) = (kernel_text(masked[0]), kernel_text(masked[1]));
    assert!(then_total.contains("REDUCE { i => (if mapped[i] then s_lengths"), "{then_total}");
    assert!(else_total.contains("REDUCE { i => (if not(mapped[i]) then s_lengths"), "{else_total}");
}

#[test]
fn views_of_every_element_of_a_literal_have_a_known_total() {
    // Rule `parts-total`: x[1] ++ [0] ++ x[0] covers x = [a, b] once.
    let parts = flatten_source(
        "function g(s) = let x = [{y in s | y < 2}, {y in s | y >= 2}] in x[1] ++ [0] ++ x[0];
         {g(s) : s in [[3, 1], [] int]};",
    );
    let (scanned, _) = totals(&parts, "g");
    assert!(scanned.is_empty(), "{}", print_program(&parts));
    // Not when a view is missing, taken twice, or the segments vary.
    for body in [
        "let x = [{y in s | y < 2}, {y in s | y >= 2}] in x[1] ++ [0] ++ x[1]",
        "let x = [{y in s | y < 2}, {y in s | y >= 2}, s] in x[1] ++ [0] ++ x[0]",
        "let x = {[y] : y in s} in x[1] ++ [0] ++ x[0]",
    ] {
        let p = flatten_source(&format!("function g(s) = {body};\n{{g(s) : s in [[3, 1], [] int]}};"));
        let (scanned, _) = totals(&p, "g");
        assert_eq!(scanned.len(), 1, "{body}: {}", print_program(&p));
    }
}

#[test]
fn a_free_variable_of_an_apply_to_each_over_a_literal_has_a_known_total() {
    // Rule `replicated-total`, through the else branch's selection too:
    // each instance's `s` is taken once per item of `[[0], s, [9]]`.
    let p = flatten_source(
        "function g(s) = if #s <= 1 then [s] else {v ++ s : v in [[0], s, [9]]};
         {g(s) : s in [[3, 1], [] int]};",
    );
    let (scanned, masked) = totals(&p, "g");
    let text = print_program(&p);
    assert!(scanned.is_empty(), "{text}");
    assert!(!masked.is_empty(), "{text}");
    // Not over segments of varying lengths.
    let p = flatten_source("function g(s) = {[x] ++ s : x in s};\n{g(s) : s in [[3, 1], [] int]};");
    let (scanned, _) = totals(&p, "g");
    assert_eq!(scanned.len(), 1, "{}", print_program(&p));
}

#[test]
fn recursion_in_an_apply_to_each_is_host_recursion_of_the_lifted_version() {
    let p = flatten_source(
        "function fib(n) = if n < 2 then n else sum({fib(m) : m in [n - 1, n - 2]});
         {fib(n) : n in [5, 6, 7]};",
    );
    let lifted = function(&p, "fib^");
    let text = print_program(&p);
    // It stops when no instance is left, and calls itself.
    assert!(text.contains("function fib^(instances : int, n"), "{text}");
    let calls_itself = format!("{:?}", lifted.body).contains("Call { func: FuncId");
    assert!(calls_itself, "{text}");
    assert!(text.contains("= instances == 0"), "{text}");
}

#[test]
fn library_faults_are_reported_at_the_user_call() {
    let source = "take([1, 2, 3], 5);";
    let p = flatten_source(source);
    let site = p.fault_sites.iter().find(|s| s.message.contains("take")).expect("take's fault");
    assert_eq!(site.label, "in this call of `take`");
    assert_eq!((site.span.lo, site.span.hi), (0, 18));
    assert_eq!(site.note.as_deref(), Some("the fault happened inside `take`, a function of nessie's NESL library"));
}

#[test]
fn faults_keep_the_interpreter_wording() {
    let p = flatten_source("{x / y : x in [1, 2]; y in [1, 0]};");
    let messages: Vec<&str> = p.fault_sites.iter().map(|s| s.message.as_str()).collect();
    assert!(messages.contains(&"division by zero in `/`"), "{messages:?}");
    assert!(messages.contains(&"generators of different lengths: {0} and {1}"), "{messages:?}");
}

/// `rand_seed` inside an apply-to-each (once refused) flattens: the
/// elements' seeds are values (note [seeds of elements]), so no lifted
/// function sets the seed, and the host's `main` does after the step.
#[test]
fn rand_seed_in_parallel_flattens() {
    let p = flatten_source("x = 1;\n{rand_seed(y) : y in [1, 2]};\nrand(10);");
    flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{}\n{}", e.message, print_program(&p)));
    assert!(soac_names(&p).contains(&"FILTER"), "the last set seed is a filter's:\n{}", print_program(&p));
}

#[test]
fn no_dead_code_is_left() {
    let p = flatten_source(
        "function g(xs) = let unused = {x * 2 : x in xs}; n = #xs in {x + n : x in xs};
         g([1, 2, 3]);",
    );
    assert_eq!(soac_names(&p), ["MAP"]);
}

/// Dead-code elimination drops several unused columns of one FILTER (here
/// the index column and `i`): each drop shortens the pulled tuple, so the
/// FILTER yields exactly the columns it keeps and the program verifies.
#[test]
fn dropping_two_columns_of_a_filter_over_pairs_keeps_it_well_formed() {
    let p = flatten_source("sum({x : (i, x) in {(i, x) : (i, x) in [(7, -1.2), (6, 1.1)] | x > 0.0}});");
    flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{}\n{}", e.message, print_program(&p)));
    let filter = p.kernels.iter().find(|k| k.body[0].soac.name() == "FILTER").expect("a FILTER kernel");
    assert_eq!(filter.body[0].results.len(), 1, "{}", kernel_text(filter));
    assert!(kernel_text(filter).contains("FILTER { i_2 => x_1[i_2] }"), "{}", kernel_text(filter));
    let p = flatten_source(
        "let b1 = {i : (i, x) in {(rem(i, 10), x) : (i, x) in [(4, 0.8), (7, -1.4)] | x > 0.0}};
             b2 = {x : (i, x) in {(rem(i, 10), x) : (i, x) in [(4, 1.0)] | x > 0.0}}
         in (b1, b2);",
    );
    flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{}\n{}", e.message, print_program(&p)));
}

/// `rand` (its key threaded through calls, recursion, conditionals and
/// nested apply-to-each), `@` of scalars and `hash` of sequences flatten to
/// programs that verify, and a function that draws is lifted.
#[test]
fn rand_to_string_and_hash_of_sequences_flatten_to_verified_programs() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/programs");
    for program in ["builtins/rand_contexts.nesl", "builtins/hash_sequences.nesl", "strings/to_string_scalars.nesl"] {
        let source = std::fs::read_to_string(format!("{root}/{program}")).expect("the test program");
        let p = flatten_source(&source);
        flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{program}: {}\n{}", e.message, print_program(&p)));
    }
    let p = flatten_source("function draw(n) = {rand(10) : i in index(n)};\n{draw(i) : i in [1, 2]};");
    flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{}\n{}", e.message, print_program(&p)));
    assert!(p.functions.iter().any(|f| f.name.starts_with("draw^")), "draw is lifted:\n{}", print_program(&p));
}

/// `time` and file I/O inside an apply-to-each, and `rand_seed` passed
/// through functions, conditionals and `time` and set inside apply-to-each
/// (through calls, filters, nesting, recursion), flatten to programs the
/// verifier accepts (release builds skip the check after each pass).
#[test]
fn time_file_io_and_seeds_in_their_contexts_verify() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/builtins");
    for name in [
        "time_in_parallel.nesl",
        "file_io_in_parallel.nesl",
        "rand_seed_contexts.nesl",
        "rand_seed_in_parallel.nesl",
        "rand_seed_in_parallel_partial.nesl",
        "rand_seed_in_parallel_nested.nesl",
        "rand_seed_in_parallel_recursive.nesl",
        "rand_seed_in_parallel_edges.nesl",
    ] {
        let text = std::fs::read_to_string(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        // The program follows its header comment, `% ... %`.
        let body = text.splitn(3, '%').nth(2).unwrap_or_else(|| panic!("{name}: no header"));
        let p = flatten_source(body);
        flatten::ir::verify::verify(&p).unwrap_or_else(|e| panic!("{name}: {}\n{}", e.message, print_program(&p)));
    }
}

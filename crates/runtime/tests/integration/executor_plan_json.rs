//! `plan.json` for a program of hand-compiled kernels: a FILTER whose
//! count is read back, feeding a two-step REDUCE.

use crate::executor_support::kernels::{keep_even, sum_squares};
use crate::executor_support::*;
use opencl_backend::plan_json::{write_plan, write_plan_pretty};
use serde_json::json;

#[test]
fn the_plan_of_a_filter_and_a_reduce_explains_sizes_buffers_and_launches() {
    let mut b = ProgramBuilder::new();
    let filter = b.kernel(keep_even(true));
    let reduce = b.kernel(sum_squares());
    let mut main = FunctionBuilder::new("main");
    let xs = main.ints("xs", &[1, 2, 3, 4]);
    let evens = main.let1("evens", array(INT), run_of(filter, vec![atom(xs)]));
    let s = main.let1("s", scalar(INT), run_of(reduce, vec![atom(evens)]));
    main.emit_scalar(0, INT, atom(s));
    let (program, kernels) = b.finish(main.finish(vec![]));

    let plan = write_plan(&program, &kernels);
    if std::env::var_os("NESSIE_SHOW_PLAN").is_some() {
        eprintln!("{}", write_plan_pretty(&program, &kernels));
    }
    assert_eq!(plan["kernel_files"][0]["kernels"], json!(["keep_even_flags", "keep_even_scan", "keep_even_scatter"]));
    assert_eq!(plan["kernel_files"][1]["file"], "sum_squares.cl");
    let body = &plan["main"]["body"];
    let filter_run = &body[1];
    assert_eq!(filter_run["kind"], "run");
    assert_eq!(filter_run["vars"], json!(["evens : [int]"]));
    assert_eq!(filter_run["sizes"], json!(["n = #xs (argument 0)", "kept = kept[0], read back from the device"]));
    assert_eq!(filter_run["buffers"][1], json!({ "name": "kept", "elem": "int", "length": "1", "zeroed": true }));
    assert_eq!(filter_run["buffers"][3]["length"], "kept");
    let launches = filter_run["launches"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = launches.iter().filter_map(|l| l["kernel"].as_str()).collect();
    assert_eq!(names, ["keep_even_flags", "keep_even_scan", "keep_even_scatter"]);
    assert_eq!(launches[1]["global"], json!(["1"]));
    assert_eq!(launches[2]["bytes_moved"], "8 * kept + 24 * n");
    assert_eq!(filter_run["results"], json!([{ "var": "evens", "value": "out[0 .. kept]" }]));
    let reduce_run = &body[2];
    assert_eq!(reduce_run["sizes"], json!(["n = #evens (argument 0)"]));
    assert_eq!(reduce_run["launches"][0]["local"], json!(["64"]));
    assert_eq!(reduce_run["launches"][0]["args"][3], json!({ "local_bytes": "512" }));
    assert_eq!(reduce_run["results"], json!([{ "var": "s", "value": "result[0], read back from the device" }]));
    assert_eq!(body[3], json!({ "kind": "emit", "item": 0, "type": "int", "value": "s" }));
}

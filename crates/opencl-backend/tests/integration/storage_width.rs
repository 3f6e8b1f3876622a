//! `storage-width` on whole programs: which int arrays the backend stores
//! in 32 bits, and that the plan declares and counts them so. (That the
//! narrowed programs print what the interpreter prints is
//! `tests/programs/nested/narrow_ints.nesl`'s, through every backend.)

use crate::support;

use flatten::ir::FlatProgram;
use opencl_backend::plan::{BufferElem, KernelResult};
use opencl_backend::storage_width::storage_widths;

fn fused(source: &str) -> FlatProgram {
    support::flat_program(source, fusion::ScheduleKind::Greedy).expect("compiles").1
}

/// Not fused: functions keep their calls (fusion inlines leaf calls).
fn unfused(source: &str) -> FlatProgram {
    support::flat_program(source, fusion::ScheduleKind::None).expect("compiles").1
}

/// Whether the array named `var` (a parameter or a result) of the kernel
/// whose name starts with `kernel` is narrow; panics if there is none.
fn is_narrow(program: &FlatProgram, kernel: &str, var: &str) -> bool {
    let widths = storage_widths(program);
    let (index, k) = program
        .kernels
        .iter()
        .enumerate()
        .find(|(_, k)| k.name.starts_with(kernel))
        .unwrap_or_else(|| panic!("no kernel `{kernel}`"));
    let v = k
        .params
        .iter()
        .chain(&k.results)
        .copied()
        .find(|v| k.var(*v).name == var)
        .unwrap_or_else(|| panic!("no array `{var}` in `{}`", k.name));
    widths.is_narrow(flatten::ir::KernelId(index as u32), v)
}

const SPMV: &str = "
function rnd(i, a) = rem(i * a + 12345, 1000003);
function matrix(rows) =
  {{(rem(rnd(8 * r + k, 7919) * 7 + r, rows), float(k)) : k in index(1 + rem(r, 8))} : r in index(rows)};
function smvm(m, v) = {sum({x * v[i] : (i, x) in row}) : row in m};
let m = matrix(1000) in sum(smvm(m, {1.0 : i in index(1000)}));
";

#[test]
fn spmv_columns_are_narrow_and_its_segments_are_not() {
    let program = fused(SPMV);
    assert!(is_narrow(&program, "smvm", "m_elements_1"), "{}", flatten::ir::print::print_program(&program));
    assert!(!is_narrow(&program, "smvm", "m_offsets"));
    assert!(!is_narrow(&program, "smvm", "m_lengths"));
}

#[test]
fn the_plan_declares_and_counts_narrow_arrays_as_ints() {
    let program = fused(SPMV);
    let compiled = opencl_backend::compile_program(&program).expect("code generation");
    let smvm = compiled.kernels.iter().find(|k| k.name.starts_with("smvm")).expect("smvm");
    let columns = smvm.params.iter().find(|p| p.name == "m_elements_1").expect("the columns");
    assert!(columns.is_narrow);
    assert!(smvm.source.contains("__global const int* m_elements_1"), "{}", smvm.source);
    let moved: Vec<String> =
        smvm.steps.iter().map(|opencl_backend::plan::Step::Launch(l)| l.bytes_moved.to_string()).collect();
    assert!(moved.iter().any(|b| b.contains("4 * n_m_elements_1")), "{moved:?}");
    assert!(!moved.iter().any(|b| b.contains("8 * n_m_elements_1 ")), "{moved:?}");
    // The kernel that makes the columns writes them as ints.
    let maker = compiled
        .kernels
        .iter()
        .find(|k| {
            k.results
                .iter()
                .any(|r| matches!(r, KernelResult::Array { buffer, .. } if k.buffers[*buffer].elem == BufferElem::I32))
        })
        .expect("a kernel writing a narrow array");
    assert!(maker.source.contains("__global int*"), "{}", maker.source);
}

#[test]
fn values_out_of_range_or_unknown_stay_64_bit() {
    let cases = [
        // Just over 2^31 - 1.
        ("{2147483646 + i : i in index(3)};", false),
        // Exactly the 32-bit bounds.
        ("{2147483645 + i : i in index(3)};", true),
        ("{-2147483648 + i : i in index(3)};", true),
        // A product that may wrap: any value.
        ("{(i + 3037000500) * (i + 3037000500) : i in index(3)};", false),
        // `index(n)` of an unbounded n: not known to fit.
        ("function g(n) = {i * 2 : i in index(n)}; g(#\"abc\");", false),
        // A remainder is bounded by its divisor whatever the dividend.
        ("function g(n) = {rem(i * 1000000007, 65536) : i in index(n)}; g(#\"abc\");", true),
        // `band` with a non-negative constant.
        ("function g(n) = {i * 7919 * 7919 * 7919 and 255 : i in index(n)}; g(#\"abc\");", true),
    ];
    for (source, expected) in cases {
        let program = fused(source);
        let widths = storage_widths(&program);
        let narrow: Vec<String> = program
            .kernels
            .iter()
            .enumerate()
            .flat_map(|(i, k)| {
                let widths = &widths;
                k.results
                    .iter()
                    .filter(move |r| widths.is_narrow(flatten::ir::KernelId(i as u32), **r))
                    .map(move |r| format!("{}.{}", k.name, k.var(*r).name))
            })
            .collect();
        assert_eq!(!narrow.is_empty(), expected, "{source}: narrow {narrow:?}");
    }
}

#[test]
fn a_function_given_a_narrow_and_a_wide_array_keeps_both_64_bit() {
    let one_width = "function shift(a) = {x + 1 : x in a};
        shift({rem(i, 7) : i in index(5)});
        shift({2147483647 + i : i in index(2)});";
    let program = unfused(one_width);
    assert!(!is_narrow(&program, "shift", "a"), "{}", flatten::ir::print::print_program(&program));
    // Alone, the small one is narrow.
    let program = unfused("function shift(a) = {x + 1 : x in a}; shift({rem(i, 7) : i in index(5)});");
    assert!(is_narrow(&program, "shift", "a"));
}

//! The OpenCL layer on a real OpenCL device (PoCL on the CPU in CI).
//!
//! Every test opens its own session on the default device (or
//! `NESSIE_DEVICE`). Without an OpenCL platform the tests fail and say what
//! to install: CI always has PoCL, so a skip would hide a broken setup.

use std::rc::Rc;

use runtime::EnvironmentError;
use runtime::cl::{
    Arg, BinaryCache, ClError, DeviceFault, ERROR_FLAG_HELPERS_OPENCL_C, ERROR_FLAG_WORDS, ElementRead, ElementValue,
    Grid, Launch, Session, measure_copy,
};

fn session() -> Session {
    let spec = std::env::var("NESSIE_DEVICE").ok();
    match Session::open(spec.as_deref()) {
        Ok(session) => session,
        Err(e) => panic!(
            "these tests need an OpenCL device; install PoCL \
             (`sudo apt-get install -y pocl-opencl-icd ocl-icd-libopencl1`) or set NESSIE_DEVICE: {e}"
        ),
    }
}

const ARITHMETIC: &str = r#"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void add_i64(__global const long* xs, __global const long* ys, __global long* out, long n) {
    size_t i = get_global_id(0);
    if (i >= n) return;
    out[i] = xs[i] + ys[i];
}
__kernel void add_f64(__global const double* xs, __global const double* ys, __global double* out, long n) {
    size_t i = get_global_id(0);
    if (i >= n) return;
    out[i] = xs[i] + ys[i];
}
__kernel void group_sums(__global const long* xs, __global long* sums, __local long* scratch, long n) {
    size_t i = get_global_id(0), l = get_local_id(0), size = get_local_size(0);
    scratch[l] = i < n ? xs[i] : 0;
    for (size_t stride = size / 2; stride > 0; stride /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < stride) scratch[l] += scratch[l + stride];
    }
    if (l == 0) sums[get_group_id(0)] = scratch[0];
}
__kernel void coordinates(__global long* out, long width, long height) {
    size_t x = get_global_id(0), y = get_global_id(1);
    if (x >= width || y >= height) return;
    out[y * width + x] = 1000 * y + x;
}
"#;

#[test]
fn vector_add_on_i64_and_f64_reads_back_the_sums() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").expect("the program builds");
    assert_eq!(program.kernel_names().collect::<Vec<_>>(), ["add_f64", "add_i64", "coordinates", "group_sums"]);

    let n = 1000; // not a multiple of the local size: the session rounds up
    let xs: Vec<i64> = (0..n as i64).collect();
    let ys: Vec<i64> = (0..n as i64).map(|i| 3 * i - 7).collect();
    let xs_device = session.upload(&xs).unwrap();
    let ys_device = session.upload(&ys).unwrap();
    let out = session.alloc::<i64>(n).unwrap();
    let add_i64 = program.kernel("add_i64").unwrap();
    let launch = Launch::new(add_i64, Grid::linear(n).with_local(64)).bytes_moved(24 * n as u64);
    session
        .launch(&launch, &[Arg::from(&xs_device), Arg::from(&ys_device), Arg::from(&out), Arg::I64(n as i64)])
        .unwrap();
    let sums = session.read(&out).unwrap();
    assert_eq!(sums, xs.iter().zip(&ys).map(|(x, y)| x + y).collect::<Vec<_>>());

    let fs: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
    let gs: Vec<f64> = (0..n).map(|i| 1.0 / (i as f64 + 1.0)).collect();
    let fs_device = session.upload(&fs).unwrap();
    let gs_device = session.upload(&gs).unwrap();
    let out = session.alloc::<f64>(n).unwrap();
    let add_f64 = program.kernel("add_f64").unwrap();
    session
        .launch(
            &Launch::new(add_f64, Grid::linear(n)),
            &[Arg::from(&fs_device), Arg::from(&gs_device), Arg::from(&out), Arg::I64(n as i64)],
        )
        .unwrap();
    assert_eq!(session.read(&out).unwrap(), fs.iter().zip(&gs).map(|(f, g)| f + g).collect::<Vec<_>>());
}

#[test]
fn local_memory_and_two_dimensional_grids_work() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").unwrap();
    let local: usize = 64;
    let n: usize = 1000;
    let xs: Vec<i64> = (1..=n as i64).collect();
    let xs_device = session.upload(&xs).unwrap();
    let groups = n.div_ceil(local);
    let sums = session.alloc::<i64>(groups).unwrap();
    let kernel = program.kernel("group_sums").unwrap();
    session
        .launch(
            &Launch::new(kernel, Grid::linear(n).with_local(local)),
            &[Arg::from(&xs_device), Arg::from(&sums), Arg::LocalBytes(local * 8), Arg::I64(n as i64)],
        )
        .unwrap();
    let expected: Vec<i64> = xs.chunks(local).map(|chunk| chunk.iter().sum()).collect();
    assert_eq!(session.read(&sums).unwrap(), expected);

    let (width, height) = (5, 3);
    let out = session.alloc::<i64>(width * height).unwrap();
    let kernel = program.kernel("coordinates").unwrap();
    session
        .launch(
            &Launch::new(kernel, Grid::two_d(width, height).with_local_sizes([4, 2, 1])),
            &[Arg::from(&out), Arg::I64(width as i64), Arg::I64(height as i64)],
        )
        .unwrap();
    let expected: Vec<i64> = (0..height as i64).flat_map(|y| (0..width as i64).map(move |x| 1000 * y + x)).collect();
    assert_eq!(session.read(&out).unwrap(), expected);
}

#[test]
fn fills_copies_and_partial_transfers_touch_only_their_range() {
    let mut session = session();
    let mut a = session.upload(&[1u8, 2, 3, 4, 5, 6]).unwrap();
    session.fill_range(&mut a, 1, 2, 9).unwrap();
    assert_eq!(session.read(&a).unwrap(), [1, 9, 9, 4, 5, 6]);
    let mut b = session.alloc_bytes(4).unwrap();
    session.fill(&mut b, 0).unwrap();
    session.copy_range(&a, 2, &mut b, 1, 3).unwrap();
    assert_eq!(session.read(&b).unwrap(), [0, 9, 4, 5]);
    session.write_at(&mut b, 3, &[7]).unwrap();
    assert_eq!(session.read_range(&b, 2, 2).unwrap(), [4, 7]);
    let mut c = session.alloc::<f64>(3).unwrap();
    session.fill(&mut c, -0.5).unwrap();
    let d = session.upload(&[1.5f64, 2.5, 3.5]).unwrap();
    session.copy(&d, &mut c).unwrap();
    assert_eq!(session.read(&c).unwrap(), [1.5, 2.5, 3.5]);

    let out_of_range = session.read_range(&b, 3, 2);
    assert!(matches!(out_of_range, Err(ClError::Internal(_))), "{out_of_range:?}");
    let too_long = session.write(&mut b, &[0; 5]);
    assert!(matches!(too_long, Err(ClError::Internal(_))), "{too_long:?}");
}

#[test]
fn a_build_failure_carries_the_build_log() {
    let mut session = session();
    let source = "__kernel void broken(__global long* xs) {\n    xs[0] = no_such_variable;\n}\n";
    let error = session.build_program("broken", source, "").expect_err("the program does not build");
    match &error {
        ClError::Environment(EnvironmentError::BuildFailure { program, log, .. }) => {
            assert_eq!(program, "broken");
            assert!(log.contains("no_such_variable"), "the log names the culprit: {log}");
            assert!(log.lines().count() <= 61, "the log is trimmed: {log}");
        }
        other => panic!("expected a build failure, got {other:?}"),
    }
    let ClError::Environment(environment) = &error else { unreachable!() };
    assert!(environment.help().contains("--device"));
    assert!(error.to_string().contains("build log"));

    let bad_options = session.build_program("options", "__kernel void k() {}", "-no-such-option-anywhere");
    // PoCL answers CL_INVALID_BUILD_OPTIONS, NVIDIA a build failure whose log names the option.
    let named = match &bad_options {
        Err(ClError::Internal(message)) => message.contains("-no-such-option-anywhere"),
        Err(ClError::Environment(EnvironmentError::BuildFailure { log, .. })) => {
            log.contains("-no-such-option-anywhere")
        }
        _ => false,
    };
    assert!(named, "{bad_options:?}");
}

#[test]
fn programs_are_built_once_per_source_and_options() {
    let mut session = session();
    let source = "__kernel void nothing(__global long* xs) { }";
    let first = session.build_program("first", source, "").unwrap();
    let second = session.build_program("second", source, "").unwrap();
    assert!(Rc::ptr_eq(&first, &second));
    assert_eq!(session.built_program_count(), 1);
    let third = session.build_program("third", source, "-cl-mad-enable").unwrap();
    assert!(!Rc::ptr_eq(&first, &third));
    assert_eq!(session.built_program_count(), 2);
    let missing = first.kernel("something");
    assert!(matches!(&missing, Err(ClError::Internal(m)) if m.contains("nothing")), "{missing:?}");
}

#[test]
fn a_session_keeps_the_programs_it_used_last() {
    // Note [kept programs]: beyond the number kept (KEPT_PROGRAMS; here 3)
    // the least recently used program goes; a hit counts as a use; a
    // program dropped from the cache stays usable where it is held, and
    // builds again when asked for.
    let mut session = session();
    session.set_binary_cache(BinaryCache::off());
    let kept = 3;
    session.set_kept_programs(kept);
    let source = |i: usize| format!("__kernel void k{i}(__global long* xs) {{ xs[0] = {i}; }}");
    let first = session.build_program("p0", &source(0), "").unwrap();
    for i in 1..kept {
        session.build_program("p", &source(i), "").unwrap();
    }
    assert_eq!(session.built_program_count(), kept);
    // Program 0 used again: program 1 is now the least recently used.
    let again = session.build_program("p0", &source(0), "").unwrap();
    assert!(Rc::ptr_eq(&first, &again));
    let compiled = session.build_stats().compiled;
    session.build_program("p", &source(kept), "").unwrap();
    assert_eq!(session.built_program_count(), kept);
    assert_eq!(session.build_stats().compiled, compiled + 1);
    // Program 0 stayed; program 1 went and builds again.
    let zero = session.build_program("p0", &source(0), "").unwrap();
    assert!(Rc::ptr_eq(&first, &zero));
    assert_eq!(session.build_stats().compiled, compiled + 1);
    session.build_program("p", &source(1), "").unwrap();
    assert_eq!(session.build_stats().compiled, compiled + 2);
    assert_eq!(session.built_program_count(), kept);
    // A program held elsewhere still has its kernel after it left the cache.
    for i in kept + 1..2 * kept + 1 {
        session.build_program("p", &source(i), "").unwrap();
    }
    assert!(first.kernel("k0").is_ok());
    // Fewer kept from now on drops the least recently used at once.
    session.set_kept_programs(1);
    assert_eq!(session.built_program_count(), 1);
}

/// A fresh, empty folder under the system's temporary folder, removed when
/// dropped.
struct TemporaryDir(std::path::PathBuf);

impl TemporaryDir {
    fn new(purpose: &str) -> TemporaryDir {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let path = std::env::temp_dir().join(format!("nessie-{purpose}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).expect("a temporary folder can be made");
        TemporaryDir(path)
    }

    fn entries(&self) -> Vec<std::path::PathBuf> {
        let mut entries: Vec<_> = std::fs::read_dir(&self.0)
            .expect("the folder is readable")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "clbin"))
            .collect();
        entries.sort();
        entries
    }
}

impl Drop for TemporaryDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A new session whose binary cache is `cache`, building `ARITHMETIC`;
/// checks that the program adds and says whether it came from the cache.
fn build_arithmetic_with(cache: BinaryCache) -> bool {
    let mut session = session();
    session.set_binary_cache(cache);
    let program = session.build_program("arithmetic", ARITHMETIC, "").expect("the program builds");
    assert_eq!(program.kernel_names().collect::<Vec<_>>(), ["add_f64", "add_i64", "coordinates", "group_sums"]);
    let n = 100;
    let xs: Vec<i64> = (0..n as i64).collect();
    let xs_device = session.upload(&xs).unwrap();
    let out = session.alloc::<i64>(n).unwrap();
    let add_i64 = program.kernel("add_i64").unwrap();
    session
        .launch(
            &Launch::new(add_i64, Grid::linear(n)),
            &[Arg::from(&xs_device), Arg::from(&xs_device), Arg::from(&out), Arg::I64(n as i64)],
        )
        .unwrap();
    assert_eq!(session.read(&out).unwrap(), xs.iter().map(|x| 2 * x).collect::<Vec<_>>());
    program.is_from_binary_cache()
}

#[test]
fn a_second_build_is_served_from_the_binary_cache() {
    let dir = TemporaryDir::new("binary-cache");
    let cache = BinaryCache::in_dir(&dir.0);
    assert!(!build_arithmetic_with(cache.clone()), "the first build is from source");
    assert_eq!(dir.entries().len(), 1, "the first build saves its binary");
    assert!(build_arithmetic_with(cache.clone()), "the second build loads the binary");

    // Another source is another entry.
    let mut session = session();
    session.set_binary_cache(cache.clone());
    let other = session.build_program("other", "__kernel void nothing(__global long* xs) { }", "").unwrap();
    assert!(!other.is_from_binary_cache());
    assert_eq!(dir.entries().len(), 2);

    // No cache: always from source, nothing written.
    assert!(!build_arithmetic_with(BinaryCache::off()));
    assert_eq!(dir.entries().len(), 2);
}

#[test]
fn a_corrupted_or_truncated_cache_entry_is_rebuilt_from_source() {
    let dir = TemporaryDir::new("binary-cache-corrupt");
    let cache = BinaryCache::in_dir(&dir.0);
    assert!(!build_arithmetic_with(cache.clone()));
    let [entry] = dir.entries().try_into().expect("one entry");
    let whole = std::fs::read(&entry).unwrap();

    let mut corrupted = whole.clone();
    let middle = corrupted.len() / 2;
    corrupted[middle] ^= 0xff;
    std::fs::write(&entry, &corrupted).unwrap();
    assert!(!build_arithmetic_with(cache.clone()), "a corrupted entry is not used");
    assert!(std::fs::read(&entry).unwrap() != corrupted, "the entry is written again");
    assert!(build_arithmetic_with(cache.clone()));

    std::fs::write(&entry, &whole[..whole.len() / 3]).unwrap();
    assert!(!build_arithmetic_with(cache.clone()), "a truncated entry is not used");
    std::fs::write(&entry, b"").unwrap();
    assert!(!build_arithmetic_with(cache.clone()), "an empty entry is not used");
    assert!(build_arithmetic_with(cache));
}

#[test]
fn an_unwritable_cache_folder_is_no_error() {
    let dir = TemporaryDir::new("binary-cache-file");
    // A file where the folder should be: every write fails.
    let blocked = dir.0.join("not-a-folder");
    std::fs::write(&blocked, b"").unwrap();
    assert!(!build_arithmetic_with(BinaryCache::in_dir(&blocked)));
    assert!(!build_arithmetic_with(BinaryCache::in_dir(&blocked)));
}

#[test]
fn zero_length_buffers_read_write_copy_and_launch() {
    let mut session = session();
    let empty = session.upload::<i64>(&[]).unwrap();
    assert_eq!(empty.len(), 0);
    assert!(empty.is_empty());
    assert_eq!(session.read(&empty).unwrap(), Vec::<i64>::new());
    let mut other = session.alloc::<i64>(0).unwrap();
    session.fill(&mut other, 3).unwrap();
    session.copy(&empty, &mut other).unwrap();
    assert_eq!(session.read(&other).unwrap(), Vec::<i64>::new());
    assert_eq!(session.read(&session.alloc_bytes(0).unwrap()).unwrap(), Vec::<u8>::new());

    let program = session.build_program("arithmetic", ARITHMETIC, "").unwrap();
    let add = program.kernel("add_i64").unwrap();
    let args = [Arg::from(&empty), Arg::from(&empty), Arg::from(&other), Arg::I64(0)];
    // No work-items: nothing is enqueued or recorded.
    session.launch(&Launch::new(add, Grid::linear(0).with_local(64)), &args).unwrap();
    // A zero-length buffer is still a valid argument to a guarded kernel.
    session.launch(&Launch::new(add, Grid::linear(1)), &args).unwrap();
    session.finish().unwrap();
    let stats = session.stats().unwrap();
    assert_eq!(stats.group("add_i64").map(|g| g.launches), Some(1));
}

#[test]
fn absurd_allocations_are_out_of_memory_errors() {
    let session = session();
    for result in [session.alloc_bytes(1 << 50).map(|_| ()), session.alloc::<i64>(usize::MAX / 4).map(|_| ())] {
        match result {
            Err(ClError::Environment(error @ EnvironmentError::OutOfMemory { .. })) => {
                assert_eq!(error.help(), "use a smaller input or a device with more memory");
                assert!(error.to_string().contains("out of memory"));
            }
            other => panic!("expected out of memory, got {other:?}"),
        }
    }
    let Err(ClError::Environment(EnvironmentError::OutOfMemory { bytes, .. })) = session.alloc_bytes(1 << 50) else {
        panic!("expected out of memory");
    };
    assert_eq!(bytes, 1 << 50);
    // The size asked for, not the pool's size class above it.
    let Err(ClError::Environment(EnvironmentError::OutOfMemory { bytes, .. })) = session.alloc_bytes((1 << 50) + 3)
    else {
        panic!("expected out of memory");
    };
    assert_eq!(bytes, (1 << 50) + 3);
}

/// A program with checked kernels; it includes the helpers twice, as
/// generated programs assembled from parts may.
fn checked_program() -> String {
    format!(
        "{ERROR_FLAG_HELPERS_OPENCL_C}{ERROR_FLAG_HELPERS_OPENCL_C}{}",
        r#"
__kernel void gather(__global const long* xs, long n, __global const long* is, __global long* out, long m,
                     __global long* err) {
    size_t k = get_global_id(0);
    if (k >= m || nessie_failed(err)) return;
    long i = is[k];
    if (i < 0 || i >= n) { nessie_fail(err, 1, 42, i, n); return; }
    out[k] = xs[i];
}
/* Every work-item fails, each with its own payload: the winner's four
   words must all be its own. */
__kernel void fail_everywhere(__global long* err) {
    long k = get_global_id(0);
    nessie_fail(err, 7, k, 10 * k, 100 * k);
}
__kernel void mark(__global long* out, __global long* err) {
    if (nessie_failed(err)) return;
    out[get_global_id(0)] = 1;
}
"#
    )
}

#[test]
fn a_failed_bounds_check_reports_code_site_and_payload_once() {
    let mut session = session();
    let program = session.build_program("checked", &checked_program(), "").unwrap();
    let gather = program.kernel("gather").unwrap();
    let xs = session.upload(&[10i64, 20, 30]).unwrap();
    let run_gather = |session: &mut Session, indices: &[i64]| {
        let is = session.upload(indices).unwrap();
        let out = session.alloc::<i64>(indices.len()).unwrap();
        let m = indices.len() as i64;
        let args = [Arg::from(&xs), Arg::I64(3), Arg::from(&is), Arg::from(&out), Arg::I64(m), Arg::ErrorFlag];
        session.launch(&Launch::new(gather, Grid::linear(indices.len()).with_local(8)), &args).unwrap();
        session.read(&out).unwrap()
    };
    assert_eq!(run_gather(&mut session, &[2, 0, 1]), [30, 10, 20]);
    assert_eq!(session.check_error_flag().unwrap(), None);

    run_gather(&mut session, &[0, 1, 2, 0, 1, 5, 0]);
    assert_eq!(session.check_error_flag().unwrap(), Some(DeviceFault { code: 1, site: 42, a: 5, b: 3 }));
    assert_eq!(session.check_error_flag().unwrap(), None, "a fault is reported once");
    assert_eq!(run_gather(&mut session, &[1]), [20], "the flag is clear again");
}

#[test]
fn a_batch_of_element_reads_and_the_flag_is_one_wait() {
    let mut session = session();
    let program = session.build_program("checked", &checked_program(), "").unwrap();
    let gather = program.kernel("gather").unwrap();
    let longs = session.upload(&[10i64, -20, 30]).unwrap();
    let doubles = session.upload(&[0.5f64, 2.5]).unwrap();
    let bytes = session.upload(&[0u8, 7]).unwrap();
    let ints = session.upload(&[-3i32]).unwrap();
    let before = session.stats().unwrap();
    let reads = [
        ElementRead::I64(&longs, 1),
        ElementRead::F64(&doubles, 1),
        ElementRead::U8(&bytes, 1),
        ElementRead::I32(&ints, 0),
        ElementRead::I64(&longs, 2),
    ];
    let (values, fault) = session.read_elements_checked(&reads).unwrap();
    let expected = [
        ElementValue::I64(-20),
        ElementValue::F64(2.5),
        ElementValue::U8(7),
        ElementValue::I32(-3),
        ElementValue::I64(30),
    ];
    assert_eq!((values.as_slice(), fault), (expected.as_slice(), None));
    let after = session.stats().unwrap();
    // `stats` waits once itself.
    assert_eq!(after.host_waits - before.host_waits, 2, "one wait for the batch");
    let commands = |stats: &runtime::cl::Stats, group: &str| stats.group(group).map_or(0, |g| g.launches);
    // Note [packed reads]: the five elements and the flag copied side by
    // side on the device, then one read.
    assert_eq!(commands(&after, "device-to-host") - commands(&before, "device-to-host"), 1, "one read");
    assert_eq!(commands(&after, "device-copy") - commands(&before, "device-copy"), 6, "a copy per word");

    // A fault reported before the batch comes with its values, once.
    let is = session.upload(&[0i64, 9]).unwrap();
    let out = session.alloc::<i64>(2).unwrap();
    let args = [Arg::from(&longs), Arg::I64(3), Arg::from(&is), Arg::from(&out), Arg::I64(2), Arg::ErrorFlag];
    session.launch(&Launch::new(gather, Grid::linear(2)), &args).unwrap();
    let (values, fault) = session.read_elements_checked(&[ElementRead::I64(&out, 0)]).unwrap();
    assert_eq!(values, [ElementValue::I64(10)]);
    assert_eq!(fault, Some(DeviceFault { code: 1, site: 42, a: 9, b: 3 }));
    assert_eq!(session.read_elements_checked(&[]).unwrap(), (vec![], None), "a fault is reported once");
    assert!(session.read_elements_checked(&[ElementRead::I64(&longs, 3)]).is_err(), "out of the buffer");
}

#[test]
fn with_many_failing_work_items_the_first_error_wins_whole() {
    let mut session = session();
    let program = session.build_program("checked", &checked_program(), "").unwrap();
    let fail_everywhere = program.kernel("fail_everywhere").unwrap();
    let work_items = 4096;
    session.launch(&Launch::new(fail_everywhere, Grid::linear(work_items).with_local(64)), &[Arg::ErrorFlag]).unwrap();
    let fault = session.check_error_flag().unwrap().expect("the failure is reported");
    assert_eq!(fault.code, 7);
    assert!((0..work_items as i64).contains(&fault.site));
    assert_eq!((fault.a, fault.b), (10 * fault.site, 100 * fault.site), "the payload is one work-item's: {fault:?}");

    // While the flag is set, kernels that test it stop early.
    let mark = program.kernel("mark").unwrap();
    let mut out = session.alloc::<i64>(4).unwrap();
    session.fill(&mut out, 0).unwrap();
    session.launch(&Launch::new(fail_everywhere, Grid::linear(1)), &[Arg::ErrorFlag]).unwrap();
    session.launch(&Launch::new(mark, Grid::linear(4)), &[Arg::from(&out), Arg::ErrorFlag]).unwrap();
    assert_eq!(session.read(&out).unwrap(), [0, 0, 0, 0]);
    assert!(session.check_error_flag().unwrap().is_some());
    session.launch(&Launch::new(mark, Grid::linear(4)), &[Arg::from(&out), Arg::ErrorFlag]).unwrap();
    assert_eq!(session.read(&out).unwrap(), [1, 1, 1, 1]);
    assert_eq!(ERROR_FLAG_WORDS, 8);
}

#[test]
fn arguments_that_do_not_fit_the_parameters_are_internal_errors() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").unwrap();
    let add = program.kernel("add_i64").unwrap();
    let longs = session.upload(&[1i64]).unwrap();
    let doubles = session.upload(&[1.0f64]).unwrap();
    let launch = Launch::new(add, Grid::linear(1));
    let too_few = session.launch(&launch, &[Arg::from(&longs)]);
    assert!(matches!(&too_few, Err(ClError::Internal(m)) if m.contains("takes 4 arguments")), "{too_few:?}");
    let wrong_type = session.launch(&launch, &[Arg::from(&longs), Arg::from(&doubles), Arg::from(&longs), Arg::I64(1)]);
    assert!(matches!(&wrong_type, Err(ClError::Internal(m)) if m.contains("parameter 1")), "{wrong_type:?}");
    let scalar_for_buffer = session.launch(&launch, &[Arg::I64(0), Arg::from(&longs), Arg::from(&longs), Arg::I64(1)]);
    assert!(matches!(scalar_for_buffer, Err(ClError::Internal(_))));
    let huge_group = session.launch(
        &Launch::new(add, Grid::linear(1).with_local(1 << 20)),
        &[Arg::from(&longs), Arg::from(&longs), Arg::from(&longs), Arg::I64(1)],
    );
    assert!(matches!(&huge_group, Err(ClError::Internal(m)) if m.contains("work-group")), "{huge_group:?}");
    // A kernel remembers the kinds of the last arguments it accepted: other
    // kinds after an accepted launch are checked again.
    let mut sums = session.upload(&[0i64]).unwrap();
    let good = [Arg::from(&longs), Arg::from(&longs), Arg::from(&sums), Arg::I64(1)];
    session.launch(&launch, &good).unwrap();
    let wrong_again = session.launch(&launch, &[Arg::from(&longs), Arg::from(&doubles), Arg::from(&sums), Arg::I64(1)]);
    assert!(matches!(&wrong_again, Err(ClError::Internal(m)) if m.contains("parameter 1")), "{wrong_again:?}");
    let narrow_scalar = session.launch(&launch, &[Arg::from(&longs), Arg::from(&longs), Arg::from(&sums), Arg::I32(1)]);
    assert!(matches!(&narrow_scalar, Err(ClError::Internal(m)) if m.contains("parameter 3")), "{narrow_scalar:?}");
    session.launch(&launch, &good).unwrap();
    assert_eq!(session.read(&sums).unwrap(), [2]);
    let wrong_last = session.launch(&launch, &[Arg::from(&longs), Arg::from(&longs), Arg::from(&doubles), Arg::I64(1)]);
    assert!(matches!(&wrong_last, Err(ClError::Internal(m)) if m.contains("parameter 2")), "{wrong_last:?}");
    sums = session.upload(&[5i64]).unwrap();
    session.launch(&launch, &[Arg::from(&longs), Arg::from(&longs), Arg::from(&sums), Arg::I64(1)]).unwrap();
    assert_eq!(session.read(&sums).unwrap(), [2]);
}

#[test]
fn the_profile_aggregates_launches_per_group() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").unwrap();
    let add = program.kernel("add_i64").unwrap();
    let n = 4096;
    let xs = session.upload(&vec![1i64; n]).unwrap();
    let out = session.alloc::<i64>(n).unwrap();
    let args = [Arg::from(&xs), Arg::from(&xs), Arg::from(&out), Arg::I64(n as i64)];
    let bytes = 24 * n as u64;
    for _ in 0..3 {
        session.launch(&Launch::new(add, Grid::linear(n).with_local(64)).bytes_moved(bytes), &args).unwrap();
    }
    for _ in 0..2 {
        session.launch(&Launch::new(add, Grid::linear(n)).group("add again").bytes_moved(bytes), &args).unwrap();
    }
    let stats = session.stats().unwrap();
    let by_kernel = stats.group("add_i64").expect("a group named after the kernel");
    assert_eq!((by_kernel.launches, by_kernel.bytes_moved), (3, 3 * bytes));
    assert!(by_kernel.device_time_ns > 0, "{by_kernel:?}");
    let labelled = stats.group("add again").expect("a group named by the caller");
    assert_eq!(labelled.launches, 2);
    let totals = stats.kernel_totals();
    assert_eq!((totals.launches, totals.bytes_moved), (5, 5 * bytes));
    assert_eq!(totals.device_time_ns, by_kernel.device_time_ns + labelled.device_time_ns);
    let uploads = stats.group("host-to-device").expect("uploads are counted as transfers");
    assert_eq!((uploads.launches, uploads.bytes_moved), (1, 8 * n as u64));

    let mut table = Vec::new();
    stats.write_table(&mut table).unwrap();
    let table = String::from_utf8(table).unwrap();
    assert!(table.lines().any(|l| l.starts_with("add_i64 ") && l.contains(" 3 ")), "{table}");
    assert!(table.lines().any(|l| l.starts_with("add again ")), "{table}");
    assert!(table.lines().any(|l| l.starts_with("total ") && l.contains(" 5 ")), "{table}");

    session.reset_stats().unwrap();
    assert_eq!(session.stats().unwrap().groups, []);
}

#[test]
fn many_launches_are_collected_without_waiting_for_each() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").unwrap();
    let add = program.kernel("add_i64").unwrap();
    let xs = session.upload(&[1i64; 8]).unwrap();
    let out = session.alloc::<i64>(8).unwrap();
    let args = [Arg::from(&xs), Arg::from(&xs), Arg::from(&out), Arg::I64(8)];
    let launches = 1500; // past the threshold at which completed events are collected
    for _ in 0..launches {
        session.launch(&Launch::new(add, Grid::linear(8)), &args).unwrap();
    }
    assert_eq!(session.stats().unwrap().group("add_i64").map(|g| g.launches), Some(launches));
}

#[test]
fn the_copy_probe_measures_a_sane_bandwidth() {
    let mut session = session();
    let bandwidth = measure_copy(&mut session, 1 << 20).unwrap();
    assert_eq!(bandwidth.bytes_copied, 1 << 20);
    assert!(bandwidth.fastest_time <= bandwidth.median_time);
    assert!(bandwidth.gigabytes_per_second.is_finite() && bandwidth.gigabytes_per_second > 0.01, "{bandwidth:?}");
    assert!(bandwidth.gigabytes_per_second < 100_000.0, "{bandwidth:?}");
    assert_eq!(session.stats().unwrap().groups, [], "the probe stays out of the profile");
    assert_eq!(measure_copy(&mut session, 1).unwrap().bytes_copied, 16);
}

#[test]
fn the_session_reports_device_limits_and_refuses_double_without_fp64() {
    let session = session();
    let limits = session.limits();
    assert!(limits.max_work_group_size >= 1);
    assert!(!limits.max_work_item_sizes.is_empty());
    assert!(limits.local_mem_bytes > 0);
    assert!(limits.compute_units >= 1);
    assert!(limits.max_alloc_bytes > 0 && limits.max_alloc_bytes <= limits.global_mem_bytes);
    assert!(limits.opencl_c_version >= (1, 2));
    assert_eq!(limits.has_fp64, session.device().has_fp64);

    let mut without_fp64 = session.device().clone();
    without_fp64.has_fp64 = false;
    let mut session = Session::new(&without_fp64).unwrap();
    let refused = session.build_program("floats", ARITHMETIC, "");
    assert!(matches!(&refused, Err(ClError::Environment(EnvironmentError::NoFp64 { .. }))), "{refused:?}");
    assert!(session.require_fp64().is_err());
    assert!(session.build_program("ints", "__kernel void k(__global long* xs) { xs[0] = 1; }", "").is_ok());
}

/// Prints the copy bandwidth of the device on a large buffer (default
/// 256 MiB; `NESSIE_PROBE_BYTES` sets it), and the device's limits. Run by
/// hand on a GPU:
/// `cargo test -p runtime --test integration opencl:: -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement for a person to read, not a check"]
fn report_copy_bandwidth() {
    let mut session = session();
    let bytes = std::env::var("NESSIE_PROBE_BYTES").ok().and_then(|b| b.parse().ok()).unwrap_or(256 << 20);
    println!("{}: {:#?}", session.device().name, session.limits());
    let bandwidth = measure_copy(&mut session, bytes).unwrap();
    println!(
        "copy of {} bytes: median {:?}, fastest {:?}, {:.1} GB/s (read + write)",
        bandwidth.bytes_copied, bandwidth.median_time, bandwidth.fastest_time, bandwidth.gigabytes_per_second
    );
}

/// Note [flushes]: with flushes every k commands, the first command after
/// a blocking call is flushed and then every k-th; the results are those
/// of a queue never flushed.
#[test]
fn the_queue_is_flushed_after_a_wait_and_every_k_commands() {
    use runtime::cl::host_time::{self, HostActivity};
    let flushes = || host_time::totals().iter().find(|row| row.0 == HostActivity::Flush).map_or(0, |row| row.1);
    for every in [0usize, 1, 3] {
        let mut session = session();
        let program = session.build_program("arithmetic", ARITHMETIC, "").expect("the program builds");
        let add = program.kernel("add_i64").unwrap();
        let n = 100;
        let xs = session.upload(&(0..n as i64).collect::<Vec<_>>()).unwrap();
        let sums = session.upload(&vec![0i64; n]).unwrap();
        session.set_flush_every(every);
        host_time::enable(true);
        // out = xs + out, seven times, then a wait, then once more.
        let launch = Launch::new(add, Grid::linear(n).with_local(32));
        for _ in 0..7 {
            session.launch(&launch, &[Arg::from(&xs), Arg::from(&sums), Arg::from(&sums), Arg::I64(n as i64)]).unwrap();
        }
        let after_seven = flushes();
        assert!(session.check_error_flag().unwrap().is_none());
        session.launch(&launch, &[Arg::from(&xs), Arg::from(&sums), Arg::from(&sums), Arg::I64(n as i64)]).unwrap();
        let after_eight = flushes();
        host_time::enable(false);
        assert_eq!(session.read(&sums).unwrap(), (0..n as i64).map(|i| 8 * i).collect::<Vec<_>>(), "k = {every}");
        let expected = match every {
            0 => (0, 0),
            1 => (7, 8),
            _ => (3, 4), // the 1st, 4th and 7th; the one after the wait
        };
        assert_eq!((after_seven, after_eight), expected, "flushes with k = {every}");
    }
}

/// Note [cheap launches]: a kernel's arguments are set only where they
/// changed, so every launch must still see exactly its own arguments:
/// the same buffers again, other buffers, other scalars, and buffers made
/// after others were released (which may reuse their handles).
#[test]
fn launches_see_their_own_arguments_when_only_changes_are_set() {
    let mut session = session();
    let program = session.build_program("arithmetic", ARITHMETIC, "").expect("the program builds");
    let add_i64 = program.kernel("add_i64").unwrap();
    let n = 300;
    let values = |k: i64| -> Vec<i64> { (0..n as i64).map(|i| i * k + k).collect() };
    let (a, b) = (session.upload(&values(1)).unwrap(), session.upload(&values(2)).unwrap());
    let out = session.alloc::<i64>(n).unwrap();
    type Buffer = runtime::cl::DeviceBuffer<i64>;
    let add = |session: &mut Session, xs: &Buffer, ys: &Buffer, len: usize| -> Vec<i64> {
        let launch = Launch::new(add_i64, Grid::linear(len).with_local(32));
        session.launch(&launch, &[Arg::from(xs), Arg::from(ys), Arg::from(&out), Arg::I64(len as i64)]).unwrap();
        session.read(&out).unwrap()
    };
    let sum = |k: i64, l: i64, len: usize| -> Vec<i64> {
        let mut expected: Vec<i64> = values(k).iter().zip(values(l)).map(|(x, y)| x + y).collect();
        expected.truncate(len);
        expected
    };
    assert_eq!(add(&mut session, &a, &b, n), sum(1, 2, n));
    assert_eq!(add(&mut session, &a, &b, n), sum(1, 2, n), "the same arguments again");
    assert_eq!(add(&mut session, &b, &b, n), sum(2, 2, n), "another first buffer");
    assert_eq!(add(&mut session, &a, &a, n), sum(1, 1, n), "both changed back");
    // A smaller `n`: the elements beyond it keep the last launch's sums.
    let mut expected = sum(1, 1, n);
    expected[..n / 2].copy_from_slice(&sum(2, 1, n / 2));
    assert_eq!(add(&mut session, &b, &a, n / 2)[..], expected[..], "another scalar");
    // Buffers released and new ones made, many times (the pool evicts and
    // the driver may hand out old handles): each launch reads its own.
    for round in 0..40i64 {
        let xs = session.upload(&values(round + 3)).unwrap();
        let ys = session.upload(&values(round + 5)).unwrap();
        assert_eq!(add(&mut session, &xs, &ys, n), sum(round + 3, round + 5, n), "round {round}");
        drop((xs, ys));
        // Sizes of new classes, so that the pool's old buffers go.
        for len in 0..4 {
            drop(session.alloc::<i64>((round as usize + 1) * 4096 + len * 97).unwrap());
        }
    }
}

/// A session that does not measure device times still counts every
/// command, the bytes and the waits, with no device time; results are the
/// same.
#[test]
fn a_session_without_device_times_counts_commands() {
    let spec = std::env::var("NESSIE_DEVICE").ok();
    let mut session = Session::open_with(spec.as_deref(), runtime::cl::CommandTiming::CountsOnly).expect("a device");
    assert_eq!(session.timing(), runtime::cl::CommandTiming::CountsOnly);
    let program = session.build_program("arithmetic", ARITHMETIC, "").expect("the program builds");
    let add_i64 = program.kernel("add_i64").unwrap();
    let n = 500;
    let xs = session.upload(&(0..n as i64).collect::<Vec<_>>()).unwrap();
    let out = session.alloc::<i64>(n).unwrap();
    for _ in 0..3 {
        let launch = Launch::new(add_i64, Grid::linear(n).with_local(64)).bytes_moved(24 * n as u64);
        session.launch(&launch, &[Arg::from(&xs), Arg::from(&xs), Arg::from(&out), Arg::I64(n as i64)]).unwrap();
    }
    assert_eq!(session.read(&out).unwrap(), (0..n as i64).map(|i| 2 * i).collect::<Vec<_>>());
    let stats = session.stats().unwrap();
    let group = stats.group("add_i64").expect("the launches are counted");
    assert_eq!((group.launches, group.bytes_moved, group.device_time_ns), (3, 3 * 24 * n as u64, 0));
    assert_eq!(stats.group("device-to-host").map(|g| g.launches), Some(1));
    assert!(stats.host_waits >= 2, "the upload and the read wait: {}", stats.host_waits);
    // A timed launch needs device times.
    let launch = Launch::new(add_i64, Grid::linear(n));
    let args = [Arg::from(&xs), Arg::from(&xs), Arg::from(&out), Arg::I64(n as i64)];
    assert!(matches!(session.launch_and_time(&launch, &args), Err(ClError::Internal(_))));
}

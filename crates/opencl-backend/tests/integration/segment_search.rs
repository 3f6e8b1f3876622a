//! The prelude's segment search `nessie_segment_of` on a real OpenCL device
//! (PoCL on the CPU in CI) against a binary search in Rust: the last `j`
//! with `offsets[j] <= position` (0 if none), over no segments, one
//! segment, empty segments (repeated offsets), runs of them, and offsets
//! of every count around the search's steps, at every position from
//! before the first offset to past the last, each boundary included.

use crate::support;

use opencl_backend::user_fun::prelude;
use runtime::cl::{Arg, Grid, Launch, Session};

/// The oracle: the last `j` with `offsets[j] <= position`, 0 if none.
fn reference(offsets: &[i64], position: i64) -> i64 {
    let (mut lo, mut hi) = (0usize, offsets.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if offsets[mid] <= position {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo.saturating_sub(1) as i64
}

const KERNEL: &str = r#"
__kernel void search(__global const long* offsets, long segments, __global const long* positions,
                     __global long* out, long n) {
    const long i = get_global_id(0);
    if (i < n) out[i] = nessie_segment_of(offsets, segments, positions[i]);
}
"#;

/// The work-group size of the searches.
const GROUP: usize = 64;

/// A small deterministic generator (xorshift), so that failures replay.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

/// Offsets of `count` segments from `lengths`: each segment's length
/// drawn from it, the first segment starting at `start`.
fn offsets_of(count: usize, start: i64, rng: &mut Rng, lengths: &dyn Fn(&mut Rng) -> i64) -> Vec<i64> {
    let mut out = Vec::with_capacity(count);
    let mut at = start;
    for _ in 0..count {
        out.push(at);
        at += lengths(rng);
    }
    out
}

/// Every position from before the first offset to past the last, or, for
/// wide ranges, each offset and its neighbours and random positions.
fn positions_for(offsets: &[i64], rng: &mut Rng) -> Vec<i64> {
    let (first, last) = (offsets.first().copied().unwrap_or(0), offsets.last().copied().unwrap_or(0));
    if last - first <= 4096 {
        return (first - 3..=last + 3).collect();
    }
    let mut out: Vec<i64> = offsets.iter().flat_map(|&o| [o - 1, o, o + 1]).collect();
    out.extend((0..4096).map(|_| first - 2 + rng.below((last - first + 4) as u64)));
    out
}

fn run(session: &mut Session, program: &runtime::cl::Program, offsets: &[i64], positions: &[i64]) -> Vec<i64> {
    // A buffer of one word stands for no segments (no buffer is empty).
    let stored = if offsets.is_empty() { vec![0] } else { offsets.to_vec() };
    let offsets_buf = session.upload(&stored).unwrap();
    let positions_buf = session.upload(positions).unwrap();
    let out = session.alloc::<i64>(positions.len()).unwrap();
    let kernel = program.kernel("search").unwrap();
    let args = [
        Arg::from(&offsets_buf),
        Arg::I64(offsets.len() as i64),
        Arg::from(&positions_buf),
        Arg::from(&out),
        Arg::I64(positions.len() as i64),
    ];
    // Groups of a fixed size, the last one guarded (`i < n`): left to the
    // driver, the group size of each count of positions was a divisor of
    // it, and PoCL built the kernel anew for each (10 s of CI's cores).
    let work_items = positions.len().div_ceil(GROUP) * GROUP;
    session.launch(&Launch::new(kernel, Grid::linear(work_items).with_local(GROUP)), &args).unwrap();
    session.read(&out).unwrap()
}

#[test]
fn the_segment_search_agrees_with_a_binary_search() {
    support::own_process!();
    let spec = std::env::var("NESSIE_DEVICE").ok();
    let mut session = match Session::open(spec.as_deref()) {
        Ok(s) => s,
        Err(e) => {
            assert!(std::env::var("NESSIE_REQUIRE_OPENCL").is_err(), "no OpenCL device: {e}");
            eprintln!("skipped: no OpenCL device ({e})");
            return;
        }
    };
    let source = format!("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n{}\n{KERNEL}", prelude());
    let program = session.build_program("segment_search_test", &source, "").unwrap();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut cases: Vec<Vec<i64>> = vec![vec![], vec![0], vec![5], vec![0, 0], vec![0, 0, 0, 0, 0, 0, 0, 0, 0]];
    // Every count to 80 and around powers of two (a 4- or 8-way search's
    // steps too), with lengths 0 to 3 (many empty segments), 1, and 0 or 1.
    for count in (1..=80).chain([127, 128, 129, 511, 512, 513, 1000]) {
        cases.push(offsets_of(count, 0, &mut rng, &|r: &mut Rng| r.below(4)));
        cases.push(offsets_of(count, 3, &mut rng, &|_: &mut Rng| 1));
        cases.push(offsets_of(count, 0, &mut rng, &|r: &mut Rng| r.below(2)));
    }
    // One huge segment among small ones, all empty but the last, a run of
    // empty segments at the front and at the back, and many segments.
    cases.push(offsets_of(50, 0, &mut rng, &|r: &mut Rng| if r.below(50) == 0 { 1_000_000 } else { 1 }));
    cases.push([vec![0; 40], vec![0]].concat());
    cases.push([vec![0; 17], (0..30).collect(), vec![30; 23]].concat());
    cases.push(offsets_of(100_000, 0, &mut rng, &|r: &mut Rng| r.below(20)));
    cases.push(offsets_of(100_000, -7, &mut rng, &|r: &mut Rng| if r.below(1000) == 0 { 1 << 40 } else { r.below(3) }));
    for offsets in &cases {
        let positions = positions_for(offsets, &mut rng);
        let got = run(&mut session, &program, offsets, &positions);
        for (p, g) in positions.iter().zip(&got) {
            assert_eq!(
                *g,
                reference(offsets, *p),
                "position {p} over {} offsets {:?}",
                offsets.len(),
                &offsets[..offsets.len().min(40)]
            );
        }
    }
}

//! What one command costs the host on a device: launches, fills and copies
//! with and without events, with few and many arguments, on buffers used
//! before and on buffers a command uses first, and enqueues behind a busy
//! device. A measurement for notes [cheap launches] (`runtime::cl::launch`)
//! and [buffer pool] (`runtime::cl::buffer`, on first uses).
//!
//! ```text
//! cargo run --release -p runtime --example enqueue_costs -- [DEVICE]
//! ```
//!
//! Each row is the host's wall time per enqueue, the mean over its
//! repetitions, in levels of 20 commands that end with a blocking read
//! (what a recursion level does), unless the row says otherwise.

use std::time::{Duration, Instant};

use runtime::cl::session::{CommandTiming, ElementRead};
use runtime::cl::{Arg, ClError, DeviceBuffer, Grid, Launch, Session};

const SOURCE: &str = r#"
__kernel void touch(__global long* a, long n) {
    long i = get_global_id(0);
    if (i < n) a[i] = i;
}
__kernel void many(__global long* a0, __global long* a1, __global long* a2, __global long* a3,
                   __global long* a4, __global long* a5, __global long* a6, __global long* a7,
                   __global long* a8, __global long* a9, __global long* a10, __global long* a11,
                   long n0, long n1, long n2, long n3) {
    long i = get_global_id(0);
    if (i < n0) a0[i] = a1[i] + a2[i] + a3[i] + a4[i] + a5[i] + a6[i] + a7[i] + a8[i] + a9[i] + a10[i] + a11[i] + n1 + n2 + n3;
}
__kernel void spin(__global long* a, long iterations) {
    long x = a[0];
    for (long k = 0; k < iterations; k++) x = x * 6364136223846793005L + 1442695040888963407L;
    if (get_global_id(0) == 0) a[1] = x;
}
"#;

const LEVEL: usize = 20;

fn main() {
    let spec = std::env::args().nth(1);
    if let Err(e) = measure(spec.as_deref()) {
        eprintln!("enqueue_costs: {e}");
        std::process::exit(1);
    }
}

fn micros(total: Duration, count: usize) -> f64 {
    total.as_secs_f64() * 1e6 / count.max(1) as f64
}

fn row(name: &str, total: Duration, count: usize) {
    println!("{name:<72} {:>9.2} us  ({count} commands)", micros(total, count));
}

/// Ends a level: one blocking read.
fn sync(session: &mut Session, flag: &DeviceBuffer<i64>) -> Result<(), ClError> {
    session.read_elements(&[ElementRead::I64(flag, 0)])?;
    Ok(())
}

fn measure(spec: Option<&str>) -> Result<(), ClError> {
    let mut session = Session::open_with(spec, CommandTiming::CountsOnly)?;
    println!("device: {}", session.device().name);
    let program = session.build_program("enqueue_costs", SOURCE, "")?;
    let touch = program.kernel("touch")?;
    let many = program.kernel("many")?;
    let spin = program.kernel("spin")?;
    let levels = 100;
    let small: DeviceBuffer<i64> = session.upload(&[0i64; 1024])?;
    let sets: Vec<Vec<DeviceBuffer<i64>>> =
        (0..2).map(|_| (0..12).map(|_| session.upload(&vec![1i64; 1 << 17])).collect()).collect::<Result<_, _>>()?;
    sync(&mut session, &small)?;

    for events in [true, false] {
        session.set_command_events(events);
        let with = if events { "with events" } else { "without events" };
        // Tiny launches, the same arguments.
        let mut total = Duration::ZERO;
        for _ in 0..levels {
            for _ in 0..LEVEL {
                let started = Instant::now();
                session.launch(
                    &Launch::new(touch, Grid::linear(128).with_local(128)),
                    &[Arg::from(&small), Arg::I64(128)],
                )?;
                total += started.elapsed();
            }
            sync(&mut session, &small)?;
        }
        row(&format!("launch, 2 arguments, unchanged, {with}"), total, levels * LEVEL);
        // 16 arguments, unchanged, then alternating between two sets.
        for alternate in [false, true] {
            let mut total = Duration::ZERO;
            for level in 0..levels {
                for k in 0..LEVEL {
                    let set = &sets[if alternate { (level * LEVEL + k) % 2 } else { 0 }];
                    let mut args: Vec<Arg<'_>> = set.iter().map(Arg::from).collect();
                    args.extend([Arg::I64(128), Arg::I64(1), Arg::I64(2), Arg::I64(3)]);
                    let started = Instant::now();
                    session.launch(&Launch::new(many, Grid::linear(128).with_local(128)), &args)?;
                    total += started.elapsed();
                }
                sync(&mut session, &small)?;
            }
            let how = if alternate { "12 buffers changed" } else { "unchanged" };
            row(&format!("launch, 16 arguments, {how}, {with}"), total, levels * LEVEL);
        }
        // Fills and copies of one word.
        let mut target: DeviceBuffer<i64> = session.alloc(1024)?;
        session.fill(&mut target, 0)?;
        let mut total = Duration::ZERO;
        for _ in 0..levels {
            for _ in 0..LEVEL {
                let started = Instant::now();
                session.fill_range(&mut target, 0, 1, 7)?;
                total += started.elapsed();
            }
            sync(&mut session, &small)?;
        }
        row(&format!("fill of one word, {with}"), total, levels * LEVEL);
        let mut total = Duration::ZERO;
        for _ in 0..levels {
            for _ in 0..LEVEL {
                let started = Instant::now();
                session.copy_range(&small, 0, &mut target, 0, 1)?;
                total += started.elapsed();
            }
            sync(&mut session, &small)?;
        }
        row(&format!("copy of one word, {with}"), total, levels * LEVEL);
    }
    session.set_command_events(false);

    // First uses: a buffer the driver just created, of each size, kept alive
    // (so the pool cannot hand it back), then its first launch or fill.
    let mut kept: Vec<DeviceBuffer<i64>> = Vec::new();
    for bytes in [4usize << 10, 1 << 20, 16 << 20, 128 << 20] {
        let count = if bytes >= 16 << 20 { 20 } else { 100 };
        let (mut create, mut first, mut second, mut fill) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for k in 0..count {
            // Distinct sizes: the pool never hits.
            let len = bytes / 8 + 64 * (k + 1) + 1;
            let started = Instant::now();
            let mut buffer: DeviceBuffer<i64> = session.alloc(len)?;
            create += started.elapsed();
            let started = Instant::now();
            if k % 2 == 0 {
                session.launch(
                    &Launch::new(touch, Grid::linear(128).with_local(128)),
                    &[Arg::from(&buffer), Arg::I64(128)],
                )?;
                first += started.elapsed();
            } else {
                session.fill(&mut buffer, 0)?;
                fill += started.elapsed();
            }
            let started = Instant::now();
            session
                .launch(&Launch::new(touch, Grid::linear(128).with_local(128)), &[Arg::from(&buffer), Arg::I64(128)])?;
            second += started.elapsed();
            kept.push(buffer);
            if k % LEVEL == LEVEL - 1 {
                sync(&mut session, &small)?;
            }
        }
        sync(&mut session, &small)?;
        let size = format!("{} KiB", bytes >> 10);
        row(&format!("create a buffer of {size}"), create, count);
        row("its first use, a launch", first, count / 2);
        row("its first use, a fill of all of it", fill, count / 2);
        row("its second use, a launch", second, count);
        if bytes >= 16 << 20 {
            kept.clear();
            session.finish()?;
        }
    }
    drop(kept);

    // Enqueues behind a busy device: a kernel of some milliseconds first.
    for (name, iterations) in [("idle device", 0i64), ("busy device (spin kernel first)", 2_000_000)] {
        let mut total = Duration::ZERO;
        let mut spin_total = Duration::ZERO;
        let rounds = 20;
        let mut scratch: DeviceBuffer<i64> = session.upload(&[1i64, 2])?;
        for _ in 0..rounds {
            if iterations > 0 {
                let started = Instant::now();
                session.launch(&Launch::new(spin, Grid::linear(1)), &[Arg::from(&scratch), Arg::I64(iterations)])?;
                spin_total += started.elapsed();
            }
            for _ in 0..LEVEL {
                let started = Instant::now();
                session.launch(
                    &Launch::new(touch, Grid::linear(128).with_local(128)),
                    &[Arg::from(&small), Arg::I64(128)],
                )?;
                total += started.elapsed();
            }
            let started = Instant::now();
            sync(&mut session, &small)?;
            spin_total += started.elapsed();
        }
        session.fill(&mut scratch, 0)?;
        row(&format!("launch, {name}"), total, rounds * LEVEL);
        row("  (spin launch and the wait, per round)", spin_total, rounds);
    }
    // A deep queue: 2000 launches with no wait.
    let mut marks = Vec::new();
    let started = Instant::now();
    for k in 0..2000 {
        session.launch(
            &Launch::new(touch, Grid::linear(1 << 16).with_local(256)),
            &[Arg::from(&sets[0][0]), Arg::I64(1 << 16)],
        )?;
        if k % 500 == 499 {
            marks.push(started.elapsed());
        }
    }
    sync(&mut session, &small)?;
    let text: Vec<String> = marks.iter().map(|d| format!("{:.1}", d.as_secs_f64() * 1e3)).collect();
    println!("2000 launches of 2^16 work-items without a wait: enqueued by {} ms (every 500)", text.join(" / "));
    Ok(())
}

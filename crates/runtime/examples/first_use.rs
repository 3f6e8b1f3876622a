//! Where a new buffer's first-use cost is paid on a device, and what moves
//! or avoids it: a measurement for note [first touch] (`runtime::cl::buffer`).
//!
//! ```text
//! cargo run --release -p runtime --example first_use -- [DEVICE]
//! ```
//!
//! For buffers the driver has just created (each of a distinct size, all
//! kept alive), each row is the host's wall time per command, the mean over
//! the buffers: a touch right after the creation (nothing, a fill of one
//! byte, a non-blocking write of 8 bytes, `clEnqueueMigrateMemObjects`),
//! then a launch of kernel `a` (the first launch), a launch of another
//! kernel `b` on the same buffer, and `a` again. Then touches in one
//! migrate of many buffers, touches behind a busy device, sub-buffers of a
//! used buffer, and shared virtual memory (SVM) pointers into one
//! allocation, where the device supports coarse-grained SVM. Commands are
//! enqueued without events, as a run without `--stats` does.

use std::ffi::c_void;
use std::time::{Duration, Instant};

use cl3::OpenClRuntime;
use opencl3::command_queue::CommandQueue;
use opencl3::context::Context;
use opencl3::device::Device;
use opencl3::kernel::Kernel;
use opencl3::memory::{Buffer, CL_MEM_READ_WRITE, ClMem};
use opencl3::program::Program;
use opencl3::types::{cl_int, cl_mem};

const SOURCE: &str = r#"
__kernel void a(__global long* p, long n) {
    long i = get_global_id(0);
    if (i < n) p[i] = i;
}
__kernel void b(__global long* p, long n) {
    long i = get_global_id(0);
    if (i < n) p[i] += 1;
}
__kernel void spin(__global long* p, long iterations) {
    long x = p[0];
    for (long k = 0; k < iterations; k++) x = x * 6364136223846793005L + 1442695040888963407L;
    if (get_global_id(0) == 0) p[1] = x;
}
"#;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Touch {
    None,
    Fill,
    Write,
    Migrate,
}

struct Cl {
    driver: &'static OpenClRuntime,
    context: Context,
    queue: CommandQueue,
    a: Kernel,
    b: Kernel,
    spin: Kernel,
}

fn check(what: &str, status: Option<cl_int>) {
    match status {
        Some(0) => {}
        other => panic!("{what}: status {other:?}"),
    }
}

impl Cl {
    fn create(&self, bytes: usize) -> Buffer<i64> {
        // SAFETY: no host pointer; at least one element.
        unsafe { Buffer::<i64>::create(&self.context, CL_MEM_READ_WRITE, bytes / 8, std::ptr::null_mut()) }
            .expect("create")
    }

    fn touch(&self, how: Touch, mem: cl_mem) {
        let queue = self.queue.get();
        let word = 0i64;
        let status = match how {
            Touch::None => Some(0),
            Touch::Fill => self.driver.clEnqueueFillBuffer(
                queue,
                mem,
                (&raw const word).cast(),
                1,
                0,
                1,
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            ),
            Touch::Write => self.driver.clEnqueueWriteBuffer(
                queue,
                mem,
                0,
                0,
                8,
                (&raw const SCRATCH).cast(),
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            ),
            Touch::Migrate => self.migrate(&[mem]),
        };
        check("touch", status);
    }

    fn migrate(&self, mems: &[cl_mem]) -> Option<cl_int> {
        self.driver.clEnqueueMigrateMemObjects(
            self.queue.get(),
            mems.len() as u32,
            mems.as_ptr(),
            opencl3::memory::CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED,
            0,
            std::ptr::null(),
            std::ptr::null_mut(),
        )
    }

    /// Sets `kernel`'s buffer argument to `mem` and launches 128 work-items.
    fn launch(&self, kernel: &Kernel, mem: cl_mem, n: i64) {
        // SAFETY: argument 0 is a buffer, argument 1 a long.
        unsafe {
            kernel.set_arg(0, &mem).expect("set_arg");
            kernel.set_arg(1, &n).expect("set_arg");
        }
        self.enqueue(kernel, 128);
    }

    /// Launches with an SVM pointer as argument 0.
    fn launch_svm(&self, kernel: &Kernel, pointer: *mut c_void, n: i64) {
        check("set svm", self.driver.clSetKernelArgSVMPointer(kernel.get(), 0, pointer));
        // SAFETY: argument 1 is a long.
        unsafe { kernel.set_arg(1, &n).expect("set_arg") };
        self.enqueue(kernel, 128);
    }

    fn enqueue(&self, kernel: &Kernel, global: usize) {
        let (global, local) = ([global], [global.min(128)]);
        check(
            "launch",
            self.driver.clEnqueueNDRangeKernel(
                self.queue.get(),
                kernel.get(),
                1,
                std::ptr::null(),
                global.as_ptr(),
                local.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null_mut(),
            ),
        );
    }

    fn finish(&self) {
        self.queue.finish().expect("finish");
    }
}

static SCRATCH: [i64; 1] = [0];

fn timed(total: &mut Duration, body: impl FnOnce()) {
    let started = Instant::now();
    body();
    *total += started.elapsed();
}

fn row(name: &str, total: Duration, count: usize) {
    println!("{name:<70} {:>9.2} us  ({count})", total.as_secs_f64() * 1e6 / count.max(1) as f64);
}

fn main() {
    let spec = std::env::args().nth(1).unwrap_or_else(|| "nvidia".to_string()).to_ascii_lowercase();
    let devices = runtime::device::list_devices().expect("devices");
    let info = devices
        .iter()
        .find(|d| d.name.to_ascii_lowercase().contains(&spec) || d.platform_name.to_ascii_lowercase().contains(&spec))
        .or(devices.first())
        .expect("a device");
    println!("device: {} ({})", info.name, info.platform_name);
    let device = Device::new(info.id);
    let context = Context::from_device(&device).expect("context");
    // SAFETY: the device is the context's.
    let queue = unsafe { CommandQueue::create(&context, info.id, 0) }.expect("queue");
    let program = Program::create_and_build_from_source(&context, SOURCE, "").expect("build");
    let driver = cl3::load_library().as_ref().expect("driver");
    let cl = Cl {
        driver,
        a: Kernel::create(&program, "a").expect("a"),
        b: Kernel::create(&program, "b").expect("b"),
        spin: Kernel::create(&program, "spin").expect("spin"),
        context,
        queue,
    };
    let warm = cl.create(1 << 20);
    cl.launch(&cl.a, warm.get(), 128);
    cl.launch(&cl.b, warm.get(), 128);
    cl.finish();

    // Touch, first launch, another kernel, the same kernel again.
    let mut kept = Vec::new();
    for bytes in [64usize << 10, 1 << 20, 8 << 20, 64 << 20] {
        for how in [Touch::None, Touch::Fill, Touch::Write, Touch::Migrate] {
            let count = if bytes >= 64 << 20 { 12 } else { 24 };
            let (mut create, mut touch, mut first, mut other, mut again) =
                (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
            for k in 0..count {
                let size = bytes + 4096 * (k + 1);
                let mut buffer = None;
                timed(&mut create, || buffer = Some(cl.create(size)));
                let buffer = buffer.expect("created");
                let mem = buffer.get();
                timed(&mut touch, || cl.touch(how, mem));
                timed(&mut first, || cl.launch(&cl.a, mem, 128));
                timed(&mut other, || cl.launch(&cl.b, mem, 128));
                timed(&mut again, || cl.launch(&cl.a, mem, 128));
                kept.push(buffer);
                if k % 8 == 7 {
                    cl.finish();
                }
            }
            cl.finish();
            let name = format!("{} KiB, touch {how:?}", bytes >> 10);
            row(&format!("{name}: create"), create, count);
            row(&format!("{name}: touch"), touch, count);
            row(&format!("{name}: first launch of a"), first, count);
            row(&format!("{name}: then b (another kernel)"), other, count);
            row(&format!("{name}: then a again"), again, count);
            if bytes >= 8 << 20 {
                kept.clear();
                cl.finish();
            }
        }
    }
    kept.clear();

    // One migrate of many new buffers.
    for group in [1usize, 4, 16] {
        let (mut migrate, mut first) = (Duration::ZERO, Duration::ZERO);
        let rounds = 48 / group;
        for round in 0..rounds {
            let buffers: Vec<Buffer<i64>> =
                (0..group).map(|k| cl.create((8 << 20) + 4096 * (round * group + k + 1))).collect();
            let mems: Vec<cl_mem> = buffers.iter().map(|b| b.get()).collect();
            timed(&mut migrate, || check("migrate", cl.migrate(&mems)));
            for &mem in &mems {
                timed(&mut first, || cl.launch(&cl.a, mem, 128));
            }
            cl.finish();
            kept.extend(buffers);
        }
        row(&format!("8 MiB, one migrate of {group} new buffers, per buffer"), migrate, rounds * group);
        row(&format!("8 MiB, after a migrate of {group}: first launch"), first, rounds * group);
        kept.clear();
        cl.finish();
    }

    // Touches behind a busy device: a kernel of some milliseconds first.
    let spin_buffer = cl.create(4096);
    cl.launch(&cl.a, spin_buffer.get(), 2);
    cl.finish();
    for how in [Touch::None, Touch::Fill, Touch::Migrate] {
        let (mut create, mut touch, mut first, mut wait) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let rounds = 6;
        for round in 0..rounds {
            // SAFETY: argument 0 a buffer, 1 a long.
            unsafe {
                cl.spin.set_arg(0, &spin_buffer.get()).expect("arg");
                cl.spin.set_arg(1, &3_000_000i64).expect("arg");
            }
            cl.enqueue(&cl.spin, 1);
            let buffers: Vec<Buffer<i64>> = (0..8)
                .map(|k| {
                    let mut buffer = None;
                    timed(&mut create, || buffer = Some(cl.create((8 << 20) + 4096 * (round * 8 + k + 1))));
                    buffer.expect("created")
                })
                .collect();
            for buffer in &buffers {
                timed(&mut touch, || cl.touch(how, buffer.get()));
            }
            for buffer in &buffers {
                timed(&mut first, || cl.launch(&cl.a, buffer.get(), 128));
            }
            timed(&mut wait, || cl.finish());
            kept.extend(buffers);
        }
        let name = format!("8 MiB behind a busy device, touch {how:?}");
        row(&format!("{name}: create"), create, rounds * 8);
        row(&format!("{name}: touch"), touch, rounds * 8);
        row(&format!("{name}: first launch"), first, rounds * 8);
        row(&format!("{name}: the wait, per round"), wait, rounds);
        kept.clear();
        cl.finish();
    }

    // Sub-buffers of a used buffer.
    let parent = cl.create(256 << 20);
    cl.launch(&cl.a, parent.get(), 128);
    cl.finish();
    let (mut create, mut first, mut again) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut subs = Vec::new();
    for k in 0..24usize {
        let mut sub = None;
        // SAFETY: inside the parent, at a multiple of 4096 bytes.
        timed(&mut create, || {
            sub = Some(unsafe { parent.create_sub_buffer(CL_MEM_READ_WRITE, k * (1 << 20), 1 << 20) }.expect("sub"))
        });
        let sub = sub.expect("sub");
        timed(&mut first, || cl.launch(&cl.a, sub.get(), 128));
        timed(&mut again, || cl.launch(&cl.a, sub.get(), 128));
        subs.push(sub);
        if k % 8 == 7 {
            cl.finish();
        }
    }
    cl.finish();
    row("sub-buffer of 8 MiB of a used buffer: create", create, 24);
    row("  its first launch", first, 24);
    row("  its second launch", again, 24);
    drop(subs);

    // Sub-buffers of a parent no command has used, and of a new parent
    // touched by a one-byte fill that has not run yet (a busy device).
    for touched in [false, true] {
        let (mut touch, mut create, mut first, mut again) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let rounds = 3;
        for round in 0..rounds {
            // SAFETY: argument 0 a buffer, 1 a long.
            unsafe {
                cl.spin.set_arg(0, &spin_buffer.get()).expect("arg");
                cl.spin.set_arg(1, &2_000_000i64).expect("arg");
            }
            cl.enqueue(&cl.spin, 1);
            let parent = cl.create((256 << 20) + 4096 * (round + 1));
            if touched {
                timed(&mut touch, || cl.touch(Touch::Fill, parent.get()));
            }
            let mut subs = Vec::new();
            for k in 0..16usize {
                let mut sub = None;
                // SAFETY: inside the parent, at a multiple of 4096 bytes.
                timed(&mut create, || {
                    sub = Some(
                        unsafe { parent.create_sub_buffer(CL_MEM_READ_WRITE, k * (2 << 20), 1 << 20) }.expect("sub"),
                    )
                });
                let sub = sub.expect("sub");
                timed(&mut first, || cl.launch(&cl.a, sub.get(), 128));
                timed(&mut again, || cl.launch(&cl.b, sub.get(), 128));
                subs.push(sub);
            }
            cl.finish();
        }
        let name = if touched { "a new parent touched by a fill, device busy" } else { "a parent no command used" };
        row(&format!("sub-buffers of 8 MiB of {name}: the touch"), touch, rounds);
        row("  create", create, rounds * 16);
        row("  first launch", first, rounds * 16);
        row("  second launch (another kernel)", again, rounds * 16);
    }

    // Shared virtual memory: pointers into one allocation.
    let capabilities = device.svm_mem_capability();
    println!("SVM capabilities: {capabilities:#x} (1: coarse-grained buffers)");
    if capabilities & 1 != 0 {
        let arena_bytes = 600usize << 20;
        let started = Instant::now();
        let base =
            driver.clSVMAlloc(cl.context.get(), CL_MEM_READ_WRITE, arena_bytes, 0).unwrap_or(std::ptr::null_mut());
        row("SVM: clSVMAlloc of 600 MiB", started.elapsed(), 1);
        if base.is_null() {
            println!("SVM: clSVMAlloc of 600 MiB failed");
        } else {
            let started = Instant::now();
            cl.launch_svm(&cl.a, base, 128);
            row("SVM: first launch on the arena", started.elapsed(), 1);
            cl.finish();
            let (mut first, mut again, mut other) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
            let count = 64;
            for k in 1..=count {
                // SAFETY: inside the arena.
                let pointer = unsafe { base.cast::<u8>().add(k * (8 << 20)) }.cast::<c_void>();
                timed(&mut first, || cl.launch_svm(&cl.a, pointer, 128));
                timed(&mut other, || cl.launch_svm(&cl.b, pointer, 128));
                timed(&mut again, || cl.launch_svm(&cl.a, pointer, 128));
                if k % 8 == 0 {
                    cl.finish();
                }
            }
            cl.finish();
            row("SVM: launch of a at a new offset of the arena", first, count);
            row("SVM: then b there", other, count);
            row("SVM: then a there again", again, count);
            // Alternating pointers (a kernel's argument changes every launch).
            let mut alternate = Duration::ZERO;
            for k in 0..count {
                // SAFETY: inside the arena.
                let pointer = unsafe { base.cast::<u8>().add((k % 2) * (8 << 20)) }.cast::<c_void>();
                timed(&mut alternate, || cl.launch_svm(&cl.a, pointer, 128));
            }
            cl.finish();
            row("SVM: launches alternating between two pointers", alternate, count);
            // Separate SVM allocations.
            let (mut alloc, mut first) = (Duration::ZERO, Duration::ZERO);
            let mut pointers = Vec::new();
            for k in 0..16usize {
                let mut pointer = std::ptr::null_mut();
                timed(&mut alloc, || {
                    pointer = driver
                        .clSVMAlloc(cl.context.get(), CL_MEM_READ_WRITE, (8 << 20) + 4096 * k, 0)
                        .unwrap_or(std::ptr::null_mut())
                });
                if pointer.is_null() {
                    break;
                }
                timed(&mut first, || cl.launch_svm(&cl.a, pointer, 128));
                pointers.push(pointer);
            }
            cl.finish();
            row("SVM: clSVMAlloc of 8 MiB", alloc, pointers.len());
            row("SVM: its first launch", first, pointers.len());
            for pointer in pointers {
                driver.clSVMFree(cl.context.get(), pointer);
            }
            driver.clSVMFree(cl.context.get(), base);
        }
    }
}

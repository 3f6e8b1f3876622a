//! `nessie devices`: list OpenCL platforms and devices, marking the default.

use std::io::Write;

use runtime::cl::Session;
use runtime::cl::bandwidth::measure_copy;
use runtime::device::{choose_device, list_devices};

use crate::cli::DevicesArgs;
use crate::failure::Failure;

/// Bytes the `--bandwidth` probe copies: 1 GiB, as in the GPU notes' ceilings.
const PROBE_BYTES: usize = 1 << 30;

pub fn devices(args: &DevicesArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let spec = args.device.as_deref();
    let devices = list_devices()?;
    let chosen = match choose_device(&devices, spec) {
        Ok(index) => Some(index),
        Err(e) => {
            let _ = writeln!(out, "note: --device (or NESSIE_DEVICE): {e}");
            None
        }
    };
    let mut platform = None;
    for d in &devices {
        if platform != Some(&d.platform_name) {
            let _ = writeln!(out, "{} ({})", d.platform_name, d.platform_version);
            platform = Some(&d.platform_name);
        }
        let mark = if Some(d.index) == chosen { '*' } else { ' ' };
        let _ = writeln!(
            out,
            " {mark} [{}] {} — {}, {} compute units, {:.1} GiB, {}{}",
            d.index,
            d.name,
            d.kind.name(),
            d.compute_units,
            d.global_memory_bytes as f64 / (1u64 << 30) as f64,
            d.opencl_c_version,
            if d.has_fp64 { ", fp64" } else { ", no fp64" },
        );
    }
    let _ = writeln!(out, "* = the device `nessie run` uses (choose another with --device or NESSIE_DEVICE)");
    if args.bandwidth {
        let Some(index) = chosen else {
            return Err(Failure::Usage(format!("--bandwidth: no device matches `{}`", spec.unwrap_or_default())));
        };
        let mut session = Session::new(&devices[index])?;
        let bytes = PROBE_BYTES.min(session.limits().max_alloc_bytes as usize / 2);
        let copy = measure_copy(&mut session, bytes)?;
        let _ = writeln!(
            out,
            "[{index}] copy bandwidth: {:.1} GB/s ({} MiB copied, median of {} runs {:.3} ms, fastest {:.3} ms)",
            copy.gigabytes_per_second,
            copy.bytes_copied >> 20,
            copy.runs,
            copy.median_time.as_secs_f64() * 1e3,
            copy.fastest_time.as_secs_f64() * 1e3,
        );
    }
    Ok(())
}

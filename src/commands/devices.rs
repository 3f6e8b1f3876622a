//! `nessie devices`: list OpenCL platforms and devices, marking the default.

use std::io::Write;

use runtime::device::{choose_device, list_devices};

use crate::failure::Failure;

pub fn devices(spec: Option<&str>, out: &mut dyn Write) -> Result<(), Failure> {
    let devices = list_devices()?;
    let chosen = match choose_device(&devices, spec) {
        Ok(index) => Some(index),
        Err(e) => {
            let _ = writeln!(out, "note: NESSIE_DEVICE: {e}");
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
    Ok(())
}

//! OpenCL devices: listing them and choosing one.
//!
//! Devices are numbered across all platforms in the order the ICD loader
//! reports them; `nessie devices` prints that numbering and `--device`
//! accepts either an index or a case-insensitive substring of the platform
//! or device name. Without a choice, the first GPU is used, else the first
//! device; `NESSIE_DEVICE` gives the default choice.

use opencl3::device::{CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, Device, cl_device_id};
use opencl3::platform::get_platforms;

use crate::EnvironmentError;

/// The help shown whenever no OpenCL device can be used.
pub const INSTALL_HELP: &str = "install an OpenCL platform; for the CPU on Debian/Ubuntu: \
     `sudo apt-get install -y pocl-opencl-icd ocl-icd-libopencl1`";

/// What `nessie devices` shows of one device.
#[derive(Clone, Debug)]
pub struct DeviceInfo {
    /// Position in the numbering across all platforms.
    pub index: usize,
    pub platform_name: String,
    pub platform_vendor: String,
    pub platform_version: String,
    pub name: String,
    pub kind: DeviceKind,
    pub compute_units: u32,
    pub global_memory_bytes: u64,
    pub opencl_c_version: String,
    /// Whether the device computes with 64-bit floats (NESL's `float`).
    pub has_fp64: bool,
    /// An NVIDIA device's compute capability (major, minor), where the
    /// driver tells it (`cl_nv_device_attribute_query`): programs are
    /// built with `NESSIE_NV_SM` defined from it (note [architecture
    /// define] in `cl::program`).
    pub nv_compute_capability: Option<(u32, u32)>,
    pub id: cl_device_id,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    Gpu,
    Cpu,
    Other,
}

impl DeviceKind {
    pub fn name(self) -> &'static str {
        match self {
            DeviceKind::Gpu => "GPU",
            DeviceKind::Cpu => "CPU",
            DeviceKind::Other => "accelerator",
        }
    }
}

/// Serialises device discovery within the process. Some platforms are not
/// thread-safe while they initialise (PoCL 3.1 crashes in `clGetDeviceInfo`
/// when another thread is still probing the CPU in its first
/// `clGetPlatformIDs`); after the first discovery they are.
static DISCOVERY: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Every OpenCL device of every platform.
pub fn list_devices() -> Result<Vec<DeviceInfo>, EnvironmentError> {
    // A panic elsewhere while holding the lock leaves nothing inconsistent.
    let _discovering = DISCOVERY.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let platforms = get_platforms().map_err(|code| EnvironmentError::NoPlatform {
        detail: if code.0 == -1001 {
            "the OpenCL loader found no platform (no ICD is registered in /etc/OpenCL/vendors)".to_string()
        } else {
            format!("the OpenCL library could not be loaded or queried ({code})")
        },
    })?;
    let mut devices = Vec::new();
    for platform in &platforms {
        let platform_name = platform.name().unwrap_or_else(|_| "unknown platform".into());
        let platform_vendor = platform.vendor().unwrap_or_default();
        let platform_version = platform.version().unwrap_or_default();
        let Ok(ids) = platform.get_devices(CL_DEVICE_TYPE_ALL) else { continue };
        for id in ids {
            let device = Device::new(id);
            let dev_type = device.dev_type().unwrap_or(0);
            let kind = if dev_type & CL_DEVICE_TYPE_GPU != 0 {
                DeviceKind::Gpu
            } else if dev_type & CL_DEVICE_TYPE_CPU != 0 {
                DeviceKind::Cpu
            } else {
                DeviceKind::Other
            };
            devices.push(DeviceInfo {
                index: devices.len(),
                platform_name: platform_name.trim().to_string(),
                platform_vendor: platform_vendor.trim().to_string(),
                platform_version: platform_version.trim().to_string(),
                name: device.name().unwrap_or_else(|_| "unknown device".into()).trim().to_string(),
                kind,
                compute_units: device.max_compute_units().unwrap_or(0),
                global_memory_bytes: device.global_mem_size().unwrap_or(0),
                opencl_c_version: device.opencl_c_version().unwrap_or_default().trim().to_string(),
                has_fp64: device.double_fp_config().map(|c| c != 0).unwrap_or(false),
                nv_compute_capability: device
                    .compute_capability_major_nv()
                    .ok()
                    .zip(device.compute_capability_minor_nv().ok()),
                id,
            });
        }
    }
    if devices.is_empty() {
        return Err(EnvironmentError::NoPlatform { detail: "no OpenCL device was found".to_string() });
    }
    Ok(devices)
}

/// The device a specification names: an index, or a case-insensitive
/// substring of the platform's name, vendor or version, or the device's name,
/// or a device kind (`gpu`, `cpu`) (the first match). `None`
/// means the default: the first GPU, else the first device.
pub fn choose_device(devices: &[DeviceInfo], spec: Option<&str>) -> Result<usize, EnvironmentError> {
    let Some(spec) = spec.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(default_device(devices));
    };
    if let Ok(index) = spec.parse::<usize>() {
        return if index < devices.len() {
            Ok(index)
        } else {
            Err(EnvironmentError::NoSuchDevice {
                spec: spec.to_string(),
                detail: format!("there are {} devices, numbered from 0", devices.len()),
            })
        };
    }
    let needle = spec.to_lowercase();
    let matches = |d: &DeviceInfo| {
        d.name.to_lowercase().contains(&needle)
            || d.platform_name.to_lowercase().contains(&needle)
            || d.platform_vendor.to_lowercase().contains(&needle)
            || d.platform_version.to_lowercase().contains(&needle)
            || d.kind.name().to_lowercase() == needle
    };
    devices.iter().position(matches).ok_or_else(|| EnvironmentError::NoSuchDevice {
        spec: spec.to_string(),
        detail: "no platform or device name contains it; `nessie devices` lists them".to_string(),
    })
}

/// The first GPU, else the first device.
pub fn default_device(devices: &[DeviceInfo]) -> usize {
    devices.iter().position(|d| d.kind == DeviceKind::Gpu).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake(index: usize, platform: &str, name: &str, kind: DeviceKind) -> DeviceInfo {
        DeviceInfo {
            index,
            platform_name: platform.into(),
            platform_vendor: String::new(),
            platform_version: if platform.starts_with("Portable") {
                "OpenCL 3.0 PoCL 3.1".into()
            } else {
                String::new()
            },
            name: name.into(),
            kind,
            compute_units: 1,
            global_memory_bytes: 0,
            opencl_c_version: String::new(),
            has_fp64: true,
            nv_compute_capability: None,
            id: std::ptr::null_mut(),
        }
    }

    #[test]
    fn the_default_is_the_first_gpu_and_specs_match_names_case_insensitively() {
        let devices = vec![
            fake(0, "Portable Computing Language", "pthread-skylake", DeviceKind::Cpu),
            fake(1, "NVIDIA CUDA", "NVIDIA H100 80GB HBM3", DeviceKind::Gpu),
        ];
        assert_eq!(choose_device(&devices, None).unwrap(), 1);
        assert_eq!(choose_device(&devices, Some("pocl")).unwrap(), 0);
        assert_eq!(choose_device(&devices, Some("Portable")).unwrap(), 0);
        assert_eq!(choose_device(&devices, Some("nvidia")).unwrap(), 1);
        assert_eq!(choose_device(&devices, Some("cpu")).unwrap(), 0);
        assert_eq!(choose_device(&devices, Some("0")).unwrap(), 0);
        assert!(choose_device(&devices, Some("7")).is_err());
        assert!(choose_device(&devices, Some("amd")).is_err());
    }
}

//! Building OpenCL programs, and the kernels they contain.
//!
//! A [`Program`] is built from OpenCL C source (any number of kernels) for
//! the session's one device. Sessions cache programs by their source and
//! options (`Session::build_program`), so the executor may ask for the same
//! program at every launch site without rebuilding it.
//!
//! A build failure becomes [`EnvironmentError::BuildFailure`] carrying the
//! driver's build log, trimmed by [`trim_build_log`] to what a person reads:
//! the first lines, where the first errors are.
//!
//! Every program is built with `-cl-kernel-arg-info`, so each [`Kernel`]
//! knows its parameters (address space and type name); a launch checks its
//! arguments against them and names the mismatch (see `launch.rs`). Where a
//! driver gives no argument information, only the argument count is
//! checked.
//!
//! A program built from source is saved to the on-disk binary cache
//! ([`super::binary_cache`]), and a later build of the same source, options,
//! device and driver loads the binary instead; a binary the driver refuses
//! is ignored and the source built. [`Program::is_from_binary_cache`] says
//! which happened.
//!
//! Programs that use `double` are refused on devices without fp64 before
//! the driver sees them ([`mentions_double`]), with
//! [`EnvironmentError::NoFp64`].

use opencl3::context::Context;
use opencl3::error_codes as codes;
use opencl3::kernel::{
    CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_LOCAL, create_program_kernels,
};

use super::binary_cache::{BinaryCache, CacheKey};
use super::{ClError, driver_error, status_name};
use crate::EnvironmentError;
use crate::device::DeviceInfo;

/// The option every build gets, so that kernels can describe their
/// parameters.
const KERNEL_ARG_INFO_OPTION: &str = "-cl-kernel-arg-info";
// Note [architecture define]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~
// Some of the generated code is inline PTX that only NVIDIA's compiler
// takes (`#ifdef __NV_CL_C_VERSION`), and some of that PTX only newer
// architectures take: an L2 cache policy (`createpolicy`, the merge's
// evict-first reads, note [the merge's loads evict first] in
// `opencl_backend`) needs sm_80. NVIDIA's OpenCL C defines no macro for
// the architecture, so the build defines one: `NESSIE_NV_SM` is the
// device's compute capability as `10·major + minor` (90 on an H100), where
// the driver tells it (`cl_nv_device_attribute_query`); the generated
// code tests it and falls back to what every NVIDIA architecture takes.
// Where it is not defined (another vendor, or OpenCL written by `nessie
// compile` and built by the user) the fallback is what builds. The define
// is part of the options, so of the binary cache's key.

/// The build options that describe the device to the generated code
/// (note [architecture define]).
fn device_defines(device: &DeviceInfo) -> String {
    match device.nv_compute_capability {
        Some((major, minor)) => format!("-D NESSIE_NV_SM={}", major * 10 + minor),
        None => String::new(),
    }
}

/// A build log longer than this many lines is cut.
const MAX_BUILD_LOG_LINES: usize = 60;
/// A build-log line longer than this many characters is cut.
const MAX_BUILD_LOG_LINE_CHARS: usize = 400;

/// An OpenCL program built for the session's device, with its kernels.
#[derive(Debug)]
pub struct Program {
    name: String,
    /// The driver's log of a successful build (warnings), trimmed.
    build_log: String,
    /// Sorted by name.
    kernels: Vec<Kernel>,
    /// Whether the binary came from the on-disk cache (else the source was
    /// built).
    is_from_binary_cache: bool,
    /// Kept alive for the kernels; released last.
    _raw: opencl3::program::Program,
}

impl Program {
    /// The name the program was built under (for messages).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The kernel called `name`, or an internal error listing the kernels
    /// the program has.
    pub fn kernel(&self, name: &str) -> Result<&Kernel, ClError> {
        match self.kernels.binary_search_by(|k| k.name.as_str().cmp(name)) {
            Ok(index) => Ok(&self.kernels[index]),
            Err(_) => Err(ClError::internal(format!(
                "program `{}` has no kernel `{name}`; its kernels are: {}",
                self.name,
                self.kernel_names().collect::<Vec<_>>().join(", ")
            ))),
        }
    }

    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    pub fn kernel_names(&self) -> impl Iterator<Item = &str> {
        self.kernels.iter().map(|k| k.name.as_str())
    }

    /// What the driver said about a successful build (often empty).
    pub fn build_log(&self) -> &str {
        &self.build_log
    }

    /// Whether the program was loaded from the on-disk binary cache rather
    /// than built from its source.
    pub fn is_from_binary_cache(&self) -> bool {
        self.is_from_binary_cache
    }
}

/// One kernel of a built program, with what the device says about it.
///
/// The OpenCL kernel object holds argument values from `set_arg` on, also
/// after a launch; a session sets, right before each launch, those that
/// differ from what the object holds (`arg_keys`, note [cheap launches] in
/// `launch.rs`), so every launch runs with exactly its own arguments.
#[derive(Debug)]
pub struct Kernel {
    pub(crate) name: String,
    program_name: String,
    pub(crate) raw: opencl3::kernel::Kernel,
    /// What each argument of `raw` was last set to, if known.
    pub(crate) arg_keys: std::cell::RefCell<Vec<Option<super::launch::ArgKey>>>,
    /// The kinds of the last argument list `check_args` accepted
    /// (`launch::arg_kind`), empty before the first: a launch whose
    /// arguments have the same kinds is not checked again.
    pub(crate) checked_kinds: std::cell::RefCell<Vec<u8>>,
    pub(crate) num_args: u32,
    /// The parameters, when the driver describes them.
    pub(crate) params: Option<Vec<Param>>,
    max_work_group_size: usize,
    preferred_work_group_size_multiple: usize,
    local_mem_bytes: u64,
    private_mem_bytes: u64,
}

impl Kernel {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn program_name(&self) -> &str {
        &self.program_name
    }

    pub fn num_args(&self) -> u32 {
        self.num_args
    }

    /// The largest work-group this kernel can run with on the device
    /// (`CL_KERNEL_WORK_GROUP_SIZE`; may be below the device's maximum).
    pub fn max_work_group_size(&self) -> usize {
        self.max_work_group_size
    }

    /// Work-group sizes should be a multiple of this (the warp or SIMD
    /// width; `CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE`).
    pub fn preferred_work_group_size_multiple(&self) -> usize {
        self.preferred_work_group_size_multiple
    }

    /// Local memory the kernel uses statically (`__local` arrays), in bytes.
    pub fn local_mem_bytes(&self) -> u64 {
        self.local_mem_bytes
    }

    /// Private memory per work-item, in bytes (register spills).
    pub fn private_mem_bytes(&self) -> u64 {
        self.private_mem_bytes
    }
}

/// A kernel parameter as the driver describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Param {
    pub name: String,
    pub kind: ParamKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ParamKind {
    /// `__global T*`; `pointee` is the type name without the `*` (`long4`).
    GlobalPointer { pointee: String },
    /// `__constant T*`.
    ConstantPointer { pointee: String },
    /// `__local T*`.
    LocalPointer,
    /// A value passed by copy; `type_name` as written (`long`, `uint`).
    Scalar { type_name: String },
}

/// What a build needs to know besides the source: the device, and the
/// binary cache with the driver's versions for its keys.
pub(crate) struct BuildTarget<'a> {
    pub context: &'a Context,
    pub device: &'a DeviceInfo,
    pub cache: &'a BinaryCache,
    /// `CL_DEVICE_VERSION` and `CL_DRIVER_VERSION`, for the cache key.
    pub device_version: &'a str,
    pub driver_version: &'a str,
    /// The user's extra options (`NESSIE_CL_OPTIONS`), added to every
    /// build after the program's own.
    pub extra_options: &'a str,
}

/// Builds `source` for the target's device, or loads the binary the cache
/// holds for it. `name` is only for messages.
pub(crate) fn build(target: &BuildTarget<'_>, name: &str, source: &str, options: &str) -> Result<Program, ClError> {
    let BuildTarget { context, device, cache, .. } = *target;
    if options.contains('\0') {
        return Err(ClError::internal(format!("the build options of program `{name}` contain a NUL byte")));
    }
    if !device.has_fp64 && mentions_double(source) {
        return Err(EnvironmentError::NoFp64 { device: device.name.clone() }.into());
    }
    let defines = device_defines(device);
    let full_options = [options, defines.as_str(), target.extra_options, KERNEL_ARG_INFO_OPTION]
        .iter()
        .map(|o| o.trim())
        .filter(|o| !o.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let full_options = full_options.as_str();
    let key =
        cache.dir().map(|_| CacheKey::new(device, target.device_version, target.driver_version, full_options, source));
    if let Some(binary) = key.as_ref().and_then(|key| cache.load(key))
        && let Some(program) = build_from_binary(context, device, name, &binary, full_options)
    {
        return Ok(program);
    }
    let mut raw = opencl3::program::Program::create_from_source(context, source)
        .map_err(|e| driver_error(format!("creating program `{name}`"), e.0, 0))?;
    if let Err(e) = raw.build(&[device.id], full_options) {
        let log = raw.get_build_log(device.id).unwrap_or_default();
        return Err(match e.0 {
            codes::CL_BUILD_PROGRAM_FAILURE | codes::CL_COMPILE_PROGRAM_FAILURE | codes::CL_LINK_PROGRAM_FAILURE => {
                EnvironmentError::BuildFailure {
                    program: name.to_string(),
                    device: device.name.clone(),
                    code: status_name(e.0),
                    log: trim_build_log(&log),
                }
                .into()
            }
            codes::CL_INVALID_BUILD_OPTIONS if !target.extra_options.trim().is_empty() => {
                EnvironmentError::BadBuildOptions {
                    device: device.name.clone(),
                    options: target.extra_options.trim().to_string(),
                }
                .into()
            }
            codes::CL_INVALID_BUILD_OPTIONS => {
                ClError::internal(format!("the driver rejects the build options `{options}` of program `{name}`"))
            }
            code => driver_error(format!("building program `{name}`"), code, 0),
        });
    }
    let program = with_kernels(raw, device, name, false)?;
    if let Some(key) = &key
        && let Ok(binaries) = program._raw.get_binaries()
        && let [binary] = binaries.as_slice()
        && !binary.is_empty()
    {
        cache.store(key, binary);
    }
    Ok(program)
}

/// The program of a cached `binary`, or `None` when the driver refuses it
/// in any way (it is then built from source, and the entry rewritten).
fn build_from_binary(
    context: &Context,
    device: &DeviceInfo,
    name: &str,
    binary: &[u8],
    options: &str,
) -> Option<Program> {
    // SAFETY: one device of the context and one binary for it, as
    // clCreateProgramWithBinary requires; the driver checks the bytes.
    let mut raw = unsafe { opencl3::program::Program::create_from_binary(context, &[device.id], &[binary]) }.ok()?;
    raw.build(&[device.id], options).ok()?;
    with_kernels(raw, device, name, true).ok()
}

/// A built program with its kernels described.
fn with_kernels(
    raw: opencl3::program::Program,
    device: &DeviceInfo,
    name: &str,
    is_from_binary_cache: bool,
) -> Result<Program, ClError> {
    let build_log = raw.get_build_log(device.id).map(|log| trim_build_log(&log)).unwrap_or_default();
    let build_log = if build_log == EMPTY_LOG_TEXT { String::new() } else { build_log };
    let raw_kernels =
        create_program_kernels(&raw).map_err(|e| driver_error(format!("creating the kernels of `{name}`"), e.0, 0))?;
    let mut kernels = Vec::with_capacity(raw_kernels.len());
    for raw_kernel in raw_kernels {
        kernels.push(describe_kernel(raw_kernel, name, device)?);
    }
    kernels.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(Program { name: name.to_string(), build_log, kernels, is_from_binary_cache, _raw: raw })
}

fn describe_kernel(raw: opencl3::kernel::Kernel, program_name: &str, device: &DeviceInfo) -> Result<Kernel, ClError> {
    let query_failed =
        |what: &str, code: i32| driver_error(format!("querying {what} of a kernel of `{program_name}`"), code, 0);
    let name = raw.function_name().map_err(|e| query_failed("the name", e.0))?;
    let name = name.trim_end_matches('\0').to_string();
    let num_args = raw.num_args().map_err(|e| query_failed("the argument count", e.0))?;
    let params = (0..num_args).map(|index| describe_param(&raw, index)).collect::<Option<Vec<_>>>();
    let max_work_group_size =
        raw.get_work_group_size(device.id).map_err(|e| query_failed("the work-group size", e.0))?;
    let preferred_work_group_size_multiple = raw.get_work_group_size_multiple(device.id).unwrap_or(1).max(1);
    let local_mem_bytes = raw.get_local_mem_size(device.id).unwrap_or(0);
    let private_mem_bytes = raw.get_private_mem_size(device.id).unwrap_or(0);
    Ok(Kernel {
        name,
        program_name: program_name.to_string(),
        raw,
        arg_keys: std::cell::RefCell::new(vec![None; num_args as usize]),
        checked_kinds: std::cell::RefCell::new(Vec::new()),
        num_args,
        params,
        max_work_group_size,
        preferred_work_group_size_multiple,
        local_mem_bytes,
        private_mem_bytes,
    })
}

/// The driver's description of parameter `index`, if it gives one.
fn describe_param(raw: &opencl3::kernel::Kernel, index: u32) -> Option<Param> {
    let address = raw.get_arg_address_qualifier(index).ok()?;
    let type_name = raw.get_arg_type_name(index).ok()?;
    let type_name = type_name.trim_end_matches('\0').trim().to_string();
    let name = raw.get_arg_name(index).map(|n| n.trim_end_matches('\0').to_string()).unwrap_or_default();
    let pointee = || type_name.trim_end_matches('*').trim().to_string();
    let kind = match address {
        CL_KERNEL_ARG_ADDRESS_GLOBAL => ParamKind::GlobalPointer { pointee: pointee() },
        CL_KERNEL_ARG_ADDRESS_CONSTANT => ParamKind::ConstantPointer { pointee: pointee() },
        CL_KERNEL_ARG_ADDRESS_LOCAL => ParamKind::LocalPointer,
        _ => ParamKind::Scalar { type_name },
    };
    Some(Param { name, kind })
}

const EMPTY_LOG_TEXT: &str = "(the driver gave no build log)";

/// A build log cut to what a person reads in an error message: blank lines
/// at either end removed, at most `MAX_BUILD_LOG_LINES` (60) lines of at most
/// `MAX_BUILD_LOG_LINE_CHARS` (400) characters, and a last line saying how many
/// were left out. Compilers print the first error first, so the head of
/// the log is the part to keep.
pub fn trim_build_log(log: &str) -> String {
    let lines: Vec<&str> = log.trim_matches(|c: char| c == '\0' || c.is_whitespace()).lines().collect();
    if lines.is_empty() {
        return EMPTY_LOG_TEXT.to_string();
    }
    let mut trimmed = String::new();
    for line in lines.iter().take(MAX_BUILD_LOG_LINES) {
        let line = line.trim_end();
        match line.char_indices().nth(MAX_BUILD_LOG_LINE_CHARS) {
            Some((cut, _)) => {
                trimmed.push_str(&line[..cut]);
                trimmed.push_str(" …");
            }
            None => trimmed.push_str(line),
        }
        trimmed.push('\n');
    }
    if lines.len() > MAX_BUILD_LOG_LINES {
        trimmed.push_str(&format!("… ({} more lines of the build log left out)\n", lines.len() - MAX_BUILD_LOG_LINES));
    }
    trimmed.truncate(trimmed.trim_end().len());
    trimmed
}

/// Whether OpenCL C `source` uses 64-bit floating point: an identifier
/// `double`, `doubleN`, `convert_double…` or `as_double…` outside comments.
pub fn mentions_double(source: &str) -> bool {
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            i += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        } else if rest.starts_with(b"/*") {
            i += rest.windows(2).skip(2).position(|w| w == b"*/").map_or(rest.len(), |end| end + 4);
        } else if rest[0].is_ascii_alphabetic() || rest[0] == b'_' {
            let length = rest.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_')).unwrap_or(rest.len());
            if is_double_identifier(&source[i..i + length]) {
                return true;
            }
            i += length;
        } else if rest[0].is_ascii_digit() {
            // A number such as 2e10 or 0x1f: skip it whole, so that its
            // letters are not read as an identifier.
            i +=
                rest.iter().position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'.')).unwrap_or(rest.len());
        } else {
            i += 1;
        }
    }
    false
}

fn is_double_identifier(identifier: &str) -> bool {
    match identifier.strip_prefix("double") {
        Some(width) => width.bytes().all(|b| b.is_ascii_digit()),
        None => identifier.starts_with("convert_double") || identifier.starts_with("as_double"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_is_found_as_a_type_but_not_in_comments_or_other_names() {
        assert!(mentions_double("__kernel void f(__global double* x) {}"));
        assert!(mentions_double("long4 v; double4 w;"));
        assert!(mentions_double("x = convert_double_rte(i);"));
        assert!(mentions_double("x = as_double(i);"));
        assert!(!mentions_double("// double\n/* double */ __kernel void f(__global long* doubled) {}"));
        assert!(!mentions_double("long my_double_count; float f = 1e10f;"));
        assert!(!mentions_double("/* unterminated double"));
    }

    #[test]
    fn nvidia_devices_define_their_architecture_and_others_nothing() {
        let mut device = DeviceInfo {
            index: 0,
            platform_name: "NVIDIA CUDA".into(),
            platform_vendor: "NVIDIA Corporation".into(),
            platform_version: "OpenCL 3.0 CUDA".into(),
            name: "NVIDIA H100 80GB HBM3".into(),
            kind: crate::device::DeviceKind::Gpu,
            compute_units: 132,
            global_memory_bytes: 0,
            opencl_c_version: String::new(),
            has_fp64: true,
            nv_compute_capability: Some((9, 0)),
            id: std::ptr::null_mut(),
        };
        assert_eq!(device_defines(&device), "-D NESSIE_NV_SM=90");
        device.nv_compute_capability = Some((7, 5));
        assert_eq!(device_defines(&device), "-D NESSIE_NV_SM=75");
        device.nv_compute_capability = None;
        assert_eq!(device_defines(&device), "");
    }

    #[test]
    fn long_build_logs_keep_their_head_and_say_what_was_cut() {
        assert_eq!(trim_build_log("\n\n  \0"), EMPTY_LOG_TEXT);
        assert_eq!(trim_build_log("\n<source>:3:1: error: x\n   \n"), "<source>:3:1: error: x");
        let long: String = (0..100).map(|i| format!("line {i}\n")).collect();
        let trimmed = trim_build_log(&long);
        assert!(trimmed.starts_with("line 0\n"));
        assert!(trimmed.contains(&format!("line {}", MAX_BUILD_LOG_LINES - 1)));
        assert!(!trimmed.contains(&format!("line {}\n", MAX_BUILD_LOG_LINES)));
        assert!(trimmed.ends_with(&format!("({} more lines of the build log left out)", 100 - MAX_BUILD_LOG_LINES)));
        let wide = "é".repeat(MAX_BUILD_LOG_LINE_CHARS + 10);
        assert_eq!(trim_build_log(&wide).chars().count(), MAX_BUILD_LOG_LINE_CHARS + 2);
    }
}

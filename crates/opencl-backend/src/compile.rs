//! The backend's entry point: a fused flat program in, one
//! [`CompiledKernel`] per flat kernel out, with the printed Lift IR of each
//! kernel before and after lowering for `--emit lift` and `--emit lift-low`.

use flatten::ir::{FlatProgram, KernelId};

use crate::plan::CompiledKernel;

/// A compiled program: what the runtime's executor runs beside the flat
/// program's host code.
#[derive(Clone, Debug)]
pub struct CompiledProgram {
    /// Indexed by the flat program's [`KernelId`].
    pub kernels: Vec<CompiledKernel>,
    /// The high-level Lift of every kernel, printed (`--emit lift`).
    pub lift: String,
    /// The low-level Lift of every kernel, printed (`--emit lift-low`).
    pub lift_low: String,
}

impl CompiledProgram {
    pub fn kernel(&self, id: KernelId) -> &CompiledKernel {
        &self.kernels[id.0 as usize]
    }

    /// Every kernel's OpenCL C, one file after another (`--emit opencl`).
    pub fn opencl(&self) -> String {
        let mut text = String::new();
        for kernel in &self.kernels {
            text.push_str(&format!("// ===== {} =====\n{}\n", kernel.file_name(), kernel.source));
        }
        text
    }
}

#[derive(Debug, thiserror::Error)]
pub enum CodegenError {
    /// A construct the backend cannot compile yet: the driver reports it
    /// as an error naming the kernel; it never falls back to another path.
    #[error("not supported yet by the OpenCL backend: {what} (in kernel `{kernel}`)")]
    Unsupported { kernel: String, what: String },
    /// A compiler bug: a promise of the flat IR or of Lift broken.
    #[error("internal error in the OpenCL backend: {0}")]
    Internal(String),
}

/// Compiles every kernel of `program` (fused or not) to OpenCL C and a
/// launch plan, through Lift: the flat kernel is lowered to high-level
/// Lift (`lift_ir::lower`), rewritten to low-level Lift by named rules
/// (`lift_ir::rules`), type-checked, and printed as C (`codegen`). Int
/// arrays whose values provably fit 32 bits are stored as `int`s
/// ([`crate::storage_width`]) unless `NESSIE_NARROW_INTS=0`.
pub fn compile_program(program: &FlatProgram) -> Result<CompiledProgram, CodegenError> {
    compile_program_with(program, &config_from_env())
}

/// The rewrite configuration of a compile: the defaults, with
/// `NESSIE_SEG_REDUCE=teams`, `merge` or `binned` forcing `segReduce-teams`,
/// `segReduce-merge` or `segReduce-binned` for segmented reductions of one
/// or two components instead of the choice by shape when the kernel runs
/// (see [`lift_ir::rules::SegReduce`]), `NESSIE_SEG_BATCH=B` (1 to 16)
/// setting [`lift_ir::rules::Config::seg_batch`], `NESSIE_SEG_SHORT_BATCH=B`
/// (1 to 16) [`lift_ir::rules::Config::seg_short_batch`], `NESSIE_SEG_GROUPS=G`
/// (at least 1) [`lift_ir::rules::Config::seg_guarded_groups`],
/// `NESSIE_TEAM_TICKETS=0` (striding groups)
/// [`lift_ir::rules::Config::seg_team_tickets`],
/// `NESSIE_MERGE_ITEMS=V` and `NESSIE_MERGE_GROUP=L`
/// [`lift_ir::rules::Config::merge_items`] and
/// [`lift_ir::rules::Config::merge_group_size`] (the merge tiles' shape),
/// `NESSIE_MERGE_GROUPS=G` [`lift_ir::rules::Config::merge_groups`],
/// `NESSIE_SEG_LIST_GROUP=G` (a power of two)
/// [`lift_ir::rules::Config::seg_list_group`], and
/// `NESSIE_SEGMENT_IDS=never` turning
/// [`lift_ir::rules::Config::segment_tiles`] off (`Never`), and
/// `NESSIE_SEG_WARP=K` (0, or a power of two up to 1024)
/// [`lift_ir::rules::Config::seg_warp_steps`], and `NESSIE_SEG_STREAM=1`
/// or `0` [`lift_ir::rules::Config::seg_stream_loads`], and
/// `NESSIE_SCAN_LOCAL_BYTES=B` (4096 to 48 KiB)
/// [`lift_ir::rules::Config::scan_local_bytes`] (the local memory a scan
/// or filter tile may take, and so its elements a work-item), and
/// `NESSIE_SEG_SCAN_LOCAL_BYTES=B` (4096 to 48 KiB)
/// [`lift_ir::rules::Config::seg_scan_local_bytes`] (the same for a
/// segmented scan's tile), and `NESSIE_WARP_LOOKBACK=0` turning
/// [`lift_ir::rules::Config::warp_lookback`] off.
pub fn config_from_env() -> lift_ir::rules::Config {
    use lift_ir::rules::SegReduce;
    let seg_reduce = match std::env::var("NESSIE_SEG_REDUCE").as_deref().map(str::trim) {
        Ok("teams") => SegReduce::Teams,
        Ok("merge") => SegReduce::Merge,
        Ok("binned") => SegReduce::Binned,
        _ => SegReduce::ByShape,
    };
    let defaults = lift_ir::rules::Config::default();
    let seg_batch = env_int("NESSIE_SEG_BATCH", |b| (1..=16).contains(&b)).unwrap_or(defaults.seg_batch);
    let seg_short_batch =
        env_int("NESSIE_SEG_SHORT_BATCH", |b| (1..=16).contains(&b)).unwrap_or(defaults.seg_short_batch);
    let seg_team_tickets = std::env::var("NESSIE_TEAM_TICKETS").map_or(defaults.seg_team_tickets, |t| t.trim() != "0");
    let seg_guarded_groups = env_int("NESSIE_SEG_GROUPS", |g| g >= 1).unwrap_or(if seg_team_tickets {
        defaults.seg_guarded_groups
    } else {
        lift_ir::seg_reduce::STRIDING_GUARDED_GROUPS
    });
    let scan_lookback_items =
        env_int("NESSIE_SCAN_LOOKBACK_ITEMS", |t| (1..=lift_ir::lookback::LOOKBACK_MAX_ITEMS).contains(&t))
            .unwrap_or(defaults.scan_lookback_items);
    // `never` keeps every search (note [segment ids] in
    // `fusion::materialize_segment_ids`).
    let segment_tiles = match std::env::var("NESSIE_SEGMENT_IDS").as_deref().map(str::trim) {
        Ok("never") => lift_ir::rules::SegmentTiles::Never,
        _ => defaults.segment_tiles,
    };
    let seg_list_group =
        env_int("NESSIE_SEG_LIST_GROUP", |g| g >= 1 && g & (g - 1) == 0).unwrap_or(defaults.seg_list_group);
    let seg_warp_steps = env_int("NESSIE_SEG_WARP", |k| k == 0 || (1..=1024).contains(&k) && k & (k - 1) == 0)
        .unwrap_or(defaults.seg_warp_steps);
    let warp_lookback = std::env::var("NESSIE_WARP_LOOKBACK").map_or(defaults.warp_lookback, |w| w.trim() != "0");
    let seg_stream_loads = match std::env::var("NESSIE_SEG_STREAM").as_deref().map(str::trim) {
        Ok("1") => true,
        Ok("0") => false,
        _ => defaults.seg_stream_loads,
    };
    let merge_items = env_int("NESSIE_MERGE_ITEMS", |_| true);
    let merge_group_size = env_int("NESSIE_MERGE_GROUP", |_| true);
    let merge_groups = env_int("NESSIE_MERGE_GROUPS", |g| g >= 1).unwrap_or(defaults.merge_groups);
    // A tile's local memory: 4 KiB to NVIDIA's 48 KiB.
    let local_bytes = |name: &str, default: i64| env_int(name, |b| (4096..=48 * 1024).contains(&b)).unwrap_or(default);
    let scan_local_bytes = local_bytes("NESSIE_SCAN_LOCAL_BYTES", defaults.scan_local_bytes);
    let seg_scan_local_bytes = local_bytes("NESSIE_SEG_SCAN_LOCAL_BYTES", defaults.seg_scan_local_bytes);
    lift_ir::rules::Config {
        scan_local_bytes,
        seg_scan_local_bytes,
        merge_items,
        merge_group_size,
        merge_groups,
        seg_reduce,
        seg_stream_loads,
        seg_warp_steps,
        seg_batch,
        seg_short_batch,
        seg_guarded_groups,
        seg_team_tickets,
        scan_lookback_items,
        segment_tiles,
        seg_list_group,
        warp_lookback,
        ..defaults
    }
}

/// The int in environment variable `name` (spaces around it allowed),
/// where it is set, parses and is `valid`; `None` otherwise (the knob's
/// default then applies).
fn env_int(name: &str, valid: impl Fn(i64) -> bool) -> Option<i64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse::<i64>().ok()).filter(|&v| valid(v))
}

/// [`compile_program`] with the rewrite configuration `cfg`.
pub fn compile_program_with(
    program: &FlatProgram,
    cfg: &lift_ir::rules::Config,
) -> Result<CompiledProgram, CodegenError> {
    let widths = if crate::storage_width::narrow_ints_from_env() {
        crate::storage_width::storage_widths(program)
    } else {
        crate::storage_width::StorageWidths::all_wide(program)
    };
    let mut compiled = CompiledProgram { kernels: Vec::new(), lift: String::new(), lift_low: String::new() };
    for (index, kernel) in program.kernels.iter().enumerate() {
        let unsupported = |what: String| CodegenError::Unsupported { kernel: kernel.name.clone(), what };
        let high = lift_ir::lower::lower_kernel(kernel).map_err(|e| unsupported(e.what))?;
        lift_ir::typecheck::check_kernel(&high).map_err(|e| CodegenError::Internal(e.to_string()))?;
        let low = lift_ir::rules::lower_to_low_level_with(&high, cfg).map_err(|e| unsupported(e.what))?;
        lift_ir::typecheck::check_kernel(&low).map_err(|e| CodegenError::Internal(e.to_string()))?;
        compiled.lift.push_str(&lift_ir::print::print_kernel(&high));
        compiled.lift_low.push_str(&lift_ir::print::print_kernel(&low));
        let narrow = widths.narrow_of(KernelId(index as u32));
        compiled.kernels.push(crate::kernel_plan::kernel_plan(program, &low, &narrow)?);
    }
    Ok(compiled)
}

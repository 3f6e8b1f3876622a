//! A trace of every command a session enqueues, one line each:
//! `NESSIE_LAUNCH_TRACE=FILE` writes it to FILE (created or truncated when
//! the session opens).
//!
//! `--stats` sums a kernel's launches; the trace keeps them apart, to see
//! which launch of a recursion is slow and in what shape it was launched.
//! Each line is tab-separated, after a header line:
//!
//! ```text
//! seq  kind    group                      kernel                          global    local  bytes      start_us  device_us
//! 17   kernel  quicksort_gather_7_by_ids  quicksort_gather_7_by_ids_idx32 9999994   256    319999808  2210.113  0.412
//! 18   copy    device-copy                -                               -         -      16         2210.530  0.002
//! ```
//!
//! - `kernel` is the `__kernel` function enqueued (a narrow variant under
//!   its kernel's group, see opencl-backend's note [narrow index]);
//! - `global` the enqueued global size (rounded up to the local size) and
//!   `local` the work-group size, `-` where the driver chooses it;
//! - `start_us` the command's start on the device, in microseconds after
//!   the first traced command's start, and `device_us` its device time
//!   (`CL_PROFILING_COMMAND_END − START`): both `-` in a session that does
//!   not measure times (`CommandTiming::CountsOnly`), whose lines are
//!   written when commands are enqueued rather than when they complete.
//!
//! Lines are written in the order commands complete, which on the
//! in-order queue is the order they were enqueued. A trace that cannot be
//! written stops with a warning on stderr; the program's run goes on.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::profile::CommandKind;

/// The environment variable naming the trace file.
pub const VARIABLE: &str = "NESSIE_LAUNCH_TRACE";

/// How a kernel was launched, for its trace line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LaunchShape {
    /// The `__kernel` function enqueued.
    pub kernel: String,
    /// Enqueued global sizes of the used dimensions.
    pub global: Vec<usize>,
    /// Work-group sizes, `None` where the driver chooses.
    pub local: Option<Vec<usize>>,
}

/// The open trace file.
#[derive(Debug)]
pub(crate) struct LaunchTrace {
    path: PathBuf,
    out: Option<BufWriter<File>>,
    /// Commands traced so far.
    seq: u64,
    /// The device start time of the first timed command, in nanoseconds.
    origin_ns: Option<u64>,
}

impl LaunchTrace {
    /// The trace `NESSIE_LAUNCH_TRACE` asks for, if any; a file that cannot
    /// be created is a warning and no trace.
    pub fn from_env() -> Option<LaunchTrace> {
        let path = std::env::var_os(VARIABLE).filter(|v| !v.is_empty())?;
        match LaunchTrace::create(Path::new(&path)) {
            Ok(trace) => Some(trace),
            Err(e) => {
                eprintln!("warning: {VARIABLE}: cannot create `{}`: {e}; no launch trace", Path::new(&path).display());
                None
            }
        }
    }

    /// A trace written to `path`, with its header line.
    pub fn create(path: &Path) -> std::io::Result<LaunchTrace> {
        let mut out = BufWriter::new(File::create(path)?);
        writeln!(out, "seq\tkind\tgroup\tkernel\tglobal\tlocal\tbytes\tstart_us\tdevice_us")?;
        Ok(LaunchTrace { path: path.to_path_buf(), out: Some(out), seq: 0, origin_ns: None })
    }

    /// Writes one command's line. `times` are its device start and end in
    /// nanoseconds, if measured.
    pub fn write(
        &mut self,
        kind: CommandKind,
        group: &str,
        shape: Option<&LaunchShape>,
        bytes: u64,
        times: Option<(u64, u64)>,
    ) {
        let Some(out) = self.out.as_mut() else { return };
        let sizes = |sizes: &[usize]| sizes.iter().map(usize::to_string).collect::<Vec<_>>().join("x");
        let (kernel, global, local) = match shape {
            Some(shape) => (
                shape.kernel.clone(),
                sizes(&shape.global),
                shape.local.as_deref().map_or_else(|| "-".to_string(), sizes),
            ),
            None => ("-".to_string(), "-".to_string(), "-".to_string()),
        };
        let kind_name = match kind {
            CommandKind::Kernel => "kernel",
            CommandKind::Write => "write",
            CommandKind::Read => "read",
            CommandKind::Copy => "copy",
            CommandKind::Fill => "fill",
        };
        let (start, device) = match times {
            Some((start, end)) => {
                let origin = *self.origin_ns.get_or_insert(start);
                let micros = |ns: u64| format!("{:.3}", ns as f64 / 1e3);
                (micros(start.saturating_sub(origin)), micros(end.saturating_sub(start)))
            }
            None => ("-".to_string(), "-".to_string()),
        };
        let line = writeln!(
            out,
            "{}\t{kind_name}\t{group}\t{kernel}\t{global}\t{local}\t{bytes}\t{start}\t{device}",
            self.seq
        );
        self.seq += 1;
        if let Err(e) = line {
            self.fail(&e);
        }
    }

    /// Writes what is buffered.
    pub fn flush(&mut self) {
        if let Some(Err(e)) = self.out.as_mut().map(BufWriter::flush) {
            self.fail(&e);
        }
    }

    fn fail(&mut self, error: &std::io::Error) {
        eprintln!("warning: {VARIABLE}: writing `{}` failed: {error}; the trace stops here", self.path.display());
        self.out = None;
    }
}

impl Drop for LaunchTrace {
    fn drop(&mut self) {
        self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trace_has_a_header_and_a_line_per_command() {
        let path = std::env::temp_dir().join(format!("nessie_trace_test_{}.tsv", std::process::id()));
        let mut trace = LaunchTrace::create(&path).unwrap();
        let shape = LaunchShape { kernel: "k_idx32".into(), global: vec![1024], local: Some(vec![256]) };
        trace.write(CommandKind::Kernel, "k", Some(&shape), 800, Some((5_000, 7_500)));
        trace.write(CommandKind::Copy, "device-copy", None, 16, Some((8_000, 8_250)));
        let driver = LaunchShape { kernel: "m".into(), global: vec![10, 3], local: None };
        trace.write(CommandKind::Kernel, "m", Some(&driver), 0, None);
        drop(trace);
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let lines: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0][0], "seq");
        assert_eq!(lines[1], ["0", "kernel", "k", "k_idx32", "1024", "256", "800", "0.000", "2.500"]);
        assert_eq!(lines[2], ["1", "copy", "device-copy", "-", "-", "-", "16", "3.000", "0.250"]);
        assert_eq!(lines[3], ["2", "kernel", "m", "m", "10x3", "-", "0", "-", "-"]);
    }

    #[test]
    fn a_trace_that_cannot_be_created_is_an_error() {
        let dir = std::env::temp_dir().join("nessie_no_such_dir_for_trace").join("sub");
        assert!(LaunchTrace::create(&dir.join("t.tsv")).is_err());
    }
}

//! The session's profile: device time and bytes moved per launch group,
//! and the `--stats` table of CONTRACT.md.
//!
//! Every command a session enqueues for the program (kernel launches,
//! host↔device transfers, device copies and fills) is recorded with its
//! OpenCL event, a group name and the bytes it moves. Kernel launches are
//! grouped by kernel name or by the caller's label; transfers by direction.
//! Device time is `CL_PROFILING_COMMAND_END − CL_PROFILING_COMMAND_START`.
//!
//! Times are collected lazily: recording only keeps the event. Completed
//! events are read when the list of pending ones grows past
//! `COLLECT_THRESHOLD` (without waiting: the queue is in order, so the
//! oldest complete first) and all of them at `Session::finish`. A command
//! whose event reports a failure status makes collection fail with the
//! driver's code.
//!
//! [`Stats`] is the aggregate; [`Stats::write_table`] prints one line per
//! kernel launch group (name, launches, total device time, bytes moved,
//! effective GB/s) and the kernels' totals, then the same for transfers if
//! there were any, then how many times the host waited for the device
//! (round trips: what a recursion level's sizes cost beyond its kernels).

use std::collections::VecDeque;
use std::io::{self, Write};
use std::time::Duration;

use opencl3::event::{CL_COMPLETE, Event};

use super::quick_hash::QuickMap;
use super::trace::{LaunchShape, LaunchTrace};
use super::{ClError, driver_error};

/// Pending events beyond this many are collected as they complete.
pub(crate) const COLLECT_THRESHOLD: usize = 512;

/// What kind of command a group counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    Kernel,
    /// Host to device.
    Write,
    /// Device to host.
    Read,
    /// Device to device.
    Copy,
    Fill,
}

impl CommandKind {
    /// The group name transfers are counted under.
    pub fn transfer_group_name(self) -> &'static str {
        match self {
            CommandKind::Kernel => "kernel",
            CommandKind::Write => "host-to-device",
            CommandKind::Read => "device-to-host",
            CommandKind::Copy => "device-copy",
            CommandKind::Fill => "device-fill",
        }
    }
}

/// The totals of one group of commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupStats {
    pub name: String,
    pub kind: CommandKind,
    /// Commands counted (launches, for kernels).
    pub launches: u64,
    /// Total device time in nanoseconds.
    pub device_time_ns: u64,
    /// Total bytes moved, as the callers declared them.
    pub bytes_moved: u64,
}

impl GroupStats {
    fn empty(name: &str, kind: CommandKind) -> GroupStats {
        GroupStats { name: name.to_string(), kind, launches: 0, device_time_ns: 0, bytes_moved: 0 }
    }

    pub fn device_time(&self) -> Duration {
        Duration::from_nanos(self.device_time_ns)
    }

    /// Effective bandwidth in GB/s (10⁹ bytes per second); `None` without
    /// measured time.
    pub fn gigabytes_per_second(&self) -> Option<f64> {
        (self.device_time_ns > 0).then(|| self.bytes_moved as f64 / self.device_time_ns as f64)
    }

    fn add(&mut self, other: &GroupStats) {
        self.launches += other.launches;
        self.device_time_ns += other.device_time_ns;
        self.bytes_moved += other.bytes_moved;
    }
}

/// The profile of a session: groups in the order they were first used.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub groups: Vec<GroupStats>,
    /// How many times the host waited for the device: blocking reads and
    /// writes, error-flag checks and `finish`. A batch of reads that ends
    /// in one wait counts once (its reads still count as commands).
    pub host_waits: u64,
}

impl Stats {
    pub fn kernel_groups(&self) -> impl Iterator<Item = &GroupStats> {
        self.groups.iter().filter(|g| g.kind == CommandKind::Kernel)
    }

    pub fn transfer_groups(&self) -> impl Iterator<Item = &GroupStats> {
        self.groups.iter().filter(|g| g.kind != CommandKind::Kernel)
    }

    /// The group called `name` (kernels first).
    pub fn group(&self, name: &str) -> Option<&GroupStats> {
        self.kernel_groups().chain(self.transfer_groups()).find(|g| g.name == name)
    }

    /// The sum over all kernel launch groups.
    pub fn kernel_totals(&self) -> GroupStats {
        sum("total", CommandKind::Kernel, self.kernel_groups())
    }

    /// The sum over all transfers, fills and device copies.
    pub fn transfer_totals(&self) -> GroupStats {
        sum("total transfers", CommandKind::Copy, self.transfer_groups())
    }

    /// Prints the `--stats` table: one line per kernel launch group and the
    /// totals, then the transfers and their totals if there were any.
    pub fn write_table(&self, out: &mut dyn Write) -> io::Result<()> {
        let name_width = self.groups.iter().map(|g| g.name.chars().count()).max().unwrap_or(0).max(24);
        let write_header = |out: &mut dyn Write, first_column: &str, count_column: &str| {
            writeln!(
                out,
                "{first_column:<name_width$} {count_column:>9} {:>14} {:>16} {:>10}",
                "device time", "bytes moved", "GB/s"
            )
        };
        let write_row = |out: &mut dyn Write, group: &GroupStats| {
            let bandwidth = group.gigabytes_per_second().map_or_else(|| "-".to_string(), |gbps| format!("{gbps:.2}"));
            writeln!(
                out,
                "{:<name_width$} {:>9} {:>11.3} ms {:>16} {:>10}",
                group.name,
                group.launches,
                group.device_time_ns as f64 / 1e6,
                group.bytes_moved,
                bandwidth
            )
        };
        write_header(out, "kernel", "launches")?;
        for group in self.kernel_groups() {
            write_row(out, group)?;
        }
        write_row(out, &self.kernel_totals())?;
        if self.transfer_groups().next().is_some() {
            write_header(out, "transfer", "commands")?;
            for group in self.transfer_groups() {
                write_row(out, group)?;
            }
            write_row(out, &self.transfer_totals())?;
        }
        writeln!(out, "{:<name_width$} {:>9}", "host waits", self.host_waits)?;
        Ok(())
    }
}

fn sum<'a>(name: &str, kind: CommandKind, groups: impl Iterator<Item = &'a GroupStats>) -> GroupStats {
    let mut total = GroupStats::empty(name, kind);
    for group in groups {
        total.add(group);
    }
    total
}

/// A command whose time has not been read yet.
#[derive(Debug)]
struct PendingCommand {
    /// Index into `Profiler::groups`.
    group: usize,
    bytes_moved: u64,
    event: Event,
    /// How a kernel was launched, kept only for the launch trace.
    shape: Option<Box<LaunchShape>>,
}

/// Records commands and collects their times (see the file essay).
#[derive(Debug, Default)]
pub(crate) struct Profiler {
    pending: VecDeque<PendingCommand>,
    groups: Vec<GroupStats>,
    /// The groups of each name, with their kinds: looked up by `&str`, so
    /// counting a command allocates nothing.
    group_index: QuickMap<String, Vec<(CommandKind, usize)>>,
    /// See [`Stats::host_waits`].
    host_waits: u64,
    /// The per-command trace, if `NESSIE_LAUNCH_TRACE` asks for one.
    trace: Option<LaunchTrace>,
}

impl Profiler {
    /// A profiler that also writes the launch trace `trace`.
    pub fn with_trace(trace: Option<LaunchTrace>) -> Profiler {
        Profiler { trace, ..Profiler::default() }
    }

    /// Whether commands are traced (and launches should give their shape).
    pub fn is_tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// Records an enqueued command (`shape`: how a kernel was launched, for
    /// the trace); collects completed ones if many are pending.
    pub fn record(
        &mut self,
        kind: CommandKind,
        group: &str,
        bytes_moved: u64,
        event: Event,
        shape: Option<LaunchShape>,
    ) -> Result<(), ClError> {
        let index = self.group_of(kind, group);
        let shape = shape.filter(|_| self.trace.is_some()).map(Box::new);
        self.pending.push_back(PendingCommand { group: index, bytes_moved, event, shape });
        if self.pending.len() >= COLLECT_THRESHOLD {
            self.collect(false)?;
        }
        Ok(())
    }

    /// Counts an enqueued command whose time is not measured (a session
    /// without profiling, `CommandTiming::CountsOnly`).
    pub fn count(&mut self, kind: CommandKind, group: &str, bytes_moved: u64, shape: Option<LaunchShape>) {
        if let Some(trace) = &mut self.trace {
            trace.write(kind, group, shape.as_ref(), bytes_moved, None);
        }
        let index = self.group_of(kind, group);
        let group = &mut self.groups[index];
        group.launches += 1;
        group.bytes_moved += bytes_moved;
    }

    /// The index of the group `group` of `kind`, added if new.
    fn group_of(&mut self, kind: CommandKind, group: &str) -> usize {
        let found = self.group_index.get(group).and_then(|kinds| kinds.iter().find(|(k, _)| *k == kind));
        if let Some(&(_, index)) = found {
            return index;
        }
        self.groups.push(GroupStats::empty(group, kind));
        let index = self.groups.len() - 1;
        self.group_index.entry(group.to_string()).or_default().push((kind, index));
        index
    }

    /// Reads the times of pending commands in order: all of them if
    /// `wait`, else those already complete.
    pub fn collect(&mut self, wait: bool) -> Result<(), ClError> {
        super::host_time::timed(super::host_time::HostActivity::EventCollect, || self.collect_untimed(wait))
    }

    fn collect_untimed(&mut self, wait: bool) -> Result<(), ClError> {
        while let Some(command) = self.pending.front() {
            let group = &self.groups[command.group];
            let operation = || format!("running `{}`", group.name);
            if wait {
                command.event.wait().map_err(|e| driver_error(operation(), e.0, command.bytes_moved))?;
            }
            let status = command.event.command_execution_status().map_err(|e| driver_error(operation(), e.0, 0))?.0;
            if status < 0 {
                let bytes = command.bytes_moved;
                let error = driver_error(operation(), status, bytes);
                self.pending.pop_front();
                return Err(error);
            }
            if status != CL_COMPLETE {
                break;
            }
            let start = command.event.profiling_command_start().map_err(|e| driver_error(operation(), e.0, 0))?;
            let end = command.event.profiling_command_end().map_err(|e| driver_error(operation(), e.0, 0))?;
            let group = &mut self.groups[command.group];
            group.launches += 1;
            group.device_time_ns += end.saturating_sub(start);
            group.bytes_moved += command.bytes_moved;
            if let Some(trace) = &mut self.trace {
                trace.write(group.kind, &group.name, command.shape.as_deref(), command.bytes_moved, Some((start, end)));
            }
            self.pending.pop_front();
        }
        if wait && let Some(trace) = &mut self.trace {
            trace.flush();
        }
        Ok(())
    }

    /// The aggregate of the commands collected so far.
    pub fn stats(&self) -> Stats {
        Stats { groups: self.groups.iter().filter(|g| g.launches > 0).cloned().collect(), host_waits: self.host_waits }
    }

    /// Records that the host waited for the device.
    pub fn note_wait(&mut self) {
        self.host_waits += 1;
    }

    /// Forgets everything collected; pending commands are dropped uncounted.
    pub fn reset(&mut self) {
        self.pending.clear();
        self.groups.clear();
        self.group_index.clear();
        self.host_waits = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(name: &str, kind: CommandKind, launches: u64, ns: u64, bytes: u64) -> GroupStats {
        GroupStats { name: name.into(), kind, launches, device_time_ns: ns, bytes_moved: bytes }
    }

    #[test]
    fn the_table_has_a_line_per_group_and_totals() {
        let stats = Stats {
            groups: vec![
                group("map_add", CommandKind::Kernel, 3, 1_500_000, 3_000_000),
                group("host-to-device", CommandKind::Write, 2, 1_000, 800),
                group("segmented_sum", CommandKind::Kernel, 1, 500_000, 1_000_000),
            ],
            host_waits: 5,
        };
        let mut text = Vec::new();
        stats.write_table(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8, "{text}");
        assert!(lines[0].starts_with("kernel") && lines[0].contains("launches") && lines[0].contains("GB/s"));
        assert!(lines[1].starts_with("map_add ") && lines[1].contains(" 3 ") && lines[1].contains("1.500 ms"));
        assert!(lines[1].contains("3000000") && lines[1].trim_end().ends_with("2.00"), "{}", lines[1]);
        assert!(lines[2].starts_with("segmented_sum"));
        assert!(lines[3].starts_with("total ") && lines[3].contains("2.000 ms") && lines[3].contains("4000000"));
        assert!(lines[4].starts_with("transfer"));
        assert!(lines[5].starts_with("host-to-device"));
        assert!(lines[6].starts_with("total transfers"));
        assert!(lines[7].starts_with("host waits") && lines[7].trim_end().ends_with(" 5"), "{}", lines[7]);
        let totals = stats.kernel_totals();
        assert_eq!((totals.launches, totals.device_time_ns, totals.bytes_moved), (4, 2_000_000, 4_000_000));
        assert_eq!(stats.group("segmented_sum").map(|g| g.launches), Some(1));
    }

    #[test]
    fn a_group_without_time_has_no_bandwidth() {
        assert_eq!(group("k", CommandKind::Kernel, 1, 0, 10).gigabytes_per_second(), None);
        let mut text = Vec::new();
        Stats::default().write_table(&mut text).unwrap();
        // The header, the totals and the host waits.
        assert_eq!(String::from_utf8(text).unwrap().lines().count(), 3);
    }
}

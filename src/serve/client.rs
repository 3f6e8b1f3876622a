//! `nessie run` through a server: send the request, copy what the server
//! writes to this process's stdout and stderr, exit with its status.

use std::io::Write;
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::process::ExitCode;

use super::protocol::{self, PROTOCOL_VERSION, Request};
use crate::cli::{Backend, RunArgs};

/// Runs `args` on a server if one is asked for: `Some(status)` once the
/// server ran it (or, with `--server`, failed to), `None` where this
/// process should run the program itself: no server asked for, a backend
/// other than OpenCL, a file the local run should report on, or a server
/// that does not answer or declines before it printed anything.
pub fn run_through_server(args: &RunArgs, color: bool) -> Option<ExitCode> {
    if args.common.backend != Backend::Opencl {
        return None;
    }
    let socket = match std::env::var_os("NESSIE_SERVER").filter(|s| !s.is_empty()) {
        Some(path) => PathBuf::from(path),
        None if args.server => super::default_socket(),
        None => return None,
    };
    // Unreadable files are the local run's to report, as always.
    let source = String::from_utf8(std::fs::read(&args.common.file).ok()?).ok()?;
    let cwd = std::env::current_dir().ok().and_then(|dir| dir.to_str().map(str::to_string));
    let request = Request {
        version: PROTOCOL_VERSION,
        cwd: cwd.unwrap_or_default(),
        file: args.common.file.display().to_string(),
        source,
        device: args.common.device.clone(),
        schedule: args.common.schedule.name().to_string(),
        ilp_time_limit: args.common.ilp_time_limit,
        stats: args.common.stats,
        color,
        environment: protocol::served_environment(),
    };
    let unserved = |reason: String| {
        if args.server {
            eprintln!(
                "error: the nessie server on `{}` did not run the program: {reason}\n  help: start one with \
                 `nessie serve`, or run without `--server` (and without NESSIE_SERVER) to run the program here",
                socket.display()
            );
            Some(ExitCode::from(4))
        } else {
            None
        }
    };
    let stream = match UnixStream::connect(&socket) {
        Ok(stream) => stream,
        Err(e) => return unserved(format!("no server answers ({e})")),
    };
    let Ok(payload) = serde_json::to_vec(&request) else {
        return unserved("the request could not be encoded".to_string());
    };
    if let Err(e) = protocol::write_frame(&mut &stream, protocol::TAG_RUN, &payload) {
        return unserved(format!("sending the request failed ({e})"));
    }
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let mut printed = false;
    loop {
        let failed = |what: String| {
            let _ = stdout.lock().flush();
            eprintln!(
                "error: the nessie server on `{}` {what} during the run\n  help: the server may have been \
                 stopped; run again (without NESSIE_SERVER to run the program here)",
                socket.display()
            );
            Some(ExitCode::from(4))
        };
        match protocol::read_frame(&mut &stream) {
            Ok(Some((protocol::TAG_STDOUT, bytes))) => {
                printed = true;
                let _ = stdout.lock().write_all(&bytes);
            }
            Ok(Some((protocol::TAG_STDERR, bytes))) => {
                printed = true;
                let _ = stderr.lock().write_all(&bytes);
            }
            Ok(Some((protocol::TAG_EXIT, status))) if status.len() == 1 => {
                let _ = stdout.lock().flush();
                return Some(ExitCode::from(status[0]));
            }
            Ok(Some((protocol::TAG_REFUSED, reason))) if !printed => {
                return unserved(String::from_utf8_lossy(&reason).into_owned());
            }
            Ok(Some((tag, _))) => return failed(format!("sent an unexpected message (tag {tag})")),
            Ok(None) if !printed => return unserved("the server closed the connection".to_string()),
            Ok(None) => return failed("closed the connection".to_string()),
            Err(e) if !printed => return unserved(format!("reading its answer failed ({e})")),
            Err(e) => return failed(format!("failed ({e})")),
        }
    }
}

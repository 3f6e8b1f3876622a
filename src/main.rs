//! The `nessie` command. See CONTRACT.md and the crate essay in `lib.rs`.

use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;

use clap::Parser;
use nessie::Failure;
use nessie::cli::{Cli, Command};
use nessie::commands;
use nessie::session::Session;

/// The stack of the thread that compiles and runs the program. Parsing,
/// checking and the interpreter recurse over the program (nesting depth up
/// to the parser's limit; NESL recursion in the interpreter), so the main
/// thread's default stack is too small. Only touched pages are committed.
const STACK_BYTES: usize = 1 << 30;

/// The report of the first panic, printed once the command's thread has
/// ended. The panicking thread does not print it: stderr's lock may be
/// held by the command's thread (`nessie run` holds it while a thread of
/// its own compiles), and a compiler panic there waited for it forever.
static PANIC_REPORT: Mutex<Option<String>> = Mutex::new(None);

fn main() -> ExitCode {
    // A panic is a compiler bug. Say so in one line, without Rust's own
    // message and backtrace.
    std::panic::set_hook(Box::new(|info| {
        let report = nessie::failure::panic_report(info);
        PANIC_REPORT.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).get_or_insert(report);
    }));
    let status = match std::thread::Builder::new().name("nessie".into()).stack_size(STACK_BYTES).spawn(nessie_main) {
        Ok(handle) => handle.join().unwrap_or(ExitCode::from(1)),
        Err(e) => {
            eprintln!("error: cannot start the compiler thread: {e}");
            ExitCode::from(4)
        }
    };
    if let Some(report) = PANIC_REPORT.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take() {
        eprint!("{report}");
    }
    status
}

fn nessie_main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout with status 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let color = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());

    let (sources, result) = match &cli.command {
        Command::Devices(args) => (Default::default(), commands::devices::devices(args, &mut out)),
        Command::Run(args) => {
            if let Some(status) = nessie::serve::client::run_through_server(args, color) {
                return status;
            }
            let stderr = std::io::stderr();
            with_session(&args.common.file, |s| {
                commands::run::run(s, args, &mut out, &mut stderr.lock(), &mut commands::run::LocalDevice)
            })
        }
        Command::Serve(args) => (Default::default(), nessie::serve::serve(args)),
        Command::Compile(args) => with_session(&args.common.file, |s| commands::compile::compile(s, args)),
        Command::Schedules(args) => {
            with_session(&args.common.file, |s| commands::schedules::schedules(s, args, &mut out))
        }
    };
    let _ = out.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let stderr = std::io::stderr();
            failure.report(&sources, color, &mut stderr.lock());
            ExitCode::from(failure.exit_code() as u8)
        }
    }
}

/// Loads the file and runs a command on it, keeping the sources for error
/// reports.
fn with_session(
    path: &std::path::Path,
    command: impl FnOnce(&mut Session) -> Result<(), Failure>,
) -> (nesl_frontend::SourceMap, Result<(), Failure>) {
    match Session::load(path) {
        Ok(mut session) => {
            let result = command(&mut session);
            (session.sources, result)
        }
        Err((session, failure)) => (session.sources, Err(failure)),
    }
}

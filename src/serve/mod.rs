//! # serve: a resident process that keeps the OpenCL device open
//!
//! Opening NVIDIA's OpenCL driver costs every process about 0.4 s before
//! its first kernel and after its last (platform, context, teardown, exit:
//! `scripts/gpu/opencl_floor.c`), more than nessie's own compile. `nessie
//! serve` pays it once: it opens the device, keeps the session (context,
//! queue, built programs) and runs programs that `nessie run` sends it over
//! a Unix socket ([`protocol`]), one at a time, in the order they connect
//! (the others wait in the socket's backlog).
//!
//! A run through the server is the run `nessie run` would do by itself
//! (`commands::run::run`, with the server's session lent instead of a new
//! one opened: `Sessions`): stdout, stderr and the exit status are the
//! same bytes, diagnostics name the client's path, and `--stats` counts the
//! run's own commands and builds. The server serves only requests whose
//! `NESSIE_*` environment is its own (those variables choose lowerings and
//! the session's behaviour); for others the client runs the program itself.
//!
//! Invariants:
//! - A program's failure (exit 1, 3, 4) or a panic of the compiler ends
//!   that run, not the server. After an environment failure (exit 4: out of
//!   memory, a lost device) or a panic, every session is closed and opened
//!   again at the next run that needs it.
//! - The compilation of a run is kept (the last `KEPT_COMPILATIONS`): a
//!   later run of the same files (the user's text and every file it
//!   loads, as they are on disk then) with the same options in the same
//!   folder skips the compiler; `--stats` then shows one phase
//!   `compiling (kept from an earlier run of the same files)` in place of
//!   the compiler's four.
//! - After each run, once the client has its exit status, the sessions
//!   release the memory they held for reuse (`release_held_memory`): no
//!   buffer of a program outlives its run. Nor does the stack a deep
//!   recursion touched (note [a run's stack]).
//! - A bad client (a bad frame, a request of another version, a client that
//!   disconnects or stops reading) is answered or dropped; it never stops
//!   the server.

pub mod client;
pub mod protocol;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::CString;
use std::io::{BufWriter, Write};
use std::os::unix::fs::{DirBuilderExt, FileTypeExt, MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::time::Duration;

use runtime::cl::{ClError, CommandTiming, Session as DeviceSession};
use runtime::device::DeviceInfo;

use crate::Failure;
use crate::cli::{Backend, CommonArgs, RunArgs, Schedule, ServeArgs};
use crate::commands::run::{CompiledRun, DeviceSource, Lease};
use crate::session::Session;
use protocol::{PROTOCOL_VERSION, Request, Versioned};

/// How many compilations the server keeps for later runs of the same files.
const KEPT_COMPILATIONS: usize = 16;

/// How long the server waits for a connected client's request.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a write to a client may block (a client that stops reading);
/// after that the run's output to it is dropped.
const WRITE_TIMEOUT: Duration = Duration::from_secs(60);

/// The socket of `nessie serve` and `nessie run --server` when none is
/// named: `$XDG_RUNTIME_DIR/nessie.sock`, else `/tmp/nessie-$UID/nessie.sock`.
pub fn default_socket() -> PathBuf {
    match std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir).join("nessie.sock"),
        // SAFETY: getuid has no preconditions and cannot fail.
        None => PathBuf::from(format!("/tmp/nessie-{}", unsafe { libc::getuid() })).join("nessie.sock"),
    }
}

/// `nessie serve`: serves until stopped (`nessie serve --stop`, or a
/// signal). `nessie serve --stop` asks the server on the socket to stop.
pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let named = args.socket.clone().filter(|p| !p.as_os_str().is_empty());
    let socket = named.clone().unwrap_or_else(default_socket);
    // Runs change the working directory: the socket is named absolutely.
    let socket = std::path::absolute(&socket).unwrap_or(socket);
    if args.stop {
        return stop(&socket);
    }
    if named.is_none() {
        private_directory(socket.parent().unwrap_or(Path::new("/")))?;
    }
    clear_stale_socket(&socket)?;
    let mut sessions = Sessions::open(args.device.as_deref())?;
    let listener = UnixListener::bind(&socket).map_err(|e| {
        environment(
            format!("cannot listen on `{}`: {e}", socket.display()),
            "name another path with `--socket PATH` (or NESSIE_SERVER)",
        )
    })?;
    let _ = std::fs::set_permissions(&socket, std::fs::Permissions::from_mode(0o600));
    remove_on_signal(&socket);
    eprintln!(
        "nessie serve: {} ({}) on `{}`\n  runs use it with NESSIE_SERVER={} (or `nessie run --server`); `nessie serve --stop` ends it",
        sessions.default_device().name,
        sessions.default_device().platform_name,
        socket.display(),
        socket.display()
    );
    std::panic::set_hook(Box::new(|info| {
        let report = crate::failure::panic_report(info);
        *LAST_PANIC.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(report);
    }));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        if sessions.serve(&stream) == Served::Stop {
            break;
        }
    }
    let _ = std::fs::remove_file(&socket);
    Ok(())
}

/// The report of the last panic, for the run that caused it.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

#[derive(PartialEq, Eq)]
enum Served {
    Next,
    Stop,
}

/// The server's device sessions, one per device, opened at the device's
/// first run (the device of `serve --device` at the start) and kept. One
/// session serves runs with and without `--stats`: its queue is made again
/// with or without profiling where the run's timing differs from the last
/// one's (`Session::set_timing`).
struct Sessions {
    devices: Vec<DeviceInfo>,
    /// The device of `serve --device`.
    default: usize,
    open: Vec<(usize, DeviceSession)>,
    /// The server's `NESSIE_*` environment, which a request must match.
    environment: BTreeMap<String, String>,
    /// The folder the server started in, its working directory between runs.
    home: PathBuf,
    /// The compilations of recent runs, each with the working directory
    /// it ran in, the most recently used last.
    kept: Vec<(PathBuf, Rc<CompiledRun>)>,
}

impl Sessions {
    /// The devices, and a session on `spec`'s device.
    fn open(spec: Option<&str>) -> Result<Sessions, Failure> {
        let devices = runtime::device::list_devices()?;
        let default = runtime::device::choose_device(&devices, spec)?;
        let home = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"));
        let environment = protocol::served_environment();
        let mut sessions = Sessions { devices, default, open: Vec::new(), environment, home, kept: Vec::new() };
        sessions.session(default, CommandTiming::CountsOnly)?;
        Ok(sessions)
    }

    fn default_device(&self) -> &DeviceInfo {
        &self.devices[self.default]
    }

    fn session(&mut self, device: usize, timing: CommandTiming) -> Result<&mut DeviceSession, ClError> {
        let position = match self.open.iter().position(|(open, _)| *open == device) {
            Some(position) => position,
            None => {
                let session = DeviceSession::new_with(&self.devices[device], timing)?;
                self.open.push((device, session));
                self.open.len() - 1
            }
        };
        let session = &mut self.open[position].1;
        session.set_timing(timing)?;
        Ok(session)
    }

    /// Answers one connection.
    fn serve(&mut self, stream: &UnixStream) -> Served {
        let _ = stream.set_read_timeout(Some(REQUEST_TIMEOUT));
        let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
        let refuse = |reason: &str| {
            let _ = protocol::write_frame(&mut &*stream, protocol::TAG_REFUSED, reason.as_bytes());
            Served::Next
        };
        let (tag, payload) = match protocol::read_frame(&mut &*stream) {
            Ok(Some(frame)) => frame,
            Ok(None) => return Served::Next,
            Err(e) => return refuse(&format!("a bad request ({e})")),
        };
        if tag != protocol::TAG_RUN && tag != protocol::TAG_STOP {
            return refuse(&format!("an unknown request (tag {tag})"));
        }
        // Every request starts with its version: a request of another
        // version is refused before its other fields are read.
        let version = match serde_json::from_slice::<Versioned>(&payload) {
            Ok(Versioned { version }) => version,
            Err(e) => return refuse(&format!("a bad request ({e})")),
        };
        if version != PROTOCOL_VERSION {
            return refuse(&format!("the server speaks protocol {PROTOCOL_VERSION}, the request protocol {version}"));
        }
        if tag == protocol::TAG_STOP {
            let _ = protocol::write_frame(&mut &*stream, protocol::TAG_EXIT, &[0]);
            return Served::Stop;
        }
        let request: Request = match serde_json::from_slice(&payload) {
            Ok(request) => request,
            Err(e) => return refuse(&format!("a bad request ({e})")),
        };
        if let Some(difference) = environment_difference(&self.environment, &request.environment) {
            return refuse(&difference);
        }
        if request.environment.contains_key(runtime::cl::trace::VARIABLE) {
            // A session writes its trace to the file named when it opened.
            return refuse(&format!(
                "{} is set: a launch trace is written by a local run",
                runtime::cl::trace::VARIABLE
            ));
        }
        // The program runs in the client's folder: `load` and file I/O
        // resolve relative paths there, as in a local run.
        if request.cwd.is_empty() || std::env::set_current_dir(&request.cwd).is_err() {
            return refuse(&format!("the server cannot work in the client's folder `{}`", request.cwd));
        }
        let Some(schedule) = Schedule::from_name(&request.schedule) else {
            return refuse(&format!("an unknown schedule `{}`", request.schedule));
        };
        let _ = stream.set_read_timeout(None);
        let status = self.run(stream, request, schedule);
        let _ = std::env::set_current_dir(&self.home);
        let _ = protocol::write_frame(&mut &*stream, protocol::TAG_EXIT, &[status]);
        if status == 4 {
            // An environment failure may have left a session unusable.
            self.open.clear();
        }
        for (_, session) in &mut self.open {
            session.release_held_memory();
        }
        release_unused_stack();
        Served::Next
    }

    /// Runs one request as `nessie run` would, its output to the client;
    /// the exit status.
    fn run(&mut self, stream: &UnixStream, request: Request, schedule: Schedule) -> u8 {
        let gone = Cell::new(false);
        let mut out =
            BufWriter::with_capacity(1 << 16, ClientWriter { stream, tag: protocol::TAG_STDOUT, gone: &gone });
        let mut err = ClientWriter { stream, tag: protocol::TAG_STDERR, gone: &gone };
        let args = RunArgs {
            common: CommonArgs {
                file: PathBuf::from(&request.file),
                backend: Backend::Opencl,
                device: request.device,
                schedule,
                ilp_time_limit: request.ilp_time_limit,
                stats: request.stats,
            },
            server: false,
        };
        let mut session = Session::from_text(request.file, request.source);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            crate::commands::run::run(&mut session, &args, &mut out, &mut err, self)
        }));
        let _ = out.flush();
        drop(out);
        match result {
            Ok(Ok(())) => 0,
            Ok(Err(failure)) => {
                failure.report(&session.sources, request.color, &mut err);
                failure.exit_code() as u8
            }
            Err(_) => {
                let report = LAST_PANIC.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
                let _ = err.write_all(report.unwrap_or_default().as_bytes());
                // What the panic interrupted is unknown: start afresh.
                self.open.clear();
                1
            }
        }
    }
}

impl DeviceSource for Sessions {
    fn acquire(&mut self, spec: Option<&str>, timing: CommandTiming) -> Result<Lease<'_>, ClError> {
        let device = runtime::device::choose_device(&self.devices, spec)?;
        let session = self.session(device, timing)?;
        session.reset_stats()?;
        let builds = session.build_stats();
        Ok(Lease::Lent { session, builds })
    }

    /// A kept compilation of the same files (the user's, of the same name
    /// and text, and every file it loads, as they are on disk now) with
    /// the same options, in the same working directory.
    fn compiled(&mut self, session: &Session, args: &CommonArgs) -> Option<Rc<CompiledRun>> {
        let cwd = std::env::current_dir().ok()?;
        let user = session.sources.file(session.file);
        let position = self.kept.iter().position(|(dir, kept)| {
            let file = kept.sources.file(kept.file);
            *dir == cwd
                && kept.schedule == args.schedule
                && kept.ilp_time_limit.to_bits() == args.ilp_time_limit.to_bits()
                && file.name == user.name
                && file.text == user.text
                && kept.sources.files().all(|(id, loaded)| {
                    id == kept.file
                        || loaded.is_library
                        || std::fs::read_to_string(&loaded.name).is_ok_and(|text| *text == *loaded.text)
                })
        })?;
        let entry = self.kept.remove(position);
        let compiled = Rc::clone(&entry.1);
        self.kept.push(entry);
        Some(compiled)
    }

    fn keep(&mut self, compiled: &Rc<CompiledRun>) {
        let Ok(cwd) = std::env::current_dir() else { return };
        // An older compilation of the file (its loaded files changed since).
        let name = &compiled.sources.file(compiled.file).name;
        self.kept.retain(|(dir, kept)| {
            !(*dir == cwd && kept.schedule == compiled.schedule && kept.sources.file(kept.file).name == *name)
        });
        self.kept.push((cwd, Rc::clone(compiled)));
        if self.kept.len() > KEPT_COMPILATIONS {
            self.kept.remove(0);
        }
    }
}

/// The run's stdout or stderr: frames to the client. Once a write fails
/// (the client is gone or stopped reading) the rest of the run's output
/// is dropped, and the program runs on to its end.
struct ClientWriter<'a> {
    stream: &'a UnixStream,
    tag: u8,
    gone: &'a Cell<bool>,
}

impl Write for ClientWriter<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        for chunk in bytes.chunks(1 << 20) {
            if !self.gone.get() && protocol::write_frame(&mut &*self.stream, self.tag, chunk).is_err() {
                self.gone.set(true);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Why a request's environment is not the server's, if it is not.
fn environment_difference(server: &BTreeMap<String, String>, request: &BTreeMap<String, String>) -> Option<String> {
    let names: std::collections::BTreeSet<&String> = server.keys().chain(request.keys()).collect();
    let show = |value: Option<&String>| value.map_or("unset".to_string(), |v| format!("`{v}`"));
    let differences: Vec<String> = names
        .into_iter()
        .filter(|name| server.get(*name) != request.get(*name))
        .map(|name| format!("{name} is {} here and {} for the server", show(request.get(name)), show(server.get(name))))
        .collect();
    if differences.is_empty() { None } else { Some(format!("the environment differs: {}", differences.join(", "))) }
}

/// `nessie serve --stop`.
fn stop(socket: &Path) -> Result<(), Failure> {
    let no_server = |e: String| {
        environment(format!("no nessie server answers on `{}` ({e})", socket.display()), "there is nothing to stop")
    };
    let stream = UnixStream::connect(socket).map_err(|e| no_server(e.to_string()))?;
    let payload = serde_json::to_vec(&Versioned { version: PROTOCOL_VERSION }).unwrap_or_default();
    protocol::write_frame(&mut &stream, protocol::TAG_STOP, &payload).map_err(|e| no_server(e.to_string()))?;
    match protocol::read_frame(&mut &stream) {
        Ok(Some((protocol::TAG_EXIT, _))) => Ok(()),
        Ok(Some((protocol::TAG_REFUSED, reason))) => {
            Err(no_server(format!("it refused: {}", String::from_utf8_lossy(&reason))))
        }
        Ok(_) => Err(no_server("it closed the connection".to_string())),
        Err(e) => Err(no_server(e.to_string())),
    }
}

/// Makes `dir` (the default socket's folder) if missing, private to this
/// user; refuses one that is someone else's or open to others.
fn private_directory(dir: &Path) -> Result<(), Failure> {
    let refuse = |why: String| environment(why, "name a socket in a folder of your own with `--socket PATH`");
    if let Err(e) = std::fs::DirBuilder::new().mode(0o700).create(dir)
        && e.kind() != std::io::ErrorKind::AlreadyExists
    {
        return Err(refuse(format!("cannot create `{}`: {e}", dir.display())));
    }
    let metadata =
        std::fs::symlink_metadata(dir).map_err(|e| refuse(format!("cannot read `{}`: {e}", dir.display())))?;
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() };
    if !metadata.is_dir() || metadata.uid() != uid || metadata.mode() & 0o077 != 0 {
        return Err(refuse(format!("`{}` is not a folder of this user's only", dir.display())));
    }
    Ok(())
}

/// Removes a socket left by a server that ended without removing it;
/// refuses a path a server answers on, or that is not a socket.
fn clear_stale_socket(socket: &Path) -> Result<(), Failure> {
    let Ok(metadata) = std::fs::symlink_metadata(socket) else { return Ok(()) };
    if !metadata.file_type().is_socket() {
        return Err(environment(
            format!("`{}` exists and is not a socket", socket.display()),
            "name another path with `--socket PATH` (or NESSIE_SERVER)",
        ));
    }
    if UnixStream::connect(socket).is_ok() {
        return Err(environment(
            format!("a nessie server already answers on `{}`", socket.display()),
            "use it (NESSIE_SERVER), stop it with `nessie serve --stop`, or name another path with `--socket PATH`",
        ));
    }
    std::fs::remove_file(socket)
        .map_err(|e| environment(format!("cannot remove the stale socket `{}`: {e}", socket.display()), "remove it"))
}

fn environment(message: String, help: &str) -> Failure {
    Failure::Environment { message, help: help.to_string() }
}

// Note [a run's stack]
// ~~~~~~~~~~~~~~~~~~~~
// The server runs programs on the command's thread, whose stack is 1 GiB
// (`STACK_BYTES` in main.rs): the host interpreter recurses with a NESL
// recursion, up to 2^18 nested calls. The pages a deep recursion touched
// stay in the process after it returns: `errors/runtime_recursion_too_deep.nesl`
// (262145 nested calls) left a server 975 MB larger (917 MB of it in that
// thread's stack mapping, by /proc's smaps; `malloc_trim` gave nothing
// back), and so did every test server that ran it. After each run the
// server tells the kernel that the stack below the current frame holds
// nothing (`MADV_DONTNEED`: the pages are dropped, and read as zeros if
// touched again); `tests/serve.rs` checks the server's size after that
// program.

/// How far below the current frame the stack is kept: the frames of the
/// `madvise` call and of a signal handler that may run meanwhile.
const STACK_KEPT_BELOW_BYTES: usize = 1 << 20;

/// Gives the kernel back the pages of this thread's stack below the
/// current frame (note [a run's stack]). Does nothing where the stack's
/// bounds are not known.
#[cfg(target_os = "linux")]
fn release_unused_stack() {
    let marker = 0u8;
    let frame = std::hint::black_box(&marker) as *const u8 as usize;
    // SAFETY: `attr` is initialised by pthread_getattr_np before it is read
    // and destroyed once; the range given to madvise lies within this
    // thread's stack mapping, above its guard and at least
    // STACK_KEPT_BELOW_BYTES below the current frame, where no frame is.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return;
        }
        let mut base: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let mut guard: libc::size_t = 0;
        let known = libc::pthread_attr_getstack(&attr, &mut base, &mut size) == 0
            && libc::pthread_attr_getguardsize(&attr, &mut guard) == 0;
        libc::pthread_attr_destroy(&mut attr);
        let page = usize::try_from(libc::sysconf(libc::_SC_PAGESIZE)).unwrap_or(0);
        if !known || page == 0 {
            return;
        }
        let low = (base as usize + guard).next_multiple_of(page) + page;
        let high = frame.saturating_sub(STACK_KEPT_BELOW_BYTES) / page * page;
        if frame < base as usize || frame > base as usize + size || high <= low {
            return;
        }
        libc::madvise(low as *mut libc::c_void, high - low, libc::MADV_DONTNEED);
    }
}

#[cfg(not(target_os = "linux"))]
fn release_unused_stack() {}

/// The socket's path, for the signal handler.
static SOCKET_PATH: AtomicPtr<libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

/// Removes the socket when the server is ended by SIGINT, SIGTERM or
/// SIGHUP, so that the next server need not find it stale.
fn remove_on_signal(socket: &Path) {
    let Ok(path) = CString::new(socket.as_os_str().as_encoded_bytes()) else { return };
    SOCKET_PATH.store(path.into_raw(), Ordering::SeqCst);
    extern "C" fn on_signal(signal: libc::c_int) {
        let path = SOCKET_PATH.load(Ordering::SeqCst);
        // SAFETY: unlink and _exit are async-signal-safe; `path` is null or
        // the leaked CString above.
        unsafe {
            if !path.is_null() {
                libc::unlink(path);
            }
            libc::_exit(128 + signal);
        }
    }
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only calls async-signal-safe functions.
        unsafe {
            libc::signal(signal, on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn environments_that_differ_name_each_variable() {
        let server: BTreeMap<String, String> = [("NESSIE_PROGRAMS".to_string(), "merged".to_string())].into();
        assert_eq!(environment_difference(&server, &server.clone()), None);
        let request: BTreeMap<String, String> = [("NESSIE_SLABS".to_string(), "0".to_string())].into();
        let text = environment_difference(&server, &request).unwrap();
        assert!(text.contains("NESSIE_PROGRAMS is unset here and `merged` for the server"), "{text}");
        assert!(text.contains("NESSIE_SLABS is `0` here and unset for the server"), "{text}");
    }
}
